"""Gift of Tulips: one test (or more) for every rule in core/gift_of_tulips/RULES.md.

Section numbers in the test names' docstrings refer to RULES.md. Expected
numbers come from the rules (the fact sheet's tables and the rulebook's worked
examples), never from the code's own output.
"""

from __future__ import annotations

import random
from collections import Counter

import msgspec
import pytest

from core.engine import IllegalMove
from core.gift_of_tulips import GAME, Add, Choose, Give, Keep, Options, Secret, State
from core.gift_of_tulips import components as C
from core.gift_of_tulips import rules as R
from core.gift_of_tulips.state import SecretCard
from core.rng import Rng

NAMES = ["Ann", "Bob", "Cas", "Dirk", "Eva", "Fenna"]
ALL_CARDS = [f"{v}{n}" for v in "pbov" for n in (2, 3, 4)]
CARD_NAMES = [f"{var} {n}" for var in ("pink", "blue", "orange", "violet") for n in (2, 3, 4)]
#: Fact sheet A3 (DERIVED table): cards left after set-up and turns per player.
DECK_LEFT = {2: 48, 3: 60, 4: 56, 5: 70, 6: 72}
TURNS_EACH = {2: 12, 3: 10, 4: 7, 5: 7, 6: 6}
#: Fact sheet A4.
REMOVED = {2: 18, 3: 4, 4: 6, 5: 14, 6: 10}


def enc(state: State) -> bytes:
    return msgspec.msgpack.encode(state)


def total(cards) -> int:
    return sum(int(c[1]) for c in cards)


def mk(n: int = 3, **kw) -> State:
    """A play-phase State built by hand; keywords override the defaults."""
    fields = dict(
        players=NAMES[:n],
        phase="play",
        deck=["b2", "o3", "v4", "p2"],
        removed=[],
        ranking=[],
        festival={},
        secret=[],
        bouquets=[[] for _ in range(n)],
        give_vp=[0] * n,
        keep_vp=[0] * n,
        majority_vp=[0] * n,
        hands=[[] for _ in range(n)],
        current=0,
        drawn="p2",
        used="",
        turn=n,
        rng=Rng(12345),
    )
    fields.update(kw)
    return State(**fields)


def apply(state: State, move) -> State:
    """GAME.apply, also checking that the input state is left unchanged."""
    before = enc(state)
    after = GAME.apply(state, move)
    assert enc(state) == before, "apply changed its input state"
    return after


def every_card(state: State) -> Counter:
    cards = list(state.deck) + list(state.removed) + [c for stack in state.festival.values() for c in stack]
    cards += [sc.card for sc in state.secret] + [c for h in state.hands for c in h]
    cards += [c for b in state.bouquets for c in b] + ([state.drawn] if state.drawn else [])
    cards += list(state.revealed)
    return Counter(cards)


def random_game(n: int, seed: int):
    """Yield (state, move) for every decision of a random game, then (final, None)."""
    rnd = random.Random(seed)
    s = GAME.setup(NAMES[:n], seed)
    while not GAME.is_over(s):
        m = rnd.choice(GAME.legal_moves(s))
        yield s, m
        s = GAME.apply(s, m)
    yield s, None


# ---------------------------------------------------------------- 1. components
def test_1_2_deck_is_six_of_each_card_below_five_players_eight_at_five_six():
    """1.2 RECONSTRUCTED uniform deck: 6 x 12 = 72; with the 5/6 cards 8 x 12 = 96."""
    for n in (2, 3, 4):
        deck = C.deck_for(n)
        assert len(deck) == 72
        assert Counter(deck) == Counter({c: 6 for c in ALL_CARDS})
    for n in (5, 6):
        deck = C.deck_for(n)
        assert len(deck) == 96
        assert Counter(deck) == Counter({c: 8 for c in ALL_CARDS})


def test_1_3_festival_card_values():
    """1.3 Give bonus, Keep points and majority points per rank (fact sheet A5)."""
    assert C.GIVE_BONUS == (3, 2, 1, 0)
    assert C.KEEP_POINTS == (0, 0, 1, 2)
    assert C.MAJORITY == ((15, 10, 5), (10, 7, 4), (5, 3, 1))
    assert [C.majority_levels(n) for n in range(2, 7)] == [1, 2, 2, 3, 3]


# ---------------------------------------------------------------- 2. set-up
@pytest.mark.parametrize("n", range(2, 7))
def test_2_setup_counts_add_up(n):
    """2.1, 2.2, 2.4, 2.6: deck/removed/festival/hands add up to 72 or 96, and
    the 5/6 cards are in only at 5-6 players."""
    copies = 8 if n >= 5 else 6
    for seed in range(20):
        s = GAME.setup(NAMES[:n], seed)
        assert len(s.removed) == REMOVED[n]
        assert len(s.deck) == DECK_LEFT[n]
        assert [len(h) for h in s.hands] == [2] * n
        assert sum(len(v) for v in s.festival.values()) == 2
        assert len(s.deck) + len(s.removed) + 2 + 2 * n == 12 * copies
        assert every_card(s) == Counter({c: copies for c in ALL_CARDS})
        assert s.phase == "setup" and GAME.to_move(s) == 0
        assert s.secret == [] and s.bouquets == [[] for _ in range(n)]
        assert s.give_vp == s.keep_vp == s.majority_vp == [0] * n
        assert s.drawn == "" and s.used == ""


def test_2_setup_rejects_bad_player_counts():
    for n in (0, 1, 7):
        with pytest.raises(ValueError):
            GAME.setup(NAMES[:1] * n, 1)


def test_2_setup_is_deterministic_per_seed():
    assert enc(GAME.setup(NAMES[:4], 99)) == enc(GAME.setup(NAMES[:4], 99))
    assert enc(GAME.setup(NAMES[:4], 99)) != enc(GAME.setup(NAMES[:4], 100))
    assert GAME.Options() == Options()


@pytest.mark.parametrize("n", range(2, 7))
def test_2_3_festival_seeding_from_random_seeds(n):
    """2.3: two cards of different varieties, the higher value ranked 1st."""
    for seed in range(150):
        s = GAME.setup(NAMES[:n], seed)
        assert len(s.ranking) == 2 and s.ranking[0] != s.ranking[1]
        assert sorted(s.festival) == sorted(s.ranking)
        first, second = (s.festival[v][0] for v in s.ranking)
        assert first[0] == s.ranking[0] and second[0] == s.ranking[1]
        assert int(first[1]) >= int(second[1])


class _Unshuffled(Rng):
    def shuffle(self, items):  # the deck stays in the order the test stacked it
        pass


def stacked_setup(monkeypatch, n: int, top: list[str]) -> State:
    """Set-up with a stacked deck: after the cards put aside (2.2), the cards
    come off the deck in the order ``top``."""
    full = Counter(C.deck_for(n))
    full.subtract(Counter(top))
    rest = list(full.elements())
    removed, rest = rest[: REMOVED[n]], rest[REMOVED[n] :]
    deck = rest + top[::-1] + removed[::-1]
    monkeypatch.setattr(C, "deck_for", lambda players: list(deck))
    monkeypatch.setattr(R, "Rng", type("FakeRng", (), {"from_seed": staticmethod(lambda seed: _Unshuffled(seed))}))
    return GAME.setup(NAMES[:n], 0)


def test_2_3_seeding_higher_value_is_first(monkeypatch):
    s = stacked_setup(monkeypatch, 3, ["p2", "b4"])
    assert s.ranking == ["b", "p"]
    assert s.festival == {"b": ["b4"], "p": ["p2"]}


@pytest.mark.parametrize("top, ranking", [(["o3", "v3"], ["o", "v"]), (["v3", "o3"], ["v", "o"])])
def test_2_3_seeding_equal_values_first_drawn_is_first(monkeypatch, top, ranking):
    s = stacked_setup(monkeypatch, 4, top)
    assert s.ranking == ranking


def test_2_3_seeding_same_variety_goes_back_into_the_deck(monkeypatch):
    s = stacked_setup(monkeypatch, 2, ["p3", "p4", "p2", "b2", "o2", "o3", "o4", "v2"])
    assert s.ranking == ["p", "b"]
    assert s.festival == {"p": ["p3"], "b": ["b2"]}
    assert len(s.deck) == DECK_LEFT[2]
    assert every_card(s) == Counter({c: 6 for c in ALL_CARDS})
    # the skipped p4 and p2 went back into the deck: the deck and the hands hold
    # every card except the ones put aside and the two festival cards
    in_play = Counter(s.deck) + Counter(c for h in s.hands for c in h)
    expected = Counter({c: 6 for c in ALL_CARDS})
    expected.subtract(Counter(s.removed) + Counter(["p3", "b2"]))
    assert in_play == expected
    assert in_play["p4"] >= 1 and in_play["p2"] >= 1


def test_2_4_two_cards_dealt_to_each_player_in_seat_order(monkeypatch):
    s = stacked_setup(monkeypatch, 3, ["b3", "o2", "p2", "p3", "v2", "v3", "b4", "o4"])
    assert s.hands == [["p2", "p3"], ["v2", "v3"], ["b4", "o4"]]


def test_2_5_setup_choice_keeps_one_and_hides_the_other():
    s = mk(3, phase="setup", hands=[["p3", "b4"], ["o2", "o2"], ["v4", "p2"]], drawn="", turn=0)
    assert GAME.legal_moves(s) == [Choose("b4"), Choose("p3")]
    s1 = apply(s, Choose("p3"))
    assert s1.bouquets[0] == ["p3"] and s1.secret == [SecretCard("b4", 0)]
    assert s1.hands[0] == [] and GAME.to_move(s1) == 1 and s1.phase == "setup"
    assert s1.keep_vp == s1.give_vp == [0, 0, 0]
    assert GAME.legal_moves(s1) == [Choose("o2")]  # two equal cards: one choice
    s2 = apply(s1, Choose("o2"))
    assert GAME.to_move(s2) == 2
    deck_before = list(s2.deck)
    s3 = apply(s2, Choose("p2"))
    # 2.7 / 3.1: after the last choice seat 1 draws the top card and plays
    assert s3.phase == "play" and GAME.to_move(s3) == 0
    assert s3.drawn == deck_before[-1] and s3.deck == deck_before[:-1]
    assert s3.secret == [SecretCard("b4", 0), SecretCard("o2", 1), SecretCard("v4", 2)]
    assert s3.bouquets == [["p3"], ["o2"], ["p2"]]


def test_2_7_seat_1_moves_first():
    for n in range(2, 7):
        s = GAME.setup(NAMES[:n], 5)
        assert GAME.to_move(s) == 0
        for seat in range(n):
            assert GAME.to_move(s) == seat
            s = GAME.apply(s, GAME.legal_moves(s)[0])
        assert s.phase == "play" and GAME.to_move(s) == 0


# ---------------------------------------------------------------- 3. a turn
def test_3_first_card_offers_every_action():
    s = mk(3)
    assert GAME.legal_moves(s) == [Keep(), Give(1), Give(2), Add(), Secret()]


@pytest.mark.parametrize(
    "first, rest",
    [
        (Keep(), [Give(1), Give(2), Add(), Secret()]),
        (Give(2), [Keep(), Add(), Secret()]),
        (Add(), [Keep(), Give(1), Give(2)]),
        (Secret(), [Keep(), Give(1), Give(2)]),
    ],
)
def test_3_2_second_card_must_take_a_different_action(first, rest):
    """3.2 and 4.3: the second action differs; Add and Secret are one action."""
    s = mk(3, deck=["b2", "o3", "v4"])
    s1 = apply(s, first)
    assert s1.drawn == "v4" and s1.deck == ["b2", "o3"]  # the second card is drawn
    assert GAME.to_move(s1) == 0 and GAME.turn(s1) == GAME.turn(s)
    assert GAME.legal_moves(s1) == rest
    for illegal in {Keep(), Give(1), Give(2), Add(), Secret()} - set(rest):
        with pytest.raises(IllegalMove):
            GAME.apply(s1, illegal)


def test_3_1_after_two_actions_the_turn_passes_in_seat_order():
    s = mk(3, deck=["b2", "o3", "v4", "p4", "p3", "o2", "b3"])
    seen = []
    for _ in range(3):
        seen.append(GAME.to_move(s))
        t = GAME.turn(s)
        s = apply(apply(s, Keep()), Add())
        assert GAME.turn(s) != t and s.used == ""
    assert seen == [0, 1, 2] and GAME.to_move(s) == 0
    # cards come off the end of the list: p2 (in hand), b3, o2 | p3, p4 | v4, o3
    assert s.drawn == "o3" and s.deck == ["b2"]


def test_3_illegal_moves_raise_and_change_nothing():
    s = mk(3)
    before = enc(s)
    for bad in (Give(0), Give(3), Give(-1), Choose("p2")):
        with pytest.raises(IllegalMove):
            GAME.apply(s, bad)
    s_setup = mk(3, phase="setup", hands=[["p3", "b4"], ["o2", "o3"], ["v4", "p2"]], drawn="")
    for bad in (Keep(), Add(), Choose("o2"), Choose("v4")):
        with pytest.raises(IllegalMove):
            GAME.apply(s_setup, bad)
    over = mk(3, phase="over", current=-1, drawn="")
    assert GAME.legal_moves(over) == [] and GAME.to_move(over) is None and GAME.is_over(over)
    with pytest.raises(IllegalMove):
        GAME.apply(over, Keep())
    assert enc(s) == before


# ---------------------------------------------------------------- 4. actions
#: Four ranked varieties, totals 8 / 4 / 3 / 2: blue 1st, orange 2nd, violet 3rd, pink 4th.
RANKED = dict(ranking=["b", "o", "v", "p"], festival={"b": ["b4", "b4"], "o": ["o4"], "v": ["v3"], "p": ["p2"]})


@pytest.mark.parametrize("card, keep_vp", [("b3", 0), ("o3", 0), ("v3", 1), ("p3", 2)])
def test_4_1_keep_scores_by_current_rank(card, keep_vp):
    s = apply(mk(3, drawn=card, **RANKED), Keep())
    assert s.bouquets[0] == [card]
    assert s.keep_vp == [keep_vp, 0, 0] and s.give_vp == [0, 0, 0]


@pytest.mark.parametrize("card, give_vp", [("b3", 3 + 3), ("o2", 2 + 2), ("v4", 4 + 1), ("p3", 3 + 0)])
def test_4_2_give_scores_value_plus_rank_bonus(card, give_vp):
    s = apply(mk(3, drawn=card, **RANKED), Give(2))
    assert s.bouquets == [[], [], [card]]
    assert s.give_vp == [give_vp, 0, 0] and s.keep_vp == [0, 0, 0]


def test_4_4_unranked_variety_counts_as_fourth():
    start = dict(ranking=["b", "o"], festival={"b": ["b4"], "o": ["o2"]})
    assert R.rank_of(mk(3, **start), "p") == 3
    s = apply(mk(3, drawn="p3", **start), Keep())
    assert s.keep_vp[0] == 2  # 4th: Keep 2
    s = apply(mk(3, drawn="v4", **start), Give(1))
    assert s.give_vp[0] == 4 + 0  # 4th: value + 0


def test_4_4_rank_is_taken_before_the_card_is_placed():
    # Giving a 1st-ranked blue: +3 even though the gift changes no ranking; keeping
    # a pink 4th card after a face-up pink add in the same turn uses the new rank.
    s = mk(3, drawn="p4", deck=["p3", "b2", "b3"], ranking=["b", "o"], festival={"b": ["b2"], "o": ["o2"]})
    s = apply(s, Add())  # pink 4 -> pink 1st
    assert s.ranking == ["p", "b", "o"]
    s = apply(s, Keep())  # the pink 3 drawn next is now 1st: Keep 0
    assert s.keep_vp[0] == 0


def test_4_3_add_face_up_scores_nothing_and_joins_the_stack():
    s = apply(mk(3, drawn="v3", **RANKED), Add())
    assert s.festival["v"] == ["v3", "v3"]
    assert s.give_vp == s.keep_vp == [0, 0, 0]
    assert s.bouquets == [[], [], []]


def test_4_3_secret_goes_face_down_with_its_owner_and_scores_nothing():
    s = apply(mk(3, drawn="v3", secret=[SecretCard("b2", 2)], **RANKED), Secret())
    assert s.secret == [SecretCard("b2", 2), SecretCard("v3", 0)]
    assert s.festival == RANKED["festival"] and s.ranking == RANKED["ranking"]
    assert s.give_vp == s.keep_vp == [0, 0, 0]


# ---------------------------------------------------------------- 5. ranking
def test_5_3_rulebook_p8_reranking_example():
    """Blue 5 1st, Purple 2 2nd, Pink 3rd; adding Orange 2: Orange 2nd, Purple 3rd, Pink 4th."""
    s = mk(
        3,
        drawn="o2",
        ranking=["b", "v", "p"],
        festival={"b": ["b2", "b3"], "v": ["v2"], "p": ["p2"]},
    )
    s = apply(s, Add())
    assert s.ranking == ["b", "o", "v", "p"]
    assert R.festival_total(s, "o") == 2 and R.festival_total(s, "b") == 5


def test_5_2_tie_goes_to_the_variety_added_to_last():
    s = apply(mk(3, drawn="p2", ranking=["b", "p"], festival={"b": ["b4"], "p": ["p2"]}), Add())
    assert s.ranking == ["p", "b"]  # 4 = 4: pink was added to last


def test_5_2_lower_total_goes_behind_and_higher_goes_in_front():
    s = apply(mk(3, drawn="o2", ranking=["b", "p"], festival={"b": ["b4"], "p": ["p3"]}), Add())
    assert s.ranking == ["b", "p", "o"]  # 2 < 3: a new variety enters at the back
    s = apply(mk(3, drawn="v4", ranking=["b", "p"], festival={"b": ["b3"], "p": ["p2"]}), Add())
    assert s.ranking == ["v", "b", "p"]  # 4 > 3: in front of both


def test_5_2_fourth_place_can_climb_back():
    s = mk(3, drawn="p4", ranking=["b", "o", "v", "p"],
           festival={"b": ["b4", "b4"], "o": ["o3", "o3"], "v": ["v4"], "p": ["p2"]})
    s = apply(s, Add())  # pink 2 + 4 = 6 ties orange's 6 and passes violet's 4
    assert s.ranking == ["b", "p", "o", "v"]


def reference_ranking(festival: dict[str, list[str]], recency: dict[str, float]) -> list[str]:
    """Rule 5.2 restated: highest total first, ties to the variety grown last."""
    return sorted(festival, key=lambda v: (-total(festival[v]), -recency[v]))


@pytest.mark.parametrize("n", [2, 4, 6])
def test_5_2_ranking_matches_the_rule_through_whole_games(n):
    """5.2 and 6.2 checked after every decision of random games, the final
    one-at-a-time reveal included."""
    for seed in range(25):
        game = random_game(n, seed)
        s, m = next(game)
        # 2.3: of two equal seeding cards, the one drawn first is 1st (more "recent")
        recency = {s.ranking[0]: -1.0, s.ranking[1]: -2.0}
        step = 0
        while m is not None:
            prev = s
            s, m = next(game)
            step += 1
            for v in s.festival:
                grown = len(s.festival[v]) - len(prev.festival.get(v, []))
                if grown and v not in {c[0] for c in s.revealed}:
                    recency[v] = step
            for i, card in enumerate(s.revealed if s.phase == "over" else []):
                recency[card[0]] = step + (i + 1) / 10
            assert s.ranking == reference_ranking(s.festival, recency), (seed, step)


# ---------------------------------------------------------------- 6. end
@pytest.mark.parametrize("n", range(2, 7))
def test_6_1_every_player_has_the_same_number_of_turns(n):
    for seed in range(6):
        actions = Counter()
        last = None
        for s, m in random_game(n, seed):
            if m is None:
                break
            if s.phase == "play":
                actions[GAME.to_move(s)] += 1
                last = GAME.to_move(s)
        assert actions == Counter({seat: 2 * TURNS_EACH[n] for seat in range(n)})
        assert last == n - 1  # the game ends after the last player's turn
        assert s.phase == "over" and s.deck == [] and GAME.to_move(s) is None


def last_decision(n: int = 2, secret=(), seed: int = 3, **kw) -> State:
    """The second decision of the last turn: the deck is empty, keep used."""
    fields = dict(deck=[], used="keep", drawn="b2", current=n - 1, secret=list(secret), rng=Rng(seed))
    fields.update(kw)
    return mk(n, **fields)


def test_6_2_final_reveal_turns_up_five_of_the_secret_festival():
    secret = [SecretCard(c, i % 2) for i, c in enumerate(["p2", "p3", "o4", "v2", "b3", "b4", "o2"])]
    s = last_decision(2, secret, ranking=["b", "o"], festival={"b": ["b4"], "o": ["o3"]})
    end = apply(s, Give(0))
    assert GAME.is_over(end) and end.phase == "over" and GAME.to_move(end) is None
    assert len(end.revealed) == 5 and len(end.secret) == 2
    assert Counter(end.revealed) + Counter(sc.card for sc in end.secret) == Counter(sc.card for sc in secret)
    added = Counter(c for stack in end.festival.values() for c in stack) - Counter(["b4", "o3"])
    assert added == Counter(end.revealed)
    for v, stack in end.festival.items():  # turned up in order, each onto its stack
        assert stack[len(s.festival.get(v, [])) :] == [c for c in end.revealed if c[0] == v]


def test_6_2_fewer_than_five_secret_cards_are_all_turned_up():
    secret = [SecretCard("p2", 0), SecretCard("v3", 1), SecretCard("o4", 0)]
    end = apply(last_decision(2, secret, ranking=["b", "o"], festival={"b": ["b4"], "o": ["o3"]}), Add())
    assert sorted(end.revealed) == ["o4", "p2", "v3"] and end.secret == []
    assert end.festival["b"] == ["b4", "b2"]  # the last card was added face up too


def test_6_2_a_last_secret_card_takes_part_in_the_reveal():
    secret = [SecretCard(c, 0) for c in ("p2", "p3", "o4", "v2")]
    end = apply(last_decision(2, secret, ranking=["b", "o"], festival={"b": ["b4"], "o": ["o3"]}), Secret())
    assert sorted(end.revealed) == sorted(["p2", "p3", "o4", "v2", "b2"]) and end.secret == []


def test_6_2_reveal_is_one_card_at_a_time_so_order_decides_ties():
    secret = [SecretCard("o4", 0), SecretCard("v4", 1)]
    orders = set()
    for seed in range(30):
        s = last_decision(2, secret, seed=seed, drawn="p2",
                          ranking=["b", "p"], festival={"b": ["b4"], "p": ["p2"]})
        end = apply(s, Give(0))  # the drawn pink 2 goes to a bouquet, not the festival
        first, second = (c[0] for c in end.revealed)
        # all four total 4 now: the one turned up last was added to last, and so on
        assert end.ranking == [second, first, "b", "p"]
        orders.add((first, second))
    assert orders == {("o", "v"), ("v", "o")}


# ---------------------------------------------------------------- 7. majorities
def finish(bouquets: list[list[str]], top3=("v", "o", "b"), names=None) -> State:
    """Play the last decision of a game whose festival ranks ``top3`` 1st-3rd
    (totals 12, 8, 6) and pink 4th (2); the last card, a pink 2, is added face
    up and pink stays 4th. The secret festival is empty. Returns the end state."""
    a, b, c = top3
    n = len(bouquets)
    s = last_decision(
        n,
        drawn="p2",
        used="give",
        ranking=[a, b, c, "p"],
        festival={a: [a + "4"] * 3, b: [b + "4"] * 2, c: [c + "3"] * 2, "p": ["p2"]},
        bouquets=bouquets,
        players=(names or NAMES)[:n],
    )
    end = apply(s, Add())
    assert end.ranking == [a, b, c, "p"] and GAME.is_over(end)
    return end


def test_7_5_rulebook_p10_majority_example():
    """Purple 1st: Sara 3, Catherine 2, María 1 -> Sara 15, Catherine 10.
    Orange 2nd: Sara 1, Catherine 2 (value 6), María 2 (value 4) -> Catherine 10,
    María 7, Sara nothing however high her card."""
    sara = ["v2", "v3", "v4", "o4"]
    catherine = ["v2", "v2", "o3", "o3"]
    maria = ["v2", "o2", "o2"]
    end = finish([sara, catherine, maria], names=["Sara", "Catherine", "María"])
    assert end.majority_vp == [15, 10 + 10, 7]
    rows = R.majority_awards(end)
    assert sorted(rows) == sorted([
        ("v", 0, 0, 0, 15), ("v", 0, 1, 1, 10),
        ("o", 1, 1, 0, 10), ("o", 1, 2, 1, 7),
    ])
    sheets = GAME.scores(end)
    assert [sh.total for sh in sheets] == [15, 20, 7]
    assert GAME.winners(end) == [1]


@pytest.mark.parametrize(
    "counts, expected",
    [
        ([2, 1], [15, 0]),  # 2 players: only the most
        ([3, 2, 1], [15, 10, 0]),  # 3 players: most and 2nd-most
        ([3, 2, 1, 0], [15, 10, 0, 0]),
        ([3, 2, 1, 0, 0], [15, 10, 5, 0, 0]),  # 5-6 players: down to 3rd-most
        ([1, 2, 3, 4, 5, 6], [0, 0, 0, 5, 10, 15]),
    ],
)
def test_7_3_majority_levels_by_player_count(counts, expected):
    end = finish([["v2"] * k for k in counts])
    assert end.majority_vp == expected


def test_7_3_each_rank_pays_its_own_majority_points():
    # 5 players; 1st violet, 2nd orange, 3rd blue each held 3/2/1 by seats 0/1/2
    bouquets = [["v2"] * 3 + ["o2"] * 3 + ["b2"] * 3, ["v2"] * 2 + ["o2"] * 2 + ["b2"] * 2, ["v2", "o2", "b2"], [], []]
    end = finish(bouquets)
    assert end.majority_vp == [15 + 10 + 5, 10 + 7 + 3, 5 + 4 + 1, 0, 0]


def test_7_1_the_fourth_ranked_variety_never_scores():
    end = finish([["p4", "p4", "p4"], ["p2"], []])
    assert end.majority_vp == [0, 0, 0]


def test_7_1_with_fewer_than_three_ranked_varieties_only_those_score():
    # only violet and orange were ever ranked; nobody put a card in the secret festival
    s = last_decision(3, drawn="p2", used="add", ranking=["v", "o"], festival={"v": ["v4"], "o": ["o3"]},
                      bouquets=[["b4", "b4"], ["v2"], ["o2", "b2"]])
    end = apply(s, Give(0))  # the pink 2 goes to seat 1: pink stays unranked
    assert end.ranking == ["v", "o"] and end.revealed == []
    assert end.majority_vp == [0, 15, 10]  # blue (unranked) pays nothing


def test_7_2_majorities_count_cards_not_value():
    end = finish([["v2", "v2", "v2"], ["v4", "v4"], []])
    assert end.majority_vp == [15, 10, 0]


def test_7_4_no_cards_never_scores_a_majority():
    assert finish([["v2"], [], []]).majority_vp == [15, 0, 0]
    assert finish([[], ["o2"], [], [], []]).majority_vp == [0, 10, 0, 0, 0]


def test_8_1_majority_tie_broken_by_value():
    end = finish([["v2", "v2"], ["v3", "v3"], []])
    assert end.majority_vp == [10, 15, 0]


def test_8_2_full_tie_shares_the_points_and_the_next_takes_the_next_level():
    assert finish([["v2", "v4"], ["v3", "v3"], ["v2"], []]).majority_vp == [15, 15, 10, 0]
    # 5 players: two tied for most, then count-1 players split by value
    assert finish([["v3", "v3"], ["v3", "v3"], ["v4"], ["v2"], []]).majority_vp == [15, 15, 10, 5, 0]
    # 2 players fully tied: both take the most
    assert finish([["o2", "o3"], ["o3", "o2"]]).majority_vp == [10, 10]


# ---------------------------------------------------------------- 8. winner
def over_state(vp: list[int], tulips: list[int]) -> State:
    n = len(vp)
    return mk(n, phase="over", current=-1, drawn="", deck=[], give_vp=vp,
              keep_vp=[1] * n, majority_vp=[2] * n, bouquets=[["p2"] * t for t in tulips])


def test_6_4_score_is_give_plus_keep_plus_majorities():
    s = over_state([10, 7], [3, 4])
    sheets = GAME.scores(s)
    assert [sh.total for sh in sheets] == [13, 10]
    assert sheets[0].parts == {"Give": 10, "Keep": 1, "Majorities": 2}
    assert GAME.tallies(s) == [{"VP": 13, "Tulips": 3}, {"VP": 10, "Tulips": 4}]


def test_8_3_winner_most_points_then_most_tulips_then_shared():
    assert GAME.winners(over_state([10, 12, 11], [9, 1, 5])) == [1]
    assert GAME.winners(over_state([12, 12, 11], [4, 5, 9])) == [1]
    assert GAME.winners(over_state([12, 12, 12], [5, 3, 5])) == [0, 2]


# ---------------------------------------------------------------- 9. hidden information
def mid_game(n: int = 3, seed: int = 4, plies: int = 16) -> State:
    rnd = random.Random(seed)
    s = GAME.setup(NAMES[:n], seed)
    for _ in range(plies):
        s = GAME.apply(s, rnd.choice(GAME.legal_moves(s)))
    return s


def test_9_view_hides_deck_removed_secret_and_drawn_card_of_others():
    s = mid_game()
    assert s.phase == "play" and s.drawn and s.secret
    before = enc(s)
    for viewer in [0, 1, 2, None]:
        v = GAME.view(s, viewer)
        assert type(v) is State
        assert v.deck == ["??"] * len(s.deck) and v.removed == ["??"] * len(s.removed)
        assert v.rng != s.rng
        for mine, seen in zip(s.secret, v.secret):
            assert seen.owner == mine.owner
            assert seen.card == (mine.card if mine.owner == viewer else "??")
        assert v.drawn == (s.drawn if viewer == s.current else "??")
        # 9.1: everything public is unchanged
        for field in ("ranking", "festival", "bouquets", "give_vp", "keep_vp", "majority_vp",
                      "players", "phase", "current", "used", "turn", "revealed", "reveals"):
            assert getattr(v, field) == getattr(s, field), field
    assert enc(s) == before


def test_9_view_in_setup_hides_the_other_players_hands():
    s = GAME.setup(NAMES[:3], 8)
    for viewer in range(3):
        v = GAME.view(s, viewer)
        assert v.hands == [h if i == viewer else ["??", "??"] for i, h in enumerate(s.hands)]
    assert GAME.view(s, None).hands == [["??", "??"]] * 3


def test_9_view_after_the_end_hides_the_secret_cards_left_over():
    for s, m in random_game(2, 11):
        pass
    assert GAME.is_over(s) and s.revealed
    for viewer in (0, 1, None):
        v = GAME.view(s, viewer)
        assert all(sc.card == "??" for sc in v.secret)
        assert v.revealed == s.revealed and v.festival == s.festival


def test_9_4_describe_never_names_a_secret_card():
    checked = 0
    for n in (2, 5):
        for seed in range(10):
            for s, m in random_game(n, seed):
                if m is None:
                    break
                text = GAME.describe(s, m)
                assert s.players[GAME.to_move(s)] in text
                if isinstance(m, Secret):
                    assert not any(name in text for name in CARD_NAMES), text
                    checked += 1
                elif isinstance(m, Choose):
                    other = [c for c in s.hands[s.current] if c != m.card]
                    assert C.card_name(m.card) in text
                    if other:
                        assert C.card_name(other[0]) not in text, text
                    checked += 1
    assert checked > 50


def test_describe_names_the_public_card_and_its_points():
    s = mk(3, drawn="v4", **RANKED)
    assert "violet 4" in GAME.describe(s, Give(1)) and "+5 VP" in GAME.describe(s, Give(1))
    assert "Bob" in GAME.describe(s, Give(1))
    assert "+1 VP" in GAME.describe(s, Keep())
    assert "violet now 1st" in GAME.describe(mk(3, drawn="v4", ranking=["b"], festival={"b": ["b2"]}), Add())


# ---------------------------------------------------------------- 10. notation
def test_10_notation_and_parse():
    s = mk(3)
    assert [GAME.notation(m) for m in GAME.legal_moves(s)] == ["keep", "give 2", "give 3", "add", "secret"]
    for m in GAME.legal_moves(s):
        assert GAME.parse(s, GAME.notation(m)) == m
    assert GAME.parse(s, "  GIVE   3 ") == Give(2)
    for bad in ("give 1", "give 4", "choose p2", "", "hop"):
        with pytest.raises(IllegalMove):
            GAME.parse(s, bad)
    s_setup = mk(3, phase="setup", hands=[["p3", "b4"], [], []], drawn="")
    assert GAME.parse(s_setup, "choose b4") == Choose("b4")
    assert GAME.notation(Choose("b4")) == "choose b4"


def test_turn_counter_and_reveals_for_undo():
    """9.5: every decision either draws a card (a reveal) or passes the turn."""
    for n in (2, 3):
        for s, m in random_game(n, 21):
            if m is None:
                break
            after = GAME.apply(s, m)
            assert GAME.reveals(s, after) or GAME.turn(s) != GAME.turn(after)
            if s.phase == "play" and not s.used:
                assert GAME.reveals(s, after) and GAME.turn(s) == GAME.turn(after)


def test_6_describe_of_the_last_decision_mentions_the_reveal():
    s = last_decision(2, [SecretCard("p2", 0)], ranking=["b"], festival={"b": ["b4"]})
    assert "secret festival is revealed" in GAME.describe(s, Give(0))
    first_half = mk(2, deck=["p3"], ranking=["b"], festival={"b": ["b4"]})
    assert "revealed" not in GAME.describe(first_half, Keep())
