"""A screen's side of a networked table: the link to the hub and RemoteMatch.

``TableLink`` is this app's connection to the table hub (``net.hub``) over its
Unix socket: it sends ``net.protocol`` messages and hands every message that
arrives to ``on_message`` in the app's event loop.

``RemoteMatch`` is a Match that follows a table owned by the hub. It holds the
whole game (this process runs on the server, never on the player's machine;
the screen draws only ``game.view(state, seat)``), decides only for its
``seat`` (None for a watcher), and:

- ``push`` makes the decision at once on this screen and sends it to the hub
  (which checks it and sends it to every other screen);
- ``undo`` follows the strict rule of online tables (``Match.can_take_back``);
  there is no redo;
- ``apply_update`` takes the hub's Update (keep ``base`` decisions, then these)
  and then calls every function in ``listeners``; a screen showing the match
  redraws there.

``authority_here`` is False: the hub, not this screen, runs the bots and
writes the autosave.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, Callable, Sequence

import msgspec

from core.engine import IllegalMove
from core.match import Match, Seat
from net import protocol as P


class TableLink:
    """This app's connection to the hub.

    Args:
        path: the hub's Unix socket (``net.hub.socket_path``).
        player: the name to say hello with.
        on_message: called with each message from the hub (in the event loop).
    """

    def __init__(self, path: Path, player: str, on_message: Callable[[Any], None] | None = None) -> None:
        self.path = Path(path)
        self.player = player
        self.on_message = on_message
        self._writer: asyncio.StreamWriter | None = None
        self._task: asyncio.Task[None] | None = None
        self.closed = asyncio.Event()
        self.error = ""

    async def connect(self) -> None:
        """Open the socket and say hello. Raises OSError if no hub listens there."""
        reader, writer = await asyncio.open_unix_connection(str(self.path), limit=P.MAX_FRAME + 8)
        self._writer = writer
        self.send(P.Hello(self.player))
        self._task = asyncio.get_running_loop().create_task(self._read(reader))

    async def _read(self, reader: asyncio.StreamReader) -> None:
        try:
            while True:
                body = await P.read_frame(reader)
                if body is None:
                    self.error = "The table server has closed the connection."
                    break
                msg = P.decode_to_client(body)
                if self.on_message is not None:
                    self.on_message(msg)
        except (P.FrameError, ConnectionError) as e:
            self.error = f"Lost the table server: {e}"
        finally:
            self.closed.set()
            if self.on_message is not None:
                self.on_message(None)  # None: the link is gone

    def send(self, message: msgspec.Struct) -> None:
        """Send one message (dropped once the link is closed)."""
        if self._writer is not None and not self._writer.is_closing():
            self._writer.write(P.frame(message))

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
        if self._task is not None:
            self._task.cancel()


class RemoteMatch(Match):
    """A Match following table ``table`` at the hub, deciding for ``seat``.

    Built from the hub's Joined message by ``from_joined``. Raises what Match
    raises for a bad set-up, and SaveError-like ValueError when the hub's
    moves do not replay (never expected: the hub checked them).
    """

    #: the hub runs the bots and autosaves; this screen only shows and asks
    authority_here = False

    def __init__(self, game: Any, seats: Sequence[Seat], seed: int, options: Any, *,
                 link: TableLink, table: str, seat: int | None) -> None:
        super().__init__(game, seats, seed, options, "strict")
        self.link = link
        self.table = table
        self.home_seat = seat
        self.id = table
        #: called after the hub changed the match (a decision, a take-back)
        self.listeners: list[Callable[[], None]] = []

    @classmethod
    def from_joined(cls, game: Any, msg: P.Joined, link: TableLink) -> "RemoteMatch":
        options = msgspec.convert(msg.options, game.Options)
        seats = [Seat(s.name, s.kind, s.level) for s in msg.table.seats]
        m = cls(game, seats, msg.seed, options, link=link, table=msg.table.id, seat=msg.seat)
        m.created = msg.created
        for text in msg.moves:
            m._push(game.parse(m.state, text))
        return m

    # -- who decides here ----------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        """The seat this screen decides for and sees from (``home_seat``; None: watching)."""
        return self.home_seat

    def decides_here(self, seat: int | None) -> bool:
        """Only this screen's own seat is chosen here."""
        return seat is not None and seat == self.home_seat and not self.is_bot(seat)

    def legal_moves(self) -> list[Any]:
        """The choices this screen may make: the legal moves on its own turn, else none."""
        if not self.decides_here(self.to_move()):
            return []
        return super().legal_moves()

    # -- decisions ---------------------------------------------------------------------------
    def push(self, move: Any) -> Any:
        """Make ``move`` for this screen's seat and send it to the hub.

        Raises IllegalMove (changing nothing) if it is not this seat's turn or
        the move is not legal."""
        if self.seat is None or self.to_move() != self.seat:
            raise IllegalMove("It is not your turn.")
        ply = self.ply
        self._push(move)
        self._redo.clear()
        self.link.send(P.Play(self.table, ply, self.game.notation(move)))
        return self.state

    def can_undo(self) -> bool:
        return self.seat is not None and self.can_take_back(self.seat)

    def undo(self) -> bool:
        """Take back this seat's last decision (the online tables' rule) and tell the hub."""
        if not self.can_undo():
            return False
        ply = self.ply
        self._truncate(ply - 1)
        self.link.send(P.TakeBack(self.table, ply))
        return True

    def can_redo(self) -> bool:
        return False

    def redo(self) -> bool:
        return False

    def continue_from(self, ply: int) -> None:
        raise IllegalMove("A networked table cannot go back; only your own last decision can be taken back.")

    def play_bots(self, limit: int = 10_000) -> int:
        return 0  # the hub plays the bots

    # -- the hub's updates -------------------------------------------------------------------
    def apply_update(self, base: int, moves: list[str], by: int = -1) -> bool:
        """Follow the hub: keep the first ``base`` decisions, then make ``moves``.

        ``by`` is the seat whose action it was: this screen's own decision
        coming back is already made here (and later decisions of the same
        seat, still on their way to the hub, are kept); any other update
        (``by`` -1: the table's own word) sets the decisions exactly.
        Returns True if the match changed (then every listener was called).
        Raises IndexError if ``base`` is past this match's decisions (the
        screen must join the table again).
        """
        game = self.game
        if base > self.ply:
            raise IndexError(f"update from decision {base}, this screen has {self.ply}")
        ours = [game.notation(m) for m in self.moves[base:]]
        if ours == moves or (by >= 0 and by == self.seat and ours[: len(moves)] == moves):
            return False
        keep = base
        for a, b in zip(ours, moves):
            if a != b:
                break
            keep += 1
        self._truncate(keep)
        self._redo.clear()
        for text in moves[keep - base:]:
            self._push(game.parse(self.state, text))
        for listener in list(self.listeners):
            listener()
        return True


__all__ = ["RemoteMatch", "TableLink"]
