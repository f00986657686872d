"""Windmill Valley in the terminal: ``board.py`` draws the table (wheels, tracks,
map, market, farms), ``labels.py`` words the choices, prompts and announcements,
``screen.py`` is the game screen. Importing this package registers the board
(``tui.boards.BOARDS``) and the screen (``tui.screens.GAME_SCREENS``) under
"windmill-valley".
"""

from __future__ import annotations

from tui.boards import register_board
from tui.screens import register_screen
from tui.windmill_valley.board import WindmillValleyBoard
from tui.windmill_valley.labels import WindmillValleyLabels, reward_text
from tui.windmill_valley.screen import WindmillValleyScreen

GAME_ID = "windmill-valley"

register_board(GAME_ID, WindmillValleyBoard)
register_screen(GAME_ID, WindmillValleyScreen)

__all__ = ["GAME_ID", "WindmillValleyBoard", "WindmillValleyLabels", "WindmillValleyScreen", "reward_text"]
