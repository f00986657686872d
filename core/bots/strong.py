"""The strong level: determinized Monte Carlo tree search (single-observer
information-set MCTS, Cowling, Powley & Whitehouse 2012) guided by the
greedy evaluation.

Each iteration samples a full state consistent with the bot's view
(``BotSupport.determinize``), walks one tree shared by all samples (a node's
children are the moves tried there; only those legal in the sample compete,
by UCB1 with availability counts), adds one new node and scores it with the
game's evaluation: ``tanh((margin - root margin) / MARGIN_SCALE)`` per
seat, where the margin is the projected final score margin (so it is the
change a line of play makes). A finished game adds what its result beats
the root's expectation by: ``WIN_WEIGHT * (result - tanh(root margin /
MARGIN_SCALE))``, result +1 for a sole win, 0 shared, -1 a loss (clipped to
[-1, 1]). So an ending that was already certain scores like any position
and only a surprise counts extra: a seat sure to lose (a solo game far
below its target) gains nothing by putting the end off with free moves
(Fields of Arle's bot released its animals one by one to do that), and a
seat sure to win gains nothing by hurrying it. A seat not sure of its
loss would still put a lost end off (a finished loss counts -1, an open
position only its margin): a game whose final margin says who wins sets
its own weight 0 (``BotModules.win_weight``; Fields of Arle, whose hint
released three animals for nothing in its last work phase). Each seat
picks by its own value (max^n), so opponents are assumed to play for
themselves.

A game whose evaluation is right only between turns (it counts whole
turns left: Windmill Valley) says so with ``leaves_at_turn_end``
(``core.engine.BotModules``); then each new leaf is first played on greedily
(the mover's best margin one decision later) to the end of the turn under
way, or of the game, and judged there.

Move ordering is greedy: a new node sorts its moves by their immediate
evaluation and opens them best first, and progressive widening lets a node
with ``n`` visits consider only its ``1 + WIDEN * sqrt(n)`` best moves, so
long lists (bid ladders, forty token placements) do not eat the budget.

Budget: the search stops after ``iterations`` iterations or ``seconds`` of
thinking, whichever comes first; the clock is read after every iteration, and
the search stops early rather than start one it expects (by the mean
iteration so far, plus ``RESERVE`` of the budget) to end past the budget, so
a decision stays within it. With ``seconds=None`` it is bounded by
iterations only and fully deterministic: same view, same seed, same
iterations => same move (the arena and the tests work that way). The app
passes the table's ``--bot-time`` as ``seconds`` with a generous iteration
cap, so a fast machine stops at the cap and a slow one at the time.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

import msgspec

from core.bots.common import leaves_at_turn_end, margins, move_filter, sampler, win_weight
from core.engine import Game, apply_trusted

#: A margin of this many VP counts as a clear lead (tanh(1) = 0.76).
MARGIN_SCALE = 10.0
#: UCB1 exploration constant for rewards in [-1, 1].
EXPLORE = 0.7
#: Progressive widening: a node with n visits considers its 1 + WIDEN * sqrt(n) best moves.
WIDEN = 1.0
#: The share of a time budget kept for what follows the last iteration (choosing,
#: answering, a busy machine's scheduling), so a decision ends within its budget
#: (keeping 20 ms, the median decision took 1.00-1.05 s at --bot-time 1 with the
#: load average at 38 on the 2-core machine).
RESERVE = 0.05
#: Default thinking budget per decision (seconds) and iteration cap.
DEFAULT_SECONDS = 1.0
DEFAULT_ITERATIONS = 20_000
#: The weight of a finished game's result beyond the root's expectation.
WIN_WEIGHT = 0.75
#: Decisions played at random (by kind of move) beyond a new node before it is
#: evaluated (0: the evaluation alone judges the new node).
ROLLOUT = 0


class Choice(msgspec.Struct, frozen=True):
    """One root move as the search saw it.

    Attributes:
        move: the move.
        visits: iterations that went through it.
        value: its mean reward for the bot's seat, in [-1, 1].
        margin: its mean projected final score margin for the bot's seat (VP).
    """

    move: Any
    visits: int
    value: float
    margin: float


class Analysis(msgspec.Struct, frozen=True):
    """The result of one search: the chosen move first, then the others by visits.

    Attributes:
        choices: root moves, the chosen one first.
        iterations: iterations run.
        seconds: thinking time (wall clock).
    """

    choices: list[Choice]
    iterations: int
    seconds: float

    @property
    def move(self) -> Any:
        """The chosen move."""
        return self.choices[0].move


class _Node:
    __slots__ = ("children", "order", "n", "w", "m", "avail")

    def __init__(self, seats: int) -> None:
        self.children: dict[Any, _Node] = {}
        self.order: list[Any] | None = None  # moves, best immediate evaluation first
        self.n = 0
        self.w = [0.0] * seats  # summed rewards per seat
        self.m = 0.0  # summed margin of the root seat (for hints)
        self.avail = 0


def _rewards(
    game: Game, state: Any, seats: int, base: list[float], marg: list[float] | None = None,
    weight: float = WIN_WEIGHT,
) -> tuple[list[float], list[float]]:
    """(rewards per seat in [-1, 1], margins per seat in VP). A position scores
    its margin's change from ``base`` (the margins at the root), so a seat far
    behind or ahead still tells its moves apart; a finished game adds its
    result less the result the root's margin expected (see the module doc).
    ``marg``: the position's margins when already known; ``weight``: the
    result's weight (``WIN_WEIGHT`` unless the game sets its own)."""
    if marg is None:
        marg = margins(game, state)
    if len(marg) < seats:  # defensive: a game reporting fewer margins than seats
        marg = marg + [0.0] * (seats - len(marg))
    if game.is_over(state):
        win = game.winners(state)
        rew = []
        for i in range(seats):
            result = 1.0 if win == [i] else 0.0 if i in win else -1.0
            expected = math.tanh(base[i] / MARGIN_SCALE)
            r = math.tanh((marg[i] - base[i]) / MARGIN_SCALE) + weight * (result - expected)
            rew.append(max(-1.0, min(1.0, r)))
        return rew, marg
    return [math.tanh((x - b) / MARGIN_SCALE) for x, b in zip(marg, base)], marg


#: What a search with ``reuse`` kept for its seat's next decision: (game id,
#: that position's view as msgpack bytes, the subtree under the chosen move,
#: the root margins its rewards are measured from). See ``search``.
_kept: tuple[str, bytes, "_Node", list[float]] | None = None


def forget() -> None:
    """Drop the subtree a search with ``reuse`` kept (a new game begins)."""
    global _kept
    _kept = None


def _view_bytes(game: Game, state: Any, seat: int) -> bytes:
    """What ``seat`` sees of ``state`` (its view) as msgpack bytes: equal for
    every state the seat cannot tell apart."""
    return msgspec.msgpack.encode(game.view(state, seat))


def _keep(game: Game, s: Any, seat: int, node: "_Node | None", move: Any, base: list[float]) -> None:
    """Keep ``node`` (the subtree under ``move`` in ``s``, a determinization of
    the searched position) for ``seat``'s next decision, when that comes right
    after ``move`` and ``move`` turns up nothing hidden (``game.reveals``): then
    every determinization of the next position is one of this one, and the
    subtree's statistics hold for it."""
    global _kept
    _kept = None
    if node is None or node.n == 0:
        return
    reveals = getattr(game, "reveals", None)
    if reveals is None:  # a game that cannot say what a move turns up keeps nothing
        return
    after = apply_trusted(game, s, move)
    if game.is_over(after) or game.to_move(after) != seat or reveals(s, after):
        return
    _kept = (game.id, _view_bytes(game, after, seat), node, base)


def search(
    game: Game,
    state: Any,
    seed: int,
    iterations: int | None = DEFAULT_ITERATIONS,
    seconds: float | None = DEFAULT_SECONDS,
    should_stop: Any = None,
    reuse: bool = False,
) -> Analysis:
    """Search the decision pending in ``state`` for the seat to move.

    Args:
        game: the Game.
        state: the true state; only ``game.view(state, seat)`` is used.
        seed: seeds every sample and tie-break.
        iterations: iteration cap (None: no cap; then ``seconds`` must be set).
        seconds: time budget in seconds (None: iterations only, deterministic).
        should_stop: optional callable; the search ends early when it returns True
            (the app uses it when the player leaves the table).
        reuse: a bot playing its moves (the app's bot seats, the arena): the
            search keeps the subtree under its chosen move, and a later search
            with ``reuse`` of exactly the position that move leads to (the same
            seat's next decision of the turn, nothing hidden turned up: the
            same view) goes on from that subtree instead of an empty tree, so
            a turn's later decisions build on what the first ones searched
            (``iterations`` counts only the new iterations). A search without
            ``reuse`` (hints) starts afresh and keeps nothing; same view, seed,
            budget and kept subtree => same move.
    Returns:
        An Analysis (at least one iteration is always run; visits include
        those of a subtree reused).
    Raises:
        IndexError if the game is over; ValueError if neither budget is given.
    """
    if iterations is None and seconds is None:
        raise ValueError("search needs an iteration cap or a time budget")
    t0 = time.perf_counter()
    seat = game.to_move(state)
    if seat is None:
        raise IndexError("The game is over; no move to choose.")
    rng = random.Random(seed)
    sample = sampler(game, state, seat)
    first = sample(rng)
    moves_of = move_filter(game)
    root_moves = moves_of(first)
    base = margins(game, first)
    seats = max(1, len(base))
    base = base + [0.0] * (seats - len(base))
    root = _Node(seats)
    if reuse:
        kept = _kept
        forget()
        if kept is not None and kept[0] == game.id and len(kept[3]) == seats and kept[1] == _view_bytes(game, state, seat):
            root, base = kept[2], kept[3]
    if len(root_moves) == 1:
        if reuse:
            _keep(game, first, seat, root.children.get(root_moves[0]), root_moves[0], base)
        return Analysis([Choice(root_moves[0], 0, 0.0, 0.0)], 0, time.perf_counter() - t0)
    turn_end = leaves_at_turn_end(game)
    weight = win_weight(game, WIN_WEIGHT)
    deadline = None if seconds is None else t0 + seconds * (1 - RESERVE)
    done = 0
    t_loop = time.perf_counter()
    while True:
        s = first if done == 0 else sample(rng)
        _iterate(game, root, s, seat, seats, base, rng, turn_end, weight, moves_of)
        done += 1
        if iterations is not None and done >= iterations:
            break
        if deadline is not None:
            now = time.perf_counter()
            if now + (now - t_loop) / done >= deadline:  # the next iteration would likely overrun
                break
        if should_stop is not None and (done & 7) == 0 and should_stop():
            break
    kids = [(m, c) for m, c in root.children.items()]
    kids.sort(key=lambda mc: (-mc[1].n, -(mc[1].w[seat] / max(1, mc[1].n))))
    choices = [Choice(m, c.n, c.w[seat] / max(1, c.n), c.m / max(1, c.n)) for m, c in kids]
    tried = {c.move for c in choices}
    choices += [Choice(m, 0, 0.0, 0.0) for m in root_moves if m not in tried]
    if reuse:
        _keep(game, first, seat, root.children.get(choices[0].move), choices[0].move, base)
    return Analysis(choices, done, time.perf_counter() - t0)


def _order(
    game: Game, s: Any, moves: list[Any], mover: int, rng: random.Random
) -> tuple[list[Any], Any, list[float]]:
    """``moves`` sorted by the mover's margin one decision later (ties: ``rng``),
    with the position after the first of them and its margins (the search
    opens that move next, so it need not apply and score it again)."""
    keyed = []
    for i, m in enumerate(moves):
        after = apply_trusted(game, s, m)
        marg = margins(game, after)
        keyed.append((-marg[mover], rng.random(), i, after, marg))
    keyed.sort(key=lambda k: (k[0], k[1]))
    top = keyed[0]
    return [moves[k[2]] for k in keyed], top[3], top[4]


def _iterate(
    game: Game, root: _Node, s: Any, seat: int, seats: int, base: list[float], rng: random.Random,
    turn_end: bool = False, weight: float = WIN_WEIGHT, moves_of: Any = None,
) -> None:
    moves_of = moves_of or game.legal_moves
    path = [root]
    node = root
    known_marg: list[float] | None = None  # the margins of ``s`` when _order scored it already
    while not game.is_over(s):
        moves = moves_of(s)
        mover = game.to_move(s)
        if len(moves) == 1:
            m = moves[0]
        else:
            ordered = None
            if node.order is None:
                node.order, first_after, first_marg = _order(game, s, moves, mover, rng)
                ordered = node.order[0]
            else:
                known = set(node.order)
                node.order.extend(x for x in moves if x not in known)
            legal = set(moves)
            width = 1 + int(WIDEN * math.sqrt(node.n))
            cands = [x for x in node.order if x in legal][:width]
            fresh = next((x for x in cands if x not in node.children), None)
            if fresh is not None:
                for x in cands:
                    c = node.children.get(x)
                    if c is not None:
                        c.avail += 1
                child = _Node(seats)
                child.avail = 1
                node.children[fresh] = child
                if fresh == ordered:
                    s, known_marg = first_after, first_marg
                else:
                    s = apply_trusted(game, s, fresh)
                path.append(child)
                break
            best, best_u = cands[0], float("-inf")
            for x in cands:
                c = node.children[x]
                c.avail += 1
                u = c.w[mover] / c.n + EXPLORE * math.sqrt(math.log(c.avail) / c.n)
                if u > best_u:
                    best, best_u = x, u
            m = best
        child = node.children.get(m)
        if child is None:
            child = node.children[m] = _Node(seats)
        child.avail += 0 if len(moves) > 1 else 1
        s = apply_trusted(game, s, m)
        node = child
        path.append(node)
        if len(moves) == 1 and child.n == 0:
            break  # a forced move into a new node: evaluate here
    if turn_end:
        s, known_marg = _finish_turn(game, s, known_marg, rng)
    for _ in range(ROLLOUT):
        known_marg = None
        if game.is_over(s):
            break
        moves = game.legal_moves(s)
        kinds: dict[str, list[Any]] = {}
        for x in moves:
            kinds.setdefault(game.notation(x).split(" ", 1)[0], []).append(x)
        group = list(kinds.values())[rng.randrange(len(kinds))]
        s = apply_trusted(game, s, group[rng.randrange(len(group))])
    rew, marg = _rewards(game, s, seats, base, known_marg, weight)
    for nd in path:
        nd.n += 1
        w = nd.w
        for i in range(seats):
            w[i] += rew[i]
        nd.m += marg[seat]


def _finish_turn(game: Game, s: Any, marg: list[float] | None, rng: random.Random) -> tuple[Any, list[float] | None]:
    """``s`` played on greedily (each decision the move with the mover's best
    margin one decision later, ties by ``rng``) until the turn under way ends
    (``game.turn`` changes) or the game is over; with the margins of the
    position reached (``marg`` when no decision was played)."""
    t = game.turn(s)
    while not game.is_over(s) and game.turn(s) == t:
        moves = game.legal_moves(s)
        if len(moves) == 1:
            s, marg = apply_trusted(game, s, moves[0]), None
            continue
        mover = game.to_move(s)
        best = None
        for m in moves:
            after = apply_trusted(game, s, m)
            mg = margins(game, after)
            key = (mg[mover], rng.random())
            if best is None or key > best[0]:
                best = (key, after, mg)
        s, marg = best[1], best[2]
    return s, marg
