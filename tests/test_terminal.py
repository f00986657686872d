"""Issue 10 items 8 and 4 in a real pseudo-terminal: every way out restores the
terminal, keeps the autosave and ends the process; without a usable terminal
Lowlands says so in one line. Each wait is bounded (tests/ptyapp.py)."""

from __future__ import annotations

import json
import os
import signal
import termios
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


def test_sigterm_restores_the_terminal_autosaves_and_exits(running, tmp_path) -> None:
    app = running()
    assert app.wait_for(b"Ann", 60), app.output[-300:]
    app.read(0.5)
    os.kill(app.pid, signal.SIGTERM)
    assert app.wait(20) == 128 + signal.SIGTERM
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
