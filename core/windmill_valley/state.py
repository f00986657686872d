"""The Windmill Valley State Struct and its parts.

Compact by design (lists of ints and short strings) so that a msgpack round trip,
the copy ``apply`` makes, stays cheap. Names follow the rulebook: floodgate, water
level, calendar, guilders, tools, storage, tulip patch, helpers, contracts.
"""

from __future__ import annotations

import msgspec

from core.picks import Task
from core.rng import Rng

# A Task (core/picks.py) here: one step of the turn, kind "gate", "steps", "actions",
# "lower", "bulb", ...; a, b: strength, count, area, slot ...; s: flags (design key
# modifiers, colours, "m" = mandatory).


class Farm(msgspec.Struct, array_like=True):
    """One player's farm board, windmill board and markers.

    Attributes:
        guilders: 0..9 on the guilder track.
        tools: tool tokens.
        vp: VP on the VP track (in-game scoring, Queen's Wish included).
        storage: bulb colour letters, left to right (at most 6; spots 5-6 cost to fill).
        patch: 4 strings, one per row, the planted colours from the left.
        helpers: farm enhancement card ids in helper slots, left to right (<= 4).
        contracts: card ids in contract slots (<= 3).
        mills: windmills left in each of the 5 groups (top to bottom).
        board: windmill board 0..3 (A..D).
        large: design ids on the 6 large-wheel spaces.
        small: design ids on the 5 small-wheel spaces.
        step: wheel steps taken so far; the large space at the arrow is step % 6,
            the small one (offset + step) % 5; a calendar advance at each multiple of 6.
        calendar: calendar space 0 (start) .. 4 (end).
        wish: Queen's Wish VP scored (0 = not yet).
        used: helper slots used this turn, as digits ("02").
    """

    guilders: int
    tools: int
    vp: int
    storage: str
    patch: list[str]
    helpers: list[int]
    contracts: list[int]
    mills: list[int]
    board: int
    large: list[int]
    small: list[int]
    step: int = 0
    calendar: int = 0
    wish: int = 0
    used: str = ""


class Solo(msgspec.Struct, array_like=True):
    """The solo opponent (the Gardener; RECONSTRUCTED).

    Attributes:
        level: difficulty 1-3.
        vp: its VP.
        calendar: its calendar space 0..4.
        deck: Gardener card ids still to draw (top = last).
        discard: drawn cards.
        card: the card drawn last (-1 none).
    """

    level: int
    vp: int = 0
    calendar: int = 0
    deck: list[int] = []
    discard: list[int] = []
    card: int = -1


class State(msgspec.Struct):
    """Everything about a Windmill Valley game at one decision.

    Attributes:
        players: names in seat order (seat 0 is the first player).
        expert: the Expert variant (no extra final turn).
        phase: "start" (choosing starting cards), "place" (market markers), "play", "over".
        current: the seat on turn (or choosing in set-up).
        round: the round in play (0-based); once the game is over, the last round played.
        turns: turns begun so far (changes whenever the turn passes).
        floodgate: 1..3, the shared water speed.
        water: 1..10, the water level marker.
        farms: one Farm per seat.
        arrows: [large index, small index] at the arrows for the player on turn (after moving).
        uniques: 4 strings, one per calendar column; per unique slot "o" open,
            "x" claimed (X tile), "-" under the limit tile.
        wish_card: the starting card turned to its Queen's Wish side.
        wish_next: index into WISH_VP of the highest free Queen's Wish space.
        start_offer: starting cards not yet chosen in set-up.
        offer: wheel enhancement offer, 4 design ids (2 common, uncommon, unique; -1 empty).
        offer_free: per offer slot, "1" when a red X covers the price.
        stacks: face-down wheel enhancement stacks "c", "u", "x" (top = last).
        farm_offer: 3 farm enhancement card ids (-1 empty).
        farm_deck: face-down deck (top = last); farm_discard: the discard pile.
        drawn: extra cards drawn with the "S-farm" starting card, not yet placed.
        trade: foreign trade stack, face up; trade[0] is the card in use.
        trade_bulbs: 4 chars, the bulb in each slot of the card in use (" " = empty).
        board: the 34 windmill spaces: -1 empty, seat, seat + 10 (built without connection),
            8 the Gardener's windmill.
        market: the 5 market areas, each a list of markers bottom to top (seat, 8 Gardener, 9 neutral).
        tasks: the pending steps, top = last.
        events: recent announcements (calendar advances, forced floodgate ...), newest last.
        end_round: -1, or the round after which the game ends (once triggered).
        neutral_used: a neutral marker was moved this turn.
        solo: the Gardener in a solo game, else None.
        reveals: how many hidden things have been shown (draws, reshuffles).
        rng: the game's random generator.
    """

    players: list[str]
    expert: bool
    phase: str
    current: int
    round: int
    turns: int
    floodgate: int
    water: int
    farms: list[Farm]
    arrows: list[int]
    uniques: list[str]
    wish_card: int
    wish_next: int
    start_offer: list[int]
    offer: list[int]
    offer_free: str
    stacks: dict[str, list[int]]
    farm_offer: list[int]
    farm_deck: list[int]
    farm_discard: list[int]
    drawn: list[int]
    trade: list[int]
    trade_bulbs: str
    board: list[int]
    market: list[list[int]]
    tasks: list[Task]
    events: list[str]
    end_round: int = -1
    neutral_used: bool = False
    solo: Solo | None = None
    reveals: int = 0
    rng: Rng = msgspec.field(default_factory=Rng)


def event(s: State, text: str) -> None:
    """Add an announcement to ``s.events`` (the 12 newest are kept)."""
    s.events.append(text)
    if len(s.events) > 12:
        del s.events[0]
