"""Table server latency: a key pressed over SSH -> the hub has the decision ->
the other player's screen starts repainting (first bytes at their SSH client).

    .venv/bin/python -m tests.benchmarks.bench_serve [decisions]

Two asyncssh clients with PTYs (no terminal emulation on the client side, so
the figure is the server's) at one 2-player Gift of Tulips table on loopback.
Prints medians and maxima in ms; asserts nothing about time (the machine and
its load decide the figures).
"""

from __future__ import annotations

import asyncio
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path


async def measure(decisions: int = 20) -> dict[str, list[float]]:
    from net import protocol as P
    from net.hub import Table, TableRecord
    from tests.serve_helpers import Term, start_server, wait_until

    with tempfile.TemporaryDirectory() as tmp:
        server = await start_server(Path(tmp))
        terms: list[Term] = []
        try:
            rec = TableRecord(secrets.token_hex(6), "gift-of-tulips", [P.SeatInfo("Ann"), P.SeatInfo("Bob")],
                              "Ann", "waiting", 1, {}, "strict", "")
            table = Table(server.hub, rec)
            server.hub.tables[rec.id] = table
            table.start()
            terms = [await Term(draw=False).open(server.port, name) for name in ("Ann", "Bob")]
            await wait_until(lambda: all(c.tables for c in server.hub.clients), 30, "both back at the table")
            m = table.match
            assert m is not None
            out: dict[str, list[float]] = {"key -> hub": [], "hub -> other screen": [], "key -> other screen": []}
            stamps: list[list[float]] = [[], []]
            for i, t in enumerate(terms):
                feed = t.stream.feed

                def note(data: bytes, i: int = i, feed=feed) -> None:  # noqa: ANN001
                    stamps[i].append(time.perf_counter())

                t.stream.feed = note  # type: ignore[method-assign]
                t.draw = True
            await asyncio.sleep(1.0)
            for _ in range(decisions):
                if m.is_over():
                    break
                seat = m.to_move()
                other = 1 - seat
                ply = m.ply
                await asyncio.sleep(0.4)  # both screens idle
                before = len(stamps[other])
                t0: float | None = time.perf_counter()
                terms[seat].send("\r")  # Enter: the highlighted choice (keys are stable, 1 need not be offered)
                while m.ply == ply:
                    await asyncio.sleep(0.0005)
                    if time.perf_counter() - t0 > 2:  # the screen was not ready for the key: again, unmeasured
                        t0 = None
                        terms[seat].send("\r")
                        while m.ply == ply:
                            await asyncio.sleep(0.01)
                if t0 is None:
                    continue
                t1 = time.perf_counter()
                await wait_until(lambda: len(stamps[other]) > before, 10, "the other screen")
                t2 = next(s for s in stamps[other][before:] if s >= t0)
                out["key -> hub"].append((t1 - t0) * 1000)
                out["hub -> other screen"].append(max(0.0, t2 - t1) * 1000)
                out["key -> other screen"].append((t2 - t0) * 1000)
            return out
        finally:
            for t in terms:
                t.close()
            await server.close()


def bench_serve(decisions: int = 20) -> None:
    """The ``make bench`` section: print the three latencies (median and max, ms)."""
    figures = asyncio.run(measure(decisions))
    print(f"serve: {len(figures['key -> hub'])} decisions over SSH on loopback, 2 players (ms)")
    for name, values in figures.items():
        print(f"  {name:22s} median {statistics.median(values):6.1f}   max {max(values):6.1f}")


def main(argv: list[str]) -> int:
    bench_serve(int(argv[0]) if argv else 20)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
