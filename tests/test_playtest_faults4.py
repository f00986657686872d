"""Faults a fresh playtester found from the README alone (the polish4 list):
each test fails without its fix."""

from __future__ import annotations

import concurrent.futures as cf
import threading
from typing import Any

from core.match import Match, Seat
from tests.apphelpers import TULIPS, make_app, new_match, settle
from tests.test_bots_tui import wait_for
from tui.app import TooSmallScreen
from tui.screens.game import GameScreen


class SlowThinker:
    """Stands in for ``core.bots.worker.Thinker``: answers the first legal move
    ``seconds`` after the request, at once when told to stop (as a stopped search
    does: its answer then is what it had)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.stops = 0

    def submit(self, game: Any, state: Any, seed: int, seconds: float, hint: bool = False) -> cf.Future:
        future: cf.Future = cf.Future()
        answer = (game.notation(game.legal_moves(state)[0]), (None, 1.5, 0.0, 100, True) if hint else None)

        def done() -> None:
            if not future.done():
                future.set_result(answer)

        self._done = done
        threading.Timer(self.seconds, done).start()
        return future

    def start(self, game_id: str) -> cf.Future:
        future: cf.Future = cf.Future()
        future.set_result(None)
        return future

    def stop(self) -> None:
        self.stops += 1
        self._done()


def tulips_table(dirs, names=("Me", "You")) -> tuple[Match, GameScreen, Any]:
    """(match, its screen, the app): a Gift of Tulips table of humans two decisions in."""
    m = new_match(names, moves=2)
    screen = GameScreen(m, data_dir=dirs[0], bot_delay=0.01)
    return m, screen, make_app(dirs, start=lambda: screen)


# -- 1. a hint asked for just before the terminal was briefly too small --------------------
async def test_a_hint_arrives_after_the_terminal_was_briefly_too_small(dirs, monkeypatch) -> None:
    thinker = SlowThinker(0.4)
    monkeypatch.setattr("core.bots.worker.thinker", lambda: thinker)
    m, screen, app = tulips_table(dirs, ("Me", "You"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)
        assert "Thinking about a hint" in screen.picker._prompt
        await pilot.resize_terminal(40, 10)
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert app.screen is screen
        await wait_for(pilot, lambda: bool(screen.picker.hint))  # once: "Thinking…" for good
        assert "Thinking" not in screen.picker._prompt
        assert screen.picker.hint.endswith("(100 searches, past the bot time).")
        assert thinker.stops == 0 and m.ply == 2


async def test_a_bots_move_is_made_after_the_terminal_was_briefly_too_small(dirs, monkeypatch) -> None:
    thinker = SlowThinker(0.4)
    monkeypatch.setattr("core.bots.worker.thinker", lambda: thinker)
    m = Match(TULIPS, [Seat("Bot", "bot", "strong"), Seat("Me")], 3)
    for _ in range(2):
        m.push(m.legal_moves()[0])
    assert m.to_move() == 0
    screen = GameScreen(m, data_dir=dirs[0], bot_delay=0.01)
    app = make_app(dirs, start=lambda: screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: screen._bot_busy)
        await pilot.resize_terminal(40, 10)
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        await wait_for(pilot, lambda: not screen._bot_busy)
        assert m.ply == 2  # never played under the guard (polishD: the search goes on, its move kept)
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: m.ply == 3)  # played once the game shows again


# -- 2. the hinted choice stays in view, and the hint leaves the choices their rows ---------
async def test_the_hinted_choice_is_scrolled_into_view_under_a_long_hint() -> None:
    from tests.test_tui_keyspeed import PickerApp, screen_text
    from tui.widgets.choice import ChoicePicker

    app = PickerApp()
    async with app.run_test(size=(60, 16)) as pilot:
        picker = app.query_one("#picker", ChoicePicker)
        picker.styles.max_height = 11
        picker.set_choices([("", f"Floodgate {n} (pay {n} G)", "") for n in (1, 2, 3, 4)],
                           "1. Floodgate (now 1, water 1/10):")
        await pilot.pause()
        picker.highlight(3)
        picker.set_hint("Hint: Floodgate 4: 0.7 VP more than Floodgate 1; projected to finish"
                        " 1.5 VP ahead (100 searches, past the bot time).")
        for _ in range(4):
            await pilot.pause()
        ol = picker.option_list
        assert ol.size.height < 4  # the list was cut for the hint's lines
        rows = screen_text(app)
        assert any("4 Floodgate 4" in row for row in rows), rows  # once: scrolled out of view
        assert ol.scroll_offset.y > 0


async def test_a_hint_names_the_choices_without_their_details_in_brackets(dirs) -> None:
    from core import get_game
    from tests.test_tui_keyspeed import screen_text
    from tui.screens import screen_for

    game = get_game("windmill-valley")
    m = Match(game, [Seat("Me"), Seat("Bot", "bot", "strong")], 1)
    while not (m.to_move() == 0 and game.notation(m.legal_moves()[0]).startswith("gate")):
        m.push(m.legal_moves()[0])
    moves = m.legal_moves()
    assert len(moves) == 3
    screen = screen_for(m, data_dir=dirs[0])
    app = make_app(dirs, start=lambda: screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)

        async def think(version: int, want_hint: bool):
            return game.notation(moves[2]), (game.notation(moves[0]), 1.5, 0.7, 400)

        screen._think = think  # type: ignore[method-assign]
        await pilot.press("h")
        await wait_for(pilot, lambda: bool(screen.picker.hint))
        await settle(pilot, 3)
        assert screen.picker.hint.startswith("Hint: Floodgate 3: 0.7 VP more than Floodgate 1; ")
        rows = screen_text(app)
        for key in "123":  # every choice still on the screen at 80x24 (once: 1 and 2 only)
            assert any(f"│{key} Floodgate {key}" in row for row in rows), rows


# -- 3. a hint on the clock rests on at least MIN_ITERATIONS searches -----------------------
def test_a_hint_with_its_time_gone_still_makes_the_minimum_searches_and_says_so() -> None:
    from core import get_game
    from core.bots.hint import MIN_ITERATIONS, hint, hint_line

    game = get_game("windmill-valley")
    m = Match(game, [Seat("Me"), Seat("You")], 1)
    while len(m.legal_moves()) < 3:
        m.push(m.legal_moves()[0])
    h = hint(game, m.state, 1, seconds=0.0)  # the worker's budget used up before it started
    assert h.iterations == MIN_ITERATIONS and h.over_time  # once: "(1 search)"
    assert h.text.endswith(f"({MIN_ITERATIONS} searches, past the bot time).")
    timely = hint(game, m.state, 1, seconds=None, iterations=30)  # a cap of its own: no minimum
    assert timely.iterations == 30 and not timely.over_time and "search" not in timely.text
    assert hint_line("Keep", None, 3.0, 0.0, 1) == "Hint: Keep: projected to finish 3.0 VP ahead."
    assert hint_line("Keep", None, 3.0, 0.0, 1, over_time=True) == (
        "Hint: Keep: projected to finish 3.0 VP ahead (1 search, past the bot time).")


# -- 4. a notice about the position goes when the position changes --------------------------
async def test_no_undo_notices_go_with_the_position_they_describe(dirs) -> None:
    m, screen, app = tulips_table(dirs, ("Me", "You"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("u", "u", "u", "u", "u")
        await settle(pilot)
        assert m.ply == 0
        notes = [(n.title, n.message) for n in app._notifications]
        assert notes == [("No undo", "Nothing to undo yet.")]  # once: the same notice twice
        await pilot.press("U")
        await settle(pilot)
        assert m.ply == 1 and not list(app._notifications)  # once: up beside "u Undo" for 4 s


# -- 5. ctrl+p then Enter behind the curtain quit the program -------------------------------
async def test_the_palette_never_opens_on_quit(dirs) -> None:
    from textual.command import CommandList

    from tui.screens import screen_for
    from tui.screens.game import CurtainScreen

    m = Match(TULIPS, [Seat("Ann"), Seat("Bob")], 3)
    app = make_app(dirs, start=lambda: screen_for(m, data_dir=dirs[0], curtain=True), curtain=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        for key in ("1", "enter", "1", "r", "ctrl+p"):  # the playtester's keys
            await pilot.press(key)
            await pilot.pause(0.1)
        await wait_for(pilot, lambda: app.screen.query(CommandList) and app.screen.query_one(CommandList).option_count >= 4)
        await pilot.pause(0.4)  # every provider's lines in
        lines = [str(o.hit.text) for o in app.screen.query_one(CommandList).options]
        # once: Textual's Quit came first at times (the providers' lines come in either order)
        assert lines.count("Quit") == 1 and lines.index("Quit") > lines.index("Launcher"), lines
        await pilot.press("enter")
        await settle(pilot)
        assert app.is_running and app.return_code is None
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)


# -- 6. smaller faults ------------------------------------------------------------------------
async def test_the_replace_question_names_a_foreign_file_once(dirs) -> None:
    from textual.widgets import Input

    from saves import SaveError
    from saves.store import KIND_SAVE, check_overwrite
    from tui.screens.dialogs import ConfirmDialog

    data, _ = dirs
    notes = data / "notes.txt"
    notes.write_text("Ann 53, Bob 59\n")
    try:
        check_overwrite(notes, KIND_SAVE)
        raise AssertionError("not refused")
    except SaveError as e:
        assert f"{notes} exists and is not a Lowlands file; it is left as it is" in str(e)
    m, screen, app = tulips_table(dirs, ("Ann", "Bob"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("s", "s")
        await settle(pilot)
        app.screen.query_one("#path", Input).value = str(notes)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        assert app.screen.question == f"{notes} exists and is not a Lowlands file. Replace it anyway?"


async def test_a_long_path_box_marks_its_hidden_start(dirs) -> None:
    from tui.screens.dialogs import PathInput, SavePathDialog
    from tests.test_tui_keyspeed import screen_text

    long = dirs[0] / ("deep-" * 12) / "saves" / "gift-of-tulips-2026-12-02-0531.json"
    app = make_app(dirs)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await app.push_screen(SavePathDialog(long))
        await settle(pilot, 3)
        box = app.screen.query_one("#path", PathInput)
        assert box.scroll_offset.x > 0
        row = next(r for r in screen_text(app) if "0531.json" in r)
        assert "…" in row and str(long)[:4] not in row  # once: a path seemingly "deep-deep-…" from here
        box.action_home()
        await settle(pilot)
        row = next(r for r in screen_text(app) if str(long)[:12] in r)
        assert "…" not in row


async def test_the_open_filter_says_how_to_leave_it(dirs) -> None:
    from tui.chrome import KeyFooter

    m, screen, app = tulips_table(dirs, ("Ann", "Bob"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("slash")
        await settle(pilot)
        words = [k.description for k in app.screen.query_one(KeyFooter).keys]
        assert "Pick" in words and "Close filter" in words and "Filter" not in words, words  # once: "Filter" only
        await pilot.press("x", "backspace")
        await settle(pilot)
        assert screen.picker.filtering  # a letter deleted: still open
        await pilot.press("backspace")  # in the empty box: closed, no Escape needed
        await settle(pilot)
        assert not screen.picker.filtering
        assert "Filter" in [k.description for k in app.screen.query_one(KeyFooter).keys]


async def test_review_shows_no_legend_for_a_choice_it_does_not_have(dirs) -> None:
    from core.gift_of_tulips import Give
    from tui.gift_of_tulips import GiftOfTulipsScreen
    from tui.screens.review import ReviewScreen

    # one human seat: review shows the game as Me saw it, the drawn card too
    m = Match(TULIPS, [Seat("Me"), Seat("Bot", "bot", "random")], 3)
    while not (m.to_move() == 0 and m.state.drawn and any(isinstance(mv, Give) for mv in m.legal_moves())):
        m.push(m.legal_moves()[0])
    screen = GiftOfTulipsScreen(m, data_dir=dirs[0], bot_delay=0.01)
    app = make_app(dirs, start=lambda: screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        legend = "with the highlighted choice"
        assert legend in screen.board.query_one("#got-bouquets").text
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        await settle(pilot, 3)
        assert m.state.drawn and legend not in app.screen.board.query_one("#got-bouquets").text


async def test_fields_of_arle_solo_names_its_target_while_placing_workers(dirs) -> None:
    """The solo target is in the header (every decision, every page), so the
    prompt above the choices keeps to one line at 120 columns (polish6 item 2)."""
    from core import get_game
    from tui.screens import screen_for
    from tui.widgets.choice import Prompt

    m = Match(get_game("fields-of-arle"), [Seat("Ann")], 3)
    screen = screen_for(m, data_dir=dirs[0])
    app = make_app(dirs, start=lambda: screen)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert screen.picker._prompt == "Ann: place a worker (food 5)"
        assert screen.sub_title.endswith("Ann: place a worker · target 110 VP")
        assert screen.picker.query_one("#picker-prompt", Prompt).text.count("\n") == 0  # one line
        assert "target 110 VP" in str(app.screen.query_one("TitleHeader").render_line(0).text)
    duo = Match(get_game("fields-of-arle"), [Seat("Me"), Seat("You")], 3)
    duo_screen = screen_for(duo, data_dir=dirs[0])
    async with make_app(dirs, start=lambda: duo_screen).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert ": place a worker (food " in duo_screen.picker._prompt and "target" not in duo_screen.picker._prompt
        assert "target" not in duo_screen.sub_title


async def test_fields_of_arle_solo_placing_prompt_is_one_line_at_80_columns(dirs) -> None:
    """polish8 item 4: at 80x24 the solo placing prompt took two lines ("Ann: place
    a worker (July;" / "food 5)"); it says "Ann: place a worker (food 5)" on one,
    the month it named is on the board's banner line with the half-year and the
    worker (its first three letters where the whole word would take another line),
    and the target stays in the header."""
    from core import get_game
    from tui.screens import screen_for
    from tui.widgets.choice import Prompt

    m = Match(get_game("fields-of-arle"), [Seat("Ann")], 3)
    screen = screen_for(m, data_dir=dirs[0])
    app = make_app(dirs, start=lambda: screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        banner = screen.board.query_one("#fa-banner")
        for worker, month in ((1, "July"), (2, "August"), (3, "Sep")):
            assert m.state.tasks[-1].kind == "place"
            prompt = screen.picker.query_one("#picker-prompt", Prompt)
            assert prompt.text.strip() == f"Ann: place a worker (food {m.state.homes[0].g['food']})"
            assert prompt.text.strip().count("\n") == 0  # one line
            head = banner.text.splitlines()[0]
            assert head.startswith(f"Half-year 1/9 (summer, {month}") and f"worker {worker}/4" in head, banner.text
            assert "target 110 VP" in str(app.screen.query_one("TitleHeader").render_line(0).text)
            # the next worker: a space that asks nothing more, then on to the next placement
            place = next(mv for mv in m.legal_moves() if mv.verb == "place")
            screen.play(place)
            await settle(pilot)
            while m.state.tasks[-1].kind != "place":
                screen.play(m.legal_moves()[0])
                await settle(pilot)


async def test_help_behind_the_curtain_lists_no_review_keys(dirs) -> None:
    from tui.screens import screen_for
    from tui.screens.help import HelpScreen

    m = Match(TULIPS, [Seat("Ann"), Seat("Bob")], 3)
    app = make_app(dirs, start=lambda: screen_for(m, data_dir=dirs[0], curtain=True), curtain=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await pilot.press("question_mark")  # ("? this help" on every screen; once: nothing here)
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        keys = app.screen.keys_document()
        assert "I am ready" in keys and "Keys in review" not in keys
        app.pop_screen()
        await settle(pilot)
        await pilot.press("enter")  # the curtain goes: help on the game lists review's keys
        await settle(pilot)
        app.show_help(None)
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert "Keys in review" in app.screen.keys_document()
