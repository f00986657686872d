"""Tests for the playtest faults (the TUI_FIXES playtest notes) that live in the
app shell (tui/app.py, tui/config.py, tui/chrome.py and the shell screens).

Each test names its item; each failed before its fix.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from core import get_game
from core.bots import choose
from core.match import Match, Seat
from saves import autosave, autosave_path, load, save
from tui import app as app_module
from tui.app import main
from tui.screens.game import GameScreen

from tests.apphelpers import make_app, new_match, settle


# -- item 6: a game loaded from a file gets its own autosave ------------------------------------
def _cli_loaded_match(argv, monkeypatch) -> Match:
    got: dict = {}
    real = app_module._game_screen_factory

    def spy(match, folder, curtain):
        got["match"] = match
        return real(match, folder, curtain)

    monkeypatch.setattr(app_module, "_game_screen_factory", spy)
    monkeypatch.setattr(app_module.LowlandsApp, "run", lambda self, *a, **k: None)
    monkeypatch.setattr(app_module, "terminal_problem", lambda: "")  # as in a terminal
    assert main(argv) == 0
    return got["match"]


def test_cli_load_of_a_save_file_gets_a_fresh_match_id(tmp_path, monkeypatch) -> None:
    data = tmp_path / "data"
    live = new_match(moves=20)
    live_autosave = autosave(live, data)
    before = live_autosave.read_bytes()
    early = new_match(moves=6)
    early.id = live.id  # a file saved from the same game, earlier
    save(early, tmp_path / "early.json")
    m = _cli_loaded_match(["--data-dir", str(data), "load", str(tmp_path / "early.json")], monkeypatch)
    assert m.ply == 6
    assert m.id != live.id
    assert autosave_path(m, data) != live_autosave
    autosave(m, data)
    assert live_autosave.read_bytes() == before  # the live game's autosave is untouched
    assert load(live_autosave).ply == 20


def test_cli_load_of_the_autosave_itself_keeps_its_id(tmp_path, monkeypatch) -> None:
    data = tmp_path / "data"
    live = new_match(moves=4)
    path = autosave(live, data)
    m = _cli_loaded_match(["--data-dir", str(data), "load", str(path)], monkeypatch)
    assert m.id == live.id


async def test_launcher_load_file_forks_id_but_continue_keeps_it(dirs, tmp_path) -> None:
    data, _ = dirs
    live = new_match(moves=8)
    live_path = autosave(live, data)
    copy = tmp_path / "copy.json"
    save(new_match(moves=3), copy)
    early = load(copy)
    early.id = live.id
    save(early, copy)
    app = make_app(dirs)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.open_file(copy)
        await settle(pilot, 3)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.match.ply == 3 and app.screen.match.id != live.id
        app.go_launcher()
        await settle(pilot, 3)
        assert load(live_path).ply == 8  # not overwritten by the loaded copy
        assert app.open_file(live_path)  # Continue: the autosave itself
        await settle(pilot, 3)
        assert app.screen.match.id == live.id


# -- item 8: the game-over screen tells the epilogue (Windmill Valley solo lost to the Gardener) ---
def _solo_lost_to_gardener() -> Match:
    wv = get_game("windmill-valley")
    for seed in range(1, 40):
        m = Match(wv, [Seat("Sol")], seed)
        while not m.is_over():
            m.push(choose(wv, m.state, m.ply))
        if not wv.winners(m.state):
            return m
    raise AssertionError("no seeded solo game lost to the Gardener")  # pragma: no cover


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_game_over_shows_epilogue_and_no_player_wins(dirs, size) -> None:
    from textual.widgets import Static

    from tui.screens.game_over import GameOverScreen, winners_text

    m = _solo_lost_to_gardener()
    lines = m.game.epilogue(m.state)
    assert any("Gardener" in line and "wins" in line for line in lines)
    assert winners_text(m) == f"{m.seats[0].name[0]} {m.seats[0].name} scores {m.game.scores(m.state)[0].total:g} VP."
    app = make_app(dirs)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        app.push_screen(GameOverScreen(m))
        await settle(pilot, 3)
        screen = app.screen
        shown = str(screen.query_one("#epilogue", Static).render())
        for line in lines:
            assert line in shown
        ep = screen.query_one("#epilogue", Static)
        assert ep.region.height >= len(lines) and ep.region.y < size[1] - 1  # visible, on screen
        assert winners_text(m) in str(screen.query_one("#winners", Static).render())


# -- item 9: review numbers turns as the log does; one sparkline scale; ½ ------------------------
def _record_turns(match: Match) -> list[int]:
    """Turn number of each decision (1..ply) read from the exported record."""
    from saves import export_text

    body = export_text(match).split("\n\n", 1)[1].splitlines()
    numbers, current = [0], 0
    for line in body[: match.ply]:
        head = line[:5].strip()
        if head:
            current = int(head.rstrip("."))
        numbers.append(current)
    return numbers


async def test_review_turn_numbers_follow_the_log(dirs) -> None:
    from tui.screens.review import ReviewScreen

    m = new_match(moves=40)
    expected = _record_turns(m)
    old = [sum(1 for s in m.turn_starts() if s <= k) for k in range(m.ply + 1)]
    assert old[1:] != expected[1:]  # the old numbering (state after the decision) disagreed here
    app = make_app(dirs, start=lambda: ReviewScreen(m))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        review = app.screen
        for k in range(1, m.ply + 1):
            assert review.turn_of(k) == expected[k], k
        review.move_to(m.ply)
        await settle(pilot)
        assert f"turn {expected[-1]}/{expected[-1]}" in str(review.query_one("#review-position").render())
        # a decision that ends a turn is numbered with its own turn, not the next one
        ends = [k for k in range(1, m.ply) if expected[k + 1] != expected[k]]
        assert ends
        review.move_to(ends[0])
        await settle(pilot)
        assert review.sub_title.endswith(f"turn {expected[ends[0]]}")


def test_score_spark_uses_one_scale_for_every_seat() -> None:
    from tui.screens.review import ScoreSpark

    low = ScoreSpark([0, 2, 4, 6], 0, 60)
    high = ScoreSpark([0, 20, 40, 60], 0, 60)
    assert high.bars(4)[-1] == "█"
    assert low.bars(4)[-1] in "▁▂"  # 6 of 60 VP is a low bar, not a full block
    asc = ScoreSpark([0, 30, 60], 0, 60, ascii=True)
    row = asc.bars(3)
    assert row[0] == "_" and row[1] not in "_#" and row[2] == "#" and row.isascii()


async def test_review_sparklines_share_a_maximum(dirs) -> None:
    from tui.screens.review import ReviewScreen, ScoreSpark

    m = new_match(moves=60)
    app = make_app(dirs, start=lambda: ReviewScreen(m))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        sparks = list(app.screen.query(ScoreSpark))
        assert len(sparks) == 3
        assert len({(s.low, s.high) for s in sparks}) == 1
        peak = [max(s.data) for s in sparks]
        assert sparks[0].high == max(peak)
        top = [s.bars(40) for s in sparks]
        for s, row in zip(sparks, top):
            assert ("█" in row) == (max(s.data) == s.high)


def test_review_numbers_without_point_zero_and_with_half() -> None:
    from tui.screens.review import _num, tally_changes

    assert _num(2.0) == "2" and _num(1.5) == "1½" and _num(0.5) == "½" and _num(-2.5) == "-2½"
    assert _num(1.5, ascii=True) == "1.5"
    assert tally_changes([{"Guilders": 1.5}], [{"Guilders": 2.0}], ["A Ann"]) == ["A Ann: Guilders 1½ -> 2 (+½)"]
    assert tally_changes([{"Guilders": 1.5}], [{"Guilders": 2.0}], ["A Ann"], ascii=True) == [
        "A Ann: Guilders 1.5 -> 2 (+0.5)"
    ]


# -- item 11: the new-game form: Enter moves on; option labels fit; option hints -------------------
async def test_enter_in_a_name_field_moves_to_the_next_field(dirs) -> None:
    from textual.widgets import Input

    from tui.screens.new_game import NewGameScreen

    app = make_app(dirs)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(NewGameScreen("gift-of-tulips"))
        await settle(pilot, 3)
        form = app.screen
        form.query_one("#name-0", Input).focus()  # (the form opens on the game choice)
        await settle(pilot)
        assert app.focused is form.query_one("#name-0", Input)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)  # not started
        assert app.focused is not form.query_one("#name-0", Input)
        assert app.focused is form.query_one("#bot-0")  # the next field of the row
        await pilot.press("ctrl+s")
        await settle(pilot, 3)
        assert isinstance(app.screen, GameScreen)


@pytest.mark.parametrize("game_id", ["golden-age", "windmill-valley"])
async def test_option_labels_are_whole_and_explained(dirs, game_id) -> None:
    from textual.widgets import Checkbox, Label, Static

    from tui.screens.new_game import NewGameScreen, option_docs, option_fields

    g = get_game(game_id)
    docs = option_docs(g.Options)
    fields = [f.name for f in option_fields(g.Options)]
    assert fields and set(docs) == set(fields)
    app = make_app(dirs)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(NewGameScreen(game_id))
        await settle(pilot, 4)
        form = app.screen
        for name in fields:
            widget = form.query_one(f"#opt-{name}")
            row = widget.parent
            text = name.replace("_", " ")
            if isinstance(widget, Checkbox):  # its box carries the name ("▐ ▌ expert")
                assert str(widget.label) == text and widget.content_region.width >= len(text) + 3
            else:
                label = row.query_one(Label)
                assert str(label.render()) == text
                assert label.content_region.width >= len(text), (name, label.content_region)
            assert widget.tooltip == docs[name]
            hint = form.query_one(f"#opt-hint-{name}", Static)
            assert str(hint.render()) == docs[name] and hint.region.height >= 1


# -- item 14: the config is written by saves.store.write_atomic -----------------------------------
def test_save_config_uses_the_shared_atomic_writer(tmp_path, monkeypatch) -> None:
    from saves import store
    from tui.config import Config, load_config, save_config

    calls = []
    real = store.write_atomic

    def spy(path, data, durable=True):
        calls.append((Path(path), durable))
        return real(path, data, durable)

    monkeypatch.setattr(store, "write_atomic", spy)
    folder = tmp_path / "new" / "config"
    path = save_config(Config(theme="lowlands-light"), folder)
    assert calls == [(folder / "config.json", True)]
    assert path == folder / "config.json"
    assert load_config(folder).theme == "lowlands-light"
    assert [p.name for p in folder.iterdir()] == ["config.json"]  # no temp file left


# -- item 13: launcher entries one line each; palette; toasts ---------------------------------------
async def test_launcher_with_seven_saves_shows_every_entry_on_one_line(dirs) -> None:
    from textual.widgets import OptionList

    data, _ = dirs
    names = ("Anna Bartholomeus", "Bartholomeus Anna", "Cato Daan")
    for seed in range(7):
        autosave(new_match(names=names, seed=seed, moves=3 + seed), data)
    app = make_app(dirs)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        menu = app.screen.query_one("#launcher-menu", OptionList)
        assert menu.option_count == 7 + 5  # the saves and the menu (and a separator line)
        assert menu.virtual_size.height <= menu.scrollable_content_region.height  # nothing scrolls away
        assert menu.max_scroll_y == 0
        assert not app.screen.query_one("#launcher-note").display  # no empty lines below the menu


async def test_palette_offers_no_launcher_in_the_launcher(dirs) -> None:
    from tui.app import LowlandsCommands

    app = make_app(dirs, start=lambda: screen_for_match(dirs))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        assert isinstance(app.screen, GameScreen)
        names = [c[0] for c in LowlandsCommands(app.screen)._commands()]
        assert "Launcher" in names
        app.go_launcher()
        await settle(pilot, 3)
        names = [c[0] for c in LowlandsCommands(app.screen)._commands()]
        assert "Launcher" not in names


def screen_for_match(dirs):
    from tui.screens import screen_for

    return screen_for(new_match(moves=2), data_dir=dirs[0])


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_toasts_do_not_cover_the_decision_panel(dirs, size) -> None:
    from textual.widgets._toast import Toast

    app = make_app(dirs, start=lambda: screen_for_match(dirs))
    assert app.NOTIFICATION_TIMEOUT <= 3
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle(pilot, 3)
        app.notify(f"Saved to {dirs[0]}/saves/gift-of-tulips-2026-11-30-0049.json")
        await settle(pilot, 3)
        toasts = list(app.screen.query(Toast))
        assert toasts
        # neither the decision (the picker) nor the board (issue 10, item 27): over the log
        picker = app.screen.query_one("#picker").region
        board = app.screen.query_one("#board-box").region
        for t in toasts:
            assert not t.region.overlaps(picker), (t.region, picker)
            assert not t.region.overlaps(board), (t.region, board)


# -- item 12: --ascii draws only ASCII ------------------------------------------------------------
def _screen_text(app) -> str:
    update = app.screen._compositor.render_full_update()
    return "\n".join("".join(seg.text for seg in strip) for strip in update.strips)


@pytest.mark.parametrize("which", ["launcher", "game", "review"])
async def test_ascii_mode_draws_only_ascii(dirs, which) -> None:
    from tui.screens.review import ReviewScreen

    m = new_match(moves=12)
    start = {"launcher": None, "game": lambda: screen_for_match(dirs), "review": lambda: ReviewScreen(m)}[which]
    app = make_app(dirs, start=start, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        text = _screen_text(app)
        boxes = sorted({ch for ch in text if 0x2500 <= ord(ch) <= 0x257F})  # box drawing: ╭─│
        assert not boxes, boxes
        assert "⭘" not in text
        blocks = sorted({ch for ch in text if 0x2580 <= ord(ch) <= 0x259F})  # ▁▆█ bars, scrollbar thumbs
        assert not blocks, blocks
        if which in ("launcher", "review"):
            assert text.isascii(), sorted({ch for ch in text if not ch.isascii()})
        if which == "review":
            from tui.screens.review import ScoreSpark

            for spark in app.screen.query(ScoreSpark):
                assert spark.bars(spark.size.width).isascii()
        assert "+" in text and ("-" in text or "|" in text)  # the borders are drawn, in ASCII
        assert "leftright" not in text
    plain = make_app(dirs, start=start)
    async with plain.run_test(size=(80, 24)) as pilot:  # without --ascii the glyphs stay
        await settle(pilot, 3)
        assert any(0x2500 <= ord(ch) <= 0x257F for ch in _screen_text(plain))


async def test_ascii_key_names_are_separated(dirs) -> None:
    from textual.binding import Binding

    app = make_app(dirs, ascii=True)
    async with app.run_test(size=(80, 24)):
        assert app.get_key_display(Binding("left,right", "x", "Move", key_display="←→")) == "left/right"
        assert app.get_key_display(Binding("up", "x", "Up", key_display="↑")) == "up"
