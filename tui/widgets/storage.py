"""Storage: rows of slots, each with contents and a cost (warehouses, stables,
a goods store): plain data in, one line per slot out."""

from __future__ import annotations

from typing import Any, NamedTuple, Sequence

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
        """The heading (title, the cost heading over the costs) and one line per slot.

        The title is not a cell of the labels' column (a long title there took the
        contents' room, which were then cut: "yellow (new"), so the contents get
        every cell the labels and costs leave; it is on a line of its own where it
        and the cost heading do not fit on one."""
        pointer = glyph(self, "▶", ">")
        rows: list[list[Any]] = []
        head = bool(self.title or self.cost_header)
        if head:
            rows.append(["", "", "", Text(self.cost_header, style="dim")])
        for slot in self._data:
            style = HIGHLIGHT if slot.highlight else ""
            rows.append([
                pointer if slot.highlight else " ",
                Text(slot.label, style=style),
                Text(slot.contents or "-", style=f"{slot.style} {style}".strip()),
                Text(slot.cost, style=style),
            ])
        lines = grid(rows, justify="lllr", width=width, flex=2)
        if head:
            costs = lines[0]  # the cost heading, right-aligned over the costs
            title = Text("  " + self.title if self.title else "", style="bold")
            gap = costs.cell_len - len(self.cost_header) - title.cell_len
            if not self.cost_header:
                lines[0] = title
            elif gap >= 1:
                lines[0] = title + Text(" " * gap) + Text(self.cost_header, style="dim")
            elif self.title:
                lines[:1] = [title, costs]
        return lines
