"""Pilot tests for the playtest faults of notes/TUI_FIXES.md fixed in the game
screen, the choice picker, DataWidget and the Gift of Tulips screen."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.text import Text
from textual.app import App
from textual.containers import Vertical

from core import get_game
from core.match import Match, Seat
from tui.screens.gift_of_tulips import GiftOfTulipsScreen
from tests.test_tui_game import GameApp
from tui.widgets.choice import ChoicePicker

GAME = get_game("gift-of-tulips")


def hotseat(names=("Ann", "Bob", "Cy"), seed: int = 1) -> Match:
    return Match(GAME, [Seat(n, "human") for n in names], seed=seed)


# -- 1. a held key does not play other players' turns ------------------------------------
async def test_held_key_cannot_pass_the_turn_to_the_next_human(tmp_path: Path) -> None:
    match = hotseat()
    # a long guard, so the test does not depend on how fast the machine is
    screen = GiftOfTulipsScreen(match, data_dir=tmp_path, bot_delay=0.01, seat_guard=30.0)
    async with GameApp(screen).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        first = match.to_move()
        for _ in range(30):
            await pilot.press("1")
        await pilot.pause()
        assert match.moves, "the first player's pick was taken"
        assert set(match.movers) == {first}, "no pick was made for another player"
        nxt = match.to_move()
        assert nxt != first
        assert screen.sub_title == f"{screen.names[nxt]}'s turn"
        # Enter is held back too
        before = len(match.moves)
        await pilot.press("enter")
        await pilot.pause()
        assert len(match.moves) == before
        # once the guard time is over, the next player picks as usual
        screen.picker.hold(0)
        await pilot.press("1")
        await pilot.pause()
        assert len(match.moves) == before + 1
        assert match.movers[-1] == nxt


async def test_key_repeats_within_one_players_turn_are_not_held_back(tmp_path: Path) -> None:
    # one human against bots: the deciding human never changes, so no guard
    match = Match(GAME, [Seat("Ann", "human"), Seat("Bob", "bot"), Seat("Cy", "bot")], seed=1)
    screen = GiftOfTulipsScreen(match, data_dir=tmp_path, bot_delay=0.01, seat_guard=30.0)
    async with GameApp(screen).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not screen.picker.holding
        await pilot.press("1")
        await pilot.pause()
        assert match.moves and match.movers[0] == 0


# -- 2. the final board is not a dead end ------------------------------------------------
def finished(seed: int = 2) -> Match:
    import random

    match = hotseat(seed=seed)
    rnd = random.Random(seed)
    while not match.is_over():
        match.push(rnd.choice(list(match.legal_moves())))
    return match


async def test_final_board_goes_back_to_the_scores(tmp_path: Path) -> None:
    from tui.screens.game_over import GameOverScreen

    match = finished()
    screen = GiftOfTulipsScreen(match, data_dir=tmp_path, bot_delay=0.01)
    async with GameApp(screen).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app = pilot.app
        assert isinstance(app.screen, GameOverScreen)
        for key in ("g", "enter", "escape"):
            await pilot.press("escape")  # "Final board"
            await pilot.pause()
            assert app.screen is screen
            # the Footer offers the way back
            shown = {b.binding.key: b.binding.description for b in screen.active_bindings.values()
                     if b.binding.show and b.enabled}
            assert shown.get("g") == "Scores"
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, GameOverScreen), key


async def test_scores_key_does_nothing_while_playing(tmp_path: Path) -> None:
    match = hotseat()
    screen = GiftOfTulipsScreen(match, data_dir=tmp_path, bot_delay=0.01)
    async with GameApp(screen).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        await pilot.press("g")
        await pilot.pause()
        assert pilot.app.screen is screen
        assert not match.moves


# -- 3. the decision box fits labels that wrap ------------------------------------------
LONG = [
    ("", "Take one of the two actions: build a windmill on the hill next to the river", "a"),
    ("", "Take one of the two actions: plant tulips in every free field of the valley", "a"),
    ("", "Pass and keep your guilders for the next round", "b"),
]


class NarrowPickerApp(App):
    """A picker 34 columns wide (the game screen's side panel) whose first
    choices are set when it is mounted, as on a fresh game screen."""

    CSS = "#side { width: 34; height: 1fr; }"

    def __init__(self, picker: ChoicePicker, choices) -> None:
        super().__init__()
        self.picker, self.first = picker, choices

    def compose(self):
        with Vertical(id="side"):
            yield self.picker

    def on_mount(self) -> None:
        self.picker.set_choices(self.first, "4. Take one of the two actions")


def wrapped_lines(picker: ChoicePicker) -> int:
    """The lines the options take at the list's width (wrapping each label as
    Rich does), counted independently of the picker's own sizing."""
    ol = picker.option_list
    width = ol.content_region.width
    return sum(len(Text.from_markup("").join([o.prompt]).wrap(Console(), width)) for o in ol.options)


async def test_fresh_picker_shows_every_wrapped_line() -> None:
    picker = ChoicePicker(max_rows=16)
    async with NarrowPickerApp(picker, LONG).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        ol = picker.option_list
        need = wrapped_lines(picker)
        assert need > len(LONG)  # the labels do wrap at this width
        assert ol.content_region.height >= need
        assert ol.max_scroll_y == 0  # no scrollbar: every option is in view
        # a longer list than max_rows scrolls at max_rows
        many = [("", f"{i}: " + LONG[0][1], "a") for i in range(12)]
        picker.set_choices(many, "Many")
        await pilot.pause()
        assert ol.content_region.height == picker.max_rows
