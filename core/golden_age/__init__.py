"""The Dutch Golden Age: the game object ``GAME``, its moves and State."""

from core.golden_age.rules import (
    GAME,
    Bid,
    Convert,
    End,
    Exchange,
    Found,
    GoldenAge,
    MoveToken,
    Options,
    Pass,
    PlaceKing,
    PlaceMarker,
    PlaceToken,
    PlayDice,
    Roll,
    Special,
    StartAuction,
    Take,
    TakeGuild,
    vp,
    vp_parts,
)
from core.golden_age.state import State

__all__ = [
    "GAME", "Bid", "Convert", "End", "Exchange", "Found", "GoldenAge", "MoveToken", "Options",
    "Pass", "PlaceKing", "PlaceMarker", "PlaceToken", "PlayDice", "Roll", "Special",
    "StartAuction", "State", "Take", "TakeGuild", "vp", "vp_parts",
]
