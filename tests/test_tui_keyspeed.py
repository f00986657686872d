"""Issue 9's key speed: what a key redraws (the timing itself is `make bench`'s).

DataWidget renders line by line (Textual's Line API) and keeps each line's
Strip until that line changes; these tests hold it to drawing exactly what the
whole-widget render draws, and to converting only the lines that changed.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import App
from textual.containers import Vertical
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


async def test_a_changed_line_is_the_only_one_drawn_again(monkeypatch) -> None:
    app = BlockApp()
    async with app.run_test(size=(60, 12)) as pilot:
        block = app.query_one("#block", TextBlock)
        lines = [styled(k) for k in range(6)]
        block.update(lines)
        await pilot.pause()
        drawn: list[str] = []
        real = base.visualize

        def counting(widget, obj, **kw):
            drawn.append(obj.plain)
            return real(widget, obj, **kw)

        monkeypatch.setattr(base, "visualize", counting)
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
