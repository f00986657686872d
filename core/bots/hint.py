"""The hint (issue 8 item 5): the strong bot's choice for a human's decision and
one line saying why, from that seat's view only (``strong.search``)."""

from __future__ import annotations

from typing import Any

import msgspec

from core.bots.strong import DEFAULT_ITERATIONS, search
from core.engine import Game


class Hint(msgspec.Struct, frozen=True):
    """A suggested move and its one-line reason.

    Attributes:
        move: the strong bot's choice (one of ``legal_moves``).
        text: e.g. "Hint: keep: projected margin +4.5 VP, 1.5 VP better than
            give 2 (400 searches)".
        gain: VP by which the choice's projected final margin beats the next
            best choice's (0.0 when it is the only move).
    """

    move: Any
    text: str
    gain: float


def hint(game: Game, state: Any, seed: int, seconds: float | None = 1.0,
         iterations: int | None = DEFAULT_ITERATIONS, should_stop: Any = None) -> Hint:
    """The strong bot's move for the seat to move in ``state`` and why.

    The reason compares the expected projected final score margin (VP) after
    the choice with that after the next most searched choice. Only
    ``game.view(state, seat)`` is looked at. Raises IndexError once the game is over.
    """
    a = search(game, state, seed, iterations=iterations, seconds=seconds, should_stop=should_stop)
    best = a.choices[0]
    name = game.notation(best.move)
    if len(a.choices) == 1 or a.iterations == 0:
        return Hint(best.move, f"Hint: {name}: the only choice.", 0.0)
    tried = [c for c in a.choices[1:] if c.visits > 0]
    if not tried:
        return Hint(best.move, f"Hint: {name} (projected margin {best.margin:+.1f} VP).", 0.0)
    other = tried[0]
    gain = best.margin - other.margin
    return Hint(
        best.move,
        f"Hint: {name}: projected margin {best.margin:+.1f} VP, {gain:+.1f} VP against "
        f"{game.notation(other.move)} ({a.iterations} searches).",
        gain,
    )
