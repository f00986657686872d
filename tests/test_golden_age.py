"""The Dutch Golden Age: a test (or more) for every rule in core/golden_age/RULES.md.

Expected numbers come from the rule texts (rulebook, its three worked
examples, the official FAQ) and fact sheet part B, never from the code's own
output. Money is in half-guilders: 2 = 1 guilder.
"""

from __future__ import annotations

import random
from collections import Counter

import msgspec
import pytest

import core
from core.engine import IllegalMove, copy_state
from core.golden_age import (
    GAME,
    Bid,
    End,
    MoveToken,
    Options,
    PlaceKing,
    PlaceMarker,
    PlaceToken,
    PlayDice,
    Roll,
    Special,
    StartAuction,
    TakeGuild,
    vp,
    vp_parts,
)
from core.golden_age import components as C
from core.golden_age.state import ColonyMarker, Guild, Painting, State
from core.match import Match, Seat

NAMES = ["Ann", "Bob", "Cas", "Dirk"]
G = 2  # one guilder in half-guilders


def enc(state: State) -> bytes:
    return msgspec.msgpack.encode(state)


def notations(state: State) -> list[str]:
    return [GAME.notation(m) for m in GAME.legal_moves(state)]


def play(state: State, *texts: str) -> State:
    """Apply moves given as notation, checking each is legal."""
    for t in texts:
        state = GAME.apply(state, GAME.parse(state, t))
    return state


def set_up(n: int = 4, seed: int = 7, options: Options | None = None) -> State:
    """A game after the set-up placements: seat i's marker in MARKERS[i], its
    tokens in TOKENS[i]; the King on Governor space 0; seat 0 to roll."""
    s = GAME.setup(NAMES[:n], seed, options)
    for p in ("hol", "bra", "utr", "zee")[:n]:
        s = GAME.apply(s, PlaceMarker(p))
    for p in ("lim", "lim", "gro", "gro", "ove", "ove", "fri", "fri")[: 2 * n]:
        s = GAME.apply(s, PlaceToken(p))
    return GAME.apply(s, PlaceKing(0))


def blank(n: int = 4, seed: int = 7, options: Options | None = None) -> State:
    """A state in seat 0's action phase with an empty board (all markers and
    tokens in the reserves, 10 guilders each): each test places what it needs."""
    s = set_up(n, seed, options)
    for pr in s.provinces.values():
        pr.tokens = [0] * n
        pr.marker, pr.flipped = -1, False
    for p in s.players:
        p.markers, p.tokens = C.MARKERS, C.TOKENS
    s.phase = "act"
    return s


def put_marker(s: State, seat: int, site: str) -> None:
    """Place a marker of ``seat`` from its reserve at a province / guild / colony."""
    s.players[seat].markers -= 1
    if site in s.provinces:
        s.provinces[site].marker = seat
    elif site.startswith("guild-"):
        g = s.guilds[site[6:]]
        g.owner, g.step = seat, g.step + 1
    else:
        s.colonies[site].append(ColonyMarker(seat))


def put_tokens(s: State, seat: int, prov: str, k: int) -> None:
    s.players[seat].tokens -= k
    s.provinces[prov].tokens[seat] += k


def king_to(s: State, space: int) -> State:
    """Seat on turn plays a Dice card to land the King on ``space`` (from the roll phase)."""
    s = copy_state(s)
    s.phase = "roll"
    total = (space - s.king) % len(C.TRACK)
    assert 2 <= total <= 12, total
    s.players[s.current].cards.append("dice")
    return GAME.apply(s, PlayDice(total))


# ---------------------------------------------------------------------------
# 1. Components and tables
# ---------------------------------------------------------------------------
def test_registered_with_player_counts():
    """RULES.md 1: registered as "golden-age"; 3-4 players, 2 with the variant."""
    game = core.get_game("golden-age")
    assert game is GAME
    assert game.title == "The Dutch Golden Age"
    assert (game.min_players, game.max_players) == (2, 4)
    assert game.private_information is False


def test_decks_match_the_rulebook_counts():
    """Components: 27 Culture, 22 Art, 21 Investment, 21 Spice, 19 Colony = 110."""
    s = GAME.setup(NAMES[:3], 1)
    sizes = {c: len(d) for c, d in s.decks.items()}
    assert sizes == {"grey": 27, "brown": 22, "yellow": 21, "orange": 21, "blue": 19}
    assert Counter(s.decks["yellow"]) == {"i1": 7, "i2": 8, "i3": 6}
    assert Counter(s.decks["orange"]) == {"s1": 7, "s2": 8, "s3": 6}
    assert Counter(s.decks["blue"]) == {"ship": 5, "capt": 5, "cann": 5, "flag": 4}
    # Art: four each of 1/3, 2/4, 3/5, 4/6, three each of 5/7, 6/8
    art = Counter((C.art_payments(a), C.art_vp(a)) for a in s.decks["brown"])
    assert art == {(1, 3): 4, (2, 4): 4, (3, 5): 4, (4, 6): 4, (5, 7): 3, (6, 8): 3}
    grey = Counter(s.decks["grey"])
    assert grey["windmill"] + grey["palace"] + grey["market"] == 4
    assert sum(v for k, v in grey.items() if k.startswith("gov-")) == 10
    assert grey["dice"] == 2 and grey["g-i1"] == 4
    assert sum(grey[f"g-{k}"] for k in ("ship", "capt", "cann", "flag")) == 7


def test_map_and_track_tables():
    """Fact sheet B3-B5: ten provinces in five colours, two each; Holland is
    adjacent to Zeeland, Friesland (FAQ) and Utrecht (Example 1), Overijssel is
    not; 54 track spaces: 6 Governors, King William II last, 47 pairs, and a
    Vlaanderen space at the bottom left (FAQ)."""
    assert Counter(c for _, c in C.PROVINCES.values()) == {c: 2 for c in C.COLORS}
    assert {"zee", "fri", "utr"} <= set(C.ADJACENT["hol"])
    assert "ove" not in C.ADJACENT["hol"]
    for a, nbrs in C.ADJACENT.items():
        assert all(a in C.ADJACENT[b] for b in nbrs)
    assert len(C.TRACK) == 54
    assert len(C.GOVERNOR_SPACES) == 6 and C.KING_SPACE == 53
    pairs = [C.track_provinces(i) for i in range(54) if C.track_provinces(i)]
    assert len(pairs) == 47
    assert len({frozenset(p) for p in pairs}) == 45  # every pair of provinces appears
    assert any("vla" in p for p in pairs[-5:])


def test_money_is_shown_in_guilders_with_a_half_sign():
    """RULES.md 1: money in half-guilders, shown as guilders with a half sign."""
    assert C.money_text(7) == "3½"
    assert C.money_text(1) == "½"
    assert C.money_text(20) == "10"
    assert C.money_text(7, ascii=True) == "3.5"
    assert GAME.notation(Bid(7)) == "bid 3.5"


# ---------------------------------------------------------------------------
# 2. Set-up
# ---------------------------------------------------------------------------
def test_setup_money_and_reserves():
    """Set-up: 10 guilders each, 5 Movement Tokens and 6 Influence Markers."""
    s = GAME.setup(NAMES, 3)
    assert [p.money for p in s.players] == [10 * G] * 4
    assert [p.tokens for p in s.players] == [5] * 4
    assert [p.markers for p in s.players] == [6] * 4
    assert s.phase == "place_marker" and GAME.to_move(s) == 0


def test_setup_one_marker_each_one_per_province():
    """Set-up: clockwise from the first player each places one Influence
    Marker in a province; each province holds only one (FAQ: 5 left)."""
    s = GAME.setup(NAMES[:3], 3)
    assert len(GAME.legal_moves(s)) == 10
    s = GAME.apply(s, PlaceMarker("hol"))
    assert GAME.to_move(s) == 1
    assert "place hol" not in notations(s)
    with pytest.raises(IllegalMove):
        GAME.apply(s, PlaceMarker("hol"))
    s = play(s, "place bra", "place utr")
    assert [p.markers for p in s.players] == [5, 5, 5]
    assert s.phase == "place_tokens" and GAME.to_move(s) == 0


def test_setup_two_tokens_limits():
    """Set-up: each places two Movement Tokens, never in a province with an
    Influence Marker, at most two per province of any colours (FAQ: 3 left)."""
    s = GAME.setup(NAMES[:3], 3)
    s = play(s, "place hol", "place bra", "place utr")
    legal = {m.province for m in GAME.legal_moves(s)}
    assert legal == set(C.PROVINCE_IDS) - {"hol", "bra", "utr"}
    s = play(s, "token gro")
    assert GAME.to_move(s) == 0  # the same player places both tokens
    s = play(s, "token lim")
    assert GAME.to_move(s) == 1
    s = play(s, "token gro")  # a second token, of another player
    assert "token gro" not in notations(s)  # two already
    s = play(s, "token lim", "token ove", "token fri")
    assert [p.tokens for p in s.players] == [3, 3, 3]
    assert s.provinces["gro"].tokens == [1, 1, 0]


def test_setup_last_placer_chooses_the_kings_governor_space():
    """Set-up: the player who placed the last token puts the King on a Governor space."""
    s = GAME.setup(NAMES[:3], 3)
    s = play(s, "place hol", "place bra", "place utr")
    s = play(s, "token gro", "token lim", "token gro", "token lim", "token ove", "token fri")
    assert s.phase == "place_king" and GAME.to_move(s) == 2
    assert sorted(m.space for m in GAME.legal_moves(s)) == [0, 9, 18, 27, 36, 45]
    s = play(s, "king 27")
    assert s.king == 27 and s.phase == "roll" and GAME.to_move(s) == 0


def test_setup_limits_hold_at_setup_only():
    """FAQ Setup: later a token may enter a province with a marker, and a
    province may hold more than two tokens."""
    s = blank()
    put_marker(s, 1, "hol")
    put_tokens(s, 0, "utr", 1)
    put_tokens(s, 1, "hol", 2)
    s = play(s, "move utr hol")
    assert s.provinces["hol"].tokens[:2] == [1, 2]


def test_player_counts_and_two_player_variant():
    """RULES.md 2/10: 3-4 players; 2 players always play the 2-player variant;
    the option turns the variant on for 3-4; 1 or 5 players are refused."""
    assert GAME.setup(NAMES[:2], 1).auctioneer_bids is True
    assert GAME.setup(NAMES[:3], 1).auctioneer_bids is False
    assert GAME.setup(NAMES[:4], 1, Options(two_player_variant=True)).auctioneer_bids is True
    for n in (1, 5):
        with pytest.raises(ValueError):
            GAME.setup(["x"] * n, 1)
    m = Match(GAME, [Seat("A"), Seat("B")], seed=1)
    assert m.to_move() == 0


# ---------------------------------------------------------------------------
# 3. The King
# ---------------------------------------------------------------------------
def test_roll_uses_the_states_rng_and_moves_the_king():
    """Turn: roll 2d6 from the state's RNG; the King moves the total clockwise
    ("The dice roll is a 6. The King moves six spaces")."""
    s = set_up()
    a = GAME.apply(s, Roll())
    b = GAME.apply(s, Roll())
    assert a.dice == b.dice  # same RNG state, same roll
    assert len(a.dice) == 2 and all(1 <= d <= 6 for d in a.dice)
    assert a.king == (s.king + sum(a.dice)) % 54
    assert a.phase == "act" and GAME.to_move(a) == 0
    assert GAME.reveals(s, a)
    rolls = {tuple(GAME.apply(set_up(seed=seed), Roll()).dice) for seed in range(40)}
    assert len(rolls) > 10  # different seeds, different rolls


def test_dice_card_instead_of_rolling():
    """FAQ Dice Card: played instead of rolling, own turn only, before
    anything else; any total 2-12 (RECONSTRUCTED); then discarded."""
    s = set_up()
    assert notations(s) == ["roll"]  # no Dice card: rolling only
    s.players[0].cards.append("dice")
    assert notations(s) == ["roll"] + [f"dice {t}" for t in range(2, 13)]
    after = GAME.apply(s, PlayDice(6))
    assert after.king == 6 and after.dice == [6]
    assert "dice" not in after.players[0].cards and after.discards["grey"] == ["dice"]
    # not after rolling: the action phase offers no Dice card
    rolled = GAME.apply(s, Roll())
    assert not any(t.startswith("dice") for t in notations(rolled))
    # nor on another player's turn
    s2 = set_up()
    s2.players[1].cards.append("dice")
    assert notations(s2) == ["roll"]


def test_payment_on_a_province_pair_space():
    """Moving the King: on a space showing two provinces, 1 guilder per
    Movement Token and 2 per Influence Marker there, plus 1 to the owner of
    either province's Governor card."""
    s = blank()
    space = C.TRACK.index("utr+ove")
    s.king = space - 6
    put_marker(s, 1, "utr")
    put_tokens(s, 0, "utr", 2)
    put_tokens(s, 2, "ove", 1)
    put_tokens(s, 3, "hol", 3)  # not shown: paid nothing
    s.players[3].culture.append("gov-ove")
    s.players[2].culture.append("gov-hol")  # not shown: no payment
    before = [p.money for p in s.players]
    after = king_to(s, space)
    gained = [a.money - b for a, b in zip(after.players, before)]
    assert gained == [2 * G, 2 * G, 1 * G, 1 * G]
    assert after.income == gained


def test_payment_on_governor_and_king_william_spaces():
    """Moving the King: a Governor space pays everyone 1 guilder, King William II 3."""
    s = blank()
    s.king = 40
    after = king_to(s, 45)
    assert [p.money for p in after.players] == [11 * G] * 4
    s.king = 47
    after = king_to(s, 53)
    assert [p.money for p in after.players] == [13 * G] * 4
    s.king = 50
    after = king_to(s, 58 % 54)  # passing King William II pays nothing
    assert C.TRACK[4] == "hol+zee" and after.income == [0] * 4


# ---------------------------------------------------------------------------
# 4. Free actions
# ---------------------------------------------------------------------------
def test_example_1_movement_costs_one_and_a_half_guilders():
    """Example 1: tokens in Utrecht and Overijssel both move toward Holland:
    0.5 for Utrecht, 1 for the double move from Overijssel = 1.5 guilders."""
    s = blank()
    put_tokens(s, 0, "utr", 1)
    put_tokens(s, 0, "ove", 1)
    assert "move ove hol" not in notations(s)  # Overijssel is two steps away
    s = play(s, "move utr hol", "move ove gel", "move gel hol")
    assert s.players[0].money == 10 * G - 3
    assert s.provinces["hol"].tokens[0] == 2


def test_holland_is_adjacent_to_zeeland_and_friesland():
    """FAQ Map Details: Holland is adjacent to Zeeland and Friesland."""
    s = blank()
    put_tokens(s, 0, "hol", 1)
    assert {"move hol zee", "move hol fri"} <= set(notations(s))


def test_movement_is_limited_by_money():
    """Free actions are limited by their costs: no move without half a guilder."""
    s = blank()
    put_tokens(s, 0, "utr", 1)
    s.players[0].money = 1
    s = play(s, "move utr hol")
    assert not any(t.startswith("move") for t in notations(s))


def test_example_2_guild_takeover_returns_the_old_marker():
    """Example 2: blue pays 4 for space 4 of the Culture (grey) column; red's
    marker on space 3 returns to red's reserve; the next takeover costs 5."""
    s = blank()
    s.players[1].markers = 4  # red (seat 1) holds the grey guild on space 3
    s.guilds["grey"] = Guild(owner=1, step=0)
    assert C.GUILD_COSTS[0] == 3 * G
    s = play(s, "guild grey")
    assert s.players[0].money == 10 * G - 4 * G
    assert s.guilds["grey"].owner == 0 and C.GUILD_COSTS[s.guilds["grey"].step] == 4 * G
    assert s.players[1].markers == 5 and s.players[0].markers == 5
    assert C.GUILD_COSTS[s.guilds["grey"].step + 1] == 5 * G


def test_guild_empty_costs_three_and_needs_a_reserve_marker():
    """Guild Control: an empty column costs 3; FAQ: the marker must come from
    the reserve, not from the board; the top step (10) cannot be outbid
    (RECONSTRUCTED); one's own guild is not taken over again."""
    s = blank()
    s = play(s, "guild green")
    assert s.players[0].money == 7 * G and s.guilds["green"].step == 0
    assert "guild green" not in notations(s)  # already ours
    s.players[0].markers = 0
    assert not any(t.startswith("guild") for t in notations(s))
    s.players[0].markers = 3
    s.players[0].money = 50 * G
    s.guilds["blue"] = Guild(owner=1, step=len(C.GUILD_COSTS) - 1)
    assert "guild blue" not in notations(s)
    s.players[0].money = 3 * G - 1
    assert not any(t.startswith("guild") for t in notations(s))


def test_example_3_three_tokens_become_a_marker():
    """Example 3: 3 tokens in Groningen become 1 Influence Marker at no cost;
    the tokens go back to the reserve and the new marker is active."""
    s = blank()
    put_tokens(s, 0, "gro", 3)
    s = play(s, "convert gro")
    assert s.players[0].money == 10 * G
    assert s.provinces["gro"].marker == 0 and s.provinces["gro"].tokens[0] == 0
    assert s.players[0].tokens == 5 and s.players[0].markers == 5
    assert "special gro" in notations(s)  # usable this turn


def test_no_marker_where_one_already_is():
    """FAQ Put Influence Markers: no conversion in a province that has a marker."""
    s = blank()
    put_tokens(s, 0, "gro", 3)
    put_marker(s, 1, "gro")
    assert "convert gro" not in notations(s)
    put_tokens(s, 0, "fri", 2)
    assert "convert fri" not in notations(s)  # only two tokens


def test_relocating_an_active_marker_with_an_empty_reserve():
    """Creating a New Influence Marker / FAQ Moving Influence Markers: with no
    marker in the reserve, an active one moves from anywhere (not a flipped
    one); a vacated guild resets to 3; the moved marker acts this turn."""
    s = blank()
    put_marker(s, 0, "hol")
    s.guilds["yellow"] = Guild(owner=0, step=3)
    s.players[0].markers -= 1
    put_marker(s, 0, "east-3")
    s.players[0].markers = 0
    s.provinces["hol"].flipped = True
    put_tokens(s, 0, "gro", 3)
    opts = {t for t in notations(s) if t.startswith("convert")}
    assert opts == {"convert gro from guild-yellow", "convert gro from east-3"}
    s = play(s, "convert gro from guild-yellow")
    assert s.guilds["yellow"] == Guild()  # the guild is free again at 3
    assert s.provinces["gro"].marker == 0 and s.players[0].markers == 0
    assert "special gro" in notations(s)
    # never to a guild: guild control needs a reserve marker
    assert not any(t.startswith("guild") for t in notations(s))


# ---------------------------------------------------------------------------
# 5. Special actions
# ---------------------------------------------------------------------------
def test_green_special_action_places_a_token_anywhere():
    """Green: 5 guilders for a new token from the reserve in any province,
    even one with markers and tokens; the marker flips; the three tokens may
    then become a marker at once."""
    s = blank()
    put_marker(s, 0, "lim")
    put_marker(s, 1, "gro")
    put_tokens(s, 0, "gro", 2)
    greens = [t for t in notations(s) if t.startswith("special lim")]
    assert len(greens) == 10
    s2 = play(s, "special lim gro")
    assert s2.players[0].money == 5 * G and s2.players[0].tokens == 2
    assert s2.provinces["gro"].tokens[0] == 3 and s2.provinces["lim"].flipped
    assert not any(t.startswith("special lim") for t in notations(s2))
    s.players[0].tokens = 0
    assert not any(t.startswith("special lim") for t in notations(s))


def test_green_conversion_right_after_the_new_token():
    """Green note: a token placed where the player has 2 tokens and no marker
    may be converted with them at once."""
    s = blank()
    put_marker(s, 0, "hol")
    put_tokens(s, 0, "fri", 2)
    s = play(s, "special hol fri", "convert fri")
    assert s.provinces["fri"].marker == 0 and s.players[0].tokens == 5


def test_card_special_actions_cost_three():
    """Yellow / blue / grey: 3 guilders for the top card of the colour's deck."""
    s = blank()
    put_marker(s, 0, "bra")
    put_marker(s, 0, "zee")
    put_marker(s, 0, "gel")
    tops = {c: s.decks[c][-1] for c in ("yellow", "blue", "grey")}
    s = play(s, "special bra", "special zee", "special gel")
    assert s.players[0].money == 10 * G - 9 * G
    held = s.players[0].cards + s.players[0].culture
    assert sorted(held) == sorted(tops.values())
    assert all(s.provinces[p].flipped for p in ("bra", "zee", "gel"))


def test_special_action_once_per_marker_per_turn_and_flip_back():
    """Special actions: once per active marker per turn; at the end of the
    turn the player flips the markers back."""
    s = blank()
    put_marker(s, 0, "bra")
    s = play(s, "special bra")
    assert "special bra" not in notations(s) and "auction bra" not in notations(s)
    s = play(s, "end")
    assert not s.provinces["bra"].flipped
    assert s.phase == "roll" and GAME.to_move(s) == 1


def test_brown_card_or_one_painting_payment():
    """Brown: 3 for an Art card or 1 guilder onto one unfinished painting (one
    painting per action); the last payment finishes it and scores at once."""
    s = blank()
    put_marker(s, 0, "utr")
    put_marker(s, 0, "ove")
    s.players[0].paintings = [Painting("a2", 1), Painting("a4", 0)]
    assert {"special utr card", "special utr paint 1", "special utr paint 2"} <= set(notations(s))
    s = play(s, "special utr paint 1")
    assert s.players[0].money == 9 * G
    assert s.players[0].finished == ["a2"] and [p.card for p in s.players[0].paintings] == ["a4"]
    assert vp_parts(s, 0)["Paintings"] == 4  # a 2/4 painting, scored at once
    top = s.decks["brown"][-1]
    s = play(s, "special ove card")
    assert s.players[0].money == 6 * G
    assert s.players[0].paintings[-1] == Painting(top, 0)


def test_orange_spice_costs_the_colony_space_number():
    """Orange: a colony marker buys the top Spice card for its space's number."""
    s = blank()
    put_marker(s, 0, "east-4")
    put_marker(s, 0, "west")
    top = s.decks["orange"][-1]
    s = play(s, "special east-4")
    assert s.players[0].money == 6 * G and s.players[0].cards == [top]
    assert "special west" not in notations(s)  # 6 guilders left, the West Indies cost 7
    s.players[0].money = 7 * G
    s = play(s, "special west")
    assert s.players[0].money == 0 and len(s.players[0].cards) == 2


def test_orange_west_indies_needs_seven():
    """Orange: the West Indies space costs 7; with less money it is not offered."""
    s = blank()
    put_marker(s, 0, "west")
    s.players[0].money = 7 * G - 1
    assert "special west" not in notations(s)
    s.players[0].money = 7 * G
    s = play(s, "special west")
    assert s.players[0].money == 0 and len(s.players[0].cards) == 1


def test_guild_special_action_costs_the_normal_price_same_turn():
    """FAQ Using A Guild: usable on the turn it is taken, at the normal price (3)."""
    s = blank()
    s = play(s, "guild yellow", "special guild-yellow")
    assert s.players[0].money == 10 * G - 3 * G - 3 * G
    assert len(s.players[0].cards) == 1 and s.guilds["yellow"].flipped


# ---------------------------------------------------------------------------
# 6. Cards
# ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "kind,cards,size,value",
    [
        ("invest", ["i1"], 1, 5),
        ("invest", ["i2", "i2"], 2, 12),
        ("invest", ["i3", "i3", "i3"], 3, 20),
        ("spice", ["s1"], 1, 7),
        ("spice", ["s2", "s2"], 2, 16),
        ("spice", ["s3", "s3", "s3"], 3, 27),
        ("invest", ["g-i1"], 1, 5),
    ],
)
def test_exchanges(kind, cards, size, value):
    """Investment 5 / 12 per two / 20 per three; Spice 7 / 16 / 27; a grey
    Investment card acts as a yellow one; exchanged cards are discarded."""
    s = blank()
    s.players[0].cards = list(cards)
    s = play(s, f"exchange {kind} {size}")
    assert s.players[0].money == 10 * G + value * G
    assert s.players[0].cards == []
    assert sum(len(d) for d in s.discards.values()) == len(cards)


def test_incomplete_sets_have_no_value():
    """One pair-type card, or two three-type cards, cannot be exchanged."""
    s = blank()
    s.players[0].cards = ["i2", "i3", "i3", "s2", "s3", "s3"]
    assert not any(t.startswith("exchange") for t in notations(s))


def test_exchange_only_on_own_turn_after_the_king_moves():
    """FAQ: playing a card is a free action on one's own turn, after the King moved."""
    s = set_up()
    s.players[0].cards = ["i1"]
    s.players[1].cards = ["i1"]
    assert "exchange invest 1" not in notations(s)  # before the roll
    s = GAME.apply(s, Roll())
    assert notations(s).count("exchange invest 1") == 1
    assert s.current == 0


def test_culture_cards_score_and_governors_pay():
    """Grey: Windmill / Palace / Market 2 VP each, Governor 1 VP and +1 when
    the King stops on that province's space."""
    s = blank()
    base = vp(s, 0)
    s.players[0].culture = ["windmill", "market", "gov-utr"]
    parts = vp_parts(s, 0)
    assert parts["Culture"] == 4 and parts["Governors"] == 1
    assert vp(s, 0) == base + 5
    s.king = C.TRACK.index("zee+utr") - 5
    after = king_to(s, C.TRACK.index("zee+utr"))
    assert after.income[0] == 1 * G


def test_colony_sets_found_colonies():
    """Blue: ship + captain + cannon (flag wild) or five alike found a colony
    on a free East Indies space or the West Indies; 3 (or 5) cards discarded;
    grey Colony cards act as blue ones."""
    s = blank()
    s.players[0].cards = ["ship", "g-capt", "flag"]
    founds = {t for t in notations(s) if t.startswith("found")}
    spaces = {f"found {c} ship+capt+flag" for c in C.COLONY_IDS}
    assert founds == spaces
    s.colonies["east-2"].append(ColonyMarker(1))
    assert "found east-2 ship+capt+flag" not in notations(s)
    s2 = play(s, "found east-4 ship+capt+flag")
    assert s2.players[0].cards == [] and s2.players[0].markers == 5
    assert s2.colonies["east-4"] == [ColonyMarker(0)]
    assert sorted(s2.discards["blue"]) == ["flag", "ship"] and s2.discards["grey"] == ["g-capt"]
    assert "special east-4" in notations(s2)
    # West Indies: any number of markers
    s.colonies["west"] = [ColonyMarker(1), ColonyMarker(2)]
    s3 = play(s, "found west ship+capt+flag")
    assert len(s3.colonies["west"]) == 3


def test_five_alike_colony_set_discards_five():
    """Five matching cards (flag wild) found a colony; all five are discarded
    (RECONSTRUCTED, fact sheet B8)."""
    s = blank()
    s.players[0].cards = ["cann", "cann", "g-cann", "cann", "flag", "ship"]
    founds = {t.split(" ", 2)[2] for t in notations(s) if t.startswith("found east-3")}
    assert "cann+cann+cann+cann+flag" in founds and "ship+cann+flag" in founds
    s = play(s, "found east-3 cann+cann+cann+cann+flag")
    assert s.players[0].cards == ["ship"]
    s.players[0].cards = ["ship", "capt"]
    assert not any(t.startswith("found") for t in notations(s))


def test_found_with_empty_reserve_moves_an_active_marker():
    """FAQ Moving Influence Markers: a marker may move to create a colony."""
    s = blank()
    put_marker(s, 0, "bra")
    s.players[0].markers = 0
    s.players[0].cards = ["ship", "capt", "cann"]
    s = play(s, "found west ship+capt+cann from bra")
    assert s.provinces["bra"].marker == -1 and s.colonies["west"] == [ColonyMarker(0)]


def test_empty_deck_reshuffles_its_discards():
    """FAQ Reshuffle: an empty deck is reshuffled from its discard pile."""
    s = blank()
    put_marker(s, 0, "bra")
    s.discards["yellow"] = s.decks["yellow"][:3]
    s.decks["yellow"] = []
    s = play(s, "special bra")
    assert len(s.decks["yellow"]) == 2 and s.discards["yellow"] == []
    s.decks["yellow"], s.discards["yellow"] = [], []
    s.provinces["bra"].flipped = False
    assert "special bra" not in notations(s)  # nothing left to draw


# ---------------------------------------------------------------------------
# 7. Auctions
# ---------------------------------------------------------------------------
def auction(s: State, site: str) -> State:
    return GAME.apply(s, StartAuction(site))


def test_auction_order_steps_and_final_pass():
    """Auctions: bidding starts left of the auctioneer, clockwise; opening bid
    half a guilder, raises in half-guilder steps; a pass is final; the
    auctioneer cannot bid."""
    s = blank()
    put_marker(s, 0, "bra")
    assert "auction bra" in notations(s)
    a = auction(s, "bra")
    assert a.phase == "bid" and GAME.to_move(a) == 1
    assert a.provinces["bra"].flipped and a.auction.order == [1, 2, 3]
    bids = [m.amount for m in GAME.legal_moves(a) if isinstance(m, Bid)]
    assert bids[:3] == [1, 2, 3] and "pass" in notations(a)
    a = play(a, "bid 1")
    assert GAME.to_move(a) == 2
    assert min(m.amount for m in GAME.legal_moves(a) if isinstance(m, Bid)) == 3
    a = play(a, "pass", "bid 2.5")
    assert GAME.to_move(a) == 1  # seat 2 passed for good
    a = play(a, "bid 3")
    assert GAME.to_move(a) == 3
    a = play(a, "pass")
    assert a.phase == "act" and GAME.to_move(a) == 0  # seat 1 won
    assert a.players[1].money == 10 * G - 3 * G and a.players[0].money == 13 * G
    assert len(a.players[1].cards) == 1  # the yellow card, free
    assert a.auction is None


def test_auction_winner_pays_the_auctioneer_only_the_bid():
    """Rulebook example: Giuseppe pays Marco 2 guilders for the blue action and
    takes the top blue card without paying 3 more; he cannot found a colony
    until his own turn."""
    s = blank()
    put_marker(s, 0, "zee")
    s.players[1].cards = ["ship", "capt"]
    top = s.decks["blue"][-1]
    s.decks["blue"][-1] = "cann"
    a = auction(s, "zee")
    a = play(a, "bid 2", "pass", "pass")
    assert a.players[1].money == 8 * G and a.players[0].money == 12 * G
    assert sorted(a.players[1].cards) == ["cann", "capt", "ship"]
    assert GAME.to_move(a) == 0
    assert not any(t.startswith("found") for t in notations(a))  # seat 0's choices
    a = play(a, "end", "roll")
    assert GAME.to_move(a) == 1
    assert any(t.startswith("found") for t in notations(a))
    assert top  # (the real top card was replaced for the example)


def test_green_auction_winner_places_but_cannot_move_or_convert():
    """FAQ: a green winner places the token at once but cannot move tokens or
    convert them until their own turn."""
    s = blank()
    put_marker(s, 0, "hol")
    put_tokens(s, 1, "fri", 2)
    a = auction(s, "hol")
    a = play(a, "bid 1", "pass", "pass")
    assert a.phase == "award" and GAME.to_move(a) == 1
    assert len(GAME.legal_moves(a)) == 10
    a = play(a, "take fri")
    assert a.provinces["fri"].tokens[1] == 3 and a.players[1].tokens == 2
    assert a.phase == "act" and GAME.to_move(a) == 0
    assert not any(t.startswith(("convert", "move")) for t in notations(a))


def test_brown_auction_winner_free_card_or_pays_the_painter():
    """FAQ Brown: an auction's winner draws a card free but pays 1 guilder to
    advance a painting."""
    s = blank()
    put_marker(s, 0, "utr")
    s.players[1].paintings = [Painting("a3", 0)]
    a = play(auction(s, "utr"), "bid 1", "pass", "pass")
    assert GAME.to_move(a) == 1 and set(notations(a)) == {"take card", "take paint 1"}
    paid = play(a, "take paint 1")
    assert paid.players[1].money == 10 * G - G - G  # the 1-guilder bid and the painter
    assert paid.players[1].paintings == [Painting("a3", 1)]
    card = play(a, "take card")
    assert card.players[1].money == 10 * G - G and len(card.players[1].paintings) == 2


def test_auction_without_bids_loses_the_action_but_flips_the_marker():
    """Auctions / FAQ Bidding: with no bids the action does not happen and the marker stays flipped."""
    s = blank()
    put_marker(s, 0, "gel")
    a = play(auction(s, "gel"), "pass", "pass", "pass")
    assert a.phase == "act" and a.provinces["gel"].flipped
    assert [p.money for p in a.players] == [10 * G] * 4
    assert "special gel" not in notations(a) and "auction gel" not in notations(a)


def test_guild_and_colony_markers_cannot_be_auctioned():
    """Auctions: only markers in provinces, not on the Guild Table or in colonies."""
    s = blank()
    put_marker(s, 0, "guild-blue")
    put_marker(s, 0, "east-2")
    assert not any(t.startswith("auction") for t in notations(s))


def test_bidders_who_cannot_pay_pass_automatically():
    """A seat without money (or unable to take the action) cannot bid and is
    passed over; bids never exceed the bidder's money."""
    s = blank()
    put_marker(s, 0, "lim")
    s.players[1].money = 0
    s.players[2].tokens = 0  # a green action needs a token in the reserve
    s.players[3].money = 3
    a = auction(s, "lim")
    assert GAME.to_move(a) == 3
    assert [m.amount for m in GAME.legal_moves(a) if isinstance(m, Bid)] == [1, 2, 3]
    a = play(a, "bid 1.5")
    assert a.phase == "award" and GAME.to_move(a) == 3


def test_every_half_guilder_bid_up_to_all_the_money_is_legal():
    """Auctions: bids rise in half-guilder steps, up to what the bidder has
    (playtest: 6½ was missing with 6½ in hand; 6½-10½ with 11). Every amount
    from the minimum bid to the bidder's money is a legal move, no more."""
    s = blank()
    put_marker(s, 0, "bra")
    s.players[1].money = 22  # 11 guilders
    a = auction(s, "bra")
    assert [m.amount for m in GAME.legal_moves(a) if isinstance(m, Bid)] == list(range(1, 23))
    s.players[1].money = 13  # 6½ guilders
    a = auction(s, "bra")
    assert [m.amount for m in GAME.legal_moves(a) if isinstance(m, Bid)] == list(range(1, 14))
    s.players[1].money = 60 * G  # a large purse: still every half step
    a = auction(s, "bra")
    assert [m.amount for m in GAME.legal_moves(a) if isinstance(m, Bid)] == list(range(1, 121))
    # after a 3½-guilder bid, Bob (11) may bid 4 ... 11, every half step
    s.players[1].money, s.players[2].money = 10 * G, 22
    b = play(auction(s, "bra"), "bid 3.5")
    assert GAME.to_move(b) == 2
    assert [m.amount for m in GAME.legal_moves(b) if isinstance(m, Bid)] == list(range(8, 23))
    assert GAME.parse(b, "bid 11").amount == 22 and GAME.parse(b, "bid 10").amount == 20
    with pytest.raises(IllegalMove):
        GAME.apply(b, Bid(23))


def test_two_player_variant_auctioneer_may_outbid():
    """Variant (FAQ Bidding): the auctioneer may bid in their own auction:
    only to outbid another player (RECONSTRUCTED), paying the bank if they win."""
    s = blank(n=2)
    put_marker(s, 0, "bra")
    a = auction(s, "bra")
    assert a.auction.order == [1, 0]
    a = play(a, "bid 0.5")
    assert GAME.to_move(a) == 0 and "bid 1" in notations(a)
    a = play(a, "bid 1.5")
    assert GAME.to_move(a) == 1
    a = play(a, "pass")
    assert a.phase == "act" and a.players[0].money == 10 * G - 3
    assert a.players[1].money == 10 * G and len(a.players[0].cards) == 1
    # the auctioneer cannot open: seat 1 passes and the auction ends unsold
    b = play(auction(s, "bra"), "pass")
    assert b.phase == "act" and b.players[0].cards == []


def test_describe_names_the_variant_when_the_auctioneer_bids():
    """RULES.md 10: a 2-player game always plays the variant; the log says so
    when the auctioneer bids (and not for the other bidder)."""
    s = blank(n=2)
    put_marker(s, 0, "bra")
    a = play(auction(s, "bra"), "bid 0.5")
    assert "variant" not in GAME.describe(auction(s, "bra"), Bid(1))
    assert "2-player variant: the auctioneer may bid" in GAME.describe(a, Bid(3))
    v = blank(n=3, options=Options(two_player_variant=True))
    put_marker(v, 0, "bra")
    b = play(auction(v, "bra"), "bid 0.5", "pass")
    assert GAME.to_move(b) == 0
    text = GAME.describe(b, Bid(2))
    assert "variant: the auctioneer may bid" in text and "2-player" not in text


def test_guilders_singular_and_plural():
    """One guilder (or half of one) is singular; other amounts plural."""
    assert C.guilders_text(2) == "1 guilder"
    assert C.guilders_text(1) == "½ guilder"
    assert C.guilders_text(0) == "0 guilders"
    assert C.guilders_text(13) == "6½ guilders"
    assert C.guilders_text(3, ascii=True) == "1.5 guilders"


def test_variant_off_in_three_players_by_default():
    s = blank(n=3)
    put_marker(s, 0, "bra")
    assert auction(s, "bra").auction.order == [1, 2]
    v = blank(n=3, options=Options(two_player_variant=True))
    put_marker(v, 0, "bra")
    assert auction(v, "bra").auction.order == [1, 2, 0]


# ---------------------------------------------------------------------------
# 8. VP and the end
# ---------------------------------------------------------------------------
def test_vp_table():
    """Winning the Game: tokens 1, province markers 4, East Indies 5, West
    Indies 6, paintings 3-8, culture 2, governors 1, 1 per 10 guilders; guild
    markers score nothing; money on unfinished paintings does not count."""
    s = blank()
    put_tokens(s, 0, "hol", 2)
    put_marker(s, 0, "bra")
    put_marker(s, 0, "east-5")
    put_marker(s, 0, "west")
    put_marker(s, 0, "guild-green")
    s.players[0].finished = ["a6"]
    s.players[0].paintings = [Painting("a5", 4)]
    s.players[0].culture = ["palace", "gov-hol"]
    s.players[0].money = 29 * G + 1
    assert vp_parts(s, 0) == {
        "Movement Tokens": 2,
        "Province markers": 4,
        "East Indies": 5,
        "West Indies": 6,
        "Paintings": 8,
        "Culture": 2,
        "Governors": 1,
        "Money": 2,
    }
    sheet = GAME.scores(s)[0]
    assert sheet.total == 30 and sum(sheet.parts.values()) == 30


def test_win_with_33_at_the_end_of_ones_own_turn_only():
    """Winning: 33 or more at the end of one's own turn wins; never on another
    player's turn (FAQ Timing Issues)."""
    s = blank()
    s.players[1].culture = ["windmill"] * 17  # 34 VP, but it is seat 0's turn
    s = play(s, "end")
    assert not GAME.is_over(s) and GAME.to_move(s) == 1
    s = play(s, "roll", "end")
    assert GAME.is_over(s) and GAME.winners(s) == [1]
    assert GAME.to_move(s) is None and GAME.legal_moves(s) == []
    assert s.players[1].announced >= 33


def test_32_vp_does_not_win():
    s = blank()
    s.players[0].culture = ["windmill"] * 16
    s.players[0].money = 9 * G + 1  # 9½ guilders: no money VP
    s = play(s, "end")
    assert vp(s, 0) == 32 and not GAME.is_over(s)
    assert s.players[0].announced == 32


def test_software_round_limit():
    """SOFTWARE LIMIT: after MAX_ROUNDS full rounds the most VP win (ties share)."""
    s = blank(n=3)
    s.round = C.MAX_ROUNDS - 1
    s.current = 2
    s.players[0].culture = ["market"]
    s.players[1].culture = ["palace"]
    s = play(s, "end")
    assert GAME.is_over(s) and GAME.winners(s) == [0, 1]


# ---------------------------------------------------------------------------
# 9. Protocol: open information, purity, notation, random games
# ---------------------------------------------------------------------------
def test_view_hides_only_the_deck_order():
    """FAQ: all cards and money are open; only the decks' order is hidden."""
    s = blank()
    s.players[1].cards = ["ship", "i3"]
    v = GAME.view(s, 0)
    assert v.players == s.players
    assert all(sorted(s.decks[c]) == v.decks[c] for c in s.decks)
    assert v.rng.state == 0


def test_apply_is_pure_and_rejects_illegal_moves():
    s = set_up()
    raw = enc(s)
    GAME.apply(s, Roll())
    assert enc(s) == raw
    with pytest.raises(IllegalMove):
        GAME.apply(s, End())
    with pytest.raises(IllegalMove):
        GAME.parse(s, "fly to the moon")


def test_turn_counter_changes_with_the_player_not_with_bids():
    s = blank()
    put_marker(s, 0, "bra")
    t = GAME.turn(s)
    a = play(auction(s, "bra"), "bid 1", "pass", "pass")
    assert GAME.turn(a) == t
    assert GAME.turn(play(a, "end")) == t + 1


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_end_and_notation_round_trips(n):
    """Random playouts end; every legal move's notation parses back to it and
    is unique; every state round-trips through msgspec."""
    for seed in range(3):
        s = GAME.setup(NAMES[:n], seed)
        rnd = random.Random(seed)
        steps = 0
        while not GAME.is_over(s):
            moves = GAME.legal_moves(s)
            texts = [GAME.notation(m) for m in moves]
            assert len(set(texts)) == len(texts) and len(moves) < 200
            for m, t in zip(moves, texts):
                assert GAME.parse(s, t) == m
            s = GAME.apply(s, rnd.choice(moves))
            assert msgspec.msgpack.decode(enc(s), type=State) == s
            steps += 1
        assert GAME.winners(s)
        assert steps < 20_000


def test_describe_reads_like_the_log():
    s = blank()
    put_tokens(s, 0, "utr", 1)
    assert GAME.describe(s, MoveToken("utr", "hol")) == (
        "Ann moves a Movement Token from Utrecht to Holland (-½)"
    )
    s.guilds["grey"] = Guild(owner=1, step=0)
    text = GAME.describe(s, TakeGuild("grey"))
    assert "for 4" in text and "Bob's marker returns" in text


def test_describe_announces_the_win():
    s = blank()
    s.players[0].culture = ["windmill"] * 17
    assert GAME.describe(s, End()) == "Ann ends the turn with 35 VP and wins"


def test_match_undo_and_strict_policy():
    """Match: friendly undo takes back a free action; strict undo never goes
    back past the roll (it revealed the dice)."""
    m = Match(GAME, [Seat(n) for n in NAMES[:3]], seed=5, undo_policy="strict")
    for text in ("place hol", "place bra", "place utr", "token gro", "token lim",
                 "token gro", "token lim", "token ove", "token fri", "king 0"):
        m.push_notation(text)
    m.push_notation("roll")
    assert not m.can_undo()  # the roll showed the dice
    m.push_notation("end")
    assert m.to_move() == 1
    f = Match(GAME, [Seat(n) for n in NAMES[:3]], seed=5)
    for text in ("place hol", "place bra", "place utr", "token gro", "token lim",
                 "token gro", "token lim", "token ove", "token fri", "king 0", "roll"):
        f.push_notation(text)
    before = f.state_at(f.ply)
    f.push_notation("move gro ove")
    assert f.undo() and f.state == before
