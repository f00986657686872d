"""Windmill Valley in words: the text helpers the board and the screen share
(rewards, wheel designs, bulbs, announcements), and WindmillValleyLabels, the
game screen's words: each choice worded with what it costs and brings, the
prompt above the choices, the header's sub-title and the final log lines
(rules: ``rules/windmill-valley.source.txt``, ``core/windmill_valley/RULES.md``).
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from rich.text import Text

from core.windmill_valley import components as C
from core.windmill_valley.actions import free_helper, unusable_note, wheel_index
from core.windmill_valley.rules import describe_choice
from core.windmill_valley.scoring import contract_vp
from tui.screens.game import GameLabels
from tui.widgets.common import glyph


#: Short labels (<= 6 characters) of the wheel space designs, for the rings.
SHORT: dict[str, str] = {
    "B-enhance": "Enhanc", "B-farm": "Farm", "B-build": "Build", "B-market": "Mkt 1",
    "B-plant": "Plant2", "B-trade": "Trade", "B-lower1": "Lower1", "B-lower2": "Lower2",
    "C-plant3": "Plant3", "C-lowerboth": "Lw2 GV", "C-buildnc1": "BuildN", "C-traderepeat": "TradeR",
    "C-tradeextra": "TradeX", "C-enhance2g": "Enh 2G", "C-enhancex2": "Enh x2", "C-lower2g": "Lw2 2G",
    "C-build1g": "Bld 1G", "C-market3": "Mkt 3", "C-market2": "Mkt 2", "C-farm1g": "Farm1G",
    "U-tool": "Tool+", "U-pay4": "4VP+", "U-swapplant": "SwPl+", "U-swapfarm": "SwFE+",
    "U-market": "Mkt1+", "U-2g": "2G+", "U-removemill": "-Mill+", "U-enhance": "Enh+",
    "U-bulb": "Bulb+", "U-lower": "Lw2+", "U-tradeboth": "Trd2+", "U-discardwheel": "Disc+",
    "U-swapwheel": "SwWh+", "X-farm3g": "Farm3G", "X-market": "Mkt1+", "X-4g": "4G+",
    "X-2g3vp": "2G3VP", "X-plant3swap": "Plnt3S", "X-lowerboth": "LwGV+", "X-buildnc": "BldNC",
    "X-build3g": "Bld 3G", "X-bulbgvp": "BlbGV+", "X-plant4": "Plant4", "X-farm": "Farm+",
    "X-tradeall": "TrdAl+",
}

#: Bulb colours; the letter (w y r v b) always comes with them.
BULB_STYLES: dict[str, str] = {
    "w": "bold #f5f5f5",
    "y": "bold #ffd54f",
    "r": "bold #ef5350",
    "v": "bold #b388ff",
    "b": "bold #9e9e9e",
}


#: The pending decision in words (the header's sub-title).
DECISION_WORDS: dict[str, str] = {
    "gate": "floodgate", "steps": "wheels", "actions": "action", "more": "second action",
    "unique": "calendar reward", "lower": "lower the water", "enhance": "wheel enhancement",
    "farm": "farm enhancement", "drawn": "extra cards", "build": "windmill group", "buildat": "where to build",
    "path": "path", "market": "market visit", "full": "full market area", "mreward": "market reward",
    "adj": "market reward", "plant": "planting", "sup": "planting", "bulb": "bulb", "trade": "foreign trade",
    "trade2": "trade rewards", "tradex": "trade reward", "pay4": "pay for 4 VP", "swapbulb": "swap a bulb",
    "swapfarm": "swap a card", "removemill": "remove a windmill", "discardwheel": "discard a tile",
    "swapwheel": "swap a tile", "contract": "score a contract", "timing": "helpers",
}


# -- words --------------------------------------------------------------------------------
def reward_text(code: str) -> str:
    """One reward code of components.py in words: "g2" -> "2 G", "bulb:*" -> "any bulb"."""
    head, _, rest = code.partition(":")
    if head.startswith("vp"):
        return f"{head[2:]} VP"
    if head[0] == "g" and head[1:].isdigit():
        return f"{head[1:]} G"
    if head == "tool":
        return "1 tool"
    if head == "bulb":
        return "any bulb" if rest == "*" else f"{C.COLOUR_NAMES[rest]} bulb"
    if head == "act":
        kind, _, mods = rest.partition(":")
        names = {"plant": "plant", "lower": "lower water", "market": "market", "farm": "farm enhancement",
                 "enhance": "enhance wheels", "build": "build", "trade": "trade"}
        n = mods.split(":")[0] if mods else ""
        if kind == "plant" and "upto" in mods:  # "Plant up to N" may stop early (RULES.md 4)
            return f"plant up to {n}"
        return f"{names.get(kind, kind)} {n}".strip() if n.isdigit() else names.get(kind, kind)
    if head == "enh":
        return "free common tile" if rest == "c" else "free uncommon tile"
    if head == "contract":
        return "score a contract"
    if head == "sup":
        return f"plant {C.COLOUR_NAMES[rest]} from supply"
    if head == "paysup":
        return f"1 G: plant {C.COLOUR_NAMES[rest]} from supply"
    return code


def short_reward(code: str) -> str:
    """A reward code in as few words as possible: "bulb:w" -> "w bulb", "sup:r" -> "plant r"."""
    head, _, rest = code.partition(":")
    if head == "bulb" and rest != "*":
        return f"{rest} bulb"
    if head == "sup":
        return f"plant {rest}"
    if head == "paysup":
        return f"1G: plant {rest}"
    if head == "act":
        kind, _, mods = rest.partition(":")
        n = mods.split(":")[0] if mods else ""
        word = {"farm": "farm enh.", "enhance": "enhance"}.get(kind, kind)
        if kind == "plant" and "upto" in mods:
            word = "plant<="
        return f"{word}{'' if word.endswith('=') else ' '}{n}".strip() if n.isdigit() else word
    if head == "enh":
        return f"free {rest}-tile"
    if head == "contract":
        return "score contract"
    return reward_text(code)


def rewards_text(codes: Sequence[str]) -> str:
    return " + ".join(reward_text(c) for c in codes) or "-"


def market_option(codes: Sequence[str], times: int) -> str:
    """A market option as a choice, taken ``times`` times: "Take 2 G x3", "Plant violet
    from supply" (an option that is an action is named by its verb, not "Take")."""
    what = rewards_text(codes)
    verb = codes[0].partition(":")[0] in ("act", "sup", "paysup", "contract") if codes else False
    text = what[:1].upper() + what[1:] if verb else f"Take {what}"
    return text + (f" x{times}" if times != 1 else "")


def patch_code(codes: Sequence[str]) -> str:
    """A printed patch reward in 2 characters: "1G", "T", "2V", "b*"."""
    if not codes:
        return ""
    c = codes[0]
    if c.startswith("vp"):
        return f"{c[2:]}V"
    if c[0] == "g":
        return f"{c[1:]}G"
    if c == "tool":
        return "T"
    if c == "bulb:*":
        return "b*"
    return c[:2]


def design_label(d: int) -> str:
    return SHORT.get(C.DESIGNS[d][0], C.DESIGNS[d][0][:6])


_MEDIUM = (("Lower the water level", "Lower water"), ("Gain a farm enhancement", "Farm enhancement"),
           ("Visit the market", "Market"), ("Plant tulip bulbs", "Plant"), ("Enhance the wheels", "Enhance"),
           ("Conduct foreign trade", "Foreign trade"), ("Build a windmill", "Build"), ("(strength ", "("),
           ("guilders", "G"), ("Foreign trade;", "Trade;"))


def few_words(text: str) -> str:
    """A wheel space's rulebook text in fewer words: "Lower the water level (strength 2)" ->
    "Lower water (2)"."""
    for a, b in _MEDIUM:
        text = text.replace(a, b)
    return text


def design_text(d: int) -> str:
    """A wheel space in a few words: "Lower water (2) (+)", "Plant up to 3 bulbs"."""
    return few_words(C.DESIGNS[d][4])


def bulb(c: str, *, name: bool = False, extra: str = "") -> Text:
    return Text(f"{c} {C.COLOUR_NAMES[c]}" if name else c, style=f"{BULB_STYLES.get(c, '')} {extra}".strip())


def split_target(target: Any) -> list[str]:
    """The notation words of a Pick ("tile", "2", "L3"), [] for None."""
    if target is None:
        return []
    verb = getattr(target, "verb", "")
    arg = getattr(target, "arg", "")
    return [verb, *arg.split()] if verb else []


def wish_patch_spaces(state: Any) -> tuple[tuple[int, int], ...]:
    """The patch spaces (row, column), 0-based, pictured on the Queen's Wish in play
    ("Bulbs on all the pictured patch spaces": ``C.WISH_PATCH``); () for other wishes."""
    if state.wish_card < C.START_ID:
        return ()
    return C.WISH_PATCH if C.START_CARDS[state.wish_card - C.START_ID][1] == "patch" else ()


def last_round(state: Any) -> int:
    """The last round played (1-based) of a game that is over: the triggered last round,
    else the round counter (the engine moves it past the last round when the game ends)."""
    return state.end_round + 1 if state.end_round >= 0 else max(1, state.round)


def calendar_after(f: Any, n: int) -> int:
    """The calendar space after turning ``n`` steps (one per multiple of 6 met or passed)."""
    return min(C.CALENDAR_END, f.calendar + (f.step + n) // C.LARGE_SPACES - f.step // C.LARGE_SPACES)


#: Words of the announcements the engine makes when it takes a forced step itself
#: (``Game._settle``: one legal floodgate or wheel turn, or neither action possible).
AUTOMATIC_WORDS = ("'s wheels turn", "must close the floodgate", "must keep the floodgate",
                   "cannot open the floodgate", "can do neither action",
                   # a forced floodgate otherwise: the engine words it as the move itself
                   "leaves the floodgate at", "closes the floodgate to", "opens the floodgate to")


def is_automatic(line: str) -> bool:
    """True for an announcement of a step the game took by itself for a player (no key was
    pressed); the engine announces no move a player chose, so these words are enough."""
    return not line.startswith(C.SOLO_NAME) and any(w in line for w in AUTOMATIC_WORDS)


class WindmillValleyLabels(GameLabels):
    """The words of the Windmill Valley game screen (mixed into WindmillValleyScreen):
    choices worded with what they cost and bring, the prompts (at most ~50
    characters), the pending decision in the header, the final scores in the log."""

    @staticmethod
    def round_of(state: Any) -> tuple[str, int] | None:
        """``("round", n)``: the round under way (round 1 from the set-up on, as
        the board's Tracks page says), the last round played once over (``last_round``)."""
        if state.phase == "over":
            return "round", last_round(state)
        return "round", state.round + 1

    @staticmethod
    def other_scores(state: Any) -> list[tuple[str, float]]:
        """``[("Gardener", vp)]`` in a solo game (the Gardener's VP as its
        track shows it, without the end bonus until the game adds it), else ``[]``."""
        if state.solo is None:
            return []
        return [(C.SOLO_NAME, float(state.solo.vp))]

    # -- words ---------------------------------------------------------------------------
    def hint_name(self, state: Any, move: Any) -> str:
        """A choice named in a hint: its label up to the first colon or bracket,
        the thing chosen without what it brings ("Card 3 as contract", "Area 2",
        "Unique reward 1", "3 steps"); the cursor's line shows the rest."""
        return re.split(r": | \(", self.choice_label(state, move), maxsplit=1)[0]

    def spent(self, before: Any, after: Any, seat: int) -> float:
        """The guilders and tools ``seat`` has less of in ``after``, one each
        (each wheel step more or fewer than the floodgate's speed a tool, an
        opened floodgate, a bought windmill or wheel enhancement, a paid storage
        spot their guilders): ``GameLabels.choice_cost``, so a reflexive Enter
        spends nothing where something free is offered."""
        f, g = before.farms[seat], after.farms[seat]
        return float(max(0, f.guilders - g.guilders) + max(0, f.tools - g.tools))

    def choice_label(self, state: Any, move: Any) -> str:
        t = state.tasks[-1] if state.tasks else None
        w = split_target(move)
        if t is None or not w:
            return super().choice_label(state, move)
        f = state.farms[t.seat]
        v = w[0]
        try:
            if v == "gate":
                level = int(w[1])
                water = min(C.WATER_MAX, state.water + C.WATER_RISE[level])
                if level > state.floodgate:
                    cost = sum(C.OPEN_COST[x] for x in range(state.floodgate + 1, level + 1))
                    vp = sum(C.OPEN_VP[x] for x in range(state.floodgate + 1, level + 1))
                    how = f"open: pay {cost} G, +{vp} VP"
                elif level < state.floodgate:
                    how = "close"
                else:
                    how = "leave"
                return f"Floodgate {level} ({how}), water {state.water}{glyph(self, '→', '->')}{water}"
            if v == "steps":
                n = int(w[1])
                off = C.BOARD_SMALL_OFFSET[f.board]
                big = f.large[(f.step + n) % C.LARGE_SPACES]
                small = f.small[(off + f.step + n) % C.SMALL_SPACES]
                cost = abs(n - state.floodgate)
                tools = f" ({cost} tool{'s' if cost > 1 else ''})" if cost else ""
                cal = calendar_after(f, n)
                calt = f" +calendar {cal}!" if cal > f.calendar else ""
                return f"{n} step{'s' if n > 1 else ''}{tools}: {design_label(big)} / {design_label(small)}{calt}"
            if v == "act":
                d = f.large[state.arrows[0]] if w[1] == "big" else f.small[state.arrows[1]]
                return f"{'Big' if w[1] == 'big' else 'Small'} wheel: {C.DESIGNS[d][4]}"
            if v == "pass":
                return f"Neither action can be done: take {C.PASS_GUILDERS} G"
            if v == "unique":
                codes = C.CAL_UNIQUE[t.a][int(w[1]) - 1]
                note = unusable_note(state, t.seat, codes)  # a reward that gives nothing now says so
                return f"Unique reward {w[1]}: {rewards_text(codes)}" + (f" ({note})" if note else "")
            if v == "helpers":
                return (f"Helpers first, then the {t.s} action" if w[1] == "first"
                        else f"The {t.s} action first, then the helpers")
            if v == "done":
                if t.kind == "plant" and t.b == 0:
                    return "Plant nothing (decline the plant action)"
                return "Done planting" if t.kind == "plant" else "Done"
            if v == "skip":
                return {"unique": "No unique reward", "more": "Skip the other action", "plant": "Done planting"}.get(
                    t.kind, "Skip")
            if v == "lower":
                strength = t.a + (1 if w[1].endswith("+") else 0)
                g, vp = C.WATER_BAND[state.water]
                opt = w[1].rstrip("+")
                gain = {"g": f"{g * strength} G", "vp": f"{vp * strength} VP",
                        "both": f"{g * strength} G + {vp * strength} VP"}[opt]
                boost = " (+1 helper)" if w[1].endswith("+") else ""
                return f"Lower the water {strength}{boost}: {gain}; water {state.water}{glyph(self, '→', '->')}{max(1, state.water - strength)}"
            if v == "refresh":
                return f"Refresh the offer ({C.REFRESH_COST} G)"
            if v == "tile":
                i = int(w[1]) - 1
                d = state.offer[i]
                cost = 0 if ("c" in t.s or "u" in t.s or state.offer_free[i] == "1") else C.TIER_COST[C.DESIGNS[d][1]]
                space = wheel_index(w[2])
                old = f.large[space] if space < C.LARGE_SPACES else f.small[space - C.LARGE_SPACES]
                return (f"Tile {w[1]} {design_label(d)} on {w[2]} (over {design_label(old)})"
                        + (f", {cost} G" if cost else ", free"))
            if v == "take" and t.kind == "farm":
                j = int(w[1]) - 1
                cid = state.farm_offer[j] if j < C.FARM_OFFER else state.drawn[j - C.FARM_OFFER]
                if w[2] == "helper":
                    slot = f" in place of H{w[3]}" if len(w) > 3 else f" (+{C.HELPER_VP[len(f.helpers)]} VP)"
                    return f"Card {w[1]} as helper{slot}: {C.FARM_CARDS[cid][3]}"
                slot = f" in place of C{w[3]}" if len(w) > 3 else ""
                return f"Card {w[1]} as contract{slot}: {C.FARM_CARDS[cid][4]}"
            if v == "mill":
                g = int(w[1]) - 1
                return (f"Windmill from group {w[1]} ({C.COLOUR_NAMES[C.MILL_COLOUR[g]]}, {C.MILL_COST[g]} G"
                        f"{', empties it' if f.mills[g] == 1 else ''})")
            if v == "build":
                x = C.SPACE_BY_NAME[w[1]]
                gains = ", ".join(C.FIELD_REWARD[code][1] for code in C.SPACE_FIELDS[x])
                alone = " without connection" if len(w) > 2 else ""
                return f"Build on {w[1]}{alone}: {gains}"
            if v == "plant":
                r = int(w[2]) - 1
                col = len(f.patch[r])
                reward = rewards_text(C.PATCH_REWARD[r][col]) if C.PATCH_REWARD[r][col] else ""
                return f"Plant {C.COLOUR_NAMES[w[1]]} in row {w[2]} (space {col + 1})" + (f": {reward}" if reward else "")
            if v == "row":
                r = int(w[1]) - 1
                col = len(f.patch[r])
                reward = rewards_text(C.PATCH_REWARD[r][col]) if C.PATCH_REWARD[r][col] else ""
                return f"Plant {C.COLOUR_NAMES.get(t.s, t.s)} in row {w[1]}" + (f": {reward}" if reward else "")
            if v == "bulb":
                if len(w) > 2:
                    return f"Take a {C.COLOUR_NAMES[w[1]]} bulb in place of a {C.COLOUR_NAMES[w[2]]} one"
                cost = C.STORAGE_COST[len(f.storage)]
                return f"Take a {C.COLOUR_NAMES[w[1]]} bulb" + (f" (storage spot {len(f.storage) + 1}: {cost} G)" if cost else "")
            if v == "take" and t.kind == "mreward":
                return market_option(C.MARKET[t.a][int(w[1]) - 1], t.b)
            if v == "adj":
                return f"Area {w[1]}: {market_option(C.MARKET[int(w[1]) - 1][int(w[2]) - 1], 1)}"
            if v == "go":
                return f"Visit the market: pay {C.MARKET_COST} G, move {max(1, t.a)}"
            if v == "neutral":
                # the Market starting card makes the neutral move free (its "also don't pay")
                cost = "free: starting card" if free_helper(f, "S-market") >= 0 else f"{C.NEUTRAL_MOVE_COST} G"
                return f"First move a neutral marker {w[1]} {glyph(self, '→', '->')} {w[2]} ({cost})"
            if v == "area":
                opts = " | ".join(" + ".join(short_reward(c) for c in o) for o in C.MARKET[int(w[1]) - 1])
                return f"Area {w[1]}: {opts}"
            if v == "start":
                k = int(w[1]) - 1
                return f"Starting card {w[1]}: {C.START_CARDS[k][2]}"
            if v in ("place", "import"):
                q = int(w[2]) - 1
                card = state.trade[0]
                gain = rewards_text(C.TRADE_CARDS[card][q] + C.TRADE_CARDS[card][(q + 1) % 4])
                src = "from the supply" if v == "import" else ""
                return f"Trade a {C.COLOUR_NAMES[w[1]]} bulb{' ' + src if src else ''} into slot {w[2]}: {gain}"
            if v == "collect":
                return "Take all the bulbs from the trade card: " + " ".join(
                    C.COLOUR_NAMES[c] for c in state.trade_bulbs if c != " ")
            if v == "score":
                cid = f.contracts[int(w[1]) - 1]
                return f"Score contract C{w[1]} now: {contract_vp(state, t.seat, cid)} VP"
        except (IndexError, KeyError, ValueError):
            pass
        text = describe_choice(state, t, self.game.notation(move))
        return text[:1].upper() + text[1:]

    #: The headings of a long list's groups (``choice_group``) by notation verb; other
    #: verbs are headed by their word, capitalised.
    GROUP_WORDS: dict[str, str] = {
        "tile": "Tiles onto a wheel space", "place": "Trade a bulb from storage",
        "import": "Trade a bulb from the supply", "plant": "Plant a bulb",
        "refresh": "The offer", "skip": "Other", "done": "Other",
    }

    def choice_group(self, move: Any) -> str:
        verb = self.game.notation(move).split(" ", 1)[0]
        return self.GROUP_WORDS.get(verb, verb.capitalize())

    def prompt_text(self, state: Any, seat: int) -> str:
        t = state.tasks[-1] if state.tasks else None
        if t is None:
            return f"{self.names[seat]}, choose:"
        f = state.farms[seat]
        kind = t.kind
        # at most ~50 characters: the picker keeps the prompt's tallest height, so a long
        # prompt would take rows from the options for the rest of the game
        tools = f"{f.tools} tool{'s' if f.tools != 1 else ''}"
        prompts = {
            "start": "Starting card (the one left is the Queen's Wish):",
            "place": "Market marker: an area without another player's:",
            "gate": f"1. Floodgate (now {state.floodgate}, water {state.water}/{C.WATER_MAX}):",
            "steps": f"3. Turn the wheels (speed {state.floodgate}, {tools}):",
            "actions": "4. Take one of the two actions at the arrows:",
            "more": "A '+' lets you also take the other action:",
            "lower": f"Lower the water (strength {t.a}) from {state.water}:",
            "enhance": "Enhance: a tile onto a space not at an arrow:",
            "farm": "Farm enhancement: a card as helper or contract:",
            "build": "Build a windmill: from which group?",
            "buildat": "Build where? (market's edge, or connected):",
            "path": "Several shortest paths: which one pays?",
            "market": f"Visit the market: move {max(1, t.a)} area{'s' if t.a > 1 else ''} clockwise:",
            "full": "That area is full: stack on top or jump over?",
            "mreward": f"Market area {t.a + 1}: take one option" + (f" {t.b} times:" if t.b != 1 else ":"),
            "adj": "A reward from a neighbouring market area:",
            "sup": (f"Plant a {C.COLOUR_NAMES.get(t.s, t.s)} bulb from the supply"
                    + (" (1 G)" if t.a else "") + " in which row?"),
            "drawn": "The extra cards: on top of the deck or discarded?",
            "trade2": "Foreign trade: take any 2 rewards of the card:",
            "tradex": f"Foreign trade: pay {C.TRADE_EXTRA_COST} G for more rewards?",
            "pay4": "Pay 1 tool or 2 G to gain 4 VP?",
            "swapbulb": "Exchange a bulb from storage with the supply?",
            "swapfarm": "Exchange a farm enhancement for one on offer?",
            "removemill": "Return a windmill to the box?",
            "discardwheel": "Discard one of your wheel enhancements?",
            "swapwheel": "Exchange a wheel enhancement for one on offer?",
            "contract": "Score one of your contracts now?",
            "plant": (f"Plant up to {t.a} more (leftmost free spaces):" if "upto" in t.s
                      else f"Plant {t.a} more bulb{'s' if t.a != 1 else ''} (leftmost free spaces):"),
            "bulb": "Gain a bulb into storage:",
            "trade": "Foreign trade: place a new colour, or collect:",
        }
        if kind == "timing":
            return f"{t.s.capitalize()} helpers: before or after the action?"
        if kind == "unique":
            return f"Calendar space {f.calendar}: take an open unique reward:"
        return prompts.get(kind, f"{self.names[seat]}, choose:")

    def decision_text(self, state: Any, seat: int | None) -> str:
        if seat is None:
            return "Game over"
        name = self.seat_name(seat)
        if state.phase == "start":
            return f"{name}: set-up, starting card"
        if state.phase == "place":
            return f"{name}: set-up, market marker"
        last = 0 <= state.end_round <= state.round
        t = state.tasks[-1] if state.tasks else None
        step = DECISION_WORDS.get(t.kind if t else "", t.kind if t else "")
        if state.solo is not None:
            # solo: the race, whole at 80 columns (58 cells beside the game's name): both
            # scores so far, the Gardener's end bonus in words ("Gardener 0+35 VP" was not
            # understood), and its calendar (either calendar at 4 ends the game); the round's
            # number is on the Tracks page, and only the last round is named here, where the
            # calendars no longer matter. The decision is not: the picker's prompt says it
            # (only one human decides), and beside the race it left no room at 80 columns
            b = state.solo
            gardener = f"{C.SOLO_NAME} {b.vp} VP +{C.SOLO_END_BONUS[b.level]} at end"
            scores = f"{self.names[seat]} {state.farms[seat].vp} VP, {gardener}"
            if last:
                return f"The last round · {scores}"
            return f"{scores}, its calendar {b.calendar}/{C.CALENDAR_END}"
        return f"{name} to choose: {step} (round {state.round + 1}{', last round' if last else ''})"

    def final_log(self, state: Any) -> list[str]:
        """The game's own end-of-game lines (``Game.epilogue``), then each player's total by category."""
        lines = super().final_log(state)
        for sheet in self.game.scores(state):
            parts = ", ".join(f"{k} {v:g}" for k, v in sheet.parts.items())
            lines.append(f"{self.names[sheet.seat]}: {sheet.total:g} VP ({parts})")
        if state.solo is not None:
            lines.append(f"{C.SOLO_NAME}: {state.solo.vp} VP")
        return lines
