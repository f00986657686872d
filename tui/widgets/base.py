"""DataWidget and TextBlock: the base of the plain-data board widgets, a grid helper,
and QuietScroll (scrolling widgets whose new content needs no screen layout).

A DataWidget keeps the last data it was given and draws it as a list of lines
(``build(width)``). ``_set(data)`` redraws only when the data changed, asks for
a new layout only when the number of lines changed, and otherwise repaints only
the lines that changed, so boards can call ``update(...)`` on every key press
and a cursor key writes to the terminal only what it changed (no Rich Table
measuring, no screen-wide layout per key). It renders by lines (Textual's Line
API: ``render_line``), each line turned into a Strip once and kept until that
line changes, so a repaint of two lines costs two lines, not the whole widget.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator, Sequence

from rich.color import Color as RichColor
from rich.segment import Segment
from rich.style import Style
from rich.style import Style as RichStyle
from rich.text import Span, Text
from textual.cache import LRUCache
from textual.content import Content, Span as ContentSpan
from textual.style import Style as VisualStyle
from textual._styles_cache import StylesCache
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.scrollbar import ScrollBar, ScrollBarRender
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget

Cell = Text | str


def _text(cell: Cell) -> Text:
    return cell if isinstance(cell, Text) else Text(str(cell))


def grid(rows: Sequence[Sequence[Cell]], *, justify: str = "", width: int | None = None,
         flex: int | None = None, gap: int = 1) -> list[Text]:
    """Lay ``rows`` of cells out in aligned columns, one Text per row.

    Args:
        rows: the cells (Text or str); rows may be shorter than others.
        justify: one letter per column, "l" (default), "r" or "c".
        width: the width available; lines are cropped to it.
        flex: index of the column that takes (or gives up) the remaining width;
            its cells are cropped to fit.
        gap: spaces between columns.
    """
    cells = [[_text(c) for c in row] for row in rows]
    lens = [[c.cell_len for c in row] for row in cells]
    ncols = max((len(r) for r in cells), default=0)
    widths = [0] * ncols
    for row in lens:
        for i, n in enumerate(row):
            if n > widths[i]:
                widths[i] = n
    if width is not None and flex is not None and flex < ncols:
        others = sum(w for i, w in enumerate(widths) if i != flex) + gap * (ncols - 1)
        widths[flex] = max(0, width - others)
    hows = [justify[i] if i < len(justify) else "l" for i in range(ncols)]
    space = " " * gap
    out: list[Text] = []
    # each line is put together as one string and its spans (what Text.append_text
    # would make of the cells and their padding, without a Text per piece)
    for row, row_lens in zip(cells, lens):
        parts: list[str] = []
        spans: list[Span] = []
        pos = 0
        for i in range(ncols):
            w, how = widths[i], hows[i]
            if i < len(row):
                c, n = row[i], row_lens[i]
                if n > w:
                    c = c.copy()
                    c.truncate(w, overflow="crop")
                    n = c.cell_len
            else:
                c, n = _EMPTY, 0
            pad = w - n
            left = pad if how == "r" else pad // 2 if how == "c" else 0
            lead = (space if i else "") + " " * left
            if lead:
                parts.append(lead)
                pos += len(lead)
            plain = c.plain
            if c.style:
                spans.append(Span(pos, pos + len(plain), c.style))
            spans.extend(Span(pos + sp.start, pos + sp.end, sp.style) for sp in c.spans)
            parts.append(plain)
            pos += len(plain)
            if (i < ncols - 1 or how != "l") and pad - left:
                parts.append(" " * (pad - left))
                pos += pad - left
        line = Text("".join(parts), no_wrap=True, overflow="crop", spans=spans)
        line.rstrip()
        if width is not None:
            line.truncate(width, overflow="crop")
        out.append(line)
    return out


_EMPTY = _BLANK = Text("")


#: (a Rich style or style text, the console, the ANSI theme) -> the Textual Style it
#: becomes (``text_visual``); a board draws a few dozen styles over and over
_STYLES: dict[tuple[Any, Any, Any], VisualStyle] = {}
_STYLES_KEPT = 4096


def text_visual(widget: Widget, text: Text) -> Content:
    """``text`` as the Content Textual draws it (``visualize(widget, text,
    markup=False)``, i.e. ``Content.from_rich_text`` with the app's console and
    ANSI theme): the same text and spans, each span's Rich style turned into a
    Textual Style once per process, not once per line drawn (Textual parses
    and converts every span of every line again: a fifth of drawing a board's
    line). Raises what Textual's would (a style text the console cannot parse)."""
    plain = text.plain
    spans = text._spans
    style = text.style
    if not spans and not style:
        return Content(plain)
    app = widget.app
    console = app.console
    theme = app.ansi_theme
    memo = _STYLES

    def convert(rich_style: str | RichStyle) -> VisualStyle:
        key = (rich_style, console, theme)
        found = memo.get(key)
        if found is None:
            parsed = console.get_style(rich_style) if isinstance(rich_style, str) else rich_style
            found = VisualStyle.from_rich_style(parsed, theme)
            if len(memo) >= _STYLES_KEPT:
                memo.clear()
            memo[key] = found
        return found

    content = Content(plain, [ContentSpan(start, end, convert(sp)) for start, end, sp in spans] if spans else [])
    if style:  # (a style text stays text, as Textual keeps it)
        content = content.stylize_before(style if isinstance(style, str) else convert(style))
    return content


def _same(a: Text, b: Text) -> bool:
    """True if two lines draw the same (Text's == ignores its base style)."""
    return a.plain == b.plain and a.style == b.style and a.spans == b.spans


def _changed_cells(a: Text, b: Text, width: int) -> tuple[int, int]:
    """The cells ``[start, end)`` of a line that may draw differently as ``b``
    than as ``a``: from the first character whose text or spans differ to the
    last (to the end of the line when its length changed: what follows has
    moved); the whole ``width`` when the line's own style differs or a
    character is not one cell wide."""
    pa, pb = a.plain, b.plain
    if (a.style != b.style or a.cell_len != len(pa) or b.cell_len != len(pb)
            or "\t" in pa or "\t" in pb):
        return 0, width
    spans_a, spans_b = set(a.spans), set(b.spans)
    common = spans_a & spans_b
    if [x for x in a.spans if x in common] != [x for x in b.spans if x in common]:
        return 0, width  # the same spans laid in another order: styles may stack otherwise
    n = min(len(pa), len(pb))
    first = next((i for i in range(n) if pa[i] != pb[i]), n)
    if len(pa) != len(pb):
        last = width
    else:
        last = next((i + 1 for i in range(n - 1, first - 1, -1) if pa[i] != pb[i]), 0)
    for span in spans_a ^ spans_b:
        if span.end > span.start:
            first, last = min(first, span.start), max(last, span.end)
    if last <= first:  # only spans of no width differ: draw it all, to be sure
        return 0, width
    return min(first, width), min(last, width)


class RowScrollBar(ScrollBar):
    """A vertical ScrollBar that repaints only the rows whose cells change.

    Textual's repaints the whole bar (every row rendered and sent again)
    whenever its thumb moves or resizes by an eighth of a cell, e.g. on every
    line a log gains; here a new position or size works out the bar's rows
    (``render_bar``: one segment per row) and repaints those that differ from
    the rows painted before (the thumb's ends, the rows it left or reached).
    Hover, a grab and a new size or style repaint it whole, as Textual does."""

    window_virtual_size: Reactive[int] = Reactive(100, repaint=False)
    window_size: Reactive[int] = Reactive(0, repaint=False)
    position: Reactive[float] = Reactive(0, repaint=False)

    _rows: Any = None
    #: > 0 while its list holds the repaint back (``QuietScroll.quiet_batch``: the sizes
    #: and the position set one after the other, the rows worked out once after)
    _hold = 0

    def _watch_window_virtual_size(self) -> None:
        if not self._hold:
            self._repaint_rows()

    def _watch_window_size(self) -> None:
        if not self._hold:
            self._repaint_rows()

    def _watch_position(self) -> None:
        if not self._hold:
            self._repaint_rows()

    def _bar_rows(self) -> Any:
        """(width, height, style, the bar's segments: one per row), or None
        when it cannot be worked out (not laid out, a renderer of another kind)."""
        width, height = self.size
        if not width or not height or not self.vertical or self.parent is None:
            return None
        bar = self.render()
        style = getattr(bar, "style", None)
        if not isinstance(bar, ScrollBarRender) or not isinstance(style, Style):
            return None
        segments = bar.render_bar(
            size=height, virtual_size=bar.virtual_size, window_size=bar.window_size,
            position=bar.position, thickness=width, vertical=True,
            back_color=style.bgcolor or RichColor.parse("#555555"),
            bar_color=style.color or RichColor.parse("bright_magenta"))
        return width, height, style, segments.segments

    def _repaint_rows(self) -> None:
        if not self.is_mounted:
            return
        old, new = self._rows, self._bar_rows()
        self._rows = new
        if new is None or old is None or old[:3] != new[:3] or len(old[3]) != len(new[3]):
            ScrollBar.refresh(self)  # whole (not held back as the scroll update's own refresh is)
            return
        width = new[0]
        changed = [Region(0, y, width, 1) for y, (a, b) in enumerate(zip(old[3], new[3])) if a != b]
        if changed:
            self.refresh(*changed)

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> "RowScrollBar":
        if not regions and not layout and not recompose and getattr(self.parent, "_bar_rows_only", False):
            return self  # (Textual's scroll update repaints it whole: the rows that changed are)
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def _render_bar(self, scrollbar_style: Style) -> Any:
        if self.window_size >= self.window_virtual_size and self.parent is not None:
            # everything fits (a bar kept by QuietScroll): blank, in the list's own background
            _base, background = self.parent.background_colors
            return self.renderer(vertical=self.vertical, style=Style(bgcolor=background.rich_color))
        return super()._render_bar(scrollbar_style)

    def _set_dirty(self, *regions: Region) -> None:
        if not regions:  # repainted whole (a new size, hover, a theme): the rows as they are now
            self._rows = None
        super()._set_dirty(*regions)

    #: the bar's rows as this frame draws them (set while ``render_lines`` runs)
    _frame_rows: Any = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._row_strips: dict[tuple[Any, ...], Strip] = {}
        self._styles_cache = KeptStylesCache()

    def render_lines(self, crop: Region) -> list[Strip]:
        # the bar's rows worked out once for the frame, each row drawn alone from them
        # (Textual renders the whole bar through Rich to draw any row of it)
        self._frame_rows = self._bar_rows()
        try:
            return super().render_lines(crop)
        finally:
            self._frame_rows = None

    def render_line(self, y: int) -> Strip:
        rows = self._frame_rows
        if rows is None or self.text_selection is not None or not 0 <= y < len(rows[3]):
            strip = super().render_line(y)
        else:
            # what Textual draws: the row's segment under the widget's style (post_render's
            # _Styled), cut to the width
            width, _height, _style, segments = rows
            text, style, _control = segments[y]
            base = self.visual_style.rich_style
            # one Strip per kind of row (blank, thumb, its ends), so that each kind is
            # styled once (``KeptStylesCache``: by the Strip, whatever its row)
            key = (text, style, base, width)
            strip = self._row_strips.get(key)
            if strip is None:
                strip = Strip([Segment(text, base + style if base else style)]).crop(0, width)
                if len(self._row_strips) > 64:
                    self._row_strips.clear()
                self._row_strips[key] = strip
            # (Textual's whole render, kept, stays marked out of date: ``_dirty_regions``)
        if self._rows is None and y == 0:
            self._rows = rows if rows is not None else self._bar_rows()
        return strip


class QuietScroll:
    """Mixin for a scrolling widget (a ScrollView: RichLog, OptionList) whose own
    size does not depend on how much it holds (a fixed or ``1fr`` height).

    Textual lays out the whole screen whenever a widget's virtual (scrollable)
    size changes, i.e. on every line written to a log or every new list of
    options, although only the scrollbar changes. Here a new virtual size
    repaints the widget and updates its scrollbars; if that shows or hides a
    scrollbar, Textual still lays the screen out (the scrollbar visibility is
    itself a layout reactive), so a scrollbar once shown stays, blank while
    everything fits. Its vertical scrollbar is a RowScrollBar: the thumb moving
    repaints only the rows it changes.

    Use it first among the bases: ``class Log(QuietScroll, RichLog)``.
    """

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, init=False)
    #: the vertical scrollbar's class (a RowScrollBar)
    SCROLLBAR: type[RowScrollBar] = RowScrollBar

    #: > 0 inside ``quiet_batch``; a new virtual size met there (its scroll update is owed)
    _batch_depth = 0
    _batch_owed = False

    def _watch_virtual_size(self, size: Size) -> None:
        if self._batch_depth:
            self._batch_owed = True
            return
        if self.is_mounted:  # type: ignore[attr-defined]
            self._scroll_update(size)  # type: ignore[attr-defined]

    @contextmanager
    def quiet_batch(self) -> Iterator[None]:
        """Write many lines (or scroll) at once: each new virtual size set inside
        (a log's every line) updates the scrollbars only once, when
        ``settle_scroll`` is called or the batch ends, and the scrollbar works
        out the rows it repaints once, at the end (Textual's do both for every
        line: three whole bars worked out per line)."""
        bar = self._vertical_scrollbar  # type: ignore[attr-defined]
        held = bar if isinstance(bar, RowScrollBar) else None
        self._batch_depth += 1
        if held is not None:
            held._hold += 1
        try:
            yield
        finally:
            self._batch_depth -= 1
            if not self._batch_depth:
                self.settle_scroll()
            if held is not None:
                held._hold -= 1
                if not held._hold:
                    held._repaint_rows()

    def settle_scroll(self) -> None:
        """Inside ``quiet_batch``: update the scrollbars for the virtual size now
        (before scrolling to the end of what was written)."""
        if self._batch_owed:
            self._batch_owed = False
            if self.is_mounted:  # type: ignore[attr-defined]
                self._scroll_update(self.virtual_size)  # type: ignore[attr-defined]

    _bar_rows_only = False

    def _refresh_scrollbars(self) -> None:
        super()._refresh_scrollbars()  # type: ignore[misc]
        styles = self.styles  # type: ignore[attr-defined]
        if self.show_vertical_scrollbar and styles.overflow_y == "auto":  # type: ignore[attr-defined]
            # shown once, the scrollbar stays (blank while everything fits): a list
            # that scrolls and one that does not, one after the other, would lay
            # the screen out on every change to show or hide it
            styles.overflow_y = "scroll"

    def _scroll_update(self, virtual_size: Size) -> None:
        # Textual's, which sets the scrollbar's sizes (a RowScrollBar repaints the
        # rows that change) and then repaints the scrollbar whole: not that
        self._bar_rows_only = True
        bar = self._vertical_scrollbar  # type: ignore[attr-defined]
        held = bar if isinstance(bar, RowScrollBar) else None
        if held is not None:  # (its sizes, then the position: the rows worked out once)
            held._hold += 1
        try:
            super()._scroll_update(virtual_size)  # type: ignore[misc]
        finally:
            self._bar_rows_only = False
            if held is not None:
                held._hold -= 1
                if not held._hold:
                    held._repaint_rows()

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        """The vertical scrollbar (made on first use, as Textual's): a RowScrollBar."""
        bar = self._vertical_scrollbar  # type: ignore[attr-defined]
        if bar is None:
            bar = self._vertical_scrollbar = self.SCROLLBAR(  # type: ignore[attr-defined]
                vertical=True, name="vertical", thickness=self.scrollbar_size_vertical)  # type: ignore[attr-defined]
            bar.display = False
            self.app._start_widget(self, bar)  # type: ignore[attr-defined]
        return bar


class KeptStylesCache(StylesCache):
    """Textual's StylesCache, for a widget whose lines are kept Strips (a
    DataWidget keeps each line's Strip, and a line back as it was a moment ago
    comes from its small cache; a log keeps each of its lines; the picker's
    list each option's): a content row whose content is a Strip it styled
    before (the very object) is not styled again, whatever row it is now on (a
    log scrolled by a line shows the same lines one row up), and the line
    filters find their result kept on that strip, so a cursor key that moves a
    highlight off a line and back, a log that scrolls or an undo's choices
    shown again restyle nothing. The rows of a border or padding, and a widget
    with an outline, are styled as Textual does. What styling a content row
    reads besides its content (widths, colours, padding, opacity, the border's
    titles, the border's and outline's edges, tint, hatch, text opacity) is
    compared on every frame; when any of it changed, every line is styled
    again; not the height (a content row is styled alike at any height, so a
    widget grown or shrunk by a line, e.g. a board section in another state,
    styles only its new lines). (A whole repaint, which empties Textual's
    cache, keeps these.)"""

    KEEP = 256

    def __init__(self) -> None:
        super().__init__()
        self._styled: dict[int, tuple[Strip, Strip]] = {}
        self._styled_for: tuple[Any, ...] | None = None
        self._look: tuple[Any, ...] = ()

    def render_widget(self, widget: Widget, crop: Region) -> list[Strip]:
        styles = widget.styles
        # what styling reads from the styles besides its arguments (once a frame, not a line)
        self._look = (styles.border, styles.outline, styles.tint, styles.text_opacity,
                      styles.hatch if styles.has_rule("hatch") else None)
        return super().render_widget(widget, crop)

    def render_line(self, styles: Any, y: int, size: Size, content_size: Size, padding: Any,
                    base_background: Any, background: Any, render_content_line: Any, border_title: Any,
                    border_subtitle: Any, opacity: float, ansi_theme: Any, native_ansi: bool) -> Strip:
        args = (styles, y, size, content_size, padding, base_background, background, render_content_line,
                border_title, border_subtitle, opacity, ansi_theme, native_ansi)
        gutter = styles.gutter
        if (not gutter.top <= y < min(size.height - gutter.bottom, gutter.top + content_size.height)
                or any(edge for edge, _color in styles.outline)):
            return super().render_line(*args)  # a border or padding row (or below the content)
        context = (size.width, content_size.width, padding, base_background, background, border_title, border_subtitle,
                   opacity, id(ansi_theme), native_ansi, self._look)
        if context != self._styled_for:
            self._styled_for = context
            self._styled.clear()
        content = render_content_line(y - gutter.top)
        kept = self._styled.get(id(content))
        if kept is not None and kept[0] is content:
            return kept[1]
        styled = super().render_line(styles, y, size, content_size, padding, base_background, background,
                                     lambda _y: content, border_title, border_subtitle, opacity, ansi_theme,
                                     native_ansi)
        if len(self._styled) >= self.KEEP:
            self._styled.clear()
        self._styled[id(content)] = (content, styled)  # (the content kept with it: its id stays its own)
        return styled


class DataWidget(Widget):
    """A widget drawn from plain data as lines; its height is its line count.

    Subclasses implement ``build(width) -> list[Text]`` (one Text per line, each
    at most ``width`` cells) and call ``_set(data)`` from their ``update``.
    (A subclass may instead override ``render()``; it then gets a layout on
    every change, as a Static would.)
    """

    DEFAULT_CSS = """
    DataWidget {
        height: auto;
        text-wrap: nowrap;
        text-overflow: clip;
    }
    """

    #: no link styling: these lines carry no links (``@click`` meta), and Textual works
    #: out the widget's link style for every line it draws to lay it over links
    auto_links: Reactive[bool] = Reactive(False)

    def __init__(self, *, title: str = "", name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.title = title
        self._data: Any = None
        self._lines: list[Text] = []
        self._height = -1
        self._built_width = -1
        #: line index -> its Strip as last rendered; kept while the line, the
        #: width and the style stay the same (see ``render_line``)
        self._strips: dict[int, Strip] = {}
        self._strips_key: tuple[int, Any] = (-1, None)
        #: (y, the line's text, style and spans) -> Strip, for lines drawn before
        self._recent: LRUCache[tuple[Any, ...], Strip] = LRUCache(256)
        #: each line styled once per content Strip (Textual styles it on every repaint)
        self._styles_cache = KeptStylesCache()
        #: ``steady``: the tallest height at ``_rows_width``, and the blank lines added
        self._rows = 0
        self._rows_width: int | None = None
        self._padding = 0

    def steady(self, lines: list[Text], width: int) -> list[Text]:
        """``lines`` padded with blank lines to the tallest height seen at
        ``width``, for a ``build`` whose height comes and goes with its data
        (a banner's announcements, a track's stacked markers): the widget keeps
        its height, so new data repaints it without a screen layout.
        ``allow_shrink()`` lets the next data take its own height again: call it
        where the screen is laid out anyway (a page of the board shown or hidden)."""
        if width != self._rows_width:
            self._rows_width, self._rows = width, 0
        self._rows = max(self._rows, len(lines))
        self._padding = self._rows - len(lines)
        return lines + [Text("") for _ in range(self._padding)]

    def allow_shrink(self) -> None:
        """The next ``steady`` lines take their own height (see ``steady``)."""
        self._rows = 0

    def _set(self, data: Any) -> bool:
        """Store ``data`` and redraw if it changed. Returns True when it changed."""
        if data == self._data:
            return False
        self._data = data
        self._redraw()
        return True

    def build(self, width: int) -> list[Text]:  # pragma: no cover - abstract
        raise NotImplementedError

    def _width(self) -> int:
        """The width to build lines for: this widget's; hidden, its width at its
        last layout; else (before its first layout, e.g. on a board page not
        shown yet) the room inside the nearest
        ancestor that has a size (less its padding, border and scrollbar
        gutter, and this widget's own), so that the first layout does not
        resize it and cost a second one; 80 only when nothing has a size yet."""
        if self.size.width:
            return self.size.width
        if self._size.width > self.styles.gutter.width:  # hidden (a board page not shown):
            # its size at its last layout, which the next one compares with (a
            # different size is told then, in that layout; a guess, a frame later)
            return self._size.width - self.styles.gutter.width
        fixed = self.styles.width
        if fixed is not None and fixed.is_cells:  # a width of its own (a Ring's)
            return max(1, int(fixed.value) - self.styles.gutter.width)
        for node in self.ancestors:
            width = getattr(getattr(node, "size", None), "width", 0)
            if not width:
                continue
            if isinstance(node, Widget):  # its content: less its scrollbar
                width -= node.scrollbar_size_vertical
            return max(1, width - self.styles.gutter.width)
        return 80

    def _redraw(self) -> None:
        if type(self).build is DataWidget.build:
            # a subclass drawing with its own render(): repaint with a layout
            self.refresh(layout=True)
            return
        width = self._width()
        old, old_width = self._lines, self._built_width
        self._built_width = width
        self._lines = self.build(width)
        height = max(1, len(self._lines))
        if height != self._height:
            self._height = height
            self._strips.clear()
            self.styles.height = height  # a new layout only when the height changes
            self.refresh()
            return
        if width != old_width or len(old) != len(self._lines):
            self._strips.clear()
            self.refresh()
            return
        # the same size: repaint only the lines that changed, and of each only
        # the cells between its first and last change (what the terminal is sent)
        regions = []
        for y, (a, b) in enumerate(zip(old, self._lines)):
            if not _same(a, b):
                self._strips.pop(y, None)
                start, end = _changed_cells(a, b, width)
                regions.append(Region(start, y, end - start, 1))
        if regions:
            self.refresh(*regions)

    def on_resize(self, event: Any) -> None:
        if event.size.width != self._built_width:
            self._redraw()

    def render_lines(self, crop: Region) -> list[Strip]:
        """Textual's, with what every line reads of the widget (its width, style
        and text selection: each a look-up through the screen) read once for
        all the lines of ``crop``, not once a line."""
        self._rendering = (self.size.width, self.visual_style, self.text_selection)
        try:
            return super().render_lines(crop)
        finally:
            self._rendering = None

    def render_line(self, y: int) -> Strip:
        """Line ``y`` of the content as a Strip (Textual's Line API), rendered
        once per change of that line, as ``render`` would draw it (the same
        segments, styles and text-selection offsets). A line that goes back to
        how it was a moment ago (the cursor moved off and on again) is found
        in a small cache. A subclass drawing with its own ``render`` (and a
        widget with text selected) is drawn whole, as Textual does."""
        cls = type(self)
        rendering = self.__dict__.get("_rendering")
        width, style, selection = rendering if rendering is not None else (
            self.size.width, self.visual_style, self.text_selection)
        if cls.build is DataWidget.build or cls.render is not DataWidget.render or selection is not None:
            return super().render_line(y)
        key = (width, style)
        if key != self._strips_key:  # a new width or style (theme, focus): every line again
            self._strips_key = key
            self._strips.clear()
            self._recent.clear()
        strip = self._strips.get(y)
        if strip is None:
            line = self._lines[y] if 0 <= y < len(self._lines) else _BLANK
            seen = (y, line.plain, line.style, tuple(line.spans), line.end)
            strip = self._recent.get(seen)
            if strip is None:
                strips = Visual.to_strips(self, text_visual(self, line), width, 1, style)
                strip = strips[0] if strips else Strip.blank(width, style.rich_style)
                if y:  # drawn alone it is line 0: the offsets text selection reads say line y
                    strip = strip.apply_offsets(0, y)
                self._recent[seen] = strip
            self._strips[y] = strip
        return strip

    def render(self) -> Text:
        out = Text("\n").join(self._lines)
        out.no_wrap = True
        out.overflow = "crop"
        return out

    @property
    def text(self) -> str:
        """What the widget shows, as plain text (for tests and screen readers;
        without the blank lines ``steady`` added)."""
        lines = self._lines[:len(self._lines) - self._padding] if self._padding else self._lines
        return "\n".join(line.plain for line in lines)

    def _title_text(self) -> Text:
        return Text(self.title, style="bold") if self.title else Text()


class TextBlock(DataWidget):
    """Lines of Text given ready-made: ``update(lines)`` repaints only if they changed."""

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._data = ()

    def update(self, lines: Sequence[Text]) -> None:
        """Show ``lines`` (one Text per line; longer lines are cropped)."""
        self._set(tuple(lines))

    def build(self, width: int) -> list[Text]:
        out = []
        for line in self._data:
            line = line.copy()
            line.truncate(width, overflow="crop")
            out.append(line)
        return out


class Banner(TextBlock):
    """Lines of Text with a steady height (``DataWidget.steady``): a banner that
    grows from a status line to three lines of announcements and back repaints
    without a screen layout."""

    def build(self, width: int) -> list[Text]:
        return self.steady(super().build(width), width)

    @property
    def text(self) -> str:
        """What the banner says, as plain text (without the blank lines under it)."""
        return "\n".join(line.plain for line in self._lines).rstrip("\n")
