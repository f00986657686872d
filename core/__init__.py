"""Lowlands rules engines: the game registry.

``GAMES`` maps a game id to its Game object (a bundled game's package is
imported when its id is first looked up); ``get_game(id)`` looks one up.
"""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping

from core.engine import Game, IllegalMove, Move, ScoreSheet

#: The games that come with Lowlands: id -> the package under ``core`` that
#: defines it (``GAME``). Imported when first looked up, so a program that
#: plays one game (``lowlands load``) does not import the other engines.
PACKAGES: dict[str, str] = {
    "gift-of-tulips": "gift_of_tulips",
    "golden-age": "golden_age",
    "windmill-valley": "windmill_valley",
    "fields-of-arle": "fields_of_arle",
}


class Registry(MutableMapping[str, Game]):
    """id -> Game, a dict that imports a bundled game's package (``PACKAGES``)
    the first time that id is looked up; ``register`` (or ``GAMES[id] = g``)
    adds any other. Iterating lists the ids (bundled ones first) without
    importing; ``values()``/``items()`` import them all. A bundled package
    that does not exist (yet) is left out."""

    def __init__(self) -> None:
        self._games: dict[str, Game] = {}
        self._missing: set[str] = set()

    def _import(self, game_id: str) -> Game | None:
        import importlib

        mod = PACKAGES.get(game_id)
        if mod is None or game_id in self._missing:
            return None
        try:
            m = importlib.import_module(f"core.{mod}")
        except ModuleNotFoundError as e:  # a game package not written yet
            if e.name != f"core.{mod}":
                raise
            m = None
        if m is None or getattr(m, "__file__", None) is None or not hasattr(m, "GAME"):
            self._missing.add(game_id)  # (a package folder without __init__.py yet)
            return None
        self._games.setdefault(m.GAME.id, m.GAME)
        return self._games.get(game_id)

    def __getitem__(self, game_id: str) -> Game:
        game = self._games.get(game_id)
        if game is None:
            game = self._import(game_id)
            if game is None:
                raise KeyError(game_id)
        return game

    def __setitem__(self, game_id: str, game: Game) -> None:
        self._games[game_id] = game

    def __delitem__(self, game_id: str) -> None:
        del self._games[game_id]
        if game_id in PACKAGES:  # taken out on purpose: not imported again
            self._missing.add(game_id)

    def _ids(self) -> list[str]:
        bundled = [g for g in PACKAGES if g not in self._missing]
        return bundled + [g for g in self._games if g not in PACKAGES]

    def __iter__(self) -> Iterator[str]:
        for game_id in self._ids():
            if game_id in self._games or self._import(game_id) is not None:
                yield game_id

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __contains__(self, game_id: object) -> bool:
        return isinstance(game_id, str) and (game_id in self._games or self._import(game_id) is not None)

    def __repr__(self) -> str:
        return f"Registry({list(self)!r})"


GAMES: Registry = Registry()


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


__all__ = ["GAMES", "PACKAGES", "Game", "IllegalMove", "Move", "ScoreSheet", "Registry", "get_game", "register"]
