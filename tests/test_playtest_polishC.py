"""Faults a fresh playtester found (polishC): the game-over screen's buttons below
the bottom of an 80x24 terminal, toasts over the choices and outliving an undone
move, no plain key from a table back to the launcher, a launcher that says "No
unfinished games" under a damaged autosave, and Up on its first entry wrapping
round to Quit."""

from __future__ import annotations

from typing import Any

import pytest

from core import get_game
from core.bots import choose
from core.match import Match, Seat
from tests.apphelpers import make_app, settle, wait_for

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")


def _finished(game_id: str, players: int, seed: int = 3) -> Match:
    """A human-seated ``game_id`` match of ``players`` played to its end by seeded random decisions."""
    game = get_game(game_id)
    m = Match(game, [Seat(n) for n in NAMES[:players]], seed)
    while not m.is_over():
        m.push(choose(game, m.state, seed * 7 + m.ply))
    return m


def _rows(app: Any) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


# -- 1. the game-over screen at 80x24: buttons, the whole score table, the end-of-game lines ----
# (the most a game puts on it: six players of Gift of Tulips have 12 end-of-game lines)
@pytest.mark.parametrize("game_id, players", [("gift-of-tulips", 6), ("golden-age", 4),
                                               ("windmill-valley", 1), ("fields-of-arle", 1)])
async def test_the_whole_game_over_screen_shows_at_80x24(dirs: Any, game_id: str, players: int) -> None:
    """Once, at 80x24, six players' festival lines pushed the score table's last
    rows and every button below the bottom of the screen: now the title, the
    winners, every row of the table and the buttons show, and the end-of-game
    lines scroll in what is left (PgDn, named in the footer while they do)."""
    from textual.containers import VerticalScroll
    from textual.widgets import Button, DataTable

    from tui.chrome import KeyFooter
    from tui.screens.game_over import GameOverScreen, epilogue_lines, winners_text

    m = _finished(game_id, players)
    lines = epilogue_lines(m)
    app = make_app(dirs, start=lambda: GameOverScreen(m))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 4)
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        footer = screen.query_one(KeyFooter).region
        for button in screen.query(Button):
            assert button.region.height and button.region.bottom <= footer.y, (button.label, button.region)
        table = screen.query_one("#score-table", DataTable)
        assert table.region.bottom <= footer.y and table.max_scroll_y == 0  # every row in view
        shown = "\n".join(_rows(app))
        assert winners_text(m) in shown and "Total" in shown and "Quit (q)" in shown, shown
        if not lines:
            return
        box = screen.query_one("#epilogue-box", VerticalScroll)
        assert lines[0] in shown
        def offered() -> bool:
            return any(k.display == "PgDn" for k in screen.query_one(KeyFooter).keys)

        # the footer offers PgDn only when there is more (it looks again when the box's size or
        # lines change: EpilogueBox; it missed it when the layout came after the last fit)
        await wait_for(pilot, lambda: offered() == (box.max_scroll_y > 0))
        more = offered()
        if game_id == "gift-of-tulips":  # (12 lines: more than fit)
            assert more and lines[-1] not in shown and "Tie-break" in shown
        for _ in range(len(lines)):
            await pilot.press("pagedown")
        await settle(pilot)
        end = " ".join(lines[-1].split()[-2:])  # (a long line wraps: its last words)
        assert box.scroll_y == box.max_scroll_y and end in "\n".join(_rows(app))  # reached by keys
        assert isinstance(app.screen, GameOverScreen)


async def test_the_end_of_game_lines_get_their_rows_back_when_the_terminal_grows(dirs: Any) -> None:
    from textual.containers import VerticalScroll

    from tui.screens.game_over import GameOverScreen, epilogue_lines

    m = _finished("gift-of-tulips", 6)
    lines = epilogue_lines(m)
    app = make_app(dirs, start=lambda: GameOverScreen(m))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 4)
        box = app.screen.query_one("#epilogue-box", VerticalScroll)
        assert box.max_scroll_y > 0
        await pilot.resize_terminal(120, 40)
        await settle(pilot, 6)
        shown = "\n".join(_rows(app))
        assert all(line in shown for line in lines) and box.max_scroll_y == 0
        await pilot.resize_terminal(80, 24)
        await settle(pilot, 6)
        assert "Quit (q)" in "\n".join(_rows(app)) and box.max_scroll_y > 0


# -- 4. the launcher under a damaged autosave says what is true -------------------------------
@pytest.mark.parametrize("broken", ["unreadable", "at a move"])
async def test_the_launcher_says_a_damaged_autosave_is_left_untouched(dirs: Any, broken: str) -> None:
    """Once the note under a damaged autosave (the only one) read "No unfinished
    games", which the line above it contradicts: it says the autosave is damaged
    and left untouched, and the file is as it was."""
    from textual.widgets import Static

    from saves import autosave_path
    from tests.apphelpers import new_match
    from tests.test_robust_app import broken_at_move

    data, _ = dirs
    m = new_match(moves=9)
    path = autosave_path(m, data)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b'{"format": "lowlands-save", "vers' if broken == "unreadable" else broken_at_move(m, 7))
    before = path.read_bytes()
    app = make_app(dirs)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        note = str(app.screen.query_one("#launcher-note", Static).content)
        shown = " ".join(" ".join(_rows(app)).split())
    assert "No unfinished games" not in note and "No unfinished games" not in shown
    assert note == "No game to continue: the autosave above is damaged (left untouched). Press 1 to start a new game."
    assert note in shown and "Quit" in shown  # the whole note, and the menu above it
    assert path.read_bytes() == before


def test_the_launcher_note_counts_the_damaged_autosaves() -> None:
    from tui.screens.launcher import no_games_note

    assert no_games_note(0) == "No unfinished games. Press 1 to start one."
    assert no_games_note(2).startswith("No game to continue: the 2 autosaves above are damaged (left untouched).")


# -- 5. the launcher's list does not wrap round ---------------------------------------------------
@pytest.mark.parametrize("games", [0, 2, 14])
async def test_up_on_the_launchers_first_entry_stays_there(dirs: Any, games: int) -> None:
    """Once Up on the first entry (the newest game, or New game) went round to
    Quit, a step from Enter quitting; nor does Down on Quit go round to the top.
    With 14 games the menu has its own box: Down from the last game still goes
    on to it, and Up from its first item back."""
    from textual.widgets import OptionList

    from saves import autosave
    from tests.apphelpers import new_match

    data, _ = dirs
    for i in range(games):
        autosave(new_match(names=(f"P{i}", "Bob"), moves=1), data)
    app = make_app(dirs)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        first = app.focused
        assert isinstance(first, OptionList)
        top = first.highlighted_option.id
        assert top == ("save:0" if games else "new")
        await pilot.press("up")
        await settle(pilot)
        assert app.focused is first and first.highlighted_option.id == top
        await pilot.press("end")
        if games == 14:  # the games' last, then on to the menu's box
            await pilot.press("down")
        await pilot.press("end")
        await settle(pilot)
        last = app.focused
        assert isinstance(last, OptionList) and last.highlighted_option.id == "quit"
        await pilot.press("down")
        await settle(pilot)
        assert app.focused is last and last.highlighted_option.id == "quit"
        if games == 14:
            await pilot.press("home", "up")
            await settle(pilot)
            assert app.focused is first and first.highlighted_option.id == f"save:{games - 1}"


# -- 3. a plain key from the table back to the launcher ---------------------------------------------
@pytest.mark.parametrize("game_id, players", [("gift-of-tulips", 3), ("golden-age", 3),
                                               ("windmill-valley", 2), ("fields-of-arle", 2)])
async def test_Q_autosaves_and_goes_back_to_the_launcher(dirs: Any, game_id: str, players: int) -> None:
    """Once only ctrl+p's palette led back to the launcher: Q does, from any
    decision (no choice is ever keyed Q), shown in the footer and in help, after
    autosaving as q does; the game is then the launcher's first line."""
    from textual.widgets import OptionList

    from saves import list_autosaves
    from tui.chrome import KeyFooter
    from tui.screens import screen_for
    from tui.screens.help import HelpScreen
    from tui.screens.launcher import LauncherScreen

    data, _ = dirs
    game = get_game(game_id)
    m = Match(game, [Seat(n) for n in NAMES[:players]], 4)
    for _ in range(5):
        m.push(choose(game, m.state, m.ply))
    screen = screen_for(m, data_dir=data)
    app = make_app(dirs, start=screen)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 3)
        assert any(k.display == "Q" and k.description == "Launcher" for k in screen.query_one(KeyFooter).keys)
        assert "Q" not in screen.picker._keys  # (a choice's key never)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen) and "`Q`  Back to the launcher" in app.screen.keys_document()
        await pilot.press("q")
        await settle(pilot)
        m.push(choose(game, m.state, m.ply))  # a decision not yet autosaved when Q comes
        screen.refresh_view()
        await pilot.press("Q")
        await settle(pilot, 3)
        assert isinstance(app.screen, LauncherScreen)
        menu = app.screen.query_one("#launcher-menu", OptionList)
        assert menu.highlighted_option.id == "save:0"
    assert [(i.game_id, i.ply) for i in list_autosaves(data)] == [(game_id, m.ply)]


async def test_Q_in_the_filter_box_is_typed_and_behind_the_curtain_leaves(dirs: Any) -> None:
    from textual.widgets import Input

    from tests.apphelpers import new_match
    from tui.screens import screen_for
    from tui.screens.game import CurtainScreen, GameScreen
    from tui.screens.launcher import LauncherScreen

    data, _ = dirs
    m = new_match(moves=2)
    app = make_app(dirs, start=lambda: screen_for(m, data_dir=data, curtain=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("enter")
        await settle(pilot, 3)
        assert isinstance(app.screen, GameScreen)
        await pilot.press("slash", "Q")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and isinstance(app.focused, Input) and app.focused.value == "Q"
        await pilot.press("backspace", "backspace")  # (the box emptied, then closed)
        await settle(pilot)
        app.screen.play(app.screen._moves[0])  # the next player: the curtain
        await settle(pilot, 3)
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("Q")
        await settle(pilot, 3)
        assert isinstance(app.screen, LauncherScreen)


# -- found on the way: an undo while review is being built ahead -----------------------------------
async def test_an_undo_while_review_is_built_ahead_does_not_crash(dirs: Any) -> None:
    """The game screen builds review ahead once idle (``warm_review``); an undo
    that came before that screen had mounted left its cursor past the match's
    last decision, and its mount raised IndexError (the app ended with a
    traceback). It opens at the last decision there is."""
    from tests.apphelpers import new_match
    from tui.screens import screen_for
    from tui.screens.review import ReviewScreen, warm_review

    data, _ = dirs
    m = new_match(moves=6)
    screen = screen_for(m, data_dir=data)
    app = make_app(dirs, start=screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        review = warm_review(app, m)  # made now, mounted at the app's next messages
        assert isinstance(review, ReviewScreen) and review.cursor == 6
        screen.action_undo()  # before it mounts
        await settle(pilot, 4)
        assert review.is_mounted and review.cursor == m.ply == 5
        await pilot.press("r")
        await settle(pilot, 3)
        assert app.screen is review and review.cursor == 5


# -- 2. toasts keep off the choices, and go with the decision that raised them ------------------
LONG = "Bob's red spoke passed the arrow: calendar space 3 (+1 tool and 2 guilders, one for each wheel)"


@pytest.mark.parametrize("game_id, players", [("gift-of-tulips", 3), ("golden-age", 3),
                                               ("windmill-valley", 2), ("fields-of-arle", 2)])
async def test_toasts_never_cover_the_choices_at_80x24(dirs: Any, game_id: str, players: int) -> None:
    """Once two toasts (or one, with the next decision's longer list of choices
    under it) climbed from the footer over the choices: on a game screen only
    as many show as fit in the log's rows, the newest always, and none reaches
    the choices or the board."""
    from textual.widgets._toast import Toast

    from tui.screens import screen_for

    data, _ = dirs
    game = get_game(game_id)
    m = Match(game, [Seat(n) for n in NAMES[:players]], 5)
    screen = screen_for(m, data_dir=data)
    app = make_app(dirs, start=screen)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot, 3)
        picker_tops = set()
        for step in range(12):
            app.notify(f"{step}: {LONG}", title="Calendar", severity="warning", timeout=60)
            await settle(pilot, 3)
            picker = screen.query_one("#picker").region
            board = screen.query_one("#board-box").region
            toasts = list(app.screen.query(Toast))
            assert toasts and any(t._notification.message.startswith(f"{step}:") for t in toasts)
            for t in toasts:
                assert not t.region.overlaps(picker), (step, t.region, picker)
                assert not t.region.overlaps(board), (step, t.region, board)
            picker_tops.add(picker.bottom)
            screen.play(choose(game, m.state, m.ply))  # the next decision, its list under the toasts
            await settle(pilot, 3)
            for t in app.screen.query(Toast):
                assert not t.region.overlaps(screen.query_one("#picker").region), (step, "after a decision")


def _to_announcement(game_id: str, word: str) -> tuple[Match, Any]:
    """A two-player seeded match of ``game_id`` just before the decision whose
    announcements (``core.picks.new_events``) include ``word``, and that decision."""
    from core.picks import new_events

    game = get_game(game_id)
    m = Match(game, [Seat("Ann"), Seat("Bob")], 3)
    while not m.is_over():
        move = choose(game, m.state, m.ply)
        before = list(m.state.events)
        m.push(move)
        if any(word in line for line in new_events(before, list(m.state.events))):
            m.undo()
            return m, move
    raise AssertionError(f"no {word!r} announcement")  # pragma: no cover


@pytest.mark.parametrize("game_id, word, title", [("windmill-valley", "calendar", "Calendar"),
                                                  ("fields-of-arle", "Half-year", "Fields of Arle")])
async def test_undo_takes_down_the_toasts_of_the_decision_it_takes_back(
        dirs: Any, game_id: str, word: str, title: str) -> None:
    """Once a calendar toast stayed up after its decision was undone: it goes
    with it (redo does not raise it again: the banner says it); a notice about
    something else (a save) stays."""
    from tui.screens import screen_for

    data, _ = dirs
    m, move = _to_announcement(game_id, word)
    screen = screen_for(m, data_dir=data)
    app = make_app(dirs, start=screen)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await settle(pilot, 3)
        app.notify("Saved to somewhere.json", title="Saved", timeout=60)
        screen.play(move)
        await settle(pilot, 3)
        assert any(n.title == title and word in n.message for n in app._notifications)
        await pilot.press("u")
        await settle(pilot, 3)
        assert [n.title for n in app._notifications] == ["Saved"]
        assert app.screen.query("Toast").results().__next__()._notification.title == "Saved"
        await pilot.press("U")
        await settle(pilot, 3)
        assert [n.title for n in app._notifications] == ["Saved"]
