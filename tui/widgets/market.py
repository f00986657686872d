"""Market: named areas with markers in them (market places, regions, action
spaces): plain data in, one line per area out. WrapMarket wraps each area's info
under itself instead of cropping it."""

from __future__ import annotations

import textwrap
from typing import NamedTuple, Sequence

from rich.text import Text

from tui.widgets.base import DataWidget, grid
from tui.widgets.common import HIGHLIGHT, Marker, glyph


class Area(NamedTuple):
    """One market area.

    Attributes:
        name: the area's name ("Amsterdam", "Fish market").
        markers: the markers in it (Marker.letter + style; position ignored).
        info: extra text (prices, capacity, what it gives).
        highlight: True when it is a target of the choice under the cursor.
    """

    name: str
    markers: Sequence[Marker] = ()
    info: str = ""
    highlight: bool = False


class Market(DataWidget):
    """Areas with markers, one row each: ``name  [A][B]  info``.

    Args:
        title: heading above the areas.
    """

    def __init__(self, *, title: str = "", name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(title=title, name=name, id=id, classes=classes)
        self._data = ()

    def update(self, areas: Sequence[Area]) -> None:
        """Show ``areas``; redraws only if they changed."""
        self._set(tuple((a.name, tuple(a.markers), a.info, a.highlight) for a in areas))

    def build(self, width: int) -> list[Text]:
        pointer = glyph(self, "▶", ">")
        rows = []
        if self.title:
            rows.append(["", Text(self.title, style="bold")])
        for name, markers, info, highlight in self._data:
            style = HIGHLIGHT if highlight else ""
            tokens = Text()
            for m in markers:
                tokens.append(f"[{m.letter}]", style=m.style or "bold")
            rows.append([pointer if highlight else " ", Text(name, style=style), tokens,
                         Text(info, style=style or "dim")])
        return grid(rows, width=width, flex=3)


class WrapMarket(Market):
    """Market areas whose info wraps under itself instead of being cropped: the info is
    split at " | " (one option per piece, a piece is never split unless it alone is wider
    than the room) and continuation lines are indented to the info column."""

    def build(self, width: int) -> list[Text]:
        pointer = glyph(self, "▶", ">")
        lines: list[Text] = []
        if self.title:
            lines.append(Text("  ") + self._title_text())
        if not self._data:
            return lines
        name_w = max(len(name) for name, *_ in self._data)
        mark_w = max(sum(len(m.letter) + 2 for m in markers) for _n, markers, *_ in self._data)
        indent = 2 + name_w + 1 + (mark_w + 1 if mark_w else 0)
        room = max(8, width - indent)
        for name, markers, info, highlight in self._data:
            style = HIGHLIGHT if highlight else ""
            line = Text(no_wrap=True)
            line.append(pointer if highlight else " ")
            line.append(" ")
            line.append(name.ljust(name_w), style=style)
            line.append(" ")
            used = 0
            for m in markers:
                line.append(f"[{m.letter}]", style=m.style or "bold")
                used += len(m.letter) + 2
            if mark_w:
                line.append(" " * (mark_w - used + 1))
            rows: list[str] = []
            for piece in info.split(" | ") if info else []:
                if rows and len(rows[-1]) + 3 + len(piece) <= room:
                    rows[-1] += " | " + piece
                else:
                    rows += textwrap.wrap(piece, room) or [""]
            for k, text in enumerate(rows or [""]):
                if k:
                    line = Text(" " * indent, no_wrap=True)
                line.append(text, style=style or "dim")
                line.rstrip()
                lines.append(line)
        return lines
