"""The registry of the per-game TUI packages, and their boards.

Each game's TUI is one package, ``tui/<game>/`` (``board.py``, ``labels.py``,
``screen.py``), listed in ``GAME_PACKAGES``; importing it registers its board
here (``register_board``) and its screen in ``tui.screens.GAME_SCREENS``.
``board_for(game_id)`` gives the game's own board (its package imported lazily,
so a package that is missing, e.g. one not written yet, never stops the other
games) or the generic Board that works for every game through the Game protocol.
"""

from __future__ import annotations

import importlib
from typing import Any

from tui.widgets.board import Board

#: game id -> Board class; filled by the board modules when they are imported.
BOARDS: dict[str, type[Board]] = {}

#: game id -> its TUI package (importing it registers its board and screen).
GAME_PACKAGES: dict[str, str] = {
    "gift-of-tulips": "tui.gift_of_tulips",
    "golden-age": "tui.golden_age",
    "windmill-valley": "tui.windmill_valley",
    "fields-of-arle": "tui.fields_of_arle",
}


def register_board(game_id: str, board: type[Board]) -> type[Board]:
    """Register ``board`` for ``game_id`` (used by the per-game packages)."""
    BOARDS[game_id] = board
    return board


def import_optional(module: str) -> Any | None:
    """Import ``module``; None if that very module (or a package above it) does not
    exist (yet). Errors inside an existing module are raised."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as e:
        if e.name is not None and (module == e.name or module.startswith(e.name + ".")):
            return None
        raise


def load_game_package(game_id: str) -> Any | None:
    """Import ``game_id``'s TUI package (registering its board and screen); None
    if the game has none or it does not exist (yet). Errors inside an existing
    package are raised."""
    module = GAME_PACKAGES.get(game_id)
    return None if module is None else import_optional(module)


def board_for(game_id: str) -> type[Board]:
    """The Board class for ``game_id``; the generic Board when it has none."""
    if game_id not in BOARDS:
        load_game_package(game_id)
    return BOARDS.get(game_id, Board)
