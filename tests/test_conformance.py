"""Conformance of every registered game to the Game protocol (DESIGN.md, "Tests and checks").

Parametrised over ``core.GAMES`` and every supported player count, so a game
added to the registry is checked without touching this file. Random playouts
(moves chosen with ``random.Random(seed)``):

* cheap checks, on every seed (``--conformance-seeds`` / LOWLANDS_CONFORMANCE_SEEDS,
  default 200): the game ends within MOVE_CAP decisions and never raises;
  until then ``legal_moves`` is non-empty and ``to_move`` is a seat; at the end
  ``to_move`` is None, ``legal_moves`` empty, ``scores``/``winners``/``tallies``
  are well formed and ``view`` keeps the State type;
* expensive checks, at every step of the first ``--conformance-deep`` seeds
  (LOWLANDS_CONFORMANCE_DEEP, default 20; fewer when a game's playouts are
  long, see ``--conformance-deep-steps``): ``apply`` leaves its input
  unchanged (msgpack bytes), every state round-trips through msgpack and
  JSON, parse(notation(m)) == m and the move round-trips through msgspec for
  every legal move, ``describe`` gives text for every legal move, ``view``
  keeps the type for every seat, changes nothing and is idempotent (and a
  game with ``private_information`` hides something from viewer None); and
  replaying the match's notations from the seed (through
  ``saves.encode_match`` / ``decode_match`` when the saves package has them,
  and through ``Match.push_notation``) gives the same final state.

Also: the stored seeded playthroughs in tests/playthroughs/ still come out the
same (``test_playthroughs``), and a seeded game is the same in a process with
another PYTHONHASHSEED (``test_playout_does_not_depend_on_the_hash_seed``).
"""

from __future__ import annotations

import math
import random
from typing import Any

import msgspec
import pytest

from core import GAMES
from core.engine import NoLegalMove, ScoreSheet, checked_moves
from core.match import Match, Seat

#: A random playout that takes more decisions than this is taken to be stuck.
MOVE_CAP = 20_000
NAMES = ["Ann", "Bob", "Cas", "Dirk", "Eva", "Fenna", "Gijs", "Hanna"]

CASES = [
    pytest.param(gid, n, id=f"{gid}-{n}p")
    for gid, game in sorted(GAMES.items())
    for n in range(game.min_players, game.max_players + 1)
]

_enc = msgspec.msgpack.Encoder()
_json = msgspec.json.Encoder()


class Codecs:
    """msgspec decoders for one game's State and Move types (built once: cheap to reuse)."""

    _cache: dict[str, "Codecs"] = {}

    def __init__(self, game: Any) -> None:
        self.state = msgspec.msgpack.Decoder(game.State)
        self.state_json = msgspec.json.Decoder(game.State)
        self.move = msgspec.msgpack.Decoder(game.Move)

    @classmethod
    def of(cls, game: Any) -> "Codecs":
        if game.id not in cls._cache:
            cls._cache[game.id] = cls(game)
        return cls._cache[game.id]


def names(n: int) -> list[str]:
    return NAMES[:n] if n <= len(NAMES) else [f"P{i + 1}" for i in range(n)]


def where(gid: str, n: int, seed: int, step: int) -> str:
    return f"{gid}, {n} players, seed {seed}, decision {step}"


def check_end(game: Any, state: Any, n: int, at: str) -> None:
    """The checks on a finished game."""
    assert game.is_over(state), at
    assert game.to_move(state) is None, f"{at}: to_move is not None at the end"
    assert game.legal_moves(state) == [], f"{at}: legal moves after the end"
    sheets = game.scores(state)
    assert len(sheets) == n, at
    for i, sh in enumerate(sheets):
        assert isinstance(sh, ScoreSheet) and sh.seat == i, at
        assert math.isclose(sum(sh.parts.values()), sh.total), f"{at}: parts {sh.parts} do not add up to {sh.total}"
    won = game.winners(state)
    assert won == sorted(set(won)) and all(0 <= w < n for w in won), f"{at}: winners {won}"
    assert won or n == 1, f"{at}: nobody won"  # a solo game may be lost
    tallies = game.tallies(state)
    assert len(tallies) == n and all(isinstance(t, dict) for t in tallies), at
    for t in tallies:
        assert all(isinstance(k, str) and isinstance(v, (int, float)) for k, v in t.items()), f"{at}: {t}"
    for viewer in [*range(n), None]:
        assert type(game.view(state, viewer)) is type(state), f"{at}: view({viewer}) changed the type"


def playout(game: Any, gid: str, n: int, seed: int) -> tuple[Any, int]:
    """A random game with the cheap checks. Returns (final state, decisions)."""
    rnd = random.Random(seed)
    state = game.setup(names(n), seed, game.Options())
    step = 0
    while not game.is_over(state):
        at = where(gid, n, seed, step)
        assert step < MOVE_CAP, f"{at}: not over after {MOVE_CAP} decisions"
        seat = game.to_move(state)
        assert isinstance(seat, int) and 0 <= seat < n, f"{at}: to_move is {seat!r}"
        try:
            moves = checked_moves(game, state)  # the engine guard every caller relies on
        except NoLegalMove as e:
            raise AssertionError(f"{at}: {e}") from e
        move = rnd.choice(moves)
        try:
            state = game.apply(state, move)
        except Exception as e:  # noqa: BLE001 - report where it happened
            raise AssertionError(f"{at}: apply({game.notation(move)!r}) raised {type(e).__name__}: {e}") from e
        step += 1
    check_end(game, state, n, where(gid, n, seed, step))
    return state, step


@pytest.mark.parametrize("gid, n", CASES)
def test_random_playouts(gid: str, n: int, conformance_seeds: int) -> None:
    game = GAMES[gid]
    for seed in range(conformance_seeds):
        playout(game, gid, n, seed)


def deep_step_checks(game: Any, state: Any, n: int, at: str) -> bool:
    """Expensive checks on one non-final state: round trips, notation, views.

    Returns whether the public view (viewer None) hides anything here."""
    codecs = Codecs.of(game)
    raw = _enc.encode(state)
    state_type = type(state)
    back = codecs.state.decode(raw)
    assert type(back) is state_type and back == state, f"{at}: msgpack round trip differs"
    back = codecs.state_json.decode(_json.encode(state))
    assert back == state and _enc.encode(back) == raw, f"{at}: JSON round trip differs"
    moves = game.legal_moves(state)
    for m in moves:
        text = game.notation(m)
        assert isinstance(text, str) and text.strip() == text and text, f"{at}: notation {text!r}"
        try:
            parsed = game.parse(state, text)
        except Exception as e:  # noqa: BLE001 - report where it happened
            raise AssertionError(f"{at}: parse({text!r}) of a legal move raised {type(e).__name__}: {e}") from e
        assert parsed == m, f"{at}: parse({text!r}) gave {parsed!r}, not {m!r}"
        assert codecs.move.decode(_enc.encode(m)) == m, f"{at}: move {m!r} does not round-trip"
        said = game.describe(state, m)  # the picker may describe any choice
        assert isinstance(said, str) and said, f"{at}: describe({text!r}) gave {said!r}"
    for viewer in [*range(n), None]:
        v = game.view(state, viewer)
        assert type(v) is state_type, f"{at}: view({viewer}) changed the type"
        assert codecs.state.decode(_enc.encode(v)) == v, f"{at}: view({viewer}) round trip"
        assert game.view(v, viewer) == v, f"{at}: view({viewer}) of its own view shows something else"
    assert _enc.encode(state) == raw, f"{at}: view/parse/notation changed the state"
    return _enc.encode(game.view(state, None)) != raw


def replayed(game: Any, n: int, seed: int, moves: list[Any]) -> Match:
    """A Match rebuilt from the seed and the moves' notations."""
    match = Match(game, [Seat(name) for name in names(n)], seed, game.Options())
    for i, m in enumerate(moves):
        match.push_notation(game.notation(m))
    return match


@pytest.mark.parametrize("gid, n", CASES)
def test_deep_playouts(gid: str, n: int, conformance_deep: int, conformance_deep_steps: int) -> None:
    game = GAMES[gid]
    checked = 0
    hidden = False
    try:
        import saves
    except ImportError:  # the saves package is not there yet
        saves = None
    use_saves = saves is not None and hasattr(saves, "encode_match") and hasattr(saves, "decode_match")
    for seed in range(conformance_deep):
        if seed >= 2 and conformance_deep_steps and checked >= conformance_deep_steps:
            break  # the decision budget is spent (see --conformance-deep-steps)
        rnd = random.Random(seed)
        state = game.setup(names(n), seed, game.Options())
        moves: list[Any] = []
        while not game.is_over(state):
            at = where(gid, n, seed, len(moves))
            assert len(moves) < MOVE_CAP, f"{at}: not over after {MOVE_CAP} decisions"
            hidden |= deep_step_checks(game, state, n, at)
            move = rnd.choice(game.legal_moves(state))
            before = _enc.encode(state)
            after = game.apply(state, move)
            assert _enc.encode(state) == before, f"{at}: apply({game.notation(move)!r}) changed its input"
            assert isinstance(game.turn(after), int), at
            assert isinstance(game.reveals(state, after), bool), at
            moves.append(move)
            state = after
        checked += len(moves)
        at = where(gid, n, seed, len(moves))
        final = _enc.encode(state)
        assert Codecs.of(game).state_json.decode(_json.encode(state)) == state, at
        check_end(game, state, n, at)

        match = replayed(game, n, seed, moves)
        assert match.is_over() and match.moves == moves, at
        assert match.snapshots[-1] == final, f"{at}: replaying the notations gave another final state"
        if use_saves:
            loaded = saves.decode_match(saves.encode_match(match))
            assert loaded.game.id == gid and loaded.seed == seed, at
            assert loaded.moves == moves, f"{at}: the saved match has other moves"
            assert _enc.encode(loaded.state) == final, f"{at}: the loaded match has another final state"
    if game.private_information and conformance_deep:
        assert hidden, f"{gid}: private_information is True but view(state, None) never hid anything"


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_protocol_surface(gid: str) -> None:
    """The attributes every Game has (DESIGN.md and core/engine.py)."""
    game = GAMES[gid]
    assert game.id == gid
    assert isinstance(game.title, str) and game.title
    assert 1 <= game.min_players <= game.max_players
    assert isinstance(game.Options(), msgspec.Struct)
    assert isinstance(game.private_information, bool)
    for name in ("setup", "to_move", "legal_moves", "apply", "is_over", "scores", "winners", "tallies",
                 "describe", "notation", "parse", "view", "turn", "reveals"):
        assert callable(getattr(game, name)), name
    state = game.setup(names(game.min_players), 0, game.Options())
    assert isinstance(state, game.State)
    # setup is a pure function of players, seed and options
    assert _enc.encode(game.setup(names(game.min_players), 0, game.Options())) == _enc.encode(state)
    for bad in (game.min_players - 1, game.max_players + 1):
        if bad >= 1:
            with pytest.raises(ValueError):
                Match(game, [Seat(x) for x in names(bad)], 0)


# ---------------------------------------------------------------- stored playthroughs
from tests import regen_playthroughs as playthroughs  # noqa: E402

PLAYTHROUGH_CASES = [
    pytest.param(gid, n, id=f"{gid}-{n}p")
    for gid, game in sorted(GAMES.items())
    for n in playthroughs.player_counts(game)
]


@pytest.mark.parametrize("gid, n", PLAYTHROUGH_CASES)
def test_playthroughs(gid: str, n: int) -> None:
    """The seeded playthrough regenerated now equals the stored file, line by line."""
    path = playthroughs.path_for(gid, n)
    if not path.exists():
        pytest.skip(f"no stored playthrough {path.name} yet; run `.venv/bin/python -m tests.regen_playthroughs {gid}`")
    stored = path.read_text(encoding="utf-8").splitlines()
    fresh = playthroughs.playthrough_lines(GAMES[gid], n)
    hint = "run `.venv/bin/python -m tests.regen_playthroughs` if this change is intended"
    for i, (old, new) in enumerate(zip(stored, fresh), start=1):
        if old != new:
            pytest.fail(f"{path.name} line {i} differs:\n  stored: {old}\n  now:    {new}\n{hint}", pytrace=False)
    if len(stored) != len(fresh):
        pytest.fail(
            f"{path.name}: stored {len(stored)} lines, now {len(fresh)}; first extra line:\n"
            f"  {(stored if len(stored) > len(fresh) else fresh)[min(len(stored), len(fresh))]}\n{hint}",
            pytrace=False,
        )


# ---------------------------------------------------------------- hash-seed independence
_HASH_SCRIPT = """
import hashlib, random, sys
import msgspec
from core import GAMES
gid, n, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
game = GAMES[gid]
names = {names!r}[:n]
rnd = random.Random(seed)
state = game.setup(names, seed, game.Options())
notes = []
while not game.is_over(state):
    move = rnd.choice(game.legal_moves(state))
    notes.append(game.notation(move))
    state = game.apply(state, move)
print(hashlib.sha256(msgspec.msgpack.encode(state) + "|".join(notes).encode()).hexdigest())
"""


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_playout_does_not_depend_on_the_hash_seed(gid: str) -> None:
    """A saved game replays in another process: nothing may depend on str hashing
    (set or dict-of-set iteration order), which PYTHONHASHSEED changes per process."""
    import hashlib
    import os
    import subprocess
    import sys
    from pathlib import Path

    game = GAMES[gid]
    n, seed = game.max_players, 3
    script = _HASH_SCRIPT.format(names=names(n))
    root = Path(__file__).resolve().parent.parent
    digests = set()
    for hash_seed in ("1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(root)}
        out = subprocess.run([sys.executable, "-c", script, gid, str(n), str(seed)], env=env, cwd=root,
                             capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stderr
        digests.add(out.stdout.strip())
    rnd = random.Random(seed)
    state = game.setup(names(n), seed, game.Options())
    notes = []
    while not game.is_over(state):
        move = rnd.choice(game.legal_moves(state))
        notes.append(game.notation(move))
        state = game.apply(state, move)
    digests.add(hashlib.sha256(_enc.encode(state) + "|".join(notes).encode()).hexdigest())
    assert len(digests) == 1, f"{gid}: the same seeded game differs between processes"
