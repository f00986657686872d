"""Benchmarks (c) the rules engines: random games per second and the cost of
``legal_moves`` / ``apply`` / ``apply_trusted`` per decision, and (d) save /
load-with-replay.

They print figures and assert nothing about time.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

#: Targets printed beside the figures (DESIGN.md; issue 8 item 3).
TARGET_TULIPS_GAMES_PER_S = 500
TARGET_GOLDEN_AGE_4P_GAMES_PER_S = 100
TARGET_ARLE_GAMES_PER_S = 50  #: issue 7 item 11, for 1 and 2 players
TARGET_LOAD_MS = 50.0


def random_game(game, players: int, seed: int, limit: int = 100_000) -> int:
    """Play one game to its end choosing uniformly among legal moves, each
    applied with the trusted path (as bots and playouts do); returns decisions made."""
    from core.engine import apply_trusted

    rng = random.Random(seed)
    state = game.setup([f"P{i + 1}" for i in range(players)], seed)
    n = 0
    while not game.is_over(state):
        state = apply_trusted(game, state, rng.choice(game.legal_moves(state)))
        n += 1
        if n >= limit:
            raise RuntimeError(f"{game.id} with {players} players did not end within {limit} decisions")
    return n


def _sample_positions(game, players: int, want: int = 600, games: int = 3) -> list:
    """Up to ``want`` (state, move) pairs spread evenly over ``games`` random games."""
    from core.engine import apply_trusted

    pairs = []
    for seed in range(101, 101 + games):
        rng = random.Random(seed)
        state = game.setup([f"P{i + 1}" for i in range(players)], seed)
        while not game.is_over(state):
            move = rng.choice(game.legal_moves(state))
            pairs.append((state, move))
            state = apply_trusted(game, state, move)
    step = max(1, len(pairs) // want)
    return pairs[::step]


def _per_call_us(fn, args_list: list, repeat: int = 3) -> float:
    """Median over ``args_list`` of one call's time in microseconds (each
    position timed as ``repeat`` calls in a row, the mean of those taken)."""
    clock = time.perf_counter_ns
    times = []
    for args in args_list:
        t0 = clock()
        for _ in range(repeat):
            fn(*args)
        times.append((clock() - t0) / repeat / 1000)
    return statistics.median(times)


def engine_figures(game, players: int, budget: float = 0.8) -> dict[str, float]:
    """One row of the engine table for ``game`` at ``players`` players.

    Returns: games_per_s and decisions_per_s of random full games (legal_moves
    + apply_trusted, for ``budget`` seconds and at least 3 games), and
    games_per_cpu_s, the same games per second of this process's CPU time
    (on a shared machine the wall clock also counts other processes' turns),
    decisions_per_game, and the medians per decision in microseconds of
    legal_moves_us, apply_us (checked) and trusted_us (apply_trusted), and
    copy_us (a msgpack round trip of the state: the whole-state copy every
    apply once made, as a reference measured in the same second).
    """
    from core.engine import apply_trusted, copy_state

    random_game(game, players, 0)  # warm-up
    games = decisions = 0
    t0, c0 = time.perf_counter(), time.process_time()
    while True:
        decisions += random_game(game, players, games + 1)
        games += 1
        el = time.perf_counter() - t0
        if el >= budget and games >= 3:
            break
    cpu = max(time.process_time() - c0, 1e-9)
    pairs = _sample_positions(game, players)
    states = [(st,) for st, _ in pairs]
    return {
        "games_per_s": games / el,
        "games_per_cpu_s": games / cpu,
        "decisions_per_s": decisions / el,
        "decisions_per_game": decisions / games,
        "legal_moves_us": _per_call_us(game.legal_moves, states),
        "apply_us": _per_call_us(game.apply, pairs),
        "trusted_us": _per_call_us(lambda st, mv: apply_trusted(game, st, mv), pairs),
        "copy_us": _per_call_us(copy_state, states),
    }


def bench_random_games(budget: float = 0.8, out=print) -> None:
    """(c) Per registered game and player count: random full games per second
    and the median microseconds of legal_moves, apply and apply_trusted."""
    import core

    out("(c) rules engines: random full games (uniform choice over legal_moves, apply_trusted) and")
    out("    median microseconds per decision over positions of random games (legal_moves; apply, which")
    out("    checks legality; apply_trusted, which does not; a msgpack copy of the state for reference)")
    if not core.GAMES:
        out("    skipped: no game registered")
        return
    out("    games/s by the wall clock and by this process's CPU time (the machine is shared)")
    out(f"    {'game':<16} {'p':>2} {'games/s':>9} {'cpu g/s':>8} {'dec/game':>9} {'dec/s':>8} {'legal us':>9}"
        f" {'apply us':>9} {'trusted us':>10} {'copy us':>8}  target (cpu g/s)")
    for gid, game in sorted(core.GAMES.items()):
        for n in range(game.min_players, game.max_players + 1):
            try:
                f = engine_figures(game, n, budget)
            except Exception as e:  # a game still being written must not stop the run
                out(f"    {gid:<16} {n:>2}  failed: {type(e).__name__}: {e}")
                continue
            note = ""
            target = {"gift-of-tulips": TARGET_TULIPS_GAMES_PER_S, "fields-of-arle": TARGET_ARLE_GAMES_PER_S}.get(gid)
            if gid == "golden-age" and n == 4:
                target = TARGET_GOLDEN_AGE_4P_GAMES_PER_S
            if target:
                note = f"  >= {target} games/s: {'meets' if f['games_per_cpu_s'] >= target else 'BELOW'}"
            out(
                f"    {gid:<16} {n:>2} {f['games_per_s']:9.1f} {f['games_per_cpu_s']:8.1f} {f['decisions_per_game']:9.1f}"
                f" {f['decisions_per_s']:8.0f} {f['legal_moves_us']:9.1f} {f['apply_us']:9.1f}"
                f" {f['trusted_us']:10.1f} {f['copy_us']:8.1f}{note}"
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
    _golden_age_load(runs, out)
    _full_game_loads(runs, out)
    _list_autosaves(m, out)


def golden_age_match(decisions: int = 700, players: int = 4, seed: int = 7):
    """A Golden Age Match of ``decisions`` random decisions (issue 9's late-game save)."""
    import core
    from core.match import Match, Seat

    game = core.get_game("golden-age")
    m = Match(game, [Seat(f"P{i + 1}") for i in range(players)], seed)
    rng = random.Random(seed)
    while m.ply < decisions and not m.is_over():
        m.push(rng.choice(m.legal_moves()), trusted=True)
    return m


def _golden_age_load(runs: int, out=print) -> None:
    """decode_match of a 700-decision 4-player Golden Age save: wall clock and
    this process's CPU time (the machine is shared), median of ``runs``."""
    from saves import decode_match, encode_match

    try:
        m = golden_age_match()
    except Exception as e:  # noqa: BLE001 - report and go on
        out(f"    Golden Age 700-decision load: failed: {type(e).__name__}: {e}")
        return
    data = encode_match(m)
    med, _ = _median_ms(lambda: decode_match(data), runs)
    cpu = []
    for _ in range(runs):
        c0 = time.process_time()
        decode_match(data)
        cpu.append((time.process_time() - c0) * 1000)
    out(f"    Golden Age 4p, {m.ply} decisions ({len(data)} bytes): decode_match median {med:.2f} ms wall,"
        f" {statistics.median(cpu):.2f} ms CPU ({statistics.median(cpu) / m.ply * 1000:.1f} us/decision)")


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
