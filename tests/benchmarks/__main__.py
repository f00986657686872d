"""`make bench`: run the Lowlands benchmarks and print their figures.

    .venv/bin/python -m tests.benchmarks [games] [saves] [startup] [keys] [memory] [windmill] [golden] [review] [arle]

Sections (all by default, in this order):
  games    (c) random full games per second, per registered game and player count
  saves    (d) save and load-with-replay of a 200-decision match (median of 20)
  startup  (a) startup until the launcher has painted, beside a bare Textual app
  keys     (b) key-to-paint latency in the Gift of Tulips screen, beside the bare app
  memory   (e) peak memory of the app in a 6-player Gift of Tulips game
  windmill (f) key-to-paint in a late 4-player Windmill Valley game
  golden   (g) key-to-paint in a 3-player Golden Age game (cursor, group open/close, decision/undo)
  review   (h) opening review and stepping, for a whole Gift of Tulips and a 600-decision Golden Age game
  arle     (i) Fields of Arle engine: random games/s for 1 and 2 players, apply and legal_moves in us

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
    from tests.benchmarks import bench_core, bench_fields_of_arle, bench_golden_age, bench_tui, bench_windmill_valley

    sections = {
        "games": bench_core.bench_random_games,
        "saves": bench_core.bench_saves,
        "startup": bench_tui.bench_startup,
        "keys": bench_tui.bench_keys,
        "memory": bench_tui.bench_memory,
        "windmill": bench_windmill_valley.bench_windmill_keys,
        "golden": bench_golden_age.bench_golden_age_keys,
        "review": bench_tui.bench_review,
        "arle": bench_fields_of_arle.bench_arle_core,
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
