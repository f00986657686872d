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
