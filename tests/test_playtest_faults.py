"""Faults a fresh playtester found from the README alone (the polish3 list):
each test fails without its fix."""

from __future__ import annotations

from tests.test_tui_keyspeed import PickerApp, screen_text


# -- 1. the decision box keeps no blank lines from a taller prompt -------------------------
async def test_a_shorter_prompt_leaves_no_blank_lines_above_the_choices() -> None:
    from tui.widgets.choice import ChoicePicker

    app = PickerApp()
    async with app.run_test(size=(60, 20)) as pilot:
        picker = app.query_one("#picker", ChoicePicker)
        long = "Anna: choose what the Grocer gives: timber, brick or an animal, and 1 grain, 1 leather"
        picker.set_choices([("", "Take 1 timber", ""), ("", "Take 1 brick", "")], long)
        await pilot.pause()
        picker.set_choices([("", "Fisherman", ""), ("", "Grocer", "")], "Anna: place a worker")
        await pilot.pause()
        prompt = picker.query_one("#picker-prompt")

        def gap(above: str, below: str) -> int:
            """Rows between the prompt's line and the first choice's (the list's own
            top border, drawn while it has the focus, counts as one)."""
            rows = screen_text(app)
            first = next(y for y, row in enumerate(rows) if above in row)
            return next(y for y, row in enumerate(rows) if below in row) - first - 1

        assert prompt.region.height == 1
        ol = picker.option_list
        border = ol.styles.gutter.top  # (a bare app's list has a border while focused)
        assert gap("place a worker", "Fisherman") == border  # once: two blank lines more
        # nobody's choice here ("Bob is thinking..."): the box is the prompt alone
        picker.set_choices([], "Bob (computer) is thinking...")
        await pilot.pause()
        assert ol.region.height == ol.styles.gutter.height and prompt.region.height == 1
        assert any("thinking" in row for row in screen_text(app))
        picker.set_choices([("", "Keep it", ""), ("", "Give it", "")], "Anna, 1st action:")
        await pilot.pause()
        assert prompt.region.height == 1
        assert gap("1st action", "Keep it") == gap("1st action", "Give it") - 1 == border
        # one line shorter than the prompt before: the height stays (no screen layout), the
        # blank line above the text, which stays right above its choices
        picker.set_choices([("", "Keep it", "")], "You drew pink 4 (p4); it is the 1st action of your turn:")
        await pilot.pause()
        assert prompt.region.height == 2
        picker.set_choices([("", "Give it", ""), ("", "Keep it", "")], "Anna, 2nd action:")
        await pilot.pause()
        assert prompt.region.height == 2 and prompt.text == "Anna, 2nd action:"
        assert gap("2nd action", "Give it") == border  # once: a blank line between them


# -- 2. LC_ALL=C, or no locale at all, gives the ASCII look (as the README says) -------------
def test_the_locale_is_read_from_the_environment() -> None:
    from tui.app import locale_is_utf8

    def utf8(coerced: bool = False, **env: str) -> bool | None:
        return locale_is_utf8(env, coerced)

    assert utf8(LC_ALL="C", LANG="C.UTF-8") is False  # LC_ALL first
    assert utf8(LC_ALL="POSIX") is False and utf8() is False  # nothing set: the C locale
    assert utf8(LANG="C", LC_CTYPE="C.UTF-8", coerced=True) is False  # PEP 538 set LC_CTYPE, not the user
    assert utf8(LC_CTYPE="C.UTF-8", coerced=True) is False
    assert utf8(LANG="en_US.UTF-8", LC_CTYPE="C.UTF-8", coerced=True) is True
    assert utf8(LANG="C", LC_CTYPE="nl_NL.utf8") is True  # LC_CTYPE before LANG
    assert utf8(LC_ALL="", LANG="nl_NL.UTF-8@euro") is True  # an empty one does not count
    assert utf8(LANG="nl_NL.ISO-8859-15") is False
    assert utf8(LANG="nl_NL") is None  # no codeset named: the output's encoding tells


def test_no_locale_at_all_draws_ascii() -> None:
    """Without LANG or LC_* Python coerces the locale to C.UTF-8 and reports
    UTF-8 output; the app still draws plain ASCII."""
    import os
    import signal
    import tempfile
    from pathlib import Path

    from tests.ptyapp import PtyApp, app_env

    with tempfile.TemporaryDirectory() as tmp:
        env = app_env(Path(tmp))
        env.pop("LANG")
        for name in [k for k in env if k.startswith(("LC_", "PYTHONUTF8", "PYTHONCOERCE"))]:
            env.pop(name)
        app = PtyApp(["new", "gift-of-tulips", "--players", "Ann,Zoë"], env, (80, 24))
        try:
            assert app.wait_for(b"Zoe", 60), app.output[-500:]  # once: "Zoë" and box-drawing glyphs
            app.read(0.5)
            assert bytes(b for b in app.output if b > 127) == b""
            os.kill(app.pid, signal.SIGTERM)
            assert app.wait(20) == 128 + signal.SIGTERM
        finally:
            app.kill()


# -- 3. stopping `lowlands serve` restores each client's terminal and says so --------------
async def test_stopping_the_server_restores_the_clients_terminal(tmp_path) -> None:
    from tests.serve_helpers import Term, start_server

    server = await start_server(tmp_path)
    term = Term(80, 24)
    try:
        await term.open(server.port, "Ann")
        await term.wait_for("tables")
        raw = bytearray()
        feed = term.stream.feed

        def keep(data: bytes) -> None:
            raw.extend(data)
            feed(data)

        term.stream.feed = keep
        await server.close()
        await term.wait_for("The server stopped; your table is saved.", 10)
        # once: the channel closed with the app's screen still up (alternate screen, no cursor)
        tail = bytes(raw)
        assert b"\x1b[?1049l" in tail and b"\x1b[?25h" in tail
        assert tail.rindex(b"The server stopped") > tail.rindex(b"\x1b[?1049l")
    finally:
        term.close()
        await server.close()


# -- 4. review shows a one-human game from that human's seat --------------------------------
def test_review_of_a_game_against_bots_shows_the_humans_own_cards() -> None:
    from core import get_game
    from core.bots import choose
    from core.gift_of_tulips.components import HIDDEN
    from core.match import Match, Seat
    from tui.screens.review import ReviewScreen

    tulips = get_game("gift-of-tulips")

    def played(seats: list[Seat]) -> Match:
        m = Match(tulips, seats, 4)
        for _ in range(12):
            m.push(choose(tulips, m.state, m.ply))
        return m

    alone = ReviewScreen(played([Seat("Anna"), Seat("Bob", "bot", "strong")]))
    assert alone.viewer == 0
    drew = [p for p in range(13) if alone.state(p).drawn and alone.state(p).current == 0]
    assert drew and all(alone.view(p).drawn == alone.state(p).drawn != HIDDEN for p in drew)  # once: [▒▒]
    assert all(alone.view(p).hands[1] == [HIDDEN] * len(alone.state(p).hands[1]) for p in range(13))  # not Bob's
    # several humans at one keyboard: review keeps hiding every hand
    hotseat = ReviewScreen(played([Seat("Anna"), Seat("Bob"), Seat("Cy", "bot")]))
    assert hotseat.viewer is None


# -- 5. the launcher tells games apart and shows who plays before what is cut ----------------
async def test_launcher_names_the_bots_and_puts_the_players_first(tmp_path) -> None:
    from core import get_game
    from core.match import Match, Seat
    from saves import autosave, list_autosaves
    from tui.app import LowlandsApp
    from tui.screens.launcher import LauncherScreen

    tulips = get_game("gift-of-tulips")
    data, config = tmp_path / "data", tmp_path / "config"
    for seats in ([Seat("Ann"), Seat("Bob")], [Seat("Ann"), Seat("Bob", "bot", "strong")]):
        m = Match(tulips, seats, 3)
        m.push(m.legal_moves()[0])
        autosave(m, data)
    assert sorted(tuple(i.bots) for i in list_autosaves(data)) == [("", ""), ("", "strong")]
    app = LowlandsApp(data_dir=data, config_dir=config)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        menu = app.screen.query_one("#launcher-menu")
        lines = sorted((str(menu.get_option_at_index(i).prompt) for i in range(2)), key=lambda line: "bot" in line)
        # once: "Gift of Tulips · Decision 1 · 18:16 · Ann, Bob" twice
        assert lines[0].endswith(" · Ann, Bob") and lines[1].endswith(" · Ann, Bob (strong bot)")
        assert all("Gift of Tulips · Decision 1 · " in line for line in lines)


def test_a_game_open_elsewhere_says_so_before_its_players() -> None:
    from saves.store import SaveInfo
    from tui.screens.launcher import save_line

    info = SaveInfo("x.json", "gift-of-tulips", "Gift of Tulips", ["Ann", "Bob"], 4, bots=["", "greedy"])
    line = save_line(info, state="open in another copy")
    # (polish5: the state before the names, which a long list cut it from: "… Bram (strong bot) · op…")
    assert line.endswith("Decision 4 · " + line.split(" · ")[2] + " · open in another copy · Ann, Bob (greedy bot)")


# -- 6 and 7: labels that say what a key does now, text not cut at 80x24 ---------------------
async def test_the_header_keeps_the_game_name_where_the_right_margin_has_room() -> None:
    from textual.app import App

    from tui.chrome import TitleHeader

    class Titled(App):
        def compose(self):
            yield TitleHeader()

    app = Titled()
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen.header_names = lambda: ["Anna"]  # (as a game screen: its sub-title is fitted)
        app.screen.title = "Windmill Valley"
        app.screen.sub_title = "Anna to choose: wheels (round 13, last round)"
        await pilot.pause()
        line = app.screen.query_one(TitleHeader).render_line(0).text
        assert "Windmill Valley — Anna to choose: wheels (round 13, last round)" in line, line  # once: no name
        assert len(line) == 80
        app.screen.sub_title = "Anna to choose: wheels (round 13, last round) " + "x" * 30
        await pilot.pause()
        line = app.screen.query_one(TitleHeader).render_line(0).text
        # (polishB: the game's name is kept whole; it was dropped for the sub-title)
        assert "Windmill Valley — Anna to choose: wheels" in line and line.rstrip().endswith("…"), line


async def test_the_game_footer_keeps_the_palette_word_at_80_columns(tmp_path) -> None:
    from core import get_game
    from core.match import Match, Seat
    from tui.app import LowlandsApp
    from tui.chrome import KeyFooter
    from tui.screens import screen_for

    match = Match(get_game("fields-of-arle"), [Seat("Anna")], 3)
    match.push(match.legal_moves()[0])  # u Undo shown too
    app = LowlandsApp(data_dir=tmp_path / "d", config_dir=tmp_path / "c",
                      start=lambda: screen_for(match, data_dir=tmp_path / "d"))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await pilot.pause()
        line = app.screen.query_one(KeyFooter).render().plain
        assert line.rstrip().endswith("^p palette") and "u Undo" in line and "q Quit" in line, line


async def test_launcher_footer_says_what_6_does_now(tmp_path) -> None:
    from tui.app import LowlandsApp
    from tui.chrome import KeyFooter

    app = LowlandsApp(data_dir=tmp_path / "d", config_dir=tmp_path / "c")
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(2):
            await pilot.pause()
        footer = app.screen.query_one(KeyFooter)
        assert "6 ASCII look" in footer.render().plain
        await pilot.press("6")
        await pilot.pause()
        assert app.ascii and "6 Full look" in footer.render().plain  # once: "6 ASCII look" still
        await pilot.press("6")
        await pilot.pause()
        assert not app.ascii and "6 ASCII look" in footer.render().plain


async def test_new_game_form_option_boxes_and_level_arrow(tmp_path) -> None:
    from textual.widgets import Checkbox, Select

    from tui.app import LowlandsApp
    from tui.screens.new_game import NewGameScreen

    app = LowlandsApp(data_dir=tmp_path / "d", config_dir=tmp_path / "c")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("1")
        for _ in range(3):
            await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        form.query_one("#game", Select).value = "windmill-valley"
        form.query_one("#bot-0", Checkbox).value = True
        for _ in range(4):
            await pilot.pause()
        expert = form.query_one("#opt-expert", Checkbox)
        assert str(expert.label) == "expert"  # once: "first game ▐ ▌ on"
        level = form.query_one("#level-0", Select)
        assert level.region.right <= 80 and level.size.width == 12  # once: 44 wide, its ▼ past the edge


async def test_a_read_only_review_offers_no_continue_key(tmp_path) -> None:
    from core import get_game
    from core.match import Match, Seat
    from tui.app import LowlandsApp
    from tui.chrome import KeyFooter
    from tui.screens.review import ReviewScreen

    match = Match(get_game("gift-of-tulips"), [Seat("Ann"), Seat("Bob")], 3)
    match.push(match.legal_moves()[0])
    for read_only, offered in (("", True), ("Broken at decision 2.", False)):
        app = LowlandsApp(data_dir=tmp_path / "d", config_dir=tmp_path / "c",
                          start=lambda: ReviewScreen(match, read_only=read_only))
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(3):
                await pilot.pause()
            (review,) = [s for s in app.screen_stack if isinstance(s, ReviewScreen)]  # (under its note)
            line = review.query_one(KeyFooter).render().plain
            assert ("c Continue" in line) is offered, line  # once: "c Continue" in a read-only review


async def test_review_m_shows_all_the_changes_the_box_cuts(tmp_path) -> None:
    from core import get_game
    from core.match import Match, Seat
    from tui.app import LowlandsApp
    from tui.screens.dialogs import MessageDialog
    from tui.screens.review import ChangesText, ReviewScreen

    match = Match(get_game("fields-of-arle"), [Seat("Anna")], 3)
    for _ in range(4):
        match.push(match.legal_moves()[0])
    app = LowlandsApp(data_dir=tmp_path / "d", config_dir=tmp_path / "c", start=lambda: ReviewScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await pilot.pause()
        review = app.screen
        box = review.query_one("#review-changes", ChangesText)
        review._show_changes([f"line {k} of what changed" for k in range(8)])
        await pilot.pause()
        assert "more lines (m)" in box._lines[-1].plain  # the box says how
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MessageDialog)
        assert all(f"line {k} of" in app.screen.message for k in range(8))


# -- 9. --curtain for a game without hidden cards; one order of games everywhere -------------
def test_curtain_for_a_game_without_hidden_cards_is_refused() -> None:
    import pytest

    from tui.app import CliError, build_parser, make_match

    args = build_parser().parse_args(["new", "windmill-valley", "--players", "Ann,Bob", "--curtain"])
    with pytest.raises(CliError, match="Windmill Valley has none.*Gift of Tulips"):
        make_match(args)
    args = build_parser().parse_args(["new", "gift-of-tulips", "--players", "Ann,Bob", "--curtain"])
    assert make_match(args).game.id == "gift-of-tulips"


def test_the_lobby_lists_the_games_in_the_launchers_order() -> None:
    from core import GAMES
    from tui.screens.lobby import NewTableScreen

    by_title = {g: (GAMES[g].title, GAMES[g].min_players, GAMES[g].max_players)
                for g in sorted(GAMES, key=lambda g: GAMES[g].title)}
    assert NewTableScreen(by_title, "Ann").ids == list(GAMES)  # once: by title


# -- 8. the help names the panel keys of play and of review ----------------------------------
def test_the_help_names_the_panel_keys_of_play_and_review() -> None:
    from tui.screens.help import GAME_KEYS, REVIEW_KEYS

    game, review = dict(GAME_KEYS), dict(REVIEW_KEYS)
    assert "panel" in game["Left / Right"]
    assert "decision" in review["Left / Right"] and "panel" in review["[ / ]"]
    assert "more lines (m)" in review["m"]
