"""saves/: the JSON format, atomic writes, loading with replay, autosaves, records.

DESIGN.md "Saves". Every kind of broken save must raise SaveError with a
sentence naming the file, and must leave the file byte-identical with its
modification time unchanged.
"""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import core
import saves
import saves.format
import saves.store
from core import get_game
from core.match import Match, Seat
from saves import (
    SaveError,
    SaveInfo,
    autosave,
    data_dir,
    decode_match,
    encode_match,
    export_text,
    list_autosaves,
    load,
    save,
)

TULIPS = get_game("gift-of-tulips")
OLD = 1_600_000_000  # a fixed past mtime, so any write would show


def make_match(players=("Ann", "Bob", "Cy"), seed=42, moves=20, kinds=None, undo_policy="friendly", game=TULIPS):
    seats = [Seat(n, (kinds or {}).get(n, "human")) for n in players]
    m = Match(game, seats, seed, undo_policy=undo_policy)
    r = random.Random(seed)
    while not m.is_over() and m.ply < moves:
        m.push(r.choice(m.legal_moves()))
    return m


def finished(players=("Ann", "Bob", "Cy"), seed=42):
    return make_match(players, seed, moves=10_000)


def write_bytes_old(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    os.utime(path, (OLD, OLD))
    return path


def edit(data: bytes, **changes) -> bytes:
    obj = json.loads(data)
    obj.update(changes)
    return json.dumps(obj).encode()


# -- the format -----------------------------------------------------------------
def test_file_has_the_agreed_fields_in_order():
    m = make_match(kinds={"Cy": "bot"}, undo_policy="strict")
    obj = json.loads(encode_match(m))
    assert list(obj) == [
        "format", "version", "game", "options", "seats", "seed", "undo_policy",
        "moves", "created", "updated", "state_sha256", "id", "bot_time", "copied_from",
    ]
    assert obj["format"] == "lowlands-save" and obj["version"] == 1
    assert obj["game"] == "gift-of-tulips"
    assert obj["options"] == {}
    assert obj["seats"] == [
        {"name": "Ann", "kind": "human", "level": "random"}, {"name": "Bob", "kind": "human", "level": "random"},
        {"name": "Cy", "kind": "bot", "level": "random"},
    ]
    assert obj["bot_time"] == 1.0
    assert obj["seed"] == 42 and obj["undo_policy"] == "strict"
    assert obj["moves"] == [TULIPS.notation(mv) for mv in m.moves] and len(obj["moves"]) == 20
    # the three set-up decisions are "choose <card>" (Gift of Tulips notation)
    assert all(re.fullmatch(r"choose [pbov][234]", t) for t in obj["moves"][:3])
    assert obj["state_sha256"] == m.state_sha256() and re.fullmatch(r"[0-9a-f]{64}", obj["state_sha256"])
    assert obj["id"] == m.id and obj["created"] == m.created
    assert obj["updated"] >= obj["created"]


def test_round_trip_mid_game_restores_everything():
    m = make_match(kinds={"Bob": "bot"}, undo_policy="strict", moves=25)
    m2 = decode_match(encode_match(m), "x.json")
    assert m2.game is TULIPS
    assert m2.seats == m.seats and m2.seed == m.seed and m2.undo_policy == "strict"
    assert m2.options == m.options
    assert m2.moves == m.moves and m2.movers == m.movers
    assert m2.snapshots == m.snapshots  # every intermediate state, so review works
    assert m2.state == m.state and m2.to_move() == m.to_move()
    assert m2.id == m.id and m2.created == m.created
    assert not m2.can_redo()


def test_round_trip_finished_game_keeps_result():
    m = finished(("Ann", "Bob", "Cy", "Di", "Ed", "Flo"), seed=7)
    m2 = decode_match(encode_match(m))
    assert m2.is_over()
    assert TULIPS.scores(m2.state) == TULIPS.scores(m.state)
    assert TULIPS.winners(m2.state) == TULIPS.winners(m.state)


def test_loaded_match_can_undo_and_play_on():
    m = make_match(moves=12)
    m2 = decode_match(encode_match(m))
    assert m2.undo() and m2.ply == 11
    assert m2.state == m.state_at(11)
    m2.redo()
    mv = m.legal_moves()[0]
    m.push(mv)
    m2.push(mv)
    assert m2.state == m.state


def test_encode_does_not_change_the_match():
    m = make_match(moves=9)
    before = (list(m.moves), list(m.snapshots), m.id, m.created)
    encode_match(m)
    export_text(m)
    assert (m.moves, m.snapshots, m.id, m.created) == before


@pytest.mark.parametrize("game_id", sorted(core.GAMES))
def test_round_trip_every_registered_game(game_id):
    game = core.GAMES[game_id]
    for n in range(game.min_players, game.max_players + 1):
        for seed in (1, 2):
            m = make_match([f"P{i}" for i in range(n)], seed=seed, moves=60 if seed == 1 else 10_000, game=game)
            m2 = decode_match(encode_match(m))
            assert m2.state == m.state and m2.moves == m.moves


# -- save / load on disk ------------------------------------------------------
def test_save_and_load(tmp_path):
    m = make_match()
    p = tmp_path / "games" / "ann.json"  # the folder is created
    save(m, p)
    assert load(p).state == m.state
    assert load(str(p)).moves == m.moves
    assert [f.name for f in p.parent.iterdir()] == ["ann.json"]  # no temp file left


def test_save_replaces_and_keeps_mode(tmp_path):
    p = tmp_path / "g.json"
    m = make_match(moves=5)
    save(m, p)
    os.chmod(p, 0o600)
    m.push(m.legal_moves()[0])
    save(m, p)
    assert load(p).ply == 6
    assert p.stat().st_mode & 0o777 == 0o600
    assert sorted(f.name for f in tmp_path.iterdir()) == ["g.json"]


def test_save_is_atomic_old_file_survives_a_failed_write(tmp_path, monkeypatch):
    p = tmp_path / "g.json"
    m = make_match(moves=5)
    save(m, p)
    old = p.read_bytes()
    m.push(m.legal_moves()[0])
    calls = []

    def boom(src, dst):
        calls.append((Path(src).parent, Path(dst)))
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves.store.os, "replace", boom)
    with pytest.raises(SaveError, match=r"g\.json could not be written: the disk is full\."):
        save(m, p)
    # the temporary file was written in the same folder, and removed again
    assert calls == [(tmp_path, p)]
    assert p.read_bytes() == old
    assert sorted(f.name for f in tmp_path.iterdir()) == ["g.json"]


def test_save_fsyncs_before_replacing(tmp_path, monkeypatch):
    order = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(saves.store.os, "fsync", lambda fd: (order.append("fsync"), real_fsync(fd))[1])
    monkeypatch.setattr(saves.store.os, "replace", lambda a, b: (order.append("replace"), real_replace(a, b))[1])
    save(make_match(moves=3), tmp_path / "g.json")
    assert order[:2] == ["fsync", "replace"]


def test_save_into_unwritable_place_raises_save_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(SaveError, match="could not be written") as e:
        save(make_match(moves=2), blocker / "g.json")
    assert f"{blocker} is a file, not a folder" in str(e.value)  # once: "(File exists)"


# -- broken saves ---------------------------------------------------------------
def _valid(moves=20, **kw) -> bytes:
    return encode_match(make_match(moves=moves, **kw))


def _last_move_changed() -> bytes:
    """A file whose last move was swapped for another legal one: replays, but to another state."""
    m = make_match(moves=20)
    data = encode_match(m)
    before = m.state_at(19)
    alt = [mv for mv in TULIPS.legal_moves(before) if mv != m.moves[-1]][0]
    obj = json.loads(data)
    obj["moves"][-1] = TULIPS.notation(alt)
    return json.dumps(obj).encode()


def _move12(text):
    obj = json.loads(_valid())
    obj["moves"][11] = text
    return json.dumps(obj).encode()


def _after_end():
    m = finished()
    obj = json.loads(encode_match(m))
    obj["moves"].append("keep")
    return json.dumps(obj).encode()


BROKEN = {
    "truncated": (lambda: _valid()[:-40], r"is not a Lowlands save \(it is not valid JSON; it may be truncated\)"),
    "empty": (lambda: b"", r"is not valid JSON; it may be truncated"),
    "not json": (lambda: b"Ann 53, Bob 59\n", r"is not a Lowlands save \(it is not valid JSON"),
    "binary": (lambda: b"\x89PNG\r\n\x1a\n\x00\x00", r"is not valid JSON"),
    "json list": (lambda: b"[1, 2, 3]", r"is not a Lowlands save \(it holds JSON, but not"),
    "wrong marker": (lambda: edit(_valid(), format="chess-pgn"), r'lacks the "lowlands-save" format marker'),
    "no marker": (lambda: b'{"version": 1}', r"format marker"),
    "newer version": (
        lambda: edit(_valid(), version=7),
        r"was written by a newer Lowlands \(save version 7\); this version reads version 1\.",
    ),
    "version zero": (lambda: edit(_valid(), version=0), r"unknown save version \(0\)"),
    "version text": (lambda: edit(_valid(), version="1"), r"unknown save version \('1'\)"),
    "missing field": (lambda: b'{"format": "lowlands-save", "version": 1, "game": "gift-of-tulips"}',
                      r"is damaged \(object missing required field"),
    "wrong type": (lambda: edit(_valid(), seed="forty-two"), r"is damaged \(expected 'int', got 'str' in field 'seed'\)"),
    "unknown game": (lambda: edit(_valid(), game="tic-tac-toe"),
                     r"is for a game this version of Lowlands does not know \('tic-tac-toe'; known games: .*gift-of-tulips"),
    "one player": (lambda: edit(_valid(), seats=[{"name": "Ann", "kind": "human"}]),
                   r"has 1 player, but Gift of Tulips takes 2-6\."),
    "seven players": (lambda: edit(_valid(), seats=[{"name": f"P{i}", "kind": "human"} for i in range(7)]),
                      r"has 7 players, but Gift of Tulips takes 2-6\."),
    "options not an object": (lambda: edit(_valid(), options=[1]),
                              r"is damaged \(expected 'object', got 'array' in field 'options'\)"),
    "seat kind": (lambda: edit(_valid(), seats=[{"name": "A", "kind": "alien"}, {"name": "B", "kind": "human"}]),
                  r"seat of unknown kind 'alien'"),
    "undo policy": (lambda: edit(_valid(), undo_policy="lenient"), r"unknown undo policy 'lenient'"),
    "illegal move": (lambda: _move12("give 7"), r"is damaged: move 12 'give 7' is not legal there\."),
    "gibberish move": (lambda: _move12("fly to the moon"), r"move 12 'fly to the moon' is not legal there"),
    "move after end": (_after_end, r"has move 64 'keep' after the end of the game"),
    "other seed": (lambda: edit(_valid(), seed=43), r"(is not legal there|does not match its own record)"),
    "hash mismatch": (lambda: edit(_valid(), state_sha256="0" * 64), r"does not match its own record"),
    "unknown field": (lambda: edit(_valid(), comment="from a newer version"),
                      r"has a field this version of Lowlands does not know \(object contains unknown field 'comment'\)"),
    "unknown seat field": (lambda: edit(_valid(), seats=[{"name": "A", "kind": "human", "colour": "red"},
                                                         {"name": "B", "kind": "human"}]),
                           r"does not know \(object contains unknown field 'colour' in field 'seats\[0\]'"),
    "unknown option": (lambda: edit(_valid(), options={"festival_size": 5}),
                       r"does not know \(option 'festival_size' of Gift of Tulips\)"),
    "tampered move": (_last_move_changed, r"does not match its own record: replaying its 20 moves gives a different"),
}


@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_broken_save_raises_and_leaves_file_untouched(tmp_path, kind):
    make, pattern = BROKEN[kind]
    p = write_bytes_old(tmp_path / f"{kind.replace(' ', '-')}.json", make())
    data, stat = p.read_bytes(), p.stat()
    with pytest.raises(SaveError) as err:
        load(p)
    msg = str(err.value)
    assert re.search(pattern, msg), msg
    assert msg.startswith(str(p)), msg  # the sentence names the file
    assert err.value.source == str(p)
    assert "Traceback" not in msg and "$." not in msg
    assert p.read_bytes() == data
    assert p.stat().st_mtime_ns == stat.st_mtime_ns and p.stat().st_size == stat.st_size
    assert sorted(f.name for f in tmp_path.iterdir()) == [p.name]


class VariantOptions(msgspec.Struct, frozen=True):
    variant: str = "base"
    festival_size: int = 5


def test_options_round_trip_and_bad_options(monkeypatch):
    """A game with variant options: they are saved as a dict, restored as the
    game's Options struct, shown in the record, and rejected when invalid."""
    monkeypatch.setattr(type(TULIPS), "Options", VariantOptions)
    m = Match(TULIPS, [Seat("Ann"), Seat("Bob")], 9, options=VariantOptions("short", 5))
    m.push(m.legal_moves()[0])
    data = encode_match(m)
    assert json.loads(data)["options"] == {"variant": "short", "festival_size": 5}
    assert decode_match(data).options == VariantOptions("short", 5)
    assert '[Options "variant=short"]' in export_text(m)
    with pytest.raises(SaveError, match=r"has options Gift of Tulips does not accept \(expected 'int', got 'str'"):
        decode_match(edit(data, options={"variant": "short", "festival_size": "five"}), "v.json")


_SAMPLE = None


def _sample() -> bytes:
    global _SAMPLE
    if _SAMPLE is None:
        _SAMPLE = encode_match(make_match(moves=30))
    return _SAMPLE


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_damage_gives_save_error_or_the_same_game(data):
    """Flipped bytes, cut-outs and insertions: decode_match raises SaveError
    (never anything else) or returns a match at exactly the recorded position."""
    raw = bytearray(_sample())
    for _ in range(data.draw(st.integers(1, 3))):
        kind = data.draw(st.sampled_from(["flip", "cut", "insert"]))
        i = data.draw(st.integers(0, len(raw) - 1))
        if kind == "flip":
            raw[i] = data.draw(st.integers(0, 255))
        elif kind == "cut":
            del raw[i : i + data.draw(st.integers(1, 40))]
        else:
            raw[i:i] = data.draw(st.binary(min_size=1, max_size=8))
        if not raw:
            break
    try:
        m = decode_match(bytes(raw), "fuzz.json")
    except SaveError as e:
        assert str(e).startswith("fuzz.json ")
    else:
        assert m.state_sha256() == json.loads(_sample())["state_sha256"]


def test_decode_without_source_names_this_save():
    with pytest.raises(SaveError, match=r"^This save is not a Lowlands save"):
        decode_match(b"{")


def test_unreadable_file_raises_save_error(tmp_path):
    missing = tmp_path / "nope.json"
    with pytest.raises(SaveError, match=r"nope\.json could not be read \(No such file or directory\)"):
        load(missing)
    assert not missing.exists()
    folder = tmp_path / "folder.json"
    folder.mkdir()
    os.utime(folder, (OLD, OLD))
    with pytest.raises(SaveError, match=r"folder\.json could not be read \(Is a directory\)"):
        load(folder)
    assert folder.stat().st_mtime == OLD and list(folder.iterdir()) == []


# -- autosaves ------------------------------------------------------------------
def test_autosave_path_and_overwrite(tmp_path):
    m = make_match(moves=4)
    p = autosave(m, tmp_path)
    assert p == tmp_path / "autosave" / f"{m.id}.json"
    m.push(m.legal_moves()[0])
    assert autosave(m, tmp_path) == p
    assert load(p).ply == 5
    assert sorted(f.name for f in p.parent.iterdir()) == [".index.json", p.name]


def test_list_autosaves_newest_first_with_corrupt_files(tmp_path, monkeypatch):
    assert list_autosaves(tmp_path) == []  # no folder yet
    stamps = iter(["2026-11-01T10:00:00+00:00", "2026-11-03T10:00:00+00:00", "2026-11-02T10:00:00+00:00"])
    made = []
    for i, players in enumerate([("Ann", "Bob"), ("Cy", "Di", "Ed"), ("Flo", "Gus")]):
        monkeypatch.setattr(saves.format, "now_iso", lambda s=next(stamps): s)
        m = finished(players, seed=i) if i == 2 else make_match(players, seed=i, moves=10)
        made.append((m, autosave(m, tmp_path)))
    folder = tmp_path / "autosave"
    bad = write_bytes_old(folder / "broken.json", b'{"format": "lowlands-save", "vers')
    os.utime(bad, (1_793_000_000, 1_793_000_000))  # 2026-10-26: older than all three
    tampered = folder / "tampered.json"
    tampered.write_bytes(edit(encode_match(make_match(("Hal", "Ivy"), moves=6)),
                              state_sha256="f" * 64, updated="2026-11-04T00:00:00+00:00"))
    (folder / ".x.json.abc.tmp").write_bytes(b"half a file")  # an interrupted write: skipped
    (folder / "notes.txt").write_text("not a save")
    snapshot = {f.name: (f.read_bytes(), f.stat().st_mtime_ns) for f in folder.iterdir()}

    infos = list_autosaves(tmp_path)
    assert all(isinstance(i, SaveInfo) for i in infos)
    assert [Path(i.path).name for i in infos] == [
        "tampered.json", made[1][1].name, made[2][1].name, made[0][1].name, "broken.json"]
    t, newest, done, oldest, broken = infos
    assert "does not match its own record" in t.error
    assert t.players == ["Hal", "Ivy"] and t.game_id == "gift-of-tulips" and t.ply == 6  # header still shown
    assert newest == SaveInfo(path=str(made[1][1]), game_id="gift-of-tulips", title="Gift of Tulips",
                              players=["Cy", "Di", "Ed"], ply=10, over=False,
                              updated="2026-11-03T10:00:00+00:00", error="",
                              created=made[1][0].created, seed=made[1][0].seed, bots=["", "", ""],
                              to_move=made[1][0].to_move())
    assert done.over and done.ply == made[2][0].ply and done.error == "" and done.to_move == -1
    assert oldest.players == ["Ann", "Bob"] and not oldest.over
    assert broken.error.startswith(str(folder / "broken.json") + " is not a Lowlands save")
    assert broken.updated.startswith("2026-10-26")
    # nothing was touched, nothing deleted or added
    assert {f.name: (f.read_bytes(), f.stat().st_mtime_ns) for f in folder.iterdir()} == snapshot


def test_list_autosaves_sees_every_rewrite(tmp_path):
    m = make_match(moves=4)
    autosave(m, tmp_path)
    [first] = list_autosaves(tmp_path)
    first.players.append("Zed")  # the caller's copy; the next listing is not affected
    for _ in range(3):
        m.push(m.legal_moves()[0])
        autosave(m, tmp_path)
        [info] = list_autosaves(tmp_path)
        assert info.ply == m.ply and info.players == ["Ann", "Bob", "Cy"]
    p = tmp_path / "autosave" / f"{m.id}.json"
    p.write_bytes(p.read_bytes()[:-30])  # damaged in place, by something else
    [info] = list_autosaves(tmp_path)
    assert "may be truncated" in info.error


def test_list_autosaves_trusts_the_index_only_for_unchanged_files(tmp_path, monkeypatch):
    """autosave records what it wrote; list_autosaves skips replaying exactly those files."""
    m1, m2 = make_match(moves=8), finished(("Di", "Ed"), seed=4)
    p1, p2 = autosave(m1, tmp_path), autosave(m2, tmp_path)
    replayed = []
    real = saves.store.decode_partial  # what save_info replays with
    monkeypatch.setattr(saves.store, "decode_partial", lambda d, s="": (replayed.append(Path(s).name), real(d, s))[1])
    saves.store._INFO_CACHE.clear()
    infos = {Path(i.path).name: i for i in list_autosaves(tmp_path)}
    assert replayed == []
    assert set(infos) == {p1.name, p2.name}  # the index itself is not listed
    assert (infos[p1.name].ply, infos[p1.name].over, infos[p1.name].players) == (8, False, ["Ann", "Bob", "Cy"])
    assert (infos[p2.name].ply, infos[p2.name].over, infos[p2.name].title) == (m2.ply, True, "Gift of Tulips")
    assert infos[p1.name].updated == json.loads(p1.read_bytes())["updated"]
    # edited behind autosave's back (here: a different move list, same length or not): replayed
    p1.write_bytes(edit(p1.read_bytes(), state_sha256="0" * 64))
    saves.store._INFO_CACHE.clear()
    infos = {Path(i.path).name: i for i in list_autosaves(tmp_path)}
    assert replayed == [p1.name]
    assert "does not match its own record" in infos[p1.name].error and infos[p2.name].error == ""
    # a damaged index is ignored: everything is replayed, nothing is written
    (tmp_path / "autosave" / ".index.json").write_bytes(b"{not json")
    saves.store._INFO_CACHE.clear()
    before = {f.name: f.read_bytes() for f in (tmp_path / "autosave").iterdir()}
    assert len(list_autosaves(tmp_path)) == 2 and sorted(replayed) == sorted([p1.name, p1.name, p2.name])
    assert {f.name: f.read_bytes() for f in (tmp_path / "autosave").iterdir()} == before


def test_listing_indexed_autosaves_does_not_load_the_games(tmp_path):
    """The launcher lists autosaves at start: with an up-to-date index that must
    not import ``core`` (which loads every game's rules)."""
    import subprocess
    import sys

    autosave(make_match(moves=5), tmp_path)
    code = (
        "import sys; from saves import list_autosaves; "
        f"[i] = list_autosaves({str(tmp_path)!r}); assert i.ply == 5 and not i.error, i; "
        "print(sorted(m for m in sys.modules if m == 'core' or m.startswith('core.')))"
    )
    root = str(Path(__file__).resolve().parents[1])
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root, check=True)
    assert out.stdout.strip() == "[]"


def test_autosave_index_forgets_deleted_files(tmp_path):
    m1, m2 = make_match(moves=3), make_match(("Di", "Ed"), moves=3)
    p1 = autosave(m1, tmp_path)
    p1.unlink()
    autosave(m2, tmp_path)
    index = json.loads((tmp_path / "autosave" / ".index.json").read_bytes())
    assert list(index["entries"]) == [f"{m2.id}.json"]


def test_list_autosaves_never_raises_on_unreadable_entries(tmp_path):
    (tmp_path / "autosave" / "dir.json").mkdir(parents=True)
    [info] = list_autosaves(tmp_path)
    assert "could not be read" in info.error and info.ply == 0


# -- the data folder ------------------------------------------------------------
def test_data_dir_precedence(tmp_path, monkeypatch):
    default = tmp_path / "platform"
    monkeypatch.setattr(saves.store.platformdirs, "user_data_dir", lambda *a, **k: str(default))
    monkeypatch.delenv("LOWLANDS_DATA_DIR", raising=False)
    assert data_dir() == default and default.is_dir()
    monkeypatch.setenv("LOWLANDS_DATA_DIR", str(tmp_path / "env"))
    assert data_dir() == tmp_path / "env" and (tmp_path / "env").is_dir()
    assert data_dir(tmp_path / "cli" / "deep") == tmp_path / "cli" / "deep"
    assert (tmp_path / "cli" / "deep").is_dir()
    assert data_dir(str(tmp_path / "cli2")) == tmp_path / "cli2"


def test_data_dir_default_is_platformdirs(monkeypatch, tmp_path):
    monkeypatch.delenv("LOWLANDS_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "lowlands"


def test_data_dir_that_cannot_be_made(tmp_path):
    (tmp_path / "f").write_text("x")
    with pytest.raises(SaveError, match="cannot be created"):
        data_dir(tmp_path / "f" / "sub")


# -- game records -----------------------------------------------------------------
def test_record_of_a_finished_three_player_game():
    m = finished(seed=42)
    text = export_text(m)
    head, body, tail = text.split("\n\n")
    tags = dict(re.findall(r'^\[(\w+) "(.*)"\]$', head, re.M))
    assert tags["Game"] == "Gift of Tulips"
    assert tags["Players"] == "Ann, Bob, Cy"
    assert tags["Seed"] == "42"
    assert tags["Date"] == m.created[:10].replace("-", ".")
    assert tags["Decisions"] == str(m.ply)
    winners = [m.seats[i].name for i in TULIPS.winners(m.state)]
    expected = f"{winners[0]} wins" if len(winners) == 1 else " and ".join(winners) + " share the win"
    assert tags["Result"] == expected
    # 3 players: 72 cards - 4 removed (A4) - 2 festival - 6 dealt = 60 draws, two per turn;
    # plus the three set-up choices, each a turn of its own: 63 decisions in 33 turns.
    lines = body.splitlines()
    epilogue = TULIPS.epilogue(m.state)
    assert m.ply == 63 and len(lines) == 63 + len(epilogue)
    # after the decisions, the end: the secret cards turned up and the awards
    assert [ln.strip() for ln in lines[63:]] == ["{" + e + "}" for e in epilogue]
    assert epilogue[0].startswith("Secret festival revealed: ")
    numbered = [ln for ln in lines if re.match(r"^\d+\.", ln)]
    assert [int(ln.split(".")[0]) for ln in numbered] == list(range(1, 34))
    for ply, (ln, mv) in enumerate(zip(lines, m.moves)):
        note, desc = TULIPS.notation(mv), TULIPS.describe(m.state_at(ply), mv)
        assert re.match(rf"^(\d+\.)?\s+{re.escape(note)}\s+\{{{re.escape(desc)}\}}$", ln), ln
    # turn 4 is Ann's first play turn: two decisions
    assert lines[3].startswith("4.") and not re.match(r"^\d", lines[4])
    # the scores: each seat with total and parts, then the winner(s)
    for sh in TULIPS.scores(m.state):
        name = m.seats[sh.seat].name
        parts = ", ".join(f"{k} {int(v)}" for k, v in sh.parts.items())
        assert re.search(rf"^  {name}\s+{int(sh.total)} VP  \({parts}\)$", tail, re.M)
        assert sum(sh.parts.values()) == sh.total
    assert re.search(rf"^Winners?[^:]*: .*{winners[0]}", tail, re.M)
    assert text.endswith("\n")


def test_record_of_an_unfinished_game_hides_the_secret_cards():
    m = make_match(("Ann", "Bob"), seed=3, moves=30)
    text = export_text(m)
    assert '[Result "*"]' in text
    assert "Final scores" not in text and "Winner" not in text
    assert "Standing" in text
    body = text.split("\n\n")[1].splitlines()
    secret_lines = [ln for ln, mv in zip(body, m.moves) if TULIPS.notation(mv) == "secret"]
    assert secret_lines, "seed 3 should include a secret-festival move"
    for ln in secret_lines:
        assert not re.search(r"(pink|blue|orange|violet) [234]", ln), ln
    # the hidden parts of the state are never printed
    assert "??" not in text and "rng" not in text.lower()


def test_record_header_escapes_names_and_lists_bots():
    m = make_match(('Ann "the Bold"', "Bob\\"), moves=4, kinds={"Bob\\": "bot"})
    text = export_text(m)
    assert '[Players "Ann \\"the Bold\\", Bob\\\\"]' in text
    assert '[Bots "Bob\\\\ (random)"]' in text


def test_record_of_a_shared_win(monkeypatch):
    m = finished(("Ann", "Bob"), seed=5)
    monkeypatch.setattr(type(TULIPS), "winners", lambda self, s: [0, 1])
    text = export_text(m)
    assert '[Result "Ann and Bob share the win"]' in text
    assert "Winners (shared win): Ann and Bob" in text


# -- issue 10 item 14: a save broken at move N can still be reviewed up to move N-1 ----
def test_decode_partial_gives_the_game_up_to_the_last_legal_move():
    from saves.format import MoveBroken, StateMismatch, decode_partial

    good = make_match(moves=20)
    m, broken = decode_partial(_move12("give 7"), "b.json")
    assert m.ply == 11 and m.moves == good.moves[:11]
    assert m.state == good.state_at(11)
    assert str(broken) == "b.json is damaged: move 12 'give 7' is not legal there."
    assert isinstance(broken, MoveBroken) and broken.move == 12
    with pytest.raises(SaveError) as err:
        decode_match(_move12("give 7"), "b.json")
    assert str(err.value) == str(broken)
    # only the final hash differs: every move is shown, the error still says so
    m, broken = decode_partial(edit(_valid(), state_sha256="0" * 64))
    assert m.ply == 20 and "does not match its own record" in str(broken)
    assert isinstance(broken, StateMismatch) and not isinstance(broken, MoveBroken)
    # a sound save: no error
    m, broken = decode_partial(_valid())
    assert broken is None and m.state == good.state
    # nothing to review when the set-up itself cannot be read
    with pytest.raises(SaveError, match="does not know"):
        decode_partial(edit(_valid(), game="tic-tac-toe"))


def test_load_partial_leaves_the_file_untouched(tmp_path):
    p = write_bytes_old(tmp_path / "b.json", _move12("fly to the moon"))
    data = p.read_bytes()
    m, broken = saves.load_partial(p)
    assert m.ply == 11 and "move 12" in str(broken) and str(broken).startswith(str(p))
    assert p.read_bytes() == data and p.stat().st_mtime == OLD
