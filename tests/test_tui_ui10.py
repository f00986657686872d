"""Pilot tests for issue 10's shared-UI items (GameScreen, ChoicePicker,
launcher, new-game form, dialogs, palette). Each test names its item and
failed before its fix."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from core import get_game
from core.match import Match, Seat
from saves import save
from tui.app import LowlandsApp
from tui.screens.game import GameScreen

TULIPS = get_game("gift-of-tulips")


def hotseat(names=("Ann", "Bob", "Cy"), seed: int = 2, game=TULIPS) -> Match:
    return Match(game, [Seat(n, "human") for n in names], seed=seed)


def one_move_left(seed: int = 2) -> Match:
    """A Gift of Tulips match one decision before its end."""
    match = hotseat(seed=seed)
    rnd = random.Random(seed)
    while True:
        moves = list(match.legal_moves())
        last = match.state
        mv = rnd.choice(moves)
        if match.game.is_over(match.game.apply(last, mv)):
            return match
        match.push(mv)


async def settle(pilot, n: int = 3) -> None:
    for _ in range(n):
        await pilot.pause()


# -- item 3: the game-over screen's n / l after a loaded save ------------------------------------
@pytest.mark.parametrize("key", ["n", "l"])
async def test_game_over_after_a_loaded_save_goes_on_without_a_crash(dirs, tmp_path, key) -> None:
    from tui.screens.game_over import GameOverScreen
    from tui.screens.launcher import LauncherScreen
    from tui.screens.new_game import NewGameScreen

    match = one_move_left()
    path = tmp_path / "nearly.json"
    save(match, path)
    data, config = dirs
    app = LowlandsApp(data_dir=data, config_dir=config)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.open_file(path)
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press(key)
        await settle(pilot, 5)
        assert app.return_code is None and app._exception is None
        assert isinstance(app.screen, NewGameScreen if key == "n" else LauncherScreen)


# -- item 7: the highlight stays when a screen comes back -----------------------------------------
@pytest.mark.parametrize("cover", ["help", "resize", "palette", "review"])
async def test_highlight_stays_after_a_screen_comes_back(dirs, cover) -> None:
    from tui.screens import screen_for

    data, config = dirs
    match = hotseat()
    app = LowlandsApp(data_dir=data, config_dir=config,
                      start=lambda: screen_for(match, data_dir=data, curtain=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        picker = screen.picker
        await pilot.press("down")
        await settle(pilot)
        before = picker.highlighted_index
        assert before not in (None, 0)
        expected = screen._shown[before].moves[0]
        if cover == "help":
            await pilot.press("question_mark")
            await settle(pilot)
            assert app.screen is not screen
            await pilot.press("escape")
        elif cover == "resize":
            await pilot.resize_terminal(60, 20)
            await settle(pilot)
            assert app.screen is not screen
            await pilot.resize_terminal(80, 24)
        elif cover == "palette":
            app.action_command_palette()
            await settle(pilot)
            assert app.screen is not screen
            await pilot.press("escape")
        else:
            await pilot.press("r")
            await settle(pilot)
            assert app.screen is not screen
            await pilot.press("escape")
        await settle(pilot, 5)
        assert app.screen is screen
        assert picker.highlighted_index == before
        await pilot.press("enter")  # Enter plays what was highlighted
        await settle(pilot)
        assert match.moves and match.moves[-1] == expected


# -- item 25: stable keys ------------------------------------------------------------------------
def test_settle_hotkeys_keeps_hints_and_numbers_the_rest_around_them() -> None:
    from tui.widgets.choice import settle_hotkeys

    assert settle_hotkeys(["", "4", "", "0"]) == ["1", "4", "2", "0"]
    assert settle_hotkeys(["2", "", "2"]) == ["2", "1", "3"]  # a taken hint falls back
    assert settle_hotkeys(["u", ""]) == ["1", "2"]  # reserved keys are never hints
    # kept keys (a Golden Age guild's digit) go only to the things they name where one is shown
    kept = frozenset("12345ab")
    assert settle_hotkeys(["a", "", "2", "", "0"], kept) == ["a", "6", "2", "7", "0"]
    assert settle_hotkeys(["", "", "0"], kept) == ["1", "2", "0"]  # none shown (a list of bids): as usual


WINDMILL = get_game("windmill-valley")


def windmill_at(ply: int) -> Match:
    m = Match(WINDMILL, [Seat(n, "human") for n in ("Ann", "Bob")], seed=3)
    rnd = random.Random(1)
    for _ in range(ply):
        m.push(rnd.choice(list(m.legal_moves())))
    return m


async def test_a_numbered_thing_keeps_its_own_key_and_done_sits_on_zero(tmp_path) -> None:
    from tests.apphelpers import ScreenApp
    from tui.screens import screen_for

    match = windmill_at(3)  # Ann chooses an area; area 3 is taken
    notations = [WINDMILL.notation(m) for m in match.legal_moves()]
    assert "area 3" not in notations and "area 5" in notations
    screen = screen_for(match, data_dir=tmp_path, curtain=False)
    async with ScreenApp(screen).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        keys = {c.label: c.hotkey for c in screen.picker.choices}
        by_move = {WINDMILL.notation(it.moves[0]): it.key for it in screen._shown}
        assert by_move["area 5"] == "5" and by_move["area 4"] == "4"
        await pilot.press("5")
        await settle(pilot)
        assert WINDMILL.notation(match.moves[-1]) == "area 5"
        assert keys  # the picker shows them
    skip = windmill_at(25)  # unique 1, unique 2, skip
    screen = screen_for(skip, data_dir=tmp_path, curtain=False)
    async with ScreenApp(screen).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        by_move = {WINDMILL.notation(it.moves[0]): it.key for it in screen._shown}
        assert by_move == {"unique 1": "1", "unique 2": "2", "skip": "0"}
        await pilot.press("0")
        await settle(pilot)
        assert WINDMILL.notation(skip.moves[-1]) == "skip"


async def test_the_cursor_stays_on_the_same_kind_of_choice_after_a_pick(tmp_path) -> None:
    from tests.apphelpers import ScreenApp
    from tui.screens import screen_for

    game = get_game("golden-age")
    match = Match(game, [Seat(n, "human") for n in ("Ann", "Bob")], seed=3)
    rnd = random.Random(0)
    for _ in range(9):
        match.push(rnd.choice(list(match.legal_moves())))
    move = rnd.choice(list(match.legal_moves()))
    assert game.notation(move) == "guild grey"  # then Ann moves or takes another guild
    screen = screen_for(match, data_dir=tmp_path, curtain=False)
    async with ScreenApp(screen).run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        item = next(it for it in screen._shown if move in it.moves)
        while True:  # the guild, or its group first
            key = screen.picker.choices[screen._shown.index(item)].hotkey
            await pilot.press(key)
            await settle(pilot)
            if match.moves[-1] == move:
                break
            item = next(it for it in screen._shown if move in it.moves)
        assert match.moves[-1] == move and match.to_move() == 0
        first = screen._shown[0]
        now = screen._shown[screen.picker.highlighted_index]
        assert first.group != item.group  # the list starts with another kind of choice
        # but the cursor stays on the grey guild's key: now on its special action (Ann holds it)
        assert now.key == "5" and now.label.startswith("Grey guild")



async def test_after_a_pick_another_kind_of_decision_opens_on_its_first_choice(tmp_path) -> None:
    """A key names the same thing only within one kind of decision: after
    market area 3 (key 3) the floodgates open on the first, not on "Floodgate
    3" (key 3, which would spend 3 guilders on Enter; a playtester's solo game)."""
    from tests.apphelpers import ScreenApp
    from tui.screens import screen_for

    game = get_game("windmill-valley")
    match = Match(game, [Seat("Ann", "human")], seed=42)
    match.push(match.legal_moves()[0])
    assert match.state.tasks[-1].kind == "place"
    screen = screen_for(match, data_dir=tmp_path, curtain=False)
    async with ScreenApp(screen).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        assert game.notation(match.moves[-1]) == "area 3" and match.state.tasks[-1].kind == "gate"
        keys = {game.notation(it.moves[0]): it.key for it in screen._shown}
        assert keys["gate 3"] == "3"  # the same key, another thing
        assert screen.picker.highlighted_index == 0
        assert game.notation(screen._shown[0].moves[0]) == "gate 1"

# -- item 19: the highlighted choice is always in sight --------------------------------------------
async def test_long_lists_scroll_to_the_highlight_at_80x24(tmp_path) -> None:
    from tests.apphelpers import ScreenApp
    from tui.screens import screen_for
    from tui.widgets.choice import Choice

    match = hotseat()
    screen = screen_for(match, data_dir=tmp_path, curtain=False)
    async with ScreenApp(screen).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        picker = screen.picker
        ol = picker.option_list
        # a long list of labels that wrap in the side panel (as Windmill Valley's builds)
        picker.set_choices([Choice("", f"Build on g{i}: lower water 1, plant 1, plant 1, yellow", "")
                            for i in range(20)], "Ann, choose a long one:")
        await settle(pilot)
        for step in range(19):
            await pilot.press("down")
            await pilot.pause()
            ol._update_lines()
            top = ol.region.y + ol._index_to_line[ol.highlighted] - ol.scroll_offset.y
            visible = picker.region.intersection(ol.region)  # what the picker's box lets through
            assert visible.y <= top < visible.bottom, (step, top, visible)


# -- item 15: the launcher's Quit quits ----------------------------------------------------------
@pytest.mark.parametrize("keys", [("5",), ("end", "enter")])
async def test_launcher_quit_quits(dirs, keys) -> None:
    data, config = dirs
    app = LowlandsApp(data_dir=data, config_dir=config)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(*keys)
        await settle(pilot)
        assert app.return_code == 0  # set by App.exit


# -- item 17: q quits on the hand-over curtain ----------------------------------------------------
async def test_q_on_the_curtain_autosaves_and_quits(dirs) -> None:
    from saves import list_autosaves
    from tui.screens import screen_for
    from tui.screens.game import CurtainScreen

    data, config = dirs
    match = hotseat()
    match.push(list(match.legal_moves())[0])
    app = LowlandsApp(data_dir=data, config_dir=config, curtain=True,
                      start=lambda: screen_for(match, data_dir=data, curtain=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("q")
        await settle(pilot)
        assert app.return_code == 0
    assert [i.ply for i in list_autosaves(data) if not i.error] == [1]


# -- item 18: the filter takes what is typed into it, and goes away ---------------------------------
async def test_slash_then_a_digit_filters_and_does_not_pick(tmp_path) -> None:
    from textual.widgets import Input
    from tests.apphelpers import ScreenApp
    from tui.screens import screen_for

    match = windmill_at(44)  # eight plant choices
    screen = screen_for(match, data_dir=tmp_path, curtain=False)
    async with ScreenApp(screen).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        from textual import events

        # typed at once: both keys queued before the first is handled
        pilot.app.post_message(events.Key("slash", "/"))
        pilot.app.post_message(events.Key("2", "2"))
        await settle(pilot)
        assert match.ply == 44  # nothing picked
        box = screen.picker.query_one("#picker-filter", Input)
        assert box.value == "2" and screen.picker.has_class("-filtering")
        await pilot.press("escape")
        await settle(pilot)
        assert not screen.picker.has_class("-filtering")
        assert match.ply == 44


async def test_an_empty_filter_closes_with_escape_and_with_the_decision(tmp_path) -> None:
    from textual.widgets import Input
    from tests.apphelpers import ScreenApp
    from tui.screens import screen_for

    match = windmill_at(44)
    screen = screen_for(match, data_dir=tmp_path, curtain=False)
    async with ScreenApp(screen).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        picker = screen.picker
        await pilot.press("slash")
        await settle(pilot)
        assert picker.has_class("-filtering")
        await pilot.press("escape")
        await settle(pilot)
        assert not picker.has_class("-filtering")
        assert not picker.query_one("#picker-filter", Input).has_focus
        await pilot.press("slash")
        await settle(pilot)
        picker.focus_list()  # (a click on the list) the box stays open, unfocused
        await settle(pilot)
        assert picker.has_class("-filtering")
        await pilot.press("escape")
        await settle(pilot)
        assert not picker.has_class("-filtering")
        await pilot.press("slash")
        await settle(pilot)
        await pilot.press("enter")  # the empty filter: Enter picks the highlight
        await settle(pilot)
        assert match.ply == 45
        assert not picker.has_class("-filtering")
        assert not picker.query_one("#picker-filter", Input).has_focus


# -- item 21: strict undo says why it refuses ------------------------------------------------------
async def test_refused_undo_says_why(tmp_path) -> None:
    from tests.apphelpers import ScreenApp
    from tui.screens import screen_for

    match = Match(TULIPS, [Seat(n, "human") for n in ("Ann", "Bob", "Cy")], seed=2, undo_policy="strict")
    screen = screen_for(match, data_dir=tmp_path, curtain=False)
    async with ScreenApp(screen).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("u")
        await settle(pilot)
        said = [n.message for n in pilot.app._notifications]
        assert said == ["Nothing to undo yet."]
        while match.to_move() == 0:  # Ann's decisions, then Bob's turn
            await pilot.press("1")
            await settle(pilot)
        ply = match.ply
        assert not match.can_undo()
        await pilot.press("u")
        await settle(pilot)
        assert match.ply == ply
        said = [n.message for n in pilot.app._notifications]
        assert said[-1].startswith("Strict undo:") and said[-1] == match.why_no_undo()


def test_why_no_undo_is_empty_exactly_when_undo_is_allowed() -> None:
    match = Match(TULIPS, [Seat(n, "human") for n in ("Ann", "Bob", "Cy")], seed=5, undo_policy="strict")
    rnd = random.Random(5)
    for _ in range(40):
        assert (match.why_no_undo() == "") == match.can_undo()
        match.push(rnd.choice(list(match.legal_moves())))


# -- item 26: a single forced roll plays itself ---------------------------------------------------
def golden_age_before_roll() -> tuple[Match, int]:
    game = get_game("golden-age")
    match = Match(game, [Seat(n, "human") for n in ("Ann", "Bob")], seed=3)
    rnd = random.Random(0)
    while True:
        moves = list(match.legal_moves())
        after = game.apply(match.state, moves[0])
        nxt = list(game.legal_moves(after)) if not game.is_over(after) else []
        if len(nxt) == 1 and game.notation(nxt[0]) == "roll" and len(moves) > 1:
            return match, 0
        match.push(rnd.choice(moves))


async def test_a_forced_roll_plays_itself_and_is_logged_and_undone_with_its_decision(tmp_path) -> None:
    from tests.apphelpers import ScreenApp
    from tui.screens import screen_for

    match, index = golden_age_before_roll()
    game = match.game
    ply = match.ply
    move = list(match.legal_moves())[index]
    screen = screen_for(match, data_dir=tmp_path, curtain=False)
    async with ScreenApp(screen).run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert match.ply == ply
        screen.play(move)
        await settle(pilot, 5)
        assert match.ply >= ply + 2  # the roll was made without a key
        assert game.notation(match.moves[ply + 1]) == "roll"
        assert len(screen.log_widget.entries) >= ply + 2  # and logged
        await pilot.press("u")
        await settle(pilot, 5)
        assert match.ply == ply  # undo takes the decision back with its roll


# -- item 12: under NO_COLOR the highlighted choice is in reverse video -----------------------------
@pytest.mark.parametrize("no_color", [False, True])
async def test_highlight_is_reverse_video_without_colour(tmp_path, monkeypatch, no_color) -> None:
    from tests.apphelpers import ScreenApp
    from tui.screens import screen_for

    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    screen = screen_for(hotseat(), data_dir=tmp_path, curtain=False)
    async with ScreenApp(screen).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        style = screen.picker.option_list.get_component_rich_style("option-list--option-highlighted")
        assert bool(style.reverse) == no_color


# -- item 24: the palette offers only what helps a player -----------------------------------------
async def test_palette_system_commands_are_for_players(dirs) -> None:
    from tui.screens import screen_for

    data, config = dirs
    match = hotseat()
    app = LowlandsApp(data_dir=data, config_dir=config,
                      start=lambda: screen_for(match, data_dir=data, curtain=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        titles = {c.title for c in app.get_system_commands(app.screen)}
        assert titles == {"Theme"}  # (Quit is Lowlands' own, the palette's last line)
        assert not titles & {"Maximize", "Keys", "Screenshot", "Minimize"}


# -- item 16: the new-game form ----------------------------------------------------------------
async def test_new_game_form_focus_curtain_and_enter_in_the_last_field(dirs) -> None:
    from textual.widgets import Input, Select
    from tui.screens.new_game import NewGameScreen

    data, config = dirs
    app = LowlandsApp(data_dir=data, config_dir=config)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot)
        form = app.screen
        assert isinstance(form, NewGameScreen)
        assert form.focused is form.query_one("#game", Select)
        for gid, game in form.games.items():
            form.query_one("#game", Select).value = gid
            await settle(pilot)
            assert form.query_one("#curtain-row").display == bool(game.private_information), gid
        form.query_one("#game", Select).value = "windmill-valley"
        await settle(pilot)
        fields = [w for w in form.focus_chain if isinstance(w, Input)]
        assert fields[0].id == "name-0"
        fields[0].focus()
        await pilot.press("enter")  # not the last field: moves on
        await settle(pilot)
        assert app.screen is form and form.focused is not fields[0]
        fields[-1].focus()
        await pilot.press("enter")  # the last field: starts
        await settle(pilot, 4)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.game.id == "windmill-valley"


# -- item 23 (then polish3 item 5): a game quit at decision 0 is autosaved, so it is listed --------
async def test_launcher_lists_games_quit_before_their_first_decision(dirs) -> None:
    """Once left out ("nothing to continue"), such a game stayed in the autosave
    folder where ``x`` could not reach it (a playtester's fault)."""
    from saves import autosave
    from tui.screens.dialogs import ConfirmDialog
    from tui.screens.launcher import LauncherScreen

    data, config = dirs
    fresh = hotseat(names=("Ann", "Bob", "Cy"))
    started = hotseat(names=("Dirk", "Els", "Fem"), seed=9)
    started.push(list(started.legal_moves())[0])
    path = autosave(fresh, data)
    autosave(started, data)
    app = LowlandsApp(data_dir=data, config_dir=config)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        launcher = app.screen
        assert isinstance(launcher, LauncherScreen)
        assert sorted(i.players for i in launcher.autosaves) == [["Ann", "Bob", "Cy"], ["Dirk", "Els", "Fem"]]
        menu = launcher.query_one("#launcher-menu")
        menu.highlighted = next(n for n, i in enumerate(launcher.autosaves) if i.ply == 0)
        await pilot.press("x")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog) and "Decision 0" in app.screen.question
        await pilot.press("y")
        await settle(pilot, 5)
        assert not path.exists() and [i.players for i in app.screen.autosaves] == [["Dirk", "Els", "Fem"]]


# -- item 32: one name limit, in cells, for the form and the command line ----------------------------
def test_one_name_limit_in_cells_for_form_and_cli() -> None:
    from tui.app import CliError, build_parser, make_match
    from tui.screens.new_game import MAX_NAME_CELLS, validate_names

    wide = "李明" * 7  # 14 characters, 28 columns
    assert len(wide) <= MAX_NAME_CELLS < 2 * len(wide)
    assert validate_names([wide, "Bob"]) == [f"At most {MAX_NAME_CELLS} columns wide", ""]
    assert validate_names(["李明", "x" * MAX_NAME_CELLS]) == ["", ""]
    args = build_parser().parse_args(["new", "gift-of-tulips", "--players", f"{wide},Bob,Cy"])
    with pytest.raises(CliError, match="columns"):
        make_match(args)
    long = "x" * (MAX_NAME_CELLS + 1)
    args = build_parser().parse_args(["new", "gift-of-tulips", "--players", f"{long},Bob,Cy"])
    with pytest.raises(CliError, match="columns"):
        make_match(args)
    args = build_parser().parse_args(["new", "gift-of-tulips", "--players", "李明,Bob,Cy"])
    assert [s.name for s in make_match(args).seats] == ["李明", "Bob", "Cy"]


def test_log_wraps_wide_characters_by_cells_and_keeps_all_text() -> None:
    from rich.cells import cell_len
    from tui.widgets.log import Log, LogEntry

    text = "李明 gives the tulip to 王芳 and takes 三 cards from the deck 李明李明李明李明"
    entries = [LogEntry(1, text, "A", "")]
    lines = Log()._lines(entries, 0, 30)
    assert all(cell_len(line.plain) <= 30 for line in lines)
    body = " ".join(line.plain[6:].strip() for line in lines)
    assert "".join(body.split()) == "".join(text.split())  # nothing lost


async def test_a_damaged_autosave_shows_its_reason_within_80_columns(dirs) -> None:
    from textual.widgets import OptionList
    from saves import list_autosaves

    data, config = dirs
    (data / "autosave").mkdir(parents=True, exist_ok=True)
    bad = data / "autosave" / ("gift-of-tulips-" + "0123456789abcdef" * 3 + ".json")
    bad.write_text('{"format": "lowlands-save", "vers')
    error = next(i.error for i in list_autosaves(data) if i.path.endswith(bad.name))
    app = LowlandsApp(data_dir=data, config_dir=config)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        menu = app.screen.query_one("#launcher-menu", OptionList)
        prompt = next(str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)
                      if (menu.get_option_at_index(i).id or "").startswith("bad:"))
        assert bad.name[:12] in prompt and bad.name[-12:] in prompt  # (polish7: the file first, shortened)
        assert str(bad) in error  # the reason names the whole path...
        reason = error.replace(str(bad), "").split("(")[0].strip()  # "is not a Lowlands save"
        assert reason and prompt.index(reason) + len(reason) < 76  # ...the line says it before the cut


# -- item 10: the palette closes with Backspace on an empty search, not only Escape ---------------
async def test_backspace_on_an_empty_palette_search_closes_it(dirs) -> None:
    from textual.command import CommandPalette
    from tui.screens import screen_for

    data, config = dirs
    match = hotseat()
    app = LowlandsApp(data_dir=data, config_dir=config,
                      start=lambda: screen_for(match, data_dir=data, curtain=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot)
        assert isinstance(app.screen, CommandPalette)
        await pilot.press("t", "h")
        await pilot.press("backspace")
        await settle(pilot)
        assert isinstance(app.screen, CommandPalette)  # one letter gone, still open
        await pilot.press("backspace")
        await settle(pilot)
        assert isinstance(app.screen, CommandPalette)  # the search is empty now
        await pilot.press("backspace")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)


# -- item 20: a choice too long for its lines ends with an ellipsis, not cut silently ------------
@pytest.mark.parametrize("ascii_look", [False, True])
async def test_a_label_longer_than_its_lines_ends_with_an_ellipsis(ascii_look) -> None:
    from textual.app import App
    from textual.containers import Vertical

    from tui.widgets.choice import ChoicePicker

    # longer than the picker's rows (max_rows 16): cut, as the list scrolls anyway (a label
    # that fits the box is wrapped whole: tests/test_tui_hintbox.py)
    words = "Build on g1: lower water 1, plant 1, plant 1, yellow, red, white, purple, " * 8
    long = words + "THE-END"

    class Side(App):
        CSS = "#side { width: 34; height: 1fr; }"

        def __init__(self) -> None:
            super().__init__()
            self.ascii = ascii_look
            self.picker = ChoicePicker()

        def compose(self):
            with Vertical(id="side"):
                yield self.picker

        def on_mount(self) -> None:
            self.picker.set_choices([("1", long, "a"), ("2", "Pass", "a")], "Build")

    app = Side()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        ol = app.picker.option_list
        ol._update_lines()
        assert ol._heights[0] <= 3  # PickList.MAX_OPTION_LINES
        shown = [ol.render_line(y).text.rstrip() for y in range(ol._heights[0])]
        ellipsis = "..." if ascii_look else "\u2026"
        assert shown[-1].endswith(ellipsis), shown
        assert "THE-END" not in " ".join(shown)
        assert shown[0].lstrip().startswith("1 Build on g1")


# -- item 27: notices do not hide the board at 80x24, show their text as it is, do not pile up ---
async def test_notices_keep_off_the_board_at_80x24_and_show_brackets(dirs) -> None:
    from textual.widgets._toast import Toast

    from tui.screens import screen_for

    data, config = dirs
    match = hotseat()
    app = LowlandsApp(data_dir=data, config_dir=config,
                      start=lambda: screen_for(match, data_dir=data, curtain=False))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        text = "Sparrow's red spoke passed the arrow: calendar space 1 (+1 tool [bonus] in one turn)"
        for n in range(4):
            screen.notify(f"{n}: {text}", title="Calendar", severity="warning", timeout=30)
        await settle(pilot, 5)
        toasts = list(app.screen.query(Toast))
        assert 1 <= len(toasts) <= 2  # the oldest went
        board = screen.query_one("#board-box").region
        for toast in toasts:
            assert not toast.region.overlaps(board), (toast.region, board)
        shown = "".join(str(t.render()) for t in toasts)
        assert "[bonus]" in shown and "3:" in shown and "0:" not in shown


# -- item 22: the load dialog lists the saves in the data folder --------------------------------
@pytest.mark.parametrize("key", ["2", "3"])
async def test_load_dialog_lists_saves_newest_first_and_opens_the_picked_one(dirs, key) -> None:
    from textual.widgets import Input, OptionList

    from tui.screens.dialogs import LoadDialog

    data, config = dirs
    (data / "saves").mkdir()
    save(hotseat(names=("Old", "Timer")), data / "saves" / "old.json")
    save(hotseat(names=("Zoe", "Yan")), data / "saves" / "new.json")
    (data / "saves" / "broken.json").write_bytes(b"\x00 not json")
    # a damaged file is listed by its modification time: set it, so that it never passes the new
    # save's own time (to the second) when a second ends between the two writes (flaky under load)
    import os

    from datetime import datetime, timezone

    past = datetime(2021, 1, 1, tzinfo=timezone.utc).timestamp()
    os.utime(data / "saves" / "broken.json", (past, past))
    import json as _json

    raw = _json.loads((data / "saves" / "old.json").read_text(encoding="utf-8"))
    raw["updated"] = "2020-01-01T00:00:00+00:00"
    (data / "saves" / "old.json").write_text(_json.dumps(raw), encoding="utf-8")
    app = LowlandsApp(data_dir=data, config_dir=config)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(key)
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, LoadDialog)
        lst = dialog.query_one("#saves", OptionList)
        lines = [str(lst.get_option_at_index(i).prompt) for i in range(lst.option_count)]
        assert len(lines) == 3
        assert "Zoe, Yan" in lines[0] and "Decision 0" in lines[0] and "Gift of Tulips" in lines[0]
        assert "broken.json" in lines[1] and "Old, Timer" in lines[2]  # 2021, then 2020
        assert dialog.focused is lst and lst.highlighted == 0  # tmux: Enter said "That is a folder"
        # Enter on the prefilled folder no longer says "No such file"
        dialog.query_one("#path", Input).focus()
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is dialog
        assert "No such file" not in str(dialog.query_one("#path-error").render())
        lst.focus()
        lst.highlighted = 0
        await pilot.press("enter")
        await settle(pilot, 5)
        assert not isinstance(app.screen, LoadDialog)
        screen = app.screen
        match = getattr(screen, "match", None)
        assert match is not None and [s.name for s in match.seats] == ["Zoe", "Yan"]


# -- polish8 item 1: review's dialog lists the exported records beside the saves -----------------
async def test_review_dialog_lists_records_and_opens_the_picked_one(dirs) -> None:
    """The records the export writes to ``records/`` are listed among the saves
    (newest first, marked "record"), picked with arrows and Enter like a save; a
    record review would refuse is listed with its reason; load (2) does not list
    them (it cannot play a record on)."""
    import os

    from textual.widgets import OptionList

    from saves import export_text
    from tui.screens.dialogs import LoadDialog
    from tui.screens.review import ReviewScreen

    data, config = dirs
    (data / "saves").mkdir()
    (data / "records").mkdir()
    save(hotseat(names=("Zoe", "Yan")), data / "saves" / "zoe.json")
    rec = hotseat(names=("Rec", "Ord"), seed=4)
    for _ in range(3):
        rec.push(rec.legal_moves()[0])
    (data / "records" / "tulips.txt").write_text(export_text(rec), encoding="utf-8")
    edited = export_text(rec).replace('[Decisions "3"]', '[Decisions "4"]')
    (data / "records" / "edited.txt").write_text(edited, encoding="utf-8")
    (data / "records" / ".tulips.txt.abcd1234.tmp").write_text("half a write", encoding="utf-8")
    # the save oldest, then the damaged record, the record newest
    for name, when in (("saves/zoe.json", 1_600_000_000), ("records/edited.txt", 1_700_000_000),
                       ("records/tulips.txt", 1_800_000_000)):
        os.utime(data / name, (when, when))
    import json as _json

    raw = _json.loads((data / "saves" / "zoe.json").read_text(encoding="utf-8"))
    raw["updated"] = "2020-01-01T00:00:00+00:00"
    (data / "saves" / "zoe.json").write_text(_json.dumps(raw), encoding="utf-8")
    app = LowlandsApp(data_dir=data, config_dir=config)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("2")  # load: saves only
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, LoadDialog) and [Path(i.path).name for i in dialog.saves] == ["zoe.json"]
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("3")  # review: the records too
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, LoadDialog)
        lst = dialog.query_one("#saves", OptionList)
        lines = [str(lst.get_option_at_index(i).prompt) for i in range(lst.option_count)]
        assert len(lines) == 3, lines
        assert "Rec, Ord" in lines[0] and "record: tulips.txt" in lines[0] and "Decision 3" in lines[0], lines[0]
        assert lines[1].startswith("edited.txt: this file, line ") and "4 decisions, but lists 3" in lines[1]
        assert "Zoe, Yan" in lines[2] and "record" not in lines[2]
        assert dialog.focused is lst and lst.highlighted == 0
        await pilot.press("enter")  # the record, picked with the keyboard, opens in review
        await settle(pilot, 5)
        screen = app.screen
        assert isinstance(screen, ReviewScreen), screen
        assert [s.name for s in screen.match.seats] == ["Rec", "Ord"] and screen.match.ply == 3


# -- polish8 follow-up 1: a damaged record picked in review's dialog is called a record ----------
async def test_a_damaged_record_picked_in_review_says_record_not_save(dirs) -> None:
    """Picking a record review refuses (listed with its reason) said "This save
    cannot be opened": it says "This record cannot be opened", with the reason
    the list shows; a damaged save still says "save"."""
    from textual.widgets import OptionList

    from saves import export_text
    from saves.store import RECORDS_DIR, record_info
    from tui.screens.dialogs import LoadDialog, MessageDialog

    data, config = dirs
    (data / "saves").mkdir()
    (data / RECORDS_DIR).mkdir()
    rec = hotseat(names=("Rec", "Ord"), seed=4)
    for _ in range(3):
        rec.push(rec.legal_moves()[0])
    edited = data / RECORDS_DIR / "edited.txt"
    edited.write_text(export_text(rec).replace('[Decisions "3"]', '[Decisions "4"]'), encoding="utf-8")
    (data / "saves" / "torn.json").write_text('{"format": "lowlands-save", "ver', encoding="utf-8")
    reason = record_info(edited).error
    assert "4 decisions, but lists 3" in reason
    app = LowlandsApp(data_dir=data, config_dir=config)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for name, title in (("edited.txt", "This record cannot be opened"), ("torn.json", "This save cannot be opened")):
            await pilot.press("3")  # review
            await settle(pilot)
            dialog = app.screen
            assert isinstance(dialog, LoadDialog)
            lst = dialog.query_one("#saves", OptionList)
            lines = [str(lst.get_option_at_index(i).prompt) for i in range(lst.option_count)]
            lst.highlighted = next(i for i, line in enumerate(lines) if line.startswith(f"{name}: "))
            await pilot.press("enter")
            await settle(pilot, 5)
            shown = app.screen
            assert isinstance(shown, MessageDialog) and shown.error
            assert shown.title_text == title, shown.title_text
            if name == "edited.txt":
                assert shown.message == reason  # the same reason text
            await pilot.press("enter")
            await settle(pilot)


# -- polish8 item 3: the launcher words a save's decision as review does --------------------------
async def test_launcher_and_review_word_a_saves_decision_alike(dirs) -> None:
    """The launcher said "decision 4" where review, opened on the same save, says
    "Decision 4/4": both now read "Decision 4" (a save keeps no undone decisions,
    so review opens at N/N; the launcher reads N from its index, decoding nothing)."""
    from saves import autosave
    from tui.screens.launcher import LauncherScreen
    from tui.screens.review import ReviewScreen

    data, config = dirs
    match = hotseat(names=("Ann", "Bob"))
    for _ in range(4):
        match.push(match.legal_moves()[0])
    autosave(match, data)
    app = LowlandsApp(data_dir=data, config_dir=config)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        launcher = app.screen
        assert isinstance(launcher, LauncherScreen)
        menu = launcher.query_one("#launcher-menu")
        entry = str(menu.get_option_at_index(0).prompt)
        assert "Gift of Tulips · Decision 4 · " in entry, entry
        await pilot.press("3")  # review it from the dialog: it is the newest save
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot, 5)
        review = app.screen
        assert isinstance(review, ReviewScreen)
        position = str(review.query_one("#review-position").render())
        assert position.startswith("Decision 4/4"), position
        # the launcher's words are the start of review's
        assert entry.split(" · ")[1] == position.split("/")[0]


# -- polish8 follow-up 2: review's header words the decision as its position label ---------------
async def test_review_header_and_position_word_the_decision_alike(dirs) -> None:
    """Review's header said "decision 2 of 5" where its position label said
    "Decision 2/5": both say "Decision 2/5", at every decision stepped to."""
    from tui.screens.review import ReviewScreen

    data, config = dirs
    match = hotseat(names=("Ann", "Bob"))
    for _ in range(5):
        match.push(match.legal_moves()[0])
    app = LowlandsApp(data_dir=data, config_dir=config)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        review = ReviewScreen(match)
        app.push_screen(review)
        await settle(pilot)
        await pilot.press("home")
        for i in range(1, 6):
            await pilot.press("right")
            await settle(pilot)
            assert review.cursor == i
            position = str(review.query_one("#review-position").render())
            assert position.startswith(f"Decision {i}/5, turn "), position
            assert review.sub_title.startswith(f"Review · Decision {i}/5 · turn "), review.sub_title
            assert review.sub_title.split(" · ")[1] == position.split(",")[0]


# -- item 23: launcher entries can be deleted (only our own autosaves, never a locked one) --------
async def test_launcher_deletes_the_highlighted_game_after_confirming(dirs) -> None:
    from saves import autosave
    from tui.screens.dialogs import ConfirmDialog
    from tui.screens.launcher import LauncherScreen

    data, config = dirs
    first, second = hotseat(names=("Ann", "Bob")), hotseat(names=("Zoe", "Yan"), seed=3)
    first.push(first.legal_moves()[0])
    second.push(second.legal_moves()[0])
    p1, p2 = autosave(first, data), autosave(second, data)
    app = LowlandsApp(data_dir=data, config_dir=config)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LauncherScreen)
        top = Path(screen.autosaves[0].path)
        names = screen.autosaves[0].players
        await pilot.press("x")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        assert ", ".join(names) in app.screen.question and "Gift of Tulips" in app.screen.question
        assert "('" not in app.screen.question  # words, not a Python tuple (tmux)
        await pilot.press("n")  # no: kept
        await settle(pilot)
        assert top.exists()
        await pilot.press("x")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot, 5)
        assert isinstance(app.screen, LauncherScreen)
        assert not top.exists() and {p1, p2} - {top} == {p for p in (p1, p2) if p.exists()}
        assert len(app.screen.autosaves) == 1


def test_delete_autosave_removes_only_our_own_unlocked_files(dirs, tmp_path) -> None:
    import os
    import socket

    import msgspec

    from saves import SaveError, autosave
    from saves.lock import LockInfo, lock_path
    from saves.store import delete_autosave

    data, _ = dirs
    m = hotseat()
    path = autosave(m, data)
    foreign = path.parent / "notes.json"
    foreign.write_text('{"mine": true}', encoding="utf-8")
    elsewhere = tmp_path / "elsewhere.json"
    save(m, elsewhere)
    for p in (foreign, elsewhere):
        with pytest.raises(SaveError):
            delete_autosave(p, data)
        assert p.exists()
    lock = lock_path(data, m.id)
    lock.parent.mkdir(parents=True, exist_ok=True)
    lock.write_bytes(msgspec.json.encode(LockInfo(os.getppid(), socket.gethostname())))
    with pytest.raises(SaveError, match="another copy"):
        delete_autosave(path, data)
    assert path.exists()
    lock.unlink()
    delete_autosave(path, data)
    assert not path.exists()


# -- item 16 (rest): the form remembers the last game and table -----------------------------------
async def test_new_game_form_remembers_the_last_table(dirs) -> None:
    from textual.widgets import Checkbox, Input, Select

    from tui.config import load_config
    from tui.screens.new_game import NewGameScreen, _literal_args, option_fields

    data, config = dirs
    gid = "windmill-valley"
    app = LowlandsApp(data_dir=data, config_dir=config)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot)
        form = app.screen
        assert isinstance(form, NewGameScreen)
        form.query_one("#game", Select).value = gid
        await settle(pilot, 4)
        form.query_one("#count", Select).value = 2
        await settle(pilot)
        form.query_one("#name-0", Input).value = "Wim"
        form.query_one("#name-1", Input).value = "Roos"
        form.query_one("#bot-1", Checkbox).value = True
        await settle(pilot)
        form.query_one("#level-1", Select).value = "greedy"
        form.query_one("#undo", Select).value = "strict"
        changed = {}
        for f in option_fields(form.game.Options):
            w = form.query_one(f"#opt-{f.name}")
            lits = _literal_args(f.type)
            if f.type is bool:
                w.value = not w.value
                changed[f.name] = w.value
            elif lits is not None and len(lits) > 1:
                w.value = [v for v in lits if v != w.value][0]
                changed[f.name] = w.value
        await settle(pilot)
        form.action_start()
        await settle(pilot, 4)
        assert isinstance(app.screen, GameScreen)
    last = load_config(config).last_table
    assert last.game == gid and last.players == ["Wim", "Roos"] and last.bots == [False, True]
    app = LowlandsApp(data_dir=data, config_dir=config)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot, 4)
        form = app.screen
        assert isinstance(form, NewGameScreen)
        assert form.query_one("#game", Select).value == gid
        assert form.seat_count() == 2
        assert form.query_one("#name-0", Input).value == "Wim" and form.query_one("#name-1", Input).value == "Roos"
        assert form.query_one("#bot-1", Checkbox).value is True and form.query_one("#bot-0", Checkbox).value is False
        assert form.query_one("#level-1", Select).value == "greedy"
        assert form.query_one("#undo", Select).value == "strict"
        for name, value in changed.items():
            assert form.query_one(f"#opt-{name}").value == value, name


async def test_launcher_deletes_a_damaged_autosave(dirs) -> None:
    from textual.widgets import OptionList

    from tui.screens.dialogs import ConfirmDialog, MessageDialog
    from tui.screens.launcher import LauncherScreen

    data, config = dirs
    bad = data / "autosave" / "broken.json"
    bad.parent.mkdir()
    bad.write_text('{"format": "lowlands-save", "vers')
    app = LowlandsApp(data_dir=data, config_dir=config)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        menu = app.screen.query_one("#launcher-menu", OptionList)
        assert menu.highlighted_option.id == "new"  # not first on an entry that cannot open
        menu.highlighted = menu.get_option_index("bad:0")
        await pilot.press("enter")  # nothing to review: the reason, not a silent no-op
        await settle(pilot)
        assert isinstance(app.screen, MessageDialog)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("x")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog) and "broken.json" in app.screen.question
        await pilot.press("y")
        await settle(pilot, 4)
        assert isinstance(app.screen, LauncherScreen)
    assert not bad.exists()
