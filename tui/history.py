"""What the screens say about each decision of a match, worked out once.

The game screen's log and review both show, for every decision, its words
(``game.describe`` of the state before it) and its turn number (a new number
whenever ``game.turn`` of the state before a decision changes, as the log and
the record number turns). Working that out decodes the state before every
decision, so it is done once per decision and shared: ``history_for(match)``
is the one History of a Match, and ``sync()`` brings it up to the match's
moves, keeping what an undo or "continue from here" did not take back.

Loading a save replays every decision with its state in hand: ``record_replay``
(``saves.load_partial``'s ``each``) words each one then, so that the game
screen's first ``sync`` after ``lowlands load`` decodes no snapshot (decoding
a 1000-decision game's states again cost ~20 ms before its first frame), and
hands ``describe`` the state after each move, which it has too (Windmill
Valley and Fields of Arle word a move with what it announced, and the Golden
Age with the dice and cards it revealed: applying each move again to see
that was a third of their replay).

A screen that words moves through a stand-in for the game (the Golden Age
screen under ``--ascii`` writes half guilders as ".5") passes that stand-in:
each kind of stand-in has its own History of the match.
"""

from __future__ import annotations

from typing import Any, Sequence
from weakref import WeakKeyDictionary, ref


def common_prefix(old: Sequence[Any], new: Sequence[Any]) -> int:
    """How many leading items ``old`` and ``new`` share (equal, in order): what a
    list kept in step with a match's moves keeps. The usual case (nothing
    taken back: one more decision) is one comparison of the lists in C, each
    item found by identity, not a Python loop over every decision."""
    limit = min(len(old), len(new))
    head, other = old[:limit], new[:limit]
    if type(head) is not type(other):  # (a list and a tuple are never equal)
        head, other = list(head), list(other)
    if head == other:
        return limit
    keep = 0
    while keep < limit and old[keep] == new[keep]:
        keep += 1
    return keep


class History:
    """Per-decision texts and turn numbers of ``match``, kept in step by ``sync``;
    ``game`` words the moves (default ``match.game``).

    Attributes (lists parallel to the match's moves, after ``sync``):
        texts: ``game.describe(state before, move)``, or its notation if that fails.
        turns: the turn number (1-based) of each decision.
        turn_values: ``game.turn`` of the state before each decision.
    """

    def __init__(self, match: Any, game: Any = None) -> None:
        self.match = match
        self.game = match.game if game is None else game
        self.moves: list[Any] = []
        self.texts: list[str] = []
        self.turns: list[int] = []
        self.turn_values: list[Any] = []

    def sync(self) -> int:
        """Bring the lists up to the match's moves; returns how many decisions
        were kept (the first index that is new or changed)."""
        m = self.match
        game = self.game
        moves = m.moves
        keep = common_prefix(self.moves, moves)
        if keep < len(self.moves):
            for lst in (self.moves, self.texts, self.turns, self.turn_values):
                del lst[keep:]
        for i in range(keep, len(moves)):
            self.record(m.state_at(i), moves[i])
        return keep

    def record(self, before: Any, move: Any, after: Any = None) -> None:
        """Add the next decision: ``move``, made in state ``before`` (which is
        only read); ``after``, the state it led to when the caller has it (the
        game's ``describe`` then need not apply it again). ``sync`` keeps it
        while the match's move at that index is the same."""
        game = self.game
        try:
            text = game.describe(before, move) if after is None else game.describe(before, move, after)
        except Exception:  # noqa: BLE001 - a describe bug must not stop play or review
            text = game.notation(move)
        t = game.turn(before)
        number = 1 if not self.turns else self.turns[-1] + (t != self.turn_values[-1])
        self.moves.append(move)
        self.texts.append(text)
        self.turns.append(number)
        self.turn_values.append(t)


_HISTORIES: WeakKeyDictionary[Any, dict[Any, History]] = WeakKeyDictionary()


def history_for(match: Any, game: Any = None) -> History:
    """The shared History of ``match`` as ``game`` words it (default: the
    match's own game); made on first use, not yet synced."""
    if game is None or game is match.game:
        key: Any = None
    else:
        key = type(game)
    by_kind = _HISTORIES.setdefault(match, {})
    h = by_kind.get(key)
    if h is None:
        h = by_kind[key] = History(match, game)
    return h


def record_replay(match: Any, before: Any, move: Any) -> None:
    """``saves.load_partial``'s ``each``: word the decision ``move`` just
    replayed in state ``before`` into ``match``'s own History (the one
    ``history_for(match)`` returns), if it is that History's next decision.
    The state it led to is ``match.state``: the game's ``describe`` is given
    it, so a replay applies each move once (not again to word it)."""
    kept = _REPLAYING.get(id(match))
    h = kept[1]() if kept is not None and kept[0]() is match else None
    if h is None:  # (history_for's look-up, once per replay rather than per move)
        _REPLAYING.clear()
        h = history_for(match)
        _REPLAYING[id(match)] = (ref(match), ref(h))
    if len(h.moves) == len(match.moves) - 1:
        h.record(before, move, match.state)


#: the History ``record_replay`` last wrote to, by its match's id (both held weakly)
_REPLAYING: dict[int, tuple[Any, Any]] = {}
