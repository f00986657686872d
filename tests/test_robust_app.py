"""Issue 10 (data loss, terminals, locales) in the app: Pilot tests of the save and
export dialogs' overwrite guard, locks, ASCII look and the like."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest
from textual.widgets import Input

from core.bots import choose
from core.match import Match, Seat
from saves import autosave, autosave_path, export_text, save
from tui.screens.dialogs import ConfirmDialog, MessageDialog, PathDialog
from tui.screens.review import ReviewScreen

from tests.apphelpers import make_app, new_match
from tests.apphelpers import settle as settle_app

#: the tests in this file pause three times where they settle
settle = partial(settle_app, n=3)


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
        assert ("is a Lowlands save (Gift of Tulips: Ann, Bob, Cy; decision 2), not a Lowlands game record"
                in dialog.question)
        await pilot.press("n")
        await settle(pilot)
        assert other.read_bytes() == before
        assert isinstance(app.screen, PathDialog)  # No: back to the path box, the path kept
        assert app.screen.query_one("#path", Input).value == str(other)
        await pilot.press("escape")
        await settle(pilot)
        # the live autosave is never a target
        autosave(m, dirs[0])
        own = autosave_path(m, dirs[0])
        kept = own.read_bytes()
        await export_via_palette(pilot, app, own)
        assert isinstance(app.screen, MessageDialog)
        assert "is the file being read" in app.screen.message
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, PathDialog)  # asked again, the path kept to correct
        assert app.screen.query_one("#path", Input).value == str(own)
        await pilot.press("escape")
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


# -- item 14: a save broken at move N is reviewed read-only up to there ---------------------
def broken_at_move(m: Match, n: int) -> bytes:
    import json

    from saves import encode_match

    obj = json.loads(encode_match(m))
    obj["moves"][n - 1] = "fly to the moon"
    return json.dumps(obj).encode()


async def test_broken_autosave_is_reviewed_read_only_and_never_written(dirs) -> None:
    from textual.widgets import OptionList

    from tui.screens.launcher import LauncherScreen

    data, _ = dirs
    m = new_match(moves=9)
    path = autosave_path(m, data)
    path.parent.mkdir(parents=True)
    path.write_bytes(broken_at_move(m, 7))
    before = path.read_bytes()
    app = make_app(dirs)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        menu = app.screen.query_one("#launcher-menu", OptionList)
        entry = next(o for o in (menu.get_option_at_index(i) for i in range(menu.option_count))
                     if o is not None and path.name in str(o.prompt))
        assert not entry.disabled and "Review only (Decision 6)" in str(entry.prompt)
        menu.highlighted = menu.get_option_index(entry.id)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, MessageDialog)
        assert "move 7 'fly to the moon' is not legal there" in app.screen.message
        assert "the 6 decisions before that, read-only" in app.screen.message
        await pilot.press("enter")
        await settle(pilot)
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.read_only and review.match.ply == 6
        assert review.match.moves == m.moves[:6]
        await pilot.press("c")  # continue from here: refused, saying why
        await settle(pilot)
        assert isinstance(app.screen, MessageDialog) and "read-only" in app.screen.message
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, LauncherScreen)
        app.go_launcher()
        await pilot.press("q")  # quitting autosaves open games: not this one
        await settle(pilot)
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir() if not p.name.startswith(".")) == [path.name]


async def test_load_of_a_broken_save_offers_the_read_only_review(dirs, tmp_path) -> None:
    m = new_match(moves=9)
    path = tmp_path / "broken.json"
    path.write_bytes(broken_at_move(m, 4))
    app = make_app(dirs)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert app.open_file(path, review=False) is False
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        assert "Review the 3 decisions before that, read-only?" in app.screen.question
        await pilot.press("y")
        await settle(pilot)
        await pilot.press("enter")  # the read-only note
        await settle(pilot)
        assert isinstance(app.screen, ReviewScreen) and app.screen.read_only
        await pilot.press("q")
        await settle(pilot)
    assert not (dirs[0] / "autosave").exists() or not any((dirs[0] / "autosave").glob("*.json"))


def mismatched_state(m: Match) -> bytes:
    """``m``'s save with every move intact but another final SHA-256."""
    import json

    from saves import encode_match

    obj = json.loads(encode_match(m))
    obj["state_sha256"] = "0" * 64
    return json.dumps(obj).encode()


async def test_a_save_whose_moves_all_replay_is_offered_for_review_without_before_that(dirs, tmp_path) -> None:
    # playtest: every move replays, only the checksum differs; "the 9 decisions before that" named no move
    m = new_match(moves=9)
    path = tmp_path / "edited.json"
    path.write_bytes(mismatched_state(m))
    app = make_app(dirs)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert app.open_file(path, review=False) is False
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        question = app.screen.question
        assert "does not match its own record" in question and "before that" not in question
        assert "Review its 9 decisions as they replay now, read-only?" in question
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, MessageDialog)  # the read-only note
        note = app.screen.message
        assert "before that" not in note and "Shown: its 9 decisions as they replay now, read-only" in note
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ReviewScreen) and app.screen.read_only and app.screen.match.ply == 9
        await pilot.press("q")
        await settle(pilot)


def test_cli_load_of_a_mismatched_save_points_to_review_of_all_its_moves(tmp_path, monkeypatch, capsys) -> None:
    from tui import app as app_module

    m = new_match(moves=9)
    path = tmp_path / "edited.json"
    path.write_bytes(mismatched_state(m))
    monkeypatch.setenv("LOWLANDS_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(app_module, "terminal_problem", lambda: "")
    assert app_module.main(["load", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"lowlands review {path}` shows its 9 decisions as they replay now" in err and "before it" not in err


def test_cli_review_of_a_broken_save_opens_read_only(tmp_path, monkeypatch, capsys) -> None:
    from tui import app as app_module

    m = new_match(moves=9)
    path = tmp_path / "broken.json"
    path.write_bytes(broken_at_move(m, 5))
    started: list = []
    monkeypatch.setenv("LOWLANDS_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(app_module.LowlandsApp, "run", lambda self, **k: started.append(self._start()))
    monkeypatch.setattr(app_module, "terminal_problem", lambda: "")  # as in a terminal
    assert app_module.main(["review", str(path)]) == 0
    (screen,) = started
    assert isinstance(screen, ReviewScreen) and screen.match.ply == 4
    assert "move 5 'fly to the moon' is not legal there" in screen.read_only
    # load refuses, and says where to look
    assert app_module.main(["load", str(path)]) == 2
    err = capsys.readouterr().err
    assert "move 5" in err and f"lowlands review {path}" in err and len(err.strip().splitlines()) == 1


# -- item 6: a live match is locked; a second copy is told and offered review or a copy -----
def dead_pid() -> int:
    import subprocess
    import sys

    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def hold_as_other_copy(data: Path, match_id: str, pid: int | None = None) -> Path:
    """Write the lock another live Lowlands would hold (our parent process stands in)."""
    import os
    import socket

    import msgspec

    from saves.lock import LockInfo, lock_path

    path = lock_path(data, match_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(msgspec.json.encode(LockInfo(os.getppid() if pid is None else pid, socket.gethostname())))
    return path


def test_lock_is_exclusive_and_stale_locks_are_taken_over(tmp_path) -> None:
    from saves import lock

    held = hold_as_other_copy(tmp_path, "m1")
    with pytest.raises(lock.MatchLocked, match="another copy of Lowlands"):
        lock.acquire(tmp_path, "m1")
    assert lock.holder(tmp_path, "m1") is not None
    lock.release(tmp_path, "m1")  # not ours: left alone
    assert held.exists()
    hold_as_other_copy(tmp_path, "m1", pid=dead_pid())  # its process is gone: stale
    assert lock.holder(tmp_path, "m1") is None
    assert lock.acquire(tmp_path, "m1") == held and lock.read_lock(held).pid == __import__("os").getpid()
    assert lock.acquire(tmp_path, "m1") == held  # ours already
    held.write_bytes(b"")  # unreadable: stale too
    lock.acquire(tmp_path, "m1")
    lock.release(tmp_path, "m1")
    assert not held.exists()
    assert not [p for p in held.parent.iterdir() if p.name.endswith(".tmp")]


async def test_second_copy_is_told_and_can_review_or_copy(dirs) -> None:
    from textual.widgets import OptionList  # noqa: F401

    from saves import load
    from saves.lock import read_lock
    from tui.screens.dialogs import ChoiceDialog
    from tui.screens.game import GameScreen

    data, _ = dirs
    m = new_match(moves=5)
    path = autosave(m, data)
    before = path.read_bytes()
    lock_file = hold_as_other_copy(data, m.id)
    app = make_app(dirs)
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        menu = app.screen.query_one("#launcher-menu")
        assert "open in another copy" in str(menu.get_option_at_index(0).prompt)
        await pilot.press("a")  # continue it
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert "open in another copy of Lowlands" in dialog.question
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, MessageDialog) and "read-only" in app.screen.message
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ReviewScreen) and app.screen.read_only
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("a")
        await settle(pilot)
        await pilot.press("c")  # a copy: its own id, its own autosave
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen) and game.match.id != m.id
        assert read_lock(lock_file).pid != __import__("os").getpid()  # the other copy's lock stands
        await pilot.press(game.picker.choices[0].hotkey)
        await settle(pilot)
        await pilot.press("q")
        await settle(pilot)
    assert path.read_bytes() == before  # the other copy's game is untouched
    assert load(autosave_path(game.match, data)).ply == 6


async def test_a_game_being_played_holds_its_lock_until_it_is_closed(dirs) -> None:
    import os

    from saves.lock import lock_path, read_lock
    from tui.screens.game import GameScreen
    from tui.screens.launcher import LauncherScreen

    data, _ = dirs
    m = new_match(moves=2)
    autosave(m, data)
    app = make_app(dirs)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("a")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        info = read_lock(lock_path(data, m.id))
        assert info is not None and info.pid == os.getpid()
        app.go_launcher()
        await settle(pilot)
        assert isinstance(app.screen, LauncherScreen)
        assert not lock_path(data, m.id).exists()
        await pilot.press("a")
        await settle(pilot)
        assert lock_path(data, m.id).exists()
        await pilot.press("q")
        await settle(pilot)
    assert not lock_path(data, m.id).exists()


# -- item 11: the ASCII look, chosen in the app and remembered ------------------------------
def test_ascii_text_spells_glyphs_out() -> None:
    from tui.widgets.common import ascii_cell, ascii_text

    assert ascii_text("Ann moves a token (-½): 2½ guilders → Zoë • done") == \
        "Ann moves a token (-0.5): 2.5 guilders -> Zoe * done"
    assert ascii_text("李") == "?" and ascii_text("plain") == "plain"
    assert ascii_cell("←", 1) == "<" and ascii_cell("李", 2) == "? " and ascii_cell("•", 1) == "*"


async def test_ascii_look_from_the_palette_is_remembered(dirs) -> None:
    from tui.config import load_config

    m = new_match(moves=3)
    app = make_app(dirs, start=lambda: ReviewScreen(m))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert not app.ascii
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"ascii look")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert app.ascii
        assert "(read-only)" not in app.screen.sub_title
        from tui.chrome import AsciiFilter

        assert any(isinstance(f, AsciiFilter) for f in app.get_line_filters())
    assert load_config(dirs[1]).ascii is True
    again = make_app(dirs)
    assert again.ascii
    async with again.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"full look")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert not again.ascii
    assert load_config(dirs[1]).ascii is False


async def test_ascii_look_switched_in_the_launcher(dirs) -> None:
    from tui.chrome import KeyFooter
    from tui.config import load_config

    app = make_app(dirs)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert any(b.description == "ASCII look" for b in app.screen.BINDINGS if b.show)  # in the footer
        assert app.screen.query(KeyFooter)
        await pilot.press("6")
        await settle(pilot)
        assert app.ascii and load_config(dirs[1]).ascii
        await pilot.press("6")
        await settle(pilot)
        assert not app.ascii and not load_config(dirs[1]).ascii


@pytest.mark.parametrize("game_id", ["gift-of-tulips", "golden-age", "windmill-valley"])
async def test_ascii_look_switched_over_a_game(dirs, game_id) -> None:
    from core import GAMES
    from tui.screens import screen_for
    from tui.widgets.log import Log

    game = GAMES[game_id]
    m = Match(game, [Seat(n) for n in ("Ann", "Bob", "Cy")], 5)
    for _ in range(12):
        m.push(choose(game, m.state, m.ply))
    app = make_app(dirs, start=lambda: screen_for(m, data_dir=dirs[0]))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.set_ascii(True)
        await settle(pilot)
        for log in app.screen.query(Log):
            assert all(line.text.isascii() for line in log.lines)
        app.set_ascii(False)
        await settle(pilot)


async def test_save_dialog_names_the_game_it_would_replace(dirs, tmp_path) -> None:
    """Replacing another save asks with that save's game, players and decision
    (playtest: a Fields of Arle save was about to be lost to a bare 'exists.')."""
    from tui.screens import screen_for

    m = new_match(moves=6)
    other = tmp_path / "other.json"
    save(new_match(names=("Zoe", "Yan"), seed=3, moves=2), other)
    before = other.read_bytes()
    app = make_app(dirs, start=lambda: screen_for(m, data_dir=dirs[0]))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.save_dialog(m)
        await settle(pilot)
        assert isinstance(app.screen, PathDialog)
        app.screen.query_one("#path", Input).value = str(other)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        assert app.screen.question == f"{other} exists: a Lowlands save (Gift of Tulips: Zoe, Yan; decision 2). Replace it?"
        await pilot.press("n")
        await settle(pilot)
    assert other.read_bytes() == before
