"""Log: the decisions described in words, newest at the bottom, with turn numbers."""

from __future__ import annotations

import io
import sys
from typing import Any, NamedTuple, Sequence

from rich._wrap import divide_line
from rich.cells import cell_len, set_cell_size
from rich.console import Console
from rich.text import Text
from textual.geometry import Size
from textual.reactive import Reactive
from textual.strip import Strip


def _import_rich_log() -> Any:
    """Textual's RichLog, imported without ``attrs``: RichLog imports
    ``rich.pretty``, which imports ``attrs`` (when installed) only to
    pretty-print attrs classes, which the log never writes; that was about
    7 ms of the ~20 ms a loaded game's screen modules take before its first
    frame. ``attrs`` stays importable for whatever needs it later (the block
    lasts only for this import; a program that imported it already is left
    as it is)."""
    blocked = "attr" not in sys.modules
    if blocked:
        sys.modules["attr"] = None  # type: ignore[assignment]  # (ImportError for rich.pretty)
    try:
        from textual.widgets import RichLog

        return RichLog
    finally:
        if blocked and sys.modules.get("attr", 0) is None:
            del sys.modules["attr"]


RichLog = _import_rich_log()

from tui.widgets.base import QuietScroll, KeptStylesCache  # noqa: E402
from tui.history import common_prefix  # noqa: E402

#: Only measures text for wrapping (Rich wraps by cells, folding long words).
_MEASURE = Console(file=io.StringIO(), width=1000, color_system=None, legacy_windows=False)


def _wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` cells, each without trailing
    spaces: Rich's word wrap (``Text.wrap``: by cells, not characters, so wide
    characters (李明) take two; a word too long for a line folded), on the
    plain string (a Text per line cost as much again). Text with a line break
    or tab goes through ``Text.wrap`` itself."""
    if "\n" in text or "\t" in text:
        return [t.plain.rstrip() for t in Text(text).wrap(_MEASURE, width)] or [""]
    offsets = divide_line(text, width, fold=True)
    out = []
    for start, end in zip([0, *offsets], [*offsets, len(text)]):
        line = text[start:end].rstrip()
        if cell_len(line) > width:  # (Text.wrap's truncate, after the fold)
            line = set_cell_size(line, width).rstrip()
        out.append(line)
    return out or [""]


class LogEntry(NamedTuple):
    """One logged decision.

    Attributes:
        turn: the turn number (1-based) it belongs to; shown once per turn.
        text: the description ("Ann gives Bob a pink 3 (+6 VP)").
        letter: the deciding seat's letter ("A"), "" for none.
        style: the seat's colour style for the letter.
    """

    turn: int
    text: str
    letter: str = ""
    style: str = ""


class Log(QuietScroll, RichLog):
    """Described decisions, newest at the bottom; ``set_entries`` appends only
    what is new, drops only what an undo took back, and rewrites the log only
    when a marked entry or the width changes.

    A rewrite draws the newest ``TAIL`` entries (at least as many as the log has
    rows, so that it can always be scrolled up; or from the marked one), under
    a line saying how many earlier ones there are; scrolling up to that line
    draws ``TAIL`` more. So a game loaded at its 1000th decision draws about
    a screenful, not 1000 entries.

    Args:
        title: shown as the border title.
    """

    #: entries drawn by a rewrite, and added each time the reader scrolls to the top
    #: (each is a line or more: 30 fill the log of a 120x40 terminal, 26 rows)
    TAIL = 30

    DEFAULT_CSS = """
    Log {
        height: 1fr;
        scrollbar-size-vertical: 1;
    }
    """

    can_focus = False

    #: a line written repaints the rows (``write``), not the whole log: a whole repaint
    #: styles every line again (Textual's StylesCache is emptied), a repaint of the rows
    #: finds each line styled (``KeptStylesCache``)
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False, init=False)

    def __init__(self, *, title: str = "Log", name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(wrap=False, markup=False, highlight=False, min_width=1, auto_scroll=True,
                         name=name, id=id, classes=classes)
        self.border_title = title
        self._entries: list[LogEntry] = []
        self._mark: int | None = None
        #: the first entry drawn (the ones before are summed up in one line)
        self._first = 0
        #: the line where each drawn entry starts (entry ``_first + k`` at ``_starts[k]``)
        self._starts: list[int] = []
        #: lines written since the last rewrite, drawn or not yet (before the
        #: first layout RichLog holds writes back): each Text written is one line
        self._written = 0
        #: each line styled once (a log scrolled by a line repaints every row: styled again
        #: by Textual, though each row shows a line it styled a moment ago one row below)
        self._styles_cache = KeptStylesCache()
        self._wrap_width: int | None = None
        self._settling = False  # a rewrite not yet painted: its scrolling is not the reader's
        self._stale = False  # entries set while hidden, not yet drawn
        self._height = 0  # the height at the last resize

    def write(self, content: Any, width: int | None = None, expand: bool = False, shrink: bool = True,
              scroll_end: bool | None = None, animate: bool = False) -> "Log":
        """RichLog's ``write``; the rows in view are repainted (a line may show up in them)."""
        super().write(content, width=width, expand=expand, shrink=shrink, scroll_end=scroll_end, animate=animate)
        if self._size_known and self.is_mounted:
            self.refresh(self.size.region)
        return self

    @property
    def rich_style(self) -> Any:
        """Textual's style of the log (worked out through every ancestor on each
        call, i.e. once per line drawn), kept while the widget's style is the same."""
        key = self.visual_style
        kept = self.__dict__.get("_kept_style")
        if kept is None or kept[0] is not key:
            kept = self.__dict__["_kept_style"] = (key, super().rich_style)
        return kept[1]

    def render_lines(self, crop: Any) -> list[Strip]:
        """Textual's, with what RichLog's ``render_line`` reads of the log for
        every row (its scroll offset, width and style: a decision's new line
        scrolls the log and repaints every row) read once for the rows asked."""
        self._rendering = (self.scroll_offset, self.scrollable_content_region.width, self.rich_style)
        try:
            return super().render_lines(crop)
        finally:
            self._rendering = None

    def render_line(self, y: int) -> Strip:
        """RichLog's ``render_line``, from what ``render_lines`` read once."""
        rendering = self.__dict__.get("_rendering")
        if rendering is None:
            return super().render_line(y)
        (scroll_x, scroll_y), width, style = rendering
        return self._render_line(scroll_y + y, scroll_x, width).apply_style(style)

    @property
    def entries(self) -> list[LogEntry]:
        return list(self._entries)

    def set_entries(self, entries: Sequence[LogEntry], mark: int | None = None) -> None:
        """Show ``entries`` (oldest first); ``mark`` = index of an entry to
        highlight (review's cursor). Appends what extends the shown entries,
        drops the lines of entries taken back (undo) without re-rendering the
        rest, and rewrites everything only when the mark or the width changes."""
        entries = list(entries)
        if self._wrap_width is None or not self.size.width:
            # not laid out yet, or hidden (the curtain hides the game's body, and keys typed
            # as it lifts may play before the next layout): written now, the lines would be
            # wrapped at a guessed width and cut off; on_resize draws them at the real width
            self._entries, self._mark = entries, mark
            self._stale = self._wrap_width is not None
            return
        old = self._entries
        if mark == self._mark:
            keep = common_prefix(old, entries)
            # (the scrollbar updated once for the lines dropped, written and scrolled)
            with self.quiet_batch():
                if keep < len(old) and not self._truncate(keep):
                    self._entries = entries
                    self._rewrite()
                    return
                self._entries = entries
                if len(entries) - keep > self.TAIL:  # more than a rewrite draws: draw the newest
                    self._rewrite()
                    return
                for i in range(keep, len(entries)):
                    self._write_entry(entries, i, scroll_end=True)
                self.settle_scroll()
                if mark is None:
                    self._scroll_to_end()
            return
        self._entries = entries
        self._mark = mark
        self._rewrite()

    def _truncate(self, keep: int) -> bool:
        """Drop the lines of entries ``keep`` and later. False if not possible
        (an entry not drawn, or lines both drawn and held back)."""
        starts, first = self._starts, self._first
        if keep < first or len(starts) != len(self._entries) - first:
            return False
        cut = starts[keep - first] if keep - first < len(starts) else self._written
        deferred = self._deferred_renders
        if deferred and self.lines:
            return False
        if deferred:  # nothing drawn yet (before the first layout): drop held-back writes
            while len(deferred) > cut:
                deferred.pop()
        else:
            del self.lines[cut:]
            # the lines kept keep their cropped strips (and so their styled rows); those
            # of the lines dropped go, as new lines will be written at their places
            cache = self._line_cache
            for key in [key for key in cache.keys() if key[0] >= cut + self._start_line]:
                cache.discard(key)
            self.virtual_size = Size(self._widest_line_width, len(self.lines))
            self.refresh(self.size.region)  # (the rows; each line kept styled)
        del starts[keep - first:]
        self._written = cut
        return True

    def _write_entry(self, entries: list[LogEntry], i: int, scroll_end: bool) -> None:
        """Write entry ``i``. Once the size is known the caller scrolls
        (``_scroll_to_end``, in the same frame); before, RichLog keeps the
        lines and their ``scroll_end`` until it has a size."""
        scroll_end = scroll_end and not self._size_known
        self._starts.append(self._written)
        width = self._text_width()
        lines = self._lines(entries, i, width)
        if self._size_known and not self._deferred_renders:
            # straight to Strips, as a rewrite writes them (``_add_lines``: what RichLog's
            # ``write`` of each line makes, without rendering it through the console)
            self._add_lines(lines, width)
            self._written += len(lines)
            if self.is_mounted:
                self.refresh(self.size.region)
            return
        for line in lines:
            self.write(line, width=width, scroll_end=scroll_end)
            self._written += 1

    def _text_width(self) -> int:
        return max(12, (self.scrollable_content_region.width or self.size.width or 40) - 1)

    def _rewrite(self, first: int | None = None, follow: bool = True) -> None:
        """Write the entries again from ``first`` (default: the newest TAIL,
        or from a little before the marked entry); ``follow``: scroll to the
        end (when nothing is marked)."""
        entries, mark = self._entries, self._mark
        end = mark is None and follow
        if first is None:
            first = max(0, len(entries) - max(self.TAIL, self.size.height))
            if mark is not None:
                first = min(first, max(0, mark - 8))
        self.clear()
        self._first, self._starts, self._written = first, [], 0
        if not self._settling:
            self._settling = True
            self.call_after_refresh(self._settled)
        width = self._text_width()
        lines: list[Text] = []
        if first:
            dots = "..." if getattr(self.app, "ascii", False) else "…"
            more = f"{dots} {first} earlier decision{'s' if first != 1 else ''} (scroll up for more)"
            lines.append(Text(more[:width], style="dim", no_wrap=True))
        with self.quiet_batch():
            if self._size_known:  # (always, once laid out: every rewrite is then)
                for i in range(first, len(entries)):
                    self._starts.append(len(lines))
                    lines += self._lines(entries, i, width)
                self._add_lines(lines, width)
                self._written = len(lines)
            else:
                for line in lines:
                    self.write(line, width=width, scroll_end=end)
                    self._written += 1
                for i in range(first, len(entries)):
                    self._write_entry(entries, i, scroll_end=end)
            self.settle_scroll()
            if end:
                self._scroll_to_end()
        if not end and mark is not None and entries:
            self.call_after_refresh(self._scroll_to_mark)

    def _add_lines(self, lines: list[Text], width: int) -> None:
        """Append ``lines`` (one row each, no wider than ``width``) as RichLog's
        ``write(line, width=width)`` of each would, once the size is known, but
        rendered straight to Strips and the virtual size set once: RichLog
        renders each line through the console and sets the virtual size (and
        its watchers) per line, most of the 10-15 ms a loaded game's log took
        to draw its first 30 entries."""
        console = self.app.console
        strips = self.lines
        widest = self._widest_line_width
        for line in lines:  # (RichLog pads none to ``width``: its adjust_cell_length result is dropped)
            strip = Strip(list(line.render(console)))
            widest = max(widest, strip.cell_length)
            strips.append(strip)
        self._widest_line_width = widest
        self.virtual_size = Size(widest, len(strips))

    def _scroll_to_end(self) -> None:
        """Scroll to the newest line now, not after the next refresh (RichLog's
        ``write(scroll_end=True)`` scrolls a frame later)."""
        if self._size_known:
            self.scroll_end(animate=False, immediate=True, x_axis=False)

    def _settled(self) -> None:
        self._settling = False

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        if new < 1 <= old and self._first and self._size_known and not self._settling:
            self.call_after_refresh(self._draw_earlier)

    def _draw_earlier(self) -> None:
        """The reader scrolled to the top: draw TAIL more entries above, keeping
        the lines in view where they are."""
        if not self._first or self.scroll_y >= 1 or self._settling or self.max_scroll_y < 1:
            return
        before = self._written
        self._rewrite(max(0, self._first - self.TAIL), follow=False)
        self.scroll_to(y=max(0, self._written - before), animate=False, immediate=True)

    def on_resize(self, event) -> None:
        # the lines are wrapped when written: rewrite them at the new width.
        # (and the entries set while it was hidden)
        if event.size.width and (event.size.width != self._wrap_width or self._stale):
            self._wrap_width = event.size.width
            # the size is known from now on (RichLog's own on_resize, called after this
            # one, would write the lines held back until now and scroll to the end only
            # after the next frame: a long game loaded would paint its first decisions first)
            self._size_known = True
            self._deferred_renders.clear()
            self._stale = False
            self._rewrite()
        elif event.size.height != self._height and self._mark is None and self._size_known:
            # only the height changed (the picker above grew or shrank): a log that
            # showed its newest line still does, in this frame
            grew = event.size.height - self._height
            if self.scroll_y >= min(self.max_scroll_y, self.max_scroll_y + grew):
                self._scroll_to_end()
        self._height = event.size.height

    def _scroll_to_mark(self) -> None:
        k = -1 if self._mark is None else self._mark - self._first
        if not 0 <= k < len(self._starts):
            return
        y = self._starts[k]
        self.scroll_to(y=max(0, y - self.size.height // 2), animate=False)

    def _lines(self, entries: list[LogEntry], i: int, width: int) -> list[Text]:
        """One entry as lines: turn number (first entry of a turn), seat letter,
        then the text wrapped with a hanging indent."""
        e = entries[i]
        first = i == 0 or entries[i - 1].turn != e.turn
        marked = i == self._mark
        text = e.text + (" <" if marked else "")
        body = _wrap(text, max(6, width - 6))
        out = []
        for n, chunk in enumerate(body):
            line = Text(no_wrap=True)
            if n == 0:
                line.append(f"{e.turn:>3} " if first else "    ", style="dim")
                line.append(e.letter or " ", style=e.style or "bold")
                line.append(" ")
            else:
                line.append(" " * 6)
            line.append(chunk, style="reverse bold" if marked else "")
            out.append(line)
        return out
