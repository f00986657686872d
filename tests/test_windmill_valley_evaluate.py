"""Windmill Valley evaluation for the bots (core/windmill_valley/evaluate.py):
the pieces of the projected final score margin, each on hand-made positions.

Expected values come from the rule tables (components.py: the Gardener's 20
cards, its VP per card, end bonus and unique reward VP) and the evaluation's
documented model, not from running it on a game."""

from __future__ import annotations

import pytest

from core.engine import copy_state
from core.windmill_valley import GAME
from core.windmill_valley import components as C
from core.windmill_valley import evaluate as E


def solo(seed: int = 2):
    """A solo game past the set-up decisions, at the player's first turn."""
    s = GAME.setup(["Sol"], seed)
    while s.phase != "play":
        s = GAME.apply(s, GAME.legal_moves(s)[0])
    return s


def card(text: str) -> int:
    """The farm card whose contract text is ``text``."""
    return next(i for i, c in enumerate(C.FARM_CARDS) if c[4] == text)


def test_gardener_cards_left_reads_the_open_discard() -> None:
    """Needing k of the K calendar cards among N unseen cards takes k(N+1)/(K+1)
    draws: 4 of 7 among 20 at the start (10.5); after 5 cards with 3 calendar
    steps, 1 of 4 among 15 (3.2)."""
    s = solo()
    assert E.gardener_cards_left(s) == pytest.approx(4 * 21 / 8)
    steps = [i for i, c in enumerate(C.SOLO_CARDS) if c[1]][:3]
    others = [i for i, c in enumerate(C.SOLO_CARDS) if not c[1]][:2]
    s.solo.discard = steps + others
    s.solo.deck = [i for i in range(len(C.SOLO_CARDS)) if i not in s.solo.discard]
    s.solo.calendar = 3
    assert E.gardener_cards_left(s) == pytest.approx(16 / 5)


def test_turns_left_follow_the_calendar_and_the_triggered_end() -> None:
    """Solo, turns left are the Gardener's expected cards, capped by the
    player's own wheel at its slowest pace (SOLO_MIN_PACE steps a turn); with
    more players, the leader's wheel steps to the 4th calendar space at
    STEPS_PER_TURN a turn; once the end is triggered, the rounds left."""
    s = solo()
    assert E.turns_left(s) == pytest.approx(E.gardener_cards_left(s) + 1)
    s.solo.calendar = 3  # the Gardener one calendar card away: about 20/7 cards
    assert E.turns_left(s) == pytest.approx(21 / 8 + 1)
    s.solo.calendar = 0
    s.farms[0].step = 21  # 3 steps from the end: at most 3 turns, then the last round
    assert E.turns_left(s) == pytest.approx(3 / E.SOLO_MIN_PACE + 1)
    s.end_round = s.round
    assert E.turns_left(s) == 1.0
    duo = GAME.setup(["Ann", "Bob"], 2)
    duo.farms[1].step = 9
    assert E.turns_left(duo) == pytest.approx((4 * C.LARGE_SPACES - 9) / E.STEPS_PER_TURN + 1)


def test_calendar_spaces_ahead_count_by_the_steps_within_reach() -> None:
    """Each calendar space still ahead counts its CALENDAR_VP, times the share of
    its missing steps that STEPS_PER_TURN a turn covers: all four with many
    turns left; in the last turn, 4 steps short of the 4th space (the 3rd
    reached), STEPS_PER_TURN / 4 of it."""
    s = solo()
    assert E.calendar_potential(s, 0, 20.0) == pytest.approx(sum(E.CALENDAR_VP))
    f = s.farms[0]
    f.step, f.calendar = 20, 3
    assert E.calendar_potential(s, 0, 1.0) == pytest.approx(E.CALENDAR_VP[3] * E.STEPS_PER_TURN / 4)
    f.step, f.calendar = 24, 4
    assert E.calendar_potential(s, 0, 1.0) == 0.0


def test_gardener_projection_counts_cards_and_open_unique_rewards() -> None:
    """The Gardener projects its VP + end bonus + 3 VP a card to come + 3 VP a
    calendar column it will reach with an open unique reward; claiming the
    open rewards of the columns ahead lowers it by exactly those VP."""
    s = solo()
    s.end_round = s.round  # one card to come; its calendar steps 7/20 of a column
    g = E.gardener(s)
    share = 7 / 20
    assert g == pytest.approx(C.SOLO_END_BONUS[2] + C.SOLO_CARD_VP[2] + C.SOLO_UNIQUE_VP * share)
    s.uniques[0] = s.uniques[0].replace("o", "x")
    assert E.gardener(s) == pytest.approx(g - C.SOLO_UNIQUE_VP * share)


def test_a_nearly_complete_contract_evaluates_higher() -> None:
    """A violet row one bulb short, with a violet bulb in storage, is worth more
    under the '12 VP per full violet row' contract than the same row with one
    white bulb in it (that row can never complete the contract; an empty row
    still may, by 1/8 of it)."""
    s = solo()
    f = s.farms[0]
    f.contracts = [card("12 VP per full violet row")]
    f.storage = "v"
    f.patch = ["vvvvvv", "", "", ""]
    near = copy_state(s)
    s.farms[0].patch = ["vvvwvv", "", "", ""]
    turns = E.turns_left(near)
    cap = E.bulb_capacity(near, 0, turns)
    assert E.contract_potential(near, 0, turns, cap) == pytest.approx(12 * 7 / 8)
    assert E.contract_potential(s, 0, turns, cap) == pytest.approx(12 * 1 / 8)  # only an empty row is left
    assert E.evaluate(near, 0) > E.evaluate(s, 0)


def test_contract_potential_follows_the_progress_reachable_in_the_turns_left() -> None:
    """'2 VP per windmill on the main board' adds BUILD_RATE windmills a turn
    after this one, never more than the windmills left on the farm board."""
    s = solo()
    f = s.farms[0]
    f.contracts = [card("2 VP per windmill on the main board")]
    assert E.contract_potential(s, 0, 5.0, 0.0) == pytest.approx(2 * E.BUILD_RATE * 4)
    f.mills = [0, 0, 0, 0, 1]
    assert E.contract_potential(s, 0, 20.0, 0.0) == pytest.approx(2.0)
    assert E.contract_potential(s, 0, 1.0, 0.0) == 0.0  # the last turn: nothing more


def test_plans_count_only_bulbs_that_can_still_be_planted() -> None:
    """A one-colour row of 6 counts 10 VP x 6/7 when its 7th bulb can be planted
    and nothing once no bulb can be (capacity 0); so do the columns; a group of windmills
    half built counts half its colour's VP for the planted and stored bulbs while
    turns enough remain to build the rest, and only the BUILD_RATE share of
    that in the last turn."""
    s = solo()
    f = s.farms[0]
    f.patch = ["rrrrrr", "", "", ""]
    f.mills = [1, 1, 1, 2, 3]  # red group: 1 of 2 built
    f.storage = "r"
    groups = C.MILL_VP[2] * 7 * 0.5
    columns = 6 * C.COLUMN_DIFFERENT_VP * (1 / 4) * (1 / 3)  # each lacks 3 bulbs; 1 can be planted
    assert E.plan_potential(s, 0, 1.0, 5.0) == pytest.approx(10 * 6 / 7 + columns + groups)
    assert E.plan_potential(s, 0, 0.0, 5.0) == pytest.approx(C.MILL_VP[2] * 6 * 0.5)
    assert E.plan_potential(s, 0, 0.0, 1.0) == pytest.approx(C.MILL_VP[2] * 6 * 0.5 * E.BUILD_RATE)


def test_the_last_turn_plants_about_one_stored_bulb() -> None:
    """Bulbs still plantable: the storage plus BULB_RATE a turn after this one,
    but at most PLANT_RATE a turn: a full storage of 6 counts 6 with 6 turns
    left and PLANT_RATE (1) in the last turn; never more than the free spaces."""
    s = solo()
    f = s.farms[0]
    f.storage = "wwyyrr"
    assert E.bulb_capacity(s, 0, 6.0) == pytest.approx(min(6 + 5 * E.BULB_RATE, 6 * E.PLANT_RATE))
    assert E.bulb_capacity(s, 0, 2.0) == pytest.approx(2 * E.PLANT_RATE)
    assert E.bulb_capacity(s, 0, 1.0) == pytest.approx(E.PLANT_RATE)
    f.patch = ["wwwwwww", "wwwwwww", "wwwwwww", "wwwwww"]
    assert E.bulb_capacity(s, 0, 10.0) == 1.0


def test_a_windmills_next_to_a_field_contract_counts_the_spaces_touching_it() -> None:
    """'Windmills next to a field' contracts expect their share of the windmills
    to come by the empty map spaces touching that field kind: a contract for a
    field touched by few spaces is worth less than one for a common field, and
    nothing once no empty space touches its field."""
    s = solo()
    f = s.farms[0]
    rare = card("5 VP per windmill next to a farm-enhancement field")
    common = card("5 VP per windmill next to a market field")
    fe = sum("FE" in fs for fs in C.SPACE_FIELDS)
    mk = sum("MK" in fs for fs in C.SPACE_FIELDS)
    assert fe < mk  # the map: fewer spaces touch a farm-enhancement field
    assert E.adjacent_share(s, "FE") == pytest.approx(fe / len(C.SPACE_FIELDS))
    f.contracts = [rare]
    low = E.contract_potential(s, 0, 10.0, 0.0)
    f.contracts = [common]
    assert E.contract_potential(s, 0, 10.0, 0.0) > low > 0.0
    s.board = [C.BOT if "MK" in fs else -1 for fs in C.SPACE_FIELDS]
    assert E.adjacent_share(s, "MK") == 0.0
    assert E.contract_potential(s, 0, 10.0, 0.0) == 0.0



def test_projected_given_turns_left_is_projected_and_ends_at_the_score_sheet() -> None:
    """The evaluation given ``turns_left`` (``margins`` works it out once and
    passes it on) is the evaluation that works it out, at every position of a
    two-player greedy game and again with the farms given full and mixed rows,
    repeated and different columns, emptied windmill groups and contracts of
    every kind (every category of ``scoring.final_values`` scores); at the end,
    the projection is the score sheet's total."""
    from core.bots import choose
    from core.windmill_valley import scoring as SC

    contracts = [i for i, c in enumerate(C.FARM_CARDS) if c[1].split(":")[0] in (
        "adj", "large", "smallfull", "tier", "cards", "tools2", "mills", "rows", "cols", "colour", "monorow")]
    s = GAME.setup(["Ann", "Bob"], 11)
    ply, parts_seen = 0, set()
    while not GAME.is_over(s):
        variant = copy_state(s)
        for seat, f in enumerate(variant.farms):
            f.patch = ["rrrrrrr", "wyrvbwy", "rwy", "ry"][seat:] + ["bbbbbbb"] * seat
            f.mills = [0, 1, 0, 2, 3]
            f.contracts = contracts[(ply + 3 * seat) % len(contracts):][:3]
        for st in (s, variant):
            for seat in range(2):
                parts_seen.update(k for k, v in SC.final_parts(st, seat).items() if v)
            assert E.projected(st, E.turns_left(st)) == E.projected(st)
            assert E.margins(st) == [a - b for a, b in zip(E.projected(st), reversed(E.projected(st)))]
        s = GAME.apply(s, choose(GAME, s, ply, "greedy"))
        ply += 1
    assert E.projected(s) == [float(sh.total) for sh in GAME.scores(s)]
    assert parts_seen == {"Contracts", "Windmill groups", "Patch rows", "Patch columns"}


def test_tools_beyond_the_first_few_are_worth_little() -> None:
    """A tool adds ``TOOL_VP`` (times the share of ``RESOURCE_TURNS`` left) up
    to ``TOOL_KEEP`` tools and ``TOOL_SPARE_VP`` beyond: a turn spends a tool or
    two to reach the wheel actions it wants, so a bot that values a hoard as
    much as the first tools never spends one (solo games lost holding 6-8 tools
    while its bulbs stayed in storage: the module doc, twelfth look)."""
    s = solo()
    assert E.turns_left(s) >= E.RESOURCE_TURNS  # the whole value still counts
    worth = []
    for n in range(E.TOOL_KEEP + 3):
        s.farms[0].tools = n
        worth.append(E.projected(s)[0])
    steps = [b - a for a, b in zip(worth, worth[1:])]
    assert steps[: E.TOOL_KEEP] == pytest.approx([E.TOOL_VP] * E.TOOL_KEEP)
    assert steps[E.TOOL_KEEP:] == pytest.approx([E.TOOL_SPARE_VP] * 2)
    assert E.TOOL_SPARE_VP < E.TOOL_VP
