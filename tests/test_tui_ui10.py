"""Pilot tests for issue 10's shared-UI items (GameScreen, ChoicePicker,
launcher, new-game form, dialogs, palette). Each test names its item and
failed before its fix."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from core import get_game
from core.match import Match, Seat
from saves import save
from tui.app import LowlandsApp
from tui.screens.game import GameScreen

TULIPS = get_game("gift-of-tulips")


def hotseat(names=("Ann", "Bob", "Cy"), seed: int = 2, game=TULIPS) -> Match:
    return Match(game, [Seat(n, "human") for n in names], seed=seed)


def one_move_left(seed: int = 2) -> Match:
    """A Gift of Tulips match one decision before its end."""
    match = hotseat(seed=seed)
    rnd = random.Random(seed)
    while True:
        moves = list(match.legal_moves())
        last = match.state
        mv = rnd.choice(moves)
        if match.game.is_over(match.game.apply(last, mv)):
            return match
        match.push(mv)


@pytest.fixture
def dirs(tmp_path: Path) -> tuple[Path, Path]:
    data, config = tmp_path / "data", tmp_path / "config"
    data.mkdir()
    return data, config


async def settle(pilot, n: int = 3) -> None:
    for _ in range(n):
        await pilot.pause()


# -- item 3: the game-over screen's n / l after a loaded save ------------------------------------
@pytest.mark.parametrize("key", ["n", "l"])
async def test_game_over_after_a_loaded_save_goes_on_without_a_crash(dirs, tmp_path, key) -> None:
    from tui.screens.game_over import GameOverScreen
    from tui.screens.launcher import LauncherScreen
    from tui.screens.new_game import NewGameScreen

    match = one_move_left()
    path = tmp_path / "nearly.json"
    save(match, path)
    data, config = dirs
    app = LowlandsApp(data_dir=data, config_dir=config)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.open_file(path)
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press(key)
        await settle(pilot, 5)
        assert app.return_code is None and app._exception is None
        assert isinstance(app.screen, NewGameScreen if key == "n" else LauncherScreen)


# -- item 7: the highlight stays when a screen comes back -----------------------------------------
@pytest.mark.parametrize("cover", ["help", "resize", "palette", "review"])
async def test_highlight_stays_after_a_screen_comes_back(dirs, cover) -> None:
    from tui.screens import screen_for

    data, config = dirs
    match = hotseat()
    app = LowlandsApp(data_dir=data, config_dir=config,
                      start=lambda: screen_for(match, data_dir=data, curtain=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        picker = screen.picker
        await pilot.press("down")
        await settle(pilot)
        before = picker.highlighted_index
        assert before not in (None, 0)
        expected = screen._shown[before].moves[0]
        if cover == "help":
            await pilot.press("question_mark")
            await settle(pilot)
            assert app.screen is not screen
            await pilot.press("escape")
        elif cover == "resize":
            await pilot.resize_terminal(60, 20)
            await settle(pilot)
            assert app.screen is not screen
            await pilot.resize_terminal(80, 24)
        elif cover == "palette":
            app.action_command_palette()
            await settle(pilot)
            assert app.screen is not screen
            await pilot.press("escape")
        else:
            await pilot.press("r")
            await settle(pilot)
            assert app.screen is not screen
            await pilot.press("escape")
        await settle(pilot, 5)
        assert app.screen is screen
        assert picker.highlighted_index == before
        await pilot.press("enter")  # Enter plays what was highlighted
        await settle(pilot)
        assert match.moves and match.moves[-1] == expected
