"""Faults a playtester found (the polish9 list): Enter while a hint is being
worked out, ``q`` on the too-small screen, plain words for save errors, No to
"Replace it?", keys typed as a dialog closes, Gift of Tulips' keys from one
card to the next, plurals and finished games in the lists: each test fails
without its fix."""

from __future__ import annotations

import asyncio
import errno
from pathlib import Path

from textual.widgets import Input

from core import get_game
from core.match import Match, Seat
from tests.apphelpers import make_app, new_match, settle, wait_for


def _toasts(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


# -- 1. Enter while the hint is still thinking plays nothing -------------------------------------
async def test_enter_while_the_hint_thinks_plays_nothing(dirs) -> None:
    from tui.screens import screen_for

    m = new_match(names=("Ann", "Bob"), moves=2)  # the set-up done: Ann's first card
    game = m.game
    assert len(m.legal_moves()) > 2
    app = make_app(dirs, start=lambda: screen_for(m, data_dir=dirs[0]))
    answer = asyncio.Event()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        target = m.legal_moves()[-1]  # not the choice under the cursor
        other = m.legal_moves()[0]

        async def think(version: int, want_hint: bool):
            await answer.wait()
            return game.notation(target), (game.notation(other), 2.5, 1.5, 40)

        screen._think = think  # type: ignore[method-assign]
        ply = m.ply
        await pilot.press("h")
        await settle(pilot)
        assert screen._hinting
        await pilot.press("enter")  # once: played the choice under the cursor
        await settle(pilot)
        assert m.ply == ply
        assert any("hint is still thinking" in t for t in _toasts(app))
        await pilot.press("2")  # a choice's key: nothing either
        await settle(pilot)
        assert m.ply == ply
        answer.set()
        await wait_for(pilot, lambda: bool(screen.picker.hint))
        await pilot.press("enter")  # now Enter plays the hint's choice
        await settle(pilot)
        assert m.ply == ply + 1 and m.moves[-1] == target


async def test_undo_stays_live_while_the_hint_thinks(dirs) -> None:
    from tui.screens import screen_for

    m = new_match(names=("Ann", "Bob"), moves=3)
    app = make_app(dirs, start=lambda: screen_for(m, data_dir=dirs[0]))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen

        async def think(version: int, want_hint: bool):
            await asyncio.sleep(30)
            return None, None

        screen._think = think  # type: ignore[method-assign]
        await pilot.press("h")
        await settle(pilot)
        await pilot.press("u")
        await settle(pilot)
        assert m.ply == 2


# -- 2. q on the too-small screen quits nothing ------------------------------------------------
async def test_q_on_the_too_small_screen_keeps_the_game_and_its_dialog(dirs) -> None:
    from tui.app import TooSmallScreen
    from tui.screens import screen_for
    from tui.screens.dialogs import SavePathDialog

    m = new_match(moves=4)
    app = make_app(dirs, start=lambda: screen_for(m, data_dir=dirs[0]))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("s", "s")
        await settle(pilot)
        assert isinstance(app.screen, SavePathDialog)
        await pilot.resize_terminal(60, 20)
        await settle(pilot, 4)
        assert isinstance(app.screen, TooSmallScreen)
        note = str(app.screen.query_one("#too-small-message").render())
        assert "ctrl+q quits" in note and "autosaved" in note
        await pilot.press("q")  # once: the app quit, the dialog lost
        await settle(pilot)
        assert app.is_running and app.return_code is None
        await pilot.resize_terminal(80, 24)
        await settle(pilot, 4)
        assert isinstance(app.screen, SavePathDialog)


# -- 3. save errors in plain words -----------------------------------------------------------
def test_unwritable_reasons_are_plain_words(tmp_path) -> None:
    from saves.store import why_unwritable

    blocker = tmp_path / "notes"
    blocker.write_text("x")
    # mkdir under a file says "File exists"; the player is told the parent is a file
    assert why_unwritable(blocker / "g.json", FileExistsError(errno.EEXIST, "File exists")) == (
        f"{blocker} is a file, not a folder")
    assert why_unwritable(blocker / "deeper" / "g.json", OSError(errno.ENOTDIR, "Not a directory")) == (
        f"{blocker} is a file, not a folder")
    assert why_unwritable(tmp_path / "no" / "g.json") == f"there is no folder {tmp_path / 'no'}"
    assert why_unwritable(tmp_path / "g.json", PermissionError(errno.EACCES, "Permission denied")) == (
        f"you may not write in {tmp_path} (permission denied)")
    assert why_unwritable(tmp_path / "g.json", OSError(errno.EROFS, "Read-only file system")) == (
        f"{tmp_path} is on a read-only disk")
    assert why_unwritable(tmp_path / "g.json", OSError(errno.ENOSPC, "No space left on device")) == "the disk is full"
    assert why_unwritable(tmp_path, IsADirectoryError(errno.EISDIR, "Is a directory")) == f"{tmp_path} is a folder"


async def test_the_save_dialog_says_the_parent_is_not_a_folder(dirs) -> None:
    from tui.screens import screen_for
    from textual.widgets import Static

    from tui.screens.dialogs import MessageDialog, PathDialog, SavePathDialog

    blocker = dirs[0] / "notes"
    blocker.write_text("x")
    m = new_match(moves=4)
    app = make_app(dirs, start=lambda: screen_for(m, data_dir=dirs[0]))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for kind in ("s", "e"):  # the save and the export
            await pilot.press("s", kind)
            await settle(pilot)
            assert isinstance(app.screen, SavePathDialog if kind == "s" else type(app.screen))
            app.screen.query_one("#path", Input).value = str(blocker / "g.json")
            await pilot.press("enter")
            await settle(pilot)
            # said under the path box, before any write (tests/test_playtest_faultsD.py)
            assert isinstance(app.screen, PathDialog) and not isinstance(app.screen, MessageDialog)
            said = str(app.screen.query_one("#path-error", Static).render())
            assert f"{blocker} is a file, not a folder" in said
            assert "File exists" not in said and "Errno" not in said
            await pilot.press("escape")  # out of the path box
            await settle(pilot)


def test_export_o_under_a_file_says_it_is_not_a_folder(tmp_path, capsys) -> None:
    from saves import save
    from tui.app import main

    m = new_match(moves=4)
    save(m, tmp_path / "g.json")
    blocker = tmp_path / "notes"
    blocker.write_text("x")
    code = main(["--data-dir", str(tmp_path / "data"), "export", str(tmp_path / "g.json"), "-o", str(blocker / "r.txt")])
    err = capsys.readouterr().err
    assert code == 2
    assert f"{blocker} is a file, not a folder" in err  # once: "No such file or directory"
    code = main(["--data-dir", str(tmp_path / "data"), "export", str(tmp_path / "g.json"), "-o",
                 str(tmp_path / "no" / "r.txt")])
    assert f"there is no folder {tmp_path / 'no'}" in capsys.readouterr().err


# -- 4. No to "Replace it anyway?" goes back to the path; keys after a dialog --------------------
async def test_no_to_replace_goes_back_to_the_path_box(dirs) -> None:
    from tui.screens import screen_for
    from tui.screens.dialogs import ConfirmDialog, SavePathDialog

    other = dirs[0] / "letter.txt"
    other.write_text("Dear Ann,\n")
    m = new_match(moves=4)
    app = make_app(dirs, start=lambda: screen_for(m, data_dir=dirs[0]))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("s", "s")
        await settle(pilot)
        app.screen.query_one("#path", Input).value = str(other)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, SavePathDialog)  # once: the whole dialog closed
        assert app.screen.query_one("#path", Input).value == str(other)
    assert other.read_text() == "Dear Ann,\n"


async def test_keys_typed_as_a_dialog_closes_do_not_play(dirs) -> None:
    """A dialog closes on a key (Enter in the path box, OK, y / n); the keys
    that follow it in one stream (Enter pressed twice, held, or the next
    characters typed on) once went to the game's choices and played a move.
    They wait for a pause now, as after a change of player."""
    from tui.screens import game_screen_class
    from tui.screens.dialogs import SavePathDialog

    m = new_match(moves=4)
    # a hold of 1 s (the app's is 0.15): keys a loaded machine delivers slowly still come within it
    app = make_app(dirs, start=lambda: game_screen_class(m.game.id)(m, data_dir=dirs[0], seat_guard=1.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        ply = m.ply
        await pilot.press("s", "s")
        await settle(pilot)
        assert isinstance(app.screen, SavePathDialog)
        app.screen.query_one("#path", Input).value = str(dirs[0] / "kept.json")
        await pilot.press("enter")  # saved: the dialog closes
        await pilot.press("enter", "1")  # Enter again at once, a digit typed on
        await settle(pilot)
        assert (dirs[0] / "kept.json").is_file()
        assert m.ply == ply  # once: the second Enter played the choice under the cursor
        await pilot.pause(1.3)  # a pause: the next key counts
        await pilot.press("1")
        await settle(pilot)
        assert m.ply == ply + 1


# -- 5. Gift of Tulips: a choice keeps its key from the first card to the second ----------------
async def test_gift_of_tulips_choices_keep_their_keys(dirs) -> None:
    from tui.screens import screen_for

    m = Match(get_game("gift-of-tulips"), [Seat("Anna"), Seat("Bram"), Seat("Cato")], 11)
    while m.state.phase == "setup":
        m.push(m.legal_moves()[0])
    app = make_app(dirs, start=lambda: screen_for(m, data_dir=dirs[0]))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen

        def keys() -> dict[str, str]:
            return {c.label.split(" (")[0]: c.hotkey for c in screen.picker.choices}

        first = keys()
        assert first == {"Keep it": "1", "Give to Bram": "2", "Give to Cato": "3",
                         "Add face up": "4", "Add face down": "5"}
        await pilot.press("1")  # keep the first card
        await settle(pilot)
        assert keys() == {"Give to Bram": "2", "Give to Cato": "3", "Add face up": "4", "Add face down": "5"}
        await pilot.press("3")  # give the second to Cato
        await settle(pilot)
        assert m.game.notation(m.moves[-1]) == "give 3"


# -- 6. plurals; finished games marked --------------------------------------------------------
async def test_review_counts_one_decision_and_one_turn(dirs) -> None:
    from tui.screens.review import ReviewScreen

    m = new_match(moves=1)
    app = make_app(dirs)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        review = ReviewScreen(m)
        await app.push_screen(review)
        await settle(pilot)
        await pilot.press("home")
        await settle(pilot)
        position = " ".join(t.plain for t in review.query_one("#review-position")._data)
        assert "Set-up, 1 decision, 1 turn" in position, position
        assert "1 decisions" not in review.sub_title


def test_a_finished_game_is_marked_in_the_lists() -> None:
    from saves.store import SaveInfo
    from tui.screens.launcher import describe_save, save_line

    info = SaveInfo("x.json", "gift-of-tulips", "Gift of Tulips", ["Ann", "Bob"], 92, True)
    assert "Decision 92, finished" in describe_save(info)[0]
    assert "finished" in save_line(info)
    going = SaveInfo("y.json", "gift-of-tulips", "Gift of Tulips", ["Ann", "Bob"], 40, False)
    assert "finished" not in save_line(going)
