"""Faults a fresh playtester found (the misc9 list: a failed save, the exit code of
a failed export, a Golden Age prompt's wording, toasts over the game-over
buttons): each test fails without its fix."""

from __future__ import annotations

from textual.widgets import Input

from tests.apphelpers import make_app, new_match, settle


# -- 1. a failed save asks again, the typed path kept ------------------------------------------
async def test_a_failed_save_comes_back_to_the_dialog_with_the_path(dirs) -> None:
    from tui.screens import screen_for
    from tui.screens.dialogs import MessageDialog, PathDialog, SavePathDialog

    m = new_match(moves=4)
    bad = "/proc/nope/x.json"
    app = make_app(dirs, start=lambda: screen_for(m, data_dir=dirs[0]))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("s", "s")
        await settle(pilot)
        assert isinstance(app.screen, SavePathDialog)
        app.screen.query_one("#path", Input).value = bad
        await pilot.press("enter")  # (the dialog says there is no folder /proc/nope, and offers to make it)
        await settle(pilot)
        assert isinstance(app.screen, SavePathDialog)
        await pilot.press("enter")  # make it: that fails
        await settle(pilot)
        assert isinstance(app.screen, MessageDialog)
        assert app.screen.title_text == "Not saved"
        assert "could not be written" in app.screen.message
        await pilot.press("enter")  # OK
        await settle(pilot)
        assert isinstance(app.screen, SavePathDialog)  # once: back to the game, the path lost
        assert app.screen.query_one("#path", Input).value == bad
        good = dirs[0] / "fixed.json"
        app.screen.query_one("#path", Input).value = str(good)
        await pilot.press("enter")
        await settle(pilot)
        assert not isinstance(app.screen, PathDialog | MessageDialog)
    assert good.is_file()


# -- 3. Golden Age: the token move's prompt asks a whole question ------------------------------
def test_golden_age_move_prompt_names_what_it_asks(tmp_path) -> None:
    from core import get_game
    from core.bots import choose
    from core.golden_age.rules import MoveToken
    from core.match import Match, Seat
    from tui.golden_age import GoldenAgeScreen

    game = get_game("golden-age")
    m = Match(game, [Seat("Ann"), Seat("Bob")], 1)
    screen = GoldenAgeScreen(m, data_dir=tmp_path)
    groups: list = []
    for _ in range(200):  # the first turn with a token to move (past the draft)
        moves = game.legal_moves(m.state)
        menu = screen.build_menu(m.state, moves)
        groups = [it for it in menu if len(it.moves) > 1 and isinstance(it.moves[0], MoveToken)]
        if groups:
            break
        m.push(choose(game, m.state, m.ply))
    assert groups
    for it in groups:  # once: "Move a token from Holland to (½ guilder):"
        assert it.prompt.startswith("Move a token from ") and "to which province? (½ guilder)" in it.prompt, it.prompt
        assert "  " not in it.prompt and not it.prompt.endswith(":")


# -- 4. no toast over the game-over screen's buttons -------------------------------------------
async def test_game_over_buttons_are_not_covered_by_toasts(dirs) -> None:
    from core import get_game
    from core.bots import choose
    from core.match import Match, Seat
    from textual.widgets._toast import Toast

    from tui.screens.game_over import GameOverScreen
    from tui.windmill_valley import WindmillValleyScreen

    wv = get_game("windmill-valley")
    m = Match(wv, [Seat("Anna")], 1)  # solo, against the Gardener: its end bonus is announced
    while True:  # up to the last decision
        move = choose(wv, m.state, m.ply)
        m.push(move)
        if m.is_over():
            m.undo()
            break
    screen = WindmillValleyScreen(m, data_dir=dirs[0])
    app = make_app(dirs, start=screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen.play(move)  # as the picker does
        await settle(pilot, 4)
        assert isinstance(app.screen, GameOverScreen)
        assert any("end bonus" in line for line in screen.wv_board.announcements)  # told on the board
        shown = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        assert "Launcher (l)" in shown and "Quit (q)" in shown, shown  # once: under two toasts
        assert not list(app._notifications), [n.message for n in app._notifications]
        assert not app.screen.query(Toast)
