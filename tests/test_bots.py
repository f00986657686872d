"""core.bots.choose: legal, reproducible, and weighted by kind of move."""

from __future__ import annotations

from collections import Counter

import core
from core.bots import choose
from core.gift_of_tulips.rules import Give, Secret


def test_bot_moves_are_legal_and_reproducible() -> None:
    for game in core.GAMES.values():
        state = game.setup([f"P{i}" for i in range(game.min_players + 1)], 5)
        for ply in range(30):
            if game.is_over(state):
                break
            move = choose(game, state, ply)
            assert move in game.legal_moves(state)
            assert choose(game, state, ply) == move
            state = game.apply(state, move)


def test_each_kind_of_move_weighs_the_same() -> None:
    """Gift of Tulips with 6 players: 5 'give' moves, 1 'keep', 1 'add', 1
    'secret'. Uniform over moves would give 5/8 gives; by kind it is 1/4."""
    game = core.get_game("gift-of-tulips")
    state = game.setup([f"P{i}" for i in range(6)], 3)
    while state.phase == "setup":
        state = game.apply(state, game.legal_moves(state)[0])
    counts = Counter(type(choose(game, state, seed)) for seed in range(4000))
    assert 0.20 < counts[Give] / 4000 < 0.30
    assert 0.20 < counts[Secret] / 4000 < 0.30
