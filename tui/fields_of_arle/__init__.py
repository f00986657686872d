"""Fields of Arle in the terminal: ``board.py`` draws the table (action boards,
home boards, barns, goods and tool tracks, supply, destinations, scores),
``labels.py`` words the choices, prompts and header, ``screen.py`` is the game
screen. Importing this package registers the board (``tui.boards.BOARDS``) and
the screen (``tui.screens.GAME_SCREENS``) under "fields-of-arle".
"""

from __future__ import annotations

from tui.boards import register_board
from tui.fields_of_arle.board import FieldsOfArleBoard
from tui.fields_of_arle.labels import FieldsOfArleLabels, choice_text
from tui.fields_of_arle.screen import FieldsOfArleScreen
from tui.screens import register_screen

GAME_ID = "fields-of-arle"

register_board(GAME_ID, FieldsOfArleBoard)
register_screen(GAME_ID, FieldsOfArleScreen)

__all__ = ["GAME_ID", "FieldsOfArleBoard", "FieldsOfArleLabels", "FieldsOfArleScreen", "choice_text"]
