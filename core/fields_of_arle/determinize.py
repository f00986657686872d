"""Fields of Arle: nothing is hidden (AU P1; ``view`` returns the state itself)
and the RNG is used only at set-up, so the one state consistent with a view is
the view."""

from __future__ import annotations

import random

from core.fields_of_arle.state import State


def determinize(view: State, seat: int, rng: random.Random) -> State:
    """``view`` (= ``GAME.view(state, seat)``) itself: there is nothing to sample.
    Safe to share, as ``apply`` never changes a state in place."""
    return view
