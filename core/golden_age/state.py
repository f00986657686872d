"""The Dutch Golden Age State Struct and its parts.

Everything is open information (FAQ "When To Play Cards and Hidden
Information"); only the order of the five draw decks is hidden. Money is in
half-guilders (``components.HALF`` per guilder).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from core.rng import Rng

#: The pending decision:
#: "place_marker" / "place_tokens" / "place_king": set-up placements;
#: "roll": the player on turn rolls or plays the Dice card;
#: "act": free actions, special actions, exchanges, colonies, auctions, "end";
#: "bid": a bidder in the running auction bids or passes;
#: "award": the auction's winner chooses how to take a green or brown action;
#: "over": the game has ended.
Phase = Literal["place_marker", "place_tokens", "place_king", "roll", "act", "bid", "award", "over"]


class Province(msgspec.Struct):
    """One province on the map.

    Attributes:
        tokens: Movement Tokens per seat (index = seat).
        marker: seat owning the province's Influence Marker, -1 if none.
        flipped: the marker has been used this turn (inactive side up).
    """

    tokens: list[int]
    marker: int = -1
    flipped: bool = False


class Guild(msgspec.Struct):
    """One column of the Guild Table.

    Attributes:
        owner: seat whose Influence Marker controls the guild, -1 if none.
        step: index into ``GUILD_COSTS`` of the occupied step; -1 when empty
            (the next takeover then costs ``GUILD_COSTS[step + 1]``).
        flipped: the marker has been used this turn.
    """

    owner: int = -1
    step: int = -1
    flipped: bool = False


class ColonyMarker(msgspec.Struct, array_like=True):
    """An Influence Marker on a colony space: its owner and whether it is used."""

    owner: int
    flipped: bool = False


class Painting(msgspec.Struct, array_like=True):
    """An unfinished painting: the Art card and how many 1-guilder payments it has."""

    card: str
    paid: int = 0


class Player(msgspec.Struct):
    """One seat's open holdings.

    Attributes:
        name: the player's name.
        money: half-guilders in hand (not counting money on paintings).
        markers: Influence Markers in the reserve.
        tokens: Movement Tokens in the reserve.
        cards: cards held for later use: Investment, Spice, Colony, Dice and
            the grey cards acting as yellow / blue ones.
        culture: Windmill, Palace, Market and Governor cards (score VP).
        paintings: unfinished paintings with their payments so far.
        finished: finished paintings (Art card strings; score VP).
        announced: the VP announced at the end of this player's last turn.
    """

    name: str
    money: int
    markers: int
    tokens: int
    cards: list[str] = []
    culture: list[str] = []
    paintings: list[Painting] = []
    finished: list[str] = []
    announced: int = 0


class Auction(msgspec.Struct):
    """A running auction of one province marker's special action.

    Attributes:
        site: the auctioned marker's province id.
        color: the province's colour (the action sold).
        auctioneer: the seat running the auction (the player on turn).
        order: the bidding seats, clockwise from the auctioneer's left.
        bidder: the seat whose bid it is now (or, in phase "award", the winner).
        high_bid: the highest bid so far, half-guilders (0 = no bid yet).
        high_bidder: the seat that made it, -1 if none.
        passed: seats that have passed (a pass is final).
    """

    site: str
    color: str
    auctioneer: int
    order: list[int]
    bidder: int
    high_bid: int = 0
    high_bidder: int = -1
    passed: list[int] = []


class State(msgspec.Struct):
    """Everything about a Dutch Golden Age game at one decision.

    Attributes:
        players: per seat, their money, reserve and cards.
        phase: the pending decision (see ``Phase``).
        current: the seat whose turn it is (the placer during set-up).
        provinces: province id -> tokens and Influence Marker.
        guilds: colour -> the Guild Table column.
        colonies: colony space id -> markers there (at most one on the East
            Indies spaces, any number in the West Indies).
        king: the King's track space, -1 before set-up places him.
        decks: colour -> draw pile, top card last (order hidden in ``view``).
        discards: colour -> discard pile.
        dice: the last roll ([a, b]) or the Dice card's total ([t]).
        income: what each seat received from the last King move (half-guilders).
        auction: the running auction (also kept while its winner chooses).
        setup_step: placements made so far in the current set-up phase.
        turn: turns begun (set-up placements count as turns of their own).
        round: full rounds of play completed.
        winners: the winning seats once the game is over.
        auctioneer_bids: the 2-player variant rule is on (the auctioneer may bid).
        reveals: how many rolls and draws have shown new information.
        rng: the game's random generator.
    """

    players: list[Player]
    phase: Phase
    provinces: dict[str, Province]
    guilds: dict[str, Guild]
    colonies: dict[str, list[ColonyMarker]]
    decks: dict[str, list[str]]
    discards: dict[str, list[str]]
    current: int = 0
    king: int = -1
    dice: list[int] = []
    income: list[int] = []
    auction: Auction | None = None
    setup_step: int = 0
    turn: int = 0
    round: int = 0
    winners: list[int] = []
    auctioneer_bids: bool = False
    reveals: int = 0
    rng: Rng = msgspec.field(default_factory=Rng)
