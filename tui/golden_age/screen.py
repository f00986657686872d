"""The Dutch Golden Age's game screen (GoldenAgeScreen): the board
(``board.py``) beside the choices worded by ``labels.py``. A turn's long list of
choices is grouped (GameScreen's nested choice groups, ``build_menu``): "Move a
token from Holland ›" opens the destinations, so a move, a guild or a bid takes
two or three keys; Escape or Backspace go back. On narrow boards ``←``/``→``
switch the board's panels.
"""

from __future__ import annotations

from typing import Any

from textual.binding import Binding

from tui.golden_age.board import GoldenAgeBoard
from tui.golden_age.labels import GoldenAgeLabels, _AsciiDescriptions
from tui.screens.game import GameScreen


class GoldenAgeScreen(GoldenAgeLabels, GameScreen):
    """The Golden Age game screen: the generic GameScreen with the Golden Age
    board, choices worded with their prices, and grouped choices (a token's
    source, then its destination; the guilds; the higher bids)."""

    DEFAULT_CSS = """
    GoldenAgeScreen.-wide #side {
        width: 42;
    }
    """

    #: The keys that switch the board's panels here (shown on its page bar).
    PANEL_KEYS = "←→"

    BINDINGS = [
        Binding("right", "panel(1)", "Panels", key_display="←→", priority=True,
                tooltip="Previous / next board panel"),
        Binding("left", "panel(-1)", "Panels", priority=True, show=False),
        Binding("left_square_bracket", "panel(-1)", "Panel", show=False),
        Binding("right_square_bracket", "panel(1)", "Panel", show=False),
    ]

    def key_state(self) -> tuple[Any, ...]:
        """GameScreen's, and whether the board has panels to switch."""
        board = self.board
        return super().key_state() + (isinstance(board, GoldenAgeBoard) and board.tabbed,)

    def action_panel(self, delta: int) -> None:
        """Show the previous / next board panel (narrow boards)."""
        self.board.switch_panel(delta)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "panel":
            board = self.board
            focused = self.focused
            if focused is not None and focused.id == "picker-filter":
                return False  # the filter's own cursor keys
            return board.has_panels
        return super().check_action(action, parameters)

    # (Textual calls the on_mount / on_resize of every class in the MRO, this
    # one first: GameScreen's run after these without a super() call; with one,
    # the first view was drawn twice)
    def on_mount(self) -> None:
        # here the screen's own keys switch pages; the focus stays on the choices
        self.board.can_focus = False
        if self.ascii and not isinstance(self.game, _AsciiDescriptions):
            self.game = _AsciiDescriptions(self.game)
        # the board's pages follow its size: re-check the keys shown
        self.call_after_refresh(self._refresh_keys)

    def on_resize(self, event: Any) -> None:
        self.call_after_refresh(self._refresh_keys)


__all__ = ["GoldenAgeScreen"]
