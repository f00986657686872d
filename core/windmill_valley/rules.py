"""Windmill Valley rules: set-up, the turn, legal moves, apply, scoring, text.

Sources: ``rules/windmill-valley.source.txt`` (PR) and ``rules/windmill-valley.facts.md``
(FS). RULES.md beside this file states every rule as implemented. The decisions
themselves live in actions.py (LEGAL / DO per pending Task), scoring in scoring.py and
the solo opponent in solo.py.

A move is ``Pick(verb, arg)``; its notation is ``"verb arg"`` ("gate 2", "steps 3",
"act big", "tile 2 L3", "build f3", "plant r 2", "pass", "done").
"""

from __future__ import annotations

from typing import Sequence

import msgspec

from core.engine import BotModules, ScoreSheet, copy_state
from core.picks import Pick, PickGame
from core.rng import Rng
from core.windmill_valley import actions as A
from core.windmill_valley import components as C
from core.windmill_valley import scoring as SC
from core.windmill_valley.solo import bot_turn, new_solo
from core.windmill_valley.state import Farm, State, Task

#: A move: ``Pick(verb, arg)`` (core/picks.py), written "verb arg".
WindmillMove = Pick


class Options(msgspec.Struct, frozen=True):
    """Windmill Valley variants.

    Attributes:
        expert: the Expert variant (PR): no extra turn after the final round.
        solo_level: difficulty of the solo opponent, 1 (easy) to 3 (hard); used with 1 player.
    """

    expert: bool = False
    solo_level: int = 2


#: Tasks run at once, without a decision.
_AUTO = {"after": A.auto_after, "mstep": A.auto_mstep}
#: Decisions carried out automatically when they offer exactly one choice.
_FORCED = {"gate", "steps"}
#: Engine guard (not a rule): if this many whole rounds pass in one settle without
#: any player having a decision, the game ends rather than turn forever.
IDLE_ROUNDS_LIMIT = 20


class WindmillValley(PickGame, BotModules):
    """Windmill Valley (Dani Garcia, Board&Dice 2024) for 1-4 players.

    ``PickGame`` (core/picks.py) gives the queries, legal_moves, apply and the text
    (notation, parse, describe); ``BotModules`` the bots' margins and determinize."""

    id = "windmill-valley"
    title = "Windmill Valley"
    min_players = 1
    max_players = 4
    Options = Options
    State = State
    Move = WindmillMove
    private_information = False

    # set-up ----------------------------------------------------------------------------
    def setup(self, players: Sequence[str], seed: int, options: Options | None = None) -> State:
        """A new game (PR "Setup"): offers and decks shuffled, floodgate 1 and water 1,
        random windmill boards, guilders 4/5/6/7 and bulbs white/yellow/red/violet by seat,
        players + 1 starting cards dealt, the limit tile below 4 players. The first
        decisions are the starting cards, in reverse turn order.
        Raises ValueError for a player count outside 1-4 or a solo level outside 1-3.
        """
        opts = options or Options()
        n = len(players)
        if not 1 <= n <= 4:
            raise ValueError(f"Windmill Valley takes 1-4 players, not {n}.")
        if not 1 <= opts.solo_level <= 3:
            raise ValueError(f"The solo level is 1, 2 or 3, not {opts.solo_level}.")
        rng = Rng.from_seed(seed)
        stacks: dict[str, list[int]] = {}
        for tier, designs in C.TIER_COPIES.items():
            pile = [C.DESIGN_INDEX[k] for k, copies in designs for _ in range(copies)]
            rng.shuffle(pile)
            stacks[tier] = pile
        offer = [stacks[t].pop() for t in C.OFFER_TIERS]
        deck = list(range(len(C.FARM_CARDS)))
        rng.shuffle(deck)
        farm_offer = [deck.pop() for _ in range(C.FARM_OFFER)]
        trade = list(range(len(C.TRADE_CARDS)))
        rng.shuffle(trade)
        boards = list(range(len(C.BOARD_SMALL_OFFSET)))
        rng.shuffle(boards)
        starts = [C.START_ID + i for i in range(len(C.START_CARDS))]
        rng.shuffle(starts)
        farms = [
            Farm(
                guilders=C.START_GUILDERS[i], tools=C.START_TOOLS, vp=C.START_VP,
                storage=C.START_BULB[i], patch=[""] * C.PATCH_ROWS, helpers=[], contracts=[],
                mills=list(C.MILL_GROUPS), board=boards[i], large=list(C.BASE_LARGE),
                small=list(C.BASE_SMALL),
            )
            for i in range(n)
        ]
        cover = set(C.LIMIT_COVER[n])
        uniques = ["".join("-" if (c, k) in cover else "o" for k in range(len(col)))
                   for c, col in enumerate(C.CAL_UNIQUE)]
        s = State(
            players=list(players), expert=opts.expert, phase="start", current=n - 1, round=0, turns=0,
            floodgate=1, water=1, farms=farms, arrows=[0, 0], uniques=uniques, wish_card=-1, wish_next=0,
            start_offer=starts[: n + 1], offer=offer, offer_free="0000", stacks=stacks,
            farm_offer=farm_offer, farm_deck=deck, farm_discard=[], drawn=[], trade=trade,
            trade_bulbs=" " * C.TRADE_SLOTS, board=[-1] * len(C.SPACES),
            market=[[] for _ in range(C.MARKET_AREAS)], tasks=[], events=[], rng=rng,
        )
        if n == 1:
            s.solo = new_solo(opts.solo_level, rng)
            s.market[0].append(C.BOT)
        s.tasks.append(Task("start", n - 1))
        return s

    # queries -------------------------------------------------------------------------------
    def reveals(self, before: State, after: State) -> bool:
        """Whether the move turned up something hidden (draws, reshuffles: ``State.reveals``)."""
        return before.reveals != after.reveals

    def _legal(self, s: State) -> list[str]:
        if s.phase == "over" or not s.tasks:
            return []
        return A.LEGAL[s.tasks[-1].kind](s, s.tasks[-1])

    # apply -----------------------------------------------------------------------------------
    def apply_trusted(self, state: State, move: Pick) -> State:
        """``apply`` without the legality check, for a move taken from
        ``legal_moves(state)`` (or ``parse``): replay, bots, playouts.
        ``state`` is untouched; an illegal move gives an undefined result."""
        s = copy_state(state)
        turn = s.turns
        self._do(s, self.notation(move))
        self._settle(s, turn)
        return s

    def _do(self, s: State, text: str) -> None:
        t = s.tasks.pop()
        w = text.split()
        if t.kind == "start":
            self._choose_start(s, t, int(w[1]))
        elif t.kind == "place":
            self._place_marker(s, t, int(w[1]) - 1)
        elif w[0] != "skip":
            A.DO[t.kind](s, t, w)

    def _settle(self, s: State, turn: int | None = None) -> None:
        """Run automatic tasks and drop decisions that offer nothing (or only "skip"),
        announcing what they lose, until a real decision is pending or the game is over;
        check Queen's Wishes. ``turn``: the turn counter when the decision was made; the
        first announcement of a later turn (the next player's forced floodgate or wheels)
        starts with "next, " so the log does not read as the previous player's."""
        first = s.turns if turn is None else turn
        told_next = False

        def say(text: str) -> None:
            nonlocal told_next
            if s.turns != first and not told_next:
                text, told_next = "next, " + text, True
            A.event(s, text)

        idle_turns, limit = 0, IDLE_ROUNDS_LIMIT * len(s.players)
        while s.phase != "over":
            if idle_turns > limit:  # engine guard: a forced-step loop always ends
                A.event(s, f"No player had anything to decide for {IDLE_ROUNDS_LIMIT} rounds: the game ends")
                self._finish(s)
                break
            if not s.tasks:
                idle_turns += 1
                self._end_turn(s)
                continue
            t = s.tasks[-1]
            auto = _AUTO.get(t.kind)
            if auto is not None:
                s.tasks.pop()
                auto(s, t)
                continue
            if t.kind == "endturn":
                s.tasks.pop()
                idle_turns += 1
                self._end_turn(s)
                continue
            legal = A.LEGAL[t.kind](s, t)
            if not legal or legal == ["skip"] or legal == ["done"]:
                lost = A.dropped_text(s, t)
                if lost:
                    say(lost)
                s.tasks.pop()
                continue
            if len(legal) == 1 and (t.kind in _FORCED or legal[0] == "pass"):
                name = s.players[t.seat]
                if t.kind == "steps":
                    say(f"{name}'s wheels turn {_steps(int(legal[0].split()[1]))}")
                elif t.kind == "gate" and s.water >= C.WATER_MAX:
                    must = "close the floodgate to 1" if s.floodgate > 1 else "keep the floodgate at 1"
                    say(f"{name} must {must} (water at maximum)")
                elif t.kind == "gate":
                    say(f"{name} cannot open the floodgate: it stays at {s.floodgate}"
                        if legal[0] == f"gate {s.floodgate}"
                        else f"{name} {describe_choice(s, t, legal[0])}")
                elif legal[0] == "pass":
                    say(f"{name} can do neither action: +{C.PASS_GUILDERS} guilders")
                self._do(s, legal[0])
                continue
            break
        if s.phase == "play":
            SC.check_wishes(s)

    # set-up decisions --------------------------------------------------------------------------
    def _choose_start(self, s: State, t: Task, k: int) -> None:
        """PR: in reverse turn order each player takes a starting card into helper slot 1;
        the card left over becomes the Queen's Wish. Then market markers, reverse order."""
        card = C.START_ID + k - 1
        s.turns += 1
        s.start_offer.remove(card)
        s.farms[t.seat].helpers = [card]
        if t.seat > 0:
            s.tasks.append(Task("start", t.seat - 1))
        else:
            s.wish_card = s.start_offer.pop()
            s.phase = "place"
            s.tasks.append(Task("place", len(s.players) - 1))

    def _place_marker(self, s: State, t: Task, area: int) -> None:
        """PR: markers in reverse turn order on areas without another player's marker;
        then neutral markers: 2 players (and solo) and 3 players in every area without a
        player's marker, 4 players in the area counter-clockwise from the first player's."""
        s.market[area].append(t.seat)
        s.turns += 1
        if t.seat > 0:
            s.tasks.append(Task("place", t.seat - 1))
            return
        n = len(s.players)
        if n == 4:
            s.market[(area - 1) % C.MARKET_AREAS].append(C.NEUTRAL)
        else:
            for a in s.market:
                if not a:
                    a.append(C.NEUTRAL)
        s.phase = "play"
        self._begin_turn(s, 0)

    # the turn --------------------------------------------------------------------------------
    def _begin_turn(self, s: State, seat: int) -> None:
        """PR turn: 1 floodgate, 2 water (with the floodgate), 3 wheels, 4 actions."""
        s.current = seat
        s.turns += 1
        f = s.farms[seat]
        f.used = ""
        s.neutral_used = False
        s.arrows = [f.step % C.LARGE_SPACES, (C.BOARD_SMALL_OFFSET[f.board] + f.step) % C.SMALL_SPACES]
        s.tasks += [Task("endturn", seat), Task("actions", seat), Task("steps", seat), Task("gate", seat)]

    def _end_turn(self, s: State) -> None:
        """Next seat; after the last seat (and the Gardener in solo) the round ends. Once the
        end is triggered the game ends after ``end_round`` (PR: finish the round, then one
        more turn each; Expert: finish the round only)."""
        n = len(s.players)
        nxt = s.current + 1
        if nxt >= n:
            if s.solo is not None:
                bot_turn(s)
            if 0 <= s.end_round <= s.round:  # the last round is over: ``round`` stays on it
                self._finish(s)
                return
            s.round += 1
            nxt = 0
        self._begin_turn(s, nxt)

    def _finish(self, s: State) -> None:
        SC.check_wishes(s)  # PR: "at any point", the game's last decision included
        s.phase = "over"
        s.tasks = []
        A.event(s, "The game is over")
        if s.solo is not None:
            s.solo.vp += C.SOLO_END_BONUS[s.solo.level]
            A.event(s, f"The Gardener adds its end bonus: +{C.SOLO_END_BONUS[s.solo.level]} VP (now {s.solo.vp})")

    # scoring ---------------------------------------------------------------------------------
    def scores(self, state: State) -> list[ScoreSheet]:
        """Per seat: "VP track" (in-game VP), then at the end Contracts, Windmill groups,
        Patch rows, Patch columns (PR order); tie-break (patch bulbs, storage, windmills)."""
        out = []
        for seat, f in enumerate(state.farms):
            parts = {"VP track": f.vp}
            if state.phase == "over":
                parts.update(SC.final_parts(state, seat))
            else:
                parts.update({k: 0 for k in ("Contracts", "Windmill groups", "Patch rows", "Patch columns")})
            out.append(ScoreSheet(seat=seat, total=sum(parts.values()), parts=parts,
                                  tiebreak=SC.tiebreak(state, seat), tiebreak_names=SC.TIEBREAK_NAMES))
        return out

    def winners(self, state: State) -> list[int]:
        """Most VP, then the PR tie-breaks; a shared win if still tied. Solo: the player wins
        only by beating the Gardener's total (RECONSTRUCTED), else nobody among the seats."""
        from core.engine import ranked_winners

        sheets = self.scores(state)
        if state.solo is not None:
            return [0] if sheets[0].total > state.solo.vp else []
        return ranked_winners(sheets)

    def tallies(self, state: State) -> list[dict[str, float]]:
        """Public counters per seat: VP, guilders, tools, calendar space, bulbs in storage and patch."""
        return [
            {"VP": f.vp, "Guilders": f.guilders, "Tools": f.tools, "Calendar": f.calendar,
             "Storage": len(f.storage), "Planted": len("".join(f.patch))}
            for f in state.farms
        ]

    # text (notation "gate 2", "tile 1 L3", "plant r 2") ------------------------------------
    def describe_choice(self, state: State, task: Task | None, text: str) -> str:
        """The choice ``text`` of ``task`` in the rulebook's words (``describe_choice``
        below; ``describe`` adds who and the announcements it caused)."""
        return describe_choice(state, task, text)

    def epilogue(self, state: State) -> list[str]:
        """End-of-game lines for the log and the record; [] until the game is over.

        Solo: the Gardener's final VP (its end bonus included) and the outcome in words,
        "The Gardener scores 75 VP and wins (Sol 12 VP)" or "Sol beats the Gardener 80 to 75"
        (RULES.md section 10: the player wins only with more VP). ``scores`` stays per seat
        and ``winners`` is empty when the Gardener wins, so this line is where the
        Gardener's score and win are told. With 2-4 players every effect was described as
        it happened and ``scores`` has the categories: []."""
        if state.phase != "over" or state.solo is None:
            return []
        b = state.solo
        bonus = C.SOLO_END_BONUS[b.level]
        name = state.players[0]
        mine = self.scores(state)[0].total
        lines = [f"The Gardener (level {b.level}): {b.vp} VP, {b.vp - bonus} during the game"
                 f" + {bonus} end bonus"]
        if mine > b.vp:
            lines.append(f"{name} beats the Gardener {mine:g} to {b.vp}")
        elif mine == b.vp:
            lines.append(f"The Gardener scores {b.vp} VP and wins: {name} ties at {mine:g} VP,"
                         " and only more VP beat the Gardener")
        else:
            lines.append(f"The Gardener scores {b.vp} VP and wins ({name} {mine:g} VP)")
        return lines

    def view(self, state: State, viewer: int | None) -> State:
        """A copy with the face-down stacks and decks replaced by -1 and the RNG zeroed;
        everything else in Windmill Valley is public."""
        s = copy_state(state)
        s.stacks = {k: [-1] * len(v) for k, v in s.stacks.items()}
        s.farm_deck = [-1] * len(s.farm_deck)
        if s.solo is not None:
            s.solo.deck = [-1] * len(s.solo.deck)
        s.rng = Rng(0)
        return s


def _steps(n: int) -> str:
    return f"{n} step" if n == 1 else f"{n} steps"


def _patch_gain(f: Farm, r: int) -> str:
    """", space 2: +1 guilder" for a bulb planted now in row ``r`` (0-based): the printed
    reward it covers ("" for none)."""
    col = len(f.patch[r])
    if col >= C.PATCH_COLS:
        return ""
    codes = C.PATCH_REWARD[r][col]
    gains = ", ".join(x for x in (A.counters_text(f, codes), A.choices_text(codes)) if x)
    return f", space {col + 1}: {gains}" if gains else f", space {col + 1}"


def _times(codes: tuple[str, ...], n: int) -> str:
    """A market option taken ``n`` times, in words: "3 red bulbs", "6 VP", "2 guilders",
    "3 black bulbs from the supply, paying 1 guilder each" (to plant)."""
    head, _, rest = codes[0].partition(":") if len(codes) == 1 else ("", "", "")
    name = C.COLOUR_NAMES.get(rest, "")
    if head == "bulb":
        return f"{n} {name} bulb{'s' if n != 1 else ''}" if rest != "*" else f"{n} bulb(s) of any colour"
    if head == "sup":
        return f"{n} {name} bulb{'s' if n != 1 else ''} from the supply"
    if head == "paysup":
        return f"{n} {name} bulb{'s' if n != 1 else ''} from the supply, paying 1 guilder each"
    if head.startswith("vp"):
        return f"{int(head[2:]) * n} VP"
    if head[:1] == "g" and head[1:].isdigit():
        g = int(head[1:]) * n
        return f"{g} guilder{'s' if g != 1 else ''}"
    if head == "tool":
        return f"{n} tool{'s' if n != 1 else ''}"
    return C.reward_text(codes) + (f" x{n}" if n != 1 else "")


def describe_choice(s: State, t: Task | None, text: str) -> str:
    """A readable sentence for the choice ``text`` of task ``t``."""
    w = text.split()
    if t is None:
        return text
    f = s.farms[t.seat]
    v = w[0]
    if v == "skip":
        return {"unique": "takes no unique calendar reward", "more": "does not take the other action",
                "mreward": f"takes no reward from market area {t.a + 1}", "bulb": "does not take the bulb",
                "lower": "does not lower the water", "enhance": "installs no wheel enhancement",
                "farm": "takes no farm enhancement", "build": "builds no windmill",
                "market": "does not visit the market", "plant": "plants nothing more",
                "trade": "does not trade", "sup": "plants no bulb from the supply",
                "adj": "takes no reward from a neighbouring market area",
                "tradex": "pays for no more trade rewards", "pay4": "does not pay for 4 VP",
                "swapbulb": "exchanges no bulb", "swapfarm": "exchanges no farm enhancement",
                "removemill": "returns no windmill to the box", "discardwheel": "discards no wheel enhancement",
                "swapwheel": "exchanges no wheel enhancement", "contract": "scores no contract now",
                }.get(t.kind, "skips")
    if v == "done":
        return "is done planting"
    if v == "start":
        k = int(w[1]) - 1
        return f"takes starting card {w[1]} ({C.START_CARDS[k][2]})"
    if v == "area":
        return f"puts their marker on market area {w[1]}"
    if v == "gate":
        level = int(w[1])
        water = min(C.WATER_MAX, s.water + C.WATER_RISE[level])
        rise = f"; the water rises to space {water}" if water > s.water else ""
        if level == s.floodgate:
            return f"leaves the floodgate at {level}{rise}"
        if level < s.floodgate:
            return f"closes the floodgate to {level} (was {s.floodgate}){rise}"
        cost = sum(C.OPEN_COST[x] for x in range(s.floodgate + 1, level + 1))
        vp = sum(C.OPEN_VP[x] for x in range(s.floodgate + 1, level + 1))
        return (f"opens the floodgate to {level} (was {s.floodgate}), paying {cost} guilder"
                f"{'s' if cost > 1 else ''} for {vp} VP{rise}")
    if v == "steps":
        spent = abs(int(w[1]) - s.floodgate)
        return f"turns the wheels {_steps(int(w[1]))}" + (
            f", spending {spent} tool{'s' if spent > 1 else ''}" if spent else "")
    if v == "act":
        d = f.large[s.arrows[0]] if w[1] == "big" else f.small[s.arrows[1]]
        gains = A.counters_text(f, C.DESIGNS[d][3])
        return f"takes the {w[1]} wheel's action: {C.DESIGNS[d][4]}" + (f" ({gains} now)" if gains else "")
    if v == "pass":
        return f"can do neither action and takes {C.PASS_GUILDERS} guilders"
    if v == "unique":
        codes = C.CAL_UNIQUE[t.a][int(w[1]) - 1]
        note = A.unusable_note(s, t.seat, codes)
        return f"claims calendar unique reward {w[1]}: {C.reward_text(codes)}" + (f" ({note})" if note else "")
    if v == "lower":
        strength = t.a + (1 if w[1].endswith("+") else 0)
        g, vp = C.WATER_BAND[s.water]
        gains = []
        if w[1].rstrip("+") in ("g", "both"):
            got = min(g * strength, C.MAX_GUILDERS - f.guilders)
            gains.append(f"{got} guilder{'s' if got != 1 else ''}"
                         + (f" ({C.MAX_GUILDERS} at most)" if got < g * strength else ""))
        if w[1].rstrip("+") in ("vp", "both"):
            gains.append(f"{vp * strength} VP")
        plus = ", +1 from a helper" if w[1].endswith("+") else ""
        if s.water > 1:
            return (f"lowers the water from space {s.water} to {max(1, s.water - strength)} "
                    f"(strength {strength}{plus}), taking {' and '.join(gains)}")
        return (f"lowers the water with strength {strength}{plus} (it stays on space 1, the bottom), "
                f"taking {' and '.join(gains)}")
    if v == "helpers":
        return f"uses their helpers {'before' if w[1] == 'first' else 'after'} the action"
    if v == "refresh":
        return "pays 1 guilder to refresh the offer"
    if v == "draw":
        return f"draws {C.EXTRA_DRAW} extra farm enhancement cards"
    if v == "return":
        return f"returns the extra cards to the {'top of the deck' if w[1] == 'top' else 'discard pile'}"
    if v == "neutral":
        cost = C.MARKET_COST + (0 if A.free_helper(f, "S-market") >= 0 else C.NEUTRAL_MOVE_COST)
        return (f"moves a neutral marker from market area {w[1]} to {w[2]} and visits the market "
                f"(strength {t.a}), paying {cost} guilder{'s' if cost != 1 else ''}")
    if v == "go":
        return f"pays {C.MARKET_COST} guilder{'s' if C.MARKET_COST != 1 else ''} to visit the market (strength {t.a})"
    if v in ("stack", "jump"):
        area = (A.market_area(s, t.seat) + 1 + t.b) % C.MARKET_AREAS
        if v == "jump":
            return f"passes over full market area {area + 1}"
        top = A.stacked_on(s, t.seat, area)
        owner = s.players[top] if top >= 0 else None
        if "F" in t.s or A.free_helper(f, "S-market") >= 0:
            paid = f"for free ({owner} still gains 1 guilder)" if owner else "for free"
        else:
            paid = f"paying 1 guilder to {owner}" if owner else "paying 1 guilder"
        return f"stacks their marker on full market area {area + 1}, {paid}"
    if v == "row":
        return f"plants a {C.COLOUR_NAMES[t.s]} bulb from the supply in row {w[1]}" + _patch_gain(f, int(w[1]) - 1)
    if v == "adj":  # "chooses from market area 4: plant a violet bulb from the supply" (a verb or a thing)
        return f"chooses from market area {w[1]}: {C.reward_text(C.MARKET[int(w[1]) - 1][int(w[2]) - 1])}"
    if v == "path":
        outcome = A.path_outcomes(s, t.a)[int(w[1]) - 1]
        return f"chooses the shortest path to the market: {A.path_gains(s, outcome)}"
    if v == "extra" and t.kind == "plant":
        return "pays 1 VP to plant 1 extra bulb"
    if v == "extra":
        return f"pays 1 guilder for trade reward {w[1]}: {C.reward_text(C.TRADE_CARDS[t.a][int(w[1]) - 1])}"
    if v == "all":
        rest = [C.reward_text(C.TRADE_CARDS[t.a][k]) for k in range(4) if not (t.b >> k) & 1]
        return "pays 1 guilder for the other rewards on the trade card: " + " and ".join(rest)
    if v == "import":
        return f"places a {C.COLOUR_NAMES[w[1]]} bulb from the supply on the trade card, slot {w[2]}"
    if v == "rewards":
        card = C.TRADE_CARDS[t.a]
        return (f"takes trade rewards {w[1]} and {w[2]}: {C.reward_text(card[int(w[1]) - 1])}"
                f" and {C.reward_text(card[int(w[2]) - 1])}")
    if v == "pay":
        return f"pays {'1 tool' if w[1] == 'tool' else '2 guilders'} for 4 VP"
    if v == "remove":
        return f"returns a windmill of group {w[1]} to the box"
    if v == "discard":
        return f"discards the wheel enhancement on {w[1]} for 5 VP and 2 guilders"
    if v == "score":
        return f"scores contract {w[1]} now"
    if v == "swap" and t.kind == "swapbulb":
        return f"exchanges a {C.COLOUR_NAMES[w[1]]} bulb for a {C.COLOUR_NAMES[w[2]]} one"
    if v == "swap" and t.kind == "swapfarm":
        half = {"h": "helper", "c": "contract"}[w[1][0]]
        return f"exchanges their {half} {w[1][1:]} for the farm enhancement in offer slot {w[2]}"
    if v == "swap":
        return f"exchanges their wheel enhancement on {w[1]} for the one in offer slot {w[2]}"
    if v == "tile":
        d = s.offer[int(w[1]) - 1]
        return f"installs '{C.DESIGNS[d][4]}' on {w[2]}"
    if v == "take" and t.kind == "farm":
        j = int(w[1]) - 1
        card = s.farm_offer[j] if j < C.FARM_OFFER else s.drawn[j - C.FARM_OFFER]
        half = C.FARM_CARDS[card][3] if w[2] == "helper" else C.FARM_CARDS[card][4]
        return f"takes a farm enhancement as {w[2]}: {half}"
    if v == "mill":
        cost = C.MILL_COST[int(w[1]) - 1]
        return f"takes a windmill from group {w[1]} ({cost} guilder{'s' if cost != 1 else ''})"
    if v == "build":
        extra = ", paying 1 guilder more" if "nc1" in t.s else ""
        codes = A.field_codes(C.SPACE_BY_NAME[w[1]])
        gains = ", then ".join(x for x in (A.counters_text(f, codes), A.choices_text(codes)) if x)
        return (f"builds a windmill on {w[1]}" + (f" without connection{extra}" if len(w) > 2 else "")
                + (f" (fields: {gains})" if gains else ""))
    if v == "plant":
        return f"plants a {C.COLOUR_NAMES[w[1]]} bulb in row {w[2]}" + _patch_gain(f, int(w[2]) - 1)
    if v == "bulb":
        return f"takes a {C.COLOUR_NAMES[w[1]]} bulb" + (
            f" in place of a {C.COLOUR_NAMES[w[2]]} one" if len(w) > 2 else "")
    if v == "take" and t.kind == "mreward":
        opt = C.MARKET[t.a][int(w[1]) - 1]
        split = A.has_helper(f, "S-market")  # one reward at a time
        n = 1 if split else t.b
        left = f"; {t.b - 1} more to choose" if split and t.b > 1 else ""
        if opt[0].startswith(("sup:", "paysup:")):
            return f"in market area {t.a + 1}, chooses to plant {_times(opt, n)}{left}"
        return f"takes {_times(opt, n)} from market area {t.a + 1}{left}"
    if v == "place":
        q = int(w[2]) - 1
        card = C.TRADE_CARDS[s.trade[0]]
        gains = f"{C.reward_text(card[q])} and {C.reward_text(card[(q + 1) % C.TRADE_SLOTS])}"
        return f"places a {C.COLOUR_NAMES[w[1]]} bulb on the trade card, slot {w[2]}: {gains}"
    if v == "collect":
        return "takes all the bulbs from the trade card"
    return text


GAME = WindmillValley()


def arrows_of(state: State, seat: int) -> tuple[int, int]:
    """(large index, small index) of the wheel spaces at ``seat``'s arrows now."""
    f = state.farms[seat]
    return f.step % C.LARGE_SPACES, (C.BOARD_SMALL_OFFSET[f.board] + f.step) % C.SMALL_SPACES


def action_preview(state: State, seat: int) -> list[tuple[int, str, str]]:
    """For the screen: (steps, big-wheel action, small-wheel action) for 1..4 steps from
    ``seat``'s current wheel position (FS 8: preview of reachable action pairs)."""
    f = state.farms[seat]
    out = []
    for n in range(C.MIN_STEPS, C.MAX_STEPS + 1):
        st = f.step + n
        big = f.large[st % C.LARGE_SPACES]
        small = f.small[(C.BOARD_SMALL_OFFSET[f.board] + st) % C.SMALL_SPACES]
        out.append((n, C.DESIGNS[big][4], C.DESIGNS[small][4]))
    return out
