"""The Dutch Golden Age: rules audit (rulebook, examples, FAQ, fact sheet B).

Tests added by the rules audit for rules that tests/test_golden_age.py did
not pin down yet, and for the log lines (``describe``) a player reads.
Expected numbers come from the rule texts, never from the code's output.
Money is in half-guilders: 2 = 1 guilder.
"""

from __future__ import annotations

import pytest

from core.golden_age import GAME, End, Pass
from core.golden_age import components as C
from core.golden_age.state import ColonyMarker, Guild, Painting
from tests.test_golden_age import G, blank, king_to, notations, play, put_marker, put_tokens


# ---------------------------------------------------------------------------
# Moving the King
# ---------------------------------------------------------------------------
def test_payments_add_up_over_both_provinces_shown():
    """Moving the King: one player's tokens and marker in both provinces shown
    are all paid (1 per token, 2 per marker), and a player holding both
    provinces' Governor cards gets 1 for each."""
    s = blank()
    space = C.TRACK.index("hol+zee")
    s.king = space - 4
    put_marker(s, 0, "hol")
    put_tokens(s, 0, "zee", 1)
    put_tokens(s, 0, "hol", 2)
    s.players[1].culture = ["gov-hol", "gov-zee"]
    after = king_to(s, space)
    assert after.income == [2 * G + 1 * G + 2 * G, 2 * G, 0, 0]


def test_governor_cards_pay_only_on_their_provinces_spaces():
    """Grey: the Governor card pays when the King stops on that province's
    space; a Governor space pays everyone 1 and King William II 3, nothing more."""
    s = blank()
    s.players[0].culture = ["gov-hol", "gov-lim"]
    s.king = 40
    assert king_to(s, 45).income == [1 * G] * 4  # a Governor space
    s.king = 48
    assert king_to(s, 53).income == [3 * G] * 4  # King William II
    space = C.TRACK.index("hol+lim")
    s.king = space - 3
    assert king_to(s, space).income == [2 * G, 0, 0, 0]  # both Governors shown
    space = C.TRACK.index("hol+bra")
    s.king = space - 3
    assert king_to(s, space).income == [1 * G, 0, 0, 0]


def test_the_king_moves_clockwise_past_the_end_of_the_track():
    """The King moves clockwise space by space; the track is a loop of 54."""
    s = blank()
    s.king = 53
    after = king_to(s, 53 + 7 - 54)
    assert after.king == 6


# ---------------------------------------------------------------------------
# Winning
# ---------------------------------------------------------------------------
def test_exactly_33_vp_wins_at_the_end_of_ones_turn():
    """Winning: "33 or more" at the end of one's turn: exactly 33 wins."""
    s = blank()
    s.players[0].culture = ["windmill"] * 16
    s.players[0].money = 10 * G  # 32 + 1 VP for money
    s = play(s, "end")
    assert GAME.is_over(s) and GAME.winners(s) == [0] and s.players[0].announced == 33


def test_vp_reached_in_an_auction_win_only_at_the_end_of_the_own_turn():
    """FAQ Timing: reaching 33 through an auction on another player's turn does
    not win; the player wins when they end their own next turn, and only if
    they still have 33 then."""
    s = blank()
    put_marker(s, 0, "gel")
    s.players[1].culture = ["windmill"] * 16  # 32 VP
    s.players[1].money = 9 * G
    s.decks["grey"][-1] = "market"
    s = play(s, "auction gel", "bid 0.5", "pass", "pass")
    assert s.players[1].culture.count("market") == 1  # 34 VP now, on Ann's turn
    assert not GAME.is_over(s) and GAME.to_move(s) == 0
    s = play(s, "end")
    assert not GAME.is_over(s) and s.phase == "roll" and GAME.to_move(s) == 1
    s = play(s, "roll", "end")
    assert GAME.is_over(s) and GAME.winners(s) == [1]


def test_vp_spent_below_33_before_the_end_does_not_win():
    """The VP are totalled at the end of the turn, not when first reached."""
    s = blank()
    s.players[0].culture = ["windmill"] * 16
    s.players[0].money = 10 * G  # 33 VP
    s = play(s, "guild blue")  # 7 guilders left (guild markers score nothing): 32 VP
    s = play(s, "end")
    assert not GAME.is_over(s) and s.players[0].announced == 32


# ---------------------------------------------------------------------------
# Special actions: once per active marker, flipped back at the end
# ---------------------------------------------------------------------------
def test_guild_and_colony_markers_flip_back_at_the_end_of_the_turn():
    """General: after each Special Action the marker is flipped; at the end of
    the turn the player flips *their* markers back (guild and colony too)."""
    s = blank()
    put_marker(s, 0, "east-2")
    s = play(s, "guild yellow", "special guild-yellow", "special east-2")
    assert s.guilds["yellow"].flipped and s.colonies["east-2"][0].flipped
    assert "special guild-yellow" not in notations(s) and "special east-2" not in notations(s)
    s = play(s, "end")
    assert not s.guilds["yellow"].flipped and not s.colonies["east-2"][0].flipped


def test_each_west_indies_marker_acts_once():
    """The West Indies hold any number of markers; each one gives one action."""
    s = blank()
    put_marker(s, 0, "west")
    put_marker(s, 0, "west")
    put_marker(s, 1, "west")
    s.players[0].money = 20 * G
    s = play(s, "special west")
    assert "special west" in notations(s)  # the second marker
    s = play(s, "special west")
    assert "special west" not in notations(s)
    assert s.players[0].money == 6 * G and len(s.players[0].cards) == 2
    assert s.colonies["west"][2] == ColonyMarker(1, False)  # Bob's marker untouched


def test_auctioned_marker_stays_flipped_until_the_end_of_the_turn():
    """An auctioned marker is flipped whether sold or not, until the turn ends."""
    s = blank()
    put_marker(s, 0, "bra")
    s = play(s, "auction bra", "bid 1", "pass", "pass")
    assert s.provinces["bra"].flipped
    assert "special bra" not in notations(s) and "auction bra" not in notations(s)
    assert not play(s, "end").provinces["bra"].flipped


def test_two_brown_markers_pay_one_painting_twice():
    """Brown: each marker's action pays one painting once; two markers may pay
    the same painting twice in a turn, and the last payment scores at once."""
    s = blank()
    put_marker(s, 0, "utr")
    put_marker(s, 0, "ove")
    s.players[0].paintings = [Painting("a2", 0)]
    s = play(s, "special utr paint 1")
    assert s.players[0].paintings == [Painting("a2", 1)] and s.players[0].finished == []
    s = play(s, "special ove paint 1")
    assert s.players[0].paintings == [] and s.players[0].finished == ["a2"]
    assert s.players[0].money == 8 * G


@pytest.mark.parametrize("space,price", [("east-2", 2), ("east-3", 3), ("east-4", 4), ("east-5", 5), ("east-6", 6), ("west", 7)])
def test_spice_price_is_the_colony_space_number(space, price):
    """Orange: 2..7 guilders depending on the space it occupies."""
    s = blank()
    put_marker(s, 0, space)
    s = play(s, f"special {space}")
    assert s.players[0].money == (10 - price) * G
    assert C.card_color(s.players[0].cards[0]) == "orange"


# ---------------------------------------------------------------------------
# Colony sets
# ---------------------------------------------------------------------------
def test_flags_replace_one_or_more_of_ship_captain_cannon():
    """Blue: a set of ship, captain and cannon, "one or more of these may be
    replaced by the flag"; two alike and a flag is no set."""
    s = blank()
    s.players[0].cards = ["ship", "flag", "g-flag"]
    assert "found east-2 ship+flag+flag" in notations(s)
    s.players[0].cards = ["ship", "ship", "flag"]
    assert not any(t.startswith("found") for t in notations(s))
    s.players[0].cards = ["capt", "capt", "capt", "capt"]
    assert not any(t.startswith("found") for t in notations(s))  # 4 alike: no set
    s.players[0].cards.append("capt")
    assert "found west capt+capt+capt+capt+capt" in notations(s)


def test_a_full_east_indies_space_cannot_take_a_second_colony():
    s = blank()
    s.players[0].cards = ["ship", "capt", "cann"]
    for cid in ("east-2", "east-3", "east-4", "east-5", "east-6"):
        s.colonies[cid] = [ColonyMarker(1)]
    spaces = {t.split()[1] for t in notations(s) if t.startswith("found")}
    assert spaces == {"west"}


# ---------------------------------------------------------------------------
# Relocating markers
# ---------------------------------------------------------------------------
def test_no_relocation_while_the_reserve_has_a_marker():
    """Creating a New Influence Marker: a marker is moved only when the reserve is empty."""
    s = blank()
    put_marker(s, 0, "bra")
    put_tokens(s, 0, "gro", 3)
    s.players[0].cards = ["ship", "capt", "cann"]
    assert s.players[0].markers == 5
    assert not any(" from " in t for t in notations(s))


def test_relocated_guild_is_free_again_at_three_for_everyone():
    """Note: a guild vacated by a moved marker can be occupied again at 3."""
    s = blank()
    s.guilds["grey"] = Guild(owner=0, step=4)  # taken at 7
    s.players[0].markers = 0
    s.players[0].cards = ["ship", "capt", "cann"]
    s = play(s, "found east-5 ship+capt+cann from guild-grey")
    assert s.guilds["grey"] == Guild() and s.colonies["east-5"] == [ColonyMarker(0)]
    s = play(s, "end", "roll")
    before = s.players[1].money
    s = play(s, "guild grey")
    assert s.players[1].money == before - 3 * G


def test_flipped_markers_are_not_relocated():
    """FAQ Moving Influence Markers: you cannot move a flipped marker."""
    s = blank()
    put_marker(s, 0, "bra")
    put_marker(s, 0, "west")
    s.players[0].markers = 0
    s.players[0].cards = ["ship", "capt", "cann"]
    s = play(s, "special bra", "special west")
    assert not any(t.startswith("found") for t in notations(s))


def test_a_colony_marker_may_move_to_create_a_province_marker():
    """Note: an active marker may come "from anywhere on the board", a colony too."""
    s = blank()
    put_marker(s, 0, "west")
    put_marker(s, 1, "west")
    s.players[0].markers = 0
    put_tokens(s, 0, "fri", 3)
    s = play(s, "convert fri from west")
    assert s.colonies["west"] == [ColonyMarker(1)] and s.provinces["fri"].marker == 0


# ---------------------------------------------------------------------------
# Decks
# ---------------------------------------------------------------------------
def test_art_cards_are_never_discarded_so_the_brown_deck_runs_out():
    """Reshuffle: only a discard pile can refill a deck; paintings are never
    discarded, so an empty Art deck offers no card (painting payments remain)."""
    s = blank()
    put_marker(s, 0, "utr")
    s.decks["brown"] = []
    s.players[0].paintings = [Painting("a3", 1)]
    assert set(t for t in notations(s) if t.startswith("special utr")) == {"special utr paint 1"}


def test_grey_deck_reshuffles_used_dice_and_grey_cards():
    """Reshuffle: the used Dice card and exchanged grey cards refill the grey deck."""
    s = blank()
    s.players[0].cards = ["g-i1"]
    s = play(s, "exchange invest 1")
    assert s.discards["grey"] == ["g-i1"]
    put_marker(s, 0, "vla")
    s.decks["grey"] = []
    s = play(s, "special vla")
    assert s.players[0].cards == ["g-i1"] and s.discards["grey"] == []
