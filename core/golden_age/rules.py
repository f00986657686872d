"""The Dutch Golden Age rules: set-up, legal moves, apply, scoring.

Sources: ``rules/golden-age.source.txt`` (rulebook, worked examples, official
FAQ) and part B of ``rules/golden-age-and-gift-of-tulips.facts.md``. RULES.md
beside this file states every rule as implemented; every reconstructed number
lives in ``components.py``.

A turn is a chain of atomic decisions: ``roll`` (or ``dice N``), then any
number of free actions, special actions, exchanges, colony foundings and
auctions, then ``end``. Auction bids are decisions of the bidding seats.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Sequence, Union, get_args

import msgspec

from core.engine import BotModules, IllegalMove, Move, ScoreSheet, copy_state
from core.golden_age import components as C
from core.golden_age.state import Auction, ColonyMarker, Guild, Painting, Player, Province, State
from core.rng import Rng



# -- moves ----------------------------------------------------------------------
class PlaceMarker(Move, frozen=True, tag="place"):
    """Set-up: place your first Influence Marker in ``province`` (no marker there yet)."""

    province: str


class PlaceToken(Move, frozen=True, tag="token"):
    """Set-up: place a Movement Token in ``province`` (no marker, fewer than 2 tokens)."""

    province: str


class PlaceKing(Move, frozen=True, tag="king"):
    """Set-up: the last placer puts the King on Governor track space ``space``."""

    space: int


class Roll(Move, frozen=True, tag="roll"):
    """Roll the two dice and move the King."""


class PlayDice(Move, frozen=True, tag="dice"):
    """Play the Dice card instead of rolling: the King moves ``total`` (2-12) spaces."""

    total: int


class MoveToken(Move, frozen=True, tag="move"):
    """Free action: move one Movement Token from ``src`` to adjacent ``dst`` (½ guilder)."""

    src: str
    dst: str


class TakeGuild(Move, frozen=True, tag="guild"):
    """Free action: take control of the ``color`` guild at the next step's price."""

    color: str


class Convert(Move, frozen=True, tag="convert"):
    """Free action: replace 3 own Movement Tokens in ``province`` by an Influence
    Marker, from the reserve (``source`` "") or, with an empty reserve, moved
    from the active marker at ``source``."""

    province: str
    source: str = ""


class Special(Move, frozen=True, tag="special"):
    """Special action of the active marker at ``site``; flips it.

    ``choice``: green - the province for the new Movement Token; brown -
    "card" or "paint N" (N = 1-based unfinished painting); others - "".
    """

    site: str
    choice: str = ""


class StartAuction(Move, frozen=True, tag="auction"):
    """Auction the special action of the active province marker at ``site`` (flips it)."""

    site: str


class Bid(Move, frozen=True, tag="bid"):
    """Bid ``amount`` half-guilders in the running auction."""

    amount: int


class Pass(Move, frozen=True, tag="pass"):
    """Pass in the running auction (final)."""


class Take(Move, frozen=True, tag="take"):
    """The auction's winner takes the action: green - a province for the free
    token; brown - "card" (free) or "paint N" (pay 1 guilder to that painter)."""

    choice: str


class Exchange(Move, frozen=True, tag="exchange"):
    """Exchange a set of ``size`` (1, 2 or 3) ``kind`` ("invest"/"spice") cards with the bank."""

    kind: str
    size: int


class Found(Move, frozen=True, tag="found"):
    """Found a colony on ``space`` with the Colony cards ``cards`` (kinds, the
    flag wild); the marker comes from the reserve or, with an empty reserve,
    from the active marker at ``source``."""

    space: str
    cards: tuple[str, ...]
    source: str = ""


class End(Move, frozen=True, tag="end"):
    """End the turn: announce VP (33 or more wins), flip the markers back."""


GoldenMove = Union[
    PlaceMarker, PlaceToken, PlaceKing, Roll, PlayDice, MoveToken, TakeGuild, Convert,
    Special, StartAuction, Bid, Pass, Take, Exchange, Found, End,
]


class Options(msgspec.Struct, frozen=True):
    """Variants.

    Attributes:
        two_player_variant: the auctioneer may bid in their own auctions, last
            and only to outbid another player, paying the bank (the designer's
            2-player suggestion in the FAQ). A 2-player game always plays it,
            whatever this switch says; with 3-4 players it is off unless set.
    """

    two_player_variant: bool = False


# -- pure helpers -------------------------------------------------------------------
_KIND_ORDER = ("ship", "capt", "cann", "flag")
#: Colony card kinds in words, for the log.
_KIND_NAMES = {"ship": "ship", "capt": "captain", "cann": "cannon", "flag": "VOC flag"}
#: What an auctioned special action of each colour gives, for the log.
_AUCTION_GOODS = {
    "green": "a new Movement Token",
    "yellow": "an Investment card",
    "brown": "an Art card or a painter payment",
    "blue": "a Colony card",
    "grey": "a Culture card",
}


def site_color(site: str) -> str:
    """The colour of the action a marker at ``site`` gives ("orange" in a colony)."""
    if site in C.PROVINCES:
        return C.PROVINCES[site][1]
    if site.startswith("guild-"):
        return site[6:]
    return "orange"


def marker_sites(s: State, seat: int, active_only: bool = True) -> list[str]:
    """Sites of ``seat``'s Influence Markers on the board, provinces first, then
    guilds, then colonies (a colony space listed once however many markers)."""
    out = [p for p, pr in s.provinces.items() if pr.marker == seat and not (active_only and pr.flipped)]
    for c, g in s.guilds.items():
        if g.owner == seat and not (active_only and g.flipped):
            out.append(_GUILD_SITES[c])
    for cid, ms in s.colonies.items():
        for m in ms:
            if m.owner == seat and not (active_only and m.flipped):
                out.append(cid)
                break
    return out


def can_draw(s: State, color: str) -> bool:
    """Whether a card of ``color`` can be drawn (deck or discards to reshuffle)."""
    return bool(s.decks[color] or s.discards[color])


def kind_counts(cards: Sequence[str]) -> dict[str, int]:
    """How many cards act as each Colony kind (grey Colony cards included)."""
    counts = dict.fromkeys(_KIND_ORDER, 0)
    for c in cards:
        k = C.acts_as(c)
        if k in counts:
            counts[k] += 1
    return counts


def colony_sets(cards: Sequence[str]) -> list[tuple[str, ...]]:
    """Every distinct card combination that founds a colony, as kind tuples.

    A set is a ship, a captain and a cannon, or five alike; the flag is wild
    in both (rulebook "Blue Special Actions"; fact sheet B8).
    """
    c = kind_counts(cards)
    return list(_colony_sets(*(c[k] for k in _KIND_ORDER)))


@lru_cache(maxsize=4096)
def _held_colony_sets(cards: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """``colony_sets`` of a hand given as a tuple; cached (hands repeat often)."""
    c = kind_counts(cards)
    return _colony_sets(*(c[k] for k in _KIND_ORDER))


@lru_cache(maxsize=4096)
def _colony_sets(*counts: int) -> tuple[tuple[str, ...], ...]:
    """``colony_sets`` for the kind counts (ship, captain, cannon, flag); cached."""
    c = dict(zip(_KIND_ORDER, counts))
    if sum(counts) < C.MIXED_SET:
        return ()
    flags = c["flag"]
    found: set[tuple[str, ...]] = set()
    kinds = C.COLONY_KINDS
    for r in range(C.MIXED_SET + 1):
        for real in combinations(kinds, r):
            need = C.MIXED_SET - r
            if all(c[k] >= 1 for k in real) and flags >= need:
                found.add(tuple(real) + ("flag",) * need)
    for k in kinds:
        for r in range(0, min(c[k], C.SAME_SET) + 1):
            if flags >= C.SAME_SET - r:
                found.add((k,) * r + ("flag",) * (C.SAME_SET - r))
    return tuple(sorted(found, key=lambda t: [_KIND_ORDER.index(x) for x in t]))


def exchange_cards(cards: Sequence[str], kind: str, size: int) -> list[str] | None:
    """The cards an exchange of ``size`` ``kind`` cards would hand in, or None.

    Grey Investment cards act as the yellow single type; yellow cards are
    used before grey ones.
    """
    prefix = C.EXCHANGES[kind][0]
    want = f"{prefix}{size}"
    pool = [c for c in cards if c == want] + [c for c in cards if c == f"g-{want}"]
    return pool[:size] if len(pool) >= size else None


def vp_parts(s: State, seat: int) -> dict[str, int]:
    """``seat``'s VP by the rulebook's table ("Winning the Game").

    Movement Tokens 1 each, province markers 4, East Indies 5, West Indies 6,
    finished paintings 3-8, Windmill/Palace/Market 2, Governors 1, money 1 per
    10 guilders (money on unfinished paintings does not count); guild markers 0.
    """
    p = s.players[seat]
    tokens = sum(pr.tokens[seat] for pr in s.provinces.values())
    prov = sum(1 for pr in s.provinces.values() if pr.marker == seat)
    east = sum(1 for cid, ms in s.colonies.items() if cid != "west" for m in ms if m.owner == seat)
    west = sum(1 for m in s.colonies["west"] if m.owner == seat)
    return {
        "Movement Tokens": tokens * C.VP_TOKEN,
        "Province markers": prov * C.VP_PROVINCE_MARKER,
        "East Indies": east * C.COLONIES["east-2"][1],
        "West Indies": west * C.COLONIES["west"][1],
        "Paintings": sum(C.art_vp(a) for a in p.finished),
        "Culture": sum(C.CULTURE_VP.get(c, 0) for c in p.culture),
        "Governors": sum(C.GOVERNOR_VP for c in p.culture if c.startswith("gov-")),
        "Money": p.money // C.VP_MONEY_UNIT,
    }


def vp(s: State, seat: int) -> int:
    """``seat``'s total VP now: the sum of ``vp_parts`` (counted without
    building the parts, as every end of turn asks for it)."""
    p = s.players[seat]
    total = p.money // C.VP_MONEY_UNIT
    for pr in s.provinces.values():
        total += pr.tokens[seat] * C.VP_TOKEN
        if pr.marker == seat:
            total += C.VP_PROVINCE_MARKER
    for cid, ms in s.colonies.items():
        for m in ms:
            if m.owner == seat:
                total += _WEST_VP if cid == "west" else _EAST_VP
    for a in p.finished:
        total += C.art_vp(a)
    for c in p.culture:
        total += C.CULTURE_VP.get(c, 0)
        if c.startswith("gov-"):
            total += C.GOVERNOR_VP
    return total


_EAST_VP = C.COLONIES["east-2"][1]
_WEST_VP = C.COLONIES["west"][1]


def bid_limit(s: State, seat: int) -> int:
    """The most ``seat`` can bid in the running auction (half-guilders); 0 if
    they could not take the action (green: no token in the reserve; a card
    action: both deck and discards empty; brown without cards: an unfinished
    painting and 1 guilder left to pay the painter)."""
    a = s.auction
    assert a is not None
    p = s.players[seat]
    if a.color == "green":
        return p.money if p.tokens > 0 else 0
    if a.color == "brown":
        if can_draw(s, "brown"):
            return p.money
        return max(0, p.money - C.PAINTER_PAYMENT) if p.paintings else 0
    return p.money if can_draw(s, a.color) else 0


def variant_name(s: State) -> str:
    """How the log names the auctioneer-bids rule: "2-player variant" (always
    on with 2 players) or "variant" (switched on with 3-4)."""
    return "2-player variant" if len(s.players) == 2 else "variant"


def bid_amounts(low: int, high: int) -> list[int]:
    """Every bid from ``low`` to ``high`` half-guilders, in half-guilder steps
    (Auctions: raise by at least half a guilder, up to what you have)."""
    return list(range(low, high + 1))


# -- move tables ---------------------------------------------------------------------
# Moves are frozen, so legal_moves hands out these shared objects instead of
# building new ones each time (equal moves compare equal either way).
_GUILD_SITES = {c: f"guild-{c}" for c in C.COLORS}
_ROLL = Roll()
_END = End()
_PASS = Pass()
_ROLL_OR_DICE = (_ROLL, *(PlayDice(t) for t in C.DICE_TOTALS))
_MOVES_FROM = {src: tuple(MoveToken(src, dst) for dst in C.ADJACENT[src]) for src in C.PROVINCE_IDS}
_TAKE_GUILD = {c: TakeGuild(c) for c in C.COLORS}
_CONVERT = {p: Convert(p) for p in C.PROVINCE_IDS}
_AUCTION = {p: StartAuction(p) for p in C.PROVINCE_IDS}
#: a site's plain special action (Special(site)) and the green one's token placements
_SPECIAL = {site: Special(site) for site in (*C.PROVINCE_IDS, *_GUILD_SITES.values(), *C.COLONY_IDS)}
_SPECIAL_CARD = {site: Special(site, "card") for site in _SPECIAL}
_GREEN_SPECIALS = {site: tuple(Special(site, prov) for prov in C.PROVINCE_IDS) for site in _SPECIAL}
_TAKE_TOKEN = tuple(Take(p) for p in C.PROVINCE_IDS)
_TAKE_CARD = Take("card")
#: bids of 0 .. len-1 half-guilders (a larger bid is built when needed)
_BIDS = tuple(Bid(x) for x in range(401))
#: (card, grey card, set size, the Exchange move) for every exchange, in legal_moves order
_EXCHANGE_MOVES = tuple(
    (f"{prefix}{size}", f"g-{prefix}{size}", size, Exchange(kind, size))
    for kind, (prefix, _values) in C.EXCHANGES.items()
    for size in (1, 2, 3)
)
_NUM_GUILD_STEPS = len(C.GUILD_COSTS)
#: site_color of every site a marker can stand on
_SITE_COLOR = {site: site_color(site) for site in _SPECIAL}


def income_at(state: State, space: int) -> list[int]:
    """What each seat is paid when the King stops on Governor track ``space``, in
    half-guilders, one entry per seat.

    Rulebook "Moving the King": 1 per Movement Token and 2 per Influence Marker
    in the two provinces shown, +1 per matching Governor card; a Governor space
    pays everyone 1, King William II everyone 3.
    """
    n = len(state.players)
    shown = C.track_provinces(space)
    if not shown:
        each = C.PAY_KING_SPACE if space == C.KING_SPACE else C.PAY_GOVERNOR_SPACE
        return [each] * n
    pay = [0] * n
    for prov in shown:
        pr = state.provinces[prov]
        for seat, t in enumerate(pr.tokens):
            pay[seat] += t * C.PAY_TOKEN
        if pr.marker >= 0:
            pay[pr.marker] += C.PAY_MARKER
        gov = f"gov-{prov}"
        for seat, pl in enumerate(state.players):
            if gov in pl.culture:
                pay[seat] += C.PAY_GOVERNOR_CARD
    return pay


# -- the state an apply builds ---------------------------------------------------------
class Draft:
    """The new State one ``apply`` builds, copying only what the move changes.

    ``Draft(state).s`` starts as a shallow copy of ``state``: its scalar fields
    may be set freely, but every container is still shared with ``state``. A
    handler reads through ``d.s`` and, before changing a part, asks the draft
    for its own copy of that part (``player``, ``province``, ``guild``,
    ``colony``, ``deck``, ``discard``, ``auction``, ``rng``); the first call
    copies it (and the dict or list holding it) into the new state, later
    calls in the same apply return the same copy. Anything not asked for stays
    shared between the old and the new state, which is safe because states
    are never changed after ``apply`` returns them (the conformance test checks
    that ``apply`` leaves its input byte-identical).

    Lists inside a Player (cards, culture, paintings, finished) are replaced,
    never changed in place (``p.cards = [...]``), so copying a Player copies
    only the struct. A ``Painting`` or ``ColonyMarker`` is replaced by a new
    one rather than changed.
    """

    __slots__ = ("s", "_players", "_provinces", "_guilds", "_colonies", "_decks", "_discards",
                 "_auction", "_rng")

    def __init__(self, state: State) -> None:
        self.s: State = state.__copy__()
        self._players: set[int] | None = None
        self._provinces: set[str] | None = None
        self._guilds: set[str] | None = None
        self._colonies: set[str] | None = None
        self._decks: set[str] | None = None
        self._discards: set[str] | None = None
        self._auction = False
        self._rng = False

    def player(self, seat: int) -> Player:
        """``seat``'s Player, owned by the new state (its lists still shared: replace them)."""
        own = self._players
        s = self.s
        if own is None:
            s.players = s.players[:]
            own = self._players = set()
        elif seat in own:
            return s.players[seat]
        own.add(seat)
        p = s.players[seat] = s.players[seat].__copy__()
        return p

    def province(self, pid: str) -> Province:
        """Province ``pid`` with its own ``tokens`` list, owned by the new state."""
        own = self._provinces
        s = self.s
        if own is None:
            s.provinces = dict(s.provinces)
            own = self._provinces = set()
        elif pid in own:
            return s.provinces[pid]
        own.add(pid)
        old = s.provinces[pid]
        pr = s.provinces[pid] = Province(old.tokens[:], old.marker, old.flipped)
        return pr

    def guilds(self) -> dict[str, Guild]:
        """The guild dict, owned by the new state (its Guilds still shared until ``guild``)."""
        if self._guilds is None:
            self.s.guilds = dict(self.s.guilds)
            self._guilds = set()
        return self.s.guilds

    def set_guild(self, color: str, guild: Guild) -> None:
        """Put a new Guild (owned by the new state) in column ``color``."""
        self.guilds()[color] = guild
        assert self._guilds is not None
        self._guilds.add(color)

    def guild(self, color: str) -> Guild:
        """The ``color`` Guild, owned by the new state."""
        gs = self.guilds()
        own = self._guilds
        assert own is not None
        if color not in own:
            own.add(color)
            gs[color] = gs[color].__copy__()
        return gs[color]

    def colony(self, cid: str) -> list[ColonyMarker]:
        """The markers on colony space ``cid``: a list owned by the new state (the
        markers in it are shared: replace one to change it)."""
        own = self._colonies
        s = self.s
        if own is None:
            s.colonies = dict(s.colonies)
            own = self._colonies = set()
        elif cid in own:
            return s.colonies[cid]
        own.add(cid)
        ms = s.colonies[cid] = s.colonies[cid][:]
        return ms

    def deck(self, color: str) -> list[str]:
        """The ``color`` draw pile, a list owned by the new state."""
        own = self._decks
        s = self.s
        if own is None:
            s.decks = dict(s.decks)
            own = self._decks = set()
        elif color in own:
            return s.decks[color]
        own.add(color)
        d = s.decks[color] = s.decks[color][:]
        return d

    def discard(self, color: str) -> list[str]:
        """The ``color`` discard pile, a list owned by the new state."""
        own = self._discards
        s = self.s
        if own is None:
            s.discards = dict(s.discards)
            own = self._discards = set()
        elif color in own:
            return s.discards[color]
        own.add(color)
        d = s.discards[color] = s.discards[color][:]
        return d

    def auction(self) -> Auction:
        """The running auction (with its own ``order`` and ``passed``), owned by the new state."""
        a = self.s.auction
        assert a is not None
        if not self._auction:
            self._auction = True
            a = self.s.auction = Auction(
                a.site, a.color, a.auctioneer, a.order[:], a.bidder, a.high_bid, a.high_bidder, a.passed[:]
            )
        return a

    def new_auction(self, a: Auction) -> None:
        """Start auction ``a`` (a new Auction, owned by the new state)."""
        self.s.auction = a
        self._auction = True

    def rng(self) -> Rng:
        """The game's random generator, owned by the new state."""
        if not self._rng:
            self._rng = True
            self.s.rng = Rng(self.s.rng.state)
        return self.s.rng


# -- the game -----------------------------------------------------------------
class GoldenAge(BotModules):
    """The Dutch Golden Age (Leo Colovini & Giuseppe Baù, Phalanx 2008), 3-4
    players; 2 with the 2-player variant."""

    id = "golden-age"
    title = "The Dutch Golden Age"
    min_players = C.MIN_PLAYERS
    max_players = C.MAX_PLAYERS
    Options = Options
    State = State
    Move = GoldenMove
    private_information = False

    # set-up -------------------------------------------------------------------
    def setup(self, players: Sequence[str], seed: int, options: Options | None = None) -> State:
        """A new game before the set-up placements: 10 guilders each, 6 markers
        and 5 tokens in each reserve, the five decks shuffled.

        With 2 players the 2-player variant is always on.
        Raises ValueError for a player count outside 2-4.
        """
        n = len(players)
        if not self.min_players <= n <= self.max_players:
            raise ValueError(f"The Dutch Golden Age takes 2-4 players (2 with the variant), not {n}.")
        opts = options if options is not None else Options()
        rng = Rng.from_seed(seed)
        decks = {}
        for color in C.DECK_COLORS:
            deck = C.full_deck(color)
            rng.shuffle(deck)
            decks[color] = deck
        return State(
            players=[Player(name=nm, money=C.START_MONEY, markers=C.MARKERS, tokens=C.TOKENS) for nm in players],
            phase="place_marker",
            provinces={p: Province(tokens=[0] * n) for p in C.PROVINCE_IDS},
            guilds={c: Guild() for c in C.COLORS},
            colonies={cid: [] for cid in C.COLONY_IDS},
            decks=decks,
            discards={c: [] for c in C.DECK_COLORS},
            income=[0] * n,
            auctioneer_bids=opts.two_player_variant or n == 2,
            rng=rng,
        )

    # queries ---------------------------------------------------------------------
    def to_move(self, state: State) -> int | None:
        """The seat deciding now: the placer, the player on turn, the bidder
        whose bid it is, or the auction's winner choosing; None once over."""
        if state.phase == "over":
            return None
        if state.phase in ("bid", "award"):
            assert state.auction is not None
            return state.auction.bidder
        return state.current

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def turn(self, state: State) -> int:
        return state.turn

    def reveals(self, before: State, after: State) -> bool:
        return before.reveals != after.reveals

    def legal_moves(self, state: State) -> list[GoldenMove]:
        """Every legal choice at the pending decision (see RULES.md)."""
        s = state
        ph = s.phase
        if ph == "act":
            return self._act_moves(s)
        if ph == "bid":
            return self._bid_moves(s)
        if ph == "roll":
            if "dice" in s.players[s.current].cards:
                return list(_ROLL_OR_DICE)
            return [_ROLL]
        if ph == "award":
            return [self._take(c) for c in self._award_choices(s)]
        if ph == "over":
            return []
        if ph == "place_marker":
            return [PlaceMarker(p) for p, pr in s.provinces.items() if pr.marker < 0]
        if ph == "place_tokens":
            return [
                PlaceToken(p) for p, pr in s.provinces.items()
                if pr.marker < 0 and sum(pr.tokens) < C.SETUP_TOKENS_PER_PROVINCE
            ]
        if ph == "place_king":
            return [PlaceKing(i) for i in C.GOVERNOR_SPACES]
        raise ValueError(f"Unknown phase {ph!r}")

    @staticmethod
    def _take(choice: str) -> Take:
        if choice == "card":
            return _TAKE_CARD
        return Take(choice)

    def _bid_moves(self, s: State) -> list[GoldenMove]:
        a = s.auction
        assert a is not None
        lo, hi = a.high_bid + 1, bid_limit(s, a.bidder)
        if hi < len(_BIDS):
            return [_PASS, *_BIDS[lo : hi + 1]]
        return [_PASS, *(Bid(x) for x in bid_amounts(lo, hi))]

    def _award_choices(self, s: State) -> list[str]:
        a = s.auction
        assert a is not None
        p = s.players[a.bidder]
        if a.color == "green":
            return list(C.PROVINCE_IDS)
        out = ["card"] if can_draw(s, "brown") else []
        if p.money >= C.PAINTER_PAYMENT:
            out += [f"paint {i + 1}" for i in range(len(p.paintings))]
        return out

    def _act_moves(self, s: State) -> list[GoldenMove]:
        seat = s.current
        p = s.players[seat]
        money = p.money
        cards = p.cards
        provinces = s.provinces
        moves: list[GoldenMove] = []
        # one pass over the provinces: movement (free action), provinces where
        # 3 tokens can become a marker, and the active province markers
        can_move = money >= C.MOVE_PRICE
        convertible = []
        active = []
        for prov, pr in provinces.items():
            t = pr.tokens[seat]
            if t:
                if can_move:
                    moves += _MOVES_FROM[prov]
                if t >= 3 and pr.marker < 0:
                    convertible.append(prov)
            if pr.marker == seat and not pr.flipped:
                active.append(prov)
        # guild control (marker from the reserve only); active guild markers
        markers = p.markers
        for color, g in s.guilds.items():
            if g.owner == seat:
                if not g.flipped:
                    active.append(_GUILD_SITES[color])
            elif markers:
                nxt = g.step + 1
                if nxt < _NUM_GUILD_STEPS and money >= C.GUILD_COSTS[nxt]:
                    moves.append(_TAKE_GUILD[color])
        if any(s.colonies.values()):  # (most of a game nobody has founded a colony)
            for cid, ms in s.colonies.items():
                for x in ms:
                    if x.owner == seat and not x.flipped:
                        active.append(cid)
                        break
        # new Influence Marker from 3 tokens
        for prov in convertible:
            if markers:
                moves.append(_CONVERT[prov])
            else:
                moves += [Convert(prov, src) for src in active]
        # special actions and auctions
        decks, discards = s.decks, s.discards
        for site in active:
            color = _SITE_COLOR[site]
            if color == "green":
                if p.tokens and money >= C.TOKEN_PRICE:
                    moves += _GREEN_SPECIALS[site]
            elif color == "brown":
                if (decks["brown"] or discards["brown"]) and money >= C.CARD_PRICE:
                    moves.append(_SPECIAL_CARD[site])
                if money >= C.PAINTER_PAYMENT:
                    moves += [Special(site, f"paint {i + 1}") for i in range(len(p.paintings))]
            elif color == "orange":
                if (decks["orange"] or discards["orange"]) and money >= C.COLONIES[site][0] * C.HALF:
                    moves.append(_SPECIAL[site])
            elif (decks[color] or discards[color]) and money >= C.CARD_PRICE:
                moves.append(_SPECIAL[site])
            if site in provinces:
                moves.append(_AUCTION[site])
        if cards:
            # card exchanges
            held = set(cards)
            for want, grey, size, move in _EXCHANGE_MOVES:
                if (want in held or grey in held) and cards.count(want) + cards.count(grey) >= size:
                    moves.append(move)
            # colonies
            sets = _held_colony_sets(tuple(cards)) if len(cards) >= C.MIXED_SET else ()
            if sets:
                for space in C.COLONY_IDS:
                    cap = C.COLONIES[space][2]
                    if cap and len(s.colonies[space]) >= cap:
                        continue
                    sources = [""] if p.markers else [x for x in active if x != space]
                    for kinds in sets:
                        moves += [Found(space, kinds, src) for src in sources]
        moves.append(_END)
        return moves


    # apply ---------------------------------------------------------------------------
    def apply(self, state: State, move: GoldenMove) -> State:
        """The state after ``move``; ``state`` is untouched.

        Raises IllegalMove if ``move`` is not among ``legal_moves(state)``.
        """
        if state.phase == "over":
            raise IllegalMove("The game is over; no more moves.")
        if move not in self.legal_moves(state):
            raise IllegalMove(f"'{self.notation(move)}' is not a legal move now.")
        return self.apply_trusted(state, move)

    def apply_trusted(self, state: State, move: GoldenMove) -> State:
        """``apply`` without the legality check, for a move taken from
        ``legal_moves(state)`` (or ``parse``): replay, bots, playouts.

        ``state`` is untouched; the new state shares every part the move does
        not change (see ``Draft``). A move that is not legal here gives an
        undefined result (it may raise or return a state no game reaches).
        """
        d = Draft(state)
        _HANDLERS[type(move)](self, d, move)
        return d.s

    # set-up placements
    def _next_placer(self, s: State, seat: int) -> None:
        if seat != s.current:
            s.turn += 1
        s.current = seat

    def _do_PlaceMarker(self, d: Draft, m: PlaceMarker) -> None:
        s = d.s
        seat = s.current
        d.province(m.province).marker = seat
        d.player(seat).markers -= 1
        s.setup_step += 1
        n = len(s.players)
        if s.setup_step < n:
            self._next_placer(s, s.setup_step)
        else:
            s.phase, s.setup_step = "place_tokens", 0
            self._next_placer(s, 0)

    def _do_PlaceToken(self, d: Draft, m: PlaceToken) -> None:
        s = d.s
        seat = s.current
        d.province(m.province).tokens[seat] += 1
        d.player(seat).tokens -= 1
        s.setup_step += 1
        n = len(s.players)
        if s.setup_step < C.SETUP_TOKENS * n:
            self._next_placer(s, s.setup_step // C.SETUP_TOKENS)
        else:
            s.phase = "place_king"  # the last placer chooses the King's Governor space

    def _do_PlaceKing(self, d: Draft, m: PlaceKing) -> None:
        s = d.s
        s.king = m.space
        s.phase = "roll"
        self._next_placer(s, 0)

    # the King
    def _do_Roll(self, d: Draft, m: Roll) -> None:
        s = d.s
        rng = d.rng()
        dice = [rng.randint(1, 6), rng.randint(1, 6)]
        s.dice = dice
        s.reveals += 1
        self._move_king(d, sum(dice))

    def _do_PlayDice(self, d: Draft, m: PlayDice) -> None:
        s = d.s
        p = d.player(s.current)
        cards = p.cards[:]
        cards.remove("dice")
        p.cards = cards
        d.discard("grey").append("dice")
        s.dice = [m.total]
        self._move_king(d, m.total)

    def _move_king(self, d: Draft, total: int) -> None:
        """Move the King ``total`` spaces clockwise and pay everyone as the
        space says (rulebook "Moving the King"; Governor cards +1 each)."""
        s = d.s
        s.king = (s.king + total) % len(C.TRACK)
        pay = income_at(s, s.king)
        for seat, x in enumerate(pay):
            if x:
                d.player(seat).money += x
        s.income = pay
        s.phase = "act"

    # free actions
    def _do_MoveToken(self, d: Draft, m: MoveToken) -> None:
        seat = d.s.current
        d.player(seat).money -= C.MOVE_PRICE
        d.province(m.src).tokens[seat] -= 1
        d.province(m.dst).tokens[seat] += 1

    def _do_TakeGuild(self, d: Draft, m: TakeGuild) -> None:
        seat = d.s.current
        g = d.guild(m.color)
        g.step += 1
        p = d.player(seat)
        p.money -= C.GUILD_COSTS[g.step]
        p.markers -= 1
        if g.owner >= 0:
            d.player(g.owner).markers += 1
        g.owner, g.flipped = seat, False

    def _take_marker(self, d: Draft, seat: int, source: str) -> None:
        """Take a marker for a new place: from the reserve (``source`` "") or
        move the active one at ``source`` (a vacated guild resets to 3)."""
        if not source:
            d.player(seat).markers -= 1
        elif source in C.PROVINCES:
            pr = d.province(source)
            pr.marker, pr.flipped = -1, False
        elif source.startswith("guild-"):
            d.set_guild(source[6:], Guild())
        else:
            ms = d.colony(source)
            ms.remove(next(x for x in ms if x.owner == seat and not x.flipped))

    def _do_Convert(self, d: Draft, m: Convert) -> None:
        seat = d.s.current
        self._take_marker(d, seat, m.source)
        pr = d.province(m.province)
        pr.tokens[seat] -= 3
        d.player(seat).tokens += 3
        pr.marker, pr.flipped = seat, False

    # special actions
    def _flip(self, d: Draft, seat: int, site: str) -> None:
        if site in C.PROVINCES:
            d.province(site).flipped = True
        elif site.startswith("guild-"):
            d.guild(site[6:]).flipped = True
        else:
            ms = d.colony(site)
            i = next(i for i, x in enumerate(ms) if x.owner == seat and not x.flipped)
            ms[i] = ColonyMarker(seat, True)

    def _draw(self, d: Draft, color: str) -> str:
        """Top card of ``color``; an empty deck is first reshuffled from its discards (FAQ)."""
        deck = d.deck(color)
        if not deck:
            deck.extend(d.s.discards[color])
            d.discard(color).clear()
            d.rng().shuffle(deck)
        d.s.reveals += 1
        return deck.pop()

    def _receive(self, d: Draft, seat: int, card: str) -> None:
        p = d.player(seat)
        if card[0] == "a" and card[1:].isdigit():
            p.paintings = [*p.paintings, Painting(card)]
        elif card in C.CULTURE_VP or card.startswith("gov-"):
            p.culture = [*p.culture, card]
        else:
            p.cards = [*p.cards, card]

    def _pay_painter(self, d: Draft, seat: int, index: int) -> None:
        """Pay 1 guilder onto painting ``index``; the last payment finishes it (VP at once)."""
        p = d.player(seat)
        p.money -= C.PAINTER_PAYMENT
        paintings = p.paintings[:]
        old = paintings[index]
        pt = Painting(old.card, old.paid + 1)
        if pt.paid >= C.art_payments(pt.card):
            paintings.pop(index)
            p.finished = [*p.finished, pt.card]
        else:
            paintings[index] = pt
        p.paintings = paintings

    def _do_Special(self, d: Draft, m: Special) -> None:
        seat = d.s.current
        p = d.player(seat)
        color = site_color(m.site)
        if color == "green":
            p.money -= C.TOKEN_PRICE
            p.tokens -= 1
            d.province(m.choice).tokens[seat] += 1
        elif color == "brown" and m.choice != "card":
            self._pay_painter(d, seat, int(m.choice.split()[1]) - 1)
        else:
            p.money -= C.COLONIES[m.site][0] * C.HALF if color == "orange" else C.CARD_PRICE
            self._receive(d, seat, self._draw(d, "orange" if color == "orange" else color))
        self._flip(d, seat, m.site)

    # cards
    def _do_Exchange(self, d: Draft, m: Exchange) -> None:
        p = d.player(d.s.current)
        cards = exchange_cards(p.cards, m.kind, m.size)
        assert cards is not None
        left = p.cards[:]
        for c in cards:
            left.remove(c)
            d.discard(C.card_color(c)).append(c)
        p.cards = left
        p.money += C.EXCHANGES[m.kind][1][m.size]

    def _do_Found(self, d: Draft, m: Found) -> None:
        seat = d.s.current
        p = d.player(seat)
        left = p.cards[:]
        for kind in m.cards:
            card = kind if kind in left else f"g-{kind}"
            left.remove(card)
            d.discard(C.card_color(card)).append(card)
        p.cards = left
        self._take_marker(d, seat, m.source)
        d.colony(m.space).append(ColonyMarker(seat))

    # auctions
    def _do_StartAuction(self, d: Draft, m: StartAuction) -> None:
        s = d.s
        seat = s.current
        n = len(s.players)
        order = [(seat + k) % n for k in range(1, n)]
        if s.auctioneer_bids:
            order.append(seat)
        self._flip(d, seat, m.site)
        d.new_auction(Auction(
            site=m.site, color=site_color(m.site), auctioneer=seat, order=order, bidder=order[0], passed=[]
        ))
        self._advance_auction(d, 0)

    def _can_bid(self, s: State, seat: int) -> bool:
        a = s.auction
        assert a is not None
        if seat == a.auctioneer and a.high_bidder in (-1, a.auctioneer):
            return False  # variant: the auctioneer may only outbid another player
        return bid_limit(s, seat) > a.high_bid

    def _advance_auction(self, d: Draft, start: int) -> None:
        """Give the bid to the next seat still in, clockwise from order index
        ``start``; seats that cannot bid pass automatically; end the auction
        when everyone but the high bidder has passed."""
        s = d.s
        a = d.auction()
        n = len(a.order)
        while True:
            live = [x for x in a.order if x not in a.passed]
            if a.high_bidder < 0 and all(x == a.auctioneer for x in live):
                self._close_auction(d)
                return
            if a.high_bidder >= 0 and all(x == a.high_bidder for x in live):
                self._sell(d)
                return
            for k in range(n):
                i = (start + k) % n
                x = a.order[i]
                if x not in a.passed and x != a.high_bidder:
                    break
            if self._can_bid(s, x):
                a.bidder = x
                s.phase = "bid"
                return
            a.passed.append(x)
            start = i + 1

    def _do_Bid(self, d: Draft, m: Bid) -> None:
        a = d.auction()
        a.high_bid, a.high_bidder = m.amount, a.bidder
        self._advance_auction(d, a.order.index(a.bidder) + 1)

    def _do_Pass(self, d: Draft, m: Pass) -> None:
        a = d.auction()
        a.passed.append(a.bidder)
        self._advance_auction(d, a.order.index(a.bidder) + 1)

    def _sell(self, d: Draft) -> None:
        """The winner pays the auctioneer (the bank if it is the auctioneer) and
        takes the action at once, free; green and brown winners choose how."""
        s = d.s
        a = d.auction()
        w = a.high_bidder
        d.player(w).money -= a.high_bid
        if w != a.auctioneer:
            d.player(a.auctioneer).money += a.high_bid
        a.bidder = w
        if a.color in ("green", "brown"):
            s.phase = "award"
            choices = self._award_choices(s)
            if not choices:  # no brown card left and no money for a painter: nothing to take
                self._close_auction(d)
            elif a.color == "brown" and len(choices) == 1:
                self._award(d, choices[0])
            return
        self._receive(d, w, self._draw(d, a.color))
        self._close_auction(d)

    def _award(self, d: Draft, choice: str) -> None:
        a = d.auction()
        w = a.bidder
        if a.color == "green":
            d.player(w).tokens -= 1
            d.province(choice).tokens[w] += 1
        elif choice == "card":
            self._receive(d, w, self._draw(d, "brown"))
        else:
            self._pay_painter(d, w, int(choice.split()[1]) - 1)
        self._close_auction(d)

    def _do_Take(self, d: Draft, m: Take) -> None:
        self._award(d, m.choice)

    def _close_auction(self, d: Draft) -> None:
        d.s.auction = None
        d.s.phase = "act"

    # end of turn
    def _do_End(self, d: Draft, m: End) -> None:
        """Announce VP; 33 or more wins at the end of one's own turn; else flip
        the markers back and pass the turn (the software round limit aside)."""
        s = d.s
        seat = s.current
        total = vp(s, seat)
        d.player(seat).announced = total
        for pid, pr in s.provinces.items():
            if pr.marker == seat and pr.flipped:
                d.province(pid).flipped = False
        for color, g in s.guilds.items():
            if g.owner == seat and g.flipped:
                d.guild(color).flipped = False
        for cid, ms in s.colonies.items():
            for i, x in enumerate(ms):
                if x.owner == seat and x.flipped:
                    d.colony(cid)[i] = ColonyMarker(seat, False)
        if total >= C.WIN_VP:
            s.phase, s.winners = "over", [seat]
            return
        n = len(s.players)
        nxt = (seat + 1) % n
        if nxt == 0:
            s.round += 1
            if s.round >= C.MAX_ROUNDS:
                totals = [vp(s, i) for i in range(n)]
                best = max(totals)
                s.phase, s.winners = "over", [i for i in range(n) if totals[i] == best]
                return
        s.phase = "roll"
        self._next_placer(s, nxt)

    # scoring -------------------------------------------------------------------------
    def scores(self, state: State) -> list[ScoreSheet]:
        """Per seat: VP by the rulebook's table (guild markers score nothing)."""
        out = []
        for i in range(len(state.players)):
            parts = vp_parts(state, i)
            out.append(ScoreSheet(seat=i, total=sum(parts.values()), parts=dict(parts)))
        return out

    def winners(self, state: State) -> list[int]:
        """The player who ended their own turn with 33+ VP (or, at the software
        round limit, everyone with the most VP); [] while the game runs."""
        return list(state.winners)

    def tallies(self, state: State) -> list[dict[str, float]]:
        """Public counters per seat: VP, guilders, cards held."""
        return [
            {
                "VP": vp(state, i),
                "Guilders": p.money / C.HALF,
                "Cards": len(p.cards),
            }
            for i, p in enumerate(state.players)
        ]

    # text ----------------------------------------------------------------------------
    def notation(self, move: GoldenMove) -> str:
        """Short, stable text: "roll", "dice 7", "move utr hol", "guild green",
        "convert gro", "special hol lim", "auction bra", "bid 3.5", "pass",
        "take card", "exchange invest 2", "found east-4 ship+capt+flag", "end"."""
        if isinstance(move, PlaceMarker):
            return f"place {move.province}"
        if isinstance(move, PlaceToken):
            return f"token {move.province}"
        if isinstance(move, PlaceKing):
            return f"king {move.space}"
        if isinstance(move, Roll):
            return "roll"
        if isinstance(move, PlayDice):
            return f"dice {move.total}"
        if isinstance(move, MoveToken):
            return f"move {move.src} {move.dst}"
        if isinstance(move, TakeGuild):
            return f"guild {move.color}"
        if isinstance(move, Convert):
            return f"convert {move.province}" + (f" from {move.source}" if move.source else "")
        if isinstance(move, Special):
            return f"special {move.site}" + (f" {move.choice}" if move.choice else "")
        if isinstance(move, StartAuction):
            return f"auction {move.site}"
        if isinstance(move, Bid):
            return f"bid {C.money_text(move.amount, ascii=True)}"
        if isinstance(move, Pass):
            return "pass"
        if isinstance(move, Take):
            return f"take {move.choice}"
        if isinstance(move, Exchange):
            return f"exchange {move.kind} {move.size}"
        if isinstance(move, Found):
            text = f"found {move.space} {'+'.join(move.cards)}"
            return text + (f" from {move.source}" if move.source else "")
        if isinstance(move, End):
            return "end"
        raise TypeError(f"Not a Golden Age move: {move!r}")

    def parse(self, state: State, text: str) -> GoldenMove:
        """The legal move written as ``text`` (whitespace and case aside);
        IllegalMove if there is none.

        The text is read back into a move directly (``_read``) and accepted when
        that move is legal here and its notation is ``text``, so one call costs
        one ``notation`` and at most one ``legal_moves`` (none for a move that
        is legal for certain: ``_surely_legal``, most of a replay's moves);
        text in any other shape falls back to comparing it with the notation
        of every legal move.
        """
        want = " ".join(text.split()).lower()
        move = _read(want.split())
        if move is not None and self.notation(move).lower() == want:
            if self._surely_legal(state, move):
                return move
            legal = self.legal_moves(state)
            if move in legal:
                return move
        else:
            legal = self.legal_moves(state)
        for m in legal:
            if self.notation(m).lower() == want:
                return m
        raise IllegalMove(f"'{text}' is not a legal move now.")

    @staticmethod
    def _surely_legal(s: State, move: GoldenMove) -> bool:
        """True when ``move`` is among ``legal_moves(s)`` for certain, told
        without generating them: ending the turn, or moving a Movement Token,
        on a player's turn (``_act_moves`` always offers End, and a token move
        from each province holding one of the player's tokens to each
        neighbour while they can pay for it). False tells nothing."""
        if s.phase != "act":
            return False
        if isinstance(move, End):
            return True
        if isinstance(move, MoveToken):
            seat = s.current
            pr = s.provinces.get(move.src)
            return (pr is not None and bool(pr.tokens[seat]) and s.players[seat].money >= C.MOVE_PRICE
                    and move in _MOVES_FROM[move.src])
        return False

    def describe(self, state: State, move: GoldenMove, after: State | None = None) -> str:
        """One log line for ``move`` made in ``state``, in plain English: the
        King's space in words and who is paid, the card bought and its price,
        and, when a bid or pass ends an auction, who won, paid whom and took
        what (seats that cannot bid are named).

        For the log of a move made: it reads the state after ``move`` to
        report the dice and the card drawn, so it must not label a choice
        before it is made. ``after``: that state, when the caller has it (a
        replay, ``tui.history.record_replay``); else ``move`` is applied here."""
        s = state
        given = after

        def after_move() -> State:
            return self.apply(s, move) if given is None else given

        seat = self.to_move(s)
        who = s.players[seat].name if seat is not None else "?"
        g = C.money_text

        def guilders(half: int) -> str:
            return C.guilders_text(half)

        if isinstance(move, PlaceMarker):
            return f"{who} places an Influence Marker in {C.site_name(move.province)}"
        if isinstance(move, PlaceToken):
            return f"{who} places a Movement Token in {C.site_name(move.province)}"
        if isinstance(move, PlaceKing):
            return f"{who} puts the King on the Governor space {move.space}"
        if isinstance(move, (Roll, PlayDice)):
            after = after_move()
            if isinstance(move, Roll):
                how = f"rolls {after.dice[0]}+{after.dice[1]} = {sum(after.dice)}"
            else:
                how = f"plays the Dice card for {move.total}"
            if all(x == after.income[0] for x in after.income) and after.income[0]:
                paid = f"everyone +{g(after.income[0])}"
            else:
                paid = ", ".join(
                    f"{s.players[i].name} +{g(x)}" for i, x in enumerate(after.income) if x
                ) or "nobody is paid"
            space = f"{C.track_space_name(after.king)} (space {after.king})"
            return f"{who} {how}; the King moves to {space}: {paid}"
        if isinstance(move, MoveToken):
            return f"{who} moves a Movement Token from {C.site_name(move.src)} to {C.site_name(move.dst)} (-½)"
        if isinstance(move, TakeGuild):
            gd = s.guilds[move.color]
            text = f"{who} takes control of the {move.color} guild for {guilders(C.GUILD_COSTS[gd.step + 1])}"
            if gd.owner >= 0:
                text += f"; {s.players[gd.owner].name}'s marker returns to the reserve"
            return text
        if isinstance(move, Convert):
            text = f"{who} turns 3 Movement Tokens in {C.site_name(move.province)} into an Influence Marker"
            return text + (f", {self._moved_from(move.source)}" if move.source else "")
        if isinstance(move, Special):
            color = site_color(move.site)
            where = C.colony_name(move.site) if color == "orange" else C.site_name(move.site)
            if color == "orange":
                where = f"the colony in {where}"
            if color == "green":
                return (f"{who} uses {where} to place a new Movement Token in "
                        f"{C.site_name(move.choice)} for {guilders(C.TOKEN_PRICE)}")
            if color == "brown" and move.choice != "card":
                return f"{who} uses {where} to " + self._payment_text(s, seat, int(move.choice.split()[1]) - 1)
            after = after_move()
            got = self._new_card(s, after, seat)
            price = C.COLONIES[move.site][0] * C.HALF if color == "orange" else C.CARD_PRICE
            return f"{who} uses {where} to buy {got} for {guilders(price)}"
        if isinstance(move, StartAuction):
            color = site_color(move.site)
            text = (f"{who} auctions the {color} special action of {C.site_name(move.site)} "
                    f"({_AUCTION_GOODS[color]})")
            return text + self._auction_outcome(s, after_move(), move)
        if isinstance(move, Bid):
            own = ""
            if s.auction is not None and seat == s.auction.auctioneer:
                own = f" ({variant_name(s)}: the auctioneer may bid)"
            return f"{who} bids {g(move.amount)}{own}" + self._auction_outcome(s, after_move(), move)
        if isinstance(move, Pass):
            return f"{who} passes" + self._auction_outcome(s, after_move(), move)
        if isinstance(move, Take):
            if move.choice in C.PROVINCES:
                return f"{who} places the Movement Token won at auction in {C.site_name(move.choice)}"
            if move.choice == "card":
                after = after_move()
                got = after.players[seat].paintings[-1].card
                return f"{who} takes the Art card won at auction ({C.painting_phrase(got)})"
            return f"{who} " + self._payment_text(s, seat, int(move.choice.split()[1]) - 1, "pays")
        if isinstance(move, Exchange):
            val = C.EXCHANGES[move.kind][1][move.size]
            name = "Investment" if move.kind == "invest" else "Spice"
            kind = {1: "single", 2: "pair type", 3: "three type"}[move.size]
            cards = f"{move.size} {name} card{'s' if move.size > 1 else ''} ({kind})"
            return f"{who} exchanges {cards} for {guilders(val)}"
        if isinstance(move, Found):
            names = [_KIND_NAMES[k] for k in move.cards]
            listed = ", ".join(names[:-1]) + " and " + names[-1]
            text = f"{who} founds a colony in {C.colony_name(move.space)} with {listed}"
            return text + (f", the marker {self._moved_from(move.source)}" if move.source else "")
        if isinstance(move, End):
            total = vp(s, seat)
            text = f"{who} ends the turn with {total} VP"
            if total >= C.WIN_VP:
                return text + " and wins"
            after = after_move()
            if after.phase == "over":
                names = " and ".join(after.players[w].name for w in after.winners)
                return text + f"; the round limit is reached and {names} win{'s' if len(after.winners) == 1 else ''}"
            return text
        return self.notation(move)

    @staticmethod
    def _moved_from(source: str) -> str:
        """"moved from Brabant" / "moved from the yellow guild (the guild is free again at 3)"."""
        text = f"moved from {C.site_name(source)}"
        if source.startswith("guild-"):
            text += f" (the guild is free again at {C.money_text(C.GUILD_COSTS[0])})"
        return text

    @staticmethod
    def _payment_text(s: State, seat: int, index: int, verb: str = "pay") -> str:
        """"pay 1 guilder to the painter of the 4/6 painting (payment 2 of 4)", and
        ": finished, +6 VP" when the payment finishes it."""
        pt = s.players[seat].paintings[index]
        n, paid = C.art_payments(pt.card), pt.paid + 1
        text = (f"{verb} 1 guilder to the painter of the {n}/{C.art_vp(pt.card)} painting "
                f"(payment {paid} of {n})")
        return text + (f": finished, +{C.art_vp(pt.card)} VP" if paid >= n else "")

    def _auction_outcome(self, before: State, after: State, move: GoldenMove) -> str:
        """What ``move`` (an auction start, bid or pass) did to the auction besides
        itself: the seats passed over because they cannot bid and, if the
        auction ended, its result ("" if there is nothing to add)."""
        if after.auction is None and before.auction is None:
            return "; nobody can bid, so the action is lost"  # closed at once
        if after.phase == "bid":
            assert after.auction is not None
            was = before.auction.passed if before.auction is not None else []
            mover = before.auction.bidder if before.auction is not None else -1
            skipped = [x for x in after.auction.passed if x not in was and x != mover]
            return self._cannot_bid(after, skipped)
        b = before.auction
        assert b is not None
        mover = b.bidder
        winner, price = (mover, move.amount) if isinstance(move, Bid) else (b.high_bidder, b.high_bid)
        skipped = [x for x in b.order if x not in b.passed and x not in (mover, winner)]
        text = self._cannot_bid(after, skipped)
        if winner < 0:
            return text + "; nobody bid, so the action is lost"
        name = after.players[winner].name
        if winner == b.auctioneer:
            text += f"; {name}, the auctioneer, wins the auction, pays {C.money_text(price)} to the bank"
        else:
            text += f"; {name} wins the auction, pays {after.players[b.auctioneer].name} {C.money_text(price)}"
        if after.phase == "award":
            if b.color == "green":
                return text + " and places the new Movement Token"
            return text + " and chooses: the Art card (free) or 1 guilder to a painter"
        if b.color == "brown":
            p0, p1 = before.players[winner], after.players[winner]
            if len(p1.paintings) > len(p0.paintings):
                return text + f" and takes {C.card_phrase(p1.paintings[-1].card)}"
            return text + " and pays 1 guilder to a painter"
        return text + f" and takes {self._new_card(before, after, winner)}"

    @staticmethod
    def _cannot_bid(s: State, seats: list[int]) -> str:
        """"; Cas and Dirk cannot bid" for the seats passed automatically."""
        if not seats:
            return ""
        names = [s.players[x].name for x in seats]
        listed = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
        return f"; {listed} cannot bid"

    def _new_card(self, before: State, after: State, seat: int) -> str:
        """The card ``seat`` received between ``before`` and ``after``, as a log phrase."""
        p0, p1 = before.players[seat], after.players[seat]
        for old, new in ((p0.cards, p1.cards), (p0.culture, p1.culture)):
            if len(new) > len(old):
                return C.card_phrase(new[-1])
        if len(p1.paintings) > len(p0.paintings):
            return C.card_phrase(p1.paintings[-1].card)
        return "a card"

    def epilogue(self, state: State) -> list[str]:
        """End-of-game lines for the log and the record. Nothing hidden is turned up at the end and the VP were announced
        turn by turn, so there is nothing more to tell: []."""
        return []

    def view(self, state: State, viewer: int | None) -> State:
        """A copy for ``viewer``: everything is open except the order of the
        decks (shown sorted) and the RNG."""
        s = copy_state(state)
        for color in s.decks:
            s.decks[color] = sorted(s.decks[color])
        s.rng = Rng(0)
        return s


def _read(w: list[str]) -> GoldenMove | None:
    """The move whose notation has the (lower-case) words ``w``, if ``w`` has a
    notation's shape (``GoldenAge.notation`` read backwards); else None.

    Only a fast path for ``parse``, which still checks that the move is legal
    and that its notation is the text."""
    n = len(w)
    if not n:
        return None
    head = w[0]
    try:
        if n == 1:
            return {"roll": _ROLL, "end": _END, "pass": _PASS}.get(head)
        if head == "move" and n == 3:
            return MoveToken(w[1], w[2])
        if head == "bid" and n == 2:
            whole, dot, half = w[1].partition(".")
            return Bid(int(whole) * C.HALF + (1 if dot and half == "5" else 0))
        if head == "special":
            return Special(w[1], " ".join(w[2:]))
        if head == "take":
            return Take(" ".join(w[1:]))
        if head == "auction" and n == 2:
            return StartAuction(w[1])
        if head == "guild" and n == 2:
            return TakeGuild(w[1])
        if head == "exchange" and n == 3:
            return Exchange(w[1], int(w[2]))
        if head == "convert" and n in (2, 4):
            return Convert(w[1], w[3] if n == 4 else "")
        if head == "found" and n in (3, 5):
            return Found(w[1], tuple(w[2].split("+")), w[4] if n == 5 else "")
        if head == "dice" and n == 2:
            return PlayDice(int(w[1]))
        if head == "place" and n == 2:
            return PlaceMarker(w[1])
        if head == "token" and n == 2:
            return PlaceToken(w[1])
        if head == "king" and n == 2:
            return PlaceKing(int(w[1]))
    except ValueError:
        return None
    return None


#: apply's dispatch: move type -> its handler.
_HANDLERS = {cls: getattr(GoldenAge, f"_do_{cls.__name__}") for cls in get_args(GoldenMove)}

GAME = GoldenAge()
