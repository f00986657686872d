"""Faults playtesters found (the polish8 list: keys lost as the new-game form
opens, a bot time out of range taken without a word, open dropdowns showing
the rows under them, a Golden Age Move whose first choice costs money, Windmill
Valley hints four pages long): each test fails without its fix."""

from __future__ import annotations

import asyncio

from textual import events
from textual.widgets import Input

from tests.apphelpers import make_app, settle


def _type(app, *keys: str) -> None:
    """Keys as the terminal sends them in one burst: each posted to the app at
    once, none waiting for the one before to be handled (Pilot's ``press``
    waits)."""
    for k in keys:
        app.post_message(events.Key(k, k if len(k) == 1 else None))


async def _form(app, pilot):
    from tui.screens.new_game import NewGameScreen

    await pilot.press("1")
    await settle(pilot, 4)
    assert isinstance(app.screen, NewGameScreen)
    return app.screen


# -- 1. keys typed as the form opens, or in a burst, reach the fields they lead to -----------
async def test_keys_typed_while_the_new_game_form_opens_are_kept(dirs) -> None:
    from tui.screens.new_game import NewGameScreen

    app = make_app(dirs)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        _type(app, "1")
        for _ in range(1000):  # until the form is pushed, before it is mounted
            if isinstance(app.screen, NewGameScreen):
                break
            await asyncio.sleep(0)
        form = app.screen
        assert isinstance(form, NewGameScreen) and form.focused is None  # the form's first moments
        _type(app, "tab", "tab", "x", "y")
        await asyncio.sleep(0.3)
        await settle(pilot, 4)
        assert form.query_one("#name-0", Input).value == "xy"  # (the names were lost, "Anna" kept)
        assert form.focused is form.query_one("#name-0", Input)


async def test_keys_typed_with_the_launchers_1_reach_the_form(dirs) -> None:
    """1 and the form's first keys in one burst: 1 opens the form the moment it comes
    (a priority binding), so the keys after it are the form's, not the launcher list's."""
    from tui.screens.new_game import NewGameScreen

    app = make_app(dirs)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        _type(app, "1", "tab", "tab", "A", "n", "n", "e", "tab", "tab", "B", "o")
        await asyncio.sleep(0.3)
        await settle(pilot, 4)
        form = app.screen
        assert isinstance(form, NewGameScreen)
        assert form.query_one("#name-0", Input).value == "Anne"  # (the Tabs went to the launcher)
        assert form.query_one("#name-1", Input).value == "Bo"


async def test_keys_typed_in_a_burst_in_the_form_follow_tab_and_enter(dirs) -> None:
    app = make_app(dirs)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        form = await _form(app, pilot)
        assert form.focused is form.query_one("#game")
        # Tab twice to seat 1's name, type; Tab to its bot box, Tab to seat 2's name, type; Enter
        _type(app, "tab", "tab", "x", "y", "tab", "tab", "z", "enter")
        await asyncio.sleep(0.3)
        await settle(pilot, 4)
        assert form.query_one("#name-0", Input).value == "xy"
        assert form.query_one("#name-1", Input).value == "z"
        assert form.focused is form.query_one("#bot-1")  # Enter moved on from seat 2's name


# -- 2. the bot time says what it takes, marks a value not allowed as it is typed, and a bad one
#       does not start the game (what was typed is kept) -----------------------------------------
def test_parse_bot_time_takes_what_the_command_line_and_saves_take() -> None:
    import pytest

    from core.match import MAX_BOT_TIME, bot_time_problem
    from tui.screens.new_game import parse_bot_time

    assert MAX_BOT_TIME == 600
    assert parse_bot_time("") == 1.0 and parse_bot_time("11") == 11.0 and parse_bot_time("600") == 600.0
    assert parse_bot_time(" 0.25 ") == 0.25
    for text, words in (("0", "more than 0"), ("700", "at most 600"), ("600.5", "at most 600"), ("1.1.1", "number")):
        with pytest.raises(ValueError, match=words):
            parse_bot_time(text)
        if text != "1.1.1":
            assert bot_time_problem(float(text))
    assert bot_time_problem(float("nan")) and not bot_time_problem(11.0)


async def test_the_form_says_what_bot_time_is_allowed_and_refuses_a_bad_one(dirs) -> None:
    from textual.widgets import Static

    from tui.screens.new_game import NewGameScreen

    app = make_app(dirs)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        form = await _form(app, pilot)
        note = form.query_one("#bot-time-error", Static)
        assert "more than 0, at most 600" in str(note.content)  # said before anything is typed
        field = form.query_one("#bot-time", Input)
        field.focus()
        await settle(pilot)
        await pilot.press("end", "backspace", "7", "0", "0")  # 1 -> 700, key by key
        await settle(pilot)
        assert field.value == "700"
        assert str(note.content) == "Too long: at most 600 seconds" and note.has_class("-bad")  # as it is typed
        assert not field.is_valid  # Textual's own mark of an invalid field
        await pilot.press("ctrl+s")
        await settle(pilot, 4)
        assert app.screen is form and field.value == "700"  # not started; what was typed kept
        assert "Fix the marked fields" in str(form.query_one("#form-message", Static).content)
        await pilot.press("backspace", "backspace", "backspace", "1", "1")  # 11 s is allowed
        await settle(pilot)
        assert str(note.content) == "seconds: more than 0, at most 600" and not note.has_class("-bad")
        await pilot.press("ctrl+s")
        await settle(pilot, 4)
        assert not isinstance(app.screen, NewGameScreen)
        assert app.screen.match.bot_time == 11.0


# -- 3. an open dropdown covers the rows under it ------------------------------------------------
def _screen_rows(app) -> list[str]:
    strips = app.screen._compositor.render_strips()
    return ["".join(seg.text for seg in strip) for strip in strips]


async def test_an_open_dropdown_covers_the_bot_levels_under_it(dirs) -> None:
    from textual.widgets import Checkbox, Select
    from textual.widgets._select import SelectOverlay

    app = make_app(dirs)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        form = await _form(app, pilot)
        for i in range(3):
            form.query_one(f"#bot-{i}", Checkbox).value = True  # each seat's level Select shown, "strong ▼"
        await settle(pilot)
        for which in ("#game", "#count", "#level-0"):
            select = form.query_one(which, Select)
            select.focus()
            await settle(pilot)
            await pilot.press("enter")
            await settle(pilot, 4)
            assert select.expanded
            box = select.query_one(SelectOverlay).region
            rows = _screen_rows(app)
            for y in range(box.y, box.bottom):
                # nothing of the rows below shows beside the open list's lines: it reaches their end
                beside = rows[y][box.right:]
                assert "▼" not in beside and not any(lv in beside for lv in ("strong", "greedy", "random")), (which, rows[y])
            for level in form.query(".seat-level"):  # each level Select on the rows it lies on is under it
                r = level.region
                if box.y <= r.y < box.bottom and r.right > box.x:
                    assert box.x <= r.x and r.right <= box.right, (which, level.id)
            # and its own frame marks where it ends
            assert rows[box.y][box.x] == "╭" and rows[box.bottom - 1][box.right - 1] == "╯", (which, rows[box.y])
            await pilot.press("escape")
            await settle(pilot)
            assert not select.expanded


# -- 4. The Dutch Golden Age: Enter on a new decision costs nothing where a free choice exists ---
def _golden_age_at_a_paid_first_choice():
    """A 3-player Golden Age match (seeded bots' moves) at a turn whose first
    listed choice moves a token (½ guilder) while an auction (free) is offered."""
    from core import get_game
    from core.bots import choose
    from core.match import Match, Seat

    game = get_game("golden-age")
    m = Match(game, [Seat(n) for n in ("Ann", "Bob", "Cy")], 1)
    while m.ply < 11:
        m.push(choose(game, m.state, m.seed * 7 + m.ply))
    assert m.state.phase == "act"
    return m


async def test_golden_age_enter_at_a_new_decision_takes_a_free_choice(dirs) -> None:
    from core.golden_age.rules import MoveToken, StartAuction
    from tui.screens import screen_for

    m = _golden_age_at_a_paid_first_choice()
    seat = m.state.current
    money = m.state.players[seat].money
    app = make_app(dirs, start=lambda: screen_for(m, data_dir=dirs[0]))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        items = screen._shown
        assert isinstance(items[0].moves[0], MoveToken)  # listed first, as before: ½ guilder
        keys_before = [c.hotkey for c in screen.picker.choices]
        at = screen.picker.highlighted_index
        assert at is not None and at != 0
        assert screen.choice_cost(m.state, items[at].moves[0]) == 0 and len(items[at].moves) == 1
        assert items[at].key != screen.DONE_KEY  # never "End the turn"
        for mv in m.legal_moves():  # a choice's cost: the guilders the move takes from the player
            after = m.game.apply(m.state, mv)
            assert screen.choice_cost(m.state, mv) == max(0, money - after.players[seat].money), mv
        # the first of the free choices, in the order listed
        free = [n for n, it in enumerate(items) if it.key != screen.DONE_KEY
                and min(screen.choice_cost(m.state, mv) for mv in it.moves) == 0]
        assert at == free[0]
        # every choice keeps its place and its key: only the cursor moved
        assert [c.label for c in screen.picker.choices] == [it.label for it in items]
        assert keys_before[0] == "t" and "B" in keys_before and keys_before[-1] == "0"
        await pilot.press("enter")
        await settle(pilot, 3)
        assert isinstance(m.moves[-1], StartAuction)  # (was a token moved, for ½ guilder)
        assert m.state.players[seat].money == money


def test_the_default_choice_is_the_first_where_nothing_costs_more() -> None:
    """The shared rule (GameLabels.default_choice): the first listed of the
    cheapest items, never a done item while another is offered; the first
    listed when it is as cheap as any (every game without costs: as before)."""
    from tui.screens.game import GameLabels, MenuItem

    class Priced(GameLabels):
        def choice_cost(self, state, move):
            return {"move": 1, "guild": 6, "gain": -4}.get(move, 0)

    def items(*moves):
        return [MenuItem(mv, (mv,), key="0" if mv == "end" else "") for mv in moves]

    p = Priced()
    order = [0, 1, 2, 3]
    assert p.default_choice(None, items("move", "guild", "auction", "end"), order) == 2
    assert p.default_choice(None, items("move", "guild", "gain", "end"), order) == 2  # a gain counts as free
    assert p.default_choice(None, items("move", "guild", "move", "end"), order) is None  # only "end" is free
    assert p.default_choice(None, items("auction", "move", "gain", "end"), order) is None
    assert p.default_choice(None, items("move", "guild", "auction", "end"), [1, 3, 2, 0]) == 2
    # a group: its cheapest move
    grouped = [MenuItem("Move ›", ("move", "move")), MenuItem("Guilds ›", ("guild", "auction"))]
    assert p.default_choice(None, grouped, [0, 1]) == 1
    assert GameLabels().default_choice(None, items("move", "guild", "auction"), [0, 1, 2]) is None


# -- 5. a Windmill Valley hint fits one or two pages at 80x24, still saying the choice and why ----
async def test_a_windmill_valley_hint_takes_at_most_two_pages_at_80x24(dirs) -> None:
    """The playtester's hint on a farm enhancement (six cards as helper or
    contract, a solo game) took four pages: "Hint: Card 3 as contract: 4 VP per
    windmill next to a white-bulb field: 0.8 VP better than Card 1 as helper
    (+2 VP): Market visit: ...; projected end: you 60 VP, the Gardener 82 VP
    with its end bonus (400 searches)."."""
    from core import get_game
    from core.match import Match, Seat
    from core.windmill_valley.evaluate import gardener
    from tests.test_bots_tui import wait_for
    from tui.screens import screen_for

    game = get_game("windmill-valley")
    m = Match(game, [Seat("Anna")], 3)
    while len(m.legal_moves()) != 6 or not game.notation(m.legal_moves()[0]).startswith("take 1"):
        m.push(m.legal_moves()[0])
    moves = m.legal_moves()
    best, other = moves[-1], moves[0]  # a card as contract, the first card as helper
    screen = screen_for(m, data_dir=dirs[0])
    app = make_app(dirs, start=lambda: screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)

        async def think(version: int, want_hint: bool):
            return game.notation(best), (game.notation(other), -22.0, 0.8, 400)

        screen._think = think  # type: ignore[method-assign]
        await pilot.press("h")
        await wait_for(pilot, lambda: bool(screen.picker.hint))
        await settle(pilot, 3)
        hint = screen.picker.hint
        prompt = screen.picker.query_one("#picker-prompt")
        assert screen.picker._hint_rows() == 3  # the fewest rows a hint gets: two lines a page
        assert len(prompt.hint_pages(prompt._width())) <= 2  # (was 4)
        # the choice and the next best named short (the cursor's line shows the rest), the VP between them,
        # and where the choice leads
        them = gardener(m.state)
        assert hint == (f"Hint: {screen.hint_name(m.state, best)}: 0.8 VP more than {screen.hint_name(m.state, other)};"
                        f" projected: you {them - 22:.0f}, Gardener {them:.0f} VP.")
        assert screen.hint_name(m.state, best).startswith("Card ") and ":" not in screen.hint_name(m.state, best)
