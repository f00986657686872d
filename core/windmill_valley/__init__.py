"""Windmill Valley: the game object ``GAME``, its move type and State."""

from core.windmill_valley.rules import GAME, Options, Pick, WindmillMove, action_preview, arrows_of
from core.windmill_valley.state import Farm, Solo, State, Task

__all__ = ["GAME", "Farm", "Options", "Pick", "Solo", "State", "Task", "WindmillMove", "action_preview", "arrows_of"]
