"""Gift of Tulips card and festival data (fact sheet part A).

A tulip card is a two-character string: variety letter + value, e.g. ``"p3"``
(a pink 3). Strings keep states small, fast to copy and readable in saves.
"""

from __future__ import annotations

from typing import Final

#: Variety letter -> name. Fact sheet A3 (pink, blue, orange, violet/purple).
VARIETIES: Final[dict[str, str]] = {"p": "pink", "b": "blue", "o": "orange", "v": "violet"}
VARIETY_ORDER: Final[str] = "pbov"
#: Card values. Fact sheet A3: 2, 3, 4.
VALUES: Final[tuple[int, ...]] = (2, 3, 4)

#: Copies of each variety x value in the base deck (2-4 players) and the 5/6 extras.
#: RECONSTRUCTED (fact sheet A3): uniform 6 x 12 = 72 and 2 x 12 = 24.
BASE_COPIES: Final[int] = 6
EXTRA_COPIES_5_6: Final[int] = 2

#: Cards removed unseen at set-up, by player count. SOURCED (fact sheet A4).
REMOVED: Final[dict[int, int]] = {2: 18, 3: 4, 4: 6, 5: 14, 6: 10}

#: Festival ranks 1st..4th. SOURCED (fact sheet A5).
GIVE_BONUS: Final[tuple[int, ...]] = (3, 2, 1, 0)
KEEP_POINTS: Final[tuple[int, ...]] = (0, 0, 1, 2)
#: MAJORITY[rank][level]: VP for the most / 2nd-most / 3rd-most cards of the
#: variety at festival rank ``rank`` (0-based). Only the top three ranks score.
MAJORITY: Final[tuple[tuple[int, ...], ...]] = ((15, 10, 5), (10, 7, 4), (5, 3, 1))
#: RANK_NAMES and the festival card pictures (fact sheet A5).
RANK_NAMES: Final[tuple[str, ...]] = ("1st", "2nd", "3rd", "4th")
RANK_PICTURES: Final[tuple[str, ...]] = ("windmill", "canal houses", "bird", "fishing boat")

#: Cards revealed from the secret festival at the end. SOURCED (source text; A8).
FINAL_REVEAL: Final[int] = 5


def majority_levels(players: int) -> int:
    """How many majorities score per variety: 2p 1, 3-4p 2, 5-6p 3 (fact sheet A5)."""
    return 1 if players == 2 else 2 if players <= 4 else 3


def deck_for(players: int) -> list[str]:
    """The unshuffled deck for ``players`` (72 cards below 5 players, else 96)."""
    copies = BASE_COPIES + (EXTRA_COPIES_5_6 if players >= 5 else 0)
    return [f"{v}{n}" for v in VARIETY_ORDER for n in VALUES for _ in range(copies)]


def variety(card: str) -> str:
    """The variety letter of ``card`` ("p3" -> "p")."""
    return card[0]


def value(card: str) -> int:
    """The value of ``card`` ("p3" -> 3)."""
    return int(card[1])


def card_name(card: str) -> str:
    """"p3" -> "pink 3"; the redacted card "??" -> "hidden card"."""
    if card == HIDDEN:
        return "hidden card"
    return f"{VARIETIES[card[0]]} {card[1]}"


def a_card(card: str) -> str:
    """The card with its article, for log lines: "a pink 3", "an orange 2"."""
    name = card_name(card)
    return ("an " if name[0] in "aeiou" else "a ") + name


#: A card the viewer may not see (``view`` puts this in place of hidden cards).
HIDDEN: Final[str] = "??"
