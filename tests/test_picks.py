"""core/picks.py (the Pick moves and task-stack text shared by Windmill Valley and
Fields of Arle) and core.engine.BotModules (each game's bot modules)."""

from __future__ import annotations

import random
from importlib import import_module

import msgspec
import pytest

import core
from core.engine import IllegalMove
from core.picks import Pick, new_events, pick, picks


def test_pick_reads_the_verb_and_the_rest_as_its_argument() -> None:
    assert pick("load wood 1 2") == Pick("load", "wood 1 2")
    assert pick("end") == Pick("end", "")
    assert pick("gate 2") is pick("gate 2")  # one shared object per text
    assert picks(["gate 2", "pass"]) == [Pick("gate", "2"), Pick("pass")]


def test_a_pick_encodes_as_it_always_did_in_saves() -> None:
    assert msgspec.json.encode(Pick("build", "mill flax")) == b'{"type":"pick","verb":"build","arg":"mill flax"}'


@pytest.mark.parametrize(("before", "after", "new"), [
    ([], ["a"], ["a"]),
    (["a", "b"], ["a", "b", "c"], ["c"]),
    (["a", "b", "c"], ["b", "c", "d", "e"], ["d", "e"]),  # the oldest dropped off the front
    (["a", "b"], ["a", "b"], []),
    (["x"], ["y"], ["y"]),
])
def test_new_events_are_the_tail_that_before_did_not_end_with(before, after, new) -> None:
    assert new_events(before, after) == new


@pytest.mark.parametrize("gid", ["windmill-valley", "fields-of-arle"])
def test_parse_describe_and_apply_of_a_pick_game(gid: str) -> None:
    game = core.get_game(gid)
    s = game.setup(["Ann", "Bob"], seed=3)
    legal = game.legal_moves(s)
    first = legal[0]
    text = game.notation(first)
    assert game.parse(s, "  " + text.upper().replace(" ", "   ") + " ") == first
    with pytest.raises(IllegalMove, match="'fly away' is not a legal move now."):
        game.parse(s, "fly away")
    with pytest.raises(IllegalMove):
        game.apply(s, Pick("fly", "away"))
    seat = game.to_move(s)
    assert game.pending(s).seat == seat and not game.is_over(s)
    assert game.describe(s, first).startswith(f"{s.players[seat]}: ")
    after = game.apply(s, first)
    assert msgspec.msgpack.encode(after) == msgspec.msgpack.encode(game.apply_trusted(s, first))


def test_every_game_finds_its_own_bot_modules() -> None:
    for gid, game in core.GAMES.items():
        s = game.setup(["Ann", "Bob"] if game.min_players <= 2 else ["Ann", "Bob", "Cas"], seed=1)
        package = type(game).__module__.rpartition(".")[0]
        assert game.margins(s) == import_module(f"{package}.evaluate").margins(s), gid
        view = game.view(s, 0)
        got = game.determinize(view, 0, random.Random(5))
        want = import_module(f"{package}.determinize").determinize(view, 0, random.Random(5))
        assert msgspec.msgpack.encode(got) == msgspec.msgpack.encode(want), gid
