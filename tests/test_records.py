"""Reviewing an exported game record (``lowlands review RECORD``, the launcher's
Review dialog): ``saves.record.read_record`` rebuilds the game from the
record's headers and replays its moves through the game's ``parse``; a record
that does not replay is refused with the line and why, and never written."""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import msgspec
import pytest

from core import get_game
from core.match import Match, Seat
from saves import SaveError, decode_match, encode_match, export_text, save
from saves.record import read_record
from tests.apphelpers import make_app, settle

OLD = 1_600_000_000  # a fixed past mtime, so any write would show

#: game id -> (players, options other than the defaults): every game, and each option kind
GAMES = {
    "gift-of-tulips": (3, {}),
    "golden-age": (3, {"two_player_variant": True}),
    "windmill-valley": (2, {"expert": True}),
    "fields-of-arle": (1, {"first_game": True}),
}
NAMES = ["Ann", 'Bob "B", Jr', "Cy\\Z"]  # a comma, quotes and a backslash in names


def finished(game_id: str, seed: int = 3) -> Match:
    """A finished game of ``game_id``, played by seeded random choices; the
    second seat (if any) a greedy bot."""
    game = get_game(game_id)
    n, options = GAMES[game_id]
    seats = [Seat(name, "bot" if i == 1 else "human", "greedy") for i, name in enumerate(NAMES[:n])]
    m = Match(game, seats, seed, game.Options(**options))
    r = random.Random(seed)
    while not m.is_over():
        m.push(r.choice(m.legal_moves()))
    return m


def write_old(path: Path, text: str) -> Path:
    path.write_bytes(text.encode("utf-8"))
    os.utime(path, (OLD, OLD))
    return path


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_record_reviews_to_the_final_position_of_its_save(game_id: str) -> None:
    m = finished(game_id)
    saved = decode_match(encode_match(m), "game.json")
    got = read_record(export_text(m).encode("utf-8"), "game.txt")
    game = got.game
    assert game.id == game_id and got.ply == saved.ply and got.is_over()
    assert got.moves == saved.moves
    assert [(s.name, s.kind, s.level if s.kind == "bot" else "") for s in got.seats] == \
        [(s.name, s.kind, s.level if s.kind == "bot" else "") for s in saved.seats]
    assert got.options == saved.options and got.seed == saved.seed
    assert game.scores(got.state) == game.scores(saved.state)
    for seat in range(len(got.seats)):
        assert msgspec.msgpack.encode(game.view(got.state, seat)) == msgspec.msgpack.encode(game.view(saved.state, seat))
    assert got.state_sha256() == saved.state_sha256()
    assert got.undo_policy == "friendly"  # (a record has none: the default)


def test_a_record_of_an_unfinished_game_reviews_to_where_it_stopped() -> None:
    game = get_game("gift-of-tulips")
    m = Match(game, [Seat("Ann"), Seat("Bob")], 9)
    r = random.Random(9)
    for _ in range(7):
        m.push(r.choice(m.legal_moves()))
    got = read_record(export_text(m).encode("utf-8"))
    assert got.ply == 7 and got.state_sha256() == m.state_sha256()
    none = read_record(export_text(Match(game, [Seat("Ann"), Seat("Bob")], 9)).encode("utf-8"))
    assert none.ply == 0  # no moves at all: the set-up


def test_names_with_commas_are_escaped_in_the_lists() -> None:
    text = export_text(finished("windmill-valley"))
    assert '[Players "Ann, Bob \\"B\\"\\, Jr"]' in text
    assert '[Bots "Bob \\"B\\"\\, Jr (greedy)"]' in text


def test_an_older_record_reads_its_bots_without_a_level_as_random() -> None:
    game = get_game("gift-of-tulips")
    m = Match(game, [Seat("Ann"), Seat("Bob", "bot", "random")], 4)
    r = random.Random(4)
    for _ in range(5):
        m.push(r.choice(m.legal_moves()))
    old = export_text(m).replace('[Bots "Bob (random)"]', '[Bots "Bob"]')  # as records before bot levels
    assert '[Bots "Bob"]' in old
    got = read_record(old.encode("utf-8"))
    assert [(s.kind, s.level) for s in got.seats] == [("human", "random"), ("bot", "random")]


def _broken(text: str) -> dict[str, tuple[str, str]]:
    """Hand edits of a record -> (the edited text, the message's expected "line N: ..." start)."""
    lines = text.splitlines(keepends=True)
    move_at = next(i for i, line in enumerate(lines) if line.startswith("3."))

    def edit(i: int, new: str) -> str:
        return "".join(lines[:i] + [new] + lines[i + 1:])

    note = lines[move_at][5:].split("{")[0].strip()
    return {
        "a move that is not legal": (
            edit(move_at, lines[move_at].replace(note, "fly to the moon", 1)),
            f"line {move_at + 1}: move "),
        "a line that is no decision": (edit(move_at, "   something else\n"), f"line {move_at + 1}: 'something else' is not a decision"),
        "the seed missing": (text.replace('[Seed "3"]\n', ""), "line 9: the headers above have no Seed line"),
        "an unknown game": (text.replace('[Game "Windmill Valley"]', '[Game "Chess"]'), "line 2: 'Chess' is not a game"),
        "a decision count changed": (re.sub(r'\[Decisions "\d+"\]', '[Decisions "1"]', text),
                                     "line 8: the record says 1 decisions, but lists"),
        "another result": (re.sub(r"^\[Result .*$", '[Result "Cy wins"]', text, flags=re.M),
                           "line 9: the record says the result is 'Cy wins', but its moves give"),
        "a header line broken": (text.replace('[Seed "3"]', "[Seed 3]"), "line 5: '[Seed 3]' is not a header line"),
        "an unknown option": (text.replace('[Options "expert=True"]', '[Options "expert=True, turbo=1"]'),
                              "line 7: the record has a field this version of Lowlands does not know"),
    }


@pytest.mark.parametrize("case", sorted(_broken(export_text(finished("windmill-valley")))))
def test_a_hand_broken_record_says_which_line_and_why_and_is_left_as_it_is(case: str, tmp_path, monkeypatch, capsys) -> None:
    from tui import app as app_module

    text, expected = _broken(export_text(finished("windmill-valley")))[case]
    path = write_old(tmp_path / "rec.txt", text)
    with pytest.raises(SaveError) as e:
        read_record(path.read_bytes(), str(path))
    assert str(e.value).startswith(f"{path}, {expected}"), str(e.value)
    # the command line: one line, status 2, the file untouched
    monkeypatch.setenv("LOWLANDS_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("LOWLANDS_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setattr(app_module, "terminal_problem", lambda: "")
    monkeypatch.setattr(app_module.LowlandsApp, "run", lambda self, **k: pytest.fail("the TUI was started"))
    assert app_module.main(["review", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and f"{path}, {expected}" in err, err
    assert path.read_bytes() == text.encode("utf-8") and path.stat().st_mtime == OLD


def test_cli_review_of_a_record_opens_the_review_screen(tmp_path, monkeypatch) -> None:
    from tui import app as app_module
    from tui.screens.review import ReviewScreen

    m = finished("gift-of-tulips")
    path = write_old(tmp_path / "rec.txt", export_text(m))
    opened: list = []
    monkeypatch.setenv("LOWLANDS_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("LOWLANDS_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setattr(app_module, "terminal_problem", lambda: "")
    monkeypatch.setattr(app_module.LowlandsApp, "open_match",
                        lambda self, match, **k: opened.append((match, k, match in self.read_only_matches)))
    monkeypatch.setattr(app_module.LowlandsApp, "run", lambda self, **k: self._start())
    assert app_module.main(["review", str(path)]) == 0
    ((match, kw, looked_at_only),) = opened
    assert kw == {"review": True, "source": path} and looked_at_only
    assert match.ply == m.ply and match.state_sha256() == m.state_sha256()
    assert path.stat().st_mtime == OLD
    assert ReviewScreen  # (the screen itself: the Pilot test below)


async def test_a_record_opened_from_the_review_dialog_is_reviewed_and_never_written(dirs, tmp_path) -> None:
    from textual.widgets import Input

    from saves import load
    from saves.store import list_autosaves
    from tui.screens.dialogs import ConfirmDialog, MessageDialog, PathDialog
    from tui.screens.game import GameScreen
    from tui.screens.review import ReviewScreen

    data, _ = dirs
    m = finished("gift-of-tulips")
    text = export_text(m)
    path = write_old(tmp_path / "rec.txt", text)
    app = make_app(dirs)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("3")  # Review a saved game...
        await settle(pilot)
        app.screen.query_one("#path", Input).value = str(path)
        await pilot.press("enter")
        await settle(pilot, 3)
        review = app.screen
        assert isinstance(review, ReviewScreen) and not review.read_only
        assert review.cursor == m.ply and review.match.state_sha256() == m.state_sha256()
        await pilot.press("home", "right", "right")
        await settle(pilot)
        assert review.cursor == 2
        # an export from the review is never written over the record it shows
        app.export_dialog(review.match)
        await settle(pilot)
        assert isinstance(app.screen, PathDialog)
        app.screen.query_one("#path", Input).value = str(path)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, MessageDialog) and "is the file being read" in app.screen.message
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, PathDialog)  # asked again, to pick another path
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is review
        app.autosave_open_matches()  # (as quitting does): a record looked at is not autosaved
        assert list_autosaves(data) == []
        await pilot.press("c")  # continue from decision 2: a new game, with its own autosave
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog) and "rec.txt stays as it is" in app.screen.question
        await pilot.press("y")
        await settle(pilot, 3)
        game = app.screen
        assert isinstance(game, GameScreen) and game.match.ply == 2
        (info,) = list_autosaves(data)
        assert load(info.path).moves == m.moves[:2]
    assert path.read_bytes() == text.encode("utf-8") and path.stat().st_mtime == OLD


def test_list_records_reads_each_record_in_the_records_folder(tmp_path: Path) -> None:
    """polish8 item 1: ``saves.store.list_records`` gives review's dialog the
    records in ``records/``: newest first by the file's time, each read back as
    review reads it (a record review would refuse with the reason, a .txt that
    is no record with why), a record under another name too, and never a hidden
    file (a killed write's temp file) or another kind of file."""
    from saves.store import RECORDS_DIR, list_records

    assert list_records(tmp_path) == []  # no folder: nothing, no error
    folder = tmp_path / RECORDS_DIR
    folder.mkdir()
    match = Match(get_game("gift-of-tulips"), [Seat("Ann", "human"), Seat("Bob", "bot", "greedy")], seed=3)
    for _ in range(4):
        match.push(match.legal_moves()[0])
    text = export_text(match)
    files = {"a.txt": text, "b.pgn": text, "notes.txt": "shopping list\n", "c.json": "{}",
             ".a.txt.abcd1234.tmp": text, "bad.txt": text.replace('[Decisions "4"]', '[Decisions "9"]')}
    for i, (name, body) in enumerate(files.items()):
        (folder / name).write_text(body, encoding="utf-8")
        os.utime(folder / name, (1_700_000_000 + i, 1_700_000_000 + i))
    infos = list_records(tmp_path)
    assert [Path(i.path).name for i in infos] == ["bad.txt", "notes.txt", "b.pgn", "a.txt"]
    good = infos[-1]
    assert (good.title, good.players, good.bots, good.ply, good.error) == (
        "Gift of Tulips", ["Ann", "Bob"], ["", "greedy"], 4, "")
    assert "line " in infos[0].error and "9 decisions, but lists 4" in infos[0].error
    assert "is not a Lowlands game record" in infos[1].error
    assert (folder / "notes.txt").read_text(encoding="utf-8") == "shopping list\n"  # only read
