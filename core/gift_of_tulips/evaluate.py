"""Gift of Tulips evaluation for the bots: each seat's projected final score margin.

The projection is the VP scored so far (Give and Keep) plus the majority
awards as they would fall if the game ended now (source text + fact sheet A8:
the three highest-ranked varieties score their majorities), on the festival
ranking expected after the end's reveal: each variety's festival total plus
its share of the secret festival that turns up (5 cards of the pile, all of it
when smaller; in a determinized state the secret cards are known samples).
Once the game is over it is the real score.
"""

from __future__ import annotations

import msgspec

from core.gift_of_tulips import components as C
from core.gift_of_tulips.rules import festival_total, majority_awards
from core.gift_of_tulips.state import State

#: Provisional majorities count at this weight: the ranking and the bouquets
#: still change, and the secret festival turns up 5 more festival cards.
MAJORITY_WEIGHT = 0.8


def projected(state: State) -> list[float]:
    """Per seat, the projected final score in VP (a float)."""
    n = len(state.players)
    out = [float(state.give_vp[i] + state.keep_vp[i] + state.majority_vp[i]) for i in range(n)]
    if state.phase == "over":
        return out
    for _v, _rank, seat, _level, vp in majority_awards(expected_ranking(state)):
        out[seat] += MAJORITY_WEIGHT * vp
    # a held card will score at least a Keep or Give of its value when played
    if state.drawn and state.drawn != C.HIDDEN:
        out[state.current] += 0.5 * C.value(state.drawn)
    return out


def expected_ranking(state: State) -> State:
    """``state`` with its festival ranking as expected after the final reveal of
    the secret festival (hidden cards "??" count as nothing); ties keep today's order."""
    known = [sc.card for sc in state.secret if sc.card != C.HIDDEN]
    if not known:
        return state
    share = min(1.0, C.FINAL_REVEAL / len(state.secret))
    total = {v: float(festival_total(state, v)) for v in C.VARIETY_ORDER}
    for card in known:
        total[card[0]] += share * C.value(card)
    order = {v: i for i, v in enumerate(state.ranking)}
    ranked = sorted((v for v in C.VARIETY_ORDER if total[v] > 0),
                    key=lambda v: (-total[v], order.get(v, len(order))))
    return msgspec.structs.replace(state, ranking=ranked[:4])


def margins(state: State) -> list[float]:
    """Per seat, projected score minus the best other seat's projected score (VP)."""
    return margin_of(projected(state))


def evaluate(state: State, seat: int) -> float:
    """``seat``'s projected final score margin in VP (positive: ahead)."""
    return margins(state)[seat]


def margin_of(scores: list[float]) -> list[float]:
    """Each score minus the best of the others (0 for a lone seat)."""
    if len(scores) < 2:
        return [0.0] * len(scores)
    top = sorted(scores, reverse=True)
    return [s - (top[1] if s == top[0] else top[0]) for s in scores]
