"""Fields of Arle: sample the hidden information consistently with a view.

Nothing is hidden after set-up (AU P1); the view only zeroes the RNG, which the rules use
in set-up alone. A determinization is the view with a fresh RNG from ``rng``.
"""

from __future__ import annotations

import random

import msgspec

from core.fields_of_arle.state import State
from core.rng import Rng


def determinize(view: State, seat: int, rng: random.Random) -> State:
    """The full State consistent with ``view``: the view with an RNG drawn from ``rng``
    (states are never changed in place, so the rest is shared). ``view`` is untouched."""
    return msgspec.structs.replace(view, rng=Rng(rng.getrandbits(64)))
