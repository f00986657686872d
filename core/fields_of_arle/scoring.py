"""Fields of Arle final scoring by the score pad's categories (S1 "End of the game and scoring").

Every function takes a Home and returns VP (floats: half points count, S1 "not rounded").
"""

from __future__ import annotations

from core.fields_of_arle import components as C
from core.fields_of_arle.state import Home

#: The score pad's categories, in S1's order.
CATEGORIES = ("Clothing and materials", "Equipment in the barn", "Travel experience", "Tools",
              "Goods track", "Home board", "Animals", "Supply shortages")


def indicator_vp(value: int) -> int:
    """S1 "Goods Track": 15 -> 3 VP, 11-14 -> 2, 7-10 -> 1, below 7 -> 0."""
    if value >= 15:
        return 3
    if value >= 11:
        return 2
    if value >= 7:
        return 1
    return 0


def food_split(food: int) -> tuple[int, int]:
    """The best split of ``food`` (0..30) over the two food indicators (each 0..15):
    ENGINE, S1 lets you shift them "at any time". Ties keep the higher first indicator."""
    best = (-1, 0, 0)
    for a in range(min(15, food), -1, -1):
        b = food - a
        if b > 15 or b > a:
            continue
        v = indicator_vp(a) + indicator_vp(b)
        if v > best[0]:
            best = (v, a, b)
    return best[1], best[2]


def goods_track(h: Home) -> int:
    """Per indicator (two food indicators split best, grain, flax, wool, hides), doubled
    once by a depot (S1)."""
    a, b = food_split(h.g["food"])
    vp = indicator_vp(a) + indicator_vp(b) + sum(indicator_vp(h.g[x]) for x in ("grain", "flax", "wool", "hides"))
    return vp * 2 if "depot" in h.land else vp


def animal_vp(sheep: int, cattle: int, horses: int) -> int:
    """S1: the type you have fewest of scores 2 per animal, the second fewest 1, the third 0
    (ties as in S1's third example: 3/3/3 -> 0+3+6 = 9)."""
    a, b, _ = sorted((sheep, cattle, horses))
    return 2 * a + b


def clothing(h: Home) -> float:
    """Clothing and materials: brick, linen, woolen, leather 1; summer wear 2; winter, leather wear 2.5; timber 0.5."""
    return clothing_of(h.g)


def clothing_of(goods: dict[str, int]) -> float:
    """``clothing`` for a goods count (good -> count, as ``Home.g``)."""
    return sum(vp * goods[k] for k, vp in C.TOKEN_VP.items())


def equipment(h: Home) -> int:
    """VP on barn items, -3 without a large vehicle (S1)."""
    vp = sum(C.EQUIPMENT[v.kind][4] for v in h.barn)
    if not any(C.EQUIPMENT[v.kind][1] for v in h.barn):
        vp += C.NO_LARGE_VEHICLE_VP
    return vp


def travel(h: Home) -> int:
    """Travel experience VP for the cells covered (TRAVEL_VP, R4)."""
    return C.TRAVEL_VP[min(h.travel, len(C.TRAVEL_VP) - 1)]


def tools(h: Home) -> int:
    """VP of the ten tool tracks (FS 4.1)."""
    return sum(C.TOOLS[t][3][h.tools[i]] for i, t in enumerate(C.TOOL_IDS))


def minus_symbols(h: Home) -> int:
    """Uncovered -1 symbols in the tideland (dike moves 5-7 cover them)."""
    return 3 - max(0, h.dikes - (C.DIKE_MINUS_FROM - 1))


def home_board(h: Home) -> int:
    """VP on tiles and buildings, less moors (-4 undrained, -1 drained, -3 boardwalk) and
    uncovered -1 symbols (S1)."""
    vp = 0
    for tile in h.land:
        vp += C.TILES[tile][1] if tile in C.TILES else C.BUILDINGS[tile][2]
    for slot, peat in enumerate(h.moors):
        if peat == C.REMOVED:
            continue
        if slot == 0:
            vp += C.BOARDWALK_VP
        else:
            vp += C.MOOR_VP_UNDRAINED if peat == C.UNDRAINED else C.MOOR_VP_DRAINED
    return vp - minus_symbols(h)


def parts(h: Home) -> dict[str, float]:
    """VP by the score pad's categories (CATEGORIES order)."""
    return {
        "Clothing and materials": clothing(h),
        "Equipment in the barn": equipment(h),
        "Travel experience": travel(h),
        "Tools": tools(h),
        "Goods track": goods_track(h),
        "Home board": home_board(h),
        "Animals": animal_vp(h.g["sheep"], h.g["cattle"], h.g["horse"]),
        "Supply shortages": C.SHORTAGE_VP * h.short,
    }
