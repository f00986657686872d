"""Log: the decisions described in words, newest at the bottom, with turn numbers."""

from __future__ import annotations

from typing import NamedTuple, Sequence

from rich.table import Table
from rich.text import Text
from textual.widgets import RichLog


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


class Log(RichLog):
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
        super().__init__(wrap=True, markup=False, highlight=False, min_width=16, auto_scroll=True,
                         name=name, id=id, classes=classes)
        self.border_title = title
        self._entries: list[LogEntry] = []
        self._mark: int | None = None

    @property
    def entries(self) -> list[LogEntry]:
        return list(self._entries)

    def set_entries(self, entries: Sequence[LogEntry], mark: int | None = None) -> None:
        """Show ``entries`` (oldest first); ``mark`` = index of an entry to
        highlight (review's cursor). Appends when ``entries`` extends what is
        shown, otherwise rewrites."""
        entries = list(entries)
        old = self._entries
        if mark == self._mark and len(entries) >= len(old) and entries[: len(old)] == old:
            for i in range(len(old), len(entries)):
                self.write(self._line(entries, i), scroll_end=True)
            self._entries = entries
            return
        self._entries = entries
        self._mark = mark
        self._rewrite()

    def _rewrite(self) -> None:
        entries, mark = self._entries, self._mark
        self.clear()
        for i in range(len(entries)):
            self.write(self._line(entries, i), scroll_end=mark is None)
        if mark is not None and entries:
            # keep the marked line in view (lines may wrap; this is approximate)
            self.call_after_refresh(self._scroll_to_mark)

    def on_resize(self, event) -> None:
        # RichLog wraps lines when they are written: rewrite them at the new width.
        if event.size.width != getattr(self, "_wrap_width", None):
            self._wrap_width = event.size.width
            self._rewrite()

    def _scroll_to_mark(self) -> None:
        if self._mark is None or not self._entries:
            return
        share = (self._mark + 1) / len(self._entries)
        self.scroll_to(y=max(0, int(self.virtual_size.height * share) - self.size.height // 2), animate=False)

    def _line(self, entries: list[LogEntry], i: int) -> Table:
        """One entry as a grid row, so wrapped text stays indented."""
        e = entries[i]
        first = i == 0 or entries[i - 1].turn != e.turn
        head = Text(f"{e.turn:>3} " if first else "    ", style="dim")
        head.append(e.letter or " ", style=e.style or "bold")
        marked = i == self._mark
        body = Text(e.text, style="reverse bold" if marked else "")
        if marked:
            body.append(" <", style="bold")
        grid = Table.grid(padding=(0, 1), expand=True)
        grid.add_column(width=5, no_wrap=True)
        grid.add_column(ratio=1)
        grid.add_row(head, body)
        return grid
