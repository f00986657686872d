"""Animal housing: does an arrangement exist, and which May offspring can one give.

S1 "Animals": each of the 5 dikes holds 1 animal of any type; each empty land space up to
2 of one type; a stall up to 3 of one type (a double stall counts as two stalls); a
stable up to 6 of one type; a park up to 2 of any types. Animals are kept as counts per
type (ENGINE: the program finds an arrangement whenever one exists; see RULES.md 5).

Breeding (S1 May 2, AU D1): a stall or stable of capacity c holding n animals of one type
gets min(n // 2, c - n) young; animals elsewhere have none.
"""

from __future__ import annotations

from functools import lru_cache

from core.fields_of_arle import components as C
from core.fields_of_arle.state import Home


#: polder spaces opened after 0..7 dike moves (3 per completed line, AU E1)
_POLDER = tuple(3 * sum(1 for k in C.DIKE_OPENS if m >= k) for m in range(C.DIKE_MOVES_MAX + 1))


def land_spaces(h: Home) -> int:
    """Usable land spaces on ``h``'s home board (built on or empty).

    5 at the start (AU E2), +3 for each completed dike line (moves 1, 4, 7), +1 when the
    boardwalk is gone, +2 for each moor tile removed (S1 "Moors").
    """
    n = C.START_LAND + _POLDER[h.dikes]
    if C.REMOVED in h.moors:
        for slot, peat in enumerate(h.moors):
            if peat == C.REMOVED:
                n += C.MOOR_SPACES[slot]
    return n


def empty_spaces(h: Home) -> int:
    """Empty land spaces (where a tile may go, and 2 animals of one type may stand)."""
    return land_spaces(h) - len(h.land)


def housing(h: Home) -> tuple[int, int, int, int]:
    """(empty land spaces, stalls, stables, any-type places) of ``h``.

    Stalls count a double stall as two; any-type places are the 5 dikes plus 2 per park.
    """
    land = h.land
    stalls = land.count("stall") + 2 * land.count("dstall")
    return (empty_spaces(h), stalls, land.count("stable"), C.DIKES + 2 * land.count("park"))


def _overflow(rest: tuple[int, ...], empty: int) -> int:
    """Animals left over after filling ``empty`` land spaces (2 of one type each) optimally."""
    pairs = sum(r // 2 for r in rest)
    odds = sum(r % 2 for r in rest)
    use = min(empty, pairs)
    covered = 2 * use + min(empty - use, odds)
    return sum(rest) - covered


def _splits(total: int, needs: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Ways to share ``total`` units among types: every type but the last gets at most
    ``needs[i]`` (more would be wasted); the last type gets all that is left."""
    out: list[tuple[int, ...]] = []

    def rec(i: int, left: int, acc: tuple[int, ...]) -> None:
        if i == len(needs) - 1:
            out.append(acc + (left,))
            return
        for k in range(min(left, needs[i]) + 1):
            rec(i + 1, left - k, acc + (k,))

    if not needs:
        return [()]
    rec(0, total, ())
    return out


@lru_cache(maxsize=65536)
def fits(counts: tuple[int, int, int], empty: int, stalls: int, stables: int, anyp: int) -> bool:
    """Whether ``counts`` (sheep, cattle, horses) can all be housed.

    Args:
        counts: animals per type.
        empty, stalls, stables, anyp: as returned by ``housing``.
    """
    total = sum(counts)
    if total <= anyp:
        return True
    if total > anyp + 2 * empty + 3 * stalls + 6 * stables:
        return False
    types = tuple(n for n in counts if n)
    for st in _splits(stables, tuple(-(-n // 6) for n in types)):
        for sl in _splits(stalls, tuple(-(-n // 3) for n in types)):
            rest = tuple(max(0, n - 6 * a - 3 * b) for n, a, b in zip(types, st, sl))
            if _overflow(rest, empty) <= anyp:
                return True
    return False


def home_fits(h: Home, extra: tuple[int, int, int] = (0, 0, 0)) -> bool:
    """Whether ``h``'s animals (plus ``extra`` per type) fit on its home board."""
    g = h.g
    return fits((g["sheep"] + extra[0], g["cattle"] + extra[1], g["horse"] + extra[2]), *housing(h))


def unit_young(capacity: int, n: int) -> int:
    """Young in May for ``n`` animals of one type in a stall (capacity 3) or stable (6):
    min(n // 2, capacity - n) (S1: stall 1 at 2; stable 1 at 2, 3, 5 and 2 at 4)."""
    return max(0, min(n // 2, capacity - n))


@lru_cache(maxsize=4096)
def _type_young(n: int, stalls: int, stables: int) -> dict[int, int]:
    """For ``n`` animals of one type in ``stalls`` stalls and ``stables`` stables:
    young -> the most animals those units can hold while giving exactly that many young."""
    states = {(0, 0)}
    units = [3] * stalls + [6] * stables
    for cap in units:
        nxt = set()
        for young, placed in states:
            for x in range(0, min(cap, n - placed) + 1):
                nxt.add((young + unit_young(cap, x), placed + x))
        states = nxt
    best: dict[int, int] = {}
    for young, placed in states:
        if placed > best.get(young, -1):
            best[young] = placed
    return best


@lru_cache(maxsize=16384)
def offspring(counts: tuple[int, int, int], empty: int, stalls: int, stables: int,
              anyp: int) -> tuple[tuple[int, int, int], ...]:
    """Every (young sheep, young cattle, young horses) some arrangement of ``counts`` gives
    in May, most young first (ties: sheep, cattle, horses order). Empty if nothing fits."""
    found: set[tuple[int, int, int]] = set()
    needs = counts  # more units than animals of a type never change its young
    for st in _splits(stables, needs):
        for sl in _splits(stalls, needs):
            opts = [_type_young(n, a, b) for n, a, b in zip(counts, sl, st)]
            for ys, ps in opts[0].items():
                for yc, pc in opts[1].items():
                    for yh, ph in opts[2].items():
                        key = (ys, yc, yh)
                        if key in found:
                            continue
                        rest = (counts[0] - ps, counts[1] - pc, counts[2] - ph)
                        if _overflow(rest, empty) <= anyp:
                            found.add(key)
    return tuple(sorted(found, key=lambda y: (-sum(y), tuple(-x for x in y))))


def home_offspring(h: Home) -> tuple[tuple[int, int, int], ...]:
    """``offspring`` for ``h`` as it stands."""
    g = h.g
    return offspring((g["sheep"], g["cattle"], g["horse"]), *housing(h))


def arrangement(h: Home) -> list[tuple[str, str, int]]:
    """One arrangement of ``h``'s animals, for display: (unit, animal type, count) rows,
    units "stable", "stall", "land", "park", "dike"; breeding units filled first. Gives the
    planned May young (``h.breed``) when that is achievable, else any fitting arrangement.
    Returns [] when the animals do not fit."""
    g = h.g
    counts = [g["sheep"], g["cattle"], g["horse"]]
    empty, stalls, stables, anyp = housing(h)
    if not fits(tuple(counts), empty, stalls, stables, anyp):
        return []
    rows: list[tuple[str, str, int]] = []
    left = list(counts)
    # greedy: biggest units to the most numerous types, checking the rest still fits
    units = ["stable"] * stables + ["stall"] * stalls
    for unit in units:
        cap = 6 if unit == "stable" else 3
        best = None
        for t in sorted(range(3), key=lambda i: -left[i]):
            for x in range(min(cap, left[t]), 0, -1):
                trial = list(left)
                trial[t] -= x
                rest_units = units[len(rows) + 1:]
                if fits(tuple(trial), empty, rest_units.count("stall"), rest_units.count("stable"), anyp):
                    best = (t, x)
                    break
            if best:
                break
        if best is None:
            rows.append((unit, "", 0))
            continue
        t, x = best
        left[t] -= x
        rows.append((unit, C.ANIMALS[t], x))
    for t in sorted(range(3), key=lambda i: -left[i]):
        while left[t] >= 2 and empty > 0:
            rows.append(("land", C.ANIMALS[t], 2))
            left[t] -= 2
            empty -= 1
    for t in range(3):
        if left[t] and empty > 0:
            rows.append(("land", C.ANIMALS[t], left[t]))
            left[t] = 0
            empty -= 1
    for t in range(3):
        if left[t]:
            rows.append(("dike/park", C.ANIMALS[t], left[t]))
    return rows
