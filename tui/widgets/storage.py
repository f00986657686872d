"""Storage: rows of slots, each with contents and a cost (warehouses, stables,
a goods store): plain data in, one line per slot out."""

from __future__ import annotations

from typing import NamedTuple, Sequence

from rich.text import Text

from tui.widgets.base import DataWidget, grid
from tui.widgets.common import HIGHLIGHT, glyph


class Slot(NamedTuple):
    """One storage slot.

    Attributes:
        label: the slot's name ("Barn 1", "Wool").
        contents: what is in it, already as short text ("3 sheep", "p4 b2").
        cost: what it costs or earns, as text ("2 guilders", "-1 VP"); "" for none.
        style: Rich style for the contents.
        highlight: True when it is a target of the choice under the cursor.
    """

    label: str
    contents: str = ""
    cost: str = ""
    style: str = ""
    highlight: bool = False


class Storage(DataWidget):
    """Slots with contents and costs, one row each; highlighted targets are
    marked with a pointer and reverse video (readable without colour).

    Args:
        title: heading above the slots.
        cost_header: column heading for the costs ("cost", "VP").
    """

    def __init__(self, *, title: str = "", cost_header: str = "", name: str | None = None,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(title=title, name=name, id=id, classes=classes)
        self.cost_header = cost_header
        self._data = ()

    def update(self, slots: Sequence[Slot]) -> None:
        """Show ``slots``; redraws only if they changed."""
        self._set(tuple(slots))

    def build(self, width: int) -> list[Text]:
        pointer = glyph(self, "▶", ">")
        rows = []
        if self.title or self.cost_header:
            rows.append(["", Text(self.title, style="bold"), "", Text(self.cost_header, style="dim")])
        for slot in self._data:
            style = HIGHLIGHT if slot.highlight else ""
            rows.append([
                pointer if slot.highlight else " ",
                Text(slot.label, style=style),
                Text(slot.contents or "-", style=f"{slot.style} {style}".strip()),
                Text(slot.cost, style=style),
            ])
        return grid(rows, justify="lllr", width=width, flex=2)
