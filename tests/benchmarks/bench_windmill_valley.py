"""Windmill Valley screen benchmark in a real pseudo-terminal (120x40, TERM=xterm-256color):

(f) key-to-paint in a 4-player late game (someone on calendar space 3): the picker's
    cursor (Down/Up, the board redraws the highlighted choice) and a decision followed by
    its undo (the whole board, picker and log redraw), beside the bare Textual app.

Prints figures; asserts nothing about time. The game is built by playing quick moves
(fastest wheels, else skip/done/first) and saved with ``saves.save``; the app opens it
with ``lowlands load FILE``.
"""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path

from tests.benchmarks.bench_tui import (
    BARE_MARKER, COLS, DOWN, ROWS, UP, _keys, _ms, _p95, _spawn, bare_argv, lowlands_argv, tui_ready,
)

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


def late_match(seed: int = 3):
    """A 4-player Windmill Valley match played until someone reaches calendar space 3."""
    from core import get_game
    from core.match import Match, Seat

    game = get_game("windmill-valley")
    m = Match(game, [Seat(n, "human") for n in PLAYERS], seed=seed)
    while not m.is_over() and max(f.calendar for f in m.state.farms) < 3:
        legal = m.legal_moves()
        names = [game.notation(x) for x in legal]
        kind = m.state.tasks[-1].kind
        i = len(names) - 1 if kind in ("gate", "steps") else next(
            (k for k, n in enumerate(names) if n in ("skip", "done")), 0)
        m.push(legal[i])
    return m


def bench_windmill_keys(n: int = 60, out=print) -> None:
    """(f) Down/Up n times, then n/4 decision+undo pairs, in a late 4-player game."""
    out(f"(f) Windmill Valley key-to-paint, 4 players late game, {COLS}x{ROWS} pty")
    why = tui_ready()
    if why:
        out(f"    skipped: {why}")
        return
    from saves import save

    m = late_match()
    with tempfile.TemporaryDirectory(prefix="lowlands-bench-") as tmp:
        path = Path(tmp) / "late.json"
        save(m, path)
        res = {}
        child = _spawn(bare_argv())
        try:
            child.wait_painted(BARE_MARKER, quiet=0.3, timeout=30)
            res["bare Textual app"] = _keys(child, n)
        finally:
            child.kill()
        child = _spawn(lowlands_argv(tmp, "load", str(path)))
        try:
            child.wait_painted("Windmill Valley", quiet=0.5, timeout=60)
            res["Windmill Valley cursor"] = _keys(child, n)
            firsts, lasts = [], []
            for _ in range(max(2, n // 4)):
                for key in (b"1", b"u"):
                    child.drain(0.05, 1.0)
                    b = child.key(key, quiet=0.05, first_timeout=2.0, limit=5.0)
                    if b.t_first is not None:
                        firsts.append(b.t_first)
                        lasts.append(b.t_last)
            if firsts:
                res["decision / undo"] = {"ttfb_med": statistics.median(firsts), "ttfb_p95": _p95(firsts),
                                          "ttlb_med": statistics.median(lasts), "ttlb_p95": _p95(lasts),
                                          "bytes": 0, "silent": 0}
        except (TimeoutError, EOFError) as e:
            out(f"    skipped: {e}")
            return
        finally:
            child.kill()
    out(f"    game at ply {m.ply}, calendar {[f.calendar for f in m.state.farms]}, round {m.state.round + 1}")
    for name, r in res.items():
        out(f"    {name:<24} first byte median {_ms(r['ttfb_med'])} p95 {_ms(r['ttfb_p95'])}"
            f" | last byte median {_ms(r['ttlb_med'])} p95 {_ms(r['ttlb_p95'])}")
    if "Windmill Valley cursor" in res:
        ratio = res["Windmill Valley cursor"]["ttlb_med"] / res["bare Textual app"]["ttlb_med"]
        out(f"    ratio cursor / bare (last byte, median): {ratio:.2f}x")
