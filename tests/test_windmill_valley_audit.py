"""Windmill Valley rules audit: checks written line by line from the sources
(PR = rules/windmill-valley.source.txt, FS = rules/windmill-valley.facts.md), for the
rules that tests/test_windmill_valley.py did not pin down or got wrong.

Expected values are read off the rule texts and the data tables, not the engine's output.
"""

from __future__ import annotations

import random

import pytest

from core.windmill_valley import GAME, Pick, State, Task
from core.windmill_valley import components as C
from tests.test_windmill_valley import D, SP, do, moves, staged, started, top


# -- every wheel enhancement design: what choosing it at the arrows sets going --------------
#: design -> (guilders gained, VP gained, tools gained, pending steps top first as
#: "kind", "kind:strength" or "kind:strength:modifier"). The "+" (also the other wheel's
#: action) comes from DESIGNS[...][2] and PR's "You may/can also perform the action on the
#: other wheel". Strengths without a printed number: RECONSTRUCTED (FS 5).
DESIGN_EFFECTS = {
    # printed spaces (FS 5: the 7 basic actions)
    "B-enhance": (0, 0, 0, ["enhance"]),
    "B-farm": (0, 0, 0, ["farm"]),
    "B-build": (0, 0, 0, ["build"]),
    "B-market": (0, 0, 0, ["market:1"]),
    "B-plant": (0, 0, 0, ["plant:2"]),
    "B-trade": (0, 0, 0, ["trade"]),
    "B-lower1": (0, 0, 0, ["lower:1"]),
    "B-lower2": (0, 0, 0, ["lower:2"]),
    # PR tile list, in order
    "C-plant3": (0, 0, 0, ["plant:3:upto"]),  # Plant up to 3 bulbs.
    "C-lowerboth": (0, 0, 0, ["lower:2:both"]),  # lower water level action. Gain both VP and Guilder.
    "C-buildnc1": (0, 0, 0, ["build:0:nc1"]),  # Optionally pay 1 guilder to build without connection.
    "C-traderepeat": (0, 0, 0, ["trade:0:repeat"]),  # a colour that is already present.
    "C-tradeextra": (0, 0, 0, ["trade:0:extra"]),  # pay 1 guilder to gain 1 additional reward
    "C-enhance2g": (2, 0, 0, ["enhance"]),  # enhance the wheel action and gain 2 guilders.
    "C-enhancex2": (0, 0, 0, ["enhance", "enhance"]),  # Do 2 enhance the wheel actions.
    "C-lower2g": (2, 0, 0, ["lower:2"]),  # lower water level action and gain 2 guilders.
    "C-build1g": (1, 0, 0, ["build"]),  # Build a windmill and gain 1 guilder.
    "C-market3": (0, 0, 0, ["market:3"]),  # Visit the market with strength 3.
    "C-market2": (0, 0, 0, ["market:2"]),  # Visit the market with strength 2.
    "C-farm1g": (1, 0, 0, ["farm"]),  # Gain a farm enhancement and 1 guilder.
    "U-tool": (0, 0, 1, []),  # Receive a tool. (+)
    "U-pay4": (0, 0, 0, ["pay4"]),  # Pay 1 tool or 2 guilders to gain 4 points. (+)
    "U-swapplant": (0, 0, 0, ["swapbulb", "plant:1"]),  # exchange 1 bulb, then plant 1. (+)
    "U-swapfarm": (0, 3, 0, ["swapfarm"]),  # Exchange 1 farm enhancement ... and gain 3 VP. (+)
    "U-market": (0, 0, 0, ["market:1"]),  # Visit the market. (+)
    "U-2g": (2, 0, 0, []),  # Gain 2 guilders. (+)
    "U-removemill": (0, 0, 0, ["removemill"]),  # Remove 1 windmill from your farm board. (+)
    "U-enhance": (0, 0, 0, ["enhance"]),  # Do an enhance the wheel action. (+)
    "U-bulb": (0, 0, 0, ["bulb:0:wyrvb"]),  # Gain 1 tulip bulb of any color. (+)
    "U-lower": (0, 0, 0, ["lower:2"]),  # Perform a lower the water level action. (+)
    "U-tradeboth": (0, 0, 0, ["trade:0:both"]),  # foreign trade: you may do both options. (+)
    "U-discardwheel": (0, 0, 0, ["discardwheel"]),  # Discard 1 wheel enhancement: 5 VP, 2 G. (+)
    "U-swapwheel": (0, 0, 0, ["swapwheel"]),  # Exchange one wheel enhancement with the offer. (+)
    "X-farm3g": (3, 0, 0, ["farm"]),  # Gain a farm enhancement and 3 guilders.
    "X-market": (0, 0, 0, ["market:1"]),  # Visit the market. (+)
    "X-4g": (4, 0, 0, []),  # Gain 4 guilders. (+)
    "X-2g3vp": (2, 3, 0, []),  # Gain 2 guilders and 3 VP.
    "X-plant3swap": (0, 0, 0, ["swapbulb", "plant:3:swapupto"]),  # exchange 1 bulb before planting up to 3.
    "X-lowerboth": (0, 0, 0, ["lower:2:both"]),  # lower water, both VP and guilder. (+)
    "X-buildnc": (1, 0, 0, ["build:0:nc"]),  # place without a connection. Gain 1 guilder.
    "X-build3g": (3, 0, 0, ["build"]),  # Build a windmill and gain 3 guilders.
    "X-bulbgvp": (1, 1, 0, ["bulb:0:wyrvb"]),  # any bulb, 1 guilder and 1 VP. (+)
    "X-plant4": (0, 0, 0, ["plant:4:upto"]),  # Plant up to 4 tulip bulbs.
    "X-farm": (0, 0, 0, ["farm"]),  # Gain a farm enhancement. (+)
    "X-tradeall": (0, 0, 0, ["trade:0:all"]),  # pay 1 guilder to gain all rewards on the card. (+)
}
PLUS = {k for k in DESIGN_EFFECTS if k[0] in "UX"} - {
    "X-farm3g", "X-2g3vp", "X-plant3swap", "X-buildnc", "X-build3g", "X-plant4"}


def test_design_table_covers_every_design():
    assert set(DESIGN_EFFECTS) == {d[0] for d in C.DESIGNS}
    assert {d[0] for d in C.DESIGNS if d[2]} == PLUS


def _label(t: Task) -> str:
    mods = t.s.replace("!", "")
    if mods:
        return f"{t.kind}:{t.a}:{mods}"
    return f"{t.kind}:{t.a}" if t.kind in ("lower", "plant", "market") else t.kind


@pytest.mark.parametrize("key", sorted(DESIGN_EFFECTS))
def test_every_design_effect(key):
    s = staged(4, 0, Task("actions", 0))
    f = s.farms[0]
    f.helpers = []  # no helper timing question in between
    f.large[0] = D[key]
    f.large[2] = D["X-4g"]  # a tile to discard or swap
    f.storage, f.guilders, f.tools, f.vp = "wy", 2, 2, 5
    f.contracts = [5]
    s.trade_bulbs = "r   "
    s.arrows = [0, 0]
    s2 = do(s, "act big")
    g = s2.farms[0]
    dg, dvp, dtools, steps = DESIGN_EFFECTS[key]
    assert (g.guilders - 2, g.vp - 5, g.tools - 2) == (dg, dvp, dtools)
    pending = [_label(t) for t in reversed(s2.tasks[1:]) if t.kind not in ("after", "more")]
    assert pending == steps
    assert any(t.kind == "more" for t in s2.tasks) == (key in PLUS)
    # an action chosen at the arrows is mandatory: the first step offers no "skip" (PR:
    # "You must take 1 of the 2 actions if at all possible"), except optional exchanges
    if steps and steps[0].split(":")[0] in ("lower", "plant", "market", "trade", "build", "enhance", "farm"):
        assert "skip" not in moves(s2)


@pytest.mark.parametrize("level,rise", [(1, 0), (2, 1), (3, 2)])
def test_water_rises_by_speed(level, rise):
    """PR 2: level 1: 0 spaces, level 2: 1, level 3: 2 (after the floodgate step)."""
    s = staged(4, 0, Task("gate", 0))
    s.floodgate, s.water = level, 4
    assert do(s, f"gate {level}").water == 4 + rise


# -- Queen's Wish on the last decision of the game --------------------------------------------
def test_wish_fulfilled_on_the_last_decision_scores():
    """PR: 'If at any point, a player fulfills the Queen's Wish, they ... gain the VP' —
    also when it happens on the very last decision of the game."""
    s = started(2, expert=True)
    s.wish_card = C.START_ID  # 6 tools
    s.end_round, s.current = 0, 1
    s.farms[1].tools = 5
    s.market = [[0], [1], [9], [9], [9]]
    s.tasks = [Task("endturn", 1), Task("mreward", 1, 1, 1)]  # area 2: option 3 is a tool
    vp = s.farms[1].vp
    s2 = do(s, "take 3")
    assert GAME.is_over(s2)
    assert s2.farms[1].tools == 6 and s2.farms[1].wish == C.WISH_VP[0]
    assert s2.farms[1].vp == vp + C.WISH_VP[0]


# -- building: "pay 1 guilder to build without making a connection" ---------------------------
def test_build_pay_to_skip_connection_only_where_unconnected():
    """PR tile: 'Optionally pay 1 guilder to build without making a connection to the
    market.' On a space with a connection the windmill is connected (PR: 'connected to the
    market via an uninterrupted path'), so it pays path VP and others may build off it;
    paying to make it unconnected there is no choice the rule gives."""
    s = staged(4, 0, Task("buildat", 0, 0, 0, "!nc1"))
    s.farms[0].guilders = 2
    opts = moves(s)
    assert "build f3" in opts and "build a1 alone" in opts
    assert "build f3 alone" not in opts and "build g2 alone" not in opts
    s.board[SP["e3"]] = 1
    s.board[SP["f3"]] = 2
    opts = moves(s)
    assert "build d3" in opts and "build d3 alone" not in opts
    vp = s.farms[1].vp, s.farms[2].vp
    s2 = do(s, "build d3")
    assert (s2.farms[1].vp, s2.farms[2].vp) == (vp[0] + 1, vp[1] + 1)


# -- starting helpers without a test so far ----------------------------------------------------
def test_start_market_free_neutral_free_stack_split():
    """Starting card: 'in each market area you may divide the strength between multiple
    rewards. You also don't pay for moving a neutral marker or placing your marker on top
    of another player (the player still receives the guilder).'"""
    s = staged(4, 0, Task("market", 0, 1, 0, "!"))
    f = s.farms[0]
    f.helpers = [C.START_ID + 4]
    f.guilders = C.MARKET_COST  # only the visit itself
    s.market = [[0], [1], [9], [], [3]]
    assert "neutral 3 2" in moves(s)
    s2 = do(s, "neutral 3 2")
    assert s2.farms[0].guilders == 0 and s2.market[1] == [1, 9]
    assert top(s2).kind == "full" and moves(s2) == ["stack", "jump"]
    s3 = do(s2, "stack")
    assert s3.farms[0].guilders == 0 and s3.market[1] == [1, 9, 0]
    assert top(s3).kind == "mreward" and top(s3).b == 3  # 3 markers: 3 rewards
    tools = s3.farms[0].tools
    s4 = do(s3, "take 3")  # one tool, then choose again for the other 2
    assert s4.farms[0].tools == tools + 1 and top(s4).kind == "mreward" and top(s4).b == 2
    s5 = do(s4, "take 1")  # a yellow bulb
    assert top(s5).kind == "bulb" and s5.tasks[-2].kind == "mreward" and s5.tasks[-2].b == 1
    # stacking on a player: free for the visitor, the player still receives the guilder
    s = staged(4, 0, Task("market", 0, 1, 0, "!"))
    s.farms[0].helpers = [C.START_ID + 4]
    s.farms[0].guilders = C.MARKET_COST
    s.market = [[0], [1, 2], [9], [], [3]]
    s2 = do(do(s, "go"), "stack")
    assert s2.farms[0].guilders == 0 and s2.farms[2].guilders == min(9, s.farms[2].guilders + 1)


def test_start_enhance_gains_any_bulb():
    """Starting card: 'When you do an enhance wheels action, gain 1 tulip of any color'."""
    s = staged(4, 0, Task("after", 0, 0, 0, "enhance"))
    s.farms[0].helpers = [C.START_ID + 5]
    GAME._settle(s)
    assert top(s).kind == "bulb" and top(s).s == C.COLOURS and "skip" in moves(s)


# -- describe(): what a player reads -------------------------------------------------------------
def test_forced_floodgate_is_announced():
    """A floodgate step with one choice is taken automatically: the log says so."""
    s = started(2)
    s.tasks, s.current = [Task("endturn", 1)], 1
    s.farms[0].guilders = 0  # cannot open, the floodgate is at 1
    GAME._settle(s)
    assert s.current == 0 and top(s).kind == "steps"
    assert any("P0" in e and "floodgate" in e for e in s.events)
    s = started(2)
    s.tasks, s.current = [Task("endturn", 1)], 1
    s.water, s.floodgate = C.WATER_MAX, 1
    GAME._settle(s)
    text = [e for e in s.events if "maximum" in e][-1]
    assert "keep" in text and "close the floodgate to 1" not in text  # it is already at 1


def test_describe_lower_says_what_is_gained():
    s = staged(4, 0, Task("after", 0, 2, 0, "lower"), Task("lower", 0, 2, 0, "!"))
    s.water = 8
    s.farms[0].guilders = 1
    assert GAME.describe(s, Pick("lower", "vp")) == "P0: lowers the water from space 8 to 6 (strength 2), taking 4 VP"
    assert GAME.describe(s, Pick("lower", "g")).endswith("taking 4 guilders")
    s.farms[0].guilders = 7
    assert "taking 2 guilders" in GAME.describe(s, Pick("lower", "g"))  # 9 at most


def test_describe_steps_plural():
    s = staged(4, 0, Task("actions", 0), Task("steps", 0))
    s.floodgate, s.farms[0].tools = 1, 3
    assert GAME.describe(s, Pick("steps", "1")) == "P0: turns the wheels 1 step"
    assert GAME.describe(s, Pick("steps", "3")) == "P0: turns the wheels 3 steps, spending 2 tools"


def test_describe_path_vp_announced():
    """PR: the other players gain 1 VP per windmill on the path: the log says who."""
    s = staged(4, 0, Task("buildat", 0, 0, 0, "!"))
    s.board[SP["f3"]] = 1
    text = GAME.describe(s, Pick("build", "e3"))
    assert "P1 +1 VP" in text


def test_describe_skip_of_calendar_reward():
    s = staged(4, 0, Task("unique", 0, 1))
    assert GAME.describe(s, Pick("skip")) == "P0: takes no unique calendar reward"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_calendar_advance_is_announced(seed):
    """FS 8: players miss calendar advances; every one must be in the log line of the
    move that caused it, with the player's name and the new space."""
    s = GAME.setup(["Anna", "Bram"], seed)
    r = random.Random(seed)
    seen = 0
    while not GAME.is_over(s):
        m = r.choice(GAME.legal_moves(s))
        line = GAME.describe(s, m)
        after = GAME.apply(s, m)
        for seat in range(2):
            if after.farms[seat].calendar != s.farms[seat].calendar:
                seen += 1
                assert f"{s.players[seat]}'s red spoke" in line
                assert f"calendar space {after.farms[seat].calendar}" in line
        s = after
    assert seen >= 4  # somebody reached the end


def test_describe_floodgate_cost_and_water():
    s = staged(4, 0, Task("gate", 0))
    s.water = 4
    assert GAME.describe(s, Pick("gate", "3")) == (
        "P0: opens the floodgate to 3 (was 1), paying 3 guilders for 4 VP; the water rises to space 6")
    assert GAME.describe(s, Pick("gate", "1")) == "P0: leaves the floodgate at 1"
    s.floodgate = 3
    assert GAME.describe(s, Pick("gate", "2")) == (
        "P0: closes the floodgate to 2 (was 3); the water rises to space 5")


def test_describe_lower_at_the_bottom():
    s = staged(4, 0, Task("lower", 0, 1, 0, "!"))
    s.water, s.farms[0].guilders = 1, 3
    assert GAME.describe(s, Pick("lower", "g")) == (
        "P0: lowers the water with strength 1 (it stays on space 1, the bottom), taking 1 guilder")


def test_describe_skips_and_exchanges_in_words():
    s = staged(4, 0, Task("after", 0, 1, 0, "lower"), Task("lower", 0, 1, 0, ""))
    assert GAME.describe(s, Pick("skip")) == "P0: does not lower the water"
    s = staged(4, 0, Task("swapfarm", 0))
    s.farms[0].contracts = [7]
    assert GAME.describe(s, Pick("swap", "c1 2")) == (
        "P0: exchanges their contract 1 for the farm enhancement in offer slot 2")
    s = staged(4, 0, Task("swapwheel", 0))
    s.arrows = [0, 0]
    s.farms[0].large[2] = D["X-4g"]
    assert GAME.describe(s, Pick("swap", "L3 1")) == (
        "P0: exchanges their wheel enhancement on L3 for the one in offer slot 1")


def test_describe_market_visit_costs():
    s = staged(4, 0, Task("market", 0, 1, 0, "!"))
    s.market = [[0], [1], [2], [9], [3]]
    assert GAME.describe(s, Pick("go")) == "P0: pays 1 guilder to visit the market (strength 1)"
    assert GAME.describe(s, Pick("neutral", "4 2")).startswith(
        "P0: moves a neutral marker from market area 4 to 2 and visits the market (strength 1), paying 2 guilders")
    s.farms[0].helpers = [C.START_ID + 4]  # neutral moves are free
    assert "paying 1 guilder" in GAME.describe(s, Pick("neutral", "4 2"))


def test_solo_end_trigger_said_after_the_gardeners_turn():
    s = started(1)
    s.solo.calendar = 3
    s.solo.deck = [1]  # a calendar step
    s.tasks = [Task("endturn", 0)]
    GAME._settle(s)
    gardener = next(i for i, e in enumerate(s.events) if e.startswith("Gardener:"))
    trigger = next(i for i, e in enumerate(s.events) if "game end is triggered" in e)
    assert "calendar space 4" in s.events[gardener] and gardener < trigger


def test_setup_boards_and_starting_cards_are_random():
    """PR: 'windmill board (randomly chosen)'; 'Randomly choose ... starting farm enhancements'."""
    boards, offers = set(), set()
    for seed in range(12):
        s = GAME.setup(["A", "B", "C", "D"], seed)
        boards.add(tuple(f.board for f in s.farms))
        offers.add(tuple(sorted(s.start_offer)))
        assert sorted(f.board for f in s.farms) == [0, 1, 2, 3]
    assert len(boards) > 3 and len(offers) > 3


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_invariants_in_random_games(n):
    """PR general rules at every decision: 0-9 guilders, no negative tools or VP track,
    storage of 6 at most, patch rows of 7 at most, one windmill a space, water 1-10,
    floodgate 1-3, calendar 0-4, each market area's markers all present once."""
    for seed in range(3):
        s = GAME.setup([f"P{i}" for i in range(n)], 100 + seed)
        r = random.Random(seed)
        while not GAME.is_over(s):
            s = GAME.apply(s, r.choice(GAME.legal_moves(s)))
            assert 1 <= s.water <= C.WATER_MAX and 1 <= s.floodgate <= C.FLOODGATE_LEVELS
            for seat, f in enumerate(s.farms):
                assert 0 <= f.guilders <= C.MAX_GUILDERS and f.tools >= 0 and f.vp >= 0
                assert len(f.storage) <= len(C.STORAGE_COST)
                assert all(len(row) <= C.PATCH_COLS for row in f.patch)
                assert 0 <= f.calendar <= C.CALENDAR_END
                assert all(m >= 0 for m in f.mills)
                assert sum(f.mills) + sum(1 for v in s.board if v in (seat, seat + 10)) <= 9
            if s.phase in ("start", "place"):
                continue
            markers = sorted(m for area in s.market for m in area if m != C.NEUTRAL)
            assert markers == sorted(range(n)) + ([C.BOT] if n == 1 else [])


def test_start_market_free_part_once_per_turn():
    """PR: helpers once per turn; the S-market card's note: 'the "Choose any of the rewards"
    part of this enhancement can always be used (not only once per turn)' — so free
    stacking and free neutral moves are once per turn, splitting is every time."""
    s = staged(4, 0, Task("market", 0, 1, 0, "!"), Task("market", 0, 1, 0, "!"))
    f = s.farms[0]
    f.helpers = [C.START_ID + 4]
    f.guilders = 2 * C.MARKET_COST
    s.market = [[0], [1, 2], [3, 9], [], []]
    s2 = do(do(s, "go"), "stack")  # first visit: free stacking on area 2
    assert s2.farms[0].guilders == C.MARKET_COST and s2.farms[0].used == "0"
    while top(s2).kind == "mreward":
        s2 = do(s2, "skip")
    assert top(s2).kind == "market" and not any(m.startswith("neutral") for m in moves(s2))
    s3 = do(s2, "go")  # second visit: area 3 is full, stacking would cost 1 G: none left
    assert s3.farms[0].guilders == 0
    assert top(s3).kind == "full" and moves(s3) == ["jump"]
    s4 = do(s3, "jump")  # to area 4, alone: the split still works (1 marker: 1 reward)
    assert top(s4).kind == "mreward" and top(s4).a == 3


def test_start_market_free_neutral_then_free_stack_same_visit():
    s = staged(4, 0, Task("market", 0, 2, 0, "!"))
    f = s.farms[0]
    f.helpers = [C.START_ID + 4]
    f.guilders = C.MARKET_COST
    s.market = [[0], [1], [9], [2, 3], []]
    s2 = do(s, "neutral 3 2")  # free, area 2 now full
    s3 = do(s2, "stack")  # same visit: still free
    assert s3.farms[0].guilders == 0 and s3.market[1] == [1, 9, 0]


def test_describe_stack_jump_and_build_in_words():
    s = staged(4, 0, Task("full", 0, 1, 0, ""))
    s.market = [[0], [1, 2], [9], [], [3]]
    assert GAME.describe(s, Pick("stack")).startswith("P0: stacks their marker on full market area 2, paying 1 guilder to P2")
    assert GAME.describe(s, Pick("jump")).startswith("P0: passes over full market area 2")
    s.farms[0].helpers = [C.START_ID + 4]
    assert "for free (P2 still gains 1 guilder)" in GAME.describe(s, Pick("stack"))
    s = staged(4, 0, Task("build", 0, 0, 0, "!"))
    assert GAME.describe(s, Pick("mill", "5")) == "P0: takes a windmill from group 5 (3 guilders)"
    s = staged(4, 0, Task("buildat", 0, 0, 0, "!nc1"))
    assert GAME.describe(s, Pick("build", "a1 alone")).startswith(
        "P0: builds a windmill on a1 without connection, paying 1 guilder more")


def test_stacking_pays_the_player_below_a_neutral():
    """PR: 'pay 1 guilder to another player and place your token on top of theirs' — a
    neutral marker on top does not take the guilder away from the player there."""
    s = staged(4, 0, Task("market", 0, 1, 0, "!"))
    s.farms[0].guilders = 3
    s.market = [[0], [2, 9], [1], [], [3]]
    g2 = s.farms[2].guilders
    s2 = do(do(s, "go"), "stack")
    assert s2.farms[0].guilders == 1 and s2.farms[2].guilders == min(9, g2 + 1)
    s.market = [[0], [9, 9], [1], [2], [3]]  # only neutral markers: the bank is paid
    s3 = do(do(s, "go"), "stack")
    assert s3.farms[0].guilders == 1 and [f.guilders for f in s3.farms[1:]] == [f.guilders for f in s.farms[1:]]


def test_describe_trade_and_calendar_rewards_in_words():
    s = staged(4, 0, Task("trade", 0, 0, 0, "!"))
    s.trade, s.farms[0].storage = [0, 1, 2, 3], "w"
    assert GAME.describe(s, Pick("place", "w 1")).startswith(
        "P0: places a white bulb on the trade card, slot 1: 3 guilders and plant 1 bulb")
    s = staged(4, 0, Task("unique", 0, 1))
    assert GAME.describe(s, Pick("unique", "2")) == "P0: claims calendar unique reward 2: plant up to 2 bulbs"
    assert C.reward_text(("act:lower:1",)) == "lower the water (strength 1)"
