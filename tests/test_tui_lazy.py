"""Issue 9: review and the game log do work in proportion to what is shown.

- tui.history: a decision's words and turn number are worked out once, shared
  by the game screen's log and review, and follow undo;
- review decodes only the states it shows, draws only the log lines in view
  (ReviewLog), and one step repaints without a layout;
- the game log knows where each entry starts from the first frame on (the
  first undo drops only its lines), and a long log draws its newest entries
  first, more as the reader scrolls up.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from core import GAMES, get_game
from core.match import Match, Seat
from tui.app import LowlandsApp
from saves import load_partial, save
from tui.history import History, history_for, record_replay
from tui.screens import screen_for
from tui.screens.review import ReviewLog, ReviewScreen, _num
from tui.widgets.log import Log

TULIPS = get_game("gift-of-tulips")
GOLDEN = get_game("golden-age")


def random_match(game, players: int, moves: int, seed: int = 4) -> Match:
    m = Match(game, [Seat(n) for n in ["Ann", "Bob", "Cy", "Dee"][:players]], seed)
    rng = random.Random(seed)
    while m.ply < moves and not m.is_over():
        m.push(rng.choice(m.legal_moves()))
    return m


def app_with(tmp_path: Path, start) -> LowlandsApp:
    return LowlandsApp(data_dir=tmp_path / "data", config_dir=tmp_path / "config", start=start)


async def settle(pilot, n: int = 3) -> None:
    for _ in range(n):
        await pilot.pause()


def expected_history(m: Match) -> tuple[list[str], list[int]]:
    texts, turns, prev = [], [], None
    for i, move in enumerate(m.moves):
        before = m.state_at(i)
        texts.append(m.game.describe(before, move))
        t = m.game.turn(before)
        turns.append(1 if not turns else turns[-1] + (t != prev))
        prev = t
    return texts, turns


def test_history_words_and_numbers_every_decision_and_follows_undo() -> None:
    m = random_match(TULIPS, 3, 30)
    h = History(m)
    assert h.sync() == 0
    assert (h.texts, h.turns) == expected_history(m)
    assert h.sync() == 30  # nothing new: nothing worked out again
    m.undo()
    m.undo()
    assert h.sync() == 28 and len(h.texts) == 28
    m.push(m.legal_moves()[-1])
    h.sync()
    assert (h.texts, h.turns) == expected_history(m)
    assert history_for(m) is history_for(m)
    assert history_for(m) is not history_for(random_match(TULIPS, 3, 30))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_loaded_save_is_worded_while_replaying_and_its_history_decodes_nothing(tmp_path: Path, game_id) -> None:
    game = GAMES[game_id]
    m = random_match(game, game.min_players, 40, seed=3)
    path = tmp_path / "game.json"
    save(m, path)
    loaded, broken = load_partial(path, record_replay)
    assert broken is None and loaded.moves == m.moves
    decoded: list[int] = []
    real = loaded.state_at
    loaded.state_at = lambda ply: decoded.append(ply) or real(ply)  # type: ignore[method-assign]
    h = history_for(loaded)
    assert h.sync() == loaded.ply and not decoded  # every decision worded during the replay
    loaded.state_at = real  # type: ignore[method-assign]
    assert (h.texts, h.turns) == expected_history(loaded)
    # a save broken at a move: the decisions before it, and nothing more
    data = json.loads(path.read_text())
    data["moves"][20] = "fly to the moon"
    path.write_text(json.dumps(data))
    cut, broken = load_partial(path, record_replay)
    assert broken is not None and cut.ply == 20
    h = history_for(cut)
    assert h.sync() == 20 and (h.texts, h.turns) == expected_history(cut)


def _spy_decodes(m: Match) -> tuple[list[int], object]:
    """Record the plies ``m.state_at`` decodes from now on: (that list, the real state_at)."""
    decoded: list[int] = []
    real = m.state_at
    m.state_at = lambda ply: decoded.append(ply) or real(ply)  # type: ignore[method-assign]
    return decoded, real


async def test_review_of_a_long_game_decodes_only_what_it_shows(tmp_path: Path) -> None:
    m = random_match(GOLDEN, 4, 300)
    app = app_with(tmp_path, lambda: screen_for(m, data_dir=tmp_path / "data"))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        decoded, real = _spy_decodes(m)
        await pilot.press("r")
        await settle(pilot)
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.cursor == 300
        # the sparklines' sample of scores and the cursor's states, not all 301
        assert len(set(decoded)) <= ReviewScreen.SPARK_POINTS + 4
        log = review.query_one("#review-log", ReviewLog)
        assert log.count == 301 and log.highlighted == 300
        rows = [log.render_line(y).text for y in range(log.scrollable_content_region.height)]
        assert any(r.startswith("▶ 300. ") for r in rows)  # in view (with its wrapped rows below)
        decoded.clear()
        await pilot.press("left")
        await settle(pilot)
        assert review.cursor == 299 and log.highlighted == 299
        assert len(set(decoded)) <= 2
        assert review.turn_of(299) == expected_history(m)[1][298]


async def test_review_log_line_click_moves_the_cursor(tmp_path: Path) -> None:
    m = random_match(TULIPS, 3, 40)
    app = app_with(tmp_path, lambda: ReviewScreen(m))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        review = app.screen
        await pilot.press("home")
        await settle(pilot)
        assert review.cursor == 0
        log = review.query_one("#review-log", ReviewLog)
        row = log._starts(log.scrollable_content_region.width)[2]  # (lines 0 and 1 above it, wrapped)
        await pilot.click("#review-log", offset=(4, 1 + row))  # border row, then line 2's first row
        await settle(pilot)
        assert review.cursor == 2
        assert review.query_one("#review-changes").text.strip().startswith("Decided by")


async def test_review_step_keeps_the_changes_box_one_size(tmp_path: Path) -> None:
    m = random_match(TULIPS, 3, 40)
    app = app_with(tmp_path, lambda: ReviewScreen(m))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        review = app.screen
        box = review.query_one("#review-changes")
        heights = set()
        for _ in range(12):
            await pilot.press("left")
            await pilot.pause()
            heights.add(box.size.height)
        assert heights == {6}


async def test_first_undo_after_mount_drops_only_its_lines(tmp_path: Path) -> None:
    m = random_match(TULIPS, 3, 20)
    app = app_with(tmp_path, lambda: screen_for(m, data_dir=tmp_path / "data"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = app.screen.query_one("#log", Log)
        entries = log.entries
        assert len(log._starts) == len(entries) and log._written == len(log.lines)
        rewrites: list[int] = []
        real = log._rewrite
        log._rewrite = lambda *a, **k: rewrites.append(1) or real(*a, **k)  # type: ignore[method-assign]
        await pilot.press("u")
        await settle(pilot)
        assert m.ply == 19
        assert log.entries == entries[:19]
        assert rewrites == []  # the undone entry's lines were dropped, nothing rewritten
        assert len(log.lines) == log._starts[-1] + len(log._lines(log.entries, 18, log._text_width()))


async def test_long_log_draws_the_newest_entries_then_more_on_scrolling_up(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(Log, "TAIL", 10)
    m = random_match(TULIPS, 3, 40)
    app = app_with(tmp_path, lambda: screen_for(m, data_dir=tmp_path / "data"))
    async with app.run_test(size=(80, 24)) as pilot:  # the side panel's log: 10 entries do not fit
        await settle(pilot)
        log = app.screen.query_one("#log", Log)
        # TAIL entries, but at least one per row of the log, so that it can be scrolled up
        first = log._first
        assert log.size.height > Log.TAIL  # (so the rows decide here)
        assert len(log.entries) == 40 and Log.TAIL < first <= 40 - log.size.height
        assert f"{first} earlier decisions" in log.lines[0].text
        assert log.max_scroll_y > 0 and log.scroll_y > 0  # scrolled down to the newest entries
        log.scroll_to(y=0, animate=False)
        await settle(pilot, 4)
        assert log._first == first - Log.TAIL
        assert f"{first - Log.TAIL} earlier decisions" in log.lines[0].text
        assert log.scroll_y >= 1  # the lines that were in view stay there
        await pilot.press("u")  # undo still drops only the last entry's lines
        await settle(pilot)
        assert len(log.entries) == 39 and log._first == first - Log.TAIL


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_game_log_and_review_share_the_history(tmp_path: Path, size) -> None:
    m = random_match(TULIPS, 3, 30)
    app = app_with(tmp_path, lambda: screen_for(m, data_dir=tmp_path / "data"))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        h = history_for(m)
        assert len(h.texts) == 30
        calls: list[int] = []
        real = m.game.describe
        m.game.describe = lambda s, mv: calls.append(1) or real(s, mv)  # type: ignore[method-assign]
        try:
            await pilot.press("r")
            await settle(pilot)
            assert isinstance(app.screen, ReviewScreen)
            assert calls == []  # review found every decision's words already worked out
        finally:
            del m.game.describe


def test_escape_waits_25_ms_unless_escdelay_says_otherwise(monkeypatch) -> None:
    import selectors

    from textual import constants
    from textual.drivers import linux_driver

    from tui.app import ESCAPE_DELAY_MS, quick_escape

    monkeypatch.setattr(constants, "ESCAPE_DELAY", 0.1)
    monkeypatch.setattr(linux_driver, "selectors", selectors)  # restored afterwards
    assert quick_escape({"ESCDELAY": "300"}) == 0.1  # the user's setting (Textual read it) stands
    assert quick_escape({}) == ESCAPE_DELAY_MS / 1000 == 0.025
    # the driver's input thread polls the terminal within the delay, not every 0.1 s
    waits: list[float | None] = []
    monkeypatch.setattr(selectors.SelectSelector, "select", lambda self, timeout=None: waits.append(timeout) or [])
    selector = linux_driver.selectors.SelectSelector()
    assert isinstance(selector, selectors.SelectSelector)
    selector.select(0.1)
    selector.select(None)
    selector.select(0.01)
    assert waits == [0.025, 0.025, 0.01]
    assert linux_driver.selectors.EVENT_READ == selectors.EVENT_READ
    quick_escape({})  # once is enough: not wrapped twice
    assert type(linux_driver.selectors.SelectSelector()).__mro__[1] is selectors.SelectSelector


async def test_review_closes_with_a_plain_key(tmp_path: Path) -> None:
    m = random_match(TULIPS, 3, 10)
    app = app_with(tmp_path, lambda: screen_for(m, data_dir=tmp_path / "data"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, ReviewScreen)
        await pilot.press("b")
        await settle(pilot)
        assert app.screen is game


async def _review_from_game(pilot, app) -> tuple[object, ReviewScreen]:
    """The game screen, settled, and the review screen ``r`` opens over it."""
    await settle(pilot)
    game = app.screen
    await pilot.press("r")
    await settle(pilot)
    review = app.screen
    assert isinstance(review, ReviewScreen)
    return game, review


async def test_review_opened_again_is_the_kept_screen_brought_up_to_date(tmp_path: Path) -> None:
    from tui.screens.review import KEPT_NAME, ScoreSpark

    m = random_match(TULIPS, 3, 20)
    app = app_with(tmp_path, lambda: screen_for(m, data_dir=tmp_path / "data"))
    async with app.run_test(size=(120, 40)) as pilot:
        game, first = await _review_from_game(pilot, app)
        assert app.get_screen(KEPT_NAME) is first
        await pilot.press("home", "b")
        await settle(pilot)
        assert app.screen is game
        game.play(m.legal_moves()[0])  # a decision while review is closed
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert app.screen is first  # not composed again
        assert first.cursor == m.ply == 21
        log = first.query_one("#review-log", ReviewLog)
        assert log.count == 22 and log.highlighted == 21
        assert first.turn_of(21) == expected_history(m)[1][20]
        assert len(first.query_one(ScoreSpark).data) == 22  # the sparklines include the new decision
        await pilot.press("b")
        await settle(pilot)
        await pilot.press("u")
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert app.screen is first and first.cursor == 20 and log.count == 21
        await pilot.press("left")
        await settle(pilot)
        assert first.cursor == 19


async def test_review_of_another_match_replaces_the_kept_screen(tmp_path: Path) -> None:
    from tui.screens.review import KEPT_NAME, review_screen

    a, b = random_match(TULIPS, 3, 10), random_match(TULIPS, 3, 12, seed=5)
    app = app_with(tmp_path, lambda: screen_for(a, data_dir=tmp_path / "data"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        ra = review_screen(app, a)
        assert review_screen(app, a) is ra
        await app.push_screen(ra)
        await settle(pilot)
        app.pop_screen()
        await settle(pilot)
        assert ra.is_running  # (kept: not removed when popped)
        rb = review_screen(app, b)
        assert rb is not ra and rb.match is b and app.get_screen(KEPT_NAME) is rb
        await settle(pilot)
        assert not ra.is_running and not ra.is_attached  # the one kept before is removed
        await app.push_screen(rb)
        await settle(pilot)
        assert app.screen.cursor == 12


def test_one_game_imports_only_its_own_engine_and_screen() -> None:
    """`lowlands load` of a Golden Age save imports the Golden Age engine and
    screen, not the other games' (core.GAMES and screen_for import on lookup)."""
    import subprocess
    import sys

    code = (
        "import sys, core\n"
        "from tui.screens import game_screen_class\n"
        "assert core.GAMES['golden-age'].id == 'golden-age'\n"
        "assert game_screen_class('golden-age').__name__ == 'GoldenAgeScreen'\n"
        "others = [m for m in sys.modules if m.startswith(('core.windmill', 'core.fields', 'core.gift',"
        " 'tui.windmill', 'tui.fields', 'tui.gift', 'tui.widgets.track', 'tui.widgets.market'))]\n"
        "assert not others, others\n"
        "assert sorted(core.GAMES) == ['fields-of-arle', 'gift-of-tulips', 'golden-age', 'windmill-valley']\n"
        "assert 'core.windmill_valley' in sys.modules\n"
    )
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


async def test_a_game_screen_draws_its_first_view_once(tmp_path: Path, monkeypatch) -> None:
    """Opening a game screen draws the view once (Textual calls every class's
    on_mount: a subclass calling super().on_mount() drew it twice, and the
    ScreenResume of being pushed a third time), and a long log writes only the
    entries a rewrite draws (Log.TAIL), at the width it is laid out with."""
    from tui.screens.game import GameScreen

    m = random_match(GOLDEN, 4, 300)
    views: list[int] = []
    real_view = GameScreen.refresh_view
    monkeypatch.setattr(GameScreen, "refresh_view", lambda self: views.append(1) or real_view(self))
    written: list[int] = []
    real_lines = Log._lines  # (an entry drawn is worded into lines once)
    monkeypatch.setattr(Log, "_lines", lambda self, *a, **k: written.append(1) or real_lines(self, *a, **k))
    app = app_with(tmp_path, lambda: screen_for(m, data_dir=tmp_path / "data"))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert type(app.screen).__name__ == "GoldenAgeScreen"
        assert views == [1]
        assert len(written) == Log.TAIL
        log = app.screen.query_one("#log", Log)
        assert log._first == 300 - Log.TAIL and len(log.entries) == 300
        game = app.screen
        await pilot.press("down")
        await settle(pilot)
        cursor = game.picker.highlighted_index
        for key, back in (("question_mark", "q"), ("r", "b")):  # help, review: back to the same position
            await pilot.press(key)
            await settle(pilot)
            assert app.screen is not game
            await pilot.press(back)
            await settle(pilot)
            assert app.screen is game and views == [1]  # repainted, not drawn again
            assert game.picker.highlighted_index == cursor
        await pilot.press("question_mark")
        await settle(pilot)
        m.undo()  # the match changed while covered (as review's "continue from here" does)
        await pilot.press("q")
        await settle(pilot)
        assert app.screen is game and views == [1, 1]


async def _shown_log(pilot, app) -> tuple[ReviewScreen, ReviewLog]:
    """The review screen, settled, and its move list."""
    await settle(pilot)
    review = app.screen
    assert isinstance(review, ReviewScreen)
    return review, review.query_one("#review-log", ReviewLog)


async def test_no_blank_rows_follow_the_last_decision_in_review(tmp_path: Path) -> None:
    """A tester found blank rows under the last entry of the move list (its
    height counted rows for a wrapped decision at the cursor that another
    decision took): stepping back from the last decision, written on three
    rows at 80 columns, left the list scrolled over two blank rows. The list
    is as high as its lines take, with no layout for a step."""
    m = random_match(GOLDEN, 3, 40)
    app = app_with(tmp_path, lambda: ReviewScreen(m))
    async with app.run_test(size=(80, 24)) as pilot:
        review, log = await _shown_log(pilot, app)
        width, height = log.scrollable_content_region.width, log.scrollable_content_region.height
        assert log.count > height
        wrapped = {len(log._rows(i, width)) for i in range(log.count - 8, log.count)}
        assert len(wrapped) > 1  # (decisions of one and of more rows near the end)
        asked: list[bool] = []
        real = log.refresh
        log.refresh = lambda *a, **k: asked.append(k.get("layout", False)) or real(*a, **k)  # type: ignore[method-assign]
        for _ in range(8):
            rows = [log.render_line(y).text.strip() for y in range(height)]
            assert all(rows), rows
            assert log.virtual_size.height == sum(len(log._rows(i, width)) for i in range(log.count))
            await pilot.press("left")
            await settle(pilot)
        assert asked and not any(asked)  # (the list asks for no layout)
        await pilot.press("end")
        await settle(pilot)
        rows = [log.render_line(y).text.strip() for y in range(height)]
        assert all(rows) and rows[-1] and round(log.scroll_offset.y) == log.max_scroll_y


async def test_review_writes_every_decision_whole_at_80_columns(tmp_path: Path) -> None:
    """tmux playtest: at 80x24 the move list cut every decision ("1. A Anna places
    an Inf…"), and the one at the cursor after three rows. Every decision is written
    whole, wrapped under its text (as a RichLog with wrap writes it); the cursor's
    rows are marked; a step keeps the list's size."""
    m = random_match(GOLDEN, 3, 30)
    app = app_with(tmp_path, lambda: ReviewScreen(m))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        review = app.screen
        await pilot.press("home", "right")
        await settle(pilot)
        log = review.query_one("#review-log", ReviewLog)
        width, height = log.scrollable_content_region.width, log.scrollable_content_region.height
        assert len(review.log_line(1)) + 1 > width  # it does not fit one row
        rows = [log.render_line(y).text.rstrip() for y in range(height)]
        assert not any(r.endswith(("…", "...")) for r in rows)
        at = next(i for i, r in enumerate(rows) if r.startswith("▶"))
        assert rows[at].startswith("▶   1. ")
        # the lines in view, each put together from its rows, are the decisions' words whole
        lines: list[str] = []
        for r in rows[at:]:
            if r.lstrip("▶ ")[:1].isdigit() and ". " in r[:9]:
                lines.append(r.lstrip("▶ "))
            else:
                assert r.startswith("      ") and lines, r  # a continuation, under the text
                lines[-1] += " " + r.strip()
        assert len(lines) >= 2
        for k, line in enumerate(lines[:-1]):  # (the last may go on below the view)
            assert " ".join(line.split()) == " ".join(review.log_line(1 + k).split())
        size = log.size
        laid_out = review._one_layout_at
        await pilot.press("right")
        await settle(pilot)
        assert log.size == size and review._one_layout_at == laid_out  # (no layout)
        await pilot.click("#review-log", offset=(4, 1))  # the set-up line (row 0 after the border)
        await settle(pilot)
        assert review.cursor == 0


@pytest.mark.parametrize("game_id", ["windmill-valley", "golden-age"])
async def test_the_first_frame_of_review_is_drawn_at_the_laid_out_widths(tmp_path: Path, monkeypatch, game_id) -> None:
    """OneLayout tells the widgets a layout resized now (not by a Resize
    message after the frame) and lays out once more if they changed: the
    first frame of review already has every line widget built for its width."""
    from tui.chrome import OneLayout
    from tui.widgets.base import DataWidget

    m = random_match(get_game(game_id), 4, 60)
    app = app_with(tmp_path, lambda: screen_for(m, data_dir=tmp_path / "data"))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        seen: list[list[str]] = []
        real = OneLayout._compositor_refresh

        def paint(screen) -> None:
            if isinstance(screen, ReviewScreen) and not getattr(screen, "_one_layout_busy", False) and not seen:
                seen.append([
                    f"{w.id}: built {w._built_width}, shown {w.size.width}"
                    for w in screen._compositor.visible_widgets
                    if isinstance(w, DataWidget) and w.size.width and w._built_width != w.size.width
                    and not (w.styles.width is not None and w.styles.width.is_cells)  # (a width of its own)
                ])
            real(screen)

        monkeypatch.setattr(OneLayout, "_compositor_refresh", paint)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, ReviewScreen)
        assert seen == [[]]


#: Screens whose Escape has its plain key elsewhere than in BINDINGS: a key the
#: screen reads itself, or a button reached with Tab and pressed with Enter.
PLAIN_ROUTES = {
    "ChoiceDialog": "n (on_key) or the cancel button",
    "PathDialog": "the Cancel button (Tab, Enter)",
    "SavePathDialog": "the Cancel button (Tab, Enter)",
    "LoadDialog": "the Cancel button (Tab, Enter)",
    "NewGameScreen": "the Back button (Tab, Enter)",
    "LowlandsPalette": "Backspace in an empty search (back_or_close)",
}


def test_every_escape_has_a_plain_key() -> None:
    """Issue 9: nothing needs Escape (nor a control key): every binding of
    Escape in a Lowlands screen has a plain key for the same action (b,
    Backspace, q, n, Enter), or a route listed in PLAIN_ROUTES."""
    import importlib
    import pkgutil

    import tui.screens
    from textual.screen import Screen

    for mod in pkgutil.iter_modules(tui.screens.__path__):
        importlib.import_module(f"tui.screens.{mod.name}")
    for pkg in ("gift_of_tulips", "golden_age", "windmill_valley", "fields_of_arle"):
        importlib.import_module(f"tui.{pkg}")
    importlib.import_module("tui.app")

    def subclasses(cls: type) -> list[type]:
        out = []
        for sub in cls.__subclasses__():
            out += [sub, *subclasses(sub)]
        return out

    missing = []
    checked = 0
    for cls in subclasses(Screen):
        if not cls.__module__.startswith("tui."):
            continue
        bindings = [b for klass in reversed(cls.__mro__) for b in getattr(klass, "BINDINGS", [])
                    if not isinstance(b, tuple)]
        plain: dict[str, set[str]] = {}
        for b in bindings:
            for key in b.key.split(","):
                key = key.strip()
                if key != "escape" and not key.startswith("ctrl+"):
                    plain.setdefault(b.action, set()).add(key)
        for b in bindings:
            if "escape" in [k.strip() for k in b.key.split(",")]:
                checked += 1
                if not plain.get(b.action) and cls.__name__ not in PLAIN_ROUTES:
                    missing.append(f"{cls.__name__}: {b.action}")
    assert checked >= 10
    assert missing == []


async def test_dialogs_close_without_escape(tmp_path: Path) -> None:
    """The routes of PLAIN_ROUTES: n in a choice dialog, Tab to Cancel and Enter
    in a path dialog."""
    from tui.screens.dialogs import ChoiceDialog, PathDialog

    m = random_match(TULIPS, 3, 4)
    app = app_with(tmp_path, lambda: screen_for(m, data_dir=tmp_path / "data"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        answers: list[object] = []
        app.push_screen(ChoiceDialog("Which?", [("r", "Review", "review")]), answers.append)
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert app.screen is game and answers == [None]
        app.push_screen(PathDialog("Load a saved game", "x.json"), answers.append)
        await settle(pilot)
        await pilot.press("tab", "tab", "enter")  # the path -> OK -> Cancel
        await settle(pilot)
        assert app.screen is game and answers == [None, None]


async def test_a_layout_leaves_no_request_for_another_frame(tmp_path: Path, monkeypatch) -> None:
    """After a OneLayout layout no widget or scrollbar still asks for a layout
    or a scroll (a scrollbar shown by a new board page asked for a second
    layout, a frame later: a Windmill Valley review step took two frames)."""
    from tui.chrome import OneLayout

    m = random_match(get_game("windmill-valley"), 4, 120)
    left: list[str] = []
    layouts: list[int] = []
    real = OneLayout._refresh_layout

    def layout(screen, size=None, scroll=False) -> None:
        real(screen, size, scroll)
        layouts.append(1)
        for node in screen.walk_children(with_self=False):
            for w in (node, node._vertical_scrollbar, node._horizontal_scrollbar):
                if w is not None and (w._layout_required or w._scroll_required):
                    left.append(f"{type(w).__name__} of {node.id}")

    monkeypatch.setattr(OneLayout, "_refresh_layout", layout)
    app = app_with(tmp_path, lambda: ReviewScreen(m))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for _ in range(12):
            await pilot.press("left")
            await pilot.pause()
        await settle(pilot)
        assert app.screen.cursor == 108
    assert layouts and left == []


async def _warmed(pilot, app) -> ReviewScreen:
    """Wait until the game screen, idle after its first paint, has built review ahead."""
    from tui.screens.review import KEPT_NAME

    for _ in range(100):
        await pilot.pause(0.02)
        if app.is_screen_installed(KEPT_NAME):
            kept = app.get_screen(KEPT_NAME)
            if kept.is_mounted and kept._one_layout_size == app.size:
                return kept
    raise AssertionError("review was not built ahead")


async def test_review_is_built_ahead_when_the_game_screen_is_idle(tmp_path: Path, monkeypatch) -> None:
    """Issue 9: the first r shows a review screen composed, mounted and laid out
    ahead of time (no layout then: one repaint), and the heap so far is then
    frozen out of the garbage collector's full passes."""
    import gc

    import tui.screens.game as game_module
    from tui.screens.game import GameScreen

    monkeypatch.setattr(GameScreen, "IDLE_DELAY", 0.01)
    monkeypatch.setattr(GameScreen, "FREEZE_DELAY", 0.05)
    monkeypatch.setattr(game_module, "_HEAP_FROZEN", [])  # (as in a new process)
    m = random_match(GOLDEN, 4, 60)
    app = app_with(tmp_path, lambda: screen_for(m, data_dir=tmp_path / "data"))
    try:
        await _built_ahead_and_shown(app, m, monkeypatch)
    finally:
        gc.unfreeze()  # (the tests after this one collect as before)


async def _built_ahead_and_shown(app, m, monkeypatch) -> None:
    import gc

    from textual._compositor import Compositor

    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        game = app.screen
        kept = await _warmed(pilot, app)
        assert kept.match is m and kept not in app.screen_stack and app.screen is game
        assert kept.query_one("#review-board").size.width > 0  # laid out off the stack
        for _ in range(50):
            if gc.get_freeze_count():
                break
            await pilot.pause(0.02)
        assert gc.get_freeze_count() > 0
        await settle(pilot)
        reflows: list[object] = []
        real = Compositor.reflow
        monkeypatch.setattr(Compositor, "reflow", lambda self, root, size: reflows.append(root) or real(self, root, size))
        await pilot.press("r")
        await settle(pilot)
        assert app.screen is kept and kept.cursor == m.ply == 60
        assert kept not in reflows  # shown as laid out ahead
        assert "Decision 60/60" in str(kept.sub_title)
        await pilot.press("left", "b")  # (brought up to date after decisions: as a kept screen)
        await settle(pilot)
        assert kept.cursor == 59 and app.screen is game


async def test_review_built_ahead_for_a_short_game_follows_its_last_decision(tmp_path: Path, monkeypatch) -> None:
    """Review built ahead while the game's list fitted its box, opened after
    decisions that made it longer than the box, shows the last decision (the
    list scrolled to it, with its scrollbar), and stepping keeps the cursor's
    line in view (a tester found it stuck at the top in every game)."""
    from tui.screens.game import GameScreen

    monkeypatch.setattr(GameScreen, "IDLE_DELAY", 0.01)
    m = random_match(TULIPS, 3, 2)
    app = app_with(tmp_path, lambda: screen_for(m, data_dir=tmp_path / "data"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        kept = await _warmed(pilot, app)
        log = kept.query_one("#review-log", ReviewLog)
        assert not log.show_vertical_scrollbar  # (3 lines: they fit)
        rng = random.Random(7)
        while m.ply < 40 and not m.is_over():
            game.play(rng.choice(m.legal_moves()))
            await pilot.pause()
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert app.screen is kept and kept.cursor == m.ply

        def in_view() -> bool:
            top = round(log.scroll_offset.y)
            first = log._starts(log.scrollable_content_region.width)[log.highlighted]  # (its first row)
            return top <= first < top + log.scrollable_content_region.height

        assert log.count > log.scrollable_content_region.height and log.show_vertical_scrollbar
        assert in_view()
        for _ in range(3):
            await pilot.press("left")
        await pilot.press("up")
        await settle(pilot)
        assert log.highlighted == kept.cursor < m.ply - 2 and in_view()


async def test_review_built_ahead_takes_a_new_theme(tmp_path: Path, monkeypatch) -> None:
    """Review skips Textual's restyle of every widget when it is shown again,
    but not after the app's styles changed: a theme chosen while review was
    closed colours it."""
    from textual.color import Color

    from tui.screens.game import GameScreen

    monkeypatch.setattr(GameScreen, "IDLE_DELAY", 0.01)
    m = random_match(TULIPS, 3, 12)
    app = app_with(tmp_path, lambda: screen_for(m, data_dir=tmp_path / "data"))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        kept = await _warmed(pilot, app)
        log = kept.query_one("#review-log", ReviewLog)
        dark = app.current_theme
        assert log.styles.background == Color.parse(dark.surface)
        app.theme = "lowlands-light"
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert app.screen is kept
        light = app.current_theme
        assert light.surface != dark.surface
        assert log.styles.background == Color.parse(light.surface)


async def test_a_step_in_review_repaints_only_the_rows_that_change(tmp_path: Path) -> None:
    """The move list repaints the rows whose text a step changes (the two
    decisions' rows, or from the upper one down when the highlighted decision
    takes another number of rows), not the whole list; and every row that
    changed is repainted."""
    from textual.geometry import Region

    m = random_match(GOLDEN, 3, 40)
    app = app_with(tmp_path, lambda: ReviewScreen(m, ply=20))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        review = app.screen
        log = review.query_one("#review-log", ReviewLog)
        width = log.scrollable_content_region.width
        height = log.scrollable_content_region.height
        offset = log.content_offset
        kinds: set[str] = set()
        checked = 0
        for target in (19, 18, 17, 16, 15, 16, 17):
            await settle(pilot)
            top = round(log.scroll_offset.y)
            rows = [log.render_line(y).text for y in range(height)]
            was = len(log._rows(log.highlighted, width))
            log._dirty_regions.clear()
            log.move_highlight(target)
            if round(log.scroll_offset.y) != top:  # (scrolled to show it: the list is repainted)
                continue
            now = len(log._rows(target, width))
            kinds.add("same" if was == now else "other")
            dirty = [r.translate(-offset) for r in log._dirty_regions]
            changed = [y for y in range(height) if log.render_line(y).text != rows[y]]
            assert changed
            for y in changed:
                assert any(r.contains_region(Region(0, y, width, 1)) for r in dirty), (target, y)
            if was == now:
                assert sum(r.height for r in dirty) < height  # not the whole list
            checked += 1
        assert checked >= 3  # (steps within the view, each repainting only its rows)


async def test_a_layout_that_leaves_the_move_list_as_it_was_does_not_touch_it(tmp_path: Path) -> None:
    """A step that shows another board page lays the screen out: the move list
    keeps its size, so its scroll state and scrollbars are left alone (Textual
    updated and repainted them at every layout); a new terminal size still
    updates them."""
    m = random_match(GOLDEN, 3, 40)
    app = app_with(tmp_path, lambda: ReviewScreen(m))
    async with app.run_test(size=(120, 40)) as pilot:
        review, log = await _shown_log(pilot, app)
        updates: list[object] = []
        real = log._scroll_update
        log._scroll_update = lambda virtual_size: updates.append(virtual_size) or real(virtual_size)  # type: ignore[method-assign]
        review._refresh_layout()
        await settle(pilot)
        assert updates == []
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        assert updates and log.size.height < 40 - 10


async def test_review_opened_again_keeps_what_it_worked_out_for_unchanged_decisions(tmp_path: Path) -> None:
    """Issue 9: review opened again keeps the states, views and scores of the
    decisions the match still has (a step back to one shows the very view the
    board drew, so its sections are not built again), and works out again
    only what follows a changed decision (an undo and another choice)."""
    WINDMILL = get_game("windmill-valley")
    m = random_match(WINDMILL, 2, 60)
    app = app_with(tmp_path, lambda: screen_for(m, data_dir=tmp_path / "data"))
    async with app.run_test(size=(120, 40)) as pilot:
        game, review = await _review_from_game(pilot, app)
        for _ in range(3):
            await pilot.press("left")
        await settle(pilot)
        shown = {ply: review.view(ply) for ply in range(57, 61)}
        await pilot.press("b")
        await settle(pilot)
        decoded, real = _spy_decodes(m)
        await pilot.press("r")
        await settle(pilot)
        assert app.screen is review and decoded == []
        for _ in range(3):
            await pilot.press("left")
        await settle(pilot)
        assert decoded == [] and all(review.view(ply) is shown[ply] for ply in shown)
        await pilot.press("b")
        await settle(pilot)
        # the last decision taken back and another made: what follows it is worked out anew
        last = m.moves[-1]
        m.undo()
        game.refresh_view()
        await settle(pilot)
        m.push(next(mv for mv in m.legal_moves() if mv != last))
        game.refresh_view()
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert review.cursor == m.ply == 60
        assert review.view(59) is shown[59]
        fresh = WINDMILL.view(real(60), None)
        assert review.view(60) is not shown[60] and review.view(60) == fresh
        assert review.tallies(60) == WINDMILL.tallies(real(60))


LOG_TEXTS = [
    "Ann gives Bob a pink 3 (+6 VP)",
    "Bob moves a Movement Token from Friesland to Holland (-½)",
    "Cy auctions the brown special action of Utrecht (an Art card or a painter payment); "
    "Dee bids 2½; Ann cannot bid",
    "李明 keeps a red 5 and puts the other card in the secret festival",
    "Dee: " + "x" * 50 + " and a word too long for one line",
    "Eve   spaces   inside  and at the end   ",
    "a\ttab and\na line break",
    "",
]


@pytest.mark.parametrize("width", [24, 46])
async def test_a_log_rewrite_draws_the_lines_richlog_writes(width: int) -> None:
    """A rewrite (a loaded game's first fill) renders its lines straight to
    Strips and wraps the plain text: the same rows, styles and scroll size as
    RichLog's ``write`` of each line (the path of entries appended one by one),
    the marked entry included."""
    from textual.app import App

    from tui.widgets.log import LogEntry

    entries = [LogEntry(1 + i // 3, text, "ABCD"[i % 4], "bold red" if i % 2 else "")
               for i, text in enumerate(LOG_TEXTS)]

    class Two(App):
        def compose(self):
            yield Log(id="rewritten")
            yield Log(id="appended")

    app = Two()
    async with app.run_test(size=(width * 2, 30)) as pilot:
        app.screen.styles.layout = "horizontal"
        await pilot.pause()
        rewritten, appended = app.query_one("#rewritten", Log), app.query_one("#appended", Log)
        for mark in (None, 4):
            rewritten._entries, rewritten._mark = entries, mark
            rewritten._rewrite()  # (as a first layout, a new width or a new mark does)
            appended._mark = mark
            appended.set_entries([], mark)
            for n in range(1, len(entries) + 1):  # one new entry at a time: RichLog.write
                appended.set_entries(entries[:n], mark)
            await pilot.pause()
            assert rewritten.size == appended.size
            assert [list(s) for s in rewritten.lines] == [list(s) for s in appended.lines], mark
            assert rewritten.virtual_size == appended.virtual_size
            assert rewritten._starts == appended._starts and rewritten._written == len(rewritten.lines)


def _cursor_line_shown(log: ReviewLog) -> list[str]:
    """Why the cursor's line is not wholly in the move list's view ([] when it
    is: all its rows, or its first rows from the top when it is taller than the
    list, the mark on its first row)."""
    width, height = log.scrollable_content_region.width, log.scrollable_content_region.height
    starts = log._starts(width)
    top = round(log.scroll_offset.y)
    first, last = starts[log.highlighted], starts[log.highlighted + 1] - 1
    rows = [log.render_line(y).text for y in range(height)]
    faults = []
    if log.virtual_size.height != starts[-1]:
        faults.append(f"scrollable height {log.virtual_size.height}, the lines take {starts[-1]}")
    if not (top <= first and (last < top + height or first == top)):
        faults.append(f"rows {first}-{last} of line {log.highlighted}, the view {top}-{top + height - 1}")
    if not any(r.startswith(log.mark) for r in rows):
        faults.append(f"no {log.mark} in {rows}")
    return faults


@pytest.mark.parametrize("game_id", ["gift-of-tulips", "windmill-valley"])
async def test_review_built_ahead_shows_the_cursors_line_whole_at_the_end(
        tmp_path: Path, monkeypatch, game_id: str) -> None:
    """Playtest at 80x24: review opened at a game's end (Windmill Valley solo,
    decision 104/104; Gift of Tulips 63/63) showed the list ending some lines
    above the cursor's, and no ▶. Its scrollable height had been worked out at
    the width before the scrollbar it brought narrowed the text (more rows).
    The cursor's line is in view at the end, at the start, after steps, jumps
    and resizes."""
    from tui.screens.game import GameScreen

    monkeypatch.setattr(GameScreen, "IDLE_DELAY", 0.01)
    game = get_game(game_id)
    m = random_match(game, 1 if game_id == "windmill-valley" else 2, 2, seed=2)
    app = app_with(tmp_path, lambda: screen_for(m, data_dir=tmp_path / "data"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        kept = await _warmed(pilot, app)
        log = kept.query_one("#review-log", ReviewLog)
        assert not log.show_vertical_scrollbar  # (built while the list fitted its box)
        rng = random.Random(2)
        while not m.is_over():
            screen.play(rng.choice(m.legal_moves()))
            await pilot.pause()
        await settle(pilot)
        while not isinstance(app.screen, ReviewScreen):  # (game over first)
            await pilot.press("r")
            await settle(pilot)
        assert app.screen is kept and kept.cursor == m.ply and log.show_vertical_scrollbar
        assert _cursor_line_shown(log) == []
        for keys in (["left"] * 4, ["home"], ["end"], ["up", "up"], ["down"]):
            await pilot.press(*keys)
            await settle(pilot)
            assert _cursor_line_shown(log) == [], keys
        for size in ((100, 30), (80, 24), (120, 40)):
            await pilot.resize_terminal(*size)
            await settle(pilot)
            assert _cursor_line_shown(log) == [], size
        await pilot.press("end")
        await settle(pilot)
        assert _cursor_line_shown(log) == []


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_review_score_lines_are_the_games_scores(tmp_path: Path, game_id: str) -> None:
    """Every game's score lines in review (GameLabels.seat_scores, the default
    for all four): the score tally ("VP") during the game, the game's final
    scores (game.scores' totals, by seat) once it is over."""
    game = GAMES[game_id]
    m = random_match(game, 2, 10_000, seed=3)
    assert m.is_over()
    review = ReviewScreen(m)
    app = app_with(tmp_path, lambda: review)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        totals = {s.seat: float(s.total) for s in game.scores(m.state)}
        assert review.line_scores(m.ply)[:2] == [totals[0], totals[1]]
        mid = m.ply // 2
        assert review.line_scores(mid)[:2] == [float(t["VP"]) for t in game.tallies(m.state_at(mid))]
        shown = [w.text.strip() for w in review.query(".spark-label")][:2]
        assert shown == [f"{label}  VP {_num(totals[seat])}" for seat, label in enumerate(review.labels)]
