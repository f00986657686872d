"""Issue 10 (data loss, terminals, locales) in the app: Pilot tests of the save and
export dialogs' overwrite guard, locks, ASCII look and the like."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from core import get_game
from core.bots import choose
from core.match import Match, Seat
from saves import autosave, autosave_path, export_text, save
from tui.app import LowlandsApp
from tui.screens.dialogs import ConfirmDialog, MessageDialog, PathDialog
from tui.screens.review import ReviewScreen

TULIPS = get_game("gift-of-tulips")


def new_match(names=("Ann", "Bob", "Cy"), seed: int = 11, moves: int = 0) -> Match:
    m = Match(TULIPS, [Seat(n) for n in names], seed)
    for _ in range(moves):
        m.push(choose(TULIPS, m.state, m.seed * 7 + m.ply))
    return m


@pytest.fixture
def dirs(tmp_path: Path) -> tuple[Path, Path]:
    data, config = tmp_path / "data", tmp_path / "config"
    data.mkdir()
    return data, config


def make_app(dirs, start=None, **kw) -> LowlandsApp:
    data, config = dirs
    return LowlandsApp(data_dir=data, config_dir=config, start=start, **kw)


async def settle(pilot, n: int = 3) -> None:
    for _ in range(n):
        await pilot.pause()


async def export_via_palette(pilot, app, target: Path) -> None:
    await pilot.press("ctrl+p")
    await settle(pilot)
    await pilot.press(*"export record")
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)
    assert isinstance(app.screen, PathDialog)
    app.screen.query_one("#path", Input).value = str(target)
    await pilot.press("enter")
    await settle(pilot)


async def test_export_dialog_names_the_kind_it_would_replace(dirs, tmp_path) -> None:
    m = new_match(moves=6)
    other = tmp_path / "other.json"
    save(new_match(seed=3, moves=2), other)
    before = other.read_bytes()
    app = make_app(dirs, start=lambda: ReviewScreen(m))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await export_via_palette(pilot, app, other)
        dialog = app.screen
        assert isinstance(dialog, ConfirmDialog)
        assert "is a Lowlands save, not a Lowlands game record" in dialog.question
        await pilot.press("n")
        await settle(pilot)
        assert other.read_bytes() == before
        # the live autosave is never a target
        autosave(m, dirs[0])
        own = autosave_path(m, dirs[0])
        kept = own.read_bytes()
        await export_via_palette(pilot, app, own)
        assert isinstance(app.screen, MessageDialog)
        assert "is the file being read" in app.screen.message
        await pilot.press("enter")
        await settle(pilot)
        assert own.read_bytes() == kept
        # confirmed: replaced
        await export_via_palette(pilot, app, other)
        await pilot.press("y")
        await settle(pilot)
    assert other.read_text(encoding="utf-8") == export_text(m)


def test_unreadable_config_is_kept_aside_not_written_over(tmp_path) -> None:
    from tui.config import Config, load_config, save_config

    (tmp_path / "config.json").write_text("{my own notes")
    assert load_config(tmp_path).theme == "lowlands-dark"
    save_config(Config(theme="lowlands-light"), tmp_path)
    assert (tmp_path / "config.json.unreadable").read_text() == "{my own notes"
    assert load_config(tmp_path).theme == "lowlands-light"
    save_config(Config(theme="lowlands-dark"), tmp_path)  # its own file: replaced in place
    assert not (tmp_path / "config.json.unreadable-2").exists()
    assert load_config(tmp_path).theme == "lowlands-dark"
