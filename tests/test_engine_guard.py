"""Issue 10 item 13: a position that is not over always has a legal move, and every
forced-step loop ends (``core.engine.checked_moves``, the guard Match and the
conformance test use). Each test builds the position that once broke it."""

from __future__ import annotations

import random
import signal
from typing import Any

import msgspec
import pytest

from core import get_game
from core.engine import NoLegalMove, checked_moves, copy_state
from core.golden_age.state import Auction
from core.match import Match, Seat


def played(game_id: str, n: int, decisions: int, seed: int = 5) -> Any:
    game = get_game(game_id)
    state = game.setup([f"P{i}" for i in range(n)], seed, game.Options())
    rnd = random.Random(seed)
    for _ in range(decisions):
        state = game.apply(state, rnd.choice(checked_moves(game, state)))
    return state


def test_gift_of_tulips_set_up_with_an_empty_deck_ends_instead_of_raising() -> None:
    game = get_game("gift-of-tulips")
    s = game.setup(["Ann", "Bob"], 4, game.Options())
    s = game.apply(s, checked_moves(game, s)[0])  # Ann keeps a card
    assert s.phase == "setup" and s.current == 1
    s = copy_state(s)
    s.deck = []  # nothing left to draw when play begins
    after = game.apply(s, checked_moves(game, s)[0])  # once: IndexError (pop from empty list)
    assert game.is_over(after) and checked_moves(game, after) == []


def test_gift_of_tulips_nothing_drawn_offers_no_move_that_raises() -> None:
    game = get_game("gift-of-tulips")
    s = copy_state(played("gift-of-tulips", 3, 6))
    assert s.phase == "play" and s.drawn
    s.drawn, s.deck = "", []
    # once: Keep/Give/Add/Secret were offered and each raised IndexError on apply
    assert game.legal_moves(s) == []
    with pytest.raises(NoLegalMove, match="Gift of Tulips"):
        checked_moves(game, s)


def test_golden_age_brown_award_with_no_card_and_no_money_closes_the_auction() -> None:
    game = get_game("golden-age")
    s = played("golden-age", 3, 0)
    while s.phase != "act":  # through the set-up and the first roll
        s = game.apply(s, checked_moves(game, s)[0])
    s = copy_state(s)
    seat = s.current
    others = [(seat + k) % 3 for k in (1, 2)]
    winner, last = others
    brown = next(p for p, pr in s.provinces.items() if game_site_color(p) == "brown")
    s.auction = Auction(site=brown, color="brown", auctioneer=seat, order=others, bidder=last,
                        high_bid=2, high_bidder=winner)
    s.phase = "bid"
    s.decks["brown"], s.discards["brown"] = [], []
    s.players[winner].money = 2  # all of it bid: nothing left for a painter
    after = game.apply(s, next(m for m in checked_moves(game, s) if game.notation(m) == "pass"))
    # once: phase "award" with no choice at all (only undo and quit worked)
    assert after.auction is None and after.phase == "act"
    assert checked_moves(game, after)


def game_site_color(site: str) -> str:
    from core.golden_age.rules import site_color

    return site_color(site)


def test_windmill_valley_settle_ends_when_no_one_has_a_decision(monkeypatch) -> None:
    from core.windmill_valley import actions as A
    from core.windmill_valley import rules as R

    game = get_game("windmill-valley")
    s = copy_state(played("windmill-valley", 2, 30))
    start_round = s.round
    assert s.phase == "play" and s.end_round < 0
    for kind in list(A.LEGAL):  # no decision ever offers anything
        monkeypatch.setitem(A.LEGAL, kind, lambda _s, _t: [])
    s.tasks = []

    def hang(*_a: Any) -> None:
        raise TimeoutError("the settle loop did not end")

    old = signal.signal(signal.SIGALRM, hang)
    signal.alarm(20)
    try:
        game._settle(s)  # once: turned round after round forever, the event log growing
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    assert game.is_over(s)
    assert any("anything to decide" in str(e) for e in s.events)
    assert s.round <= start_round + R.IDLE_ROUNDS_LIMIT + 1


def test_match_legal_moves_is_guarded() -> None:
    game = get_game("gift-of-tulips")
    m = Match(game, [Seat("Ann"), Seat("Bob")], 3)
    assert m.legal_moves()
    stuck = copy_state(played("gift-of-tulips", 2, 6))
    stuck.drawn = ""
    m._state = stuck
    with pytest.raises(NoLegalMove):
        m.legal_moves()
