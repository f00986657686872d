"""Moves that are a verb and its argument, for games whose decisions are a stack of tasks.

Windmill Valley and Fields of Arle share this shape: a move is ``Pick(verb, arg)``
written ``"verb arg"`` ("gate 2", "build mill flax"); the state keeps the pending
decisions as a stack ``tasks`` (the top one is pending, ``tasks[-1].seat`` decides),
its ``phase`` ("over" at the end), ``players`` (names), ``turns`` (turns begun) and
``events`` (the newest announcements); ``Task`` is an entry of that stack.
``PickGame`` gives such a game the protocol's queries and text (``to_move``,
``is_over``, ``turn``, ``pending``, ``legal_moves``, ``apply``, ``notation``,
``parse``, ``describe``); the game supplies ``_legal`` (the pending decision's
choices as notation strings), ``apply_trusted`` and ``describe_choice`` (one
choice in the rulebook's words).
"""

from __future__ import annotations

from typing import Any, Iterable

import msgspec

from core.engine import IllegalMove, Move


class Task(msgspec.Struct, array_like=True):
    """One pending step: the top of a state's ``tasks`` stack is decided or run next.

    Attributes:
        kind: what is pending (each game's RULES.md "Decisions" names its kinds).
        seat: the seat it belongs to.
        a, b: small integer arguments (what they hold per kind: the game's state.py).
        s: a string argument (the same).
    """

    kind: str
    seat: int
    a: int = 0
    b: int = 0
    s: str = ""


class Pick(Move, frozen=True, tag="pick"):
    """One choice of the pending decision: ``verb`` and its argument text.

    The notation is ``verb`` or ``"verb arg"``; each game's RULES.md "Notation"
    lists its verbs. Encodes as ``{"type": "pick", "verb": ..., "arg": ...}``.
    """

    verb: str
    arg: str = ""


_PICKS: dict[str, Pick] = {}


def pick(text: str) -> Pick:
    """The Pick written ``text`` ("load wood 1 2" -> Pick("load", "wood 1 2")); one
    shared object per text (Picks are frozen)."""
    p = _PICKS.get(text)
    if p is None:
        verb, _, arg = text.partition(" ")
        p = _PICKS[text] = Pick(verb, arg)
    return p


def picks(texts: Iterable[str]) -> list[Pick]:
    """``[pick(t) for t in texts]``."""
    get = _PICKS.get
    out = []
    for t in texts:
        p = get(t)
        out.append(p if p is not None else pick(t))
    return out


def new_events(before: list[str], after: list[str]) -> list[str]:
    """The announcements at the end of ``after`` that ``before`` did not have (both
    keep only the newest few, so the overlap is found by matching ``after``'s head
    against ``before``'s tail, longest first)."""
    for k in range(len(after), -1, -1):
        if k <= len(before) and after[:k] == before[len(before) - k:]:
            return after[k:]
    return after


class PickGame:
    """The Game protocol's queries and text for a game of Picks over a task stack.

    A subclass defines ``_legal(state) -> list[str]`` (the pending decision's
    choices in notation, [] once over), ``apply_trusted(state, move)`` and
    ``describe_choice(state, task, text) -> str``.

    ``keep_legal``: True when ``legal_moves`` keeps the choices it worked out for
    ``apply`` of the same state object (states are frozen once returned; a game whose
    choices are costly to work out sets it; set-ups that change a state in place
    after asking for its moves must not rely on it).
    """

    keep_legal = False
    _cache: tuple[Any, list[str]] = (None, [])

    def to_move(self, state: Any) -> int | None:
        """The seat deciding now, None once the game is over."""
        if state.phase == "over" or not state.tasks:
            return None
        return state.tasks[-1].seat

    def is_over(self, state: Any) -> bool:
        """Whether the game has ended (and been scored)."""
        return state.phase == "over"

    def turn(self, state: Any) -> int:
        """Turns begun so far."""
        return state.turns

    def pending(self, state: Any) -> Any:
        """The decision waiting now (the Task: kind, seat, arguments), or None once over."""
        return state.tasks[-1] if state.tasks and state.phase != "over" else None

    def _legal(self, state: Any) -> list[str]:
        raise NotImplementedError

    def legal_moves(self, state: Any) -> list[Pick]:
        """Every choice of the pending decision (see the game's RULES.md, "Decisions")."""
        legal = self._legal(state)
        if self.keep_legal:
            self._cache = (state, legal)
        return picks(legal)

    def apply(self, state: Any, move: Pick) -> Any:
        """The state after ``move``; ``state`` is untouched.

        Raises IllegalMove if ``move`` is not among ``legal_moves(state)``.
        """
        text = self.notation(move)
        cached, legal = self._cache
        if cached is not state:
            legal = self._legal(state)
        if text not in legal:
            if self.is_over(state):
                raise IllegalMove("The game is over; no more moves.")
            raise IllegalMove(f"'{text}' is not a legal move now.")
        return self.apply_trusted(state, move)

    def apply_trusted(self, state: Any, move: Pick) -> Any:
        raise NotImplementedError

    def notation(self, move: Pick) -> str:
        """"verb" or "verb arg" (the game's RULES.md "Notation" lists the verbs)."""
        return f"{move.verb} {move.arg}" if move.arg else move.verb

    def parse(self, state: Any, text: str) -> Pick:
        """The legal move written as ``text`` (whitespace-normalised, any case);
        IllegalMove otherwise."""
        want = " ".join(text.split()).lower()
        for legal in self._legal(state):
            if legal.lower() == want:
                return pick(legal)
        raise IllegalMove(f"'{text}' is not a legal move now.")

    def describe_choice(self, state: Any, task: Any, text: str) -> str:
        """The choice ``text`` of ``task`` in the rulebook's words ("builds a windmill on f3")."""
        return text

    def describe(self, state: Any, move: Pick, after: Any = None) -> str:
        """One log line: who, what (``describe_choice``), and the announcements the move
        caused ("Ann: ...; Ann harvests: ..."). ``after``: the state after ``move``
        when the caller has it (a replay, ``tui.history.record_replay``); else
        ``move`` is applied here (a move that is not legal gets no announcements)."""
        t = state.tasks[-1] if state.tasks else None
        who = state.players[t.seat] if t else "?"
        text = f"{who}: {self.describe_choice(state, t, self.notation(move))}"
        if after is None:
            try:
                after = self.apply(state, move)
            except IllegalMove:
                return text
        return "; ".join([text, *new_events(state.events, after.events)])
