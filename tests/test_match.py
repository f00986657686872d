"""core.match.Match: push, undo/redo (friendly and strict), review, bots.

Most tests use a tiny toy game defined here, whose turns hold several
decisions with and without a reveal, so every undo rule can be pinned down;
a few run the same checks on Gift of Tulips.
"""

from __future__ import annotations

import hashlib

import msgspec
import pytest

from core import get_game
from core.engine import IllegalMove, Move, ScoreSheet, copy_state, parse_by_notation, ranked_winners
from core.match import Match, Seat
from core.rng import Rng


# ------------------------------------------------------------------ a toy game
class Pick(Move, frozen=True, tag="pick"):
    n: int


class Roll(Move, frozen=True, tag="roll"):
    pass


class End(Move, frozen=True, tag="end"):
    pass


class ToyState(msgspec.Struct):
    players: list[str]
    points: list[int]
    current: int = 0
    turn: int = 0
    steps: int = 0
    reveals: int = 0
    rounds: int = 2
    rng: Rng = msgspec.field(default_factory=Rng)


class ToyOptions(msgspec.Struct, frozen=True):
    rounds: int = 2


class Toy:
    """Each turn: up to three picks/rolls, then ``end``; ``rounds`` turns each."""

    id = "toy"
    title = "Toy"
    min_players = 1
    max_players = 3
    Options = ToyOptions
    State = ToyState
    Move = Pick | Roll | End
    private_information = False

    def setup(self, players, seed, options=None):
        o = options or ToyOptions()
        return ToyState(list(players), [0] * len(players), rounds=o.rounds, rng=Rng.from_seed(seed))

    def is_over(self, s):
        return s.turn >= s.rounds * len(s.players)

    def to_move(self, s):
        return None if self.is_over(s) else s.current

    def legal_moves(self, s):
        if self.is_over(s):
            return []
        if s.steps >= 3:
            return [End()]
        return [Pick(1), Pick(2), Roll()] + ([End()] if s.steps else [])

    def apply(self, s, m):
        if m not in self.legal_moves(s):
            raise IllegalMove("no")
        s = copy_state(s)
        if isinstance(m, Pick):
            s.points[s.current] += m.n
            s.steps += 1
        elif isinstance(m, Roll):
            s.points[s.current] += s.rng.randint(1, 6)
            s.reveals += 1
            s.steps += 1
        else:
            s.current = (s.current + 1) % len(s.players)
            s.turn += 1
            s.steps = 0
        return s

    def scores(self, s):
        return [ScoreSheet(i, p, {"Points": p}) for i, p in enumerate(s.points)]

    def winners(self, s):
        return ranked_winners(self.scores(s))

    def tallies(self, s):
        return [{"Points": p} for p in s.points]

    def describe(self, s, m):
        return self.notation(m)

    def notation(self, m):
        return f"pick {m.n}" if isinstance(m, Pick) else "roll" if isinstance(m, Roll) else "end"

    def parse(self, s, text):
        return parse_by_notation(self, s, text)

    def view(self, s, viewer):
        return copy_state(s)

    def turn(self, s):
        return s.turn

    def reveals(self, before, after):
        return before.reveals != after.reveals


TOY = Toy()
GOT = get_game("gift-of-tulips")


def toy_match(kinds=("human", "human"), policy="friendly", seed=1) -> Match:
    seats = [Seat(f"S{i + 1}", k) for i, k in enumerate(kinds)]
    return Match(TOY, seats, seed, undo_policy=policy)


def enc(state) -> bytes:
    return msgspec.msgpack.encode(state)


# ------------------------------------------------------------------ construction
def test_match_checks_seat_count_and_policy():
    with pytest.raises(ValueError):
        Match(TOY, [Seat(str(i)) for i in range(4)], 1)
    with pytest.raises(ValueError):
        Match(GOT, [Seat("solo")], 1)
    with pytest.raises(ValueError):
        toy_match(policy="lenient")
    m = toy_match()
    assert m.options == ToyOptions() and m.ply == 0 and m.moves == [] and len(m.snapshots) == 1
    assert m.to_move() == 0 and not m.is_over() and m.legal_moves() == TOY.legal_moves(m.state)
    assert not m.can_undo() and not m.can_redo()
    assert m.undo() is False and m.redo() is False


def test_options_reach_setup():
    m = Match(TOY, [Seat("a")], 1, options=ToyOptions(rounds=1))
    m.push(Pick(1))
    m.push(End())
    assert m.is_over()


# ------------------------------------------------------------------ push
def test_push_records_move_mover_and_snapshot():
    m = toy_match()
    s0 = m.state
    new = m.push(Pick(2))
    assert new is m.state and new.points == [2, 0]
    assert m.moves == [Pick(2)] and m.movers == [0] and m.ply == 1
    assert len(m.snapshots) == 2 and m.snapshots[1] == enc(new)
    assert s0.points == [0, 0]  # the old state was not mutated
    m.push(End())
    m.push_notation("pick 1")
    assert m.movers == [0, 0, 1] and m.state.points == [2, 1]
    assert m.state_sha256() == hashlib.sha256(enc(m.state)).hexdigest()


def test_illegal_push_changes_nothing():
    m = toy_match()
    m.push(Pick(1))
    snap = list(m.snapshots)
    for bad in (Pick(3),):
        with pytest.raises(IllegalMove):
            m.push(bad)
    with pytest.raises(IllegalMove):
        m.push_notation("jump")
    assert m.snapshots == snap and m.ply == 1


def test_push_after_the_end_is_illegal():
    m = Match(TOY, [Seat("a")], 1, options=ToyOptions(rounds=1))
    m.push(Pick(1))
    m.push(End())
    assert m.to_move() is None
    with pytest.raises(IllegalMove):
        m.push(Pick(1))


# ------------------------------------------------------------------ friendly undo
def test_friendly_undo_goes_back_one_decision_anywhere():
    m = toy_match()
    for mv in (Pick(1), Roll(), End(), Pick(2)):
        m.push(mv)
    states = [m.state_at(i) for i in range(m.ply + 1)]
    for back in range(4, 0, -1):  # over a turn boundary and a roll too
        assert m.can_undo()
        assert m.undo() is True
        assert m.ply == back - 1 and enc(m.state) == enc(states[back - 1])
    assert not m.can_undo() and m.undo() is False


def test_redo_remakes_undone_decisions_and_a_new_move_clears_it():
    m = toy_match()
    for mv in (Pick(1), Roll(), End()):
        m.push(mv)
    final = enc(m.state)
    m.undo()
    m.undo()
    assert m.can_redo()
    assert m.redo() and m.redo() and not m.can_redo()
    assert enc(m.state) == final and m.moves == [Pick(1), Roll(), End()]
    m.undo()
    m.undo()
    m.push(Pick(2))  # a new decision clears the redo stack
    assert not m.can_redo() and m.redo() is False
    assert m.moves == [Pick(1), Pick(2)]


def test_undoing_a_roll_and_rolling_again_gives_the_same_result():
    m = toy_match()
    m.push(Roll())
    first = m.state.points[0]
    m.undo()
    m.push(Roll())
    assert m.state.points[0] == first


def test_friendly_undo_skips_back_over_bot_moves():
    m = toy_match(kinds=("human", "bot", "bot"))
    m.push(Pick(1))
    m.push(End())
    made = m.play_bots()
    assert made >= 4 and m.to_move() == 0  # both bots played a turn
    assert all(s != 0 for s in m.movers[2:])
    ply_after_bots = m.ply
    after_bots = enc(m.state)
    assert m.can_undo()
    m.undo()  # takes back the bots' moves and the human's "end"
    assert m.ply == 1 and m.moves == [Pick(1)] and m.to_move() == 0
    m.redo()  # re-makes the human's decision and the bot moves after it
    assert m.ply == ply_after_bots and enc(m.state) == after_bots


def test_friendly_undo_with_only_bot_moves_is_not_offered():
    m = toy_match(kinds=("bot", "human"))
    assert m.play_bots() >= 2
    assert m.to_move() == 1
    assert not m.can_undo() and m.undo() is False


# ------------------------------------------------------------------ strict undo
def test_strict_undo_only_within_the_turn():
    m = toy_match(policy="strict")
    m.push(Pick(1))
    assert m.can_undo()
    m.push(Pick(2))
    assert m.undo() and m.moves == [Pick(1)]
    assert m.undo() and m.moves == []
    assert not m.can_undo()
    m.push(Pick(1))
    m.push(End())  # the turn passed to seat 2: seat 2 cannot undo seat 1's turn
    assert m.to_move() == 1 and not m.can_undo() and m.undo() is False
    m.push(Pick(2))
    assert m.can_undo()
    m.undo()
    assert not m.can_undo() and m.ply == 2


def test_strict_undo_not_past_the_start_of_a_turn_even_for_the_same_seat():
    m = Match(TOY, [Seat("solo")], 1, undo_policy="strict")
    m.push(Pick(1))
    m.push(End())  # a new turn for the same (only) seat
    assert m.to_move() == 0 and not m.can_undo()
    m.push(Pick(2))
    assert m.undo() and not m.can_undo() and m.ply == 2


def test_strict_undo_never_goes_back_past_a_reveal():
    m = toy_match(policy="strict")
    m.push(Pick(1))
    m.push(Roll())
    assert not m.can_undo()  # the roll showed something new
    m.push(Pick(2))
    assert m.can_undo()
    m.undo()
    assert m.moves == [Pick(1), Roll()] and not m.can_undo()


def test_strict_undo_not_for_a_bot_and_redo_still_works():
    m = toy_match(kinds=("human", "bot"), policy="strict")
    m.push(Pick(1))
    m.push(End())
    assert m.to_move() == 1 and not m.can_undo()
    m2 = toy_match(policy="strict")
    m2.push(Pick(1))
    m2.undo()
    assert m2.redo() and m2.moves == [Pick(1)]


def test_strict_undo_is_never_offered_in_gift_of_tulips():
    """RULES.md 9.5: every decision draws a card or ends the turn."""
    m = Match(GOT, [Seat("Ann"), Seat("Bob")], 5, undo_policy="strict")
    while not m.is_over():
        m.push(m.legal_moves()[-1])
        assert not m.can_undo()
    f = Match(GOT, [Seat("Ann"), Seat("Bob")], 5)
    f.push(f.legal_moves()[0])
    assert f.can_undo()


# ------------------------------------------------------------------ review
def test_state_at_reads_snapshots_without_touching_the_game():
    m = toy_match()
    for mv in (Pick(1), Pick(2), End()):
        m.push(mv)
    assert enc(m.state_at(0)) == enc(TOY.setup(["S1", "S2"], 1))
    assert m.state_at(2).points == [3, 0] and m.state_at(3) == m.state
    copy = m.state_at(1)
    copy.points[0] = 99
    assert m.state_at(1).points == [1, 0] and m.state.points == [3, 0]
    for bad in (-1, 4):
        with pytest.raises(IndexError):
            m.state_at(bad)


def test_continue_from_truncates_the_future_and_clears_redo():
    m = toy_match()
    for mv in (Pick(1), Pick(2), End(), Pick(1)):
        m.push(mv)
    m.undo()
    assert m.can_redo()
    m.continue_from(2)
    assert m.ply == 2 and m.moves == [Pick(1), Pick(2)] and m.movers == [0, 0]
    assert len(m.snapshots) == 3 and m.state.points == [3, 0] and m.to_move() == 0
    assert not m.can_redo()
    m.push(Roll())  # the game goes on from there
    assert m.ply == 3
    with pytest.raises(IndexError):
        m.continue_from(10)
    m.continue_from(0)
    assert m.ply == 0 and enc(m.state) == m.snapshots[0]


def test_turn_starts_marks_each_change_of_turn():
    m = toy_match()
    for mv in (Pick(1), End(), Pick(1), Roll(), End(), Pick(2)):
        m.push(mv)
    # turn changes after ply 2 ("end") and ply 5 ("end")
    assert m.turn_starts() == [0, 2, 5]
    g = Match(GOT, [Seat("Ann"), Seat("Bob")], 3)
    for _ in range(2 + 4):  # two set-up choices, then two full turns
        g.push(g.legal_moves()[0])
    # each set-up choice is its own turn; play turns are 2 decisions
    assert g.turn_starts() == [0, 1, 2, 4, 6]


# ------------------------------------------------------------------ bots
def test_play_bots_stops_at_a_human_and_respects_the_limit():
    m = toy_match(kinds=("human", "bot"))
    assert m.play_bots() == 0  # a human is to move
    m.push(End() if End() in m.legal_moves() else Pick(1))
    m.push(End())
    assert m.play_bots(limit=1) == 1 and m.to_move() == 1
    m.play_bots()
    assert m.to_move() == 0


def test_all_bot_match_plays_to_the_end_reproducibly():
    results = []
    for _ in range(2):
        m = Match(GOT, [Seat(n, "bot") for n in ("Ann", "Bob", "Cas")], 17)
        made = m.play_bots()
        assert m.is_over() and made == m.ply
        assert m.play_bots() == 0
        results.append((list(m.moves), m.snapshots[-1]))
    assert results[0] == results[1]


def test_gift_of_tulips_undo_then_a_different_action_draws_the_same_card():
    m = Match(GOT, [Seat("Ann"), Seat("Bob")], 8)
    m.push(m.legal_moves()[0])
    m.push(m.legal_moves()[0])
    m.push(GOT.legal_moves(m.state)[0])  # keep: the next card is drawn
    drawn = m.state.drawn
    m.undo()
    m.push([mv for mv in m.legal_moves() if GOT.notation(mv) == "secret"][0])
    assert m.state.drawn == drawn


# ------------------------------------------------------------------ random operations vs a model
def _replay(game, seats, seed, moves) -> list[bytes]:
    s = game.setup([x.name for x in seats], seed, game.Options())
    out = [enc(s)]
    for mv in moves:
        s = game.apply(s, mv)
        out.append(enc(s))
    return out


@pytest.mark.parametrize(
    "game, kinds, policy",
    [
        (TOY, ("human", "bot", "human"), "friendly"),
        (TOY, ("human", "human"), "strict"),
        (TOY, ("bot", "human"), "strict"),
        (GOT, ("human", "bot", "human"), "friendly"),
        (GOT, ("human", "human"), "strict"),
    ],
    ids=["toy-friendly", "toy-strict", "toy-strict-bot", "tulips-friendly", "tulips-strict"],
)
def test_random_operations_agree_with_a_model(game, kinds, policy):
    """Random push/undo/redo/play_bots/continue_from sequences; after each, the
    match equals a plain model: moves, movers, snapshots = replay of the moves."""
    import random

    for seq in range(15):
        rnd = random.Random(seq)
        seats = [Seat(f"S{i + 1}", k) for i, k in enumerate(kinds)]
        m = Match(game, seats, seq, undo_policy=policy)
        moves: list = []
        redo: list[list] = []
        for _ in range(60):
            op = rnd.choice(["push", "push", "push", "undo", "redo", "bots", "continue"])
            if op == "push" and not m.is_over():
                mv = rnd.choice(m.legal_moves())
                m.push(mv)
                moves.append(mv)
                redo.clear()
            elif op == "undo":
                states = _replay(game, seats, seq, moves)
                if policy == "friendly":
                    humans = [i for i, s in enumerate(m.movers) if seats[s].kind == "human"]
                    start = humans[-1] if humans else None
                else:
                    seat = m.to_move()
                    dec = msgspec.msgpack.Decoder(game.State)
                    ok = (
                        bool(moves) and seat is not None and m.movers[-1] == seat
                        and seats[seat].kind == "human"
                        and game.turn(dec.decode(states[-2])) == game.turn(dec.decode(states[-1]))
                        and not game.reveals(dec.decode(states[-2]), dec.decode(states[-1]))
                    )
                    start = len(moves) - 1 if ok else None
                assert m.can_undo() == (start is not None)
                assert m.undo() == (start is not None)
                if start is not None:
                    redo.append(moves[start:])
                    del moves[start:]
            elif op == "redo":
                assert m.can_redo() == bool(redo)
                assert m.redo() == bool(redo)
                if redo:
                    moves.extend(redo.pop())
            elif op == "bots":
                before = m.ply
                made = m.play_bots()
                assert m.moves[:before] == moves and made == m.ply - before
                assert all(seats[s].kind == "bot" for s in m.movers[before:])
                assert m.is_over() or not m.is_bot(m.to_move())
                moves = list(m.moves)
                if made:
                    redo.clear()
            elif op == "continue":
                k = rnd.randint(0, len(moves))
                m.continue_from(k)
                del moves[k:]
                redo.clear()
            assert m.moves == moves
            assert m.snapshots == _replay(game, seats, seq, moves)
            assert enc(m.state) == m.snapshots[-1]
            assert len(m.movers) == len(moves)
            for i, s in enumerate(m.movers):
                assert game.to_move(m.state_at(i)) == s
