"""Gift of Tulips rules: set-up, legal moves, apply, scoring.

Sources: ``rules/gift-of-tulips.source.txt`` (the summary) and part A of
``rules/golden-age-and-gift-of-tulips.facts.md`` (rulebook facts A3-A8).
RULES.md beside this file states every rule as implemented.
"""

from __future__ import annotations

from typing import Sequence, Union

import msgspec

from core.engine import BotModules, IllegalMove, Move, ScoreSheet, copy_state, parse_by_notation, ranked_winners
from core.gift_of_tulips import components as C
from core.gift_of_tulips.state import SecretCard, State
from core.rng import Rng


# -- moves ----------------------------------------------------------------------
class Choose(Move, frozen=True, tag="choose"):
    """Set-up: keep ``card`` face up; the other dealt card goes to the secret festival."""

    card: str


class Keep(Move, frozen=True, tag="keep"):
    """Keep the drawn card in your own bouquet (scores KEEP_POINTS by its rank)."""


class Give(Move, frozen=True, tag="give"):
    """Give the drawn card to seat ``to`` (scores value + GIVE_BONUS by its rank)."""

    to: int


class Add(Move, frozen=True, tag="add"):
    """Add the drawn card face up to the festival, then re-rank."""


class Secret(Move, frozen=True, tag="secret"):
    """Add the drawn card face down to the secret festival (the same action as Add)."""


TulipMove = Union[Choose, Keep, Give, Add, Secret]

_ACTION_OF = {Keep: "keep", Give: "give", Add: "add", Secret: "add"}


class Options(msgspec.Struct, frozen=True):
    """Gift of Tulips has no variants; the struct exists for the protocol."""


# -- pure helpers -------------------------------------------------------------------
def rank_of(state: State, variety: str) -> int:
    """0-based festival rank of ``variety``; an unranked variety counts as 4th (3).

    Fact sheet A7: "A variety not in the ranking counts as 4th for Give and Keep".
    """
    try:
        return state.ranking.index(variety)
    except ValueError:
        return 3


def festival_total(state: State, variety: str) -> int:
    """Sum of the values of ``variety``'s face-up festival cards (0 if none)."""
    return sum(C.value(c) for c in state.festival.get(variety, ()))


def rerank(state: State, variety: str) -> None:
    """Move ``variety`` to its place after its stack grew (mutates ``state``).

    Fact sheet A7: the stack takes the place of the first stack whose total is
    equal or lower, pushing it and those after it one place right, so ties go
    to the variety most recently added to.
    """
    total = festival_total(state, variety)
    ranking = [v for v in state.ranking if v != variety]
    for i, other in enumerate(ranking):
        if festival_total(state, other) <= total:
            ranking.insert(i, variety)
            break
    else:
        ranking.append(variety)
    state.ranking = ranking


def majority_awards(state: State) -> list[tuple[str, int, int, int, int]]:
    """End-game majority awards: (variety, festival rank, seat, level, VP) rows.

    Source text + fact sheet A8: the three highest-ranked varieties score; players
    are ordered by card count, ties broken by total value; players still tied
    all take that level and the next group takes the next level; 2p score the
    most only, 3-4p most and 2nd, 5-6p down to 3rd. A player with no card of the
    variety never scores it (A8 open case, RECONSTRUCTED).
    """
    levels = C.majority_levels(len(state.players))
    rows: list[tuple[str, int, int, int, int]] = []
    for rank, v in enumerate(state.ranking[:3]):
        keyed = []
        for seat, bouquet in enumerate(state.bouquets):
            cards = [c for c in bouquet if c[0] == v]
            if cards:
                keyed.append(((len(cards), sum(C.value(c) for c in cards)), seat))
        keyed.sort(key=lambda kv: (-kv[0][0], -kv[0][1], kv[1]))
        level, prev = -1, None
        for key, seat in keyed:
            if key != prev:
                level, prev = level + 1, key
            if level >= levels:
                break
            rows.append((v, rank, seat, level, C.MAJORITY[rank][level]))
    return rows


def copy_for_apply(state: State) -> State:
    """A copy of ``state`` that ``apply`` may change: every list, dict and the
    RNG are new objects (the cards themselves are immutable strings). About 4x
    faster than a msgpack round trip; the conformance test checks purity."""
    return msgspec.structs.replace(
        state,
        deck=state.deck[:],
        removed=state.removed[:],
        ranking=state.ranking[:],
        festival={v: cards[:] for v, cards in state.festival.items()},
        secret=state.secret[:],
        bouquets=[b[:] for b in state.bouquets],
        give_vp=state.give_vp[:],
        keep_vp=state.keep_vp[:],
        majority_vp=state.majority_vp[:],
        hands=[h[:] for h in state.hands],
        players=state.players[:],
        revealed=state.revealed[:],
        rng=Rng(state.rng.state),
    )


# -- the game -----------------------------------------------------------------
class GiftOfTulips(BotModules):
    """Gift of Tulips (Sara Perry, Weird Giraffe Games) for 2-6 players."""

    id = "gift-of-tulips"
    title = "Gift of Tulips"
    min_players = 2
    max_players = 6
    Options = Options
    State = State
    Move = TulipMove
    private_information = True

    # set-up -------------------------------------------------------------------
    def setup(self, players: Sequence[str], seed: int, options: Options | None = None) -> State:
        """A new game: deck built, shuffled and cut, festival seeded, hands dealt.

        Fact sheet A6: below 5 players the 5/6 cards are out; N cards removed
        unseen (A4); two cards of different varieties seed the festival, the
        higher value 1st (equal: the first drawn), same-variety draws go back
        and the deck is reshuffled; each player is dealt 2 cards.
        Raises ValueError for a player count outside 2-6.
        """
        n = len(players)
        if not self.min_players <= n <= self.max_players:
            raise ValueError(f"Gift of Tulips takes 2-6 players, not {n}.")
        rng = Rng.from_seed(seed)
        deck = C.deck_for(n)
        rng.shuffle(deck)
        removed = [deck.pop() for _ in range(C.REMOVED[n])]
        first = deck.pop()
        put_back = []
        second = deck.pop()
        while second[0] == first[0]:
            put_back.append(second)
            second = deck.pop()
        if put_back:
            deck.extend(put_back)
            rng.shuffle(deck)
        hi, lo = (first, second) if C.value(first) >= C.value(second) else (second, first)
        hands = [[deck.pop(), deck.pop()] for _ in range(n)]
        return State(
            players=list(players),
            phase="setup",
            deck=deck,
            removed=removed,
            ranking=[hi[0], lo[0]],
            festival={hi[0]: [hi], lo[0]: [lo]},
            secret=[],
            bouquets=[[] for _ in range(n)],
            give_vp=[0] * n,
            keep_vp=[0] * n,
            majority_vp=[0] * n,
            hands=hands,
            rng=rng,
        )

    # queries ---------------------------------------------------------------------
    def to_move(self, state: State) -> int | None:
        return None if state.phase == "over" else state.current

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def turn(self, state: State) -> int:
        return state.turn

    def reveals(self, before: State, after: State) -> bool:
        return before.reveals != after.reveals

    def legal_moves(self, state: State) -> list[TulipMove]:
        """Every legal choice now. Set-up: which card to keep. Play: the actions
        not yet used this turn (Add and Secret are one action; fact sheet A7)."""
        if state.phase == "over":
            return []
        if state.phase == "setup":
            return [Choose(c) for c in sorted(set(state.hands[state.current]))]
        moves: list[TulipMove] = []
        if not state.drawn:  # nothing drawn: no action has a card to act on
            return moves
        if state.used != "keep":
            moves.append(Keep())
        if state.used != "give":
            moves.extend(Give(s) for s in range(len(state.players)) if s != state.current)
        if state.used != "add":
            moves.extend((Add(), Secret()))
        return moves

    # apply ---------------------------------------------------------------------------
    def apply(self, state: State, move: TulipMove) -> State:
        """The state after ``move``; ``state`` is untouched.

        Raises IllegalMove if ``move`` is not among ``legal_moves(state)``.
        """
        if move not in self.legal_moves(state):
            raise IllegalMove(f"'{self.notation(move)}' is not a legal move now.")
        return self.apply_trusted(state, move)

    def apply_trusted(self, state: State, move: TulipMove) -> State:
        """``apply`` without the legality check, for a move taken from
        ``legal_moves(state)`` (or ``parse``): replay, bots, playouts.
        ``state`` is untouched; an illegal move gives an undefined result."""
        s = copy_for_apply(state)
        cur = s.current
        if isinstance(move, Choose):
            hand = s.hands[cur]
            hand.remove(move.card)
            s.bouquets[cur].append(move.card)
            s.secret.append(SecretCard(hand.pop(), cur))
            s.turn += 1
            if cur + 1 < len(s.players):
                s.current = cur + 1
            else:
                s.phase, s.current = "play", 0
                if s.deck:
                    self._draw(s)
                else:  # nothing left to draw: the game ends at once (engine guard)
                    self._finish(s)
            return s
        card, v = s.drawn, s.drawn[0]
        rank = rank_of(s, v)
        if isinstance(move, Keep):
            s.bouquets[cur].append(card)
            s.keep_vp[cur] += C.KEEP_POINTS[rank]
        elif isinstance(move, Give):
            s.bouquets[move.to].append(card)
            s.give_vp[cur] += C.value(card) + C.GIVE_BONUS[rank]
        elif isinstance(move, Add):
            s.festival.setdefault(v, []).append(card)
            rerank(s, v)
        else:
            s.secret.append(SecretCard(card, cur))
        s.drawn = ""
        if not s.used:
            s.used = _ACTION_OF[type(move)]
            if s.deck:
                self._draw(s)
                return s
        s.used = ""
        if not s.deck:
            self._finish(s)
        else:
            s.current = (cur + 1) % len(s.players)
            s.turn += 1
            self._draw(s)
        return s

    def _draw(self, s: State) -> None:
        s.drawn = s.deck.pop()
        s.reveals += 1

    def _finish(self, s: State) -> None:
        """The end (source text; fact sheet A8): shuffle the secret festival,
        turn up 5 (all if fewer) one at a time re-ranking after each, then
        score the majorities."""
        pile = [sc.card for sc in s.secret]
        s.rng.shuffle(pile)
        take = min(C.FINAL_REVEAL, len(pile))
        s.revealed = pile[:take]
        s.secret = [SecretCard(c, -1) for c in pile[take:]]
        for card in s.revealed:
            s.festival.setdefault(card[0], []).append(card)
            rerank(s, card[0])
        for _v, _rank, seat, _level, vp in majority_awards(s):
            s.majority_vp[seat] += vp
        s.phase, s.current, s.drawn = "over", -1, ""
        s.reveals += 1

    # scoring -------------------------------------------------------------------------
    def scores(self, state: State) -> list[ScoreSheet]:
        """Per seat: Give, Keep and Majority VP (majorities are 0 until the end);
        tie-break: most tulips in the bouquet (fact sheet A8)."""
        return [
            ScoreSheet(
                seat=i,
                total=state.give_vp[i] + state.keep_vp[i] + state.majority_vp[i],
                parts={
                    "Give": state.give_vp[i],
                    "Keep": state.keep_vp[i],
                    "Majorities": state.majority_vp[i],
                },
                tiebreak=(len(state.bouquets[i]),),
                tiebreak_names=("tulips in the bouquet",),
            )
            for i in range(len(state.players))
        ]

    def winners(self, state: State) -> list[int]:
        """Most VP; tied: most tulips; still tied: a shared win (fact sheet A8)."""
        return ranked_winners(self.scores(state))

    def tallies(self, state: State) -> list[dict[str, float]]:
        """Public counters per seat: VP and tulips in the bouquet."""
        return [
            {"VP": sh.total, "Tulips": len(state.bouquets[sh.seat])} for sh in self.scores(state)
        ]

    # text ----------------------------------------------------------------------------
    def notation(self, move: TulipMove) -> str:
        """"choose p3", "keep", "give 2" (seat number, 1-based), "add", "secret"."""
        if isinstance(move, Choose):
            return f"choose {move.card}"
        if isinstance(move, Give):
            return f"give {move.to + 1}"
        return _ACTION_OF[type(move)] if not isinstance(move, Secret) else "secret"

    def parse(self, state: State, text: str) -> TulipMove:
        """The legal move written as ``text``; IllegalMove if there is none."""
        return parse_by_notation(self, state, text)

    def describe(self, state: State, move: TulipMove, after: State | None = None) -> str:
        """One log line for ``move`` made in ``state``; shows no hidden card.
        ``after`` (the state after ``move``, given by a replay) is not needed:
        the line is worked out from ``state``."""
        who = state.players[state.current]
        if isinstance(move, Choose):
            return f"{who} keeps {C.a_card(move.card)} and puts the other card in the secret festival"
        card = state.drawn
        rank = rank_of(state, card[0])
        if isinstance(move, Keep):
            text = f"{who} keeps {C.a_card(card)} (+{C.KEEP_POINTS[rank]} VP)"
        elif isinstance(move, Give):
            vp = C.value(card) + C.GIVE_BONUS[rank]
            text = f"{who} gives {state.players[move.to]} {C.a_card(card)} (+{vp} VP)"
        elif isinstance(move, Add):
            after = copy_for_apply(state)
            after.festival.setdefault(card[0], []).append(card)
            rerank(after, card[0])
            new_rank = C.RANK_NAMES[rank_of(after, card[0])]
            text = f"{who} adds {C.a_card(card)} to the festival ({C.VARIETIES[card[0]]} now {new_rank})"
        else:
            text = f"{who} adds a card to the secret festival"
        if state.used and len(state.deck) == 0:
            text += "; the deck is empty and the secret festival is revealed"
        return text

    def epilogue(self, state: State) -> list[str]:
        """The end, in words: the secret cards turned up in order, the final
        festival ranking with totals, and each majority award (source text;
        fact sheet A8). [] until the game is over."""
        if state.phase != "over":
            return []
        lines = []
        if state.revealed:
            lines.append(
                "Secret festival revealed: " + ", ".join(C.card_name(c) for c in state.revealed)
            )
        ranking = ", ".join(
            f"{C.RANK_NAMES[i]} {C.VARIETIES[v]} {festival_total(state, v)}"
            for i, v in enumerate(state.ranking)
        )
        lines.append(f"Final festival: {ranking}")
        level_names = ("most", "2nd most", "3rd most")
        for v, rank, seat, level, vp in majority_awards(state):
            lines.append(
                f"{state.players[seat]}: {level_names[level]} {C.VARIETIES[v]} "
                f"({C.RANK_NAMES[rank]}) +{vp} VP"
            )
        return lines

    def view(self, state: State, viewer: int | None) -> State:
        """A copy with what ``viewer`` cannot see replaced by "??": the deck, the
        removed cards, other players' secret cards, set-up hands and drawn card,
        and the RNG. ``viewer=None`` sees only what is public."""
        s = copy_state(state)
        H = C.HIDDEN
        s.deck = [H] * len(s.deck)
        s.removed = [H] * len(s.removed)
        if s.phase != "over":
            s.secret = [sc if sc.owner == viewer and viewer is not None else SecretCard(H, sc.owner) for sc in s.secret]
        else:
            s.secret = [SecretCard(H, sc.owner) for sc in s.secret]
        s.hands = [h if i == viewer else [H] * len(h) for i, h in enumerate(s.hands)]
        if s.drawn and viewer != s.current:
            s.drawn = H
        s.rng = Rng(0)
        return s


GAME = GiftOfTulips()
