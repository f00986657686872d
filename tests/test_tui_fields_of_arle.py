"""Pilot tests of the Fields of Arle screen (tui/fields_of_arle/): a whole 2-player
game at 80x24 and a solo game at 120x40 by keys with undo, redo and review; the
pages at both sizes; the board following the picker's cursor; every picker label
of random games fitting the picker at 80x24.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from textual.app import App

from core import get_game
from core.fields_of_arle import components as C
from core.match import Match, Seat
from tui.boards import board_for
from tui.fields_of_arle import FieldsOfArleBoard, FieldsOfArleScreen
from tui.fields_of_arle.labels import LABEL_WIDTH, choice_text, effect_text
from tui.screens import screen_for

from tests.apphelpers import ScreenApp, shown_text

GAME = get_game("fields-of-arle")


def make_match(names: list[str], seed: int = 3) -> Match:
    return Match(GAME, [Seat(n, "human") for n in names], seed=seed)


def app_for(match: Match, tmp_path: Path) -> tuple[ScreenApp, FieldsOfArleScreen]:
    screen = FieldsOfArleScreen(match, data_dir=tmp_path, bot_delay=0.01, seat_guard=0)
    return ScreenApp(screen), screen


def board_text(screen: FieldsOfArleScreen) -> str:
    """Everything the board's line widgets show now (visible sections only)."""
    return shown_text(screen.fa_board)


#: Verbs the key-driven games prefer (they end a decision or keep the game short).
QUICK = ("end", "done", "feed", "stop", "skip")


def pick_index(screen: FieldsOfArleScreen, rnd: random.Random) -> int:
    """The picker item the tests press: a finishing choice when offered (most of the
    time, so that a whole game stays short), else a random one."""
    items = screen._shown
    if rnd.random() < 0.75:
        for i, it in enumerate(items):
            if len(it.moves) == 1 and it.moves[0].verb in QUICK:
                return i
    return rnd.randrange(len(items))


async def play_by_keys(pilot: Any, screen: FieldsOfArleScreen, match: Match, rnd: random.Random,
                       on_press: Any = None, limit: int = 600) -> int:
    """Play ``match`` to its end by the picker's hotkeys (opening groups by key too);
    after every decision the move played is one the picker listed. Returns the presses."""
    presses = 0
    while not match.is_over():
        legal = match.legal_moves()
        items = screen._shown
        # the picker lists exactly the legal moves (groups stand for several)
        assert sorted(GAME.notation(m) for it in items for m in it.moves) == sorted(GAME.notation(m) for m in legal)
        i = pick_index(screen, rnd)
        item = items[i]
        ply = match.ply
        await pilot.press(screen.picker.choices[i].hotkey)
        presses += 1
        if len(item.moves) > 1:  # a group opened: its moves, each by its own key
            assert match.ply == ply and [it.moves for it in screen._shown] == [(m,) for m in item.moves]
            j = rnd.randrange(len(screen._shown))
            await pilot.press(screen.picker.choices[j].hotkey)
            want = item.moves[j]
        else:
            want = item.moves[0]
        assert match.ply == ply + 1 and match.moves[-1] == want
        if on_press is not None:
            await on_press(presses)
        assert presses < limit
    return presses


async def test_two_player_game_to_the_end_by_keys_with_undo_redo_and_review(tmp_path: Path) -> None:
    match = make_match(["Ann", "Bob"], seed=11)
    app, screen = app_for(match, tmp_path)
    rnd = random.Random(11)
    done: dict[str, bool] = {}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert screen.fa_board.page_names == ["Actions", "Players", "A Ann", "B Bob", "Supply"]

        async def check(presses: int) -> None:
            if presses == 12 and "undo" not in done:
                ply, header, text = match.ply, screen.sub_title, board_text(screen)
                await pilot.press("u")
                await pilot.pause()
                assert match.ply == ply - 1 and screen.fa_board.announcements == []
                await pilot.press("U")
                await pilot.pause()
                assert match.ply == ply and screen.sub_title == header
                assert board_text(screen).replace(" ", "") != ""
                done["undo"] = text != ""
            if presses == 40 and "review" not in done:
                from tui.screens.review import ReviewScreen

                ply = match.ply
                await pilot.press("r")
                await pilot.pause()
                assert isinstance(app.screen, ReviewScreen)
                review_board = app.screen.query_one(FieldsOfArleBoard)
                await pilot.press("home")
                await pilot.pause()
                assert "Half-year 1/9" in review_board.query_one("#fa-banner").text
                await pilot.press("right", "right")
                await pilot.press("end", "escape")
                await pilot.pause()
                assert app.screen is screen and match.ply == ply
                done["review"] = True

        await play_by_keys(pilot, screen, match, rnd, check)
        await pilot.pause()
        from tui.screens.game_over import GameOverScreen

        assert isinstance(app.screen, GameOverScreen)
    assert done == {"undo": True, "review": True}
    assert match.state.half == C.HALF_YEARS and match.state.phase == "over"
    assert screen.last_autosave is not None and screen.last_autosave.exists()


async def test_solo_game_to_the_end_by_keys_at_120x40(tmp_path: Path) -> None:
    match = make_match(["Ann"], seed=5)
    app, screen = app_for(match, tmp_path)
    rnd = random.Random(5)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board = screen.fa_board
        assert board.page_names == ["Work", "A Ann", "Supply"]
        assert board.page == "Work"
        text = board_text(screen)
        # a placement decision: both seasons' boards, the month spaces, the player, the score
        assert "Summer (this half-year)" in text and "Winter (next)" in text
        assert "Month spaces" in text and "Score now" in text and "Ann" in text
        await play_by_keys(pilot, screen, match, rnd)
        await pilot.pause()
        from tui.screens.game_over import GameOverScreen

        assert isinstance(app.screen, GameOverScreen)
    assert match.state.phase == "over"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_page_draws_and_the_board_follows_the_decision(tmp_path: Path, size: tuple[int, int]) -> None:
    match = make_match(["Ann", "Bob"], seed=3)
    rnd = random.Random(3)
    for _ in range(60):  # into the game: tiles, vehicles, buildings
        match.push(rnd.choice(match.legal_moves()))
    while match.state.tasks[-1].kind != "place":
        match.push(match.legal_moves()[0])
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        board = screen.fa_board
        assert board.page == ("Work" if size[0] >= 120 else "Actions")
        seen = set()
        for _ in range(len(board.page_names)):
            await pilot.press("right")
            await pilot.pause()
            seen.add(board.page)
            assert board_text(screen).strip()
            for w in board.query("*"):  # nothing drawn past the board's right edge
                if w.display and hasattr(w, "_lines") and w.region.width:
                    assert w.region.right <= board.region.right + 1, w.id
        assert seen == set(board.page_names)
        for seat, name in enumerate(["Ann", "Bob"]):
            board.select_page(board.page_for("farm", seat))
            await pilot.pause()
            text = board_text(screen)
            for word in (f"{name}'s home board", "Barn", "Goods track", "Tool tracks", "fish traps", "L3"):
                assert word in text, word
        board.select_page(board.page_for("supply", None))
        await pilot.pause()
        text = board_text(screen)
        assert "Building supply" in text and "Bremen" in text and "Travel track" in text
        # the cursor on a placement highlights that space on the action board
        board.select_page(board.page_for("actions", None))
        await pilot.press("down")
        await pilot.pause()
        item = screen._shown[screen.picker.highlighted_index]
        move = item.moves[0]
        if move.verb == "place":
            name = C.SPACES[C.SPACE_INDEX[move.arg]][1].replace(" (winter)", "")
            assert any(line.lstrip().startswith("▶") and name in line for line in board_text(screen).splitlines())
        # and says what it gives and costs the player (the engine's own result)
        from tui.fields_of_arle.labels import effect_text

        want = effect_text(match.state, GAME.apply(match.state, move), match.to_move())
        assert "Under the cursor: " + (want or "no change")[:20] in board_text(screen).replace("\n  ", " ")


def test_picker_labels_fit_80_columns_through_random_games() -> None:
    """Every picker entry (top level and opened groups) of every decision of random
    1- and 2-player games fits the picker's label width at 80x24 (with --ascii's "->" too), names no notation
    and is unique within its decision."""
    screen = FieldsOfArleScreen(make_match(["Ann", "Bob"]), data_dir=Path("."))
    for names, seed in ((["Ann", "Bob"], 1), (["Ann", "Bob"], 2), (["Ann"], 3)):
        rnd = random.Random(seed)
        state = GAME.setup(names, seed)
        screen.names = names
        while not GAME.is_over(state):
            moves = GAME.legal_moves(state)
            labels = [choice_text(state, GAME.notation(m)) for m in moves]
            for label in labels + [choice_text(state, GAME.notation(m), "->") for m in moves]:  # --ascii too
                assert len(label) <= LABEL_WIDTH, label
                assert not label.endswith("…"), label
            assert len(set(labels)) == len(labels), [x for x in labels if labels.count(x) > 1]
            for item in screen.build_menu(state, moves):
                assert len(item.label) <= LABEL_WIDTH, item.label
            state = GAME.apply(state, rnd.choice(moves))


def test_board_and_screen_are_registered() -> None:
    assert board_for("fields-of-arle") is FieldsOfArleBoard
    assert type(screen_for(make_match(["Ann"]), data_dir=Path("."))) is FieldsOfArleScreen


def test_header_and_special_labels_read_right_through_random_games() -> None:
    """Playtest at 80x24: the header's sub-title was cut ("Ann: move tool indi…"), a
    Special Action read the same as the placement on this season's board ("Grocer"), a
    clock building's label lost its name and "0 young: none" stood for no young. The
    sub-title fits the header at 80 columns beside "Fields of Arle — ", and each label
    says what it is."""
    from core.match import Match as M

    match = M(GAME, [Seat("Ann", "human"), Seat("Bob", "human")], seed=4)
    screen = FieldsOfArleScreen(match, data_dir=Path("."))
    rnd = random.Random(4)
    state = match.state
    seen = set()
    while not GAME.is_over(state):
        assert len(screen.decision_text(state, GAME.to_move(state))) <= 47, screen.decision_text(state, 0)
        for m in GAME.legal_moves(state):
            label = choice_text(state, GAME.notation(m))
            if m.verb == "special":
                assert label.startswith("Special: "), label
                seen.add("special")
            if m.verb == "use":  # a clock building's exchange names the building
                assert label.split(":")[0] in ("Parlor", "Colonist", "Stall->stable", "Schnapps", "Litter",
                                               "Trade", "Free peat"), label
            if m.verb == "young":
                assert label == "No young in May" if set(m.arg.split()) == {"0"} else label[0] != "0", label
                seen.add("young")
        state = GAME.apply(state, rnd.choice(GAME.legal_moves(state)))
    assert seen == {"special", "young"}


def test_effect_text_names_what_a_placement_gives_and_costs() -> None:
    """Playtest: the log said only "places a worker on the Fisherman"; a new player
    could not tell what a space gives. The effect line is the difference the engine's
    own move makes: the Fisherman moves the fish traps, gives food by them and a sheep;
    the Forester costs 1 food and asks what to put down."""
    from tui.fields_of_arle.labels import effect_text

    state = GAME.setup(["Ann", "Bob"], 3)
    seat = GAME.to_move(state)
    by = {GAME.notation(m): m for m in GAME.legal_moves(state)}
    after = GAME.apply(state, by["place fisherman"])
    food = after.homes[seat].g["food"] - state.homes[seat].g["food"]
    assert effect_text(state, after, seat) == f"+{food} food, +1 sheep, fish traps 2→3"
    after = GAME.apply(state, by["place forester"])
    assert effect_text(state, after, seat) == "-1 food, then choose"
    # playtest finding 9: a placement that asks for more says what the space offers
    assert effect_text(state, after, seat, by["place forester"]) == "-1 food, then choose: a forest or a building"
    grocer = by["place grocer"]
    assert effect_text(state, GAME.apply(state, grocer), seat, grocer) == \
        "then choose: timber, brick or an animal, and 1 grain, 1 leather"
    cutter = by["place peatcutter"]
    assert effect_text(state, GAME.apply(state, cutter), seat, cutter) == \
        "+1 peat, then choose: cut peat 3 times in all (1 per spade)"


def test_peat_cutting_prompts_count_the_cuts() -> None:
    """Playtest finding 9: the Peat Cutter cuts once per spade (3), but its prompts
    never said how many cuts were left."""
    screen = FieldsOfArleScreen(make_match(["Ann", "Bob"]), data_dir=Path("."))
    screen.names = ["Ann", "Bob"]
    state = GAME.setup(["Ann", "Bob"], 3)
    seat = GAME.to_move(state)
    state = GAME.apply(state, GAME.parse(state, "place peatcutter"))  # the first cut is made for you
    assert state.tasks[-1].kind == "cut"
    assert screen.prompt_text(state, seat) == "Ann: cut peat from which moor? (cut 2 of 3)".replace("Ann", screen.names[seat])
    state = GAME.apply(state, GAME.parse(state, "cut b"))
    assert screen.prompt_text(state, seat).endswith("(cut 3 of 3)")
    assert choice_text(state, "stop") == "Stop here"


async def test_giving_up_a_worker_says_what_it_costs(tmp_path: Path) -> None:
    """Polish: ``0`` gives up a worker placement at once (the rules allow it: "you may
    choose not to carry out an action"; undo takes it back, and the other games
    confirm no move either). Its label says it is no action, and under the cursor
    the banner says the worker is used up and how many of that player's are left."""
    state = GAME.setup(["Ann", "Bob"], 3)
    assert choice_text(state, "skip") == "Pass: no action this turn"
    skip = GAME.parse(state, "skip")
    seat = GAME.to_move(state)
    assert effect_text(state, GAME.apply(state, skip), seat, skip) == \
        "no action: this worker is used up (3 more this half-year)"
    for _ in range(7):  # the half-year's last worker
        state = GAME.apply(state, GAME.parse(state, "skip"))
    assert "(0 more this half-year)" in effect_text(state, GAME.apply(state, skip), GAME.to_move(state), skip)
    match = make_match(["Ann", "Bob"])
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        picker = screen.picker
        index = next(i for i, c in enumerate(picker.choices) if c.hotkey == "0")
        assert picker.choices[index].label == "Pass: no action this turn"
        picker.highlight(index)
        await pilot.pause()
        assert "this worker is used up (3 more this half-year)" in " ".join(board_text(screen).split())
        assert match.ply == 0  # only highlighted, nothing given up


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_choice_under_the_cursor_and_its_vp_show_beside_the_choices(tmp_path: Path, size: Any) -> None:
    """Playtest finding 9: at 80x24 the VP preview was only at the bottom of the
    Players page. Now the banner above every page says what the choice under the
    cursor does and its VP (120x40: under the actions, VP beside them)."""
    match = make_match(["Ann", "Bob"])
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("2")  # the Grocer: its own choices follow, on another page
        await pilot.pause()
        assert match.state.tasks[-1].kind == "opt"
        text = " ".join(board_text(screen).split())
        assert "Under the cursor: +1 grain, +1 timber, +1 leather" in text, text
        assert "VP" in text.split("Under the cursor:")[1].split("leather")[1][:20]
        assert screen.fa_board.page_names[screen.fa_board._page] not in ("Actions", "Work")


async def test_a_sale_shows_the_destinations_and_its_labels_read_alike(tmp_path: Path) -> None:
    """Playtest at 80x24: after loading Hage the sale's choices read "a field (grain): 1
    food" beside "Sell a field (flax): 1 food", and the Supply page showed the building
    supply while the destinations were below the fold. Every sale now reads alike and
    the board scrolls to the destinations."""
    match = make_match(["Ann", "Bob"], seed=16)
    rnd = random.Random(16)
    while match.ply < 14:
        match.push(rnd.choice(match.legal_moves()))
    load = next(m for m in match.legal_moves() if m.verb == "load" and m.arg.startswith("hage"))
    match.push(load)
    assert match.state.tasks[-1].kind == "sell"
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        labels = [c.label for c in screen.picker.choices]
        assert labels and all(label[0].isupper() and label.endswith(" food") for label in labels), labels
        board = screen.fa_board
        assert board.page == "Supply"
        dests = board.query_one("#fa-dests")
        body = board.query_one("#fa-body")
        assert body.region.y <= dests.region.y < body.region.bottom  # in view
        assert "Hage" in dests.text


async def test_score_sheet_turns_over_where_its_columns_do_not_fit() -> None:
    """Playtest at 80x24: the live score preview's eight categories and the total were
    cut at the board's right edge. The shared ScoreSheet turns over (a row per
    category, a column per seat) where its columns do not fit, and not otherwise."""
    from tui.widgets.scoresheet import ScoreRow, ScoreSheet

    parts = {"Cloth": 5, "Barn": -3, "Trav": 1, "Tools": 2, "Goods": 4, "Home": -11, "Anim": 9, "Short": -2}
    rows = [ScoreRow("A", "Ann", 5, parts), ScoreRow("B", "Bob", 12.5, dict(parts, Cloth=12.5), winner=True)]
    for width, turned in ((40, True), (90, False)):
        sheet = ScoreSheet(title="Score")

        class One(App):
            def compose(self) -> Any:
                yield sheet

        async with One().run_test(size=(width, 20)) as pilot:
            sheet.update(rows)
            await pilot.pause()
            lines = sheet.text.splitlines()
            assert all(len(line) <= width for line in lines)
            if turned:
                assert [line.split()[0] for line in lines[2:]] == [*parts, "Total"]
                assert lines[-1].split()[1:] == ["5", "12.5"]
            else:
                assert lines[1].split() == ["Player", *parts, "Total"]
                assert lines[3].split()[-1] == "12.5"


def test_every_building_has_a_plain_effect_line() -> None:
    """Playtest: the building menus showed only name, colour, VP and cost, so a new
    player could not choose; each building now has one short effect line."""
    assert set(C.EFFECTS) == set(C.BUILDINGS)
    for b, text in C.EFFECTS.items():
        assert text and text[0].isupper() and text.endswith("."), b
        assert "[" not in text and "RECONSTRUCTED" not in text and "READING" not in text, b


async def test_build_choices_show_what_the_building_does_at_80_columns(tmp_path: Path) -> None:
    """Playtest: "Smokehouse", "Milk House Inn" with no effect text. The Supply page
    lists each building's effect (wrapped, not cut) and a build choice under the
    cursor says what the building does."""
    match = make_match(["Ann", "Bob"], seed=5)
    rnd = random.Random(5)
    while not any(m.verb == "build" for m in match.legal_moves()):
        match.push(rnd.choice(match.legal_moves()))
        assert not match.is_over()
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = screen.fa_board
        board.select_page(board.page_for("supply", None))
        await pilot.pause()
        text = board_text(screen)
        assert all(len(line) <= 80 for line in text.splitlines())
        flat = " ".join(text.split())
        for b in match.state.buildings:
            assert C.EFFECTS[b] in flat, b
        build = next(m for m in match.legal_moves() if m.verb == "build")
        effect = "\n".join(t.plain for t in board._effect(GAME, match.state, [build], 78))
        b = build.arg.split()[0]
        assert f"{C.BUILDINGS[b][0]}: {C.EFFECTS[b]}" in " ".join(effect.split())
        assert all(len(line) <= 78 for line in effect.splitlines())


def _leaves_a_choice(match: Match, m: Any) -> bool:
    after = GAME.apply(match.state, m)
    return after.phase == "work" and after.tasks[-1].kind != "place"


@pytest.mark.parametrize("names", [["Ann"], ["Ann", "Bob"]])
async def test_the_banner_counts_the_worker_being_resolved(tmp_path: Path, names: list[str]) -> None:
    """Playtest: solo showed "worker 2/4" while the first worker's Colonist was being
    resolved (2 players: "worker 8/8" at Ann's 7th). The banner counts the worker
    being placed, and while its action is resolved that same worker."""
    match = make_match(names, seed=7)
    n = len(names)
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        banner = screen.fa_board.query_one("#fa-banner")
        assert f"worker 1/{4 * n}" in banner.text
        for k in range(4 * n - 1):  # the last placement leaves a choice to resolve
            assert match.state.tasks[-1].kind == "place"
            places = [m for m in match.legal_moves() if m.verb == "place"]
            choosy = [m for m in places if _leaves_a_choice(match, m)]
            last = k == 4 * n - 2 or (n == 1 and k == 0)
            move = (choosy if last else [m for m in places if m not in choosy] or places)[0]
            screen.play(move)
            await pilot.pause()
            while match.state.tasks[-1].kind != "place" and not last:
                screen.play(match.legal_moves()[0])
                await pilot.pause()
            if last:
                break
        assert match.state.phase == "work" and match.state.tasks[-1].kind != "place"
        assert f"worker {match.state.placed}/{4 * n}" in banner.text, banner.text


@pytest.mark.parametrize("names", [["Ann"], ["Ann", "Bob"]])
async def test_the_placement_list_scrolls_to_the_highlight_at_80x24(tmp_path: Path, names: list[str]) -> None:
    """Playtest at 80x24: the worker-placement list said "1-d" but showed only 1-a,
    with no scrollbar, so the options below were out of sight. The list scrolls and
    keeps the highlighted option in view, to the last one and back."""
    match = make_match(names, seed=3)
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        ol = screen.picker.option_list
        # the list fits inside the picker's box (it was taller, its last rows hidden)
        assert ol.region.bottom <= screen.picker.region.bottom, (ol.region, screen.picker.region)
        assert ol.max_scroll_y > 0 and ol.show_vertical_scrollbar
        seen = set()
        for key in ["down"] * ol.option_count + ["up"] * ol.option_count:
            await pilot.press(key)
            await pilot.pause()
            hi = ol.highlighted
            assert hi is not None
            seen.add(hi)
            ol._update_lines()
            top, height = ol._index_to_line[hi], ol._heights[hi]
            view = ol.scroll_offset.y
            assert view <= top and top + height <= view + ol.scrollable_content_region.height, (hi, top, view)
        assert max(seen) == max(i for i, o in enumerate(ol._options) if not o.disabled)


@pytest.mark.parametrize("names", [["Ann"], ["Ann", "Bob"]])
async def test_the_players_page_score_table_fits_80x24_with_its_total(tmp_path: Path, names: list[str]) -> None:
    """Playtest at 80x24: the Players panel's score table was cut at the edge ("Home
    An"; Anim, Short and Total missing). Every category and the total are in view and
    no line is wider than the table's box."""
    match = make_match(names, seed=11)
    rnd = random.Random(11)
    for _ in range(30):
        match.push(rnd.choice(match.legal_moves()))
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = screen.fa_board
        board.select_page(board.page_for("players", None))
        await pilot.pause()
        sheet = board.query_one("#fa-scores")
        assert sheet.region.right <= board.region.right
        lines = sheet.text.splitlines()
        assert all(len(line) <= sheet.region.width for line in lines)
        words = sheet.text.split()
        for cat in ("Cloth", "Barn", "Trav", "Tools", "Goods", "Home", "Anim", "Short", "Total"):
            assert cat in words, cat


async def test_the_supply_page_scrolls_to_the_building_under_the_cursor(tmp_path: Path) -> None:
    """With an effect line per building the Supply page is longer than the board at
    80x24: the building under the picker's cursor (and its effect) is scrolled into view."""
    match = make_match(["Ann", "Bob"], seed=5)
    rnd = random.Random(5)
    while not any(m.verb == "build" for m in match.legal_moves()):
        match.push(rnd.choice(match.legal_moves()))
    home = match.state.homes[match.state.tasks[-1].seat]
    for good in ("food", "grain", "wood", "clay", "timber", "brick", "flax", "wool", "leather"):
        home.g[good] = max(home.g[good], 12)  # rich enough for the buildings far down the list
    assert sum(m.verb == "build" for m in match.legal_moves()) > 8
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        group = next((i for i, it in enumerate(screen._shown) if any(m.verb == "build" for m in it.moves)
                      and len(it.moves) > 1), None)
        if group is not None:
            await pilot.press(screen.picker.choices[group].hotkey)
            await pilot.pause()
        board = screen.fa_board
        body = board.query_one("#fa-body")
        builds = [i for i, it in enumerate(screen._shown) if len(it.moves) == 1 and it.moves[0].verb == "build"]
        assert builds
        for i in reversed(builds):
            screen.picker.highlight(i)
            await pilot.pause()
            await pilot.pause()
            assert board.page == "Supply"
            b = screen._shown[i].moves[0].arg.split()[0]
            buildings = board.query_one("#fa-buildings")
            k = next(n for n, line in enumerate(buildings.text.splitlines()) if C.BUILDINGS[b][0] in line
                     and line.lstrip().startswith("▶"))
            y = buildings.region.y + k
            assert body.region.y <= y < body.region.bottom, (b, y, body.region)


def _first_state(want: Any, seed: int = 3, rnd_seed: int = 1) -> Any:
    """The first state of a random 2-player game where ``want(state, moves)`` holds."""
    rnd = random.Random(rnd_seed)
    state = GAME.setup(["Ann", "Bob"], seed)
    for _ in range(2000):
        moves = GAME.legal_moves(state)
        if want(state, moves):
            return state
        state = GAME.apply(state, rnd.choice(moves))
    raise AssertionError("no such state")


def test_free_actions_sit_in_one_item_after_the_decisions_own_choices() -> None:
    """Playtest: free actions ("Return the handcart (1)", "Go to Hage: v1 c1")
    were listed among an action's own choices (the Colonist's horse, a field).
    They are one "Free actions (n) ›" item at the end, opening exactly them (a
    single one is listed as itself); at the end of the work phase they are the
    choices themselves."""
    from core.fields_of_arle import actions as A

    screen = FieldsOfArleScreen(make_match(["Ann", "Bob"]), data_dir=Path("."))
    screen.names = ["Ann", "Bob"]

    def free_beside_own(state: Any, moves: Any) -> bool:
        t = state.tasks[-1]
        free = set(A.free_options(state, t.seat))
        return t.kind == "opt" and sum(GAME.notation(m) in free for m in moves) >= 2 and any(
            GAME.notation(m) not in free for m in moves)

    state = _first_state(free_beside_own)
    moves = GAME.legal_moves(state)
    free = set(A.free_options(state, state.tasks[-1].seat))
    menu = screen.build_menu(state, moves)
    *own, last = menu
    assert last.label.startswith("Free actions (") and last.group == "Free actions"
    assert {GAME.notation(m) for m in last.moves} == {GAME.notation(m) for m in moves} & free
    assert all(GAME.notation(m) not in free for it in own for m in it.moves)
    assert sorted(map(GAME.notation, (m for it in menu for m in it.moves))) == sorted(map(GAME.notation, moves))

    state = _first_state(lambda s, ms: s.tasks[-1].kind == "endwork" and len(ms) > 1)
    menu = screen.build_menu(state, GAME.legal_moves(state))
    assert not any(it.label.startswith("Free actions") for it in menu)
    state = _first_state(lambda s, ms: s.tasks[-1].kind == "opt" and sum(GAME.notation(m) in set(
        A.free_options(s, s.tasks[-1].seat)) for m in ms) == 1)
    menu = screen.build_menu(state, GAME.legal_moves(state))
    one = set(A.free_options(state, state.tasks[-1].seat))
    assert not any(it.label.startswith("Free actions") for it in menu)
    assert [len(it.moves) for it in menu if GAME.notation(it.moves[0]) in one] == [1]


def test_the_farmers_plow_choices_say_what_each_does() -> None:
    """Playtest: "Plow: 1 wood, 1 horse" beside "Plow (wood+horse), plow now" did
    not say that one also lays the fields. Now: "Plow only" and "Plow + n fields"."""
    state = _first_state(lambda s, ms: any(GAME.notation(m) == "plow horse+fields" for m in ms))
    plows = sum(1 for v in state.homes[state.tasks[-1].seat].barn if v.kind == "plow")
    only = choice_text(state, "plow horse")
    both = choice_text(state, "plow horse+fields")
    assert only.startswith("Plow only") and "horse" in only
    assert f"{plows + 1} field" in both and "only" not in both and "horse" in both


def _shown_keys(screen: FieldsOfArleScreen, state: Any, opened: Any = None) -> dict[str, str]:
    """notation (or a group's label) -> the key the picker gives it, as GameScreen._show_menu does."""
    from tui.widgets.choice import settle_hotkeys

    items = ([type(opened)(screen.choice_label(state, m), (m,), key=screen.choice_key(state, m, opened))
              for m in opened.moves] if opened is not None else screen.build_menu(state, GAME.legal_moves(state)))
    hints = [it.key or (screen.choice_key(state, it.moves[0]) if len(it.moves) == 1 else "") for it in items]
    return {(GAME.notation(it.moves[0]) if len(it.moves) == 1 else it.label.split(" (")[0]): k
            for it, k in zip(items, settle_hotkeys(hints))}


def test_action_spaces_and_free_actions_keep_their_keys_through_random_games() -> None:
    """Playtest finding 6: the Grocer was 2, then 1 once the Fisherman was taken;
    "Release 1 horse" g, then 6, then e. Now each action space has its board key
    (summer Fisherman 1 .. Laborer f, winter Peat Boatman 1 ..), in the Special
    Action's group too, releasing is x / y / z, a peat boat conversion its good's
    row of the goods track (in a group or before feeding) and the groups keep a letter."""
    from tui.fields_of_arle.labels import SPACE_KEYS

    screen = FieldsOfArleScreen(make_match(["Ann", "Bob"]), data_dir=Path("."))
    screen.names = ["Ann", "Bob"]
    rnd = random.Random(4)
    state = GAME.setup(["Ann", "Bob"], 4)
    seen = {"place": 0, "release": 0, "special": 0, "boat": 0}
    while not GAME.is_over(state):
        keys = _shown_keys(screen, state)
        for text, key in keys.items():
            verb, _, arg = text.partition(" ")
            if verb == "place":
                seen["place"] += 1
                assert key == SPACE_KEYS[C.SPACE_INDEX[arg] % 15], (text, keys)
            if verb == "release":
                seen["release"] += 1
                assert key == {"sheep": "x", "cattle": "y", "horse": "z"}[arg], (text, keys)
            if text in ("skip", "end", "stop", "done"):
                assert key == "0"
        if "Special Action" in keys:
            assert keys["Special Action"] == "g"
            group = next(it for it in screen.build_menu(state, GAME.legal_moves(state)) if it.label.startswith("Special"))
            inner = _shown_keys(screen, state, group)
            seen["special"] += 1
            assert all(k == SPACE_KEYS[C.SPACE_INDEX[t.split()[1]] % 15] for t, k in inner.items()), inner
        if "Free actions" in keys:
            assert keys["Free actions"] == "v"
        boat_key = {f"boat {g}": str(i + 1) for i, g in enumerate(C.TRACK_GOODS)}
        if state.tasks and state.tasks[-1].kind in ("conv", "final"):
            for text, key in keys.items():
                if text in boat_key:
                    seen["boat"] += 1
                    assert key == boat_key[text], (text, keys)
        for group in screen.build_menu(state, GAME.legal_moves(state)):
            if len(group.moves) > 1 and any(m.verb == "boat" for m in group.moves):
                inner = _shown_keys(screen, state, group)
                seen["boat"] += 1
                assert all(inner[t] == k for t, k in boat_key.items() if t in inner), inner
        state = GAME.apply(state, rnd.choice(GAME.legal_moves(state)))
    assert all(seen.values()), seen


async def test_the_action_board_shows_each_spaces_key(tmp_path: Path) -> None:
    """The key beside each space on the board is the one that places there, before
    and after other spaces are taken (playtest finding 6)."""
    import re

    def row(key: str, who: str, name: str) -> bool:
        return re.search(rf"(?m)^\W*{key}\s+{re.escape(who)}\s+{name}\b", board_text(screen)) is not None

    match = make_match(["Ann", "Bob"])
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        first = match.to_move()
        assert row("1", "·", "Fisherman") and row("2", "·", "Grocer") and row("f", "·", "Laborer")
        await pilot.press("1")  # the Fisherman
        await pilot.pause()
        assert GAME.notation(match.moves[0]) == "place fisherman" and match.to_move() != first
        assert row("1", "[" + "AB"[first] + "]", "Fisherman") and row("2", "·", "Grocer")
        await pilot.press("2")  # the other player: still the Grocer
        await pilot.pause()
        assert GAME.notation(match.moves[-1]) == "place grocer"


def test_labels_read_in_one_style_through_random_games() -> None:
    """Playtest finding 11: "1 tmbr" beside "1 brick", "v1 c1" beside "carriage 1,
    cell 1", "Takes 1 sheep" beside "Take 1 horse", "1 hides", a tool without its
    step, "Return the plow (2)". Every label now: goods in full words, imperative
    verbs, loads and returns by the barn place, every tool with its step."""
    import re

    abbreviations = re.compile(r"\b(tmbr|brk|fd|grn|lthr|wln|wntr|smr|lwr|hrs|ctl|shp|v\d|c\d|H\.)\b")
    seen: set[str] = set()
    for names, seed in ((["Ann", "Bob"], 1), (["Ann", "Bob"], 2), (["Ann"], 3)):
        rnd = random.Random(seed)
        state = GAME.setup(names, seed)
        while not GAME.is_over(state):
            moves = GAME.legal_moves(state)
            for m in moves:
                label = choice_text(state, GAME.notation(m))
                assert not abbreviations.search(label), label
                assert label.split()[0] not in ("Takes", "Turns", "Builds", "Places", "Cuts", "Releases"), label
                assert "1 hides" not in label, label
                if m.verb == "tool":
                    assert re.search(r" \d→\d: \d ", label), label
                if m.verb in ("load", "return") or (m.verb == "use" and m.arg.startswith("loading")):
                    assert re.search(r"barn \d(, cell \d+|\))$", label), label
                seen.add(m.verb)
            state = GAME.apply(state, rnd.choice(moves))
    assert {"tool", "load", "return", "take", "times"} <= seen, seen


async def test_a_moor_is_drawn_once_and_the_farm_page_is_not_cut(tmp_path: Path) -> None:
    """Playtest findings 11 and 12 at 80x24: each moor was drawn as two rows of
    "moor -4" (six moors at -4?), and "Food scores as 3 + 0 on the two food indicat"
    was cut; so was the Supply page's "Destinations (cells; ... each on"."""
    match = make_match(["Ann", "Bob"])
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = screen.fa_board
        board.select_page(board.page_for("farm", 0))
        await pilot.pause()
        text = board_text(screen)
        assert text.count("moor -4") == 3, text
        flat = " ".join(text.split())
        assert "on the two food indicators." in flat
        board.select_page(board.page_for("supply", None))
        await pilot.pause()
        flat = " ".join(board_text(screen).split())
        assert "Destinations (cells; sales for food, each once; who went there)" in flat


def test_every_building_label_fits_whole_in_one_form_per_building() -> None:
    """Playtest finding 11: building costs in mixed forms ("Schnapps: 1 wood, 1 grain"
    beside "Loading St.: wood+grain") and cut or abbreviated ("tmbr"). Every payment
    of every building: one compact form, uncut, the same name for all payments of a
    building where it fits, distinct labels."""
    from core.fields_of_arle import actions as A
    from tui.fields_of_arle.labels import building_label

    for b in C.BUILDINGS:
        labels = [building_label(b, pay) for pay, _ in A._VARIANTS[b][1]]
        assert len(set(labels)) == len(labels), labels
        for label in labels:
            assert len(label) <= LABEL_WIDTH and not label.endswith("…"), label
            assert ", " not in label, label  # compact: goods joined by +
        if b == "schnapps":
            assert labels == ["Schnapps: wood+grain", "Schnapps: clay+grain", "Schnapps: timber+grain",
                              "Schnapps: brick+grain"]
        if len(A._VARIANTS[b][1]) > 1 and all(len(lb) < 20 for lb in labels):
            assert len({lb.split(":")[0] for lb in labels}) == 1, labels


def test_a_peat_boat_conversion_keeps_its_goods_row_key() -> None:
    """Playtest finding 6 (free actions keep their keys): in a group a peat boat
    conversion is its good's row of the goods track (food 1 .. hides 5), also where
    a good is full or other choices come first (numbering by place would shift it)."""
    screen = FieldsOfArleScreen(make_match(["Ann", "Bob"]), data_dir=Path("."))
    screen.names = ["Ann", "Bob"]
    want = {f"boat {g}": str(i + 1) for i, g in enumerate(C.TRACK_GOODS)}
    for seed in range(1, 30):
        rnd = random.Random(seed)
        state = GAME.setup(["Ann", "Bob"], seed)
        while not GAME.is_over(state):
            moves = GAME.legal_moves(state)
            for group in screen.build_menu(state, moves):
                texts = [GAME.notation(m) for m in group.moves]
                boats = [t for t in texts if t in want]
                if len(group.moves) > 1 and boats and any(texts.index(t) + 1 != int(want[t]) for t in boats):
                    keys = _shown_keys(screen, state, group)
                    assert {t: keys[t] for t in boats} == {t: want[t] for t in boats}, keys
                    return
            state = GAME.apply(state, rnd.choice(moves))
    raise AssertionError("no group with a shifted peat boat conversion")  # pragma: no cover


async def test_a_long_effect_under_the_cursor_is_cut_short_and_keeps_its_vp(tmp_path: Path) -> None:
    """Playtest (80x24): the Butcher's offer under the cursor filled the banner's 3
    lines and ended "cattle 1 food more;", its VP cut off. A long effect is now cut
    short with an ellipsis, and the VP always shows."""
    match = make_match(["Ann", "Bob"], seed=5)
    while not (match.state.half % 2 == 0 and any(GAME.notation(m) == "place butcher" for m in match.legal_moves())):
        match.push(match.legal_moves()[0])
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        picker = screen.picker
        picker.highlight(next(i for i, c in enumerate(picker.choices) if c.label == "Butcher"))
        await pilot.pause()
        under = screen.fa_board._under
        said = " ".join(" ".join(line.plain for line in under).split())
        assert len(under) == 3 and said.startswith("Under the cursor: then choose: up to 2 animals")
        assert "…;" in said and said.endswith(" VP"), said


async def test_the_banner_shrinks_back_once_the_announcements_are_gone(tmp_path: Path) -> None:
    """Playtest (80x24): after a new half-year's announcements the banner kept their
    height, blank, over the action board at the next decisions (3-4 empty rows).
    A new decision lets it shrink (a cursor key keeps its height: no layout)."""
    match = make_match(["Ann", "Bob"], seed=5)
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        banner = screen.fa_board.query_one("#fa-banner")
        tallest = 0
        while match.state.half < 2 or match.state.placed < 1:  # the 2nd worker of half-year 2
            await pilot.press(screen.picker.choices[0].hotkey)
            await pilot.pause()
            tallest = max(tallest, len(banner._lines))
        blank = len(banner._lines) - len(banner.text.split("\n"))
        assert blank <= 2, banner.text  # (FieldsOfArleBoard.SLACK)
        assert tallest >= len(banner._lines) + 3  # the announcements had made it taller
        await pilot.press("down")  # a cursor key: the height stays
        await pilot.pause()
        assert len(banner._lines) >= len(banner.text.split("\n"))


async def test_the_cursor_never_lands_on_pass_by_itself(tmp_path: Path) -> None:
    """Playtest (80x24, against a bot): after "0 End the work phase" the next
    half-year's first placement had its cursor on "0 Pass" (the same key), so
    Enter gave up a worker. The cursor keeps to the same kind of choice, but
    never to a done / pass item (solo: the same player places every worker)."""
    match = Match(GAME, [Seat("Ann", "human")], seed=3)
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("0")  # Pass: the next worker is Ann's again
        await pilot.pause()
        assert [GAME.notation(m) for m in match.moves] == ["skip"] and match.state.tasks[-1].kind == "place"
        shown = screen.picker.choices[screen.picker.highlighted_index]
        assert shown.hotkey != "0" and shown.label != "Pass: no action this turn"
        await pilot.press("enter")
        await pilot.pause()
        assert GAME.notation(match.moves[-1]) != "skip"


async def test_review_names_who_decided_once(dirs: Any) -> None:
    """Playtest (80x24): review said "Decided by B Bob: Bob: places a worker on the
    Fisherman" (a PickGame's words begin with the player's name)."""
    from tests.apphelpers import make_app
    from tui.screens.review import ReviewScreen

    match = make_match(["Ann", "Bob"])
    match.push(GAME.parse(match.state, "place fisherman"))
    mover = match.seats[match.movers[0]].name
    app = make_app(dirs, start=lambda: ReviewScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        said = " ".join(app.screen.query_one("#review-changes").text.split())
        assert said.startswith(f"Decided by {mover[0]} {mover}: places a worker on the Fisherman"), said


def test_home_board_cells_name_every_building_whole() -> None:
    """Playtest (80x24): home-board cells showed buildings cut at the cell's width
    ("Colonist'", "Weaving M", "Litter St"). Every building has a name that fits."""
    from tui.fields_of_arle.board import CELL, cell_text
    from tui.fields_of_arle.labels import BUILDING_SHORT

    for code, spec in C.BUILDINGS.items():
        text, _style = cell_text(code)
        full = BUILDING_SHORT.get(code, spec[0])
        assert len(text) <= CELL - 1, code
        cut = full.startswith(text) and len(full) > len(text) and full[len(text)].isalnum()
        assert not cut and not text.endswith("'"), (code, text)  # never cut inside a word


def test_space_offers_count_in_good_english() -> None:
    """Playtest: the Dike Builder's preview said "1 sheep or 1 cattle, 1 dikes, or
    both" at the start (1 dike per shovel level there)."""
    from tui.fields_of_arle.labels import space_offer

    state = GAME.setup(["Ann", "Bob"], 3)
    offer = space_offer(state, 0, C.SPACE_INDEX["dikebuilder"])
    assert "1 dikes" not in offer and ("1 dike," in offer or "dikes" in offer), offer


async def test_the_special_action_under_the_cursor_is_scrolled_into_view_at_80x24(tmp_path: Path) -> None:
    """Playtest at 80x24: the other season's board (the Special Action) is drawn under
    this season's, below the board's fold; moving the picker's cursor over the Special
    Action's choices left the space it highlights out of sight. The highlighted space
    (its pointer) is scrolled into view, for each choice, down the list and back up."""
    match = make_match(["Ann", "Bob"], seed=3)
    rnd = random.Random(3)
    while not any(m.verb == "special" for m in match.legal_moves()):
        match.push(rnd.choice(match.legal_moves()))
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        group = next(i for i, it in enumerate(screen._shown) if any(m.verb == "special" for m in it.moves))
        if len(screen._shown[group].moves) > 1:
            await pilot.press(screen.picker.choices[group].hotkey)
            await pilot.pause()
        board = screen.fa_board
        body = board.query_one("#fa-body")
        other = board.query_one("#fa-other")
        specials = [i for i, it in enumerate(screen._shown) if len(it.moves) == 1 and it.moves[0].verb == "special"]
        assert len(specials) > 1
        for i in specials + specials[::-1]:
            screen.picker.highlight(i)
            await pilot.pause()
            await pilot.pause()
            assert board.page == "Actions" and other.display
            marked = [k for k, line in enumerate(other.text.splitlines()) if line.lstrip().startswith("▶")]
            assert len(marked) == 1, other.text
            y = other.region.y + marked[0]
            assert body.region.y <= y < body.region.bottom, (i, y, body.region)
