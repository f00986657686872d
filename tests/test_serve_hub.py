"""The table hub without SSH: its messages over the Unix socket, the online
tables' undo rule, RemoteMatch following the hub, and one table failing alone."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from core import GAMES
from core.match import Match, Seat
from net import protocol as P
from net.hub import Hub, socket_path
from tui.remote import RemoteMatch, TableLink

TULIPS = GAMES["gift-of-tulips"]


class Screen:
    """A bare hub client: sends messages, keeps what comes back."""

    def __init__(self, path: Any, player: str) -> None:
        self.inbox: list[Any] = []
        self.link = TableLink(path, player, self.inbox.append)

    async def open(self) -> "Screen":
        await self.link.connect()
        await self.wait(P.Welcome)
        return self

    async def wait(self, kind: type, cond: Any = lambda m: True, timeout: float = 10) -> Any:
        async def find() -> Any:
            while True:
                for m in self.inbox:
                    if isinstance(m, kind) and cond(m):
                        self.inbox.remove(m)
                        return m
                await asyncio.sleep(0.005)

        return await asyncio.wait_for(find(), timeout)

    def send(self, msg: Any) -> None:
        self.link.send(msg)


async def two_at_a_table(tmp_path: Any, hub: Hub) -> tuple[Screen, Screen, str]:
    path = await hub.start()
    ann = await Screen(path, "Ann").open()
    bob = await Screen(path, "Bob").open()
    ann.send(P.CreateTable("gift-of-tulips", [P.SeatInfo("Ann"), P.SeatInfo("")]))
    lobby = await bob.wait(P.Lobby, lambda m: m.tables)
    table = lobby.tables[0].id
    bob.send(P.Sit(table))
    await ann.wait(P.Seats, lambda m: m.table.seats[1].name == "Bob")
    bob.send(P.Start(table))
    await bob.wait(P.Problem, lambda m: "Only Ann" in m.text)  # only the creator starts
    ann.send(P.Start(table))
    await ann.wait(P.Joined)
    await bob.wait(P.Joined)
    return ann, bob, table


def test_take_back_only_own_last_decision_before_a_reveal() -> None:
    m = Match(TULIPS, [Seat("Ann"), Seat("Bob")], seed=7)
    a = m.to_move()
    m.push(m.legal_moves()[0])  # a set-up choice
    b = m.to_move()
    assert a != b
    assert not m.can_take_back(b)  # not Bob's decision
    assert m.can_take_back(a) and m.take_back(a) and m.ply == 0
    m.push(m.legal_moves()[0])
    m.push(m.legal_moves()[0])  # the other player decided: the first is final
    assert not m.can_take_back(a)
    while m.state.phase == "setup":
        m.push(m.legal_moves()[0])
    seat = m.to_move()
    m.push(m.legal_moves()[0])  # a play action draws the next card: something was revealed
    assert TULIPS.reveals(m.state_at(m.ply - 1), m.state) and m.movers[-1] == seat
    assert not m.can_take_back(seat)


async def test_hub_checks_every_decision_and_broadcasts_it(tmp_path: Any) -> None:
    hub = Hub(tmp_path, bot_delay=0)
    try:
        ann, bob, table = await two_at_a_table(tmp_path, hub)
        m = hub.tables[table].match
        seat = m.to_move()
        mover, other = (ann, bob) if m.seats[seat].name == "Ann" else (bob, ann)
        other.send(P.Play(table, 0, TULIPS.notation(m.legal_moves()[0])))
        await other.wait(P.Problem, lambda p: "not your turn" in p.text)
        text = TULIPS.notation(m.legal_moves()[0])
        mover.send(P.Play(table, 5, text))
        await mover.wait(P.Problem, lambda p: "already" in p.text)
        mover.send(P.Play(table, 0, "nonsense"))
        await mover.wait(P.Problem)
        assert m.ply == 0
        mover.send(P.Play(table, 0, text))
        up = await other.wait(P.Update, lambda u: u.by >= 0)
        assert (up.base, up.moves, up.by) == (0, [text], seat)
        # the mover takes it back; both screens hear it
        mover.send(P.TakeBack(table, 1))
        up = await other.wait(P.Update, lambda u: u.moves == [] and u.by >= 0)
        assert up.base == 0 and m.ply == 0
    finally:
        await hub.close()


async def test_remote_match_follows_the_hub_and_decides_only_for_its_seat(tmp_path: Any) -> None:
    hub = Hub(tmp_path, bot_delay=0)
    try:
        ann, bob, table = await two_at_a_table(tmp_path, hub)
        m = hub.tables[table].match
        ann.send(P.Sit(table))
        joined = await ann.wait(P.Joined)
        mine = RemoteMatch.from_joined(TULIPS, joined, ann.link)
        bob.send(P.Sit(table))
        theirs = RemoteMatch.from_joined(TULIPS, await bob.wait(P.Joined), bob.link)
        changes: list[int] = []
        theirs.listeners.append(lambda: changes.append(theirs.ply))
        me = mine if mine.seat == m.to_move() else theirs
        you = theirs if me is mine else mine
        you_screen = bob if me is mine else ann
        assert you.legal_moves() == [] and me.legal_moves() == m.legal_moves()
        with pytest.raises(Exception):
            you.push(m.legal_moves()[0])
        me.push(me.legal_moves()[0])  # decided here at once, checked at the hub
        up = await you_screen.wait(P.Update)
        assert you.apply_update(up.base, up.moves, up.by)
        assert you.moves == me.moves == m.moves
        assert me.can_undo() and not you.can_undo() and not me.can_redo()
    finally:
        await hub.close()


async def test_one_failing_table_leaves_the_others_playing(tmp_path: Any) -> None:
    hub = Hub(tmp_path, bot_delay=0)
    try:
        ann, bob, table = await two_at_a_table(tmp_path, hub)
        ann.send(P.CreateTable("gift-of-tulips", [P.SeatInfo("Ann"), P.SeatInfo("Bot", "bot")]))
        lobby = await ann.wait(P.Lobby, lambda lob: len(lob.tables) == 2)
        second = next(t.id for t in lobby.tables if t.id != table)

        class Broken:  # the first table's game raises from inside the engine
            def __getattr__(self, name: str) -> Any:
                return getattr(TULIPS, name)

            def parse(self, state: Any, text: str) -> Any:
                raise RuntimeError("engine bug")

        hub.tables[table].game = Broken()
        m = hub.tables[table].match
        mover = ann if m.seats[m.to_move()].name == "Ann" else bob
        mover.send(P.Play(table, 0, "anything"))
        await mover.wait(P.Problem, lambda p: "failed" in p.text)
        assert hub.tables[table].record.status == "failed"
        # the other table starts and its bot plays on
        ann.send(P.Start(second))
        await ann.wait(P.Joined, lambda j: j.table.id == second)
        other = hub.tables[second].match
        for _ in range(200):
            if other.ply >= 1:
                break
            if other.to_move() is not None and not other.is_bot(other.to_move()):
                ann.send(P.Play(second, other.ply, TULIPS.notation(other.legal_moves()[0])))
            await asyncio.sleep(0.02)
        assert other.ply >= 1 and hub.tables[second].record.status == "playing"
    finally:
        await hub.close()


async def test_garbage_on_the_socket_drops_only_that_screen(tmp_path: Any) -> None:
    hub = Hub(tmp_path)
    try:
        path = await hub.start()
        ann = await Screen(path, "Ann").open()
        reader, writer = await asyncio.open_unix_connection(str(socket_path(tmp_path)))
        writer.write(b"\x00\x00\x00\x05hello" + b"\xff" * 64)
        await writer.drain()
        assert await asyncio.wait_for(reader.read(), 5) == b""  # dropped
        ann.send(P.ListTables())
        await ann.wait(P.Lobby)
    finally:
        await hub.close()


async def test_new_table_form_sends_the_game_seats_bots_and_options() -> None:
    from textual.app import App

    from tui.screens.lobby import NewTableScreen

    games = {g.id: (g.title, g.min_players, g.max_players) for g in GAMES.values()}
    results: list[Any] = []

    class Host(App[None]):
        def on_mount(self) -> None:
            self.push_screen(NewTableScreen(games, "Ann"), results.append)

    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        form = app.screen
        assert isinstance(form, NewTableScreen)
        key = str(list(GAMES).index("windmill-valley") + 1)
        await pilot.press(key)
        await pilot.pause()
        assert form.query_one("#new-error").region.bottom <= 24  # the whole form fits 80x24
        form.query_one("#opt-expert").value = True
        form.query_one("#seats").value = "3"
        form.query_one("#bots").value = "5"
        form.query_one("#bots").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert "Bots: 0 to 2" in str(form.query_one("#new-error").render())
        form.query_one("#bots").value = "1"
        form.query_one("#level").value = "greedy"
        await pilot.press("enter")
        await pilot.pause()
    (msg,) = results
    assert msg.game == "windmill-valley" and msg.options["expert"] is True
    assert [(s.name, s.kind) for s in msg.seats] == [("Ann", "human"), ("", "human"), ("Bot 1", "bot")]
    assert msg.seats[2].level == "greedy"


async def start_table_with_a_bot(app: Any, pilot: Any, game: str) -> Any:
    """In TableClientApp ``app`` (Ann, in the lobby): make a ``game`` table with Ann and
    a bot, open it, start it; the GameScreen shown."""
    from tui.screens.game import GameScreen
    from tui.screens.lobby import LobbyScreen

    await pilot.pause(0.3)
    assert isinstance(app.screen, LobbyScreen)
    app.link.send(P.CreateTable(game, [P.SeatInfo("Ann"), P.SeatInfo("Bot", "bot")]))
    for _ in range(100):
        await pilot.pause(0.02)
        if app.lobby.tables:
            break
    await pilot.press("1")
    await pilot.press("t")  # start
    for _ in range(100):
        await pilot.pause(0.02)
        if isinstance(app.screen, GameScreen):
            break
    assert isinstance(app.screen, GameScreen)
    return app.screen


async def test_client_app_plays_a_table_and_writes_no_files(tmp_path: Any) -> None:
    """The lobby app in-process against a hub: a table with a bot; the game screen
    decides only for its seat; review cannot cut the table back; saving is off."""
    from tui.screens.dialogs import PathDialog
    from tui.screens.lobby import LobbyScreen, TableClientApp
    from tui.screens.review import ReviewScreen

    hub = Hub(tmp_path / "server", bot_delay=0)
    path = await hub.start()
    app = TableClientApp(tmp_path / "client", path, "Ann", config_dir=tmp_path / "config")
    try:
        async with app.run_test(size=(120, 36)) as pilot:
            screen = await start_table_with_a_bot(app, pilot, "gift-of-tulips")
            m = screen.match
            table = hub.tables[m.table]
            for _ in range(6):  # Ann picks whenever it is her turn; the hub's bot answers
                for _ in range(200):
                    await pilot.pause(0.02)
                    if m.to_move() == m.seat and m.ply == table.match.ply:
                        break
                assert m.legal_moves()
                await pilot.press("1")
            for _ in range(200):
                await pilot.pause(0.02)
                if m.ply == table.match.ply and m.to_move() == m.seat:
                    break
            assert m.moves == table.match.moves and set(m.movers) == {0, 1}
            await pilot.press("s")
            await pilot.pause()
            assert not isinstance(app.screen, PathDialog)
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, ReviewScreen)
            assert app.screen.read_only  # a networked table is not cut back from review
            await pilot.press("escape")
            await pilot.press("q")  # back to the lobby; the seat stays Ann's
            await pilot.pause(0.2)
            assert isinstance(app.screen, LobbyScreen)
            assert table.seat_of("Ann") == 0
        assert not (tmp_path / "client").exists()  # nothing written on the client's side
        assert (tmp_path / "server" / "serve" / "autosave" / f"{table.record.id}.json").exists()
    finally:
        await hub.close()


async def test_the_lobby_words_a_tables_decision_as_the_launcher(tmp_path: Any) -> None:
    """polish8 follow-up 3: the lobby said "playing, decision 2" where the
    launcher says "Decision 2": a table in progress reads "playing · Decision 2"."""
    from saves.store import SaveInfo
    from tui.screens.launcher import save_line
    from tui.screens.lobby import LobbyScreen, TableClientApp

    hub = Hub(tmp_path / "server", bot_delay=0)
    path = await hub.start()
    app = TableClientApp(tmp_path / "client", path, "Ann", config_dir=tmp_path / "config")
    try:
        async with app.run_test(size=(120, 36)) as pilot:
            screen = await start_table_with_a_bot(app, pilot, "gift-of-tulips")
            m = screen.match
            table = hub.tables[m.table]
            for _ in range(200):  # Ann's first decision (the bot answers as it comes to it)
                await pilot.pause(0.02)
                if m.to_move() == m.seat and m.ply == table.match.ply:
                    break
            await pilot.press("1")
            for _ in range(200):
                await pilot.pause(0.02)
                if table.match.ply >= 1 and m.ply == table.match.ply:
                    break
            await pilot.press("q")  # back to the lobby
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            listed = ""
            for _ in range(200):
                await pilot.pause(0.02)
                ol = lobby.query_one("#lobby-tables")
                listed = str(ol.get_option_at_index(0).prompt) if ol.option_count else ""
                if f"Decision {table.match.ply}" in listed:
                    break
            ply = table.match.ply
            assert ply >= 1 and f" · playing · Decision {ply} · by Ann" in listed, listed
            assert "decision" not in listed
            # the launcher's words for the same decision
            words = save_line(SaveInfo("x.json", "gift-of-tulips", "Gift of Tulips", ["Ann", "Bot"], ply)).split(" · ")[1]
            assert words == f"Decision {ply}" and f" · {words} · " in listed
    finally:
        await hub.close()


def test_serve_and_web_say_why_they_cannot_start(tmp_path: Any, capsys: Any) -> None:
    from tui.app import main

    (tmp_path / "serve").write_text("not a folder")
    assert main(["serve", "--port", "0", "--data-dir", str(tmp_path)]) == 1
    assert "cannot serve" in capsys.readouterr().err
    assert main(["web", "--port", "0", "--data-dir", str(tmp_path)]) == 1
    assert "could not keep tables" in capsys.readouterr().err


async def test_a_closed_table_leaves_its_screens_for_the_lobby(tmp_path: Any) -> None:
    from tui.screens.game import GameScreen
    from tui.screens.lobby import LobbyScreen, TableClientApp

    hub = Hub(tmp_path / "server", bot_delay=0)
    path = await hub.start()
    bob = await Screen(path, "Bob").open()
    app = TableClientApp(tmp_path / "client", path, "Ann", config_dir=tmp_path / "config")
    try:
        async with app.run_test(size=(120, 36)) as pilot:
            bob.send(P.CreateTable("gift-of-tulips", [P.SeatInfo("Bob"), P.SeatInfo("")]))
            for _ in range(200):
                await pilot.pause(0.02)
                if app.lobby.tables:
                    break
            table = app.lobby.tables[0].id
            app.link.send(P.Sit(table))
            await bob.wait(P.Seats, lambda m: m.table.seats[1].name == "Ann")
            bob.send(P.Start(table))
            for _ in range(200):
                await pilot.pause(0.02)
                if isinstance(app.screen, GameScreen):
                    break
            assert isinstance(app.screen, GameScreen)
            bob.send(P.Close(table))
            for _ in range(200):
                await pilot.pause(0.02)
                if isinstance(app.screen, LobbyScreen):
                    break
            assert isinstance(app.screen, LobbyScreen) and not app.matches
    finally:
        await hub.close()


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_every_game_plays_at_a_networked_table(tmp_path: Any, game_id: str) -> None:
    """Each game's own screen drives a RemoteMatch: Ann's picks reach the hub,
    the bots' answers come back, the screens agree."""
    from tui.screens.game import GameScreen
    from tui.screens.lobby import TableClientApp

    game = GAMES[game_id]
    n = max(2, game.min_players)
    hub = Hub(tmp_path / "server", bot_delay=0)
    path = await hub.start()
    app = TableClientApp(tmp_path / "client", path, "Ann", config_dir=tmp_path / "config")
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            seats = [P.SeatInfo("Ann")] + [P.SeatInfo(f"Bot {i}", "bot") for i in range(1, n)]
            for _ in range(100):
                await pilot.pause(0.02)
                if app.games:
                    break
            app.link.send(P.CreateTable(game_id, seats))
            for _ in range(200):
                await pilot.pause(0.02)
                if app.lobby.tables:
                    break
            app.link.send(P.Start(app.lobby.tables[0].id))
            for _ in range(200):
                await pilot.pause(0.02)
                if isinstance(app.screen, GameScreen):
                    break
            screen = app.screen
            assert isinstance(screen, GameScreen)
            m = screen.match
            table = hub.tables[m.table]
            mine = 0
            deadline = asyncio.get_running_loop().time() + 60  # bounded; generous on a loaded machine
            while asyncio.get_running_loop().time() < deadline:
                await pilot.pause(0.02)
                if m.is_over() or mine >= 3:
                    break
                if m.to_move() == m.home_seat and m.ply == table.match.ply:
                    before = m.ply
                    # the first choice's own key (or its group's, then its first): with
                    # stable keys the first choice is not always "1" (a start space 2 is "2")
                    keys = [c.hotkey for c in screen.picker.choices if c.hotkey]
                    await pilot.press(keys[0] if keys else "enter")
                    await pilot.pause(0.05)
                    if m.ply > before:
                        mine += 1
            assert mine >= 3 or m.is_over()
            for _ in range(200):
                await pilot.pause(0.02)
                if m.moves == table.match.moves:
                    break
            assert m.moves == table.match.moves and 0 in table.match.movers
    finally:
        await hub.close()


async def test_a_strong_bot_thinks_in_the_worker_not_on_the_hub(tmp_path: Any, monkeypatch: Any) -> None:
    """A strong bot at a networked table searches in the bots' worker process;
    the hub's event loop (every table's) keeps answering meanwhile."""
    from core.bots import worker

    submitted: list[int] = []
    real_submit = worker.Thinker.submit

    def submit(self: Any, game: Any, state: Any, seed: int, seconds: float, hint: bool = False) -> Any:
        submitted.append(seed)
        return real_submit(self, game, state, seed, 0.05, hint)  # a short search: this is a test

    monkeypatch.setattr(worker.Thinker, "submit", submit)
    hub = Hub(tmp_path, bot_delay=0)
    try:
        path = await hub.start()
        ann = await Screen(path, "Ann").open()
        ann.send(P.CreateTable("gift-of-tulips", [P.SeatInfo("Bot", "bot", level="strong"), P.SeatInfo("Ann")]))
        lobby = await ann.wait(P.Lobby, lambda m: m.tables)
        table = lobby.tables[0].id
        ann.send(P.Start(table))
        await ann.wait(P.Joined)
        m = hub.tables[table].match
        for _ in range(1500):  # until the bot (seat 0) has decided; Ann answers her turns
            if 0 in m.movers:
                break
            if m.to_move() == 1:
                ann.send(P.Play(table, m.ply, TULIPS.notation(m.legal_moves()[0])))
            await asyncio.sleep(0.01)
        assert submitted, "the strong bot did not use the worker"
        assert any(mover == 0 for mover in m.movers)
    finally:
        await hub.close()
        worker.close()


async def test_new_table_form_fits_80x24_for_every_game() -> None:
    """tmux playtest: the lobby's new-table form ran off an 80x24 screen (its
    last fields and its border cut) once a game with options was chosen. With
    every game chosen it fits, nothing to scroll, its first option focused."""
    from textual.app import App

    from tui.screens.lobby import NewTableScreen

    games = {g.id: (g.title, g.min_players, g.max_players) for g in GAMES.values()}
    ids = list(GAMES)  # the launcher's order
    for n, game in enumerate(ids, 1):
        app = App()
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(NewTableScreen(games, "Ann"))
            await pilot.pause()
            form = app.screen
            await pilot.press(str(n))
            await pilot.pause()
            await pilot.pause()
            assert form.game == game
            box = form.query_one("#new-title").parent
            region = box.region
            assert region.y >= 0 and region.bottom <= 24, (game, region)
            assert box.max_scroll_y == 0, game
            fields = list(form.query("#options Checkbox, #options Input"))
            assert form.focused is (fields[0] if fields else form.query_one("#seats")), game


async def test_new_table_form_shows_what_is_typed_and_the_options_defaults() -> None:
    """Playtest finding 4: a number field with the cursor in it was drawn as a box
    with no text row (the value showed only once the cursor left), and Fields of
    Arle's "first game" looked on (Textual's checkbox draws "X" on and off alike)
    though its Options default, the later games' set, is off."""
    from textual.app import App

    from core.fields_of_arle.rules import Options
    from tui.screens.lobby import NewTableScreen

    games = {g.id: (g.title, g.min_players, g.max_players) for g in GAMES.values()}
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(NewTableScreen(games, "Ann"))
        await pilot.pause()
        form = app.screen
        await pilot.press(str(list(GAMES).index("fields-of-arle") + 1))
        await pilot.pause()
        tick = form.query_one("#opt-first_game")
        assert tick.value is Options().first_game is False
        assert "X" not in tick.render_line(0).text  # drawn off
        for field, typed in (("#seats", "1"), ("#level", "greedy"), ("#bots", "1")):
            await pilot.press("tab")
            await pilot.pause()
            box = form.query_one(field)
            assert form.focused is box
            box.value = ""
            await pilot.press(*typed)
            await pilot.pause()
            assert box.content_size.height >= 1 and typed in box.render_line(0).text, field


async def test_networked_header_keeps_who_decides_and_the_seat_at_80_columns(tmp_path: Any) -> None:
    """Playtest finding 12: at 80 columns a networked table's header was cut
    ("Fields of Arle — Half-year 1/9 summer · bob: place a worker ·…"): too long,
    it takes the icon's padding too, and keeps the game's name (polishB), the
    decision and "you are Ann"."""
    from tui.chrome import TitleHeader
    from tui.screens.lobby import TableClientApp

    hub = Hub(tmp_path / "server", bot_delay=0)
    path = await hub.start()
    app = TableClientApp(tmp_path / "client", path, "Ann", config_dir=tmp_path / "config")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await start_table_with_a_bot(app, pilot, "fields-of-arle")
            await pilot.pause()
            header = screen.query_one(TitleHeader).render_line(0).text
            assert "you are Ann" in screen.sub_title
            assert len(f"{screen.title} — {screen.sub_title}") > 80 - 18  # the whole would not fit
            assert f"{screen.title} — {screen.sub_title}" in header and "…" not in header
            await pilot.press("q")
            await pilot.pause(0.2)
    finally:
        await hub.close()
