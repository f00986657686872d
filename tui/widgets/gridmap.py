"""GridMap: a grid of fields with nodes on the crossings of the paths between them.

Game-agnostic (plain data in): a map whose fields are squares and whose pieces
stand on the grid's interior crossings (vertex (x, y) touches fields (x-1, y-1),
(x, y-1), (x-1, y) and (x, y)). Links between neighbouring nodes are drawn as
lines, so networks of pieces show. Fields with the same non-empty ``group`` next
to each other in a row are drawn as one block (e.g. a market of several fields).

Drawn as text, ``cell`` characters per field::

      a    b    c
     Rd   LW   EW   Wt
    1  ·    A────B    ·
     LW   G    Ye   PL
"""

from __future__ import annotations

from typing import Iterable, Mapping, NamedTuple, Sequence

from rich.text import Text

from tui.widgets.base import DataWidget
from tui.widgets.textlines import split_lines
from tui.widgets.common import HIGHLIGHT, glyph


class Field(NamedTuple):
    """One field: its short ``text``, ``style``, ``group`` (merge key) and ``highlight``."""

    text: str
    style: str = ""
    group: str = ""
    highlight: bool = False


class Node(NamedTuple):
    """A crossing: one character (``·`` empty, a seat letter ...), its style, highlight."""

    char: str
    style: str = ""
    highlight: bool = False


class GridMap(DataWidget):
    """Fields in rows, nodes on crossings, links between nodes (see the module doc).

    Args:
        cell: characters per field (>= 2).
        title: heading above the map.
    """

    def __init__(self, *, cell: int = 4, title: str = "", name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(title=title, name=name, id=id, classes=classes)
        self.cell = max(2, cell)
        self._data = ((), (), (), (), (), self.cell)

    def update(self, fields: Sequence[Sequence[Field]], nodes: Mapping[tuple[int, int], Node],
               links: Iterable[tuple[tuple[int, int], tuple[int, int]]] = (),
               col_labels: Mapping[int, str] | None = None, row_labels: Mapping[int, str] | None = None,
               *, cell: int | None = None) -> None:
        """Show the map: ``fields[row][col]``, ``nodes[(x, y)]``, ``links`` between
        neighbouring nodes, labels of node columns (x) and node rows (y)."""
        self._set((
            tuple(tuple(r) for r in fields),
            tuple(sorted(nodes.items())),
            tuple(sorted(tuple(sorted(l)) for l in links)),
            tuple(sorted((col_labels or {}).items())),
            tuple(sorted((row_labels or {}).items())),
            cell or self.cell,
        ))

    def build(self, width: int) -> list[Text]:
        lines = split_lines(self._draw())
        for ln in lines:
            ln.truncate(width, overflow="crop")
        return lines

    def _draw(self) -> Text:
        fields, nodes_t, links_t, cols_t, rows_t, w = self._data
        out = Text(no_wrap=True)
        if self.title:
            out.append_text(self._title_text())
            out.append("\n")
        if not fields:
            return out
        nodes = dict(nodes_t)
        links = set(links_t)
        n_rows, n_cols = len(fields), len(fields[0])
        margin = 2
        width = margin + n_cols * w + (n_cols - 1)
        hbar, vbar = glyph(self, "─", "-"), glyph(self, "│", "|")

        def node_col(x: int) -> int:
            return margin + x * (w + 1) - 1

        if cols_t:
            line = [" "] * width
            for x, label in cols_t:
                c = node_col(x)
                for i, ch in enumerate(label):
                    if 0 <= c + i < width:
                        line[c + i] = ch
            out.append("".join(line).rstrip(), style="dim")
            out.append("\n")
        row_labels = dict(rows_t)
        for r in range(n_rows):
            # field row r
            line = Text(no_wrap=True)
            line.append(" " * margin)
            c = 0
            while c < n_cols:
                f = fields[r][c]
                span = 1
                while f.group and c + span < n_cols and fields[r][c + span].group == f.group:
                    span += 1
                cw = span * w + (span - 1)
                text = f.text[:cw].center(cw)
                line.append(text, style=f"{f.style} {HIGHLIGHT}".strip() if f.highlight else (f.style or None))
                c += span
                if c < n_cols:
                    x = c  # the gap left of field column c is node column x = c
                    vertical = ((x, r), (x, r + 1)) in links
                    line.append(vbar if vertical else " ", style="bold" if vertical else None)
            out.append_text(line)
            if r == n_rows - 1:
                break
            # node row y = r + 1
            y = r + 1
            out.append("\n")
            line = Text(no_wrap=True)
            label = row_labels.get(y, "")
            line.append(label[:margin].ljust(margin), style="dim")
            for c in range(n_cols):
                x = c + 1
                if ((c, y), (x, y)) in links and c > 0:
                    line.append(hbar * w, style="bold")
                else:
                    line.append(" " * w)
                if c == n_cols - 1:
                    break
                node = nodes.get((x, y))
                if node is None:
                    line.append(" ")
                else:
                    style = f"{node.style} {HIGHLIGHT}".strip() if node.highlight else (node.style or None)
                    line.append(node.char[:1] or " ", style=style)
            out.append_text(line)
            out.append("\n")
        return out
