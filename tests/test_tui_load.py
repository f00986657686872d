"""Issue 9: `lowlands load` of a long game paints its screen once.

The app opens its start screen (a loaded game) once it is mounted, so that the
screen is laid out and painted after Textual's start-up batch (not once inside
it for nothing, then again); the launcher covered by it from the start never
makes the game screen paint again; the log shows its newest decision in that
first frame; and the cyclic garbage collector waits until the screen is shown.
"""

from __future__ import annotations

import gc
import random
from pathlib import Path

from textual.app import App

from core import get_game
from core.match import Match, Seat
from tui import app as tui_app
from tui.app import LowlandsApp
from tui.screens import screen_for
from tui.screens.dialogs import MessageDialog
from tui.screens.launcher import LauncherScreen
from tui.widgets.log import Log

GOLDEN = get_game("golden-age")


def long_match(moves: int = 400, seed: int = 2) -> Match:
    m = Match(GOLDEN, [Seat(n) for n in ("Ann", "Bob", "Cy", "Dee")], seed)
    rng = random.Random(seed)
    while m.ply < moves and not m.is_over():
        m.push(rng.choice(m.legal_moves()))
    assert m.ply == moves
    return m


def game_app(tmp_path: Path, m: Match) -> LowlandsApp:
    """The app as `lowlands load` starts it: ``m``'s game screen over the launcher."""
    return LowlandsApp(data_dir=tmp_path / "data", config_dir=tmp_path / "config",
                       start=lambda: screen_for(m, data_dir=tmp_path / "data"))


async def settle(pilot, n: int = 6) -> None:
    for _ in range(n):
        await pilot.pause()


def counting_frames(app: LowlandsApp) -> list[tuple[str, bool, float, float]]:
    """Note each frame the app paints (not those Textual drops inside a batch):
    the screen's class, whether it repaints the whole screen and, for a game
    screen, its log's scroll position and end."""
    from textual._compositor import LayoutUpdate

    frames: list[tuple[str, bool, float, float]] = []
    real_display = type(app)._display

    def display(self, screen, renderable) -> None:
        if renderable is not None and not self._batch_count:
            logs = list(screen.query(Log))
            y, end = (logs[0].scroll_y, logs[0].max_scroll_y) if logs else (0.0, 0.0)
            frames.append((type(screen).__name__, isinstance(renderable, LayoutUpdate), y, end))
        real_display(self, screen, renderable)

    app._display = display.__get__(app)  # type: ignore[method-assign]
    return frames


async def test_a_loaded_long_game_is_painted_in_one_frame_with_the_log_at_its_end(tmp_path: Path) -> None:
    m = long_match()
    app = game_app(tmp_path, m)
    frames = counting_frames(app)
    for size in ((120, 40), (80, 24)):
        frames.clear()
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            assert type(app.screen).__name__ == "GoldenAgeScreen"
            assert isinstance(app.screen_stack[0], LauncherScreen)  # (still the screen below)
            # the whole screen painted once, the game (never the launcher below it), the log
            # at its newest line, and nothing after it (the picker's list, drawn the first
            # time, asked for a repaint of itself as it was rendered: a second frame)
            assert frames[0] == ("GoldenAgeScreen", True, frames[0][3], frames[0][3]), size
            assert frames[0][3] > 0
            assert len(frames) == 1, frames
        app = game_app(tmp_path, m)
        frames = counting_frames(app)


async def test_only_screens_that_show_through_are_in_the_background(tmp_path: Path) -> None:
    """A covered launcher is not a background screen of an opaque game screen
    (its first layout used to repaint the whole game screen); under a dialog,
    which lets the game show through, the game screen is."""
    m = long_match(30)
    app = game_app(tmp_path, m)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        game = app.screen
        assert app._background_screens == []
        assert App._background_screens.fget(app) == [app.screen_stack[0]]  # (Textual's own answer)
        app.push_screen(MessageDialog("Hello", title="Note"))
        await settle(pilot, 3)
        assert game in app._background_screens


async def test_the_log_keeps_its_newest_line_in_view_when_only_its_height_changes(tmp_path: Path) -> None:
    m = long_match(120)
    app = game_app(tmp_path, m)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        log = app.screen.query_one("#log", Log)
        assert log.scroll_y == log.max_scroll_y > 0
        for rows in (30, 44, 40):  # the same width: the log gets shorter, then taller
            await pilot.resize_terminal(120, rows)
            await settle(pilot)
            assert log.scroll_y == log.max_scroll_y > 0, rows
        log.scroll_to(y=log.max_scroll_y - 5, animate=False, immediate=True)  # the reader scrolled up
        await pilot.resize_terminal(120, 36)
        await settle(pilot)
        assert log.scroll_y < log.max_scroll_y  # left where the reader put it


def test_the_collector_is_off_until_the_first_screen_is_painted(monkeypatch) -> None:
    """``main`` pauses the cyclic garbage collector; a command without a screen
    (or one that stops before showing it) turns it back on, the app after its
    first frame, setting the start-up objects aside (``gc.freeze``)."""
    assert gc.isenabled()
    seen: list[bool] = []
    monkeypatch.setattr(tui_app, "_main", lambda argv: seen.append(gc.isenabled()) or 0)
    assert tui_app.main(["--version"]) == 0
    assert seen == [False] and gc.isenabled()  # off while it ran, on again after
    before = gc.get_freeze_count()
    try:
        tui_app.pause_gc()
        assert not gc.isenabled()
        tui_app.resume_gc()
        assert gc.isenabled() and gc.get_freeze_count() > before
        tui_app.resume_gc()  # (only once)
        assert gc.isenabled()
    finally:
        gc.unfreeze()
        gc.enable()


def test_export_turns_the_collector_back_on_before_it_works(tmp_path: Path, monkeypatch, capsys) -> None:
    from saves import save

    m = long_match(20)
    path = tmp_path / "game.json"
    save(m, path)
    seen: list[bool] = []
    real = tui_app._load_file
    monkeypatch.setattr(tui_app, "_load_file", lambda text: seen.append(gc.isenabled()) or real(text))
    assert tui_app.main(["export", str(path)]) == 0
    assert seen == [True] and gc.isenabled()
    assert "Golden Age" in capsys.readouterr().out


async def test_the_launcher_under_a_loaded_game_is_made_when_first_shown(tmp_path: Path) -> None:
    from textual.widgets import OptionList

    m = long_match(30)
    app = game_app(tmp_path, m)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        launcher = app.screen_stack[0]
        assert isinstance(launcher, LauncherScreen) and launcher.covered
        assert not list(launcher.query(OptionList))  # nothing made while the game is opened
        app.go_launcher()
        await settle(pilot)
        assert app.screen is launcher and not launcher.covered
        menu = launcher.query_one("#launcher-menu", OptionList)
        assert app.screen.focused is menu
        prompts = [str(o.prompt) for o in menu.options]
        assert "The Dutch Golden Age · Decision 30" in prompts[0]  # the game, autosaved on the way
        assert any("New game" in p for p in prompts)


async def test_a_dialog_over_a_launcher_not_shown_yet_shows_the_launcher_through_it(tmp_path: Path) -> None:
    from textual.widgets import OptionList

    app = LowlandsApp(data_dir=tmp_path / "data", config_dir=tmp_path / "config",
                      start=lambda: MessageDialog("Hello", title="Note"))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        launcher = app.screen_stack[0]
        assert isinstance(app.screen, MessageDialog) and launcher in app._background_screens
        assert not launcher.covered and launcher.query_one("#launcher-menu", OptionList).option_count >= 5


async def test_the_golden_age_board_is_drawn_again_only_when_its_size_changed(tmp_path: Path) -> None:
    """Its first layout sends the board several resizes (its height as its lines
    grow, a scrollbar's column, events already out of date); each used to
    redraw the whole board. A resize to the size it drew at draws nothing; a
    new terminal size draws it again."""
    from textual import events
    from textual.geometry import Size

    from tui.golden_age.board import GoldenAgeBoard

    m = long_match(60)
    app = game_app(tmp_path, m)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(GoldenAgeBoard)
        drawn: list[Size] = []
        real = board._redraw
        board._redraw = lambda: drawn.append(board.size) or real()  # type: ignore[method-assign]
        board.on_resize(events.Resize(board.size, board.virtual_size, board.container_size))
        assert drawn == []
        await pilot.resize_terminal(90, 30)
        await settle(pilot)
        assert drawn and drawn[-1] == board.size


def test_the_log_imports_textual_without_attrs() -> None:
    """rich.pretty (under Textual's RichLog) imports ``attrs`` only for attrs
    classes; the log imports it without (~7 ms before a loaded game's first
    frame), and ``attrs`` can still be imported afterwards."""
    import subprocess
    import sys

    code = ("import sys, tui.widgets.log, rich.pretty; assert 'attr' not in sys.modules; "
            "assert not rich.pretty._has_attrs; import attr; print(attr.has.__name__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "has"


def test_the_pointer_shape_is_written_only_when_it_changes(tmp_path: Path) -> None:
    """Review, built ahead after a loaded game's first frame, set its screen's
    pointer shape and Textual wrote it to the terminal again, unchanged."""
    app = LowlandsApp(data_dir=tmp_path / "data", config_dir=tmp_path / "config")
    written: list[str] = []

    class Driver:
        def write(self, data: str) -> None:
            written.append(data)

    app._driver = Driver()  # type: ignore[assignment]
    for shape in ("default", "default", "pointer", "default", "default"):
        app._set_pointer_shape(shape)
    assert written == ["\x1b]22;default\x07", "\x1b]22;pointer\x07", "\x1b]22;default\x07"]
    app._driver = Driver()  # type: ignore[assignment]  # (another driver: the terminal may have reset it)
    app._set_pointer_shape("default")
    assert written[-1] == "\x1b]22;default\x07" and len(written) == 4


def test_the_app_runs_with_a_short_thread_switch_interval(tmp_path: Path) -> None:
    """While the app runs, a thread waiting for the GIL (Textual's writer
    thread with a frame to write) waits at most ``SWITCH_INTERVAL``, not
    Python's 5 ms; the interval is put back when the app ends."""
    import sys

    from tui.app import LowlandsApp

    seen: list[float] = []

    class Probe(LowlandsApp):
        def on_mount(self) -> None:
            seen.append(sys.getswitchinterval())
            self.exit()

    before = sys.getswitchinterval()
    Probe(data_dir=tmp_path / "data", config_dir=tmp_path / "config").run(headless=True, size=(80, 24))
    assert seen == [min(before, LowlandsApp.SWITCH_INTERVAL)] and seen[0] < 0.005
    assert sys.getswitchinterval() == before


async def test_the_filter_box_is_built_when_first_opened(tmp_path: Path) -> None:
    """A loaded game's picker has no filter box until '/' opens it (built with
    the picker, it cost the first frame 4-5 ms); opened, it is there, focused,
    and a key typed right after '/' goes into it."""
    from textual.widgets import Input

    m = long_match(60)
    app = game_app(tmp_path, m)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        picker = app.screen.picker
        assert picker.filter_box() is None and not picker.query(Input)
        ply = m.ply
        await pilot.press("slash", "x")
        await settle(pilot)
        box = picker.filter_box()
        assert box is not None and box.has_focus and box.value == "x" and picker.filtering
        assert m.ply == ply
        await pilot.press("escape")
        await settle(pilot)
        assert not picker.filtering and picker.filter_box() is box and not box.has_focus


def test_a_frame_reaches_the_driver_in_one_write(tmp_path: Path) -> None:
    """Textual writes a frame's synchronized-output start, the frame and its
    end in three writes (the first woke the writer thread while the frame was
    still being rendered); the app hands the driver one."""
    from rich.text import Text
    from textual.app import SYNC_END, SYNC_START

    app = LowlandsApp(data_dir=tmp_path / "data", config_dir=tmp_path / "config")
    written: list[str] = []

    class Driver:
        is_headless = False
        is_inline = False

        def write(self, data: str) -> None:
            written.append(data)

        def flush(self) -> None:
            written.append("<flush>")

    app._driver = Driver()  # type: ignore[assignment]
    app._running = True
    app._sync_available = True
    app._display(None, Text("a frame"))  # type: ignore[arg-type]
    assert len([w for w in written if w != "<flush>"]) == 1
    frame = next(w for w in written if w != "<flush>")
    assert frame.startswith(SYNC_START) and "a frame" in frame and frame.endswith(SYNC_END)
    assert "write" not in vars(app._driver)  # the driver's own write again
