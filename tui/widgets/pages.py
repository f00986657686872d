"""PageBar: a one-line row of page names with the active one marked.

A game board with more to show than fits folds its panels into pages; the bar
names them (``[Turn]  Valley  A Ann``), the active one in reverse video between
brackets (readable without colour). Clicking a name posts ``PageBar.Selected``.
Plain data in (names and the active index), game-agnostic.
"""

from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual import events
from textual.message import Message

from tui.widgets.base import DataWidget
from tui.widgets.common import use_ascii



class PageBar(DataWidget):
    """Page names on one line; ``update(names, active)``.

    Messages:
        PageBar.Selected(index): a name was clicked.
    """

    DEFAULT_CSS = """
    PageBar {
        height: 1;
    }
    """

    class Selected(Message):
        def __init__(self, bar: "PageBar", index: int) -> None:
            super().__init__()
            self.bar = bar
            self.index = index

        @property
        def control(self) -> "PageBar":
            return self.bar

    def __init__(self, *, hint: str = "", name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.hint = hint
        self._data = ((), 0)
        self._spans: list[tuple[int, int]] = []

    def update(self, names: Sequence[str], active: int) -> None:
        """Show ``names`` with ``active`` marked; redraws only if changed."""
        self._set((tuple(names), active))

    def build(self, width: int) -> list[Text]:
        # the last column stays blank, so the bar never runs into what is to its
        # right (a panel's border); what does not fit goes in this order: the
        # gaps between the names, then the key hint (the footer names the keys
        # too; a cut "<-" under --ascii ran into the border), then the names' ends
        room = max(1, width - 1)
        for gap, hint in ((" ", True), ("", True), (" ", False), ("", False)):
            line = self._draw(gap, hint)
            if line.cell_len <= room:
                break
        # cut with "…", or plainly under --ascii (no glyph outside ASCII)
        line.truncate(room, overflow="crop" if use_ascii(self) else "ellipsis")
        return [line]

    def _draw(self, gap: str = " ", hint: bool = True) -> Text:
        names, active = self._data
        out = Text(no_wrap=True, overflow="crop" if use_ascii(self) else "ellipsis")
        self._spans = []
        for i, name in enumerate(names):
            start = len(out.plain)
            if i == active:
                out.append(f"[{name}]", style="reverse bold")
            else:
                out.append(f" {name} ", style="")
            self._spans.append((start, len(out.plain)))
            out.append(gap)
        if self.hint and hint:
            out.append(self.hint, style="dim")
        return out

    def on_click(self, event: events.Click) -> None:
        for i, (a, b) in enumerate(self._spans):
            if a <= event.x < b:
                self.post_message(self.Selected(self, i))
                return
