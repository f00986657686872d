"""Fields of Arle in words: the short texts the board and the screen share, and
FieldsOfArleLabels, the game screen's words: every choice worded in at most
``LABEL_WIDTH`` characters with what it costs (the picker's width at 80x24),
the choices grouped (the Special Action, loading, the peat boat, ...), the
prompt above the choices, the header's sub-title.

Rules: ``rules/fields-of-arle.source.de.txt`` and ``core/fields_of_arle/RULES.md``;
the log's sentences are the engine's (``rules.describe_choice``).

The labels' style (playtest finding 11): an imperative verb ("Take 1 timber", "Turn a
stall into a depot", "Return the plow (barn 2)"), or a thing and what it costs
("Schnapps: 1 wood, 1 grain", "Forester: pay 1 food"); goods always in full words.
Where a label would not fit, its cost is written compactly: counts of 1 left out and
the goods joined by "+" ("Litter Storage: timber+grain"), never abbreviated; the
same for every choice of one list where its longest needs it (tools, plows). What a
space gives besides the choice is in the prompt ("Grocer: timber, brick or an animal,
and 1 grain, 1 leather"). A vehicle is named by its place in the barn ("barn 2").
"""

from __future__ import annotations

from typing import Any, Sequence

from core.fields_of_arle import actions as A
from core.fields_of_arle import components as C
from core.fields_of_arle.rules import describe_choice, season
from tui.screens.game import GameLabels, MenuItem
from tui.widgets.common import glyph

#: The widest picker label at 80x24: 34 columns less the border (2), the list's right padding
#: (1), a scrollbar (2) and the hotkey with its space (2).
LABEL_WIDTH = 27

#: Short names of the buildings, for the picker and the home board's cells.
BUILDING_SHORT: dict[str, str] = {
    "farmhouse": "Farmer's House", "plowmaker": "Plow Maker", "novice": "Novice's Hut",
    "workshop": "Workshop", "parlor": "Weaving Parlor", "colhouse": "Colonist's H.",
    "cworkshop": "Carpenter's W.", "schnapps": "Schnapps", "loading": "Loading St.",
    "litter": "Litter Storage", "woodhouse": "Wood Trader's", "turnery": "Turnery",
    "smokehouse": "Smokehouse", "smithy": "Smithy", "cooperage": "Cooperage", "bakehouse": "Bakehouse",
    "mill": "Mill", "weavingmill": "Weaving Mill", "textile": "Textile House", "saddlery": "Saddlery",
    "joinery": "Joinery", "waterfront": "Waterfront", "pottersinn": "Potter Inn",
    "farmersinn": "Farmer Inn", "junkinn": "Junk Inn", "gulfinn": "Gulf Inn",
    "milkinn": "Milk Inn", "sluiceinn": "Sluice Inn", "church": "Church",
    "lutetsburg": "Lütetsburg", "berum": "Berum",
}

#: Shorter names of buildings whose label would not fit even with its cost compact.
#: (The inns cost 2 building materials and 9 food: "Gulf: timber+brick+9 food".)
BUILDING_TINY: dict[str, str] = {"parlor": "Parlor", "litter": "Litter", "woodhouse": "Wood Trader's",
                                 "cworkshop": "Carpenter's", "colhouse": "Colonist's", "farmhouse": "Farmer's H.",
                                 "textile": "Textile",
                                 "gulfinn": "Gulf", "junkinn": "Junk", "milkinn": "Milk", "sluiceinn": "Sluice",
                                 "pottersinn": "Potter", "farmersinn": "Farmer"}

#: What the decision on top of the tasks is, in words (the header's sub-title).
DECISION_WORDS: dict[str, str] = {
    "place": "place a worker", "opt": "action", "cut": "cut peat", "master": "tools",
    "field": "a field", "butcher": "slaughter", "smithy": "Smithy", "bakehouse": "bake",
    "animal": "an animal", "farmersinn": "Farmer's Inn", "junk": "equipment", "flip": "turn over",
    "endwork": "end work phase?", "sell": "sell", "release": "release", "young": "May young",
    "conv": "convert", "payanimal": "pay with animals", "final": "last conversions",
}

#: Group headings (and the opened group's prompt) of the free actions and others.
GROUPS: dict[str, tuple[str, str]] = {
    "special": ("Special Action", "Special Action: a space of the other season (the other player starts next)"),
    "load": ("Load a vehicle", "Load a vehicle (barn n: the nth vehicle in your barn; refined or sold when "
                               "the vehicles are emptied)"),
    "boat": ("Peat boat", "Peat boat: 1 peat for 1 good on the goods track"),
    "use": ("Use a building", "Use a building with the clock symbol"),
    "release": ("Release an animal", "Release an animal to the supply"),
    "return": ("Return equipment", "Return a vehicle or equipment to the supply (barn n: the nth in your barn)"),
    "build": ("Build a building", "Build a building (name: what it costs; the whole cost under the cursor)"),
    "tool": ("Tools", "Move a tool indicator"),
    "free": ("Free actions", "Free actions (any time in your work phase): load, peat boat, buildings, "
                             "release, return"),
}


#: The key of each action space: its place in its season's column of the action board
#: (Fisherman 1 .. Laborer f in summer, Peat Boatman 1 .. Laborer f in winter), shown
#: beside the space and the same in every list that offers it (placing, the Special
#: Action, imitating).
SPACE_KEYS = "123456789abcdef"
#: Keys of the free actions, the same wherever they are listed (release x/y/z) and of
#: the items that open a group of choices (g the Special Action, v the free actions).
FREE_KEYS: dict[str, str] = {"release sheep": "x", "release cattle": "y", "release horse": "z"}
GROUP_KEYS: dict[str, str] = {"special": "g", "free": "v", "release": "x", "load": "l", "boat": "p",
                              "use": "k", "return": "t", "build": "b"}


def space_key(i: int) -> str:
    """The key of action space ``i`` (an index into ``components.SPACES``)."""
    return SPACE_KEYS[i % C.SEASON_SPACES]


#: What each action space offers, in the rulebook's words (RULES.md section 3), for the
#: preview under the cursor before a worker is placed; "{n}" is filled by ``space_offer``.
SPACE_OFFERS: dict[str, str] = {
    "fisherman": "fish traps +1, then 1 food per fish trap and 1 sheep",
    "grocer": "timber, brick or an animal, and 1 grain, 1 leather",
    "woolweaver": "wool into woolen, up to 1 per weaving loom ({n})",
    "colonist": "1 horse, drain a moor, or both",
    "peatcutter": "cut peat {n} times in all (1 per spade)",
    "dikebuilder": "1 sheep or 1 cattle, {n}, or both",
    "clayworker": "{n} clay (1 per shovel)",
    "farmer": "a plow (pay 1 wood, 1 cattle or horse), 1 field per plow, or both",
    "forester": "a forest or a building",
    "woodcutter": "{n} wood (1 per axe)",
    "master": "per workbench ({n}) a different tool +1, paying its cost",
    "carpenter": "a building, or a stall (pay 2 clay, 1 grain)",
    "builder": "a building",
    "warden": "turn 1 tile over, free",
    "laborer": "a vehicle, or imitate an occupied space",
    "boatman": "{n} peat (3, +1 per peat boat)",
    "tanner": "hides into leather, up to 1 per fleshing beam ({n})",
    "linenweaver": "flax into linen, up to 1 per weaving loom ({n})",
    "butcher": "up to {n} animals (1 per slaughtering table) into 3 food, 2 hides each; cattle 1 food more",
    "cattletrader": "2 grain, 1 sheep, and 1 cattle or 1 horse",
    "wgrocer": "an animal, 1 wood, 1 clay, and cut 1 peat",
    "merchant": "2 hides, wood or clay, and timber or brick",
    "potter": "clay into 3 food and 1 peat, up to 1 per pottery wheel ({n})",
    "baker": "grain and peat into 6 food, up to 1 per oven ({n})",
    "woodtrader": "4 wood or a building",
    "wmaster": "per workbench ({n}) a different tool +1, paying its cost",
    "wainwright": "a vehicle, a peat boat (pay 1 wood), or both",
    "dikewarden": "turn 1 tile over free, and 1 dike",
    "wcarpenter": "a stall, or a stall into a stable (pay 2 brick)",
    "wlaborer": "a building, or imitate an occupied space",
}
#: The tool (or count) each offer's "{n}" stands for.
_OFFER_COUNTS: dict[str, str] = {
    "woolweaver": "looms", "peatcutter": "spades", "clayworker": "shovels", "woodcutter": "axes",
    "master": "benches", "tanner": "beams", "linenweaver": "looms", "butcher": "tables",
    "potter": "wheels", "baker": "ovens", "wmaster": "benches",
}


def space_offer(state: Any, seat: int, i: int) -> str:
    """What action space ``i`` offers ``seat`` now, e.g. "timber, brick or an animal,
    and 1 grain, 1 leather" (the Grocer), "cut peat 3 times in all (1 per spade)"."""
    sid = C.SPACE_IDS[i]
    h = state.homes[seat]
    if sid == "dikebuilder":
        n = A.plural(C.SHOVEL_DIKES[h.tools[C.TOOL_IDS.index("shovels")]], "dike")
    elif sid == "boatman":
        n = 3 + sum(1 for v in h.barn if v.kind == "boat")
    else:
        n = A.level(h, _OFFER_COUNTS[sid]) if sid in _OFFER_COUNTS else 0
    text = SPACE_OFFERS[sid].format(n=n)
    return text.replace("1 dikes", "1 dike").replace("1 times", "1 time").replace("to 1 animals", "to 1 animal")


def space_name(i: int) -> str:
    """An action space's name without "(winter)" (the board says the season)."""
    return C.SPACES[i][1].replace(" (winter)", "")


def cost_text(cost: dict[str, int] | None) -> str:
    """"2 wood, 1 horse"; "" for nothing."""
    return A.goods_text(cost) if cost else ""


def fit(*candidates: str, width: int = LABEL_WIDTH) -> str:
    """The first candidate at most ``width`` characters long; else the last one cut
    to the width (a test checks that no label of a game is ever cut)."""
    for c in candidates:
        if len(c) <= width:
            return c
    last = candidates[-1]
    return last[: width - 1] + "…"


def compact(cost: str) -> str:
    """A cost written compactly: "1 timber, 1 grain" -> "timber+grain"; "2 timber,
    3 leather" -> "2 timber+3 leather" (counts of 1 left out, goods joined by +)."""
    return "+".join(x[2:] if x.startswith("1 ") else x for x in cost.split(", "))


def imperative(sentence: str) -> str:
    """A describe sentence ("takes 1 sheep", "turns a stall into a depot") as an
    imperative label ("Take 1 sheep", "Turn a stall into a depot")."""
    verb, _, rest = sentence.partition(" ")
    irregular = {"is": "be", "goes": "go", "does": "do", "has": "have"}
    if verb in irregular:
        verb = irregular[verb]
    elif verb.endswith(("shes", "ches", "sses", "xes", "zes")):
        verb = verb[:-2]
    elif verb.endswith("s") and not verb.endswith("ss"):
        verb = verb[:-1]
    text = f"{verb} {rest}".strip()
    return text[:1].upper() + text[1:]


def vehicle_name(kind: str) -> str:
    """"horse cart"."""
    return C.EQUIPMENT[kind][0]


def building_label(b: str, pay: str) -> str:
    """A building choice: its name and what it costs, compact ("Schnapps: wood+grain")."""
    cost = compact(A.goods_text(A.building_cost(b, pay)))
    name = C.BUILDINGS[b][0]
    # one name for every payment of the building: the longest that fits with the longest cost
    longest = max(len(compact(A.goods_text(c))) for _, c in A._VARIANTS[b][1])
    names = (name, BUILDING_SHORT.get(b, name), BUILDING_TINY.get(b, name))
    for n in names:
        if len(n) + 2 + longest <= LABEL_WIDTH:
            return f"{n}: {cost}"
    for n in names:
        if len(n) + 2 + len(cost) <= LABEL_WIDTH:
            return f"{n}: {cost}"
    # the red buildings, the Textile House, the Weaving Mill: the name and how it is
    # paid; the whole cost is in the preview under the cursor
    # (the Textile House's wears by their season or material: "Textile: summer+leather")
    how = "+".join({"lwear": "leather"}.get(x, x) for x in pay.split("+")) if pay else ""
    return fit(*(f"{n}: pay {how}" if how else n for n in names), *(f"{n}: {how}" for n in names if how))


def choice_text(state: Any, text: str, arrow: str = "→") -> str:
    """The picker's words for the choice ``text`` (a notation) of the pending decision,
    at most LABEL_WIDTH characters, costs included; ``arrow`` is what a conversion
    writes between what goes in and what comes out ("->" with ``--ascii``, as the
    boards' previews). No label begins with a count (it would follow its key:
    "1 1 sheep")."""
    t = state.tasks[-1] if state.tasks else None
    if t is None:
        return text
    w = text.split()
    v = w[0]
    h = state.homes[t.seat]
    if v in ("place", "special"):
        i = C.SPACE_INDEX[w[1]]
        cost = cost_text(A.space_cost(state, t.seat, i))
        name = space_name(i) if v == "place" else f"Special: {space_name(i)}"
        if not cost:
            return name
        if v == "special":  # compact in every Special Action (the longest need it)
            return fit(f"{name}: {compact(cost)}")
        return fit(f"{name}: pay {cost}", f"{name}: {cost}")
    if v == "skip":  # (the rules: "you may choose not to carry out an action")
        return "Pass: no action this turn"
    if v == "imitate":
        i = C.SPACE_INDEX[w[1]]
        cost = cost_text(C.SPACES[i][2])
        return fit(f"Imitate {space_name(i)}" + (f": pay {cost}" if cost else ""),
                   f"Imitate {space_name(i)}" + (f": {cost}" if cost else ""))
    if v == "build":
        return building_label(w[1], w[2] if len(w) > 2 else "")
    if v == "vehicle":
        kinds = w[1].split("+")
        cost = A.vehicle_cost(kinds[0])
        name = vehicle_name(kinds[0]).capitalize()
        if len(kinds) > 1:
            return fit(f"{name}+boat (+1 wood)")
        return fit(f"{name}: {A.goods_text(cost)}")
    if v == "boat" and len(w) == 1:
        return "Peat boat: 1 wood"
    if v == "boat":
        return f"Boat: 1 peat {arrow} {A.plural(1, C.NAMES[w[1]])}"  # (the same form for every good: grain needs it)
    if v == "plow":  # the Farmer: a plow (1 wood and the animal), with or without its fields now
        animal, _, fields = w[1].partition("+")
        if fields:
            n = sum(1 for x in h.barn if x.kind == "plow") + 1  # a field per plow, the new one too
            many = f"{n} field{'s' if n > 1 else ''}"
            return fit(f"Plow + {many}: wood+{animal}", f"Plow+{many}: wood+{animal}")
        return f"Plow only: wood+{animal}"  # compact like its neighbour, which needs it
    if v == "fields":
        n = sum(1 for x in h.barn if x.kind == "plow")
        return fit(f"{n} field{'s' if n > 1 else ''} (1 per plow), no plow", f"{n} field{'s' if n > 1 else ''}, 1 per plow")
    if v == "field":
        return f"A {w[1]} field"
    if v == "times":
        k = int(w[1])
        sid = C.SPACE_IDS[t.a] if t.kind == "opt" else t.kind
        times = f"{k} time{'s' if k != 1 else ''}"
        return fit(*{
            "woolweaver": [f"Weave {k} wool {arrow} {k} woolen"],
            "tanner": [f"Tan {A.plural(k, 'hides')} {arrow} {k} leather"],
            "linenweaver": [f"Weave {k} flax {arrow} {k} linen"],
            "potter": [f"Fire {k} clay {arrow} {3 * k} food, {k} peat", f"Fire {k} clay {arrow} {3 * k} food+{k} peat",
                       f"Fire {times}: {3 * k} food+{k} peat"],
            "baker": [f"Bake {k} grain, {k} peat {arrow} {6 * k} food", f"Bake {times}: {6 * k} food"],
            "bakehouse": [f"Bake {2 * k} grain, {k} flax {arrow} {8 * k} food", f"Bake {times}: {8 * k} food"],
        }.get(sid, [times.capitalize()]))
    if v == "take":
        sid = C.SPACE_IDS[t.a] if t.kind == "opt" else t.kind
        parts = w[1].split("+")
        what = " and ".join(f"1 {x}" for x in parts)
        if sid == "junk":
            return fit(f"Take a {vehicle_name(w[1])} for free", f"Take a {vehicle_name(w[1])}, free")
        # what the space gives besides this choice is in the prompt (``space_offer``)
        short = {
            "woodtrader": "Take 4 wood",
            "forester": "Plant a forest",
        }.get(sid)
        return short or fit(f"Take {', '.join(f'1 {x}' for x in parts)}")
    if v == "drain":
        return "Drain a moor (4 peat on it)"
    if v == "both":
        return "Take 1 horse, drain a moor"
    if v == "dikes" or v.endswith("+dikes"):
        n = C.SHOVEL_DIKES[h.tools[C.TOOL_IDS.index("shovels")]]
        dikes = f"{n} dike{'s' if n > 1 else ''}"
        if "+" in v:
            return f"Take 1 {v.split('+')[0]} and {dikes}"
        return f"Build {dikes}"
    if v == "dike":
        return "Build a dike"
    if v == "stall":
        return "Stall: 2 clay, 1 grain"
    if v == "stable":
        return f"Stall {arrow} stable: 2 brick"
    if v == "cut":
        slot = A.SLOT_NAMES.index(w[1])
        where = A.slot_text(slot).replace("the ", "")
        left = h.moors[slot] - 1  # what stays on it, as the log says ("cuts 1 peat from moor 2 (3 left)")
        if left == 0:
            return fit(f"Cut peat: {where} (the last)", f"Cut the last {where} peat")
        return fit(f"Cut peat: {where} ({left} left)", f"Cut {where} peat ({left} left)")
    if v == "stop":
        return "Stop here"
    if v == "tool":
        name, values, cost, _ = C.TOOLS[w[1]]
        i = h.tools[C.TOOL_IDS.index(w[1])]
        step = f"{values[i]}{arrow}{values[i + 1]}: {A.goods_text(cost)}"
        return fit(f"{name.capitalize()} {step}", f"{name.split()[0].capitalize()} {step}")
    if v == "slaughter":
        food = 4 if w[1] == "cattle" else 3
        return f"{w[1].capitalize()} {arrow} {food} food, 2 hides"
    if v == "load":
        tok, vi, ci = w[1], w[2], w[3]
        vk = vehicle_name(h.barn[int(vi) - 1].kind)
        if tok in C.TOKEN_CELLS:
            what = C.NAMES[tok] + ("+peat" if tok == "clay" else "")
            what = what.capitalize()
        else:
            what = f"To {C.DESTINATIONS[tok][0]}"
        return fit(f"{what}: barn {vi}, cell {ci}")
    if v == "sell":
        label, _, food = C.DESTINATIONS[t.s][2][int(w[1]) - 1]
        what = f" ({w[2]})" if len(w) > 2 else ""
        short = {"linen, woolen and leather": "linen+woolen+leather",
                 "summer, winter and leather wear": "3 kinds of wear",
                 "2 animals of one type": "2 animals"}.get(label, label)
        # "Sell 1 peat: 2 food" (a label beginning with its count would follow its key: "1 1 peat")
        return fit(f"Sell {label}{what}: {food} food", f"Sell {short}{what}: {food} food", f"Sell {short}: {food} food")
    if v == "done":
        return "Done: on to scoring" if t.kind == "final" else "Done"
    if v == "use" and w[1] == "loading":
        vk = vehicle_name(h.barn[int(w[2]) - 1].kind)
        return fit(f"Free peat: barn {w[2]}, cell {w[3]}")
    if v == "use":
        return {"parlor": f"Parlor: 3 flax{arrow}linen+peat", "colhouse": f"Colonist: 2 wool{arrow}clay+peat",
                "cworkshop": f"Stall{arrow}stable: 4 food+brick", "schnapps": f"Schnapps: grain+peat{arrow}3food",
                "litter": f"Litter: 3 flax {arrow} 1 horse", "woodhouse": f"Trade: timber+food{arrow}2 wood"}[w[1]]
    if v == "release":
        return f"Release 1 {w[1]}"
    if v == "return":
        kind = vehicle_name(h.barn[int(w[1]) - 1].kind)
        return fit(f"Return {kind} (barn {w[1]})")
    if v == "end":
        return "End the work phase"
    if v == "young":
        y = [int(x) for x in w[1:4]]
        parts = [f"{n} {a}" for n, a in zip(y, C.ANIMALS) if n]
        total = sum(y)
        if not total:
            return "No young in May"
        return fit("Young: " + ", ".join(parts), "Young: " + " ".join(parts),
                   f"Young: {y[0]} sh, {y[1]} ca, {y[2]} ho")
    if v == "feed":
        return "Feed now"
    if v == "give":
        return f"Give 1 {w[1]} as food"
    if v == "swap":
        return fit(f"Swap the {vehicle_name(w[1])} for a plow", f"Swap {vehicle_name(w[1])} for a plow")
    if v == "replace":
        return fit(f"Replace a {w[1]} field by forest", f"Replace {w[1]} field by forest")
    if v == "flip" and w[1] == "moor":
        return "Drain a moor (4 peat on it)"
    if v == "flip":
        names = C.TILES if w[1] in A.FLIP_TILES else C.EQUIPMENT
        turned = names[w[1]][3 if w[1] in A.FLIP_TILES else 6]
        return fit(imperative(A.flip_text(w[1])), imperative(A.flip_text(w[1]).replace(" a ", " ")),
                   f"{names[w[1]][0].capitalize()} {arrow} {names[turned][0]}")
    return fit(imperative(describe_choice(state, t, text)))


def effect_text(before: Any, after: Any, seat: int, move: Any = None, arrow: str = "→") -> str:
    """What a choice does to ``seat``'s own things, from the states before and after:
    "+3 food, +1 sheep, fish traps 2→3" (``arrow``: "->" with ``--ascii``), "+1 peat, then choose" ("" when nothing
    changes); for a worker placed (``move`` "place x", "special x", "imitate x")
    that leaves a choice, what the space offers: "then choose: timber, brick or an
    animal, and 1 grain, 1 leather"; for a worker given up ("skip"), that it takes no
    action and how many more of ``seat``'s workers come this half-year."""
    if move is not None and move.verb == "skip":  # costs a worker: say so under the cursor
        n = len(before.players)
        more = max(0, (C.WORKERS * n - 1 - before.placed) // n)
        return f"no action: this worker is used up ({more} more this half-year)"
    a, b = before.homes[seat], after.homes[seat]
    bits = []
    for k in C.GOODS:
        d = b.g[k] - a.g[k]
        if d:
            bits.append(f"{d:+d} {C.NAMES[k]}")
    for i, tid in enumerate(C.TOOL_IDS):
        if a.tools[i] != b.tools[i]:
            values = C.TOOLS[tid][1]
            bits.append(f"{C.TOOLS[tid][0]} {values[a.tools[i]]}{arrow}{values[b.tools[i]]}")
    if b.dikes != a.dikes:
        bits.append(f"{b.dikes - a.dikes:+d} dike move{'s' if b.dikes - a.dikes != 1 else ''}")
    new = list(b.land)
    for x in a.land:
        if x in new:
            new.remove(x)
    bits += [f"+{C.BUILDINGS[x][0] if x in C.BUILDINGS else C.TILES[x][0]}" for x in new]
    kinds = [v.kind for v in b.barn]
    for v in a.barn:
        if v.kind in kinds:
            kinds.remove(v.kind)
    bits += [f"+{C.EQUIPMENT[k][0]}" for k in kinds]
    drained = sum(1 for x, y in zip(a.moors, b.moors) if x == C.UNDRAINED and y >= 0)
    if drained:
        bits.append("drains a moor")
    top = after.tasks[-1] if after.tasks and after.phase != "over" else None
    if top is not None and top.seat == seat and top.kind not in ("place", "endwork") and (
            len(after.tasks) >= len(before.tasks)):
        if move is not None and move.verb in ("place", "special", "imitate"):
            bits.append("then choose: " + space_offer(before, seat, C.SPACE_INDEX[move.arg.split()[0]]))
        else:
            bits.append("then choose")
    return ", ".join(bits)


def placing_month(half: int, worker: int, players: int) -> str:
    """The month the ``worker``-th worker of half-year ``half`` (1-based, counted
    over all ``players``' workers in placing order) is placed in: each round of
    placements is a month, from July (summer) or January (winter)
    (``components.SUMMER_MONTHS`` / ``WINTER_MONTHS``; a round past the fourth:
    the fourth month)."""
    months = C.SUMMER_MONTHS if half % 2 else C.WINTER_MONTHS
    return months[min(len(months) - 1, max(0, worker - 1) // max(1, players))]


def goods_line(h: Any) -> str:
    """A player's goods in one line (non-zero only): "food 5, grain 1, wood 4 ..."."""
    return ", ".join(f"{C.NAMES[k]} {h.g[k]}" for k in C.GOODS if h.g[k] and k not in C.ANIMALS)


class FieldsOfArleLabels(GameLabels):
    """The Fields of Arle screen's words (see the module doc)."""

    @staticmethod
    def round_of(state: Any) -> tuple[str, int] | None:
        """``("half-year", n)``: the half-year 1..9 (the last, 9, once over)."""
        return "half-year", state.half

    @staticmethod
    def other_scores(state: Any) -> list[tuple[str, float]]:
        """``[]``: the solo game plays against a target score, not an opponent
        that scores (the board and the game-over screen show the target)."""
        return []

    #: free-action verbs grouped into one item that opens them as a sub-list
    GROUPED = ("special", "build", "load", "boat", "use", "release", "return")

    def choice_label(self, state: Any, move: Any) -> str:
        return choice_text(state, self.game.notation(move), glyph(self, "→", "->"))

    def choice_key(self, state: Any, move: Any, opened: MenuItem | None = None) -> str:
        """A fixed key per thing (playtest finding 6): an action space its board
        key (``SPACE_KEYS``) when placing, imitating or in the Special Action's
        group (the Special Action itself ``g``, as its group);
        releasing an animal x / y / z (``FREE_KEYS``); a peat boat conversion its
        good's row of the goods track (food 1 .. hides 5) in the peat boat's or the
        free actions' group and before feeding; giving up a worker, ending
        the work phase and stopping ``0``; others numbered by position."""
        verb = move.verb
        if verb == "special" and opened is None:  # one Special Action offered, not a group
            return GROUP_KEYS["special"]
        if verb in ("place", "special", "imitate"):
            return space_key(C.SPACE_INDEX[move.arg.split()[0]])
        t = state.tasks[-1] if state.tasks else None
        if verb == "boat" and move.arg in C.TRACK_GOODS and (opened is not None or (
                t is not None and t.kind in ("conv", "final"))):
            # a peat boat conversion: its good's row of the goods track (food 1 .. hides 5),
            # where the list is about conversions (not beside an action's own numbered choices)
            return str(C.TRACK_GOODS.index(move.arg) + 1)
        key = FREE_KEYS.get(self.game.notation(move))
        return key if key is not None else super().choice_key(state, move, opened)

    def choice_group(self, move: Any) -> str:
        verb = move.verb
        if verb in ("place", "skip"):
            return "Action spaces"
        return GROUPS.get(verb, ("Choices", ""))[0]

    def build_menu(self, state: Any, moves: Sequence[Any]) -> list[MenuItem]:
        """The decision's own choices, then the free actions of the work phase
        (loading, the peat boat, clock buildings, releasing, returning: offered
        beside every decision of it) in one item, "Free actions (n) ›", at the
        end; where the decision is about them (the end of the work phase, or
        nothing else to choose) they are listed as its choices."""
        t = state.tasks[-1] if state.tasks else None
        free: set[str] = set()
        if t is not None and t.kind != "endwork" and state.phase == "work":
            free = set(A.free_options(state, t.seat))
        own = [mv for mv in moves if self.game.notation(mv) not in free]
        frees = [mv for mv in moves if self.game.notation(mv) in free]
        if not own or len(frees) < 2:  # one free action is listed as itself, with its key
            return self._menu_of(state, own + frees)
        title, prompt = GROUPS["free"]
        return self._menu_of(state, own) + [
            MenuItem(f"{title} ({len(frees)})" + glyph(self, " ›", " >"), tuple(frees), title, prompt,
                     GROUP_KEYS["free"])]

    def _menu_of(self, state: Any, moves: Sequence[Any]) -> list[MenuItem]:
        """One item per move, except that a verb with several moves among the grouped
        ones (the Special Action, building, loading, the peat boat, clock buildings,
        releasing, returning) becomes one item opening them, when the list is long."""
        by_verb: dict[str, list[Any]] = {}
        for mv in moves:
            by_verb.setdefault(mv.verb, []).append(mv)
        group_all = len(moves) > 9
        out: list[MenuItem] = []
        done: set[str] = set()
        for mv in moves:
            verb = mv.verb
            if verb in done:
                continue
            same = by_verb[verb]
            if verb in self.GROUPED and len(same) > 1 and (group_all or verb == "special"):
                done.add(verb)
                title, prompt = GROUPS[verb]
                out.append(MenuItem(f"{title} ({len(same)})" + glyph(self, " ›", " >"), tuple(same),
                                    self.choice_group(mv), prompt, GROUP_KEYS[verb]))
            else:
                out.append(MenuItem(self.choice_label(state, mv), (mv,), self.choice_group(mv)))
        return out

    def prompt_text(self, state: Any, seat: int) -> str:
        name = self.names[seat]
        t = state.tasks[-1]
        h = state.homes[seat]
        if t.kind == "place":
            # one line at 80 columns (30 cells): the month is in the board's banner, beside
            # the half-year and the worker's number (``placing_month``); solo, the target
            # is in the header
            return f"{name}: place a worker (food {h.g['food']})"
        if t.kind == "opt":
            return f"{name}: {space_name(t.a)} ({space_offer(state, seat, t.a)}), choose:"
        if t.kind == "endwork":
            return f"{name}: free actions, or end the work phase"
        if t.kind == "sell":
            return f"{name}: sell in {C.DESTINATIONS[t.s][0]} (each sale once)"
        if t.kind == "final":
            return f"{name}: last conversions before scoring"
        words = {
            "release": "the animals do not all fit; release one",
            "young": "arrange the animals for May's young (more young can lower the animal score)",
            "conv": f"convert before feeding (3 food needed; food {h.g['food']}, grain {h.g['grain']})",
            "payanimal": "food and grain are short: give animals as food",
            "cut": f"cut peat from which moor? (cut {t.b + 1} of {t.a + t.b})",
            "master": "move a tool indicator, or stop",
            "field": "which field?", "butcher": "slaughter which animal?", "flip": "turn what over?",
            "animal": "which animal?", "junk": "take which equipment?", "bakehouse": "bake how often?",
        }.get(t.kind) or DECISION_WORDS.get(t.kind, "choose")
        return f"{name}: {words}"

    def decision_text(self, state: Any, seat: int | None) -> str:
        if seat is None:
            return "Game over"
        half = f"Half-year {state.half}/{C.HALF_YEARS} {season(state.half)}"
        if state.phase == "inventory":
            half = ("November" if state.half % 2 else "May") + " inventory"
        elif state.phase == "final":
            half = "Game end"
        name = self.names[seat]
        if self.match.is_bot(seat):
            return f"{half} · {name} (computer) is choosing..."
        t = state.tasks[-1]
        what = space_name(t.a) if t.kind == "opt" else DECISION_WORDS.get(t.kind, "chooses")
        goal = f" · target {C.SOLO_TARGET} VP" if len(state.players) == 1 else ""  # solo: the score to reach (R11)
        return f"{half} · {name}: {what}{goal}"
