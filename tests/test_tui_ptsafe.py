"""Pilot tests for the shared app's playtest findings (December playtest):
continuing a reviewed file, the held-key guard, hints, launcher entries, the
new-game form, names and the small-screen texts.

Each test fails without its fix; they drive the real app by keys at 80x24.
"""

from __future__ import annotations

from pathlib import Path

from saves import autosave, autosave_path, load
from tui.screens.dialogs import ConfirmDialog
from tui.screens.game import GameScreen
from tui.screens.review import ReviewScreen

from tests.apphelpers import finished_match, make_app, new_match, settle


# -- finding 2: continuing a review of a file never writes that file ----------------------
async def test_review_of_a_finished_autosave_continues_as_a_new_game(dirs) -> None:
    data, _ = dirs
    m = finished_match(seed=5)
    path = autosave(m, data)
    before = path.read_bytes()
    app = make_app(dirs)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.open_file(path, review=True)  # `lowlands review FILE` / launcher 3
        await settle(pilot, 3)
        review = app.screen
        assert isinstance(review, ReviewScreen)
        await pilot.press("home", "right", "right", "right", "right", "c")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, ConfirmDialog)
        assert "as a new game" in dialog.question and f"{path.name} stays as it is" in dialog.question
        await pilot.press("y")
        await settle(pilot, 3)
        game = app.screen
        assert isinstance(game, GameScreen) and game.match.ply == 4 and not game.match.is_over()
        assert game.match.id != m.id
        await pilot.press("1")  # play on: the new game's own autosave
        await settle(pilot, 3)
        app.autosave_open_matches()
        assert load(autosave_path(game.match, data)).ply == 5
    assert path.read_bytes() == before  # the finished game stays finished
    assert load(path).is_over()


async def test_in_game_review_continue_keeps_the_live_game(dirs) -> None:
    data, _ = dirs
    m = new_match(moves=6)
    app = make_app(dirs, start=lambda: GameScreen(m, data_dir=data, bot_delay=0.01))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, ReviewScreen)
        await pilot.press("left", "left", "c")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        assert "as a new game" not in app.screen.question and "2 later decisions" in app.screen.question
        await pilot.press("y")
        await settle(pilot, 3)
        assert app.screen is game and m.ply == 4 and game.match.id == m.id
    assert load(autosave_path(m, data)).ply == 4


# -- finding 8: the hint sits above the choices and goes with its decision ---------------------
async def test_hint_is_shown_above_the_choices_and_cleared_by_the_decision(dirs) -> None:
    from tui.widgets.choice import Prompt

    data, _ = dirs
    m = new_match(moves=2)
    screen = GameScreen(m, data_dir=data, bot_delay=0.01)
    app = make_app(dirs, start=lambda: screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = m.game
        target = m.legal_moves()[-1]

        async def think(version: int, want_hint: bool):
            return game.notation(target), (None, 1.5, 0.0, 40)

        screen._think = think  # type: ignore[method-assign]
        await pilot.press("h")
        for _ in range(50):
            if screen.picker.hint:
                break
            await pilot.pause(0.02)
        await settle(pilot)
        hint = screen.picker.hint
        assert hint.startswith(f"Hint: {screen.choice_label(m.state, target).split(' (')[0]}")
        assert not app._notifications, "no toast over the screen"
        prompt = screen.picker.query_one(Prompt)
        assert hint.split()[1] in prompt.text  # drawn in the line(s) above the choices
        listing = screen.picker.option_list.region
        assert prompt.region.bottom <= listing.y  # never over them
        assert screen._shown[screen.picker.highlighted_index].moves == (target,)
        await pilot.press("enter")  # the decision is made: the hint goes with it
        await settle(pilot)
        assert m.ply == 3 and screen.picker.hint == ""
        assert "Hint" not in screen.picker.query_one(Prompt).text
        screen._think = think  # type: ignore[method-assign]
        target = m.legal_moves()[0]
        await pilot.press("h")
        for _ in range(50):
            if screen.picker.hint:
                break
            await pilot.pause(0.02)
        await pilot.press("u")  # undone: gone too
        await settle(pilot)
        assert m.ply == 2 and screen.picker.hint == ""


# -- finding 13: launcher entries of damaged autosaves and copies -------------------------------
def _prompts(app) -> list[str]:
    from textual.widgets import OptionList

    menu = app.screen.query_one("#launcher-menu", OptionList)
    return [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]


async def test_launcher_damaged_entry_has_its_letter_game_and_players(dirs) -> None:
    from tests.test_robust_app import broken_at_move

    data, _ = dirs
    good = new_match(names=("Ann", "Bob"), moves=5)
    autosave(good, data)
    m = new_match(moves=9)
    path = autosave_path(m, data)
    path.write_bytes(broken_at_move(m, 7))
    before = path.read_bytes()
    app = make_app(dirs)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        prompts = _prompts(app)
        damaged = next(p for p in prompts if path.name in p or "Review only" in p)
        letter = damaged[1]
        assert letter in "ab" and damaged.startswith(f" {letter}  ")
        assert "Gift of Tulips · Ann, Bob, Cy · Review only (Decision 6)" in damaged
        await pilot.press(letter)  # its letter opens the read-only review
        await settle(pilot, 3)
        await pilot.press("enter")  # (the dialog saying why it is read-only)
        await settle(pilot)
        assert isinstance(app.screen, ReviewScreen) and app.screen.read_only and app.screen.match.ply == 6
    assert path.read_bytes() == before


async def test_launcher_marks_a_continued_copy(dirs) -> None:
    from saves import fork

    data, _ = dirs
    m = new_match(moves=5)
    m.created = "2026-12-01T10:00:00+00:00"
    autosave(m, data)
    copy = load(autosave_path(m, data))
    fork(copy)  # what "Continue a copy" does
    autosave(copy, data)
    assert copy.id != m.id and copy.created > m.created
    app = make_app(dirs)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        entries = [p for p in _prompts(app) if "Decision 5" in p]
        assert len(entries) == 2
        assert sum("(copy)" in p for p in entries) == 1, entries


# -- finding 14: the new-game form's q, seat letters; finding 12: the too-small note ---------------
async def test_q_in_the_new_game_form_goes_back_and_typing_never_quits(dirs) -> None:
    from textual.widgets import Input

    from tui.screens.launcher import LauncherScreen
    from tui.screens.new_game import NewGameScreen

    app = make_app(dirs)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot)
        form = app.screen
        assert isinstance(form, NewGameScreen) and app.focused is form.query_one("#game")
        name = form.query(Input).first()
        name.focus()
        await pilot.press("end", "q")  # typed into a name: a letter, not quit
        await settle(pilot)
        assert app.screen is form and name.value.endswith("q") and app.is_running
        form.query_one("#game").focus()
        await pilot.press("q")  # on the game choice: back to the launcher
        await settle(pilot)
        assert isinstance(app.screen, LauncherScreen) and app.is_running


def test_seat_letters_take_the_first_letter_of_any_script() -> None:
    from tui.widgets.common import seat_letters

    assert seat_letters(["Ännä-Katharina van den B", "Bob"]) == ["A", "B"]
    assert seat_letters(["🌷Bob", "Ann"]) == ["B", "A"]  # an emoji is not a letter
    assert seat_letters(["Ann", "Åsa"]) == ["A", "S"]  # accents dropped, still distinct
    assert seat_letters(["Ωmega", "Zed"]) == ["Ω", "Z"]


async def test_too_small_note_is_whole_at_50x15(dirs) -> None:
    from tui.app import TooSmallScreen

    app = make_app(dirs)
    async with app.run_test(size=(50, 15)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        note = app.screen.query_one("#too-small-message")
        lines = str(note.render()).splitlines()
        assert lines[-1].endswith("(ctrl+q quits; an open game is autosaved)")
        assert note.region.right <= 50 and max(map(len, lines)) <= note.size.width


def test_wrapping_measures_wide_characters_by_cells() -> None:
    """An emoji or CJK name takes two cells a character: lines wrapped for a
    panel (the picker's prompt, textlines.wrap / wrap_text) stay in it."""
    from rich.cells import cell_len
    from rich.text import Text

    from tui.widgets.choice import Prompt
    from tui.widgets.textlines import wrap, wrap_text

    text = "🌷Bob: food 5, grain 1, flax 3, wool 4, hides 2 李李李李李李李李李李李李 and 🌷🌷🌷 more"
    prompt = Prompt()
    prompt.update(text)
    for width in range(12, 40):
        assert all(line.cell_len <= width - 2 for line in prompt.build(width)), width
        for lines in (wrap(text, width, indent="  "), wrap_text(Text(text), width, 2)):
            assert all(line.cell_len <= width for line in lines), (width, [x.plain for x in lines])
            assert "".join(x.plain for x in lines).replace(" ", "") == text.replace(" ", "")
    assert [x.plain for x in wrap("plain words wrap as before", 11)] == ["plain words", "wrap as", "before"]
    assert cell_len("🌷") == 2


# -- finding 14: review at a networked table shows the viewer's own hand, never another's ----------
async def test_review_at_a_networked_table_shows_own_private_information(dirs) -> None:
    from tests.apphelpers import TULIPS

    m = new_match(moves=6)
    m.authority_here = False  # as a RemoteMatch: the table server owns it
    m.home_seat = 1
    app = make_app(dirs, start=lambda: ReviewScreen(m))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # ("kept by the table server": read-only)
        await settle(pilot)
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.viewer == 1
        seen: list[tuple[object, object]] = []
        show = review.board.show

        def spy(game, view, **kw):
            seen.append((view, kw.get("viewer")))
            return show(game, view, **kw)

        review.board.show = spy
        await pilot.press("left")
        await settle(pilot)
        view, viewer = seen[-1]
        state = m.state_at(review.cursor)
        assert viewer == 1 and view == TULIPS.view(state, 1)  # Bob's own hand
        assert view != TULIPS.view(state, None)  # (which hides it)
        assert view != TULIPS.view(state, 0)  # and never Ann's


# -- finding 6: a lobby table keeps its key when another is made ----------------------------------
def test_lobby_tables_keep_their_numbers() -> None:
    from net import protocol as P
    from tui.screens.lobby import LobbyScreen

    def table(tid: str) -> P.TableInfo:
        return P.TableInfo(tid, "fields-of-arle", "Fields of Arle", [P.SeatInfo("ann")], "ann", "waiting")

    lobby = LobbyScreen()
    a, b, c = table("a"), table("b"), table("c")
    assert [t.id for t in lobby.number([b, a])] == ["a", "b"]  # the hub lists the newest first
    assert lobby.keys == {"a": 1, "b": 2}
    assert [t.id for t in lobby.number([c, b, a])] == ["a", "b", "c"]  # a new table: 3, the others stay
    assert lobby.keys == {"a": 1, "b": 2, "c": 3}
    lobby.number([c, b])  # a closes: nobody moves up
    assert lobby.keys == {"b": 2, "c": 3}
    d = table("d")
    assert [t.id for t in lobby.number([d, c, b])] == ["d", "b", "c"] and lobby.keys["d"] == 1


# -- finding 6: exporting the record from a plain key (s, then e) ----------------------------------
async def test_s_then_e_exports_the_record_and_s_s_saves(dirs, tmp_path) -> None:
    from textual.widgets import Input

    from saves import export_text
    from tui.screens.dialogs import ChoiceDialog, PathDialog

    data, _ = dirs
    m = new_match(moves=6)
    out, saved = tmp_path / "record.txt", tmp_path / "game.json"
    app = make_app(dirs, start=lambda: GameScreen(m, data_dir=data, bot_delay=0.01))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        for keys, target in ((("s", "e"), out), (("s", "s"), saved)):
            for n, key in enumerate(keys):
                await pilot.press(key)
                await settle(pilot)
                if n == 0:
                    assert isinstance(app.screen, ChoiceDialog)
            dialog = app.screen
            assert isinstance(dialog, PathDialog)
            assert dialog.query_one("#path", Input).value.endswith(target.suffix)
            dialog.query_one("#path", Input).value = str(target)
            await pilot.press("enter")
            await settle(pilot, 3)
            assert app.screen is game
    assert out.read_text(encoding="utf-8") == export_text(m)
    assert load(saved).ply == 6


# -- finding 12: the review footer keeps Back, Quit and Continue at 80 columns -------------------
async def test_review_footer_shows_back_quit_and_continue_at_80_columns(dirs) -> None:
    from tui.chrome import KeyFooter

    m = new_match(moves=6)
    app = make_app(dirs, start=lambda: ReviewScreen(m))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        line = app.screen.query_one(KeyFooter).render().plain
        for entry in ("b Back", "q Quit", "c Continue", "Step", "Turn"):
            assert entry in line, line
        review = app.screen
        await pilot.press("left", "left", "right")  # the pairs still step both ways
        assert review.cursor == m.ply - 1
        await pilot.press("home")
        assert review.cursor == 0
        await pilot.press("end")
        assert review.cursor == m.ply


# -- finding 12: the load dialog's buttons stay on an 80x24 screen with many saves ------------------
async def test_load_dialog_list_scrolls_and_buttons_stay_on_screen(dirs) -> None:
    from textual.widgets import Button, OptionList

    from tui.screens.dialogs import LoadDialog

    data, _ = dirs
    for seed in range(7):
        autosave(new_match(seed=seed, moves=2 + seed), data)
    app = make_app(dirs)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot, 3)
        dialog = app.screen
        assert isinstance(dialog, LoadDialog) and len(dialog.saves) == 7
        box = dialog.query_one(".dialog")
        assert box.max_scroll_y == 0  # nothing of the dialog is cut off
        for button in dialog.query(Button):  # inside the box, not under its border
            assert box.content_region.contains_region(button.region), (button.region, box.content_region)
        listing = dialog.query_one("#saves", OptionList)
        assert listing.max_scroll_y > 0  # the list scrolls in its bounded height
        last = dialog.saves[6]
        for _ in range(6):
            await pilot.press("down")
        await pilot.press("enter")  # the last save, scrolled to, opens
        await settle(pilot, 3)
        assert isinstance(app.screen, GameScreen) and app.screen.match.ply == last.ply


# -- finding 10: NO_COLOR keeps the tulip names readable ------------------------------------------
def test_no_color_greys_keep_text_readable() -> None:
    from rich.segment import Segment
    from rich.style import Style
    from textual.color import Color
    from textual.filter import Monochrome

    from tui.chrome import LegibleMonochrome
    from tui.gift_of_tulips.labels import VARIETY_STYLES, vtext

    dark, light = Color(18, 18, 18), Color(240, 240, 240)
    for v in VARIETY_STYLES:
        text = vtext(v)
        segments = list(text.render(__import__("rich.console").console.Console()))
        for background in (dark, light):
            for seg in LegibleMonochrome().apply(segments, background):
                if seg.style is None or seg.style.color is None or not seg.text.strip():
                    continue
                fg = Color.from_rich_color(seg.style.color)
                assert fg.r == fg.g == fg.b  # still grey: no colour under NO_COLOR
                assert abs(fg.brightness - background.brightness) >= 0.45, (v, fg, background)
                assert seg.style.bold  # the rest of the style is kept
    # Textual's own Monochrome draws violet dark grey on a dark panel (what was hard to read)
    violet = Monochrome().apply([Segment("v violet", Style.parse(VARIETY_STYLES["v"]))], dark)[0]
    assert abs(Color.from_rich_color(violet.style.color).brightness - dark.brightness) < 0.45
    # a colour that already reads well keeps its grey
    kept = LegibleMonochrome().apply([Segment("x", Style(color="#e0e0e0", bgcolor="#101010"))], dark)[0]
    assert Color.from_rich_color(kept.style.color) == Color(224, 224, 224)


def test_no_color_app_uses_the_legible_filter(dirs, monkeypatch) -> None:
    from textual.filter import Monochrome

    from tui.chrome import LegibleMonochrome

    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(dirs)
    filters = app.get_line_filters()
    assert any(isinstance(f, LegibleMonochrome) for f in filters)
    assert not any(type(f) is Monochrome for f in filters)
