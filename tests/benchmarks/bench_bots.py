"""Benchmark (i): issue 8's bot targets, each from a short ``lowlands arena``,
and the strong bot's thinking time on the clock. Asserts nothing.

Two tables:

- targets: per game and matchup the games, sole wins, win rate, the target and
  whether this run met it, and seconds per decision (median / 95th percentile,
  wall clock). The arenas are deterministic (a fixed iteration budget from
  ``--bot-time``), but short: a bench run's win rates are a smoke test, the
  issue's figures need the arena with many more games
  (``LOWLANDS_BENCH_ARENA_GAMES``, ``LOWLANDS_BENCH_ARENA_TIME`` raise them).
- speed: the strong bot thinking ``--bot-time 1`` on the wall clock, as in the
  app (issue 8 item 3: at most 1 s median and 3 s at the 95th percentile),
  on positions of a greedy game per game and player count; and the worker
  process the app thinks in (its start, and its cost per decision).
"""

from __future__ import annotations

import os
import statistics
import time
from typing import Any, Callable, NamedTuple


class Target(NamedTuple):
    """One of issue 8's targets (item 7) and the arena that measures it.

    ``kind``: "win" (the first level's sole-win rate at least ``goal``), "rounds"
    (mean full rounds per game within ``goal``, a (low, high) pair: The Dutch
    Golden Age's ``State.round``) or "score" (the solo target: mean final score
    at least ``goal`` VP; reported, RECONSTRUCTED R11).
    """

    game: str
    players: int
    levels: tuple[str, ...]
    kind: str
    goal: Any


def _targets() -> list[Target]:
    out = []
    for gid in ("gift-of-tulips", "golden-age", "windmill-valley", "fields-of-arle"):
        out.append(Target(gid, 2, ("strong", "random"), "win", 0.95))
        if gid != "fields-of-arle":  # 1-2 players
            out.append(Target(gid, 4, ("strong", "random", "random", "random"), "win", 0.80))
        out.append(Target(gid, 2, ("strong", "greedy"), "win", 0.65))
    out.append(Target("windmill-valley", 1, ("strong",), "win", 0.60))  # against the Gardener
    out.append(Target("fields-of-arle", 1, ("strong",), "score", 110))
    out.append(Target("golden-age", 3, ("strong", "strong", "strong"), "rounds", (10, 25)))
    return out


#: Issue 8 item 7's targets (the Fields of Arle solo score is the R11 target, reported).
TARGETS: list[Target] = _targets()

#: Games and players for the speed table (issue 8 item 3).
SPEED = (("gift-of-tulips", 2), ("gift-of-tulips", 4), ("golden-age", 2), ("golden-age", 4),
         ("windmill-valley", 2), ("fields-of-arle", 2))


def _games(t: Target, base: int) -> int:
    """At least ``base`` games, a whole number of seat rotations (one level in
    every seat needs none)."""
    if len(set(t.levels)) == 1:
        return max(1, base)
    return max(t.players, -(-base // t.players) * t.players)


def target_row(t: Target, games: int, bot_time: float, seed: int = 1) -> list[str]:
    """The targets table's row for ``t``, from an arena of ``games`` games."""
    from core.bots.arena import p95, run_arena

    if t.kind == "rounds":  # Golden Age rounds: the state's own count, not the arena's turns
        return rounds_row(t, games, bot_time, seed)
    r = run_arena(t.game, t.players, list(t.levels), games, seed=seed, bot_time=bot_time)
    first = r.levels[0]
    secs = first.seconds
    med = statistics.median(secs) if secs else 0.0
    matchup = " vs ".join(lv.level for lv in r.levels) if len(r.levels) > 1 else t.levels[0]
    if t.players == 1:
        matchup += " vs Gardener" if t.game == "windmill-valley" else " solo"
    if t.kind == "win":
        rate = first.wins / max(1, first.games)
        wins, shown, goal, met = str(first.wins), f"{rate:.2f}", f">= {t.goal:.2f}", rate >= t.goal
    else:  # solo score
        mean = first.score / max(1, first.games)
        wins, shown, goal, met = str(first.wins), f"{mean:.1f} VP", f">= {t.goal} VP", mean >= t.goal
    return [t.game, str(t.players), matchup, str(r.games), wins, shown, goal,
            "yes" if met else "NO", f"{med:.2f}/{p95(secs):.2f}"]


def rounds_row(t: Target, games: int, bot_time: float, seed: int = 1) -> list[str]:
    """The targets table's row for a rounds target: ``games`` games of ``t.levels``
    (the arena's seeds), the mean of the final states' ``round``."""
    import core
    from core.bots.arena import iterations_for, p95, play_game

    game = core.get_game(t.game)
    secs: list[float] = []
    rounds = []
    for g in range(games):
        final = play_game(game, t.levels, seed * 7919 + g, iterations_for(t.game, bot_time, t.players),
                          lambda seat, dt, dc: secs.append(dt))
        rounds.append(final.round)
    mean = statistics.mean(rounds)
    med = statistics.median(secs) if secs else 0.0
    return [t.game, str(t.players), " vs ".join(t.levels), str(games), "-",
            f"{mean:.1f} rounds ({min(rounds)}-{max(rounds)})", f"{t.goal[0]}-{t.goal[1]} rounds",
            "yes" if t.goal[0] <= mean <= t.goal[1] else "NO", f"{med:.2f}/{p95(secs):.2f}"]


def speed_row(gid: str, players: int, bot_time: float, positions: int) -> list[str] | None:
    """The speed table's row: the strong bot thinking ``bot_time`` s on the clock
    at ``positions`` decisions (two or more choices) spread over a greedy game."""
    import core
    from core.bots import choose, search
    from core.bots.arena import p95
    from core.bots.strong import DEFAULT_ITERATIONS

    if gid not in core.GAMES:
        return None
    game = core.get_game(gid)
    state = game.setup([f"P{i + 1}" for i in range(players)], 3)
    states = []
    ply = 0
    while not game.is_over(state):
        if len(game.legal_moves(state)) > 1:
            states.append(state)
        state = game.apply(state, choose(game, state, ply, "greedy"))
        ply += 1
    step = max(1, len(states) // positions)
    wall, cpu, iters = [], [], []
    for k, s in enumerate(states[step // 2::step][:positions]):
        t0, c0 = time.perf_counter(), time.process_time()
        a = search(game, s, k, DEFAULT_ITERATIONS, bot_time)
        wall.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        iters.append(a.iterations)
    return [gid, str(players), str(len(wall)), f"{statistics.median(wall):.2f}", f"{p95(wall):.2f}",
            f"{max(wall):.2f}", f"{statistics.median(cpu):.2f}", str(int(statistics.median(iters)))]


def worker_figures(bot_time: float = 0.2, decisions: int = 5) -> tuple[float, float]:
    """(seconds from a new worker process's start to its first answer, median
    seconds to a later answer): the app's thinking path (``core.bots.worker.Thinker``)
    on a Golden Age position with ``bot_time`` seconds to think (counted from
    the request, so the start is in it)."""
    import core
    from core.bots.worker import Thinker

    game = core.get_game("golden-age")
    state = game.setup(["A", "B"], 3)
    t = Thinker()
    try:
        t0 = time.perf_counter()
        t.submit(game, state, 0, bot_time).result()
        start = time.perf_counter() - t0
        later = []
        for k in range(decisions):
            t0 = time.perf_counter()
            t.submit(game, state, k + 1, bot_time).result()
            later.append(time.perf_counter() - t0)
    finally:
        t.close()
    return start, statistics.median(later)


def _table(rows: list[list[str]], out: Callable[[str], None]) -> None:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        out("    " + "  ".join(c.ljust(w) if i < 3 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))))


def bench_arena(out=print) -> None:
    """(i) Issue 8's targets from short arenas, and the strong bot's speed on the clock."""
    import core

    games = int(os.environ.get("LOWLANDS_BENCH_ARENA_GAMES", "2"))
    bot_time = float(os.environ.get("LOWLANDS_BENCH_ARENA_TIME", "0.1"))
    out(f"(i) bot targets (issue 8): lowlands arena, >= {games} games per row (whole seat rotations), "
        f"--bot-time {bot_time:g} as a fixed iteration count (reproducible); win = sole win of the first level")
    rows = [["game", "players", "matchup", "games", "wins", "result", "target", "met?", "s/dec med/p95"]]
    for t in TARGETS:
        if t.game not in core.GAMES:
            out(f"    {t.game}: skipped: not registered")
            continue
        rows.append(target_row(t, _games(t, games), bot_time))
    _table(rows, out)
    out("")
    out("    strong bot speed, --bot-time 1 on the wall clock (as in the app; target: median <= 1 s, p95 <= 3 s)")
    speed = [["game", "players", "decisions", "median s", "p95 s", "max s", "cpu med s", "iterations med"]]
    for gid, n in SPEED:
        row = speed_row(gid, n, 1.0, 6)
        if row is not None:
            speed.append(row)
    _table(speed, out)
    start, later = worker_figures()
    out(f"    worker process (the app's thinking), --bot-time 0.2: a new worker's first answer "
        f"after {start:.2f} s (its start), later answers after {later * 1000:.0f} ms (median)")
