"""Pilot tests for the playtest faults (the TUI_FIXES playtest notes) fixed in the game
screen, the choice picker, DataWidget and the Gift of Tulips screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from rich.console import Console
from rich.text import Text
from textual.app import App
from textual.containers import Vertical

from core import get_game
from core.match import Match, Seat
from tui.gift_of_tulips import GiftOfTulipsScreen
from tests.apphelpers import ScreenApp
from tui.widgets.base import DataWidget
from tui.widgets.choice import ChoicePicker

GAME = get_game("gift-of-tulips")


def hotseat(names=("Ann", "Bob", "Cy"), seed: int = 1) -> Match:
    return Match(GAME, [Seat(n, "human") for n in names], seed=seed)


# -- 1. a held key does not play other players' turns ------------------------------------
# Keys are posted with their own event times (a held key's repeats 30 ms apart), so the
# tests do not depend on how fast the machine handles them.
async def key_at(pilot, key: str, when: float) -> None:
    """Press ``key`` as if it arrived at ``when`` (Textual's clock, seconds)."""
    from textual import events

    event = events.Key(key, key if len(key) == 1 else None)
    event.time = when
    pilot.app.post_message(event)
    await pilot.pause()


async def test_held_key_stops_at_the_turn_change_a_new_press_is_taken(tmp_path: Path) -> None:
    import time

    match = hotseat()
    screen = GiftOfTulipsScreen(match, data_dir=tmp_path, bot_delay=0.01, seat_guard=0.15)
    async with ScreenApp(screen).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        first = match.to_move()
        t = time.monotonic()
        for i in range(30):  # "1" held down: a key every 30 ms
            await key_at(pilot, "1", t + 0.03 * i)
        await pilot.pause()
        assert len(match.moves) == 1 and match.movers == [first], "only the first press picked"
        nxt = match.to_move()
        assert nxt != first and screen.picker.holding
        await key_at(pilot, "enter", t + 0.03 * 30)  # Enter in the same stream: held back too
        assert len(match.moves) == 1
        # the next player's own key, 0.2 s after the stream stopped, is taken at once
        await key_at(pilot, "1", t + 0.03 * 30 + 0.2)
        assert len(match.moves) == 2 and match.movers[-1] == nxt


async def test_next_players_key_soon_after_a_single_press_is_taken(tmp_path: Path) -> None:
    import time

    match = hotseat()
    screen = GiftOfTulipsScreen(match, data_dir=tmp_path, bot_delay=0.01, seat_guard=0.15)
    async with ScreenApp(screen).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        first = match.to_move()
        t = time.monotonic()
        await key_at(pilot, "1", t)
        nxt = match.to_move()
        assert match.movers == [first] and nxt != first
        await key_at(pilot, "1", t + 0.2)  # was lost under the 0.4 s time window
        assert match.movers == [first, nxt]


async def test_key_repeats_within_one_players_turn_are_not_held_back(tmp_path: Path) -> None:
    # one human against bots: the deciding human never changes, so no guard
    match = Match(GAME, [Seat("Ann", "human"), Seat("Bob", "bot"), Seat("Cy", "bot")], seed=1)
    screen = GiftOfTulipsScreen(match, data_dir=tmp_path, bot_delay=0.01, seat_guard=30.0)
    async with ScreenApp(screen).run_test(size=(80, 24)) as pilot:
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
    async with ScreenApp(screen).run_test(size=(80, 24)) as pilot:
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
    async with ScreenApp(screen).run_test(size=(80, 24)) as pilot:
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


# -- 4. DataWidget never wraps its lines ----------------------------------------------------
class Wide(DataWidget):
    """Lines built wider than the widget (as after a resize, before the rebuild)."""

    def update(self, lines: tuple[str, ...]) -> None:
        self._set(lines)

    def build(self, width: int) -> list[Text]:
        return [Text(line) for line in self._data or ()]


class BoxApp(App):
    CSS = "#box { width: 20; height: auto; }"

    def __init__(self, widget: DataWidget) -> None:
        super().__init__()
        self.widget = widget

    def compose(self):
        with Vertical(id="box"):
            yield self.widget


async def test_data_widget_clips_lines_wider_than_itself() -> None:
    widget = Wide()
    async with BoxApp(widget).run_test(size=(60, 10)) as pilot:
        widget.update(("first line that is much wider than twenty", "second line"))
        await pilot.pause()
        assert widget.size.width == 20
        rows = ["".join(seg.text for seg in widget.render_line(y)).rstrip() for y in range(2)]
        # each line stays on its own row, cut at the widget's width
        assert rows == ["first line that is m", "second line"]


async def test_data_widget_builds_for_its_container_before_the_first_layout() -> None:
    widths: list[int] = []

    class Probe(Wide):
        def build(self, width: int) -> list[Text]:
            widths.append(width)
            return super().build(width)

    widget = Probe()

    class Early(BoxApp):
        def on_mount(self) -> None:
            # updated as a game screen's on_mount does: the widget itself has no size yet
            widget.update(("x",))

    async with Early(widget).run_test(size=(60, 10)) as pilot:
        await pilot.pause()
        assert widths and widths[0] != 80  # not the old guess
        assert widths[-1] == 20


# -- 5. the filter ranks a whole phrase first ---------------------------------------------
class PickApp(App):
    def __init__(self, picker: ChoicePicker) -> None:
        super().__init__()
        self.picker, self.chosen = picker, []

    def compose(self):
        yield self.picker

    def on_choice_picker_chosen(self, event: ChoicePicker.Chosen) -> None:
        self.chosen.append(event.index)


async def type_filter(pilot, text: str) -> None:
    await pilot.press("slash", *["space" if ch == " " else ch for ch in text])
    await pilot.pause()


def shown(picker: ChoicePicker) -> list[str]:
    return [str(o.prompt) for o in picker.option_list.options]


async def test_filter_puts_the_whole_phrase_first_and_enter_takes_it() -> None:
    picker = ChoicePicker()
    app = PickApp(picker)
    items = [
        ("", "Violet bulb into slot 1 (3 G)", "bulb"),
        ("", "Violet bulb into slot 2 (2 G)", "bulb"),
        ("", "Violet bulb into slot 3 (1 G)", "bulb"),
        ("", "Pass", "pass"),
    ]
    async with app.run_test(size=(60, 20)) as pilot:
        picker.set_choices(items, "Where?")
        picker.focus_list()
        await pilot.pause()
        await type_filter(pilot, "violet bulb into slot 3")
        assert "slot 3" in shown(picker)[0]
        await pilot.press("enter")
        await pilot.pause()
        assert app.chosen == [2]


async def test_filter_number_matches_a_word_before_part_of_a_word() -> None:
    picker = ChoicePicker()
    app = PickApp(picker)
    items = [("", f"Tile {n} on L{5 - n}", "tile") for n in range(1, 5)]
    async with app.run_test(size=(60, 20)) as pilot:
        picker.set_choices(items, "Which tile?")
        picker.focus_list()
        await pilot.pause()
        await type_filter(pilot, "tile 4")
        assert shown(picker)[0].strip().endswith("Tile 4 on L1")
        await pilot.press("enter")
        await pilot.pause()
        assert app.chosen == [3]


async def test_filter_says_no_match_and_enter_picks_nothing() -> None:
    picker = ChoicePicker()
    app = PickApp(picker)
    async with app.run_test(size=(60, 20)) as pilot:
        picker.set_choices([("", "Keep orange 2", "keep"), ("", "Keep orange 3", "keep")], "Keep which?")
        picker.focus_list()
        await pilot.pause()
        await type_filter(pilot, "violet")
        assert shown(picker) == ["no match"]
        assert picker.highlighted_index is None
        await pilot.press("enter")
        await pilot.pause()
        assert app.chosen == []


# -- 7. no stale banner after review -> continue ------------------------------------------
async def test_continuing_a_finished_game_clears_the_game_over_banner(tmp_path: Path) -> None:
    from textual.screen import Screen

    from tests.test_tui_windmill_valley import make_match as wv_match, quick_choice
    from tui.windmill_valley import WindmillValleyScreen

    match = wv_match(["Ann", "Bob"], seed=37)
    while not match.is_over():
        match.push(match.legal_moves()[quick_choice(match)])
    screen = WindmillValleyScreen(match, data_dir=tmp_path, bot_delay=0.01)
    async with ScreenApp(screen).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app = pilot.app
        await pilot.press("escape")  # the final board
        await pilot.pause()
        assert app.screen is screen
        last = match.moves[-1]
        # the last decision as played here, with the game's own announcements
        match.undo()
        screen.refresh_view()
        await pilot.pause()
        screen.play(last)
        await pilot.pause()
        while app.screen is not screen:  # the game-over screen comes up again
            app.pop_screen()
            await pilot.pause()
        assert screen.wv_board.announcements, "playing the last decision announces the end"
        # review -> continue from an earlier decision, on another screen
        app.push_screen(Screen())
        await pilot.pause()
        match.continue_from(len(match.moves) - 3)
        app.pop_screen()
        await pilot.pause()
        assert not match.is_over()
        assert screen.wv_board.announcements == []
        assert "over" not in screen.wv_board.query_one("#wv-banner").text


# -- 10. Gift of Tulips board words and previews ------------------------------------------
def to_play_with(kind: type, seed: int = 1) -> Match:
    """A hotseat match played (first legal moves) until ``kind`` is legal for a
    drawn, face-up card."""
    match = hotseat(seed=seed)
    while not any(isinstance(m, kind) for m in match.legal_moves()):
        match.push(match.legal_moves()[0])
    return match


def text_of(screen: GiftOfTulipsScreen, wid: str) -> str:
    return screen.board.query_one(wid).text


async def test_keep_preview_counts_the_tulip_too(tmp_path: Path) -> None:
    from core.gift_of_tulips import Keep

    match = to_play_with(Keep)
    seat = match.to_move()
    before = len(match.state.bouquets[seat])
    screen = GiftOfTulipsScreen(match, data_dir=tmp_path, bot_delay=0.01)
    async with ScreenApp(screen).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen._draw_board(targets=[Keep()])
        await pilot.pause()
        row = next(line for line in text_of(screen, "#got-bouquets").splitlines()[1:]
                   if screen.letters[seat] + " " + screen.names[seat][:5] in line)
        tul, _vp = row.split()[-2:]
        # marked as a preview (issue 10 item 28): the count now, an arrow, the count after
        assert tul == f"{before}→{before + 1}"


async def test_secret_note_and_deck_words_fit_at_80x24(tmp_path: Path) -> None:
    from core.engine import copy_state
    from core.gift_of_tulips import Secret

    match = to_play_with(Secret)
    screen = GiftOfTulipsScreen(match, data_dir=tmp_path, bot_delay=0.01)
    async with ScreenApp(screen).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen._draw_board(targets=[Secret()])
        await pilot.pause()
        cards = screen.board.query_one("#got-cards")
        lines = cards.text.splitlines()
        assert all(len(line.rstrip()) <= cards.size.width for line in lines)
        secret = " ".join(lines[i].strip() for i, line in enumerate(lines) if "Secret" in line
                          or (i and "Secret" in lines[i - 1] and line.startswith(" " * 10)))
        assert secret.endswith("+1 if you add it") or secret.endswith("+1 if added"), secret
        # the deck counts everyone's turns, and says so (a playtester read "about 24 turns left" as theirs)
        left = len(match.state.deck)
        total = left // 2 + 1  # the turn under way counts
        deck = next(line for line in lines if "Deck" in line)
        assert deck.split(None, 1)[1] == f"{left} cards ({total} turns in all, {total // 3} each)" or (
            deck.split(None, 1)[1] == f"{left} cards ({total} turns in all, {total // 3} or {total // 3 + 1} each)"), deck
        # one card left: singular words
        state = copy_state(match.state)
        state.deck = state.deck[:1]
        state.drawn = ""
        screen.board.show(GAME, state, viewer=None, seats=screen.names)
        await pilot.pause()
        assert "1 card: no turns left" in cards.text
        state = copy_state(state)  # (a state is frozen once shown: boards keep what they drew of it)
        state.deck = state.deck[:1] * 3
        screen.board.show(GAME, state, viewer=None, seats=screen.names)
        await pilot.pause()
        assert "3 cards: this is the last turn" in cards.text  # (one turn in all: the last, said so)


@pytest.mark.parametrize("cols", [80, 81, 83])
async def test_reveal_note_is_not_cut_near_80x24(tmp_path: Path, cols: int) -> None:
    match = finished()
    screen = GiftOfTulipsScreen(match, data_dir=tmp_path, bot_delay=0.01)
    async with ScreenApp(screen).run_test(size=(cols, 24)) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        cards = screen.board.query_one("#got-cards")
        line = next(ln.rstrip() for ln in cards.text.splitlines() if "turned up" in ln)
        # the whole note, not one cut at the edge ("... secret festival a")
        assert line.endswith("turned up from the secret festival") or line.endswith("at the end"), line


async def test_score_so_far_total_includes_the_columns_shown(tmp_path: Path) -> None:
    from core.gift_of_tulips import Keep

    match = to_play_with(Keep, seed=3)
    for _ in range(12):  # some VP and majorities on the table
        match.push(match.legal_moves()[0])
    screen = GiftOfTulipsScreen(match, data_dir=tmp_path, bot_delay=0.01)
    async with ScreenApp(screen).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        sheet = screen.board.query_one("#got-sheet")
        lines = sheet.text.splitlines()
        assert "ended now" in lines[0]
        head = lines[1]
        assert "Majorities now" in head and head.split()[-1] == "Total"
        sums = 0
        for row in lines[2:]:
            nums = [int(x) for x in row.split() if x.lstrip("-").isdigit()]
            *parts, total = nums
            assert total == sum(parts), row
            sums += sum(parts[2:])
        assert sums > 0, "the test position has majorities to count"


async def test_held_key_guard_on_the_golden_age_screen(tmp_path: Path) -> None:
    # the Golden Age screen draws its own grouped menu; the guard still holds
    import time

    from tests.test_tui_golden_age import make_match as ga_match
    from tui.golden_age import GoldenAgeScreen

    match = ga_match(seed=3)
    screen = GoldenAgeScreen(match, data_dir=tmp_path, bot_delay=0.01, seat_guard=0.15)
    async with ScreenApp(screen).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        first = match.to_move()
        t = time.monotonic()
        for i in range(15):  # Holland, Limburg: provinces keep their keys (the next player has Limburg)
            await key_at(pilot, "a", t + 0.06 * i)
            await key_at(pilot, "l", t + 0.06 * i + 0.03)
        await pilot.pause()
        assert match.moves and set(match.movers) == {first}
        assert match.to_move() != first and screen.picker.holding


# -- the game's own epilogue closes the log (GameScreen.final_log) ------------------------
async def test_game_over_log_ends_with_the_games_epilogue(tmp_path: Path) -> None:
    """The shared final_log shows Game.epilogue: for Gift of Tulips the secret
    cards turned up and every majority award, the same lines as the record."""
    from tui.widgets.log import Log

    match = finished()
    epilogue = GAME.epilogue(match.state)
    assert epilogue and epilogue[0].startswith("Secret festival revealed: ")
    screen = GiftOfTulipsScreen(match, data_dir=tmp_path, bot_delay=0.01)
    async with ScreenApp(screen).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        texts = [e.text for e in screen.query_one(Log).entries]
        assert texts[-len(epilogue):] == epilogue
