"""Windmill Valley: sample the hidden information consistently with a view.

``view`` hides the face-down wheel-enhancement stacks, the farm enhancement
deck, the Gardener's deck (solo) and the RNG. A determinization fills each
with the components of its kind that the view shows nowhere else, shuffled,
and gives the state a fresh RNG.
"""

from __future__ import annotations

import random
from collections import Counter

from core.engine import copy_state
from core.rng import Rng
from core.windmill_valley import components as C
from core.windmill_valley.state import State


def _fill(slots: list[int], full: list[int], seen: list[int], rng: random.Random) -> list[int]:
    """``slots`` with every -1 replaced by an unseen id of ``full`` (multiset minus ``seen``)."""
    pool = Counter(full)
    pool.subtract(x for x in seen if x >= 0)
    unseen = sorted(pool.elements())
    rng.shuffle(unseen)
    return [(unseen.pop() if unseen else full[rng.randrange(len(full))]) if x < 0 else x for x in slots]


def determinize(view: State, seat: int, rng: random.Random) -> State:
    """A full State consistent with ``view`` (= ``GAME.view(state, seat)``).

    The stacks get the tiles of their tier not in the offer or on a wheel; the
    farm deck the cards not in the offer, the discard, a helper or contract
    slot or drawn; the Gardener's deck the cards not in its discard. ``view``
    is untouched.
    """
    s = copy_state(view)
    on_wheels = [d for f in s.farms for d in (*f.large, *f.small)]
    for tier in sorted(s.stacks):
        full = [C.DESIGN_INDEX[k] for k, copies in C.TIER_COPIES[tier] for _ in range(copies)]
        shown = [d for d in (*s.offer, *on_wheels) if d >= 0 and C.DESIGNS[d][1] == tier]
        s.stacks[tier] = _fill(s.stacks[tier], full, shown, rng)
    shown_cards = [*s.farm_offer, *s.farm_discard, *s.drawn]
    shown_cards += [c for f in s.farms for c in (*f.helpers, *f.contracts)]
    s.farm_deck = _fill(s.farm_deck, list(range(len(C.FARM_CARDS))), shown_cards, rng)
    if s.solo is not None:
        s.solo.deck = _fill(s.solo.deck, list(range(len(C.SOLO_CARDS))), s.solo.discard, rng)
    s.rng = Rng.from_seed(rng.getrandbits(64))
    return s
