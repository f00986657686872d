"""The Dutch Golden Age in the terminal: ``board.py`` draws the table (status,
province map, the King's track, guilds and Indies, players), ``labels.py`` words
the choices (grouped into sub-lists), prompts and money, ``screen.py`` is the
game screen. Importing this package registers the board (``tui.boards.BOARDS``)
and the screen (``tui.screens.GAME_SCREENS``) under "golden-age".
"""

from __future__ import annotations

from tui.boards import register_board
from tui.golden_age.board import GoldenAgeBoard
from tui.golden_age.labels import GoldenAgeLabels, income_at, money, space_text
from tui.golden_age.screen import GoldenAgeScreen
from tui.screens import register_screen

GAME_ID = "golden-age"

register_board(GAME_ID, GoldenAgeBoard)
register_screen(GAME_ID, GoldenAgeScreen)

__all__ = ["GAME_ID", "GoldenAgeBoard", "GoldenAgeLabels", "GoldenAgeScreen", "income_at", "money", "space_text"]
