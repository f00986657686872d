"""Faults a playtester found (polish10): words that a player misread."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from core.match import Match, Seat


# -- 2. Gift of Tulips: the deck line counts everyone's turns; say so -----------------------
@pytest.mark.parametrize("players", [2, 3, 5])
def test_gift_of_tulips_turns_left_are_the_turns_each_seat_still_plays(players: int) -> None:
    from core.gift_of_tulips import GAME
    from tui.gift_of_tulips.labels import deck_note, turns_left

    names = ["Ann", "Bob", "Cy", "Dee", "Eve"][:players]
    match = Match(GAME, [Seat(n, "human") for n in names], seed=7)
    rnd = random.Random(3)
    states = []
    while not match.is_over():
        states.append(match.state)
        match.push(rnd.choice(match.legal_moves()))
    # a turn starts at a play-phase decision on its first card
    starts = [(i, s.current) for i, s in enumerate(states) if s.phase == "play" and not s.used]
    assert len(starts) == len(states[0].deck) // 2
    for i, s in enumerate(states):
        still = Counter(seat for j, seat in starts if j >= i)
        if s.phase == "play" and s.used:  # its second card: the turn under way counts too
            still[s.current] += 1
        assert turns_left(s) == [still[seat] for seat in range(players)], (i, s.phase, len(s.deck))
    assert turns_left(match.state) == []
    # the words: in all, and each (the playtester read "about 24 turns left" as their own)
    first_play = next(s for s in states if s.phase == "play")
    total = len(first_play.deck) // 2 + 1
    assert deck_note(first_play)[0] == (f"{len(first_play.deck)} cards ({total} turns left in all, "
                                        f"{total // players} each)")
    uneven = next(s for s in states if s.phase == "play" and len(set(turns_left(s))) > 1)
    lo, hi = min(turns_left(uneven)), max(turns_left(uneven))
    assert f"in all, {lo} or {hi} each)" in deck_note(uneven)[0]
