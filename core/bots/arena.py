"""``lowlands arena``: bot-only games between levels, with a table of results.

    lowlands arena GAME --players N --bots LEVEL,LEVEL,... --games G
                   [--seed S] [--bot-time SECONDS] [--iterations K] [--clock]

Seats are rotated: in game g seat i is played by level ``bots[(i + g) % N]``,
so with G a multiple of N every listed level sits in every seat equally often.
The table gives per level: sole wins, shared wins, mean final score, mean
margin (own score minus the best other; solo: the game's solo margin, against
the Gardener in Windmill Valley, the target score in Fields of Arle), decisions
per game, and seconds per decision (median, 95th percentile; wall clock, and
the median in CPU seconds, which a loaded machine does not inflate); the last line is
``win rates: strong=0.97 random=0.03`` (sole wins per game played; solo, also
``opponent=``: the games lost to the Gardener or short of the target score).

Determinism: the strong bot runs a fixed number of iterations per decision,
``--iterations`` or else ``--bot-time`` times ``ITERATIONS_PER_SECOND`` for
the game and player count (measured on the development machine), with no
clock limit; so the same
arguments give the same games and the same table of wins and scores on any
machine (only the seconds columns differ).

``--clock`` measures the app instead: the strong bot stops after ``--bot-time``
seconds on the wall clock (capped at ``strong.DEFAULT_ITERATIONS``), exactly as
``Match.bot_choice`` and the bots' worker process run it; the games then depend
on the machine's speed and load, so the same arguments need not repeat them.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from typing import Any, Callable, Sequence

import msgspec

import core
from core.bots import LEVELS, choose
from core.bots.strong import DEFAULT_ITERATIONS, forget
from core.bots.common import margins

#: Strong-bot iterations per second of budget, by game and player count: what
#: the strong bot searching on the clock (``--bot-time 1``, as in the app) ran
#: on the 2-core development machine with both cores busy (two such runs at
#: once, no other load), in the median of 12 positions of a greedy game, the
#: lower of the two runs, rounded down to 50 (2026-12-03). So a decision of
#: ``--bot-time`` seconds of iterations takes about that long there, as in the
#: app, with any number of players (a search's iteration costs more with more
#: players: Windmill Valley 641 solo, 717 with 2, 516 with 3, 321 with 4).
#: Until then the table held one count per game, what the machine managed
#: while shared by about eight busy developers (load average 7-10): 1500, 700,
#: 250 and 700, between 27% (Golden Age with 2 players) and 66% (Fields of
#: Arle solo) of these, unevenly: the figures issue 8 reported at those counts
#: were met with fewer iterations than a second buys. Windmill Valley plays
#: each leaf on to the end of the turn (``leaves_at_turn_end``): the slowest
#: search of the four.
ITERATIONS_PER_SECOND: dict[str, dict[int, int]] = {
    "gift-of-tulips": {2: 3300, 3: 3050, 4: 3000, 5: 2400, 6: 2050},
    "golden-age": {2: 2600, 3: 1750, 4: 1550},
    "windmill-valley": {1: 600, 2: 700, 3: 500, 4: 300},
    "fields-of-arle": {1: 1050, 2: 1100},
}
DEFAULT_RATE = 500


class LevelResult(msgspec.Struct):
    """Totals for one level over an arena (seconds are per decision)."""

    level: str
    games: int = 0
    wins: int = 0
    shared: int = 0
    score: float = 0.0
    margin: float = 0.0
    decisions: int = 0
    seconds: list[float] = []
    cpu: list[float] = []


class ArenaResult(msgspec.Struct):
    """Everything an arena measured.

    Attributes:
        game: game id; players: seats per game; games: games played.
        levels: one LevelResult per distinct level, in the order first listed.
        turns: per game, ``game.turn`` of the final state (turns begun).
        opponent_wins: solo games not won (the Gardener won; the target was missed).
    """

    game: str
    players: int
    games: int
    levels: list[LevelResult]
    turns: list[int]
    opponent_wins: int = 0


def iterations_for(game_id: str, bot_time: float, players: int | None = None) -> int:
    """Strong-bot iterations (1 or more) for ``bot_time`` seconds of thinking in
    ``game_id`` with ``players`` seats (``ITERATIONS_PER_SECOND``; a player
    count it does not list, or None: the game's lowest rate; a game it does
    not list: ``DEFAULT_RATE``)."""
    rates = ITERATIONS_PER_SECOND.get(game_id)
    rate = (rates.get(players) or min(rates.values())) if rates else DEFAULT_RATE
    return max(1, round(bot_time * rate))


def play_game(
    game: Any, levels: Sequence[str], seed: int, iterations: int,
    on_decision: Callable[[int, float, float], None] | None = None, options: Any = None,
    seconds: float | None = None,
) -> Any:
    """One bot-only game; seat i is played by ``levels[i]``. Returns the final state.

    The strong bot runs ``iterations`` per decision, or with ``seconds`` set,
    stops after that many seconds on the wall clock (``iterations`` then caps it).
    ``on_decision(seat, seconds, cpu_seconds)`` is called after each decision
    (wall-clock and this process's CPU time).
    Raises RuntimeError if the game does not end within 100 000 decisions.
    """
    state = game.setup([f"{lv.capitalize()}{i + 1}" for i, lv in enumerate(levels)], seed, options)
    forget()  # a subtree kept from another game never carries over
    ply = 0
    while not game.is_over(state):
        seat = game.to_move(state)
        t0, c0 = time.perf_counter(), time.process_time()
        move = choose(game, state, seed * 1_000_003 + ply, levels[seat], iterations=iterations, seconds=seconds, reuse=True)
        dt, dc = time.perf_counter() - t0, time.process_time() - c0
        state = game.apply(state, move)
        if on_decision is not None:
            on_decision(seat, dt, dc)
        ply += 1
        if ply > 100_000:
            raise RuntimeError(f"{game.id} did not end within 100000 decisions")
    return state


def run_arena(
    game_id: str, players: int, bots: Sequence[str], games: int, seed: int = 0,
    bot_time: float = 1.0, iterations: int | None = None, progress: Callable[[str], None] | None = None,
    clock: bool = False,
) -> ArenaResult:
    """Play ``games`` bot-only games and gather the results (see the module doc).
    ``clock``: the strong bot stops after ``bot_time`` wall-clock seconds (as in
    the app; not reproducible) instead of a fixed iteration count.

    Raises ValueError for an unknown level, a level count other than ``players``
    or a player count the game does not take; KeyError for an unknown game.
    """
    game = core.get_game(game_id)
    # the player count first: the levels are counted against it
    if not game.min_players <= players <= game.max_players:
        raise ValueError(f"{game.title} takes {game.min_players}-{game.max_players} players, not {players}")
    if len(bots) != players:
        raise ValueError(f"--bots names {len(bots)} level(s) for {players} player(s); name one per seat.")
    for lv in bots:
        if lv not in LEVELS:
            raise ValueError(f"Unknown bot level {lv!r}; choose from {', '.join(LEVELS)}.")
    if clock:
        iters = iterations if iterations is not None else DEFAULT_ITERATIONS
    else:
        iters = iterations if iterations is not None else iterations_for(game_id, bot_time, players)
    order = list(dict.fromkeys(bots))
    res = {lv: LevelResult(lv) for lv in order}
    turns: list[int] = []
    opp = 0
    for g in range(games):
        levels = [bots[(i + g) % players] for i in range(players)]
        per_seat: list[list[float]] = [[] for _ in range(players)]
        per_cpu: list[list[float]] = [[] for _ in range(players)]

        def note(seat: int, dt: float, dc: float) -> None:
            per_seat[seat].append(dt)
            per_cpu[seat].append(dc)

        final = play_game(game, levels, seed * 7919 + g, iters, note, seconds=bot_time if clock else None)
        totals = [sh.total for sh in game.scores(final)]
        if players == 1:
            marg = margins(game, final)
        else:
            marg = [t - max(totals[:i] + totals[i + 1:]) for i, t in enumerate(totals)]
        win = game.winners(final)
        if players == 1 and not win:
            opp += 1
        for i, lv in enumerate(levels):
            r = res[lv]
            r.games += 1
            r.wins += win == [i]
            r.shared += len(win) > 1 and i in win
            r.score += totals[i]
            r.margin += marg[i]
            r.decisions += len(per_seat[i])
            r.seconds.extend(per_seat[i])
            r.cpu.extend(per_cpu[i])
        turns.append(game.turn(final))
        if progress is not None:
            progress(f"game {g + 1}/{games}: {' '.join(f'{lv}={t:g}' for lv, t in zip(levels, totals))} winners {win}")
    return ArenaResult(game_id, players, games, list(res.values()), turns, opp)


def p95(xs: Sequence[float]) -> float:
    """The 95th percentile (nearest rank) of ``xs``; 0.0 when empty."""
    if not xs:
        return 0.0
    ys = sorted(xs)
    return ys[min(len(ys) - 1, max(0, math.ceil(0.95 * len(ys)) - 1))]


def format_result(r: ArenaResult) -> list[str]:
    """The table and the closing ``win rates:`` line, as text lines."""
    lines = [
        f"{r.game}, {r.players} player(s), {r.games} game(s); mean turns per game "
        f"{statistics.mean(r.turns) if r.turns else 0:.1f}",
        f"{'level':<8} {'games':>5} {'wins':>5} {'shared':>6} {'score':>7} {'margin':>7} "
        f"{'dec/game':>8} {'s/dec med':>9} {'s/dec p95':>9} {'cpu med':>7}",
    ]
    for lv in r.levels:
        n = max(1, lv.games)
        med = statistics.median(lv.seconds) if lv.seconds else 0.0
        lines.append(
            f"{lv.level:<8} {lv.games:>5} {lv.wins:>5} {lv.shared:>6} {lv.score / n:>7.1f} "
            f"{lv.margin / n:>+7.1f} {lv.decisions / n:>8.1f} {med:>9.3f} {p95(lv.seconds):>9.3f} "
            f"{statistics.median(lv.cpu) if lv.cpu else 0.0:>7.3f}"
        )
    rates = [f"{lv.level}={lv.wins / max(1, lv.games):.2f}" for lv in r.levels]
    if r.players == 1:
        rates.append(f"opponent={r.opponent_wins / max(1, r.games):.2f}")
    lines.append("win rates: " + " ".join(rates))
    return lines


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Add the ``arena`` subcommand to an argparse subparsers object."""
    p = sub.add_parser("arena", help="play bot-only games between levels and print a table")
    p.add_argument("game", metavar="GAME", help="game id, e.g. gift-of-tulips")
    p.add_argument("--players", type=int, required=True, metavar="N", help="seats per game")
    p.add_argument("--bots", required=True, metavar="LEVELS", help="one level per seat: random, greedy, strong")
    p.add_argument("--games", type=int, default=10, metavar="G", help="games to play (default 10)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="fixes every game (default 0)")
    p.add_argument("--bot-time", type=float, default=1.0, metavar="SECONDS",
                   help="strong bot budget per decision (default 1.0), turned into a fixed iteration count"
                   " (with --clock: wall-clock seconds, as in the app)")
    p.add_argument("--iterations", type=int, default=None, metavar="K",
                   help="strong bot iterations per decision (overrides --bot-time)")
    p.add_argument("--clock", action="store_true",
                   help="stop the strong bot on the wall clock after --bot-time, as the app does (not reproducible)")
    p.add_argument("--verbose", action="store_true", help="print one line per game")
    return p


def run_cli(args: argparse.Namespace, out: Callable[[str], None] = print) -> int:
    """Run ``lowlands arena`` from parsed arguments; returns the exit status
    (2 with one line on stderr for bad arguments)."""
    bots = [b.strip().lower() for b in args.bots.split(",") if b.strip()]
    if args.games < 1:
        print("lowlands: --games must be at least 1", file=sys.stderr)
        return 2
    if args.bot_time <= 0 or (args.iterations is not None and args.iterations < 1):
        print("lowlands: --bot-time and --iterations must be positive", file=sys.stderr)
        return 2
    try:
        r = run_arena(args.game, args.players, bots, args.games, args.seed, args.bot_time, args.iterations,
                      progress=out if args.verbose else None, clock=args.clock)
    except (KeyError, ValueError) as e:
        print(f"lowlands: {e.args[0] if e.args else e}", file=sys.stderr)
        return 2
    for line in format_result(r):
        out(line)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m core.bots.arena ...`` (the same as ``lowlands arena ...``)."""
    parser = argparse.ArgumentParser(prog="lowlands")
    sub = parser.add_subparsers(dest="command", required=True)
    add_parser(sub)
    args = parser.parse_args(["arena", *(sys.argv[1:] if argv is None else argv)])
    return run_cli(args)


if __name__ == "__main__":
    sys.exit(main())
