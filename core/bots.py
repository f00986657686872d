"""Computer seats over the Game protocol: a seeded random player for now."""

from __future__ import annotations

import random
from typing import Any

from core.engine import Game


def choose(game: Game, state: Any, seed: int) -> Any:
    """A legal move chosen uniformly at random, reproducibly from ``seed``.

    Raises IndexError if there is no legal move (the game is over).
    """
    moves = game.legal_moves(state)
    return moves[random.Random(seed).randrange(len(moves))]
