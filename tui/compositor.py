"""LineCompositor: Textual's compositor, painting a partial update from the
lines that changed only.

Textual paints a frame that updates part of the screen (a cursor key: two
picker lines and the board cells the preview changes) by asking every widget
whose container overlaps the box around all the changed regions for all of its
lines (from its line cache, each through the line filters), and then keeps only
the changed lines. On a game screen that is some twenty widgets and four
hundred lines for a dozen changed ones. And a repaint asked for by a widget
out of view (on a board page not shown, scrolled away) throws away its map of
all widgets, which the next look-up of a widget's region builds again: a layout
of the whole screen on every cursor key.

Here a partial update asks a widget for its lines only while a changed cell
it covers is still unpainted, and only for those rows; a widget the
compositor already knows asking for a repaint out of view keeps that map; and
the update is written with fewer bytes (``LeanChopsUpdate``: a style as what
changed from the one before, not the whole style and a reset per segment).
The terminal shows exactly what Textual's update shows
(``tests/test_tui_compositor.py`` and ``tests/test_tui_keyspeed.py`` feed the
frames to a terminal emulator and compare the screen with a full repaint).

A Screen uses it by setting ``self._compositor = LineCompositor()`` in its
``__init__`` (``tui.chrome.OneLayout`` does, for every game and review screen).
"""

from __future__ import annotations

from typing import Callable, Mapping, Sequence, cast

from rich.color import ColorSystem
from rich.console import Console
from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual._compositor import ChopsUpdate, Compositor, ReflowResult
from textual.geometry import Region, Size
from textual.strip import SGR_STYLES, Strip
from textual.widget import Widget


class LineCompositor(Compositor):
    """A Compositor whose partial updates render only the changed rows."""

    def __init__(self) -> None:
        super().__init__()
        #: the regions of the partial update being rendered (None: render as Textual does)
        self._update_regions: list[Region] | None = None

    def render_partial_update(self) -> ChopsUpdate | None:
        """Textual's partial update (the changed regions as spans of lines),
        each widget asked only for the rows of it the changed regions cross."""
        screen_region = self.size.region
        update_regions = [r for r in self._dirty_regions if r]
        self._dirty_regions.clear()
        if not update_regions:
            return None
        crop = Region.from_union(update_regions).intersection(screen_region)
        spans = list(self._regions_to_spans(update_regions))
        is_rendered_line = {y for y, _, _ in spans}.__contains__
        self._update_regions = update_regions
        try:
            chops = self._render_chops(crop, is_rendered_line)
        finally:
            self._update_regions = None
        chop_ends = [cut_set[1:] for cut_set in self.cuts]
        return LeanChopsUpdate(chops, spans, chop_ends)

    def _render_chops(self, crop: Region, is_rendered_line: Callable[[int], bool]) -> Sequence[Mapping[int, Strip]]:
        """Textual's chops (each line's pieces between the cuts, painted front
        to back: the first widget to paint a piece wins). For a partial update
        only the pieces the update writes are painted (those overlapping the
        changed spans), and a widget is asked for its lines only while one of
        those pieces it covers is still unpainted: for one run of rows, from
        the first such line to the last."""
        regions = self._update_regions
        if regions is None:
            return super()._render_chops(crop, is_rendered_line)
        cuts = self.cuts
        chops: list[dict[int, Strip | None]] = [dict.fromkeys(cut_set[:-1]) for cut_set in cuts]
        # line -> the cuts whose pieces the update writes and no widget has painted yet
        wanted: dict[int, set[int]] = {}
        for y, x1, x2 in self._regions_to_spans(regions):
            line = cuts[y]
            todo = wanted.setdefault(y, set())
            todo.update(cut for cut, end in zip(line, line[1:]) if cut < x2 and end > x1)
        intersection = Region.intersection
        for widget, (region, clip) in self.visible_widgets.items():
            if not wanted:
                break
            shown = intersection(region, clip)
            if not shown:
                continue
            x1, x2 = shown.column_span
            rows = [y for y in shown.line_range
                    if (todo := wanted.get(y)) and any(x1 <= cut < x2 for cut in todo)]
            if not rows:
                continue
            top, bottom = rows[0], rows[-1] + 1
            strips = widget.render_lines(Region(x1 - region.x, top - region.y, x2 - x1, bottom - top))
            for y, strip in zip(range(top, bottom), strips):
                todo = wanted.get(y)
                if not todo:
                    continue
                chops_line = chops[y]
                final_cuts = [cut for cut in cuts[y] if x2 >= cut >= x1]
                for cut, piece in zip(final_cuts, strip.divide([cut - x1 for cut in final_cuts[1:]])):
                    if chops_line.get(cut) is None:
                        chops_line[cut] = piece
                    todo.discard(cut)
                if not todo:
                    del wanted[y]
        return cast("Sequence[Mapping[int, Strip]]", chops)

    def reflow(self, parent: Widget, size: Size) -> ReflowResult:
        """Textual's layout; the map of all widgets it makes is the whole map,
        so it stands (Textual left the map marked out of date when a widget it
        did not hold had asked to repaint before the layout, e.g. one on a
        board page just shown, and the next look-up of a widget's region, in
        that very frame, arranged the whole screen again)."""
        result = super().reflow(parent, size)
        self._full_map_invalidated = False
        return result

    def update_widgets(self, widgets: set[Widget]) -> None:
        """Textual's; but a widget out of view that the map of all widgets
        holds (a hidden page's, one scrolled away) does not make that map be
        built again (Textual throws it away for any widget not in view, meant
        for widgets new since the last layout)."""
        was_valid = not self._full_map_invalidated
        super().update_widgets(widgets)
        if was_valid and self._full_map_invalidated and widgets <= self._full_map.keys():
            self._full_map_invalidated = False


class LeanChopsUpdate(ChopsUpdate):
    """Textual's partial update, written with fewer bytes: Textual writes every
    segment as its whole style, the text and a reset (``ESC[0m``); here a
    style stays set from one segment to the next, and a new style is written
    as what changed (the attributes that go off and come on, a new foreground
    or background colour). The cells drawn are the same (``tests/test_tui_keyspeed.py``)."""

    def render_segments(self, console: Console) -> str:
        """The update as terminal data: the same cells as Textual's
        ``ChopsUpdate.render_segments``, ending with the style reset."""
        color_system = console._color_system or ColorSystem.TRUECOLOR
        out: list[str] = []
        append = out.append
        chops = self.chops
        chop_ends = self.chop_ends
        last_y = self.spans[-1][0]
        current: Style | None = None  # the style in effect (None: none, after a reset)
        for y, x1, x2 in self.spans:
            line = chops[y]
            ends = chop_ends[y]
            for end, (x, strip) in zip(ends, line.items()):
                if strip is None or x > x2 or end <= x1:
                    continue
                segments = strip._segments
                if not (x2 > x >= x1 and end <= x2):  # (as Textual: from the piece's start to the span's end)
                    segments = _cut(segments, min(end, x2) - x)
                append(f"\x1b[{y + 1};{x + 1}H")  # (rich's Control.move_to, without its objects)
                for text, style, _control in segments:
                    if style is not None and style._link:  # a link: as Textual writes it (it ends with a reset)
                        if current is not None:
                            append("\x1b[0m")
                            current = None
                        append(Strip.render_style(style, text, color_system))
                        continue
                    if style is not current:
                        change = _transition(current, style, color_system)
                        if change:
                            append(change)
                        current = style if change != "\x1b[0m" else None
                    append(text)
            if y != last_y:
                append("\n")
        if current is not None:
            append("\x1b[0m")
        return "".join(out)


def _cut(segments: Sequence[Segment], cells: int) -> list[Segment]:
    """The first ``cells`` cells of ``segments`` (what ``Strip.crop(0, cells)``
    keeps, without making a Strip)."""
    out: list[Segment] = []
    pos = 0
    for segment in segments:
        if pos >= cells:
            break
        text = segment.text
        size = cell_len(text)
        if pos + size <= cells:
            out.append(segment)
        else:
            out.append(segment.split_cells(cells - pos)[0])
        pos += size
    return out


def _ansi(style: Style, color_system: ColorSystem) -> str:
    ansi = style._ansi
    return ansi if ansi is not None else Strip.render_ansi(style, color_system)


#: the SGR code that turns each of Rich's attribute bits off (bold and dim share 22),
#: and the bits it turns off
_SGR_OFF = ["22", "22", "23", "24", "25", "25", "27", "28", "29", "24", "54", "54", "55"]
_SGR_OFF_BITS = [0b11, 0b11, 1 << 2, (1 << 3) | (1 << 9), 0b110000, 0b110000, 1 << 6, 1 << 7, 1 << 8,
                 (1 << 3) | (1 << 9), (1 << 10) | (1 << 11), (1 << 10) | (1 << 11), 1 << 12]

_transitions: dict[tuple[Style | None, Style | None, ColorSystem], str] = {}


def _transition(old: Style | None, new: Style | None, color_system: ColorSystem) -> str:
    """The SGR sequence that turns style ``old`` (None: reset) into ``new``
    ("" when they draw alike)."""
    key = (old, new, color_system)
    found = _transitions.get(key)
    if found is not None:
        return found
    new_ansi = _ansi(new, color_system) if new is not None else ""
    if old is None or not _ansi(old, color_system):
        change = f"\x1b[{new_ansi}m" if new_ansi else ""
    elif not new_ansi:
        change = "\x1b[0m"
    else:
        old_bits = old._attributes & old._set_attributes
        new_bits = new._attributes & new._set_attributes
        codes = []
        gone = old_bits & ~new_bits
        for bit in range(gone.bit_length()):
            if gone & (1 << bit) and _SGR_OFF[bit] not in codes:
                codes.append(_SGR_OFF[bit])
                old_bits &= ~_SGR_OFF_BITS[bit]  # (22 takes bold and dim off together)
        come = new_bits & ~old_bits
        codes += [SGR_STYLES[bit] for bit in range(come.bit_length()) if come & (1 << bit)]
        if new._color != old._color:
            codes += new._color.downgrade(color_system).get_ansi_codes() if new._color is not None else ["39"]
        if new._bgcolor != old._bgcolor:
            codes += (new._bgcolor.downgrade(color_system).get_ansi_codes(False)
                      if new._bgcolor is not None else ["49"])
        change = f"\x1b[{';'.join(codes)}m" if codes else ""
    if len(_transitions) > 4096:
        _transitions.clear()
    _transitions[key] = change
    return change
