"""The Dutch Golden Age: board, track, guild, colony and card data.

Every number the rule texts do not give is RECONSTRUCTED (fact sheet part B)
and kept here so a corrected map or card list can replace it; RULES.md lists
each one. Money is counted in half-guilders (``HALF`` = 1 guilder = 2).

Cards are short strings so states stay small and saves readable:

* Investment (yellow): ``"i1"`` single (5 guilders), ``"i2"`` pair type
  (12 per two), ``"i3"`` triple type (20 per three).
* Spice (orange): ``"s1"``, ``"s2"``, ``"s3"`` (7, 16 per two, 27 per three).
* Colony (blue): ``"ship"``, ``"capt"``, ``"cann"``, ``"flag"`` (the VOC flag, wild).
* Art (brown): ``"a1"`` .. ``"a6"``: the number of 1-guilder payments; the
  finished painting scores payments + 2 VP (1/3, 2/4, 3/5, 4/6, 5/7, 6/8).
* Culture (grey): ``"windmill"``, ``"palace"``, ``"market"`` (2 VP each),
  ``"gov-hol"`` .. (a province's Governor, 1 VP), ``"dice"``, ``"g-i1"``
  (acts as a yellow single Investment card), ``"g-ship"``, ``"g-capt"``,
  ``"g-cann"``, ``"g-flag"`` (act as the blue Colony cards).
"""

from __future__ import annotations

from typing import Final

#: One guilder in the internal unit (half-guilders).
HALF: Final[int] = 2

#: Players. SOURCED (fact sheet B1): 3-4; 2 only with the 2-player variant.
MIN_PLAYERS: Final[int] = 2
MAX_PLAYERS: Final[int] = 4

#: Starting money: 10 guilders. SOURCED (setup).
START_MONEY: Final[int] = 10 * HALF
#: Movement Tokens and Influence Markers per player. SOURCED (components).
TOKENS: Final[int] = 5
MARKERS: Final[int] = 6
#: Set-up: Influence Markers and Movement Tokens each player places. SOURCED.
SETUP_MARKERS: Final[int] = 1
SETUP_TOKENS: Final[int] = 2
#: Set-up limit: Movement Tokens per province (setup only, FAQ). SOURCED.
SETUP_TOKENS_PER_PROVINCE: Final[int] = 2

#: The five province / guild colours, in the Guild Table's column order.
COLORS: Final[tuple[str, ...]] = ("green", "yellow", "brown", "blue", "grey")

#: Province id -> (name, colour). SOURCED (fact sheet B3).
PROVINCES: Final[dict[str, tuple[str, str]]] = {
    "hol": ("Holland", "green"),
    "lim": ("Limburg", "green"),
    "bra": ("Brabant", "yellow"),
    "gro": ("Groningen", "yellow"),
    "utr": ("Utrecht", "brown"),
    "ove": ("Overijssel", "brown"),
    "zee": ("Zeeland", "blue"),
    "fri": ("Friesland", "blue"),
    "vla": ("Vlaanderen", "grey"),
    "gel": ("Gelderland", "grey"),
}
PROVINCE_IDS: Final[tuple[str, ...]] = tuple(PROVINCES)

#: Undirected province adjacency (16 edges). RECONSTRUCTED (fact sheet B4)
#: except Holland-Zeeland, Holland-Friesland (FAQ) and Holland-Utrecht
#: (rulebook Example 1), which are SOURCED.
EDGES: Final[tuple[tuple[str, str], ...]] = (
    ("hol", "zee"), ("hol", "fri"), ("hol", "utr"), ("hol", "gel"), ("hol", "bra"),
    ("zee", "bra"), ("zee", "vla"),
    ("vla", "bra"),
    ("bra", "gel"), ("bra", "lim"),
    ("lim", "gel"),
    ("gel", "utr"), ("gel", "ove"),
    ("ove", "fri"), ("ove", "gro"),
    ("fri", "gro"),
)
# Fact sheet B4 says "17 undirected edges", but its adjacency table lists
# these 16 distinct edges; we follow the table (the map stays connected and
# fits Example 1).


def _adjacency() -> dict[str, tuple[str, ...]]:
    adj: dict[str, list[str]] = {p: [] for p in PROVINCE_IDS}
    for a, b in EDGES:
        adj[a].append(b)
        adj[b].append(a)
    return {p: tuple(sorted(v, key=PROVINCE_IDS.index)) for p, v in adj.items()}


#: Province id -> adjacent province ids (map order).
ADJACENT: Final[dict[str, tuple[str, ...]]] = _adjacency()

#: Guild Table: 8 steps per column costing 3..10 guilders. SOURCED/DERIVED
#: (fact sheet B6). A column whose marker sits on the last step cannot be
#: taken over (RECONSTRUCTED).
GUILD_COSTS: Final[tuple[int, ...]] = tuple(c * HALF for c in range(3, 11))

#: Special action prices. SOURCED: 3 for a card, 5 for a Movement Token,
#: 1 to pay a painter; a colony's Spice card costs its space number.
CARD_PRICE: Final[int] = 3 * HALF
TOKEN_PRICE: Final[int] = 5 * HALF
PAINTER_PAYMENT: Final[int] = 1 * HALF
#: Free action: moving a Movement Token, per province entered. SOURCED.
MOVE_PRICE: Final[int] = 1  # half a guilder

#: Colony spaces: id -> (spice price in guilders, VP per marker, capacity;
#: 0 = unlimited). SOURCED/DERIVED (fact sheet B7).
COLONIES: Final[dict[str, tuple[int, int, int]]] = {
    "east-2": (2, 5, 1),
    "east-3": (3, 5, 1),
    "east-4": (4, 5, 1),
    "east-5": (5, 5, 1),
    "east-6": (6, 5, 1),
    "west": (7, 6, 0),
}
COLONY_IDS: Final[tuple[str, ...]] = tuple(COLONIES)

#: The King's track: 54 spaces clockwise. "gov" = a Governor space (everyone
#: +1), "king" = King William II (everyone +3), "a+b" = the two provinces
#: shown. SOURCED: 54 spaces, 6 Governors, King William II last (fact sheet
#: B5). RECONSTRUCTED: Governors every 9 spaces, which pair is on which
#: space (all 45 pairs once plus Holland+Zeeland and Vlaanderen+Brabant a
#: second time near the bottom left, no province on two neighbouring spaces;
#: generated once from a fixed seed).
TRACK: Final[tuple[str, ...]] = (
    "gov", "lim+fri", "zee+bra", "fri+gro", "hol+zee", "lim+ove", "zee+utr", "hol+bra", "zee+fri",
    "gov", "gel+fri", "vla+ove", "bra+gro", "ove+fri", "zee+gro", "utr+ove", "zee+vla", "bra+fri",
    "gov", "bra+utr", "gel+gro", "hol+lim", "utr+gro", "vla+gel", "zee+ove", "hol+utr", "vla+fri",
    "gov", "gel+ove", "vla+bra", "hol+gro", "bra+gel", "zee+lim", "hol+gel", "utr+fri", "hol+ove",
    "gov", "vla+utr", "bra+lim", "gel+utr", "hol+vla", "lim+gel", "hol+fri", "lim+utr", "zee+gel",
    "gov", "bra+ove", "vla+gro", "hol+zee", "lim+gro", "vla+bra", "ove+gro", "vla+lim", "king",
)
GOVERNOR_SPACES: Final[tuple[int, ...]] = tuple(i for i, s in enumerate(TRACK) if s == "gov")
KING_SPACE: Final[int] = TRACK.index("king")
#: Payments on the King's space, in half-guilders. SOURCED.
PAY_TOKEN: Final[int] = 1 * HALF
PAY_MARKER: Final[int] = 2 * HALF
PAY_GOVERNOR_SPACE: Final[int] = 1 * HALF
PAY_KING_SPACE: Final[int] = 3 * HALF
PAY_GOVERNOR_CARD: Final[int] = 1 * HALF


def track_provinces(space: int) -> tuple[str, ...]:
    """The provinces shown on track ``space`` (empty for Governor / King)."""
    s = TRACK[space]
    return tuple(s.split("+")) if "+" in s else ()


#: Dice card: the total chosen. RECONSTRUCTED (fact sheet B8): 2..12.
DICE_TOTALS: Final[tuple[int, ...]] = tuple(range(2, 13))

# -- cards ---------------------------------------------------------------------
#: Deck colour -> card -> copies. SOURCED counts (fact sheet B2) except where
#: marked RECONSTRUCTED in RULES.md: the Windmill/Palace/Market split (2/1/1),
#: one Governor per province, grey Investment = single type, grey Colony =
#: 2 ship / 2 captain / 2 cannon / 1 flag.
DECKS: Final[dict[str, dict[str, int]]] = {
    "yellow": {"i1": 7, "i2": 8, "i3": 6},
    "orange": {"s1": 7, "s2": 8, "s3": 6},
    "blue": {"ship": 5, "capt": 5, "cann": 5, "flag": 4},
    "brown": {"a1": 4, "a2": 4, "a3": 4, "a4": 4, "a5": 3, "a6": 3},
    "grey": {
        "windmill": 2, "palace": 1, "market": 1,
        **{f"gov-{p}": 1 for p in PROVINCE_IDS},
        "dice": 2, "g-i1": 4,
        "g-ship": 2, "g-capt": 2, "g-cann": 2, "g-flag": 1,
    },
}
DECK_COLORS: Final[tuple[str, ...]] = ("yellow", "brown", "blue", "grey", "orange")

#: Exchange values: kind -> set size -> guilders (half-guilders). SOURCED.
INVESTMENT_VALUE: Final[dict[int, int]] = {1: 5 * HALF, 2: 12 * HALF, 3: 20 * HALF}
SPICE_VALUE: Final[dict[int, int]] = {1: 7 * HALF, 2: 16 * HALF, 3: 27 * HALF}
EXCHANGES: Final[dict[str, tuple[str, dict[int, int]]]] = {
    "invest": ("i", INVESTMENT_VALUE),
    "spice": ("s", SPICE_VALUE),
}

#: Culture cards worth 2 VP at once. SOURCED.
CULTURE_VP: Final[dict[str, int]] = {"windmill": 2, "palace": 2, "market": 2}
GOVERNOR_VP: Final[int] = 1

#: Colony card kinds; the flag is wild. SOURCED.
COLONY_KINDS: Final[tuple[str, ...]] = ("ship", "capt", "cann")
FLAG: Final[str] = "flag"
#: Sets that found a colony: three different (ship, captain, cannon) or five
#: alike. SOURCED. A five-alike set discards all five (RECONSTRUCTED, B8).
MIXED_SET: Final[int] = 3
SAME_SET: Final[int] = 5

#: VP table. SOURCED ("Winning the Game"); guild markers score nothing (FAQ).
VP_TOKEN: Final[int] = 1
VP_PROVINCE_MARKER: Final[int] = 4
VP_GUILD_MARKER: Final[int] = 0
#: Money: 1 VP per full 10 guilders.
VP_MONEY_UNIT: Final[int] = 10 * HALF
WIN_VP: Final[int] = 33

#: SOFTWARE LIMIT (not a rule of the game): after this many full rounds the
#: game ends and the most VP wins. Real games end far earlier; the limit only
#: stops aimless (random) play from going on for ever.
MAX_ROUNDS: Final[int] = 100

def card_color(card: str) -> str:
    """The deck (and discard pile) a card belongs to: "i2" -> "yellow"."""
    for color, cards in DECKS.items():
        if card in cards:
            return color
    raise ValueError(f"Unknown card {card!r}")


def acts_as(card: str) -> str:
    """What a card counts as: grey Investment/Colony cards act as the yellow /
    blue card of the same kind ("g-ship" -> "ship"); others are themselves."""
    return card[2:] if card.startswith("g-") else card


def art_payments(card: str) -> int:
    """Payments of 1 guilder a painting needs: "a4" -> 4."""
    return int(card[1])


def art_vp(card: str) -> int:
    """VP of a finished painting: payments + 2 ("a4" -> 6). SOURCED pairs."""
    return int(card[1]) + 2


_CARD_NAMES = {
    "i1": "Investment (single)", "i2": "Investment (pair)", "i3": "Investment (three)",
    "s1": "Spice (single)", "s2": "Spice (pair)", "s3": "Spice (three)",
    "ship": "ship", "capt": "captain", "cann": "cannon", "flag": "VOC flag",
    "windmill": "Windmill", "palace": "Palace", "market": "Market", "dice": "Dice card",
}


def card_name(card: str) -> str:
    """A readable card name: "a4" -> "painting 4/6", "gov-hol" -> "Governor of Holland"."""
    if card.startswith("gov-"):
        return f"Governor of {PROVINCES[card[4:]][0]}"
    if card[0] == "a" and card[1:].isdigit():
        return f"painting {art_payments(card)}/{art_vp(card)}"
    if card.startswith("g-"):
        return f"grey {_CARD_NAMES[card[2:]]}"
    return _CARD_NAMES.get(card, card)


def full_deck(color: str) -> list[str]:
    """The unshuffled deck of ``color`` in table order."""
    return [card for card, n in DECKS[color].items() for _ in range(n)]


def money_text(half: int, ascii: bool = False) -> str:
    """Half-guilders shown as guilders with a half sign: 7 -> "3½" ("3.5" if ascii)."""
    sign = "-" if half < 0 else ""
    whole, rest = divmod(abs(half), HALF)
    if not rest:
        return f"{sign}{whole}"
    if ascii:
        return f"{sign}{whole}.5"
    return f"{sign}{whole}½" if whole else f"{sign}½"


def guilders_text(half: int, ascii: bool = False) -> str:
    """An amount with its unit, singular up to one guilder: 2 -> "1 guilder",
    1 -> "½ guilder", 0 -> "0 guilders", 13 -> "6½ guilders"."""
    unit = "guilder" if 0 < abs(half) <= HALF else "guilders"
    return f"{money_text(half, ascii)} {unit}"


def site_name(site: str) -> str:
    """A marker's place as words: "hol" -> "Holland", "guild-blue" -> "the blue guild"."""
    if site in PROVINCES:
        return PROVINCES[site][0]
    if site.startswith("guild-"):
        return f"the {site[6:]} guild"
    if site == "west":
        return "the West Indies"
    return f"East Indies {site[5:]}"


def track_space_name(space: int) -> str:
    """The King's track ``space`` in words for the log: "Holland and Zeeland",
    "a Governor space", "King William II"."""
    shown = track_provinces(space)
    if shown:
        return " and ".join(PROVINCES[p][0] for p in shown)
    return "King William II" if space == KING_SPACE else "a Governor space"


def colony_name(site: str) -> str:
    """A colony space in words: "east-4" -> "the East Indies (space 4)", "west" -> "the West Indies"."""
    return "the West Indies" if site == "west" else f"the East Indies (space {site[5:]})"


_CARD_PHRASES = {
    "i1": "an Investment card (single, worth 5)",
    "i2": "an Investment card (pair type, 12 per pair)",
    "i3": "an Investment card (three type, 20 per three)",
    "s1": "a Spice card (single, worth 7)",
    "s2": "a Spice card (pair type, 16 per pair)",
    "s3": "a Spice card (three type, 27 per three)",
    "ship": "a Colony card (ship)",
    "capt": "a Colony card (captain)",
    "cann": "a Colony card (cannon)",
    "flag": "a Colony card (VOC flag, wild)",
    "windmill": "a Windmill (2 VP)",
    "palace": "a Palace (2 VP)",
    "market": "a Market (2 VP)",
    "dice": "a Dice card",
    "g-i1": "a grey Investment card (acts as a single, worth 5)",
    "g-ship": "a grey Colony card (ship)",
    "g-capt": "a grey Colony card (captain)",
    "g-cann": "a grey Colony card (cannon)",
    "g-flag": "a grey Colony card (VOC flag, wild)",
}


def card_phrase(card: str) -> str:
    """A card with its article and what it is worth, for the log:
    "i2" -> "an Investment card (pair type, 12 per pair)", "a4" -> "an Art card
    (painting 4/6: 4 payments, 6 VP)", "gov-hol" -> "the Governor of Holland (1 VP)"."""
    if card.startswith("gov-"):
        return f"the Governor of {PROVINCES[card[4:]][0]} ({GOVERNOR_VP} VP)"
    if card[0] == "a" and card[1:].isdigit():
        return f"an Art card ({painting_phrase(card)})"
    return _CARD_PHRASES.get(card, card_name(card))


def painting_phrase(card: str) -> str:
    """An Art card's painting in words: "a4" -> "painting 4/6: 4 payments, 6 VP"."""
    n = art_payments(card)
    return f"painting {n}/{art_vp(card)}: {n} payment{'s' if n > 1 else ''}, {art_vp(card)} VP"
