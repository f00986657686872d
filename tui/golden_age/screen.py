"""The Dutch Golden Age's game screen (GoldenAgeScreen): the board
(``board.py``) beside the choices worded by ``labels.py``. A turn's long list of
choices is grouped (GameScreen's nested choice groups, ``build_menu``): "Move a
token from Holland ›" opens the destinations, so a move, a guild or a bid takes
two or three keys; Escape or Backspace go back. On narrow boards ``←``/``→``
switch the board's panels.
"""

from __future__ import annotations

from typing import Any

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
