"""The random level: a seeded random player, by kind of move."""

from __future__ import annotations

import random
from typing import Any

from core.engine import Game


def choose(game: Game, state: Any, seed: int) -> Any:
    """A legal move chosen at random, reproducibly from ``seed``.

    The bot first picks a kind of move uniformly (the first word of its
    notation: "bid", "pass", "move", "keep" ...), then a move of that kind
    uniformly. So a bid ladder of forty amounts weighs as much as "pass", and
    a bot is no more likely to bid all its money than to pass. The legal
    moves are those of the seat's own decision, which its view shows in full.
    Raises IndexError if there is no legal move (the game is over).
    """
    moves = game.legal_moves(state)
    kinds: dict[str, list[Any]] = {}
    for m in moves:
        kinds.setdefault(game.notation(m).split(" ", 1)[0], []).append(m)
    rng = random.Random(seed)
    group = list(kinds.values())[rng.randrange(len(kinds))]
    return group[rng.randrange(len(group))]
