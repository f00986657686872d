"""Issue 10 items 8 and 4 in a real pseudo-terminal: every way out restores the
terminal, keeps the autosave and ends the process; without a usable terminal
Lowlands says so in one line. Each wait is bounded (tests/ptyapp.py)."""

from __future__ import annotations

import json
import os
import signal
import termios
import time
from pathlib import Path

import pytest

from tests.ptyapp import PtyApp, app_env

NEW = ["new", "gift-of-tulips", "--players", "Ann,Bob", "--seed", "1"]


def autosaves(tmp: Path) -> list[Path]:
    folder = tmp / "data" / "autosave"
    return sorted(folder.glob("[!.]*.json")) if folder.is_dir() else []


@pytest.fixture
def running(tmp_path):
    apps: list[PtyApp] = []

    def start(args=NEW, size=(80, 24), **env: str) -> PtyApp:
        app = PtyApp(args, app_env(tmp_path, **env), size)
        apps.append(app)
        return app

    yield start
    for app in apps:
        app.kill()


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT, signal.SIGQUIT], ids=lambda s: s.name)
def test_a_signal_restores_the_terminal_autosaves_and_exits(running, tmp_path, signum) -> None:
    app = running()
    assert app.wait_for(b"Ann", 60), app.output[-300:]
    app.read(0.5)
    os.kill(app.pid, signum)  # once: SIGTERM left the terminal raw, SIGINT kept no autosave
    assert app.wait(20) == 128 + signum
    lflag = app.termios_flags()[3]
    assert lflag & termios.ECHO and lflag & termios.ICANON  # not left raw
    tail = app.output[app.output.rfind(b"\x1b[?1049h"):]
    assert b"\x1b[?1049l" in tail and b"\x1b[?1000l" in tail  # alternate screen and mouse off
    (save,) = autosaves(tmp_path)
    assert json.loads(save.read_bytes())["seats"][0]["name"] == "Ann"


def test_hang_up_while_too_small_autosaves_and_ends(running, tmp_path) -> None:
    app = running()
    assert app.wait_for(b"Ann", 60)
    app.resize(40, 12)
    assert app.wait_for(b"too small", 20)
    app.hang_up()
    assert app.wait(20) == 128 + signal.SIGHUP  # once: asleep, orphaned, in most tries
    assert len(autosaves(tmp_path)) == 1


# -- item 4: without a usable terminal, one line and a non-zero exit -----------------------
def run_plain(tmp_path: Path, args: list[str], **env: str):
    import subprocess
    import sys

    from tests.ptyapp import ROOT

    out = tmp_path / "out.txt"
    with open(out, "wb") as f:
        done = subprocess.run([sys.executable, "-c", "import sys; from tui.app import main; sys.exit(main())", *args],
                              stdin=subprocess.DEVNULL, stdout=f, stderr=subprocess.PIPE, cwd=ROOT,
                              env=app_env(tmp_path, **env), timeout=60)
    return done.returncode, out.read_bytes(), done.stderr.decode()


def test_no_terminal_says_so_in_one_line(tmp_path) -> None:
    for args in ([], NEW):
        code, out, err = run_plain(tmp_path, args)  # once: escape codes into the file, then a hang
        assert code == 1 and out == b""
        assert err.count("\n") == 1 and "standard input is not a terminal" in err
        assert not autosaves(tmp_path)


def test_non_interactive_commands_need_no_terminal(tmp_path) -> None:
    from core import get_game
    from core.match import Match, Seat
    from saves import save

    code, out, err = run_plain(tmp_path, ["--version"])
    assert code == 0 and out.startswith(b"lowlands ")
    code, out, err = run_plain(tmp_path, ["--help"])
    assert code == 0 and b"export" in out
    path = tmp_path / "g.json"
    save(Match(get_game("gift-of-tulips"), [Seat("Ann"), Seat("Bob")], 3), path)
    code, out, err = run_plain(tmp_path, ["export", str(path)])
    assert code == 0 and out.startswith(b'[Event "Lowlands"]') and err == ""


def test_term_dumb_is_refused_in_one_line(running) -> None:
    app = running(TERM="dumb")
    assert app.wait(30) == 1  # once: full colour and cursor codes anyway
    assert b"\x1b[" not in app.output
    assert b"TERM=dumb" in app.output and app.output.strip().count(b"\n") == 0


# -- item 11: a non-UTF-8 locale gets the ASCII look; --ascii leaks nothing -----------------
def non_ascii(data: bytes) -> bytes:
    return bytes(b for b in data if b > 127)


def test_c_locale_draws_ascii_and_takes_non_ascii_names(running) -> None:
    # LC_ALL=C without Python's UTF-8 mode: the output encoding is ASCII
    app = running(["new", "gift-of-tulips", "--players", "Ann,Zoë"], LC_ALL="C", PYTHONUTF8="0")
    assert app.wait_for(b"Zoe", 60), app.output[-500:]  # once: refused with a codec error
    app.read(1.0)
    assert non_ascii(app.output) == b""
    assert b"\\u25" not in app.output and b"\\xeb" not in app.output  # once: literal \u256d escapes
    os.kill(app.pid, signal.SIGTERM)
    assert app.wait(20) == 128 + signal.SIGTERM


def test_c_locale_export_writes_utf8(tmp_path) -> None:
    from core import get_game
    from core.match import Match, Seat
    from saves import save

    path = tmp_path / "z.json"
    save(Match(get_game("gift-of-tulips"), [Seat("Ann"), Seat("Zoë")], 3), path)
    code, out, err = run_plain(tmp_path, ["export", str(path)], LC_ALL="C", PYTHONUTF8="0")
    assert code == 0 and err == ""  # once: UnicodeEncodeError
    assert '[Players "Ann, Zoë"]' in out.decode("utf-8")


def test_ascii_option_leaks_no_glyph_anywhere(running) -> None:
    """Golden Age (arrows, half guilders), its help (Markdown bullets) and review."""
    app = running(["new", "golden-age", "--players", "Ann,Bob,Cy", "--seed", "2", "--ascii"], size=(120, 40))
    assert app.wait_for(b"Ann", 60)
    for keys in (b"1", b"1", b"1"):  # a few set-up decisions
        app.type(keys)
        app.read(0.6)
    app.type(b"?")  # the help: the rules as Markdown (bullets)
    assert app.wait_for(b"* ", 20)
    app.type(b"\x1b")
    app.read(0.6)
    app.type(b"r")  # review
    app.read(1.0)
    assert non_ascii(app.output) == b"", non_ascii(app.output)[:40].decode("utf-8", "replace")
    os.kill(app.pid, signal.SIGTERM)
    assert app.wait(20) is not None


def test_arguments_read_under_a_non_utf8_locale() -> None:
    from tui.app import _utf8_arg

    assert _utf8_arg("Zo\udcc3\udcab") == "Zoë"  # UTF-8 bytes kept as surrogates by Python
    assert _utf8_arg("Zo\udceb") == "Zoë"  # Latin-1
    assert _utf8_arg("Ann") == "Ann"


# -- item 9: no pixel mouse reporting (a 0x0 pixel size crashed Textual's parser) -----------
def test_no_pixel_mouse_mode_and_a_zero_pixel_size_does_not_crash(running) -> None:
    app = running()
    assert app.wait_for(b"\x1b[?2048$p", 60)  # Textual asks for in-band resize reports
    app.type(b"\x1b[?2048;2$y")  # the terminal: supported, not on
    # the first paint may have come in the same read as the query
    assert b"Ann" in app.output or app.wait_for(b"Ann", 60)
    app.read(1.0)
    # a terminal that reports sizes in band, with a pixel size of 0x0, then mouse events
    app.type(b"\x1b[48;24;80;0;0t")
    app.read(0.5)
    app.type(b"\x1b[<35;10;5M\x1b[<0;12;6M\x1b[<0;12;6m")
    app.read(1.2)
    assert app.poll() is None and b"Error" not in app.output, app.output[-800:]  # once: ZeroDivisionError
    assert b"\x1b[?1016h" not in app.output and b"\x1b[?2048h" not in app.output
    os.kill(app.pid, signal.SIGTERM)
    assert app.wait(20) == 128 + signal.SIGTERM


def test_signal_while_the_terminal_stopped_reading_still_ends(running, tmp_path) -> None:
    """The app's output blocks (nobody reads the terminal), so its event loop is
    stuck: the signal handler's watchdog still autosaves and ends the process."""
    app = running(size=(200, 60))
    assert app.wait_for(b"Ann", 60)
    app.read(0.5)
    for k in range(12):  # full redraws nobody reads: the terminal's buffer fills up
        app.resize(200 - k % 2, 60)
        time.sleep(0.1)
    time.sleep(1.0)
    os.kill(app.pid, signal.SIGTERM)
    assert app.wait(30, read=False) == 128 + signal.SIGTERM  # without the watchdog: stuck for good
    assert len(autosaves(tmp_path)) == 1


def test_split_escape_sequence_tail_is_not_read_as_keys() -> None:
    """Issue 10 item 10: the tail of an arrow key split after its Escape is dropped
    (a '[' within a second of Escape, held back, then the CSI bytes up to the final
    one at once); other keys, and '[' on its own, pass. Polish: a '[' typed by hand
    within that second passes too, once nothing follows it at once."""
    from tui.terminal import SplitEscape

    now = [0.0]
    guard = SplitEscape(clock=lambda: now[0])
    P, D, H = SplitEscape.PASS, SplitEscape.DROP, SplitEscape.HOLD

    def feed(*keys: tuple[str, str | None], gap: float = 0.15, tail: float = 0.001) -> list[str]:
        """Each key ``gap`` after the one before, but the bytes after a '[' come
        ``tail`` after it (one read, as a split sequence's tail arrives)."""
        out = []
        for key, char in keys:
            now[0] += tail if out and out[-1] in (H, D) else gap
            out.append(guard.drop(key, char))
        return out

    esc, lb = ("escape", "\x1b"), ("left_square_bracket", "[")
    assert feed(esc, lb, ("A", "A"), ("a", "a")) == [P, H, D, P]  # ESC [A, then a
    assert feed(esc, lb, ("1", "1"), ("semicolon", ";"), ("5", "5"), ("A", "A")) == [P, H] + [D] * 4
    assert feed(lb, ("a", "a")) == [P, P]  # '[' without an Escape: the panel key
    assert feed(esc, ("a", "a"), lb) == [P, P, P]  # a key between: not a tail
    assert feed(esc, lb, gap=1.5) == [P, P]  # long after the Escape: typed by hand
    # typed by hand soon after an Escape: held back, and let go when nothing follows
    # at once (the driver sends it then), or when the next key comes a person's gap later
    assert feed(esc, lb) == [P, H] and guard.expire() and not guard.expire()
    assert feed(esc, lb, ("a", "a"), tail=0.15) == [P, H, P]  # the '[' goes, then a
    assert feed(esc, lb, ("up", None)) == [P, H, P]  # a whole key after the '[': both pass
    assert feed(esc, lb, esc, lb, tail=0.3) == [P, H, P, H]  # Escape, '[' twice by hand


def test_split_arrow_after_escape_does_not_switch_the_panel(running) -> None:
    """Issue 10 item 10 in a real terminal: Escape, then '[A' 150 ms later (a slow
    link) at 80x24 in The Dutch Golden Age; '[' would switch the board to its
    Players panel. Only a '[' typed on its own does."""
    app = running(["new", "golden-age", "--players", "Ann,Bob,Cy", "--seed", "3"])
    assert app.wait_for(b"Influence", 60)
    app.read(1.0)
    app.type(b"\x1b")
    time.sleep(0.15)
    app.type(b"[A")
    assert not app.wait_for(b"MT/IM", 2.0)  # the Players panel's legend: not shown
    assert app.poll() is None
    app.type(b"\x1b")
    time.sleep(0.3)
    app.type(b"[")  # typed by hand 0.3 s after an Escape: taken (polish; it was dropped)
    assert app.wait_for(b"MT/IM", 20)  # '[' on its own switches to it
    os.kill(app.pid, signal.SIGTERM)
    assert app.wait(20) == 128 + signal.SIGTERM
