"""Windmill Valley's game screen (WindmillValleyScreen): the board (``board.py``)
beside the choices, worded by ``labels.py``; Left/Right change the board's page,
PgUp/PgDn scroll it. A calendar advance (and every other announcement the engine
makes) is shown as a notification and in the board's banner, never silently; a
step the game took by itself (the wheels turned with 0 tools, a forced
floodgate) comes first there, marked "Automatic:", so the next key is not
pressed for a prompt that is already gone.
"""

from __future__ import annotations

from typing import Any

from textual.binding import Binding
from textual.widgets import Input

from tui.screens.game import GameScreen
from tui.windmill_valley.board import WindmillValleyBoard
from tui.windmill_valley.labels import WindmillValleyLabels, new_events


class WindmillValleyScreen(WindmillValleyLabels, GameScreen):
    """The Windmill Valley game screen: the board above, choices worded with what
    they cost and bring, calendar advances announced."""

    DEFAULT_CSS = """
    WindmillValleyScreen #side {
        width: 32;
    }
    WindmillValleyScreen.-wide #side {
        width: 48;
    }
    """

    #: The keys that switch the board's panels here (shown on its page bar).
    PANEL_KEYS = "←→"

    BINDINGS = [
        Binding("right", "page(1)", "Panels", key_display="←/→", priority=True),
        Binding("left", "page(-1)", "Panels", key_display="←", priority=True, show=False),
        Binding("pagedown", "scroll_board(1)", "Scroll", show=False, priority=True),
        Binding("pageup", "scroll_board(-1)", "Scroll", show=False, priority=True),
    ]

    @property
    def wv_board(self) -> WindmillValleyBoard:
        return self.board  # type: ignore[return-value]

    def action_page(self, step: int) -> None:
        focused = self.focused
        if isinstance(focused, Input):  # the picker's filter keeps its cursor keys
            (focused.action_cursor_right if step > 0 else focused.action_cursor_left)()
            return
        self.wv_board.next_page(step)
        self.wv_board.query_one("#wv-body").scroll_home(animate=False)

    def action_scroll_board(self, step: int) -> None:
        box = self.wv_board.query_one("#wv-body")
        (box.scroll_page_down if step > 0 else box.scroll_page_up)(animate=False)

    # -- announcements -------------------------------------------------------------------
    def play(self, move: Any) -> None:
        before = list(self.match.state.events)
        super().play(move)
        new = new_events(before, list(self.match.state.events))
        self._announce(new)

    def action_undo(self) -> None:
        if self.check_action("undo", ()):  # the banner's status line comes with the redraw
            self.wv_board.announce([], redraw=False)
        super().action_undo()

    def action_redo(self) -> None:
        if self.check_action("redo", ()):
            self.wv_board.announce([], redraw=False)
        super().action_redo()

    def history_changed(self) -> None:
        self.wv_board.announce([])  # review -> continue: the last announcements are stale

    def _announce(self, lines: list[str]) -> None:
        self.wv_board.announce(lines)
        for line in lines:
            if "calendar" in line or "end" in line or "Wish" in line or "over" in line:
                self.notify(line, title="Calendar" if "calendar" in line else "Windmill Valley",
                            severity="warning", timeout=6)

