"""Fields of Arle engine figures: random games per second (target >= 50 for 1 and 2
players, issue 7 item 11) and the median time of one ``apply`` and one ``legal_moves``
in microseconds over the decisions of random games. Prints figures; asserts nothing."""

from __future__ import annotations

import random
import statistics
import time

TARGET_GAMES_PER_S = 50


def bench_arle_core(budget: float = 0.8, out=print) -> None:
    from core import get_game

    game = get_game("fields-of-arle")
    out("(i) Fields of Arle engine: random games/s, apply and legal_moves per decision")
    for n in (1, 2):
        games = decisions = 0
        t0 = time.perf_counter()
        while True:
            rng = random.Random(games)
            state = game.setup([f"P{i + 1}" for i in range(n)], games)
            while not game.is_over(state):
                state = game.apply(state, rng.choice(game.legal_moves(state)))
                decisions += 1
            games += 1
            el = time.perf_counter() - t0
            if el >= budget and games >= 3:
                break
        rate = games / el
        # per-call timings on one more game
        rng = random.Random(10_000 + n)
        state = game.setup([f"P{i + 1}" for i in range(n)], 10_000 + n)
        t_legal, t_apply = [], []
        while not game.is_over(state):
            a = time.perf_counter()
            moves = game.legal_moves(state)
            b = time.perf_counter()
            move = rng.choice(moves)
            game._cache = (None, [])  # time apply with its own legality check
            c = time.perf_counter()
            state = game.apply(state, move)
            d = time.perf_counter()
            t_legal.append((b - a) * 1e6)
            t_apply.append((d - c) * 1e6)
        ok = "meets" if rate >= TARGET_GAMES_PER_S else "BELOW"
        out(f"    {n}p  {rate:7.1f} games/s ({decisions / games:.0f} decisions/game)  target >= {TARGET_GAMES_PER_S}/s: {ok}"
            f" | legal_moves median {statistics.median(t_legal):6.1f} us, apply median"
            f" {statistics.median(t_apply):6.1f} us (with its legality check)")
