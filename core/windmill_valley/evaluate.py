"""Windmill Valley evaluation for the bots: projected final score margins.

A seat's projection is its VP track, plus the end-game scoring as it would
stand if the game ended now (contracts, empty windmill groups, patch rows and
columns: ``scoring.final_parts``), plus what its guilders, tools and stored
bulbs are still worth, plus a share of what its contracts, helpers and plans
under way (patch rows and columns, windmill groups) may still bring. In a solo
game the other side is the Gardener: its VP, its end bonus (RULES.md section
10) and the VP its remaining cards will bring.
"""

from __future__ import annotations

from core.windmill_valley import components as C
from core.windmill_valley import scoring as SC
from core.windmill_valley.state import State

#: VP a guilder, a tool, a bulb in storage and a wheel step (towards the next
#: calendar advance) are still worth before the end. Measured (solo arenas
#: against the Gardener, 4 games each at 500 iterations): 0.4 / 0.5 / 0.8 / 0
#: scored 61 VP on average, 0.9 / 0.7 / 0.8 / 0.4 scored 55, all zero 63-65;
#: resources count only through what they buy within the search.
GUILDER_VP = 0.0
TOOL_VP = 0.0
BULB_VP = 0.0
STEP_VP = 0.0
#: What a contract, a helper and an installed wheel enhancement are still worth
#: beyond their value now, at the start of the game; it shrinks to 0 as the
#: calendar (the game's clock) nears its end. Measured (solo, 12 games, seed 1,
#: 200 iterations): contract/helper 4/2 without plans won 1, 8/4 with plans 4
#: (66.7 VP), 12/4 with plans 4 (68.9 VP); 8/4 without plans 1.
CONTRACT_POTENTIAL = 12.0
HELPER_POTENTIAL = 4.0
TILE_POTENTIAL = 1.0
#: Share of the end-game VP a plan under way already counts (times the share of
#: the calendar left): a row of the patch by its bulbs so far (10 VP one colour,
#: else 3), a column whose bulbs so far differ (4 VP), a windmill group by its
#: windmills built (its colour's VP per bulb when it is empty).
PLAN_POTENTIAL = 1.0
#: Share of the Gardener's cards that step its calendar (SOLO_CARDS: 7 of 20).
_SOLO_STEP_SHARE = sum(c[1] for c in C.SOLO_CARDS) / len(C.SOLO_CARDS)


def projected(state: State) -> list[float]:
    """Per seat, the projected final score in VP (a float)."""
    over = state.phase == "over"
    left = 1.0 - max([f.calendar for f in state.farms] + [state.solo.calendar if state.solo else 0]) / C.CALENDAR_END
    out = []
    for seat, f in enumerate(state.farms):
        v = float(f.vp + sum(SC.final_parts(state, seat).values()))
        if not over:
            v += GUILDER_VP * f.guilders + TOOL_VP * f.tools + BULB_VP * len(f.storage) + STEP_VP * f.step
            tiles = sum(1 for d in (*f.large, *f.small) if C.DESIGNS[d][1] != "base")
            v += left * (CONTRACT_POTENTIAL * len(f.contracts) + HELPER_POTENTIAL * len(f.helpers)
                         + TILE_POTENTIAL * tiles)
            v += left * PLAN_POTENTIAL * plan_potential(state, seat)
        out.append(v)
    return out


def plan_potential(state: State, seat: int) -> float:
    """End-game VP of ``seat``'s plans under way, by their progress (0 to 1 each):
    partial patch rows and columns, windmill groups not yet empty."""
    f = state.farms[seat]
    v = 0.0
    for r in f.patch:
        if 0 < len(r) < C.PATCH_COLS:
            v += (C.ROW_SAME_VP if len(set(r)) == 1 else C.ROW_MIXED_VP) * len(r) / C.PATCH_COLS
    for c in SC.columns(f.patch):
        if 0 < len(c) < C.PATCH_ROWS and len(set(c)) == len(c):
            v += C.COLUMN_DIFFERENT_VP * len(c) / C.PATCH_ROWS
    planted = "".join(f.patch)
    for g, n in enumerate(f.mills):
        if n:
            v += C.MILL_VP[g] * planted.count(C.MILL_COLOUR[g]) * (C.MILL_GROUPS[g] - n) / C.MILL_GROUPS[g]
    return v


def gardener(state: State) -> float:
    """The Gardener's projected final VP in a solo game (0.0 with no Gardener)."""
    b = state.solo
    if b is None:
        return 0.0
    if state.phase == "over":
        return float(b.vp)
    turns_left = max(0, C.CALENDAR_END - b.calendar) / _SOLO_STEP_SHARE
    return b.vp + C.SOLO_END_BONUS[b.level] + turns_left * C.SOLO_CARD_VP[b.level]


def margins(state: State) -> list[float]:
    """Per seat, projected score minus the best other projected score (VP);
    solo: the player's projected score minus the Gardener's."""
    from core.gift_of_tulips.evaluate import margin_of

    mine = projected(state)
    if state.solo is not None:
        return [mine[0] - gardener(state)]
    return margin_of(mine)


def evaluate(state: State, seat: int) -> float:
    """``seat``'s projected final score margin in VP (positive: ahead)."""
    return margins(state)[seat]
