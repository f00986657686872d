"""Market: named areas with markers in them (market places, regions, action
spaces): plain data in, one line per area out."""

from __future__ import annotations

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
