"""The trusted apply path (core/engine.py, "Applying a move, checked and trusted").

* every registered game's ``apply_trusted`` gives byte-identical states to its
  checked ``apply`` over random games, and no later apply changes a state an
  earlier one returned (games may share unchanged parts between states);
* replay (``saves.decode_match``, ``Match.push_notation``, ``Match.redo``)
  checks each move's legality once, through ``parse``, and applies it trusted;
* a game without ``apply_trusted`` still works through the engine's default;
* Golden Age ``parse`` reads its notation back, refusing text in other shapes.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from core import GAMES, get_game
from core.engine import IllegalMove, apply_trusted
from core.match import Match, Seat

_enc = msgspec.msgpack.Encoder()

CASES = [
    pytest.param(gid, n, id=f"{gid}-{n}p")
    for gid, game in sorted(GAMES.items())
    for n in range(game.min_players, game.max_players + 1)
]


def _names(n: int) -> list[str]:
    return [f"P{i + 1}" for i in range(n)]


@pytest.mark.parametrize("gid, n", CASES)
def test_trusted_apply_gives_the_states_of_the_checked_apply(gid: str, n: int) -> None:
    game = GAMES[gid]
    for seed in range(2):
        rnd = random.Random(seed)
        state = game.setup(_names(n), seed, game.Options())
        history: list[tuple[Any, bytes]] = []
        while not game.is_over(state):
            at = f"{gid} {n}p seed {seed} decision {len(history)}"
            move = rnd.choice(game.legal_moves(state))
            raw = _enc.encode(state)
            checked = game.apply(state, move)
            trusted = apply_trusted(game, state, move)
            assert _enc.encode(trusted) == _enc.encode(checked), f"{at}: {game.notation(move)!r} differs"
            assert _enc.encode(state) == raw, f"{at}: apply changed its input"
            history.append((state, raw))
            state = trusted  # go on from the trusted state, so its sharing is exercised too
        for i, (old, raw) in enumerate(history):
            assert _enc.encode(old) == raw, f"{gid} {n}p seed {seed}: a later apply changed the state at {i}"


class _Recorder:
    """A registered game seen through a proxy that counts how replay uses it."""

    def __init__(self, game: Any) -> None:
        self._game = game
        self.calls: dict[str, int] = {"apply": 0, "apply_trusted": 0, "parse": 0}

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def apply(self, state: Any, move: Any) -> Any:
        self.calls["apply"] += 1
        return self._game.apply(state, move)

    def apply_trusted(self, state: Any, move: Any) -> Any:
        self.calls["apply_trusted"] += 1
        return apply_trusted(self._game, state, move)  # the game's own, or the engine's default

    def parse(self, state: Any, text: str) -> Any:
        self.calls["parse"] += 1
        return self._game.parse(state, text)


def _random_match(game: Any, n: int, seed: int, plies: int) -> Match:
    m = Match(game, [Seat(x) for x in _names(n)], seed)
    rnd = random.Random(seed)
    while not m.is_over() and m.ply < plies:
        m.push(rnd.choice(m.legal_moves()))
    return m


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_load_parses_each_move_once_and_applies_it_trusted(gid: str, monkeypatch) -> None:
    import saves

    game = GAMES[gid]
    data = saves.encode_match(_random_match(game, game.max_players, 5, 120))
    rec = _Recorder(game)
    monkeypatch.setitem(GAMES, gid, rec)
    loaded = saves.decode_match(data)
    n = loaded.ply
    assert n > 0 and rec.calls == {"apply": 0, "apply_trusted": n, "parse": n}


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_a_load_that_words_the_log_applies_each_move_once(gid: str, monkeypatch) -> None:
    """``lowlands load`` words every decision for the log while replaying
    (``tui.history.record_replay``): ``describe`` is handed the state after the
    move, so no move is applied a second time to word it, and the words are
    those ``describe`` finds applying the move itself."""
    import saves
    from tui.history import history_for, record_replay

    game = GAMES[gid]
    data = saves.encode_match(_random_match(game, game.max_players, 7, 150))
    calls = {"apply": 0, "apply_trusted": 0}
    real_apply, real_trusted = game.apply, game.apply_trusted

    def counted_apply(state: Any, move: Any) -> Any:
        calls["apply"] += 1
        return real_apply(state, move)

    def counted_trusted(state: Any, move: Any) -> Any:
        calls["apply_trusted"] += 1
        return real_trusted(state, move)

    monkeypatch.setattr(game, "apply", counted_apply)
    monkeypatch.setattr(game, "apply_trusted", counted_trusted)
    loaded, broken = saves.format.decode_partial(data, "", record_replay)
    n = loaded.ply
    assert broken is None and n > 0
    assert calls == {"apply": 0, "apply_trusted": n}
    monkeypatch.undo()
    texts = history_for(loaded).texts
    assert texts == [game.describe(loaded.state_at(i), move) for i, move in enumerate(loaded.moves)]


def test_golden_age_replay_generates_legal_moves_once_per_move(monkeypatch) -> None:
    import saves

    game = get_game("golden-age")
    data = saves.encode_match(_random_match(game, 4, 3, 300))
    count = {"legal_moves": 0}
    real = game.legal_moves

    def counted(state: Any) -> Any:
        count["legal_moves"] += 1
        return real(state)

    monkeypatch.setattr(game, "legal_moves", counted)
    loaded = saves.decode_match(data)
    # once per move, and not at all for a move legal for certain (an End or a token moved on a turn)
    from core.golden_age.rules import End, MoveToken

    plain = sum(isinstance(mv, (End, MoveToken)) for mv in loaded.moves)
    assert loaded.ply == 300 and plain > 50
    assert count["legal_moves"] == 300 - plain


@pytest.mark.parametrize("n", [3, 4])
def test_golden_age_surely_legal_moves_are_legal(n: int) -> None:
    """``_surely_legal`` (parse's way around generating the legal moves) says
    True only of a legal move, and does for every legal End and token move."""
    from core.golden_age import rules

    game = get_game("golden-age")
    candidates = [rules._END, rules.Roll(), rules.Pass()]
    candidates += [mv for moves in rules._MOVES_FROM.values() for mv in moves]
    candidates += [rules.MoveToken("hol", "lim"), rules.MoveToken("nowhere", "hol")]  # not neighbours; no province
    for seed in range(3):
        rnd = random.Random(seed)
        state = game.setup(_names(n), seed, game.Options())
        while not game.is_over(state):
            legal = game.legal_moves(state)
            for mv in candidates:
                if rules.GoldenAge._surely_legal(state, mv):
                    assert mv in legal, (seed, state.phase, mv)
            for mv in legal:
                if isinstance(mv, (rules.End, rules.MoveToken)):
                    assert rules.GoldenAge._surely_legal(state, mv), (seed, mv)
            state = game.apply(state, rnd.choice(legal))


def test_load_still_refuses_a_move_that_is_not_legal_there() -> None:
    import saves

    game = get_game("golden-age")
    m = _random_match(game, 3, 2, 40)
    f = saves.format.to_file(m)
    f.moves[30] = "bid 99"
    with pytest.raises(saves.SaveError, match=r"move 31 'bid 99' is not legal there"):
        saves.decode_match(saves.format.encode_file(f))


def test_redo_and_push_notation_apply_trusted_and_give_the_same_states(monkeypatch) -> None:
    game = get_game("golden-age")
    m = _random_match(game, 3, 4, 60)
    before = list(m.snapshots)
    rec = _Recorder(game)
    m.game = rec  # type: ignore[assignment]
    assert m.undo()
    assert m.redo()
    assert m.snapshots == before
    assert rec.calls["apply"] == 0 and rec.calls["apply_trusted"] >= 1
    replay = Match(rec, [Seat(x) for x in _names(3)], 4)  # type: ignore[arg-type]
    for move in m.moves:
        replay.push_notation(game.notation(move))
    assert replay.snapshots == m.snapshots
    assert rec.calls["apply"] == 0
    with pytest.raises(IllegalMove):
        replay.push_notation("fly to the moon")


def test_a_game_without_apply_trusted_works_through_the_default() -> None:
    from tests.test_match import TOY

    assert not hasattr(TOY, "apply_trusted")
    state = TOY.setup(["A", "B"], 1)
    move = TOY.legal_moves(state)[2]
    assert _enc.encode(apply_trusted(TOY, state, move)) == _enc.encode(TOY.apply(state, move))
    m = Match(TOY, [Seat("A"), Seat("B")], 1)
    m.push_notation("roll")
    m.push(TOY.legal_moves(m.state)[0], trusted=True)
    assert m.ply == 2 and m.undo() and m.redo() and m.ply == 2


@pytest.mark.parametrize("text, ok", [
    ("roll", True), ("  ROLL ", True), ("roll now", False), ("bid 1", False), ("", False), ("dice x", False),
])
def test_golden_age_parse_reads_only_its_notation(text: str, ok: bool) -> None:
    game = get_game("golden-age")
    s = game.setup(_names(3), 1)
    while s.phase != "roll":  # the set-up placements, to the first roll
        s = game.apply(s, game.legal_moves(s)[0])
    if ok:
        assert game.notation(game.parse(s, text)) == "roll"
    else:
        with pytest.raises(IllegalMove):
            game.parse(s, text)


def test_golden_age_vp_is_the_sum_of_its_parts() -> None:
    """``vp`` counts without building the parts; it must agree with ``vp_parts``
    in every position of random games that score in every category."""
    from core.golden_age.rules import vp, vp_parts

    game = get_game("golden-age")
    seen: set[str] = set()
    for n, seed in ((2, 0), (3, 1), (4, 2), (4, 3), (3, 4), (2, 5)):
        rnd = random.Random(seed)
        s = game.setup(_names(n), seed)
        while not game.is_over(s):
            for seat in range(n):
                parts = vp_parts(s, seat)
                assert vp(s, seat) == sum(parts.values()), (n, seed, seat, parts)
                seen.update(k for k, v in parts.items() if v)
            s = game.apply_trusted(s, rnd.choice(game.legal_moves(s)))
        if len(seen) == len(parts):
            break
    assert seen == set(parts), f"no random game scored {set(parts) - seen}"
