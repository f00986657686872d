"""Ring: a wheel of spaces drawn as text around an ellipse, one space at a pointer.

Game-agnostic (plain data in): a rondel, a gear, a wheel of actions. The space at
the pointer is drawn in reverse video with an arrow glyph beside it; the spaces
that come to the pointer next follow it going *up* the ring (so two rings drawn
side by side, pointers facing each other, turn like meshing gears). Highlighted
spaces (targets of the choice under the cursor) get ``>label<`` and reverse
video, so nothing depends on colour. In the ASCII look the arrow is ``<-`` or
``->`` (one column wider), never a bare ``<``/``>``: two rings side by side
read "> Farm <<- -> Lower2", the brackets only around the highlighted space.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple, Sequence

from rich.text import Text

from tui.widgets.base import DataWidget
from tui.widgets.textlines import split_lines
from tui.widgets.common import HIGHLIGHT, use_ascii


class RingSpace(NamedTuple):
    """One space of a ring.

    Attributes:
        text: a short label (cut to the ring's ``cell`` width).
        style: Rich style for the label (a help, never the only information).
        highlight: True when the space is a target of the choice under the cursor.
    """

    text: str
    style: str = ""
    highlight: bool = False


def ring_layout(n: int, cell: int, side: str) -> tuple[list[tuple[int, int]], int, int]:
    """Where each space of an ``n``-space ring goes: ``[(row, col)]`` by distance from
    the pointer (0 = at the pointer), and the grid's (height, width).

    ``side`` is "right" or "left": where the pointer sits. Labels ``cell`` wide never
    overlap: the horizontal radius grows until they don't. (Worked out once per
    ``(n, cell, side)``; a new list each call.)
    """
    pos, height, width = _ring_layout(n, cell, side)
    return list(pos), height, width


@lru_cache(maxsize=64)
def _ring_layout(n: int, cell: int, side: str) -> tuple[tuple[tuple[int, int], ...], int, int]:
    if n < 1:
        return (), 0, 0
    ry = max(1.0, (n // 2) * 0.5 + 1.0) if n > 2 else 1.0
    base = 0.0 if side == "right" else math.pi
    sign = 1.0 if side == "right" else -1.0
    rx = float(cell + 1)
    for _ in range(60):
        pts = []
        for d in range(n):
            a = base + sign * 2 * math.pi * d / n
            pts.append((round(-ry * math.sin(a)), rx * math.cos(a)))
        ok = True
        rows: dict[int, list[float]] = {}
        for r, x in pts:
            rows.setdefault(r, []).append(x)
        for xs in rows.values():
            xs.sort()
            if any(b - a < cell + 1 for a, b in zip(xs, xs[1:])):
                ok = False
        if ok:
            break
        rx += 1.0
    top = min(r for r, _ in pts)
    height = max(r for r, _ in pts) - top + 1
    left = min(x for _, x in pts)
    out = tuple((r - top, int(round(x - left))) for r, x in pts)
    width = max(c for _, c in out) + cell
    return out, height, width


class Ring(DataWidget):
    """A ring of spaces with a pointer (see the module doc).

    Args:
        side: "right" or "left": where the pointer is (the arrow glyph is drawn
            outside the ring on that side).
        cell: label width in characters.
        title: heading above the ring.
    """

    DEFAULT_CSS = """
    Ring {
        height: auto;
    }
    """

    def __init__(self, *, side: str = "right", cell: int = 7, title: str = "", name: str | None = None,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(title=title, name=name, id=id, classes=classes)
        if side not in ("right", "left"):
            raise ValueError("side is 'right' or 'left'")
        self.side = side
        self.cell = cell
        self._data = ((), 0, cell)
        #: (data, title, pointer glyph) -> the lines drawn for them, the last few
        #: (a decision and its undo, or steps back and forth in review, show a
        #: ring as it was a moment ago: not drawn again)
        self._drawn: dict[tuple[object, ...], list[Text]] = {}

    def update(self, spaces: Sequence[RingSpace], at: int, *, cell: int | None = None) -> None:
        """Show ``spaces`` (in ring order) with space ``at`` at the pointer; ``cell``
        changes the label width. Redraws only if something changed."""
        data = (tuple(spaces), at, cell or self.cell)
        if data != self._data:
            self._fit_width(data)
        self._set(data)

    def _arrow(self) -> str:
        """The pointer's arrow: "◀"/"▶" (towards the space at the pointer), in the
        ASCII look "<-"/"->" (a bare "<" or ">" would read as a highlight bracket)."""
        if self.side == "right":
            return "<-" if use_ascii(self) else "◀"
        return "->" if use_ascii(self) else "▶"

    def _fit_width(self, data: tuple[tuple[RingSpace, ...], int, int]) -> None:
        """Give the ring the columns ``data`` needs with the current arrow (``auto``
        would measure too early): the ellipse, a column for a highlight bracket,
        the arrow."""
        _pos, _h, width = _ring_layout(len(data[0]), data[2], self.side)
        width += 1 + len(self._arrow())
        if self.styles.width is None or self.styles.width.value != width:
            self.styles.width = width

    #: how many drawings ``build`` keeps
    KEEP = 8

    def build(self, width: int) -> list[Text]:
        # (the ring's lines do not depend on ``width``: it has a width of its own)
        key = (self._data, self.title, self._arrow())
        self._fit_width(self._data)  # (the look may have changed: the arrow's width with it)
        lines = self._drawn.get(key)
        if lines is None:
            lines = split_lines(self._draw())
            if len(self._drawn) >= self.KEEP:
                del self._drawn[next(iter(self._drawn))]
            self._drawn[key] = lines
        return list(lines)

    def _draw(self) -> Text:
        spaces, at, cell = self._data
        n = len(spaces)
        out = Text(no_wrap=True)
        if self.title:
            out.append_text(self._title_text())
            out.append("\n")
        if not n:
            return out
        pos, height, width = _ring_layout(n, cell, self.side)
        arrow = self._arrow()
        pad_left = 0 if self.side == "right" else 1 + len(arrow)
        width += 1 + len(arrow)
        grid: list[list[tuple[str, str]]] = [[(" ", "")] * width for _ in range(height)]
        for d in range(n):
            k = (at + d) % n
            sp = spaces[k]
            r, c = pos[d]
            c += pad_left
            label = sp.text[:cell].center(cell)
            style = sp.style
            if sp.highlight:
                style = f"{style} {HIGHLIGHT} underline".strip()
            elif d == 0:
                style = f"{style} reverse".strip()
            for i, ch in enumerate(label):
                grid[r][c + i] = (ch, style)
            if sp.highlight:  # a pointer outside the label, where there is room
                for cc in (c - 1, c + cell):
                    if 0 <= cc < width and grid[r][cc][0] == " ":
                        grid[r][cc] = (">" if cc < c else "<", "bold")
            if d == 0:  # the arrow, a column clear of the label (for a highlight bracket)
                ac = c + cell + 1 if self.side == "right" else c - 1 - len(arrow)
                for i, ch in enumerate(arrow):
                    grid[r][ac + i] = (ch, "bold")
        for r, row in enumerate(grid):
            if r:
                out.append("\n")
            for ch, style in row:
                out.append(ch, style=style or None)
        return out
