"""Game over: every player's score sheet by category, the winner(s), what next.

Keys: ``r`` review the match, ``n`` new game (same table), ``l`` launcher,
``q`` quit, ``b`` (or Escape) back to the final board; PgUp / PgDn scroll the
game's end-of-game lines when they do not all fit (``GameOverScreen.fit_epilogue``:
the title, the winners, the whole score table and the buttons always show, at
80x24 too).
"""

from __future__ import annotations

from time import time
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.css.scalar import Unit
from textual.screen import Screen
from textual.widgets import Button, DataTable, Static

from tui.chrome import KeyFooter, QuietTitles, TitleHeader
from tui.screens import seat_labels
from tui.screens.review import review_screen


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def epilogue_lines(match: Any) -> list[str]:
    """The game's own end-of-game lines (``Game.epilogue(state)``), e.g. Windmill
    Valley solo: "The Gardener scores 75 VP and wins (Sol 12 VP)"; [] when the
    game has none (or does not provide ``epilogue``)."""
    epilogue = getattr(match.game, "epilogue", None)
    if epilogue is None:
        return []
    try:
        return [str(line) for line in epilogue(match.state)]
    except Exception:  # noqa: BLE001 - a game's epilogue bug must not hide the scores
        return []


def winners_text(match: Any) -> str:
    """"B Bob wins with 45 VP.", "Shared win: A Ann and C Cy, 40 VP each." or,
    when ``winners()`` is empty, "No player wins."; a solo player who did not win
    gets their score, "A Ann scores 71.5 VP." (the game's epilogue lines, shown
    below it, tell the target and rank, or who or what won)."""
    game, state = match.game, match.state
    sheets = {s.seat: s for s in game.scores(state)}
    wins = game.winners(state)
    labels = seat_labels([s.name for s in match.seats])
    if not wins and len(match.seats) == 1:
        return f"{labels[0]} scores {_num(sheets[0].total)} VP."
    if not wins:
        return "No player wins."
    if len(wins) == 1:
        w = wins[0]
        return f"{labels[w]} wins with {_num(sheets[w].total)} VP."
    who = ", ".join(labels[w] for w in wins[:-1]) + f" and {labels[wins[-1]]}"
    return f"Shared win: {who}, {_num(sheets[wins[0]].total)} VP each."


class EpilogueBox(VerticalScroll):
    """The box of the end-of-game lines (``GameOverScreen.fit_epilogue``): when
    its size or its lines' height changes (Textual's Resize), the screen's
    footer looks again whether to offer PgDn (it did so only after the box's
    last fit, which a slow layout could come after: the footer then missed
    "PgDn More" while the lines scrolled)."""

    def on_resize(self) -> None:
        self.screen.refresh_bindings()


class GameOverScreen(QuietTitles, Screen[None]):
    """The final scores of ``match`` as a DataTable (categories x players)."""

    # (styles here, parsed when the game ends, not at startup)
    DEFAULT_CSS = """
    #game-over-body { padding: 1 2; }
    #game-over-title { text-style: bold; color: $primary; }
    #winners { text-style: bold; margin: 1 0 0 0; }
    #epilogue-box { height: auto; scrollbar-size-vertical: 1; }
    #epilogue { height: auto; }
    #score-table { height: auto; max-height: 1fr; margin-top: 1; margin-bottom: 1; }
    .form-buttons { height: auto; margin-top: 1; }
    .form-buttons Button { margin-right: 2; }
    """

    BINDINGS = [
        Binding("r", "review", "Review"),
        Binding("n", "new_game", "New game"),
        Binding("l", "launcher", "Launcher"),
        Binding("b,escape", "back", "Final board", tooltip="The final board (b or Escape)"),
        # the end-of-game lines, when they do not all fit (shown in the footer only then;
        # before the score table's own PgUp / PgDn: the table is shown whole)
        Binding("pagedown", "scroll_epilogue(1)", "More", key_display="PgDn", priority=True,
                tooltip="Scroll the end-of-game lines (PgUp / PgDn)"),
        Binding("pageup", "scroll_epilogue(-1)", "More", show=False, priority=True),
        Binding("question_mark", "help", "Help", show=False),
    ]

    def __init__(self, match: Any) -> None:
        super().__init__()
        self.match = match
        #: toasts raised before this time (Unix seconds; set when the screen opens),
        #: errors apart, are not shown while it is on top (LowlandsApp._on_notify)
        self.quiet_before: float | None = None

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        with Vertical(id="game-over-body"):
            yield Static(Content(f"{self.match.game.title}: game over"), id="game-over-title")
            yield Static(Content(winners_text(self.match)), id="winners")
            lines = epilogue_lines(self.match)
            if lines:  # (in a box that gives up rows to the table and buttons: fit_epilogue)
                with EpilogueBox(id="epilogue-box", can_focus=False):
                    yield Static(Content("\n".join(lines)), id="epilogue")
            yield DataTable(id="score-table", cursor_type="row", zebra_stripes=True)
            with Horizontal(classes="form-buttons"):
                yield Button("Review (r)", id="btn-review", compact=True)
                if self.match.authority_here:  # a networked table: new tables are made in the lobby
                    yield Button("New game (n)", id="btn-new_game", compact=True)
                yield Button("Launcher (l)" if self.match.authority_here else "Lobby (l)", id="btn-launcher", compact=True)
                yield Button("Quit (q)", id="btn-quit", compact=True)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.sub_title = "Game over"
        game, state = self.match.game, self.match.state
        sheets = sorted(game.scores(state), key=lambda s: s.seat)
        wins = set(game.winners(state))
        star = "*" if getattr(self.app, "ascii", False) else "★"
        table = self.query_one("#score-table", DataTable)
        labels = seat_labels([s.name for s in self.match.seats])
        table.add_column("Category", key="category")
        for sh in sheets:
            label = labels[sh.seat]
            if sh.seat in wins:
                label += f" {star}"
            table.add_column(Text(label), key=f"seat-{sh.seat}")
        categories: list[str] = []
        for sh in sheets:
            for cat in sh.parts:
                if cat not in categories:
                    categories.append(cat)
        for cat in categories:
            table.add_row(cat, *[_num(sh.parts.get(cat, 0)) for sh in sheets], key=cat)
        table.add_row("Total", *[_num(sh.total) for sh in sheets], key="__total__")
        # one row per tie-break, named by what it counts ("Tie-break: tulips in the bouquet")
        n_ties = max((len(sh.tiebreak) for sh in sheets), default=0)
        names = next((sh.tiebreak_names for sh in sheets if sh.tiebreak_names), ())
        for k in range(n_ties):
            label = f"Tie-break: {names[k]}" if k < len(names) else f"Tie-break {k + 1}"
            table.add_row(label, *[_num(sh.tiebreak[k]) if k < len(sh.tiebreak) else "" for sh in sheets],
                          key=f"__tiebreak{k}__")
        table.focus()
        self._clear_announcements()
        self.call_after_refresh(self.fit_epilogue)

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit_epilogue)

    #: times ``fit_epilogue`` lays the screen out again after one change of size
    FIT_PASSES = 3

    def fit_epilogue(self, passes: int = FIT_PASSES) -> None:
        """Give the end-of-game lines (Gift of Tulips' festival majorities, 12 lines
        with six players) only the rows the body has left once the title, the
        winners, the score table and the buttons are placed: at 80x24 they pushed
        the table's last rows and the buttons off the screen. The lines' box then
        scrolls (PgUp / PgDn, shown in the footer while it can); given back its
        rows when the terminal grows. Sets the box's max-height and looks again
        once the screen is laid out, ``passes`` times at most. A no-op without
        such lines, or before the screen is laid out."""
        if not self.is_mounted or not self.query("#epilogue-box"):
            return
        box = self.query_one("#epilogue-box", VerticalScroll)
        body = self.query_one("#game-over-body", Vertical)
        last = body.children[-1]
        if body.region and last.region and passes > 0:
            # rows between the last widget (with its margin) and the body's bottom; < 0: cut off
            slack = body.content_region.bottom - (last.region.bottom + last.styles.margin.bottom)
            rows = max(1, box.region.height + slack)
            height = box.styles.max_height
            if (slack < 0 or (slack > 0 and box.max_scroll_y > 0)) and (
                    height is None or height.unit != Unit.CELLS or int(height.value) != rows):
                box.styles.max_height = rows
                self.call_after_refresh(self.fit_epilogue, passes - 1)  # then the footer's keys
                return
        self.refresh_bindings()  # "PgDn More" while the box scrolls

    def action_scroll_epilogue(self, step: int) -> None:
        """Scroll the end-of-game lines a page down (1) or up (-1)."""
        for box in self.query("#epilogue-box").results(VerticalScroll):
            (box.scroll_page_down if step > 0 else box.scroll_page_up)(animate=False)

    def _clear_announcements(self) -> None:
        """Dismiss the toasts the last decision raised ("The game is over", the
        Gardener's end bonus), also those still on their way (``quiet_before``):
        this screen shows the same, and at 80x24 they sat over its buttons. An
        error (a failed autosave) stays."""
        self.quiet_before = time()
        app: Any = self.app
        for note in list(app._notifications):
            if note.severity != "error":
                app._unnotify(note, refresh=False)
        app._refresh_notifications()

    def action_review(self) -> None:
        self.app.push_screen(review_screen(self.app, self.match))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "new_game":  # a networked table's new game is made in the lobby
            return self.match.authority_here
        if action == "scroll_epilogue":  # only while the end-of-game lines do not all fit
            return any(box.max_scroll_y > 0 for box in self.query("#epilogue-box"))
        return True

    def action_new_game(self) -> None:
        from tui.screens.new_game import NewGameScreen

        app: Any = self.app
        app.go_launcher()
        app.push_screen(
            NewGameScreen(
                self.match.game.id,
                [s.name for s in self.match.seats],
                [s.kind == "bot" for s in self.match.seats],
                [s.level if s.kind == "bot" else "strong" for s in self.match.seats],
                self.match.bot_time,
            )
        )

    def action_launcher(self) -> None:
        self.app.go_launcher()  # type: ignore[attr-defined]

    def action_back(self) -> None:
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.action_launcher()

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self.match.game.id))

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        action = (event.button.id or "").removeprefix("btn-")
        if action == "quit":
            self.app.run_action("quit")
        else:
            self.run_action(action)
