"""The Dutch Golden Age in words: the text helpers the board and the screen
share (money with its half guilder, track spaces, sites and cards, what the King
would pay where), and GoldenAgeLabels, the game screen's words: each choice
worded with its price or what it gives (shorter wordings where a label would not
fit 80 columns), the grouped top level of a turn's choices (a token's source,
the guilds, the higher bids, ...), the prompts, the header's sub-title and the
final log lines (rules: ``rules/golden-age.source.txt``, fact sheet part B,
``core/golden_age/RULES.md``).
"""

from __future__ import annotations

import re
from typing import Any, Sequence


from core.golden_age import components as C
from core.golden_age.rules import (
    Bid, Convert, End, Exchange, Found, MoveToken, Pass, PlaceKing, PlaceMarker, PlaceToken, PlayDice,
    Roll, Special, StartAuction, Take, TakeGuild, income_at, site_color, vp,
)
from tui.widgets.choice import RESERVED
from tui.widgets.common import glyph, use_ascii
from tui.screens.game import GameLabels, MenuItem


#: Province / guild / deck colours; the colour's name is always printed too.
COLOR_STYLES: dict[str, str] = {
    "green": "bold #66bb6a",
    "yellow": "bold #fdd835",
    "brown": "bold #c49a6c",
    "blue": "bold #42a5f5",
    "grey": "bold #b0bec5",
    "orange": "bold #ffa726",
}


#: Short three-letter province names for narrow tables.
SHORT: dict[str, str] = {p: name[:3] for p, (name, _c) in C.PROVINCES.items()}


def province_keys(names: dict[str, str], reserved: frozenset[str] = RESERVED) -> dict[str, str]:
    """Each province's own key (issue 10, item 25), chosen once from the names
    (id -> name) in their order, never from the choices of a decision: its
    initial where that is free (not one of the picker's ``reserved`` keys and
    not an earlier province's initial), else the first free letter of its name
    ("Holland" -> "a": h is the hint key, o Overijssel's, l Limburg's). A name
    with no free letter takes the first free letter of the alphabet.

    >>> province_keys({"hol": "Holland", "lim": "Limburg", "ove": "Overijssel"})
    {'hol': 'a', 'lim': 'l', 'ove': 'o'}
    """
    keys: dict[str, str] = {}
    for pid, name in names.items():  # initials first
        k = name[:1].lower()
        if k.isalpha() and k not in reserved and k not in keys.values():
            keys[pid] = k
    for pid, name in names.items():
        if pid not in keys:
            free = [ch for ch in name.lower() + "abcdefghijklmnopqrstuvwxyz"
                    if ch.isalpha() and ch.isascii() and ch not in reserved and ch not in keys.values()]
            keys[pid] = free[0]
    return {pid: keys[pid] for pid in names}


#: Province id -> its key: Holland a, Limburg l, Brabant b, Groningen g,
#: Utrecht t, Overijssel o, Zeeland z, Friesland f, Vlaanderen v, Gelderland e;
#: shown on the map beside the name ("a Holland") and in every list of provinces.
PROVINCE_KEYS: dict[str, str] = province_keys({p: name for p, (name, _c) in C.PROVINCES.items()})

#: Guild colour -> its key: its column on the Guild Table (green 1, yellow 2,
#: brown 3, blue 4, grey 5), shown on the guild panel ("1 green"); digits, so
#: a list offering both provinces and guilds (a marker's source) keeps both.
GUILD_KEYS: dict[str, str] = {color: str(n) for n, color in enumerate(C.COLORS, 1)}

#: The key of the "Take a guild" group (several guilds on offer), the digit
#: after the five guilds' in every list, so it does not move with the other
#: choices (it was numbered by position: 6 beside a province's choices, 1 without).
GUILD_GROUP_KEY = str(len(C.COLORS) + 1)


def site_key(site: str) -> str:
    """The key of a province or guild site ("hol" -> "a", "guild-blue" -> "4"); "" for others."""
    if site in PROVINCE_KEYS:
        return PROVINCE_KEYS[site]
    if site.startswith("guild-"):
        return GUILD_KEYS.get(site[6:], "")
    return ""


# -- small text helpers ----------------------------------------------------------------
def money(half: int, ascii: bool = False) -> str:
    """Half-guilders as guilders: 7 -> "3½" ("3.5" with ``ascii``)."""
    return C.money_text(half, ascii=ascii)


def two_dice_chance(total: int) -> int:
    """Ways out of 36 that two dice total ``total`` (2..12)."""
    return max(0, 6 - abs(total - 7))


def space_text(space: int, *, short: bool = True) -> str:
    """A track space as words: "Bra+Fri" / "Brabant + Friesland", "Governor", "King William II"."""
    s = C.TRACK[space]
    if s == "gov":
        return "Governor"
    if s == "king":
        return "King William II" if not short else "King Wm II"
    a, b = s.split("+")
    if short:
        return f"{SHORT[a]}+{SHORT[b]}"
    return f"{C.PROVINCES[a][0]} + {C.PROVINCES[b][0]}"


_CARD_LABELS = {
    "i1": "Inv1", "i2": "Inv2", "i3": "Inv3",
    "s1": "Spice1", "s2": "Spice2", "s3": "Spice3",
    "ship": "Ship", "capt": "Captain", "cann": "Cannon", "flag": "Flag",
    "windmill": "Windmill", "palace": "Palace", "market": "Market", "dice": "Dice",
}


def site_label(site: str) -> str:
    """A marker's place, capitalised: "hol" -> "Holland", "guild-blue" -> "Blue guild",
    "east-4" -> "East Indies 4", "west" -> "West Indies"."""
    if site.startswith("guild-"):
        return f"{site[6:].capitalize()} guild"
    return C.site_name(site)


def card_label(card: str) -> str:
    """A held card in a few letters: "i2" -> "Inv2", "g-ship" -> "Ship(g)", "gov-hol" -> "Gov Hol"."""
    if card.startswith("gov-"):
        return f"Gov {SHORT[card[4:]]}"
    if card.startswith("g-"):
        return f"{_CARD_LABELS.get(card[2:], card[2:])}(g)"
    return _CARD_LABELS.get(card, card)


def card_note(card: str, a_: bool = False) -> str:
    """What a held card is worth, for the legend: "i2" -> "Inv2 12 per 2"."""
    c = C.acts_as(card)
    if c[:1] in ("i", "s") and c[1:].isdigit():
        size = int(c[1])
        values = C.INVESTMENT_VALUE if c[0] == "i" else C.SPICE_VALUE
        per = "" if size == 1 else f" per {size}"
        return f"{card_label(c)} {money(values[size], a_)}{per}"
    if c in ("ship", "capt", "cann", "flag"):
        return "Ship+Captain+Cannon (or 5 alike; Flag wild) = colony"
    if card == "dice":
        return "Dice: choose the King's roll"
    if card.startswith("gov-"):
        return "Gov: 1 VP, +1 when the King stops there"
    if card in C.CULTURE_VP:
        return f"{card_label(card)} {C.CULTURE_VP[card]} VP"
    return ""


def card_style(card: str) -> str:
    try:
        return COLOR_STYLES.get(C.card_color(card), "")
    except ValueError:
        return ""


def counted(cards: Sequence[str], times: str) -> list[tuple[str, str]]:
    """Cards grouped as (label, card): ["i2", "i2", "s1"] -> [("Inv2×2", "i2"), ("Spice1", "s1")]."""
    order: list[str] = []
    count: dict[str, int] = {}
    for c in cards:
        if c not in count:
            order.append(c)
            count[c] = 0
        count[c] += 1
    return [(card_label(c) + (f"{times}{count[c]}" if count[c] > 1 else ""), c) for c in order]


# -- the screen --------------------------------------------------------------------------
def ascii_half(text: str) -> str:
    """"2½ guilders" -> "2.5 guilders", "(-½)" -> "(-0.5)": money written for ``--ascii``."""
    return re.sub(r"(\d*)½", lambda m: f"{m.group(1) or '0'}.5", text)


class _AsciiDescriptions:
    """The game as the screen uses it under ``--ascii``: its descriptions (the
    log lines) write half guilders as ".5"; everything else is the game's own."""

    def __init__(self, game: Any) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def describe(self, state: Any, move: Any) -> str:
        return ascii_half(self._game.describe(state, move))


#: The picker's label width at 80 columns (its inner width less the key):
#: longer labels fall back to shorter wordings so none wraps.
LABEL_WIDTH = 28


def fit(*labels: str) -> str:
    """The first of ``labels`` (longest wording first) that fits LABEL_WIDTH
    columns; the last (shortest) if none does."""
    for label in labels:
        if len(label) <= LABEL_WIDTH:
            return label
    return labels[-1]


def short_site(site: str) -> str:
    """A marker's place in few letters for tight labels: "zee" -> "Zee",
    "guild-green" -> "green", "east-6" -> "E6"."""
    if site in C.PROVINCES:
        return C.PROVINCES[site][0][:3]
    if site.startswith("guild-"):
        return site[6:]
    if site.startswith("east-"):
        return f"E{site[5:]}"
    return "W7" if site.startswith("west") else site


class GoldenAgeLabels(GameLabels):
    """The words of the Golden Age game screen (mixed into GoldenAgeScreen)."""

    @staticmethod
    def round_of(state: Any) -> tuple[str, int] | None:
        """``("round", n)``: 0 during the set-up (markers, tokens, the King), then
        the round under way (``state.round`` counts the full rounds); once over,
        the last round played (a win ends the game in its round; the round limit
        after its last)."""
        if state.phase in ("place_marker", "place_tokens", "place_king"):
            return "round", 0
        if state.phase == "over" and state.round >= C.MAX_ROUNDS:
            return "round", state.round
        return "round", state.round + 1

    @staticmethod
    def other_scores(state: Any) -> list[tuple[str, float]]:
        """``[]``: every Golden Age player holds a seat."""
        return []

    #: a guild's digit, a province's letter (and in capitals, its auction) pick
    #: that guild or province or nothing: the other choices are numbered around them
    KEPT_KEYS = frozenset([*GUILD_KEYS.values(), *PROVINCE_KEYS.values(),
                           *(k.upper() for k in PROVINCE_KEYS.values())])

    # -- text -------------------------------------------------------------------------
    @property
    def ascii(self) -> bool:
        return use_ascii(self)

    def g(self, half: int) -> str:
        return money(half, self.ascii)

    def gs(self, half: int) -> str:
        """Money with its unit: "1 guilder", "6½ guilders"."""
        return C.guilders_text(half, self.ascii)

    def _arrow(self) -> str:
        return glyph(self, "→", "->")

    def _more(self) -> str:
        return glyph(self, " ›", " >")

    def choice_label(self, state: Any, move: Any) -> str:
        """The picker's text for one move, with its price or what it gives."""
        g = self.g
        arrow = self._arrow()
        name = site_label
        if isinstance(move, PlaceMarker):
            return f"{name(move.province)} ({C.PROVINCES[move.province][1]})"
        if isinstance(move, PlaceToken):
            here = sum(state.provinces[move.province].tokens)
            return f"{name(move.province)} ({C.PROVINCES[move.province][1]})" + (f", {here} there" if here else "")
        if isinstance(move, PlaceKing):
            return f"Governor space {move.space}"
        if isinstance(move, Roll):
            return "Roll the dice"
        if isinstance(move, PlayDice):
            sp = (state.king + move.total) % len(C.TRACK)
            return fit(f"Dice card: {move.total} {arrow} {sp} {space_text(sp)}",
                       f"Dice {move.total} {arrow} {sp} {space_text(sp)}")
        if isinstance(move, MoveToken):
            return fit(f"{name(move.src)} {arrow} {name(move.dst)} (-{g(C.MOVE_PRICE)})",
                       f"{name(move.src)}{arrow}{name(move.dst)} (-{g(C.MOVE_PRICE)})",
                       f"{short_site(move.src)}{arrow}{name(move.dst)} (-{g(C.MOVE_PRICE)})")
        if isinstance(move, TakeGuild):
            gd = state.guilds[move.color]
            now = f", now {self.names[gd.owner]}'s" if gd.owner >= 0 else ""
            price = g(C.GUILD_COSTS[gd.step + 1])
            return fit(f"Take the {move.color} guild for {price}{now}", f"{move.color.capitalize()} guild: {price}{now}",
                       f"{move.color.capitalize()} guild for {price}")
        if isinstance(move, Convert):
            src = f", marker from {name(move.source)}" if move.source else ""
            return fit(f"3 tokens in {name(move.province)} {arrow} a marker{src}",
                       f"3 MT in {name(move.province)} {arrow} marker{src}", f"Marker in {name(move.province)}{src}",
                       f"Marker from {name(move.source)}" if move.source else f"Marker in {name(move.province)}")
        if isinstance(move, Special):
            color = site_color(move.site)
            where = name(move.site)
            if color == "green":
                c, price = name(move.choice), g(C.TOKEN_PRICE)
                return fit(f"{where}: new token in {c} (-{price})", f"{where}: token in {c} (-{price})",
                           f"Token in {c} (-{price})")
            if color == "brown" and move.choice != "card":
                p = state.players[state.current]
                k = int(move.choice.split()[1]) - 1
                pt = p.paintings[k]
                paid = f"{g(C.PAINTER_PAYMENT)} ({pt.paid + 1}/{C.art_payments(pt.card)})"
                # the site first: Utrecht's and the brown guild's markers can pay the same painter
                short = short_site(move.site)
                return fit(f"{where}: pay Art{k + 1}'s painter {paid}", f"{where}: Art{k + 1} painter {paid}",
                           f"{short}: Art{k + 1} painter {paid}", f"{short}: Art{k + 1} {paid}")
            if color == "orange":
                return fit(f"{where}: Spice card (-{C.COLONIES[move.site][0]})",
                           f"{where}: Spice (-{C.COLONIES[move.site][0]})")
            kind = {"yellow": "Investment", "brown": "Art", "blue": "Colony", "grey": "Culture"}[color]
            return fit(f"{where}: {kind} card (-{g(C.CARD_PRICE)})", f"{where}: {kind} (-{g(C.CARD_PRICE)})",
                       f"{kind} card (-{g(C.CARD_PRICE)})")
        if isinstance(move, StartAuction):
            color = site_color(move.site)
            return f"Auction {name(move.site)} ({color})"
        if isinstance(move, Bid):
            return f"Bid {g(move.amount)}"
        if isinstance(move, Pass):
            return "Pass (final)"
        if isinstance(move, Take):
            if move.choice in C.PROVINCES:
                return fit(f"Place the token in {name(move.choice)}", f"Token in {name(move.choice)}")
            if move.choice == "card":
                return "The top Art card (free)"
            a = state.auction
            k = int(move.choice.split()[1]) - 1
            pt = state.players[a.bidder].paintings[k] if a else None
            extra = f" ({pt.paid + 1}/{C.art_payments(pt.card)})" if pt else ""
            return fit(f"Pay Art{k + 1}'s painter {g(C.PAINTER_PAYMENT)}{extra}", f"Art{k + 1}: painter {g(C.PAINTER_PAYMENT)}{extra}")
        if isinstance(move, Exchange):
            val = C.EXCHANGES[move.kind][1][move.size]
            what = "Investment" if move.kind == "invest" else "Spice"
            return fit(f"Exchange {move.size} {what} card{'s' if move.size > 1 else ''} for {g(val)}",
                       f"{move.size} {what} card{'s' if move.size > 1 else ''} for {g(val)}",
                       f"{move.size} {what} for {g(val)}")
        if isinstance(move, Found):
            where = "West Indies 7" if move.space == "west" else f"East Indies {move.space[5:]}"
            src = f", marker from {name(move.source)}" if move.source else ""
            short = "W7" if move.space == "west" else f"E{move.space[5:]}"
            times = glyph(self, "×", "x")
            cards = "+".join(c if move.cards.count(c) == 1 else f"{c}{times}{move.cards.count(c)}"
                             for c in dict.fromkeys(move.cards))
            frm = f", from {short_site(move.source)}" if move.source else ""
            back = f" {glyph(self, '←', '<-')} {short_site(move.source)}" if move.source else ""
            return fit(f"{where} with {'+'.join(move.cards)}{src}", f"{where}: {'+'.join(move.cards)}{src}",
                       f"{short} {'+'.join(move.cards)}{frm}", f"{short} {cards}{frm}", f"{short} {cards}{back}")
        if isinstance(move, End):
            return f"End the turn ({vp(state, state.current)} VP)"
        return self.game.notation(move)

    def choice_cost(self, state: Any, move: Any) -> float:
        """The guilders ``move`` pays now, in half-guilders (a token moved 1, a
        guild its price, a card its price; an auction started, a bid, 3 tokens
        turned into a marker, ending the turn 0; money gained counts as 0): the
        cursor starts on the first of the cheapest choices (``default_choice``)."""
        if isinstance(move, MoveToken):
            return float(C.MOVE_PRICE)  # (the most offered: no need to make the move to know)
        return super().choice_cost(state, move)

    def spent(self, before: Any, after: Any, seat: int) -> float:
        """The half-guilders ``seat`` has less of in ``after`` (``choice_cost``)."""
        return float(max(0, before.players[seat].money - after.players[seat].money))

    def choice_key(self, state: Any, move: Any, opened: MenuItem | None = None) -> str:
        """The key of the province or guild a choice names (``PROVINCE_KEYS``,
        ``GUILD_KEYS``), the same in every list that offers it: a marker or
        token placed, a token's destination in its source's group (at the top
        level a token move goes under its source's key), a site's special
        action (a province's or a guild's, "Utrecht: Art card" ``t``, "Yellow
        guild: Investment card" ``2``), 3 tokens turned into a marker, the
        province of a green special or an auction's token, a guild taken, the
        active marker moved (in the group of a conversion); an auction of a
        province's action its key in capitals ("Auction Utrecht" ``T``: the
        province's special action, offered beside it, keeps ``t``). Other
        choices (colonies, card exchanges, the Dice card): the shared keys
        (pass / end turn on ``0``), else numbered by position around these.
        Where two choices of one list name the same province (a token moved
        from where an active marker stands), the first listed keeps the key."""
        if isinstance(move, (PlaceMarker, PlaceToken)):
            return PROVINCE_KEYS[move.province]
        if isinstance(move, MoveToken):
            return PROVINCE_KEYS[move.dst if opened is not None else move.src]
        if isinstance(move, TakeGuild):
            return GUILD_KEYS[move.color]
        if isinstance(move, Take):
            return PROVINCE_KEYS.get(move.choice, "")
        if isinstance(move, Special):
            if opened is not None:  # a green special's provinces; a brown one's card or painters
                return PROVINCE_KEYS.get(move.choice, "")
            return site_key(move.site)
        if isinstance(move, Convert):
            return site_key(move.source) if opened is not None else PROVINCE_KEYS[move.province]
        if isinstance(move, StartAuction):
            return PROVINCE_KEYS[move.site].upper() if move.site in PROVINCE_KEYS else ""
        if isinstance(move, Found):
            return ""  # a colony: numbered (the colonies' group)
        return super().choice_key(state, move, opened)

    def build_menu(self, state: Any, moves: Sequence[Any]) -> list[MenuItem]:
        """The picker's top level: single moves, and groups of moves that open
        a sub-list (a token's source, the guilds, a green marker's provinces,
        the colonies, the Dice card totals, the higher bids)."""
        more = self._more()
        items: list[MenuItem] = []
        groups: dict[tuple[str, str], list[Any]] = {}
        order: list[tuple[str, str]] = []

        def add(key: tuple[str, str], move: Any) -> None:
            if key not in groups:
                groups[key] = []
                order.append(key)
            groups[key].append(move)

        if state.phase == "bid":
            return self._bid_menu(state, moves)
        for m in moves:
            if isinstance(m, MoveToken):
                add(("move", m.src), m)
            elif isinstance(m, TakeGuild):
                add(("guild", ""), m)
            elif isinstance(m, Special):
                add(("special", m.site), m)
            elif isinstance(m, Found):
                add(("found", ""), m)
            elif isinstance(m, PlayDice):
                add(("dice", ""), m)
            elif isinstance(m, Convert):
                add(("convert", m.province), m)
            else:
                add((type(m).__name__, self.game.notation(m)), m)
        heads = {"move": "Move a token", "guild": "Guilds", "special": "Special actions", "found": "Colonies",
                 "dice": "The King", "convert": "New markers", "StartAuction": "Auctions", "Exchange": "Cards",
                 "End": "End", "Roll": "The King"}
        for key in order:
            ms = groups[key]
            kind, sub = key
            head = heads.get(kind, "")
            if len(ms) == 1:
                m = ms[0]
                label = self.choice_label(state, m)
                if kind == "move":
                    label = fit(f"Move {label}", label)
                items.append(MenuItem(label, (m,), head))
                continue
            name = site_label(sub) if sub in C.PROVINCES or sub.startswith(("guild-", "east", "west")) else sub
            if kind == "move":
                label = f"Move from {name}{more}"
                prompt = f"Move a token from {name} to which province? ({glyph(self, '½', '.5')} guilder)"
            elif kind == "guild":
                prices = sorted({C.GUILD_COSTS[state.guilds[m.color].step + 1] for m in ms})
                span = self.g(prices[0]) if len(prices) == 1 else f"{self.g(prices[0])}-{self.g(prices[-1])}"
                label = f"Take a guild (for {span}){more}"
                prompt = "Take which guild? (marker from the reserve)"
            elif kind == "special":
                color = site_color(sub)
                if color == "green":
                    label = fit(f"{name}: new token for {self.g(C.TOKEN_PRICE)}{more}",
                                f"{name}: token for {self.g(C.TOKEN_PRICE)}{more}")
                    prompt = f"{name} (green): place the new Movement Token in:"
                else:
                    label = fit(f"{name}: Art card or pay a painter{more}", f"{name}: Art or painter{more}",
                                f"{name}: Art/painter{more}")
                    prompt = f"{name} (brown): buy an Art card or pay a painter:"
            elif kind == "found":
                label = f"Found a colony ({len(ms)} ways){more}"
                prompt = ("Found a colony: where (E2-E6 East, W7 West Indies), with which cards"
                          + (f", marker from ({glyph(self, '←', '<-')})?" if any(m.source for m in ms) else "?"))
            elif kind == "dice":
                label = f"Dice card: choose 2-12{more}"
                prompt = "Move the King how far?"
            elif kind == "convert":
                label = fit(f"3 tokens in {name} {self._arrow()} a marker{more}",
                            f"3 MT in {name} {self._arrow()} marker{more}", f"Convert in {name}{more}")
                prompt = "Your reserve is empty: move which active marker?"
            else:
                for m in ms:
                    items.append(MenuItem(self.choice_label(state, m), (m,), head))
                continue
            # a token's source, a site's special action, 3 tokens to convert: its province's or guild's key
            key = site_key(sub) if kind in ("move", "special", "convert") else GUILD_GROUP_KEY if kind == "guild" else ""
            items.append(MenuItem(label, tuple(ms), head, prompt, key))
        return items

    #: bids listed one by one before the higher ones are grouped; at most this many groups
    BID_SINGLES = 4

    BID_GROUPS = 6

    def _bid_menu(self, state: Any, moves: Sequence[Any]) -> list[MenuItem]:
        """The bidding picker: Pass, the lowest bids one by one, then every
        higher bid (half-guilder steps up to all the bidder's money) in groups
        of whole guilders ("Bid 5 to 7½ ›"), at most BID_GROUPS groups."""
        more = self._more()
        bids = [m for m in moves if isinstance(m, Bid)]
        items = [MenuItem(self.choice_label(state, m), (m,), "bid") for m in moves if not isinstance(m, Bid)]
        if len(bids) <= self.BID_SINGLES + 3:
            return items + [MenuItem(self.choice_label(state, m), (m,), "bid") for m in bids]
        items += [MenuItem(self.choice_label(state, m), (m,), "bid") for m in bids[:self.BID_SINGLES]]
        rest = bids[self.BID_SINGLES:]
        lo, hi = rest[0].amount // C.HALF, rest[-1].amount // C.HALF  # whole guilders
        per = max(1, -(-(hi - lo + 1) // self.BID_GROUPS))  # guilders per group
        chunks: dict[int, list[Any]] = {}
        for m in rest:
            chunks.setdefault((m.amount // C.HALF - lo) // per, []).append(m)
        have = self.g(state.players[state.auction.bidder].money)
        for ms in chunks.values():
            a, b = ms[0].amount, ms[-1].amount
            if len(ms) == 1:
                items.append(MenuItem(self.choice_label(state, ms[0]), (ms[0],), "bid"))
                continue
            label = f"Bid {self.g(a)} to {self.g(b)}{more}"
            items.append(MenuItem(label, tuple(ms), "bid", f"Bid how much? (you have {have})"))
        return items

    def prompt_text(self, state: Any, seat: int) -> str:
        name = self.names[seat]
        ph = state.phase
        if ph == "place_marker":
            return f"{name}: place your Influence Marker in:"
        if ph == "place_tokens":
            k = state.setup_step % C.SETUP_TOKENS + 1
            return f"{name}: place Movement Token {k} of {C.SETUP_TOKENS} in:"
        if ph == "place_king":
            return f"{name}: start the King on which Governor space?"
        if ph == "roll":
            return f"{name}: move the King."
        if ph == "bid":
            a = state.auction
            high = f"high bid {self.g(a.high_bid)} ({self.names[a.high_bidder]})" if a.high_bidder >= 0 else "no bid yet"
            own = ""
            if a.auctioneer == seat:
                variant = "2-player variant" if len(state.players) == 2 else "variant"
                own = f" ({variant}: the auctioneer may bid)"
            return (f"{name}: bid for {C.site_name(a.site)}'s {a.color} action?{own} {high}; "
                    f"you have {self.gs(state.players[seat].money)}.")
        if ph == "award":
            return f"{name} won the auction: take the action how?"
        p = state.players[seat]
        return f"{name}: {self.gs(p.money)}. Act, then end the turn:"

    def decision_text(self, state: Any, seat: int | None) -> str:
        """The header: who decides, including who bids during an auction."""
        if seat is None:
            win = " and ".join(self.names[w] for w in state.winners) or "nobody"
            return f"Game over: {win} wins"
        name = self.seat_name(seat)
        ph = state.phase
        if ph == "place_marker":
            return f"Set-up: {name} places a marker"
        if ph == "place_tokens":
            return f"Set-up: {name} places a token"
        if ph == "place_king":
            return f"Set-up: {name} places the King"
        if ph == "roll":
            return f"Round {state.round + 1}: {name} moves the King"
        if ph == "bid":
            a = state.auction
            high = f"high {self.g(a.high_bid)} {self.names[a.high_bidder]}" if a.high_bidder >= 0 else "no bid yet"
            if a.auctioneer == seat:
                return f"{name} bids in own auction, {high}"
            return f"{name} bids, {high}"
        if ph == "award":
            return f"{name} won: takes the {state.auction.color} action"
        return f"{name}: {self.gs(state.players[seat].money)}, {vp(state, seat)} VP"

    def final_log(self, state: Any) -> list[str]:
        """The game's epilogue, then the winner(s) and everyone's final VP."""
        lines = super().final_log(state)
        for w in state.winners:
            lines.append(f"{self.names[w]} wins with {vp(state, w)} VP.")
        lines.append("Final VP: " + ", ".join(f"{self.names[i]} {vp(state, i)}" for i in range(len(self.names))))
        return lines
