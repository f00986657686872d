"""`make bench`: run the Lowlands benchmarks and print their figures.

    .venv/bin/python -m tests.benchmarks [games] [saves] [startup] [table] [load] [arena] [serve]

Sections (all by default, in this order):
  games    (c) rules engines: random games per second, legal_moves / apply / apply_trusted microseconds
  saves    (d) save and load-with-replay of a 200-decision match and a 700-decision Golden Age save (median of 20)
  startup  (a) startup until the launcher has painted, beside a bare Textual app
  table    (t) issue 9's table for every registered game on a late-game save, at
               120x40 and 80x24: decision, undo, cursor, open review, one step in
               review, `lowlands load` until painted, memory; each key beside a
               bare-app key in the same second (tests/benchmarks/bench_tui.py)
  load     (l) `lowlands load` of a 1000-decision save until painted, beside the launcher's start
  arena    (i) issue 8's bot targets from short arenas (bench_bots.py), the strong
               bot's thinking time on the clock, the worker process's start
  serve    (s) table server over SSH on loopback: key -> hub -> the other player's screen (bench_serve.py)

LOWLANDS_BENCH_GAMES, LOWLANDS_BENCH_SIZES and LOWLANDS_BENCH_PAIRS narrow the
table (see bench_tui.py); LOWLANDS_BENCH_ARENA_GAMES and LOWLANDS_BENCH_ARENA_TIME
lengthen the arenas (see bench_bots.py).

Nothing here asserts anything about time: the figures depend on the machine and
its load. A section that cannot run yet prints "skipped: <why>"; one that fails
prints the error and the run goes on.
"""

from __future__ import annotations

import os
import platform
import sys
import time
import traceback


def main(argv: list[str]) -> int:
    from tests.benchmarks import bench_bots, bench_core, bench_serve, bench_tui

    sections = {
        "games": bench_core.bench_random_games,
        "saves": bench_core.bench_saves,
        "startup": bench_tui.bench_startup,
        "table": bench_tui.bench_table,
        "load": bench_tui.bench_load,
        "arena": bench_bots.bench_arena,
        "serve": bench_serve.bench_serve,
    }
    chosen = argv or list(sections)
    unknown = [s for s in chosen if s not in sections]
    if unknown:
        print(f"unknown section(s): {', '.join(unknown)}; choose from {', '.join(sections)}", file=sys.stderr)
        return 2
    try:
        import textual

        tv = textual.__version__
    except Exception:  # pragma: no cover
        tv = "?"
    load = os.getloadavg() if hasattr(os, "getloadavg") else ("?",)
    print(
        f"Lowlands benchmarks: Python {platform.python_version()}, Textual {tv}, "
        f"{os.cpu_count()} CPUs, load average {', '.join(f'{x:.2f}' for x in load)}"
    )
    t_all = time.perf_counter()
    for name in chosen:
        print()
        t0 = time.perf_counter()
        try:
            sections[name]()
        except Exception as e:  # report and go on with the next section
            print(f"    failed: {type(e).__name__}: {e}")
            traceback.print_exc(limit=3, file=sys.stdout)
        print(f"    [{name}: {time.perf_counter() - t0:.1f} s]", flush=True)
    print(f"\nall benchmarks: {time.perf_counter() - t_all:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
