"""Windmill Valley decisions: what each pending Task offers and what each choice does.

A Task on top of ``State.tasks`` is either automatic (``AUTO``: run at once) or a
decision: ``LEGAL[kind](s, t)`` lists its choices as notation strings
("lower vp", "tile 2 L3", "plant r 1", "skip") and ``DO[kind](s, t, words)`` carries
one out on a state that ``apply`` has already copied (the task is already popped).
Sources: PR = ``rules/windmill-valley.source.txt``, FS = the fact sheet; RULES.md
says every rule in our own words.
"""

from __future__ import annotations

from collections import deque
from typing import Callable

from core.windmill_valley import components as C
from core.windmill_valley.scoring import contract_vp
from core.windmill_valley.state import Farm, State, Task, event

SIDES = {"big": 0, "small": 1}


# -- small helpers ----------------------------------------------------------------------
def gain_guilders(f: Farm, n: int) -> None:
    """Add ``n`` guilders, never above MAX_GUILDERS (PR: no more than 9)."""
    f.guilders = min(C.MAX_GUILDERS, f.guilders + n)


def push(s: State, kind: str, seat: int, a: int = 0, b: int = 0, flags: str = "") -> None:
    s.tasks.append(Task(kind, seat, a, b, flags))


def helper_code(cid: int) -> str:
    """The helper code of card ``cid`` (farm card or starting card)."""
    if cid >= C.START_ID:
        return C.START_CARDS[cid - C.START_ID][0]
    return C.FARM_CARDS[cid][0]


def free_helper(f: Farm, code: str) -> int:
    """Slot of an unused (this turn) helper with ``code``, or -1."""
    for i, cid in enumerate(f.helpers):
        if helper_code(cid) == code and str(i) not in f.used:
            return i
    return -1


def has_helper(f: Farm, code: str) -> bool:
    return any(helper_code(c) == code for c in f.helpers)


def wheel_label(space: int) -> str:
    """Space index (0-5 large, 6-10 small) -> "L1".."L6" / "S1".."S5"."""
    return f"L{space + 1}" if space < C.LARGE_SPACES else f"S{space - C.LARGE_SPACES + 1}"


def wheel_index(label: str) -> int:
    n = int(label[1:]) - 1
    return n if label[0] == "L" else n + C.LARGE_SPACES


def wheel_get(f: Farm, space: int) -> int:
    return f.large[space] if space < C.LARGE_SPACES else f.small[space - C.LARGE_SPACES]


def wheel_set(f: Farm, space: int, design: int) -> None:
    if space < C.LARGE_SPACES:
        f.large[space] = design
    else:
        f.small[space - C.LARGE_SPACES] = design


def blocked_spaces(s: State, seat: int) -> tuple[int, ...]:
    """Wheel spaces activated this turn (the two at the arrows): no enhancement goes there (PR)."""
    if seat != s.current or s.phase != "play":
        return ()
    return (s.arrows[0], C.LARGE_SPACES + s.arrows[1])


def tiles_of(f: Farm) -> list[int]:
    """Design ids of the enhancement tiles on both wheels (printed spaces left out)."""
    return [d for d in (*f.large, *f.small) if C.DESIGNS[d][1] != "base"]


def refill_offer_slot(s: State, i: int) -> None:
    """Refill wheel offer slot ``i`` from its stack; if that stack is empty, a common
    tile with a red X on the price (free); nothing if no common tile is left (PR)."""
    tier = C.OFFER_TIERS[i]
    free = "0"
    if s.stacks[tier]:
        s.offer[i] = s.stacks[tier].pop()
    elif s.stacks["c"]:
        s.offer[i] = s.stacks["c"].pop()
        free = "1"
    else:
        s.offer[i] = -1
    s.offer_free = s.offer_free[:i] + free + s.offer_free[i + 1:]
    s.reveals += 1


def draw_farm(s: State) -> int:
    """Top card of the farm enhancement deck (the discard reshuffled when empty; -1 if none)."""
    if not s.farm_deck and s.farm_discard:
        s.farm_deck, s.farm_discard = s.farm_discard, []
        s.rng.shuffle(s.farm_deck)
    s.reveals += 1
    return s.farm_deck.pop() if s.farm_deck else -1


def offer_cost(s: State, i: int, flags: str) -> int:
    """Guilders to install offer tile ``i``; free for the calendar's free tiles or a red X."""
    if "c" in flags or "u" in flags or s.offer_free[i] == "1":
        return 0
    return C.TIER_COST[C.DESIGNS[s.offer[i]][1]]


# -- rewards --------------------------------------------------------------------------
def reward_order(code: str) -> int:
    """Where a reward code goes when several are gained together (our reading, RULES.md
    "Rewards and storage"): counters and other gains first, bulbs next, then actions, and
    a Plant action last, so the bulbs gained with it can be planted."""
    if code.startswith("act:plant"):
        return 3
    if code.startswith(("act:", "enh:")):
        return 2
    if code.startswith("bulb:"):
        return 1
    return 0


def ordered(codes: tuple[str, ...] | list[str]) -> list[str]:
    """``codes`` in the order they are carried out (``reward_order``; stable)."""
    return sorted(codes, key=reward_order)


def grant(s: State, seat: int, codes: tuple[str, ...] | list[str], mand: bool = False) -> None:
    """Gain the reward ``codes`` (all of them): counters at once, choices as Tasks in
    ``ordered`` order (the first on top). ``mand``: actions chosen at the arrows (no "skip")."""
    for code in reversed(ordered(codes)):
        grant_one(s, seat, code, mand)


def counters_text(f: Farm, codes: tuple[str, ...] | list[str]) -> str:
    """The counters among ``codes`` in words, as gained now: "+2 guilders, +1 tool" ("" if none).
    Guilders above MAX_GUILDERS are not gained, and the text says so."""
    g = vp = tools = 0
    for code in codes:
        if code.startswith("vp"):
            vp += int(code[2:])
        elif code[0] == "g" and code[1:].isdigit():
            g += int(code[1:])
        elif code == "tool":
            tools += 1
    out = []
    if g:
        got = min(g, C.MAX_GUILDERS - f.guilders)
        out.append(f"+{got} guilder{'s' if got != 1 else ''}" + (f" ({C.MAX_GUILDERS} at most)" if got < g else ""))
    if vp:
        out.append(f"+{vp} VP")
    if tools:
        out.append(f"+{tools} tool{'s' if tools != 1 else ''}")
    return ", ".join(out)


def choices_text(codes: tuple[str, ...] | list[str]) -> str:
    """The non-counter rewards among ``codes``, in the order they are offered ("" if none)."""
    rest = [c for c in ordered(codes) if not (c.startswith("vp") or c == "tool" or (c[0] == "g" and c[1:].isdigit()))]
    return ", ".join(C.reward_text((c,)) for c in rest)


def grant_one(s: State, seat: int, code: str, mand: bool = False) -> None:
    f = s.farms[seat] if seat < len(s.farms) else None
    head, _, rest = code.partition(":")
    if head.startswith("vp"):
        f.vp += int(head[2:])
    elif head[0] == "g" and head[1:].isdigit():
        gain_guilders(f, int(head[1:]))
    elif head == "tool":
        f.tools += 1
    elif head == "bulb":
        push(s, "bulb", seat, flags=C.COLOURS if rest == "*" else rest)
    elif head == "act":
        push_action(s, seat, rest, mand)
    elif head == "enh":
        push(s, "enhance", seat, flags=rest)
    elif head == "sup":
        push(s, "sup", seat, 0, flags=rest)
    elif head == "paysup":
        push(s, "sup", seat, 1, flags=rest)
    else:  # contract, pay4, swapbulb, swapfarm, removemill, discardwheel, swapwheel
        push(s, head, seat)


def push_action(s: State, seat: int, rest: str, mand: bool) -> None:
    """Push one of the 7 basic actions with its helper trigger ("after") below it."""
    parts = rest.split(":")
    kind = parts[0]
    strength = 0
    mods = parts[1:]
    if kind in ("lower", "plant", "market"):
        strength, mods = int(parts[1]), parts[2:]
    flags = ("!" if mand else "") + "".join(mods)
    push(s, "after", seat, strength, 0, kind)
    push(s, kind, seat, strength, 0, flags)
    if kind == "plant" and "swap" in mods:
        push(s, "swapbulb", seat)
    if seat < len(s.farms) and early_helpers(s.farms[seat], kind):
        push(s, "timing", seat, flags=kind)


def _fires(code: str, kind: str, a: int, b: int) -> bool:
    """Whether helper ``code`` triggers on action ``kind`` (strength a, b bulbs planted)."""
    if code in ("S-build", "S-enhance"):
        return code == "S-" + kind
    when, _, eff = code.partition(":")
    if eff == "boost":
        return False
    return when == kind or (when == "plant2" and kind == "plant" and b >= 2) or (
        when == "lower2" and kind == "lower" and a >= 2)


def early_helpers(f: Farm, kind: str) -> bool:
    """Unused helpers for ``kind`` whose effect does not depend on how the action went,
    so they may be used before it (PR: helpers before or after your actions)."""
    return any(str(i) not in f.used and _fires(helper_code(c), kind, 0, 0) for i, c in enumerate(f.helpers))


def can_effect(s: State, seat: int, code: str) -> bool:
    """Whether ``code`` can be carried out at all now (PR: take an action "if at all possible")."""
    f = s.farms[seat]
    head, _, rest = code.partition(":")
    if head == "act":
        kind, _, mods = rest.partition(":")
        if kind == "lower":
            return True
        if kind == "enhance":
            return any(s.offer[i] >= 0 and offer_cost(s, i, "") <= f.guilders for i in range(4))
        if kind == "farm":
            return any(c >= 0 for c in s.farm_offer) or bool(s.farm_deck or s.farm_discard)
        if kind == "build":
            return bool(build_groups(s, seat, mods))
        if kind == "market":
            return f.guilders >= C.MARKET_COST
        if kind == "plant":
            return bool(f.storage) and any(len(r) < C.PATCH_COLS for r in f.patch)
        if kind == "trade":
            return bool(trade_choices(s, seat, mods))
        return True
    if head == "bulb":
        return legal_bulb(s, Task("bulb", seat, s=C.COLOURS if rest == "*" else rest)) != ["skip"]
    if head == "contract":
        return bool(f.contracts)
    if head == "enh":
        return any(d >= 0 and C.OFFER_TIERS[i] == rest for i, d in enumerate(s.offer))
    if head in ("sup", "paysup"):
        return any(len(r) < C.PATCH_COLS for r in f.patch) and (head == "sup" or f.guilders >= 1)
    if head == "pay4":
        return f.tools >= 1 or f.guilders >= 2
    if head == "swapbulb":
        return bool(f.storage)
    if head == "swapfarm":
        return any(c < C.START_ID for c in f.helpers + f.contracts) and any(c >= 0 for c in s.farm_offer)
    if head == "removemill":
        return any(f.mills)
    if head in ("discardwheel", "swapwheel"):
        return bool(own_tiles(s, seat)) and (head == "discardwheel" or any(d >= 0 for d in s.offer))
    return True


def can_design(s: State, seat: int, design: int) -> bool:
    return any(can_effect(s, seat, c) for c in C.DESIGNS[design][3])


def own_tiles(s: State, seat: int) -> list[int]:
    """Wheel spaces of ``seat`` holding a tile, the spaces activated this turn left out."""
    f = s.farms[seat]
    blocked = blocked_spaces(s, seat)
    return [i for i in range(C.LARGE_SPACES + C.SMALL_SPACES)
            if i not in blocked and C.DESIGNS[wheel_get(f, i)][1] != "base"]


# -- the map ----------------------------------------------------------------------------
def connected_spaces(s: State) -> list[int]:
    """Empty spaces where a windmill may be built with connection (PR): on the market's
    edge, or next to a windmill that is connected to the market."""
    board = s.board
    out = []
    for i, v in enumerate(board):
        if v != -1:
            continue
        if C.MARKET_EDGE[i]:
            out.append(i)
            continue
        for j in C.NEIGHBOURS[i]:
            if 0 <= board[j] < 10:
                out.append(i)
                break
    return out


def build_groups(s: State, seat: int, mods: str) -> list[int]:
    """Windmill groups ``seat`` can build from now (windmills left, cost paid, a space free)."""
    f = s.farms[seat]
    conn = bool(connected_spaces(s))
    empty = -1 in s.board
    out = []
    for g, left in enumerate(f.mills):
        if not left:
            continue
        cost = C.MILL_COST[g]
        if (conn and cost <= f.guilders) or (empty and (
                ("nc" in mods and "nc1" not in mods and cost <= f.guilders)
                or ("nc1" in mods and cost + 1 <= f.guilders))):
            out.append(g)
    return out


def path_outcomes(s: State, start: int) -> list[tuple[int, ...]]:
    """The VP each other seat would get along each shortest path from ``start`` to the
    market (PR: 1 VP per windmill of theirs on the path; the builder's own windmills and
    the new one give nothing). Only windmills built with connection carry a path.
    Returns the distinct outcomes, sorted; each has one entry per seat plus the Gardener."""
    n = len(s.players)
    board = s.board
    # distance to the market edge over connected windmills (multi-source BFS)
    dist = {i: 0 for i in range(len(board)) if C.MARKET_EDGE[i] and 0 <= board[i] < 10}
    q = deque(dist)
    while q:
        i = q.popleft()
        for j in C.NEIGHBOURS[i]:
            if j not in dist and 0 <= board[j] < 10:
                dist[j] = dist[i] + 1
                q.append(j)
    if start not in dist:
        return [tuple([0] * (n + 1))]
    builder = board[start]
    results: set[tuple[int, ...]] = set()

    def walk(i: int, acc: list[int]) -> None:
        if dist[i] == 0:
            results.add(tuple(acc))
            return
        for j in C.NEIGHBOURS[i]:
            if dist.get(j, -1) == dist[i] - 1:
                owner = board[j]
                idx = n if owner == C.BOT else owner
                if owner != builder:
                    acc[idx] += 1
                walk(j, acc)
                if owner != builder:
                    acc[idx] -= 1

    walk(start, [0] * (n + 1))
    return sorted(results)


def path_gains(s: State, outcome: tuple[int, ...]) -> str:
    """``outcome`` in words: "Bram +1 VP, Gardener +2 VP" (or "nobody scores")."""
    names = [*s.players, C.SOLO_NAME]
    return ", ".join(f"{names[i]} +{vp} VP" for i, vp in enumerate(outcome) if vp) or "nobody scores"


def pay_path(s: State, outcome: tuple[int, ...]) -> None:
    for seat, vp in enumerate(outcome):
        if not vp:
            continue
        if seat < len(s.players):
            s.farms[seat].vp += vp
        elif s.solo is not None:
            s.solo.vp += vp


# -- trade ------------------------------------------------------------------------------
def trade_choices(s: State, seat: int, mods: str) -> list[str]:
    """Choices of a foreign trade action: "place c q" (bulb from storage into slot q),
    "import c q" (S-trade: a bulb from the supply), "collect" (take all bulbs)."""
    f = s.farms[seat]
    out = []
    if "C" not in mods:
        on_card = set(s.trade_bulbs) - {" "}
        repeat = "repeat" in mods
        slots = [q for q in range(C.TRADE_SLOTS) if s.trade_bulbs[q] == " "]
        for c in C.COLOURS:
            if c in f.storage and (repeat or c not in on_card):
                out += [f"place {c} {q + 1}" for q in slots]
        if free_helper(f, "S-trade") >= 0:
            for c in C.COLOURS:
                if repeat or c not in on_card:
                    out += [f"import {c} {q + 1}" for q in slots]
    if "P" not in mods and s.trade_bulbs.strip():
        out.append("collect")
    return out


# -- LEGAL: choices of each decision ------------------------------------------------------------
def _mandatory(t: Task) -> bool:
    return "!" in t.s


def legal_gate(s: State, t: Task) -> list[str]:
    f = s.farms[t.seat]
    out = []
    for level in range(1, C.FLOODGATE_LEVELS + 1):
        if s.water + C.WATER_RISE[level] > C.WATER_MAX:
            continue
        if level > s.floodgate:
            cost = sum(C.OPEN_COST[x] for x in range(s.floodgate + 1, level + 1))
            if cost > f.guilders:
                continue
        out.append(f"gate {level}")
    return out


def legal_steps(s: State, t: Task) -> list[str]:
    tools = s.farms[t.seat].tools
    return [f"steps {n}" for n in range(C.MIN_STEPS, C.MAX_STEPS + 1) if abs(n - s.floodgate) <= tools]


def legal_unique(s: State, t: Task) -> list[str]:
    return [f"unique {k + 1}" for k, c in enumerate(s.uniques[t.a]) if c == "o"] + ["skip"]


def legal_actions(s: State, t: Task) -> list[str]:
    f = s.farms[t.seat]
    out = []
    if can_design(s, t.seat, f.large[s.arrows[0]]):
        out.append("act big")
    if can_design(s, t.seat, f.small[s.arrows[1]]):
        out.append("act small")
    return out or ["pass"]


def legal_more(s: State, t: Task) -> list[str]:
    f = s.farms[t.seat]
    d = f.large[s.arrows[0]] if t.s == "big" else f.small[s.arrows[1]]
    return ([f"act {t.s}"] if can_design(s, t.seat, d) else []) + ["skip"]


def legal_lower(s: State, t: Task) -> list[str]:
    f = s.farms[t.seat]
    g, vp = C.WATER_BAND[s.water]
    opts = ["both"] if "both" in t.s else (["g", "vp"] if vp else ["g"])
    out = [f"lower {o}" for o in opts]
    if free_helper(f, "lower:boost") >= 0:
        out += [f"lower {o}+" for o in opts]
    return out if _mandatory(t) else out + ["skip"]


def legal_enhance(s: State, t: Task) -> list[str]:
    f = s.farms[t.seat]
    tier_only = "c" if "c" in t.s else "u" if "u" in t.s else ""
    out = []
    if not tier_only and "r" not in t.s and f.guilders >= C.REFRESH_COST and any(d >= 0 for d in s.offer):
        out.append("refresh")
    blocked = blocked_spaces(s, t.seat)
    spaces = [wheel_label(i) for i in range(C.LARGE_SPACES + C.SMALL_SPACES) if i not in blocked]
    for i, d in enumerate(s.offer):
        if d < 0 or (tier_only and C.OFFER_TIERS[i] != tier_only):
            continue
        if offer_cost(s, i, t.s) > f.guilders:
            continue
        out += [f"tile {i + 1} {sp}" for sp in spaces]
    if not _mandatory(t) or not any(o.startswith("tile") for o in out):
        out.append("skip")
    return out


def legal_farm(s: State, t: Task) -> list[str]:
    f = s.farms[t.seat]
    out = []
    if "r" not in t.s and "d" not in t.s and f.guilders >= C.REFRESH_COST and (s.farm_deck or s.farm_discard):
        out.append("refresh")
    if "d" not in t.s and free_helper(f, "S-farm") >= 0 and (s.farm_deck or s.farm_discard):
        out.append("draw")
    sources = [str(i + 1) for i, c in enumerate(s.farm_offer) if c >= 0]
    sources += [str(C.FARM_OFFER + i + 1) for i in range(len(s.drawn))]
    hs = [""] if len(f.helpers) < len(C.HELPER_VP) else [f" {k + 1}" for k in range(len(f.helpers))]
    cs = [""] if len(f.contracts) < C.CONTRACT_SLOTS else [f" {k + 1}" for k in range(len(f.contracts))]
    for j in sources:
        out += [f"take {j} helper{h}" for h in hs]
        out += [f"take {j} contract{c}" for c in cs]
    if not s.drawn and (not _mandatory(t) or not any(o.startswith("take") for o in out)):
        out.append("skip")
    return out


def legal_drawn(s: State, t: Task) -> list[str]:
    return ["return top", "return discard"]


def legal_build(s: State, t: Task) -> list[str]:
    out = [f"mill {g + 1}" for g in build_groups(s, t.seat, t.s)]
    return out if _mandatory(t) and out else out + ["skip"]


def legal_buildat(s: State, t: Task) -> list[str]:
    f = s.farms[t.seat]
    cost = C.MILL_COST[t.a]
    conn = connected_spaces(s) if cost <= f.guilders else []
    out = [f"build {C.SPACE_NAMES[i]}" for i in conn]
    nc = ("nc" in t.s and "nc1" not in t.s and cost <= f.guilders) or ("nc1" in t.s and cost + 1 <= f.guilders)
    if nc:  # without connection: only where there is none (a windmill with one is connected)
        cs = set(connected_spaces(s))
        out += [f"build {C.SPACE_NAMES[i]} alone" for i, v in enumerate(s.board) if v == -1 and i not in cs]
    return out


def legal_path(s: State, t: Task) -> list[str]:
    return [f"path {k + 1}" for k in range(len(path_outcomes(s, t.a)))]


def legal_market(s: State, t: Task) -> list[str]:
    f = s.farms[t.seat]
    free = free_helper(f, "S-market") >= 0  # the free part: once per turn (PR "Important")
    cost = C.MARKET_COST if "p" not in t.s else 0
    if f.guilders < cost:
        return ["skip"]
    out = ["go"]
    if not s.neutral_used and (free or f.guilders >= cost + C.NEUTRAL_MOVE_COST):
        here = market_area(s, t.seat)
        targets = [(here + k) % C.MARKET_AREAS for k in range(1, max(1, t.a) + 1)]
        for a, area in enumerate(s.market):
            if C.NEUTRAL in area:
                out += [f"neutral {a + 1} {b + 1}" for b in targets if b != a]
    return out if _mandatory(t) else out + ["skip"]


def legal_full(s: State, t: Task) -> list[str]:
    f = s.farms[t.seat]
    free = "F" in t.s or free_helper(f, "S-market") >= 0
    out = ["stack"] if free or f.guilders >= C.STACK_COST else []
    return out + ["jump"]


def legal_mreward(s: State, t: Task) -> list[str]:
    f = s.farms[t.seat]
    out = []
    for k, opt in enumerate(C.MARKET[t.a]):
        if opt[0].startswith("paysup") and f.guilders < 1:
            continue
        out.append(f"take {k + 1}")
    return out + ["skip"]


def legal_adj(s: State, t: Task) -> list[str]:
    here = market_area(s, t.seat)
    out = []
    for a in sorted({(here - 1) % C.MARKET_AREAS, (here + 1) % C.MARKET_AREAS}):
        out += [f"adj {a + 1} {k + 1}" for k in range(len(C.MARKET[a]))]
    return out + ["skip"]


def legal_plant(s: State, t: Task) -> list[str]:
    """Bulbs to plant (``t.a`` still to plant, ``t.b`` planted). PR: the Plant action plants
    "a number of tulip bulbs equal to the action's strength", so once begun it goes on
    while a bulb and a free space remain; "Plant up to N" (``upto`` in the flags: the
    enhancement tiles, the calendar's "plant up to 2") may stop after any bulb. "done"
    before the first bulb declines an action gained as a reward (rewards are optional);
    one chosen at the arrows (``!``) must plant at least one bulb."""
    f = s.farms[t.seat]
    out = []
    rows = [r for r in range(C.PATCH_ROWS) if len(f.patch[r]) < C.PATCH_COLS]
    if t.a > 0:
        for c in C.COLOURS:
            if c in f.storage:
                out += [f"plant {c} {r + 1}" for r in rows]
    if out and "x" not in t.s and f.vp >= 1 and free_helper(f, "S-plant") >= 0:
        out.append("extra")
    if not out or (t.b == 0 and not _mandatory(t)) or (t.b > 0 and "upto" in t.s):
        out.append("done")
    return out


def legal_sup(s: State, t: Task) -> list[str]:
    f = s.farms[t.seat]
    out = []
    if f.guilders >= t.a:
        out = [f"row {r + 1}" for r in range(C.PATCH_ROWS) if len(f.patch[r]) < C.PATCH_COLS]
    return out + ["skip"]


def legal_bulb(s: State, t: Task) -> list[str]:
    f = s.farms[t.seat]
    n = len(f.storage)
    out = []
    for c in t.s:
        if n < len(C.STORAGE_COST):
            if C.STORAGE_COST[n] <= f.guilders:
                out.append(f"bulb {c}")
        else:
            out += [f"bulb {c} {d}" for d in C.COLOURS if d in f.storage and d != c]
    return out + ["skip"]


def legal_trade(s: State, t: Task) -> list[str]:
    out = trade_choices(s, t.seat, t.s)
    return out if _mandatory(t) and out else out + ["skip"]


def legal_trade2(s: State, t: Task) -> list[str]:
    return [f"rewards {i + 1} {j + 1}" for i in range(4) for j in range(i + 1, 4)]


def legal_tradex(s: State, t: Task) -> list[str]:
    if s.farms[t.seat].guilders < C.TRADE_EXTRA_COST:
        return ["skip"]
    if "all" in t.s:
        return ["all", "skip"]
    return [f"extra {k + 1}" for k in range(4) if not (t.b >> k) & 1] + ["skip"]


def legal_pay4(s: State, t: Task) -> list[str]:
    f = s.farms[t.seat]
    return (["pay tool"] if f.tools else []) + (["pay guilders"] if f.guilders >= 2 else []) + ["skip"]


def legal_swapbulb(s: State, t: Task) -> list[str]:
    f = s.farms[t.seat]
    return [f"swap {c} {d}" for c in C.COLOURS if c in f.storage for d in C.COLOURS if d != c] + ["skip"]


def legal_swapfarm(s: State, t: Task) -> list[str]:
    f = s.farms[t.seat]
    mine = [f"h{k + 1}" for k, c in enumerate(f.helpers) if c < C.START_ID]
    mine += [f"c{k + 1}" for k, c in enumerate(f.contracts)]
    return [f"swap {m} {j + 1}" for m in mine for j, c in enumerate(s.farm_offer) if c >= 0] + ["skip"]


def legal_removemill(s: State, t: Task) -> list[str]:
    return [f"remove {g + 1}" for g, n in enumerate(s.farms[t.seat].mills) if n] + ["skip"]


def legal_discardwheel(s: State, t: Task) -> list[str]:
    return [f"discard {wheel_label(i)}" for i in own_tiles(s, t.seat)] + ["skip"]


def legal_swapwheel(s: State, t: Task) -> list[str]:
    return [f"swap {wheel_label(i)} {j + 1}" for i in own_tiles(s, t.seat)
            for j, d in enumerate(s.offer) if d >= 0] + ["skip"]


def legal_contract(s: State, t: Task) -> list[str]:
    return [f"score {k + 1}" for k in range(len(s.farms[t.seat].contracts))] + ["skip"]


def legal_timing(s: State, t: Task) -> list[str]:
    return ["helpers first", "helpers after"]


def legal_start(s: State, t: Task) -> list[str]:
    return [f"start {c - C.START_ID + 1}" for c in sorted(s.start_offer)]


def legal_place(s: State, t: Task) -> list[str]:
    n = len(s.players)
    free = [a for a, area in enumerate(s.market) if not any(m < n or m == C.BOT for m in area)]
    return [f"area {a + 1}" for a in (free or range(C.MARKET_AREAS))]


LEGAL: dict[str, Callable[[State, Task], list[str]]] = {
    "gate": legal_gate, "steps": legal_steps, "unique": legal_unique, "actions": legal_actions,
    "more": legal_more, "lower": legal_lower, "enhance": legal_enhance, "farm": legal_farm,
    "drawn": legal_drawn, "build": legal_build, "buildat": legal_buildat, "path": legal_path,
    "market": legal_market, "full": legal_full, "mreward": legal_mreward, "adj": legal_adj,
    "plant": legal_plant, "sup": legal_sup, "bulb": legal_bulb, "trade": legal_trade,
    "trade2": legal_trade2, "tradex": legal_tradex, "pay4": legal_pay4, "swapbulb": legal_swapbulb,
    "swapfarm": legal_swapfarm, "removemill": legal_removemill, "discardwheel": legal_discardwheel,
    "swapwheel": legal_swapwheel, "contract": legal_contract, "timing": legal_timing, "start": legal_start, "place": legal_place,
}


# -- a decision that offers nothing: never dropped in silence -----------------------------------
def dropped_text(s: State, t: Task) -> str | None:
    """The announcement for task ``t`` when it offers nothing to choose (only "skip" or
    "done") and is dropped: what was lost and why. None when nothing is lost (a Plant
    action that already planted, an optional extra that was not offered)."""
    name = s.players[t.seat]
    f = s.farms[t.seat]
    k = t.kind
    if k == "bulb":
        what = "the bulb of any colour" if len(t.s) > 1 else f"the {C.COLOUR_NAMES[t.s]} bulb"
        n = len(f.storage)
        if n < len(C.STORAGE_COST):
            cost = C.STORAGE_COST[n]
            return (f"{name} cannot pay {cost} guilder{'s' if cost != 1 else ''} for storage spot {n + 1} "
                    f"(has {f.guilders}): {what} is declined")
        return f"{name}'s storage is full of that colour: {what} is declined"
    if k == "plant":
        if t.b > 0 or t.a <= 0:
            return None
        why = "no bulb in storage" if not f.storage else "the patch is full"
        return f"{name} cannot plant ({why}): the plant action gives nothing"
    if k == "sup":
        why = "the patch is full" if all(len(r) >= C.PATCH_COLS for r in f.patch) else f"it costs {t.a} guilder"
        return f"{name} cannot plant the {C.COLOUR_NAMES[t.s]} bulb from the supply ({why}): it is declined"
    if k == "more":
        d = f.large[s.arrows[0]] if t.s == "big" else f.small[s.arrows[1]]
        return f"{name} cannot also take the {t.s} wheel's action ({C.DESIGNS[d][4]})"
    texts = {
        "enhance": "cannot enhance the wheels: no offer tile they can pay for",
        "farm": "cannot gain a farm enhancement: no card left",
        "build": "cannot build a windmill: no windmill they can pay for, or no space",
        "market": f"cannot visit the market: it costs {C.MARKET_COST} guilder",
        "trade": "cannot trade: no bulb of a new colour in storage and none on the card",
        "tradex": f"cannot pay {C.TRADE_EXTRA_COST} guilder for more trade rewards",
        "pay4": "cannot pay 1 tool or 2 guilders for 4 VP",
        "swapbulb": "has no bulb to exchange",
        "swapfarm": "has no farm enhancement to exchange",
        "removemill": "has no windmill left to return to the box",
        "discardwheel": "has no wheel enhancement to discard",
        "swapwheel": "has no wheel enhancement to exchange",
        "contract": "has no contract to score",
    }
    return f"{name} {texts[k]}" if k in texts else None


def unusable_note(s: State, seat: int, codes: tuple[str, ...] | list[str]) -> str:
    """Why a reward would give nothing now, for the actions among ``codes`` that cannot be
    carried out after its gains ("" when all can): "nothing to plant now: no bulb in
    storage". A Plant that comes with bulbs of its own is fine."""
    f = s.farms[seat]
    notes = []
    bulbs = any(c.startswith("bulb:") for c in codes)
    for code in codes:
        if code.startswith("act:plant"):
            if not f.storage and not bulbs:
                notes.append("nothing to plant now: no bulb in storage")
            elif all(len(r) >= C.PATCH_COLS for r in f.patch):
                notes.append("nothing to plant now: the patch is full")
        elif (code.startswith(("act:", "enh:")) or code == "contract") and not can_effect(s, seat, code):
            notes.append(f"{C.reward_text((code,))} is not possible now")
        elif code.startswith("bulb:") and not can_effect(s, seat, code):
            n = len(f.storage)
            why = (f"storage spot {n + 1} costs {C.STORAGE_COST[n]} G" if n < len(C.STORAGE_COST)
                   else "the storage is full")
            notes.append(f"no bulb now: {why}")
    return "; ".join(notes)


# -- DO: carry out a choice ---------------------------------------------------------------------
def do_gate(s: State, t: Task, w: list[str]) -> None:
    """Floodgate adjustment (PR step 1): opening pays OPEN_COST and scores OPEN_VP per
    level; then the water rises by WATER_RISE of the new level (PR step 2)."""
    f = s.farms[t.seat]
    level = int(w[1])
    old = s.floodgate
    if level > old:
        for x in range(old + 1, level + 1):
            f.guilders -= C.OPEN_COST[x]
            f.vp += C.OPEN_VP[x]
        slot = free_helper(f, "gateup:vp2")
        if slot >= 0:
            f.used += str(slot)
            helper_event(s, t.seat, f.helpers[slot], counters_text(f, ("vp2",)))
            f.vp += 2
    elif level < old:
        slot = free_helper(f, "gatedown:g1")
        if slot >= 0:
            f.used += str(slot)
            helper_event(s, t.seat, f.helpers[slot], counters_text(f, ("g1",)))
            gain_guilders(f, 1)
    s.floodgate = level
    s.water = min(C.WATER_MAX, s.water + C.WATER_RISE[level])


def do_steps(s: State, t: Task, w: list[str]) -> None:
    """Wheel movement (PR step 3): tools pay for each step away from the speed; a calendar
    advance each time the red spoke meets or passes the arrow (every 6 steps)."""
    f = s.farms[t.seat]
    n = int(w[1])
    f.tools -= abs(n - s.floodgate)
    old = f.step
    f.step += n
    s.arrows = [f.step % C.LARGE_SPACES, (C.BOARD_SMALL_OFFSET[f.board] + f.step) % C.SMALL_SPACES]
    if f.step // C.LARGE_SPACES > old // C.LARGE_SPACES and f.calendar < C.CALENDAR_END:
        calendar_advance(s, t.seat)


def calendar_advance(s: State, seat: int) -> None:
    """Move the calendar marker 1 space: the column's common reward, then a choice of its
    open unique rewards; reaching the last space triggers the end (PR)."""
    f = s.farms[seat]
    f.calendar += 1
    col = f.calendar - 1
    event(s, f"{s.players[seat]}'s red spoke passed the arrow: calendar space {f.calendar}"
             f" (+{C.reward_text(C.CAL_COMMON[col])})")
    if "o" in s.uniques[col]:
        push(s, "unique", seat, col)
    grant(s, seat, C.CAL_COMMON[col])
    if f.calendar >= C.CALENDAR_END:
        trigger_end(s, s.players[seat])


def trigger_end(s: State, who: str) -> None:
    if s.end_round < 0:
        s.end_round = s.round + (0 if s.expert else 1)
        event(s, f"{who} reached the end of the calendar: the game end is triggered")


def do_unique(s: State, t: Task, w: list[str]) -> None:
    k = int(w[1]) - 1
    u = s.uniques[t.a]
    s.uniques[t.a] = u[:k] + "x" + u[k + 1:]
    grant(s, t.seat, C.CAL_UNIQUE[t.a][k])


def do_actions(s: State, t: Task, w: list[str]) -> None:
    """Perform actions (PR step 4): one of the two; both when either shows a "+";
    2 guilders when neither can be done."""
    f = s.farms[t.seat]
    if w[0] == "pass":
        gain_guilders(f, C.PASS_GUILDERS)
        return
    big, small = f.large[s.arrows[0]], f.small[s.arrows[1]]
    side = w[1]
    if t.kind == "actions" and (C.DESIGNS[big][2] or C.DESIGNS[small][2]):
        push(s, "more", t.seat, flags="small" if side == "big" else "big")
    grant(s, t.seat, C.DESIGNS[big if side == "big" else small][3], mand=True)


def do_lower(s: State, t: Task, w: list[str]) -> None:
    """Lower the water level (PR): the band of the current space once per strength, then
    the marker goes down by the strength (never below space 1)."""
    f = s.farms[t.seat]
    opt = w[1]
    strength = t.a
    if opt.endswith("+"):
        slot = free_helper(f, "lower:boost")
        f.used += str(slot)
        strength += 1
        opt = opt[:-1]
        if s.tasks and s.tasks[-1].kind == "after":
            s.tasks[-1].a = strength
    g, vp = C.WATER_BAND[s.water]
    if opt in ("g", "both"):
        gain_guilders(f, g * strength)
    if opt in ("vp", "both"):
        f.vp += (vp or 0) * strength
    s.water = max(1, s.water - strength)


def do_enhance(s: State, t: Task, w: list[str]) -> None:
    """Enhance the wheels (PR): optional refresh for 1 G, then install an offer tile
    on a space not activated this turn, paying its cost; the slot is refilled."""
    f = s.farms[t.seat]
    if w[0] == "refresh":
        f.guilders -= C.REFRESH_COST
        for i, d in enumerate(s.offer):
            if d >= 0:
                s.stacks[C.DESIGNS[d][1]].insert(0, d)
        for i in range(len(s.offer)):
            refill_offer_slot(s, i)
        push(s, "enhance", t.seat, t.a, t.b, t.s + "r")
        return
    i = int(w[1]) - 1
    space = wheel_index(w[2])
    f.guilders -= offer_cost(s, i, t.s)
    wheel_set(f, space, s.offer[i])
    refill_offer_slot(s, i)


def do_farm(s: State, t: Task, w: list[str]) -> None:
    """Gain a farm enhancement (PR): optional refresh; a card as helper (leftmost free
    slot, its VP) or contract; full slots: replace one (no VP), the old card discarded."""
    f = s.farms[t.seat]
    if w[0] == "refresh":
        f.guilders -= C.REFRESH_COST
        s.farm_discard += [c for c in s.farm_offer if c >= 0]
        s.farm_offer = [draw_farm(s) for _ in range(C.FARM_OFFER)]
        push(s, "farm", t.seat, flags=t.s + "r")
        return
    if w[0] == "draw":
        f.used += str(free_helper(f, "S-farm"))
        for _ in range(C.EXTRA_DRAW):
            c = draw_farm(s)
            if c >= 0:
                s.drawn.append(c)
        push(s, "farm", t.seat, flags=t.s + "d")
        return
    j = int(w[1]) - 1
    if j < C.FARM_OFFER:
        card = s.farm_offer[j]
        s.farm_offer[j] = draw_farm(s)
    else:
        card = s.drawn.pop(j - C.FARM_OFFER)
    if s.drawn:
        push(s, "drawn", t.seat)
    if w[2] == "helper":
        if len(w) > 3:
            k = int(w[3]) - 1
            if f.helpers[k] < C.START_ID:  # a replaced starting card leaves the game
                s.farm_discard.append(f.helpers[k])
            f.helpers[k] = card
        else:
            f.vp += C.HELPER_VP[len(f.helpers)]
            f.helpers.append(card)
    else:
        if len(w) > 3:
            k = int(w[3]) - 1
            s.farm_discard.append(f.contracts[k])
            f.contracts[k] = card
        else:
            f.contracts.append(card)


def do_drawn(s: State, t: Task, w: list[str]) -> None:
    """Extra cards drawn with the S-farm starting card and not taken go back on top of
    the deck or to the discard pile (PR)."""
    if w[1] == "top":
        s.farm_deck += list(reversed(s.drawn))
    else:
        s.farm_discard += s.drawn
    s.drawn = []


def field_codes(x: int) -> list[str]:
    """The reward codes of every field next to map space ``x`` (PR: gain the reward of
    each adjacent field), in field order; ``grant`` carries them out gains first."""
    return [c for code in C.SPACE_FIELDS[x] for c in C.FIELD_REWARD[code][0]]


def do_build(s: State, t: Task, w: list[str]) -> None:
    push(s, "buildat", t.seat, int(w[1]) - 1, 0, t.s)


def do_buildat(s: State, t: Task, w: list[str]) -> None:
    """Build a windmill (PR): pay the group's cost, place it; path VP to the others along
    the shortest path (builder's choice between different outcomes); field rewards."""
    f = s.farms[t.seat]
    g = t.a
    x = C.SPACE_BY_NAME[w[1]]
    alone = len(w) > 2
    f.guilders -= C.MILL_COST[g] + (1 if alone and "nc1" in t.s else 0)
    f.mills[g] -= 1
    s.board[x] = t.seat + (10 if alone else 0)
    grant(s, t.seat, field_codes(x))
    if not alone:
        outcomes = path_outcomes(s, x)
        if len(outcomes) > 1:
            push(s, "path", t.seat, x)
        else:
            pay_path(s, outcomes[0])
            if any(outcomes[0]):
                event(s, f"Path to the market: {path_gains(s, outcomes[0])}")


def do_path(s: State, t: Task, w: list[str]) -> None:
    pay_path(s, path_outcomes(s, t.a)[int(w[1]) - 1])


def market_area(s: State, seat: int) -> int:
    for a, area in enumerate(s.market):
        if seat in area:
            return a
    return 0


def do_market(s: State, t: Task, w: list[str]) -> None:
    """Visit the market (PR): pay the cost; once per turn a neutral marker may move (1 G)
    to an area you will reach; then move ``strength`` areas clockwise."""
    f = s.farms[t.seat]
    slot = free_helper(f, "S-market")
    f.guilders -= C.MARKET_COST
    flags = ""
    if w[0] == "neutral":
        a, b = int(w[1]) - 1, int(w[2]) - 1
        if slot >= 0:  # S-market used for this visit: stacking in it is free too
            f.used += str(slot)
            flags = "F"
        else:
            f.guilders -= C.NEUTRAL_MOVE_COST
        s.market[a].remove(C.NEUTRAL)
        s.market[b].append(C.NEUTRAL)
        s.neutral_used = True
    push(s, "mstep", t.seat, t.a, 0, flags)


def auto_mstep(s: State, t: Task) -> None:
    """One step of market movement: a full area (AREA_CAPACITY others) asks to stack or jump."""
    here = market_area(s, t.seat)
    nxt = (here + 1 + t.b) % C.MARKET_AREAS
    others = len(s.market[nxt]) - (1 if t.seat in s.market[nxt] else 0)
    if others >= C.AREA_CAPACITY:
        push(s, "full", t.seat, t.a, t.b, t.s)
    else:
        enter_area(s, t.seat, nxt, t.a, t.s)


def enter_area(s: State, seat: int, area: int, steps: int, flags: str = "") -> None:
    """Move ``seat``'s marker into ``area`` and take its reward; ``flags`` "F": the
    S-market starting card's free part is in use for this visit."""
    here = market_area(s, seat)
    s.market[here].remove(seat)
    s.market[area].append(seat)
    if steps > 1:
        push(s, "mstep", seat, steps - 1, 0, flags)
    push(s, "mreward", seat, area, min(C.MARKET_MAX_TIMES, len(s.market[area])))


def do_full(s: State, t: Task, w: list[str]) -> None:
    """A full area: stack on top (1 G to the topmost other player's marker there, or the
    bank if there is none; free with S-market once per turn, the owner still gets 1 G) or jump over it
    (no step used)."""
    f = s.farms[t.seat]
    here = market_area(s, t.seat)
    nxt = (here + 1 + t.b) % C.MARKET_AREAS
    if w[0] == "jump":
        push(s, "mstep", t.seat, t.a, t.b + 1, t.s)
        return
    flags = t.s
    slot = free_helper(f, "S-market")
    if "F" not in flags and slot >= 0:  # S-market: free, once per turn (its visit)
        f.used += str(slot)
        flags += "F"
    elif "F" not in flags:
        f.guilders -= C.STACK_COST
    owner = stacked_on(s, t.seat, nxt)
    if owner >= 0:
        gain_guilders(s.farms[owner], C.STACK_COST)
    enter_area(s, t.seat, nxt, t.a, flags)


def stacked_on(s: State, seat: int, area: int) -> int:
    """The player whose marker ``seat`` stacks on in a full ``area`` (PR: "pay 1 guilder to
    another player and place your token on top of theirs"): the topmost other player's
    marker; -1 when the area holds only neutral (or Gardener) markers (the bank is paid)."""
    for m in reversed(s.market[area]):
        if m < len(s.players) and m != seat:
            return m
    return -1


def do_mreward(s: State, t: Task, w: list[str]) -> None:
    """Take one option of the area, times the markers there (max 3); with S-market the
    times may be split between options, one at a time."""
    k = int(w[1]) - 1
    opt = C.MARKET[t.a][k]
    if has_helper(s.farms[t.seat], "S-market"):
        if t.b > 1:
            push(s, "mreward", t.seat, t.a, t.b - 1)
        grant(s, t.seat, opt)
    else:
        grant(s, t.seat, opt * t.b)


def do_adj(s: State, t: Task, w: list[str]) -> None:
    grant(s, t.seat, C.MARKET[int(w[1]) - 1][int(w[2]) - 1])


def _find_after(s: State, seat: int, kind: str) -> Task | None:
    for task in reversed(s.tasks):
        if task.kind == "after" and task.s == kind and task.seat == seat:
            return task
    return None


def do_plant(s: State, t: Task, w: list[str]) -> None:
    """Plant tulip bulbs (PR): a bulb from storage into the leftmost free space of any
    row, gaining the printed reward; the storage slides left. "extra" (S-plant): pay
    1 VP for one more bulb."""
    f = s.farms[t.seat]
    if w[0] == "done":
        return
    if w[0] == "extra":
        f.used += str(free_helper(f, "S-plant"))
        f.vp -= 1
        push(s, "plant", t.seat, t.a + 1, t.b, t.s + "x")
        return
    c, r = w[1], int(w[2]) - 1
    i = f.storage.index(c)
    f.storage = f.storage[:i] + f.storage[i + 1:]
    col = len(f.patch[r])
    f.patch[r] += c
    after = _find_after(s, t.seat, "plant")
    if after is not None:
        after.b += 1
    if t.a > 1:
        push(s, "plant", t.seat, t.a - 1, t.b + 1, t.s)
    grant(s, t.seat, C.PATCH_REWARD[r][col])


def do_sup(s: State, t: Task, w: list[str]) -> None:
    """Plant a bulb straight from the supply (market option; PR planting rules)."""
    f = s.farms[t.seat]
    f.guilders -= t.a
    r = int(w[1]) - 1
    col = len(f.patch[r])
    f.patch[r] += t.s
    grant(s, t.seat, C.PATCH_REWARD[r][col])


def do_bulb(s: State, t: Task, w: list[str]) -> None:
    """Gain a bulb into storage, left to right, paying the spot's cost; when the storage
    is full, replace a bulb instead (no cost) (PR)."""
    f = s.farms[t.seat]
    c = w[1]
    if len(w) > 2:
        i = f.storage.index(w[2])
        f.storage = f.storage[:i] + c + f.storage[i + 1:]
    else:
        f.guilders -= C.STORAGE_COST[len(f.storage)]
        f.storage += c


def do_trade(s: State, t: Task, w: list[str]) -> None:
    """Foreign trade (PR): place a bulb between two quarters and gain both, or take all
    the bulbs on the card. The 4th bulb clears the card to the bottom of the stack."""
    f = s.farms[t.seat]
    card = s.trade[0]
    if w[0] == "collect":
        bulbs = s.trade_bulbs.replace(" ", "")
        s.trade_bulbs = " " * C.TRADE_SLOTS
        if "both" in t.s:
            push(s, "trade", t.seat, flags=t.s.replace("both", "") + "P")
        for c in reversed(bulbs):
            push(s, "bulb", t.seat, flags=c)
        return
    c, q = w[1], int(w[2]) - 1
    if w[0] == "place":
        i = f.storage.index(c)
        f.storage = f.storage[:i] + f.storage[i + 1:]
    else:
        f.used += str(free_helper(f, "S-trade"))
    s.trade_bulbs = s.trade_bulbs[:q] + c + s.trade_bulbs[q + 1:]
    if "both" in t.s:
        push(s, "trade", t.seat, flags=t.s.replace("both", "") + "C")
    if s.trade_bulbs.count(" ") == 0:
        s.trade_bulbs = " " * C.TRADE_SLOTS
        s.trade.append(s.trade.pop(0))
    quarters = [q, (q + 1) % 4]
    mask = (1 << quarters[0]) | (1 << quarters[1])
    if "extra" in t.s or "all" in t.s:
        push(s, "tradex", t.seat, card, mask, "all" if "all" in t.s else "")
    if w[0] == "import":
        push(s, "trade2", t.seat, card)
        return
    grant(s, t.seat, [c for k in quarters for c in C.TRADE_CARDS[card][k]])


def do_trade2(s: State, t: Task, w: list[str]) -> None:
    """S-trade: any 2 rewards of the card (not necessarily next to the bulb)."""
    grant(s, t.seat, [c for k in (int(w[1]) - 1, int(w[2]) - 1) for c in C.TRADE_CARDS[t.a][k]])


def do_tradex(s: State, t: Task, w: list[str]) -> None:
    """Pay 1 G: one more reward of the card ("extra"), or all its rewards ("all")."""
    f = s.farms[t.seat]
    f.guilders -= C.TRADE_EXTRA_COST
    ks = [k for k in range(4) if not (t.b >> k) & 1] if w[0] == "all" else [int(w[1]) - 1]
    grant(s, t.seat, [c for k in ks for c in C.TRADE_CARDS[t.a][k]])


def do_pay4(s: State, t: Task, w: list[str]) -> None:
    f = s.farms[t.seat]
    if w[1] == "tool":
        f.tools -= 1
    else:
        f.guilders -= 2
    f.vp += 4


def do_swapbulb(s: State, t: Task, w: list[str]) -> None:
    f = s.farms[t.seat]
    i = f.storage.index(w[1])
    f.storage = f.storage[:i] + w[2] + f.storage[i + 1:]


def do_swapfarm(s: State, t: Task, w: list[str]) -> None:
    """Exchange one of your farm enhancement cards with an offer card (same slot and use)."""
    f = s.farms[t.seat]
    which, k = w[1][0], int(w[1][1:]) - 1
    j = int(w[2]) - 1
    cards = f.helpers if which == "h" else f.contracts
    cards[k], s.farm_offer[j] = s.farm_offer[j], cards[k]


def do_removemill(s: State, t: Task, w: list[str]) -> None:
    s.farms[t.seat].mills[int(w[1]) - 1] -= 1


def do_discardwheel(s: State, t: Task, w: list[str]) -> None:
    """Discard a wheel enhancement (the printed space shows again): 5 VP and 2 G."""
    f = s.farms[t.seat]
    i = wheel_index(w[1])
    wheel_set(f, i, C.BASE_LARGE[i] if i < C.LARGE_SPACES else C.BASE_SMALL[i - C.LARGE_SPACES])
    f.vp += 5
    gain_guilders(f, 2)


def do_swapwheel(s: State, t: Task, w: list[str]) -> None:
    f = s.farms[t.seat]
    i = wheel_index(w[1])
    j = int(w[2]) - 1
    mine = wheel_get(f, i)
    wheel_set(f, i, s.offer[j])
    s.offer[j] = mine


def do_timing(s: State, t: Task, w: list[str]) -> None:
    """Use the helpers for this action before it (their effects go on top of it);
    "after": they fire when the action is done, as usual."""
    if w[1] == "first":
        auto_after(s, Task("after", t.seat, 0, 0, t.s))


def do_contract(s: State, t: Task, w: list[str]) -> None:
    f = s.farms[t.seat]
    f.vp += contract_vp(s, t.seat, f.contracts[int(w[1]) - 1])


DO: dict[str, Callable[[State, Task, list[str]], None]] = {
    "gate": do_gate, "steps": do_steps, "unique": do_unique, "actions": do_actions, "more": do_actions,
    "lower": do_lower, "enhance": do_enhance, "farm": do_farm, "drawn": do_drawn, "build": do_build,
    "buildat": do_buildat, "path": do_path, "market": do_market, "full": do_full, "mreward": do_mreward,
    "adj": do_adj, "plant": do_plant, "sup": do_sup, "bulb": do_bulb, "trade": do_trade,
    "trade2": do_trade2, "tradex": do_tradex, "pay4": do_pay4, "swapbulb": do_swapbulb,
    "swapfarm": do_swapfarm, "removemill": do_removemill, "discardwheel": do_discardwheel,
    "swapwheel": do_swapwheel, "contract": do_contract, "timing": do_timing,
}


# -- helper triggers ------------------------------------------------------------------------------
def helper_text(cid: int) -> str:
    """The helper half of card ``cid`` in words (farm card or starting card)."""
    if cid >= C.START_ID:
        return C.START_CARDS[cid - C.START_ID][2]
    return C.FARM_CARDS[cid][3]


def helper_event(s: State, seat: int, cid: int, gains: str) -> None:
    """Announce what a helper gave: "Ann's helper (Build action: 2 VP): +2 VP"."""
    if gains:
        event(s, f"{s.players[seat]}'s helper ({helper_text(cid)}): {gains}")


def auto_after(s: State, t: Task) -> None:
    """After a basic action: each helper that triggers on it and is unused this turn
    fires once (PR: helpers once per turn)."""
    f = s.farms[t.seat]
    kind = t.s
    for slot, cid in enumerate(f.helpers):
        if str(slot) in f.used:
            continue
        code = helper_code(cid)
        if not _fires(code, kind, t.a, t.b):
            continue
        f.used += str(slot)
        if code == "S-build":
            helper_event(s, t.seat, cid, counters_text(f, ("vp1", "g1")))
            f.vp += 1
            gain_guilders(f, 1)
            continue
        if code == "S-enhance":
            push(s, "bulb", t.seat, flags=C.COLOURS)
            continue
        eff = code.partition(":")[2]
        if eff.startswith("vp") or eff in ("tool", "g1"):
            helper_event(s, t.seat, cid, counters_text(f, (eff,)))
        if eff.startswith("vp"):
            f.vp += int(eff[2:])
        elif eff == "tool":
            f.tools += 1
        elif eff == "g1":
            gain_guilders(f, 1)
        elif eff.startswith("bulb:"):
            push(s, "bulb", t.seat, flags=eff[5:])
        elif eff == "mlower":
            push_action(s, t.seat, "lower:1", False)
        elif eff == "mplant":
            push_action(s, t.seat, "plant:1", False)
        elif eff == "menhance":
            push_action(s, t.seat, "enhance", False)
        elif eff == "adj":
            push(s, "adj", t.seat)
