"""Graph: a schematic map of nodes on a grid with borders (edges) between them.

Plain data in: each node sits on a grid cell (row, column) and shows a few
short lines (a title, then whatever the game wants: a marker, tokens); each
edge joins two nodes. Edges between horizontally, vertically or diagonally
neighbouring cells are drawn as lines (``─ │ ╲ ╱``, ``- | \\ /`` with
``--ascii``); any other edge is listed under the map ("also: A-B"), so nothing
the data says is ever lost. Used for the Golden Age province map; any game with
regions and borders can use it.

Highlights never rely on colour: a node's ``mark`` is a Rich style applied to
its whole box (e.g. ``reverse bold`` for the target under the cursor,
``underline`` for other legal targets); a highlighted edge is drawn bold and
reversed.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from rich.style import Style
from rich.text import Text

from tui.widgets.base import DataWidget
from tui.widgets.common import use_ascii
from tui.widgets.textlines import wrap_text


class Node(NamedTuple):
    """One node (a region, a province).

    Attributes:
        id: the name edges refer to.
        row, col: its grid cell (0-based; row 0 at the top).
        lines: what it shows, first line the title; plain strings or Rich Text.
            Lines longer than the cell are cut (with ``…``/``.``).
        style: Rich style of the title (e.g. the region's colour, bold).
        mark: Rich style laid over the whole box (highlight), "" for none.
    """

    id: str
    row: int
    col: int
    lines: Sequence[Text | str] = ()
    style: str = ""
    mark: str = ""


class Edge(NamedTuple):
    """A border between nodes ``a`` and ``b``; ``highlight`` draws it reversed."""

    a: str
    b: str
    highlight: bool = False


_FANCY = {"h": "─", "v": "│", "d": "╲", "u": "╱", "x": "╳", "more": "…"}
_PLAIN = {"h": "-", "v": "|", "d": "\\", "u": "/", "x": "X", "more": "."}


class Graph(DataWidget):
    """Nodes in grid cells with the borders between them drawn as lines.

    Args:
        title: heading above the map.
        gap: columns between two cells (horizontal borders are drawn there).
        min_cell, max_cell: the width of a cell is as wide as the widest node
            line, at most ``max_cell``, and shrinks (cutting lines) to fit the
            widget, never below ``min_cell``.
        legend: an optional line drawn under the map.
    """

    def __init__(self, *, title: str = "", gap: int = 1, min_cell: int = 5, max_cell: int = 16,
                 name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(title=title, name=name, id=id, classes=classes)
        self.gap = max(1, gap)
        self.min_cell = min_cell
        self.max_cell = max_cell
        self._data = ((), (), "")

    def update(self, nodes: Sequence[Node], edges: Sequence[Edge], legend: str | Text = "") -> None:
        """Show ``nodes`` and ``edges``; redraws only if something changed."""
        frozen = tuple(n._replace(lines=tuple(n.lines)) for n in nodes)
        self._set((frozen, tuple(edges), legend))

    # -- geometry ---------------------------------------------------------------
    def cell_width(self, width: int | None = None) -> int:
        """The width of one cell for the current data at ``width`` columns."""
        nodes, _edges, _legend = self._data
        if not nodes:
            return self.min_cell
        cols = max(n.col for n in nodes) + 1
        want = max((len(Text(line).plain) if isinstance(line, str) else len(line.plain))
                   for n in nodes for line in (n.lines or [""]))
        want = max(self.min_cell, min(self.max_cell, want))
        width = width if width is not None else self._width()
        fit = (width - (cols - 1) * self.gap) // cols
        return max(self.min_cell, min(want, fit))

    @staticmethod
    def neighbours(a: Node, b: Node) -> bool:
        """Whether an edge between ``a`` and ``b`` can be drawn as a line."""
        return max(abs(a.row - b.row), abs(a.col - b.col)) == 1

    # -- drawing ------------------------------------------------------------------
    def build(self, width: int) -> list[Text]:
        """The map as lines at ``width`` columns (DataWidget)."""
        nodes, edges, legend = self._data
        g = _PLAIN if use_ascii(self) else _FANCY
        out: list[Text] = []
        if self.title:
            out.append(self._title_text())
        if not nodes:
            return out
        w = self.cell_width(width)
        h = max(1, max(len(n.lines) for n in nodes))
        rows = max(n.row for n in nodes) + 1
        cols = max(n.col for n in nodes) + 1
        gap = self.gap
        width = cols * w + (cols - 1) * gap
        height = rows * h + (rows - 1)
        chars = [[" "] * width for _ in range(height)]
        styles: list[list[Style | str]] = [[""] * width for _ in range(height)]
        spans: list[tuple[int, int, Text]] = []  # (y, x, text) node lines drawn over the canvas

        def x0(col: int) -> int:
            return col * (w + gap)

        def y0(row: int) -> int:
            return row * (h + 1)

        by_id = {n.id: n for n in nodes}
        extra: list[Edge] = []
        for e in edges:
            a, b = by_id.get(e.a), by_id.get(e.b)
            if a is None or b is None:
                continue
            if not self.neighbours(a, b):
                extra.append(e)
                continue
            style = "bold reverse" if e.highlight else "dim"
            if a.row == b.row:  # side by side: a line in the gap on the title row
                left = min(a.col, b.col)
                y = y0(a.row)
                for x in range(x0(left) + w, x0(left) + w + gap):
                    chars[y][x], styles[y][x] = g["h"], style
            elif a.col == b.col:  # one above the other: a line in the gap row
                top = min(a.row, b.row)
                y = y0(top) + h
                x = x0(a.col) + min(w // 2, 3)
                chars[y][x], styles[y][x] = g["v"], style
            else:  # diagonal: in the gap row, in the gap column between them
                top, bottom = (a, b) if a.row < b.row else (b, a)
                y = y0(top.row) + h
                x = x0(min(a.col, b.col)) + w + (gap - 1) // 2
                ch = g["d"] if bottom.col > top.col else g["u"]
                if chars[y][x] not in (" ", ch):
                    ch = g["x"]
                chars[y][x] = ch
                if e.highlight or styles[y][x] != "bold reverse":
                    styles[y][x] = style
        for n in nodes:
            for i in range(h):
                line = n.lines[i] if i < len(n.lines) else ""
                t = Text(line) if isinstance(line, str) else line.copy()
                if i == 0 and n.style:
                    t.stylize(n.style, 0, len(t))
                if len(t) > w:
                    t.truncate(w - 1)
                    t.append(g["more"], style="dim")
                t.pad_right(w - len(t))
                if n.mark:
                    t.stylize(n.mark)
                spans.append((y0(n.row) + i, x0(n.col), t))
        span_at = {(y, x): t for y, x, t in spans}
        for y in range(height):
            x = 0
            line = Text(no_wrap=True)
            run, run_style = "", None  # canvas characters of one style, appended at once
            while x < width:
                t = span_at.get((y, x))
                if t is not None:
                    if run:
                        line.append(run, style=run_style)
                        run = ""
                    line.append_text(t)
                    x += w
                    continue
                if styles[y][x] != run_style and run:
                    line.append(run, style=run_style)
                    run = ""
                run_style = styles[y][x]
                run += chars[y][x]
                x += 1
            if run:
                line.append(run, style=run_style)
            out.append(line)
        if extra:
            also = Text("also borders: ", style="dim")
            for i, e in enumerate(extra):
                if i:
                    also.append(", ", style="dim")
                also.append(f"{e.a}{g['h']}{e.b}", style="bold reverse" if e.highlight else "dim")
            out.append(also)
        if legend:
            leg = Text(legend, style="dim") if isinstance(legend, str) else legend
            out.extend(wrap_text(leg, width))
        for line in out:
            line.no_wrap = True
            line.truncate(width, overflow="crop")
        return out


__all__ = ["Edge", "Graph", "Node"]
