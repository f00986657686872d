"""core.bots.strong: how the search scores finished games and keeps to its time
budget, on a tiny game made for it."""

from __future__ import annotations

from typing import Any

import pytest

from core.bots import search


class Open:
    """What the tiny games here share: nothing hidden, moves are their own notation."""

    def view(self, state: Any, viewer: int | None) -> Any:
        return state

    def determinize(self, view: Any, seat: int, rng: Any) -> Any:
        return view

    def notation(self, move: str) -> str:
        return move


class Stall(Open):
    """A one-seat game whose seat can end it now ("end") or put the end off with
    any of three free moves ("stall a/b/c": each costs 1 VP, like releasing a
    sheep, a cow or a horse in Fields of Arle). Its
    projected margin is ``start`` VP (minus 1 per stall); it wins when the margin
    at the end is positive. The state is the number of stalls, or None once over
    (the margin then kept in ``final``)."""

    id = "stall"
    min_players = max_players = 1

    def __init__(self, start: float) -> None:
        self.start = start
        self.final: dict[int, float] = {}

    def setup(self, names: Any, seed: int, options: Any = None) -> Any:
        return (0, False)

    def to_move(self, state: Any) -> int | None:
        return None if state[1] else 0

    def is_over(self, state: Any) -> bool:
        return state[1]

    def legal_moves(self, state: Any) -> list[str]:
        return [] if state[1] else (["end", "stall a", "stall b", "stall c"] if state[0] < 30 else ["end"])

    def apply(self, state: Any, move: str) -> Any:
        return (state[0], True) if move == "end" else (state[0] + 1, False)

    def margins(self, state: Any) -> list[float]:
        return [self.start - state[0]]

    def winners(self, state: Any) -> list[int]:
        return [0] if self.margins(state)[0] > 0 else []


@pytest.mark.parametrize("start", [-50.0, 50.0])
def test_a_certain_result_is_not_put_off_nor_hurried_by_free_moves(start: float) -> None:
    """Far behind (a lost solo game) stalling only costs points, so the search
    ends the game (it used to stall: a loss scored -1 only where the tree
    reached it); far ahead it ends it too (stalling costs points there as well)."""
    game = Stall(start)
    a = search(game, game.setup(["A"], 0), 1, iterations=300, seconds=None)
    assert a.move == "end"
    assert all(a.choices[0].value > c.value for c in a.choices[1:])


def test_a_close_result_still_counts_the_win() -> None:
    """At +0.5 VP ending wins and one stall loses: ending is worth far more."""
    game = Stall(0.5)
    a = search(game, game.setup(["A"], 0), 1, iterations=300, seconds=None)
    assert a.move == "end" and all(a.choices[0].value - c.value > 0.5 for c in a.choices[1:])


class Bait(Open):
    """A one-seat game of one turn of two decisions: "bait" (+1 VP at once, then
    the forced "pay" costs 3) or "plain" (nothing, then the forced "pass").
    Judged halfway through the turn the bait looks better; at the turn's end it
    is 2 VP worse. The state is the moves so far; ``leaves_at_turn_end`` as given."""

    id = "bait"
    min_players = max_players = 1
    VP = {"bait": 1.0, "pay": -3.0, "plain": 0.0, "pass": 0.0}

    def __init__(self, turn_end: bool) -> None:
        self.turn_end = turn_end

    def leaves_at_turn_end(self) -> bool:
        return self.turn_end

    def setup(self, names: Any, seed: int, options: Any = None) -> Any:
        return ()

    def to_move(self, state: Any) -> int | None:
        return None if len(state) == 2 else 0

    def is_over(self, state: Any) -> bool:
        return len(state) == 2

    def turn(self, state: Any) -> int:
        return len(state) // 2

    def legal_moves(self, state: Any) -> list[str]:
        return [["bait", "plain"], ["pay" if state and state[0] == "bait" else "pass"], []][len(state)]

    def apply(self, state: Any, move: str) -> Any:
        return (*state, move)

    def margins(self, state: Any) -> list[float]:
        return [10.0 + sum(self.VP[m] for m in state)]

    def winners(self, state: Any) -> list[int]:
        return [0]


@pytest.mark.parametrize("turn_end", [False, True])
def test_leaves_at_turn_end_see_what_the_rest_of_the_turn_costs(turn_end: bool) -> None:
    """With one look at each move, a search judging its leaves where they stand
    takes the bait (+1 now); one that plays each leaf to the end of the turn
    first sees the bait's forced payment and plays plain."""
    game = Bait(turn_end)
    a = search(game, game.setup(["A"], 0), 1, iterations=2, seconds=None)
    assert a.move == ("plain" if turn_end else "bait")
    assert {c.move: round(c.margin, 6) for c in a.choices} == (
        {"bait": 8.0, "plain": 10.0} if turn_end else {"bait": 11.0, "plain": 10.0})


class Clocked(Stall):
    """Stall on a pretend clock: every move applied takes ``step`` seconds of it."""

    def __init__(self, step: float) -> None:
        super().__init__(-50.0)
        self.step = step
        self.now = 0.0

    def apply(self, state: Any, move: str) -> Any:
        self.now += self.step
        return super().apply(state, move)


def test_search_does_not_start_an_iteration_it_cannot_finish_in_time(monkeypatch) -> None:
    """The clock is read after every iteration, and the search stops rather than
    start one that would, at the mean pace so far, end past the budget."""
    import core.bots.strong as strong

    game = Clocked(0.02)
    monkeypatch.setattr(strong.time, "perf_counter", lambda: game.now)
    a = search(game, game.setup(["A"], 0), 1, iterations=None, seconds=0.25)
    assert a.iterations >= 3
    assert game.now <= 0.25
    b = search(game, game.setup(["A"], 0), 1, iterations=None, seconds=0.01)
    assert b.iterations == 1  # at least one iteration, however short the budget


def test_the_worker_counts_the_thinking_time_from_the_request(monkeypatch) -> None:
    """The worker process's search gets what is left of --bot-time since the app
    asked (a slow worker start does not add to a decision's time)."""
    import time

    import msgspec

    import core
    import core.bots.hint  # noqa: F401  (imported before the patch: it keeps its own ``search``)
    import core.bots.strong as strong
    from core.bots import worker

    given: list[float] = []
    real = strong.search

    reused: list[bool] = []

    def spy(game, state, seed, iterations=None, seconds=None, should_stop=None, reuse=False):  # noqa: ANN001
        given.append(seconds)
        reused.append(reuse)
        return real(game, state, seed, iterations=20, seconds=None)

    monkeypatch.setattr(strong, "search", spy)
    game = core.get_game("gift-of-tulips")
    state = msgspec.msgpack.encode(game.setup(["A", "B"], 1))
    worker._think(game.id, state, 1, 1.0, False, time.monotonic() - 0.4)
    worker._think(game.id, state, 1, 1.0, False, time.monotonic() - 5.0)
    worker._think(game.id, state, 1, 1.0, False)
    assert 0.0 < given[0] <= 1.0 - 0.4 - worker.ANSWER_SECONDS
    assert given[1] == 0.0  # the search still makes one iteration
    assert given[2] == 1.0
    assert reused == [True] * 3  # a bot's decision goes on from its last search's subtree


def test_a_prestarted_worker_has_the_rules_loaded_and_answers() -> None:
    """``Thinker.start`` spawns the worker and imports the game there before the
    first request (so the first decision is not cut short); a request then
    gets a legal move back."""
    import core
    from core.bots import worker

    game = core.get_game("fields-of-arle")
    state = game.setup(["A"], 2)
    t = worker.Thinker()
    try:
        assert t.start(game.id).result(timeout=60) is None
        pool = t._pool
        text, _ = t.submit(game, state, 1, 0.05).result(timeout=60)
        assert t._pool is pool  # the same process answered
        assert game.parse(state, text) in game.legal_moves(state)
    finally:
        t.close()


class Walk(Open):
    """A one-seat game of four moves, each "a" (+1 VP) or "b" (0); the second
    move turns up something hidden (``reveals``), like a card drawn."""

    id = "walk"
    min_players = max_players = 1

    def setup(self, names: Any, seed: int, options: Any = None) -> Any:
        return ()

    def to_move(self, state: Any) -> int | None:
        return None if len(state) == 4 else 0

    def is_over(self, state: Any) -> bool:
        return len(state) == 4

    def legal_moves(self, state: Any) -> list[str]:
        return [] if len(state) == 4 else ["a", "b"]

    def apply(self, state: Any, move: str) -> Any:
        return (*state, move)

    def reveals(self, before: Any, after: Any) -> bool:
        return len(after) == 2

    def margins(self, state: Any) -> list[float]:
        return [float(state.count("a"))]

    def winners(self, state: Any) -> list[int]:
        return [0]


def _visits(a: Any) -> int:
    return sum(c.visits for c in a.choices)


def test_a_bot_goes_on_from_the_subtree_under_its_own_last_move() -> None:
    """``reuse``: the next decision right after the bot's own move starts from
    the subtree it searched there (more visits than its own iterations); a move
    that turns up something hidden, a search of another position, or one
    without ``reuse`` (a hint) starts afresh; and the same calls give the same
    moves again."""
    import core.bots.strong as strong

    game = Walk()
    strong.forget()
    first = search(game, (), 1, iterations=40, seconds=None, reuse=True)
    assert _visits(first) == 40
    one = (first.move,)
    hint = search(game, one, 2, iterations=40, seconds=None)  # no reuse: a fresh tree, the kept one stays
    assert _visits(hint) == 40
    second = search(game, one, 2, iterations=40, seconds=None, reuse=True)
    assert _visits(second) > 40  # went on from the subtree under the first move
    assert strong._kept is None  # the second move turns up something hidden: nothing kept
    third = search(game, (*one, second.move), 3, iterations=40, seconds=None, reuse=True)
    assert _visits(third) == 40
    again = search(game, (*one, second.move), 3, iterations=40, seconds=None, reuse=True)
    assert _visits(again) == 40  # kept for the position after "third", not this one
    strong.forget()
    replay = [search(game, (), 1, iterations=40, seconds=None, reuse=True).move]
    replay.append(search(game, (replay[0],), 2, iterations=40, seconds=None, reuse=True).move)
    assert replay == [first.move, second.move] == ["a", "a"]
    strong.forget()
