"""Storage: rows of slots, each with contents and a cost (warehouses, stables,
a goods store): plain data in, one line per slot out."""

from __future__ import annotations

from typing import NamedTuple, Sequence

from rich.table import Table
from rich.text import Text

from tui.widgets.base import DataWidget
from tui.widgets.common import HIGHLIGHT, glyph


class Slot(NamedTuple):
    """One storage slot.

    Attributes:
        label: the slot's name ("Barn 1", "Wool").
        contents: what is in it, already as short text ("3 sheep", "p4 b2").
        cost: what it costs or earns, as text ("2 ƒ", "-1 VP"); "" for none.
        style: Rich style for the contents.
        highlight: True when it is a target of the choice under the cursor.
    """

    label: str
    contents: str = ""
    cost: str = ""
    style: str = ""
    highlight: bool = False


class Storage(DataWidget):
    """Slots with contents and costs, one row each, highlighted targets marked
    with a pointer and reverse video (readable without colour).

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

    def render(self) -> Table:
        pointer = glyph(self, "▶", ">")
        table = Table.grid(padding=(0, 1))
        table.add_column(width=1)
        table.add_column(no_wrap=True)
        table.add_column(ratio=1, overflow="ellipsis", no_wrap=True)
        table.add_column(justify="right", no_wrap=True)
        if self.title or self.cost_header:
            table.add_row("", Text(self.title, style="bold"), "", Text(self.cost_header, style="dim"))
        for slot in self._data:
            style = HIGHLIGHT if slot.highlight else ""
            table.add_row(
                pointer if slot.highlight else "",
                Text(slot.label, style=style),
                Text(slot.contents or "-", style=f"{slot.style} {style}".strip()),
                Text(slot.cost, style=style),
            )
        return table
