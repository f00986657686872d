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
        await pilot.press("enter")
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
