"""tui/compositor.py: a partial update renders only the changed rows and writes
fewer bytes, and the terminal still shows exactly what a full repaint draws."""

from __future__ import annotations

import random

import pyte
from rich.style import Style
from rich.text import Text
from textual.app import App
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual._compositor import LayoutUpdate

from tui.chrome import OneLayout
from tui.compositor import LineCompositor, _transition
from tui.widgets.base import TextBlock

STYLES = ["", "bold", "dim", "italic", "underline", "reverse", "bold reverse", "bold red", "dim on blue",
          "underline green on #202020", "strike", "bold italic yellow", "reverse #ff8800"]


class Shown(OneLayout, Screen[None]):
    CSS = """
    #left { width: 30; height: 8; border: round $primary; padding: 0 1; }
    #right { width: 30; height: 6; background: $panel; }
    #over { layer: top; offset: 10 3; width: 16; height: 3; background: $boost; }
    #scroll { height: 5; }
    Shown { layers: base top; }
    """

    def compose(self):
        yield TextBlock(id="left")
        yield TextBlock(id="right")
        with VerticalScroll(id="scroll"):
            for n in range(8):
                yield TextBlock(id=f"row{n}")
        yield TextBlock(id="over")


class ShownApp(App):
    def on_mount(self) -> None:
        self.push_screen(Shown())


def cells(screen: pyte.Screen) -> list[list[tuple]]:
    return [[(c.data, c.fg, c.bg, c.bold, c.italics, c.underscore, c.reverse, c.strikethrough)
             for c in (screen.buffer[y][x] for x in range(screen.columns))] for y in range(screen.lines)]


def lines(rng: random.Random, n: int, width: int) -> list[Text]:
    out = []
    for _ in range(n):
        line = Text()
        while line.cell_len < width - 4:
            line.append(rng.choice(["ab", "cde", " ", "fghij", "│", "→"]), style=rng.choice(STYLES))
        out.append(line)
    return out


async def test_partial_updates_draw_what_a_full_repaint_draws() -> None:
    size = (70, 24)
    app = ShownApp()
    term = pyte.Screen(*size)
    stream = pyte.Stream(term)
    real_display = type(app)._display
    written: list[int] = []

    def display(self, shown_screen, renderable) -> None:
        if renderable is not None and hasattr(renderable, "render_segments"):
            data = renderable.render_segments(self.console)
            written.append(len(data))
            stream.feed(data)
        real_display(self, shown_screen, renderable)

    app._display = display.__get__(app)
    rng = random.Random(7)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen._compositor, LineCompositor)
        blocks = list(screen.query(TextBlock))
        for block in blocks:
            block.update(lines(rng, 3, 28))
        await pilot.pause()
        for step in range(40):
            block = rng.choice(blocks)
            shown = list(block._data)
            for y in rng.sample(range(len(shown)), rng.randint(1, len(shown))):
                shown[y] = lines(rng, 1, 28)[0]
            block.update(shown)  # the same height: a partial update of the changed lines
            if step % 9 == 4:
                screen.query_one("#scroll").scroll_to(y=rng.randint(0, 10), animate=False)
            await pilot.pause()
            whole = pyte.Screen(*size)
            strips = screen._compositor.render_strips()
            pyte.Stream(whole).feed(LayoutUpdate([[s] for s in strips], screen.region).render_segments(app.console))
            assert cells(term) == cells(whole), step
    assert written


def test_style_changes_are_written_as_what_changed() -> None:
    from rich.color import ColorSystem

    truecolor = ColorSystem.TRUECOLOR
    bold_red, red = Style.parse("bold #ff0000 on #000000"), Style.parse("#ff0000 on #000000")
    assert _transition(None, bold_red, truecolor) == "\x1b[1;38;2;255;0;0;48;2;0;0;0m"
    assert _transition(bold_red, red, truecolor) == "\x1b[22m"  # bold off: the colours stay
    assert _transition(red, bold_red, truecolor) == "\x1b[1m"
    assert _transition(red, Style.parse("#ff0000 on #0000ff"), truecolor) == "\x1b[48;2;0;0;255m"
    assert _transition(red, red, truecolor) == ""
    assert _transition(red, Style(), truecolor) == "\x1b[0m"
    # bold and dim go off together (SGR 22): dim comes back
    assert _transition(Style.parse("bold dim"), Style.parse("dim"), truecolor) == "\x1b[22;2m"
