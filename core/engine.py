"""The Game protocol every Lowlands game implements, and its shared types.

Tests, bots, saves and the TUI use only this surface (see DESIGN.md, "The Game
protocol"). A turn is a chain of small atomic decisions; the State says which
decision is pending and for whom, and ``legal_moves`` lists exactly its choices.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any, ClassVar, Protocol, Sequence, TypeVar, runtime_checkable

import msgspec

S = TypeVar("S", bound=msgspec.Struct)


class IllegalMove(ValueError):
    """A move that is not legal in the given state, or text that names no move.

    The message is a sentence a player can read ("Give needs another player").
    """


class NoLegalMove(RuntimeError):
    """A position that is not over yet offers no legal move: an engine bug that
    would leave the players stuck (see ``checked_moves``)."""


def checked_moves(game: "Game", state: Any) -> list[Any]:
    """``game.legal_moves(state)``, guarded: a position that is not over always
    has a legal move (the engines end every forced-step loop and close a choice
    that offers nothing). Raises NoLegalMove naming the game and turn when
    that does not hold, rather than leaving a player without a key that works.
    """
    moves = game.legal_moves(state)
    if not moves and not game.is_over(state):
        raise NoLegalMove(f"{game.title}: the position at turn {game.turn(state)} is not over "
                          "but offers no legal move.")
    return moves


class Move(msgspec.Struct, frozen=True, tag=True):
    """Base of every game's moves: frozen, hashable, comparable msgspec Structs.

    Each game defines its moves as subclasses with ``tag="..."`` and a
    ``Union`` of them as its move type, so a move encodes as
    ``{"type": tag, ...fields}``.
    """


class ScoreSheet(msgspec.Struct, frozen=True):
    """One seat's score, split by the rulebook's scoring categories.

    Attributes:
        seat: the seat index (0-based).
        total: the total in VP.
        parts: category name -> VP, in the rulebook's order; sums to ``total``.
        tiebreak: the values compared, in order, when totals are equal
            (e.g. ``(cards in bouquet,)``); larger is better.
        tiebreak_names: what each ``tiebreak`` value counts, in the rulebook's words
            (e.g. ``("tulips in the bouquet",)``), for score tables; same length.
    """

    seat: int
    total: float
    parts: dict[str, float]
    tiebreak: tuple[float, ...] = ()
    tiebreak_names: tuple[str, ...] = ()


def copy_state(state: S) -> S:
    """A deep copy of a msgspec State (msgpack round trip; input untouched)."""
    return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=type(state))


def ranked_winners(sheets: Sequence[ScoreSheet]) -> list[int]:
    """Seats with the best (total, *tiebreak); several when still tied.

    Args:
        sheets: one ScoreSheet per seat.
    Returns:
        The winning seat indices in seat order (a shared win lists several).
    """
    if not sheets:
        return []
    key = lambda s: (s.total, *s.tiebreak)  # noqa: E731
    best = max(key(s) for s in sheets)
    return [s.seat for s in sheets if key(s) == best]


@runtime_checkable
class Game(Protocol):
    """What every game offers. States are msgspec Structs; moves are ``Move``s.

    Beyond DESIGN.md's list, two small methods serve Match: ``turn`` (for
    "strict" undo and turn-wise review) and ``reveals`` (strict undo never goes
    back past a decision that showed hidden information); and ``epilogue``
    gives the end-of-game lines (what was turned up, the final awards) that
    the game-over log and the exported record both show. ``describe(state,
    move, after=None)`` words a move made; a caller that has the state after
    it (a replay) passes it as ``after``, so the game need not apply the move
    again to report what it revealed.

    Applying a move, checked and trusted:

    * ``apply(state, move)`` is for a move from outside (a player's key, a
      typed notation, a test): it raises IllegalMove unless ``move`` is among
      ``legal_moves(state)``, then returns the new state.
    * ``apply_trusted(state, move)`` is for a move that was taken from
      ``legal_moves(state)`` or returned by ``parse(state, ...)`` a moment ago
      (replay, bots, random playouts): the same new state as ``apply``, without
      generating ``legal_moves`` again to check it. Given any other move its
      result is undefined (it may raise anything or return a state no game
      reaches), so never pass it a move a person typed.

    Both are pure: ``state`` is never changed, and neither is any state an
    earlier ``apply`` returned. A game may let the new state share parts
    (lists, sub-structs) with the old one as long as nothing is ever changed
    in place after ``apply`` returns; callers must treat states as frozen.
    tests/test_conformance.py checks that ``apply`` leaves its input unchanged;
    tests/test_trusted_apply.py that the two paths give byte-identical states
    over random games of every game and that no later apply changes an earlier
    state.

    A game implements ``apply`` as "check, then ``apply_trusted``". A game
    that does not have ``apply_trusted`` yet still works: callers go through
    the module function ``apply_trusted(game, state, move)``, which falls back
    to ``apply``.
    """

    id: str
    title: str
    min_players: int
    max_players: int
    Options: type[msgspec.Struct]
    State: type[msgspec.Struct]
    Move: Any
    #: True when seats hold information the others must not see (hand-over curtain).
    private_information: ClassVar[bool]

    def setup(self, players: Sequence[str], seed: int, options: Any = None) -> Any: ...
    def to_move(self, state: Any) -> int | None: ...
    def legal_moves(self, state: Any) -> list[Any]: ...
    def apply(self, state: Any, move: Any) -> Any: ...
    def apply_trusted(self, state: Any, move: Any) -> Any: ...
    def is_over(self, state: Any) -> bool: ...
    def scores(self, state: Any) -> list[ScoreSheet]: ...
    def winners(self, state: Any) -> list[int]: ...
    def tallies(self, state: Any) -> list[dict[str, float]]: ...
    def describe(self, state: Any, move: Any, after: Any = None) -> str: ...
    def notation(self, move: Any) -> str: ...
    def parse(self, state: Any, text: str) -> Any: ...
    def view(self, state: Any, viewer: int | None) -> Any: ...
    def turn(self, state: Any) -> int: ...
    def reveals(self, before: Any, after: Any) -> bool: ...
    def epilogue(self, state: Any) -> list[str]: ...


def apply_trusted(game: Game, state: Any, move: Any) -> Any:
    """``game.apply_trusted(state, move)``: the state after a move taken from
    ``game.legal_moves(state)`` (or ``game.parse``), without checking it again.

    The default for a game that does not define ``apply_trusted`` (yet) is its
    checked ``apply``, so such a game stays correct, only slower. Undefined
    for a move that is not legal in ``state`` (see ``Game``).
    """
    fast = getattr(game, "apply_trusted", None)
    if fast is None:
        return game.apply(state, move)
    return fast(state, move)


@runtime_checkable
class BotSupport(Protocol):
    """Optional methods a game offers its computer players (core/bots uses them
    when present; a game without them gets bots that score positions by
    ``scores`` and search only the view with a fresh RNG).

    Each game implements them in ``core/<game>/evaluate.py`` and
    ``core/<game>/determinize.py``.
    """

    def margins(self, state: Any) -> list[float]:
        """Per seat, the projected final score margin in VP: the seat's projected
        final score minus the best other projected score (the Gardener counts as
        the other side in Windmill Valley solo). Over: from the real scores."""
        ...

    def determinize(self, view: Any, seat: int, rng: Any) -> Any:
        """A full State consistent with ``view`` (what ``view(state, seat)``
        returns): every hidden part (deck orders, unseen cards, the RNG that
        rolls future dice) sampled from ``rng`` (a ``random.Random``), never
        read from anywhere else. ``view`` is untouched."""
        ...


class BotModules:
    """``BotSupport`` for a game class defined in ``core/<game>/rules.py``: ``margins``
    is ``core/<game>/evaluate.py``'s and ``determinize`` ``core/<game>/determinize.py``'s
    (imported on first use, since they import the rules)."""

    def margins(self, state: Any) -> list[float]:
        """Each seat's projected final score margin in VP (``evaluate.margins``)."""
        return _bot_module(self, "evaluate").margins(state)

    def determinize(self, view: Any, seat: int, rng: Any) -> Any:
        """A full state consistent with ``view`` (``view(state, seat)``), hidden parts
        sampled from ``rng`` (a ``random.Random``; ``determinize.determinize``)."""
        return _bot_module(self, "determinize").determinize(view, seat, rng)

    def leaves_at_turn_end(self) -> bool:
        """Whether the strong bot plays a leaf of its search greedily to the end of
        the turn under way before it evaluates it (``evaluate.LEAVES_AT_TURN_END``,
        default False): for an evaluation that is right only between turns."""
        return bool(getattr(_bot_module(self, "evaluate"), "LEAVES_AT_TURN_END", False))

    def win_weight(self) -> float | None:
        """The weight the strong bot gives a finished game's result beyond its
        margin (``evaluate.WIN_WEIGHT``; None: the search's default). 0 for a game
        whose margin at the end is the final score margin and the higher score wins:
        there a result only adds what the margin already says."""
        return getattr(_bot_module(self, "evaluate"), "WIN_WEIGHT", None)

    def bot_moves(self, state: Any, moves: list[Any]) -> list[Any]:
        """The legal ``moves`` in ``state`` worth a bot's thought (``evaluate.bot_moves``
        where the game has one, else all of them; never none): a game may leave
        out moves that cannot change anything for anyone (The Dutch Golden Age:
        an auction nobody else can bid in)."""
        keep = getattr(_bot_module(self, "evaluate"), "bot_moves", None)
        if keep is None:
            return moves
        return keep(state, moves) or moves

    def bot_move_filter(self) -> Any:
        """``evaluate.bot_moves`` (``(state, moves) -> moves``) where the game has
        one, else None: a bot that looks it up once per search need not ask
        ``bot_moves`` for every position."""
        return getattr(_bot_module(self, "evaluate"), "bot_moves", None)

    def margin_text(self, state: Any, margin: float) -> str:
        """The hint's words for the projected final margin ``margin`` (VP) of the
        seat to move in ``state``: ``evaluate.margin_text`` where the game words it
        (Fields of Arle solo: "your score as it stands 41 (target 110 at the end; ...)"), else
        ``margin_phrase``: "projected to finish 4.5 VP ahead"."""
        words = getattr(_bot_module(self, "evaluate"), "margin_text", None)
        return words(state, margin) if words is not None else margin_phrase(margin)


def margin_phrase(margin: float) -> str:
    """A projected final score margin ``margin`` (VP; positive: ahead of the best
    other seat) in plain words, for the hint: "projected to finish 4.5 VP ahead",
    "projected to finish 6.4 VP behind", "projected to finish level"."""
    if round(margin, 1) == 0:
        return "projected to finish level"
    return f"projected to finish {abs(margin):.1f} VP {'ahead' if margin > 0 else 'behind'}"


def _bot_module(game: Any, name: str) -> Any:
    """The module ``name`` beside the module that defines ``game``'s class."""
    full = f"{type(game).__module__.rpartition('.')[0]}.{name}"
    return sys.modules.get(full) or importlib.import_module(full)


def parse_by_notation(game: Game, state: Any, text: str) -> Any:
    """Find the legal move whose notation is ``text`` (whitespace-normalised).

    A generic ``parse`` for games whose notation is unique per legal move.
    Raises IllegalMove naming the text when no legal move matches.
    """
    want = " ".join(text.split()).lower()
    for m in game.legal_moves(state):
        if game.notation(m).lower() == want:
            return m
    raise IllegalMove(f"'{text}' is not a legal move now.")
