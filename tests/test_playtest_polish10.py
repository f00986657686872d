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


# -- 1. Windmill Valley, ASCII: the wheels' arrows are not highlight brackets ---------------
@pytest.mark.parametrize("ascii", [True, False])
async def test_windmill_valley_wheel_arrows_never_read_as_the_selection(tmp_path, ascii: bool) -> None:
    from core import get_game
    from tests.apphelpers import ScreenApp
    from tui.widgets.wheel import Ring, ring_layout
    from tui.windmill_valley.screen import WindmillValleyScreen

    game = get_game("windmill-valley")
    match = Match(game, [Seat("Ann", "human"), Seat("Bob", "human")], seed=5)
    while match.state.tasks[-1].kind != "actions":  # first legal moves, to the choice of a wheel's action
        match.push(match.legal_moves()[0])
    names = [game.notation(m) for m in match.legal_moves()]
    assert names[:2] == ["act big", "act small"], names
    screen = WindmillValleyScreen(match, data_dir=tmp_path, bot_delay=0.01)
    app = ScreenApp(screen)
    app.ascii = ascii
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for chosen, other in (("wv-large", "wv-small"), ("wv-small", "wv-large")):
            if chosen == "wv-small":  # the cursor from the big wheel's action to the small one's
                await pilot.press("down")
            await pilot.pause()
            rings = {wid: screen.query_one(f"#{wid}", Ring) for wid in (chosen, other)}
            arrow = {"wv-large": "<-" if ascii else "◀", "wv-small": "->" if ascii else "▶"}
            for wid, ring in rings.items():
                spaces, at, cell = ring._data
                r = ring_layout(len(spaces), cell, ring.side)[0][0][0]  # the pointer's row
                row = ring.text.splitlines()[r + (1 if ring.title else 0)]
                assert spaces[at].text in row and arrow[wid] in row, (wid, row)
                # bracketed (">label<") exactly when chosen; the arrow is never a bare bracket
                bare = row.replace("<-", "").replace("->", "").replace("◀", "").replace("▶", "")
                marks = bare.count(">") + bare.count("<")
                assert marks == (2 if wid == chosen else 0), (wid, row)
                if ascii:
                    assert row.isascii()
