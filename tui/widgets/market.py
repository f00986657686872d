"""Market: named areas with markers in them (market places, regions, action
spaces): plain data in, one line per area out."""

from __future__ import annotations

from typing import NamedTuple, Sequence

from rich.table import Table
from rich.text import Text

from tui.widgets.base import DataWidget
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

    def render(self) -> Table:
        pointer = glyph(self, "▶", ">")
        table = Table.grid(padding=(0, 1))
        table.add_column(width=1)
        table.add_column(no_wrap=True)
        table.add_column(no_wrap=True)
        table.add_column(ratio=1, overflow="ellipsis", no_wrap=True)
        if self.title:
            table.add_row("", Text(self.title, style="bold"), "", "")
        for name, markers, info, highlight in self._data:
            style = HIGHLIGHT if highlight else ""
            tokens = Text()
            for m in markers:
                tokens.append(f"[{m.letter}]", style=m.style or "bold")
            table.add_row(pointer if highlight else "", Text(name, style=style), tokens,
                          Text(info, style="dim" if not highlight else style))
        return table
