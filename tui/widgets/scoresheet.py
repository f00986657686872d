"""ScoreSheet: per-seat totals and their parts by scoring category."""

from __future__ import annotations

from typing import Mapping, NamedTuple, Sequence

from rich.table import Table
from rich.text import Text

from tui.widgets.base import DataWidget
from tui.widgets.common import glyph


class ScoreRow(NamedTuple):
    """One seat's score.

    Attributes:
        letter: the seat's letter; name: the player's name; style: seat colour.
        total: the total VP; parts: category -> VP in the rulebook's order.
        winner: True marks the row with a star (or ``*`` in ASCII).
    """

    letter: str
    name: str
    total: float
    parts: Mapping[str, float]
    style: str = ""
    winner: bool = False


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


class ScoreSheet(DataWidget):
    """A table: one row per seat, a column per category, then the total.

    Args:
        title: heading above the table.
    """

    def __init__(self, *, title: str = "", name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(title=title, name=name, id=id, classes=classes)
        self._data = ()

    def update(self, rows: Sequence[ScoreRow]) -> None:
        """Show ``rows``; redraws only if they changed."""
        self._set(tuple((r.letter, r.name, r.total, tuple(r.parts.items()), r.style, r.winner) for r in rows))

    def render(self) -> Table:
        star = glyph(self, "★", "*")
        table = Table(title=self.title or None, box=None, padding=(0, 1), show_edge=False, expand=False)
        table.add_column("", no_wrap=True)
        table.add_column("Player", no_wrap=True)
        cats: list[str] = []
        for row in self._data:
            for k, _ in row[3]:
                if k not in cats:
                    cats.append(k)
        for k in cats:
            table.add_column(k, justify="right", no_wrap=True)
        table.add_column("Total", justify="right", no_wrap=True, style="bold")
        for letter, name, total, parts, style, winner in self._data:
            d = dict(parts)
            table.add_row(
                Text(letter, style=style or "bold"),
                Text(f"{name} {star}" if winner else name, style="bold" if winner else ""),
                *[_num(d.get(k, 0)) for k in cats],
                _num(total),
            )
        return table
