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


# ---------------------------------------------------------------------------
# The log: describe() in plain English, as a player reads it
# ---------------------------------------------------------------------------
def test_log_names_the_kings_space_in_words():
    """The roll line names the space (provinces, Governor, King William II)
    and who is paid, never the internal track code ("gov", "hol+zee")."""
    s = blank()
    put_marker(s, 1, "hol")
    s.phase = "roll"
    s.players[0].cards.append("dice")
    s.king = C.TRACK.index("hol+zee") - 4
    assert GAME.describe(s, GAME.parse(s, "dice 4")) == (
        "Ann plays the Dice card for 4; the King moves to Holland and Zeeland (space 4): Bob +2"
    )
    s.king = 40
    assert GAME.describe(s, GAME.parse(s, "dice 5")) == (
        "Ann plays the Dice card for 5; the King moves to a Governor space (space 45): everyone +1"
    )
    s.king = 48
    assert GAME.describe(s, GAME.parse(s, "dice 5")) == (
        "Ann plays the Dice card for 5; the King moves to King William II (space 53): everyone +3"
    )
    s.king = 50
    assert GAME.describe(s, GAME.parse(s, "dice 6")).endswith(
        "the King moves to Zeeland and Brabant (space 2): nobody is paid"
    )
    rolled = GAME.describe(s, GAME.parse(s, "roll"))
    assert rolled.startswith("Ann rolls ") and " = " in rolled and "the King moves to " in rolled


def test_log_special_actions_name_the_card_and_the_price():
    s = blank()
    put_marker(s, 0, "bra")
    put_marker(s, 0, "east-4")
    put_marker(s, 0, "gel")
    put_marker(s, 0, "lim")
    s.decks["yellow"][-1] = "i1"
    s.decks["orange"][-1] = "s2"
    s.decks["grey"][-1] = "gov-hol"
    assert GAME.describe(s, GAME.parse(s, "special bra")) == (
        "Ann uses Brabant to buy an Investment card (single, worth 5) for 3 guilders"
    )
    assert GAME.describe(s, GAME.parse(s, "special east-4")) == (
        "Ann uses the colony in the East Indies (space 4) to buy a Spice card (pair type, 16 per pair) for 4 guilders"
    )
    assert GAME.describe(s, GAME.parse(s, "special gel")) == (
        "Ann uses Gelderland to buy the Governor of Holland (1 VP) for 3 guilders"
    )
    assert GAME.describe(s, GAME.parse(s, "special lim fri")) == (
        "Ann uses Limburg to place a new Movement Token in Friesland for 5 guilders"
    )


def test_log_brown_payments_count_towards_the_finished_painting():
    s = blank()
    put_marker(s, 0, "utr")
    s.players[0].paintings = [Painting("a4", 1), Painting("a1", 0)]
    s.decks["brown"][-1] = "a3"
    assert GAME.describe(s, GAME.parse(s, "special utr paint 1")) == (
        "Ann uses Utrecht to pay 1 guilder to the painter of the 4/6 painting (payment 2 of 4)"
    )
    assert GAME.describe(s, GAME.parse(s, "special utr paint 2")) == (
        "Ann uses Utrecht to pay 1 guilder to the painter of the 1/3 painting (payment 1 of 1): finished, +3 VP"
    )
    assert GAME.describe(s, GAME.parse(s, "special utr card")) == (
        "Ann uses Utrecht to buy an Art card (painting 3/5: 3 payments, 5 VP) for 3 guilders"
    )


def test_log_auction_lines_say_who_won_and_what_they_got():
    """An auction's last bid or pass says who won, what they paid to whom and
    what they took; seats that cannot bid are named; an unsold action is lost."""
    s = blank()
    put_marker(s, 0, "bra")
    s.decks["yellow"][-1] = "i3"
    a = play(s, "auction bra", "bid 1", "bid 2.5")
    assert GAME.describe(a, Pass()) == "Dirk passes"
    a = play(a, "pass")
    assert GAME.describe(a, Pass()) == (
        "Bob passes; Cas wins the auction, pays Ann 2½ and takes an Investment card (three type, 20 per three)"
    )
    s.players[2].money = 0
    s.players[3].money = 0
    b = play(s, "auction bra")
    assert GAME.describe(b, GAME.parse(b, "bid 0.5")) == (
        "Bob bids ½; Cas and Dirk cannot bid; Bob wins the auction, pays Ann ½ and takes an Investment card (three type, 20 per three)"
    )
    s.players[1].money = 0
    s.players[2].money = 10 * G
    assert GAME.describe(s, GAME.parse(s, "auction bra")) == (
        "Ann auctions the yellow special action of Brabant (an Investment card); Bob cannot bid"
    )
    s.players[2].money = 0
    assert GAME.describe(s, GAME.parse(s, "auction bra")) == (
        "Ann auctions the yellow special action of Brabant (an Investment card); nobody can bid, so the action is lost"
    )
    s.players[1].money = 10 * G
    c = play(s, "auction bra")
    assert GAME.describe(c, Pass()) == "Bob passes; Cas and Dirk cannot bid; nobody bid, so the action is lost"


def test_log_green_and_brown_auction_winners():
    s = blank()
    put_marker(s, 0, "hol")
    put_marker(s, 0, "utr")
    a = play(s, "auction hol", "bid 1", "pass")
    assert GAME.describe(a, Pass()) == (
        "Dirk passes; Bob wins the auction, pays Ann 1 and places the new Movement Token"
    )
    a = play(a, "pass")
    assert GAME.describe(a, GAME.parse(a, "take fri")) == (
        "Bob places the Movement Token won at auction in Friesland"
    )
    s.players[1].paintings = [Painting("a2", 1)]
    s.decks["brown"][-1] = "a5"
    b = play(s, "auction utr", "bid 1", "pass", "pass")
    assert GAME.describe(b, GAME.parse(b, "take card")) == (
        "Bob takes the Art card won at auction (painting 5/7: 5 payments, 7 VP)"
    )
    assert GAME.describe(b, GAME.parse(b, "take paint 1")) == (
        "Bob pays 1 guilder to the painter of the 2/4 painting (payment 2 of 2): finished, +4 VP"
    )


def test_log_variant_auctioneer_pays_the_bank():
    s = blank(n=2)
    put_marker(s, 0, "bra")
    s.decks["yellow"][-1] = "i1"
    a = play(s, "auction bra", "bid 0.5", "bid 1")
    assert GAME.describe(a, Pass()) == (
        "Bob passes; Ann, the auctioneer, wins the auction, pays 1 to the bank and takes an Investment card"
        " (single, worth 5)"
    )


def test_log_exchanges_colonies_guilds_and_markers():
    s = blank()
    s.players[0].cards = ["i2", "i2", "s1", "ship", "g-capt", "flag"]
    assert GAME.describe(s, GAME.parse(s, "exchange invest 2")) == (
        "Ann exchanges 2 Investment cards (pair type) for 12 guilders"
    )
    assert GAME.describe(s, GAME.parse(s, "exchange spice 1")) == (
        "Ann exchanges 1 Spice card (single) for 7 guilders"
    )
    assert GAME.describe(s, GAME.parse(s, "found east-4 ship+capt+flag")) == (
        "Ann founds a colony in the East Indies (space 4) with ship, captain and VOC flag"
    )
    assert GAME.describe(s, GAME.parse(s, "guild blue")) == "Ann takes control of the blue guild for 3 guilders"
    s.guilds["yellow"] = Guild(owner=0, step=2)
    s.players[0].markers = 0
    put_tokens(s, 0, "gro", 3)
    assert GAME.describe(s, GAME.parse(s, "convert gro from guild-yellow")) == (
        "Ann turns 3 Movement Tokens in Groningen into an Influence Marker, moved from the yellow guild"
        " (the guild is free again at 3)"
    )
    assert GAME.describe(s, GAME.parse(s, "found west ship+capt+flag from guild-yellow")) == (
        "Ann founds a colony in the West Indies with ship, captain and VOC flag, the marker moved from"
        " the yellow guild (the guild is free again at 3)"
    )


def test_log_set_up_king():
    s = GAME.setup(["Ann", "Bob"], 1)
    s = play(s, "place hol", "place bra", "token gro", "token gro", "token lim", "token lim")
    assert GAME.describe(s, GAME.parse(s, "king 9")) == "Bob puts the King on the Governor space 9"


# ---------------------------------------------------------------------------
# FAQ rulings not pinned elsewhere
# ---------------------------------------------------------------------------
def test_a_guild_is_paid_for_once_and_used_again_next_turn():
    """FAQ Using A Guild: "You don't pay this again (unless you lose control of
    the guild) ... Next turn, if you still control the guild, you can use the
    Special Action again" at the normal price."""
    s = blank(n=3)
    s = play(s, "guild yellow", "special guild-yellow", "end")
    money = s.players[0].money
    assert money == 4 * G
    s = play(s, "roll", "end", "roll", "end")
    assert GAME.to_move(s) == 0 and s.phase == "roll"
    s.players[0].money = money  # ignore what the King paid
    s = play(s, "roll")
    gained = s.players[0].money - money
    assert "special guild-yellow" in notations(s) and "guild yellow" not in notations(s)
    s = play(s, "special guild-yellow")
    assert s.players[0].money == money + gained - 3 * G


def test_a_card_won_at_auction_is_played_only_on_ones_own_turn():
    """FAQ Things You Can Do On Someone Else's Turn: "you cannot play any card,
    even one you just drew in an auction"; on one's own turn one may."""
    s = blank(n=3)
    put_marker(s, 0, "bra")
    s.decks["yellow"][-1] = "i1"
    s = play(s, "auction bra", "bid 1", "pass")
    assert s.players[1].cards == ["i1"] and GAME.to_move(s) == 0
    assert "exchange invest 1" not in notations(s)  # Ann's decisions; Bob waits
    s = play(s, "end", "roll")
    assert GAME.to_move(s) == 1 and "exchange invest 1" in notations(s)


def test_end_is_always_possible_and_passes_the_turn_clockwise():
    """General: the turn passes to the player on the left (clockwise)."""
    s = blank(n=3)
    for seat in (1, 2, 0):
        s = play(s, "end")
        assert s.phase == "roll" and GAME.to_move(s) == seat
        s = play(s, "roll")
    assert isinstance(GAME.parse(s, "end"), End)
