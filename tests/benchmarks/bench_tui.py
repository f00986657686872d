"""TUI benchmarks in a real pseudo-terminal (120x40, TERM=xterm-256color):

(a) startup until the launcher has painted, beside a bare Textual app (one Label);
(b) key-to-paint latency in the Gift of Tulips game screen, beside the bare app,
    and the latency of a decision (Enter: pick, apply, redraw, autosave);
(e) peak memory (ru_maxrss via os.wait4) of the app in a 6-player Gift of Tulips game;
(h) opening review and stepping in it (headless Pilot: in-process timing).

Each prints figures and asserts nothing about time. While ``tui/app.py`` (the
``lowlands`` command) is not there yet, each prints "skipped: tui.app not ready".
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
from pathlib import Path

from tests.benchmarks.ptyrun import PtyChild, terminal_env

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
LOWLANDS = BIN / "lowlands"
BARE = ROOT / "tests" / "benchmarks" / "bare_app.py"
COLS, ROWS = 120, 40

#: Text that shows once each screen has painted (escape sequences are stripped
#: before looking). Overridable for a changed launcher via the environment.
BARE_MARKER = "Bare app ready"
LAUNCHER_MARKER = os.environ.get("LOWLANDS_BENCH_LAUNCHER_MARKER", "New game")
GAME_MARKER = os.environ.get("LOWLANDS_BENCH_GAME_MARKER", "Ann")

TARGET_STARTUP_RATIO = 1.3
TARGET_KEY_RATIO = 2.0

DOWN, UP, ENTER, CTRL_Q = b"\x1b[B", b"\x1b[A", b"\r", b"\x11"


def tui_ready() -> str:
    """"" when the lowlands command can be benchmarked, else why not."""
    app = ROOT / "tui" / "app.py"
    if not app.exists() or "def main" not in app.read_text(encoding="utf-8", errors="replace"):
        return "tui.app not ready"
    if not LOWLANDS.exists():
        return f"tui.app not ready ({LOWLANDS} missing; run `make` to install)"
    return ""


def _env() -> dict[str, str]:
    pp = os.environ.get("PYTHONPATH")
    return terminal_env(PYTHONPATH=str(ROOT) + (os.pathsep + pp if pp else ""))


def bare_argv() -> list[str]:
    return [sys.executable, str(BARE)]


def lowlands_argv(data_dir: str, *args: str) -> list[str]:
    return [str(LOWLANDS), "--data-dir", data_dir, *args]


def _spawn(argv: list[str]) -> PtyChild:
    return PtyChild(argv, _env(), COLS, ROWS, cwd=str(ROOT)).spawn()


def _ms(x: float) -> str:
    return f"{x * 1000:7.1f} ms"


def _p95(xs: list[float]) -> float:
    return statistics.quantiles(xs, n=20, method="inclusive")[18] if len(xs) > 1 else xs[0]


# -- (a) startup -------------------------------------------------------------------
def _startup_once(argv: list[str], marker: str) -> tuple[float, float]:
    child = _spawn(argv)
    try:
        return child.wait_painted(marker, quiet=0.2, timeout=30)
    finally:
        child.kill()


def bench_startup(runs: int = 7, out=print) -> None:
    """(a) Spawn until painted (marker seen, then 200 ms without output), lowlands vs bare."""
    out(f"(a) startup until painted, {COLS}x{ROWS} pty, median of {runs} (after one warm-up each)")
    why = tui_ready()
    if why:
        out(f"    skipped: {why}")
        return
    with tempfile.TemporaryDirectory(prefix="lowlands-bench-") as tmp:
        apps = {
            "bare Textual app": (bare_argv(), BARE_MARKER),
            "lowlands launcher": (lowlands_argv(tmp), LAUNCHER_MARKER),
        }
        res: dict[str, list[tuple[float, float]]] = {k: [] for k in apps}
        try:
            for name, (argv, marker) in apps.items():
                _startup_once(argv, marker)  # warm-up: .pyc files, page cache
            for _ in range(runs):
                for name, (argv, marker) in apps.items():
                    res[name].append(_startup_once(argv, marker))
        except (TimeoutError, EOFError) as e:
            out(f"    skipped: {e}")
            return
    seeded = _startup_with_autosaves(runs)
    if seeded:
        res.update(seeded)
    med = {}
    for name, rows in res.items():
        seen = statistics.median(r[0] for r in rows)
        settled = statistics.median(r[1] for r in rows)
        med[name] = settled
        out(f"    {name:<18} marker seen {_ms(seen)}   painted (last byte) {_ms(settled)}")
    ratio = med["lowlands launcher"] / med["bare Textual app"]
    ok = "meets" if ratio <= TARGET_STARTUP_RATIO else "ABOVE"
    out(f"    ratio lowlands / bare: {ratio:.2f}x   target <= {TARGET_STARTUP_RATIO}x: {ok}"
        "   (empty data folder)")
    for name in seeded:
        out(f"    ratio {name} / bare: {med[name] / med['bare Textual app']:.2f}x")


def _startup_with_autosaves(runs: int, copies: int = 10) -> dict[str, list[tuple[float, float]]]:
    """The launcher again, with ``copies`` unfinished 200-decision autosaves to list
    (list_autosaves replays each one). {} if no match can be built."""
    try:
        from saves import autosave
        from tests.benchmarks.bench_core import _long_match

        m, _note = _long_match(200)
    except Exception:
        return {}
    name = f"launcher+{copies} saves"
    rows = []
    with tempfile.TemporaryDirectory(prefix="lowlands-bench-") as tmp:
        for i in range(copies):
            m.id = f"bench{i:02d}"
            autosave(m, Path(tmp))
        argv = lowlands_argv(tmp)
        _startup_once(argv, LAUNCHER_MARKER)
        for _ in range(runs):
            rows.append(_startup_once(argv, LAUNCHER_MARKER))
    return {name: rows}


# -- (b) key-to-paint ---------------------------------------------------------------
def _keys(child: PtyChild, n: int) -> dict[str, float]:
    firsts, lasts, sizes, silent = [], [], [], 0
    for i in range(n):
        child.drain(0.03, 1.0)
        b = child.key(DOWN if i % 2 == 0 else UP, quiet=0.03)
        if b.t_first is None:
            silent += 1
            continue
        firsts.append(b.t_first)
        lasts.append(b.t_last)
        sizes.append(b.nbytes)
    if not firsts:
        raise TimeoutError("no key produced any output")
    return {
        "ttfb_med": statistics.median(firsts), "ttfb_p95": _p95(firsts),
        "ttlb_med": statistics.median(lasts), "ttlb_p95": _p95(lasts),
        "bytes": statistics.mean(sizes), "silent": silent,
    }


def _decisions(child: PtyChild, n: int) -> dict[str, float] | None:
    """Enter ``n`` times (each picks the highlighted choice: a decision, then its
    autosave): time to first and last byte of each repaint. None if none answered."""
    firsts, lasts = [], []
    for _ in range(n):
        child.drain(0.05, 1.0)
        b = child.key(ENTER, quiet=0.05)
        if b.t_first is None:
            break
        firsts.append(b.t_first)
        lasts.append(b.t_last)
    if not firsts:
        return None
    return {"n": len(firsts), "ttfb_med": statistics.median(firsts), "ttfb_p95": _p95(firsts),
            "ttlb_med": statistics.median(lasts), "ttlb_p95": _p95(lasts)}


def bench_keys(n: int = 100, decisions: int = 30, out=print) -> None:
    """(b) Down/Up alternately, n times: time to first and last byte of the repaint;
    then ``decisions`` decisions (Enter) in the game."""
    out(f"(b) key-to-paint latency, {n} keys (Down/Up alternately), {COLS}x{ROWS} pty")
    why = tui_ready()
    if why:
        out(f"    skipped: {why}")
        return
    res = {}
    picks = None
    with tempfile.TemporaryDirectory(prefix="lowlands-bench-") as tmp:
        runs = {
            "bare Textual app": (bare_argv(), BARE_MARKER),
            "Gift of Tulips game": (
                lowlands_argv(tmp, "new", "gift-of-tulips", "--players", "Ann,Bob,Cy", "--seed", "1"),
                GAME_MARKER,
            ),
        }
        for name, (argv, marker) in runs.items():
            child = _spawn(argv)
            try:
                child.wait_painted(marker, quiet=0.3, timeout=30)
                res[name] = _keys(child, n)
                if name != "bare Textual app" and decisions:
                    picks = _decisions(child, decisions)
            except (TimeoutError, EOFError) as e:
                out(f"    skipped: {name}: {e}")
                return
            finally:
                child.kill()
    for name, r in res.items():
        out(
            f"    {name:<20} first byte median {_ms(r['ttfb_med'])} p95 {_ms(r['ttfb_p95'])}"
            f" | last byte median {_ms(r['ttlb_med'])} p95 {_ms(r['ttlb_p95'])}"
            f" | {r['bytes']:7.0f} bytes/key" + (f" | {r['silent']} keys without output" if r["silent"] else "")
        )
    g, b = res["Gift of Tulips game"], res["bare Textual app"]
    ratio = g["ttlb_med"] / b["ttlb_med"]
    ok = "meets" if ratio <= TARGET_KEY_RATIO else "ABOVE"
    out(f"    ratio game / bare (last byte, median): {ratio:.2f}x"
        f"   first byte: {g['ttfb_med'] / b['ttfb_med']:.2f}x   target <= {TARGET_KEY_RATIO}x: {ok}")
    out("    (each key's time includes Textual's frame pacing; the 30 ms quiet window is not counted)")
    if picks:
        out(f"    decisions (Enter: pick, apply, redraw, autosave), {picks['n']} of them:"
            f" first byte median {_ms(picks['ttfb_med'])} p95 {_ms(picks['ttfb_p95'])}"
            f" | last byte median {_ms(picks['ttlb_med'])} p95 {_ms(picks['ttlb_p95'])}"
            "  (50 ms quiet window)")


# -- (e) memory ---------------------------------------------------------------------------
def bench_memory(decisions: int = 80, out=print) -> None:
    """(e) Peak RSS of the app through a 6-player Gift of Tulips game, beside the bare app."""
    out("(e) peak memory (ru_maxrss of the child, via os.wait4)")
    why = tui_ready()
    if why:
        out(f"    skipped: {why}")
        return
    with tempfile.TemporaryDirectory(prefix="lowlands-bench-") as tmp:
        child = _spawn(bare_argv())
        try:
            child.wait_painted(BARE_MARKER, quiet=0.2, timeout=30)
            for _ in range(20):
                child.key(DOWN, quiet=0.02)
        finally:
            bare = child.close((CTRL_Q,))
        players = "Ann,Bob,Cy,Dee,Eve,Fay"
        child = _spawn(lowlands_argv(tmp, "new", "gift-of-tulips", "--players", players, "--seed", "1"))
        answered = 0
        try:
            child.wait_painted(GAME_MARKER, quiet=0.3, timeout=30)
            # Enter picks the highlighted choice (or lifts a hand-over curtain), so this
            # plays on through the game; a 6-player game has about 80 decisions.
            silent = 0
            for _ in range(decisions * 2):
                if child.key(ENTER, quiet=0.03, first_timeout=0.3).nbytes:
                    answered, silent = answered + 1, 0
                else:
                    silent += 1
                    if silent >= 10:  # Enter does nothing here any more (e.g. the game is over)
                        break
        except (TimeoutError, EOFError) as e:
            out(f"    skipped: {e}")
            child.kill()
            return
        app = child.close((b"q", CTRL_Q))
        try:  # how far the game got, from the autosave the app wrote on the way
            from saves import list_autosaves

            infos = list_autosaves(Path(tmp))
            reached = (f"the autosave shows {infos[0].ply} decisions, game over: {'yes' if infos[0].over else 'no'}"
                       if infos else "no autosave written")
        except Exception as e:  # the saves package is not what this measures
            reached = f"autosave not readable: {e}"
    mib = lambda ru: ru.ru_maxrss / 1024  # noqa: E731  (KiB on Linux)
    out(f"    bare Textual app:                      {mib(bare):7.1f} MiB")
    out(f"    lowlands, Gift of Tulips 6 players:    {mib(app):7.1f} MiB"
        f"  ({decisions * 2} Enter keys sent, {answered} repainted)")
    out(f"    difference:                            {mib(app) - mib(bare):7.1f} MiB")
    out(f"    ({reached})")


# -- (h) review -------------------------------------------------------------------------------
def _review_match(game_id: str, players: int, want: int, seed: int = 1):
    import random

    from core import get_game
    from core.match import Match, Seat

    game = get_game(game_id)
    m = Match(game, [Seat(f"P{i + 1}") for i in range(players)], seed)
    rng = random.Random(seed)
    while not m.is_over() and m.ply < want:
        m.push(rng.choice(m.legal_moves()))
    return m


async def _review_times(match, runs: int, steps: int) -> tuple[list[float], list[float]]:
    import time

    from tui.app import LowlandsApp
    from tui.boards import board_for
    from tui.screens.review import ReviewScreen

    opens, stepped = [], []
    with tempfile.TemporaryDirectory(prefix="lowlands-bench-") as tmp:
        app = LowlandsApp(data_dir=Path(tmp), config_dir=Path(tmp) / "config")
        async with app.run_test(size=(COLS, ROWS)) as pilot:
            await pilot.pause()
            board_for(match.game.id)  # import the game's screen module first (not timed)
            for _ in range(runs):
                t0 = time.perf_counter()
                screen = ReviewScreen(match)
                await app.push_screen(screen)
                await pilot.pause()
                opens.append(time.perf_counter() - t0)
                for _ in range(steps):
                    t0 = time.perf_counter()
                    screen.action_step(-1)
                    await pilot.pause()
                    stepped.append(time.perf_counter() - t0)
                app.pop_screen()
                await pilot.pause()
    return opens, stepped


def bench_review(runs: int = 3, steps: int = 20, out=print) -> None:
    """(h) Opening review until painted, and one step back, in the app run headless
    (Textual's Pilot, 120x40): a whole Gift of Tulips game and a 600-decision
    Golden Age game."""
    import asyncio

    out(f"(h) review: open (until painted) and step one decision, headless {COLS}x{ROWS}, median of {runs} opens")
    why = tui_ready()
    if why:
        out(f"    skipped: {why}")
        return
    for game_id, players, want in (("gift-of-tulips", 3, 10_000), ("golden-age", 4, 600)):
        try:
            m = _review_match(game_id, players, want)
        except Exception as e:  # noqa: BLE001 - a game not registered yet
            out(f"    {game_id}: skipped ({type(e).__name__}: {e})")
            continue
        opens, stepped = asyncio.run(_review_times(m, runs, steps))
        out(f"    {m.game.title}, {players} players, {m.ply} decisions: open median {_ms(statistics.median(opens))}"
            f" | step median {_ms(statistics.median(stepped))} p95 {_ms(_p95(stepped))}")
