"""RegionMap: a map of regions drawn as a floor plan, so that borders read at a glance.

Plain data in: a grid of cells, each naming the region it belongs to; a region is
one or more cells side by side. Between two cells of different regions a wall is
drawn (``│ ─`` and the box corners; ``| - +`` with ``--ascii``), between two cells
of one region nothing, so two regions border each other exactly where they share a
wall, as on a printed map. Corner-to-corner touches are no border; a layout should
avoid them between regions that do not border (the Golden Age layout has none). A
cell id that is not among the regions (e.g. ``~``, the sea) is drawn as water, its
coast walled too.

Each region writes its lines (a title, then whatever the game shows: a marker,
tokens) in the largest rectangle of its cells. A region's ``mark`` (a Rich style,
e.g. ``reverse bold``) is laid over all of it, so a highlighted target never relies
on colour; ``walls`` highlights the wall between two regions (a move's border).
With ``frame`` a wall also runs round the whole plan, so a region at its edge is a
closed box too; the frame's top and bottom rows can carry text (``update``'s
``top`` and ``bottom``, like a panel's title), written only where no wall meets
the frame: each wall ends at the frame in its junction (``┬``, ``┴``), never in
a letter. A piece of that text that finds no room there goes under the map,
before the rest of the legend.
Used for the Golden Age province map; any game with regions and borders can use it.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import groupby
from typing import Any, Iterable, NamedTuple, Sequence

from rich.style import Style
from rich.text import Span, Text

from tui.widgets.base import DataWidget
from tui.widgets.common import use_ascii
from tui.widgets.textlines import wrap_text


class Region(NamedTuple):
    """One region (a province).

    Attributes:
        id: the name used in the grid.
        lines: what it shows, the title first; plain strings or Rich Text, or a tuple
            of wordings, longest first, of which the longest that fits is drawn
            (``("Friesland blue", "Friesland")``). Lines wider than the region are cut
            (``…``/``.``); lines beyond its height are left out, so put the most
            important first.
        style: Rich style of the title line (e.g. the region's colour, bold).
        mark: Rich style laid over the whole region (a highlight), "" for none.
    """

    id: str
    lines: Sequence[Text | str | tuple[Text | str, ...]] = ()
    style: str = ""
    mark: str = ""


#: The text of a frame row as ``RegionMap.update`` takes it: one piece, or a
#: sequence of pieces, each a str, a Text or a tuple of wordings (longest first).
FrameText = str | Text | Sequence[str | Text | tuple[str | Text, ...]]
#: The same, as kept: a tuple of pieces, each a tuple of wordings.
Pieces = tuple[tuple[Text | str, ...], ...]


#: Box-drawing junctions by the walls meeting there: (up, down, left, right).
_JOIN = {
    (1, 1, 0, 0): "│", (0, 0, 1, 1): "─", (1, 0, 0, 0): "│", (0, 1, 0, 0): "│",
    (0, 0, 1, 0): "─", (0, 0, 0, 1): "─", (0, 1, 0, 1): "┌", (0, 1, 1, 0): "┐",
    (1, 0, 0, 1): "└", (1, 0, 1, 0): "┘", (1, 1, 0, 1): "├", (1, 1, 1, 0): "┤",
    (0, 1, 1, 1): "┬", (1, 0, 1, 1): "┴", (1, 1, 1, 1): "┼",
}
WATER = "~"


class RegionMap(DataWidget):
    """Regions as a floor plan of ``cells`` (see the module doc).

    Args:
        title: heading above the map.
        min_cell, max_cell: a cell is as wide as the widget allows within these.
        cell_height: text lines per cell row (walls between rows take one more).
        frame: draw a wall round the whole plan (one more column each side, one
            more row above and below), so every region is a closed box.
    """

    def __init__(self, *, title: str = "", min_cell: int = 6, max_cell: int = 14, cell_height: int = 2,
                 frame: bool = False, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(title=title, name=name, id=id, classes=classes)
        self.min_cell = min_cell
        self.max_cell = max_cell
        self.cell_height = max(1, cell_height)
        self.frame = frame
        self._data: tuple[Any, ...] = ((), (), (), "", ((), ()))

    def update(self, cells: Sequence[Sequence[str]], regions: Sequence[Region],
               walls: Iterable[tuple[str, str]] = (), legend: str | Text = "", *,
               top: FrameText = "", bottom: FrameText = "") -> None:
        """Show ``regions`` laid out on ``cells`` (rows of region ids, all rows equally
        long); ``walls`` = pairs of region ids whose shared wall is highlighted;
        ``legend`` = lines drawn under the map (wrapped); ``top`` and ``bottom`` =
        the text of the frame's top and bottom rows (with ``frame`` only): one
        piece (a str or Text) or a sequence of pieces, each a str, a Text or a
        tuple of wordings, longest first (``("green Hol Lim", "grn Hol Lim")``).
        The pieces go in order into the stretches of the row where no wall meets
        the frame (between its corners and the walls' junctions), a space before
        each and ", " between two in one stretch, each in its longest wording
        that fits; a piece that fits nowhere is written, in its longest wording,
        on a line under the map before ``legend`` (", " between such pieces), so
        nothing is cut. Redraws only on a change."""
        frozen = tuple(r._replace(lines=tuple(r.lines)) for r in regions)
        self._set((tuple(tuple(row) for row in cells), frozen,
                   tuple(sorted(tuple(sorted(w)) for w in walls)), legend, (_pieces(top), _pieces(bottom))))

    # -- geometry -------------------------------------------------------------------
    def cell_width(self, width: int | None = None) -> int:
        """Characters per cell at ``width`` columns (the widget's width by default;
        a frame takes two of them)."""
        cells = self._data[0]
        cols = len(cells[0]) if cells else 1
        width = width if width is not None else self._width()
        room = width - (cols - 1) - (2 if self.frame else 0)
        return max(self.min_cell, min(self.max_cell, room // cols))

    @staticmethod
    def borders(cells: Sequence[Sequence[str]]) -> set[frozenset[str]]:
        """The pairs of regions that share a wall in ``cells`` (water left out)."""
        out: set[frozenset[str]] = set()
        rows, cols = len(cells), len(cells[0]) if cells else 0
        for r in range(rows):
            for c in range(cols):
                for rr, cc in ((r, c + 1), (r + 1, c)):
                    if rr < rows and cc < cols:
                        a, b = cells[r][c], cells[rr][cc]
                        if a != b and WATER not in (a, b):
                            out.add(frozenset((a, b)))
        return out

    @staticmethod
    @lru_cache(maxsize=1024)
    def _box(cells: tuple[tuple[str, ...], ...], rid: str, widths: tuple[int, ...], w: int,
             h: int) -> tuple[int, int, int, int]:
        """The rectangle of ``rid``'s cells (r0, c0, r1, c1) to write lines of ``widths``
        in: the most lines shown whole, then the most characters shown, then the highest,
        then the widest. Kept (a search over every rectangle: a cursor key redraws
        the map with the same answers)."""
        rows, cols = len(cells), len(cells[0])
        best: tuple[tuple[int, int, int, int], tuple[int, int, int, int]] | None = None
        for r0 in range(rows):
            for c0 in range(cols):
                for r1 in range(r0, rows):
                    for c1 in range(c0, cols):
                        if any(cells[r][c] != rid for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)):
                            continue
                        room_h = (r1 - r0 + 1) * h + (r1 - r0)
                        room_w = (c1 - c0 + 1) * w + (c1 - c0)
                        shown = widths[:room_h]
                        key = (sum(x <= room_w for x in shown), sum(min(x, room_w) for x in shown),
                               -r0, room_w)
                        if best is None or key > best[0]:
                            best = (key, (r0, c0, r1, c1))
        assert best is not None
        return best[1]

    #: how many plans (the map without marks, per state drawn) ``build`` keeps
    PLANS_KEPT = 4

    # -- drawing ------------------------------------------------------------------------
    def build(self, width: int) -> list[Text]:
        """The map as lines at ``width`` columns (DataWidget). The plan without
        marks is drawn once per layout (``_plan``); a new mark or highlighted
        wall (a cursor key) draws again only the rows it falls on, and a row
        drawn with the same marks before (the cursor back on a choice) is kept."""
        cells, regions, hot_walls, legend, borders = self._data
        ascii_ = use_ascii(self)
        out: list[Text] = [self._title_text()] if self.title else []
        for ln in out:
            ln.no_wrap = True
            ln.truncate(max(width, 1), overflow="crop")
        if not cells:
            return out
        plain = tuple(r._replace(mark="") for r in regions)
        borders = borders if self.frame else ((), ())
        key = (cells, tuple(_region_key(r) for r in plain), self.cell_width(width), self.cell_height, width, ascii_,
               tuple(tuple(tuple(_key(w) for w in piece) for piece in b) for b in borders))
        plans: dict[tuple[Any, ...], tuple[Any, ...]] = self.__dict__.setdefault("_plans_kept", {})
        plan = plans.get(key)  # (an undo draws a plan drawn a moment ago)
        if plan is None:
            plan = plans[key] = (key, self._plan(cells, plain, width, ascii_, borders))
            if len(plans) > self.PLANS_KEPT:
                del plans[next(iter(plans))]
        chars, styles, lines, places, left_over = plan[1]
        marks = {r.id: Style.parse(r.mark) for r in regions if r.mark}
        mark_names = {r.id: r.mark for r in regions if r.mark}
        hot = {frozenset(p) for p in hot_walls}
        laid = set(marks) | hot
        marked: dict[tuple[int, int], Style] = {}
        # a row drawn with the same marks on it before (the cursor back on a choice) is kept
        rows_kept = self.__dict__.get("_marked_rows")
        if rows_kept is None or rows_kept[0] is not plan or len(rows_kept[1]) > 512:
            rows_kept = self._marked_rows = (plan, {})
        drawn: dict[tuple[Any, ...], Text] = rows_kept[1]
        for y, line in enumerate(lines):
            owners = places[y]
            on_row = laid & owners.keys()
            if not on_row:
                out.append(line)
                continue
            seen = (y, frozenset((who, mark_names.get(who, "")) for who in on_row))
            kept_row = drawn.get(seen)
            if kept_row is not None:
                out.append(kept_row)
                continue
            row = list(styles[y])
            for who in laid & owners.keys():
                for x in owners[who]:
                    if who in marks:
                        st = row[x]
                        if st:  # a region's line: its own style under the mark
                            both = marked.get((id(st), id(who)))
                            if both is None:
                                both = marked[(id(st), id(who))] = st + marks[who]
                            row[x] = both
                        else:
                            row[x] = marks[who]
                    else:
                        row[x] = "bold reverse"
            drawn[seen] = self._line(chars[y], row, width)
            out.append(drawn[seen])
        if legend or left_over:
            kept = self.__dict__.get("_legend_kept")
            if kept is None or kept[0] != (legend, width, left_over):
                leg = Text(legend, style="dim") if isinstance(legend, str) else legend
                texts = ([Text(", ").join(left_over)] if left_over else []) + (list(leg.split("\n")) if legend else [])
                wrapped = [w for ln in texts for w in wrap_text(ln, max(width, 10))]
                for w in wrapped:
                    w.no_wrap = True
                    w.truncate(max(width, 1), overflow="crop")
                kept = self._legend_kept = ((legend, width, left_over), wrapped)
            out.extend(kept[1])
        return out

    @staticmethod
    def _line(chars: Sequence[str], styles: Sequence[Style | str], width: int) -> Text:
        """One row of the canvas as a Text: a span per run of one style."""
        spans: list[Span] = []
        start = end = 0
        run_style: Style | str = ""
        for _same, cells in groupby(styles, key=id):  # runs of the very same style object
            run = list(cells)
            st = run[0]
            if st is not run_style and st != run_style:
                if run_style:
                    spans.append(Span(start, end, run_style))
                start, run_style = end, st
            end += len(run)
        if run_style:
            spans.append(Span(start, end, run_style))
        line = Text("".join(chars), no_wrap=True, spans=spans)
        line.truncate(max(width, 1), overflow="crop")
        return line

    def _geometry(self, cells: tuple[tuple[str, ...], ...], ids: frozenset[str], width: int,
                  ascii_: bool) -> tuple[list[list[str]], list[list[Style | str]], list[dict[object, list[int]]]]:
        """The plan's walls and water, before any region's lines: each canvas
        cell's character and style, and in each row the cells of each owner (a
        region id: its inside and its lines, which a mark is laid over; the pair
        of regions of a wall, highlighted when hot). Kept for the same cells,
        regions (``ids``), width and look: a new state draws only the regions'
        lines again."""
        w, h = self.cell_width(width), self.cell_height
        f = 1 if self.frame else 0
        key = (cells, ids, w, h, width, ascii_, f)
        kept = self.__dict__.get("_geometry_kept")
        if kept is not None and kept[0] == key:
            return kept[1]
        rows, cols = len(cells), len(cells[0])
        height, full = rows * h + (rows - 1) + 2 * f, cols * w + (cols - 1) + 2 * f
        # what stands at each canvas position: a region id (its inside) or a wall character
        owner: list[list[object]] = [[None] * full for _ in range(height)]
        chars = [[" "] * full for _ in range(height)]
        styles: list[list[Style | str]] = [[""] * full for _ in range(height)]

        def span(i: int, size: int) -> range:
            return range(f + i * (size + 1), f + i * (size + 1) + size)

        def at(r: int, c: int) -> str | None:
            """The id of cell (r, c); None outside the plan (the frame's side)."""
            return cells[r][c] if 0 <= r < rows and 0 <= c < cols else None

        def walled(a: str | None, b: str | None) -> bool:
            """A wall between a and b: they differ and one is a region (a coast is
            walled, water meets the outside open)."""
            return a != b and (a in ids or b in ids)

        def wall(y: int, x: int, ch: str, a: str | None, b: str | None) -> None:
            chars[y][x] = ch
            owner[y][x] = frozenset((a, b))

        hbar, vbar = ("-", "|") if ascii_ else ("─", "│")
        for r in range(rows):
            for c in range(cols):
                for y in span(r, h):
                    for x in span(c, w):
                        owner[y][x] = cells[r][c]
        for r in range(rows):  # the gap columns right of each cell (and the frame's left side)
            for c in range(-f, cols - 1 + f):
                x, a, b = f + c * (w + 1) + w, at(r, c), at(r, c + 1)
                for y in span(r, h):
                    if a == b:
                        owner[y][x] = a
                    elif walled(a, b):
                        wall(y, x, vbar, a, b)
        for r in range(-f, rows - 1 + f):  # the gap rows under each cell (and the frame's top)
            y = f + r * (h + 1) + h
            for c in range(cols):
                a, b = at(r, c), at(r + 1, c)
                for x in span(c, w):
                    if a == b:
                        owner[y][x] = a
                    elif walled(a, b):
                        wall(y, x, hbar, a, b)
            for c in range(-f, cols - 1 + f):  # the junctions on that gap row
                x = f + c * (w + 1) + w
                a, b, d, e = at(r, c), at(r, c + 1), at(r + 1, c), at(r + 1, c + 1)
                arms = (int(walled(a, b)), int(walled(d, e)), int(walled(a, d)), int(walled(b, e)))
                if arms == (0, 0, 0, 0):
                    owner[y][x] = a
                elif not ascii_:
                    chars[y][x] = _JOIN[arms]
                else:
                    chars[y][x] = vbar if not (arms[2] or arms[3]) else hbar if not (arms[0] or arms[1]) else "+"
        # water
        tilde = "~"
        for y in range(height):
            for x in range(full):
                rid = owner[y][x]
                if isinstance(rid, str) and rid not in ids:
                    chars[y][x], styles[y][x] = (tilde if (x + y) % 3 == 0 else " "), "dim"
                    owner[y][x] = None
        places: list[dict[object, list[int]]] = []
        for row in owner:
            where: dict[object, list[int]] = {}
            for x, who in enumerate(row):
                if who is not None:
                    where.setdefault(who, []).append(x)
            places.append(where)
        geometry = (chars, styles, places)
        self._geometry_kept = (key, geometry)
        return geometry

    def _place(self, cells: tuple[tuple[str, ...], ...], reg: Region, w: int, h: int,
               ascii_: bool) -> list[tuple[int, int, list[tuple[str, Style]]]]:
        """Where region ``reg``'s lines go on the canvas: (row, first column, its
        cells as (character, style)) per line, in the room its cells give
        (``_box``), cut with an ellipsis where a line does not fit."""
        more = "." if ascii_ else "…"
        options = [tuple(_text(x) for x in (t if isinstance(t, tuple) else (t,))) for t in reg.lines]
        widths = tuple(min(x.cell_len for x in opts) for opts in options)
        r0, c0, r1, c1 = self._box(cells, reg.id, widths, w, h)
        f = 1 if self.frame else 0  # (the frame's wall above and left of the plan)
        top, left = f + r0 * (h + 1), f + c0 * (w + 1)
        room_w = (c1 - c0 + 1) * w + (c1 - c0)
        room_h = (r1 - r0 + 1) * h + (r1 - r0)
        texts = [next((x for x in opts if x.cell_len <= room_w), opts[-1]).copy() for opts in options[:room_h]]
        pad = 1 if texts and max(t.cell_len for t in texts) < room_w else 0
        out = []
        for i, t in enumerate(texts):
            if i == 0 and reg.style:
                t.stylize(reg.style, 0, len(t))
            if t.cell_len > room_w - pad:
                t.truncate(room_w - pad - 1)
                t.append(more, style="dim")
            run = [(ch, seg.style or Style())  # one style per run, not per character
                   for seg in t.render(_CONSOLE, end="") for ch in seg.text]
            out.append((top + i, left + pad, run))
        return out

    def _plan(self, cells: tuple[tuple[str, ...], ...], regions: Sequence[Region], width: int,
              ascii_: bool, borders: tuple[Pieces, Pieces] = ((), ())) -> tuple[
                  list[list[str]], list[list[Style | str]], list[Text], list[dict[object, list[int]]],
                  tuple[Text, ...]]:
        """The plan without marks: each canvas cell's character and style, each
        row as a Text, and in each row the cells of each owner (``_geometry``),
        with the regions' lines written in, ``borders`` (top, bottom) in the
        frame's rows (``_frame_text``), and the pieces of them that found no room
        there (for the legend). A row as it was in the last plan on the same
        geometry keeps its Text."""
        w, h = self.cell_width(width), self.cell_height
        base_chars, base_styles, places = self._geometry(cells, frozenset(r.id for r in regions), width, ascii_)
        chars = [row[:] for row in base_chars]
        styles = [row[:] for row in base_styles]
        # the regions' lines (each region's placed as before when its lines are)
        placed_before = self.__dict__.get("_placed")
        if placed_before is None or placed_before[0] != (cells, w, h, ascii_):
            placed_before = (cells, w, h, ascii_), {}
        placed_now: dict[tuple[Any, ...], list[tuple[int, int, list[tuple[str, Style]]]]] = {}
        for reg in regions:
            if not any(reg.id in row for row in cells):
                continue
            key = _region_key(reg)
            cells_of = placed_before[1].get(key)
            if cells_of is None:
                cells_of = self._place(cells, reg, w, h, ascii_)
            placed_now[key] = cells_of
            for y, x, run in cells_of:
                row_chars, row_styles = chars[y], styles[y]
                for ch, style in run:
                    row_chars[x], row_styles[x] = ch, style
                    x += 1
        self._placed = (placed_before[0], placed_now)
        left_over: list[Text] = []
        if self.frame:  # the frame's top and bottom rows: "┌ text ┬ text ──┐"
            open_ = (" ", "-" if ascii_ else "─")
            for y, pieces in ((0, borders[0]), (len(chars) - 1, borders[1])):
                left_over += self._frame_text(chars[y], styles[y], pieces, open_)
        last = self.__dict__.get("_plan_rows")
        same = last is not None and last[0] is places and last[1] == width
        lines = [last[2][y] if same and last[3][y] == chars[y] and last[4][y] == styles[y]
                 else self._line(chars[y], styles[y], width) for y in range(len(chars))]
        self._plan_rows = (places, width, lines, chars, styles)
        return chars, styles, lines, places, tuple(left_over)

    @staticmethod
    def _frame_text(chars: list[str], styles: list[Style | str], pieces: Pieces,
                    open_: tuple[str, ...]) -> list[Text]:
        """Write ``pieces`` into a frame row (``chars``/``styles``, changed in place)
        where no wall meets it: the stretches of ``open_`` cells (the frame's line,
        or the blank where water meets the outside) between its corners and the
        walls' junctions, which are never written over. Each piece takes its
        longest wording that fits the stretch it comes to (a space before it, or
        ", " after another piece; a space after it where there is room), else the
        next stretch. Returns the pieces that fit in none (their longest wording)."""
        runs: list[list[int]] = []  # [first cell, end] of each stretch
        x, end = 1, len(chars) - 1
        while x < end:
            if chars[x] in open_:
                first = x
                while x < end and chars[x] in open_:
                    x += 1
                runs.append([first, x])
            else:
                x += 1
        used = [False] * len(runs)
        left_over: list[Text] = []
        at = 0  # the stretch the next piece tries first (the pieces keep their order)
        for piece in pieces:
            wordings = [_text(w) for w in piece]
            while at < len(runs):
                first, stop = runs[at]
                lead = ", " if used[at] else " "
                fit = next((w for w in wordings if len(lead) + w.cell_len <= stop - first), None)
                if fit is not None:
                    cells = [(ch, Style()) for ch in lead] + [
                        (ch, seg.style or Style()) for seg in fit.render(_CONSOLE, end="") for ch in seg.text]
                    for ch, style in cells:
                        chars[first], styles[first] = ch, style
                        first += 1
                    runs[at][0], used[at] = first, True
                    break
                at += 1
            else:
                left_over.append(wordings[0])
        for (first, stop), was in zip(runs, used):
            if was and first < stop:  # a space between the text and the frame's line after it
                chars[first], styles[first] = " ", Style()
        return left_over


def _text(t: Text | str) -> Text:
    return Text(t) if isinstance(t, str) else t


def _pieces(line: Any) -> Pieces:
    """``update``'s ``top`` or ``bottom`` as a tuple of pieces, each a tuple of
    wordings (an empty line: no pieces)."""
    if isinstance(line, (str, Text)):
        return ((line,),) if _text(line).plain else ()
    return tuple(p if isinstance(p, tuple) else (p,) for p in line)


def _key(t: Text | str) -> Any:
    """A line of a region as a key (Text cannot be hashed): its text, style and spans."""
    return t if isinstance(t, str) else (t.plain, t.style, tuple(t.spans))


def _region_key(r: Region) -> tuple[Any, ...]:
    """What of region ``r`` its drawing follows, as a key (its lines by ``_key``)."""
    return (r.id, tuple(tuple(_key(x) for x in (t if isinstance(t, tuple) else (t,))) for t in r.lines),
            r.style, r.mark)


from rich.console import Console  # noqa: E402  (styles of a Text at an offset need a console)

_CONSOLE = Console(width=80, color_system=None, legacy_windows=False)

__all__ = ["FrameText", "Region", "RegionMap", "WATER"]
