"""``lowlands arena`` (issue 8 item 6): tiny deterministic arenas only."""

from __future__ import annotations

import msgspec
import pytest

from core.bots import arena
from tui.app import main


def _strip_times(r: arena.ArenaResult) -> dict:
    d = msgspec.to_builtins(r)
    for lv in d["levels"]:
        lv["seconds"] = len(lv["seconds"])
        lv["cpu"] = len(lv["cpu"])
    return d


def test_same_seed_same_result_and_seats_rotate(monkeypatch) -> None:
    seen: list[list[str]] = []
    real = arena.play_game

    def spy(game, levels, seed, iterations, on_decision=None, options=None, seconds=None):  # noqa: ANN001
        assert seconds is None  # no clock: a fixed iteration count
        seen.append(list(levels))
        return real(game, levels, seed, iterations, on_decision, options, seconds)

    monkeypatch.setattr(arena, "play_game", spy)
    a = arena.run_arena("gift-of-tulips", 3, ["strong", "greedy", "random"], 3, seed=4, iterations=8)
    b = arena.run_arena("gift-of-tulips", 3, ["strong", "greedy", "random"], 3, seed=4, iterations=8)
    assert _strip_times(a) == _strip_times(b)
    # every level sat in every seat once
    for seat in range(3):
        assert sorted(levels[seat] for levels in seen[:3]) == ["greedy", "random", "strong"]
    assert [lv.games for lv in a.levels] == [3, 3, 3]
    assert sum(lv.wins for lv in a.levels) <= 3
    assert all(lv.decisions == len(lv.seconds) == len(lv.cpu) > 0 for lv in a.levels)


def test_a_different_seed_plays_different_games() -> None:
    a = arena.run_arena("gift-of-tulips", 2, ["greedy", "random"], 2, seed=1)
    b = arena.run_arena("gift-of-tulips", 2, ["greedy", "random"], 2, seed=2)
    assert [lv.score for lv in a.levels] != [lv.score for lv in b.levels]


def test_solo_arena_counts_the_gardener() -> None:
    r = arena.run_arena("windmill-valley", 1, ["greedy"], 1, seed=3)
    lines = arena.format_result(r)
    assert r.levels[0].wins + r.opponent_wins == 1
    assert lines[-1].startswith("win rates: greedy=") and "opponent=" in lines[-1]


def test_cli_prints_the_table_and_win_rates(capsys) -> None:
    code = main(["arena", "gift-of-tulips", "--players", "2", "--bots", "greedy,random", "--games", "2", "--seed", "7"])
    out = capsys.readouterr().out.splitlines()
    assert code == 0
    assert out[1].split()[:3] == ["level", "games", "wins"]
    rows = {line.split()[0]: line.split() for line in out[2:4]}
    assert set(rows) == {"greedy", "random"}
    wins = {k: int(v[2]) for k, v in rows.items()}
    rates = dict(x.split("=") for x in out[-1].removeprefix("win rates: ").split())
    assert {k: float(v) for k, v in rates.items()} == {k: w / 2 for k, w in wins.items()}


@pytest.mark.parametrize(
    "argv, words",
    [
        (["arena", "gift-of-tulips", "--players", "3", "--bots", "greedy,random"], "one per seat"),
        (["arena", "gift-of-tulips", "--players", "2", "--bots", "greedy,clever"], "Unknown bot level"),
        (["arena", "chess", "--players", "2", "--bots", "greedy,random"], "chess"),
        (["arena", "golden-age", "--players", "5", "--bots", "random," * 4 + "random"], "takes"),
        (["arena", "gift-of-tulips", "--players", "2", "--bots", "greedy,random", "--games", "0"], "--games"),
    ],
)
def test_cli_refuses_bad_arguments_in_one_line(capsys, argv, words) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and words in err[0]


def test_p95_is_nearest_rank() -> None:
    assert arena.p95([]) == 0.0
    assert arena.p95(list(range(1, 101))) == 95
    assert arena.p95([3.0]) == 3.0


def test_clock_mode_thinks_on_the_wall_clock_as_the_app_does(monkeypatch) -> None:
    """--clock hands the strong bot --bot-time as seconds (the app's iteration cap)."""
    from core.bots import strong

    budgets: list[tuple] = []
    real = strong.search

    def spy(game, state, seed, iterations=None, seconds=None, should_stop=None, reuse=False):  # noqa: ANN001
        budgets.append((iterations, seconds, reuse))
        return real(game, state, seed, iterations, seconds, should_stop, reuse)

    monkeypatch.setattr("core.bots.search", spy)
    code = main(["arena", "gift-of-tulips", "--players", "2", "--bots", "strong,random", "--games", "1",
                 "--bot-time", "0.01", "--clock"])
    assert code == 0
    assert budgets and set(budgets) == {(strong.DEFAULT_ITERATIONS, 0.01, True)}


def test_bot_time_buys_the_iterations_of_the_game_and_player_count(monkeypatch) -> None:
    """``--bot-time`` becomes iterations by game and player count (a search's
    iteration costs more with more players); an unlisted count, or none, takes
    the game's lowest rate, an unlisted game ``DEFAULT_RATE``; never below 1."""
    rates = arena.ITERATIONS_PER_SECOND["windmill-valley"]
    assert rates[1] > rates[4]
    assert arena.iterations_for("windmill-valley", 1.0, 1) == rates[1]
    assert arena.iterations_for("windmill-valley", 2.0, 4) == 2 * rates[4]
    assert arena.iterations_for("windmill-valley", 1.0) == min(rates.values())
    assert arena.iterations_for("windmill-valley", 1.0, 9) == min(rates.values())
    assert arena.iterations_for("chess", 1.0, 2) == arena.DEFAULT_RATE
    assert arena.iterations_for("golden-age", 1e-9, 2) == 1
    seen = []
    real = arena.play_game

    def spy(game, levels, seed, iterations, *a, **k):
        seen.append(iterations)
        return real(game, levels, seed, iterations, *a, **k)

    monkeypatch.setattr(arena, "play_game", spy)
    arena.run_arena("windmill-valley", 2, ["greedy", "random"], 1, seed=1, bot_time=0.5)
    assert seen == [round(0.5 * rates[2])]
