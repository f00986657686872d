"""The greedy level: the move with the best immediate evaluation.

Each legal move is applied to one determinization of the seat's view (so a
move that draws a card or rolls dice is judged on one sampled outcome) and
the resulting position is scored by the game's evaluation (projected final
score margin, ``BotSupport.margins``). Ties are broken by the seed.
"""

from __future__ import annotations

import random
from typing import Any

from core.bots.common import margins, move_filter, sampler
from core.engine import Game, apply_trusted


def greedy_move(game: Game, state: Any, seat: int, rng: random.Random) -> Any:
    """The legal move of ``seat`` in the full state ``state`` with the best
    margin for ``seat`` one decision later; ties go to ``rng``'s order."""
    moves = move_filter(game)(state)
    if len(moves) == 1:
        return moves[0]
    order = list(range(len(moves)))
    rng.shuffle(order)
    best, best_v = moves[order[0]], float("-inf")
    for k in order:
        v = margins(game, apply_trusted(game, state, moves[k]))[seat]
        if v > best_v:
            best, best_v = moves[k], v
    return best


def choose_greedy(game: Game, state: Any, seed: int) -> Any:
    """The greedy bot's move for the seat to move in ``state``, decided from that
    seat's view only. Same seed, same view => same move.
    Raises IndexError if the game is over."""
    seat = game.to_move(state)
    if seat is None:
        raise IndexError("The game is over; no move to choose.")
    rng = random.Random(seed)
    det = sampler(game, state, seat)(rng)
    return greedy_move(game, det, seat, rng)
