"""Gift of Tulips: sample the hidden cards consistently with one seat's view.

``view`` hides the deck and its order, the cards removed at set-up, the other
players' secret-festival cards and set-up hands, and the RNG (so the order the
secret festival turns up in). A determinization deals the cards nobody in that
seat has seen (the deck for the player count minus every card the view shows)
at random into those places and gives the state a fresh RNG.
"""

from __future__ import annotations

import random
from collections import Counter

from core.gift_of_tulips import components as C
from core.gift_of_tulips.rules import copy_for_apply
from core.gift_of_tulips.state import SecretCard, State
from core.rng import Rng


def determinize(view: State, seat: int, rng: random.Random) -> State:
    """A full State consistent with ``view`` (= ``GAME.view(state, seat)``).

    Args:
        view: the redacted state ``seat`` sees (hidden cards are ``C.HIDDEN``).
        seat: the seat whose view it is.
        rng: the source of the sample (only it decides which cards go where).
    Returns:
        A new State with every hidden card replaced by an unseen card and a new RNG;
        ``view`` is untouched.
    """
    s = copy_for_apply(view)
    H = C.HIDDEN
    seen: list[str] = [c for stack in s.festival.values() for c in stack]
    seen += [c for b in s.bouquets for c in b]
    seen += [sc.card for sc in s.secret if sc.card != H]
    seen += [c for h in s.hands for c in h if c != H]
    seen += [c for c in s.revealed if c != H]
    if s.drawn and s.drawn != H:
        seen.append(s.drawn)
    pool = Counter(C.deck_for(len(s.players)))
    pool.subtract(seen)
    unseen = sorted(pool.elements())
    rng.shuffle(unseen)
    full = C.deck_for(len(s.players))

    def deal() -> str:
        return unseen.pop() if unseen else full[rng.randrange(len(full))]

    s.deck = [deal() if c == H else c for c in s.deck]
    s.removed = [deal() if c == H else c for c in s.removed]
    s.secret = [SecretCard(deal(), sc.owner) if sc.card == H else sc for sc in s.secret]
    s.hands = [[deal() if c == H else c for c in h] for h in s.hands]
    if s.drawn == H:
        s.drawn = deal()
    s.rng = Rng.from_seed(rng.getrandbits(64))
    return s
