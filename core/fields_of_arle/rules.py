"""Fields of Arle rules: set-up, the half-year, inventories, legal moves, apply, scoring, text.

Sources: ``rules/fields-of-arle.source.de.txt`` (S1), its translation, the fact sheet (FS)
and the audit (AU, wins where they disagree; R1-R14). RULES.md beside this file states
every rule as implemented. The decisions live in actions.py (LEGAL / DO per Task), the
animal solver in animals.py, scoring in scoring.py and the solo rating in solo.py.

A move is ``Pick(verb, arg)``; its notation is ``"verb arg"`` ("place forester",
"special boatman", "build mill flax", "load wood 1 2", "cut m1", "end").
"""

from __future__ import annotations

import copy
from typing import Sequence

import msgspec

from core.engine import BotModules, ScoreSheet, ranked_winners
from core.fields_of_arle import actions as A
from core.fields_of_arle import animals as AN
from core.fields_of_arle import components as C
from core.fields_of_arle import scoring as SC
from core.fields_of_arle import solo as SO
from core.fields_of_arle.state import Home, State, Task
from core.picks import Pick, PickGame
from core.rng import Rng

#: A move: ``Pick(verb, arg)`` (core/picks.py), written "verb arg".
ArleMove = Pick


class Options(msgspec.Struct, frozen=True):
    """Fields of Arle variants.

    Attributes:
        first_game: play with the first-game buildings (the four autumn houses) instead of a
            random selection of four clock houses (FS 1.1).
    """

    first_game: bool = False


#: Task kinds of the work phase: free actions are offered beside their choices.
#: Not "sell": a destination's sales are made at once when it is loaded (S1); not "release".
WORK_KINDS = {"place", "opt", "cut", "master", "field", "butcher", "smithy", "bakehouse",
              "animal", "farmersinn", "junk", "flip", "endwork"}
#: Decisions taken for the player when they offer exactly one choice (the log says so).
FORCED = {"cut", "conv", "payanimal", "young", "final_none"}


def clone_state(state: State) -> State:
    """A copy of ``state`` for ``apply``: the State shell, its lists and every Home are
    new; Tasks (never changed in place) and strings are shared."""
    s = copy.copy(state)
    s.occupied = list(state.occupied)
    s.homes = [h.clone() for h in state.homes]
    s.buildings = list(state.buildings)
    s.supply = dict(state.supply)
    s.tasks = list(state.tasks)
    s.events = list(state.events)
    s.rng = Rng(state.rng.state)
    return s


def season(half: int) -> str:
    """"summer" for odd half-years, "winter" for even ones."""
    return "summer" if half % 2 else "winter"


class FieldsOfArle(PickGame, BotModules):
    """Fields of Arle (Uwe Rosenberg, Feuerland 2014) for 1-2 players.

    ``PickGame`` (core/picks.py) gives the queries, legal_moves, apply and the text
    (notation, parse, describe); ``BotModules`` the bots' margins and determinize."""

    id = "fields-of-arle"
    title = "Fields of Arle"
    min_players = 1
    max_players = 2
    Options = Options
    State = State
    Move = ArleMove
    private_information = False
    keep_legal = True

    # set-up ----------------------------------------------------------------------------
    def setup(self, players: Sequence[str], seed: int, options: Options | None = None) -> State:
        """A new game (FS 1, AU A1-A7): 18 buildings (the first-game set or a random later
        selection), each home board with its starting tiles (grain field, flax field, stall
        with 1 horse, boardwalk with 4 peat, 3 undrained moors, dike line 3+2), goods
        (R3), 4 wood, 4 clay, 3 peat, tool indicators at the start; a random start player.
        Raises ValueError for a player count outside 1-2."""
        opts = options or Options()
        n = len(players)
        if not 1 <= n <= 2:
            raise ValueError(f"Fields of Arle takes 1 or 2 players, not {n}.")
        rng = Rng.from_seed(seed)
        by_colour: dict[str, list[str]] = {}
        for b, (_, colour, _, _) in C.BUILDINGS.items():
            by_colour.setdefault(colour, []).append(b)
        if opts.first_game:
            green = list(by_colour["autumn"])
        else:
            clock = list(by_colour["clock"])
            rng.shuffle(clock)
            green = sorted(clock[: C.IN_PLAY["green"]], key=C.BUILDING_IDS.index)
        chosen = list(green)
        for colour in ("yellow", "orange", "blue", "red"):
            pool = list(by_colour[colour])
            rng.shuffle(pool)
            chosen += sorted(pool[: C.IN_PLAY[colour]], key=C.BUILDING_IDS.index)
        start = rng.below(n)
        supply = dict(C.SUPPLY)
        supply["field"] -= 2 * n
        supply["stall"] -= n
        homes = []
        for _ in range(n):
            g = {k: 0 for k in C.GOODS}
            g.update(C.START_GOODS)
            g.update(C.START_ANIMALS)
            homes.append(Home(g=g, tools=[0] * len(C.TOOL_IDS), land=list(C.START_TILES),
                              moors=[C.MOOR_PEAT, C.UNDRAINED, C.UNDRAINED, C.UNDRAINED]))
        s = State(players=list(players), first_game=opts.first_game, phase="work", half=1, start=start,
                  placed=0, occupied=[-1] * len(C.SPACES), special=-1, homes=homes, buildings=chosen,
                  supply=supply, tasks=[], events=[], rng=rng)
        A.event(s, f"Half-year 1 (summer): {s.players[start]} is the start player")
        self._settle(s)
        return s

    # queries (turns begun: a new worker, or the decision passing to another seat) ----------
    def reveals(self, before: State, after: State) -> bool:
        """Nothing is hidden or drawn after set-up (AU P1)."""
        return False

    def _legal(self, s: State) -> list[str]:
        if s.phase == "over" or not s.tasks:
            return []
        t = s.tasks[-1]
        out = self._choices(s, t)
        if s.phase == "work" and t.kind in WORK_KINDS:
            out = out + A.free_options(s, t.seat)
        return out

    def _choices(self, s: State, t: Task) -> list[str]:
        """The task's own choices (free actions not included)."""
        k = t.kind
        if k in A.LEGAL:
            return A.LEGAL[k](s, t)
        if k == "endwork":
            return ["end"]
        if k == "young":
            return ["young " + " ".join(map(str, y)) for y in AN.home_offspring(s.homes[t.seat])]
        if k == "conv":
            return A.boat_options(s, t.seat) + [o for o in A.clock_options(s, t.seat, True)
                                                 if o == "use schnapps"] + ["feed"]
        if k == "payanimal":
            g = s.homes[t.seat].g
            return [f"give {a}" for a in C.ANIMALS if g[a]]
        if k == "final":
            return A.boat_options(s, t.seat) + A.clock_options(s, t.seat, True) + ["done"]
        raise KeyError(k)

    # apply (legal_moves: free actions of the work phase included) -----------------------
    def apply_trusted(self, state: State, move: Pick) -> State:
        """``apply`` without checking ``move`` (taken from ``legal_moves(state)`` or
        ``parse`` a moment ago: replay, bots, playouts); undefined for any other move."""
        text = f"{move.verb} {move.arg}" if move.arg else move.verb
        s = clone_state(state)
        seat = s.tasks[-1].seat
        self._do(s, text)
        self._settle(s, seat)
        return s

    def _do(self, s: State, text: str) -> None:
        t = s.tasks[-1]
        w = text.split()
        if s.phase == "work" and t.kind in WORK_KINDS and w[0] in A.FREE_VERBS and text not in self._choices(s, t):
            A.do_free(s, t.seat, w)
        else:
            s.tasks.pop()
            self._do_task(s, t, w)

    @staticmethod
    def _check_fit(s: State, seat: int) -> bool:
        """After ``seat``'s decision: when its animals do not all fit, a "release" decision
        (S1: new animals are kept only if housed at once). Not while a peat cut of the same
        action is pending (an emptied moor gives land). Returns False while deferred."""
        if s.phase == "over" or AN.home_fits(s.homes[seat]):
            return True
        top = s.tasks[-1] if s.tasks else None
        if top is not None and top.seat == seat and top.kind == "cut":
            return False
        if top is None or top.seat != seat or top.kind != "release":
            s.tasks.append(Task("release", seat))
            A.event(s, f"{s.players[seat]}'s animals do not all fit: release one")
        return True

    def _do_task(self, s: State, t: Task, w: list[str]) -> None:
        k = t.kind
        h = s.homes[t.seat]
        if k in A.DO:
            A.DO[k](s, t, w)
            if k == "release" and not AN.home_fits(h):
                s.tasks.append(Task("release", t.seat))
        elif k == "endwork":
            h.ended = True
            if s.half % 2 == 0:
                opts = AN.home_offspring(h)
                h.breed = list(opts[0]) if opts else [0, 0, 0]
                if len(opts) > 1:
                    s.tasks.append(Task("young", t.seat))
        elif k == "young":
            h.breed = [int(x) for x in w[1:4]]
        elif k in ("conv", "final"):  # a conversion window: until "feed" / "done"
            if w[0] == ("feed" if k == "conv" else "done"):
                return
            if w[0] == "boat":
                A.do_free(s, t.seat, w)
            else:
                A.do_clock(s, t.seat, w)
            s.tasks.append(Task(k, t.seat))
        elif k == "payanimal":
            h.g[w[1]] -= 1
            if t.a > 1:
                s.tasks.append(Task("payanimal", t.seat, t.a - 1))
        else:
            raise KeyError(k)

    def _settle(self, s: State, acting: int = -1) -> None:
        """Run automatic steps and drop decisions that offer nothing, announcing what is
        lost, until a real decision is pending or the game is over. ``acting``: the seat
        that just decided (its animals must fit before anything else happens)."""
        while s.phase != "over":
            if acting >= 0 and self._check_fit(s, acting):
                acting = -1
            if not s.tasks:
                self._advance(s)
                continue
            t = s.tasks[-1]
            auto = AUTO.get(t.kind)
            if auto is not None:
                s.tasks.pop()
                auto(s, t)
                continue
            if t.kind in ("place", "endwork", "final"):
                self._turn_to(s, t.seat)
                break
            legal = self._choices(s, t)
            if not legal or legal == ["stop"]:
                s.tasks.pop()
                if t.kind == "opt":
                    A.event(s, f"{s.players[t.seat]} can do nothing more at the {C.SPACES[t.a][1]}")
                continue
            if len(legal) == 1 and t.kind in FORCED:
                if t.kind != "conv":
                    A.event(s, f"{s.players[t.seat]}: only one choice, taken: {describe_choice(s, t, legal[0])}")
                s.tasks.pop()
                self._do_task(s, t, legal[0].split())
                continue
            self._turn_to(s, t.seat)
            break

    @staticmethod
    def _turn_to(s: State, seat: int) -> None:
        """A decision for ``seat`` is pending: a new turn begins when the seat changes."""
        if seat != s.turn_seat:
            s.turns += 1
            s.turn_seat = seat

    # the half-year -------------------------------------------------------------------
    def _workers(self, s: State) -> int:
        return C.WORKERS * len(s.players)

    def _advance(self, s: State) -> None:
        n = len(s.players)
        if s.phase == "work":
            if s.placed < self._workers(s):
                seat = (s.start + s.placed) % n
                s.turns += 1
                s.turn_seat = seat
                s.tasks.append(Task("place", seat))
                return
            waiting = [(s.start + k) % n for k in range(n) if not s.homes[(s.start + k) % n].ended]
            if waiting:
                for seat in reversed(waiting):
                    s.tasks.append(Task("endwork", seat))
                return
            self._inventory(s)
            return
        if s.phase == "inventory":
            if s.half >= C.HALF_YEARS:
                s.phase = "final"
                A.event(s, "The game ends: the last conversions before scoring")
                for k in reversed(range(n)):
                    s.tasks.append(Task("final", (s.start + k) % n))
                return
            self._next_half(s)
            return
        if s.phase == "final":
            s.phase = "over"
            A.event(s, "The game is over")

    def _next_half(self, s: State) -> None:
        """AU C2: whoever did not use the Special Action starts; without it the token passes."""
        n = len(s.players)
        if n > 1:
            s.start = 1 - s.special if s.special >= 0 else 1 - s.start
        s.half += 1
        s.phase = "work"
        s.placed = 0
        s.special = -1
        s.occupied = [-1] * len(C.SPACES)
        for h in s.homes:
            h.ended = False
            h.breed = [0, 0, 0]
        A.event(s, f"Half-year {s.half} ({season(s.half)}): {s.players[s.start]} is the start player")

    def _inventory(self, s: State) -> None:
        """S1: November after a summer, May after a winter; each seat's steps in order."""
        s.phase = "inventory"
        n = len(s.players)
        nov = s.half % 2 == 1
        A.event(s, f"{'November' if nov else 'May'} inventory")
        for k in reversed(range(n)):
            seat = (s.start + k) % n
            steps = (["autumn", "empty", "milk", "harvest", "conv", "feed", "heat"] if nov
                     else ["empty", "breed", "shear", "conv", "feed"])
            for kind in reversed(steps):
                s.tasks.append(Task(kind, seat))

    # scoring ---------------------------------------------------------------------------
    def scores(self, state: State) -> list[ScoreSheet]:
        """Per seat: VP by the score pad's categories (a live preview before the end).
        No tie-break (R12: a tie is a shared win)."""
        out = []
        for seat, h in enumerate(state.homes):
            parts = SC.parts(h)
            out.append(ScoreSheet(seat=seat, total=sum(parts.values()), parts=parts))
        return out

    def winners(self, state: State) -> list[int]:
        """Most VP; equal totals share the win (R12). Solo: the player wins by reaching
        the target (R11), else nobody."""
        sheets = self.scores(state)
        if len(state.players) == 1:
            return [0] if sheets[0].total >= C.SOLO_TARGET else []
        return ranked_winners(sheets)

    def tallies(self, state: State) -> list[dict[str, float]]:
        """Public counters per seat: VP now, food, grain, peat, wood, clay, animals, dike moves."""
        out = []
        for h in state.homes:
            g = h.g
            out.append({"VP": sum(SC.parts(h).values()), "Food": g["food"], "Grain": g["grain"],
                        "Peat": g["peat"], "Wood": g["wood"], "Clay": g["clay"],
                        "Animals": g["sheep"] + g["cattle"] + g["horse"], "Dikes": h.dikes})
        return out

    def epilogue(self, state: State) -> list[str]:
        """End-of-game lines: each player's food split over the two indicators; in a solo
        game the target and rating (R11); with two players a tie (R12); [] until the end."""
        if state.phase != "over":
            return []
        lines = []
        for seat, h in enumerate(state.homes):
            a, b = SC.food_split(h.g["food"])
            lines.append(f"{state.players[seat]}: {h.g['food']} food scored as {a} + {b} on the two"
                         f" food indicators")
        if len(state.players) == 1:
            lines += SO.solo_lines(state.players[0], self.scores(state)[0].total)
        elif len(self.winners(state)) > 1:
            total = self.scores(state)[0].total
            lines.append(f"{' and '.join(state.players)} tie at {total:g} VP: a shared win (there is no tie-breaker)")
        return lines

    # text (notation "place forester", "build mill flax", "load wood 1 2") -------------
    def describe_choice(self, state: State, task: Task | None, text: str) -> str:
        """The choice ``text`` of ``task`` in the rulebook's words, with its cost
        (``describe_choice`` below; ``describe`` adds who and what it caused)."""
        return describe_choice(state, task, text)

    def view(self, state: State, viewer: int | None) -> State:
        """The state with its RNG zeroed: Fields of Arle has no hidden information (AU P1);
        the RNG, used only in set-up, is the one thing a view leaves out."""
        if state.rng.state == 0:
            return state
        return msgspec.structs.replace(state, rng=Rng(0))


# ----------------------------------------------------------------------------- inventory steps
def _autumn(s: State, t: Task) -> None:
    """FS 9.1 / AU D3: the autumn houses' effects before each November (also the last).
    ENGINE order: the gains first, then the choices."""
    h = s.homes[t.seat]
    name = s.players[t.seat]
    owned = [b for b in ("farmhouse", "plowmaker", "novice", "workshop") if b in h.land]
    if not owned:
        return
    if "farmhouse" in owned:
        h.g["clay"] += 1
        A.event(s, f"{name}'s Farmer's House: +1 clay")
    if "novice" in owned:
        A.gain(s, t.seat, "grain", 1)
        A.event(s, f"{name}'s Novice's Hut: +1 grain and a dike")
        A.add_dikes(s, t.seat, 1)
    if "workshop" in owned:
        h.g["wood"] += 1
        A.event(s, f"{name}'s Workshop: +1 wood and a Master step")
        s.tasks.append(Task("master", t.seat, 1, 0, "-"))
    if "plowmaker" in owned:
        s.tasks.append(Task("field", t.seat, 1))
    if "farmhouse" in owned:
        s.tasks.append(Task("cut", t.seat, 1, 0, "may"))


def _empty(s: State, t: Task) -> None:
    """S1 step 1: refined tokens to the supply, destination tiles to the Travel Experience track."""
    h = s.homes[t.seat]
    got: dict[str, int] = {}
    travel = 0
    for v in h.barn:
        for c in v.cells:
            if c in C.REFINE:
                got[C.REFINE[c]] = got.get(C.REFINE[c], 0) + 1
            elif c == "peat":
                got["peat"] = got.get("peat", 0) + 1
            elif c in C.DESTINATIONS:
                travel += C.DESTINATIONS[c][1]
        v.cells = [""] * len(v.cells)
    for k, n in got.items():
        h.g[k] += n
    h.travel += travel
    if got or travel:
        bits = [A.goods_text(got)] if got else []
        if travel:
            bits.append(f"{travel} travel experience (now {h.travel})")
        A.event(s, f"{s.players[t.seat]} empties the vehicles: {', '.join(bits)}")


def _milk(s: State, t: Task) -> None:
    h = s.homes[t.seat]
    food = sum(1 for k in C.MILK_SHEEP if h.g["sheep"] >= k) + sum(1 for k in C.MILK_CATTLE if h.g["cattle"] >= k)
    if food:
        got = A.gain(s, t.seat, "food", food)
        A.event(s, f"{s.players[t.seat]} milks: +{got} food")


def _harvest(s: State, t: Task) -> None:
    h = s.homes[t.seat]
    grain, flax, wood = h.land.count("grain"), h.land.count("flax"), h.land.count("forest")
    grain = A.gain(s, t.seat, "grain", grain)
    flax = A.gain(s, t.seat, "flax", flax)
    h.g["wood"] += wood
    if grain or flax or wood:
        A.event(s, f"{s.players[t.seat]} harvests: +{grain} grain, +{flax} flax, +{wood} wood")


def _breed(s: State, t: Task) -> None:
    h = s.homes[t.seat]
    young = dict(zip(C.ANIMALS, h.breed))
    for a, n in young.items():
        h.g[a] += n
    if any(h.breed):
        A.event(s, f"{s.players[t.seat]}'s young animals: {A.goods_text(young)}")
    h.breed = [0, 0, 0]


def _shear(s: State, t: Task) -> None:
    h = s.homes[t.seat]
    wool = sum(1 for k in C.SHEAR if h.g["sheep"] >= k)
    if wool:
        got = A.gain(s, t.seat, "wool", wool)
        A.event(s, f"{s.players[t.seat]} shears: +{got} wool")


def _feed(s: State, t: Task) -> None:
    """S1 step 4: 3 food; missing food as grain, missing grain as animals; -2 per unit unpaid."""
    h = s.homes[t.seat]
    g = h.g
    name = s.players[t.seat]
    need = C.FEED_FOOD
    food = min(need, g["food"])
    g["food"] -= food
    need -= food
    grain = min(need, g["grain"])
    g["grain"] -= grain
    need -= grain
    paid = f"{food} food" + (f" and {grain} grain" if grain else "")
    A.event(s, f"{name} feeds: {paid}" + (f"; {need} more to pay" if need else ""))
    if need:
        animals = A.animal_total(h)
        if animals < need:
            h.short += need - animals
            A.event(s, f"{name} cannot pay {need - animals} nourishment: {C.SHORTAGE_VP * (need - animals)} VP")
        if animals:
            s.tasks.append(Task("payanimal", t.seat, min(need, animals)))


def _heat(s: State, t: Task) -> None:
    """S1 November step 4: 2 peat; missing peat as wood (then timber, R13); -2 per unit unpaid."""
    h = s.homes[t.seat]
    g = h.g
    need = C.FEED_FUEL
    paid = {}
    for k in ("peat", "wood", "timber"):
        x = min(need, g[k])
        g[k] -= x
        need -= x
        if x:
            paid[k] = x
    A.event(s, f"{s.players[t.seat]} heats: {A.goods_text(paid)}")
    if need:
        h.short += need
        A.event(s, f"{s.players[t.seat]} cannot pay {need} fuel: {C.SHORTAGE_VP * need} VP")


AUTO = {"autumn": _autumn, "empty": _empty, "milk": _milk, "harvest": _harvest, "breed": _breed,
        "shear": _shear, "feed": _feed, "heat": _heat}


# ----------------------------------------------------------------------------- text
def _cost_text(cost: dict[str, int] | None) -> str:
    return f", paying {A.goods_text(cost)}" if cost else ""


def describe_choice(s: State, t: Task | None, text: str) -> str:
    """A readable sentence for the choice ``text`` of task ``t`` (costs included)."""
    if t is None:
        return text
    w = text.split()
    v = w[0]
    h = s.homes[t.seat]
    if v in ("place", "special"):
        i = C.SPACE_INDEX[w[1]]
        extra = " (Special Action: the other player starts next half-year)" if v == "special" else ""
        return f"places a worker on the {C.SPACES[i][1]}{_cost_text(A.space_cost(s, t.seat, i))}{extra}"
    if v == "skip":
        return "gives up a worker without an action"
    if v == "imitate":
        i = C.SPACE_INDEX[w[1]]
        return f"imitates the {C.SPACES[i][1]}{_cost_text(C.SPACES[i][2])}"
    if v == "build":
        b = w[1]
        cost = A.building_cost(b, w[2] if len(w) > 2 else "")
        name, colour, vp, _ = C.BUILDINGS[b]
        return f"builds the {name} ({vp} VP), paying {A.goods_text(cost)}"
    if v == "vehicle":
        kinds = w[1].split("+")
        k = kinds[0]
        cost = A.vehicle_cost(k)
        if len(kinds) > 1:
            cost["wood"] += 1
            return f"builds a {C.EQUIPMENT[k][0]} and a peat boat, paying {A.goods_text(cost)}"
        return f"builds a {C.EQUIPMENT[k][0]} ({C.EQUIPMENT[k][4]} VP), paying {A.goods_text(cost)}"
    if v == "boat" and len(w) == 1:
        return "builds a peat boat, paying 1 wood"
    if v == "plow":
        animal, _, fields = w[1].partition("+")
        return f"builds a plow, paying 1 wood and 1 {animal}" + (", then plows fields" if fields else "")
    if v == "fields":
        return "plows fields"
    if v == "field":
        return f"puts a {w[1]} field on an empty land space"
    if v == "times":
        k = int(w[1])
        sid = C.SPACE_IDS[t.a] if t.kind == "opt" else t.kind
        return {
            "woolweaver": f"turns {k} wool into {k} woolen",
            "tanner": f"turns {A.plural(k, 'hides')} into {k} leather",
            "linenweaver": f"turns {k} flax into {k} linen",
            "potter": f"turns {k} clay into {3 * k} food and {k} peat",
            "baker": f"bakes {k} time{'s' if k != 1 else ''}: {k} grain (flax when out of grain) and {k} peat"
                     f" (wood when out of peat) into {6 * k} food",
            "bakehouse": f"bakes {k} time{'s' if k != 1 else ''} at the Bakehouse: {2 * k} grain and {k} flax"
                         f" into {8 * k} food",
        }.get(sid, f"does it {k} time{'s' if k != 1 else ''}")
    if v == "take":
        sid = C.SPACE_IDS[t.a] if t.kind == "opt" else t.kind
        what = " and ".join(f"1 {x}" for x in w[1].split("+"))
        if sid == "junk":
            return f"takes a {C.EQUIPMENT[w[1]][0]} for free"
        return {
            "grocer": f"takes {what}, 1 grain and 1 leather",
            "colonist": "takes 1 horse",
            "cattletrader": f"takes 2 grain, 1 sheep and {what}",
            "wgrocer": f"takes {what}, 1 wood and 1 clay, and cuts 1 peat",
            "merchant": f"takes 2 hides, {what}",
            "woodtrader": "takes 4 wood",
            "forester": "puts a forest on an empty land space",
        }.get(sid, f"takes {what}")
    if v == "drain":
        return "drains a moor (4 peat on it)"
    if v == "both":
        return "takes a horse and drains a moor (4 peat on it)"
    if v == "dikes" or "+dikes" in text:
        n = C.SHOVEL_DIKES[h.tools[C.TOOL_IDS.index("shovels")]]
        animal = w[-1].split("+")[0] if "+" in text else ""
        return (f"takes 1 {animal} and builds " if animal else "builds ") + f"{n} dike{'s' if n > 1 else ''}"
    if v == "dike":
        return "builds a dike"
    if v == "stall":
        return "builds a stall, paying 2 clay and 1 grain"
    if v == "stable":
        return "upgrades a stall to a stable, paying 2 brick"
    if v == "flip":
        return A.flip_text(w[1])
    if v == "cut":
        slot = A.SLOT_NAMES.index(w[1])
        left = h.moors[slot] - 1  # on it after the cut (the emptied moor's own line follows)
        if left == 0:
            return f"cuts the last peat from {A.slot_text(slot)}"
        return f"cuts 1 peat from {A.slot_text(slot)} ({left} left)"
    if v == "stop":
        return "stops"
    if v == "tool":
        name, _, cost, _ = C.TOOLS[w[1]]
        return f"moves the {name} indicator one space, paying {A.goods_text(cost)}"
    if v == "slaughter":
        return f"slaughters 1 {w[1]} for {4 if w[1] == 'cattle' else 3} food and 2 hides"
    if v == "load":
        tok = w[1]
        vk = C.EQUIPMENT[h.barn[int(w[2]) - 1].kind][0]
        if tok in C.TOKEN_CELLS:
            extra = " and 1 peat" if tok == "clay" else ""
            return (f"loads 1 {C.NAMES[tok]}{extra} on the {vk} (vehicle {w[2]}, cell {w[3]}) to get 1"
                    f" {C.NAMES[C.REFINE[tok]]} after the work phase")
        return f"travels to {C.DESTINATIONS[tok][0]} on the {vk} (vehicle {w[2]}, cell {w[3]})"
    if v == "sell":
        label, _, food = C.DESTINATIONS[t.s][2][int(w[1]) - 1]
        what = f" ({w[2]})" if len(w) > 2 else ""
        return f"sells {label}{what} for {food} food in {C.DESTINATIONS[t.s][0]}"
    if v == "done":
        return "is done"
    if v == "boat":
        return f"uses a peat boat: 1 peat for 1 {w[1]}"
    if v == "use":
        b = w[1]
        what = {"parlor": "3 flax for 1 linen and cuts 1 peat", "colhouse": "2 wool for 1 clay and cuts 1 peat",
                "cworkshop": "4 food and 1 brick to upgrade a stall to a stable",
                "schnapps": "1 grain and 1 peat for 3 food", "litter": "3 flax for 1 horse",
                "woodhouse": "1 timber and 1 food for 2 wood",
                "loading": "puts 1 peat from the supply on an empty cell"}[b]
        return f"uses the {C.BUILDINGS[b][0]}: {what}"
    if v == "release":
        return f"releases 1 {w[1]}"
    if v == "return":
        return f"returns the {C.EQUIPMENT[h.barn[int(w[1]) - 1].kind][0]} to the supply"
    if v == "end":
        return "ends the work phase"
    if v == "young":
        y = dict(zip(C.ANIMALS, map(int, w[1:4])))
        return f"arranges the animals for {sum(y.values())} young in May ({A.goods_text(y)})"
    if v == "feed":
        return "feeds now"
    if v == "give":
        return f"gives up 1 {w[1]} as nourishment"
    if v == "swap":
        return f"swaps a {C.EQUIPMENT[w[1]][0]} for a plow"
    if v == "replace":
        return f"replaces a {w[1]} field with a forest"
    return text


GAME = FieldsOfArle()
