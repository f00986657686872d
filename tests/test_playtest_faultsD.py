"""Faults a fresh playtester found (the fixD list): the save dialog made missing
folders without asking, a load error lost the typed path, command-line wording
(review, a game that cannot be set up, --bots, arena's player count), and the
new-game form's names and seed. Each test fails without its fix."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, Static

from tests.apphelpers import make_app, new_match, settle
from tui import app as app_module
from tui.app import main


def text_of(widget: Static) -> str:
    return str(widget.render())


# -- 1. the save and export dialogs refuse a folder that is not there ---------------------------
@pytest.mark.parametrize("export", [False, True])
async def test_save_dialog_refuses_a_missing_folder_and_keeps_the_path(dirs, tmp_path, export: bool) -> None:
    from tui.screens import screen_for
    from tui.screens.dialogs import MessageDialog, PathDialog

    m = new_match(moves=3)
    missing = tmp_path / "nonexist"
    typed = str(missing / ("x.txt" if export else "x.json"))
    app = make_app(dirs, start=lambda: screen_for(m, data_dir=dirs[0]))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        (app.export_dialog if export else app.save_dialog)(m)
        await settle(pilot)
        assert isinstance(app.screen, PathDialog)
        app.screen.query_one("#path", Input).value = typed
        await pilot.press("enter")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, PathDialog) and not isinstance(dialog, MessageDialog)  # still asking
        assert dialog.query_one("#path", Input).value == typed  # the path kept, to be corrected
        assert f"there is no folder {missing}" in text_of(dialog.query_one("#path-error", Static)).lower()
        assert not missing.exists()  # (once: "Saved to ...", the folder made unasked)
        # the offer: Enter again on the same path makes the folder and writes there
        await pilot.press("enter")
        await settle(pilot, 3)
        assert not isinstance(app.screen, PathDialog)
    assert Path(typed).is_file()


async def test_save_dialog_writes_in_its_own_missing_saves_folder(dirs) -> None:
    """The default path is in the data folder's saves/, which need not be there
    yet: Lowlands' own folder is made without asking."""
    from tui.screens import screen_for
    from tui.screens.dialogs import PathDialog

    data, _ = dirs
    m = new_match(moves=3)
    assert not (data / "saves").exists()
    app = make_app(dirs, start=lambda: screen_for(m, data_dir=data))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.save_dialog(m)
        await settle(pilot)
        assert isinstance(app.screen, PathDialog)
        await pilot.press("enter")
        await settle(pilot, 3)
        assert not isinstance(app.screen, PathDialog)
    assert len(list((data / "saves").glob("*.json"))) == 1


async def test_save_dialog_refuses_a_path_through_a_file(dirs, tmp_path) -> None:
    from tui.screens import screen_for
    from tui.screens.dialogs import PathDialog

    notes = tmp_path / "notes"
    notes.write_text("mine\n")
    m = new_match(moves=3)
    app = make_app(dirs, start=lambda: screen_for(m, data_dir=dirs[0]))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.save_dialog(m)
        await settle(pilot)
        app.screen.query_one("#path", Input).value = str(notes / "x.json")
        for _ in range(2):  # (no offer to make a folder where a file is)
            await pilot.press("enter")
            await settle(pilot)
            assert isinstance(app.screen, PathDialog)
            assert f"{notes} is a file, not a folder" in text_of(app.screen.query_one("#path-error", Static))
    assert notes.read_text() == "mine\n"


def test_data_dir_that_is_a_file_says_so(tmp_path, monkeypatch, capsys) -> None:
    from saves import SaveError
    from saves.store import data_dir

    notes = tmp_path / "notes.txt"
    notes.write_text("mine\n")
    with pytest.raises(SaveError) as e:
        data_dir(notes)
    assert str(e.value) == f"The data folder {notes} is a file, not a folder."
    with pytest.raises(SaveError) as e:
        data_dir(notes / "sub")
    assert str(e.value) == f"The data folder {notes / 'sub'} cannot be created: {notes} is a file, not a folder."
    assert "File exists" not in str(e.value)
    assert notes.read_text() == "mine\n"


# -- 2. a load or review error on a typed path keeps the dialog open ----------------------------
@pytest.mark.parametrize("review", [False, True])
async def test_a_bad_typed_file_keeps_the_load_dialog_with_its_path(dirs, tmp_path, review: bool) -> None:
    from tui.screens.dialogs import LoadDialog, MessageDialog
    from tui.screens.game import GameScreen
    from tui.screens.review import ReviewScreen

    bad = tmp_path / "bad.json"
    bad.write_text("not a save\n")
    good = tmp_path / "good.json"
    from saves import save

    save(new_match(moves=4), good)
    app = make_app(dirs)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("3" if review else "2")
        await settle(pilot)
        assert isinstance(app.screen, LoadDialog)
        app.screen.query_one("#path", Input).value = str(bad)
        await pilot.press("enter")
        await settle(pilot, 3)
        dialog = app.screen
        assert isinstance(dialog, LoadDialog) and not isinstance(dialog, MessageDialog)  # (once: closed)
        assert dialog.query_one("#path", Input).value == str(bad)
        error = text_of(dialog.query_one("#path-error", Static))
        assert f"{bad} is not a Lowlands save" in error
        assert ("or record" in error) == review
        dialog.query_one("#path", Input).value = str(good)  # corrected
        await pilot.press("enter")
        await settle(pilot, 3)
        assert isinstance(app.screen, ReviewScreen if review else GameScreen)


# -- 3. command-line wording ------------------------------------------------------------------
@pytest.fixture
def no_tui(monkeypatch, tmp_path):
    monkeypatch.setenv("LOWLANDS_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("LOWLANDS_CONFIG_DIR", str(tmp_path / "config"))

    def boom(self, *a, **k):
        raise AssertionError("the TUI was started")

    monkeypatch.setattr(app_module.LowlandsApp, "run", boom)
    monkeypatch.setattr(app_module, "terminal_problem", lambda: "")


def one_line(capsys) -> str:
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


def test_review_of_another_file_says_save_or_record(no_tui, tmp_path, capsys) -> None:
    other = tmp_path / "passwd"
    other.write_text("root:x:0:0:root:/root:/bin/bash\n")
    assert main(["review", str(other)]) == 2
    assert f"{other} is not a Lowlands save or record (" in one_line(capsys)
    assert main(["load", str(other)]) == 2  # (load opens saves only)
    line = one_line(capsys)
    assert f"{other} is not a Lowlands save (" in line and "or record" not in line


def test_a_game_that_cannot_be_set_up_reads_as_one_sentence(no_tui, tmp_path, capsys) -> None:
    from core import get_game
    from core.match import Match, Seat
    from saves import save

    path = tmp_path / "solo.json"
    save(Match(get_game("windmill-valley"), [Seat("Ann")], 3), path)
    data = json.loads(path.read_text())
    data["options"]["solo_level"] = 5
    path.write_text(json.dumps(data))
    assert main(["review", str(path)]) == 2
    line = one_line(capsys)
    assert line == f"lowlands: {path} cannot be set up again: the solo level is 1, 2 or 3, not 5.", line


def test_clause_keeps_names_and_lowers_sentence_starts() -> None:
    from saves.format import clause

    assert clause(ValueError("The solo level is 1, 2 or 3, not 5.")) == "the solo level is 1, 2 or 3, not 5"
    assert clause(ValueError("Bob has no seat")) == "Bob has no seat"
    assert clause(ValueError("Windmill Valley takes 1-4 players")) == "Windmill Valley takes 1-4 players"


@pytest.mark.parametrize("bots", ["Bob:strong,Bob:random", "Bob,bob:greedy"])
def test_bots_naming_a_player_twice_is_refused(no_tui, capsys, bots: str) -> None:
    assert main(["new", "gift-of-tulips", "--players", "Ann,Bob,Cy", "--bots", bots]) == 2
    line = one_line(capsys)
    assert "twice" in line and "Bob" in line.replace("bob", "Bob"), line


def test_arena_checks_the_player_count_first(no_tui, capsys) -> None:
    assert main(["arena", "windmill-valley", "--players", "9", "--bots", "strong,random", "--games", "1"]) == 2
    assert one_line(capsys) == "lowlands: Windmill Valley takes 1-4 players, not 9"


# -- 4. the new-game form: long names, the name's start, the seed --------------------------------
async def _form(app: Any, pilot: Any) -> Any:
    from tui.screens.new_game import NewGameScreen

    await settle(pilot)
    await pilot.press("1")
    await settle(pilot)
    assert isinstance(app.screen, NewGameScreen)
    return app.screen


async def test_a_name_too_wide_is_kept_and_refused(dirs) -> None:
    app = make_app(dirs)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await _form(app, pilot)
        name = form.query_one("#name-0", Input)
        name.focus()
        name.value = ""
        await pilot.press(*"AnnabellaWilhelminaVanDenBerg")  # 29 letters
        await settle(pilot)
        assert name.value == "AnnabellaWilhelminaVanDenBerg"  # (once: cut to 24, silently)
        assert text_of(form.query_one("#name-error-0", Static)) == "At most 24 columns wide"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.screen is form  # not started


async def test_a_name_as_wide_as_its_box_shows_its_start_when_left(dirs) -> None:
    app = make_app(dirs)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await _form(app, pilot)
        name = form.query_one("#name-0", Input)
        name.focus()
        name.value = ""
        await pilot.press(*"AnnabellaWilhelminaVanDe")  # 24: the box's width
        await settle(pilot)
        assert name.scroll_offset.x > 0  # (typing: the cursor past the end is in view)
        await pilot.press("tab")
        await settle(pilot)
        assert app.focused is not name
        assert name.scroll_offset.x == 0
        assert name.render_line(0).text.startswith("AnnabellaWilhelminaVanDe")  # (once: "nnabella...")


async def test_a_seed_not_a_whole_number_is_said_and_stops_the_start(dirs) -> None:
    from tui.screens.game import GameScreen

    app = make_app(dirs)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await _form(app, pilot)
        seed = form.query_one("#seed", Input)
        seed.focus()
        await pilot.press(*"hello world")
        await settle(pilot)
        assert seed.value == "hello world"  # (once: every key dropped, silently)
        assert text_of(form.query_one("#seed-error", Static)) == "The seed must be a whole number"
        await pilot.press("ctrl+s")
        await settle(pilot, 3)
        assert app.screen is form  # (once: started with a random seed)
        assert seed.value == "hello world"  # nothing lost
        seed.value = "42"
        await settle(pilot)
        assert text_of(form.query_one("#seed-error", Static)) == ""
        await pilot.press("ctrl+s")
        await settle(pilot, 3)
        assert isinstance(app.screen, GameScreen) and app.screen.match.seed == 42
