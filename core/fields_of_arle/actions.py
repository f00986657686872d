"""Fields of Arle decisions: the 30 action spaces, buildings, vehicles and free actions.

Each pending Task kind has a LEGAL function (its choices as notation strings) and a DO
function (carry out one choice). Helpers pay costs (timber for wood, brick for clay, never
back: S1), gain goods up to the goods track's cap, cut peat, build dikes, load vehicles.
RULES.md beside this file states every rule; the section numbers below refer to it.
"""

from __future__ import annotations

from typing import Callable

from core.fields_of_arle import animals as AN
from core.fields_of_arle import components as C
from core.fields_of_arle.state import Home, State, Task, Vehicle

MAX_EVENTS = 16


def event(s: State, text: str) -> None:
    """Announce ``text`` in the log (newest last; the oldest beyond MAX_EVENTS drop)."""
    s.events.append(text)
    if len(s.events) > MAX_EVENTS:
        del s.events[0]


def plural(n: int, word: str) -> str:
    """"2 horses", "3 wood": ``n`` and ``word``, plural where English adds an s."""
    if word == "hides":
        return f"{n} hide" if n == 1 else f"{n} hides"
    if word in ("sheep", "cattle", "food", "wood", "timber", "clay", "peat", "grain", "flax", "wool",
                "linen", "woolen", "leather", "summer wear", "winter wear", "leather wear"):
        return f"{n} {word}"
    return f"{n} {word}" + ("" if n == 1 else "s")


def goods_text(d: dict[str, int]) -> str:
    """"2 wood, 1 horse" for a cost or gain dict (zero entries left out)."""
    return ", ".join(plural(n, C.NAMES[k]) for k, n in d.items() if n) or "nothing"


# ----------------------------------------------------------------------------- goods
def can_pay(h: Home, cost: dict[str, int]) -> bool:
    """Whether ``h`` can pay ``cost``: timber may pay for wood and brick for clay (S1)."""
    g = h.g
    timber = g["timber"] - cost.get("timber", 0)
    brick = g["brick"] - cost.get("brick", 0)
    if timber < 0 or brick < 0:
        return False
    for k, n in cost.items():
        if k == "wood":
            if g["wood"] + timber < n:
                return False
        elif k == "clay":
            if g["clay"] + brick < n:
                return False
        elif k not in ("timber", "brick") and g[k] < n:
            return False
    return True


def pay(h: Home, cost: dict[str, int]) -> None:
    """Pay ``cost`` (ENGINE: wood before timber, clay before brick; RULES.md 2.6)."""
    g = h.g
    for k, n in cost.items():
        if k == "wood" and g["wood"] < n:
            g["timber"] -= n - g["wood"]
            g["wood"] = 0
        elif k == "clay" and g["clay"] < n:
            g["brick"] -= n - g["clay"]
            g["clay"] = 0
        else:
            g[k] -= n


def gain(s: State, seat: int, good: str, n: int) -> int:
    """Add ``n`` of ``good`` to seat's supply, up to its cap; announce what is lost above it."""
    h = s.homes[seat]
    cap = C.CAP.get(good)
    have = h.g[good]
    got = n if cap is None else max(0, min(n, cap - have))
    h.g[good] = have + got
    if got < n:
        event(s, f"{s.players[seat]} loses {n - got} {C.NAMES[good]} above the goods track's {cap}")
    return got


def level(h: Home, track: str) -> int:
    """The number of tools on ``track`` (the value the indicator stands on)."""
    return C.TOOLS[track][1][h.tools[C.TOOL_IDS.index(track)]]


def tool_up(s: State, seat: int, track: str, steps: int = 1) -> int:
    """Move the indicator on ``track`` right by up to ``steps`` for free; returns steps made."""
    h = s.homes[seat]
    i = C.TOOL_IDS.index(track)
    top = len(C.TOOLS[track][1]) - 1
    made = min(steps, top - h.tools[i])
    h.tools[i] += made
    return made


# ----------------------------------------------------------------------------- home board
def field_tiles(h: Home) -> int:
    """Grain and flax fields on ``h``'s land."""
    return h.land.count("grain") + h.land.count("flax")


def peat_slots(h: Home) -> list[int]:
    """Moor slots with peat, the ENGINE default first (R14: fewest peat; the boardwalk wins ties)."""
    slots = [i for i, p in enumerate(h.moors) if p > 0]
    return sorted(slots, key=lambda i: (h.moors[i], i))


SLOT_NAMES = ("b", "m1", "m2", "m3")


def slot_text(i: int) -> str:
    """"the boardwalk" for moor slot 0, "moor i" for slots 1-3."""
    return "the boardwalk" if i == 0 else f"moor {i}"


def cut_from(s: State, seat: int, slot: int) -> None:
    """Cut 1 peat from moor ``slot``; an emptied moor leaves the game at once (S1)."""
    h = s.homes[seat]
    h.moors[slot] -= 1
    h.g["peat"] += 1
    if h.moors[slot] == 0:
        h.moors[slot] = C.REMOVED
        event(s, f"{s.players[seat]}'s {slot_text(slot).removeprefix('the ')} is empty and leaves the game:"
                 f" +{C.MOOR_SPACES[slot]} land space{'s' if C.MOOR_SPACES[slot] > 1 else ''}")


def add_dikes(s: State, seat: int, n: int) -> None:
    """Build ``n`` dikes (S1 picture sequence; AU E1): each moves the lowest dike to the
    first free gap above. Moves 1, 4, 7 open 3 polder spaces; 5-7 cover a -1 symbol; beyond
    7 nothing is left to move (R2)."""
    h = s.homes[seat]
    name = s.players[seat]
    for _ in range(n):
        if h.dikes >= C.DIKE_MOVES_MAX:
            event(s, f"{name}'s dike is lost: the dike line is complete (R2)")
            continue
        h.dikes += 1
        what = []
        if h.dikes in C.DIKE_OPENS:
            what.append("3 new land spaces")
        if h.dikes >= C.DIKE_MINUS_FROM:
            what.append("covers a -1 symbol")
        event(s, f"{name} moves dike {h.dikes}" + (f": {' and '.join(what)}" if what else ""))


def place_tile(s: State, seat: int, tile: str) -> None:
    """Put ``tile`` (a land tile or building id) on an empty land space."""
    s.homes[seat].land.append(tile)
    pile = C.PILE.get(tile)
    if pile:
        s.supply[pile] -= 1


def has_room(h: Home) -> bool:
    """Whether ``h`` has an empty land space for a tile or building."""
    return AN.empty_spaces(h) > 0


# ----------------------------------------------------------------------------- barn
def barn_counts(h: Home) -> tuple[int, int]:
    """(small items, large vehicles) in ``h``'s barn."""
    large = sum(1 for v in h.barn if C.EQUIPMENT[v.kind][1])
    return len(h.barn) - large, large


def barn_fits(h: Home, kind: str) -> bool:
    """Whether one more ``kind`` fits the barn: 4 small + 3 large spaces, the lowest large
    space holding a 5th small item instead (S1)."""
    small, large = barn_counts(h)
    if C.EQUIPMENT[kind][1]:
        large += 1
    else:
        small += 1
    return large <= C.BARN_LARGE and small <= C.BARN_SMALL + (1 if large < C.BARN_LARGE else 0)


def add_equipment(s: State, seat: int, kind: str) -> None:
    """Take ``kind`` from its supply pile into ``seat``'s barn, its cells empty."""
    s.homes[seat].barn.append(Vehicle(kind, [""] * len(C.EQUIPMENT[kind][5])))
    s.supply[C.PILE[kind]] -= 1


def vehicle_cost(kind: str, animal: str = "") -> dict[str, int]:
    """Cost of ``kind`` (AU G1): its wood and horses, plus ``animal`` (the plow's cattle or horse)."""
    _, _, wood, horses, _, _, _ = C.EQUIPMENT[kind]
    cost = {"wood": wood}
    if horses:
        cost["horse"] = horses
    if animal:
        cost[animal] = cost.get(animal, 0) + 1
    return cost


def can_take(s: State, seat: int, kind: str) -> bool:
    """Whether a ``kind`` is left in the supply and fits ``seat``'s barn."""
    return s.supply[C.PILE[kind]] > 0 and barn_fits(s.homes[seat], kind)


def vehicle_options(s: State, seat: int, first: bool = False) -> list[str]:
    """"vehicle <kind>" for each vehicle ``seat`` can take and pay (``first``: stop at one)."""
    h = s.homes[seat]
    if h.g["wood"] + h.g["timber"] < 2:
        return []
    out = []
    for k in C.VEHICLES:
        if can_take(s, seat, k) and can_pay(h, vehicle_cost(k)):
            out.append(f"vehicle {k}")
            if first:
                break
    return out


def is_empty(v: Vehicle) -> bool:
    """Whether nothing lies on ``v`` (plows and peat boats have no cells)."""
    return not any(v.cells)


def find_item(h: Home, kind: str, empty_first: bool = True) -> int:
    """Index of a barn item of ``kind`` (an empty one first), -1 if none."""
    best = -1
    for i, v in enumerate(h.barn):
        if v.kind == kind:
            if not empty_first or is_empty(v):
                return i
            if best < 0:
                best = i
    return best


def placements(v: Vehicle, size: int) -> list[int]:
    """Start cells where a token of ``size`` cells may go on ``v`` (AU H1): adjacent empty
    cells of one large vehicle, a printed double never split, a size-1 token never on a
    double; small vehicles take size-1 tokens only."""
    name, large, _, _, _, layout, _ = C.EQUIPMENT[v.kind]
    cells = v.cells
    out = []
    if not large:
        return [i for i, c in enumerate(cells) if c == "" and size == 1]
    n = len(layout)
    for i in range(0, n - size + 1):
        if any(cells[j] for j in range(i, i + size)):
            continue
        if size == 1 and layout[i] == "d":
            continue
        ok = True
        for j in range(n - 1):
            if layout[j] == "d" and layout[j + 1] == "d" and (i <= j < i + size) != (i <= j + 1 < i + size):
                ok = False
                break
        if ok:
            out.append(i)
    return out


def load_tokens(h: Home) -> list[str]:
    """Tokens ``h`` could load now (clay needs 1 peat beside it)."""
    g = h.g
    out = []
    for t in ("wood", "clay", "linen", "woolen", "leather"):
        if g[t] > 0 and (t != "clay" or g["peat"] > 0):
            out.append(t)
    return out


# ----------------------------------------------------------------------------- buildings
def cost_variants(spec: tuple) -> list[tuple[str, dict[str, int]]]:
    """(label, cost dict) for every way to pay a building's cost spec (C.BUILDINGS)."""
    out: list[tuple[str, dict[str, int]]] = [("", {})]
    for part in spec:
        if isinstance(part, dict):
            alts = [("", part)]
        elif part == "mat1":
            alts = [(m, {m: 1}) for m in C.MATERIALS]
        elif part == "mat2":
            alts = [(f"{a}+{b}", {a: 1, b: 1}) for i, a in enumerate(C.MATERIALS) for b in C.MATERIALS[i + 1:]]
        elif part == "cloth2":
            alts = [(f"{a}+{b}", {a: 1, b: 1}) for i, a in enumerate(C.CLOTHING) for b in C.CLOTHING[i + 1:]]
        else:  # ("alt", d1, d2)
            alts = [(next(iter(d)), d) for d in part[1:]]
        nxt = []
        for label, cost in out:
            for l2, c2 in alts:
                merged = dict(cost)
                for k, n in c2.items():
                    merged[k] = merged.get(k, 0) + n
                nxt.append(("+".join(x for x in (label, l2) if x), merged))
        out = nxt
    return out


def _exact(h: Home, cost: dict[str, int]) -> bool:
    """Whether ``cost`` can be paid without substitutes for its materials (used where the
    cost itself names the material: mat1 / mat2 variants)."""
    return all(h.g[k] >= n for k, n in cost.items())


def build_options(s: State, seat: int, first: bool = False) -> list[str]:
    """"build <id>[ <payment>]" for every building on the board that fits an empty land
    space and can be paid (FS 9; a payment label only where the cost has alternatives)."""
    h = s.homes[seat]
    if not has_room(h):
        return []
    g = h.g
    if first:  # a probe: memoised on what it depends on
        key = (tuple(s.buildings), tuple(g.values()))
        hit = _PROBES.get(key)
        if hit is None:
            if len(_PROBES) > 4096:
                _PROBES.clear()
            hit = _PROBES[key] = _build_options(s.buildings, h, True)
        return hit
    return _build_options(s.buildings, h, False)


_PROBES: dict[tuple, list[str]] = {}


def _build_options(buildings: list[str], h: Home, first: bool) -> list[str]:
    out: list[str] = []
    g = h.g
    for b in buildings:
        if any(g[k] < n for k, n in _NEEDS[b]):
            continue
        named, variants = _VARIANTS[b]
        for label, cost in variants:
            if (named and _exact(h, cost)) or (not named and can_pay(h, cost)):
                out.append(f"build {b} {label}" if label else f"build {b}")
                if first:
                    return out
    return out


#: building id -> (payment names the material?, [(label, cost)]) computed once
_VARIANTS = {b: (any(p in ("mat1", "mat2") for p in spec[3] if isinstance(p, str)), cost_variants(spec[3]))
             for b, spec in C.BUILDINGS.items()}


#: building id -> goods every payment of it needs (wood and clay left out: substitutes)
_NEEDS = {b: tuple((k, min(c.get(k, 0) for _, c in v[1])) for k in C.GOODS
                   if k not in ("wood", "clay") and min(c.get(k, 0) for _, c in v[1]) > 0)
          for b, v in _VARIANTS.items()}


def building_cost(b: str, label: str) -> dict[str, int]:
    """The cost of building ``b`` paid as ``label`` (a payment label from ``build_options``). Raises KeyError for an unknown label."""
    for l2, cost in _VARIANTS[b][1]:
        if l2 == label:
            return cost
    raise KeyError(label)


def owns(h: Home, b: str) -> bool:
    """Whether building ``b`` stands on ``h``'s land."""
    return b in h.land


# ----------------------------------------------------------------------------- flips
FLIP_TILES = ("forest", "stall", "stable")


def flip_options(s: State, seat: int) -> list[str]:
    """"flip <x>" for every tile or item of ``seat`` with the flip arrow (FS 4.3)."""
    h = s.homes[seat]
    out = [f"flip {t}" for t in FLIP_TILES if t in h.land]
    if C.UNDRAINED in h.moors:
        out.append("flip moor")
    seen = []
    for v in h.barn:
        if C.EQUIPMENT[v.kind][6] and v.kind not in seen:
            seen.append(v.kind)
            out.append(f"flip {v.kind}")
    return out


def do_flip(s: State, seat: int, what: str) -> None:
    """Turn ``what`` over (FS 4.3): a land tile, an undrained moor (4 peat on it) or a barn item (loads kept, R7)."""
    h = s.homes[seat]
    if what in FLIP_TILES:
        h.land[h.land.index(what)] = C.TILES[what][3]
    elif what == "moor":
        h.moors[h.moors.index(C.UNDRAINED)] = C.MOOR_PEAT
    else:
        v = h.barn[find_item(h, what)]
        v.kind = C.EQUIPMENT[what][6]
        v.cells = v.cells + [""] * (len(C.EQUIPMENT[v.kind][5]) - len(v.cells))  # R7


def flip_text(what: str) -> str:
    """What turning ``what`` over does, in words."""
    if what == "moor":
        return "drains a moor (4 peat on it)"
    if what in FLIP_TILES:
        return f"turns a {C.TILES[what][0]} into a {C.TILES[C.TILES[what][3]][0]}"
    return f"turns a {C.EQUIPMENT[what][0]} into a {C.EQUIPMENT[C.EQUIPMENT[what][6]][0]}"


# ----------------------------------------------------------------------------- action spaces
def _times(n: int) -> list[str]:
    return [f"times {k}" for k in range(1, n + 1)]


def clay_units(h: Home) -> int:
    """Clay a payment can take from ``h``: clay and brick."""
    return h.g["clay"] + h.g["brick"]


def wood_units(h: Home) -> int:
    """Wood a payment can take from ``h``: wood and timber."""
    return h.g["wood"] + h.g["timber"]


def animal_total(h: Home) -> int:
    """All of ``h``'s animals."""
    return h.g["sheep"] + h.g["cattle"] + h.g["horse"]


def bake_max(h: Home) -> int:
    """Baker (FS 3.2 #9): grain, flax only when out of grain; peat, wood/timber only when out of peat."""
    g = h.g
    return min(level(h, "ovens"), g["grain"] + g["flax"], g["peat"] + g["wood"] + g["timber"])


def space_options(s: State, seat: int, i: int, probe: bool = False) -> list[str]:
    """The choices of action space ``i`` for ``seat``, its cost already paid. [""] means
    the action runs without a choice; [] means it could do nothing now. ``probe``: only
    whether there is a choice matters (the list may be cut short)."""
    h = s.homes[seat]
    g = h.g
    sid = C.SPACE_IDS[i]
    if sid == "fisherman":
        return [""]
    if sid == "grocer":
        return ["take timber", "take brick", "take sheep", "take cattle", "take horse"]
    if sid == "woolweaver":
        return _times(min(level(h, "looms"), g["wool"]))
    if sid == "colonist":
        out = ["take horse"]
        if C.UNDRAINED in h.moors:
            out += ["drain", "both"]
        return out
    if sid == "peatcutter":
        return [""] if peat_slots(h) else []
    if sid == "dikebuilder":
        out = ["take sheep", "take cattle"]
        if h.dikes < C.DIKE_MOVES_MAX:
            out += ["dikes", "sheep+dikes", "cattle+dikes"]
        return out
    if sid in ("clayworker", "woodcutter", "boatman"):
        return [""]
    if sid == "farmer":
        out = []
        plows = sum(1 for v in h.barn if v.kind == "plow")
        can_plow = s.supply["boat"] > 0 and barn_fits(h, "plow")
        fields = has_room(h) and s.supply["field"] > 0
        for a in C.PLOW_ANIMAL:
            if can_plow and can_pay(h, vehicle_cost("plow", a)):
                out.append(f"plow {a}")
                if fields:
                    out.append(f"plow {a}+fields")
        if fields and plows:
            out.append("fields")
        return out
    if sid == "forester":
        out = ["take forest"] if has_room(h) and s.supply["forest"] > 0 else []
        return out + build_options(s, seat, probe)
    if sid in ("master", "wmaster"):
        return [""] if master_tracks(h, "", True) else []
    if sid == "carpenter":
        out = ["stall"] if can_stall(s, seat) else []
        return out + build_options(s, seat, probe)
    if sid == "builder":
        return build_options(s, seat, probe)
    if sid == "warden":
        return flip_options(s, seat)
    if sid == "laborer":
        out = vehicle_options(s, seat, probe)
        return out if probe and out else out + imitate_options(s, seat, 0)
    if sid == "tanner":
        return _times(min(level(h, "beams"), g["hides"]))
    if sid == "linenweaver":
        return _times(min(level(h, "looms"), g["flax"]))
    if sid == "butcher":
        return [""] if animal_total(h) else []
    if sid == "cattletrader":
        return ["take cattle", "take horse"]
    if sid == "wgrocer":
        return ["take sheep", "take cattle", "take horse"]
    if sid == "merchant":
        return ["take wood+timber", "take wood+brick", "take clay+timber", "take clay+brick"]
    if sid == "potter":
        return _times(min(level(h, "wheels"), clay_units(h)))
    if sid == "baker":
        return _times(bake_max(h))
    if sid == "woodtrader":
        return ["take wood"] + build_options(s, seat, probe)
    if sid == "wainwright":
        out = vehicle_options(s, seat)
        boat = can_take(s, seat, "boat") and can_pay(h, {"wood": 1})
        if boat:
            both = []
            for o in out:
                k = o.split()[1]
                h.barn.append(Vehicle(k, []))
                if barn_fits(h, "boat") and can_pay(h, {"wood": C.EQUIPMENT[k][2] + 1, "horse": C.EQUIPMENT[k][3]}):
                    both.append(f"{o}+boat")
                h.barn.pop()
            out = out + both + ["boat"]
        return out
    if sid == "dikewarden":
        out = flip_options(s, seat)
        if h.dikes < C.DIKE_MOVES_MAX:
            out.append("dike")
        return out
    if sid == "wcarpenter":
        out = ["stall"] if can_stall(s, seat) else []
        if "stall" in h.land and s.supply["stable"] > 0 and g["brick"] >= 2:
            out.append("stable")
        return out
    if sid == "wlaborer":
        out = build_options(s, seat, probe)
        return out if probe and out else out + imitate_options(s, seat, C.SEASON_SPACES)
    raise KeyError(sid)


def can_stall(s: State, seat: int) -> bool:
    """Whether ``seat`` can build a stall: room, a stall left, 2 clay and 1 grain."""
    h = s.homes[seat]
    return has_room(h) and s.supply["stall"] > 0 and can_pay(h, {"clay": 2, "grain": 1})


def master_tracks(h: Home, done: str, first: bool = False) -> list[str]:
    """Tracks a Master step may move now: not yet moved in this action, not at the end, affordable."""
    out: list[str] = []
    for i, t in enumerate(C.TOOL_IDS):
        if t in done.split(",") or h.tools[i] >= len(C.TOOLS[t][1]) - 1:
            continue
        if can_pay(h, C.TOOLS[t][2]):
            out.append(t)
            if first:
                break
    return out


def space_cost(s: State, seat: int, i: int) -> dict[str, int] | None:
    """What placing on space ``i`` costs ``seat`` now, or None if it cannot be paid.
    Wood Trader: 1 food, or 1 grain when out of food (R10)."""
    cost = C.SPACES[i][2]
    if not cost:
        return cost
    h = s.homes[seat]
    if C.SPACE_IDS[i] == "woodtrader" and h.g["food"] < 1:
        cost = {"grain": 1}
    return cost if can_pay(h, cost) else None


#: spaces without a cost whose action always offers something (see space_options)
_ALWAYS = frozenset(C.SPACE_INDEX[x] for x in ("fisherman", "grocer", "colonist", "dikebuilder", "clayworker",
                                                "woodcutter", "boatman", "cattletrader", "wgrocer", "merchant"))


def usable(s: State, seat: int, i: int) -> bool:
    """Whether ``seat`` could pay for space ``i`` and then do something there."""
    if i in _ALWAYS:
        return True
    cost = space_cost(s, seat, i)
    if cost is None:
        return False
    h = s.homes[seat]
    if not cost:
        return bool(space_options(s, seat, i, True))
    saved = dict(h.g)
    pay(h, cost)
    try:
        return bool(space_options(s, seat, i, True))
    finally:
        h.g = saved


def imitate_options(s: State, seat: int, base: int) -> list[str]:
    """"imitate <space>" for occupied spaces of the Laborer's own season (AU C3), not the
    Laborer itself, whose own cost can be paid after the Laborer's and that offer something."""
    out = []
    for i in range(base, base + C.SEASON_SPACES):
        sid = C.SPACE_IDS[i]
        if s.occupied[i] < 0 or sid in ("laborer", "wlaborer"):
            continue
        if usable(s, seat, i):
            out.append(f"imitate {sid}")
    return out


def start_space(s: State, seat: int, i: int) -> None:
    """Pay space ``i``'s cost and carry it out, or push its choice (Task "opt")."""
    h = s.homes[seat]
    cost = space_cost(s, seat, i)
    if cost:
        pay(h, cost)
    opts = space_options(s, seat, i)
    if opts == [""]:
        do_space(s, seat, i, "")
    else:
        s.tasks.append(Task("opt", seat, i))


def take_animal(s: State, seat: int, kind: str, n: int = 1) -> None:
    """``n`` animals of ``kind`` for ``seat`` (housing is checked after the decision)."""
    s.homes[seat].g[kind] += n


def do_space(s: State, seat: int, i: int, opt: str) -> None:
    """Carry out action space ``i`` with choice ``opt`` (FS 3; RULES.md 3)."""
    h = s.homes[seat]
    g = h.g
    sid = C.SPACE_IDS[i]
    w = opt.split() or [""]
    name = s.players[seat]
    if sid == "fisherman":
        tool_up(s, seat, "fish")
        gain(s, seat, "food", level(h, "fish"))
        take_animal(s, seat, "sheep")
    elif sid == "grocer":
        gain(s, seat, "grain", 1)
        g["leather"] += 1
        if w[1] in C.ANIMALS:
            take_animal(s, seat, w[1])
        else:
            g[w[1]] += 1
    elif sid in ("woolweaver", "tanner", "linenweaver", "potter"):
        k = int(w[1])
        src, dst = {"woolweaver": ("wool", "woolen"), "tanner": ("hides", "leather"),
                    "linenweaver": ("flax", "linen"), "potter": ("clay", "")}[sid]
        if sid == "potter":
            pay(h, {"clay": k})
            gain(s, seat, "food", 3 * k)
            g["peat"] += k
        else:
            g[src] -= k
            g[dst] += k
    elif sid == "colonist":
        if w[0] in ("drain", "both"):
            h.moors[h.moors.index(C.UNDRAINED)] = C.MOOR_PEAT
        if w[0] in ("take", "both"):
            take_animal(s, seat, "horse")
    elif sid == "peatcutter":
        s.tasks.append(Task("cut", seat, level(h, "spades"), 0, "opt"))
    elif sid == "dikebuilder":
        parts = w[-1].split("+")
        if "dikes" in parts:
            add_dikes(s, seat, C.SHOVEL_DIKES[h.tools[C.TOOL_IDS.index("shovels")]])
        for a in ("sheep", "cattle"):
            if a in parts:
                take_animal(s, seat, a)
    elif sid == "clayworker":
        g["clay"] += level(h, "shovels")
    elif sid == "woodcutter":
        g["wood"] += level(h, "axes")
    elif sid == "boatman":
        g["peat"] += 3 + sum(1 for v in h.barn if v.kind == "boat")
    elif sid == "farmer":
        parts = opt.split(" ", 1)
        if parts[0] == "plow":
            animal, _, fields = parts[1].partition("+")
            pay(h, vehicle_cost("plow", animal))
            add_equipment(s, seat, "plow")
            if fields:
                s.tasks.append(Task("field", seat, sum(1 for v in h.barn if v.kind == "plow")))
        else:
            s.tasks.append(Task("field", seat, sum(1 for v in h.barn if v.kind == "plow")))
    elif sid in ("forester", "carpenter", "builder", "woodtrader", "wlaborer") and w[0] == "build":
        build(s, seat, w[1], w[2] if len(w) > 2 else "")
    elif sid == "forester":
        place_tile(s, seat, "forest")
    elif sid in ("master", "wmaster"):
        s.tasks.append(Task("master", seat, level(h, "benches"), 0, ""))
    elif sid in ("carpenter", "wcarpenter") and w[0] == "stall":
        pay(h, {"clay": 2, "grain": 1})
        place_tile(s, seat, "stall")
    elif sid == "wcarpenter":
        pay(h, {"brick": 2})
        upgrade_stall(s, seat)
    elif sid in ("warden", "dikewarden"):
        if w[0] == "flip":
            do_flip(s, seat, w[1])
        if sid == "dikewarden":
            add_dikes(s, seat, 1)
    elif w[0] == "vehicle":
        kinds = w[1].split("+")
        pay(h, vehicle_cost(kinds[0]))
        add_equipment(s, seat, kinds[0])
        if len(kinds) > 1:
            pay(h, {"wood": 1})
            add_equipment(s, seat, "boat")
    elif sid == "wainwright":  # "boat"
        pay(h, {"wood": 1})
        add_equipment(s, seat, "boat")
    elif w[0] == "imitate":
        start_space(s, seat, C.SPACE_INDEX[w[1]])
    elif sid == "butcher":
        s.tasks.append(Task("butcher", seat, level(h, "tables")))
    elif sid == "cattletrader":
        gain(s, seat, "grain", 2)
        take_animal(s, seat, "sheep")
        take_animal(s, seat, w[1])
    elif sid == "wgrocer":
        g["wood"] += 1
        g["clay"] += 1
        take_animal(s, seat, w[1])
        s.tasks.append(Task("cut", seat, 1, 0, "must"))
    elif sid == "merchant":
        g["hides"] = min(15, g["hides"] + 2)
        for x in w[1].split("+"):
            g[x] += 1
    elif sid == "baker":
        for _ in range(int(w[1])):
            if g["grain"]:
                g["grain"] -= 1
            else:
                g["flax"] -= 1
            if g["peat"]:
                g["peat"] -= 1
            else:
                pay(h, {"wood": 1})
            gain(s, seat, "food", 6)
    elif sid == "woodtrader":
        g["wood"] += 4
    else:
        raise KeyError(f"{sid} {opt}")


def upgrade_stall(s: State, seat: int) -> None:
    """A stall becomes a stable (the stall tile goes back to its pile)."""
    h = s.homes[seat]
    h.land[h.land.index("stall")] = "stable"
    s.supply["stall"] += 1
    s.supply["stable"] -= 1


# ----------------------------------------------------------------------------- buildings
def build(s: State, seat: int, b: str, label: str) -> None:
    """Pay for building ``b``, put it on an empty land space and carry out its one-time
    effect (FS 9; RULES.md 9)."""
    h = s.homes[seat]
    pay(h, building_cost(b, label))
    s.buildings.remove(b)
    place_tile(s, seat, b)
    g = h.g
    name = s.players[seat]
    if b == "turnery":
        forests = h.land.count("forest")
        g["wood"] += forests
        if forests:
            s.tasks.append(Task("cut", seat, 2 * forests, 0, "must"))
    elif b == "smokehouse":
        s.tasks.append(Task("cut", seat, level(h, "fish"), 0, "must"))
    elif b == "smithy":
        s.tasks.append(Task("smithy", seat))
    elif b == "cooperage":
        milk = g["sheep"] + g["cattle"]
        k = next((k for need, k in C.COOPERAGE if milk >= need), 0)
        if k:
            gain(s, seat, "food", 2 * k)  # OUR READING: both food indicators move
            for x in ("grain", "flax", "wool", "hides"):
                gain(s, seat, x, k)
    elif b == "bakehouse":
        s.tasks.append(Task("bakehouse", seat))
    elif b == "mill":
        fields = field_tiles(h)
        food = next((f for need, f in C.MILL_FOOD if fields >= need), 0)
        gain(s, seat, "food", food)
    elif b == "weavingmill":
        g["winter"] += 1
        tool_up(s, seat, "looms", 2)
    elif b == "textile":
        for x in ("linen", "woolen", "leather"):
            g[x] += 1
    elif b == "saddlery":
        if g["horse"]:
            s.tasks.append(Task("cut", seat, g["horse"], 0, "must"))
        tool_up(s, seat, "beams")
    elif b == "joinery":
        g["peat"] += 2 * sum(1 for v in h.barn if v.kind == "boat")
        take_animal(s, seat, "horse", sum(1 for v in h.barn if v.kind == "plow"))
    elif b == "waterfront":
        gain(s, seat, "food", 10)
        add_dikes(s, seat, 2)
        tool_up(s, seat, "fish", 3)
    elif b == "pottersinn":
        s.tasks.append(Task("animal", seat, level(h, "wheels")))
    elif b == "farmersinn":
        s.tasks.append(Task("farmersinn", seat, 3))
    elif b == "junkinn":
        g["lwear"] += 1
        g["woolen"] += 1
        s.tasks.append(Task("junk", seat))
    elif b == "gulfinn":
        g["timber"] += h.land.count("stall") + 2 * h.land.count("dstall")
        g["brick"] += h.land.count("stable")
    elif b == "milkinn":
        take_animal(s, seat, "cattle")
        s.tasks.append(Task("cut", seat, g["cattle"], 0, "must"))
    elif b == "sluiceinn":
        tool_up(s, seat, "fish", 2)
        g["wood"] += level(h, "fish")
    elif b == "church":
        if can_take(s, seat, "carriage"):
            add_equipment(s, seat, "carriage")
        else:
            event(s, f"{name} gets no carriage: none left or no room in the barn (R6)")
    elif b == "lutetsburg":
        if has_room(h) and s.supply["forest"] > 0:
            place_tile(s, seat, "forest")
        for t in C.LUTETSBURG_TOOLS:
            tool_up(s, seat, t)
    elif b == "berum":
        tool_up(s, seat, "ovens")
        tool_up(s, seat, "looms")
        s.tasks.append(Task("flip", seat))


CLOCK_USES = ("parlor", "colhouse", "cworkshop", "schnapps", "litter", "woodhouse")


def clock_options(s: State, seat: int, final: bool = False) -> list[str]:
    """"use <building>" for each owned clock building whose exchange can be made now
    (``final``: after the work phase, so not the Loading Station)."""
    h = s.homes[seat]
    g = h.g
    out = []
    for b in CLOCK_USES:
        if b not in h.land:
            continue
        ok = {"parlor": g["flax"] >= 3, "colhouse": g["wool"] >= 2,
              "cworkshop": g["food"] >= 4 and g["brick"] >= 1 and "stall" in h.land and s.supply["stable"] > 0,
              "schnapps": g["grain"] >= 1 and g["peat"] >= 1 and g["food"] < C.CAP["food"],
              "litter": g["horse"] >= 2 and g["flax"] >= 3,
              "woodhouse": g["timber"] >= 1 and g["food"] >= 1}[b]
        if ok:
            out.append(f"use {b}")
    if not final and "loading" in h.land:
        for vi, v in enumerate(h.barn):
            for ci in placements(v, 1):
                out.append(f"use loading {vi + 1} {ci + 1}")
    return out


def do_clock(s: State, seat: int, w: list[str]) -> None:
    """Use a clock building (``w`` = ["use", id, ...]; FS 9.1)."""
    h = s.homes[seat]
    g = h.g
    b = w[1]
    if b == "parlor":
        g["flax"] -= 3
        g["linen"] += 1
        s.tasks.append(Task("cut", seat, 1, 0, "must"))
    elif b == "colhouse":
        g["wool"] -= 2
        g["clay"] += 1
        s.tasks.append(Task("cut", seat, 1, 0, "must"))
    elif b == "cworkshop":
        g["food"] -= 4
        g["brick"] -= 1
        upgrade_stall(s, seat)
    elif b == "schnapps":
        g["grain"] -= 1
        g["peat"] -= 1
        gain(s, seat, "food", 3)
    elif b == "litter":
        g["flax"] -= 3
        g["horse"] += 1
    elif b == "woodhouse":
        g["timber"] -= 1
        g["food"] -= 1
        g["wood"] += 2
    elif b == "loading":
        h.barn[int(w[2]) - 1].cells[int(w[3]) - 1] = "peat"


def boat_options(s: State, seat: int) -> list[str]:
    """Peat boat: 1 peat -> 1 food, grain, flax, wool or hides, any number of times (OUR READING)."""
    h = s.homes[seat]
    if h.g["peat"] < 1 or find_item(h, "boat", False) < 0:
        return []
    return [f"boat {x}" for x in C.TRACK_GOODS if h.g[x] < C.CAP[x]]


# ----------------------------------------------------------------------------- free actions
def free_options(s: State, seat: int) -> list[str]:
    """Free actions of the work phase (S1, O; RULES.md 4): load a vehicle, peat boat,
    clock buildings, release an animal, return equipment (R6)."""
    h = s.homes[seat]
    out = []
    dests: list[str] | None = None
    tokens = load_tokens(h)
    for vi, v in enumerate(h.barn):
        if not v.cells or all(v.cells):
            continue
        if dests is None:
            dests = [d for d in C.DEST_IDS if d not in h.visited and sales(s, seat, d, 0)]
        for t in tokens:
            for ci in placements(v, C.TOKEN_CELLS[t]):
                out.append(f"load {t} {vi + 1} {ci + 1}")
        for d in dests:
            for ci in placements(v, C.DESTINATIONS[d][1]):
                out.append(f"load {d} {vi + 1} {ci + 1}")
    out += boat_options(s, seat)
    out += clock_options(s, seat)
    for a in C.ANIMALS:
        if h.g[a]:
            out.append(f"release {a}")
    for vi, v in enumerate(h.barn):
        if is_empty(v):
            out.append(f"return {vi + 1}")
    return out


def do_free(s: State, seat: int, w: list[str]) -> None:
    """Carry out a free action (``w`` = its words; see ``free_options``)."""
    h = s.homes[seat]
    g = h.g
    v0 = w[0]
    if v0 == "load":
        tok, vi, ci = w[1], int(w[2]) - 1, int(w[3]) - 1
        v = h.barn[vi]
        size = C.TOKEN_CELLS.get(tok) or C.DESTINATIONS[tok][1]
        v.cells[ci] = tok
        for j in range(ci + 1, ci + size):
            v.cells[j] = "^"
        if tok in C.TOKEN_CELLS:
            g[tok] -= 1
            if tok == "clay":
                g["peat"] -= 1
        else:
            h.visited.append(tok)
            s.tasks.append(Task("sell", seat, 0, 0, tok))
    elif v0 == "boat":
        g["peat"] -= 1
        gain(s, seat, w[1], 1)
    elif v0 == "use":
        do_clock(s, seat, w)
    elif v0 == "release":
        g[w[1]] -= 1
    elif v0 == "return":
        v = h.barn.pop(int(w[1]) - 1)
        s.supply[C.PILE[v.kind]] += 1


FREE_VERBS = ("load", "boat", "use", "release", "return")


# ----------------------------------------------------------------------------- destinations
def sales(s: State, seat: int, dest: str, sold: int) -> list[str]:
    """"sell <n>[ <what>]" for each sale at ``dest`` not made yet (bit n of ``sold``) that
    can be paid now (FS 6)."""
    h = s.homes[seat]
    g = h.g
    out = []
    for n, (_, pays, _) in enumerate(C.DESTINATIONS[dest][2]):
        if sold >> n & 1:
            continue
        tag = f"sell {n + 1}"
        if isinstance(pays, dict):
            if all(g[k] >= q for k, q in pays.items()):
                out.append(tag)
        elif pays == "field":
            out += [f"{tag} {f}" for f in ("grain", "flax") if f in h.land]
        elif pays in ("plow", "boat"):
            if find_item(h, pays, False) >= 0:
                out.append(tag)
        elif pays == "animal":
            out += [f"{tag} {a}" for a in C.ANIMALS if g[a] >= 1]
        elif pays == "pair":
            out += [f"{tag} {a}" for a in C.ANIMALS if g[a] >= 2]
        elif pays == "cloth":
            out += [f"{tag} {c}" for c in C.CLOTHING if g[c] >= 1]
        elif pays == "moor":
            out += [f"{tag} {SLOT_NAMES[i]}" for i, p in enumerate(h.moors) if p != C.REMOVED]
    return out


def do_sale(s: State, seat: int, dest: str, w: list[str]) -> None:
    """Make sale ``w`` at ``dest`` (FS 6): pay the product, gain the food (capped at 30)."""
    h = s.homes[seat]
    g = h.g
    n = int(w[1]) - 1
    _, pays, food = C.DESTINATIONS[dest][2][n]
    if isinstance(pays, dict):
        for k, q in pays.items():
            g[k] -= q
    elif pays == "field":
        h.land.remove(w[2])
        s.supply["field"] += 1
    elif pays in ("plow", "boat"):
        h.barn.pop(find_item(h, pays, False))
        s.supply["boat"] += 1
    elif pays == "animal" or pays == "cloth":
        g[w[2]] -= 1
    elif pays == "pair":
        g[w[2]] -= 2
    elif pays == "moor":
        h.moors[SLOT_NAMES.index(w[2])] = C.REMOVED
    if food:
        gain(s, seat, "food", food)


# ----------------------------------------------------------------------------- task tables
def _legal_place(s: State, t: Task) -> list[str]:
    """A worker: an empty space of this season, the Special Action (one worker per
    half-year on the other season's space; not solo), or give the worker up."""
    summer = s.half % 2 == 1
    base = 0 if summer else C.SEASON_SPACES
    other = C.SEASON_SPACES - base
    out = []
    for i in range(base, base + C.SEASON_SPACES):
        if s.occupied[i] < 0 and usable(s, t.seat, i):
            out.append(f"place {C.SPACE_IDS[i]}")
    if len(s.players) > 1 and s.special < 0:
        for i in range(other, other + C.SEASON_SPACES):
            if s.occupied[i] < 0 and usable(s, t.seat, i):
                out.append(f"special {C.SPACE_IDS[i]}")
    out.append("skip")
    return out


def _do_place(s: State, t: Task, w: list[str]) -> None:
    s.placed += 1
    if w[0] == "skip":
        return
    i = C.SPACE_INDEX[w[1]]
    s.occupied[i] = t.seat
    if w[0] == "special":
        s.special = t.seat
    start_space(s, t.seat, i)


def _legal_opt(s: State, t: Task) -> list[str]:
    return [o for o in space_options(s, t.seat, t.a) if o]


def _do_opt(s: State, t: Task, w: list[str]) -> None:
    do_space(s, t.seat, t.a, " ".join(w))


def _legal_cut(s: State, t: Task) -> list[str]:
    h = s.homes[t.seat]
    out = [f"cut {SLOT_NAMES[i]}" for i in peat_slots(h)]
    if out and (t.s == "may" or (t.s == "opt" and t.b > 0)):
        out.append("stop")
    return out


def _do_cut(s: State, t: Task, w: list[str]) -> None:
    if w[0] == "stop":
        return
    cut_from(s, t.seat, SLOT_NAMES.index(w[1]))
    if t.a > 1:
        s.tasks.append(Task("cut", t.seat, t.a - 1, t.b + 1, t.s))


def _legal_master(s: State, t: Task) -> list[str]:
    out = [f"tool {x}" for x in master_tracks(s.homes[t.seat], t.s)]
    if out and t.s:
        out.append("stop")
    return out


def _do_master(s: State, t: Task, w: list[str]) -> None:
    if w[0] == "stop":
        return
    h = s.homes[t.seat]
    pay(h, C.TOOLS[w[1]][2])
    tool_up(s, t.seat, w[1])
    if t.a > 1:
        s.tasks.append(Task("master", t.seat, t.a - 1, 0, f"{t.s},{w[1]}" if t.s else w[1]))


def _legal_field(s: State, t: Task) -> list[str]:
    h = s.homes[t.seat]
    if not has_room(h) or s.supply["field"] <= 0:
        return []
    return ["field grain", "field flax", "stop"]


def _do_field(s: State, t: Task, w: list[str]) -> None:
    if w[0] == "stop":
        return
    place_tile(s, t.seat, w[1])
    if t.a > 1:
        s.tasks.append(Task("field", t.seat, t.a - 1))


def _legal_butcher(s: State, t: Task) -> list[str]:
    g = s.homes[t.seat].g
    out = [f"slaughter {a}" for a in C.ANIMALS if g[a]]
    if out and t.b:
        out.append("stop")
    return out


def _do_butcher(s: State, t: Task, w: list[str]) -> None:
    if w[0] == "stop":
        return
    g = s.homes[t.seat].g
    g[w[1]] -= 1
    gain(s, t.seat, "food", 4 if w[1] == "cattle" else 3)
    gain(s, t.seat, "hides", 2)
    if t.a > 1:
        s.tasks.append(Task("butcher", t.seat, t.a - 1, 1))


def _legal_sell(s: State, t: Task) -> list[str]:
    out = sales(s, t.seat, t.s, t.b)
    if t.b:
        out.append("done")
    return out


def _do_sell(s: State, t: Task, w: list[str]) -> None:
    if w[0] == "done":
        return
    do_sale(s, t.seat, t.s, w)
    s.tasks.append(Task("sell", t.seat, 0, t.b | (1 << (int(w[1]) - 1)), t.s))


def _legal_release(s: State, t: Task) -> list[str]:
    g = s.homes[t.seat].g
    return [f"release {a}" for a in C.ANIMALS if g[a]]


def _do_release(s: State, t: Task, w: list[str]) -> None:
    s.homes[t.seat].g[w[1]] -= 1


def _legal_smithy(s: State, t: Task) -> list[str]:
    h = s.homes[t.seat]
    out = []
    for k in ("boat", "handcart", "wagon"):
        i = find_item(h, k)
        if i >= 0 and is_empty(h.barn[i]) and (k == "boat" or s.supply["boat"] > 0):
            out.append(f"swap {k}")
    return out + ["stop"] if out else []


def _do_smithy(s: State, t: Task, w: list[str]) -> None:
    if w[0] == "stop":
        return
    h = s.homes[t.seat]
    i = find_item(h, w[1])
    if w[1] == "boat":
        h.barn[i] = Vehicle("plow", [])
    else:
        s.supply[C.PILE[w[1]]] += 1
        s.supply["boat"] -= 1
        h.barn[i] = Vehicle("plow", [])
    s.tasks.append(Task("smithy", t.seat))


def _legal_bakehouse(s: State, t: Task) -> list[str]:
    g = s.homes[t.seat].g
    n = min(level(s.homes[t.seat], "ovens"), g["grain"] // 2, g["flax"])
    return [f"times {k}" for k in range(0, n + 1)] if n else []


def _do_bakehouse(s: State, t: Task, w: list[str]) -> None:
    k = int(w[1])
    g = s.homes[t.seat].g
    g["grain"] -= 2 * k
    g["flax"] -= k
    gain(s, t.seat, "food", 8 * k)


def _legal_animal(s: State, t: Task) -> list[str]:
    return [f"take {a}" for a in C.ANIMALS] + ["stop"]


def _do_animal(s: State, t: Task, w: list[str]) -> None:
    if w[0] == "stop":
        return
    take_animal(s, t.seat, w[1])
    if t.a > 1:
        s.tasks.append(Task("animal", t.seat, t.a - 1))


def _legal_farmersinn(s: State, t: Task) -> list[str]:
    h = s.homes[t.seat]
    if s.supply["forest"] <= 0:
        return []
    out = [f"replace {f}" for f in ("grain", "flax") if f in h.land]
    return out + ["stop"] if out else []


def _do_farmersinn(s: State, t: Task, w: list[str]) -> None:
    if w[0] == "stop":
        return
    h = s.homes[t.seat]
    h.land[h.land.index(w[1])] = "forest"
    s.supply["field"] += 1
    s.supply["forest"] -= 1
    if t.a > 1:
        s.tasks.append(Task("farmersinn", t.seat, t.a - 1))


def _legal_junk(s: State, t: Task) -> list[str]:
    out = [f"take {k}" for k in ("handcart", "boat") if can_take(s, t.seat, k)]
    return out + ["stop"] if out else []


def _do_junk(s: State, t: Task, w: list[str]) -> None:
    if w[0] == "take":
        add_equipment(s, t.seat, w[1])


def _legal_flip(s: State, t: Task) -> list[str]:
    out = flip_options(s, t.seat)
    return out + ["stop"] if out else []


def _do_flip(s: State, t: Task, w: list[str]) -> None:
    if w[0] == "flip":
        do_flip(s, t.seat, w[1])


LEGAL: dict[str, Callable[[State, Task], list[str]]] = {
    "place": _legal_place, "opt": _legal_opt, "cut": _legal_cut, "master": _legal_master,
    "field": _legal_field, "butcher": _legal_butcher, "sell": _legal_sell, "release": _legal_release,
    "smithy": _legal_smithy, "bakehouse": _legal_bakehouse, "animal": _legal_animal,
    "farmersinn": _legal_farmersinn, "junk": _legal_junk, "flip": _legal_flip,
}
DO: dict[str, Callable[[State, Task, list[str]], None]] = {
    "place": _do_place, "opt": _do_opt, "cut": _do_cut, "master": _do_master, "field": _do_field,
    "butcher": _do_butcher, "sell": _do_sell, "release": _do_release, "smithy": _do_smithy,
    "bakehouse": _do_bakehouse, "animal": _do_animal, "farmersinn": _do_farmersinn, "junk": _do_junk,
    "flip": _do_flip,
}
