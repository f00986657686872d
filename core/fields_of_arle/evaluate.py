"""Fields of Arle evaluation for the bots: each seat's projected final score margin.

The projection is the score pad as it stands (``scoring.parts``: moors, missing large
vehicle and tideland symbols already count against the player) plus a small value for
what can still become points while half-years remain: goods, building materials and
animals that the coming inventories and actions turn into VP, and the food the next
feedings need (a shortage costs 2 VP a unit). Solo: the margin is against the target
score (R11). Once the game is over it is the real score.
"""

from __future__ import annotations

from core.fields_of_arle import components as C
from core.fields_of_arle import scoring as SC
from core.fields_of_arle.state import Home, State

#: VP per unit still convertible, scaled by the share of the game left.
MATERIAL_VALUE = 0.25  # wood, clay, peat: buildings, tools, vehicles, fuel
GOOD_VALUE = 0.15  # flax, wool, hides, grain: cloth and food
ANIMAL_VALUE = 0.5  # breeding and food


def _potential(h: Home, left: float) -> float:
    g = h.g
    mats = g["wood"] + g["clay"] + g["peat"]
    goods = g["flax"] + g["wool"] + g["hides"] + g["grain"]
    animals = g["sheep"] + g["cattle"] + g["horse"]
    return left * (MATERIAL_VALUE * mats + GOOD_VALUE * goods + ANIMAL_VALUE * animals)


def _feed_gap(h: Home, inventories_left: int) -> float:
    """VP at risk at the next feedings: -2 per food (grain) unit missing for them."""
    need = C.FEED_FOOD * min(inventories_left, 2)
    have = h.g["food"] + h.g["grain"]
    return C.SHORTAGE_VP * max(0, need - have) * 0.5


def projected(state: State) -> list[float]:
    """Per seat, the projected final score in VP."""
    out = []
    for h in state.homes:
        total = sum(SC.parts(h).values())
        if state.phase != "over":
            left = (C.HALF_YEARS - state.half + 1) / C.HALF_YEARS
            total += _potential(h, left) + _feed_gap(h, C.HALF_YEARS - state.half + 1)
        out.append(total)
    return out


def margins(state: State) -> list[float]:
    """Per seat, projected score minus the best other seat's (solo: minus the target)."""
    scores = projected(state)
    if len(scores) == 1:
        return [scores[0] - C.SOLO_TARGET]
    top = sorted(scores, reverse=True)
    return [s - (top[1] if s == top[0] else top[0]) for s in scores]


def margin_text(state: State, margin: float) -> str:
    """The hint's words for a projected margin (``BotModules.margin_text``): solo,
    the projected score against the target, "projected score 41 (target 110)";
    else "projected margin +4.5 VP"."""
    if len(state.homes) == 1:
        return f"projected score {margin + C.SOLO_TARGET:.0f} (target {C.SOLO_TARGET})"
    return f"projected margin {margin:+.1f} VP"


def evaluate(state: State, seat: int) -> float:
    """``seat``'s projected final score margin in VP (positive: ahead)."""
    return margins(state)[seat]
