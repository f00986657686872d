"""The Dutch Golden Age evaluation and the bots' choices it leads to (issue 8:
a playtester saw the strong bot open auctions nobody bid in and collect Art
cards it never paid off)."""

from __future__ import annotations

import pytest

from core.bots import choose
from core.bots.hint import hint
from core.golden_age import GAME
from core.golden_age import components as C
from core.golden_age.evaluate import (
    ACTION_NET, ACTION_VP, MONEY_VP, NEAR_VP, TURN_SURPLUS, bot_moves, painting_vp, projected, tempo, turn_vp,
)
from core.golden_age.rules import MoveToken
from core.golden_age.state import Painting
from tests.test_golden_age import blank, notations, play, put_marker, put_tokens

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
    """The bot's turn (it may take the brown guild first and pay through it)
    finishes the painting and never buys a new Art card before paying it off."""
    s = _painter()
    assert {"special utr card", "special utr paint 1"} <= set(notations(s))
    made = []
    while s.phase != "roll" and s.current == 0 and len(made) < 20:
        move = choose(GAME, s, 3, level, iterations=300)
        made.append(GAME.notation(move))
        if s.players[0].paintings == [Painting("a2", 1)]:
            assert not move.__class__.__name__ == "Special" or "card" not in made[-1], made
        s = GAME.apply(s, move)
    assert s.players[0].finished == ["a2"], made


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
    # no bid yet: as if nothing happened, but for the auctioned marker, now flipped
    # for the turn: its action and its share (one of two markers) of the turn's
    # surplus no longer count among what seat 0 can still do
    base = projected(_auctioneer(5))
    assert before == pytest.approx([base[0] - ACTION_NET["grey"] - TURN_SURPLUS / 2, base[1]])
    bid = play(s, "bid 1")
    after = projected(bid)
    assert after[1] - before[1] == pytest.approx(ACTION_VP["grey"] - MONEY_VP * 1)
    assert after[0] - before[0] == pytest.approx(MONEY_VP * 1)


def test_greedy_bids_for_an_action_worth_more_than_the_bid():
    s = play(_auctioneer(5), "auction gel")
    assert GAME.to_move(s) == 1
    move = GAME.notation(choose(GAME, s, 1, "greedy"))
    assert move.startswith("bid "), move


def _three(money: int = 10):
    """Three players, seat 0 on turn (rolled) with markers in Gelderland (grey)
    and Friesland (blue); seat 1 with Holland and Utrecht, seat 2 with Brabant;
    ``money`` guilders each."""
    s = blank(3)
    for seat, site in ((0, "gel"), (0, "fri"), (1, "hol"), (1, "utr"), (2, "bra")):
        put_marker(s, seat, site)
    for p in s.players:
        p.money = money * G
    return s


def test_ending_the_turn_changes_nothing_but_the_unused_markers():
    """Every position of a round counts the turns still to come in it (``tempo``):
    a seat that used its markers loses nothing by ending its turn, one that
    left a marker unused loses what that marker's action nets (and its share of
    a turn's surplus), and the next seat's projection stays as it was: its whole
    turn was counted before it began."""
    s = play(_three(), "special gel", "special fri")
    ended = play(s, "end")
    assert ended.current == 1 and ended.phase == "roll"
    assert projected(ended) == pytest.approx(projected(s))
    lazy = play(_three(), "special gel")
    lost = projected(lazy)[0] - projected(play(lazy, "end"))[0]
    assert lost == pytest.approx(ACTION_NET["blue"] + TURN_SURPLUS / 2)
    assert tempo(ended)[1] == pytest.approx(turn_vp(ended, 1)) and tempo(ended)[0] == 0.0


def test_token_moves_only_where_they_gather_tokens():
    """A token move the evaluation sees no purpose in is left out (the search moved
    tokens back and forth at half a guilder a step); one that brings two tokens
    together in a province with no Influence Marker is kept."""
    s = _three()
    put_tokens(s, 0, "lim", 1)  # alone in Limburg, next to Brabant and Gelderland
    put_tokens(s, 0, "vla", 1)  # alone in Vlaanderen, next to Brabant and Zeeland
    put_tokens(s, 0, "zee", 1)
    kept = {GAME.notation(m) for m in bot_moves(s, GAME.legal_moves(s)) if m.__class__ is MoveToken}
    assert "move vla zee" in kept and "move zee vla" in kept  # two together, no marker there
    assert "move lim gel" not in kept and "move lim bra" not in kept  # Gelderland has a marker; Brabant one too
    assert "move zee hol" not in kept  # alone into Holland (a marker): nothing gathered
    for seed in (1, 2):
        move = GAME.notation(choose(GAME, s, seed, "strong", iterations=300))
        assert not move.startswith("move") or move in kept, move


def test_a_seat_behind_does_not_auction_what_the_leader_can_buy():
    """Three players (the auctioneer cannot bid): a seat behind the leader keeps
    its actions from auction where the leader can bid (it would buy them for
    half a guilder in the race to 33 VP); where the leader cannot bid (no
    money), or the auctioneer leads, the auction is kept."""
    s = _three()
    s.players[1].finished = ["a6"]  # 8 VP: seat 1 leads
    assert projected(s)[1] > max(projected(s)[0], projected(s)[2])
    assert _auctions(s) == set()
    s.players[1].money = 0
    assert _auctions(s) == {"auction gel", "auction fri"}
    s = _three()
    s.players[0].finished = ["a6"]  # seat 0 leads: the others bid against each other
    assert _auctions(s) == {"auction gel", "auction fri"}


def test_no_auction_for_a_rival_near_33_vp():
    """A rival with more VP than the auctioneer and within ``NEAR_VP`` of 33 may end
    the game on its next turn, so it gets no auction from it even when the
    auctioneer's projection leads (money and cards are not VP yet)."""
    s = _three()
    s.players[0].money = 150 * G  # 15 VP in money, 37.5 in the projection
    s.players[2].finished = ["a6", "a6", "a5"]  # 23 VP + Brabant's marker: 27 VP
    proj = projected(s)
    assert proj[0] > max(proj[1], proj[2])
    assert GAME.scores(s)[2].total >= 33 - NEAR_VP > GAME.scores(s)[0].total
    assert _auctions(s) == set()
    s.players[2].finished = ["a6", "a5"]  # 19 VP: behind seat 0's 23
    assert _auctions(s) == {"auction gel", "auction fri"}
