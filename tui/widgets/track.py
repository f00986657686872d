"""Track: a linear or loop track of spaces with one marker per player.

Used for the Gift of Tulips score track (VP per player), and meant for the
Golden Age King's track and Windmill Valley's calendar/VP/water tracks.
"""

from __future__ import annotations

import math
from typing import Mapping, Sequence

from rich.text import Span, Text

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
            False draws the markers on one line; where several share a column
            their letters stand side by side from that column when the columns
            after it are free, else they stack on the lines below, so every
            marker is named (never a bare count).
        legend: show "A 17  B 12 ..." under the track (exact values).
        title: a heading drawn before the scale line.
        grow: for a linear track, double ``length`` while a marker is past the end
            (a score track that "flips the scoring card").
        cell: characters per space when the widget is wide enough (default 1);
            short tracks (a floodgate, a water level) read better with 3.

    When the widget is narrower than the track, each column stands for several
    spaces (the legend keeps the exact numbers). Its height is steady
    (``DataWidget.steady``): the tallest it has been at this width, blank lines
    under the legend when the markers stack less.
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
        cell: int = 1,
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
        self.cell = max(1, cell)
        self._data = ((), ())
        #: the lines of the last few builds, by (data, width, tick glyph): a cursor
        #: moving between choices, or review stepping back and forth, draws
        #: markers and highlights it drew a moment ago
        self._built: dict[tuple[object, ...], list[Text]] = {}

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

    #: how many builds ``build`` keeps
    BUILDS_KEPT = 8

    def build(self, width: int) -> list[Text]:
        key = (self._data, width, glyph(self, "·", "."))
        lines = self._built.get(key)
        if lines is None:
            lines = self._built[key] = self._lines_for(width)
            if len(self._built) > self.BUILDS_KEPT:
                del self._built[next(iter(self._built))]
        # markers that stack come and go with the scores: the track keeps its
        # tallest height (no screen layout when a decision unstacks them)
        return self.steady(list(lines), width)

    def _lines_for(self, width: int) -> list[Text]:
        """The track's lines for its data at ``width`` (without ``steady``'s blank lines)."""
        markers, highlights = self._data
        length = self._span()
        width = max(10, width)
        prefix = 3 if self.lanes else 0
        avail = max(5, width - prefix)
        per = max(1, math.ceil(length / avail))  # spaces per column
        cols = math.ceil(length / per)
        lines: list[Text] = []
        if self.title:
            lines.append(self._title_text())
        # the scale: numbers every 10 spaces (or the given labels), dots between;
        # labels that would touch the one before are skipped ("100·120", not "100110")
        cw = self.cell if per == 1 and length * self.cell <= avail else 1  # characters per space
        scale = [" "] * (cols * cw)
        marks = self.labels or {n: str(n) for n in range(self.start, self.start + length, 10)}
        for n, label in sorted(marks.items()):  # a label that does not fit whole, a space either side, is left out
            col = self._cell(n, length) // per * cw
            end = col + len(label)
            if end <= cols * cw and not "".join(scale[max(0, col - 1):end + 1]).strip():
                scale[col:end] = label
        tick = glyph(self, "·", ".")
        hl_cols = {self._cell(p, length) // per for p in highlights}
        # one string and a span per column (what appending each column would make)
        chunks: list[str] = [" " * prefix]
        spans: list[Span] = []
        pos = prefix
        for c in range(cols):
            chunk = "".join(scale[c * cw:(c + 1) * cw])
            if not chunk.strip():
                chunk = tick + " " * (cw - 1)
            chunks.append(chunk)
            spans.append(Span(pos, pos + len(chunk), HIGHLIGHT if c in hl_cols else "dim"))
            pos += len(chunk)
        lines.append(Text("".join(chunks), no_wrap=True, spans=spans))
        # the markers
        if self.lanes:
            for m in markers:
                row = Text(f"{m.letter:<2} ", style=m.style, no_wrap=True)
                col = self._cell(m.position, length) // per * cw
                row.append(" " * col)
                row.append(m.letter, style=f"{m.style} reverse" if m.style else "reverse")
                lines.append(row)
        else:
            cells: dict[int, list[Marker]] = {}
            for m in markers:
                cells.setdefault(self._cell(m.position, length) // per, []).append(m)
            # letters sharing a column go side by side while the columns after it are
            # free (up to the next marker's column), the rest stack on lines below
            grid_w = cols * cw
            placed: dict[tuple[int, int], Marker] = {}  # (level, character column) -> marker
            starts = sorted(cells)
            for k, c in enumerate(starts):
                here = cells[c]
                x0 = c * cw
                room = (starts[k + 1] * cw if k + 1 < len(starts) else grid_w) - x0
                side = max(1, min(len(here), room))
                for i, m in enumerate(here):
                    if i < side:
                        placed[(0, x0 + i)] = m
                    else:
                        placed[(i - side + 1, x0)] = m
            depth = max(level for level, _x in placed) + 1 if placed else 1
            for level in range(depth):
                row = Text(no_wrap=True)
                for x in range(grid_w):
                    m = placed.get((level, x))
                    if m is None:
                        row.append(" ")
                    else:
                        row.append(m.letter, style=m.style or "bold")
                lines.append(row)
        # the legend: exact values, wrapped by hand
        if self.legend and markers:
            legend = Text()
            for m in markers:
                item = Text()
                item.append(m.letter, style=m.style or "bold")
                name = f" {m.label}" if m.label else ""
                lap = ""
                if self.loop and m.position - self.start >= length:
                    lap = f" (lap {(m.position - self.start) // length + 1})"
                item.append(f"{name} {m.position}{lap}")
                if legend.cell_len and legend.cell_len + 2 + item.cell_len > width:
                    lines.append(legend)
                    legend = Text()
                if legend.cell_len:
                    legend.append("  ")
                legend.append_text(item)
            lines.append(legend)
        for ln in lines:
            ln.truncate(width, overflow="crop")
        return lines
