"""The table hub: the one authority over every networked table.

One hub runs inside ``lowlands serve`` (or ``lowlands web`` when no server is
running on that data folder). It listens on a Unix socket in the data folder
(``DATA/serve/hub.sock``, mode 0600) for the screens: each SSH or browser
connection runs its own Lowlands app in its own process, and that app talks to
the hub with the msgspec messages of ``net.protocol``. ARCHITECTURE.md,
"Tables over the network", says why.

Each table is owned by the hub: its Match (the only one that counts), its seats
and who is watching. A decision is checked (the seat to move, the ply, a legal
move), applied, broadcast to every screen at the table as an Update, and
autosaved in the existing save format under ``DATA/serve/autosave/`` (in a
thread, one save at a time per table, the latest state last). A table's record
(``DATA/serve/tables/<id>.json``: seats, creator, status, seed) is written on
every seat or status change, so a restarted hub brings back every table not
finished. An exception inside one table marks that table "failed" and leaves
the others (and the hub) running.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
from pathlib import Path
from typing import Any

import msgspec

from core import GAMES
from core.engine import IllegalMove
from core.match import Match, Seat
from net import protocol as P

log = logging.getLogger("lowlands.hub")

#: Seconds a bot waits before deciding, so people can follow.
BOT_DELAY = 0.3
#: A screen that does not read its messages is dropped when this many bytes wait for it.
MAX_BACKLOG = 2 << 20


def serve_dir(data_dir: Path) -> Path:
    """``DATA/serve``: the hub's socket, host key, table records and autosaves."""
    return Path(data_dir) / "serve"


def socket_path(data_dir: Path) -> Path:
    """The hub's Unix socket in ``data_dir``."""
    return serve_dir(data_dir) / "hub.sock"


class TableRecord(msgspec.Struct):
    """A table as written to ``DATA/serve/tables/<id>.json`` (the Match itself is
    its autosave, ``DATA/serve/autosave/<id>.json``)."""

    id: str
    game: str
    seats: list[P.SeatInfo]
    creator: str
    status: P.TableStatus
    seed: int
    options: dict[str, Any] = {}
    undo_policy: str = "strict"
    created: str = ""


class Client:
    """One screen connected to the hub: its player's name and its stream."""

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        self.player = ""
        #: tables shown on this screen: table id -> seat (None: watching)
        self.tables: dict[str, int | None] = {}
        self.closed = False

    def send(self, message: msgspec.Struct) -> None:
        """Queue ``message``; a screen that lets MAX_BACKLOG pile up is dropped."""
        if self.closed:
            return
        transport = self.writer.transport
        if transport.is_closing():
            self.closed = True
            return
        if transport.get_write_buffer_size() > MAX_BACKLOG:
            log.warning("dropping %s: %d bytes unread", self.player, transport.get_write_buffer_size())
            self.closed = True
            transport.abort()
            return
        self.writer.write(P.frame(message))


class Table:
    """One table and its authority: record, Match (once started) and screens."""

    def __init__(self, hub: "Hub", record: TableRecord, match: Match | None = None) -> None:
        self.hub = hub
        self.record = record
        self.match = match
        self.game = GAMES[record.game]
        self.clients: dict[Client, int | None] = {}
        self._save_wanted = asyncio.Event()
        self._saver: asyncio.Task[None] | None = None
        self._bot: asyncio.Task[None] | None = None
        self.failure = ""

    # -- what the lobby shows ----------------------------------------------------------
    def info(self) -> P.TableInfo:
        online = {c.player for c in self.hub.clients if not c.closed}
        seats = [P.SeatInfo(s.name, s.kind, s.kind == "human" and s.name in online, s.level)
                 for s in self.record.seats]
        watchers = sum(1 for seat in self.clients.values() if seat is None)
        return P.TableInfo(self.record.id, self.record.game, self.game.title, seats, self.record.creator,
                           self.record.status, self.match.ply if self.match else 0, watchers)

    def seat_of(self, player: str) -> int | None:
        for i, s in enumerate(self.record.seats):
            if s.kind == "human" and s.name == player:
                return i
        return None

    def joined(self, seat: int | None) -> P.Joined:
        m = self.match
        assert m is not None
        return P.Joined(self.info(), seat, m.seed, msgspec.to_builtins(m.options), m.undo_policy, m.created,
                        [self.game.notation(mv) for mv in m.moves])

    def broadcast(self, message: msgspec.Struct) -> None:
        for c in list(self.clients):
            c.send(message)

    # -- the game ---------------------------------------------------------------------
    def start(self) -> None:
        r = self.record
        options = msgspec.convert(r.options, self.game.Options)
        m = Match(self.game, [Seat(s.name, s.kind, s.level) for s in r.seats], r.seed, options, "strict")
        m.id = r.id
        self.match = m
        r.status = "playing"
        r.created = m.created
        self.hub.write_record(self)
        self.changed()

    def play(self, client: Client, msg: P.Play) -> None:
        m = self.match
        seat = self.clients.get(client)
        if m is None or self.record.status != "playing":
            raise IllegalMove("The game has not started.")
        if seat is None or m.to_move() != seat:
            raise IllegalMove("It is not your turn.")
        if msg.ply != m.ply:
            raise IllegalMove("That decision was already made.")
        move = self.game.parse(m.state, msg.move)
        m.push(move)
        self.broadcast(P.Update(self.record.id, msg.ply, [self.game.notation(move)], seat))
        self.changed()

    def take_back(self, client: Client, msg: P.TakeBack) -> None:
        m = self.match
        seat = self.clients.get(client)
        if m is None or seat is None or msg.ply != m.ply or not m.take_back(seat):
            raise IllegalMove("You can take back only your own last decision, before anyone else decides "
                              "and if it revealed nothing.")
        self.broadcast(P.Update(self.record.id, m.ply, [], seat))
        self.changed()

    def changed(self) -> None:
        """After every decision: autosave, finish or let a bot decide."""
        m = self.match
        if m is None:
            return
        if m.is_over() and self.record.status == "playing":
            self.record.status = "finished"
            self.hub.write_record(self)
            self.hub.lobby_changed()
        self._save_wanted.set()
        if self._saver is None or self._saver.done():
            self._saver = asyncio.get_running_loop().create_task(self._save_loop())
        seat = m.to_move()
        if seat is not None and m.is_bot(seat) and (self._bot is None or self._bot.done()):
            self._bot = asyncio.get_running_loop().create_task(self._bot_turn())

    async def _save_loop(self) -> None:
        from saves import autosave
        from tui.autosaver import snapshot

        while self._save_wanted.is_set():
            self._save_wanted.clear()
            assert self.match is not None
            snap = snapshot(self.match)
            try:
                await asyncio.to_thread(autosave, snap, serve_dir(self.hub.data_dir))
            except Exception as e:  # noqa: BLE001 - a full disk must not stop play
                log.error("table %s: autosave failed: %s", self.record.id, e)

    async def flush(self) -> None:
        """Wait until the latest state is autosaved."""
        while self._saver is not None and not self._saver.done():
            await self._saver

    async def _bot_move(self, m: Any, seat: int) -> Any:
        """The bot seat's move, by its level, within the table's bot time. The
        strong level searches in the bots' worker process (``core.bots.worker``,
        as the local game screen does): a search in a thread would hold the GIL
        and stall every table of this hub for its whole budget. Random and
        greedy take milliseconds: a thread will do."""
        if m.seats[seat].level == "strong":
            from core.bots.worker import thinker

            future = thinker().submit(self.game, m.state, m.seed * 1_000_003 + m.ply, m.bot_time)
            text, _ = await asyncio.wrap_future(future)
            return self.game.parse(m.state, text)
        return await asyncio.to_thread(m.bot_choice)

    async def _bot_turn(self) -> None:
        try:
            while True:
                m = self.match
                if m is None or self.record.status != "playing":
                    return
                seat = m.to_move()
                if seat is None or not m.is_bot(seat):
                    return
                await asyncio.sleep(self.hub.bot_delay)
                ply = m.ply
                move = await self._bot_move(m, seat)
                if m is not self.match or m.ply != ply:
                    continue
                m.push(move)
                self.broadcast(P.Update(self.record.id, ply, [self.game.notation(move)], seat))
                if m.is_over():
                    self.changed()
                    return
                self._save_wanted.set()
                if self._saver is None or self._saver.done():
                    self._saver = asyncio.get_running_loop().create_task(self._save_loop())
        except Exception as e:  # noqa: BLE001
            self.hub.fail(self, e)


class Hub:
    """Every networked table, and the Unix socket the screens reach them by.

    Args:
        data_dir: the data folder (tables live in ``DATA/serve``).
        bot_delay: seconds a bot waits before deciding.
    """

    def __init__(self, data_dir: Path, *, bot_delay: float = BOT_DELAY) -> None:
        self.data_dir = Path(data_dir)
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        self.clients: set[Client] = set()
        self._server: asyncio.AbstractServer | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    # -- records ----------------------------------------------------------------------------
    @property
    def records_dir(self) -> Path:
        return serve_dir(self.data_dir) / "tables"

    def write_record(self, table: Table) -> None:
        from saves.store import write_atomic

        try:
            write_atomic(self.records_dir / f"{table.record.id}.json",
                         msgspec.json.format(msgspec.json.encode(table.record), indent=2) + b"\n")
        except OSError as e:
            log.error("table %s: record not written: %s", table.record.id, e)

    def restore(self) -> list[str]:
        """Bring back every table whose record says waiting or playing (its Match
        from its autosave, else replayed from its seed). Returns the ids; a table
        that cannot be restored is logged and skipped."""
        from saves import SaveError, load

        back: list[str] = []
        folder = self.records_dir
        if not folder.is_dir():
            return back
        for path in sorted(folder.glob("*.json")):
            try:
                record = msgspec.json.decode(path.read_bytes(), type=TableRecord)
                if record.status not in ("waiting", "playing") or record.game not in GAMES:
                    continue
                table = Table(self, record)
                if record.status == "playing":
                    save = serve_dir(self.data_dir) / "autosave" / f"{record.id}.json"
                    if save.exists():
                        table.match = load(save)
                    else:
                        table.start()
                self.tables[record.id] = table
                back.append(record.id)
            except (OSError, msgspec.DecodeError, msgspec.ValidationError, SaveError) as e:
                log.error("table record %s not restored: %s", path.name, e)
        return back

    # -- the socket -----------------------------------------------------------------------
    async def start(self) -> Path:
        """Restore the tables and listen on the socket; returns its path."""
        path = socket_path(self.data_dir)
        path.parent.mkdir(parents=True, exist_ok=True)
        os.chmod(path.parent, 0o700)
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
        self.restore()
        self._server = await asyncio.start_unix_server(self._serve_client, path=str(path), limit=P.MAX_FRAME + 8)
        os.chmod(path, 0o600)
        for table in self.tables.values():
            if table.match is not None:
                table.changed()  # bots to move go on
        return path

    async def close(self) -> None:
        """Stop listening, drop the screens and wait for the last autosaves."""
        if self._server is not None:
            self._server.close()
        for c in list(self.clients):
            c.closed = True
            c.writer.transport.abort()
        for t in self.tables.values():
            if t._bot is not None:
                t._bot.cancel()
            await t.flush()
        if self._server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 2)
            with contextlib.suppress(OSError):
                socket_path(self.data_dir).unlink()

    async def _serve_client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        client = Client(writer)
        self.clients.add(client)
        try:
            while True:
                body = await P.read_frame(reader)
                if body is None:
                    break
                self.handle(client, P.decode_to_hub(body))
        except (P.FrameError, ConnectionError) as e:
            log.info("screen %s dropped: %s", client.player or "?", e)
        finally:
            client.closed = True
            self.clients.discard(client)
            for table_id in list(client.tables):
                table = self.tables.get(table_id)
                if table is not None:
                    table.clients.pop(client, None)
                    table.broadcast(P.Seats(table.info()))
            writer.close()
            self.lobby_changed()

    # -- messages -------------------------------------------------------------------------
    def handle(self, client: Client, msg: Any) -> None:
        """Answer one message. A refusal goes back as a Problem; a table whose
        code raises anything else is marked failed (the others go on)."""
        if isinstance(msg, P.Hello):
            name = " ".join(msg.player.split())[:32]
            if not name:
                client.send(P.Problem("A player needs a name."))
                return
            client.player = name
            games = {g.id: (g.title, g.min_players, g.max_players) for g in GAMES.values()}
            client.send(P.Welcome(name, games))
            client.send(self.lobby())
            self.lobby_changed()
            return
        if not client.player:
            client.send(P.Problem("Say hello first."))
            return
        table_id = getattr(msg, "table", None)
        table = self.tables.get(table_id) if isinstance(table_id, str) else None
        try:
            if isinstance(msg, P.ListTables):
                client.send(self.lobby())
            elif isinstance(msg, P.CreateTable):
                self.create(client, msg)
            elif table is None:
                client.send(P.Problem("There is no such table.", table_id or ""))
            elif table.record.status == "failed":
                client.send(P.Problem(f"This table failed: {table.failure}", table.record.id))
            elif isinstance(msg, P.Sit):
                self.sit(client, table, msg.seat)
            elif isinstance(msg, P.Watch):
                self.show(client, table, None)
            elif isinstance(msg, P.Leave):
                self.leave(client, table, msg.free_seat)
            elif isinstance(msg, P.Start):
                self.start_table(client, table)
            elif isinstance(msg, P.Close):
                self.close_table(client, table)
            elif isinstance(msg, P.Play):
                table.play(client, msg)
            elif isinstance(msg, P.TakeBack):
                table.take_back(client, msg)
        except IllegalMove as e:
            client.send(P.Problem(str(e), table.record.id if table else ""))
            if table is not None and table.match is not None and client in table.clients:
                # put the screen back on the table's decisions (it may have guessed ahead)
                m = table.match
                client.send(P.Update(table.record.id, 0, [table.game.notation(mv) for mv in m.moves]))
        except Exception as e:  # noqa: BLE001 - one table's bug must not stop the hub
            if table is not None:
                self.fail(table, e)
            else:
                log.exception("message %r failed", msg)
                client.send(P.Problem(f"That failed: {e}"))

    def fail(self, table: Table, error: BaseException) -> None:
        log.error("table %s failed", table.record.id, exc_info=error)
        table.failure = f"{type(error).__name__}: {error}"
        table.record.status = "failed"
        table.broadcast(P.Problem(f"This table failed and is stopped: {table.failure}", table.record.id))
        self.lobby_changed()

    def lobby(self) -> P.Lobby:
        tables = sorted(self.tables.values(), key=lambda t: t.record.created or t.record.id, reverse=True)
        return P.Lobby([t.info() for t in tables])

    def lobby_changed(self) -> None:
        lobby = self.lobby()
        for c in list(self.clients):
            if c.player:
                c.send(lobby)

    def create(self, client: Client, msg: P.CreateTable) -> None:
        game = GAMES.get(msg.game)
        if game is None:
            raise IllegalMove(f"There is no game {msg.game!r}.")
        n = len(msg.seats)
        if not game.min_players <= n <= game.max_players:
            raise IllegalMove(f"{game.title} takes {game.min_players}-{game.max_players} players, not {n}.")
        try:
            msgspec.convert(msg.options, game.Options)
        except msgspec.ValidationError as e:
            raise IllegalMove(f"{game.title} does not take these options ({e}).") from None
        seats: list[P.SeatInfo] = []
        names: set[str] = set()
        for i, s in enumerate(msg.seats):
            name = " ".join(s.name.split())[:32]
            if s.kind == "bot":
                name = name or f"Bot {i + 1}"
                from core.bots import LEVELS

                if s.level not in LEVELS:
                    raise IllegalMove(f"A bot plays at one of the levels {', '.join(LEVELS)}, not {s.level!r}.")
            elif name not in ("", client.player):
                raise IllegalMove("A person's seat is free or yours; the others take their own seats.")
            if name and name.casefold() in names:
                raise IllegalMove(f"Two seats are called {name!r}.")
            if name:
                names.add(name.casefold())
            seats.append(P.SeatInfo(name, s.kind, level=s.level if s.kind == "bot" else "random"))
        from saves.format import now_iso

        table_id = secrets.token_hex(6)
        record = TableRecord(table_id, game.id, seats, client.player, "waiting", secrets.randbelow(2**31),
                             msg.options, "strict", now_iso())
        table = Table(self, record)
        self.tables[table_id] = table
        self.write_record(table)
        self.lobby_changed()
        if table.seat_of(client.player) is not None:
            self.show(client, table, table.seat_of(client.player))

    def sit(self, client: Client, table: Table, seat: int) -> None:
        r = table.record
        mine = table.seat_of(client.player)
        if mine is None:
            if r.status != "waiting":
                raise IllegalMove("The game has started; you can watch it.")
            free = [i for i, s in enumerate(r.seats) if s.kind == "human" and not s.name]
            if seat == -1 and free:
                seat = free[0]
            if seat not in free:
                raise IllegalMove("That seat is taken.")
            if any(s.name.casefold() == client.player.casefold() for s in r.seats):
                raise IllegalMove(f"A seat at this table is already called {client.player!r}.")
            r.seats[seat] = P.SeatInfo(client.player, "human")
            self.write_record(table)
            mine = seat
        elif seat not in (-1, mine):
            raise IllegalMove("You already sit at this table.")
        self.show(client, table, mine)

    def show(self, client: Client, table: Table, seat: int | None) -> None:
        """Put ``table`` on ``client``'s screen as ``seat`` (None: watching)."""
        table.clients[client] = seat
        client.tables[table.record.id] = seat
        if table.match is not None:
            client.send(table.joined(seat))
        table.broadcast(P.Seats(table.info()))
        self.lobby_changed()

    def leave(self, client: Client, table: Table, free_seat: bool) -> None:
        table.clients.pop(client, None)
        client.tables.pop(table.record.id, None)
        r = table.record
        if free_seat and r.status == "waiting":
            seat = table.seat_of(client.player)
            if seat is not None and client.player != r.creator:
                r.seats[seat] = P.SeatInfo("", "human")
                self.write_record(table)
        table.broadcast(P.Seats(table.info()))
        self.lobby_changed()

    def start_table(self, client: Client, table: Table) -> None:
        r = table.record
        if client.player != r.creator:
            raise IllegalMove(f"Only {r.creator}, who made this table, can start it.")
        if r.status != "waiting":
            raise IllegalMove("This table has already started.")
        if any(s.kind == "human" and not s.name for s in r.seats):
            raise IllegalMove("Every seat must be taken first.")
        table.start()
        # every screen at the table (its seated players and watchers) gets the game
        for c, seat in list(table.clients.items()):
            c.send(table.joined(seat))
        self.lobby_changed()

    def close_table(self, client: Client, table: Table) -> None:
        r = table.record
        if client.player != r.creator:
            raise IllegalMove(f"Only {r.creator}, who made this table, can close it.")
        if table._bot is not None:
            table._bot.cancel()
        r.status = "finished" if table.match is not None and table.match.is_over() else r.status
        self.tables.pop(r.id, None)
        with contextlib.suppress(OSError):
            (self.records_dir / f"{r.id}.json").unlink()
        table.broadcast(P.Problem(f"{r.creator} closed the table.", r.id))
        for c in list(table.clients):
            c.tables.pop(r.id, None)
        table.clients.clear()
        self.lobby_changed()


async def run_hub(data_dir: Path) -> None:  # pragma: no cover - used by `lowlands web` alone
    """Run a hub until cancelled."""
    hub = Hub(data_dir)
    await hub.start()
    try:
        await asyncio.Event().wait()
    finally:
        await hub.close()
