"""The shared Lowlands screens (launcher, new game, game, review, game over,
help, dialogs), and ``screen_for``: the game screen for a Match.

``GAME_SCREENS`` maps a game id to its own GameScreen subclass; the per-game
packages (``tui/<game>/``, listed in ``tui.boards.GAME_PACKAGES``) register
theirs with ``register_screen`` when imported. ``screen_for`` imports the package
of the match's game on first use (guarded, so a game without its own screen, or a package
not written yet, falls back to the generic ``tui.screens.game.GameScreen``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from core.match import Match

#: game id -> its GameScreen subclass (filled by the per-game screen modules).
GAME_SCREENS: dict[str, type[Any]] = {}

_loaded = False


def register_screen(game_id: str, screen: type[Any]) -> type[Any]:
    """Register ``screen`` (a GameScreen subclass) for ``game_id`` (used by the
    per-game packages)."""
    GAME_SCREENS[game_id] = screen
    return screen


def load_game_screens() -> dict[str, type[Any]]:
    """Import every per-game package that exists; returns GAME_SCREENS."""
    global _loaded
    if not _loaded:
        from tui.boards import GAME_PACKAGES, load_game_package

        for game_id in GAME_PACKAGES:
            load_game_package(game_id)
        _loaded = True
    return GAME_SCREENS


def game_screen_class(game_id: str) -> type[Any]:
    """The screen class for ``game_id``: its own, else the generic GameScreen.
    Imports that one game's package only (``lowlands load`` of one game does
    not import the others' boards).

    Raises RuntimeError if not even the generic GameScreen is available.
    """
    if game_id not in GAME_SCREENS:
        from tui.boards import load_game_package

        load_game_package(game_id)
    if game_id in GAME_SCREENS:
        return GAME_SCREENS[game_id]
    from tui.boards import import_optional

    mod = import_optional("tui.screens.game")
    if mod is None:
        raise RuntimeError("The game screen (tui.screens.game) is not available in this build.")
    return mod.GameScreen


def is_game_screen(screen: Any) -> bool:
    """True if ``screen`` plays a match (a GameScreen of any game). Lets the
    screens above a game (review, game over) find it without importing it."""
    from tui.boards import import_optional

    mod = import_optional("tui.screens.game")
    return mod is not None and isinstance(screen, mod.GameScreen)


def seat_labels(names: list[str]) -> list[str]:
    """"A Ann", "B Bob", ...: each seat's letter (the boards' letters,
    ``tui.widgets.common.seat_letters``) and name, so players are told apart
    without colour."""
    try:
        from tui.widgets.common import seat_letters
    except ImportError:  # widgets not available: seat numbers instead
        letters = [str(i + 1) for i in range(len(names))]
    else:
        letters = seat_letters(names)
    return [f"{letter} {name}" for letter, name in zip(letters, names)]


def screen_for(match: "Match", *, data_dir: Path, curtain: bool = False) -> Any:
    """A new game screen playing ``match`` (autosaving into ``data_dir``)."""
    cls = game_screen_class(match.game.id)
    return cls(match, data_dir=data_dir, curtain=curtain)


__all__ = ["GAME_SCREENS", "game_screen_class", "is_game_screen", "load_game_screens", "register_screen", "screen_for", "seat_labels"]
