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


# -- 3. review: its turns (the log's) and the game's rounds, told apart ----------------------
def finished_game(game_id: str, names: list[str], seed: int = 2) -> Match:
    from core import get_game

    game = get_game(game_id)
    match = Match(game, [Seat(n, "human") for n in names], seed=seed)
    rnd = random.Random(1)
    while not match.is_over():
        match.push(rnd.choice(match.legal_moves()))
    return match


def position_of(review) -> str:
    """The position line as shown (the first of its wordings that fits)."""
    return review.query_one("#review-position").text


@pytest.mark.parametrize("game_id, names, unit", [
    ("windmill-valley", ["Ann"], "round"),
    ("golden-age", ["Ann", "Bob", "Cy"], "round"),
    ("fields-of-arle", ["Ann"], "half-year"),
    ("gift-of-tulips", ["Ann", "Bob"], None),
])
async def test_review_counts_turns_and_the_games_rounds_apart(dirs, game_id, names, unit) -> None:
    # playtest: Windmill Valley's review said "turn 17/17" where its board said "it ended after round 15"
    from tests.apphelpers import make_app, settle
    from tui.screens.review import ReviewScreen

    match = finished_game(game_id, names)
    state = match.state
    last = {"windmill-valley": lambda: __import__("tui.windmill_valley.labels", fromlist=["x"]).last_round(state),
            "golden-age": lambda: state.round + (1 if state.round < 100 else 0),
            "fields-of-arle": lambda: state.half, "gift-of-tulips": lambda: 0}[game_id]()
    app = make_app(dirs)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        review = ReviewScreen(match)
        app.push_screen(review)
        await settle(pilot)
        total, turns = match.ply, review.turn_count()
        position = position_of(review)  # at the end
        if unit is None:  # turns only: nothing else to tell apart
            assert position == f"Decision {total}/{total}, turn {turns}/{turns}", position
        else:
            assert position == f"Decision {total}/{total}, turn {turns}/{turns}, {unit} {last}/{last}", position
            assert review.sub_title.endswith(f" · turn {turns} · {unit} {last}"), review.sub_title
        if game_id == "windmill-valley":  # the board's end line names the same round
            assert f"ended after round {last}" in " ".join(
                line.plain for w in review.board.query("*") for line in getattr(w, "_lines", []))
        await pilot.press("home")
        await settle(pilot)
        expect = f"Set-up, {total} decisions, {turns} turns" + (f" in {last} {unit}s" if unit else "")
        assert position_of(review) == expect
        await pilot.press("right")
        await settle(pilot)
        first = position_of(review)
        if game_id == "golden-age":  # decision 1 is a set-up choice (its board says "Set-up")
            assert first.endswith(f", before {unit} 1"), first
        elif unit:
            assert first.endswith(f", {unit} 1/{last}"), first


async def test_review_position_drops_totals_before_it_cuts_the_round_off_at_80_columns(dirs) -> None:
    # (since fixR: every figure fits first, without the word "Decision": "107/107, turn 28/28,
    # round 12/12"; the totals go only where even that does not fit)
    from tests.apphelpers import make_app, settle
    from tui.screens.review import ReviewScreen
    from tui.windmill_valley.labels import last_round

    match = finished_game("windmill-valley", ["Ann", "Bob"])
    last, total = last_round(match.state), match.ply
    app = make_app(dirs)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        review = ReviewScreen(match)
        app.push_screen(review)
        await settle(pilot)
        line = review.query_one("#review-position")
        shown = position_of(review)
        assert len(shown) <= line.size.width
        assert shown.startswith((f"Decision {total}/{total}, turn ", f"Dec. {total}/{total}, turn ",
                                 f"{total}/{total}, turn ")), shown
        assert shown.endswith(f"turn {review.turn_count()}/{review.turn_count()}, round {last}/{last}"), shown
        assert shown.endswith(f", round {last}/{last}") or shown.endswith(f", round {last}") or (
            "round" not in shown and f"round {last}" in review.sub_title), (shown, line.size.width)
        if line.size.width < len(f"Decision {total}/{total}, turn {review.turn_count()}, round {last}"):
            assert f"round {last}" in review.sub_title
