"""Issue 9's key speed: what a key redraws (the timing itself is `make bench`'s).

DataWidget renders line by line (Textual's Line API) and keeps each line's
Strip until that line changes; these tests hold it to drawing exactly what the
whole-widget render draws, and to converting only the lines that changed.
"""

from __future__ import annotations

from typing import Any

import random

import pytest
from rich.text import Text
from textual.app import App
from textual.containers import Vertical
from textual._styles_cache import StylesCache
from textual.geometry import Region
from textual.widget import Widget

import tui.widgets.base as base
from tui.widgets.base import TextBlock


class BlockApp(App):
    CSS = "#box { width: 30; height: auto; }"

    def compose(self):
        with Vertical(id="box"):
            yield TextBlock(id="block")


def styled(k: int, mark: str = "") -> Text:
    line = Text(f"{k} ")
    line.append("bold", style="bold red")
    line.append(" dim", style="dim")
    line.append(" rev", style="reverse" + (f" {mark}" if mark else ""))
    return line


def segments(strip) -> list[tuple]:
    return [(s.text, s.style, s.style.meta if s.style is not None else None) for s in strip]


def whole(widget: Widget, y: int) -> list[tuple]:
    """Line ``y`` as Textual's own whole-widget render draws it."""
    widget._dirty_regions.add(widget.region)  # makes Widget.render_line render everything again
    return segments(Widget.render_line(widget, y))


async def test_lines_render_as_the_whole_widget_renders_them() -> None:
    app = BlockApp()
    async with app.run_test(size=(60, 12)) as pilot:
        block = app.query_one("#block", TextBlock)
        block.update([styled(k) for k in range(4)] + [Text("")])
        await pilot.pause()
        for y in range(5):
            # the same text, styles (dim as Textual draws it) and text-selection offsets
            assert segments(block.render_line(y)) == whole(block, y)


async def test_lines_are_drawn_as_textual_draws_rich_text_with_links_on() -> None:
    """``text_visual`` (each span's style converted once) and the lines without
    link styling draw what Textual draws from the same Text (``visualize``) with
    its link styling on, for styles given as text and as Style objects, a base
    style, overlapping spans and ANSI colours (the theme's)."""
    from rich.style import Style
    from textual.visual import Visual, visualize

    lines = [styled(1), Text("plain"), Text(""), Text("base", style="italic"),
             Text("base and spans", style=Style(color="green"), spans=[]),
             Text.assemble(("red", "red"), " ", ("on blue", Style(bgcolor="blue", bold=True)), " x"),
             Text("overlap here", spans=[base.Span(0, 7, "underline"), base.Span(3, 12, "reverse bold")])]
    lines[4].stylize("bold", 5, 8)
    app = BlockApp()
    async with app.run_test(size=(60, 12)) as pilot:
        block = app.query_one("#block", TextBlock)
        block.update(lines)
        await pilot.pause()
        width, style = block.size.width, block.visual_style
        for y, line in enumerate(lines):
            mine = base.text_visual(block, line)
            theirs = visualize(block, line, markup=False)
            assert (mine.plain, list(mine.spans)) == (theirs.plain, list(theirs.spans))
            block.auto_links = True
            try:
                drawn = Visual.to_strips(block, theirs, width, 1, style)[0]
            finally:
                block.auto_links = False
            assert segments(block.render_line(y)) == segments(drawn.apply_offsets(0, y) if y else drawn)


async def test_a_changed_line_is_the_only_one_drawn_again(monkeypatch) -> None:
    app = BlockApp()
    async with app.run_test(size=(60, 12)) as pilot:
        block = app.query_one("#block", TextBlock)
        lines = [styled(k) for k in range(6)]
        block.update(lines)
        await pilot.pause()
        drawn: list[str] = []
        real = base.text_visual

        def counting(widget, obj):
            drawn.append(obj.plain)
            return real(widget, obj)

        monkeypatch.setattr(base, "text_visual", counting)
        block.update(lines[:2] + [styled(2, "bold")] + lines[3:])  # the cursor marks line 2
        await pilot.pause()
        assert drawn == ["2 bold dim rev"]
        assert segments(block.render_line(2)) == whole(block, 2)
        assert "bold" in str(block.render_line(2)._segments[-1].style)
        drawn.clear()
        block.update(lines)  # and moves off again: line 2 as it was, from the cache
        await pilot.pause()
        assert drawn == []
        assert segments(block.render_line(2)) == whole(block, 2)


async def test_a_new_theme_draws_every_line_again() -> None:
    app = BlockApp()
    async with app.run_test(size=(60, 12)) as pilot:
        block = app.query_one("#block", TextBlock)
        block.update([styled(k) for k in range(3)])
        await pilot.pause()
        before = segments(block.render_line(1))
        app.theme = "textual-light" if app.theme != "textual-light" else "nord"
        await pilot.pause()
        after = segments(block.render_line(1))
        assert after != before
        assert after == whole(block, 1)


# -- the picker's border titles ------------------------------------------------------------
class PickerApp(App):
    CSS = "ChoicePicker { border: round $primary; width: 40; }"

    def compose(self):
        from tui.widgets.choice import ChoicePicker

        yield ChoicePicker(id="picker")


def screen_text(app: App) -> list[str]:
    return ["".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips()]


async def test_new_picker_titles_repaint_the_border_rows_only() -> None:
    from tui.widgets.choice import ChoicePicker

    app = PickerApp()
    async with app.run_test(size=(60, 14)) as pilot:
        picker = app.query_one("#picker", ChoicePicker)
        picker.set_choices([("", "Take the blue card", ""), ("", "Pass", "")], "Ann, choose:")
        picker.set_titles("A Ann", "1-2 or Enter")
        await pilot.pause()
        top, bottom = picker.region.y, picker.region.bottom - 1
        assert "A Ann" in screen_text(app)[top] and "1-2 or Enter" in screen_text(app)[bottom]
        picker.set_titles("A Ann", "1-2 or Enter")  # the same: nothing to repaint
        assert not picker._repaint_regions
        picker.set_titles("B Bob", "1-3 or Enter")
        rows = sorted({y for region in picker._repaint_regions for y in region.line_range})
        assert rows == [0, picker.outer_size.height - 1]  # not the choices in between
        await pilot.pause()
        assert "B Bob" in screen_text(app)[top] and "1-3 or Enter" in screen_text(app)[bottom]


# -- header and footer keep the lines they drew --------------------------------------------
async def test_footer_keys_come_back_as_they_were_and_stay_clickable(tmp_path) -> None:
    from core import get_game
    from core.match import Match, Seat
    from tui.app import LowlandsApp
    from tui.chrome import KeyFooter
    from tui.screens import game_screen_class

    match = Match(get_game("gift-of-tulips"), [Seat("Ann"), Seat("Bob"), Seat("Cy")], seed=3)
    screen = game_screen_class("gift-of-tulips")(match, data_dir=tmp_path, seat_guard=0)
    app = LowlandsApp(data_dir=tmp_path, config_dir=tmp_path / "config", start=screen)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        footer = screen.query_one(KeyFooter)
        first = screen_text(app)[-1]
        assert "Redo" not in first
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        with_redo = screen_text(app)[-1]
        assert "Redo" in with_redo and match.ply == 0
        await pilot.press("enter")  # the same keys as the first time: the kept line
        await pilot.pause()
        assert "Redo" not in screen_text(app)[-1]
        assert "Redo" not in [k.description for _s, _e, k in footer._spans]  # a click finds what is shown
        await pilot.press("u")
        await pilot.pause()
        assert screen_text(app)[-1] == with_redo
        # the kept line brings back where each key sits: a click on Redo redoes
        start = next(s for s, _e, k in footer._spans if k.description == "Redo")
        await pilot.click(KeyFooter, offset=(start + 1, 0))
        await pilot.pause()
        assert match.ply == 1


# -- grid: one string and its spans per line -------------------------------------------------
def appended_grid(rows, *, justify="", width=None, flex=None, gap=1) -> list[Text]:
    """grid() as Rich would put it together piece by piece (Text.append /
    append_text), the way it was written first: the reference."""
    cells = [[c if isinstance(c, Text) else Text(str(c)) for c in row] for row in rows]
    ncols = max((len(r) for r in cells), default=0)
    widths = [0] * ncols
    for row in cells:
        for i, c in enumerate(row):
            widths[i] = max(widths[i], c.cell_len)
    if width is not None and flex is not None and flex < ncols:
        widths[flex] = max(0, width - sum(w for i, w in enumerate(widths) if i != flex) - gap * (ncols - 1))
    out = []
    for row in cells:
        line = Text(no_wrap=True, overflow="crop")
        for i in range(ncols):
            c = row[i] if i < len(row) else Text("")
            if c.cell_len > widths[i]:
                c = c.copy()
                c.truncate(widths[i], overflow="crop")
            pad = widths[i] - c.cell_len
            how = justify[i] if i < len(justify) else "l"
            left = pad if how == "r" else pad // 2 if how == "c" else 0
            if i:
                line.append(" " * gap)
            line.append(" " * left)
            line.append_text(c)
            if i < ncols - 1 or how != "l":
                line.append(" " * (pad - left))
        line.rstrip()
        if width is not None:
            line.truncate(width, overflow="crop")
        out.append(line)
    return out


def test_grid_puts_lines_together_as_rich_would() -> None:
    from hypothesis import given, settings, strategies as st

    from tui.widgets.base import _same, grid

    words = st.text(alphabet="ab x李", max_size=7)

    @st.composite
    def cells(draw):
        plain = draw(words)
        if draw(st.booleans()):
            return plain
        text = Text(plain, style=draw(st.sampled_from(["", "bold", "red"])))
        if plain and draw(st.booleans()):
            text.stylize("reverse", 0, draw(st.integers(0, len(plain))))
        if draw(st.booleans()):
            text.append("zz", style="dim")
        return text

    @settings(max_examples=100, deadline=None)
    @given(rows=st.lists(st.lists(cells(), max_size=5), max_size=4), justify=st.text(alphabet="lrc", max_size=5),
           width=st.none() | st.integers(0, 30), flex=st.none() | st.integers(0, 4), gap=st.integers(0, 2))
    def check(rows, justify, width, flex, gap) -> None:
        got = grid(rows, justify=justify, width=width, flex=flex, gap=gap)
        want = appended_grid(rows, justify=justify, width=width, flex=flex, gap=gap)
        assert len(got) == len(want)
        for a, b in zip(got, want):
            assert _same(a, b), (a, b)

    check()


# -- a board keeps the sections the cursor does not touch ------------------------------------
@pytest.mark.parametrize("game_id, players, decisions, section, size", [
    ("golden-age", 4, 300, "_players", (120, 40)), ("fields-of-arle", 2, 100, "_summary", (120, 40)),
    ("gift-of-tulips", 6, 66, "_bouquets", (80, 24)), ("golden-age", 4, 300, "_provinces", (120, 40)),
    ("windmill-valley", 4, 120, "_wish", (120, 40)), ("fields-of-arle", 2, 100, "_action_lines", (120, 40)),
    ("windmill-valley", 4, 120, "_preview", (120, 40))])
async def test_kept_sections_draw_what_a_fresh_build_draws(tmp_path, game_id, players, decisions, section,
                                                           size) -> None:
    from core import get_game
    from tests.benchmarks.bench_tui import late_match
    from tui.app import LowlandsApp
    from tui.screens import game_screen_class
    from tui.widgets.base import DataWidget, _same

    match = late_match(get_game(game_id), players, decisions)
    screen = game_screen_class(game_id)(match, data_dir=tmp_path, seat_guard=0)
    app = LowlandsApp(data_dir=tmp_path, config_dir=tmp_path / "config", start=screen)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        board = screen.board
        widgets = list(board.query(DataWidget))
        order = list(range(len(screen._shown))) + list(range(len(screen._shown)))[::-1]
        assert len(order) > 2
        built = {"n": 0}
        real = getattr(board, section)

        def counting(*args, **kw):
            built["n"] += 1
            return real(*args, **kw)

        setattr(board, section, counting)
        for i in order:
            screen._cursor_moved(i)
            kept = [list(w._lines) for w in widgets]
            board.__dict__.pop("_kept", None)  # nothing kept: everything built afresh
            screen._draw_board(list(screen._shown[i].moves))
            for w, lines in zip(widgets, kept):
                assert len(lines) == len(w._lines) and all(_same(a, b) for a, b in zip(lines, w._lines)), w.id
        # the section was built afresh each time above, and came from what was kept otherwise
        assert built["n"] < 2 * len(order)


async def test_golden_age_sections_kept_across_states_draw_what_a_fresh_build_draws(tmp_path) -> None:
    """The Golden Age track, players, provinces, guilds and Indies are kept by
    what they draw (``track_data``, ``players_data``, ``provinces_data``,
    ``guilds_data``, ``indies_data``), not by the state:
    drawn after each of many decisions (tokens moved, cards bought, the King
    moved, auctions), what was kept draws what a fresh build draws."""
    import random

    from core import get_game
    from tests.benchmarks.bench_tui import late_match
    from tui.app import LowlandsApp
    from tui.screens import game_screen_class
    from tui.widgets.base import DataWidget, _same

    match = late_match(get_game("golden-age"), 4, 250)
    screen = game_screen_class("golden-age")(match, data_dir=tmp_path, seat_guard=0)
    app = LowlandsApp(data_dir=tmp_path, config_dir=tmp_path / "config", start=screen)
    rng = random.Random(3)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board = screen.board
        widgets = [w for w in board.query(DataWidget)
                   if w.id in ("ga-track", "ga-players", "ga-map", "ga-guilds", "ga-indies")]
        assert len(widgets) == 5
        hits = 0
        for _ in range(60):
            if match.is_over():
                break
            match.push(rng.choice(match.legal_moves()), trusted=True)
            screen.refresh_view()
            before = {name: dict(builds) for name, builds in board.__dict__.get("_kept", {}).items()}
            kept = [list(w._lines) for w in widgets]
            board.__dict__.pop("_kept", None)  # nothing kept: everything built afresh
            screen._draw_board(list(screen._shown[screen.picker.highlighted_index or 0].moves))
            for w, lines in zip(widgets, kept):
                assert len(lines) == len(w._lines) and all(_same(a, b) for a, b in zip(lines, w._lines)), w.id
            board.__dict__["_kept"] = before
            hits += 1
        assert hits > 30


async def test_the_picker_measures_each_label_once_per_width(monkeypatch) -> None:
    """``PickList.lines_at`` counts the lines OptionList's ``get_content_height``
    counts, and measures a label at a width once: a Content keeps the height
    of one width only, and the picker measures at two (as if a scrollbar took
    its columns, and at the list's own width), so every decision wrapped
    every label again, twice."""
    from textual.content import Content
    from textual.geometry import Size

    from tui.widgets.choice import ChoicePicker

    app = PickerApp()
    async with app.run_test(size=(60, 14)) as pilot:
        picker = app.query_one("#picker", ChoicePicker)
        ol = picker.option_list
        long = "Buy the Investment card of the green guild and pay the bank its price"
        choices = [("", long, ""), ("", "Pass", ""), ("", long + " twice over", "")]
        picker.set_choices(choices, "Ann, choose:")
        await pilot.pause()
        wrapped: list[str] = []
        real = Content._wrap_and_format
        monkeypatch.setattr(Content, "_wrap_and_format",
                            lambda self, *a, **k: wrapped.append(self.plain) or real(self, *a, **k))
        picker.set_choices(choices, "Ann, choose:")  # the same labels again (an undo)
        await pilot.pause()
        assert wrapped == []  # each measured before, at both widths
        picker.set_choices([choices[0], ("", "Sell", ""), choices[2]], "Ann, choose:")  # one new label
        await pilot.pause()
        assert wrapped and all(text == "2 Sell" for text in wrapped)
        monkeypatch.undo()
        for width in (12, 20, 37):
            assert ol.lines_at(width) == ol.get_content_height(Size(width, 9), Size(width, 9), width)


async def test_the_log_draws_its_rows_as_rich_log_draws_them() -> None:
    """``Log.render_lines`` reads the scroll offset, width and style once for
    the rows asked; each row is the very line RichLog's ``render_line`` draws,
    scrolled or not."""
    from textual.geometry import Region
    from textual.widgets import RichLog

    from tests.apphelpers import WidgetApp
    from tui.widgets.log import Log, LogEntry

    log = Log(id="log")
    app = WidgetApp(log)
    async with app.run_test(size=(40, 12)) as pilot:
        entries = [LogEntry(n // 3 + 1, f"Ann takes card {n} and pays {n % 5} guilders to the bank", "A", "")
                   for n in range(40)]
        log.set_entries(entries)
        await pilot.pause()
        for scroll in (None, 3):
            if scroll is not None:
                log.scroll_to(y=scroll, animate=False, immediate=True)
                await pilot.pause()
            width, height = log.size
            mine = log.render_lines(Region(0, 0, width, height))
            theirs = Widget.render_lines(log, Region(0, 0, width, height))
            assert [segments(s) for s in mine] == [segments(s) for s in theirs]
            theirs_rows = [segments(RichLog.render_line(log, y)) for y in range(height)]
            log._rendering = (log.scroll_offset, log.scrollable_content_region.width, log.rich_style)
            try:
                assert [segments(log.render_line(y)) for y in range(height)] == theirs_rows
            finally:
                log._rendering = None


async def test_a_decision_finds_the_footer_and_log_without_a_query(tmp_path, monkeypatch) -> None:
    """The screen keeps its footer and log once found: a decision and an undo
    (after which redo comes: new keys in the footer) query neither (a query
    walks every widget of the screen)."""
    from core import get_game
    from tests.benchmarks.bench_tui import late_match
    from textual.dom import DOMNode
    from tui.app import LowlandsApp
    from tui.chrome import KeyFooter
    from tui.screens import game_screen_class

    match = late_match(get_game("golden-age"), 4, 120)
    screen = game_screen_class("golden-age")(match, data_dir=tmp_path, seat_guard=0)
    app = LowlandsApp(data_dir=tmp_path, config_dir=tmp_path / "config", start=screen)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        asked: list[object] = []
        real_query, real_one = DOMNode.query, DOMNode.query_one
        monkeypatch.setattr(DOMNode, "query", lambda self, *a, **k: asked.append(a[:1]) or real_query(self, *a, **k))
        monkeypatch.setattr(DOMNode, "query_one",
                            lambda self, *a, **k: asked.append(a[:1]) or real_one(self, *a, **k))
        keys = screen.key_state()
        screen.play(screen._moves[0])
        screen.action_undo()
        assert screen.key_state() != keys  # (redo now: the footer's keys were read again)
        assert ("#log",) not in asked and (KeyFooter,) not in asked


def test_common_prefix() -> None:
    from tui.history import common_prefix

    assert common_prefix([1, 2, 3], [1, 2, 3, 4]) == 3
    assert common_prefix([1, 2, 3], [1, 2]) == 2
    assert common_prefix([1, 5, 3], [1, 2, 3]) == 1
    assert common_prefix([], [1]) == 0 and common_prefix([7], [8]) == 0
    assert common_prefix([1, 2], (1, 2, 3)) == 2  # a list and a tuple compared item by item


# -- the picker draws a label it drew before from what it kept -------------------------------
async def test_picker_lines_are_drawn_as_option_list_draws_them() -> None:
    from textual.widgets import OptionList

    from tui.widgets.choice import ChoicePicker

    app = PickerApp()
    async with app.run_test(size=(60, 14)) as pilot:
        picker = app.query_one("#picker", ChoicePicker)
        ol = picker.option_list

        def compare() -> None:
            for option in ol.options:
                for style in (ol.get_visual_style("option-list--option"),
                              ol.get_visual_style("option-list--option-highlighted")):
                    mine = ol._get_option_render(option, style)
                    ol._option_render_cache.clear()
                    theirs = OptionList._get_option_render(ol, option, style)
                    assert [segments(s) for s in mine] == [segments(s) for s in theirs]

        picker.set_choices([("", "Take the blue card", ""), ("0", "Pass", "")], "Ann, choose:")
        await pilot.pause()
        compare()
        kept = ol.__dict__["_drawn"]
        # "0 Pass" again, now the first option: drawn from what was kept, in its new place
        picker.set_choices([("0", "Pass", ""), ("", "Sell", "")], "Bob, choose:")
        await pilot.pause()
        assert [str(o.prompt) for o in ol.options] == ["0 Pass", "1 Sell"]
        compare()  # (OptionList's own drawing has the meta {"option": 0} for "0 Pass")
        # drawn once per style, in its first place; the second place came from that
        assert sum(1 for seen in kept.keys() if seen[0] == "0 Pass") == 2


# -- what reaches the terminal: the partial updates add up to the whole screen ---------------
def cells(screen) -> list[list[tuple]]:
    return [[(c.data, c.fg, c.bg, c.bold, c.italics, c.underscore, c.reverse)
             for c in (screen.buffer[y][x] for x in range(screen.columns))] for y in range(screen.lines)]


class FrameTerminal:
    """Every frame ``app`` writes (only the cells that changed) fed to a
    terminal emulator (pyte), to compare with what a full repaint draws."""

    def __init__(self, app, size) -> None:
        import pyte

        self.app, self.size = app, size
        self.term = pyte.Screen(*size)
        stream = pyte.Stream(self.term)
        real_display = type(app)._display

        frames = self.frames = []  # a 1 per frame written

        def display(self, shown_screen, renderable) -> None:
            if renderable is not None and hasattr(renderable, "render_segments"):
                frames.append(1)
                stream.feed(renderable.render_segments(self.console))
            real_display(self, shown_screen, renderable)

        app._display = display.__get__(app)

    def check(self, why: str) -> None:
        """The terminal shows, cell for cell, what a full repaint draws."""
        import pyte
        from textual._compositor import LayoutUpdate

        app = self.app
        whole = pyte.Screen(*self.size)
        strips = app.screen._compositor.render_strips()
        pyte.Stream(whole).feed(LayoutUpdate([[s] for s in strips], app.screen.region).render_segments(app.console))
        assert cells(self.term) == cells(whole), (why, self.term.display)


def late_game_app(tmp_path, game_id: str, size: tuple[int, int]):
    """A LowlandsApp on a late game of ``game_id`` (at most 60 decisions in)
    whose every frame is fed to a terminal emulator: (app, its game screen,
    the match, the FrameTerminal)."""
    from core import get_game
    from tests.benchmarks.bench_tui import late_match, late_spec
    from tui.app import LowlandsApp
    from tui.screens import game_screen_class

    game = get_game(game_id)
    players, decisions = late_spec(game)
    match = late_match(game, players, min(decisions, 60))
    screen = game_screen_class(game_id)(match, data_dir=tmp_path, seat_guard=0)
    app = LowlandsApp(data_dir=tmp_path, config_dir=tmp_path / "config", start=screen)
    return app, screen, match, FrameTerminal(app, size)


@pytest.mark.parametrize("game_id, size", [("gift-of-tulips", (80, 24)), ("golden-age", (120, 40)),
                                           ("windmill-valley", (80, 24)), ("fields-of-arle", (120, 40))])
async def test_partial_repaints_leave_the_terminal_showing_the_whole_screen(tmp_path, game_id, size) -> None:
    """Every frame the app writes (only the cells that changed) is fed to a
    terminal emulator; after each key its screen must be what a full repaint
    of the app's screen draws, cell for cell (text, colours, attributes)."""
    app, _screen, _match, term = late_game_app(tmp_path, game_id, size)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for key in ["down", "up", "enter", "down", "u", "right", "enter"]:
            await pilot.press(key)
            await pilot.pause()
            term.check(key)


@pytest.mark.parametrize("game_id, size", [("windmill-valley", (120, 40)), ("fields-of-arle", (80, 24))])
async def test_review_steps_leave_the_terminal_showing_the_whole_screen(tmp_path, game_id, size) -> None:
    """Review's steps (the board turning its pages, the move list scrolling and
    its rows drawn from the strips it kept) paint one frame each, and the
    terminal then shows what a full repaint draws, back and forth over the
    same decisions."""
    app, _screen, _match, term = late_game_app(tmp_path, game_id, size)
    frames = term.frames
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for key in ["r"] + ["left"] * 4 + ["right"] * 2 + ["left"] * 2 + ["b", "r", "left", "left"]:
            frames.clear()
            await pilot.press(key)
            await pilot.pause()
            await pilot.pause(0.05)
            assert len(frames) == 1, key
            term.check(key)


@pytest.mark.parametrize("game_id, size", [("golden-age", (120, 40)), ("windmill-valley", (80, 24))])
async def test_a_decision_an_undo_and_a_cursor_key_paint_from_their_handler(tmp_path, game_id, size) -> None:
    """The frame of a pick, an undo and a cursor move is written by the call
    that made them (OneLayout.paint_now; with a layout when one is asked for:
    Windmill Valley turns its board's pages), not once each widget's repaint
    request has travelled to the screen, and no second frame follows; the
    terminal shows what a full repaint draws."""
    app, screen, match, term = late_game_app(tmp_path, game_id, size)
    frames = term.frames
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.pause(0.1)
        picker = screen.picker
        steps = [("down", picker.option_list.action_cursor_down), ("up", picker.option_list.action_cursor_up),
                 ("pick", lambda: picker.choose(picker.highlighted_index)), ("undo", screen.action_undo),
                 ("pick", lambda: picker.choose(picker.highlighted_index))]
        for name, step in steps:
            ply = match.ply
            frames.clear()
            step()
            assert frames == [1], name  # painted before the call returned
            await pilot.pause()
            await pilot.pause(0.05)
            assert frames == [1], name  # and nothing after it
            if name == "undo":
                assert match.ply < ply
            term.check(name)


async def test_a_pick_that_hands_over_to_a_bot_leaves_no_old_choices_on_the_terminal(tmp_path) -> None:
    """A human's pick, then the bot's turn at 80x24: the picker's list, as tall
    as before but empty under "Bot (computer) is thinking...", is painted empty
    (the old choices stayed on the terminal: an emptied OptionList asked for no
    repaint), and so is the bot's move after it."""
    from core import get_game
    from core.match import Match, Seat
    from tui.app import LowlandsApp
    from tui.screens import game_screen_class

    game_id, seed, size = "fields-of-arle", 11, (80, 24)  # (a playtester's game)
    match = Match(get_game(game_id), [Seat("Ann"), Seat("Bot", kind="bot", level="greedy")], seed)
    screen = game_screen_class(game_id)(match, data_dir=tmp_path, seat_guard=0, bot_delay=0.3)
    app = LowlandsApp(data_dir=tmp_path, config_dir=tmp_path / "config", start=screen)
    term = FrameTerminal(app, size)
    handed_over = 0
    async with app.run_test(size=size) as pilot:
        for _ in range(6):
            for _ in range(300):  # the bot's decisions, until Ann's
                await pilot.pause(0.02)
                if not match.is_bot(match.to_move()) and not screen._bot_busy:
                    break
            await pilot.pause()
            term.check("Ann to choose")
            await pilot.press("enter")
            await pilot.pause()
            if match.is_bot(match.to_move()):
                handed_over += 1
                assert not screen.picker.choices
                term.check("the bot's turn")
    assert handed_over >= 1


# -- a new list of choices that scrolls like the old one asks for no layout ------------------
async def test_new_choices_keep_the_scrollbar_without_a_layout() -> None:
    from tui.widgets.choice import ChoicePicker

    app = PickerApp()
    async with app.run_test(size=(60, 14)) as pilot:
        picker = app.query_one("#picker", ChoicePicker)
        ol = picker.option_list
        picker.set_choices([("", f"Choice {i}", "") for i in range(30)], "Ann, choose:")
        await pilot.pause()
        assert ol.show_vertical_scrollbar
        shown: list[bool] = []
        real = type(ol)._refresh_scrollbars

        def watch(self) -> None:
            real(self)
            shown.append(self.show_vertical_scrollbar)

        ol._refresh_scrollbars = watch.__get__(ol)
        picker.set_choices([("", f"Other {i}", "") for i in range(25)], "Bob, choose:")
        # the emptied list in between was never measured: the scrollbar never went
        assert shown and all(shown)
        await pilot.pause()
        assert ol.show_vertical_scrollbar and ol.scroll_y == 0


# -- a frame renders only the widgets and lines it repaints ---------------------------------
class SpansApp(App):
    """Two columns of line widgets on a OneLayout screen (a game screen's compositor)."""

    def get_default_screen(self):
        from textual.containers import Horizontal
        from textual.screen import Screen

        from tui.chrome import OneLayout

        class SpansScreen(OneLayout, Screen):
            DEFAULT_CSS = "#left, #right { width: 1fr; } #row { height: auto; }"

            def compose(self):
                with Horizontal(id="row"):
                    yield TextBlock(id="left")
                    yield TextBlock(id="right")
                yield TextBlock(id="below")

        return SpansScreen()


async def test_a_frame_renders_only_the_repainted_parts(monkeypatch) -> None:
    """A change to one line of the right column renders that widget on that line
    only: not the left column beside it, not the widget below, not the
    containers the changed widget covers, and the screen still reads whole."""
    app = SpansApp()
    async with app.run_test(size=(60, 16)) as pilot:
        left, right, below = (app.screen.query_one(f"#{w}", TextBlock) for w in ("left", "right", "below"))
        left.update([Text(f"left {k}") for k in range(5)])
        right.update([Text(f"right {k}") for k in range(5)])
        below.update([Text("below")])
        await pilot.pause()
        lines = [Text(f"right {k}") for k in range(5)]
        right.update(lines[:1] + [Text("right 1 once")] + lines[2:])
        await pilot.pause()  # (and the regions left from the first layout are painted)
        rendered: list[tuple[str, int]] = []
        real = Widget.render_lines

        def render_lines(self, crop):
            rendered.append((self.id or type(self).__name__, crop.height))
            return real(self, crop)

        monkeypatch.setattr(Widget, "render_lines", render_lines)
        right.update(lines[:1] + [Text("right 1 once")] + lines[2:3] + [Text("right 3 changed")] + lines[4:])
        await pilot.pause()
        assert rendered == [("right", 1)]
        monkeypatch.undo()
        rows = screen_text(app)
        assert "left 3" in rows[3] and "right 3 changed" in rows[3] and "below" in rows[5]


class LogApp(App):
    """One Log of a fixed size."""

    CSS = "Log { height: 20; width: 40; }"

    def compose(self):
        from tui.widgets.log import Log

        yield Log(id="log")


async def test_a_log_scrollbar_repaints_only_the_rows_the_thumb_changes() -> None:
    """A line written to a long log moves its scrollbar's thumb a little: the
    bar repaints the rows that differ (not all of them) and then draws what a
    whole repaint of it draws."""
    from tui.widgets.log import Log, LogEntry

    app = LogApp()
    async with app.run_test(size=(60, 24)) as pilot:
        log = app.query_one(Log)
        entries = [LogEntry(k // 3 + 1, f"Ann takes card {k}", "A") for k in range(60)]
        log.set_entries(entries)
        await pilot.pause()
        bar = log.vertical_scrollbar
        assert bar.display and bar.size.height == 20
        before = [segments(bar.render_line(y)) for y in range(bar.size.height)]
        log.set_entries(entries + [LogEntry(21, "Bob passes", "B")])
        rows = sorted({y for region in bar._repaint_regions for y in region.line_range})
        assert 0 < len(rows) < 4
        await pilot.pause()
        after = [segments(bar.render_line(y)) for y in range(bar.size.height)]
        assert after != before
        assert after == [whole(bar, y) for y in range(bar.size.height)]
        # a frame draws each row alone from the bar's rows: as the whole bar's render, styled
        drawn = [segments(strip) for strip in bar.render_lines(Region(0, 0, 1, bar.size.height))]
        bar._styles_cache.clear()
        fresh = StylesCache()
        expected = [segments(strip) for strip in fresh.render_widget(bar, Region(0, 0, 1, bar.size.height))]
        assert drawn == expected and len({str(row) for row in drawn}) > 1


async def test_kept_styled_lines_follow_a_new_border_tint_or_padding() -> None:
    """Lines kept styled (KeptStylesCache) are styled again when what styling
    reads from the styles changes (a border, a tint, padding, text opacity),
    even with the same content and colours: each frame draws what Textual's
    own styling of the same lines draws."""
    from textual.color import Color

    app = BlockApp()
    async with app.run_test(size=(60, 12)) as pilot:
        block = app.query_one("#block", TextBlock)
        block.update([styled(k) for k in range(4)])
        await pilot.pause()
        changes = [lambda: setattr(block.styles, "border", ("round", "red")),
                   lambda: setattr(block.styles, "border_left", ("heavy", "green")),
                   lambda: setattr(block.styles, "tint", Color(0, 0, 255, 0.3)),
                   lambda: setattr(block.styles, "padding", (0, 2)),
                   lambda: setattr(block.styles, "text_opacity", 0.5)]
        for change in changes:
            change()
            await pilot.pause()
            crop = Region(0, 0, *block.outer_size)
            drawn = [segments(strip) for strip in block.render_lines(crop)]
            assert drawn == [segments(strip) for strip in StylesCache().render_widget(block, crop)]


async def test_a_widget_grown_by_a_line_styles_only_that_line() -> None:
    """A widget whose height changes (a board section with a line more in
    another state: a review step) keeps its lines styled: only the new line
    is styled, and every row draws what Textual's styling draws."""
    from textual._styles_cache import StylesCache as Textual

    app = BlockApp()
    async with app.run_test(size=(60, 12)) as pilot:
        block = app.query_one("#block", TextBlock)
        block.update([styled(k) for k in range(4)])
        await pilot.pause()
        styled_rows: list[int] = []
        real = Textual.render_line

        def counting(self, styles, y, *args, **kw):
            if self is block._styles_cache:
                styled_rows.append(y)
            return real(self, styles, y, *args, **kw)

        Textual.render_line = counting
        try:
            block.update([styled(k) for k in range(5)])
            await pilot.pause()
        finally:
            Textual.render_line = real
        assert styled_rows == [4]
        crop = Region(0, 0, *block.outer_size)
        drawn = [segments(strip) for strip in block.render_lines(crop)]
        assert drawn == [segments(strip) for strip in StylesCache().render_widget(block, crop)]


class BorderedLogApp(App):
    """One Log of a fixed size in a border with its title (as the game screen's)."""

    CSS = "Log { height: 20; width: 40; border: round $primary; }"

    def compose(self):
        from tui.widgets.log import Log

        yield Log(id="log")


class LogBesideRichLogApp(App):
    CSS = "Log, RichLog { height: 10; width: 50; }"

    def compose(self):
        from textual.widgets import RichLog

        from tui.widgets.log import Log

        yield Log(id="log")
        yield RichLog(id="plain", wrap=False, markup=False, highlight=False, min_width=1)


async def test_entries_written_one_by_one_are_the_lines_richlog_writes() -> None:
    """A decision's entry is written straight to Strips (``Log._add_lines``), as
    a rewrite is: the log holds the very lines RichLog's ``write`` of each of
    its lines makes (wrapped with a hanging indent, wide characters, styles)."""
    from textual.widgets import RichLog

    from tui.widgets.log import Log, LogEntry

    app = LogBesideRichLogApp()
    async with app.run_test(size=(60, 24)) as pilot:
        log = app.query_one(Log)
        plain = app.query_one("#plain", RichLog)
        entries = [LogEntry(1, "Ann takes card 1", "A", "red")]
        log.set_entries(entries)
        await pilot.pause()
        for k, text in enumerate(["Bob passes", "李明 takes the blue card and the green card and pays 3 guilders "
                                  "to the bank for both (+6 VP)", "x" * 80, "Cy ends the turn"]):
            entries = entries + [LogEntry(2 + k // 2, text, "BC"[k % 2], "" if k % 2 else "blue")]
            start = len(log.lines)
            log.set_entries(entries)
            width = log._text_width()
            plain.clear()
            for line in log._lines(entries, len(entries) - 1, width):
                plain.write(line, width=width, scroll_end=False)
            assert len(log.lines) - start == len(plain.lines) >= 1
            assert [segments(s) for s in log.lines[start:]] == [segments(s) for s in plain.lines]
            await pilot.pause()


async def test_a_log_scrolled_by_a_line_draws_its_rows_as_styled_afresh() -> None:
    """A line written to a long log scrolls it by a line: every row shows a
    line it showed a moment ago one row lower, styled then and not again
    (the very Strip comes back); the rows still draw what Textual's styling
    of each line draws (border, background), and one frame paints them."""
    from tui.widgets.log import Log, LogEntry

    app = BorderedLogApp()
    async with app.run_test(size=(60, 24)) as pilot:
        log = app.query_one(Log)
        entries = [LogEntry(k // 3 + 1, f"Ann takes card {k}", "A", "red") for k in range(60)]
        log.set_entries(entries)
        await pilot.pause()
        crop = Region(0, 0, *log.outer_size)
        before = log.render_lines(crop)
        log.set_entries(entries + [LogEntry(21, "Bob passes", "B", "blue")])
        await pilot.pause()
        after = log.render_lines(crop)
        assert [segments(s) for s in after] != [segments(s) for s in before]
        # the content rows moved up a line: the very strips styled before (the border rows stay)
        assert all(a is b for a, b in zip(after[1:-2], before[2:-1]))
        expected = StylesCache().render_widget(log, crop)
        assert [segments(s) for s in after] == [segments(s) for s in expected]
        assert "Bob passes" in "".join(seg.text for seg in after[-2])


async def test_an_undo_shows_the_board_the_view_it_drew_before(tmp_path) -> None:
    """Back to a position drawn a moment ago (an undo), the board gets the very
    view object it drew then: the state is not copied again and the sections
    kept for it are not built again."""
    from tests.apphelpers import ScreenApp, new_match
    from tui.screens import screen_for

    match = new_match(moves=4)
    screen = screen_for(match, data_dir=tmp_path)
    app = ScreenApp(screen)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        before = screen._board_view[2]
        await pilot.press("enter")
        await pilot.pause()
        assert match.ply == 5 and screen._board_view[2] is not before
        await pilot.press("u")
        await pilot.pause()
        assert match.ply == 4 and screen._board_view[2] is before


async def test_a_scrollbar_once_shown_stays_blank_while_everything_fits() -> None:
    """A list that scrolls and then one that fits: the scrollbar stays (no
    screen layout to hide it and show it again) and is drawn blank, in the
    list's own background, as a fresh render of it draws it."""
    from tui.widgets.log import Log, LogEntry

    app = LogApp()
    async with app.run_test(size=(60, 24)) as pilot:
        log = app.query_one(Log)
        entries = [LogEntry(k + 1, f"Ann takes card {k}", "A") for k in range(40)]
        log.set_entries(entries)
        await pilot.pause()
        bar = log.vertical_scrollbar
        assert log.show_vertical_scrollbar and bar.window_size < bar.window_virtual_size  # it scrolls
        thumb = [segments(bar.render_line(y)) for y in range(bar.size.height)]
        layouts: list[bool] = []
        real = type(log).refresh

        def refresh(self, *regions, **kw):
            layouts.append(bool(kw.get("layout")))
            return real(self, *regions, **kw)

        log.refresh = refresh.__get__(log)
        log.set_entries(entries[:3])  # (an undo of many: everything fits)
        await pilot.pause()
        assert log.show_vertical_scrollbar and not any(layouts)
        assert [segments(bar.render_line(y)) for y in range(bar.size.height)] != thumb
        background = log.background_colors[1].rich_color
        for y in range(bar.size.height):
            drawn = segments(bar.render_line(y))
            assert drawn == whole(bar, y)
            assert all(text.strip() == "" and style.bgcolor == background for text, style, _meta in drawn)


def one_layout_app(css: str, compose: Any) -> App:
    """An app whose screen is a OneLayout screen composed by ``compose()``."""
    from textual.screen import Screen

    from tui.chrome import OneLayout

    class OneScreen(OneLayout, Screen):
        DEFAULT_CSS = css

        def compose(self):
            yield from compose()

    class OneApp(App):
        def get_default_screen(self):
            return OneScreen()

    return OneApp()


def count_arrangements(monkeypatch) -> list[bool]:
    """From now on, each whole-screen arrangement (its ``visible_only``)."""
    from textual._compositor import Compositor

    arranged: list[bool] = []
    real = Compositor._arrange_root

    def arrange(self, *args, **kw):
        arranged.append(kw.get("visible_only", True))
        return real(self, *args, **kw)

    monkeypatch.setattr(Compositor, "_arrange_root", arrange)
    return arranged


async def test_a_widget_out_of_sight_repainted_does_not_arrange_the_screen_again(monkeypatch) -> None:
    """A section out of sight (a board page not shown, scrolled away) updated
    with the rest: Textual took it for a new widget and arranged the whole
    screen again at the next look-up of a widget's place, on every decision."""
    from textual.containers import VerticalScroll

    def compose():
        with VerticalScroll(id="box"):
            yield TextBlock(id="top")
            yield TextBlock(id="low")
        yield TextBlock(id="below")

    app = one_layout_app("#box { height: 6; }", compose)
    async with app.run_test(size=(40, 12)) as pilot:
        top, low, below = (app.screen.query_one(f"#{w}", TextBlock) for w in ("top", "low", "below"))
        top.update([Text(f"top {k}") for k in range(8)])
        low.update([Text("low")])
        below.update([Text("below")])
        await pilot.pause()
        compositor = app.screen._compositor
        assert low not in compositor.visible_widgets and low in compositor.full_map
        arranged = count_arrangements(monkeypatch)
        low.update([Text("low, later")])
        below.update([Text("below, later")])
        await pilot.pause()
        assert below.region.height == 1 and low.region.y > top.region.y
        assert arranged == []
        assert "below, later" in screen_text(app)[6]


async def test_a_section_shown_with_new_lines_costs_one_arrangement(monkeypatch) -> None:
    """A section shown again (a board page turned) whose widgets were updated
    while hidden: the layout arranges the screen once, and the look-ups of the
    widgets' places in that frame use its map (Textual kept the map marked out
    of date for the widgets it had not held, and arranged the whole screen a
    second time at the first look-up)."""
    def compose():
        yield TextBlock(id="top")
        with Vertical(id="page"):
            yield TextBlock(id="inside")

    app = one_layout_app("#page { height: auto; }", compose)
    async with app.run_test(size=(40, 12)) as pilot:
        screen = app.screen
        top, page, inside = screen.query_one("#top"), screen.query_one("#page"), screen.query_one("#inside")
        top.update([Text("top")])
        inside.update([Text("inside")])
        await pilot.pause()
        page.display = False
        await pilot.pause()
        assert inside not in screen._compositor.full_map
        arranged = count_arrangements(monkeypatch)
        inside.update([Text("inside, new"), Text("and longer")])
        page.display = True
        await pilot.pause()
        assert inside.region.height == 2 and inside.size.width == 40
        assert arranged == [False]  # the layout's, and no other
        assert "inside, new" in screen_text(app)[1] and "and longer" in screen_text(app)[2]


# -- a resize wraps the choices again, at once -----------------------------------------------
async def test_a_resize_wraps_the_choices_at_the_new_width(tmp_path) -> None:
    """A playtester's Windmill Valley game (seed 21, the floodgate): from 80x24
    to 120x40 and back, every choice is shown whole, wrapped at the list's new
    width, in a list as tall as its lines with no scrollbar (the list kept the
    lines it had wrapped at the old width: at 120x40 a box too short with a
    choice hidden, at 80x24 "1 Floodgate 1 (leave), wate" with the rest lost);
    the terminal shows what a full repaint draws."""
    from core import get_game
    from core.match import Match, Seat
    from tui.app import LowlandsApp
    from textual.geometry import Region

    from tui.screens import game_screen_class

    game = get_game("windmill-valley")
    match = Match(game, [Seat("Ann"), Seat("Bob")], 21)
    while match.state.tasks[-1].kind != "gate":
        match.push(match.legal_moves()[0])
    screen = game_screen_class(game.id)(match, data_dir=tmp_path, seat_guard=0)
    app = LowlandsApp(data_dir=tmp_path, config_dir=tmp_path / "config", start=screen)
    term = FrameTerminal(app, (80, 24))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for size in [(80, 24), (120, 40), (80, 24)]:
            term.term.resize(size[1], size[0])  # (the terminal first, as a real one is)
            term.size = size
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            ol = screen.picker.option_list
            shown = [line.text for line in ol.render_lines(Region(0, 0, ol.size.width, ol.size.height))]
            words = " ".join(" ".join(shown).split())
            for choice in screen.picker.choices:
                assert f"{choice.hotkey} {choice.label}" in words, (size, shown)
            assert ol.virtual_size.height == ol.size.height and not ol.show_vertical_scrollbar
            assert ol.virtual_size.width == ol.size.width
            term.check(str(size))


@pytest.mark.parametrize("game_id, players, decisions, size, counted", [
    ("fields-of-arle", 2, 100, (120, 40), "_action_lines"), ("windmill-valley", 4, 120, (120, 40), "ring"),
    ("windmill-valley", 4, 263, (120, 40), "_preview")])
async def test_sections_kept_across_decisions_and_undos_draw_what_a_fresh_build_draws(
        tmp_path, monkeypatch, game_id, players, decisions, size, counted) -> None:
    """A board keeps builds across states by what they draw (Fields of Arle's
    action boards by the workers on them, a Ring by its spaces and pointer), so
    the same decision made again after its undo draws nothing again (each new
    state drew them afresh); and after each decision and undo every widget shows
    what a fresh build shows."""
    from core import get_game
    from tests.benchmarks.bench_tui import late_match
    from tui.app import LowlandsApp
    from tui.screens import game_screen_class
    from tui.widgets.base import DataWidget, _same
    from tui.widgets.wheel import Ring

    match = late_match(get_game(game_id), players, decisions)
    screen = game_screen_class(game_id)(match, data_dir=tmp_path, seat_guard=0)
    app = LowlandsApp(data_dir=tmp_path, config_dir=tmp_path / "config", start=screen)
    built = {"n": 0, "on": False}

    def counted_call(real):
        def counting(*args, **kw):
            built["n"] += built["on"]
            return real(*args, **kw)
        return counting

    if counted == "ring":
        monkeypatch.setattr(Ring, "_draw", counted_call(Ring._draw))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        board = screen.board
        if counted != "ring":
            setattr(board, counted, counted_call(getattr(board, counted)))
        widgets = list(board.query(DataWidget))
        rings = list(board.query(Ring))
        move = match.legal_moves()[0]
        for step in ["decide", "undo"] * 6:
            built["on"] = True
            if step == "decide":
                match.push(move)
            else:
                match.undo()
            screen.refresh_view()
            await pilot.pause()
            built["on"] = False
            drawn = [list(w._lines) for w in widgets]
            kept = board.__dict__.pop("_kept", None)  # nothing kept: everything built afresh
            rings_kept = [(ring._drawn, ring._data) for ring in rings]
            for ring in rings:
                ring._drawn, ring._data = {}, None
            screen._draw_board(list(board._last[4]))
            for w, lines in zip(widgets, drawn):
                assert len(lines) == len(w._lines) and all(_same(a, b) for a, b in zip(lines, w._lines)), w.id
            board._kept = kept
            for ring, (was_drawn, data) in zip(rings, rings_kept):
                ring._drawn, ring._data = was_drawn, data
            screen._draw_board(list(board._last[4]))
        # six decisions and six undos: drawn for the first decision (and its undo, at
        # most), not for every new state
        assert built["n"] <= 2 * max(1, len(rings))
