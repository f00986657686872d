"""Log: the decisions described in words, newest at the bottom, with turn numbers."""

from __future__ import annotations

import textwrap
from typing import NamedTuple, Sequence

from rich.text import Text
from textual.geometry import Size
from textual.widgets import RichLog

from tui.widgets.base import QuietScroll
from tui.widgets.common import ascii_text, use_ascii


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
    what is new and rewrites the log only after undo or a marked entry changes.

    Args:
        title: shown as the border title.
    """

    DEFAULT_CSS = """
    Log {
        height: 1fr;
        scrollbar-size-vertical: 1;
    }
    """

    can_focus = False

    def __init__(self, *, title: str = "Log", name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(wrap=False, markup=False, highlight=False, min_width=1, auto_scroll=True,
                         name=name, id=id, classes=classes)
        self.border_title = title
        self._entries: list[LogEntry] = []
        self._mark: int | None = None
        #: index into self.lines where each written entry starts (None: unknown)
        self._starts: list[int] | None = []
        self._wrap_width: int | None = None

    @property
    def entries(self) -> list[LogEntry]:
        return list(self._entries)

    def set_entries(self, entries: Sequence[LogEntry], mark: int | None = None) -> None:
        """Show ``entries`` (oldest first); ``mark`` = index of an entry to
        highlight (review's cursor). Appends what extends the shown entries,
        drops the lines of entries taken back (undo) without re-rendering the
        rest, and rewrites everything only when the mark or the width changes."""
        entries = list(entries)
        old = self._entries
        if mark == self._mark:
            keep = 0
            limit = min(len(old), len(entries))
            while keep < limit and old[keep] == entries[keep]:
                keep += 1
            if keep < len(old) and not self._truncate(keep):
                self._entries = entries
                self._rewrite()
                return
            self._entries = entries
            for i in range(keep, len(entries)):
                self._write_entry(entries, i, scroll_end=True)
            if mark is None:
                self._scroll_to_end()
            return
        self._entries = entries
        self._mark = mark
        self._rewrite()

    def _truncate(self, keep: int) -> bool:
        """Drop the lines of entries ``keep`` and later. False if not possible."""
        starts = self._starts
        if starts is None or len(starts) < len(self._entries) or not self._size_known:
            return False
        cut = starts[keep] if keep < len(starts) else len(self.lines)
        del self.lines[cut:]
        del starts[keep:]
        self._line_cache.clear()
        self.virtual_size = Size(self._widest_line_width, len(self.lines))
        self.refresh()
        return True

    def _write_entry(self, entries: list[LogEntry], i: int, scroll_end: bool) -> None:
        """Write entry ``i``. Once the size is known the caller scrolls
        (``_scroll_to_end``, in the same frame); before, RichLog keeps the
        lines and their ``scroll_end`` until it has a size."""
        scroll_end = scroll_end and not self._size_known
        if self._starts is not None:
            if self._size_known and len(self._starts) == i:
                self._starts.append(len(self.lines))
            else:
                self._starts = None  # deferred writes: positions unknown until a rewrite
        width = self._text_width()
        for line in self._lines(entries, i, width):
            self.write(line, width=width, scroll_end=scroll_end)

    def _text_width(self) -> int:
        return max(12, (self.scrollable_content_region.width or self.size.width or 40) - 1)

    def _rewrite(self) -> None:
        entries, mark = self._entries, self._mark
        self.clear()
        self._starts = []
        for i in range(len(entries)):
            self._write_entry(entries, i, scroll_end=mark is None)
        if mark is None:
            self._scroll_to_end()
        elif entries:
            self.call_after_refresh(self._scroll_to_mark)

    def _scroll_to_end(self) -> None:
        """Scroll to the newest line now, not after the next refresh (RichLog's
        ``write(scroll_end=True)`` scrolls a frame later)."""
        if self._size_known:
            self.scroll_end(animate=False, immediate=True, x_axis=False)

    def on_resize(self, event) -> None:
        # the lines are wrapped when written: rewrite them at the new width.
        if event.size.width != self._wrap_width:
            self._wrap_width = event.size.width
            self._rewrite()

    def _scroll_to_mark(self) -> None:
        if self._mark is None or not self._starts or self._mark >= len(self._starts):
            return
        y = self._starts[self._mark]
        self.scroll_to(y=max(0, y - self.size.height // 2), animate=False)

    def _lines(self, entries: list[LogEntry], i: int, width: int) -> list[Text]:
        """One entry as lines: turn number (first entry of a turn), seat letter,
        then the text wrapped with a hanging indent."""
        e = entries[i]
        first = i == 0 or entries[i - 1].turn != e.turn
        marked = i == self._mark
        text = e.text + (" <" if marked else "")
        if use_ascii(self):  # the ASCII look: "2½" -> "2.5", "→" -> "->" before wrapping
            text = ascii_text(text)
        body = textwrap.wrap(text, max(6, width - 6)) or [""]
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
