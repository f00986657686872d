"""The Fields of Arle bots' evaluation (core/fields_of_arle/evaluate.py): each piece of
the projection, and that it meets the real score at the end (so the search does not
put the end off with free moves: the strong bot once released ten animals in a row)."""

from __future__ import annotations

import random

from core.bots import choose
from core.fields_of_arle import GAME, Options, Vehicle
from core.fields_of_arle import animals as AN
from core.fields_of_arle import evaluate as E
from core.fields_of_arle import scoring as SC


def solo(seed: int = 0):
    return GAME.setup(["Ann"], seed, Options())


def test_an_animal_the_home_cannot_house_is_worth_nothing() -> None:
    s = solo()
    h = s.homes[0]
    h.g["sheep"] = 3  # fits: a dike each (5 dikes), the horse too
    base = E.projected(s)[0]
    full = 0
    while True:  # fill the home with sheep until one more does not fit
        h.g["sheep"] += 1
        if not AN.home_fits(h):
            break
        full = h.g["sheep"]
    over = E.projected(s)[0]
    h.g["sheep"] = full
    assert E.projected(s)[0] == over  # the sheep over the home's room adds nothing
    assert over > base  # (the housed ones do count)


def test_a_loaded_vehicle_counts_as_emptied() -> None:
    """S1 inventory step 1: a leather loaded on a vehicle becomes leather wear (2.5 VP
    against 1), a destination its travel cells; loading never looks like a loss."""
    s = solo()
    h = s.homes[0]
    h.barn = [Vehicle("carriage", ["", "", ""])]
    h.g["leather"] = 1
    before = E.projected(s)[0]
    h.g["leather"] = 0
    h.barn[0].cells[0] = "leather"
    after = E.projected(s)[0]
    assert after - before == SC.clothing_of({**{k: 0 for k in h.g}, "lwear": 1}) - 1.0


def test_food_the_feedings_need_is_worth_more_than_food_beyond() -> None:
    """3 food a feeding (S1 step 4) is set aside: a food unit short of that is worth
    more than one above it."""
    s = solo()
    g = s.homes[0].g

    def value(food: int) -> float:
        g["food"] = food
        return E.projected(s)[0]

    short = value(6) - value(5)  # nine feedings take 27
    assert short >= E.FOOD_NEED_VALUE
    assert value(29) - value(28) < short
    s.half = 9  # the last half-year: its one feeding takes 3
    assert value(10) - value(9) < short


def test_the_projection_meets_the_final_score() -> None:
    """With no worker left to place, the projection is the score the game ends with,
    give or take the last free actions (conversions, vehicle loads)."""
    for seed in range(3):
        s = solo(seed)
        rng = random.Random(seed)
        at_end = None
        while not GAME.is_over(s):
            if at_end is None and s.half == 9 and E.actions_left(s, 0) == 0:
                at_end = E.projected(s)[0]
            s = GAME.apply(s, choose(GAME, s, rng.getrandbits(32), "greedy"))
        final = sum(SC.parts(s.homes[0]).values())
        assert E.projected(s)[0] == final
        assert at_end is not None and abs(at_end - final) <= 12
        assert at_end <= final + 0.5  # never promises what the end does not give


def test_actions_left_counts_this_half_years_workers() -> None:
    s = solo()
    assert E.actions_left(s, 0) == 36  # 9 half-years of 4 workers
    s.placed = 3
    assert E.actions_left(s, 0) == 33
    duo = GAME.setup(["Ann", "Bob"], 0, Options())
    duo.placed = 2
    assert E.actions_left(duo, 0) == 35  # of the 8 workers of this half-year, 6 to come: 3 each
