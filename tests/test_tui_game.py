"""Pilot tests of the game screen, the Gift of Tulips board and the shared widgets.

They drive a small test App (or LowlandsApp when it exists) by keys only.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.app import App

from core import get_game
from core.gift_of_tulips import Add, Choose, Give, Keep, Secret
from core.match import Match, Seat
from tui.screens.game import CurtainScreen, GameScreen
from tui.gift_of_tulips import GiftOfTulipsBoard, GiftOfTulipsScreen
from tui.widgets.choice import RESERVED, ChoicePicker, assign_hotkeys
from tui.widgets.common import Marker, seat_letters
from tui.widgets.log import Log
from tui.widgets.track import Track

from tests.apphelpers import ScreenApp, WidgetApp

GAME = get_game("gift-of-tulips")


def make_match(kinds: str = "hhh", seed: int = 11) -> Match:
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"][: len(kinds)]
    return Match(GAME, [Seat(n, "bot" if k == "b" else "human") for n, k in zip(names, kinds)], seed=seed)


def app_for(match: Match, tmp_path: Path, *, curtain: bool = False) -> tuple[App, GiftOfTulipsScreen]:
    """The real LowlandsApp (launcher underneath) with the game screen on top;
    the small ScreenApp if the app shell is not importable."""
    screen = GiftOfTulipsScreen(match, data_dir=tmp_path, curtain=curtain, bot_delay=0.01)
    try:
        from tui.app import LowlandsApp
    except ImportError:
        return ScreenApp(screen), screen
    return LowlandsApp(data_dir=tmp_path, config_dir=tmp_path / "config", start=screen), screen


def picker_labels(screen: GameScreen) -> list[str]:
    return [c.label for c in screen.picker.choices]


async def settle(pilot: Any, screen: GameScreen, rounds: int = 200) -> None:
    """Wait until no bot is to move (bots play on timers) or the game is over."""
    for _ in range(rounds):
        seat = screen.match.to_move()
        if seat is None or not screen.match.is_bot(seat):
            await pilot.pause()
            return
        await pilot.pause(0.02)
    raise AssertionError("bots did not finish")


# -- whole games -----------------------------------------------------------------------
async def test_whole_three_player_game_by_keys(tmp_path: Path) -> None:
    match = make_match("hhh", seed=5)
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        presses = 0
        while not match.is_over():
            legal = match.legal_moves()
            # the picker lists exactly the legal moves, one hotkey each
            assert len(screen.picker.choices) == len(legal)
            # (a choice's stable key where it has one, else by position: issue 10, item 25)
            keys = [c.hotkey for c in screen.picker.choices]
            assert len(set(keys)) == len(keys) == len(legal) and all(keys)
            assert all(k == it.key for k, it in zip(keys, screen._shown) if it.key)
            key = keys[presses % len(legal)]  # (the key shown: Gift of Tulips' stay put, 1 Keep ...)
            want = legal[presses % len(legal)]
            ply = match.ply
            await pilot.press(key)
            await pilot.pause()
            assert match.ply == ply + 1
            assert match.moves[-1] == want
            presses += 1
            assert presses < 200
        await pilot.pause()
        from tui.screens.game_over import GameOverScreen

        assert isinstance(app.screen, GameOverScreen)
        # 3 set-up choices + 60 cards drawn two per turn (fact sheet A3: 60 left after set-up)
        assert presses == 3 + 60
        log = screen.log_widget
        assert len([e for e in log.entries if e.letter]) == presses
        assert any("revealed" in e.text for e in log.entries)


async def test_bots_play_by_themselves(tmp_path: Path) -> None:
    match = make_match("hbb", seed=3)
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert match.to_move() == 0
        await pilot.press("1")
        await settle(pilot, screen)
        # Bob and Cy made their set-up choices, then Ann (human) is to play
        assert match.movers[:3] == [0, 1, 2]
        assert match.to_move() == 0 and match.state.phase == "play"
        assert "Ann" in screen.sub_title
        for _ in range(2):  # Ann's two cards (the first choice each), then Bob and Cy play their turns
            await pilot.press(screen.picker.choices[0].hotkey)
            await pilot.pause()
        await settle(pilot, screen)
        assert match.movers[3:] == [0, 0, 1, 1, 2, 2] and match.to_move() == 0
        assert [e.letter for e in screen.log_widget.entries][-4:] == ["B", "B", "C", "C"]


async def test_all_bot_game_runs_to_the_end(tmp_path: Path) -> None:
    match = make_match("bbb", seed=8)
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(400):
            if match.is_over():
                break
            await pilot.pause(0.02)
        assert match.is_over()
        await pilot.pause(0.1)
        assert screen.picker.choices == []
        from tui.screens.game_over import GameOverScreen

        assert isinstance(app.screen, GameOverScreen)


# -- undo / redo ---------------------------------------------------------------------------
async def test_undo_redo_header_and_log_follow(tmp_path: Path) -> None:
    match = make_match("hhh", seed=2)
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert screen.check_action("undo", ()) is False  # nothing to undo yet
        assert screen.check_action("redo", ()) is False
        for key in "1111":
            await pilot.press(key)
            await pilot.pause()
        assert match.ply == 4
        after_header = screen.sub_title
        after_log = screen.log_widget.entries
        assert "Ann to play" in after_header and "2nd card" in after_header
        await pilot.press("u")
        await pilot.pause()
        assert match.ply == 3
        assert "Ann to play" in screen.sub_title and "1st card" in screen.sub_title
        assert screen.log_widget.entries == after_log[:3]
        assert screen.check_action("redo", ()) is True
        # undo across a turn change: back into Cy's set-up choice
        await pilot.press("u")
        await pilot.pause()
        assert match.ply == 2
        assert "Cy" in screen.sub_title
        await pilot.press("U")
        await pilot.pause()
        await pilot.press("U")
        await pilot.pause()
        assert match.ply == 4
        assert screen.sub_title == after_header
        assert screen.log_widget.entries == after_log
        assert screen.check_action("redo", ()) is False
        # a new decision after an undo clears redo
        await pilot.press("u")
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        assert screen.check_action("redo", ()) is False


# -- the picker ------------------------------------------------------------------------------
async def test_picker_offers_only_legal_moves_and_unmapped_keys_do_nothing(tmp_path: Path) -> None:
    match = make_match("hhh", seed=9)
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(7):
            legal = match.legal_moves()
            assert screen._moves == legal
            assert len(picker_labels(screen)) == len(legal)
            if match.state.phase == "play" and match.state.used:
                used = match.state.used
                # the action used with the 1st card is never offered for the 2nd (fact sheet A7)
                kinds = {type(m) for m in legal}
                if used == "keep":
                    assert Keep not in kinds
                if used == "give":
                    assert Give not in kinds
                if used == "add":
                    assert Add not in kinds and Secret not in kinds
            before = (match.ply, match.state_sha256())
            for key in ["x", "z", "9", "escape", "escape", "f5", "ctrl+x", "left", "right"]:
                await pilot.press(key)
            await pilot.pause()
            assert (match.ply, match.state_sha256()) == before
            assert isinstance(app.screen, GiftOfTulipsScreen)
            await pilot.press(str(len(legal)))  # the last choice
            await pilot.pause()
            assert match.moves[-1] == legal[-1]


async def test_held_key_never_picks_from_a_stale_list(tmp_path: Path) -> None:
    match = make_match("hhh", seed=4)
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        # a burst of the same key without waiting for repaints (a held key)
        await pilot.press(*(["1"] * 12))
        await pilot.pause()
        # every recorded move was legal where it was made (Match.push checks) and
        # each press made at most one decision
        assert 1 <= match.ply <= 12
        for i, move in enumerate(match.moves):
            assert move in GAME.legal_moves(match.state_at(i))


async def test_arrows_enter_filter_and_highlight(tmp_path: Path) -> None:
    match = make_match("hhh", seed=6)
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in "111":
            await pilot.press(key)
            await pilot.pause()
        legal = match.legal_moves()
        assert isinstance(legal[1], Give)
        await pilot.press("down")
        await pilot.pause()
        board = screen.query_one(GiftOfTulipsBoard)
        assert board._last[4] == (legal[1],)  # the board highlights the move under the cursor
        await pilot.press("enter")
        await pilot.pause()
        assert match.moves[-1] == legal[1]
        # second card: filter to the secret festival with "/"
        await pilot.press("slash")
        await pilot.pause()
        for ch in "secret":
            await pilot.press(ch)  # typed into the filter, not taken as hotkeys or "s"ave
        await pilot.pause()
        assert match.ply == 4
        await pilot.press("enter")
        await pilot.pause()
        assert match.moves[-1] == Secret()
        # Escape twice with the filter open closes it and changes nothing
        await pilot.press("slash", "k", "escape", "escape")
        await pilot.pause()
        assert match.ply == 5
        assert len(screen.picker.choices) == len(match.legal_moves())


async def test_mouse_click_picks(tmp_path: Path) -> None:
    match = make_match("hhh", seed=6)
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        legal = match.legal_moves()
        ol = screen.picker.option_list
        await pilot.click(ol, offset=(4, 1))
        await pilot.pause()
        assert match.ply == 1 and match.moves[0] == legal[1]


# -- saving, curtain, sizes ------------------------------------------------------------------------
async def test_autosave_after_decisions(tmp_path: Path) -> None:
    saves = pytest.importorskip("saves")
    match = make_match("hhh", seed=12)
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        path = saves.autosave_path(match, tmp_path)
        assert not path.exists()
        for key in "1212":
            await pilot.press(key)
            await pilot.pause()
        # autosaves are written in a background thread: wait for them
        assert screen.flush_autosave() == path and path.exists()
        assert saves.load(path).moves == match.moves
        await pilot.press("u")
        await pilot.pause()
        screen.flush_autosave()
        assert saves.load(path).moves == match.moves  # undo is saved too
        assert len(match.moves) == 3


def test_background_autosave_saves_a_snapshot_and_never_overtakes_a_later_save(tmp_path: Path) -> None:
    saves = pytest.importorskip("saves")
    from tui import autosaver

    match = make_match("hhh", seed=3)
    for _ in range(6):
        match.push(match.legal_moves()[0])
    snap = autosaver.snapshot(match)
    match.push(match.legal_moves()[0])  # the live match goes on while the snapshot is saved
    assert snap.ply == 6 and snap.moves == match.moves[:6]
    assert snap.state_sha256() == saves.decode_match(saves.encode_match(snap)).state_sha256()
    assert snap.state_sha256() != match.state_sha256()
    path = saves.autosave_path(match, tmp_path)
    autosaver.save_later(match, tmp_path)  # the 7-decision game, in the background
    match.continue_from(2)  # e.g. review's "continue from here"
    assert autosaver.save_now(match, tmp_path) == path  # waits for the background save first
    assert saves.load(path).moves == match.moves and match.ply == 2
    autosaver.flush()
    assert saves.load(path).moves == match.moves  # the older save did not land after it


async def test_curtain_hides_the_board_until_enter(tmp_path: Path) -> None:
    match = make_match("hhh", seed=1)
    app, screen = app_for(match, tmp_path, curtain=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        assert screen.query_one("#game-body").display is False
        await pilot.press("1", "2", "space", "escape")
        await pilot.pause()
        assert match.ply == 0 and isinstance(app.screen, CurtainScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and screen.query_one("#game-body").display is True
        await pilot.press("1")  # Ann chooses; Bob is next: curtain again
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen) and "Bob" in app.screen.player
        assert screen.query_one("#game-body").display is False
        await pilot.press("enter")
        await pilot.pause()
        # Bob sees his own hand, not Ann's secret card
        board = screen.query_one(GiftOfTulipsBoard)
        shown_state = board._last[1]
        assert shown_state.hands[1] == match.state.hands[1]
        assert all(sc.card == "??" for sc in shown_state.secret if sc.owner == 0)


async def test_no_curtain_with_one_human(tmp_path: Path) -> None:
    match = make_match("hbb", seed=1)
    app, screen = app_for(match, tmp_path, curtain=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("1")
        await settle(pilot, screen)
        assert app.screen is screen


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_layout_fits(tmp_path: Path, size: tuple[int, int]) -> None:
    match = make_match("hhhhhh", seed=3)  # six players: the tallest board
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for key in "111111":
            await pilot.press(key)
            await pilot.pause()
        w, h = size
        for sel in ("#picker", "#log", "#board-box"):
            region = screen.query_one(sel).region
            assert region.right <= w and region.bottom <= h - 1, sel  # above the footer
            assert region.width >= 20 and region.height >= 4, sel
        # every choice is visible in the picker without scrolling
        ol = screen.picker.option_list
        assert ol.region.height >= len(screen.picker.choices)


# -- widgets -------------------------------------------------------------------------------------
def test_hotkeys_skip_reserved_keys() -> None:
    keys = assign_hotkeys(60)
    assert keys[:9] == list("123456789")
    assert keys[9:12] == ["a", "b", "c"]
    assert not RESERVED & set(keys)
    assert "u" not in keys and "U" not in keys and "r" not in keys and "s" not in keys and "q" not in keys
    assert len(set(k for k in keys if k)) == len([k for k in keys if k])
    assert keys[-1] == ""  # more items than keys: the rest have none


def test_seat_letters_are_distinct() -> None:
    assert seat_letters(["Ann", "Bob", "Cy"]) == ["A", "B", "C"]
    assert seat_letters(["Ann", "Amy", "Al"]) == ["A", "M", "L"]
    assert len(set(seat_letters(["A", "A", "A", "A"]))) == 4


async def test_track_draws_markers_at_their_spaces() -> None:
    track = Track(20, legend=True)
    async with WidgetApp(track).run_test(size=(40, 10)) as pilot:
        first = [Marker("A", 3, label="Ann"), Marker("B", 12, label="Bob"), Marker("C", 12)]
        track.update(first)
        await pilot.pause()
        lines = first_lines = track.render().plain.splitlines()
        assert lines[0].startswith("0") and lines[0][10:12] == "10"
        # two markers share space 12: both letters stand there side by side (the space
        # after it is free); issue 10 item 28: a bare count "2" could not say who
        assert lines[1][3] == "A" and lines[1][12:14] == "BC"
        assert "A Ann 3" in lines[2] and "B Bob 12" in lines[2]
        # no room beside them (a marker on the next space): the rest stack below
        track.update([Marker("A", 12), Marker("B", 12), Marker("C", 12), Marker("D", 13)])
        await pilot.pause()
        lines = track.render().plain.splitlines()
        assert lines[1][12:14] == "AD" and lines[2][12] == "B" and lines[3][12] == "C"
        # the first markers again (a cursor back on a choice, a step back in review):
        # drawn as then, in the tallest height drawn so far (blank lines under them)
        track.update(first)
        await pilot.pause()
        again = track.render().plain.split("\n")
        assert again[:len(first_lines)] == first_lines and len(again) == len(lines)
        assert not any(line.strip() for line in again[len(first_lines):])


async def test_track_loop_and_grow() -> None:
    loop = Track(10, loop=True)
    grow = Track(10, grow=True)
    async with WidgetApp(loop).run_test(size=(40, 10)) as pilot:
        loop.update([Marker("A", 13)])
        await pilot.pause()
        lines = loop.render().plain.splitlines()
        assert lines[1][3] == "A" and "(lap 2)" in lines[2]
    async with WidgetApp(grow).run_test(size=(40, 10)) as pilot:
        grow.update([Marker("A", 25)])
        await pilot.pause()
        lines = grow.render().plain.splitlines()
        assert lines[1][25] == "A" and "20" in lines[0]  # doubled twice: 40 spaces


async def test_picker_groups_long_lists_and_filters() -> None:
    picker = ChoicePicker()
    chosen: list[int] = []

    class PickApp(WidgetApp):
        def on_choice_picker_chosen(self, event: ChoicePicker.Chosen) -> None:
            chosen.append(event.index)

    async with PickApp(picker).run_test(size=(60, 30)) as pilot:
        items = [("", f"give {i}", "give") for i in range(8)] + [("", f"take {i}", "take") for i in range(4)]
        picker.set_choices(items, "Choose")
        picker.focus_list()
        await pilot.pause()
        prompts = [str(o.prompt) for o in picker.option_list.options]
        assert prompts[0].strip() == "give" and prompts[9].strip() == "take"  # group headings
        assert picker.option_list.get_option_at_index(0).disabled
        await pilot.press("b")  # 11th item: hotkeys 1-9 then a, b
        await pilot.pause()
        assert chosen == [10]
        await pilot.press("c")  # the picker waits for new choices after a pick
        await pilot.pause()
        assert chosen == [10]
        picker.set_choices(items, "Again")
        await pilot.pause()
        await pilot.press("slash", "t", "a", "k", "e", " ", "3", "enter")
        await pilot.pause()
        assert chosen == [10, 11]


async def test_log_appends_and_rewrites_after_undo() -> None:
    from tui.widgets.log import LogEntry

    log = Log()
    async with WidgetApp(log).run_test(size=(60, 20)) as pilot:
        a = [LogEntry(1, "one", "A"), LogEntry(1, "two", "A"), LogEntry(2, "three", "B")]
        log.set_entries(a[:2])
        log.set_entries(a)
        await pilot.pause()
        assert log.entries == a and len(log.lines) == 3
        first = log.lines[0]
        log.set_entries(a[:1])
        await pilot.pause()
        assert log.entries == a[:1] and len(log.lines) == 1
        assert log.lines[0] is first  # undo drops lines; it does not re-render the rest
        long = LogEntry(3, "word " * 40, "C")
        log.set_entries([*a[:1], long])
        await pilot.pause()
        assert len(log.lines) > 2  # long text wraps ...
        assert all(line.cell_length <= log.scrollable_content_region.width for line in log.lines)
        assert all(str(line.text).startswith("      ") for line in log.lines[2:])  # ... with a hanging indent


# -- the board's content ---------------------------------------------------------------------------
async def test_board_shows_festival_bouquets_and_hides_others_cards(tmp_path: Path) -> None:
    from core.gift_of_tulips import components as C
    from core.gift_of_tulips.rules import festival_total
    from tui.widgets.base import TextBlock
    from tui.widgets.cards import Cards

    match = make_match("hbb", seed=21)
    screen = GiftOfTulipsScreen(match, data_dir=tmp_path, bot_delay=30)  # bots wait: look at their turn
    try:
        from tui.app import LowlandsApp

        app: App = LowlandsApp(data_dir=tmp_path, config_dir=tmp_path / "config", start=screen)
    except ImportError:
        app = ScreenApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = screen.query_one(GiftOfTulipsBoard)
        festival = board.query_one("#got-festival", TextBlock).text.splitlines()
        state = match.state
        for rank, v in enumerate(state.ranking):  # 1st..4th with the variety's letter, name and total
            row = festival[1 + rank].split()
            assert row[:4] == [C.RANK_NAMES[rank], v, C.VARIETIES[v], str(festival_total(state, v))]
            assert row[4] == f"+{C.GIVE_BONUS[rank]}" and row[5] == str(C.KEEP_POINTS[rank])
        # Ann sees her own two set-up cards
        cards = board.query_one("#got-cards", Cards).text
        for card in state.hands[0]:
            assert f"[{card}]" in cards or f">{card}<" in cards
        await pilot.press("1")
        await pilot.pause()
        # Bob (a bot) is to choose now: his hand is face down on Ann's screen
        assert match.to_move() == 1
        hand = next(line for line in board.query_one("#got-cards", Cards).text.splitlines() if "Hand" in line)
        assert all(card not in hand for card in state.hands[1])
        assert hand.count("[▒▒]") == 2
        bouquets = board.query_one("#got-bouquets", TextBlock).text.splitlines()
        kept = match.moves[0].card
        ann = bouquets[1].split()
        assert ann[:2] == ["A", "Ann"]
        col = 2 + C.VARIETY_ORDER.index(kept[0])
        assert ann[col] == f"1·{kept[1]}"  # one card of that variety, its value


async def test_generic_board_plays_a_game_without_its_own_screen(tmp_path: Path) -> None:
    from tui.widgets.board import Board

    game = get_game("golden-age") if "golden-age" in __import__("core").GAMES else GAME
    match = Match(game, [Seat("Ann"), Seat("Bob"), Seat("Cy")], seed=2)
    screen = GameScreen(match, data_dir=tmp_path, bot_delay=0.01)
    screen.board = Board(id="board")  # force the generic board
    app = ScreenApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(4):
            legal = match.legal_moves()
            assert len(screen.picker.choices) == len(legal)
            ply = match.ply
            await pilot.press("1")
            await pilot.pause()
            assert match.ply == ply + 1 and match.moves[-1] == legal[0]
        assert "to choose" in screen.sub_title or match.is_over()


async def test_hotkeys_work_after_the_filter_was_open_when_leaving(tmp_path: Path) -> None:
    match = make_match("hhh", seed=6)
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("slash")  # the filter is open and focused ...
        await pilot.pause()
        screen.picker.set_choices([("", "x", "x")], "new list")  # ... and a new decision closes it
        await pilot.pause()
        assert screen.focused is screen.picker.option_list
        screen.refresh_view()
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        assert match.ply == 1


async def test_storage_market_cards_scoresheet_draw_plain_data() -> None:
    from tui.widgets.cards import Card, CardRow, Cards
    from tui.widgets.market import Area, Market
    from tui.widgets.scoresheet import ScoreRow, ScoreSheet
    from tui.widgets.storage import Slot, Storage

    storage, market, cards, sheet = Storage(title="Barn", cost_header="cost"), Market(), Cards(), ScoreSheet()

    class Many(App):
        ascii = True

        def compose(self):
            yield storage
            yield market
            yield cards
            yield sheet

    async with Many().run_test(size=(60, 30)) as pilot:
        storage.update([Slot("Wool", "3 sheep", "2 VP"), Slot("Grain", "", "1 VP", highlight=True)])
        market.update([Area("Amsterdam", [Marker("A"), Marker("B")], "sells 3"), Area("Delft", (), "", True)])
        cards.update([CardRow("Hand", [Card("p4"), Card("b2", face_up=False), Card("o3", highlight=True)], "3 cards")])
        sheet.update([ScoreRow("A", "Ann", 12, {"Give": 10, "Keep": 2}, winner=True), ScoreRow("B", "Bob", 7, {"Give": 7})])
        await pilot.pause()
        s_lines = storage.text.splitlines()
        assert s_lines[0].split() == ["Barn", "cost"]
        assert s_lines[1].split() == ["Wool", "3", "sheep", "2", "VP"]
        assert s_lines[2].split() == [">", "Grain", "-", "1", "VP"]  # the target, marked without colour
        m_lines = market.text.splitlines()
        assert m_lines[0].split() == ["Amsterdam", "[A][B]", "sells", "3"] and m_lines[1].split() == [">", "Delft"]
        assert cards.text.split() == ["Hand", "[p4]", "[##]", ">o3<", "3", "cards"]  # ASCII back, marked target
        sh = sheet.text.splitlines()
        assert sh[0].split() == ["Player", "Give", "Keep", "Total"]
        assert sh[1].split() == ["A", "Ann", "*", "10", "2", "12"] and sh[2].split() == ["B", "Bob", "7", "0", "7"]
        # the same data again repaints nothing; new data does
        before = cards._lines
        cards.update([CardRow("Hand", [Card("p4"), Card("b2", face_up=False), Card("o3", highlight=True)], "3 cards")])
        assert cards._lines is before
        cards.update([CardRow("Hand", [Card("p4")])])
        assert cards.text.split() == ["Hand", "[p4]"]


async def test_ascii_mode_draws_only_ascii(tmp_path: Path) -> None:
    from tui.widgets.base import DataWidget

    match = make_match("hhh", seed=13)
    screen = GiftOfTulipsScreen(match, data_dir=tmp_path, bot_delay=0.01)
    try:
        from tui.app import LowlandsApp

        app: App = LowlandsApp(data_dir=tmp_path, config_dir=tmp_path / "config", start=screen, ascii=True)
    except ImportError:
        app = ScreenApp(screen)
        app.ascii = True
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for key in "111":  # set-up
            await pilot.press(key)
            await pilot.pause()
        assert any("->" in c.label for c in screen.picker.choices)  # "Add face up (pink -> 1st)"
        await pilot.press("4")
        await pilot.pause()
        board = screen.query_one(GiftOfTulipsBoard)
        texts = [w.text for w in board.query(DataWidget)]
        texts += [c.label for c in screen.picker.choices]
        texts += [line.text for line in screen.log_widget.lines]
        assert all(t.isascii() for t in texts), [t for t in texts if not t.isascii()]


@pytest.mark.parametrize("gid", ["golden-age", "windmill-valley", "fields-of-arle"])
async def test_left_right_turn_the_board_panels_but_move_the_cursor_in_the_filter(tmp_path: Path, gid: str) -> None:
    """GameScreen's panel keys serve every board with panels (at 80x24 all three fold
    theirs into pages); in the picker's filter Left/Right are the filter's own."""
    from textual.widgets import Input

    from tui.screens import screen_for

    game = get_game(gid)
    names = ["Ann", "Bob", "Cy"][:max(2, game.min_players)]
    match = Match(game, [Seat(n, "human") for n in names], seed=3)
    screen = screen_for(match, data_dir=tmp_path)
    async with ScreenApp(screen).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = screen.board
        assert board.has_panels

        def where() -> Any:
            return board.page if hasattr(board, "page") else board.tab

        first = where()
        await pilot.press("right")
        await pilot.pause()
        assert where() != first
        await pilot.press("left")
        await pilot.pause()
        assert where() == first
        await pilot.press("slash", "a", "b")
        await pilot.pause()
        box = screen.query_one("#picker-filter", Input)
        assert box.has_focus and box.value == "ab" and box.cursor_position == 2
        await pilot.press("left")
        await pilot.pause()
        assert box.cursor_position == 1 and where() == first


async def test_log_set_behind_the_curtain_is_drawn_at_its_width(tmp_path: Path) -> None:
    """Playtest finding 14: a move logged while the curtain hid the board (keys typed
    as it lifts may play before the next layout) was wrapped at a guessed width, and
    the log then showed its lines cut off ("keeps a violet 3 and / other card in the
    secret") until a resize."""
    match = make_match("hh", seed=3)
    app, screen = app_for(match, tmp_path, curtain=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("2")  # Ann keeps; the curtain hides the board for Bob
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        match.push(match.legal_moves()[1])  # Bob's keep, played while the board is hidden
        screen.refresh_view()
        await pilot.press("enter")  # Bob's curtain lifts; Ann's comes down
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        log = screen.query_one(Log)
        room = log.scrollable_content_region.width
        assert room > 0 and all(line.cell_length <= room for line in log.lines)
        shown = " ".join(" ".join(line.text.split()) for line in log.lines)
        wanted = " ".join(f"{e.turn} {e.letter} {e.text}" for e in log.entries)
        assert shown == wanted and "Bob keeps" in shown


async def test_give_says_the_giver_scores_its_vp(tmp_path: Path) -> None:
    """Playtest finding 11: "Give to Bob (+2 VP)" did not say whose VP; the giver's
    ("you score 'giving' points ... plus the value of that tulip")."""
    match = make_match("hh", seed=3)
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1")
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        give = next(label for label in picker_labels(screen) if label.startswith("Give to Bob"))
        vp = int(give.split("(you +")[1].split(" VP)")[0])
        before = match.state.give_vp[0]
        await pilot.press(str(picker_labels(screen).index(give) + 1))
        await pilot.pause()
        assert match.state.give_vp[0] == before + vp  # Ann, who gave, scored them


def test_a_background_save_starts_after_its_wait_and_flush_waits_for_it(tmp_path: Path, monkeypatch) -> None:
    """save_later lets the decision's frame be written first: the saving thread
    waits ``wait`` seconds before it writes anything; flush still waits for it."""
    saves = pytest.importorskip("saves")
    from tui import autosaver

    match = make_match("hhh", seed=4)
    match.push(match.legal_moves()[0])
    path = saves.autosave_path(match, tmp_path)
    waits: list[tuple[float, bool]] = []
    monkeypatch.setattr(autosaver.time, "sleep", lambda s: waits.append((s, path.exists())))
    future = autosaver.save_later(match, tmp_path, wait=0.25)
    autosaver.flush()
    assert waits == [(0.25, False)]  # it waited first, with nothing written yet
    assert future.result() == path and saves.load(path).moves == match.moves
