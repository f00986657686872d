"""Fields of Arle evaluation for the bots: projected final score margins.

The projection is the score pad as it would stand if the game ended now
(``GAME.scores``: every category of S1, a live preview before the end; the
supply shortages already count against a seat). In a solo game the other side
is the solo target (R11: 110 VP to win).
"""

from __future__ import annotations

from core.fields_of_arle import components as C
from core.fields_of_arle import scoring as SC
from core.fields_of_arle.state import State


def projected(state: State) -> list[float]:
    """Per seat, the projected final score in VP (a float)."""
    return [float(sum(SC.parts(h).values())) for h in state.homes]


def margins(state: State) -> list[float]:
    """Per seat, projected score minus the best other seat's (VP); solo: minus
    the solo target."""
    from core.gift_of_tulips.evaluate import margin_of

    mine = projected(state)
    if len(mine) == 1:
        return [mine[0] - C.SOLO_TARGET]
    return margin_of(mine)


def evaluate(state: State, seat: int) -> float:
    """``seat``'s projected final score margin in VP (positive: ahead)."""
    return margins(state)[seat]
