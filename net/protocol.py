"""The messages between a table's owner (the hub) and the screens, and their framing.

Every message is a msgspec Struct tagged by its class ("type" field) and sent
as msgpack in a frame: a 4-byte big-endian length, then the bytes. Moves travel
in the save format's notation (``game.notation`` / ``game.parse``), so the wire
and the autosave speak one language.

Client -> hub: Hello first, then any of ListTables, CreateTable, Sit, Watch,
Leave, Start, Close, Play, TakeBack.
Hub -> client: Welcome, Lobby (on every lobby change), Joined (a full table:
set-up and every move so far), Update (the table's moves from ``base`` on),
Seats (who sits where, who is connected), Problem (a sentence for the player).
"""

from __future__ import annotations

import asyncio
import struct
from typing import Any, Literal, Union

import msgspec

#: Largest frame either side accepts (bytes); a longer frame closes the connection.
MAX_FRAME = 1 << 20

TableStatus = Literal["waiting", "playing", "finished", "failed"]


class SeatInfo(msgspec.Struct, frozen=True):
    """One seat at a table: the player's name ("" while free), "human" or "bot",
    whether that player has a screen connected now, and a bot's level
    (``core.bots.LEVELS``: random, greedy, strong)."""

    name: str = ""
    kind: Literal["human", "bot"] = "human"
    connected: bool = False
    level: str = "random"


class TableInfo(msgspec.Struct, frozen=True):
    """A table as the lobby lists it.

    Attributes:
        id: the table's id (also its autosave's match id).
        game: game id ("gift-of-tulips").
        title: the game's title.
        seats: one SeatInfo per seat, in turn order.
        creator: who created it (only they start or close it).
        status: waiting (seats being taken), playing, finished, failed.
        ply: decisions made so far.
        watchers: screens watching.
    """

    id: str
    game: str
    title: str
    seats: list[SeatInfo]
    creator: str
    status: TableStatus
    ply: int = 0
    watchers: int = 0


# -- client -> hub ----------------------------------------------------------------------
class Hello(msgspec.Struct, tag=True):
    """The first message: the player's name (from their SSH key, login name or web form)."""

    player: str


class ListTables(msgspec.Struct, tag=True):
    """Ask for a Lobby message now."""


class CreateTable(msgspec.Struct, tag=True):
    """A new table. ``seats``: one per seat, in order; a human seat's name ""
    is free, the creator's own name takes that seat; bots carry a name.
    ``options``: the game's Options as a dict (msgspec.to_builtins)."""

    game: str
    seats: list[SeatInfo]
    options: dict[str, Any] = {}
    undo_policy: Literal["strict"] = "strict"


class Sit(msgspec.Struct, tag=True):
    """Take seat ``seat`` (0-based) at ``table``, or the seat already yours there
    (``seat`` = -1: yours or the first free one)."""

    table: str
    seat: int = -1


class Watch(msgspec.Struct, tag=True):
    """Watch ``table`` (the public view)."""

    table: str


class Leave(msgspec.Struct, tag=True):
    """Stop showing ``table`` on this screen (the seat stays yours; before the
    game starts, ``free_seat`` gives it up)."""

    table: str
    free_seat: bool = False


class Start(msgspec.Struct, tag=True):
    """The creator starts ``table`` (every seat must be taken)."""

    table: str


class Close(msgspec.Struct, tag=True):
    """The creator closes ``table`` (its autosave stays)."""

    table: str


class Play(msgspec.Struct, tag=True):
    """Make the move written ``move`` (notation) as decision ``ply`` + 1 at ``table``."""

    table: str
    ply: int
    move: str


class TakeBack(msgspec.Struct, tag=True):
    """Take back your last decision at ``table`` (the table has ``ply`` decisions)."""

    table: str
    ply: int


# -- hub -> client ----------------------------------------------------------------------
class Welcome(msgspec.Struct, tag=True):
    """The answer to Hello: the name the hub knows you by, and the games it offers
    (id -> (title, min players, max players))."""

    player: str
    games: dict[str, tuple[str, int, int]]


class Lobby(msgspec.Struct, tag=True):
    """Every table, newest first."""

    tables: list[TableInfo]


class Joined(msgspec.Struct, tag=True):
    """A table shown on this screen: enough to rebuild the Match and follow it.

    ``seat``: the seat this screen decides for, None for a watcher.
    ``moves``: every decision so far in notation.
    """

    table: TableInfo
    seat: int | None
    seed: int
    options: dict[str, Any]
    undo_policy: str
    created: str
    moves: list[str]


class Update(msgspec.Struct, tag=True):
    """The table's decisions changed: keep the first ``base`` decisions, then
    append ``moves``. ``by``: the seat whose action this was (-1: the table)."""

    table: str
    base: int
    moves: list[str]
    by: int = -1


class Seats(msgspec.Struct, tag=True):
    """Who sits where at a shown table (someone joined, left, reconnected)."""

    table: TableInfo


class Problem(msgspec.Struct, tag=True):
    """Something the player asked for was refused or failed (a sentence)."""

    text: str
    table: str = ""


ToHub = Union[Hello, ListTables, CreateTable, Sit, Watch, Leave, Start, Close, Play, TakeBack]
ToClient = Union[Welcome, Lobby, Joined, Update, Seats, Problem]

_encoder = msgspec.msgpack.Encoder()
_to_hub = msgspec.msgpack.Decoder(ToHub)
_to_client = msgspec.msgpack.Decoder(ToClient)
_LEN = struct.Struct(">I")


def frame(message: msgspec.Struct) -> bytes:
    """``message`` as one frame (length + msgpack)."""
    body = _encoder.encode(message)
    return _LEN.pack(len(body)) + body


class FrameError(Exception):
    """A frame too long, cut short or not a message of the expected kind."""


async def read_frame(reader: asyncio.StreamReader) -> bytes | None:
    """The next frame's body; None at a clean end of stream.

    Raises FrameError for an oversized or truncated frame.
    """
    try:
        head = await reader.readexactly(4)
    except asyncio.IncompleteReadError as e:
        if not e.partial:
            return None
        raise FrameError("cut-off frame header") from None
    (n,) = _LEN.unpack(head)
    if n > MAX_FRAME:
        raise FrameError(f"frame of {n} bytes is over the limit")
    try:
        return await reader.readexactly(n)
    except asyncio.IncompleteReadError:
        raise FrameError("cut-off frame") from None


def decode_to_hub(body: bytes) -> Any:
    """A client's message; FrameError if it is none."""
    try:
        return _to_hub.decode(body)
    except msgspec.DecodeError as e:
        raise FrameError(str(e)) from None


def decode_to_client(body: bytes) -> Any:
    """The hub's message; FrameError if it is none."""
    try:
        return _to_client.decode(body)
    except msgspec.DecodeError as e:
        raise FrameError(str(e)) from None
