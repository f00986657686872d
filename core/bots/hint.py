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
        text: the reason with moves named by their notation, e.g. "Hint: keep:
            projected margin +4.5 VP, +1.5 VP against give 2 (400 searches)";
            a screen words it with its own labels through ``hint_line``.
        gain: VP by which the choice's projected final margin beats the next
            best choice's (0.0 when it is the only move).
        other: the next best choice that was searched (None when there is none).
        margin: the choice's projected final score margin (VP).
        iterations: the searches made.
    """

    move: Any
    text: str
    gain: float
    other: Any = None
    margin: float = 0.0
    iterations: int = 0


def margin_words(game: Any, state: Any, margin: float) -> str:
    """The game's words for the chosen move's projected final margin ``margin``
    (VP) in ``state`` (``BotModules.margin_text``): "projected margin +4.5 VP" by
    default; a game may say it otherwise (Fields of Arle solo: "projected score
    41 (target 110)")."""
    words = getattr(game, "margin_text", None)
    return words(state, margin) if words is not None else f"projected margin {margin:+.1f} VP"


def hint_line(best: str, other: str | None, margin: float, gain: float, iterations: int,
              outlook: str | None = None) -> str:
    """The hint's one line, with the two choices named ``best`` and ``other``
    (a screen passes its picker labels, the record its notation); ``outlook``
    words the margin (``margin_words``; default "projected margin +4.5 VP")."""
    outlook = outlook or f"projected margin {margin:+.1f} VP"
    if other is None:
        if iterations == 0 or gain == 0.0 and margin == 0.0:
            return f"Hint: {best}: the only choice."
        return f"Hint: {best} ({outlook})."
    return f"Hint: {best}: {outlook}, {gain:+.1f} VP against {other} ({iterations} searches)."


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
        return Hint(best.move, hint_line(name, None, 0.0, 0.0, 0), 0.0)
    tried = [c for c in a.choices[1:] if c.visits > 0]
    if not tried:
        return Hint(best.move, hint_line(name, None, best.margin, 0.0, a.iterations,
                                         margin_words(game, state, best.margin)), 0.0,
                    margin=best.margin, iterations=a.iterations)
    other = tried[0]
    gain = best.margin - other.margin
    return Hint(best.move, hint_line(name, game.notation(other.move), best.margin, gain, a.iterations,
                                     margin_words(game, state, best.margin)),
                gain, other=other.move, margin=best.margin, iterations=a.iterations)
