"""The Windmill Valley weight fitter (tests/benchmarks/fit_windmill_valley.py)."""

from __future__ import annotations

import json
import random

import pytest

import core
from core.windmill_valley import evaluate as E
from tests.benchmarks import fit_windmill_valley as F


def _rows(weights: dict[str, float], n: int = 300, noise: float = 0.5, seed: int = 3) -> list[dict]:
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        r = {p: (1.0 if p == "const" else rng.uniform(0.0, 6.0)) for p in F.PARTS}
        r["y"] = sum(weights.get(p, 0.0) * r[p] for p in F.PARTS) + rng.gauss(0.0, noise)
        r["game"] = (1, i // 10)
        rows.append(r)
    return rows


def test_fit_recovers_known_weights():
    truth = {"const": 2.0, "turns": 5.0, "tools": 3.0, "guilders": 0.8, "contracts": 1.2}
    w = F.fit(_rows(truth))
    for p in F.PARTS:
        assert w[p] == pytest.approx(truth.get(p, 0.0), abs=0.15), p


def test_fit_drops_a_negative_part_and_refits_the_rest():
    truth = {"const": 1.0, "tools": 3.0, "tiles": -2.0}
    rows = _rows(truth)
    w = F.fit(rows)
    assert w["tiles"] == 0.0
    assert all(w[p] >= 0.0 for p in F.PARTS if p != "const")
    assert w["tools"] == pytest.approx(3.0, abs=0.3)


def test_features_add_up_to_the_projection_with_the_module_weights():
    """``features`` mirrors ``evaluate.projected``: its parts times the module's
    weights plus "now" give the player's projected score, so a fit speaks of the
    weights the bot plays with."""
    game = core.get_game("windmill-valley")
    state = game.setup(["Sol"], 5, None)
    rng = random.Random(5)
    for _ in range(60):
        if game.is_over(state):
            break
        f = F.features(state)
        w = F.module_weights()
        assert f["now"] + sum(w[p] * f[p] for p in F.PARTS) == pytest.approx(E.projected(state)[0])
        state = game.apply(state, rng.choice(game.legal_moves(state)))


def test_collect_writes_a_game_and_fit_reads_it(tmp_path, capsys):
    out = tmp_path / "games.jsonl"
    F.collect(2, 1, str(out), iterations=2)
    game = json.loads(out.read_text())
    assert game["final"] >= 0 and game["gardener"] > 0 and len(game["rows"]) >= 5
    rows = F.load([str(out)])
    assert len(rows) == len(game["rows"])
    assert rows[0]["y"] == game["final"] - game["rows"][0]["now"]
    assert F.main(["fit", str(out)]) == 0
    assert "1 games" in capsys.readouterr().out


def test_usage_without_a_command():
    assert F.main([]) == 2


def test_cross_validation_says_the_fitted_weights_err_less_on_their_own_kind_of_data():
    rows = _rows({"const": 1.0, "tools": 3.0, "turns": 4.0}, noise=2.0)
    e_fit, e_mod = F.cross_validated(rows)
    assert e_fit == pytest.approx(2.0, abs=0.4)
    assert e_mod > e_fit
    with pytest.raises(ValueError):
        F.cross_validated([r for r in rows if r["game"] == (1, 0)])
