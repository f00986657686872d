"""Gift of Tulips' game screen (GiftOfTulipsScreen): the shared GameScreen with
the tulip board (``board.py``) and the choices worded with their VP
(``labels.py``); the hand-over curtain guards the secret cards when asked for."""

from __future__ import annotations

from tui.gift_of_tulips.labels import GiftOfTulipsLabels
from tui.screens.game import GameScreen


class GiftOfTulipsScreen(GiftOfTulipsLabels, GameScreen):
    """The Gift of Tulips game screen: the generic GameScreen with the tulip
    board and choices worded with their VP."""


__all__ = ["GiftOfTulipsScreen"]
