"""The Dutch Golden Age evaluation and the bots' choices it leads to (issue 8:
a playtester saw the strong bot open auctions nobody bid in and collect Art
cards it never paid off)."""

from __future__ import annotations

import pytest

from core.bots import choose
from core.bots.hint import hint
from core.golden_age import GAME
from core.golden_age import components as C
from core.golden_age.evaluate import ACTION_VP, MONEY_VP, bot_moves, painting_vp, projected
from core.golden_age.state import Painting
from tests.test_golden_age import blank, notations, play, put_marker

G = 2  # one guilder in half-guilders
ART = sorted(C.DECKS["brown"])


@pytest.mark.parametrize("card", ART)
def test_each_payment_is_worth_more_than_a_new_art_card(card):
    """A painting's VP count only once it is finished, so it is worth a share of
    them by its progress: a payment (1 guilder) gains more than a new Art card (3
    guilders), and a painting one payment short is worth more than a new card."""
    need = C.art_payments(card)
    new_card = ACTION_VP["brown"]
    assert painting_vp(card, 0) <= painting_vp(card, need - 1) < painting_vp(card, need) == C.art_vp(card)
    assert painting_vp(card, need - 1) > new_card
    for paid in range(need):
        payment = painting_vp(card, paid + 1) - painting_vp(card, paid) - MONEY_VP * C.PAINTER_PAYMENT / G
        assert payment > new_card - MONEY_VP * C.CARD_PRICE / G


def _painter(money: int = 10):
    """Two players; seat 0 on turn with a marker in Utrecht (brown) and a
    2-payment painting paid once; both have ``money`` guilders."""
    s = blank(2)
    put_marker(s, 0, "utr")
    put_marker(s, 1, "hol")
    s.players[0].paintings = [Painting("a2", 1)]
    for p in s.players:
        p.money = money * G
    return s


@pytest.mark.parametrize("level", ["greedy", "strong"])
def test_bots_finish_a_painting_one_payment_short(level):
    s = _painter()
    assert {"special utr card", "special utr paint 1"} <= set(notations(s))
    move = choose(GAME, s, 3, level, iterations=300)
    assert GAME.notation(move) == "special utr paint 1"
    after = GAME.apply(s, move)
    assert after.players[0].finished == ["a2"] and after.players[0].paintings == []


def _auctioneer(opponent_money: int, money: int = 10, players: int = 2):
    """Seat 0 on turn with markers in Holland (green) and Gelderland (grey) and
    ``money`` guilders; the other seats have ``opponent_money`` guilders."""
    s = blank(players)
    put_marker(s, 0, "hol")
    put_marker(s, 0, "gel")
    put_marker(s, 1, "utr")
    s.players[0].money = money * G
    for p in s.players[1:]:
        p.money = opponent_money * G
    return s


def _auctions(s) -> set[str]:
    return {t for t in (GAME.notation(m) for m in bot_moves(s, GAME.legal_moves(s))) if t.startswith("auction")}


def test_no_auction_when_the_only_opponent_has_no_money():
    """Nobody can bid, so an auction only flips the marker (rules section 7): the
    bots leave it out, and neither the strong bot nor the hint chooses it."""
    s = _auctioneer(0)
    assert {"auction hol", "auction gel"} <= set(notations(s))
    assert _auctions(s) == set() and "end" in {GAME.notation(m) for m in bot_moves(s, GAME.legal_moves(s))}
    for seed in (1, 2):
        assert not GAME.notation(choose(GAME, s, seed, "strong", iterations=300)).startswith("auction")
        assert not GAME.notation(hint(GAME, s, seed, seconds=None, iterations=300).move).startswith("auction")
    assert not GAME.notation(choose(GAME, s, 1, "greedy")).startswith("auction")


def test_two_player_auctions_only_where_the_other_would_outbid_the_auctioneer():
    """With two players the auctioneer may top any bid (RULES.md section 10), so
    the other bids only for an action worth more to it than to the auctioneer,
    or beyond the auctioneer's money: an auction of a rich auctioneer's card
    action is left out, a poor one's kept; with three players (no variant) the
    others bid against each other, so it is kept."""
    assert _auctions(_auctioneer(10)) == set()
    assert _auctions(_auctioneer(10, money=1)) == {"auction hol", "auction gel"}
    assert _auctions(_auctioneer(10, players=3)) == {"auction hol", "auction gel"}
    # green: the other has no token left to place, so cannot bid
    s = _auctioneer(10, money=1)
    s.players[1].tokens = 0
    assert _auctions(s) == {"auction gel"}


def test_a_running_auction_counts_as_sold_to_the_high_bidder():
    """A bid in the running auction is valued as the sale it makes if nobody
    outbids it: the bidder takes the action for the bid, the auctioneer gets the
    money (an auction without a bid yet moves nothing)."""
    s = play(_auctioneer(5), "auction gel")
    before = projected(s)
    assert before == projected(_auctioneer(5))  # no bid yet: as if nothing happened
    bid = play(s, "bid 1")
    after = projected(bid)
    assert after[1] - before[1] == pytest.approx(ACTION_VP["grey"] - MONEY_VP * 1)
    assert after[0] - before[0] == pytest.approx(MONEY_VP * 1)


def test_greedy_bids_for_an_action_worth_more_than_the_bid():
    s = play(_auctioneer(5), "auction gel")
    assert GAME.to_move(s) == 1
    move = GAME.notation(choose(GAME, s, 1, "greedy"))
    assert move.startswith("bid "), move
