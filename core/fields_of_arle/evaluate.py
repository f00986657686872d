"""Fields of Arle evaluation for the bots: each seat's projected final score margin.

The projection is the score pad (S1 "End of the game and scoring", ``scoring``) of the
home as it will stand after the coming inventories, plus a small value for what can
still become points while half-years remain:

- loaded vehicles count as emptied (S1 inventory step 1): a loaded leather already
  counts as the leather wear it becomes, a loaded destination as its travel cells;
- animals count only as many as the home board can house (``animals.fits``): one the
  player must release at once (rules.py's "release" decision) is worth nothing;
- the food the remaining feedings take (3 food per inventory, S1 step 4; grain pays
  what food cannot) is set aside: only what is left over counts on the food
  indicators, and every unit missing costs ``FOOD_NEED_VALUE`` (the actions that must
  still fetch it), twice that for the very next feeding (-2 VP a unit unpaid);
- a goods indicator between two scoring spaces (7, 11, 15) counts its way towards the
  next one (``GOODS_STEP``), so a unit of wool is worth something before the 7th;
- wood, clay, peat, goods and animals count ``MATERIAL_VALUE`` / ``GOOD_VALUE`` /
  ``ANIMAL_VALUE`` a unit, scaled by the share of the game left.

Solo: the margin is against the target score (R11). Once the game is over it is the
real score.
"""

from __future__ import annotations

from core.engine import margin_phrase
from core.fields_of_arle import animals as AN
from core.fields_of_arle import components as C
from core.fields_of_arle import scoring as SC
from core.fields_of_arle.state import Home, State

#: VP per unit still convertible, scaled by the share of the game left.
MATERIAL_VALUE = 0.25  # wood, clay, peat: buildings, tools, vehicles, fuel
GOOD_VALUE = 0.15  # flax, wool, hides, grain: cloth and food
ANIMAL_VALUE = 0.5  # breeding and food
#: VP per unit of food the remaining feedings still lack (an action must fetch it).
FOOD_NEED_VALUE = 0.5
#: The share of the next scoring space's VP a goods indicator has earned on its way there
#: (while ``SMOOTH_ACTIONS`` or more worker placements are still to come; less after).
GOODS_STEP = 0.6
SMOOTH_ACTIONS = 4.0


def _smooth(exact: list[float]) -> tuple[float, ...]:
    """``exact`` (VP at each value) with the values between two scoring values
    counting ``GOODS_STEP`` of their way to the next one."""
    out = list(exact)
    prev = 0
    for v in range(1, len(exact)):
        if exact[v] != exact[v - 1]:
            for u in range(prev + 1, v):
                out[u] = exact[u] + GOODS_STEP * (exact[v] - exact[u]) * (u - prev) / (v - prev)
            prev = v
    return tuple(out)


_INDICATOR = _smooth([SC.indicator_vp(v) for v in range(16)])
_FOOD_EXACT = [sum(SC.indicator_vp(x) for x in SC.food_split(f)) for f in range(C.CAP["food"] + 1)]
_FOOD = _smooth(_FOOD_EXACT)


def _steps_ahead(state: State, seat: int) -> list[tuple[int, frozenset[str]]]:
    """The inventories still ahead of ``seat``: (half-year, its steps still to come)."""
    out = []
    half = state.half
    if state.phase == "work":
        out.append((half, _ALL_STEPS))
    elif state.phase == "inventory":
        todo = frozenset(t.kind for t in state.tasks if t.seat == seat)
        if todo:
            out.append((half, todo))
    if state.phase in ("work", "inventory"):
        out += [(x, _ALL_STEPS) for x in range(half + 1, C.HALF_YEARS + 1)]
    return out


_ALL_STEPS = frozenset(("milk", "harvest", "breed", "shear", "feed", "heat"))
#: S1 milking and shearing by the animals kept (the last entry: that many or more).
_MILK_SHEEP = tuple(sum(1 for k in C.MILK_SHEEP if n >= k) for n in range(C.MILK_SHEEP[-1] + 1))
_MILK_CATTLE = tuple(sum(1 for k in C.MILK_CATTLE if n >= k) for n in range(C.MILK_CATTLE[-1] + 1))
_SHEAR = tuple(sum(1 for k in C.SHEAR if n >= k) for n in range(C.SHEAR[-1] + 1))


def actions_left(state: State, seat: int) -> float:
    """Worker placements still to come for ``seat`` (this half-year's shared out
    evenly between the seats)."""
    if state.phase != "work":
        return float(C.WORKERS * (C.HALF_YEARS - state.half))
    n = len(state.homes)
    now = 0.0 if state.homes[seat].ended else max(0, C.WORKERS * n - state.placed) / n
    return now + C.WORKERS * (C.HALF_YEARS - state.half)


def _housed(g: dict[str, int], room: tuple[int, int, int, int]) -> list[int]:
    """[sheep, cattle, horses] as many as a home with ``room`` (``animals.housing``)
    can house: an animal over that is released, the one whose loss costs the fewest
    animal VP first."""
    counts = [g["sheep"], g["cattle"], g["horse"]]
    while sum(counts) and not AN.fits(tuple(counts), *room):
        best = None
        for i in range(3):
            if counts[i]:
                trial = counts[:i] + [counts[i] - 1] + counts[i + 1:]
                v = SC.animal_vp(*trial)
                if best is None or v > best[0]:
                    best = (v, i)
        counts[best[1]] -= 1
    return counts


def _inventories(state: State, seat: int, h: Home, g: dict[str, int], acts: float,
                 room: tuple[int, int, int, int]) -> float:
    """Play the inventories still ahead on the goods ``g`` (changed in place): S1's
    milking, harvest, breeding (the best young the home gives now, first May only),
    shearing, feeding (3 food, grain for missing food) and heating (2 peat, wood
    for missing peat). Returns the VP the missing food and fuel cost: 2 a unit at
    a feeding no worker can still prepare for, else ``FOOD_NEED_VALUE``."""
    cost = 0.0
    fields, flax, forests = h.land.count("grain"), h.land.count("flax"), h.land.count("forest")
    bred = False
    for i, (half, steps) in enumerate(_steps_ahead(state, seat)):
        unit = FOOD_NEED_VALUE if (i > 0 or acts > 0) else -C.SHORTAGE_VP
        if half % 2 == 1:
            if "milk" in steps:
                milk = (_MILK_SHEEP[min(g["sheep"], C.MILK_SHEEP[-1])]
                        + _MILK_CATTLE[min(g["cattle"], C.MILK_CATTLE[-1])])
                g["food"] = min(C.CAP["food"], g["food"] + milk)
            if "harvest" in steps:
                g["grain"] = min(C.CAP["grain"], g["grain"] + fields)
                g["flax"] = min(C.CAP["flax"], g["flax"] + flax)
                g["wood"] += forests
        else:
            if "breed" in steps and not bred:
                bred = True
                young = h.breed if any(h.breed) else next(iter(AN.offspring(
                    (g["sheep"], g["cattle"], g["horse"]), *room)), (0, 0, 0))
                for a, n in zip(C.ANIMALS, young):
                    g[a] += n
            if "shear" in steps:
                g["wool"] = min(C.CAP["wool"], g["wool"] + _SHEAR[min(g["sheep"], C.SHEAR[-1])])
        if "feed" in steps:
            need = C.FEED_FOOD
            for k in ("food", "grain"):
                x = min(need, g[k])
                g[k] -= x
                need -= x
            cost += unit * need
        if "heat" in steps and half % 2 == 1:
            need = C.FEED_FUEL
            for k in ("peat", "wood", "timber"):
                x = min(need, g[k])
                g[k] -= x
                need -= x
            cost += unit * need
    return cost


def home_projection(state: State, seat: int) -> float:
    """``seat``'s projected final score (VP) while the game is not over."""
    h = state.homes[seat]
    g = dict(h.g)
    travel = h.travel
    for v in h.barn:  # S1 step 1: what the vehicles carry arrives at the next inventory
        for c in v.cells:
            if c in C.REFINE:
                g[C.REFINE[c]] += 1
            elif c == "peat":
                g["peat"] += 1
            elif c in C.DESTINATIONS:
                travel += C.DESTINATIONS[c][1]
    room = AN.housing(h)
    g["sheep"], g["cattle"], g["horse"] = _housed(g, room)
    acts = actions_left(state, seat)
    left = acts / (C.HALF_YEARS * C.WORKERS)
    cost = _inventories(state, seat, h, g, acts, room)
    step = min(1.0, acts / SMOOTH_ACTIONS)
    track = sum(_track(g[x], step) for x in ("grain", "flax", "wool", "hides")) + _food(g["food"], step)
    if "depot" in h.land:
        track *= 2
    total = (
        SC.clothing_of(g)
        + SC.equipment(h)
        + C.TRAVEL_VP[min(travel, len(C.TRAVEL_VP) - 1)]
        + SC.tools(h)
        + track
        + SC.home_board(h)
        + SC.animal_vp(g["sheep"], g["cattle"], g["horse"])
        + C.SHORTAGE_VP * h.short
    )
    mats = g["wood"] + g["clay"] + g["peat"]
    goods = g["flax"] + g["wool"] + g["hides"] + g["grain"]
    total += left * (MATERIAL_VALUE * mats + GOOD_VALUE * goods
                     + ANIMAL_VALUE * (g["sheep"] + g["cattle"] + g["horse"]))
    return total - cost


def _track(v: int, step: float) -> float:
    """A goods indicator at ``v`` (0..15): its VP, and ``step`` of its way to the next scoring space."""
    exact = SC.indicator_vp(v)
    return exact + step * (_INDICATOR[v] - exact)


def _food(f: int, step: float) -> float:
    """The two food indicators holding ``f`` food (0..30), as ``_track``."""
    exact = _FOOD_EXACT[f]
    return exact + step * (_FOOD[f] - exact)


def projected(state: State) -> list[float]:
    """Per seat, the projected final score in VP."""
    if state.phase == "over":
        return [sum(SC.parts(h).values()) for h in state.homes]
    return [home_projection(state, i) for i in range(len(state.homes))]


def margins(state: State) -> list[float]:
    """Per seat, projected score minus the best other seat's (solo: minus the target)."""
    scores = projected(state)
    if len(scores) == 1:
        return [scores[0] - C.SOLO_TARGET]
    top = sorted(scores, reverse=True)
    return [s - (top[1] if s == top[0] else top[0]) for s in scores]


def margin_text(state: State, margin: float) -> str:
    """The hint's words for a projected margin (``BotModules.margin_text``): solo,
    the score against the target. The figure counts the home as the coming
    inventories will leave it, with nothing more built, bought or bred: early on
    it is far below the final score (a game that ended at 95 read 1, -3, 7, 18,
    ...), so while worker actions remain it is worded as the score as it stands
    and how many actions are still to come, "your score as it stands 7 (target
    110 at the end; 36 worker actions to come)", and only after the last one as
    "projected final score 95 (target 110)". Else ``core.engine.margin_phrase``:
    "projected to finish 4.5 VP ahead"."""
    if len(state.homes) == 1:
        score = margin + C.SOLO_TARGET
        left = round(actions_left(state, 0))
        if left >= 1:
            return (f"your score as it stands {score:.0f} (target {C.SOLO_TARGET} at the end; "
                    f"{left} worker action{'s' if left != 1 else ''} to come)")
        return f"projected final score {score:.0f} (target {C.SOLO_TARGET})"
    return margin_phrase(margin)


def evaluate(state: State, seat: int) -> float:
    """``seat``'s projected final score margin in VP (positive: ahead)."""
    return margins(state)[seat]


#: The strong bot's weight for a finished game's result beyond the margin
#: (``BotModules.win_weight``): none, since the final margin says who wins (the
#: higher score; solo, the target reached), and a result weighed on top taught the
#: search to put a lost end off with free moves (releasing animals for nothing).
WIN_WEIGHT = 0.0
