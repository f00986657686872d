"""Fit the Windmill Valley evaluation's weights to the strong bot's solo games.

    .venv/bin/python -m tests.benchmarks.fit_windmill_valley collect SEED GAMES OUT.jsonl [ITERATIONS]
    .venv/bin/python -m tests.benchmarks.fit_windmill_valley fit FILE.jsonl [FILE.jsonl ...]

``collect`` plays ``GAMES`` solo games against the Gardener (normal level)
exactly as ``lowlands arena windmill-valley --players 1 --bots strong --seed
SEED`` plays them (game g: seed ``SEED * 7919 + g``, 250 iterations a decision
unless ``ITERATIONS``), and appends one JSON line a game to ``OUT``: its final
score, the Gardener's, and at each turn's start (the positions the search's
leaves are judged at) the parts of ``evaluate.projected`` for the player
(``features``). About a minute a game on one core.

``fit`` fits, over every position of the files, what the game's final score
added to the position's VP and end-game scoring now, as a sum of the
projection's parts each with its own weight (least squares, non-negative: a
part whose weight comes out below 0 is dropped and the rest fitted again) and
prints the weights beside the module's own and the root-mean-square error of
each, cross-validated by game (five folds). The weights printed are what this
data says the bot's own play made of each part; ``evaluate.py``'s module doc
says which were taken (eighth look, issue 8).

Pure Python (no numpy): the fit's system is a dozen unknowns.
"""

from __future__ import annotations

import json
import sys
from typing import Iterable, Sequence

#: The parts fitted, by the names ``features`` gives them; "const" is a constant.
PARTS: tuple[str, ...] = ("const", "turns", "guilders", "tools", "spare tools", "helpers", "tiles",
                          "stored", "contracts", "plans", "calendar")


def features(state) -> dict[str, float]:
    """The player's (seat 0) projection parts in a solo ``state``, as
    ``evaluate.projected`` adds them up, unweighted (VP; "now" is the VP
    track plus the end-game scoring now, which the projection counts whole)."""
    from core.windmill_valley import components as C
    from core.windmill_valley import evaluate as E
    from core.windmill_valley import scoring as SC

    f = state.farms[0]
    turns = E.turns_left(state)
    left = 1.0 - max([f.calendar] + [state.solo.calendar if state.solo else 0]) / C.CALENDAR_END
    res = min(turns, E.RESOURCE_TURNS) / E.RESOURCE_TURNS
    cap = E.bulb_capacity(state, 0, turns)
    tiles = sum(1 for d in (*f.large, *f.small) if C.DESIGNS[d][1] != "base")
    return {
        "now": float(f.vp + sum(SC.final_parts(state, 0).values())),
        "const": 1.0,
        "turns": max(0.0, turns - 1.0),
        "guilders": res * f.guilders,
        "tools": res * min(f.tools, E.TOOL_KEEP),
        "spare tools": res * max(0, f.tools - E.TOOL_KEEP),
        "helpers": left * len(f.helpers),
        "tiles": left * tiles,
        "stored": min(len(f.storage), cap),
        "contracts": E.contract_potential(state, 0, turns, cap),
        "plans": E.plan_potential(state, 0, cap, turns),
        "calendar": E.calendar_potential(state, 0, turns),
    }


def module_weights() -> dict[str, float]:
    """The weights ``evaluate.projected`` gives the parts now (VP per unit)."""
    from core.windmill_valley import evaluate as E

    return {"const": 0.0, "turns": E.TURN_VP, "guilders": E.GUILDER_VP, "tools": E.TOOL_VP,
            "spare tools": E.TOOL_SPARE_VP,
            "helpers": E.HELPER_POTENTIAL, "tiles": E.TILE_POTENTIAL, "stored": E.STORED_BULB_VP,
            "contracts": E.CONTRACT_REACH, "plans": E.PLAN_POTENTIAL, "calendar": 1.0}


def collect(seed: int, games: int, out: str, iterations: int = 250) -> None:
    """Play and append ``games`` solo games to ``out`` (see the module doc)."""
    import core
    from core.bots import choose
    from core.bots.strong import forget

    game = core.get_game("windmill-valley")
    with open(out, "a", encoding="utf-8") as fh:
        for g in range(games):
            gs = seed * 7919 + g
            state = game.setup(["Strong1"], gs, None)
            forget()
            rows, ply, turn = [], 0, None
            while not game.is_over(state):
                if game.turn(state) != turn:
                    turn = game.turn(state)
                    rows.append(features(state))
                move = choose(game, state, gs * 1_000_003 + ply, "strong", iterations=iterations, reuse=True)
                state = game.apply(state, move)
                ply += 1
            final = game.scores(state)[0].total
            fh.write(json.dumps({"seed": seed, "game": g, "final": final, "gardener": state.solo.vp,
                                 "rows": rows}) + "\n")
            fh.flush()
            print(f"game {g + 1}/{games}: {final} VP, the Gardener {state.solo.vp}", flush=True)


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``x`` with ``a x = b`` (Gauss-Jordan with partial pivoting; a singular
    column gets 0). ``a`` is n x n; neither argument is changed."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        if abs(m[p][c]) < 1e-12:
            continue
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[r][c]:
                k = m[r][c] / m[c][c]
                m[r] = [x - k * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] if abs(m[i][i]) >= 1e-12 else 0.0 for i in range(n)]


def least_squares(xs: Sequence[Sequence[float]], ys: Sequence[float], ridge: float = 1e-6) -> list[float]:
    """Weights ``w`` minimizing the sum of ``(x . w - y) ** 2`` (normal
    equations, a tiny ``ridge`` keeps them solvable)."""
    k = len(xs[0])
    a = [[sum(x[i] * x[j] for x in xs) + (ridge if i == j else 0.0) for j in range(k)] for i in range(k)]
    b = [sum(x[i] * y for x, y in zip(xs, ys)) for i in range(k)]
    return solve(a, b)


def fit(rows: Sequence[dict], parts: Sequence[str] = PARTS) -> dict[str, float]:
    """Non-negative least-squares weights of ``parts`` (see the module doc)
    for ``rows`` (``features`` dicts with "y": the VP still to come); a part
    dropped for a negative weight gets 0.0. "const" may be negative."""
    names = list(parts)
    while True:
        w = dict(zip(names, least_squares([[r[n] for n in names] for r in rows], [r["y"] for r in rows])))
        neg = [n for n in names if n != "const" and w[n] < 0.0]
        if not neg:
            return {n: w.get(n, 0.0) for n in parts}
        names.remove(min(neg, key=lambda n: w[n]))


def rms(rows: Iterable[dict], weights: dict[str, float]) -> float:
    """Root-mean-square error (VP) of ``weights`` predicting each row's "y"."""
    errs = [sum(weights[n] * r[n] for n in weights) - r["y"] for r in rows]
    return (sum(e * e for e in errs) / len(errs)) ** 0.5 if errs else 0.0


def load(paths: Sequence[str]) -> list[dict]:
    """The positions of the ``collect`` files, each with "y" (the final score
    minus "now") and "game" (a key per game, for cross-validation)."""
    rows = []
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                g = json.loads(line)
                for r in g["rows"]:
                    rows.append({**r, "y": g["final"] - r["now"], "game": (g["seed"], g["game"])})
    return rows


def cross_validated(rows: Sequence[dict], folds: int = 5) -> tuple[float, float]:
    """(the fitted weights' error, the module's weights' error), RMS VP over
    held-out games (``folds`` folds by game, fewer with fewer games). Raises
    ValueError with fewer than 2 games."""
    games = sorted({r["game"] for r in rows})
    if len(games) < 2:
        raise ValueError("cross-validation needs 2 games or more")
    folds = min(folds, len(games))
    sq_fit = sq_mod = 0.0
    mod = module_weights()
    # the module has no constant (it cancels out between moves): give it its mean error
    mod["const"] = -sum(sum(mod[n] * r[n] for n in PARTS) - r["y"] for r in rows) / len(rows)
    for f in range(folds):
        held = set(games[f::folds])
        w = fit([r for r in rows if r["game"] not in held])
        test = [r for r in rows if r["game"] in held]
        sq_fit += rms(test, w) ** 2 * len(test)
        sq_mod += rms(test, mod) ** 2 * len(test)
    return (sq_fit / len(rows)) ** 0.5, (sq_mod / len(rows)) ** 0.5


def main(argv: list[str]) -> int:
    if len(argv) >= 4 and argv[0] == "collect":
        collect(int(argv[1]), int(argv[2]), argv[3], int(argv[4]) if len(argv) > 4 else 250)
        return 0
    if len(argv) >= 2 and argv[0] == "fit":
        rows = load(argv[1:])
        games = len({r["game"] for r in rows})
        w, mod = fit(rows), module_weights()
        print(f"{games} games, {len(rows)} positions")
        print(f"{'part':<11} {'fitted':>7} {'module':>7}")
        for n in PARTS:
            print(f"{n:<11} {w[n]:7.2f} {mod[n]:7.2f}")
        if games >= 2:
            e_fit, e_mod = cross_validated(rows)
            print(f"error (RMS VP, held-out games): fitted {e_fit:.1f}, module {e_mod:.1f}")
        return 0
    print("usage:\n" + "\n".join(__doc__.strip().splitlines()[2:4]), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
