"""Lowlands rules engines: the game registry.

``GAMES`` maps a game id to its Game object; ``get_game(id)`` looks one up.
"""

from __future__ import annotations

from core.engine import Game, IllegalMove, Move, ScoreSheet

GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add ``game`` to GAMES under ``game.id`` and return it."""
    GAMES[game.id] = game
    return game


def get_game(game_id: str) -> Game:
    """The Game registered as ``game_id``. Raises KeyError with the known ids."""
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise KeyError(f"Unknown game {game_id!r}; known games: {known}.") from None


def _load() -> None:
    import importlib

    for mod in ("gift_of_tulips", "golden_age", "windmill_valley", "fields_of_arle"):
        try:
            m = importlib.import_module(f"core.{mod}")
        except ModuleNotFoundError as e:  # a game package not written yet
            if e.name != f"core.{mod}":
                raise
            continue
        if getattr(m, "__file__", None) is None:  # a package folder without __init__.py yet
            continue
        register(m.GAME)


_load()

__all__ = ["GAMES", "Game", "IllegalMove", "Move", "ScoreSheet", "get_game", "register"]
