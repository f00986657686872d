"""TUI benchmarks in a real pseudo-terminal (TERM=xterm-256color, synchronized
output answered, so every frame is counted):

(a) ``startup``: the launcher until painted, beside a bare Textual app;
(t) ``table``: issue 9's table, for every registered game (``core.GAMES``) on a
    late-game save the bench builds itself, at 120x40 and at 80x24: a decision,
    an undo, the cursor (Down/Up) in the choices, opening review (the first
    time, and again after going back: the app keeps the screen), one step in
    review, back from review by Escape (a lone ESC byte: the escape delay
    counts) and by ``b``, ``lowlands load FILE`` until painted, and the memory
    of the game screen and of review;
(l) ``load``: ``lowlands load`` of a 1000-decision save until painted, beside the
    launcher's start.

Every key is paired with a key to the bare app (tests/benchmarks/bare_app.py:
one fixed-size line rewritten, one frame) running in a pty of the same size,
sent in the same second (the two alternate which goes first), and its ratio
is taken to that bare key; the table shows the medians of the absolute time
(to the last byte before 100 ms of quiet), the frames and bytes written, and
the ratio. A load is paired the same way with a start of the launcher.

The late-game saves are played by seeded uniform random choices over
``legal_moves`` (the first seed whose game lasts long enough) and cut at a fixed
decision: Gift of Tulips 6 players at decision 66, The Dutch Golden Age 4
players at 700, Windmill Valley 4 players at 263 (issue 9); a game not listed
is measured with its most players, at three quarters of a random game.

The project's modules are byte-compiled before the first child starts
(``_compile_once``), as an installed Lowlands is (pip compiles a wheel's
modules; a checkout writes its ``__pycache__`` on the first run): with
PYTHONDONTWRITEBYTECODE set, as in the test environment, every child compiled
every module it imported from source again, ~45 ms for the launcher and
~110 ms for ``lowlands load`` (it imports a game's packages too), which no
player's second start pays.

Prints figures and asserts nothing about time. Environment:
``LOWLANDS_BENCH_GAMES`` (comma-separated game ids), ``LOWLANDS_BENCH_SIZES``
("120x40,80x24"), ``LOWLANDS_BENCH_PAIRS`` (key pairs per row, default 6).
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from tests.benchmarks.ptyrun import Burst, PtyChild, terminal_env, visible_text

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
LOWLANDS = BIN / "lowlands"
BARE = ROOT / "tests" / "benchmarks" / "bare_app.py"
COLS, ROWS = 120, 40

#: Text that shows once each screen has painted (escape sequences are stripped
#: before looking). Overridable for a changed launcher via the environment.
BARE_MARKER = "Bare app ready"
LAUNCHER_MARKER = os.environ.get("LOWLANDS_BENCH_LAUNCHER_MARKER", "New game")

TARGET_STARTUP_RATIO = 1.3

DOWN, UP, LEFT, RIGHT, ENTER, ESC, CTRL_Q = b"\x1b[B", b"\x1b[A", b"\x1b[D", b"\x1b[C", b"\r", b"\x1b", b"\x11"
#: The quiet window: a key's answer ends at the last byte before this much silence.
QUIET = 0.1
#: A quiet gap after which the game screen takes a pick again once the deciding
#: human changed (longer than GameScreen.SEAT_GUARD, 0.15 s, a held key's gap).
SEAT_GUARD = 0.5

#: (players, decisions) of the late-game save measured for each game (issue 9).
LATE: dict[str, tuple[int, int]] = {
    "gift-of-tulips": (6, 66),
    "golden-age": (4, 700),
    "windmill-valley": (4, 263),
}
#: The save of the load target: this many decisions, of the first game in this
#: order that has a random game so long.
LOAD_DECISIONS = 1000
LOAD_GAMES = ("golden-age", "windmill-valley", "fields-of-arle", "gift-of-tulips")
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def tui_ready() -> str:
    """"" when the lowlands command can be benchmarked, else why not."""
    app = ROOT / "tui" / "app.py"
    if not app.exists() or "def main" not in app.read_text(encoding="utf-8", errors="replace"):
        return "tui.app not ready"
    if not LOWLANDS.exists():
        return f"tui.app not ready ({LOWLANDS} missing; run `make` to install)"
    return ""


#: The packages of the project that the children import (``_compile_once``).
PACKAGES = ("core", "saves", "tui", "net")
_compiled = False


def _compile_once() -> None:
    """Byte-compile ``PACKAGES`` into their ``__pycache__`` folders (once per
    run; compileall skips modules whose cache is up to date), so that the
    children read bytecode like an installed program (see the module docstring)."""
    global _compiled
    if not _compiled:
        import compileall

        for package in PACKAGES:
            compileall.compile_dir(ROOT / package, quiet=1)
        _compiled = True


def _env() -> dict[str, str]:
    _compile_once()
    pp = os.environ.get("PYTHONPATH")
    return terminal_env(PYTHONPATH=str(ROOT) + (os.pathsep + pp if pp else ""))


def bare_argv() -> list[str]:
    return [sys.executable, str(BARE)]


def lowlands_argv(data_dir: str, *args: str) -> list[str]:
    return [str(LOWLANDS), "--data-dir", data_dir, *args]


def _spawn(argv: list[str], cols: int = COLS, rows: int = ROWS) -> PtyChild:
    return PtyChild(argv, _env(), cols, rows, cwd=str(ROOT)).spawn()


def _ms(x: float) -> str:
    return f"{x * 1000:7.1f} ms"


def _p95(xs: list[float]) -> float:
    return statistics.quantiles(xs, n=20, method="inclusive")[18] if len(xs) > 1 else xs[0]


def _sizes() -> list[tuple[int, int]]:
    text = os.environ.get("LOWLANDS_BENCH_SIZES", "120x40,80x24")
    return [(int(c), int(r)) for c, r in (s.lower().split("x") for s in text.split(",") if s.strip())]


def _pairs() -> int:
    return max(2, int(os.environ.get("LOWLANDS_BENCH_PAIRS", "6")))


# -- late-game saves ---------------------------------------------------------------------
def late_match(game: Any, players: int, decisions: int, seeds: range = range(1, 41)) -> Any:
    """A Match of ``players`` human seats at decision ``decisions`` (not over):
    seeded uniform random choices over ``legal_moves``, the first seed in
    ``seeds`` whose game lasts that long. Raises ValueError if none does."""
    from core.match import Match, Seat

    for seed in seeds:
        m = Match(game, [Seat(NAMES[i] if i < len(NAMES) else f"P{i + 1}") for i in range(players)], seed)
        rng = random.Random(seed)
        while m.ply < decisions and not m.is_over():
            m.push(rng.choice(m.legal_moves()))
        if m.ply == decisions and not m.is_over():
            return m
    raise ValueError(f"no random {game.id} game of {players} players lasts {decisions} decisions")


def late_spec(game: Any) -> tuple[int, int]:
    """(players, decisions) of ``game``'s late-game save."""
    if game.id in LATE:
        return LATE[game.id]
    from tests.benchmarks.bench_core import random_game

    return game.max_players, max(1, random_game(game, game.max_players, 1) * 3 // 4)


def load_match() -> Any:
    """The ``LOAD_DECISIONS``-decision match of the load target."""
    import core

    for gid in LOAD_GAMES:
        if gid in core.GAMES:
            game = core.GAMES[gid]
            try:
                return late_match(game, game.max_players, LOAD_DECISIONS, range(1, 11))
            except ValueError:
                continue
    raise ValueError(f"no registered game has a {LOAD_DECISIONS}-decision random game")


# -- (a) startup -------------------------------------------------------------------
def _startup_once(argv: list[str], marker: str, cols: int = COLS, rows: int = ROWS) -> tuple[float, float]:
    child = _spawn(argv, cols, rows)
    try:
        return child.wait_painted(marker, quiet=0.2, timeout=30)
    finally:
        child.kill()


def bench_startup(runs: int = 5, out=print) -> None:
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


# -- (t) the table -----------------------------------------------------------------------
@dataclass
class Row:
    """One measured key of the table: its bursts and those of the bare keys beside them."""

    keys: list[Burst] = field(default_factory=list)
    bare: list[Burst] = field(default_factory=list)
    missed: int = 0  # keys that did not do what they should (no output, no decision)

    def add(self, key: Burst, bare: Burst) -> None:
        if key.t_last is None or bare.t_last is None:
            self.missed += 1
            return
        self.keys.append(key)
        self.bare.append(bare)

    @property
    def n(self) -> int:
        return len(self.keys)

    def ms(self) -> float:
        return statistics.median(b.t_last for b in self.keys) * 1000

    def frames(self) -> float:
        return statistics.median(b.frames for b in self.keys)

    def nbytes(self) -> float:
        return statistics.median(b.nbytes for b in self.keys)

    def ratio(self) -> float:
        return statistics.median(k.t_last / max(b.t_last, 1e-4) for k, b in zip(self.keys, self.bare))

    def cell(self) -> str:
        if not self.keys:
            return "-" if not self.missed else f"no answer ({self.missed})"
        kb = self.nbytes() / 1000
        size = f"{kb:.1f} KB" if kb >= 1 else f"{self.nbytes():.0f} B"
        fr = self.frames()
        frames = f"{fr:g} frame" + ("" if fr == 1 else "s")
        miss = f", {self.missed} missed" if self.missed else ""
        return f"{self.ms():.1f} ms, {frames}, {size}, {self.ratio():.1f}x{miss}"


@dataclass
class Starts:
    """Starts until painted of one program beside starts of a reference (paired)."""

    times: list[float] = field(default_factory=list)
    ref: list[float] = field(default_factory=list)

    def cell(self, ref_name: str) -> str:
        if not self.times:
            return "-"
        ms = statistics.median(self.times) * 1000
        ratio = statistics.median(t / r for t, r in zip(self.times, self.ref))
        return f"{ms:.0f} ms, {ratio:.2f}x {ref_name} ({statistics.median(self.ref) * 1000:.0f} ms)"


class Table:
    """One terminal size's figures: ``rows[key][game id]``."""

    KEYS = ("decision", "undo", "cursor", "review first", "review open", "review step", "review close", "review close b", "load",
            "memory")
    LABELS = {
        "decision": "decision (pick, apply, redraw, autosave)",
        "undo": "undo (u)",
        "cursor": "cursor Up/Down in the choices",
        "review first": "open review (r), the first time",
        "review open": "open review again (r)",
        "review step": "one step in review (Left)",
        "review close": "Escape: review back to the game",
        "review close b": "b: review back to the game (Escape less its delay)",
        "load": "`lowlands load` until painted (x launcher start)",
        "memory": "memory (VmRSS): game screen / review open",
    }

    def __init__(self, cols: int, rows: int) -> None:
        self.cols, self.rows = cols, rows
        self.cells: dict[str, dict[str, str]] = {k: {} for k in self.KEYS}
        self.bare: Row = Row()
        #: (game id, column title) in order
        self.columns: list[tuple[str, str]] = []

    def print(self, out: Callable[[str], None]) -> None:
        out("")
        out("| key | " + " | ".join(title for _, title in self.columns) + " |")
        out("|---|" + "---|" * len(self.columns))
        ids = [gid for gid, _ in self.columns]
        for k in self.KEYS:
            row = self.cells[k]
            if not row:
                continue
            out(f"| {self.LABELS[k]} | " + " | ".join(row.get(g, "-") for g in ids) + " |")
        bare = self.bare
        if bare.keys:
            out(f"bare key beside them: {bare.ms():.1f} ms median, {bare.frames():g} frame(s), "
                f"{bare.nbytes():.0f} bytes ({bare.n} keys)")


def _stamp(data_dir: Path) -> tuple:
    """What the autosave folder holds now (names, sizes, modification times)."""
    try:
        return tuple(sorted((p.name, p.stat().st_size, p.stat().st_mtime_ns) for p in data_dir.rglob("*.json")))
    except OSError:
        return ()


def _changed(data_dir: Path, before: tuple, wait: float = 1.5) -> bool:
    """Whether an autosave under ``data_dir`` changes within ``wait`` s (the
    game screen autosaves in the background after every decision and undo)."""
    end = time.perf_counter() + wait
    while time.perf_counter() < end:
        if _stamp(data_dir) != before:
            return True
        time.sleep(0.01)
    return False


class Bench:
    """A lowlands child and the bare app beside it, at one size."""

    def __init__(self, bare: PtyChild, table: Table) -> None:
        self.bare = bare
        self.table = table
        self._flip = False
        self._bare_key = 0

    def pair(self, child: PtyChild, key: bytes, *, first_timeout: float = 2.0) -> tuple[Burst, Burst]:
        """``key`` to ``child`` and an arrow to the bare app, in the same second
        (which goes first alternates); each after its program has been quiet."""
        bare_key = DOWN if self._bare_key % 2 == 0 else UP
        self._bare_key += 1
        self._flip = not self._flip
        child.drain(0.03, 1.0)
        self.bare.drain(0.03, 1.0)
        if self._flip:
            k = child.key(key, quiet=QUIET, first_timeout=first_timeout)
            b = self.bare.key(bare_key, quiet=QUIET)
        else:
            b = self.bare.key(bare_key, quiet=QUIET)
            k = child.key(key, quiet=QUIET, first_timeout=first_timeout)
        if b.t_last is not None:
            self.table.bare.keys.append(b)
        return k, b


def _start_pair(argv: list[str], marker: str, ref_argv: list[str], ref_marker: str,
                cols: int, rows: int, into: Starts, keep: bool) -> PtyChild | None:
    """One start of ``argv`` until painted beside one start of the reference;
    the child kept running (returned) if ``keep``."""
    child = None
    order = (True, False) if len(into.times) % 2 == 0 else (False, True)
    t = r = 0.0
    for mine in order:
        if mine:
            child = _spawn(argv, cols, rows)
            t = child.wait_painted(marker, quiet=0.15, timeout=60)[1]
            if not keep:
                child.kill()
        else:
            ref = _spawn(ref_argv, cols, rows)
            try:
                r = ref.wait_painted(ref_marker, quiet=0.15, timeout=60)[1]
            finally:
                ref.kill()
    into.times.append(t)
    into.ref.append(r)
    return child if keep else None


def _measure_game(bench: Bench, game: Any, path: Path, tmp: Path, cols: int, rows: int,
                  pairs: int, starts: int, out: Callable[[str], None]) -> None:
    table = bench.table
    gid = game.id
    data_dir = tmp / f"{gid}-{cols}x{rows}"
    empty = tmp / f"empty-{cols}x{rows}"
    data_dir.mkdir(exist_ok=True)
    empty.mkdir(exist_ok=True)
    load = Starts()
    child = None
    for i in range(starts):
        child = _start_pair(lowlands_argv(str(data_dir), "load", str(path)), game.title,
                            lowlands_argv(str(empty)), LAUNCHER_MARKER, cols, rows, load, keep=i == starts - 1)
    table.cells["load"][gid] = load.cell("launcher")
    assert child is not None
    try:
        # cursor: Down, Up, ... (ends where it began)
        row = Row()
        for i in range(pairs * 2):
            row.add(*bench.pair(child, DOWN if i % 2 == 0 else UP))
        table.cells["cursor"][gid] = row.cell()
        # decision and undo: find how many Enters make a decision (a group of
        # choices opens first in some games), then time the last Enter and u
        enters = 0
        for k in range(1, 5):
            before = _stamp(data_dir)
            child.drain(0.05, 1.0)
            child.key(ENTER, quiet=QUIET)
            if _changed(data_dir, before):
                enters = k
                break
        if not enters:
            table.cells["decision"][gid] = "no decision by Enter"
        else:
            before = _stamp(data_dir)
            child.key(b"u", quiet=QUIET)
            _changed(data_dir, before)
            decision, undo = Row(), Row()
            for _ in range(pairs):
                time.sleep(SEAT_GUARD)
                for _ in range(enters - 1):
                    child.drain(0.05, 1.0)
                    child.key(ENTER, quiet=QUIET)
                before = _stamp(data_dir)
                k, b = bench.pair(child, ENTER)
                if _changed(data_dir, before):
                    decision.add(k, b)
                else:
                    decision.missed += 1
                    continue
                before = _stamp(data_dir)
                k, b = bench.pair(child, b"u")
                if _changed(data_dir, before):
                    undo.add(k, b)
                else:
                    undo.missed += 1
            table.cells["decision"][gid] = decision.cell() + (f" ({enters} Enters)" if enters > 1 else "")
            table.cells["undo"][gid] = undo.cell()
        # review: open, steps back, close (Escape, untimed); memory before and after
        time.sleep(SEAT_GUARD)
        child.drain(0.1, 2.0)
        rss_game = child.rss_kib()[0]
        first_open, opened, stepped, closed, closed_b = Row(), Row(), Row(), Row(), Row()
        rss_review = 0
        opens = 4  # closed with Escape and with b in turn
        for i in range(opens):
            start = len(child.output)
            k, b = bench.pair(child, b"r", first_timeout=5.0)
            into = first_open if i == 0 else opened
            if "Review" in visible_text(bytes(child.output[start:])):
                into.add(k, b)
            else:
                into.missed += 1
                continue
            for _ in range(max(2, pairs * 2 // opens)):
                stepped.add(*bench.pair(child, LEFT))
            if i == 0:
                rss_review = child.rss_kib()[0]
            if i % 2 == 0:
                closed.add(*bench.pair(child, ESC))
            else:
                closed_b.add(*bench.pair(child, b"b"))
        table.cells["review first"][gid] = first_open.cell()
        table.cells["review open"][gid] = opened.cell()
        table.cells["review step"][gid] = stepped.cell()
        table.cells["review close"][gid] = closed.cell()
        table.cells["review close b"][gid] = closed_b.cell()
        if rss_game and rss_review:
            table.cells["memory"][gid] = (f"{rss_game / 1024:.0f} / {rss_review / 1024:.0f} MiB, "
                                          f"{rss_review / rss_game:.2f}x")
    finally:
        child.kill()


def bench_table(out=print) -> None:
    """(t) Issue 9's table for every registered game at every size (see the module docstring)."""
    import core
    from saves import save

    pairs = _pairs()
    sizes = _sizes()
    only = [g for g in os.environ.get("LOWLANDS_BENCH_GAMES", "").split(",") if g]
    games = [g for gid, g in core.GAMES.items() if not only or gid in only]
    out(f"(t) keys on late-game saves in a pty at {', '.join(f'{c}x{r}' for c, r in sizes)}; each key beside a"
        f" bare-app key in the same second; median of {pairs} pairs (cursor {pairs * 2}); time to the last byte"
        f" before {QUIET * 1000:.0f} ms quiet; ratio = key / bare key")
    why = tui_ready()
    if why:
        out(f"    skipped: {why}")
        return
    with tempfile.TemporaryDirectory(prefix="lowlands-bench-") as tmpname:
        tmp = Path(tmpname)
        saved: list[tuple[Any, Path, str]] = []
        for game in games:
            try:
                players, decisions = late_spec(game)
                m = late_match(game, players, decisions)
            except Exception as e:  # noqa: BLE001 - a game being written must not stop the run
                out(f"    {game.id}: no late-game save ({type(e).__name__}: {e})")
                continue
            path = tmp / f"{game.id}-{players}p-{decisions}.json"
            save(m, path)
            saved.append((game, path, f"{game.title}, {players}p at {decisions} (seed {m.seed})"))
        for cols, rows in sizes:
            table = Table(cols, rows)
            table.columns = [(g.id, title) for g, _, title in saved]
            bare = _spawn(bare_argv(), cols, rows)
            try:
                bare.wait_painted(BARE_MARKER, quiet=0.2, timeout=30)
                bench = Bench(bare, table)
                for game, path, _title in saved:
                    try:
                        _measure_game(bench, game, path, tmp, cols, rows, pairs, 2, out)
                    except (TimeoutError, EOFError, AssertionError) as e:
                        out(f"    {game.id} at {cols}x{rows}: failed: {type(e).__name__}: {e}")
            finally:
                bare.kill()
            out(f"\n  {cols}x{rows}:")
            table.print(lambda line: out("    " + line if line else ""))


# -- (l) load of a long save ----------------------------------------------------------------
def bench_load(runs: int = 3, out=print) -> None:
    """(l) ``lowlands load`` of a 1000-decision save until painted, beside the launcher's start."""
    out(f"(l) `lowlands load` of a {LOAD_DECISIONS}-decision save until painted (last byte before 150 ms quiet),"
        f" each beside a start of the launcher (empty data folder); median of {runs}")
    why = tui_ready()
    if why:
        out(f"    skipped: {why}")
        return
    from saves import save

    try:
        m = load_match()
    except ValueError as e:
        out(f"    skipped: {e}")
        return
    with tempfile.TemporaryDirectory(prefix="lowlands-bench-") as tmpname:
        tmp = Path(tmpname)
        path = tmp / "long.json"
        save(m, path)
        for cols, rows in _sizes():
            data_dir, empty = tmp / f"data-{cols}x{rows}", tmp / f"empty-{cols}x{rows}"
            data_dir.mkdir()
            empty.mkdir()
            starts = Starts()
            try:
                for _ in range(runs):
                    _start_pair(lowlands_argv(str(data_dir), "load", str(path)), m.game.title,
                                lowlands_argv(str(empty)), LAUNCHER_MARKER, cols, rows, starts, keep=False)
            except (TimeoutError, EOFError) as e:
                out(f"    {cols}x{rows}: failed: {type(e).__name__}: {e}")
                continue
            out(f"    {cols}x{rows}: {m.game.title}, {len(m.seats)}p, {m.ply} decisions (seed {m.seed}): "
                f"{starts.cell('launcher')}   target <= 1.5x")
