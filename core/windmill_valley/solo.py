"""The solo opponent, the Gardener (fact sheet section 1; the whole procedure is RECONSTRUCTED).

The Gardener has no wheels and no seat: after each of the player's turns ``bot_turn``
runs inside ``apply``. It reveals one of 20 cards (SOLO_CARDS): a floodgate instruction
(then the water rises as for a player), a calendar step (racing the player for the unique
rewards and the game end), one denial effect, and VP by difficulty level.
"""

from __future__ import annotations

from core.windmill_valley import components as C
from core.windmill_valley.actions import (
    connected_spaces, draw_farm, event, market_area, pay_path, path_gains, path_outcomes, refill_offer_slot,
    trigger_end,
)
from core.windmill_valley.state import Solo, State


def new_solo(level: int, rng) -> Solo:
    deck = list(range(len(C.SOLO_CARDS)))
    rng.shuffle(deck)
    return Solo(level=level, deck=deck)


def bot_turn(s: State) -> None:
    """One Gardener turn (RECONSTRUCTED): draw a card (reshuffle the discard when the
    deck is empty), floodgate and water, calendar, denial, VP. Its log line (an event)
    names what it did: the wheel tile it removed, the farm card it discarded, the
    space it built on, the market area it moved to."""
    b = s.solo
    before = b.vp
    if not b.deck:
        b.deck, b.discard = b.discard, []
        s.rng.shuffle(b.deck)
    b.card = b.deck.pop()
    b.discard.append(b.card)
    s.reveals += 1
    gate, cal, denial = C.SOLO_CARDS[b.card]
    # floodgate: "+1" opens one level if the water allows, "1" closes to 1, "0" keeps
    if gate == "+1" and s.floodgate < C.FLOODGATE_LEVELS:
        s.floodgate += 1
    elif gate == "1":
        s.floodgate = 1
    while s.floodgate > 1 and s.water + C.WATER_RISE[s.floodgate] > C.WATER_MAX:
        s.floodgate -= 1
    s.water = min(C.WATER_MAX, s.water + C.WATER_RISE[s.floodgate])
    text = [f"{C.SOLO_NAME}: floodgate {s.floodgate}"]
    if cal and b.calendar < C.CALENDAR_END:
        b.calendar += 1
        col = b.calendar - 1
        u = s.uniques[col]
        text.append(f"calendar space {b.calendar}")
        if "o" in u:
            k = u.index("o")
            s.uniques[col] = u[:k] + "x" + u[k + 1:]
            b.vp += C.SOLO_UNIQUE_VP
            text.append(f"claims unique reward {k + 1}")
    if denial == "wheel":
        slot = next((i for i, d in enumerate(s.offer) if d >= 0), -1)
        if slot >= 0:
            d = s.offer[slot]
            s.stacks[C.DESIGNS[d][1]].insert(0, d)
            refill_offer_slot(s, slot)
            text.append(f"removes the {C.TIER_NAMES[C.DESIGNS[d][1]]} wheel enhancement "
                        f"\"{C.DESIGNS[d][4]}\" from the offer")
    elif denial == "farm":
        slot = next((i for i, c in enumerate(s.farm_offer) if c >= 0), -1)
        if slot >= 0:
            c = s.farm_offer[slot]
            s.farm_discard.append(c)
            s.farm_offer[slot] = draw_farm(s)
            text.append(f"discards the farm enhancement \"{C.FARM_CARDS[c][3]} / {C.FARM_CARDS[c][4]}\"")
    elif denial == "mill":
        spaces = connected_spaces(s)
        if spaces:
            x = min(spaces)
            s.board[x] = C.BOT
            outcome = path_outcomes(s, x)[0]
            pay_path(s, outcome)
            text.append(f"builds a windmill on {C.SPACE_NAMES[x]}"
                        + (f" (path to the market: {path_gains(s, outcome)})" if any(outcome) else ""))
    elif denial == "market":
        here = market_area(s, C.BOT)
        s.market[here].remove(C.BOT)
        s.market[(here + 1) % C.MARKET_AREAS].append(C.BOT)
        text.append(f"moves its market marker to area {(here + 1) % C.MARKET_AREAS + 1}")
    b.vp += C.SOLO_CARD_VP[b.level]
    text.append(f"+{b.vp - before} VP (now {b.vp})")
    event(s, ", ".join(text))
    if b.calendar >= C.CALENDAR_END:  # said after the Gardener's turn that reached it
        trigger_end(s, C.SOLO_NAME)
