"""The Dutch Golden Age screen benchmark in a real pseudo-terminal (120x40, TERM=xterm-256color):

(g) key-to-paint in a 3-player game in its 4th round, during a turn: the picker's
    cursor (Down/Up: the board redraws the highlighted choice on the map, the track
    or the guilds), opening a group of choices and closing it (``1`` then Escape:
    picker and map), and a decision followed by its undo (``1`` ``1`` picks a token
    move in two keys, ``u`` takes it back: board, picker and log redraw), beside
    the bare Textual app.

Prints figures; asserts nothing about time. The game is built from reproducible
random moves (``core.bots.choose``; bids and auctions avoided so it stays a normal
turn) and saved with ``saves.save``; the app opens it with ``lowlands load FILE``.
"""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path

from tests.benchmarks.bench_tui import (
    BARE_MARKER, COLS, DOWN, ROWS, _keys, _ms, _p95, _spawn, bare_argv, lowlands_argv, tui_ready,
)

PLAYERS = ["Ann", "Bob", "Cy"]
ESC = b"\x1b"


def mid_match(seed: int = 3, rounds: int = 3):
    """A 3-player match at the start of an action phase after ``rounds`` rounds,
    with a Movement Token to move (so ``1`` opens a "Move from ..." group)."""
    import random

    from core import get_game
    from core.golden_age.rules import Bid, End, MoveToken, StartAuction
    from core.match import Match, Seat

    game = get_game("golden-age")
    m = Match(game, [Seat(n, "human") for n in PLAYERS], seed=seed)
    rnd = random.Random(seed)
    while not m.is_over():
        s = m.state
        legal = m.legal_moves()
        if s.phase == "act" and s.round >= rounds and isinstance(legal[0], MoveToken) and m.moves \
                and not isinstance(m.moves[-1], (MoveToken, Bid)):
            return m
        if s.phase == "act":
            calm = [x for x in legal if not isinstance(x, (StartAuction, Bid))]
            # a few actions per turn, then end it
            move = next(x for x in legal if isinstance(x, End)) if rnd.random() < 0.4 else rnd.choice(calm)
        else:
            move = rnd.choice(legal)
        m.push(move)
    return m


def _figures(firsts: list[float], lasts: list[float]) -> dict[str, float]:
    return {"ttfb_med": statistics.median(firsts), "ttfb_p95": _p95(firsts),
            "ttlb_med": statistics.median(lasts), "ttlb_p95": _p95(lasts)}


def bench_golden_age_keys(n: int = 60, out=print) -> None:
    """(g) Down/Up n times; n/4 group open/close pairs; n/4 decision (2 keys) + undo."""
    out(f"(g) Golden Age key-to-paint, 3 players mid-game, {COLS}x{ROWS} pty")
    why = tui_ready()
    if why:
        out(f"    skipped: {why}")
        return
    from saves import save

    m = mid_match()
    with tempfile.TemporaryDirectory(prefix="lowlands-bench-") as tmp:
        path = Path(tmp) / "mid.json"
        save(m, path)
        res: dict[str, dict[str, float]] = {}
        child = _spawn(bare_argv())
        try:
            child.wait_painted(BARE_MARKER, quiet=0.3, timeout=30)
            res["bare Textual app"] = _keys(child, n)
        finally:
            child.kill()
        child = _spawn(lowlands_argv(tmp, "load", str(path)))
        try:
            child.wait_painted("Golden Age", quiet=0.5, timeout=60)
            res["Golden Age cursor"] = _keys(child, n)
            child.key(DOWN, quiet=0.05)  # leave the cursor where it is; groups open by hotkey
            groups: tuple[list[float], list[float]] = ([], [])
            escapes: tuple[list[float], list[float]] = ([], [])
            decisions: tuple[list[float], list[float]] = ([], [])
            for _ in range(max(2, n // 4)):
                for key, into in ((b"1", groups), (ESC, escapes), (b"1", None), (b"1", decisions), (b"u", decisions)):
                    child.drain(0.05, 1.0)
                    b = child.key(key, quiet=0.05, first_timeout=2.0, limit=5.0)
                    if into is not None and b.t_first is not None:
                        into[0].append(b.t_first)
                        into[1].append(b.t_last)
            if groups[0]:
                res["open a group (1)"] = _figures(*groups)
            if escapes[0]:
                res["close it (Escape)"] = _figures(*escapes)
            if decisions[0]:
                res["decision / undo"] = _figures(*decisions)
        except (TimeoutError, EOFError) as e:
            out(f"    skipped: {e}")
            return
        finally:
            child.kill()
    s = m.state
    out(f"    game at ply {m.ply}, round {s.round + 1}, {len(m.legal_moves())} legal choices at the saved decision")
    for name, r in res.items():
        out(f"    {name:<24} first byte median {_ms(r['ttfb_med'])} p95 {_ms(r['ttfb_p95'])}"
            f" | last byte median {_ms(r['ttlb_med'])} p95 {_ms(r['ttlb_p95'])}")
    if "Golden Age cursor" in res:
        ratio = res["Golden Age cursor"]["ttlb_med"] / res["bare Textual app"]["ttlb_med"]
        out(f"    ratio cursor / bare (last byte, median): {ratio:.2f}x")


if __name__ == "__main__":
    bench_golden_age_keys()
