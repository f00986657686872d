"""Review: step through a match decision by decision without touching the live game.

Keys: Left/Right one decision, Up/Down to the first decision of the previous /
next turn (turns numbered as in the game's log and the record: a new number
whenever ``game.turn`` of the state before a decision changes),
Home/End the set-up / the last decision, ``c`` continue from here (after a
confirmation it drops every later decision: ``match.continue_from``), Escape back.
The board shows the state at the cursor (public view); the log marks the move
at the cursor and says what it changed (``game.tallies`` before vs after); one
ScoreSpark per seat draws its score over the whole match, every seat on one
common scale (so 6 VP against 60 VP draws low).
"""

from __future__ import annotations

from typing import Any

import textwrap

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from tui.chrome import KeyFooter, QuietTitles, TitleHeader
from tui.screens import is_game_screen, screen_for, seat_labels
from tui.widgets.base import DataWidget


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


def turn_numbers(game: Any, states: list[Any]) -> list[int]:
    """Turn number of each decision as the game's log and the record number it:
    ``result[k]`` for decision k (1..len(states)-1) counts the changes of
    ``game.turn`` over the states before decisions 1..k, starting at 1;
    ``result[0]`` (the set-up) is 0. ``states[i]`` is the state after i decisions."""
    out = [0]
    prev: Any = None
    number = 0
    for k in range(1, len(states)):
        t = game.turn(states[k - 1])
        if k == 1 or t != prev:
            number += 1
            prev = t
        out.append(number)
    return out


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
    a hanging indent. Its height (hence a screen layout) changes only when the
    number of wrapped lines does, not on every step."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._data = ()

    def update(self, lines: list[str]) -> None:
        self._set(tuple(lines))

    def build(self, width: int) -> list[Text]:
        out: list[Text] = []
        for line in self._data:
            for n, chunk in enumerate(textwrap.wrap(line, max(8, width - 2)) or [""]):
                out.append(Text((" " if n == 0 else "   ") + chunk))
        return out


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


class _OneLine(Content):
    """A log line: one row (cut with an ellipsis, never wrapped), so the list
    need not wrap every line of a long match to know its height."""

    def get_height(self, rules: Any, width: int) -> int:
        return 1


class ReviewLog(OptionList, can_focus=False):
    """The move list; the screen drives the highlight (clicks jump there)."""

    DEFAULT_CSS = """
    ReviewLog { text-wrap: nowrap; text-overflow: ellipsis; }
    """


class BoardBox(VerticalScroll, can_focus=False):
    """Holds the board; not focusable, so the arrow keys stay the review's."""


class ReviewScreen(QuietTitles, Screen[None]):
    """Read-only replay of ``match``; ``c`` continues the game from the cursor.

    Args:
        match: the match to review (its moves are not changed unless the
            player confirms "continue from here").
        ply: where the cursor starts (default: the last decision).
    """

    # (styles here, parsed when review first opens, not at startup)
    DEFAULT_CSS = """
    #review-body { height: 1fr; }
    #review-board-box { width: 1fr; min-width: 46; }
    #review-side { width: 1fr; min-width: 34; }
    #review-position { text-style: bold; color: $primary; width: 100%; height: 1; text-wrap: nowrap; }
    #review-log { height: 1fr; min-height: 5; border: round $primary 50%; }
    #review-changes { height: auto; max-height: 6; color: $text; }
    #review-sparks { height: auto; }
    .spark-label { height: 1; width: 100%; text-wrap: nowrap; color: $text-muted; }
    ScoreSpark.spark { height: 1; margin-bottom: 0; }
    """
    # (the seat colours of the sparklines, $seat-1.., are in themes/lowlands.tcss:
    # only LowlandsApp's themes define those variables)

    BINDINGS = [
        Binding("left", "step(-1)", "Back", key_display="←", priority=True),
        Binding("right", "step(1)", "Fwd", key_display="→", priority=True),
        Binding("up", "turn(-1)", "Turn", key_display="↑", priority=True),
        Binding("down", "turn(1)", "Turn", key_display="↓", priority=True),
        Binding("home", "jump('start')", "Start", priority=True),
        Binding("end", "jump('end')", "End", priority=True),
        Binding("c", "continue_here", "Continue from here"),
        Binding("escape", "back", "Close"),
        Binding("question_mark", "help", "Help", show=False),
    ]

    def __init__(self, match: Any, *, ply: int | None = None, read_only: str = "") -> None:
        super().__init__()
        self.match = match
        #: why this game may only be looked at ("" = it may be continued): a save
        #: broken at some move, or a game another Lowlands is playing
        self.read_only = read_only
        self.game = match.game
        self.names = [s.name for s in match.seats]
        self.labels = seat_labels(self.names)
        self.cursor = match.ply if ply is None else max(0, min(ply, match.ply))
        self._states: list[Any] = []
        self._tally_cache: dict[int, list[dict[str, float]]] = {}
        self._turn_starts: list[int] = []
        self.board: Any = None

    # -- data -------------------------------------------------------------------
    def _load(self) -> None:
        m = self.match
        self._states = [m.state_at(i) for i in range(m.ply + 1)]
        self._tally_cache = {}
        self._turn_starts = m.turn_starts()
        self._turn_no = turn_numbers(self.game, self._states)

    def tallies(self, ply: int) -> list[dict[str, float]]:
        """``game.tallies`` of the state after ``ply`` decisions (computed when
        first needed: opening review does not score every state)."""
        t = self._tally_cache.get(ply)
        if t is None:
            t = self._tally_cache[ply] = self.game.tallies(self._states[ply])
        return t

    #: the sparklines draw at most this many points (evenly spaced plies, the
    #: last one always): a sparkline is a few dozen cells wide.
    SPARK_POINTS = 160

    def spark_plies(self) -> list[int]:
        """The plies whose scores the sparklines draw."""
        n = self.match.ply
        if n + 1 <= self.SPARK_POINTS:
            return list(range(n + 1))
        step = n / (self.SPARK_POINTS - 1)
        return sorted({round(k * step) for k in range(self.SPARK_POINTS - 1)} | {n})

    def _log_lines(self) -> list[str]:
        """The move list: "   7. B Bob adds ..." (number, the mover's seat letter
        as on the boards and in the game's log, the description)."""
        lines = [f"{0:>4}. Set-up"]
        self._texts = [""]
        letters = [label.split(" ", 1)[0] for label in self.labels]
        for i, move in enumerate(self.match.moves):
            try:
                text = self.game.describe(self._states[i], move)
            except Exception:  # noqa: BLE001 - a describe bug must not stop review
                text = self.game.notation(move)
            self._texts.append(text)
            lines.append(f"{i + 1:>4}. {letters[self.match.movers[i]]} {text}")
        return lines

    def _log_prompt(self, index: int, marked: bool) -> Content:
        """Log line ``index``; the one at the cursor starts with a mark."""
        mark = (">" if getattr(self.app, "ascii", False) else "▶") if marked else " "
        return _OneLine(f"{mark}{self._log_texts[index]}")

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
                yield Label("", id="review-position")
                self._log_texts = self._log_lines()
                self._marked: int | None = None
                yield ReviewLog(*[Option(self._log_prompt(n, False)) for n in range(len(self._log_texts))], id="review-log")
                yield ChangesText(id="review-changes")
                with Vertical(id="review-sparks"):
                    key = score_key(self.tallies(0))
                    plies = self.spark_plies() if key else []
                    series = [
                        [float(self.tallies(p)[seat].get(key, 0)) for p in plies] if key else [0.0]
                        for seat in range(len(self.names))
                    ]
                    values = [v for row in series for v in row] or [0.0]
                    low, high = min(0.0, min(values)), max(values)
                    ascii = bool(getattr(self.app, "ascii", False))
                    for seat, name in enumerate(self.names):
                        yield Label(Content(self.labels[seat]), id=f"spark-label-{seat}", classes="spark-label")
                        yield ScoreSpark(series[seat], low, high, ascii=ascii, id=f"spark-{seat}",
                                         classes=f"spark seat-{seat + 1}")
        yield KeyFooter()

    def on_mount(self) -> None:
        if getattr(self.app, "ascii", False):  # no "…" under --ascii: cut the log lines
            self.query_one("#review-log", ReviewLog).styles.text_overflow = "clip"
        self.show_cursor()

    # -- showing -----------------------------------------------------------------
    def turn_of(self, ply: int) -> int:
        """Turn number of decision ``ply`` as the game's log numbers it (0: the set-up)."""
        return self._turn_no[ply]

    def turn_count(self) -> int:
        """How many turns the log numbers (the last decision's turn)."""
        return self._turn_no[-1]

    def _turn_firsts(self) -> list[int]:
        """The first decision of each turn (by the log's numbering)."""
        t = self._turn_no
        return [k for k in range(1, len(t)) if t[k] != t[k - 1]]

    def show_cursor(self) -> None:
        """Redraw board, log mark, changes and labels for the cursor."""
        i = self.cursor
        state = self._states[i]
        total = self.match.ply
        head = "Review (read-only)" if self.read_only else "Review"
        if i == 0:
            self.sub_title = f"{head} · set-up · {total} decisions"
            position = f"Set-up, {total} decisions, {self.turn_count()} turns"
        else:
            self.sub_title = f"{head} · decision {i} of {total} · turn {self.turn_of(i)}"
            position = f"Decision {i}/{total}, turn {self.turn_of(i)}/{self.turn_count()}"
        self.query_one("#review-position", Label).update(Content(position), layout=False)
        ascii = bool(getattr(self.app, "ascii", False))
        if self.board is not None:
            try:
                self.board.show(self.game, self.game.view(state, None), viewer=None, seats=self.names, targets=())
            except Exception as e:  # noqa: BLE001
                self.notify(f"The board could not be drawn: {e}", severity="error")
        else:
            rows = []
            for seat, t in enumerate(self.tallies(i)):
                parts = ", ".join(f"{k} {_num(v, ascii)}" for k, v in t.items())
                rows.append(f"{self.labels[seat]}: {parts}")
            self.query_one("#review-tallies", Static).update(Content("\n".join(rows)))
        log = self.query_one("#review-log", ReviewLog)
        if self._marked != i:  # a mark that needs no colour (NO_COLOR)
            if self._marked is not None:
                log.replace_option_prompt_at_index(self._marked, self._log_prompt(self._marked, False))
            log.replace_option_prompt_at_index(i, self._log_prompt(i, True))
            self._marked = i
        log.highlighted = i
        log.scroll_to_highlight()
        if i == 0:
            changes = ["The set-up, before the first decision."]
        else:
            mover = self.match.movers[i - 1]
            changes = [f"Decided by {self.labels[mover]}: {self._texts[i]}"]
            changes += tally_changes(self.tallies(i - 1), self.tallies(i), self.labels, ascii) or ["No score changed."]
        self._show_changes(changes)
        key = score_key(self.tallies(i))
        for seat, name in enumerate(self.names):
            now = _num(self.tallies(i)[seat].get(key, 0), ascii) if key else ""
            # one line of fixed size: no screen layout
            self.query_one(f"#spark-label-{seat}", Label).update(
                Content(f"{self.labels[seat]}  {key or ''} {now}"), layout=False)

    def _show_changes(self, lines: list[str]) -> None:
        self.query_one("#review-changes", ChangesText).update(lines)

    def move_to(self, ply: int) -> None:
        self.cursor = max(0, min(ply, self.match.ply))
        self.show_cursor()

    # -- actions -------------------------------------------------------------------
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

    @on(OptionList.OptionSelected, "#review-log")
    def _clicked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_index != self.cursor:
            self.move_to(event.option_index)

    @work(exclusive=True, group="review-continue")
    async def action_continue_here(self) -> None:
        from tui.screens.dialogs import ConfirmDialog, MessageDialog

        if self.read_only:
            self.app.push_screen(MessageDialog(f"{self.read_only}\n\nThis review is read-only: "
                                               "the game cannot be continued from here.",
                                               title="Read-only review"))
            return
        dropped = self.match.ply - self.cursor
        if dropped > 0:
            later = "decision" if dropped == 1 else "decisions"
            ok = await self.app.push_screen_wait(
                ConfirmDialog(
                    f"Continue the game from decision {self.cursor}? The {dropped} later {later} will be dropped.",
                    yes="Continue from here",
                    no="Keep reviewing",
                    title="Continue from here",
                )
            )
            if not ok:
                return
            self.match.continue_from(self.cursor)
            self._autosave()
        self._return_to_game()

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
