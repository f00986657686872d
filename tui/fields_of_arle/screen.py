"""Fields of Arle's game screen (FieldsOfArleScreen): the board (``board.py``)
beside the choices, worded by ``labels.py``; Left/Right change the board's page,
PgUp/PgDn scroll it. What a decision caused by itself (an inventory's steps,
animals that do not fit, a new half-year) is shown in the board's banner until
the next decision, and a new half-year also as a notification.
"""

from __future__ import annotations

from typing import Any

from textual.binding import Binding
from textual.widgets import Input

from tui.fields_of_arle.board import FieldsOfArleBoard
from tui.fields_of_arle.labels import FieldsOfArleLabels, new_events
from tui.screens.game import GameScreen


class FieldsOfArleScreen(FieldsOfArleLabels, GameScreen):
    """The Fields of Arle game screen: the board above, choices worded with their costs."""

    #: The keys that switch the board's panels here (shown on its page bar).
    PANEL_KEYS = "←→"

    BINDINGS = [
        Binding("right", "page(1)", "Panels", key_display="←/→", priority=True),
        Binding("left", "page(-1)", "Panels", key_display="←", priority=True, show=False),
        Binding("pagedown", "scroll_board(1)", "Scroll", show=False, priority=True),
        Binding("pageup", "scroll_board(-1)", "Scroll", show=False, priority=True),
    ]

    @property
    def fa_board(self) -> FieldsOfArleBoard:
        return self.board  # type: ignore[return-value]

    def action_page(self, step: int) -> None:
        focused = self.focused
        if isinstance(focused, Input):  # the picker's filter keeps its cursor keys
            (focused.action_cursor_right if step > 0 else focused.action_cursor_left)()
            return
        self.fa_board.switch_panel(step)

    def action_scroll_board(self, step: int) -> None:
        box = self.fa_board.query_one("#fa-body")
        (box.scroll_page_down if step > 0 else box.scroll_page_up)(animate=False)

    # -- announcements -------------------------------------------------------------------
    def play(self, move: Any) -> None:
        before = list(self.match.state.events)
        super().play(move)
        new = new_events(before, list(self.match.state.events))
        self.fa_board.announce(new)
        for line in new:  # the banner lists the inventory's steps; a new half-year also pops up
            if line.startswith("Half-year"):
                self.notify(line, title="Fields of Arle", timeout=3)

    def action_undo(self) -> None:
        super().action_undo()
        self.fa_board.announce([])

    def action_redo(self) -> None:
        super().action_redo()
        self.fa_board.announce([])

    def history_changed(self) -> None:
        self.fa_board.announce([])
