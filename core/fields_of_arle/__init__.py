"""Fields of Arle: the game object ``GAME``, its move type and State."""

from core.fields_of_arle.rules import GAME, ArleMove, Options, Pick, describe_choice
from core.fields_of_arle.state import Home, State, Task, Vehicle

__all__ = ["GAME", "ArleMove", "Home", "Options", "Pick", "State", "Task", "Vehicle", "describe_choice"]
