"""The Dutch Golden Age: sample the hidden information consistently with a view.

Everything is open except the order of the five draw decks (``view`` shows
each deck sorted) and the RNG, which rolls the dice and reshuffles the decks.
A determinization shuffles every deck and gives the state a fresh RNG.
"""

from __future__ import annotations

import random

from core.engine import copy_state
from core.golden_age.state import State
from core.rng import Rng


def determinize(view: State, seat: int, rng: random.Random) -> State:
    """A full State consistent with ``view`` (= ``GAME.view(state, seat)``):
    the decks shuffled by ``rng`` and a new RNG for the future dice. ``view``
    is untouched."""
    s = copy_state(view)
    for color in sorted(s.decks):
        deck = s.decks[color]
        rng.shuffle(deck)
    s.rng = Rng.from_seed(rng.getrandbits(64))
    return s
