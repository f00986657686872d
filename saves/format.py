"""The save-file format: a Match to JSON bytes and back (DESIGN.md, "Saves").

A save is one JSON object written by msgspec::

    {"format": "lowlands-save", "version": 1, "game": "gift-of-tulips",
     "options": {...}, "seats": [{"name": "Ann", "kind": "human"}, ...],
     "seed": 42, "undo_policy": "friendly", "moves": ["choose p3", "keep", ...],
     "created": "2026-11-29T22:50:00+00:00", "updated": "...",
     "state_sha256": "<hex>", "id": "<match id>"}

Only the moves are stored, as their notation; loading replays every one of them
through the game (``parse`` then ``Match.push``), so a file whose moves were
edited, or that an older or newer version of the rules would play differently,
is caught: either a move is not legal where it stands, or the SHA-256 of the
final state differs from ``state_sha256``.

Replay checks each move's legality exactly once: ``parse`` turns the notation
into a move by way of the position's legal moves (so it refuses a move that is
not legal there), and ``Match.push(..., trusted=True)`` then applies it with
the game's ``apply_trusted``, without generating the legal moves a second
time. The hash check alone could not replace that one check: a notation only
becomes a move through the legal moves of its position, an edited move must be
reported as the move that is wrong ("move 5 'bid 9' is not legal there") rather
than as a different final position, and ``apply_trusted`` given an illegal move
may fail in any way.
"""

from __future__ import annotations

from datetime import datetime, timezone
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import msgspec

if TYPE_CHECKING:
    from core.match import Match

# ``core`` is imported inside the functions that replay a game: importing it
# loads every game's rules, which a launcher listing indexed autosaves need not pay.

#: The marker every save carries in its "format" field.
FORMAT = "lowlands-save"
#: The save version this code writes and reads.
VERSION = 1


class SaveError(Exception):
    """A save that cannot be written or read back.

    The message is one or two sentences a player understands, naming the file
    (e.g. "games/ann.json is not a Lowlands save (it is not valid JSON; it may
    be truncated)."). The file itself is never modified, rewritten or deleted
    by the code that raises this.

    Attributes:
        source: the file (or other source) the error is about; "" if unknown.
    """

    def __init__(self, message: str, source: str = "") -> None:
        super().__init__(message)
        self.source = source


class MoveBroken(SaveError):
    """A save whose move ``move`` (1-based) cannot be replayed: not legal where
    it stands, or after the end of the game. The moves before it replay.

    Attributes:
        move: the number of the first move that fails (the decisions before it,
            ``move - 1``, are the game a read-only review can show).
    """

    def __init__(self, message: str, source: str = "", move: int = 0) -> None:
        super().__init__(message, source)
        self.move = move


class StateMismatch(SaveError):
    """A save whose moves all replay, but to a final position whose SHA-256
    differs from the one recorded (the file was edited, or written with other
    rules). A read-only review can show every move; none is "the broken one"."""


class SeatRecord(msgspec.Struct, forbid_unknown_fields=True):
    """One seat as saved: the player's name, "human" or "bot", and a bot's level
    (missing in older saves: "random", the only bot they knew)."""

    name: str
    kind: str = "human"
    level: str = "random"


class SaveFile(msgspec.Struct, forbid_unknown_fields=True):
    """The whole save file (field order is the order written).

    A field this version does not know is refused (SaveError), never dropped:
    loading and autosaving again would otherwise lose it silently.
    ``copied_from``: the id of the game this one was copied from
    (``saves.store.fork``), "" for an original (and in older saves).
    """

    format: str
    version: int
    game: str
    options: dict[str, Any]
    seats: list[SeatRecord]
    seed: int
    undo_policy: str
    moves: list[str]
    created: str
    updated: str
    state_sha256: str
    id: str
    bot_time: float = 1.0
    copied_from: str = ""


class _Header(msgspec.Struct):
    """The first two fields, read before anything else is trusted."""

    format: Any = None
    version: Any = None


_encoder = msgspec.json.Encoder()


def now_iso() -> str:
    """The current UTC time as ISO 8601 to the second ("2026-11-29T22:50:00+00:00")."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def to_file(match: Match, updated: str | None = None) -> SaveFile:
    """The SaveFile for ``match`` (``updated`` defaults to now)."""
    game = match.game
    return SaveFile(
        format=FORMAT,
        version=VERSION,
        game=game.id,
        options=msgspec.to_builtins(match.options),
        seats=[SeatRecord(s.name, s.kind, s.level) for s in match.seats],
        seed=match.seed,
        undo_policy=match.undo_policy,
        moves=[game.notation(m) for m in match.moves],
        created=match.created,
        updated=updated or now_iso(),
        state_sha256=match.state_sha256(),
        id=match.id,
        bot_time=match.bot_time,
        copied_from=getattr(match, "copied_from", ""),
    )


def encode_match(match: Match) -> bytes:
    """The save bytes for ``match``: indented UTF-8 JSON ending in a newline.

    Stamps "updated" with the current time. Pure: the match is not changed.
    """
    return encode_file(to_file(match))


def encode_file(f: SaveFile) -> bytes:
    """The bytes of a SaveFile: indented UTF-8 JSON ending in a newline."""
    return msgspec.json.format(_encoder.encode(f), indent=2) + b"\n"


def _name(source: str) -> str:
    return source if source else "This save"


def read_file(data: bytes, source: str = "") -> SaveFile:
    """Parse and check the JSON structure of a save, without replaying it.

    Raises SaveError: an exported game record (plain text), not JSON /
    truncated, no "lowlands-save" marker, a
    version other than VERSION, or a field missing or of the wrong type.
    """
    name = _name(source)
    if data.lstrip().startswith(b'[Event "Lowlands"]'):  # saves.store.RECORD_MAGIC (``lowlands export``)
        raise SaveError(f"{name} is an exported game record, not a save: it opens in review only "
                        "(lowlands review, or Review in the launcher; c there goes on as a new game).", source)
    try:
        header = msgspec.json.decode(data, type=_Header)
    except msgspec.ValidationError:
        # valid JSON, but not an object
        raise NotASave(name, "it holds JSON, but not a Lowlands save record", source) from None
    except msgspec.DecodeError:
        raise NotASave(name, "it is not valid JSON; it may be truncated", source) from None
    if header.format != FORMAT:
        raise NotASave(name, f"it lacks the \"{FORMAT}\" format marker", source)
    version = header.version
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(
            f"{name} has an unknown save version ({version!r}); this version reads version {VERSION}.",
            source,
        )
    if version > VERSION:
        raise SaveError(
            f"{name} was written by a newer Lowlands (save version {version}); "
            f"this version reads version {VERSION}.",
            source,
        )
    try:
        return msgspec.json.decode(data, type=SaveFile)
    except msgspec.ValidationError as e:
        if "unknown field" in str(e):
            raise SaveError(_unknown_field(name, _plain(e)), source) from None
        raise SaveError(f"{name} is damaged ({_plain(e)}).", source) from None
    except msgspec.DecodeError as e:
        raise SaveError(f"{name} is damaged ({_plain(e)}).", source) from None


def _unknown_field(name: str, detail: str) -> str:
    """The refusal of a save carrying a field this version does not know."""
    return (f"{name} has a field this version of Lowlands does not know ({detail}); it may come "
            "from a newer version. It is not opened, so the field is not lost; the file is left as it is.")


def _plain(e: Exception) -> str:
    """msgspec's "Expected `int`, got `str` - at `$.seed`" in plainer words."""
    text = str(e).replace("`", "'")
    text = text.replace(" - at '$.", " in field '").replace(" - at '$", " at the top level")
    return text[:1].lower() + text[1:]


#: Words that start an ordinary sentence: ``clause`` writes them in lower case
#: mid-sentence (a name, "Bob", "Windmill Valley", keeps its capital).
_SENTENCE_STARTS = frozenset("a an the this that these those it its there no not only one each every some "
                             "any all at in on of to for from with by is are was were must can cannot "
                             "expected unknown too".split())


def clause(e: object) -> str:
    """An error's message for the middle of a sentence: its first word in lower
    case when it only starts a sentence ("The solo level is 1, 2 or 3, not 5."
    -> "the solo level is 1, 2 or 3, not 5"; "Bob ..." keeps its capital), its
    final period dropped."""
    text = str(e).strip().rstrip(".")
    first = text.split(" ", 1)[0]
    if first[:1].isupper() and first.lower() in _SENTENCE_STARTS:
        text = text[:1].lower() + text[1:]
    return text


class NotASave(SaveError):
    """A file that is not a Lowlands save at all (not JSON, JSON of another
    shape, no format marker). ``reason``: why, in a few words ("it is not
    valid JSON; it may be truncated"), so a caller that also opens game
    records (review) can say "is not a Lowlands save or record (...)"."""

    def __init__(self, name: str, reason: str, source: str = "") -> None:
        super().__init__(f"{name} is not a Lowlands save ({reason}).", source)
        self.name = name
        self.reason = reason


def decode_match(data: bytes, source: str = "") -> Match:
    """Rebuild the Match saved in ``data`` by replaying its moves.

    Args:
        data: the bytes of a save file (as written by ``encode_match``).
        source: the file name, used in error messages ("" -> "This save").
    Returns:
        A Match at the saved position, with the saved seats, seed, options,
        undo policy, id and created time; its undo history is the move list
        (the redo stack is empty).
    Raises:
        SaveError: not JSON or truncated; wrong format marker; unknown version;
            a damaged or unknown field; unknown game; bad or unknown options; a
            player count the game does not take; an unknown undo policy; a move
            that is not legal where it stands; or a final state whose SHA-256
            differs from the recorded one.
    """
    match, broken = decode_partial(data, source)
    if broken is not None:
        raise broken
    return match


def decode_partial(data: bytes, source: str = "", each: Any = None) -> tuple[Match, SaveError | None]:
    """Like ``decode_match``, but a save whose moves break still gives the game
    up to its last legal move, for a read-only review.

    ``each``, if given, is called as ``each(match, before, move)`` after each
    move is replayed, with the live state ``before`` it (so a caller that words
    every decision, like the game log's ``tui.history``, need not decode each
    snapshot again); it must not change ``before`` or ``match``.

    Returns ``(match, None)`` when the whole save loads; else ``(match, error)``
    where ``match`` holds the moves before the first one that cannot be
    replayed (all of them when only the final SHA-256 differs) and ``error`` is
    the SaveError ``decode_match`` raises: a MoveBroken naming the move where
    it broke, or a StateMismatch when every move replays but the final SHA-256
    differs.
    Raises SaveError when even the set-up cannot be rebuilt (not a save, an
    unknown version, game, field or option, a bad seat or undo policy).
    """
    name = _name(source)
    f = read_file(data, source)
    match = setup_match(name, source, f.game, f.options, f.seats, f.seed, f.undo_policy, f.bot_time)
    match.id = f.id
    match.created = f.created
    match.copied_from = f.copied_from
    broken: SaveError | None = None
    stop = replay(match, f.moves, each)
    if stop is not None:
        i, why = stop
        if why == AFTER_END:
            broken = MoveBroken(f"{name} has move {i} '{f.moves[i - 1]}' after the end of the game.", source, i)
        else:
            broken = MoveBroken(f"{name} is damaged: move {i} '{f.moves[i - 1]}' {why}.", source, i)
    elif match.state_sha256() != f.state_sha256:
        broken = StateMismatch(
            f"{name} does not match its own record: replaying its {len(f.moves)} moves gives a "
            "different final position than the one saved (the file was edited, or written by "
            "a version of Lowlands with different rules).",
            source,
        )
    return match, broken


def setup_match(name: str, source: str, game_id: str, options: dict[str, Any], seats: list[SeatRecord],
                seed: int, undo_policy: str = "friendly", bot_time: float = 1.0) -> Match:
    """A new Match of the game ``game_id`` at its set-up, from what a file says
    (a save, or a game record: ``saves.record.read_record``), every part checked.

    ``name`` names the file in the messages ("games/ann.json"), ``source`` is
    the SaveError's source. ``options``: the game's options as builtins (a
    missing one takes its default). Raises SaveError: an unknown game or
    option, options the game does not accept, a player count it does not
    take, a seat of unknown kind or bot level, a bot time outside 0-600
    seconds, an unknown undo policy, or a set-up the game refuses.
    """
    from core import GAMES
    from core.bots import LEVELS as BOT_LEVELS
    from core.match import MAX_BOT_TIME, Match, Seat, bot_time_problem

    game = GAMES.get(game_id)
    if game is None:
        known = ", ".join(sorted(GAMES)) or "none"
        raise SaveError(
            f"{name} is for a game this version of Lowlands does not know ('{game_id}'; "
            f"known games: {known}).",
            source,
        )
    unknown = sorted(set(options) - set(game.Options.__struct_encode_fields__))
    if unknown:
        raise SaveError(_unknown_field(name, f"option '{unknown[0]}' of {game.title}"), source)
    try:
        opts = msgspec.convert(options, game.Options)
    except msgspec.ValidationError as e:
        raise SaveError(f"{name} has options {game.title} does not accept ({_plain(e)}).", source) from None
    n = len(seats)
    if not game.min_players <= n <= game.max_players:
        raise SaveError(
            f"{name} has {n} player{'s' if n != 1 else ''}, but {game.title} takes "
            f"{game.min_players}-{game.max_players}.",
            source,
        )
    for s in seats:
        if s.kind not in ("human", "bot"):
            raise SaveError(f"{name} has a seat of unknown kind '{s.kind}' (expected human or bot).", source)
        if s.level not in BOT_LEVELS:
            raise SaveError(
                f"{name} has a bot of unknown level '{s.level}' (expected {', '.join(BOT_LEVELS)}).", source
            )
    if bot_time_problem(bot_time):
        raise SaveError(f"{name} has a bot time of {bot_time} seconds (expected more than 0, at most {MAX_BOT_TIME:g}).",
                        source)
    if undo_policy not in ("friendly", "strict"):
        raise SaveError(
            f"{name} has an unknown undo policy '{undo_policy}' (expected friendly or strict).", source
        )
    try:
        return Match(game, [Seat(s.name, s.kind, s.level) for s in seats], seed, opts, undo_policy,  # type: ignore[arg-type]
                     bot_time=bot_time)
    except Exception as e:  # the game refused this set-up
        raise SaveError(f"{name} cannot be set up again: {clause(e)}.", source) from None


#: ``replay``'s reason for a move made after the game ended.
AFTER_END = "comes after the end of the game"


def replay(match: Match, moves: Sequence[str], each: Any = None) -> tuple[int, str] | None:
    """Make each move of ``moves`` (notations, in order) on ``match``.

    Each is checked once: the game's ``parse`` gives only a legal move
    (IllegalMove otherwise), which is then applied trusted (see the module
    docstring). ``each(match, before, move)`` as in ``decode_partial``.
    Returns None when every move was made; else ``(i, why)``: the 1-based
    number of the first move that could not be, and why, in words that follow
    it ("is not legal there", AFTER_END, "could not be replayed (...)"); the
    moves before it stay made. Never raises for a bad move.
    """
    from core.engine import IllegalMove

    game = match.game
    for i, text in enumerate(moves, 1):
        if match.is_over():
            return i, AFTER_END
        try:
            # parse returns only a legal move (IllegalMove otherwise): that is the
            # one legality check, so the move is applied trusted (see module doc)
            before = match.state
            match.push(game.parse(before, text), trusted=True)
        except IllegalMove:
            return i, "is not legal there"
        except Exception as e:  # a file must never crash the app
            return i, f"could not be replayed ({clause(e)})"
        if each is not None:
            each(match, before, match.moves[-1])
    return None
