"""Windmill Valley rules engine: one test (at least) per rule of core/windmill_valley/RULES.md.

Expected values come from the rule texts (PR = rules/windmill-valley.source.txt, FS = the
fact sheet) and the data tables, not from running the engine.
"""

from __future__ import annotations

import random
import time

import msgspec
import pytest

from core import GAMES
from core.engine import IllegalMove, copy_state
from core.windmill_valley import GAME, Options, Pick, State, Task, action_preview, arrows_of
from core.windmill_valley import components as C
from core.windmill_valley import scoring as SC
from core.windmill_valley.actions import path_outcomes, helper_code

D = C.DESIGN_INDEX
SP = C.SPACE_BY_NAME


# -- helpers ------------------------------------------------------------------------------
def started(n: int = 4, seed: int = 1, **opts) -> State:
    """A game past the set-up decisions (first legal choice each time)."""
    s = GAME.setup([f"P{i}" for i in range(n)], seed, Options(**opts))
    while s.phase != "play":
        s = GAME.apply(s, GAME.legal_moves(s)[0])
    return s


def staged(n: int = 4, seat: int = 0, *tasks: Task, seed: int = 1) -> State:
    """A play state whose pending steps are exactly ``tasks`` (last = next), above a
    sentinel decision for seat 3 (a calendar unique choice) that stops the engine."""
    s = started(n, seed)
    for f in s.farms:  # the build starting card: inert unless a test triggers it
        f.helpers = [C.START_ID + 3]
    s.current = seat
    s.tasks = [Task("unique", n - 1, 3), *tasks]
    return s


def do(s: State, text: str) -> State:
    return GAME.apply(s, GAME.parse(s, text))


def moves(s: State) -> list[str]:
    return [GAME.notation(m) for m in GAME.legal_moves(s)]


def skip_rest(s: State) -> State:
    """Decline every pending optional choice down to the sentinel."""
    while len(s.tasks) > 1:
        s = do(s, "skip" if "skip" in moves(s) else "done")
    return s


def top(s: State) -> Task:
    return s.tasks[-1]


def play_random(n: int, seed: int, **opts) -> State:
    s = GAME.setup([f"P{i}" for i in range(n)], seed, Options(**opts))
    r = random.Random(seed)
    while not GAME.is_over(s):
        s = GAME.apply(s, r.choice(GAME.legal_moves(s)))
    return s


# -- 1. components -------------------------------------------------------------------------
def test_registered():
    g = GAMES["windmill-valley"]
    assert (g.title, g.min_players, g.max_players) == ("Windmill Valley", 1, 4)


def test_tile_counts():
    s = started(4)
    pool = [d for stack in s.stacks.values() for d in stack] + s.offer
    tiers = [C.DESIGNS[d][1] for d in pool]
    assert (tiers.count("c"), tiers.count("u"), tiers.count("x")) == (24, 12, 12)
    assert len({d for d in pool if C.DESIGNS[d][1] == "c"}) == 12


def test_farm_cards():
    assert len(C.FARM_CARDS) == 30 and len(C.START_CARDS) == 6
    pairs = {(h, c) for h, c, *_ in C.FARM_CARDS}
    assert len(pairs) == 30  # the duplicated PR pair was replaced
    groups = [c[2] for c in C.FARM_CARDS]
    assert groups.count("r") == groups.count("y") == groups.count("b") == 10


def test_map_market_edge():
    edge = [C.SPACE_NAMES[i] for i, e in enumerate(C.MARKET_EDGE) if e]
    assert edge == ["f2", "g2", "f3", "f4", "g4"] and len(C.SPACES) == 34


# -- 2. set-up -----------------------------------------------------------------------------
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_setup_counters(n):
    s = GAME.setup([f"P{i}" for i in range(n)], 7)
    assert [C.DESIGNS[d][1] for d in s.offer] == ["c", "c", "u", "x"]
    assert len(s.farm_offer) == 3 and len(s.farm_deck) == 27
    assert (s.floodgate, s.water) == (1, 1)
    assert len(s.start_offer) == n + 1
    for i, f in enumerate(s.farms):
        assert (f.guilders, f.tools, f.vp, f.storage) == ((4, 5, 6, 7)[i], 1, 5, "wyrv"[i])
        assert f.mills == [1, 1, 2, 2, 3]
    assert sorted(f.board for f in s.farms) == sorted(set(f.board for f in s.farms))
    covered = "".join(s.uniques).count("-")
    assert covered == {1: 6, 2: 6, 3: 3, 4: 0}[n]
    assert "-" not in s.uniques[3]
    assert GAME.to_move(s) == n - 1  # reverse turn order


def test_setup_start_cards_reverse_order_and_wish():
    s = GAME.setup(["A", "B", "C"], 3)
    offered = sorted(s.start_offer)
    picks = []
    for seat in (2, 1, 0):
        assert GAME.to_move(s) == seat and s.phase == "start"
        m = GAME.legal_moves(s)[0]
        picks.append(C.START_ID + int(m.arg) - 1)
        s = GAME.apply(s, m)
    assert [s.farms[i].helpers for i in (2, 1, 0)] == [[p] for p in picks]
    assert s.wish_card == (set(offered) - set(picks)).pop()
    assert s.phase == "place" and GAME.to_move(s) == 2


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_setup_market_markers(n):
    s = GAME.setup([f"P{i}" for i in range(n)], 5)
    while s.phase == "start":
        s = GAME.apply(s, GAME.legal_moves(s)[0])
    taken = []
    while s.phase == "place":
        opts = moves(s)
        for t in taken:  # never an area with another player's marker
            assert f"area {t + 1}" not in opts
        a = int(opts[-1].split()[1]) - 1
        taken.append(a)
        s = do(s, opts[-1])
    neutrals = [a for a, area in enumerate(s.market) if C.NEUTRAL in area]
    if n == 4:
        assert neutrals == [(taken[-1] - 1) % 5]  # counter-clockwise of the 1st player
    else:
        assert len(neutrals) == {1: 3, 2: 3, 3: 2}[n]
        assert all(len(area) == 1 for area in s.market)
    assert s.phase == "play" and GAME.to_move(s) == 0


# -- 3. the turn ---------------------------------------------------------------------------
def test_turn_floodgate_open_costs_and_vp():
    s = staged(4, 0, Task("gate", 0))
    s.farms[0].guilders = 5
    assert moves(s) == ["gate 1", "gate 2", "gate 3"]
    s = do(s, "gate 3")
    f = s.farms[0]
    assert (f.guilders, f.vp, s.floodgate, s.water) == (5 - 3, 5 + 4, 3, 3)


def test_turn_floodgate_unaffordable_and_close():
    s = staged(4, 0, Task("gate", 0))
    s.farms[0].guilders = 2
    assert "gate 3" not in moves(s)
    s.floodgate = 3
    s2 = do(s, "gate 1")
    assert (s2.farms[0].guilders, s2.farms[0].vp, s2.water) == (2, 5, 1)


def test_turn_floodgate_never_past_water_end():
    s = staged(4, 0, Task("gate", 0))
    s.water, s.floodgate = 9, 3
    assert moves(s) == ["gate 1", "gate 2"]


def test_turn_floodgate_forced_at_max_water():
    """PR: at maximum water the floodgate must go to 1; a single choice is taken
    automatically and announced."""
    s = started(4)
    s.tasks, s.current = [Task("endturn", 3)], 3
    s.water, s.floodgate = 10, 3
    s.farms[0].tools = 2
    GAME._settle(s)  # seat 3's turn ends, seat 0's begins
    assert s.current == 0 and s.floodgate == 1 and s.water == 10
    assert any("must close the floodgate" in e for e in s.events)
    assert top(s).kind == "steps"


def test_turn_steps_with_tools():
    s = staged(4, 0, Task("steps", 0))
    s.floodgate, s.farms[0].tools = 2, 1
    assert moves(s) == ["steps 1", "steps 2", "steps 3"]
    s2 = do(s, "steps 3")
    assert s2.farms[0].tools == 0 and s2.farms[0].step == 3
    s.farms[0].tools = 9
    s.floodgate = 1
    assert moves(s) == ["steps 1", "steps 2", "steps 3", "steps 4"]


def test_turn_arrows_follow_the_wheels():
    s = staged(4, 0, Task("actions", 0), Task("steps", 0))
    s.farms[0].tools, s.farms[0].board = 3, 2
    s2 = do(s, "steps 4")
    assert s2.arrows == [4, (C.BOARD_SMALL_OFFSET[2] + 4) % 5]
    assert arrows_of(s2, 0) == tuple(s2.arrows)
    prev = action_preview(s, 0)
    assert [p[0] for p in prev] == [1, 2, 3, 4]
    assert prev[3][1] == C.DESIGNS[C.BASE_LARGE[4]][4]


def test_turn_calendar_advance_announced():
    s = staged(4, 0, Task("actions", 0), Task("steps", 0))
    f = s.farms[0]
    f.step, f.tools = 5, 0
    s.floodgate = 1
    s2 = do(s, "steps 1")
    g = s2.farms[0]
    assert g.calendar == 1 and g.tools == 0 + 1  # common reward of column 1: a tool
    assert top(s2).kind == "unique" and top(s2).a == 0
    assert moves(s2) == ["unique 1", "unique 2", "unique 3", "unique 4", "skip"]
    assert "calendar space 1" in s2.events[-1]
    s3 = do(s2, "unique 2")  # 2 guilders
    assert s3.uniques[0] == "oxoo" and s3.farms[0].guilders == f.guilders + 2
    # passing over the arrow (step 5 -> 8) also advances
    s.farms[0].tools = 5
    assert do(s, "steps 3").farms[0].calendar == 1


def test_turn_calendar_only_at_arrow():
    s = staged(4, 0, Task("actions", 0), Task("steps", 0))
    s.floodgate = 1
    s.farms[0].step = 6  # exactly on the arrow: leaving it is no advance
    assert do(s, "steps 1").farms[0].calendar == 0


def test_turn_actions_one_of_two():
    s = staged(4, 0, Task("actions", 0))
    s.arrows = [4, 0]  # plant 2 / lower 2
    assert moves(s) == ["act big", "act small"]
    s2 = do(s, "act small")
    assert top(s2).kind == "lower" and top(s2).a == 2
    assert not any(t.kind == "more" for t in s2.tasks)


def test_turn_plus_allows_both():
    s = staged(4, 0, Task("actions", 0))
    s.arrows = [0, 1]
    s.farms[0].small[1] = D["U-2g"]
    g = s.farms[0].guilders
    s2 = do(s, "act small")
    assert s2.farms[0].guilders == g + 2
    assert top(s2).kind == "more" and moves(s2) == ["act big", "skip"]


def test_turn_pass_when_nothing_possible():
    s = staged(4, 0, Task("actions", 0))
    f = s.farms[0]
    f.storage = ""
    f.small[0] = D["C-plant3"]
    s.arrows = [4, 0]  # plant 2 / plant up to 3, and no bulb to plant
    assert moves(s) == ["pass"]
    g = f.guilders
    GAME._settle(s)
    assert s.farms[0].guilders == g + 2 and top(s).kind == "unique"


# -- 4. actions ----------------------------------------------------------------------------
def test_action_lower_worked_example():
    """PR: 'If the marker is on the 8 space and you have a 2 strength action, you would
    receive either 4 guilders or 4 VP.' Then the marker goes down 2."""
    s = staged(4, 0, Task("after", 0, 2, 0, "lower"), Task("lower", 0, 2, 0, "!"))
    s.water = 8
    f = s.farms[0]
    f.guilders = 1
    assert moves(s) == ["lower g", "lower vp"]
    a = do(s, "lower vp")
    assert (a.farms[0].vp, a.farms[0].guilders, a.water) == (f.vp + 4, 1, 6)
    b = do(s, "lower g")
    assert (b.farms[0].vp, b.farms[0].guilders, b.water) == (f.vp, 5, 6)


def test_action_lower_bottom_band_and_floor():
    s = staged(4, 0, Task("lower", 0, 2, 0, "!"))
    s.water = 2
    assert moves(s) == ["lower g"]
    g = s.farms[0].guilders
    s2 = do(s, "lower g")
    assert s2.water == 1 and s2.farms[0].guilders == g + 2
    s.water = 1
    assert do(s, "lower g").farms[0].guilders == g + 2  # still 1 coin per strength at the bottom


def test_action_lower_both_tile():
    s = staged(4, 0, Task("lower", 0, 2, 0, "!both"))
    s.water = 5
    f = s.farms[0]
    s2 = do(s, "lower both")
    assert (s2.farms[0].guilders, s2.farms[0].vp, s2.water) == (f.guilders + 2, f.vp + 2, 3)


def test_action_enhance_install_pay_refill():
    s = staged(4, 0, Task("enhance", 0, 0, 0, "!"))
    s.arrows = [0, 0]
    s.farms[0].guilders = 2
    opts = moves(s)
    assert "tile 1 L1" not in opts and "tile 1 S1" not in opts  # activated this turn
    assert "tile 4 L2" in opts and "refresh" in opts
    unique = s.offer[3]
    nxt = s.stacks["x"][-1]
    s2 = do(s, "tile 4 L2")
    assert s2.farms[0].large[1] == unique and s2.farms[0].guilders == 0
    assert s2.offer[3] == nxt
    s.farms[0].guilders = 1
    assert not any(o.startswith("tile 4") for o in moves(s))


def test_action_enhance_refresh():
    s = staged(4, 0, Task("enhance", 0, 0, 0, "!"))
    old = list(s.offer)
    s2 = do(s, "refresh")
    assert s2.farms[0].guilders == s.farms[0].guilders - 1
    assert s2.stacks["c"][:2] == [old[1], old[0]]  # to the bottom of their own stacks
    assert s2.stacks["u"][0] == old[2] and s2.stacks["x"][0] == old[3]
    assert "refresh" not in moves(s2)


def test_action_enhance_empty_stack_gives_free_common():
    s = staged(4, 0, Task("enhance", 0, 0, 0, "!"))
    s.stacks["x"] = []
    s.farms[0].guilders = 2
    s2 = do(s, "tile 4 L2")
    assert C.DESIGNS[s2.offer[3]][1] == "c" and s2.offer_free[3] == "1"
    s2.tasks.append(Task("enhance", 0))
    s2.farms[0].guilders = 0
    assert "tile 4 L3" in moves(s2)  # the red X: free


def test_action_farm_helper_vp_and_replace():
    s = staged(4, 0, Task("farm", 0, 0, 0, "!"))
    card = s.farm_offer[1]
    s2 = do(s, "take 2 helper")
    f = s2.farms[0]
    assert f.helpers[-1] == card and f.vp == 5 + C.HELPER_VP[1]
    assert s2.farm_offer[1] != card and s2.farm_offer[1] >= 0  # refilled
    s2.farms[0].helpers = [C.START_ID, 1, 2, 3]
    s2.tasks.append(Task("farm", 0))
    assert "take 1 helper" not in moves(s2) and "take 1 helper 2" in moves(s2)
    s3 = do(s2, "take 1 helper 2")
    assert s3.farms[0].vp == s2.farms[0].vp and 1 in s3.farm_discard


def test_action_farm_contracts_max_three():
    s = staged(4, 0, Task("farm", 0))
    s.farms[0].contracts = [4, 5, 6]
    assert "take 1 contract" not in moves(s) and "take 1 contract 3" in moves(s)


def test_action_build_connection_and_cost():
    s = staged(4, 0, Task("build", 0, 0, 0, "!"))
    s.farms[0].guilders = 2
    assert moves(s) == ["mill 1", "mill 2", "mill 3", "mill 4"]  # 3 G group unaffordable
    s2 = do(s, "mill 3")
    assert sorted(m.split()[1] for m in moves(s2)) == sorted(["f2", "g2", "f3", "f4", "g4"])
    s3 = do(s2, "build f3")
    assert s3.board[SP["f3"]] == 0 and s3.farms[0].mills[2] == 1 and s3.farms[0].guilders == 0


def test_action_build_field_rewards():
    s = staged(4, 0, Task("buildat", 0, 0, 0, "!"))
    f = s.farms[0]
    s2 = do(s, "build f4")  # fields Wt, Ye, T
    assert s2.farms[0].tools == f.tools + 1
    kinds = [(t.kind, t.s) for t in s2.tasks[-2:]]
    assert kinds == [("bulb", "y"), ("bulb", "w")]


def test_action_build_alone_no_path_and_blocks():
    s = staged(4, 0, Task("buildat", 0, 0, 0, "!nc"))
    assert "build a1 alone" in moves(s) and "build f3 alone" not in moves(s)
    s2 = do(s, "build b2 alone")
    assert s2.board[SP["b2"]] == 10
    s2.tasks.append(Task("buildat", 1, 0))
    assert "build b3" not in moves(s2) and "build c2" not in moves(s2)


def test_path_vp_branched_network():
    """e1 reaches the market edge f2 by two shortest paths: via f1 (seat 1) or via
    e2 (seat 3); both end on f2 (seat 2). A longer branch via d1-d2 does not count."""
    s = staged(4, 0, Task("buildat", 0, 0, 0, "!"))
    s.board[SP["f2"]] = 2
    s.board[SP["f1"]] = 1
    s.board[SP["e2"]] = 3
    s.board[SP["d2"]] = 1
    s.board[SP["d1"]] = 1
    s.board[SP["f3"]] = 0
    s.board[SP["e3"]] = 1
    s2 = do(s, "build e1")
    assert top(s2).kind == "path"
    assert sorted(path_outcomes(s2, SP["e1"])) == [(0, 0, 1, 1, 0), (0, 1, 1, 0, 0)]
    vps = [f.vp for f in s2.farms]
    a = do(s2, "path 1")
    assert [f.vp for f in a.farms] == [vps[0], vps[1], vps[2] + 1, vps[3] + 1]
    b = do(s2, "path 2")
    assert [f.vp for f in b.farms] == [vps[0], vps[1] + 1, vps[2] + 1, vps[3]]


def test_path_vp_not_for_own_windmills():
    s = staged(4, 0, Task("buildat", 0, 0, 0, "!"))
    s.board[SP["f3"]] = 0
    s.board[SP["e3"]] = 1
    vps = [f.vp for f in s.farms]
    s2 = do(s, "build d3")  # d3 - e3 (seat 1) - f3 (own): seat 1 gains 1
    assert [f.vp for f in s2.farms][1:] == [vps[1] + 1, vps[2], vps[3]]


def test_action_market_rondel():
    s = staged(4, 0, Task("market", 0, 2, 0, "!"))
    s.market = [[0], [1], [9, 2], [], [3]]
    g = s.farms[0].guilders
    assert "go" in moves(s)
    s2 = do(s, "go")
    assert s2.farms[0].guilders == g - C.MARKET_COST
    assert 0 in s2.market[1] and top(s2).kind == "mreward" and top(s2).b == 2
    s3 = do(s2, "take 2")  # supply-plant yellow x2
    assert [t.kind for t in s3.tasks[-2:]] == ["sup", "sup"]


def test_action_market_full_area_stack_pays_owner():
    s = staged(4, 0, Task("market", 0, 1, 0, "!"))
    s.market = [[0], [1, 2], [9], [], [3]]
    s.farms[0].guilders = 3
    s2 = do(s, "go")
    assert moves(s2) == ["stack", "jump"]
    b = do(s2, "stack")
    assert b.farms[0].guilders == 1 and b.farms[2].guilders == min(9, s.farms[2].guilders + 1)
    assert b.market[1] == [1, 2, 0] and top(b).b == 3  # 3 markers: x3
    j = do(s2, "jump")
    assert j.market[2] == [9, 0] and top(j).b == 2


def test_action_market_neutral_move():
    s = staged(4, 0, Task("market", 0, 1, 0, "!"))
    s.market = [[0], [1], [2], [9], [3]]
    assert moves(s) == ["go", "neutral 4 2"]  # only to an area you will move to
    s2 = do(s, "neutral 4 2")
    assert s2.neutral_used and s2.market[1] == [1, 9] and s2.market[3] == []
    assert s2.farms[0].guilders == s.farms[0].guilders - 2
    assert top(s2).kind == "full"  # area 2 now holds 2 markers
    s3 = do(s2, "stack")
    assert top(s3).b == 3


def test_action_plant_leftmost_reward_and_slide():
    s = staged(4, 0, Task("after", 0, 2, 0, "plant"), Task("plant", 0, 2, 0, "!"))
    f = s.farms[0]
    f.storage = "rwy"
    f.patch = ["w", "", "", ""]
    assert "done" not in moves(s)  # a chosen plant action plants at least one
    s2 = do(s, "plant w 1")  # row 1 col 2: 1 guilder
    assert s2.farms[0].patch[0] == "ww" and s2.farms[0].storage == "ry"
    assert s2.farms[0].guilders == min(9, f.guilders + 1)
    # PR: "Plant a number of tulip bulbs equal to the action's strength": no stopping at 1
    assert "done" not in moves(s2)
    s3 = do(s2, "plant y 2")
    assert s3.farms[0].storage == "r"
    assert not any(t.kind == "plant" for t in s3.tasks)  # strength 2: two bulbs, then over


def test_action_plant_strength_is_planted_in_full_when_possible():
    """PR Plant action: as many bulbs as the strength; fewer only when storage or patch run out."""
    s = staged(4, 0, Task("after", 0, 2, 0, "plant"), Task("plant", 0, 2, 0, "!"))
    s.farms[0].storage = "w"
    s2 = do(s, "plant w 1")
    assert s2.farms[0].storage == "" and not any(t.kind == "plant" for t in s2.tasks)
    # the patch has room for one bulb only: the second is not owed
    s = staged(4, 0, Task("after", 0, 2, 0, "plant"), Task("plant", 0, 2, 0, "!"))
    s.farms[0].storage = "wy"
    s.farms[0].patch = ["w" * C.PATCH_COLS] * 3 + ["w" * (C.PATCH_COLS - 1)]
    s2 = do(s, "plant y 4")
    assert not any(m.startswith(("plant", "done")) for m in moves(s2))  # over: nothing owed


def test_action_plant_gained_as_reward_may_be_declined_but_not_stopped_halfway():
    """Rewards are optional (RULES.md 5): a Plant action from a field or the calendar may be
    declined before the first bulb; once begun it plants the strength (PR)."""
    s = staged(4, 0, Task("after", 0, 2, 0, "plant"), Task("plant", 0, 2, 0, ""))
    s.farms[0].storage = "wyr"
    assert "done" in moves(s)
    assert "done" not in moves(do(s, "plant w 1"))


def test_tile_plant_up_to_may_stop_after_any_bulb():
    """PR enhancement tiles: "Plant up to 3 bulbs" / "up to 4": stop when you like, but a
    tile chosen at the arrows plants at least one."""
    for key, n in (("C-plant3", 3), ("X-plant4", 4), ("X-plant3swap", 3)):
        assert C.DESIGNS[D[key]][3][-1].split(":")[-1] == "upto"
        s = staged(4, 0, Task("actions", 0))
        s.arrows = [0, 0]
        s.farms[0].large[0] = D[key]
        s.farms[0].storage = "wyr"
        s = do(s, "act big")
        if top(s).kind == "swapbulb":
            s = do(s, "skip")
        while top(s).kind != "plant":
            s = do(s, moves(s)[0])
        assert top(s).a == n and "done" not in moves(s)
        assert "done" in moves(do(s, "plant w 1"))


def test_calendar_plant_up_to_2_may_stop_and_its_label_says_so():
    """FS calendar column 2: "plant up to 2" (an "up to" reward); the printed action and the
    column-4 "plant 2" are labelled without "up to"."""
    assert C.reward_text(C.CAL_UNIQUE[1][1]) == "plant up to 2 bulbs"
    assert C.reward_text(C.CAL_UNIQUE[3][2]).endswith("plant 2 bulbs")
    assert "up to" not in C.reward_text(C.DESIGNS[D["B-plant"]][3])


def test_action_trade_place_and_clear():
    s = staged(4, 0, Task("trade", 0, 0, 0, "!"))
    s.trade = [0, 1, 2, 3]
    s.trade_bulbs = "wy  "
    f = s.farms[0]
    f.storage = "wrv"
    opts = moves(s)
    assert "place w 3" not in opts and "place r 3" in opts and "place r 1" not in opts
    s2 = do(s, "place r 3")  # quarters 3 (tool) and 4 (3 VP) of card 0
    assert s2.farms[0].tools == f.tools + 1 and s2.farms[0].vp == f.vp + 3
    s2.tasks.append(Task("trade", 0, 0, 0, "!"))
    s4 = do(s2, "place v 4")
    assert s4.trade_bulbs == "    " and s4.trade == [1, 2, 3, 0]


def test_action_trade_collect():
    s = staged(4, 0, Task("trade", 0, 0, 0, "!"))
    s.trade_bulbs = "b v "
    s2 = do(s, "collect")
    assert s2.trade_bulbs == "    " and [t.s for t in s2.tasks[-2:]] == ["v", "b"]


# -- 5. storage ------------------------------------------------------------------------------
def test_storage_costs():
    s = staged(4, 0, Task("bulb", 0, 0, 0, "r"))
    f = s.farms[0]
    f.storage, f.guilders = "wwww", 2
    s2 = do(s, "bulb r")
    assert s2.farms[0].storage == "wwwwr" and s2.farms[0].guilders == 1
    s2.tasks.append(Task("bulb", 0, 0, 0, "y"))
    assert moves(s2) == ["skip"] or "bulb y" not in moves(s2)  # 6th spot costs 2
    s2.farms[0].guilders = 2
    s3 = do(s2, "bulb y")
    assert s3.farms[0].guilders == 0 and s3.farms[0].storage == "wwwwry"


def test_storage_full_swap():
    s = staged(4, 0, Task("bulb", 0, 0, 0, "b"))
    f = s.farms[0]
    f.storage, f.guilders = "wwyyrv", 0
    assert sorted(moves(s)) == sorted(["bulb b w", "bulb b y", "bulb b r", "bulb b v", "skip"])
    s2 = do(s, "bulb b y")
    assert s2.farms[0].storage == "wwbyrv" and s2.farms[0].guilders == 0


def test_storage_guilder_cap():
    s = staged(4, 0, Task("lower", 0, 2, 0, "!"))
    s.water, s.farms[0].guilders = 9, 8
    assert do(s, "lower g").farms[0].guilders == 9


# -- 6. tiles, helpers, contracts -------------------------------------------------------------
def test_tile_enhance_twice():
    s = staged(4, 0, Task("actions", 0))
    s.arrows = [0, 0]
    s.farms[0].large[0] = D["C-enhancex2"]
    s2 = do(s, "act big")
    assert [t.kind for t in s2.tasks].count("enhance") == 2


def test_tile_pay4_discard_swap_remove():
    s = staged(4, 0, Task("pay4", 0))
    a = do(s, "pay tool")
    assert (a.farms[0].vp, a.farms[0].tools) == (s.farms[0].vp + 4, s.farms[0].tools - 1)
    b = do(s, "pay guilders")
    assert (b.farms[0].vp, b.farms[0].guilders) == (s.farms[0].vp + 4, s.farms[0].guilders - 2)
    s = staged(4, 0, Task("discardwheel", 0))
    s.arrows = [0, 0]
    s.farms[0].large[2] = D["X-4g"]
    s2 = do(s, "discard L3")
    assert s2.farms[0].large[2] == C.BASE_LARGE[2] and s2.farms[0].vp == s.farms[0].vp + 5
    s = staged(4, 0, Task("swapwheel", 0))
    s.arrows = [0, 0]
    s.farms[0].large[2] = D["X-4g"]
    offer = s.offer[0]
    s2 = do(s, "swap L3 1")
    assert s2.farms[0].large[2] == offer and s2.offer[0] == D["X-4g"]
    s = staged(4, 0, Task("removemill", 0))
    assert do(s, "remove 5").farms[0].mills == [1, 1, 2, 2, 2]


def test_helper_boost_lower():
    s = staged(4, 0, Task("after", 0, 1, 0, "lower"), Task("lower", 0, 1, 0, "!"))
    s.farms[0].helpers = [C.START_ID, 8]  # card 9: +1 strength
    s.water = 8
    s2 = do(s, "lower vp+")
    assert s2.farms[0].vp == s.farms[0].vp + 4 and s2.water == 6 and "1" in s2.farms[0].used


def test_helper_once_per_turn():
    s = staged(4, 0, Task("after", 0, 0, 0, "build"), Task("after", 0, 0, 0, "build"))
    s.farms[0].helpers = [C.START_ID, 3]  # build: 1 tool
    t = s.farms[0].tools
    GAME._settle(s)
    assert s.farms[0].tools == t + 1


def test_helper_start_build_and_plant2_tool():
    s = staged(4, 0, Task("after", 0, 0, 0, "build"))
    s.farms[0].helpers = [C.START_ID + 3]
    GAME._settle(s)
    assert s.farms[0].vp == 6 and s.farms[0].guilders == min(9, 4 + 1)
    s = staged(4, 0, Task("after", 0, 2, 2, "plant"))
    s.farms[0].helpers = [C.START_ID, 15]  # plant 2+: 1 tool
    GAME._settle(s)
    assert s.farms[0].tools == 2


def test_helper_start_trade_import_any_two_rewards():
    s = staged(4, 0, Task("trade", 0, 0, 0, "!"))
    s.farms[0].helpers = [C.START_ID]
    s.farms[0].storage = ""
    s.trade = [0, 1, 2, 3]
    s2 = do(s, "import b 1")
    assert top(s2).kind == "trade2"
    s3 = do(s2, "rewards 1 4")  # 3 G and 3 VP of card 0, not next to slot 1 both
    assert s3.farms[0].vp == s.farms[0].vp + 3


def test_contract_values():
    s = started(4)
    f = s.farms[0]
    f.patch = ["vvvvvvv", "rwy", "", ""]
    f.tools = 5
    s.board[SP["f4"]] = 0  # next to a tool field
    s.board[SP["e3"]] = 0
    assert SC.contract_vp(s, 0, 2) == 5 * 2  # 5 VP per windmill next to a tool field
    assert SC.contract_vp(s, 0, 21) == 12  # full violet row
    assert SC.contract_vp(s, 0, 15) == 3 * 2  # 3 VP per 2 tools
    assert SC.contract_vp(s, 0, 16) == 2 * 2  # 2 VP per windmill on the board
    assert SC.contract_vp(s, 0, 20) == 2  # 2 VP per red bulb
    f.small = [D["X-4g"]] * 5
    assert SC.contract_vp(s, 0, 11) == 15


def test_contract_immediate_score():
    s = staged(4, 0, Task("contract", 0))
    s.farms[0].contracts = [16]
    s.board[SP["f3"]] = 0
    s2 = do(s, "score 1")
    assert s2.farms[0].vp == 5 + 2 and s2.farms[0].contracts == [16]


# -- 7. Queen's Wish -----------------------------------------------------------------------
def test_wish_highest_free_space():
    s = staged(4, 0, Task("pay4", 0))
    s.wish_card = C.START_ID  # 6 tools
    s.farms[1].tools = 6
    s.farms[2].tools = 6
    s2 = do(s, "skip")
    assert (s2.farms[1].wish, s2.farms[2].wish, s2.wish_next) == (10, 7, 2)
    assert s2.farms[1].vp == 15
    s2.farms[1].tools = 7
    s2.tasks.append(Task("pay4", 0))
    assert do(s2, "skip").farms[1].vp == 15  # once per player


def test_wish_network_of_four():
    s = started(4)
    s.wish_card = C.START_ID + 3
    for name in ("f3", "e3", "d3"):
        s.board[SP[name]] = 0
    s.board[SP["f4"]] = 1
    assert not SC.wish_met(s, 0)
    s.board[SP["f2"]] = 0
    assert SC.wish_met(s, 0)


# -- 8. the end ----------------------------------------------------------------------------
def _to_trigger(expert: bool) -> State:
    s = started(3, expert=expert)
    s.current = 1
    s.tasks = [Task("endturn", 1), Task("actions", 1), Task("steps", 1)]
    s.farms[1].calendar, s.farms[1].step = 3, 23
    s.floodgate = 1
    s.farms[1].tools = 0
    return s


@pytest.mark.parametrize("expert", [False, True])
def test_end_trigger_round_and_extra_turn(expert):
    s = _to_trigger(expert)
    GAME._settle(s)  # no tools: "steps 1" is the only choice and is taken
    assert s.farms[1].calendar == 4 and s.end_round == (0 if expert else 1)
    r = random.Random(0)
    seats = []
    while not GAME.is_over(s):
        if s.turns not in [x[0] for x in seats]:
            seats.append((s.turns, s.current))
        s = GAME.apply(s, r.choice(GAME.legal_moves(s)))
    order = [seat for _, seat in seats]
    # the triggering seat 1 finishes, then seat 2 ends the round; (normal) one more turn each
    assert order == ([1, 2] if expert else [1, 2, 0, 1, 2])


# -- 9. final scoring -------------------------------------------------------------------------
def test_final_windmill_groups():
    s = started(4)
    f = s.farms[0]
    f.patch = ["rrb", "v", "w", ""]
    f.mills = [0, 1, 0, 2, 0]  # white, red and black groups empty
    parts = SC.final_parts(s, 0)
    assert parts["Windmill groups"] == 1 * 1 + 2 * 2 + 3 * 1


def test_final_rows():
    s = started(4)
    s.farms[0].patch = ["rrrrrrr", "rwyrwyr", "rrrrrr", ""]
    assert SC.final_parts(s, 0)["Patch rows"] == 10 + 3


def test_final_columns():
    s = started(4)
    s.farms[0].patch = ["wyr", "yrv", "rvb", "vbw"]
    # col1 w y r v: different (+4); col2 y r v b (+4); col3 r v b w (+4)
    assert SC.final_parts(s, 0)["Patch columns"] == 12
    s.farms[0].patch = ["w", "w", "", ""]  # a repeat in an incomplete column: -2
    assert SC.final_parts(s, 0)["Patch columns"] == -2
    s.farms[0].patch = ["w", "y", "", ""]  # incomplete, no repeat: 0
    assert SC.final_parts(s, 0)["Patch columns"] == 0


def test_final_contracts_and_scoresheet():
    s = started(2)
    s.farms[0].contracts = [16]
    s.board[SP["f3"]] = 0
    s.phase = "over"
    sh = GAME.scores(s)[0]
    assert sh.parts["Contracts"] == 2 and sh.total == sum(sh.parts.values())


def test_final_tiebreaks():
    s = started(2)
    s.phase = "over"
    for f in s.farms:
        f.vp = 20
    s.farms[0].patch = ["ry", "", "", ""]
    s.farms[1].patch = ["rv", "", "", ""]
    s.farms[0].storage, s.farms[1].storage = "w", "ww"
    assert GAME.winners(s) == [1]  # equal patch, more storage
    s.farms[1].storage = "w"
    s.board[SP["f3"]] = 0
    assert GAME.winners(s) == [0]  # windmills on the board
    s.board[SP["f4"]] = 1
    assert GAME.winners(s) == [0, 1]  # shared
    s.farms[1].patch[1] = "b"
    assert GAME.winners(s) == [1]  # more in the patch
    sheet = GAME.scores(s)[1]  # score tables name each tie-break (issue 10 item 28)
    assert sheet.tiebreak == (3, 1, 1)
    assert sheet.tiebreak_names == ("bulbs in the patch", "bulbs in storage", "windmills on the board")


# -- 10. solo -------------------------------------------------------------------------------
def test_solo_setup_and_bot_turn():
    s = started(1, solo_level=3)
    assert s.solo is not None and s.solo.level == 3
    assert sum(1 for a in s.market if C.BOT in a) == 1
    assert sum(1 for a in s.market if C.NEUTRAL in a) == 3
    s.solo.deck = [0]  # floodgate +1, no calendar step, wheel denial
    s.tasks = [Task("endturn", 0)]
    d = s.offer[0]
    GAME._settle(s)
    assert s.floodgate == 2 and s.water == 2
    assert s.solo.vp == C.SOLO_CARD_VP[3] and s.offer[0] != d and s.stacks["c"][0] == d
    assert s.round == 1 and GAME.to_move(s) == 0
    assert s.events[-1].startswith("Gardener: floodgate 2") and s.events[-1].endswith(
        f", +{C.SOLO_CARD_VP[3]} VP (now {C.SOLO_CARD_VP[3]})")  # its score is visible
    # the log names the tile it took away (issue 10 item 28)
    tier = C.TIER_NAMES[C.DESIGNS[d][1]]
    assert f'removes the {tier} wheel enhancement "{C.DESIGNS[d][4]}" from the offer' in s.events[-1]


def test_solo_gardener_log_names_the_farm_card_and_the_market_area():
    s = started(1, solo_level=1)
    s.solo.deck = [3, 1]  # draws 1 first (calendar + farm denial), then 3 (market denial)
    c = next(x for x in s.farm_offer if x >= 0)
    s.tasks = [Task("endturn", 0)]
    GAME._settle(s)
    helper, contract = C.FARM_CARDS[c][3], C.FARM_CARDS[c][4]
    assert c in s.farm_discard
    assert f'discards the farm enhancement "{helper} / {contract}"' in s.events[-1]
    here = next(a for a, area in enumerate(s.market) if C.BOT in area)
    s.tasks = [Task("endturn", 0)]
    GAME._settle(s)
    assert C.BOT in s.market[(here + 1) % C.MARKET_AREAS]
    assert f"moves its market marker to area {(here + 1) % C.MARKET_AREAS + 1}" in s.events[-1]


def test_solo_bot_builds_and_claims_unique():
    s = started(1)
    s.solo.deck = [1, 2]  # draws 2 first: mill, then 1: calendar + farm
    s.board[SP["f3"]] = 0
    s.tasks = [Task("endturn", 0)]
    GAME._settle(s)
    assert s.board[min(i for i in range(34) if s.board[i] == C.BOT)] == C.BOT
    s.tasks = [Task("endturn", 0)]
    GAME._settle(s)
    assert s.solo.calendar == 1 and s.uniques[0][0] == "x"


@pytest.mark.parametrize("level", [1, 2, 3])
def test_solo_playout_and_winner(level):
    s = play_random(1, level, solo_level=level)
    assert s.solo.vp >= C.SOLO_END_BONUS[level]
    assert GAME.winners(s) == ([0] if GAME.scores(s)[0].total > s.solo.vp else [])


# -- protocol and playouts ---------------------------------------------------------------------
def test_illegal_move_and_parse():
    s = started(2)
    with pytest.raises(IllegalMove):
        GAME.apply(s, Pick("gate", "7"))
    with pytest.raises(IllegalMove):
        GAME.parse(s, "fly away")
    assert GAME.parse(s, "  GATE   1 ") == Pick("gate", "1")


def test_describe_announces_calendar():
    s = staged(4, 0, Task("actions", 0), Task("steps", 0))
    s.farms[0].step = 5
    s.floodgate = 1
    text = GAME.describe(s, Pick("steps", "1"))
    assert "calendar space 1" in text and text.startswith("P0")


def test_view_hides_decks():
    s = started(2)
    v = GAME.view(s, 0)
    assert set(v.farm_deck) == {-1} and set(v.stacks["u"]) == {-1}
    assert v.offer == s.offer


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_random_playouts_pure_and_roundtrip(n):
    for seed in range(6):
        s = GAME.setup([f"P{i}" for i in range(n)], seed)
        r = random.Random(seed)
        while not GAME.is_over(s):
            ms = GAME.legal_moves(s)
            assert ms and len(ms) < 100
            assert len({GAME.notation(m) for m in ms}) == len(ms)
            assert GAME.to_move(s) == top(s).seat
            m = r.choice(ms)
            assert GAME.parse(s, GAME.notation(m)) == m
            before = msgspec.msgpack.encode(s)
            nxt = GAME.apply(s, m)
            assert msgspec.msgpack.encode(s) == before
            s = nxt
        assert msgspec.msgpack.decode(msgspec.msgpack.encode(s), type=State) == s


def test_expert_random_playouts():
    turns = []
    for seed in range(40):
        s = play_random(4, seed, expert=True)
        assert s.phase == "over" and s.expert
        assert s.round == s.end_round  # round stays on the last round played
        turns.append(s.turns)
    assert min(turns) >= 4 * 6 // 4  # every seat needs 24 steps of at most 4 to trigger


def test_benchmark_print():
    t = time.perf_counter()
    games = 20
    for seed in range(games):
        play_random(4, 1000 + seed)
    dt = time.perf_counter() - t
    print(f"\nWindmill Valley: {games / dt:.1f} random 4-player games per second")


# -- more effects ----------------------------------------------------------------------------
def test_helper_market_adjacent_reward():
    s = staged(4, 0, Task("after", 0, 1, 0, "market"))
    s.farms[0].helpers = [C.START_ID + 3, 20]  # market visit: 1 reward of an adjacent area
    s.market = [[0], [1], [2], [3], [9]]
    GAME._settle(s)
    assert top(s).kind == "adj"
    assert moves(s) == ["adj 2 1", "adj 2 2", "adj 2 3", "adj 5 1", "adj 5 2", "adj 5 3", "skip"]
    s2 = do(s, "adj 5 3")
    assert s2.farms[0].vp == s.farms[0].vp + 2


def test_helper_start_farm_draws_three():
    s = staged(4, 0, Task("farm", 0, 0, 0, "!"))
    s.farms[0].helpers = [C.START_ID + 1]
    top3 = s.farm_deck[-3:][::-1]
    s2 = do(s, "draw")
    assert s2.drawn == top3 and "skip" not in moves(s2) and "take 6 contract" in moves(s2)
    s3 = do(s2, "take 4 contract")
    assert s3.farms[0].contracts == [top3[0]] and top(s3).kind == "drawn"
    s4 = do(s3, "return top")
    assert s4.drawn == [] and s4.farm_deck[-2:] == [top3[2], top3[1]]


def test_helper_start_plant_extra_for_1vp():
    s = staged(4, 0, Task("plant", 0, 1, 0, "!"))
    s.farms[0].helpers = [C.START_ID + 2]
    s.farms[0].storage = "wy"
    s2 = do(s, "extra")
    assert s2.farms[0].vp == 4 and top(s2).a == 2 and "extra" not in moves(s2)


def test_helper_gatedown_designed_card():
    s = staged(4, 0, Task("gate", 0))
    s.farms[0].helpers = [C.START_ID + 3, 12]
    s.floodgate, s.farms[0].guilders = 3, 4
    assert do(s, "gate 1").farms[0].guilders == 5


def test_helper_gateup_vp():
    s = staged(4, 0, Task("gate", 0))
    s.farms[0].helpers = [C.START_ID + 3, 6]
    assert do(s, "gate 2").farms[0].vp == 5 + 1 + 2


def test_tile_trade_extra_and_all():
    s = staged(4, 0, Task("trade", 0, 0, 0, "!extra"))
    s.trade, s.farms[0].storage = [0, 1, 2, 3], "r"
    s2 = do(s, "place r 1")  # quarters 1 (3 G) and 2 (plant 1)
    x = next(t for t in s2.tasks if t.kind == "tradex")
    assert x.b == 0b0011
    while top(s2).kind != "tradex":
        s2 = do(s2, "skip")
    assert moves(s2) == ["extra 3", "extra 4", "skip"]
    assert do(s2, "extra 4").farms[0].vp == s2.farms[0].vp + 3
    s = staged(4, 0, Task("trade", 0, 0, 0, "!all"))
    s.trade, s.farms[0].storage = [0, 1, 2, 3], "rw"
    s2 = do(s, "place r 3")  # tool + 3 VP, then all: 3 G + plant
    while top(s2).kind != "tradex":
        s2 = do(s2, "skip")
    assert moves(s2) == ["all", "skip"]
    s3 = do(s2, "all")
    assert top(s3).kind == "plant" and s3.farms[0].guilders == min(9, s2.farms[0].guilders - 1 + 3)


def test_tile_trade_both_options():
    s = staged(4, 0, Task("trade", 0, 0, 0, "!both"))
    s.trade_bulbs, s.farms[0].storage = "y   ", "r"
    s2 = do(s, "collect")
    assert top(s2).kind == "bulb" and s2.tasks[-2].kind == "trade" and "P" in s2.tasks[-2].s
    s3 = do(s2, "bulb y")
    assert s3.farms[0].storage == "ry" and "place r 1" in moves(s3) and "collect" not in moves(s3)


def test_tile_swap_bulb_and_farm():
    s = staged(4, 0, Task("swapbulb", 0))
    s.farms[0].storage = "wr"
    assert do(s, "swap r b").farms[0].storage == "wb"
    s = staged(4, 0, Task("swapfarm", 0))
    s.farms[0].helpers = [C.START_ID + 3, 5]
    s.farms[0].contracts = [7]
    assert "swap h1 1" not in moves(s)  # the starting card stays
    offer = s.farm_offer[2]
    s2 = do(s, "swap c1 3")
    assert s2.farms[0].contracts == [offer] and s2.farm_offer[2] == 7


def test_market_supply_plant():
    s = staged(4, 0, Task("sup", 0, 1, 0, "b"))
    s.farms[0].guilders = 1
    s2 = do(s, "row 2")
    assert s2.farms[0].patch[1] == "b" and s2.farms[0].guilders == 0
    s.farms[0].guilders = 0
    GAME._settle(s)  # cannot pay: only "skip", dropped
    assert top(s).kind == "unique"


@pytest.mark.parametrize("wish,setup,met", [
    (1, lambda f: setattr(f, "contracts", [0, 18, 10]), True),
    (1, lambda f: setattr(f, "contracts", [0, 1, 10]), False),
    (2, lambda f: setattr(f, "patch", ["wwww", "yyyy", "rrrr", "vvvv"]), True),
    (2, lambda f: setattr(f, "patch", ["wwww", "yyyy", "rrrr", "vvv"]), False),
    (4, lambda f: setattr(f, "large", [D["C-plant3"], D["C-market2"], D["U-tool"], D["U-2g"], D["X-4g"], D["X-farm"]]), True),
    (4, lambda f: setattr(f, "large", [D["C-plant3"], D["C-market2"], D["U-tool"], D["C-plant3"], D["X-4g"], D["X-farm"]]), False),
    (5, lambda f: setattr(f, "patch", ["wyrvb", "", "", ""]), True),
    (5, lambda f: setattr(f, "patch", ["wyrv", "", "", ""]), False),
])
def test_wish_conditions(wish, setup, met):
    s = started(2)
    s.wish_card = C.START_ID + wish
    setup(s.farms[0])
    assert SC.wish_met(s, 0) is met


def test_calendar_unique_contract_scoring():
    assert [len(c) for c in C.CAL_UNIQUE] == [4, 4, 4, 3]
    s = staged(4, 0, Task("unique", 0, 3))
    s.farms[0].contracts = [16]
    s2 = do(s, "unique 1")
    assert top(s2).kind == "contract"


# -- every helper and every contract, expectations written from the PR card texts -------------------
HELPER_CASES = [
    # (card, action kind, strength a, planted b, expected: ("vp"|"tools"|"g", n) or ("task", kind, flags))
    (0, "farm", 0, 0, ("task", "lower", "")),
    (1, "enhance", 0, 0, ("vp", 2)),
    (2, "trade", 0, 0, ("vp", 2)),
    (3, "build", 0, 0, ("tools", 1)),
    (4, "market", 1, 0, ("task", "enhance", "")),
    (5, "lower", 1, 0, ("task", "bulb", "wyrvb")),
    (7, "lower", 1, 0, ("task", "bulb", "yr")),
    (9, "build", 0, 0, ("vp", 2)),
    (10, "trade", 0, 0, ("tools", 1)),
    (11, "farm", 0, 0, ("task", "adj", "")),
    (13, "enhance", 0, 0, ("task", "lower", "")),
    (14, "farm", 0, 0, ("task", "plant", "")),
    (15, "plant", 2, 2, ("tools", 1)),
    (15, "plant", 2, 1, None),  # only when planting 2+
    (16, "lower", 2, 0, ("task", "plant", "")),
    (16, "lower", 1, 0, None),  # only with strength 2+
    (17, "enhance", 0, 0, ("tools", 1)),
    (18, "lower", 1, 0, ("task", "bulb", "wv")),
    (19, "market", 1, 0, ("tools", 1)),
    (20, "market", 1, 0, ("task", "adj", "")),
    (21, "plant", 1, 1, ("vp", 2)),
    (22, "trade", 0, 0, ("task", "lower", "")),
    (23, "farm", 0, 0, ("task", "bulb", "wyrvb")),
    (24, "market", 1, 0, ("task", "lower", "")),
    (25, "build", 0, 0, ("task", "adj", "")),
    (26, "build", 0, 0, ("task", "lower", "")),
    (27, "trade", 0, 0, ("task", "plant", "")),
    (28, "plant", 1, 1, ("task", "lower", "")),
    (29, "plant", 1, 1, ("task", "bulb", "wyrvb")),
    (1, "build", 0, 0, None),  # a helper ignores other actions
]


@pytest.mark.parametrize("card,kind,a,b,expected", HELPER_CASES)
def test_helper_cards(card, kind, a, b, expected):
    s = staged(4, 0, Task("after", 0, a, b, kind))
    f = s.farms[0]
    f.helpers = [C.START_ID + 3 if kind != "build" else C.START_ID + 2, card]
    f.storage, f.guilders, f.tools, f.vp = "w", 3, 1, 5
    before = copy_state(s)
    GAME._settle(s)
    g = s.farms[0]
    if expected is None:
        assert (g.vp, g.tools, g.guilders, top(s).kind) == (5, 1, 3, "unique")
    elif expected[0] == "task":
        assert top(s).kind == expected[1] and (not expected[2] or top(s).s == expected[2])
        assert "skip" in moves(s) or "done" in moves(s)  # "may" / rewards are optional
    else:
        assert getattr(g, expected[0]) == getattr(before.farms[0], expected[0]) + expected[1]
    assert g.used == ("" if expected is None else "1")


def test_contract_cards_all():
    s = started(4)
    f = s.farms[0]
    for name in ("f4", "e3", "d3"):  # fields: Wt Ye T / T PL PL Wt / Rd T EW PL
        s.board[SP[name]] = 0
    s.board[SP["f3"]] = 1
    f.large = [D["C-plant3"], D["U-tool"], D["X-4g"], *C.BASE_LARGE[3:]]
    f.small = [D["C-market2"], D["C-farm1g"], D["X-farm"], D["U-2g"], C.BASE_SMALL[4]]
    f.helpers, f.contracts, f.tools = [C.START_ID, 1], [0, 1, 2], 5
    f.patch = ["vvvvvvv", "yyyyyyy", "wrbwrbw", "rr"]
    expected = [0, 8, 15, 4, 6, 0, 0, 4, 0, 5,  # map: G Wt T Ye PL MK FE Rd LW EW
                9, 0, 6, 8, 10, 6, 6, 6,  # large, small full, common, unique, cards, tools, mills, uncommon
                12, 6, 8, 12, 10, 6, 0, 4, 0, 14, 0, 14]  # rows cols red vrow yrow white brow black wrow violet rrow yellow
    assert [SC.contract_vp(s, 0, c) for c in range(30)] == expected
    f.small[4] = D["C-plant3"]
    assert SC.contract_vp(s, 0, 11) == 15


def test_tile_trade_repeat_colour():
    s = staged(4, 0, Task("trade", 0, 0, 0, "!repeat"))
    s.trade_bulbs, s.farms[0].storage = "r   ", "r"
    assert "place r 2" in moves(s)
    s.tasks[-1] = Task("trade", 0, 0, 0, "!")
    assert "place r 2" not in moves(s)


def test_tile_build_pay_to_skip_connection():
    s = staged(4, 0, Task("buildat", 0, 0, 0, "!nc1"))
    s.farms[0].guilders = 2
    s2 = do(s, "build d1 alone")  # fields EW Wt Ye PL: no guilders
    assert s2.farms[0].guilders == 0 and s2.board[SP["d1"]] == 10
    s.farms[0].guilders = 1
    assert not any(m.endswith("alone") for m in moves(s))


def test_tile_plant_with_swap_first():
    s = staged(4, 0, Task("actions", 0))
    s.arrows = [0, 0]
    s.farms[0].large[0] = D["X-plant3swap"]
    s2 = do(s, "act big")
    assert [t.kind for t in s2.tasks[-3:]] == ["after", "plant", "swapbulb"]
    assert s2.tasks[-2].a == 3


def test_calendar_free_common_enhancement():
    s = staged(4, 0, Task("enhance", 0, 0, 0, "c"))
    s.farms[0].guilders = 0
    opts = moves(s)
    assert "tile 1 L2" in opts and "tile 2 L2" in opts
    assert not any(o.startswith(("tile 3", "tile 4")) for o in opts) and "refresh" not in opts


def test_helper_before_the_action():
    """PR: helper abilities can be used before or after your action(s)."""
    s = staged(4, 0, Task("actions", 0))
    s.arrows = [2, 0]  # build / lower
    s.farms[0].helpers = [C.START_ID + 3]  # S-build: 1 VP and 1 guilder
    s2 = do(s, "act big")
    assert top(s2).kind == "timing" and moves(s2) == ["helpers first", "helpers after"]
    first = do(s2, "helpers first")
    assert (first.farms[0].vp, first.farms[0].guilders) == (6, 5) and top(first).kind == "build"
    first = skip_rest(do(do(first, "mill 1"), "build f3"))  # field rewards (plant, bulb) skipped
    assert (first.farms[0].vp, first.farms[0].guilders) == (6, 4)  # not twice
    after = do(s2, "helpers after")
    assert after.farms[0].vp == 5
    after = skip_rest(do(do(after, "mill 1"), "build f3"))
    assert (after.farms[0].vp, after.farms[0].guilders) == (6, 4)


def test_helper_depending_on_the_action_only_after():
    s = staged(4, 0, Task("actions", 0))
    s.arrows = [4, 0]  # plant 2 / lower 2
    s.farms[0].helpers = [C.START_ID + 3, 15]  # plant 2+: 1 tool
    s.farms[0].storage = "wy"
    s2 = do(s, "act big")
    assert top(s2).kind == "plant"  # nothing to use before


def test_solo_gardener_triggers_the_end_and_gets_path_vp():
    s = started(1, expert=True)
    s.solo.calendar = 3
    s.solo.deck = [1]  # calendar step
    s.tasks = [Task("endturn", 0)]
    GAME._settle(s)
    assert s.solo.calendar == 4 and GAME.is_over(s)  # expert: the round (player + Gardener) is over
    # its card VP, a unique reward of column 4 (never under the limit tile), the end bonus
    assert s.solo.vp == C.SOLO_CARD_VP[2] + C.SOLO_UNIQUE_VP + C.SOLO_END_BONUS[2]
    assert s.uniques[3][0] == "x"
    s = staged(1, 0, Task("buildat", 0, 0, 0, "!"))
    s.board[SP["f3"]] = C.BOT
    v = s.solo.vp
    s2 = do(s, "build e3")
    assert s2.solo.vp == v + 1  # the player's path runs over the Gardener's windmill


# -- playtest faults (each failed before its fix) -----------------------------------------------
def _solo_over(player_vp: int, gardener_vp: int) -> State:
    """A finished solo game: the player has ``player_vp`` on the VP track and an empty patch
    (no end-game VP), the Gardener ``gardener_vp`` before its level-2 end bonus."""
    s = started(1)
    s.players = ["Sol"]
    s.farms[0].vp = player_vp
    s.farms[0].mills = [1, 1, 2, 2, 3]  # no empty windmill group
    s.solo.vp = gardener_vp
    GAME._finish(s)
    return s


def test_solo_epilogue_tells_the_gardeners_score_and_the_winner():
    """RULES.md 10: the player wins only with more VP than the Gardener; the end-of-game
    lines must say the Gardener's final VP and who won."""
    bonus = C.SOLO_END_BONUS[2]
    s = _solo_over(12, 75 - bonus)
    assert GAME.scores(s)[0].total == 12 and s.solo.vp == 75
    assert GAME.winners(s) == []  # documented: no seat wins
    lines = GAME.epilogue(s)
    assert any("The Gardener scores 75 VP and wins" in x and "Sol 12 VP" in x for x in lines)
    assert any(f"{bonus} end bonus" in x for x in lines)
    s = _solo_over(80, 75 - bonus)
    assert GAME.winners(s) == [0]
    assert "Sol beats the Gardener 80 to 75" in GAME.epilogue(s)
    s = _solo_over(75, 75 - bonus)  # a tie is not enough
    assert GAME.winners(s) == [] and any("wins" in x and "ties at 75" in x for x in GAME.epilogue(s))
    assert GAME.epilogue(started(1)) == []  # nothing before the end
    assert s.events[-1] == f"The Gardener adds its end bonus: +{bonus} VP (now 75)"


def test_build_fields_give_the_bulbs_before_the_plant():
    """d2 touches plant 1, red, red, tool. With an empty storage the bulbs must come first
    so the plant can use them (our reading: gains first, then actions, Plant last)."""
    s = staged(2, 0, Task("buildat", 0, 0, 0, "!"))
    s.board[SP["e2"]] = 1  # d2 is connected through e2 (next to the market edge f2)
    f = s.farms[0]
    f.storage = ""
    s2 = do(s, "build d2")
    assert s2.farms[0].tools == f.tools + 1
    assert [(t.kind, t.s) for t in s2.tasks[-3:]] == [("plant", ""), ("bulb", "r"), ("bulb", "r")]
    s3 = do(do(s2, "bulb r"), "bulb r")
    assert s3.farms[0].storage == "rr" and top(s3).kind == "plant" and "plant r 1" in moves(s3)
    assert "fields: +1 tool, then 1 red bulb, 1 red bulb, plant 1 bulb" in GAME.describe(s, Pick("build", "d2"))


def test_a_plant_with_nothing_to_plant_is_announced():
    s = staged(2, 0, Task("after", 0, 1, 0, "plant"), Task("plant", 0, 1, 0, ""))
    s.farms[0].storage = ""
    GAME._settle(s)
    assert top(s).kind == "unique"  # dropped: nothing to choose
    assert any("P0 cannot plant (no bulb in storage)" in e for e in s.events)


def test_unaffordable_storage_spot_declines_the_bulb_in_the_log():
    """PR: the 2 rightmost storage spots cost; only a full storage allows replacing a bulb.
    Market x2 red with 1 guilder: spot 5 (1 G) takes the first, the second is declined, said."""
    s = staged(2, 0, Task("mreward", 0, 2, 2))  # area 3: red bulb / plant red / 1 VP
    f = s.farms[0]
    f.storage, f.guilders = "wwww", 1
    s2 = do(s, "take 1")
    assert GAME.describe(s, Pick("take", "1")) == "P0: takes 2 red bulbs from market area 3"
    line = GAME.describe(s2, Pick("bulb", "r"))
    s3 = do(s2, "bulb r")
    assert s3.farms[0].storage == "wwwwr" and s3.farms[0].guilders == 0 and top(s3).kind == "unique"
    assert "P0 cannot pay 2 guilders for storage spot 6 (has 0): the red bulb is declined" in line


def test_gain_a_bulb_action_is_not_possible_when_no_spot_is_affordable():
    """'Gain 1 bulb of any colour (+)' with 0 G and storage 5/6 gives nothing: it cannot
    be chosen at the arrows (PR: an action that cannot be done is not taken)."""
    s = staged(2, 0, Task("actions", 0))
    f = s.farms[0]
    s.arrows = [0, 0]
    f.large[0], f.small[0] = D["B-build"], D["U-bulb"]
    f.mills = [0, 0, 0, 0, 0]  # nothing to build either
    f.storage, f.guilders = "wwwwr", 0
    assert moves(s) == ["pass"]
    f.guilders = 2
    assert moves(s) == ["act small"]  # spot 6 is affordable now
    f.storage, f.guilders = "wwwwry", 0  # full: replacing a bulb is free
    assert moves(s) == ["act small"]


def test_unique_plant_with_empty_storage_says_it_gives_nothing():
    """PR: rewards are optional, so "plant 2" may still be claimed (it takes the slot), but
    the choice says it plants nothing now; with its own bulbs it is fine."""
    s = staged(2, 0, Task("unique", 0, 1))
    s.farms[0].storage = ""
    assert "nothing to plant now: no bulb in storage" in GAME.describe(s, Pick("unique", "2"))
    s.farms[0].storage = "r"
    assert "nothing" not in GAME.describe(s, Pick("unique", "2"))
    s = staged(2, 0, Task("unique", 0, 3))
    s.farms[0].storage = ""
    assert "nothing" not in GAME.describe(s, Pick("unique", "3"))  # 2 bulbs come with it


def test_unique_bulb_that_cannot_be_stored_says_it_gives_nothing():
    """A unique "1 bulb of any colour" with the next storage spot unaffordable gives nothing
    now; the choice says so, as RULES.md 5 promises."""
    s = staged(2, 0, Task("unique", 0, 0))
    s.farms[0].storage, s.farms[0].guilders = "wyrv", 0  # spot 5 costs 1 guilder
    assert f"(no bulb now: storage spot 5 costs {C.STORAGE_COST[4]} G)" in GAME.describe(s, Pick("unique", "1"))
    s.farms[0].guilders = 5
    assert "no bulb now" not in GAME.describe(s, Pick("unique", "1"))


def test_log_tells_tile_field_patch_and_helper_gains():
    s = staged(2, 0, Task("actions", 0))
    f = s.farms[0]
    s.arrows = [0, 0]
    f.small[0], f.guilders = D["C-lower2g"], 3
    assert "(+2 guilders now)" in GAME.describe(s, Pick("act", "small"))
    s = staged(2, 0, Task("plant", 0, 1, 0, "!"))
    s.farms[0].storage, s.farms[0].patch[0] = "w", "w"
    assert GAME.describe(s, Pick("plant", "w 1")) == "P0: plants a white bulb in row 1, space 2: +1 guilder"
    s = staged(2, 0, Task("after", 0, 0, 0, "build"), Task("buildat", 0, 0, 0, "!"))
    s.farms[0].helpers = [C.START_ID + 3]  # S-build: 1 VP and 1 guilder, after the build
    s.farms[0].storage, s.farms[0].guilders = "", 3
    s2 = do(s, "build f3")  # fields: white bulb, then plant 1
    line = GAME.describe(s2, Pick("skip"))  # no bulb: the plant gives nothing, then the helper
    assert "P0 cannot plant (no bulb in storage)" in line
    assert line.endswith("P0's helper (Build: gain 1 VP and 1 guilder): +1 guilder, +1 VP")


def test_forced_floodgate_of_the_next_player_is_marked_next():
    """PR: at maximum water the floodgate must go to 1. That forced step of the next
    player is told on the previous decision's line: it must say it is the next turn's."""
    s = staged(2, 1)
    s.tasks = [Task("endturn", 1), Task("more", 1, 0, 0, "big")]
    s.arrows = [0, 0]
    s.farms[1].large[0] = D["U-tool"]
    s.water, s.floodgate = C.WATER_MAX, 3
    line = GAME.describe(s, Pick("act", "big"))
    assert line.startswith("P1: takes the big wheel's action: Gain a tool (+) (+1 tool now)")
    assert "; next, P0 must close the floodgate to 1 (water at maximum)" in line
    assert line.count("next, ") == 1


def test_market_supply_plant_log_is_not_garbled():
    s = staged(2, 0, Task("mreward", 0, 4, 3))  # area 5: black bulb / pay 1 G: plant black / 2 VP
    text = GAME.describe(s, Pick("take", "2"))
    assert text.startswith("P0: in market area 5, chooses to plant 3 black bulbs from the supply, paying 1 guilder each")
    assert "takes pay" not in text
    assert GAME.describe(s, Pick("take", "3")).startswith("P0: takes 6 VP from market area 5")
    s.farms[0].helpers = [C.START_ID + 4]  # S-market: one reward at a time
    assert GAME.describe(s, Pick("take", "1")).startswith("P0: takes 1 black bulb from market area 5; 2 more to choose")


def test_round_after_the_end_is_the_last_round():
    s = play_random(2, 3)
    assert s.round == s.end_round


def test_log_tells_which_trade_rewards_are_taken():
    """Trade card 0 quarters: 3 guilders, plant 1, 1 tool, 3 VP (components TRADE_CARDS)."""
    s = staged(4, 0, Task("trade2", 0, 0))
    assert GAME.describe(s, Pick("rewards", "1 4")) == "P0: takes trade rewards 1 and 4: 3 guilders and 3 VP"
    s = staged(4, 0, Task("tradex", 0, 0, 0b1100, "all"))
    assert GAME.describe(s, Pick("all")) == (
        "P0: pays 1 guilder for the other rewards on the trade card: 3 guilders and plant 1 bulb")
