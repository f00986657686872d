"""The ``lowlands`` command line: exit codes, one-line errors, export output.

Bad arguments must print one clear line to stderr and exit with status 2,
without a traceback and without touching any file named on the command line.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from core import get_game
from core.bots import choose
from core.match import Match, Seat
from saves import SaveError, export_text, load, save
from tui import app as app_module
from tui.app import build_parser, main, make_match

ROOT = Path(__file__).resolve().parents[1]
TULIPS = get_game("gift-of-tulips")


def saved_match(path: Path, moves: int = 12) -> Match:
    m = Match(TULIPS, [Seat("Ann"), Seat("Bob"), Seat("Cy")], 3)
    for _ in range(moves):
        m.push(choose(TULIPS, m.state, m.ply))
    save(m, path)
    return m


@pytest.fixture(autouse=True)
def no_tui(monkeypatch, tmp_path):
    """Fail loudly if a test would start the full-screen app."""
    monkeypatch.setenv("LOWLANDS_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("LOWLANDS_CONFIG_DIR", str(tmp_path / "config"))

    def boom(self, *a, **k):
        raise AssertionError("the TUI was started")

    monkeypatch.setattr(app_module.LowlandsApp, "run", boom)
    monkeypatch.setattr(app_module, "terminal_problem", lambda: "")  # as in a terminal


def run_main(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def one_error_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    assert lines[0].startswith("lowlands: ")
    return lines[0]


@pytest.mark.parametrize(
    "argv, expected",
    [
        (["new", "chess", "--players", "Ann,Bob"], "unknown game 'chess' (known: "),
        (["new", "gift-of-tulips", "--players", "Ann"], "Gift of Tulips takes 2-6 players, not 1"),
        (["new", "gift-of-tulips", "--players", "A,B,C,D,E,F,G"], "takes 2-6 players, not 7"),
        (["new", "gift-of-tulips", "--players", "Ann,Bob,ann"], "two players are called 'ann'"),
        (["new", "gift-of-tulips", "--players", "Ann,,Cy"], "player 2 has an empty name"),
        (["new", "gift-of-tulips", "--players", "Ann, "], "player 2 has an empty name"),
        (["new", "gift-of-tulips", "--players", "Ann,Bob", "--bots", "Zed"], "--bots names 'Zed', who is not among the players"),
        (["new", "gift-of-tulips", "--players", "Ann,Bob", "--seed", "x"], "invalid int value: 'x'"),
        (["new", "gift-of-tulips", "--players", "Ann,Bob", "--undo", "lax"], "invalid choice: 'lax'"),
        (["new", "gift-of-tulips"], "the following arguments are required: --players"),
        (["fly"], "invalid choice: 'fly'"),
        (["--bogus"], "unrecognized arguments: --bogus"),
    ],
)
def test_bad_new_arguments_exit_2_with_one_line(argv, expected, capsys) -> None:
    code, out, err = run_main(argv, capsys)
    assert code == 2
    assert out == ""
    assert expected in one_error_line(err)


@pytest.mark.parametrize("command", ["load", "review", "export"])
def test_missing_file_exits_2(command, tmp_path, capsys) -> None:
    missing = tmp_path / "nope.json"
    code, _, err = run_main([command, str(missing)], capsys)
    assert code == 2
    assert one_error_line(err) == f"lowlands: no such file: {missing}"
    assert not missing.exists()


@pytest.mark.parametrize("command", ["load", "review", "export"])
@pytest.mark.parametrize("content", [b"", b"{ not json", b'{"format": "lowlands-save", "version": 999}'])
def test_corrupt_file_exits_2_and_is_untouched(command, content, tmp_path, capsys) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    stat = path.stat()
    from saves.store import load_for_review

    with pytest.raises(SaveError) as info:  # (review opens records too: "not a Lowlands save or record")
        (load_for_review if command == "review" else load)(path)
    code, _, err = run_main([command, str(path)], capsys)
    assert code == 2
    assert one_error_line(err) == f"lowlands: {info.value}"
    assert path.read_bytes() == content
    assert path.stat().st_mtime_ns == stat.st_mtime_ns


def test_tampered_move_list_is_refused(tmp_path, capsys) -> None:
    path = tmp_path / "g.json"
    saved_match(path)
    text = path.read_text()
    bad = text.replace('"keep"', '"give 9"', 1) if '"keep"' in text else text.replace('"add"', '"give 9"', 1)
    assert bad != text
    path.write_text(bad)
    code, _, err = run_main(["load", str(path)], capsys)
    assert code == 2
    one_error_line(err)
    assert path.read_text() == bad


def test_export_prints_record(tmp_path, capsys) -> None:
    path = tmp_path / "g.json"
    saved_match(path)
    before = path.read_bytes()
    code, out, err = run_main(["export", str(path)], capsys)
    assert code == 0 and err == ""
    expected = export_text(load(path))
    assert out.rstrip("\n") == expected.rstrip("\n")
    assert "Ann" in out and "Bob" in out and "Cy" in out
    assert path.read_bytes() == before


def test_export_to_file(tmp_path, capsys) -> None:
    path = tmp_path / "g.json"
    saved_match(path)
    out_path = tmp_path / "record.txt"
    code, out, err = run_main(["export", str(path), "-o", str(out_path)], capsys)
    assert code == 0 and out == "" and err == ""
    assert out_path.read_text(encoding="utf-8") == export_text(load(path))


def test_export_to_unwritable_place_fails_cleanly(tmp_path, capsys) -> None:
    path = tmp_path / "g.json"
    saved_match(path)
    code, _, err = run_main(["export", str(path), "-o", str(tmp_path / "no" / "such" / "dir" / "r.txt")], capsys)
    assert code == 2  # as every other bad command line (once: 1)
    assert "cannot write" in one_error_line(err)


def test_make_match_from_arguments() -> None:
    args = build_parser().parse_args(
        ["new", "gift-of-tulips", "--players", " Ann , Bob ,Cy", "--bots", "bob", "--seed", "77", "--undo", "strict"]
    )
    m = make_match(args)
    assert [(s.name, s.kind) for s in m.seats] == [("Ann", "human"), ("Bob", "bot"), ("Cy", "human")]
    assert m.seed == 77 and m.undo_policy == "strict" and m.ply == 0
    assert m.state == Match(TULIPS, m.seats, 77).state


def test_global_options_before_or_after_command(tmp_path) -> None:
    p = build_parser()
    a = p.parse_args(["--data-dir", str(tmp_path), "--ascii", "load", "x.json"])
    b = p.parse_args(["load", "x.json", "--data-dir", str(tmp_path), "--ascii"])
    assert a.data_dir == b.data_dir == str(tmp_path) and a.ascii and b.ascii


def test_valid_new_starts_the_app_with_the_game(tmp_path, monkeypatch, capsys) -> None:
    started = {}

    def fake_run(self, *a, **k):
        started["app"] = self
        return None

    monkeypatch.setattr(app_module.LowlandsApp, "run", fake_run)
    code = main(["--data-dir", str(tmp_path / "d"), "new", "gift-of-tulips", "--players", "Ann,Bob", "--curtain", "--ascii"])
    assert code == 0
    app = started["app"]
    assert app.data_dir == tmp_path / "d" and app.ascii and app.curtain
    assert callable(app._start)


def test_data_dir_from_environment(tmp_path, monkeypatch) -> None:
    started = {}
    monkeypatch.setattr(app_module.LowlandsApp, "run", lambda self, *a, **k: started.setdefault("app", self))
    monkeypatch.setenv("LOWLANDS_DATA_DIR", str(tmp_path / "env-data"))
    assert main([]) == 0
    assert started["app"].data_dir == tmp_path / "env-data"
    assert started["app"]._start is None


def test_console_script_subprocess_exit_code(tmp_path) -> None:
    env = dict(os.environ, LOWLANDS_DATA_DIR=str(tmp_path / "d"), LOWLANDS_CONFIG_DIR=str(tmp_path / "c"))
    proc = subprocess.run(
        [sys.executable, "-m", "tui.app", "new", "gift-of-tulips", "--players", "Solo"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.strip() == "lowlands: Gift of Tulips takes 2-6 players, not 1"


def test_help_exits_0(capsys) -> None:
    with pytest.raises(SystemExit) as e:
        main(["--help"])
    assert e.value.code == 0
    assert "lowlands" in capsys.readouterr().out


# -- issue 10 item 2: no command writes over a file it reads, or another kind of file ------
def test_export_never_writes_over_the_save_it_reads(tmp_path, capsys) -> None:
    path = tmp_path / "g.json"
    saved_match(path)
    before = path.read_bytes()
    for argv in (["export", str(path), "-o", str(path)],
                 ["export", str(path), "-o", str(path), "--force"],
                 ["export", str(path), "-o", str(tmp_path / "." / "g.json")]):
        code, out, err = run_main(argv, capsys)
        assert code == 2
        assert "is the file being read" in one_error_line(err)
        assert path.read_bytes() == before


def test_export_refuses_another_kind_of_file_without_force(tmp_path, capsys) -> None:
    path = tmp_path / "g.json"
    saved_match(path)
    other = tmp_path / "other.json"
    saved_match(other, moves=3)  # another game's save
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    for target, words in ((other, "is a Lowlands save"), (notes, "is not a Lowlands file")):
        before = target.read_bytes()
        code, _, err = run_main(["export", str(path), "-o", str(target)], capsys)
        assert code == 2
        line = one_error_line(err)
        assert words in line and "--force" in line
        assert target.read_bytes() == before
    # asked for: replaced
    code, _, err = run_main(["export", str(path), "-o", str(notes), "--force"], capsys)
    assert code == 0 and err == ""
    assert notes.read_text(encoding="utf-8") == export_text(load(path))
    # an earlier record is the command's own kind: replaced without --force
    code, _, err = run_main(["export", str(other), "-o", str(notes)], capsys)
    assert code == 0
    assert notes.read_text(encoding="utf-8") == export_text(load(other))
    # a folder is never a target
    code, _, err = run_main(["export", str(path), "-o", str(tmp_path), "--force"], capsys)
    assert code == 2 and "is a folder" in one_error_line(err)


def test_file_kind_tells_saves_records_and_others(tmp_path) -> None:
    from saves.store import KIND_OTHER, KIND_RECORD, KIND_SAVE, file_kind

    path = tmp_path / "g.json"
    m = saved_match(path)
    rec = tmp_path / "r.txt"
    rec.write_text(export_text(m), encoding="utf-8")
    junk = tmp_path / "j"
    junk.write_bytes(b"\x00\xff")
    assert file_kind(path) == KIND_SAVE and file_kind(rec) == KIND_RECORD and file_kind(junk) == KIND_OTHER
    assert file_kind(tmp_path / "missing") is None


# -- issue 10 item 5: --version; temporary files of killed writes are cleaned up --------
def test_version_prints_and_exits_0(capsys) -> None:
    from importlib.metadata import version

    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"lowlands {version('lowlands')}"


def test_start_removes_only_our_stale_temp_files(tmp_path, monkeypatch, capsys) -> None:
    import tempfile
    import time

    from saves.store import RECORDS_DIR, write_atomic

    data = tmp_path / "data"
    folder = data / "autosave"
    folder.mkdir(parents=True)
    (data / "saves").mkdir()
    (data / RECORDS_DIR).mkdir()
    old = time.time() - 3600

    def leftover(where: Path, name: str, age: float = old) -> Path:
        fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=where)  # as write_atomic names them
        os.close(fd)
        os.utime(tmp, (age, age))
        return Path(tmp)

    stale = [leftover(folder, "abc123.json"), leftover(data / "saves", "g.json"),
             leftover(data / RECORDS_DIR, "g.txt")]  # (the export's folder too)
    fresh = leftover(folder, "def456.json", age=time.time())  # perhaps another copy writing now
    others = [folder / ".notes.tmp", folder / "x.json.abcdefgh.tmp", folder / "keep.json"]
    for p in others:
        p.write_text("mine")
        os.utime(p, (old, old))
    save_path = tmp_path / "g.json"
    saved_match(save_path)
    monkeypatch.setattr(app_module.LowlandsApp, "run", lambda self, **k: None)
    assert main(["review", str(save_path), "--data-dir", str(data)]) == 0
    assert not any(p.exists() for p in stale)
    assert fresh.exists() and all(p.exists() for p in others)
    # write_atomic's own temp names match what is cleaned
    write_atomic(folder / "z.json", b"{}")
    assert sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp")) == sorted(
        [fresh.name, ".notes.tmp", "x.json.abcdefgh.tmp"])


def test_new_remembers_its_table_for_the_form(tmp_path, monkeypatch) -> None:
    """`lowlands new` leaves its table in config.json, as the new-game form
    does, so the form opens on it next time (README: "filled in with the last
    game and table you started"); a playtester's Me,Bot game was not kept."""
    from tui.config import load_config

    started = {}
    monkeypatch.setattr(app_module.LowlandsApp, "run", lambda self, *a, **k: started.setdefault("app", self))
    code = main(["new", "windmill-valley", "--players", "Me,Bot", "--bots", "Bot:greedy", "--undo", "strict",
                 "--bot-time", "2"])
    assert code == 0
    assert load_config(tmp_path / "config").last_table.game == ""  # nothing until the game starts
    started["app"]._start()
    last = load_config(tmp_path / "config").last_table
    assert (last.game, last.players, last.bots, last.levels) == ("windmill-valley", ["Me", "Bot"], [False, True],
                                                                 ["strong", "greedy"])
    assert last.undo == "strict" and last.bot_time == 2.0 and not last.curtain
