"""Faults a fresh playtester found from the README alone (the polish5 list:
the launcher, the server's form and lobby, the record message, the review
chart and board): each test fails without its fix."""

from __future__ import annotations

import time
from pathlib import Path

from core.match import Match, Seat
from saves import autosave, autosave_path, fork, list_autosaves, load

from tests.apphelpers import TULIPS, make_app, new_match, settle


def _entries(app) -> list[str]:
    """The launcher's game entries as shown (the menu's lines with a letter)."""
    menu = app.screen.query_one("#launcher-menu")
    lines = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
    return [line for line in lines if "Decision" in line]


# -- 1. a new game of the same table and seed is not a "(copy)" -------------------------------
async def test_new_games_of_one_table_and_seed_are_not_copies(dirs) -> None:
    data, _ = dirs
    for hour in (10, 11, 12):  # `lowlands new gift-of-tulips --players Ann,Bob --seed 4`, three times
        m = Match(TULIPS, [Seat("Ann"), Seat("Bob")], 4)
        m.created = f"2026-12-01T{hour}:00:00+00:00"
        m.push(m.legal_moves()[0])
        autosave(m, data)
    copy = load(autosave_path(m, data))
    fork(copy)  # "Continue a copy" / loading a file
    autosave(copy, data)
    assert copy.copied_from == m.id and load(autosave_path(copy, data)).copied_from == m.id
    app = make_app(dirs)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        entries = _entries(app)
        assert len(entries) == 4
        # once: the two later new games read "... · Ann, Bob (copy)" too
        assert ["(copy)" in e for e in entries].count(True) == 1, entries


# -- 4. opening a game and leaving it without a decision keeps its place ---------------------
def test_an_autosave_without_a_change_keeps_its_time(dirs) -> None:
    data, _ = dirs
    older = new_match(names=("Ann", "Bob"), moves=2)
    newer = new_match(names=("Cy", "Dee"), moves=3)
    path = autosave(older, data)
    time.sleep(1.1)  # (times are kept to the second)
    autosave(newer, data)
    assert [i.players for i in list_autosaves(data)][0] == ["Cy", "Dee"]
    before = path.read_bytes()
    again = load(path)  # the launcher opens it (its own autosave: same id) ...
    time.sleep(1.1)  # (times are kept to the second)
    autosave(again, data)  # ... and q autosaves it without a decision made
    assert path.read_bytes() == before
    assert [i.players for i in list_autosaves(data)][0] == ["Cy", "Dee"]  # once: Ann, Bob first
    again.push(again.legal_moves()[0])
    from saves import store

    reads = []
    real_read = store.read_file
    store.read_file = lambda *a: reads.append(a) or real_read(*a)  # type: ignore[assignment]
    try:
        autosave(again, data)  # a decision: now it is the newest
    finally:
        store.read_file = real_read  # type: ignore[assignment]
    assert reads == []  # the old file's size told it apart: a decision's autosave decodes nothing
    assert [i.players for i in list_autosaves(data)][0] == ["Ann", "Bob"]


# -- 3. an exported record is named as one ---------------------------------------------------
def test_a_record_given_as_a_save_is_named_a_record(tmp_path, capsys, monkeypatch) -> None:
    from saves import SaveError, export_text
    from tui import app as app_module
    from tui.app import main

    monkeypatch.setenv("LOWLANDS_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("LOWLANDS_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setattr(app_module, "terminal_problem", lambda: "")

    def boom(self, *a, **k):
        raise AssertionError("the TUI was started")

    monkeypatch.setattr(app_module.LowlandsApp, "run", boom)
    record = tmp_path / "gift-of-tulips-ann-bob.txt"
    record.write_text(export_text(new_match(moves=4)), encoding="utf-8")
    for argv in (["load", str(record)], ["export", str(record)]):  # (review opens it: test_records.py)
        assert main(argv) == 2
        err = capsys.readouterr().err.strip()
        # once: "... is not a Lowlands save (it holds JSON, but not a Lowlands save record)."
        assert "is an exported game record, not a save" in err and "JSON" not in err, err
        assert "review" in err, err  # where it does open
    try:
        load(record)
    except SaveError as e:
        assert "exported game record" in str(e)
    else:  # pragma: no cover
        raise AssertionError("a record loaded as a save")
    assert Path(record).read_text(encoding="utf-8").startswith('[Event "Lowlands"]')


# -- 2. the server's new-table form: boxes you can see; an open table's box follows it --------
async def test_the_new_table_form_draws_its_fields_as_boxes_lit_by_the_focus() -> None:
    from textual.app import App
    from textual.widgets import Input

    from core import GAMES
    from tests.serve_helpers import lobby_games
    from tui.screens.lobby import NewTableScreen

    form = NewTableScreen(lobby_games(), "Ann")
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(form)
        await pilot.press(str(list(GAMES).index("windmill-valley") + 1), "tab", "tab", "tab")
        await pilot.pause()
        level = form.query_one("#level", Input)
        assert form.focused is level
        # once: compact fields, one row without a border, the focused one looking like the rest
        assert all(box.region.height == 3 for box in form.query(Input))
        lit = {box.id: box.styles.border_top for box in form.query(Input)}
        assert lit["level"] != lit["seats"] and lit["level"][0] and lit["seats"][0]
        box = form.query_one("#new-title").parent
        assert box.region.bottom <= 24 and level.region.bottom <= box.region.bottom


async def test_an_open_table_box_shows_who_sat_down_since() -> None:
    from textual.app import App

    from net import protocol as P
    from tui.screens.lobby import LobbyScreen, TableActions

    def table(second: str) -> P.TableInfo:
        return P.TableInfo("t1", "gift-of-tulips", "Gift of Tulips",
                           [P.SeatInfo("ann", "human"), P.SeatInfo(second, "human")], "ann", "waiting", 0, 0)

    class Client(App[None]):
        player = "ann"
        games: dict[str, tuple[str, int, int]] = {}
        sent: list[object] = []

        @property
        def link(self) -> "Client":
            return self

        def send(self, msg: object) -> None:
            self.sent.append(msg)

        def get_default_screen(self) -> LobbyScreen:
            return LobbyScreen()

    app = Client()
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = app.screen
        lobby.show_tables([table("")])
        await pilot.pause()
        await pilot.press("1")  # ann opens her table: Seat 2 is free
        await pilot.pause()
        box = app.screen
        assert isinstance(box, TableActions)
        seats = box.query_one("#table-seats")
        assert "Seat 2: (free)" in str(seats.render())
        lobby.show_tables([table("bob")])  # the hub's Lobby message: bob sat down
        await pilot.pause()
        assert app.screen is box
        assert "Seat 2: bob" in str(seats.render())  # once: still "(free)"
        assert "every seat is taken" not in " ".join(str(o.prompt) for o in box.query_one("#actions").options)
        lobby.show_tables([])  # ann's table closed (elsewhere): the box goes
        await pilot.pause()
        assert app.screen is lobby
        # the new-table form made one: its box opens once the hub lists it, so the
        # Enter after the form's last lands there (once: on the lobby's highlighted table)
        other = P.TableInfo("t0", "golden-age", "The Dutch Golden Age", [P.SeatInfo("cy", "human")] * 3,
                            "cy", "waiting", 0, 0)
        lobby.show_tables([other])
        lobby._create(P.CreateTable("gift-of-tulips", table("").seats, {}))
        assert app.sent and isinstance(app.sent[-1], P.CreateTable)
        lobby.show_tables([other])  # (someone else's change first: nothing opens)
        await pilot.pause()
        assert app.screen is lobby
        lobby.show_tables([table(""), other])
        await pilot.pause()
        assert isinstance(app.screen, TableActions) and app.screen.table.id == "t1"


# -- 4. "open in another copy" is not cut off at 80 columns -----------------------------------
def test_the_open_elsewhere_state_survives_80_columns() -> None:
    from saves.store import SaveInfo
    from tui.screens.launcher import save_line

    info = SaveInfo("x.json", "windmill-valley", "Windmill Valley", ["Anna", "Bram"], 4,
                    updated="2026-12-01T05:14:00+00:00", bots=["", "strong"])
    line = save_line(info, state="open in another copy")
    # the launcher's box at 80 columns holds 69 cells after the letter;
    # once: "Windmill Valley · Decision 4 · 05:14 · Anna, Bram (strong bot) · op…"
    assert "open in another copy" in line[:69]


# -- 5. the score track's numbers keep a space between them ----------------------------------
async def test_the_score_scale_never_runs_two_numbers_together() -> None:
    import re

    from tests.apphelpers import WidgetApp
    from tui.widgets.track import Marker, Track

    track = Track(40, grow=True, title="Score (VP)")
    app = WidgetApp(track)
    async with app.run_test(size=(120, 40)) as pilot:
        for width in (40, 55, 62, 80, 118):
            track.update([Marker("A", 150), Marker("B", 37)])
            await pilot.pause()
            scale = track._lines_for(width)[1].plain
            # once at 62 columns: "0··10·20··30·40·50··60·70·80··90·100110·120130140·150·"
            numbers = re.findall(r"\d+", scale)
            assert numbers[:2] == ["0", "10"] or numbers[0] == "0", scale
            assert all(int(b) > int(a) for a, b in zip(numbers, numbers[1:])), scale
            assert all(int(n) % 10 == 0 and int(n) < 160 for n in numbers), scale
            assert len(numbers) >= 4, scale


# -- 6. Windmill Valley review: the board scrolled to a widget starts with whole rows ---------
async def test_windmill_valley_review_board_starts_with_whole_rows() -> None:
    from core import get_game
    from core.bots import choose
    from tests.apphelpers import ScreenApp
    from tui.screens.review import ReviewScreen
    from tui.widgets.board import BoardBody

    wv = get_game("windmill-valley")
    m = Match(wv, [Seat("Anna"), Seat("Bram")], 1)
    while not m.is_over():
        m.push(choose(wv, m.state, m.ply))
    app = ScreenApp(ReviewScreen(m))
    cut: list[tuple[int, str]] = []
    scrolled = 0
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 3)
        rows = [s.text for s in app.screen._compositor.render_strips()]
        header = next(r for r in rows if "speed " in r and "small wheel" in r and "│" not in r[:40])
        assert "big wheel" in header  # once: "Bram's big w small wheel speed 3"
        body = app.screen.query_one(BoardBody)
        for step, key in enumerate(["left", "left", "up", "up", "up", "up", "left"]):
            await pilot.press(key)
            await settle(pilot)
            if body.scroll_y <= 0:
                continue
            scrolled += 1
            top = body.content_region.y
            # once: the top row was the middle of the wheels' preview ("offer and" / "gain 3 VP" / "(+)")
            cut += [(step, type(w).__name__) for w in body.query("*")
                    if not w.children and w.display and w.region and w.region.y < top < w.region.bottom]
    assert scrolled and not cut, cut


# -- 4. with many unfinished games the menu stays in view; the games scroll -------------------
async def test_the_menu_stays_in_view_with_fourteen_unfinished_games(dirs) -> None:
    data, _ = dirs
    for i in range(14):
        autosave(new_match(names=(f"P{i}", "Bob"), moves=1), data)
    app = make_app(dirs)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        rows = [s.text for s in app.screen._compositor.render_strips()]
        # once: only "1  New game" showed, 2-5 below the box
        for label in ("1  New game", "2  Load a saved game", "3  Review a saved game", "4  Themes", "5  Quit"):
            assert any(label in row for row in rows), (label, rows)
        games = app.screen.query_one("#launcher-menu")
        assert app.focused is games and games.highlighted_option.id == "save:0"
        assert games.max_scroll_y > 0  # the games scroll in their box
        await pilot.press("end", "down")  # past the last game: the menu, as in one list
        await settle(pilot)
        assert app.focused.id == "launcher-fixed" and app.focused.highlighted_option.id == "new"
        await pilot.press("up")
        await settle(pilot)
        assert app.focused is games and games.highlighted_option.id == "save:13"
        await pilot.resize_terminal(120, 40)  # room for all: one list, as before
        await settle(pilot, 3)
        assert not app.screen.query_one("#launcher-fixed").display
        assert games.get_option_index("new") > games.get_option_index("save:13")
