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

from itertools import combinations
from typing import Any, Sequence, Union

import msgspec

from core.engine import IllegalMove, Move, ScoreSheet, copy_state
from core.golden_age import components as C
from core.golden_age.state import Auction, ColonyMarker, Guild, Painting, Player, Province, State
from core.rng import Rng

_ENCODER = msgspec.msgpack.Encoder()


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
    out += [f"guild-{c}" for c, g in s.guilds.items() if g.owner == seat and not (active_only and g.flipped)]
    out += [
        cid for cid, ms in s.colonies.items()
        if any(m.owner == seat and not (active_only and m.flipped) for m in ms)
    ]
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
    if sum(c.values()) < C.MIXED_SET:
        return []
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
    return sorted(found, key=lambda t: [_KIND_ORDER.index(x) for x in t])


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
    """``seat``'s total VP now."""
    return sum(vp_parts(s, seat).values())


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


# -- the game -----------------------------------------------------------------
class GoldenAge:
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

    def __init__(self) -> None:
        self._parse_cache: tuple[bytes, dict[str, GoldenMove]] | None = None

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
        if ph == "roll":
            moves: list[GoldenMove] = [Roll()]
            if "dice" in s.players[s.current].cards:
                moves += [PlayDice(t) for t in C.DICE_TOTALS]
            return moves
        if ph == "bid":
            return self._bid_moves(s)
        if ph == "award":
            return [Take(c) for c in self._award_choices(s)]
        return self._act_moves(s)

    def _bid_moves(self, s: State) -> list[GoldenMove]:
        a = s.auction
        assert a is not None
        return [Pass(), *(Bid(x) for x in bid_amounts(a.high_bid + 1, bid_limit(s, a.bidder)))]

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
        moves: list[GoldenMove] = []
        # free actions: movement
        if p.money >= C.MOVE_PRICE:
            for src, pr in s.provinces.items():
                if pr.tokens[seat]:
                    moves += [MoveToken(src, dst) for dst in C.ADJACENT[src]]
        # guild control (marker from the reserve only)
        if p.markers:
            for color, g in s.guilds.items():
                nxt = g.step + 1
                if g.owner != seat and nxt < len(C.GUILD_COSTS) and p.money >= C.GUILD_COSTS[nxt]:
                    moves.append(TakeGuild(color))
        active = marker_sites(s, seat)
        # new Influence Marker from 3 tokens
        for prov, pr in s.provinces.items():
            if pr.tokens[seat] >= 3 and pr.marker < 0:
                if p.markers:
                    moves.append(Convert(prov))
                else:
                    moves += [Convert(prov, src) for src in active]
        # special actions and auctions
        for site in active:
            color = site_color(site)
            if color == "green":
                if p.tokens and p.money >= C.TOKEN_PRICE:
                    moves += [Special(site, prov) for prov in C.PROVINCE_IDS]
            elif color == "brown":
                if can_draw(s, "brown") and p.money >= C.CARD_PRICE:
                    moves.append(Special(site, "card"))
                if p.money >= C.PAINTER_PAYMENT:
                    moves += [Special(site, f"paint {i + 1}") for i in range(len(p.paintings))]
            elif color == "orange":
                if can_draw(s, "orange") and p.money >= C.COLONIES[site][0] * C.HALF:
                    moves.append(Special(site))
            elif can_draw(s, color) and p.money >= C.CARD_PRICE:
                moves.append(Special(site))
            if site in s.provinces:
                moves.append(StartAuction(site))
        # card exchanges
        for kind in C.EXCHANGES if p.cards else ():
            for size in (1, 2, 3):
                if exchange_cards(p.cards, kind, size) is not None:
                    moves.append(Exchange(kind, size))
        # colonies
        sets = colony_sets(p.cards) if len(p.cards) >= C.MIXED_SET else []
        if sets:
            for space in C.COLONY_IDS:
                cap = C.COLONIES[space][2]
                if cap and len(s.colonies[space]) >= cap:
                    continue
                sources = [""] if p.markers else [x for x in active if x != space]
                for cards in sets:
                    moves += [Found(space, cards, src) for src in sources]
        moves.append(End())
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
        s = copy_state(state)
        handler = getattr(self, f"_do_{type(move).__name__}")
        handler(s, move)
        return s

    # set-up placements
    def _next_placer(self, s: State, seat: int) -> None:
        if seat != s.current:
            s.turn += 1
        s.current = seat

    def _do_PlaceMarker(self, s: State, m: PlaceMarker) -> None:
        seat = s.current
        s.provinces[m.province].marker = seat
        s.players[seat].markers -= 1
        s.setup_step += 1
        n = len(s.players)
        if s.setup_step < n:
            self._next_placer(s, s.setup_step)
        else:
            s.phase, s.setup_step = "place_tokens", 0
            self._next_placer(s, 0)

    def _do_PlaceToken(self, s: State, m: PlaceToken) -> None:
        seat = s.current
        s.provinces[m.province].tokens[seat] += 1
        s.players[seat].tokens -= 1
        s.setup_step += 1
        n = len(s.players)
        if s.setup_step < C.SETUP_TOKENS * n:
            self._next_placer(s, s.setup_step // C.SETUP_TOKENS)
        else:
            s.phase = "place_king"  # the last placer chooses the King's Governor space

    def _do_PlaceKing(self, s: State, m: PlaceKing) -> None:
        s.king = m.space
        s.phase = "roll"
        self._next_placer(s, 0)

    # the King
    def _do_Roll(self, s: State, m: Roll) -> None:
        dice = [s.rng.randint(1, 6), s.rng.randint(1, 6)]
        s.dice = dice
        s.reveals += 1
        self._move_king(s, sum(dice))

    def _do_PlayDice(self, s: State, m: PlayDice) -> None:
        p = s.players[s.current]
        p.cards.remove("dice")
        s.discards["grey"].append("dice")
        s.dice = [m.total]
        self._move_king(s, m.total)

    def _move_king(self, s: State, total: int) -> None:
        """Move the King ``total`` spaces clockwise and pay everyone as the
        space says (rulebook "Moving the King"; Governor cards +1 each)."""
        s.king = (s.king + total) % len(C.TRACK)
        pay = [0] * len(s.players)
        shown = C.track_provinces(s.king)
        if shown:
            for prov in shown:
                pr = s.provinces[prov]
                for seat, t in enumerate(pr.tokens):
                    pay[seat] += t * C.PAY_TOKEN
                if pr.marker >= 0:
                    pay[pr.marker] += C.PAY_MARKER
                gov = f"gov-{prov}"
                for seat, pl in enumerate(s.players):
                    if gov in pl.culture:
                        pay[seat] += C.PAY_GOVERNOR_CARD
        else:
            each = C.PAY_KING_SPACE if s.king == C.KING_SPACE else C.PAY_GOVERNOR_SPACE
            pay = [each] * len(s.players)
        for seat, x in enumerate(pay):
            s.players[seat].money += x
        s.income = pay
        s.phase = "act"

    # free actions
    def _do_MoveToken(self, s: State, m: MoveToken) -> None:
        seat = s.current
        s.players[seat].money -= C.MOVE_PRICE
        s.provinces[m.src].tokens[seat] -= 1
        s.provinces[m.dst].tokens[seat] += 1

    def _do_TakeGuild(self, s: State, m: TakeGuild) -> None:
        seat = s.current
        g = s.guilds[m.color]
        g.step += 1
        s.players[seat].money -= C.GUILD_COSTS[g.step]
        s.players[seat].markers -= 1
        if g.owner >= 0:
            s.players[g.owner].markers += 1
        g.owner, g.flipped = seat, False

    def _take_marker(self, s: State, seat: int, source: str) -> None:
        """Take a marker for a new place: from the reserve (``source`` "") or
        move the active one at ``source`` (a vacated guild resets to 3)."""
        if not source:
            s.players[seat].markers -= 1
        elif source in s.provinces:
            s.provinces[source].marker, s.provinces[source].flipped = -1, False
        elif source.startswith("guild-"):
            s.guilds[source[6:]] = Guild()
        else:
            ms = s.colonies[source]
            ms.remove(next(x for x in ms if x.owner == seat and not x.flipped))

    def _do_Convert(self, s: State, m: Convert) -> None:
        seat = s.current
        self._take_marker(s, seat, m.source)
        pr = s.provinces[m.province]
        pr.tokens[seat] -= 3
        s.players[seat].tokens += 3
        pr.marker, pr.flipped = seat, False

    # special actions
    def _flip(self, s: State, seat: int, site: str) -> None:
        if site in s.provinces:
            s.provinces[site].flipped = True
        elif site.startswith("guild-"):
            s.guilds[site[6:]].flipped = True
        else:
            next(x for x in s.colonies[site] if x.owner == seat and not x.flipped).flipped = True

    def _draw(self, s: State, color: str) -> str:
        """Top card of ``color``; an empty deck is first reshuffled from its discards (FAQ)."""
        if not s.decks[color]:
            s.decks[color], s.discards[color] = s.discards[color], []
            s.rng.shuffle(s.decks[color])
        s.reveals += 1
        return s.decks[color].pop()

    def _receive(self, s: State, seat: int, card: str) -> None:
        p = s.players[seat]
        if card[0] == "a" and card[1:].isdigit():
            p.paintings.append(Painting(card))
        elif card in C.CULTURE_VP or card.startswith("gov-"):
            p.culture.append(card)
        else:
            p.cards.append(card)

    def _pay_painter(self, s: State, seat: int, index: int) -> None:
        """Pay 1 guilder onto painting ``index``; the last payment finishes it (VP at once)."""
        p = s.players[seat]
        p.money -= C.PAINTER_PAYMENT
        pt = p.paintings[index]
        pt.paid += 1
        if pt.paid >= C.art_payments(pt.card):
            p.paintings.pop(index)
            p.finished.append(pt.card)

    def _do_Special(self, s: State, m: Special) -> None:
        seat = s.current
        p = s.players[seat]
        color = site_color(m.site)
        if color == "green":
            p.money -= C.TOKEN_PRICE
            p.tokens -= 1
            s.provinces[m.choice].tokens[seat] += 1
        elif color == "brown" and m.choice != "card":
            self._pay_painter(s, seat, int(m.choice.split()[1]) - 1)
        else:
            p.money -= C.COLONIES[m.site][0] * C.HALF if color == "orange" else C.CARD_PRICE
            self._receive(s, seat, self._draw(s, "orange" if color == "orange" else color))
        self._flip(s, seat, m.site)

    # cards
    def _do_Exchange(self, s: State, m: Exchange) -> None:
        p = s.players[s.current]
        cards = exchange_cards(p.cards, m.kind, m.size)
        assert cards is not None
        for c in cards:
            p.cards.remove(c)
            s.discards[C.card_color(c)].append(c)
        p.money += C.EXCHANGES[m.kind][1][m.size]

    def _do_Found(self, s: State, m: Found) -> None:
        seat = s.current
        p = s.players[seat]
        for kind in m.cards:
            card = kind if kind in p.cards else f"g-{kind}"
            p.cards.remove(card)
            s.discards[C.card_color(card)].append(card)
        self._take_marker(s, seat, m.source)
        s.colonies[m.space].append(ColonyMarker(seat))

    # auctions
    def _do_StartAuction(self, s: State, m: StartAuction) -> None:
        seat = s.current
        n = len(s.players)
        order = [(seat + k) % n for k in range(1, n)]
        if s.auctioneer_bids:
            order.append(seat)
        self._flip(s, seat, m.site)
        s.auction = Auction(
            site=m.site, color=site_color(m.site), auctioneer=seat, order=order, bidder=order[0]
        )
        self._advance_auction(s, 0)

    def _can_bid(self, s: State, seat: int) -> bool:
        a = s.auction
        assert a is not None
        if seat == a.auctioneer and a.high_bidder in (-1, a.auctioneer):
            return False  # variant: the auctioneer may only outbid another player
        return bid_limit(s, seat) > a.high_bid

    def _advance_auction(self, s: State, start: int) -> None:
        """Give the bid to the next seat still in, clockwise from order index
        ``start``; seats that cannot bid pass automatically; end the auction
        when everyone but the high bidder has passed."""
        a = s.auction
        assert a is not None
        n = len(a.order)
        while True:
            live = [x for x in a.order if x not in a.passed]
            if a.high_bidder < 0 and all(x == a.auctioneer for x in live):
                self._close_auction(s)
                return
            if a.high_bidder >= 0 and all(x == a.high_bidder for x in live):
                self._sell(s)
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

    def _do_Bid(self, s: State, m: Bid) -> None:
        a = s.auction
        assert a is not None
        a.high_bid, a.high_bidder = m.amount, a.bidder
        self._advance_auction(s, a.order.index(a.bidder) + 1)

    def _do_Pass(self, s: State, m: Pass) -> None:
        a = s.auction
        assert a is not None
        a.passed.append(a.bidder)
        self._advance_auction(s, a.order.index(a.bidder) + 1)

    def _sell(self, s: State) -> None:
        """The winner pays the auctioneer (the bank if it is the auctioneer) and
        takes the action at once, free; green and brown winners choose how."""
        a = s.auction
        assert a is not None
        w = a.high_bidder
        s.players[w].money -= a.high_bid
        if w != a.auctioneer:
            s.players[a.auctioneer].money += a.high_bid
        a.bidder = w
        if a.color in ("green", "brown"):
            s.phase = "award"
            choices = self._award_choices(s)
            if a.color == "brown" and len(choices) == 1:
                self._award(s, choices[0])
            return
        self._receive(s, w, self._draw(s, a.color))
        self._close_auction(s)

    def _award(self, s: State, choice: str) -> None:
        a = s.auction
        assert a is not None
        w = a.bidder
        if a.color == "green":
            s.players[w].tokens -= 1
            s.provinces[choice].tokens[w] += 1
        elif choice == "card":
            self._receive(s, w, self._draw(s, "brown"))
        else:
            self._pay_painter(s, w, int(choice.split()[1]) - 1)
        self._close_auction(s)

    def _do_Take(self, s: State, m: Take) -> None:
        self._award(s, m.choice)

    def _close_auction(self, s: State) -> None:
        s.auction = None
        s.phase = "act"

    # end of turn
    def _do_End(self, s: State, m: End) -> None:
        """Announce VP; 33 or more wins at the end of one's own turn; else flip
        the markers back and pass the turn (the software round limit aside)."""
        seat = s.current
        total = vp(s, seat)
        s.players[seat].announced = total
        for pr in s.provinces.values():
            if pr.marker == seat:
                pr.flipped = False
        for g in s.guilds.values():
            if g.owner == seat:
                g.flipped = False
        for ms in s.colonies.values():
            for x in ms:
                if x.owner == seat:
                    x.flipped = False
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
        """The legal move written as ``text``; IllegalMove if there is none.

        The notation -> move table of the last state parsed is kept (keyed by
        the state's msgpack bytes), so parsing every legal move of one state
        costs one ``legal_moves`` call, not one per move.
        """
        key = _ENCODER.encode(state)
        if self._parse_cache is None or self._parse_cache[0] != key:
            table = {self.notation(m).lower(): m for m in self.legal_moves(state)}
            self._parse_cache = (key, table)
        want = " ".join(text.split()).lower()
        try:
            return self._parse_cache[1][want]
        except KeyError:
            raise IllegalMove(f"'{text}' is not a legal move now.") from None

    def describe(self, state: State, move: GoldenMove) -> str:
        """One log line for ``move`` made in ``state``, in plain English: the
        King's space in words and who is paid, the card bought and its price,
        and, when a bid or pass ends an auction, who won, paid whom and took
        what (seats that cannot bid are named).

        For the log of a move made: it applies ``move`` to report the dice and
        the card drawn, so it must not label a choice before it is made."""
        s = state
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
            after = self.apply(s, move)
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
            after = self.apply(s, move)
            got = self._new_card(s, after, seat)
            price = C.COLONIES[move.site][0] * C.HALF if color == "orange" else C.CARD_PRICE
            return f"{who} uses {where} to buy {got} for {guilders(price)}"
        if isinstance(move, StartAuction):
            color = site_color(move.site)
            text = (f"{who} auctions the {color} special action of {C.site_name(move.site)} "
                    f"({_AUCTION_GOODS[color]})")
            return text + self._auction_outcome(s, self.apply(s, move), move)
        if isinstance(move, Bid):
            own = ""
            if s.auction is not None and seat == s.auction.auctioneer:
                own = f" ({variant_name(s)}: the auctioneer may bid)"
            return f"{who} bids {g(move.amount)}{own}" + self._auction_outcome(s, self.apply(s, move), move)
        if isinstance(move, Pass):
            return f"{who} passes" + self._auction_outcome(s, self.apply(s, move), move)
        if isinstance(move, Take):
            if move.choice in C.PROVINCES:
                return f"{who} places the Movement Token won at auction in {C.site_name(move.choice)}"
            if move.choice == "card":
                after = self.apply(s, move)
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
            after = self.apply(s, move)
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

    # bots -------------------------------------------------------------------------
    def margins(self, state: State) -> list[float]:
        """Each seat's projected final score margin in VP (``evaluate.margins``)."""
        from core.golden_age.evaluate import margins

        return margins(state)

    def determinize(self, view: State, seat: int, rng: Any) -> State:
        """A full state consistent with ``view(state, seat)``, hidden parts sampled
        from ``rng`` (a ``random.Random``; ``determinize.determinize``)."""
        from core.golden_age.determinize import determinize

        return determinize(view, seat, rng)


GAME = GoldenAge()
