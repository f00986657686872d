"""core.rng.Rng: SplitMix64, determinism, ranges, shuffles, serialisation."""

from __future__ import annotations

from collections import Counter

import msgspec
import pytest

from core.rng import Rng


def test_splitmix64_known_answers():
    # Reference outputs of SplitMix64 (Vigna's splitmix64.c) from state 0.
    r = Rng.from_seed(0)
    assert [r.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_same_seed_same_sequence_different_seed_different_sequence():
    a, b, c = Rng.from_seed(42), Rng.from_seed(42), Rng.from_seed(43)
    xs = [a.below(1000) for _ in range(50)]
    assert xs == [b.below(1000) for _ in range(50)]
    assert xs != [c.below(1000) for _ in range(50)]


def test_seed_is_reduced_modulo_2_64():
    assert Rng.from_seed(-1).state == 2**64 - 1
    assert Rng.from_seed(2**64 + 5).state == 5
    assert Rng.from_seed(2**64 + 5).next64() == Rng.from_seed(5).next64()


def test_outputs_are_64_bit():
    r = Rng.from_seed(7)
    for _ in range(1000):
        assert 0 <= r.next64() < 2**64


@pytest.mark.parametrize("n", [1, 2, 3, 6, 7, 52, 1000, 2**63 + 1])
def test_below_stays_in_range(n):
    r = Rng.from_seed(n)
    for _ in range(500):
        assert 0 <= r.below(n) < n


def test_below_rejects_empty_range():
    for n in (0, -3):
        with pytest.raises(ValueError):
            Rng.from_seed(1).below(n)


def test_below_is_roughly_uniform():
    r = Rng.from_seed(2026)
    counts = Counter(r.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(9_000 < k < 11_000 for k in counts.values()), counts


def test_randint_includes_both_ends():
    r = Rng.from_seed(3)
    rolls = [r.randint(1, 6) for _ in range(2000)]
    assert min(rolls) == 1 and max(rolls) == 6
    assert {r.randint(4, 4) for _ in range(20)} == {4}
    two_d6 = Counter(r.randint(1, 6) + r.randint(1, 6) for _ in range(36_000))
    assert set(two_d6) == set(range(2, 13))
    assert two_d6[7] > two_d6[2] * 4  # 6/36 vs 1/36


def test_choice():
    r = Rng.from_seed(9)
    items = ["a", "b", "c"]
    picks = {r.choice(items) for _ in range(200)}
    assert picks == set(items)
    with pytest.raises((ValueError, IndexError)):
        r.choice([])


def test_shuffle_is_a_permutation_and_deterministic():
    for seed in range(50):
        items = list(range(20)) + ["x", "x", "y"]
        a, b = list(items), list(items)
        Rng.from_seed(seed).shuffle(a)
        Rng.from_seed(seed).shuffle(b)
        assert a == b
        assert Counter(a) == Counter(items)
    one = [1]
    Rng.from_seed(1).shuffle(one)
    assert one == [1]
    empty: list[int] = []
    Rng.from_seed(1).shuffle(empty)
    assert empty == []


def test_shuffle_reaches_every_order_of_three():
    orders = set()
    for seed in range(200):
        xs = [1, 2, 3]
        Rng.from_seed(seed).shuffle(xs)
        orders.add(tuple(xs))
    assert len(orders) == 6


def test_shuffle_moves_cards_around():
    xs = list(range(52))
    Rng.from_seed(11).shuffle(xs)
    assert xs != list(range(52))
    # position of card 0 over many shuffles is spread over the deck
    where = Counter()
    for seed in range(2000):
        ys = list(range(10))
        Rng.from_seed(seed).shuffle(ys)
        where[ys.index(0)] += 1
    assert all(120 < k < 280 for k in where.values()), where


@pytest.mark.parametrize("codec", [msgspec.msgpack, msgspec.json])
def test_state_round_trips_and_continues_identically(codec):
    r = Rng.from_seed(77)
    for _ in range(5):
        r.next64()
    copy = codec.decode(codec.encode(r), type=Rng)
    assert copy == r
    assert [copy.below(100) for _ in range(20)] == [r.below(100) for _ in range(20)]


def test_below_rejects_the_biased_tail_for_huge_ranges():
    # n = 3 * 2**62: plain "x % n" would hit [0, 2**62) with probability 1/2, not 1/3
    n = 3 << 62
    r = Rng.from_seed(5)
    low = sum(r.below(n) < (1 << 62) for _ in range(3000))
    assert 850 < low < 1150, low
