"""Benchmark (i): a short bot arena per game (``lowlands arena``), printing its
table: wins, scores, decisions and seconds per decision. Asserts nothing."""

from __future__ import annotations

#: (game, players, levels, games, bot-time seconds): short runs, about 10 s each.
RUNS = (
    ("gift-of-tulips", 2, ("strong", "random"), 2, 0.2),
    ("golden-age", 3, ("strong", "random", "random"), 1, 0.1),
    ("windmill-valley", 1, ("strong",), 1, 0.2),
)


def bench_arena(out=print) -> None:
    """(i) Short arenas: the strong bot against random seats (and the Gardener)."""
    import core
    from core.bots.arena import format_result, run_arena

    out("(i) bot arenas (lowlands arena; iterations fixed from --bot-time, so results are reproducible)")
    for gid, n, levels, games, bot_time in RUNS:
        if gid not in core.GAMES:
            out(f"    {gid}: skipped: not registered")
            continue
        r = run_arena(gid, n, list(levels), games, seed=1, bot_time=bot_time)
        out(f"    --bot-time {bot_time}")
        for line in format_result(r):
            out("    " + line)
