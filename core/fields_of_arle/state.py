"""The Fields of Arle State Struct and its parts.

Compact by design (dicts of counts, lists of short strings) so that ``apply`` can copy
only what a move changes (``clone``), never the whole state. Names follow the rulebook:
home board, dike line, moors, barn, vehicles, goods track, tool tracks.
"""

from __future__ import annotations

import msgspec

from core.picks import Task
from core.rng import Rng

# A Task (core/picks.py) here: kind "place", "opt", "cut", "master", "sell", "feed", ...;
# a, b: space index, count left, bit mask ...; s: building or destination id, tracks
# already moved ...


class Vehicle(msgspec.Struct, array_like=True):
    """One item in the barn (vehicle, plow or peat boat).

    Attributes:
        kind: an EQUIPMENT id ("boat", "plow", "handcart", ..., "droshky").
        cells: what lies on each loading cell: "" empty, a token or destination id on
            the first cell it covers, "^" on the further cells of the same token.
    """

    kind: str
    cells: list[str] = []


class Home(msgspec.Struct):
    """One player's home board, barn and supply.

    Attributes:
        g: good -> count (food 0..30 as one number: ENGINE, the two food indicators are
            split at scoring; grain, flax, wool, hides 0..15; the rest unlimited; animals).
        tools: level index (0 = start) on each of the ten tool tracks, in TOOL_IDS order.
        land: the tiles on land spaces (fields, forests, parks, stalls, depots, stables,
            double stalls, building ids), in the order they were placed.
        moors: peat on moor slot 0 (boardwalk) and 1-3 (moor tiles); -1 undrained, -2 removed.
        dikes: dike moves made so far (0..7).
        barn: the equipment in the barn.
        visited: destinations placed on a vehicle (each once per game).
        travel: cells covered on the Travel Experience track.
        short: units of nourishment and fuel not paid (-2 VP each).
        breed: young planned for May, per animal type (chosen before the work phase ends).
        ended: this seat has declared the work phase over.
    """

    g: dict[str, int]
    tools: list[int]
    land: list[str]
    moors: list[int]
    dikes: int = 0
    barn: list[Vehicle] = []
    visited: list[str] = []
    travel: int = 0
    short: int = 0
    breed: list[int] = msgspec.field(default_factory=lambda: [0, 0, 0])
    ended: bool = False

    def clone(self) -> "Home":
        """A copy that shares nothing mutable with ``self`` (cheap: counts and short lists)."""
        return Home(dict(self.g), list(self.tools), list(self.land), list(self.moors), self.dikes,
                    [Vehicle(v.kind, list(v.cells)) for v in self.barn], list(self.visited),
                    self.travel, self.short, list(self.breed), self.ended)


class State(msgspec.Struct):
    """Everything about a Fields of Arle game at one decision.

    Attributes:
        players: names in seat order.
        first_game: the first-game building set (the four autumn houses) was used.
        phase: "work", "inventory", "final" (the last conversion window) or "over".
        half: the half-year 1..9 (odd = summer, even = winter).
        start: the seat holding the start player token.
        placed: workers placed (or given up) this half-year.
        occupied: per action space (15 summer, then 15 winter) the seat of its worker, -1 free.
        special: the seat that used the Special Action this half-year, -1 none.
        homes: one Home per seat.
        buildings: building ids still on the building board.
        supply: limited tile piles (SUPPLY keys) -> tiles left.
        tasks: pending steps, top = last.
        events: recent announcements, newest last.
        turns: turns begun so far: a new worker, or the decision passing to another seat
            (for strict undo and turn-wise review).
        turn_seat: the seat whose turn ``turns`` counts now (-1 before the first).
        rng: the game's random generator (used only in set-up).
    """

    players: list[str]
    first_game: bool
    phase: str
    half: int
    start: int
    placed: int
    occupied: list[int]
    special: int
    homes: list[Home]
    buildings: list[str]
    supply: dict[str, int]
    tasks: list[Task]
    events: list[str]
    turns: int = 0
    turn_seat: int = -1
    rng: Rng = msgspec.field(default_factory=Rng)
