"""Pilot tests for the shared app's playtest findings (December playtest):
continuing a reviewed file, the held-key guard, hints, launcher entries, the
new-game form, names and the small-screen texts.

Each test fails without its fix; they drive the real app by keys at 80x24.
"""

from __future__ import annotations

from pathlib import Path

from saves import autosave, autosave_path, load
from tui.screens.dialogs import ConfirmDialog
from tui.screens.game import GameScreen
from tui.screens.review import ReviewScreen

from tests.apphelpers import finished_match, make_app, new_match, settle


# -- finding 2: continuing a review of a file never writes that file ----------------------
async def test_review_of_a_finished_autosave_continues_as_a_new_game(dirs) -> None:
    data, _ = dirs
    m = finished_match(seed=5)
    path = autosave(m, data)
    before = path.read_bytes()
    app = make_app(dirs)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.open_file(path, review=True)  # `lowlands review FILE` / launcher 3
        await settle(pilot, 3)
        review = app.screen
        assert isinstance(review, ReviewScreen)
        await pilot.press("home", "right", "right", "right", "right", "c")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, ConfirmDialog)
        assert "as a new game" in dialog.question and f"{path.name} stays as it is" in dialog.question
        await pilot.press("y")
        await settle(pilot, 3)
        game = app.screen
        assert isinstance(game, GameScreen) and game.match.ply == 4 and not game.match.is_over()
        assert game.match.id != m.id
        await pilot.press("1")  # play on: the new game's own autosave
        await settle(pilot, 3)
        app.autosave_open_matches()
        assert load(autosave_path(game.match, data)).ply == 5
    assert path.read_bytes() == before  # the finished game stays finished
    assert load(path).is_over()


async def test_in_game_review_continue_keeps_the_live_game(dirs) -> None:
    data, _ = dirs
    m = new_match(moves=6)
    app = make_app(dirs, start=lambda: GameScreen(m, data_dir=data, bot_delay=0.01))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, ReviewScreen)
        await pilot.press("left", "left", "c")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        assert "as a new game" not in app.screen.question and "2 later decisions" in app.screen.question
        await pilot.press("y")
        await settle(pilot, 3)
        assert app.screen is game and m.ply == 4 and game.match.id == m.id
    assert load(autosave_path(m, data)).ply == 4


# -- finding 8: the hint sits above the choices and goes with its decision ---------------------
async def test_hint_is_shown_above_the_choices_and_cleared_by_the_decision(dirs) -> None:
    from tui.widgets.choice import Prompt

    data, _ = dirs
    m = new_match(moves=2)
    screen = GameScreen(m, data_dir=data, bot_delay=0.01)
    app = make_app(dirs, start=lambda: screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = m.game
        target = m.legal_moves()[-1]

        async def think(version: int, want_hint: bool):
            return game.notation(target), (None, 1.5, 0.0, 40)

        screen._think = think  # type: ignore[method-assign]
        await pilot.press("h")
        for _ in range(50):
            if screen.picker.hint:
                break
            await pilot.pause(0.02)
        await settle(pilot)
        hint = screen.picker.hint
        assert hint.startswith(f"Hint: {screen.choice_label(m.state, target)}")
        assert not app._notifications, "no toast over the screen"
        prompt = screen.picker.query_one(Prompt)
        assert hint.split()[1] in prompt.text  # drawn in the line(s) above the choices
        listing = screen.picker.option_list.region
        assert prompt.region.bottom <= listing.y  # never over them
        assert screen._shown[screen.picker.highlighted_index].moves == (target,)
        await pilot.press("enter")  # the decision is made: the hint goes with it
        await settle(pilot)
        assert m.ply == 3 and screen.picker.hint == ""
        assert "Hint" not in screen.picker.query_one(Prompt).text
        screen._think = think  # type: ignore[method-assign]
        target = m.legal_moves()[0]
        await pilot.press("h")
        for _ in range(50):
            if screen.picker.hint:
                break
            await pilot.pause(0.02)
        await pilot.press("u")  # undone: gone too
        await settle(pilot)
        assert m.ply == 2 and screen.picker.hint == ""
