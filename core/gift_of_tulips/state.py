"""The Gift of Tulips State Struct."""

from __future__ import annotations

from typing import Literal

import msgspec

from core.rng import Rng

Phase = Literal["setup", "play", "over"]
Action = Literal["keep", "give", "add"]


class SecretCard(msgspec.Struct, frozen=True, array_like=True):
    """A card in the secret festival and the seat that put it there (-1: unknown)."""

    card: str
    owner: int


class State(msgspec.Struct):
    """Everything about a Gift of Tulips game at one decision.

    Attributes:
        players: names in seat (turn) order.
        phase: "setup" (each player chooses the card to keep), "play", "over".
        deck: draw pile, top card last.
        removed: cards taken out unseen at set-up.
        ranking: variety letters in festival order, 1st first (at most 4).
        festival: variety letter -> face-up cards in its festival stack, oldest first.
        secret: the secret festival pile, oldest first.
        bouquets: per seat, the cards in front of them, oldest first.
        give_vp / keep_vp / majority_vp: per seat VP by category.
        hands: per seat, the two set-up cards still to choose between.
        current: the seat deciding now (the set-up chooser, or the player on turn).
        drawn: the card the current player holds ("" when none).
        used: the action taken with the first card of the turn ("" before it).
        turn: turns begun so far (set-up choices count as turns of their own).
        revealed: the secret cards turned face up at the end, in order.
        reveals: how many hidden things have been shown so far (draws, the
            final reveal); strict undo never goes back past a change of it.
        rng: the game's random generator.
    """

    players: list[str]
    phase: Phase
    deck: list[str]
    removed: list[str]
    ranking: list[str]
    festival: dict[str, list[str]]
    secret: list[SecretCard]
    bouquets: list[list[str]]
    give_vp: list[int]
    keep_vp: list[int]
    majority_vp: list[int]
    hands: list[list[str]]
    current: int = 0
    drawn: str = ""
    used: str = ""
    turn: int = 0
    revealed: list[str] = []
    reveals: int = 0
    rng: Rng = msgspec.field(default_factory=Rng)
