"""The hint (issue 8 item 5): the strong bot's choice for a human's decision and
one line saying why, from that seat's view only (``strong.search``)."""

from __future__ import annotations

from typing import Any

import msgspec

from core.bots.strong import DEFAULT_ITERATIONS, search
from core.engine import Game, margin_phrase


class Hint(msgspec.Struct, frozen=True):
    """A suggested move and its one-line reason.

    Attributes:
        move: the strong bot's choice (one of ``legal_moves``).
        text: the reason with moves named by their notation (``hint_line``), e.g.
            "Hint: keep: 1.5 VP more than give 2; projected to finish 4.5 VP
            ahead."; a screen words it with its own labels.
        gain: VP by which the choice's projected final margin beats the next
            best choice's (0.0 when it is the only move; negative when the search
            chose it for its chances to win although the other projects more).
        other: the next best choice that was searched (None when there is none).
        margin: the choice's projected final score margin (VP).
        iterations: the searches made.
        over_time: the thinking time ran out before ``MIN_ITERATIONS`` searches,
            which were made all the same (the line says so).
    """

    move: Any
    text: str
    gain: float
    other: Any = None
    margin: float = 0.0
    iterations: int = 0
    over_time: bool = False


#: The fewest searches behind a hint given on the clock: a slow or busy machine
#: (or a worker process slow to start) thinks on past the thinking time rather
#: than hint from a handful of searches ("(1 search)"). About 0.17 s of Windmill
#: Valley's search solo, 0.33 s with 4 players, the slowest
#: (``arena.ITERATIONS_PER_SECOND``: 600 and 300 a second).
MIN_ITERATIONS = 100


#: A next best choice that projects up to this many VP more than the choice counts
#: as equal in the hint's words, "as good as" (the search's means are noisy by
#: that much); more, and the choice is worded by its chances to win.
EVEN_VP = 0.5


def margin_words(game: Any, state: Any, margin: float) -> str:
    """The game's words for the chosen move's projected final margin ``margin``
    (VP) in ``state`` (``BotModules.margin_text``): "projected to finish 4.5 VP
    ahead" by default (``core.engine.margin_phrase``); a game may say it otherwise
    (Fields of Arle solo: "your score as it stands 41 (target 110 at the end; 20 worker
    actions to come)"; Windmill Valley solo: "projected: you 71, Gardener 110 VP")."""
    words = getattr(game, "margin_text", None)
    return words(state, margin) if words is not None else margin_phrase(margin)


def hint_line(best: str, other: str | None, margin: float, gain: float, iterations: int,
              outlook: str | None = None, over_time: bool = False) -> str:
    """The hint's one line, with the two choices named ``best`` and ``other``
    (a screen passes its picker labels, the record its notation), as short as
    it can say it (at 80x24 it has some 28 columns beside the board): what it
    compares, the projected final score margins (VP) of the choice and of the
    next best ``other``, ``gain`` = choice's - other's ("1.5 VP more than give
    2"; the other ahead by less than ``EVEN_VP``: "as good as give 2 (±0.1
    VP)"; by more: the choice has better chances to win, the search's own
    measure: "better odds than give 2, though 1.5 VP less"), then where the
    choice leads (``outlook``, ``margin_words``; default ``margin_phrase``).
    When the thinking time ran out before ``MIN_ITERATIONS`` searches
    (``over_time``), which were made all the same, it says so: "(100 searches,
    past the bot time)"; otherwise the searches are not counted.

    >>> hint_line("Keep", "Give 2", 4.5, 1.5, 400)
    'Hint: Keep: 1.5 VP more than Give 2; projected to finish 4.5 VP ahead.'
    """
    outlook = outlook or margin_phrase(margin)
    tail = f" ({iterations} search{'es' if iterations != 1 else ''}, past the bot time)" if over_time else ""
    if other is None:
        if iterations == 0 or gain == 0.0 and margin == 0.0:
            return f"Hint: {best}: the only choice."
        return f"Hint: {best}: {outlook}{tail}."
    if gain >= 0.05:
        why = f"{gain:.1f} VP more than {other}"
    elif gain > -EVEN_VP:
        why = f"as good as {other} (\u00b1{max(abs(gain), 0.1):.1f} VP)"
    else:
        why = f"better odds than {other}, though {-gain:.1f} VP less"
    return f"Hint: {best}: {why}; {outlook}{tail}."


def hint(game: Game, state: Any, seed: int, seconds: float | None = 1.0,
         iterations: int | None = DEFAULT_ITERATIONS, should_stop: Any = None) -> Hint:
    """The strong bot's move for the seat to move in ``state`` and why.

    The reason compares the expected projected final score margin (VP) after
    the choice with that after the next most searched choice. Only
    ``game.view(state, seat)`` is looked at. On the clock (``seconds`` set) the
    search goes on to ``MIN_ITERATIONS`` (or the cap ``iterations``, if lower)
    when the time ran out before (``Hint.over_time``), unless ``should_stop``.
    Raises IndexError once the game is over.
    """
    a = search(game, state, seed, iterations=iterations, seconds=seconds, should_stop=should_stop)
    least = MIN_ITERATIONS if iterations is None else min(iterations, MIN_ITERATIONS)
    over_time = seconds is not None and 0 < a.iterations < least
    if over_time and not (should_stop is not None and should_stop()):
        a = search(game, state, seed, iterations=least, seconds=None, should_stop=should_stop)
    best = a.choices[0]
    name = game.notation(best.move)
    if len(a.choices) == 1 or a.iterations == 0:
        return Hint(best.move, hint_line(name, None, 0.0, 0.0, 0), 0.0)
    tried = [c for c in a.choices[1:] if c.visits > 0]
    if not tried:
        return Hint(best.move, hint_line(name, None, best.margin, 0.0, a.iterations,
                                         margin_words(game, state, best.margin), over_time), 0.0,
                    margin=best.margin, iterations=a.iterations, over_time=over_time)
    other = tried[0]
    gain = best.margin - other.margin
    return Hint(best.move, hint_line(name, game.notation(other.move), best.margin, gain, a.iterations,
                                     margin_words(game, state, best.margin), over_time),
                gain, other=other.move, margin=best.margin, iterations=a.iterations, over_time=over_time)
