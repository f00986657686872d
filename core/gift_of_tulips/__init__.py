"""Gift of Tulips: the game object ``GAME`` and its move types."""

from core.gift_of_tulips.rules import GAME, Add, Choose, Give, Keep, Options, Secret
from core.gift_of_tulips.state import State

__all__ = ["GAME", "Add", "Choose", "Give", "Keep", "Options", "Secret", "State"]
