"""Review: step through a match decision by decision without touching the live game.

Keys: Left/Right one decision, Up/Down to the first decision of the previous /
next turn (turns numbered as in the game's log and the record: a new number
whenever ``game.turn`` of the state before a decision changes),
Home/End the set-up / the last decision (the position line counts decisions,
those turns, and the game's own rounds or half-years beside them:
``GameLabels.round_of``: the round the decision was made in, "Decision 59/59,
turn 15/15, round 12/12", at 80 columns "59/59, turn 15/15, round 12/12"), ``c``
continue from here (after a
confirmation it drops every later decision: ``match.continue_from``; a match
read from a file, not played on a screen below, goes on as a new game under
a new id, so the file is never written), ``b`` (or Escape) back.
The board shows the state at the cursor (public view); the log marks the move
at the cursor and says what it changed (``game.tallies`` before vs after, and
the score lines' figures they do not give); one ScoreSpark per seat draws its
score over the whole match (``GameLabels.seat_scores``: the VP so far, the
game's final score once it is over), then one per player without a seat
(``GameLabels.other_scores``: Windmill Valley's Gardener), all on one common
scale (so 6 VP against 60 VP draws low). The move list writes every
decision whole, wrapped to its width (ReviewLog).

Opening review on a long match costs little: the moves' words and turn numbers
come from the match's shared History (tui.history: the game screen's log has
worked them out already), states are decoded only when shown (a few are
kept), and the move list draws only the lines in view (ReviewLog). The screen
is built ahead: the game screen, once painted and idle, calls ``warm_review``,
which composes, lays out and draws it off the screen stack; ``r`` then gets
that screen from ``review_screen`` (the one the app keeps for the match),
brought up to date (``reopen``), and showing it is one repaint.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import OrderedDict
from typing import Any


from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import _time, events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.cache import LRUCache
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.geometry import Region, Size
from textual.message import Message
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Static

from tui.chrome import KeyFooter, OneLayout, QuietTitles, TitleHeader
from tui.history import history_for
from tui.screens import game_screen_class, is_game_screen, screen_for, seat_labels
from tui.widgets.base import DataWidget, KeptStylesCache, QuietScroll, TextBlock
from tui.widgets.common import plural
from tui.widgets.textlines import wrap, wrap_plain


def score_key(tallies: list[dict[str, float]]) -> str | None:
    """The tally that is the score: "VP" when there is one, else the first key."""
    if not tallies or not tallies[0]:
        return None
    return "VP" if "VP" in tallies[0] else next(iter(tallies[0]))


def _num(x: float, ascii: bool = False) -> str:
    """A tally as people write it: 2 (not 2.0), 1½ (1.5 with ``ascii``), -½;
    other fractions as ``:g``."""
    x = float(x)
    if x.is_integer():
        return str(int(x))
    if (x * 2).is_integer() and not ascii:
        whole = int(abs(x))
        return ("-" if x < 0 else "") + (str(whole) if whole else "") + "½"
    return f"{x:g}"


def tally_changes(
    before: list[dict[str, float]], after: list[dict[str, float]], labels: list[str], ascii: bool = False
) -> list[str]:
    """Lines like "B Bob: VP 5 -> 8 (+3)" for every tally that changed (labels: seat_labels)."""
    lines: list[str] = []
    for seat, (b, a) in enumerate(zip(before, after)):
        for key, new in a.items():
            old = b.get(key, 0)
            if new != old:
                diff = new - old
                sign = "+" if diff > 0 else "-"
                lines.append(
                    f"{labels[seat]}: {key} {_num(old, ascii)} -> {_num(new, ascii)} ({sign}{_num(abs(diff), ascii)})"
                )
    return lines


class ChangesText(DataWidget):
    """What the decision at the cursor changed: lines wrapped to the width with
    a hanging indent, always ``lines()`` rows (padded; a longer text ends with
    "… N more lines (m)": m shows them all, ``ReviewScreen.action_more``), so a
    step in review never lays the screen out again."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._data = ()

    def update(self, lines: list[str]) -> None:
        self._set(tuple(lines))

    def lines(self) -> int:
        """Rows shown: 6, or 4 in a terminal of fewer than 30 rows."""
        return 6 if self.app.size.height >= 30 else 4

    def build(self, width: int) -> list[Text]:
        out: list[Text] = []
        for line in self._data:
            # " " before each line, two more before its continuations: every row
            # at most ``width`` cells (the continuations were wrapped as if they
            # had the first row's room, and their last letter was cut)
            for row in wrap(line, max(8, width) - 1, indent="  ") or [Text("")]:
                out.append(Text(" ") + row)
        rows = self.lines()
        if len(out) > rows:
            more = len(out) - rows + 1
            dots = "..." if getattr(self.app, "ascii", False) else "…"
            out = out[: rows - 1] + [Text(f"   {dots} {more} more lines (m)", style="dim")]
        return out + [Text("")] * (rows - len(out))


class ScoreSpark(Static, can_focus=False):
    """One seat's score over the match as one row of bars, drawn on a scale
    shared by every seat (``low``..``high``), not per seat as Textual's Sparkline
    does. ``ascii`` draws with ``_.-~=+*#`` instead of the block characters."""

    BARS = "▁▂▃▄▅▆▇█"
    ASCII_BARS = "_.-~=+*#"

    DEFAULT_CSS = """
    ScoreSpark { height: 1; width: 100%; text-wrap: nowrap; text-overflow: clip; }
    """

    def __init__(self, data: list[float], low: float, high: float, *, ascii: bool = False,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__("", id=id, classes=classes)
        self.data, self.low, self.high, self.ascii = list(data), low, high, ascii

    def set_data(self, data: list[float], low: float, high: float) -> None:
        """Draw ``data`` on the scale ``low``..``high`` (a repaint of this line)."""
        if (list(data), low, high) != (self.data, self.low, self.high):
            self.data, self.low, self.high = list(data), low, high
            self.refresh()

    def bars(self, width: int) -> str:
        """The row for ``width`` cells: the data split into ``width`` equal
        parts, each drawn by its largest value on the shared scale."""
        data = self.data or [0.0]
        width = max(1, width)
        chars = self.ASCII_BARS if self.ascii else self.BARS
        extent = (self.high - self.low) or 1
        n = len(data)
        cells = min(width, n)
        out = []
        for c in range(cells):
            part = data[c * n // cells: max(c * n // cells + 1, (c + 1) * n // cells)]
            ratio = (max(part) - self.low) / extent
            out.append(chars[max(0, min(len(chars) - 1, round(ratio * (len(chars) - 1))))])
        return "".join(out)

    def render(self) -> Text:
        return Text(self.bars(self.content_region.width or self.size.width or 40), no_wrap=True)


class ReviewLog(QuietScroll, ScrollView, can_focus=False):
    """The move list: every line written whole, wrapped to the width as a
    RichLog with ``wrap`` writes it (continuations indented under its text), so
    no decision is cut at 80 columns; the highlighted line's rows (it starts
    with a mark, ``mark``) in the cursor's style. Drawn only where it is in
    view: a match of 1000 decisions costs what one screenful does, and the
    rows each line takes at a width are worked out once (``_starts``). The
    screen moves the highlight (``highlighted``); a click on a line posts
    ``Selected``.

    The list is as high as its lines' rows, so no blank rows follow the last
    line; the match growing or shrinking (``set_count``) changes only its
    scrollable size, without a layout (QuietScroll: its scrollbar, once shown,
    stays, and repaints the rows its thumb changes), and scrolls back up if it
    would show rows past the end.

    Args:
        count: how many lines.
        line: the text of line ``i`` (a function of ``i``; asked for again when
            the width or the count changes).
        highlighted: the line at the cursor.
        mark: drawn in front of the highlighted line (``▶``; ``>`` under --ascii).
    """

    COMPONENT_CLASSES = {"review-log--cursor"}
    DEFAULT_CSS = """
    ReviewLog {
        background: $surface;
        color: $foreground;
        padding: 0 1;
        overflow-x: hidden;
        overflow-y: auto;
        & > .review-log--cursor {
            color: $foreground;
            background: $block-cursor-blurred-background;
        }
    }
    """

    class Selected(Message):
        """A line was clicked."""

        def __init__(self, log: "ReviewLog", index: int) -> None:
            super().__init__()
            self.log = log
            self.index = index

        @property
        def control(self) -> "ReviewLog":
            return self.log

    def __init__(self, count: int, line: Any, *, highlighted: int = 0, mark: str = "▶",
                 id: str | None = None) -> None:
        super().__init__(id=id)
        self.count = count
        self._line = line
        self.highlighted = highlighted
        self.mark = mark
        #: (width, count) -> the first row of each line and, last, the rows of all
        self._starts_at: tuple[int, int, list[int]] | None = None
        #: each line's rows at a width, by (index, width, text)
        self._wrapped: LRUCache[tuple[int, int, str], list[str]] = LRUCache(512)
        self.virtual_size = Size(0, count)
        #: each row drawn, as its Strip, by (text, style, width): a row scrolled to
        #: another place, or shown again, is the very Strip, which is styled once
        #: (``KeptStylesCache``; Textual styled every row again on each scroll)
        self._row_strips: LRUCache[tuple[str, Style, int], Strip] = LRUCache(256)
        self._styles_cache = KeptStylesCache()

    #: the text width the scrollable height was last worked out at (``_fit_height``)
    _fitted_width: int | None = None

    def _fit_height(self) -> None:
        """Make the scrollable height what the lines take at the width now: no
        layout, the scrollbar follows and a scroll past the new end is brought
        back (QuietScroll). The scrollbar that height shows narrows the text,
        which may wrap into more rows: worked out again at the new width, until
        the two agree (a height worked out for the width without the scrollbar
        left the last rows out of reach: the cursor at the last decision below
        the view)."""
        for _ in range(3):  # (a scrollbar, once shown, stays: it settles at once)
            width = self.scrollable_content_region.width
            self._fitted_width = width
            height = self._starts(width)[-1] if width > 0 else self.count
            if height == self.virtual_size.height:
                return
            size = Size(self.virtual_size.width, height)
            self.set_reactive(ReviewLog.virtual_size, size)
            if not self.is_mounted:
                return
            self._scroll_update(size)
            if self.scrollable_content_region.width == width:
                return

    def on_resize(self, event: events.Resize) -> None:
        self._fit_height()
        self.scroll_to_highlight()

    #: the container size and own virtual size of the last layout (``_size_updated``)
    _laid_container: tuple[Size, Size] | None = None

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
        # Textual's ScrollView compares the layout's virtual size with its own
        # (this list sets its own: a row per line), finds them different at
        # every layout of the screen and updates and repaints its scrollbars
        # (a board page shown in review cost that on every step). Nothing
        # changed when the size, the container and its own virtual size did not.
        if size == self._size and (container_size, self.virtual_size) == self._laid_container:
            return False
        self._laid_container = (container_size, self.virtual_size)
        return super()._size_updated(size, virtual_size, container_size, layout)

    def set_count(self, count: int) -> None:
        """Now ``count`` lines (the match grew or shrank): repaint them. The
        scrollbar follows at once (Textual would wait for a layout; until then
        the list could not scroll to a line past its old end: a review built
        ahead for a short game, opened after more decisions, stayed at the top)."""
        if count != self.count:
            self.count = count
            self.highlighted = min(self.highlighted, count - 1)
        self._starts_at = None  # (the lines' words may differ: an undo and another decision)
        self._wrapped.clear()
        if self._size:  # laid out: its scrollbar (shown or not, its thumb) for the new count
            self._fit_height()
        elif self.virtual_size.height != count:
            self.virtual_size = Size(self.virtual_size.width, count)
        self.refresh()

    def move_highlight(self, index: int) -> None:
        """Highlight line ``index`` and scroll it into view, repainting only the
        rows of the two lines (a line takes as many rows highlighted or not)."""
        old, self.highlighted = self.highlighted, index
        if old != index:
            width = self.scrollable_content_region.width
            if width > 0:
                starts = self._starts(width)
                for i in (old, index):
                    if 0 <= i < self.count:
                        self.refresh_lines(starts[i], starts[i + 1] - starts[i])
            else:
                self.refresh()
        self.scroll_to_highlight()

    def _rows(self, index: int, width: int) -> list[str]:
        """Line ``index`` as its rows at ``width`` cells, the first starting
        with a blank where the highlighted line has its mark (kept)."""
        text = " " + self._line(index)
        key = (index, width, text)
        rows = self._wrapped.get(key)
        if rows is None:
            if width <= 0 or cell_len(text) <= width:
                rows = [text]
            else:
                head = text.split(". ", 1)[0]
                indent = len(head) + 2 if ". " in text and len(head) + 2 < width // 2 else 2
                lead = len(text) - len(text.lstrip(" "))  # (the blank for the mark, the number's padding)
                if lead >= min(indent, width // 2):
                    lead = 1
                rows = [" " * lead + row for row in wrap_plain(text[lead:], width - lead, " " * (indent - lead))]
            self._wrapped[key] = rows
        return rows

    def _starts(self, width: int) -> list[int]:
        """The virtual row each line starts at, at ``width``, and last the rows
        of all lines (worked out once per width and count)."""
        kept = self._starts_at
        if kept is not None and kept[0] == width and kept[1] == self.count:
            return kept[2]
        starts = [0]
        total = 0
        line = self._line
        for i in range(self.count):
            text = " " + line(i)
            total += 1 if width <= 0 or cell_len(text) <= width else len(self._rows(i, width))
            starts.append(total)
        self._starts_at = (width, self.count, starts)
        return starts

    def _row(self, y: int, width: int) -> tuple[int, int]:
        """(line, its row) drawn at virtual row ``y``; line -1: a blank row."""
        starts = self._starts(width)
        if y < 0 or y >= starts[-1]:
            return -1, 0
        index = bisect_right(starts, y) - 1
        return index, y - starts[index]

    def scroll_to_highlight(self) -> None:
        """Scroll as little as needed to show the highlighted line, all its rows
        (its first rows, when it is taller than the list)."""
        if self.scrollable_content_region.width != self._fitted_width:
            self._fit_height()  # (the scrollbar came or went since: the rows are others)
        height = self.scrollable_content_region.height
        width = self.scrollable_content_region.width
        if height <= 0 or width <= 0 or not 0 <= self.highlighted < self.count:
            return
        top = round(self.scroll_offset.y)
        starts = self._starts(width)
        first, last = starts[self.highlighted], starts[self.highlighted + 1] - 1
        if first < top:
            self.scroll_to(y=first, animate=False, immediate=True)
        elif last >= top + height:
            self.scroll_to(y=min(first, last - height + 1), animate=False, immediate=True)

    #: (style, cursor style) while ``render_lines`` runs: worked out once per call,
    #: not per row (Textual's ``rich_style`` walks every ancestor's styles)
    _row_styles: tuple[Style, Style] | None = None

    def render_lines(self, crop: Region) -> list[Strip]:
        style = self.rich_style
        self._row_styles = (style, style + self.get_component_rich_style("review-log--cursor"))
        try:
            return super().render_lines(crop)
        finally:
            self._row_styles = None

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        index, part = self._row(y + round(self.scroll_offset.y), max(0, width))
        styles = self._row_styles
        if styles is None:
            style = self.rich_style
            styles = (style, style + self.get_component_rich_style("review-log--cursor"))
        style = styles[0]
        width = max(0, width)
        if not 0 <= index < self.count or width <= 0:
            text = " " * width
        else:
            text = self._rows(index, width)[part]
            if index == self.highlighted:
                style = styles[1]
                if part == 0:
                    text = self.mark + text[1:]
            text = set_cell_size(text, width)
        key = (text, style, width)
        strip = self._row_strips.get(key)
        if strip is None:
            strip = self._row_strips[key] = Strip([Segment(text, style)], width)
        return strip

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index, _part = self._row(offset.y + round(self.scroll_offset.y), self.scrollable_content_region.width)
        if 0 <= index < self.count:
            self.post_message(self.Selected(self, index))


class BoardBox(VerticalScroll, can_focus=False):
    """Holds the board; not focusable, so the arrow keys stay the review's."""


class FittedLine(TextBlock):
    """One line given in several wordings, longest first (``update``): it shows
    the first that fits its width, else the last cropped (so a narrow review
    drops the round's total before it would cut the round off)."""

    def build(self, width: int) -> list[Text]:
        for line in self._data:
            if line.cell_len <= width:
                return [line.copy()]
        return super().build(width)[-1:]


class ReviewScreen(QuietTitles, OneLayout, Screen[None]):
    """Read-only replay of ``match``; ``c`` continues the game from the cursor.

    Args:
        match: the match to review (its moves are not changed unless the
            player confirms "continue from here").
        ply: where the cursor starts (default: the last decision).
    """

    # (styles here, parsed when review first opens, not at startup; at 80 columns the
    # board gets the 46 columns the game screen gives it, and its scrollbar's: 47)
    DEFAULT_CSS = """
    #review-body { height: 1fr; }
    #review-board-box { width: 1fr; min-width: 47; }
    #review-side { width: 1fr; min-width: 33; }
    #review-position { text-style: bold; color: $primary; width: 100%; height: 1; text-wrap: nowrap; }
    #review-log { height: 1fr; min-height: 5; border: round $primary 50%; }
    #review-changes { height: auto; color: $text; }
    #review-sparks { height: auto; }
    .spark-label { height: 1; width: 100%; text-wrap: nowrap; color: $text-muted; }
    ScoreSpark.spark { height: 1; margin-bottom: 0; }
    """
    # (the seat colours of the sparklines, $seat-1.., are in themes/lowlands.tcss:
    # only LowlandsApp's themes define those variables)

    # The footer shows the keys in this order and crops the rest at 80 columns:
    # a pair of keys is one entry, and Back, Quit and Continue come first.
    BINDINGS = [
        Binding("left", "step(-1)", "Step", key_display="←→", priority=True,
                tooltip="One decision back (Left) or forward (Right)"),
        Binding("right", "step(1)", "Fwd", show=False, priority=True),
        Binding("up", "turn(-1)", "Turn", key_display="↑↓", priority=True,
                tooltip="To the previous (Up) or next (Down) turn"),
        Binding("down", "turn(1)", "Turn", show=False, priority=True),
        Binding("b,escape", "back", "Back", tooltip="Back to the game (b or Escape)"),
        Binding("q", "app.quit", "Quit", tooltip="Quit Lowlands (the game is autosaved first)"),
        Binding("c", "continue_here", "Continue", tooltip="Continue from here: the game goes on from the decision shown"),
        # (a read-only review: not in the footer; c says why it cannot go on)
        Binding("c", "continue_refused", "Continue", show=False),
        Binding("home", "jump('start')", "Start/End", key_display="home/end", priority=True,
                tooltip="To the set-up (Home) or the last decision (End)"),
        Binding("end", "jump('end')", "End", show=False, priority=True),
        Binding("right_square_bracket", "panel(1)", "Panels", key_display="[ ]"),
        Binding("left_square_bracket", "panel(-1)", "Panels", show=False),
        Binding("question_mark", "help", "Help", show=False),
        Binding("m", "more", "More", show=False, tooltip="All of what the decision changed, in a dialog"),
    ]

    def __init__(self, match: Any, *, ply: int | None = None, read_only: str = "",
                 source: Any = None) -> None:
        super().__init__()
        self.match = match
        #: the file the match was read from (a Path), or None: named when ``c``
        #: continues it as a new game (the file itself is never written)
        self.source = source
        #: why this game may only be looked at ("" = it may be continued): a save
        #: broken at some move, or a game another Lowlands is playing
        self.read_only = read_only
        if not match.authority_here and not read_only:  # a networked table: its server owns it
            self.read_only = "This table is kept by the table server; only your own last decision can be taken back (u)."
        self.game = match.game
        self.names = [s.name for s in match.seats]
        self.labels = seat_labels(self.names)
        self.cursor = match.ply if ply is None else max(0, min(ply, match.ply))
        self._states: OrderedDict[int, Any] = OrderedDict()
        self._views: dict[int, Any] = {}
        self._tally_cache: dict[int, list[dict[str, float]]] = {}
        self._score_cache: dict[int, list[float]] = {}
        #: the moves the kept states, views and tallies follow from (``_load``)
        self._moves_seen: list[Any] = []
        self.board: Any = None
        # (what the keys need, the history and the turns, from the start: a key the app runs
        # before the screen is composed moves the cursor, which on_mount then shows)
        self._load()

    @property
    def viewer(self) -> int | None:
        """Whose private information the board shows: at a networked table the
        screen's own seat (as its game screen does; never another's); at one
        keyboard with one human seat (the others bots) that seat's, as it saw
        the game while playing; else nobody's (several humans looking)."""
        if not self.match.authority_here:
            return self.match.home_seat
        humans = [i for i, s in enumerate(self.match.seats) if s.kind != "bot"]
        return humans[0] if len(humans) == 1 else None

    # -- data -------------------------------------------------------------------
    #: how many decoded states review keeps (the cursor's and its neighbours')
    STATES_KEPT = 16

    def _load(self) -> None:
        self.history = history_for(self.match)
        self.history.sync()
        # what was worked out for the decisions the match still has (opened again
        # after decisions or undos) is kept: only what follows a changed move goes
        moves, seen = self.match.moves, self._moves_seen
        same = 0
        while same < len(moves) and same < len(seen) and moves[same] == seen[same]:
            same += 1
        self._moves_seen = list(moves)
        for kept in (self._states, self._views, self._tally_cache, self._score_cache):
            for ply in [p for p in kept if p > same]:
                del kept[ply]
        turns = self.history.turns
        #: the first decision of each turn (by the log's numbering)
        self._firsts = [k for k in range(1, len(turns) + 1) if k == 1 or turns[k - 1] != turns[k - 2]]

    def state(self, ply: int) -> Any:
        """The state after ``ply`` decisions, decoded when first needed (the
        last STATES_KEPT are kept)."""
        s = self._states.get(ply)
        if s is None:
            s = self._states[ply] = self.match.state_at(ply)
            if len(self._states) > self.STATES_KEPT:
                self._states.popitem(last=False)
        else:
            self._states.move_to_end(ply)
        return s

    def view(self, ply: int) -> Any:
        """``game.view`` of the state after ``ply`` decisions for ``viewer``, kept
        while that state is (a step back to it shows the very object the board
        drew before: its sections are not built again, ``Board.kept``)."""
        state = self.state(ply)
        kept = self._views.get(ply)
        if kept is None or kept[0] is not state:
            kept = self._views[ply] = (state, self.game.view(state, self.viewer))
            for old in [p for p in self._views if p not in self._states]:
                del self._views[old]
        return kept[1]

    def tallies(self, ply: int) -> list[dict[str, float]]:
        """``game.tallies`` of the state after ``ply`` decisions (computed when
        first needed: opening review does not score every state)."""
        t = self._tally_cache.get(ply)
        if t is None:
            t = self._tally_cache[ply] = self.game.tallies(self.state(ply))
        return t

    #: the sparklines draw at most this many points (evenly spaced plies, the
    #: last one always): a sparkline is at most about this many cells wide.
    SPARK_POINTS = 64

    def spark_plies(self) -> list[int]:
        """The plies whose scores the sparklines draw."""
        n = self.match.ply
        if n + 1 <= self.SPARK_POINTS:
            return list(range(n + 1))
        step = n / (self.SPARK_POINTS - 1)
        return sorted({round(k * step) for k in range(self.SPARK_POINTS - 1)} | {n})

    def log_line(self, index: int) -> str:
        """Line ``index`` of the move list: "   7. B Bob adds ..." (number, the
        mover's seat letter as on the boards and in the game's log, the
        description); line 0 is the set-up."""
        if index == 0:
            return f"{0:>4}. Set-up"
        letter = self.labels[self.match.movers[index - 1]].split(" ", 1)[0]
        return f"{index:>4}. {letter} {self.history.texts[index - 1]}"

    # -- compose -----------------------------------------------------------------
    def _make_board(self) -> Any:
        try:
            from tui.boards import board_for
        except ImportError:
            return None
        try:
            return board_for(self.game.id)(id="review-board")
        except Exception:  # noqa: BLE001 - fall back to the tallies view
            return None

    def compose(self) -> ComposeResult:
        self._load()
        yield TitleHeader()
        with Horizontal(id="review-body"):
            with BoardBox(id="review-board-box"):
                self.board = self._make_board()
                if self.board is not None:
                    yield self.board
                else:
                    yield Static("", id="review-tallies")
            with Vertical(id="review-side"):
                yield FittedLine(id="review-position")
                ascii_only = bool(getattr(self.app, "ascii", False))
                yield ReviewLog(self.match.ply + 1, self.log_line, highlighted=self.cursor,
                                mark=">" if ascii_only else "▶", id="review-log")
                yield ChangesText(id="review-changes")
                with Vertical(id="review-sparks"):
                    series, low, high = self._spark_series()
                    ascii = bool(getattr(self.app, "ascii", False))
                    # one line per seat, then one per player without a seat (the Gardener)
                    for line, name in enumerate(self.spark_labels()):
                        label = TextBlock(id=f"spark-label-{line}", classes="spark-label")
                        label.update([Text(name)])
                        yield label
                        yield ScoreSpark(series[line], low, high, ascii=ascii, id=f"spark-{line}",
                                         classes=f"spark seat-{line + 1}")
        yield KeyFooter()

    def other_scores(self, ply: int) -> list[tuple[str, float]]:
        """The scores of the players without a seat after ``ply`` decisions
        (``GameLabels.other_scores`` of the game's screen class: Windmill
        Valley's Gardener), ``[(name, score)]``; ``[]`` for a game without."""
        try:
            other_scores = game_screen_class(self.game.id).other_scores
        except (RuntimeError, AttributeError):  # (no screen class for this game)
            return []
        return other_scores(self.state(ply))

    def line_scores(self, ply: int) -> list[float]:
        """The score lines' figures after ``ply`` decisions, in the unit of
        ``score_key`` ("VP"): each seat's (``GameLabels.seat_scores`` of the
        game's screen class: the score so far, the game's final score once it is
        over), then each player's without a seat (``other_scores``); ``[]``
        when the game's tallies have no score. Worked out once per decision, as
        the tallies are (opened again, review decodes no state for them)."""
        kept = self._score_cache.get(ply)
        if kept is not None:
            return kept
        tallies = self.tallies(ply)
        if score_key(tallies) is None:
            return []
        try:
            seats = game_screen_class(self.game.id).seat_scores(self.game, self.state(ply), tallies)
        except (RuntimeError, AttributeError):  # (no screen class for this game: the tallies)
            key = score_key(tallies)
            seats = [float(t.get(key, 0)) for t in tallies]
        kept = self._score_cache[ply] = list(seats) + [v for _n, v in self.other_scores(ply)]
        return kept

    def score_line_changes(self, ply: int, ascii: bool = False) -> list[str]:
        """What decision ``ply`` changed in the score lines that ``tally_changes``
        does not say: each player's without a seat ("G Gardener: VP 54 -> 89
        (+35)"), and each seat's final score where the game's scoring adds to
        its tally ("A Ann: final score VP 132")."""
        key = score_key(self.tallies(ply))
        if key is None or ply <= 0:
            return []
        names = self.spark_labels()
        seats = len(self.names)
        before, after = self.line_scores(ply - 1), self.line_scores(ply)
        lines = []
        for seat in range(min(seats, len(after))):
            tally = float(self.tallies(ply)[seat].get(key, 0))
            if after[seat] != tally and after[seat] != before[seat]:
                lines.append(f"{names[seat]}: final score {key} {_num(after[seat], ascii)}")
        others = [({key: b}, {key: a}) for b, a in zip(before[seats:], after[seats:])]
        lines += tally_changes([b for b, _a in others], [a for _b, a in others], names[seats:], ascii)
        return lines

    def spark_labels(self) -> list[str]:
        """The score lines' names: each seat's ("A Ann"), then each player's
        without a seat, lettered as the boards letter them ("G Gardener")."""
        others = [name for name, _score in self.other_scores(0)]
        return seat_labels(self.names + others)

    def _spark_series(self) -> tuple[list[list[float]], float, float]:
        """Each seat's score at ``spark_plies()``, then each player's without a
        seat (``other_scores``), and the common low and high."""
        key = score_key(self.tallies(0))
        plies = self.spark_plies() if key else []
        lines = len(self.names) + len(self.other_scores(0))
        scores = [self.line_scores(p) for p in plies]
        series = [[float(at[k]) for at in scores] if key else [0.0] for k in range(lines)]
        values = [v for row in series for v in row] or [0.0]
        return series, min(0.0, min(values)), max(values)

    #: whether on_mount has run: the widgets composed are mounted, those of the
    #: containers too (Textual mounts them before the screen's Mount)
    _widgets_mounted = False

    @property
    def drawable(self) -> bool:
        """Whether the screen's widgets are there to draw into: from ``on_mount``
        until the screen is being removed. A screen is pushed at once but
        composed and mounted by its own task: a priority key (the arrows, Home,
        End) run by the app as it arrives, right behind the push, came while
        its containers were still mounting what they hold; and a screen
        popped (removed) before it is mounted mounts none of them (Textual's
        ``Widget.mount`` skips a node closing or being pruned, the test here).
        Until then the keys move ``cursor`` only, and ``on_mount`` shows it."""
        return self._widgets_mounted and not (self._closing or self._closed or self._pruning)

    def on_mount(self) -> None:
        if self._closing or self._closed or self._pruning:
            return  # (popped before it was mounted: nothing of it is there to draw, nor shown)
        self._widgets_mounted = True
        self._mounted_at = self.match.ply
        # (made ahead, warm_review, the match may have changed before the mount: an undo
        # left the cursor past its last decision)
        self.cursor = max(0, min(self.cursor, self.match.ply))
        self.show_cursor()
        if not self.is_current:  # built ahead (warm_review): laid out once mounted, and
            # again once what the first layout set off (widgets drawing for their new
            # size) has settled
            self.call_later(self._lay_out_ahead)
            self.set_timer(0.3, self._lay_out_ahead)

    def _style_key(self) -> tuple[Any, ...]:
        """What the styles of this screen's widgets follow from the app: its
        CSS (a new theme bumps Textual's update count; new CSS is a new list of
        rules) and its classes (dark or light mode, the theme's)."""
        app = self.app
        return (app._css_update_count, app.stylesheet.rules, frozenset(app.classes))

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        # (runs before Screen's, which restyles every widget when
        # ``refresh_styles``: needed only if the app's styles changed since
        # this screen's widgets were styled, e.g. another theme)
        key = self._style_key()
        if event.refresh_styles and getattr(self, "_styled", None) == key:
            event.refresh_styles = False
        self._styled = key

    def _lay_out_ahead(self) -> None:
        """Off the screen stack (built ahead by ``warm_review``, or brought up to
        date by ``reopen`` before it is pushed): lay the screen out now, if it
        was not at this size or something asked for a layout since, so that
        showing it is one repaint (Textual lays out a resumed screen only when
        its size changed, and a layout asked for later would cost a frame of
        its own)."""
        if self.is_current or not self.is_attached:
            return
        if getattr(self, "_styled", None) is None:  # (styled as it mounted)
            self._styled = self._style_key()
        size = self.app.size
        if self._settle_requests() or self._one_layout_size != size or self._layout_required \
                or self.__dict__.get("_one_after"):  # (a board's scroll after the layout)
            self._laid_out_at = _time.get_time()
            self._refresh_layout(size)
            if not self._drawn_ahead:  # built ahead: drawn too (not shown), so each
                # widget's lines are cached and the first frame draws only what changed
                self._drawn_ahead = True
                self._compositor.render_update(full=True)

    #: whether ``_lay_out_ahead`` has drawn the screen (once, when built ahead)
    _drawn_ahead = False

    #: when ``_lay_out_ahead`` last laid the screen out (Textual's clock)
    _laid_out_at = float("-inf")

    def _on_layout(self, message: Message) -> None:
        # A widget's request for a layout reaches the screen as a message at
        # the widget's next idle: one asked before the layout done ahead was
        # met by it (a layout places every widget), and would cost the first
        # frame shown a layout of its own.
        if message.time <= self._laid_out_at:
            message.stop()
            message.prevent_default()  # (not Screen's handler)

    def reopen(self, ply: int | None = None) -> None:
        """Show the match as it is now, the cursor at ``ply`` (default: the last
        decision): for a kept screen (``review_screen``) opened again after
        decisions or undos; nothing is composed again."""
        self.cursor = self.match.ply if ply is None else max(0, min(ply, self.match.ply))
        if not self.drawable:
            return  # on_mount shows it
        self._load()
        log = self.query_one("#review-log", ReviewLog)
        log.set_count(self.match.ply + 1)
        series, low, high = self._spark_series()
        for seat, spark in enumerate(self.query(ScoreSpark)):
            spark.set_data(series[seat], low, high)
        self.show_cursor()
        self._lay_out_ahead()

    # -- showing -----------------------------------------------------------------
    def turn_of(self, ply: int) -> int:
        """Turn number of decision ``ply`` as the game's log numbers it (0: the set-up)."""
        return self.history.turns[ply - 1] if ply > 0 else 0

    def turn_count(self) -> int:
        """How many turns the log numbers (the last decision's turn)."""
        return self.history.turns[-1] if self.history.turns else 0

    def rounds_at(self, ply: int) -> tuple[str, int, int] | None:
        """The game's own round decision ``ply`` was made in (the set-up's, for
        0), as its turn (``turn_of``) is the turn it was made in, and the last
        one so far (``GameLabels.round_of`` of the game's screen class):
        ``("round", 12, 12)``; the number 0 during the set-up; None for a game
        played in turns only (Gift of Tulips). (Read after the decision, the
        last decision of a round gave the next round: Windmill Valley solo,
        decision 100 "turn 15 · round 13", 101 "turn 15 · round 14", one turn
        in two rounds, where the Gardener's card after Ann's turn ends it.)"""
        try:
            round_of = game_screen_class(self.game.id).round_of
        except (RuntimeError, AttributeError):  # (no screen class for this game)
            return None
        at, last = round_of(self.state(max(0, ply - 1))), round_of(self.match.state)
        if at is None or last is None:
            return None
        return at[0], at[1], last[1]

    def _turn_firsts(self) -> list[int]:
        """The first decision of each turn (by the log's numbering)."""
        return self._firsts

    def show_cursor(self) -> None:
        """Redraw board, log mark, changes and labels for the cursor; nothing
        while the screen is not ``drawable`` (``on_mount`` draws it)."""
        if not self.drawable:
            return
        i = self.cursor
        total = self.match.ply
        head = "Review (read-only)" if self.read_only else "Review"
        # turns as the log numbers them (each player's turn); the game's rounds beside them, so that
        # "turn 17/17" and a board's "it ended after round 15" are told apart
        # (wordings longest first: the position line shows the first that fits its width)
        rounds = self.rounds_at(i)
        if i == 0:
            self.sub_title = f"{head} · set-up · {plural(total, 'decision')}"
            position = f"Set-up, {plural(total, 'decision')}, {plural(self.turn_count(), 'turn')}"
            wordings = [position]
            if rounds is not None and rounds[2]:
                wordings.insert(0, f"{position} in {plural(rounds[2], rounds[0])}")
        else:
            at = ""
            if rounds is not None:
                word, n, last = rounds
                at = f"{word} {n}" if n else f"before {word} 1"
            self.sub_title = f"{head} · Decision {i}/{total} · turn {self.turn_of(i)}" + (f" · {at}" if at else "")
            figures = f"{i}/{total}, turn {self.turn_of(i)}/{self.turn_count()}"
            position = f"Decision {figures}"
            wordings = [position]
            if at:  # (as the sub-title says; at 80 columns every figure without the
                # word "Decision", which the header and the list's numbers give)
                every = f"{figures}, {at}/{last}" if n else f"{figures}, {at}"
                wordings[:0] = [f"Decision {every}", f"Dec. {every}", every,
                                f"Decision {i}/{total}, turn {self.turn_of(i)}, {at}",
                                f"{i}/{total}, turn {self.turn_of(i)}, {at}"]
        self._set_label("#review-position", *wordings)
        ascii = bool(getattr(self.app, "ascii", False))
        if self.board is not None:
            try:
                self.board.show(self.game, self.view(i), viewer=self.viewer, seats=self.names, targets=())
            except Exception as e:  # noqa: BLE001
                self.notify(f"The board could not be drawn: {e}", severity="error")
            if self.board.has_panels != getattr(self, "_had_panels", None):  # "[ ] Panels" comes or goes
                self._had_panels = self.board.has_panels
                self.refresh_bindings()
        else:
            rows = []
            for seat, t in enumerate(self.tallies(i)):
                parts = ", ".join(f"{k} {_num(v, ascii)}" for k, v in t.items())
                rows.append(f"{self.labels[seat]}: {parts}")
            self.query_one("#review-tallies", Static).update(Content("\n".join(rows)))
        self.query_one("#review-log", ReviewLog).move_highlight(i)
        if i == 0:
            changes = ["The set-up, before the first decision."]
        else:
            mover = self.match.movers[i - 1]
            said = self.history.texts[i - 1]
            own = f"{self.names[mover]}: "  # (a PickGame's words begin "Bob: ...": said once)
            changes = [f"Decided by {self.labels[mover]}: {said[len(own):] if said.startswith(own) else said}"]
            changes += (tally_changes(self.tallies(i - 1), self.tallies(i), self.labels, ascii)
                        + self.score_line_changes(i, ascii)) or ["No score changed."]
        self._show_changes(changes)
        key = score_key(self.tallies(i))
        names = self.spark_labels()
        scores = self.line_scores(i)
        for line, name in enumerate(names):
            now = _num(scores[line], ascii) if key else ""
            self._set_label(f"#spark-label-{line}", f"{name}  {key or ''} {now}")

    def _set_label(self, selector: str, *texts: str) -> None:
        """Write ``texts`` into the one-line TextBlock ``selector`` (no screen
        layout: one line, as before), repainting only the cells that changed
        (a step leaves most seats' scores as they were; "Decision 262/263"
        changes three digits), each line's Strip kept (a step back draws it
        from what it kept). Several ``texts``: wordings, longest first, of a
        FittedLine (it shows the first that fits)."""
        shown = self.__dict__.setdefault("_labels_shown", {})
        if shown.get(selector) != texts:
            shown[selector] = texts
            self.query_one(selector, TextBlock).update([Text(t) for t in texts])

    def _show_changes(self, lines: list[str]) -> None:
        self.query_one("#review-changes", ChangesText).update(lines)

    def action_more(self) -> None:
        """m: what the decision at the cursor changed, all of it (the box under
        the board shows its first lines, "… N more lines")."""
        from tui.screens.dialogs import MessageDialog

        if not self.drawable:  # (nothing shown yet, or no longer)
            return
        lines = self.query_one("#review-changes", ChangesText)._data
        self.app.push_screen(MessageDialog("\n".join(lines), title=f"Decision {self.cursor}"))

    def move_to(self, ply: int) -> None:
        self.cursor = max(0, min(ply, self.match.ply))
        self.show_cursor()

    # -- actions -------------------------------------------------------------------
    #: The keys that switch the board's panels here (the arrows step through the game).
    PANEL_KEYS = "[ ]"

    def action_panel(self, delta: int) -> None:
        """Show the board's previous / next panel (boards folded into pages)."""
        if self.board is not None:
            self.board.switch_panel(delta)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "panel":  # offered (and in the footer) only while the board has pages
            return bool(self.board is not None and self.board.has_panels)
        if action == "continue_here":  # a read-only review (its header says so) offers no c
            return not self.read_only
        if action == "continue_refused":
            return bool(self.read_only)
        return super().check_action(action, parameters)

    def action_step(self, delta: int) -> None:
        self.move_to(self.cursor + delta)

    def action_turn(self, delta: int) -> None:
        starts = self._turn_firsts()
        if delta < 0:
            earlier = [s for s in starts if s < self.cursor]
            self.move_to(earlier[-1] if earlier else 0)
        else:
            later = [s for s in starts if s > self.cursor]
            self.move_to(later[0] if later else self.match.ply)

    def action_jump(self, where: str) -> None:
        self.move_to(0 if where == "start" else self.match.ply)

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self.game.id))

    @on(ReviewLog.Selected, "#review-log")
    def _clicked(self, event: ReviewLog.Selected) -> None:
        event.stop()
        if event.index != self.cursor:
            self.move_to(event.index)

    def action_continue_refused(self) -> None:
        """c in a read-only review: say why the game cannot go on from here."""
        self.action_continue_here()

    @work(exclusive=True, group="review-continue")
    async def action_continue_here(self) -> None:
        from tui.screens.dialogs import ConfirmDialog, MessageDialog

        if self.read_only:
            self.app.push_screen(MessageDialog(f"{self.read_only}\n\nThis review is read-only: "
                                               "the game cannot be continued from here.",
                                               title="Read-only review"))
            return
        dropped = self.match.ply - self.cursor
        later = "decision" if dropped == 1 else "decisions"
        live = self._live_game_below()
        if not live:  # a file or a finished game: never written, a new game instead
            kept = f"{self.source.name} stays as it is" if self.source is not None else "the saved game stays as it is"
            question = (f"Continue from decision {self.cursor} as a new game; {kept}."
                        + (f" The new game leaves out the {dropped} later {later}." if dropped > 0 else ""))
        elif dropped > 0:
            question = f"Continue the game from decision {self.cursor}? The {dropped} later {later} will be dropped."
        else:
            question = ""
        if question:
            ok = await self.app.push_screen_wait(
                ConfirmDialog(question, yes="Continue from here", no="Keep reviewing", title="Continue from here"))
            if not ok:
                return
        if not live:  # its own id: its own autosave, beside the file it came from
            from saves import fork

            fork(self.match)
            self.source = None
            getattr(self.app, "read_only_matches", set()).discard(self.match)  # a game now: autosaved
        if dropped > 0:
            self.match.continue_from(self.cursor)
        if dropped > 0 or not live:
            self._autosave()
        self._return_to_game()

    def _live_game_below(self) -> bool:
        """True if this match's game screen is on the stack below (review of the
        game being played here), False for a match read from a file."""
        return any(getattr(s, "match", None) is self.match and is_game_screen(s)
                   for s in self.app.screen_stack)

    def _autosave(self) -> None:
        data_dir = getattr(self.app, "data_dir", None)
        if data_dir is None:
            return
        try:
            from tui.autosaver import save_now

            save_now(self.match, data_dir)  # after any background save of the longer game
        except Exception as e:  # noqa: BLE001 - SaveError or saves missing
            self.notify(f"Autosave failed: {e}", severity="error")

    def _return_to_game(self) -> None:
        """Back to this match's game screen (opening one if there is none below).

        The other screens of this match above it (review, game over) are
        popped or replaced; review imports neither the game screen nor the
        game-over screen (they import review)."""
        stack = self.app.screen_stack
        for i in range(len(stack) - 2, -1, -1):
            s = stack[i]
            if getattr(s, "match", None) is self.match and is_game_screen(s):
                for _ in range(len(stack) - 1 - i):
                    self.app.pop_screen()
                return
        # opened from a file: replace this match's review / game-over screens by its game
        k = 0
        while (
            k < len(stack) - 1
            and not is_game_screen(stack[-1 - k])
            and getattr(stack[-1 - k], "match", None) is self.match
        ):
            k += 1
        try:
            screen = screen_for(self.match, data_dir=self.app.data_dir, curtain=getattr(self.app, "curtain", False))  # type: ignore[attr-defined]
        except RuntimeError as e:
            self.notify(str(e), severity="error")
            return
        for _ in range(k - 1):
            self.app.pop_screen()
        self.app.switch_screen(screen)


#: the name under which the app keeps its review screen (``review_screen``)
KEPT_NAME = "lowlands-review"


def review_screen(app: Any, match: Any, ply: int | None = None) -> ReviewScreen:
    """The review screen to push for ``match``: the one the app keeps for it
    (installed under KEPT_NAME), brought up to date with ``reopen``, else a new
    one, kept from now on (replacing the one kept for another match when that
    is not on the screen stack). Opening review again costs a repaint, not
    composing and laying out a whole screen."""
    kept = app.get_screen(KEPT_NAME) if app.is_screen_installed(KEPT_NAME) else None
    if isinstance(kept, ReviewScreen) and kept.match is match and not kept.read_only \
            and kept not in app.screen_stack:
        kept.reopen(ply)
        return kept
    if kept is not None:
        if isinstance(kept, Screen) and kept in app.screen_stack:
            return ReviewScreen(match, ply=ply)  # (not expected: review over review)
        app.uninstall_screen(KEPT_NAME)
        if isinstance(kept, Screen) and kept.is_running:
            kept.remove()  # (Textual removes a screen when popped only if not installed)
    screen = ReviewScreen(match, ply=ply)
    app.install_screen(screen, KEPT_NAME)
    return screen


def warm_review(app: Any, match: Any) -> ReviewScreen | None:
    """Build the review screen of ``match`` ahead of time (the game screen calls
    this when idle, after it has painted): made, kept (``review_screen``) and
    composed and mounted off the screen stack, so that the first ``r`` costs a
    repaint, as opening review again does, not composing, styling and laying
    out some hundred widgets. Returns the kept screen, or None when there is
    nothing to warm: a networked table (its review is read-only, made anew
    each time), or a review of this match already kept. Draws nothing."""
    if not match.authority_here or not getattr(app, "is_running", False):
        return None
    kept = app.get_screen(KEPT_NAME) if app.is_screen_installed(KEPT_NAME) else None
    if isinstance(kept, ReviewScreen) and kept.match is match:
        return None
    if kept is not None and kept in app.screen_stack:
        return None
    screen = review_screen(app, match)
    if not screen.is_running:
        # (what App.push_screen does for a screen that is not running yet:
        # register it, which starts it; it composes and mounts its widgets)
        app._register(app, screen)
    return screen

