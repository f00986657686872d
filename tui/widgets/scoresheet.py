"""ScoreSheet: per-seat totals and their parts by scoring category."""

from __future__ import annotations

from typing import Mapping, NamedTuple, Sequence

from rich.text import Text

from tui.widgets.base import DataWidget, grid
from tui.widgets.common import glyph


class ScoreRow(NamedTuple):
    """One seat's score.

    Attributes:
        letter: the seat's letter; name: the player's name; style: seat colour.
        total: the total VP; parts: category -> VP in the rulebook's order.
        winner: True marks the row with a star (``*`` in ASCII).
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
    """A table: one row per seat, a column per category, then the total; where that
    is wider than the widget, turned over: one row per category, a column per seat.

    Args:
        title: heading above the table.
    """

    def __init__(self, *, title: str = "", name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(title=title, name=name, id=id, classes=classes)
        self._data = ()

    def update(self, rows: Sequence[ScoreRow], title: str | None = None) -> None:
        """Show ``rows`` (under a new ``title`` if given: "Final scores" once the game
        is over); redraws only if they or the title changed."""
        retitled = title is not None and title != self.title
        if retitled:
            self.title = title
        if not self._set(tuple((r.letter, r.name, r.total, tuple(r.parts.items()), r.style, r.winner)
                               for r in rows)) and retitled:
            self._redraw()

    def build(self, width: int) -> list[Text]:
        star = glyph(self, "★", "*")
        cats: list[str] = []
        for row in self._data:
            for k, _ in row[3]:
                if k not in cats:
                    cats.append(k)
        rows: list[list] = [["", Text("Player", style="dim"), *[Text(k, style="dim") for k in cats],
                             Text("Total", style="dim")]]
        for letter, name, total, parts, style, winner in self._data:
            d = dict(parts)
            rows.append([
                Text(letter, style=style or "bold"),
                Text(f"{name} {star}" if winner else name, style="bold" if winner else ""),
                *[_num(d.get(k, 0)) for k in cats],
                Text(_num(total), style="bold"),
            ])
        out = grid(rows, justify="ll" + "r" * (len(cats) + 1), width=None, flex=None)
        if max((line.cell_len for line in out), default=0) > width:
            out = self._turned(cats, star)
        for line in out:
            line.truncate(width, overflow="crop")
        return ([self._title_text()] if self.title else []) + out

    def _turned(self, cats: list[str], star: str) -> list[Text]:
        """One row per category (and the total), one column per seat (its letter)."""
        head: list = [Text("", style="dim")]
        for letter, _name, _total, _parts, style, winner in self._data:
            head.append(Text(f"{letter}{star}" if winner else letter, style=style or "bold"))
        rows = [head]
        for k in cats:
            rows.append([Text(k, style="dim"), *[_num(dict(r[3]).get(k, 0)) for r in self._data]])
        rows.append([Text("Total", style="dim"), *[Text(_num(r[2]), style="bold") for r in self._data]])
        return grid(rows, justify="l" + "r" * len(self._data), width=None, flex=None)
