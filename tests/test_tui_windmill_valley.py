"""Pilot tests of the Windmill Valley screen (tui/windmill_valley/) and the
widgets it brought (Ring, GridMap, PageBar): whole games by keys, undo, review,
solo, both terminal sizes, calendar announcements, the 1-4 step preview.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import re
import textwrap

import msgspec
import pytest
from rich.text import Text
from textual.app import App

from core import get_game
from core.match import Match, Seat
from core.windmill_valley import components as C
from core.windmill_valley.rules import action_preview, arrows_of
from tui.boards import board_for
from tui.windmill_valley import WindmillValleyBoard, WindmillValleyScreen
from tui.windmill_valley.labels import calendar_after, design_label, few_words, is_automatic, short_reward
from tui.widgets.gridmap import Field, GridMap, Node
from tui.widgets.pages import PageBar
from tui.widgets.textlines import wrap_text
from tui.widgets.wheel import Ring, RingSpace, ring_layout

from tests.apphelpers import ScreenApp, shown_text

GAME = get_game("windmill-valley")


def make_match(names: list[str], seed: int = 3) -> Match:
    return Match(GAME, [Seat(n, "human") for n in names], seed=seed)


def app_for(match: Match, tmp_path: Path) -> tuple[ScreenApp, WindmillValleyScreen]:
    screen = WindmillValleyScreen(match, data_dir=tmp_path, bot_delay=0.01)
    return ScreenApp(screen), screen


def quick_choice(match: Match) -> int:
    """Index of the move the tests play: the fastest wheels (last floodgate / steps
    choice), else skip/done when offered, else the first legal move."""
    names = [GAME.notation(m) for m in match.legal_moves()]
    kind = match.state.tasks[-1].kind
    if kind in ("gate", "steps"):
        return len(names) - 1
    for i, n in enumerate(names):
        if n in ("skip", "done"):
            return i
    return 0


def board_text(screen: WindmillValleyScreen) -> str:
    """Everything the board's line widgets show now (visible sections only)."""
    return shown_text(screen.wv_board)


def announced(lines: list[str], name: str, what: str) -> bool:
    """Some line names ``name`` and says ``what`` (the engine words the sentence)."""
    return any(name in line and what in line for line in lines)


async def press_choice(pilot: Any, screen: WindmillValleyScreen, index: int) -> None:
    key = screen.picker.choices[index].hotkey
    await pilot.press(key)  # waits until the screen has processed it


# -- a whole 2-player game ------------------------------------------------------------------
async def test_two_player_game_to_the_end_by_keys_with_undo_and_review(tmp_path: Path) -> None:
    match = make_match(["Ann", "Bob"], seed=37)  # a short game (94 decisions) keeps the test quick
    app, screen = app_for(match, tmp_path)
    calendar_seen = 0
    undone = reviewed = False
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        presses = 0
        while not match.is_over():
            legal = match.legal_moves()
            # the picker lists exactly the legal moves, each with its hotkey
            # (a choice's stable key where it has one, else by position: issue 10, item 25)
            keys = [c.hotkey for c in screen.picker.choices]
            assert len(set(keys)) == len(keys) == len(legal) and all(keys)
            assert all(k == it.key for k, it in zip(keys, screen._shown) if it.key)
            i = quick_choice(match)
            want = legal[i]
            ply = match.ply
            before_cal = [f.calendar for f in match.state.farms]
            await press_choice(pilot, screen, i)
            assert match.ply == ply + 1 and match.moves[-1] == want
            presses += 1
            after_cal = [f.calendar for f in match.state.farms]
            if after_cal != before_cal:
                # a calendar advance is announced: banner, notification, and the log
                calendar_seen += 1
                seat = next(k for k in range(2) if after_cal[k] != before_cal[k])
                name, space = match.seats[seat].name, f"calendar space {after_cal[seat]}"
                assert announced(screen.wv_board.announcements, name, space)
                assert announced([n.message for n in app._notifications], name, space)
                assert announced([e.text for e in screen.log_widget.entries], name, space)
            if presses == 30 and not undone:
                # undo across decisions, the board and header follow; redo restores
                header, text = screen.sub_title, board_text(screen)
                await pilot.press("u")
                await pilot.pause()
                assert match.ply == ply
                assert screen.wv_board.announcements == []
                await pilot.press("U")
                await pilot.pause()
                assert match.ply == ply + 1 and screen.sub_title == header
                assert board_text(screen) == text
                undone = True
            if presses == 60 and not reviewed:
                from tui.screens.review import ReviewScreen

                await pilot.press("r")
                await pilot.pause()
                assert isinstance(app.screen, ReviewScreen)
                review_board = app.screen.query_one(WindmillValleyBoard)
                for _ in range(3):
                    await pilot.press("left")
                await pilot.press("home")
                await pilot.pause()
                assert review_board.page_names  # the board draws the set-up state
                await pilot.press("end")
                await pilot.press("escape")
                await pilot.pause()
                assert app.screen is screen and match.ply == ply + 1
                reviewed = True
            assert presses < 400
        await pilot.pause()
        from tui.screens.game_over import GameOverScreen

        assert isinstance(app.screen, GameOverScreen)
    assert undone and reviewed
    # every player's large wheel went round 4 times or the game ended for the other one
    assert calendar_seen >= C.CALENDAR_END
    assert max(f.calendar for f in match.state.farms) == C.CALENDAR_END
    # the autosave was written after every decision
    assert screen.last_autosave is not None and screen.last_autosave.exists()


# -- solo ----------------------------------------------------------------------------------------
async def test_solo_game_starts_and_plays_a_few_turns(tmp_path: Path) -> None:
    match = make_match(["Ann"], seed=5)
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert match.state.phase == "start"
        assert screen.wv_board.page == "Market"  # starting cards are shown there
        assert "Starting card" in screen.picker.choices[0].label
        while match.state.turns < 4:
            await press_choice(pilot, screen, quick_choice(match))
        # the Gardener took its turns: announced, on the tracks and the players table
        assert any(C.SOLO_NAME in e for e in screen.wv_board.announcements) or any(
            C.SOLO_NAME in e.text for e in screen.log_widget.entries)
        screen.wv_board.select_page(screen.wv_board.page_for("tracks", None))
        await pilot.pause()
        text = board_text(screen)
        assert f"{C.SOLO_NAME} (level 2)" in text
        assert match.state.solo.vp > 0
        assert not match.is_over()


# -- sizes ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("size,pages", [((80, 24), ["Wheels", "Tracks", "Map", "Market"]),
                                        ((120, 40), ["Turn", "Valley"])])
async def test_panels_fold_into_pages_and_every_page_draws(tmp_path: Path, size: tuple[int, int],
                                                           pages: list[str]) -> None:
    match = make_match(["Ann", "Bob", "Cy", "Dee"], seed=7)
    for _ in range(60):  # into the game: markers, windmills, bulbs
        match.push(match.legal_moves()[quick_choice(match)])
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        board = screen.wv_board
        assert board.page_names[: len(pages)] == pages
        assert len(board.page_names) == len(pages) + 4  # one farm page per player
        seen = set()
        for _ in range(len(board.page_names)):
            await pilot.press("right")
            await pilot.pause()
            seen.add(board.page)
            text = board_text(screen)
            assert text.strip()
            # nothing drawn wider than the board (no clipping at the right edge)
            for w in board.query("*"):
                if w.display and hasattr(w, "_lines") and w.region.width:
                    assert w.region.right <= board.region.right + 1, w.id
        assert seen == set(board.page_names)
        # every player's farm page names the player and shows storage and patch
        for seat, name in enumerate(["Ann", "Bob", "Cy", "Dee"]):
            board.select_page(board.page_for("farm", seat))
            await pilot.pause()
            text = board_text(screen)
            assert name in text and "Storage" in text and "row 4" in text


async def test_board_turns_to_the_page_of_the_decision(tmp_path: Path) -> None:
    match = make_match(["Ann", "Bob"], seed=3)
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        kinds = {"gate": "Wheels", "steps": "Wheels", "actions": "Wheels", "place": "Market", "unique": "Tracks"}
        checked = set()
        for _ in range(16):
            kind = match.state.tasks[-1].kind
            if kind in kinds:
                assert screen.wv_board.page == kinds[kind], kind
                checked.add(kind)
            await press_choice(pilot, screen, quick_choice(match))
        assert {"gate", "actions", "place"} <= checked
        # Left/Right still move between pages during a decision; a new decision turns back
        before = screen.wv_board.page
        await pilot.press("right")
        await pilot.pause()
        assert screen.wv_board.page != before


# -- the preview of the action pairs and highlights ---------------------------------------------
async def test_steps_preview_matches_the_wheels_and_highlights_the_choice(tmp_path: Path) -> None:
    match = make_match(["Ann", "Bob"], seed=3)
    while match.state.tasks[-1].kind != "steps":
        match.push(match.legal_moves()[0])
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        state = match.state
        seat = state.current
        preview = screen.query_one("#wv-preview").text
        for n, big, small in action_preview(state, seat):
            row = next(line for line in preview.splitlines() if line.strip().startswith(f"{n} step")
                       or line.strip().startswith(f">{n} step"))
            assert few_words(big)[:12] in row and few_words(small)[:12] in row
        # the first choice (steps k) is under the cursor: its row and both wheel spaces are marked
        legal = [GAME.notation(m) for m in match.legal_moves()]
        k = int(legal[0].split()[1])
        assert f">{k} step" in preview
        f = state.farms[seat]
        large = screen.query_one("#wv-large", Ring)
        spaces, at, _cell = large._data
        assert at == arrows_of(state, seat)[0]
        hot = [i for i, sp in enumerate(spaces) if sp.highlight]
        assert hot == [(f.step + k) % C.LARGE_SPACES]
        # moving the cursor moves the highlight
        if len(legal) > 1:
            await pilot.press("down")
            await pilot.pause()
            k2 = int(legal[1].split()[1])
            assert f">{k2} step" in screen.query_one("#wv-preview").text
        # the picker says what each step count brings and when the calendar moves
        for choice, text in zip(screen.picker.choices, legal):
            n = int(text.split()[1])
            assert choice.label.startswith(f"{n} step")
            assert ("calendar" in choice.label) == (calendar_after(f, n) > f.calendar)


async def test_calendar_advance_is_announced(tmp_path: Path) -> None:
    match = make_match(["Ann", "Bob"], seed=3)
    # play until a decision whose first choice moves a calendar marker (the red spoke
    # meets the arrow: after a steps choice, or a floodgate choice with forced steps)
    while True:
        t = match.state.tasks[-1]
        f = match.state.farms[t.seat]
        legal = match.legal_moves()
        hits = [i for i, m in enumerate(legal) if GAME.apply(match.state, m).farms[t.seat].calendar > f.calendar]
        if hits:
            break
        match.push(legal[quick_choice(match)])
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        name = match.seats[t.seat].name
        await press_choice(pilot, screen, hits[0])
        await pilot.pause()
        space = f"calendar space {f.calendar + 1}"
        assert announced(screen.wv_board.announcements, name, space)
        banner = screen.query_one("#wv-banner")
        assert space in " ".join(banner.text.split())
        assert announced([n.message for n in app._notifications], name, space)
        # the unique reward decision follows, on the calendar's page, said in the prompt
        if match.state.tasks[-1].kind == "unique":
            assert screen.wv_board.page == "Tracks"
            assert "Calendar space" in screen.picker._prompt


async def test_ascii_and_generic_registration(tmp_path: Path) -> None:
    match = make_match(["Ann", "Bob"], seed=3)
    app, screen = app_for(match, tmp_path)
    app.ascii = True
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(len(screen.wv_board.page_names)):
            await pilot.press("right")
            await pilot.pause()
            for w in screen.wv_board.query("*"):
                for line in getattr(w, "_lines", []):
                    assert line.plain.isascii(), (w.id, line.plain)
    assert board_for("windmill-valley") is WindmillValleyBoard
    from tui.screens import game_screen_class

    assert game_screen_class("windmill-valley") is WindmillValleyScreen


# -- the widgets -------------------------------------------------------------------------------
def test_ring_layout_never_overlaps_and_puts_the_pointer_outside() -> None:
    for n in range(1, 10):
        for side in ("right", "left"):
            pos, height, width = ring_layout(n, 6, side)
            assert len(pos) == n
            cells = set()
            for r, c in pos:
                assert 0 <= r < height and 0 <= c and c + 6 <= width
                span = {(r, c + i) for i in range(7)}
                assert not (span & cells)
                cells |= {(r, c + i) for i in range(6)}
            # the space at the pointer is the one furthest on the pointer's side
            cols = [c for _, c in pos]
            assert cols[0] == (max(cols) if side == "right" else min(cols))


async def test_ring_gridmap_pagebar_draw_plain_data() -> None:
    class WidgetApp(App):
        ascii = False

        def compose(self):
            yield PageBar(id="bar")
            yield Ring(side="right", cell=5, id="ring")
            yield GridMap(cell=3, id="map")

    app = WidgetApp()
    async with app.run_test(size=(60, 30)) as pilot:
        ring = app.query_one(Ring)
        ring.update([RingSpace("one"), RingSpace("two", highlight=True), RingSpace("three")], at=2)
        bar = app.query_one(PageBar)
        bar.update(["A", "Bee"], 1)
        gm = app.query_one(GridMap)
        gm.update([[Field("x"), Field("y")], [Field("z"), Field("M", group="m")]],
                  {(1, 1): Node("A")}, [], {1: "a"}, {1: "1"})
        await pilot.pause()
        assert "[Bee]" in bar.text and " A " in bar.text
        assert "three" in ring.text and "◀" in ring.text
        two = next(line for line in ring.text.splitlines() if "two" in line)
        assert ">two" in two.replace(" ", "") or "two<" in two.replace(" ", "")  # marked beside it
        # the pointer's space is on the pointer's row, next to the arrow
        arrow_line = next(line for line in ring.text.splitlines() if "◀" in line)
        assert "three" in arrow_line
        lines = gm.text.splitlines()
        assert lines[0].strip() == "a" and lines[2].strip().startswith("1") and "A" in lines[2]
        await pilot.click(PageBar, offset=(1, 0))
        await pilot.pause()


def test_wrap_text_keeps_styles_and_indents() -> None:
    t = Text("alpha beta gamma delta epsilon", style="bold")
    lines = wrap_text(t, 12, indent=2)
    assert [ln.plain.rstrip() for ln in lines] == ["alpha beta", "  gamma", "  delta", "  epsilon"]
    assert all(ln.cell_len <= 12 for ln in lines)
    assert lines[1].spans or lines[1].style  # the style survives the cut


async def test_track_cell_draws_short_tracks_wider() -> None:
    """Track(cell=3) (added for the floodgate and water tracks): 3 columns per space, the
    marker under its number, a highlighted space in reverse; 1 column when too narrow."""
    from tui.widgets.common import Marker
    from tui.widgets.track import Track

    class WidgetApp(App):
        def compose(self):
            yield Track(10, start=1, cell=3, legend=False, labels={i: str(i) for i in range(1, 11)}, id="wide")
            yield Track(10, start=1, cell=3, legend=False, id="narrow", classes="narrow")

        CSS = "#narrow { width: 12; }"

    app = WidgetApp()
    async with app.run_test(size=(60, 10)) as pilot:
        wide = app.query_one("#wide", Track)
        wide.update([Marker("W", 4)], highlights=[6])
        app.query_one("#narrow", Track).update([Marker("W", 4)])
        await pilot.pause()
        scale, marks = wide.text.splitlines()
        assert scale.startswith("1  2  3  4")
        assert marks.index("W") == scale.index("4") == 9
        assert any("reverse" in str(span.style) for span in wide._lines[0].spans)
        narrow = app.query_one("#narrow", Track).text.splitlines()
        assert narrow[1].index("W") == 3  # one column per space


async def test_every_decision_of_random_games_draws_and_is_worded(tmp_path: Path) -> None:
    """Random 3-player and solo games: at every decision, each of the first choices (as the
    target under the cursor) is worded by the screen and drawn on the board without error,
    and the picker's words never fall back to the bare notation for the common verbs."""
    import random

    for names, seed in ((["Ann", "Bob", "Cy"], 21), (["Ann"], 22)):
        match = make_match(names, seed=seed)
        app, screen = app_for(match, tmp_path)
        rnd = random.Random(seed)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            board = screen.wv_board
            while not match.is_over():
                state = match.state
                legal = match.legal_moves()
                # the prompt fits 2 lines of the 80x24 picker (it keeps its tallest height)
                prompt = screen.prompt_text(state, match.to_move())
                assert len(textwrap.wrap(prompt, 26)) <= 2, prompt
                for move in legal[:6]:
                    label = screen.choice_label(state, move)
                    assert label and label != GAME.notation(move) or move.verb in ("pass", "path"), label
                    board.show(GAME, GAME.view(state, None), viewer=None, seats=screen.names, targets=[move])
                match.push(rnd.choice(legal))
            board.show(GAME, match.state, viewer=None, seats=screen.names, targets=[])
            assert "The game is over (it ended after round" in screen.query_one("#wv-banner").text


# -- playtest faults: cut text, the Queen's Wish patch, game over, automatic steps -----------------
def cut_lines(board: WindmillValleyBoard) -> list[tuple[str, str]]:
    """(widget id, line) for every line a visible widget of the board would have to crop:
    TextBlock lines given wider than the widget, built lines wider than the widget."""
    out = []
    for w in board.query("*"):
        if not hasattr(w, "_lines") or not w.size.width:
            continue
        if not all(a.display for a in w.ancestors_with_self if hasattr(a, "display")):
            continue
        given = w._data if type(w).__name__ == "TextBlock" else w._lines
        for line in given:
            if isinstance(line, Text) and line.cell_len > w.size.width:
                out.append((w.id, line.plain))
    return out


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_no_page_crops_its_text(tmp_path: Path, size: tuple[int, int]) -> None:
    """Market rows keep their third option, calendar rows their '(n taken)', tile texts,
    the status line and the players' counters are wrapped, never cut (nor cut with '~')."""
    match = make_match(["Ann", "Bob", "Cy", "Dee"], seed=7)
    for _ in range(90):
        match.push(match.legal_moves()[quick_choice(match)])
    state = match.state
    # the end triggered at the maximum water: the longest status line
    match._state = state = msgspec.structs.replace(state, water=C.WATER_MAX, end_round=state.round)
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        board = screen.wv_board
        for _ in range(len(board.page_names)):
            await pilot.press("right")
            await pilot.pause()
            assert cut_lines(board) == [], board.page
            assert "~" not in board_text(screen)
        board.select_page(board.page_for("market", None))
        await pilot.pause()
        market = screen.query_one("#wv-market").text
        for a in range(C.MARKET_AREAS):  # every option of every area is on the page
            for k in range(len(C.MARKET[a])):
                assert f"{k + 1} " in market
        assert market.count("|") == sum(len(opts) - 1 for opts in C.MARKET)
        board.select_page(board.page_for("tracks", None))
        await pilot.pause()
        calendar = screen.query_one("#wv-calendar").text
        for col, marks in enumerate(state.uniques):  # every column says what is open and taken
            if marks.count("x"):
                assert f"({marks.count('x')} taken)" in calendar
            for k, mark in enumerate(marks):
                if mark == "o":
                    assert " + ".join(short_reward(c) for c in C.CAL_UNIQUE[col][k]) in " ".join(calendar.split())
        # the board's line widgets never re-wrap their lines when they get narrower for a moment
        for w in board.query("*"):
            if hasattr(w, "_lines"):
                assert w.styles.text_wrap == "nowrap", w.id
        banner = screen.query_one("#wv-banner").text
        assert f"water {C.WATER_MAX}/{C.WATER_MAX}" in banner and f"last round: {state.end_round + 1}" in banner


def at_bulb_decision(names: list[str], seed: int = 3) -> Match:
    """A match played on (quick choices) to a decision that gains a bulb for storage."""
    match = make_match(names, seed=seed)
    while match.state.tasks[-1].kind != "bulb":
        assert not match.is_over()
        match.push(match.legal_moves()[quick_choice(match)])
    return match


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
@pytest.mark.parametrize("names", [["Ann"], ["Ann", "Bob"], ["Ann", "Bob", "Cy", "Dee"]])
async def test_player_panels_read_whole_and_keep_their_columns_apart(tmp_path: Path, size: tuple[int, int],
                                                                     names: list[str]) -> None:
    """The farm page shows the bulb under the cursor whole in its storage slot (120x40 cut
    it to "yellow (new"), its storage and windmill groups stand apart from the patch and
    the note beside them, and the players' counters are never split between lines ("0" /
    "windmills", "(+35 at the end:" / "47)")."""
    match = at_bulb_decision(names)
    seat = match.state.tasks[-1].seat
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        board = screen.wv_board
        board.select_page(board.page_for("farm", seat))
        await pilot.pause()
        legal = [GAME.notation(m) for m in match.legal_moves()]
        assert [choice.label for choice in screen.picker.choices][:5] and len(screen.picker.choices) == len(legal)
        offered = [(i, n.split()[1]) for i, n in enumerate(legal) if n.startswith("bulb ")]
        assert len(offered) == 5
        for index, colour in offered:
            assert screen.picker.highlight(index)
            await pilot.pause()
            storage = screen.query_one("#wv-storage").text
            assert f"{colour} {C.COLOUR_NAMES[colour]} (new)" in storage, storage
        for left, right in (("#wv-storage", "#wv-patch"), ("#wv-mills", "#wv-mill-note")):
            a, b = screen.query_one(left).region, screen.query_one(right).region
            if a.y == b.y:  # side by side (a wide board): at least 2 blank columns between
                assert b.x - a.right >= 2, (left, a, b)
            else:
                assert b.y >= a.bottom
        board.select_page(board.page_for("players", None))
        await pilot.pause()
        lines = screen.query_one("#wv-players").text.splitlines()
        assert len(lines) > len(names)
        for line in lines:
            assert not re.search(r"(^|\s)\d+$|:$", line.rstrip()), line
        if len(names) == 1:
            assert any(f"{C.SOLO_NAME} (level" in line for line in lines)


async def test_queens_wish_patch_spaces_are_marked_and_game_over_is_worded(tmp_path: Path) -> None:
    match = make_match(["Ann", "Bob"], seed=7)
    for _ in range(40):
        match.push(match.legal_moves()[quick_choice(match)])
    patch_card = C.START_ID + [c[1] for c in C.START_CARDS].index("patch")
    other_card = C.START_ID + [c[1] for c in C.START_CARDS].index("tools6")
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = screen.wv_board
        board.select_page(board.page_for("farm", 0))
        for card, marked in ((patch_card, True), (other_card, False)):
            state = msgspec.structs.replace(match.state, wish_card=card)
            board.show(GAME, state, viewer=None, seats=screen.names)
            await pilot.pause()
            rows = [ln for ln in screen.query_one("#wv-patch").text.splitlines() if ln.startswith("row ")]
            assert len(rows) == C.PATCH_ROWS
            for r, line in enumerate(rows):
                cells = line.split()[2:2 + C.PATCH_COLS]  # after "row N"
                for k, cell in enumerate(cells):  # the pictured space (the 4th) in brackets, no other
                    assert (cell.startswith("[") and cell.endswith("]")) == (marked and (r, k) in C.WISH_PATCH), line
            assert ("Queen's Wish" in screen.query_one("#wv-patch").text) == marked
        # game over: no "now round 11" after the last round
        over = msgspec.structs.replace(match.state, phase="over", tasks=[], end_round=9, round=9)
        board.show(GAME, over, viewer=None, seats=screen.names)
        board.select_page(board.page_for("tracks", None))
        await pilot.pause()
        wish = screen.query_one("#wv-wish").text
        assert "The game ended after round 10." in wish and "now round" not in wish
        assert "ended after round 10" in screen.query_one("#wv-banner").text


async def test_vp_track_draws_one_lane_per_player_never_a_count(tmp_path: Path) -> None:
    match = make_match(["Ann", "Bob", "Cy"], seed=7)
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = screen.wv_board
        board.select_page(board.page_for("tracks", None))
        await pilot.pause()
        assert len({f.vp for f in match.state.farms}) == 1  # everybody on one space at the start
        lines = screen.query_one("#wv-vp").text.splitlines()
        lanes = [ln for ln in lines if ln[:1] in "ABC" and ln.split()[0] in "ABC" and len(ln.split()) == 2]
        assert [ln.split()[0] for ln in lanes] == ["A", "B", "C"]
        assert not any(ch.isdigit() for ln in lanes for ch in ln)


async def test_automatic_steps_show_first_in_the_status_line(tmp_path: Path) -> None:
    """The wheels turned with 0 tools (or a forced floodgate) is named in the status line
    after the key that led to it, before any other announcement."""
    assert is_automatic("next, Ann's wheels turn 1 step") and not is_automatic("Ann takes 2 G")
    match = make_match(["Ann", "Bob"], seed=101)
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seen = False
        for _ in range(60):
            before = len(match.state.events), list(match.state.events)
            await press_choice(pilot, screen, quick_choice(match))
            new = [e for e in match.state.events if e not in before[1]]
            auto = [e for e in new if is_automatic(e)]
            if auto:
                banner = screen.query_one("#wv-banner").text
                first = banner.splitlines()[0]
                assert "Automatic:" in first and " ".join(auto[0].split()[:3]) in " ".join(banner.split())
                seen = True
                break
        assert seen


async def test_wheels_page_keys_every_short_label_it_draws(tmp_path: Path) -> None:
    """Playtest finding 11: "[1c Lw2 GV 0G]" and "cal 2!" were drawn with no key (only
    c/u/x was explained): the page's key gives each label drawn the rulebook's words."""
    match = make_match(["Ann", "Bob"], seed=3)

    def cal_ahead() -> bool:
        f = match.state.farms[match.state.current]
        return any(calendar_after(f, n) > f.calendar for n in range(C.MIN_STEPS, C.MAX_STEPS + 1))

    while not (match.state.tasks and match.state.tasks[-1].kind == "steps" and cal_ahead()):
        assert not match.is_over()
        match.push(match.legal_moves()[0])
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        state = match.state
        f = state.farms[state.current]
        key = " ".join(screen.query_one("#wv-key").text.split())
        drawn = list(f.large) + list(f.small) + [d for d in state.offer if d >= 0]
        assert drawn
        for d in drawn:
            label = design_label(d)
            assert label in board_text(screen)
            assert f"{label} = {C.DESIGNS[d][4]}" in key, label
        assert " cal " in screen.query_one("#wv-preview").text and "cal N! = " in key
        assert "price in guilders" in key


async def test_a_review_step_scrolls_to_the_decision_in_the_same_frame(tmp_path: Path) -> None:
    """Review turns the board to the page of the decision at the cursor and
    scrolls to the widget that decision is about (``after_layout``): in the
    step's one frame, not a frame later; the terminal then shows the whole
    screen as a full repaint draws it."""
    import pyte
    from textual._compositor import LayoutUpdate

    from tests.benchmarks.bench_tui import late_match
    from tui.app import LowlandsApp
    from tui.screens import screen_for
    from tui.windmill_valley.board import ANCHOR_OF

    match = late_match(GAME, 4, 263)
    app = LowlandsApp(data_dir=tmp_path / "data", config_dir=tmp_path / "config",
                      start=lambda: screen_for(match, data_dir=tmp_path / "data"))
    size = (120, 40)
    term = pyte.Screen(*size)
    frames: list[int] = []
    real_display = type(app)._display

    def display(self, shown_screen, renderable) -> None:
        if renderable is not None and hasattr(renderable, "render_segments"):
            frames.append(1)
            pyte.Stream(term).feed(renderable.render_segments(self.console))
        real_display(self, shown_screen, renderable)

    app._display = display.__get__(app)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("r")
        for _ in range(4):
            await pilot.pause()
        review = app.screen
        body = review.query_one("#wv-body")
        scrolled = 0
        for _ in range(12):
            frames.clear()
            before = body.scroll_y
            await pilot.press("left")
            for _ in range(3):
                await pilot.pause()
            assert len(frames) == 1, review.cursor
            task = review.state(review.cursor).tasks[-1]
            anchor = ANCHOR_OF.get(task.kind, "wv-pages")
            if anchor != "wv-pages":  # its widget in view: no further scroll needed
                widget = review.query_one(f"#{anchor}")
                assert not widget.display or not body.scroll_to_widget(widget, animate=False, immediate=True)
            scrolled += body.scroll_y not in (0, before)
            whole = pyte.Screen(*size)
            strips = review._compositor.render_strips()
            pyte.Stream(whole).feed(LayoutUpdate([[s] for s in strips], review.region).render_segments(app.console))
            assert [term.display[y] for y in range(size[1])] == [whole.display[y] for y in range(size[1])]
        assert scrolled  # (the steps did scroll the board to a decision's widget)


async def test_a_review_step_to_a_decision_below_the_fold_lays_the_screen_out_once(tmp_path: Path,
                                                                                   monkeypatch: Any) -> None:
    """A step in review that turns the board to a page and to the decision's widget
    below its top (the water level for lowering the water, at 120x40 under the
    wheels) scrolls to it as the layout arranges the body: one layout pass (a
    second one followed the scroll) that arranges the screen once (the
    scrollbar's thumb, moved in the middle of the arrangement, made the
    compositor arrange all of it again), the widget in view, the frame what a
    full repaint draws."""
    from textual.screen import Screen

    from tests.benchmarks.bench_tui import late_match
    from tests.test_tui_keyspeed import FrameTerminal, count_arrangements
    from tui.app import LowlandsApp
    from tui.screens import game_screen_class
    from tui.windmill_valley.board import ANCHOR_OF
    from tui.widgets.board import BoardBody

    match = late_match(get_game("windmill-valley"), 4, 263)
    screen = game_screen_class("windmill-valley")(match, data_dir=tmp_path, seat_guard=0)
    app = LowlandsApp(data_dir=tmp_path, config_dir=tmp_path / "config", start=screen)
    term = FrameTerminal(app, (120, 40))
    passes: list[int] = []
    real = Screen._refresh_layout

    def counting(self, *args, **kw):
        passes.append(1)
        return real(self, *args, **kw)

    monkeypatch.setattr(Screen, "_refresh_layout", counting)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        scrolled = 0
        arranged = count_arrangements(monkeypatch)
        for _ in range(8):
            passes.clear()
            arranged.clear()
            await pilot.press("left")
            await pilot.pause()
            review = app.screen
            state = review.view(review.cursor)
            task = state.tasks[-1] if state.tasks else None
            # (the first step after review opened unseen, not built ahead, may
            # arrange it once more: its map waits for the widgets it did not place)
            assert len(passes) <= 1 and len(arranged) <= 1 + (review.cursor == match.ply - 1), arranged
            term.check("left")
            anchor = ANCHOR_OF.get(task.kind) if task is not None else None
            if anchor is None or anchor not in ("wv-water-row",):
                continue
            body = review.board.query_one("#wv-body", BoardBody)
            widget = review.board.query_one(f"#{anchor}")
            assert body.region.y <= widget.region.y and widget.region.bottom <= body.region.bottom
            scrolled += body.scroll_y > 0
        assert scrolled  # (the water level is below the wheels: a step scrolled to it)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_review_draws_the_gardeners_score_beside_the_players(tmp_path: Path, size: tuple[int, int]) -> None:
    """Review's score lines drew the seats only: a solo game showed the player's
    VP and not the Gardener's it is played against. The Gardener has its line
    ("G Gardener  VP n", its VP at the cursor) and its sparkline on the common scale."""
    from tui.screens.review import ReviewScreen, ScoreSpark

    match = make_match(["Ann"], seed=5)
    while match.state.turns < 6:
        match.push(match.legal_moves()[quick_choice(match)])
    assert match.state.solo.vp > 0
    review = ReviewScreen(match)
    async with ScreenApp(review).run_test(size=size) as pilot:
        await pilot.pause()
        labels = [w.text.strip() for w in review.query(".spark-label")]
        assert labels == [f"A Ann  VP {match.state.farms[0].vp}", f"G Gardener  VP {match.state.solo.vp}"]
        sparks = list(review.query(ScoreSpark))
        assert len(sparks) == 2
        plies = review.spark_plies()
        assert sparks[1].data == [float(match.state_at(p).solo.vp) for p in plies]
        assert sparks[0].high == sparks[1].high == max(sparks[0].data + sparks[1].data)
        assert sparks[1].bars(40) and sparks[1].region.height == 1 and sparks[1].region.bottom <= size[1] - 1
        # a step back shows the Gardener's VP at that decision
        await pilot.press("home")
        await pilot.pause()
        assert review.query_one("#spark-label-1").text.strip() == f"G Gardener  VP {match.state_at(0).solo.vp}"
    # a game of players only has no such line
    two = make_match(["Ann", "Bob"])
    review = ReviewScreen(two)
    async with ScreenApp(review).run_test(size=size) as pilot:
        await pilot.pause()
        assert [w.text.strip() for w in review.query(".spark-label")] == ["A Ann  VP 5", "B Bob  VP 5"]


def finished_solo(seed: int = 36) -> Match:
    """A solo game played to its end by random choices (seed 36: the end
    scoring adds 13 VP to Ann's track, the Gardener's end bonus 35)."""
    import random

    match = make_match(["Ann"], seed=seed)
    rng = random.Random(seed)
    while not match.is_over():
        match.push(rng.choice(match.legal_moves()))
    return match


async def test_review_counts_the_gardeners_score_among_the_changes(tmp_path: Path) -> None:
    """Playtest: at the last decision `m` listed the Gardener's "+35 VP (now
    89)" and then "No score changed.". A decision that changes the Gardener's
    VP says so ("G Gardener: VP 54 -> 89 (+35)"), and only one that changes
    no score at all says "No score changed."."""
    from tui.screens.review import ReviewScreen

    match = finished_solo()
    # a decision that changes the Gardener's VP and none of Ann's tallies
    quiet = next(p for p in range(1, match.ply + 1)
                 if GAME.tallies(match.state_at(p)) == GAME.tallies(match.state_at(p - 1))
                 and match.state_at(p).solo.vp != match.state_at(p - 1).solo.vp)
    review = ReviewScreen(match, ply=quiet)
    async with ScreenApp(review).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for ply in (quiet, match.ply):
            review.move_to(ply)
            await pilot.pause()
            lines = review.query_one("#review-changes")._data
            was, now = match.state_at(ply - 1).solo.vp, match.state_at(ply).solo.vp
            assert f"G Gardener: VP {was} -> {now} (+{now - was})" in lines
            assert "No score changed." not in lines
        assert match.state.solo.vp - match.state_at(match.ply - 1).solo.vp > 3  # (its end bonus too)
        # one that changes no score says so
        still = next(p for p in range(1, match.ply + 1)
                     if GAME.tallies(match.state_at(p)) == GAME.tallies(match.state_at(p - 1))
                     and match.state_at(p).solo.vp == match.state_at(p - 1).solo.vp)
        review.move_to(still)
        await pilot.pause()
        assert review.query_one("#review-changes")._data[1:] == ("No score changed.",)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_review_score_lines_end_at_the_final_scores(tmp_path: Path, size: tuple[int, int]) -> None:
    """Playtest: a won solo game's score graph drew Ann's VP track ("VP 62";
    her final score 132) beside the Gardener's VP with its end bonus ("VP 89"):
    the winner looked behind. At the end each line stands at the game's final
    score (game.scores' total for a seat; the Gardener with its end bonus);
    before it, at the VP earned so far (the track; the Gardener's without the
    bonus). The last decision's changes name Ann's final score."""
    from tui.screens.review import ReviewScreen, ScoreSpark

    match = finished_solo()
    final = GAME.scores(match.state)[0].total
    track = GAME.tallies(match.state)[0]["VP"]
    assert final > track  # (contracts, windmills and the patch score at the end)
    review = ReviewScreen(match)
    async with ScreenApp(review).run_test(size=size) as pilot:
        await pilot.pause()
        labels = [w.text.strip() for w in review.query(".spark-label")]
        assert labels == [f"A Ann  VP {final}", f"G Gardener  VP {match.state.solo.vp}"]
        ann, gardener = review.query(ScoreSpark)
        assert ann.data[-1] == final and gardener.data[-1] == match.state.solo.vp
        assert ann.high == max(final, match.state.solo.vp)
        plies = review.spark_plies()
        assert ann.data[:-1] == [GAME.tallies(match.state_at(p))[0]["VP"] for p in plies[:-1]]
        assert f"A Ann: final score VP {final}" in review.query_one("#review-changes")._data
        await pilot.press("left")
        await pilot.pause()
        before = match.state_at(match.ply - 1)
        assert [w.text.strip() for w in review.query(".spark-label")] == [
            f"A Ann  VP {GAME.tallies(before)[0]['VP']}", f"G Gardener  VP {before.solo.vp}"]


async def test_review_position_keeps_every_figure_at_80_columns(tmp_path: Path) -> None:
    """Playtest at 80x24, Windmill Valley solo: the position line dropped the
    round at the end ("Decision 104/104, turn 16/16") and the totals mid-game
    ("turn 8, round 6"); and decision 100 read "turn 15 · round 13", 101 "turn
    15 · round 14": one turn in two rounds, the round read after the decision
    that ended it (the Gardener's card after Ann's turn ends the round). Every
    figure fits now ("104/104, turn 16/16, round 14/14"), and a decision's
    round is the one it was made in, as its turn is: each turn in one round."""
    from tui.screens.review import ReviewScreen
    from tui.windmill_valley.labels import WindmillValleyLabels, last_round

    match = finished_solo()
    total, last = match.ply, last_round(match.state)
    review = ReviewScreen(match)
    async with ScreenApp(review).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        line = review.query_one("#review-position")
        turns = review.turn_count()
        rounds_of_turn: dict[int, set[int]] = {}
        for ply in range(total, 0, -1):
            review.move_to(ply)
            await pilot.pause()
            shown = line.text.strip()
            turn = review.turn_of(ply)
            assert len(shown) <= line.size.width
            assert shown.endswith(f"{ply}/{total}, turn {turn}/{turns}, round {review.rounds_at(ply)[1]}/{last}"), shown
            made_in = WindmillValleyLabels.round_of(match.state_at(ply - 1))[1]
            assert review.rounds_at(ply)[1] == made_in
            assert review.sub_title.endswith(f"turn {turn} · round {made_in}"), review.sub_title
            rounds_of_turn.setdefault(turn, set()).add(made_in)
        assert all(len(r) == 1 for r in rounds_of_turn.values()), rounds_of_turn
        assert rounds_of_turn[turns] == {last}
    # at 120 columns the words are whole
    review = ReviewScreen(match)
    async with ScreenApp(review).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert review.query_one("#review-position").text.strip() == \
            f"Decision {total}/{total}, turn {turns}/{turns}, round {last}/{last}"
