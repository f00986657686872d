"""The board registry: game id -> Board subclass.

``board_for(game_id)`` gives the game's own board (imported lazily, so a board
module that is missing or broken never stops the other games) or the generic
Board that works for every game through the Game protocol.
"""

from __future__ import annotations

import importlib

from tui.widgets.board import Board

#: game id -> Board class; filled by the board modules when they are imported.
BOARDS: dict[str, type[Board]] = {}

#: game id -> module that defines (and registers) its board.
_MODULES: dict[str, str] = {
    "gift-of-tulips": "tui.screens.gift_of_tulips",
    "golden-age": "tui.screens.golden_age",
    "windmill-valley": "tui.screens.windmill_valley",
    "fields-of-arle": "tui.screens.fields_of_arle",
}


def register_board(game_id: str, board: type[Board]) -> type[Board]:
    """Register ``board`` for ``game_id`` (used by the per-game modules)."""
    BOARDS[game_id] = board
    return board


def _load(game_id: str) -> None:
    module = _MODULES.get(game_id)
    if module is None or game_id in BOARDS:
        return
    try:
        importlib.import_module(module)
    except ModuleNotFoundError as e:
        if e.name != module:
            raise


def board_for(game_id: str) -> type[Board]:
    """The Board class for ``game_id``; the generic Board when it has none."""
    _load(game_id)
    return BOARDS.get(game_id, Board)
