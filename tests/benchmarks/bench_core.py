"""Benchmarks (c) random games per second and (d) save / load-with-replay.

They print figures and assert nothing about time.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

#: Targets printed beside the figures (DESIGN.md / the saves issue).
TARGET_TULIPS_GAMES_PER_S = 500
TARGET_LOAD_MS = 50.0


def random_game(game, players: int, seed: int, limit: int = 100_000) -> int:
    """Play one game to its end choosing uniformly among legal moves; returns decisions made."""
    rng = random.Random(seed)
    state = game.setup([f"P{i + 1}" for i in range(players)], seed)
    n = 0
    while not game.is_over(state):
        state = game.apply(state, rng.choice(game.legal_moves(state)))
        n += 1
        if n >= limit:
            raise RuntimeError(f"{game.id} with {players} players did not end within {limit} decisions")
    return n


def bench_random_games(budget: float = 0.8, out=print) -> None:
    """(c) Random full games per second, per registered game and player count."""
    import core

    out("(c) random full games per second (uniform choice over legal_moves; apply + legal_moves only)")
    if not core.GAMES:
        out("    skipped: no game registered")
        return
    for gid, game in sorted(core.GAMES.items()):
        for n in range(game.min_players, game.max_players + 1):
            try:
                random_game(game, n, 0)  # warm-up
                games = decisions = 0
                t0 = time.perf_counter()
                while True:
                    decisions += random_game(game, n, games + 1)
                    games += 1
                    el = time.perf_counter() - t0
                    if el >= budget and games >= 3:
                        break
            except Exception as e:  # a game still being written must not stop the run
                out(f"    {gid:<16} {n}p  failed: {type(e).__name__}: {e}")
                continue
            rate = games / el
            note = ""
            if gid == "gift-of-tulips":
                ok = "meets" if rate >= TARGET_TULIPS_GAMES_PER_S else "BELOW"
                note = f"   target >= {TARGET_TULIPS_GAMES_PER_S}/s: {ok}"
            out(
                f"    {gid:<16} {n}p  {rate:8.1f} games/s  {decisions / games:6.1f} decisions/game"
                f"  {decisions / el:9.0f} decisions/s  ({games} games){note}"
            )


def _long_match(want: int = 200):
    """A Match of ``want`` decisions from a registered game that has that many,
    else the longest random full game any registered game gives.

    Returns (match, note).
    """
    import core
    from core.match import Match, Seat

    best = None  # (decisions, game, players, seed)
    for gid, game in sorted(core.GAMES.items()):
        for n in sorted({game.max_players, game.min_players}):
            for seed in (1, 2, 3):
                try:
                    d = random_game(game, n, seed)
                except Exception:
                    continue
                if best is None or d > best[0]:
                    best = (d, game, n, seed)
    if best is None:
        raise RuntimeError("no registered game plays to its end")
    d, game, n, seed = best
    m = Match(game, [Seat(f"P{i + 1}") for i in range(n)], seed)
    rng = random.Random(seed)
    while not m.is_over() and m.ply < want:
        m.push(rng.choice(m.legal_moves()))
    if m.ply >= want:
        note = f"{game.title}, {n} players, first {m.ply} decisions of a random game"
    else:
        note = (f"{game.title}, {n} players: the longest registered game has only {m.ply} decisions "
                f"(a full random game); no game gives {want}")
    return m, note


def _median_ms(fn, runs: int) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times), max(times)


def bench_saves(runs: int = 20, want: int = 200, out=print) -> None:
    """(d) save (encode + atomic write with fsync) and load (read + replay + hash) of a long match."""
    from saves import decode_match, encode_match, load, save

    out(f"(d) save and load-with-replay, median of {runs} runs")
    m, note = _long_match(want)
    out(f"    match: {note}")
    with tempfile.TemporaryDirectory(prefix="lowlands-bench-") as tmp:
        path = Path(tmp) / "bench.json"
        save(m, path)
        load(path)  # warm-up
        data = encode_match(m)
        s_med, s_max = _median_ms(lambda: save(m, path), runs)
        l_med, l_max = _median_ms(lambda: load(path), runs)
        e_med, _ = _median_ms(lambda: encode_match(m), runs)
        d_med, _ = _median_ms(lambda: decode_match(data), runs)
        size = path.stat().st_size
    per = l_med / max(1, m.ply)
    ok = "meets" if (l_med if m.ply >= want else per * want) < TARGET_LOAD_MS else "ABOVE"
    out(f"    decisions: {m.ply}   file: {size} bytes")
    out(f"    save (encode + temp file + fsync + os.replace): median {s_med:7.2f} ms  (max {s_max:.2f})")
    out(f"      of which encode_match alone:                  median {e_med:7.2f} ms")
    out(f"    load (read + parse + replay every move + hash): median {l_med:7.2f} ms  (max {l_max:.2f})")
    out(f"      of which decode_match alone:                  median {d_med:7.2f} ms")
    if m.ply < want:
        out(f"    per decision {per:.3f} ms -> {want} decisions ~ {per * want:.1f} ms (extrapolated)")
    out(f"    target: load of a {want}-decision save < {TARGET_LOAD_MS:.0f} ms: {ok}")
    _full_game_loads(runs, out)
    _list_autosaves(m, out)


def _list_autosaves(m, out=print, copies: int = 10) -> None:
    """list_autosaves over ``copies`` saves of ``m``: replaying each (files not
    written by ``autosave``), trusting autosave's index, and again in-process."""
    import saves.store
    from saves import autosave, list_autosaves, save

    figures = {}
    original = m.id
    try:
        for how in ("replayed", "indexed"):
            with tempfile.TemporaryDirectory(prefix="lowlands-bench-") as tmp:
                for i in range(copies):
                    m.id = f"bench{i:02d}"
                    if how == "indexed":
                        autosave(m, Path(tmp))
                    else:
                        save(m, Path(tmp) / "autosave" / f"{m.id}.json")

                def cold():
                    saves.store._INFO_CACHE.clear()
                    list_autosaves(Path(tmp))

                figures[how], _ = _median_ms(cold, 5)
                if how == "indexed":
                    figures["warm"], _ = _median_ms(lambda: list_autosaves(Path(tmp)), 5)
    finally:
        m.id = original
    out(f"    list_autosaves, {copies} saves of {m.ply} decisions: every file replayed {figures['replayed']:.1f} ms;"
        f" written by autosave (index) {figures['indexed']:.2f} ms; again in-process {figures['warm']:.2f} ms")


def _full_game_loads(runs: int, out=print) -> None:
    """Load-with-replay of one whole random game per registered game, at most players."""
    import core
    from core.match import Match, Seat
    from saves import decode_match, encode_match

    out(f"    whole random games at the most players, decode_match median of {runs}:")
    for gid, game in sorted(core.GAMES.items()):
        try:
            n = game.max_players
            m = Match(game, [Seat(f"P{i + 1}") for i in range(n)], 1)
            rng = random.Random(1)
            while not m.is_over():
                m.push(rng.choice(m.legal_moves()))
            data = encode_match(m)
            med, _ = _median_ms(lambda: decode_match(data), runs)
        except Exception as e:  # a game still being written must not stop the run
            out(f"      {gid:<16} failed: {type(e).__name__}: {e}")
            continue
        out(f"      {gid:<16} {n}p  {m.ply:5d} decisions  {len(data):7d} bytes  load {med:8.2f} ms"
            f"  ({med / m.ply * 1000:.0f} us/decision)")
