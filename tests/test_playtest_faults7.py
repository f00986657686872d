"""Faults a fresh playtester found from the README alone (the polish7 list:
review's "Decided by" box, the Windmill Valley solo map and Gardener, review's
wheels, the Golden Age guild table, game over, the launcher's damaged autosave,
the filter's highlight, the new-game form's focus): each test fails without
its fix."""

from __future__ import annotations

from rich.cells import cell_len

from tests.apphelpers import WidgetApp, settle

# (the words of a Windmill Valley decision the playtester saw cut: "marke", "en")
GARDENER = ("Decided by G Gardener: draws a card: moves its marker 3 spaces to "
            "calendar space 4, claims unique reward 1, moves its market marker to "
            "area 2, +6 VP (now 39); Gardener reached the end of the calendar")


# -- 1. review's "Decided by" box wraps whole words and loses no letter -----------------------
async def test_the_changes_box_shows_every_letter() -> None:
    from tui.screens.review import ChangesText

    box = ChangesText()
    app = WidgetApp(box)
    async with app.run_test(size=(52, 30)) as pilot:  # 6 rows of 52 cells: three rows lost a letter
        box.update([GARDENER])
        await settle(pilot)
        shown = [strip.text for strip in app.screen._compositor.render_strips()]
        assert " ".join(" ".join(shown).split()) == GARDENER, shown  # once: "...moves its marke..."
        box.update([GARDENER, "B Bram: VP 16 -> 22 (+6)"])
        for width in range(30, 90):  # every width the side column takes: rows within it, the words whole
            rows = [row.plain for row in box.build(width)]
            assert all(cell_len(row) <= width for row in rows), (width, rows)
            if not any("more lines" in row for row in rows):
                assert " ".join(" ".join(rows).split()) == f"{GARDENER} B Bram: VP 16 -> 22 (+6)"


def _solo_match(plies: int):
    """A Windmill Valley solo match (Anna against the Gardener) after ``plies``
    seeded random decisions."""
    from core import get_game
    from core.bots import choose
    from core.match import Match, Seat

    wv = get_game("windmill-valley")
    m = Match(wv, [Seat("Anna")], 1)
    while m.ply < plies and not m.is_over():
        m.push(choose(wv, m.state, m.ply))
    return m


# -- 2. the Gardener's windmills have a mark of their own on the valley map -------------------
async def test_the_gardeners_windmills_are_not_drawn_as_the_2_guilder_field(tmp_path) -> None:
    from core.windmill_valley import components as C
    from tests.apphelpers import ScreenApp
    from tui.windmill_valley import WindmillValleyScreen
    from tui.windmill_valley.board import GARDENER_MILL

    m = _solo_match(40)
    mills = [C.SPACES[i] for i, v in enumerate(m.state.board) if v == C.BOT]
    assert mills  # (the seed: the Gardener has built by then)
    screen = WindmillValleyScreen(m, data_dir=tmp_path)
    app = ScreenApp(screen)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("left")  # the Valley panel
        await settle(pilot)
        board = screen.wv_board
        rows = board.query_one("#wv-map").text.splitlines()
        crossings = [row for row in rows if row[:2].strip().isdigit()]
        assert len(crossings) == 5
        # once: "1     ·    ·    ·    ·    ·    G    ·", the G of a field worth 2 guilders
        assert not any("G" in row for row in crossings), crossings
        assert sum(row.count(GARDENER_MILL) for row in crossings) == len(mills)
        note = " ".join(board.query_one("#wv-map-note").text.split())
        assert f"{GARDENER_MILL} the Gardener's windmill" in note and "G 2 G" in note


# -- 3. Windmill Valley solo: the Gardener's race in view at 80x24; PgUp/PgDn in the help -----
async def test_the_gardeners_vp_calendar_and_cards_are_in_the_header_at_80x24(tmp_path) -> None:
    from tests.apphelpers import ScreenApp
    from tui.chrome import TitleHeader
    from tui.screens.help import GAME_KEYS
    from tui.windmill_valley import WindmillValleyScreen

    m = _solo_match(40)
    b = m.state.solo
    screen = WindmillValleyScreen(m, data_dir=tmp_path)
    app = ScreenApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        header = screen.query_one(TitleHeader)
        for key in ("", "left", "left", "left", "left"):  # every panel: the header stays
            if key:
                await pilot.press(key)
                await settle(pilot)
            line = header.render_line(0).text
            # once: "Windmill Valley — Anna to choose: planting (round 10)" (the Gardener on Tracks, below)
            assert f"Gardener {b.vp} VP +35 at end, its calendar {b.calendar}/4" in line, line
    assert any(key.startswith("PgUp") for key, _ in GAME_KEYS)  # (scrolling a long panel: in `?`)


# -- 4. Windmill Valley review at 80x24: the wheels fit as in the game ------------------------
async def test_windmill_valley_review_at_80x24_shows_the_wheels_whole() -> None:
    from tests.apphelpers import ScreenApp
    from tui.screens.review import ReviewScreen
    from tui.widgets.board import BoardBody

    app = ScreenApp(ReviewScreen(_solo_match(40)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.board
        while board.page != "Wheels":  # (the page the playtester saw)
            await pilot.press("left_square_bracket")
            await settle(pilot)
        body = board.query_one(BoardBody)
        small = board.query_one("#wv-small")
        assert small.display and small.region.width
        # once: the board 45 columns wide, the small wheel's right column cut ("Lower" for "Lower1")
        assert small.region.right <= body.scrollable_content_region.right, (small.region, body.scrollable_content_region)


# -- 5. Golden Age: the guild table's deck column after the board folds and unfolds ----------
async def test_the_golden_age_guild_table_keeps_its_deck_column_after_a_resize(tmp_path) -> None:
    from core import get_game
    from core.match import Match, Seat
    from tests.apphelpers import ScreenApp
    from tui.screens import screen_for

    m = Match(get_game("golden-age"), [Seat("Ann"), Seat("Bob"), Seat("Cy")], 3)
    screen = screen_for(m, data_dir=tmp_path)
    app = ScreenApp(screen)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        guilds = screen.query_one("#ga-guilds")
        assert guilds.text.splitlines()[0].rstrip().endswith("deck")
        for size in ((80, 24), (120, 40)):  # folded into pages, then unfolded again
            await pilot.resize_terminal(*size)
            await settle(pilot, 3)
            if size == (80, 24):
                while screen.board.tab != "guilds":
                    await pilot.press("right")
                    await settle(pilot)
            lines = guilds.text.splitlines()
            # once: "Guilds   owner next special action" and no deck column (drawn 46 wide, shown 44)
            assert lines[0].rstrip().endswith("deck"), lines
            assert max(len(line) for line in lines) <= guilds.size.width, (guilds.size, lines)


# -- 6. game over: the score pad says final scores; undo reopens the game (every game) -------
def _finished(game_id: str, players: int):
    from core import get_game
    from core.bots import choose
    from core.match import Match, Seat

    game = get_game(game_id)
    m = Match(game, [Seat(n) for n in ("Anna", "Bram", "Cor")[:players]], 1)
    while not m.is_over():
        m.push(choose(game, m.state, m.ply))
    return m


async def test_fields_of_arle_game_over_shows_final_scores_and_undo_reopens_it(tmp_path) -> None:
    from tests.apphelpers import ScreenApp
    from tui.fields_of_arle import FieldsOfArleScreen

    m = _finished("fields-of-arle", 1)
    screen = FieldsOfArleScreen(m, data_dir=tmp_path)
    app = ScreenApp(screen)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        if app.screen is not screen:  # the game-over screen: b shows the final board
            await pilot.press("b")
            await settle(pilot)
        sheet = screen.query_one("#fa-scores")
        assert sheet.text.splitlines()[0] == "Final scores", sheet.text  # once: "Score now (live preview)"
        assert screen.check_action("undo", ()) is True  # the footer's u Undo ...
        await pilot.press("u")
        await settle(pilot)
        assert not m.is_over()  # ... takes the last decision back: the game goes on
        for _ in range(len(screen.board.page_names)):  # (to the page with the score pad)
            if all(w.display for w in sheet.ancestors_with_self if hasattr(w, "display")):
                break
            await pilot.press("left")
            await settle(pilot)
        assert sheet.text.splitlines()[0] == "Score now (live preview)"


def test_undo_reopens_a_finished_game_of_each_kind() -> None:
    for game_id, players in (("gift-of-tulips", 2), ("golden-age", 3), ("windmill-valley", 2)):
        m = _finished(game_id, players)
        assert m.can_undo(), game_id
        m.undo()
        assert not m.is_over() and m.legal_moves(), game_id


# -- 7. the launcher names a damaged autosave's file and game before the cut ------------------
async def test_a_damaged_autosave_line_names_its_file_and_game_at_80_columns(dirs) -> None:
    from saves import autosave
    from tests.apphelpers import make_app
    from tui.screens.dialogs import MessageDialog

    data, _ = dirs
    m = _solo_match(1)  # Windmill Valley, Anna
    path = autosave(m, data)
    path.write_bytes(path.read_bytes()[:-40])  # cut short: not valid JSON any more
    app = make_app(dirs)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        rows = [strip.text for strip in app.screen._compositor.render_strips()]
        line = next(row for row in rows if "✗" in row)
        # once: "✗ This autosave is not a Lowlands save (it is not valid JSON; it ma…"
        assert f"{path.name} (Windmill Valley · Anna) is not a Lowlands save" in line, line
        menu = app.screen.query_one("#launcher-menu")
        menu.highlighted = next(i for i in range(menu.option_count)
                                if (menu.get_option_at_index(i).id or "").startswith("bad:"))
        await pilot.press("enter")  # Enter on it: the whole reason
        await settle(pilot)
        assert isinstance(app.screen, MessageDialog)
        assert str(path) in app.screen.message and "it may be truncated" in app.screen.message


# -- 8. the filter: the board's highlight follows the filtered list's cursor ------------------
# (did not reproduce: a guard that the highlight moves with the filter, as it does)
async def test_the_board_highlight_follows_the_filter_at_80x24(tmp_path) -> None:
    from core import get_game
    from core.match import Match, Seat
    from tests.apphelpers import ScreenApp, shown_text
    from tui.windmill_valley import WindmillValleyScreen

    m = Match(get_game("windmill-valley"), [Seat(n) for n in ("Ann", "Bob", "Cy", "Dee")], 1)
    screen = WindmillValleyScreen(m, data_dir=tmp_path)
    app = ScreenApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "▶ 1  >H:" in shown_text(screen.wv_board)  # the starting cards, the first under the cursor
        await pilot.press("slash", "m", "a", "r")
        await settle(pilot)
        assert screen.picker.highlighted_index is not None
        text = shown_text(screen.wv_board)
        assert "▶ 5  >H: Market" in text and "▶ 1" not in text, text


# -- 9. the new-game form marks the focused field's row (seen in a capture of its text) -------
async def test_the_new_game_form_marks_the_focused_row(dirs) -> None:
    from tests.apphelpers import make_app
    from tui.screens.new_game import NewGameScreen

    def marked(app) -> list[str]:
        rows = [strip.text for strip in app.screen._compositor.render_strips()]
        return [row[2:].split()[0] for row in rows if row.startswith(" ▌")]

    app = make_app(dirs)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        assert marked(app) == ["Game"]  # once: no mark; the focused Select looked like the others
        await pilot.press("tab")
        await settle(pilot)
        assert marked(app) == ["Players"]
        await pilot.press("tab")
        await settle(pilot)
        assert marked(app) == ["Seat"]
