"""Gift of Tulips in words: the text helpers the board and the screen share
(varieties in their colours, card names, plurals, notes that fit a width), and
GiftOfTulipsLabels, the game screen's words: choices worded with their VP
("Give to Bob (you +5 VP)"), the prompt above them and the header's sub-title
(rules: ``rules/gift-of-tulips.source.txt``, fact sheet part A).

Each variety has a colour and a letter: p pink, b blue, o orange, v violet.
"""

from __future__ import annotations

from typing import Any, Sequence

from rich.text import Text

from core.gift_of_tulips import components as C
from core.gift_of_tulips.rules import Add, Choose, Give, Keep, Secret, rank_of, rerank
from core.engine import copy_state
from tui.widgets.common import glyph, plural  # (plural: the board's words too)
from tui.screens.game import GameLabels


#: Variety colours; the letter (p b o v) always comes with them. Chosen so that
#: a 16-colour terminal still shows four different colours (bright magenta,
#: bright blue, yellow, magenta).
VARIETY_STYLES: dict[str, str] = {
    "p": "bold #ff79c6",
    "b": "bold #4f9dff",
    "o": "bold #e08a00",
    "v": "bold #a020f0",
}


def vtext(v: str, *, name: bool = True, extra: str = "") -> Text:
    """A variety as coloured text: "p pink" (or just "p")."""
    style = f"{VARIETY_STYLES[v]} {extra}".strip()
    return Text(f"{v} {C.VARIETIES[v]}" if name else v, style=style)


def card_text(card: str) -> str:
    """"p3" -> "pink 3 (p3)"."""
    return f"{C.card_name(card)} ({card})"


def fit_note(notes: Sequence[str], room: int) -> str:
    """The first (longest) wording of a note that fits in ``room`` columns, else
    the shortest one."""
    for note in notes:
        if len(note) <= room:
            return note
    return notes[-1]


def turns_left(state: Any) -> list[int]:
    """Per seat, the turns it has still to play, counting a turn under way
    (RULES 2.6, 6.1: each turn draws 2 cards, seats in order from seat 1, and
    every seat gets the same number). ``[]`` once the game is over.

    A turn is under way while a card is drawn (``state.drawn``); so "47 cards"
    in the deck with one in hand is 24 turns in all, the one under way the
    first of them. Before the first turn (the bouquet choice) they start at seat 1."""
    if state.phase == "over":
        return []
    n = len(state.players)
    total = len(state.deck) // 2 + (1 if state.drawn else 0)
    first = state.current if state.phase == "play" else 0
    return [total // n + (1 if (seat - first) % n < total % n else 0) for seat in range(n)]


def deck_note(state: Any) -> list[str]:
    """The deck row's note, longest wording first (for ``fit_note``): the cards
    left and the turns they make, in all and each ("47 cards (24 turns left in
    all, 12 each)"; "7 or 8 each" when the seats' counts differ: the seats
    from the one on turn on have one more). On the last turn it says so: "1
    card: last turn", "empty: last turn" (not "0 cards (0-1 turns each)")."""
    cards = plural(len(state.deck), "card") if state.deck else "empty"
    turns = turns_left(state)
    total = sum(turns)
    if not total:
        return [f"{cards}: no turns left"]
    if total == 1:  # the turn under way is the last
        return [f"{cards}: this is the last turn", f"{cards}: last turn"]
    lo, hi = min(turns), max(turns)
    each = f"{lo} each" if lo == hi else f"{lo} or {hi} each"
    return [f"{cards} ({plural(total, 'turn')} left in all, {each})",
            f"{cards} ({plural(total, 'turn')} in all, {each})",
            f"{cards} ({plural(hi, 'turn')} each)" if lo == hi else f"{cards} ({lo}-{hi} turns each)"]


def added_rank(state: Any, card: str) -> int:
    """The 0-based festival rank ``card``'s variety would have after adding it face up."""
    s = copy_state(state)
    s.festival.setdefault(card[0], []).append(card)
    rerank(s, card[0])
    return rank_of(s, card[0])


class GiftOfTulipsLabels(GameLabels):
    """The words of the Gift of Tulips game screen (mixed into GiftOfTulipsScreen)."""

    @staticmethod
    def round_of(state: Any) -> tuple[str, int] | None:
        """None: Gift of Tulips has turns only, no rounds (RULES 3)."""
        return None

    @staticmethod
    def other_scores(state: Any) -> list[tuple[str, float]]:
        """``[]``: every Gift of Tulips player holds a seat."""
        return []

    def choice_label(self, state: Any, move: Any) -> str:
        """"Give to Bob (you +5 VP)": the giver scores (GIVE: "you score 'giving'
        points based on the current ranking of that color in the festival, plus points
        equal to the value of that tulip"), "Add to festival (orange -> 2nd)" ..."""
        if isinstance(move, Choose):
            return f"Keep {card_text(move.card)}"
        card = state.drawn
        rank = rank_of(state, card[0])
        if isinstance(move, Keep):
            return f"Keep it (+{C.KEEP_POINTS[rank]} VP)"
        if isinstance(move, Give):
            vp = C.value(card) + C.GIVE_BONUS[rank]
            return f"Give to {self.names[move.to]} (you +{vp} VP)"
        if isinstance(move, Add):
            arrow = glyph(self, "→", "->")
            return f"Add face up ({C.VARIETIES[card[0]]} {arrow} {C.RANK_NAMES[added_rank(state, card)]})"
        return "Add face down (secret)"

    def choice_key(self, state: Any, move: Any, opened: Any = None) -> str:
        """A play decision's stable key: its place in the first card's list
        (``1`` Keep, ``2``... Give to each other player in seat order, then Add face
        up, Add face down), so the second card's choices keep the keys they had
        for the first ("Give to Bram" is ``2`` after Keep too). Set-up's choices
        (which tulip to keep) are numbered in order."""
        if isinstance(move, Keep):
            return "1"
        others = len(state.players) - 1
        if isinstance(move, Give):
            return str(2 + move.to - (move.to > state.current))  # (the others in seat order, as listed)
        if isinstance(move, Add):
            return str(2 + others)
        if isinstance(move, Secret):
            return str(3 + others)
        return ""

    def prompt_text(self, state: Any, seat: int) -> str:
        if state.phase == "setup":
            return "Keep which tulip? The other goes to the secret festival."
        card = card_text(state.drawn)
        if not state.used:
            return f"You drew {card}. 1st action:"
        return f"You drew {card}. 2nd action (not {state.used}):"

    def decision_text(self, state: Any, seat: int | None) -> str:
        if seat is None:
            return "Game over"
        name = self.seat_name(seat)
        if state.phase == "setup":
            return f"{name} chooses a tulip to keep"
        which = "1st card" if not state.used else "2nd card"
        return f"{name} to play: {which}"
