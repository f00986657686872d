"""Gift of Tulips in the terminal: ``board.py`` draws the table (festival,
bouquets, cards in play, score track), ``labels.py`` words the choices and
prompts, ``screen.py`` is the game screen. Importing this package registers the
board (``tui.boards.BOARDS``) and the screen (``tui.screens.GAME_SCREENS``)
under "gift-of-tulips".
"""

from __future__ import annotations

from tui.boards import register_board
from tui.gift_of_tulips.board import GiftOfTulipsBoard
from tui.gift_of_tulips.labels import VARIETY_STYLES, GiftOfTulipsLabels
from tui.gift_of_tulips.screen import GiftOfTulipsScreen
from tui.screens import register_screen

GAME_ID = "gift-of-tulips"

register_board(GAME_ID, GiftOfTulipsBoard)
register_screen(GAME_ID, GiftOfTulipsScreen)

__all__ = ["GAME_ID", "GiftOfTulipsBoard", "GiftOfTulipsLabels", "GiftOfTulipsScreen", "VARIETY_STYLES"]
