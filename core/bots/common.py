"""What every bot level shares: the seat's view, its determinizations and the
evaluation, all through the Game protocol (``core.engine.Game`` and the
optional ``core.engine.BotSupport``)."""

from __future__ import annotations

import random
from typing import Any

from core.engine import BotSupport, Game, copy_state
from core.rng import Rng


def sampler(game: Game, state: Any, seat: int):
    """A function ``rng -> State`` drawing full states consistent with what ``seat``
    sees of ``state``. Only ``game.view(state, seat)`` is kept: the true state's
    hidden parts never reach the bot."""
    view = game.view(state, seat)
    if isinstance(game, BotSupport):
        return lambda rng: game.determinize(view, seat, rng)

    def plain(rng: random.Random) -> Any:  # a game without determinize: the view, new dice
        s = copy_state(view)
        if hasattr(s, "rng"):
            s.rng = Rng.from_seed(rng.getrandbits(64))
        return s

    return plain


def margins(game: Game, state: Any) -> list[float]:
    """Each seat's projected final score margin (VP): ``game.margins`` when the
    game offers it, else the current totals of ``game.scores``."""
    if isinstance(game, BotSupport):
        return game.margins(state)
    totals = [sh.total for sh in game.scores(state)]
    if len(totals) < 2:
        return [0.0] * len(totals)
    return [t - max(totals[:i] + totals[i + 1 :]) for i, t in enumerate(totals)]
