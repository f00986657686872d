"""Track: a linear or loop track of spaces with one marker per player.

Used for the Gift of Tulips score track (VP per player), and meant for the
Golden Age King's track and Windmill Valley's calendar/VP/water tracks.
"""

from __future__ import annotations

import math
from typing import Mapping, Sequence

from rich.text import Text

from tui.widgets.base import DataWidget
from tui.widgets.common import HIGHLIGHT, Marker, glyph


class Track(DataWidget):
    """A row of numbered spaces with markers on it, plus a legend.

    Args:
        length: number of spaces; they are numbered ``start .. start+length-1``.
        start: the number of the first space (0 for a score track).
        loop: True for a loop track: positions wrap modulo ``length`` and the
            legend shows the lap ("57 = lap 2, space 7").
        labels: optional short labels drawn on the scale line at given spaces
            (e.g. ``{0: "Spring", 6: "Summer"}``); by default every 10th number.
        lanes: True draws one line per marker (clearer with many markers);
            False draws all markers on one line, shared spaces show a count.
        legend: show "A 17  B 12 ..." under the track (exact values).
        title: a heading drawn before the scale line.
        grow: for a linear track, double ``length`` while a marker is past the end
            (a score track that "flips the scoring card").

    When the widget is narrower than the track, each column stands for several
    spaces (the legend keeps the exact numbers).
    """

    def __init__(
        self,
        length: int,
        *,
        start: int = 0,
        loop: bool = False,
        labels: Mapping[int, str] | None = None,
        lanes: bool = False,
        legend: bool = True,
        grow: bool = False,
        title: str = "",
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(title=title, name=name, id=id, classes=classes)
        if length < 1:
            raise ValueError("A track needs at least one space.")
        self.length = length
        self.start = start
        self.loop = loop
        self.labels = dict(labels or {})
        self.lanes = lanes
        self.legend = legend
        self.grow = grow
        self._data = ((), ())

    def update(self, markers: Sequence[Marker], highlights: Sequence[int] = ()) -> None:
        """Place ``markers`` (Marker.position = the space number) and mark the
        spaces in ``highlights`` (e.g. where a choice would move a marker).
        Redraws only if something changed."""
        self._set((tuple(markers), tuple(highlights)))

    # -- drawing ---------------------------------------------------------------
    def _span(self) -> int:
        length = self.length
        if self.grow and not self.loop:
            markers, highlights = self._data
            top = max([m.position - self.start for m in markers] + [p - self.start for p in highlights] + [0])
            while top >= length:
                length *= 2
        return length

    def _cell(self, position: int, length: int) -> int:
        p = position - self.start
        if self.loop:
            p %= length
        return max(0, min(length - 1, p))

    def render(self) -> Text:
        markers, highlights = self._data
        length = self._span()
        width = max(10, self.size.width or 60)
        prefix = 3 if self.lanes else 0
        avail = max(5, width - prefix)
        per = max(1, math.ceil(length / avail))  # spaces per column
        cols = math.ceil(length / per)
        out = Text()
        if self.title:
            out.append_text(self._title_text())
            out.append("\n")
        # scale line
        scale = [" "] * cols
        marks = self.labels or {n: str(n) for n in range(self.start, self.start + length, 10)}
        for n, label in sorted(marks.items()):
            col = self._cell(n, length) // per
            for i, ch in enumerate(label):
                if col + i < cols and (i == 0 or scale[col + i] == " "):
                    scale[col + i] = ch
        tick = glyph(self, "·", ".")
        line = Text(" " * prefix, no_wrap=True)
        hl_cols = {self._cell(p, length) // per for p in highlights}
        for c in range(cols):
            ch = scale[c] if scale[c] != " " else tick
            line.append(ch, style=HIGHLIGHT if c in hl_cols else "dim")
        out.append_text(line)
        # markers
        if self.lanes:
            for m in markers:
                out.append("\n")
                row = Text(f"{m.letter:<2} ", style=m.style, no_wrap=True)
                col = self._cell(m.position, length) // per
                row.append(" " * col)
                row.append(m.letter, style=f"{m.style} reverse" if m.style else "reverse")
                out.append_text(row)
        else:
            cells: dict[int, list[Marker]] = {}
            for m in markers:
                cells.setdefault(self._cell(m.position, length) // per, []).append(m)
            row = Text(no_wrap=True)
            for c in range(cols):
                here = cells.get(c)
                if not here:
                    row.append(" ")
                elif len(here) == 1:
                    row.append(here[0].letter, style=here[0].style or "bold")
                else:
                    row.append(str(len(here)) if len(here) < 10 else "*", style="bold reverse")
            out.append("\n")
            out.append_text(row)
        if self.legend and markers:
            out.append("\n")
            legend = Text()
            for i, m in enumerate(markers):
                if i:
                    legend.append("  ")
                legend.append(m.letter, style=m.style or "bold")
                name = f" {m.label}" if m.label else ""
                value = m.position
                lap = ""
                if self.loop:
                    lap = f" (lap {(m.position - self.start) // length + 1})" if m.position - self.start >= length else ""
                legend.append(f"{name} {value}{lap}")
            out.append_text(legend)
        return out
