"""The paged boards' body (tui/widgets/board.py, issue 9): its scrollbar stays once
shown, draws its rows as Textual draws them, and its containers' own cells are
blank lines of their background."""

from __future__ import annotations

import pytest
from textual.geometry import Region
from textual.widgets import Static

from tests.apphelpers import WidgetApp
from tui.widgets.base import RowScrollBar
from tui.widgets.board import BoardBody, BoardSection, BodyScrollBar


def _cells(strips) -> list[list[tuple[str, str]]]:
    """Each cell's character and its colours (what the terminal shows)."""
    out = []
    for strip in strips:
        row = []
        for seg in strip:
            style = seg.style
            colours = (str(style.color), str(style.bgcolor), bool(style.reverse)) if style else ("", "", False)
            row += [(ch, colours) for ch in seg.text]
        out.append(row)
    return out


def _textual_rows(bar) -> list:
    """The bar's rows as Textual's own ScrollBar pipeline draws them."""
    bar._styles_cache.clear()
    return RowScrollBar.render_lines(bar, Region(0, 0, bar.size.width, bar.size.height))


async def _check_body(ascii: bool) -> None:
    section = BoardSection(Static("x\n" * 60, id="tall"), id="sec")
    section.styles.height = "auto"  # (as a board's CSS has it)
    section.styles.background = "#2a4f8f"  # (a colour NO_COLOR turns grey)
    body = BoardBody(section)
    body.styles.height = 20
    async with WidgetApp(body, ascii=ascii).run_test(size=(40, 24)) as pilot:
        await pilot.pause()
        bar = body.vertical_scrollbar
        assert isinstance(bar, BodyScrollBar) and body.show_vertical_scrollbar
        for y in (0, 7, 40):  # the thumb at the top, inside, at the end
            body.scroll_to(y=y, animate=False, immediate=True)
            await pilot.pause()
            fast = bar.render_lines(Region(0, 0, bar.size.width, bar.size.height))
            assert _cells(fast) == _cells(_textual_rows(bar))
            part = bar.render_lines(Region(0, 5, bar.size.width, 4))
            assert _cells(part) == _cells(fast[5:9])
        # a page that fits: the bar stays, blank (as the gutter was), no layout to hide it
        body.query_one("#tall", Static).update("short")
        await pilot.pause()
        await pilot.pause()
        assert body.show_vertical_scrollbar and body.max_scroll_y == 0 and body.scroll_y == 0
        fast = bar.render_lines(Region(0, 0, bar.size.width, bar.size.height))
        base, background = body.background_colors
        gutter = ("None", str((base + background).rich_color), False)  # (as the body drew its gutter)
        assert {cell for row in _cells(fast) for cell in row} == {(" ", gutter)}
        # the section's own cells: blank lines of its background, as Textual's
        mine = section.render_lines(Region(0, 0, section.size.width, 3))
        section._styles_cache.clear()
        textual = BoardSection.__mro__[2].render_lines(section, Region(0, 0, section.size.width, 3))
        assert [[bg for _, (_, bg, _) in row] for row in _cells(mine)] == \
            [[bg for _, (_, bg, _) in row] for row in _cells(textual)]


@pytest.mark.parametrize("ascii,no_color", [(False, False), (True, False), (False, True)])
async def test_the_board_body_draws_as_textual_does(monkeypatch, ascii: bool, no_color: bool) -> None:
    """With and without --ascii and NO_COLOR (Textual's line filters: the
    same greys as every other line)."""
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    await _check_body(ascii=ascii)


async def test_a_page_shown_again_as_it_was_is_placed_as_a_fresh_arrangement_places_it(monkeypatch) -> None:
    """The body, its sections and rows keep their arrangements by what they follow
    from (sizes, what is shown, the heights and widths their DataWidgets set):
    a page shown again as it was is placed without arranging it again, exactly
    as a fresh arrangement places it; a widget a line taller is arranged anew."""
    from rich.text import Text
    from textual import widget as textual_widget

    from tests.test_tui_keyspeed import one_layout_app
    from tui.widgets.base import TextBlock
    from tui.widgets.board import BoardRow

    def compose():
        with BoardBody(id="body"):
            with BoardSection(id="one"):
                yield TextBlock(id="a")
                with BoardRow(id="row"):
                    yield TextBlock(id="b")
                    yield TextBlock(id="c")
            with BoardSection(id="two"):
                yield TextBlock(id="d")

    css = ("#body { height: 1fr; } .x { height: auto; } BoardSection { height: auto; } "
           "BoardRow { height: auto; } #b { width: 10; }")
    app = one_layout_app(css, compose)
    arranged: list[object] = []
    real = textual_widget.arrange  # (what Widget.arrange calls)

    def counting(widget, *args, **kw):
        arranged.append(widget)
        return real(widget, *args, **kw)

    monkeypatch.setattr(textual_widget, "arrange", counting)
    async with app.run_test(size=(40, 20)) as pilot:
        screen = app.screen
        one, two = screen.query_one("#one"), screen.query_one("#two")
        for w, n in (("a", 2), ("b", 3), ("c", 1), ("d", 4)):
            screen.query_one(f"#{w}", TextBlock).update([Text(f"{w}{k}") for k in range(n)])
        await pilot.pause()

        def placed() -> dict[str, object]:
            return {w.id: w.region for w in screen.query(TextBlock) if w.display}

        def fresh() -> dict[str, object]:
            for node in screen.query("BoardBody, BoardSection, BoardRow"):
                node.__dict__.pop("_arranged", None)
                node._clear_arrangement_cache()
            screen._refresh_layout()
            return placed()

        shown = {}
        for page in (one, two, one, two):
            one.display, two.display = page is one, page is two
            await pilot.pause()
            arranged.clear()
            if page.id in shown:
                # (laid out again: every container asked, none arranged anew)
                for node in screen.query("BoardBody, BoardSection, BoardRow"):
                    node._clear_arrangement_cache()
                screen._refresh_layout()
                assert not [w for w in arranged if isinstance(w, (BoardBody, BoardSection, BoardRow))]
            shown[page.id] = placed()
            assert shown[page.id] == fresh()
        # a line more in the row: arranged anew, and placed as a fresh arrangement places it
        one.display, two.display = True, False
        screen.query_one("#b", TextBlock).update([Text(f"b{k}") for k in range(5)])
        await pilot.pause()
        after = placed()
        assert after["b"].height == 5 and after == fresh()
