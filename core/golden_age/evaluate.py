"""The Dutch Golden Age evaluation for the bots: projected final score margins.

The projection starts from the VP a seat has now (rulebook "Winning the
Game") and adds what its holdings are worth on the way to 33 VP: money at
``MONEY_VP`` per guilder instead of 1 VP per 10 (it buys tokens, cards and
paintings), cards in hand at their exchange or colony value, unfinished
paintings by what they will score less the payments still due, Movement
Tokens gathered where three can convert into a marker (``GATHER_VP``, so a
token is moved with a purpose, not for nothing), and guild
markers for the special action they give (a little: in two-player games the
other side takes a guild straight back, and a takeover bought for 4-6
guilders and not used stalled the game). Once the game is over the winner
(first to announce 33 VP, RULES.md section 3) is far ahead of everyone else.
"""

from __future__ import annotations

from core.golden_age import components as C
from core.golden_age.rules import vp_parts
from core.golden_age.state import State

#: VP per guilder in hand (money buys VP at roughly 3-4 guilders each).
MONEY_VP = 0.25
#: Guilders a card in hand is worth before it is exchanged or used.
CARD_GUILDERS = {"i1": 5.0, "i2": 6.0, "i3": 6.5, "g-i1": 5.0, "s1": 7.0, "s2": 8.0, "s3": 9.0}
#: VP a colony card in hand is worth (three of them found a 5-6 VP colony).
COLONY_CARD_VP = 1.3
#: VP of the Dice card and of a guild marker (a special action every turn).
DICE_VP = 0.5
GUILD_VP = 0.5
#: VP a payment still due on an unfinished painting costs (1 guilder and a special action).
PAYMENT_VP = 1.0
#: VP for own Movement Tokens gathered in a province with no Influence Marker, by
#: their number (capped at 3): three convert into a marker (Example 3), so two
#: together are on their way; less than the conversion's own +1 VP.
GATHER_VP = (0.0, 0.0, 0.3, 0.5)
#: A winner's bonus over the others once the game is over.
WIN_BONUS = 20.0


def projected(state: State) -> list[float]:
    """Per seat, the projected final score in VP (a float)."""
    out = []
    for i, p in enumerate(state.players):
        parts = vp_parts(state, i)
        v = float(sum(parts.values()) - parts["Money"])
        v += MONEY_VP * p.money / C.HALF
        for c in p.cards:
            if c in CARD_GUILDERS:
                v += MONEY_VP * CARD_GUILDERS[c]
            elif c == "dice":
                v += DICE_VP
            else:
                v += COLONY_CARD_VP
        for pt in p.paintings:
            need = C.art_payments(pt.card)
            v += C.art_vp(pt.card) - PAYMENT_VP * (need - pt.paid)
        for pr in state.provinces.values():
            if pr.marker < 0:
                v += GATHER_VP[min(3, pr.tokens[i])]
        v += GUILD_VP * sum(1 for g in state.guilds.values() if g.owner == i)
        if state.phase == "over" and state.winners == [i]:
            v += WIN_BONUS
        out.append(v)
    return out


def margins(state: State) -> list[float]:
    """Per seat, projected score minus the best other seat's projected score (VP)."""
    from core.gift_of_tulips.evaluate import margin_of

    return margin_of(projected(state))


def evaluate(state: State, seat: int) -> float:
    """``seat``'s projected final score margin in VP (positive: ahead)."""
    return margins(state)[seat]
