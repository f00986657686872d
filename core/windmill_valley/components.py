"""Windmill Valley data tables: map, market, calendar, tracks, farm board, wheels, cards.

Every number lives here, not in rule code. Sources: ``rules/windmill-valley.source.txt``
(PR) and ``rules/windmill-valley.facts.md`` (FS, section numbers given). Values the
sources do not give are marked RECONSTRUCTED here and in RULES.md.

Encodings (kept as short strings/ints so states stay small):

* bulb colours: one letter of ``COLOURS`` = "wyrvb" (white, yellow, red, violet, black).
* a reward is a tuple of codes, all of which are gained:
  ``"g2"`` 2 guilders, ``"vp3"`` 3 VP, ``"tool"`` a tool, ``"bulb:r"`` a red bulb,
  ``"bulb:*"`` a bulb of any colour, ``"act:plant:1"`` a Plant action of strength 1,
  ``"act:lower:1"``, ``"act:market:1"``, ``"act:farm"``, ``"act:enhance"``,
  ``"act:build"``, ``"enh:c"`` / ``"enh:u"`` a free common/uncommon wheel enhancement
  from the offer, ``"contract"`` score one of your contracts now,
  ``"sup:w"`` plant a white bulb straight from the supply,
  ``"paysup:b"`` pay 1 guilder to plant a black bulb from the supply.
"""

from __future__ import annotations

from typing import Final

# -- general -------------------------------------------------------------------------
COLOURS: Final[str] = "wyrvb"
COLOUR_NAMES: Final[dict[str, str]] = {
    "w": "white", "y": "yellow", "r": "red", "v": "violet", "b": "black",
}
#: Guilders can never go above this (PR "General Rules").
MAX_GUILDERS: Final[int] = 9
#: Starting VP (PR setup: the "5" space of the VP track).
START_VP: Final[int] = 5
#: Starting guilders by seat (PR setup: 4th/5th/6th/7th position).
START_GUILDERS: Final[tuple[int, ...]] = (4, 5, 6, 7)
#: Starting bulb by seat (PR setup).
START_BULB: Final[tuple[str, ...]] = ("w", "y", "r", "v")
#: Starting tools (PR setup: 1 tool token each).
START_TOOLS: Final[int] = 1
#: Guilders taken when neither action at the arrows can be done (PR "Perform Actions").
PASS_GUILDERS: Final[int] = 2

# -- floodgate and water (FS 3.5, 3.6) -------------------------------------------------
FLOODGATE_LEVELS: Final[int] = 3  # CONFIRMED
#: Opening costs/VP per step up: index = level reached. 1->2: 1 G / 1 VP, 2->3: 2 G / 3 VP. CONFIRMED.
OPEN_COST: Final[dict[int, int]] = {2: 1, 3: 2}
OPEN_VP: Final[dict[int, int]] = {2: 1, 3: 3}
#: Water rise per floodgate level (speed): 1 -> 0, 2 -> 1, 3 -> 2. PR.
WATER_RISE: Final[dict[int, int]] = {1: 0, 2: 1, 3: 2}
#: Water track spaces 1..WATER_MAX, marker starts on 1. RECONSTRUCTED (10 spaces).
WATER_MAX: Final[int] = 10
#: Band of each water space 1..10: (guilders per strength, VP per strength or 0 = guilders only).
#: Band values CONFIRMED (2/2, 1/1, 1 G); the band limits 1-3 / 4-6 / 7-10 are RECONSTRUCTED.
WATER_BAND: Final[dict[int, tuple[int, int]]] = {
    **{i: (1, 0) for i in (1, 2, 3)},
    **{i: (1, 1) for i in (4, 5, 6)},
    **{i: (2, 2) for i in (7, 8, 9, 10)},
}

# -- wheels (FS 5) ------------------------------------------------------------------------
LARGE_SPACES: Final[int] = 6  # CONFIRMED
SMALL_SPACES: Final[int] = 5  # CONFIRMED
MIN_STEPS: Final[int] = 1  # PR
MAX_STEPS: Final[int] = 4  # PR


#: Wheel space designs: (key, tier, plus, effects, text).
#: tier: "base" (printed), "c" common, "u" uncommon, "x" unique.
#: plus: True when "you may also perform the action on the other wheel".
#: Effects: reward codes (see module doc) plus action modifiers after the action name:
#:   act:lower:S[:both]  lower the water with strength S (both = gain VP and guilders)
#:   act:build[:nc1|:nc]  nc1 = may pay 1 G to build without connection, nc = may build without
#:   act:trade[:repeat|:extra|:all|:both]
#:   act:plant:S[:swap][:upto]  a Plant action of strength S: plant S bulbs, as many as storage
#:                       and patch allow (PR: "a number of tulip bulbs equal to the action's
#:                       strength"); with upto, stop when you like ("Plant up to S"); swap =
#:                       first exchange 1 storage bulb with the supply
#:   act:market:S
#:   pay4 (pay 1 tool or 2 G for 4 VP), swapbulb, swapfarm, removemill, discardwheel, swapwheel
#: Strengths of printed spaces and of tiles without a number, and the grouping of the
#: 37 PR designs into common/uncommon/unique, are RECONSTRUCTED (FS 5).
DESIGNS: Final[tuple[tuple[str, str, bool, tuple[str, ...], str], ...]] = (
    # printed large wheel, clockwise (RECONSTRUCTED order and strengths)
    ("B-enhance", "base", False, ("act:enhance",), "Enhance the wheels"),
    ("B-farm", "base", False, ("act:farm",), "Gain a farm enhancement"),
    ("B-build", "base", False, ("act:build",), "Build a windmill"),
    ("B-market", "base", False, ("act:market:1",), "Visit the market (strength 1)"),
    ("B-plant", "base", False, ("act:plant:2",), "Plant tulip bulbs (strength 2)"),
    ("B-trade", "base", False, ("act:trade",), "Conduct foreign trade"),
    # printed small wheel: Lower the Water Level (CONFIRMED); strengths RECONSTRUCTED
    ("B-lower1", "base", False, ("act:lower:1",), "Lower the water level (strength 1)"),
    ("B-lower2", "base", False, ("act:lower:2",), "Lower the water level (strength 2)"),
    # 12 common designs, 2 copies each (PR order)
    ("C-plant3", "c", False, ("act:plant:3:upto",), "Plant up to 3 bulbs"),
    ("C-lowerboth", "c", False, ("act:lower:2:both",), "Lower the water level (2), gain both VP and guilders"),
    ("C-buildnc1", "c", False, ("act:build:nc1",), "Build a windmill; may pay 1 G to skip the connection"),
    ("C-traderepeat", "c", False, ("act:trade:repeat",), "Foreign trade; a colour already on the card is allowed"),
    ("C-tradeextra", "c", False, ("act:trade:extra",), "Foreign trade; may pay 1 G for 1 more reward"),
    ("C-enhance2g", "c", False, ("act:enhance", "g2"), "Enhance the wheels and gain 2 G"),
    ("C-enhancex2", "c", False, ("act:enhance", "act:enhance"), "Enhance the wheels twice"),
    ("C-lower2g", "c", False, ("act:lower:2", "g2"), "Lower the water level (2) and gain 2 G"),
    ("C-build1g", "c", False, ("act:build", "g1"), "Build a windmill and gain 1 G"),
    ("C-market3", "c", False, ("act:market:3",), "Visit the market (strength 3)"),
    ("C-market2", "c", False, ("act:market:2",), "Visit the market (strength 2)"),
    ("C-farm1g", "c", False, ("act:farm", "g1"), "Gain a farm enhancement and 1 G"),
    # uncommon designs, all with "+" (PR order)
    ("U-tool", "u", True, ("tool",), "Gain a tool (+)"),
    ("U-pay4", "u", True, ("pay4",), "Pay 1 tool or 2 G for 4 VP (+)"),
    ("U-swapplant", "u", True, ("swapbulb", "act:plant:1"), "Exchange 1 bulb with the supply, then plant 1 (+)"),
    ("U-swapfarm", "u", True, ("swapfarm", "vp3"), "Exchange a farm enhancement with the offer and gain 3 VP (+)"),
    ("U-market", "u", True, ("act:market:1",), "Visit the market (+)"),
    ("U-2g", "u", True, ("g2",), "Gain 2 G (+)"),
    ("U-removemill", "u", True, ("removemill",), "Return 1 windmill from your farm board to the box (+)"),
    ("U-enhance", "u", True, ("act:enhance",), "Enhance the wheels (+)"),
    ("U-bulb", "u", True, ("bulb:*",), "Gain 1 bulb of any colour (+)"),
    ("U-lower", "u", True, ("act:lower:2",), "Lower the water level (2) (+)"),
    ("U-tradeboth", "u", True, ("act:trade:both",), "Foreign trade doing both options (+)"),
    ("U-discardwheel", "u", True, ("discardwheel",), "Discard 1 wheel enhancement for 5 VP and 2 G (+)"),
    ("U-swapwheel", "u", True, ("swapwheel",), "Exchange 1 wheel enhancement with the offer for free (+)"),
    # 12 unique designs, 1 copy each (PR order)
    ("X-farm3g", "x", False, ("act:farm", "g3"), "Gain a farm enhancement and 3 G"),
    ("X-market", "x", True, ("act:market:1",), "Visit the market (+)"),
    ("X-4g", "x", True, ("g4",), "Gain 4 G (+)"),
    ("X-2g3vp", "x", False, ("g2", "vp3"), "Gain 2 G and 3 VP"),
    ("X-plant3swap", "x", False, ("act:plant:3:swap:upto",), "Plant up to 3 bulbs, may first exchange 1 bulb"),
    ("X-lowerboth", "x", True, ("act:lower:2:both",), "Lower the water level (2), gain both VP and G (+)"),
    ("X-buildnc", "x", False, ("act:build:nc", "g1"), "Build a windmill, no connection needed; gain 1 G"),
    ("X-build3g", "x", False, ("act:build", "g3"), "Build a windmill and gain 3 G"),
    ("X-bulbgvp", "x", True, ("bulb:*", "g1", "vp1"), "Gain any bulb, 1 G and 1 VP (+)"),
    ("X-plant4", "x", False, ("act:plant:4:upto",), "Plant up to 4 bulbs"),
    ("X-farm", "x", True, ("act:farm",), "Gain a farm enhancement (+)"),
    ("X-tradeall", "x", True, ("act:trade:all",), "Foreign trade; may pay 1 G for all rewards on the card (+)"),
)
DESIGN_INDEX: Final[dict[str, int]] = {d[0]: i for i, d in enumerate(DESIGNS)}
#: Printed large wheel (design ids, clockwise from the space at the arrow at set-up).
BASE_LARGE: Final[tuple[int, ...]] = tuple(
    DESIGN_INDEX[k] for k in ("B-enhance", "B-farm", "B-build", "B-market", "B-plant", "B-trade")
)
#: The four windmill boards A-D. RECONSTRUCTED: the same large wheel; the small wheel
#: has 4 strength-1 spaces and 1 strength-2 space; the boards differ in the small
#: wheel's starting index under the arrow (0/1/2/3).
BASE_SMALL: Final[tuple[int, ...]] = tuple(
    DESIGN_INDEX[k] for k in ("B-lower2", "B-lower1", "B-lower1", "B-lower1", "B-lower1")
)
BOARD_SMALL_OFFSET: Final[tuple[int, ...]] = (0, 1, 2, 3)
BOARD_NAMES: Final[str] = "ABCD"

#: Wheel-enhancement stacks: tier -> design keys with copies. 24/12/12 CONFIRMED;
#: the design-to-tier mapping is INFERRED/RECONSTRUCTED. PR lists 13 "+" designs for
#: 12 uncommon tiles: "U-market" duplicates the unique "X-market" and is left out.
TIER_COPIES: Final[dict[str, tuple[tuple[str, int], ...]]] = {
    "c": tuple((d[0], 2) for d in DESIGNS if d[1] == "c"),
    "u": tuple((d[0], 1) for d in DESIGNS if d[1] == "u" and d[0] != "U-market"),
    "x": tuple((d[0], 1) for d in DESIGNS if d[1] == "x"),
}
#: Offer slots: 2 common, 1 uncommon, 1 unique (PR).
OFFER_TIERS: Final[str] = "ccux"
#: Install cost by tier (PR): common free, uncommon 1 G, unique 2 G.
TIER_COST: Final[dict[str, int]] = {"c": 0, "u": 1, "x": 2}
TIER_NAMES: Final[dict[str, str]] = {"base": "printed", "c": "common", "u": "uncommon", "x": "unique"}
#: Refreshing an offer costs (PR): 1 guilder (wheel and farm offers).
REFRESH_COST: Final[int] = 1

# -- map (FS 3.3, all RECONSTRUCTED) ------------------------------------------------------
#: Field grid, 6 rows x 8 columns; "MK" cells form the market.
FIELD_GRID: Final[tuple[tuple[str, ...], ...]] = (
    ("Rd", "LW", "EW", "Wt", "LW", "Ye", "LW", "PL"),
    ("LW", "G", "Ye", "PL", "Rd", "Wt", "PL", "Ye"),
    ("G", "LW", "Wt", "Rd", "T", "PL", "MKT", "MKT"),
    ("T", "FE", "MK", "EW", "PL", "Wt", "MKT", "MKT"),
    ("PL", "Rd", "FE", "MK", "G", "Ye", "T", "LW"),
    ("Wt", "G", "LW", "PL", "Ye", "MK", "G", "Rd"),
)
#: Field code -> (reward, name).
FIELD_REWARD: Final[dict[str, tuple[tuple[str, ...], str]]] = {
    "PL": (("act:plant:1",), "plant 1"),
    "LW": (("act:lower:1",), "lower water 1"),
    "G": (("g2",), "2 guilders"),
    "Wt": (("bulb:w",), "white bulb"),
    "Ye": (("bulb:y",), "yellow bulb"),
    "Rd": (("bulb:r",), "red bulb"),
    "T": (("tool",), "tool"),
    "MK": (("act:market:1",), "visit market"),
    "FE": (("act:farm",), "farm enhancement"),
    "EW": (("act:enhance",), "enhance wheels"),
}


def _build_map() -> tuple:
    spaces: list[tuple[int, int]] = []
    for y in range(1, len(FIELD_GRID)):
        for x in range(1, len(FIELD_GRID[0])):
            cells = [(x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)]
            if all(FIELD_GRID[r][c] == "MKT" for c, r in cells):
                continue
            spaces.append((x, y))
    index = {p: i for i, p in enumerate(spaces)}
    neighbours = []
    fields = []
    edge = []
    for x, y in spaces:
        neighbours.append(tuple(index[q] for q in ((x, y - 1), (x - 1, y), (x + 1, y), (x, y + 1)) if q in index))
        cells = [(x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)]
        fields.append(tuple(FIELD_GRID[r][c] for c, r in cells if FIELD_GRID[r][c] != "MKT"))
        edge.append(any(FIELD_GRID[r][c] == "MKT" for c, r in cells))
    names = tuple(f"{'abcdefg'[x - 1]}{y}" for x, y in spaces)
    return tuple(spaces), tuple(neighbours), tuple(fields), tuple(edge), names


#: SPACES[i] = (x, y) grid vertex; NEIGHBOURS[i] = linked spaces; SPACE_FIELDS[i] = codes of
#: the fields the space touches; MARKET_EDGE[i] = connected to the market; SPACE_NAMES[i] = "c4".
SPACES, NEIGHBOURS, SPACE_FIELDS, MARKET_EDGE, SPACE_NAMES = _build_map()
SPACE_BY_NAME: Final[dict[str, int]] = {n: i for i, n in enumerate(SPACE_NAMES)}

# -- windmills on the farm board (PR; costs RECONSTRUCTED) ----------------------------
#: Windmills per group, top to bottom (PR: 1/1/2/2/3).
MILL_GROUPS: Final[tuple[int, ...]] = (1, 1, 2, 2, 3)
#: Cost per windmill by group. RECONSTRUCTED.
MILL_COST: Final[tuple[int, ...]] = (1, 1, 2, 2, 3)
#: Colour each empty group scores, and VP per planted bulb of it (PR).
MILL_COLOUR: Final[str] = "wyrvb"
MILL_VP: Final[tuple[int, ...]] = (1, 1, 2, 2, 3)

# -- market (FS 3.2; RECONSTRUCTED rewards, cost and capacity) ---------------------------
MARKET_AREAS: Final[int] = 5
#: Options per area (take one per step, times the markers there, at most MARKET_MAX_TIMES).
MARKET: Final[tuple[tuple[tuple[str, ...], ...], ...]] = (
    (("bulb:w",), ("sup:w",), ("g1",)),
    (("bulb:y",), ("sup:y",), ("tool",)),
    (("bulb:r",), ("sup:r",), ("vp1",)),
    (("bulb:v",), ("sup:v",), ("g1",)),
    (("bulb:b",), ("paysup:b",), ("vp2",)),
)
MARKET_MAX_TIMES: Final[int] = 3  # PR
#: Guilders paid once per market visit. RECONSTRUCTED.
MARKET_COST: Final[int] = 1
#: Markers an area holds side by side; one more must stack on top (paying 1 G). RECONSTRUCTED.
AREA_CAPACITY: Final[int] = 2
#: Guilders to stack on a full area, and to move a neutral marker (PR).
STACK_COST: Final[int] = 1
NEUTRAL_MOVE_COST: Final[int] = 1
NEUTRAL: Final[int] = 9
BOT: Final[int] = 8

# -- calendar (FS 3.4; rewards RECONSTRUCTED) ----------------------------------------------
#: The end is triggered on reaching this calendar space (CONFIRMED: the 4th).
CALENDAR_END: Final[int] = 4
#: Common reward of columns 1-4.
CAL_COMMON: Final[tuple[tuple[str, ...], ...]] = (("tool",), ("g2",), ("vp3",), ("vp4",))
#: Unique rewards per column (4/4/4/3 slots; 15 X tiles).
CAL_UNIQUE: Final[tuple[tuple[tuple[str, ...], ...], ...]] = (
    (("bulb:*",), ("g2",), ("enh:c",), ("vp3",)),
    (("act:farm",), ("act:plant:2:upto",), ("tool", "bulb:*"), ("vp5",)),
    (("enh:u",), ("act:build",), ("bulb:b", "g1"), ("vp6",)),
    (("contract",), ("vp8",), ("bulb:*", "bulb:*", "act:plant:2")),
)
#: Unique slots the limit tile covers, by player count: (column, slot) pairs. RECONSTRUCTED:
#: 2 players (and solo) cover 2 slots in columns 1-3, 3 players 1; column 4 never.
LIMIT_COVER: Final[dict[int, tuple[tuple[int, int], ...]]] = {
    1: tuple((c, s) for c in range(3) for s in (2, 3)),
    2: tuple((c, s) for c in range(3) for s in (2, 3)),
    3: tuple((c, 3) for c in range(3)),
    4: (),
}

# -- storage, patch, helpers, contracts (FS 4) ---------------------------------------------
#: Storage spots and the cost to put a new bulb in each (PR: the 2 rightmost cost). RECONSTRUCTED 6 / 1 G / 2 G.
STORAGE_COST: Final[tuple[int, ...]] = (0, 0, 0, 0, 1, 2)
PATCH_ROWS: Final[int] = 4  # CONFIRMED
PATCH_COLS: Final[int] = 7  # CONFIRMED
#: Printed patch rewards, row by row (() = none). RECONSTRUCTED.
PATCH_REWARD: Final[tuple[tuple[tuple[str, ...], ...], ...]] = (
    ((), ("g1",), (), ("tool",), (), ("vp2",), ("vp3",)),
    ((), (), ("g1",), (), ("bulb:*",), (), ("vp3",)),
    ((), ("tool",), (), ("vp2",), (), ("g1",), ("vp3",)),
    ((), (), ("bulb:*",), (), ("tool",), (), ("vp3",)),
)
#: Helper slots and the VP for slotting a new helper there (slot 1 holds the starting card). RECONSTRUCTED.
HELPER_VP: Final[tuple[int, ...]] = (0, 2, 3, 5)
CONTRACT_SLOTS: Final[int] = 3  # CONFIRMED

# -- end-game patch scoring (FS 7, RECONSTRUCTED) ------------------------------------------
ROW_SAME_VP: Final[int] = 10
ROW_MIXED_VP: Final[int] = 3
COLUMN_DIFFERENT_VP: Final[int] = 4
COLUMN_REPEAT_VP: Final[int] = -2

# -- farm enhancement cards (PR; groups RECONSTRUCTED) --------------------------------------
#: Helper trigger codes: "<when>:<effect>". when: farm, enhance, trade, build, market, lower,
#: plant, plant2 (planted 2+), lower2 (strength 2+), gateup, gatedown.
#: effects: vpN, tool, g1, bulb:<colours>, mlower (may lower 1), mplant (may plant 1),
#: menhance (may enhance), adj (1 reward of a market area next to your marker), boost (+1 strength).
#: Contract codes: adj:<FIELD>:<vp>, large:<vp>, smallfull:<vp>, tier:<c|u|x>:<vp>, cards:<vp>,
#: tools2:<vp>, mills:<vp>, rows:<vp>, cols:<vp>, colour:<c>:<vp>, monorow:<c>:<vp>.
#: Groups: r (red: map), y (yellow: patch), b (blue: engine).
FARM_CARDS: Final[tuple[tuple[str, str, str, str, str], ...]] = (
    # (helper, contract, group, helper text, contract text)
    ("farm:mlower", "adj:G:4", "r", "Farm enhancement action: may lower the water (1)", "4 VP per windmill next to a guilder field"),
    ("enhance:vp2", "adj:Wt:4", "r", "Enhance action: 2 VP", "4 VP per windmill next to a white-bulb field"),
    ("trade:vp2", "adj:T:5", "r", "Foreign trade action: 2 VP", "5 VP per windmill next to a tool field"),
    ("build:tool", "adj:Ye:4", "r", "Build action: 1 tool", "4 VP per windmill next to a yellow-bulb field"),
    ("market:menhance", "adj:PL:3", "r", "Market visit: may also enhance the wheels", "3 VP per windmill next to a plant field"),
    ("lower:bulb:wyrvb", "adj:MK:5", "r", "Lower action: 1 bulb of any colour", "5 VP per windmill next to a market field"),
    ("gateup:vp2", "adj:FE:5", "r", "Floodgate opened: 2 VP", "5 VP per windmill next to a farm-enhancement field"),
    ("lower:bulb:yr", "adj:Rd:4", "r", "Lower action: a yellow or red bulb", "4 VP per windmill next to a red-bulb field"),
    ("lower:boost", "adj:LW:3", "r", "Lower action: may add +1 strength", "3 VP per windmill next to a lower-water field"),
    ("build:vp2", "adj:EW:5", "r", "Build action: 2 VP", "5 VP per windmill next to an enhance-wheels field"),
    ("trade:tool", "large:3", "b", "Foreign trade action: 1 tool", "3 VP per large-wheel enhancement"),
    ("farm:adj", "smallfull:15", "b", "Farm enhancement action: 1 reward of a market area next to your marker", "15 VP if every small-wheel space has an enhancement"),
    # PR prints the card above ("floodgate up: 2 VP / 5 VP per FE field") twice; this one is
    # DESIGNED to replace the duplicate (RECONSTRUCTED).
    ("gatedown:g1", "tier:c:2", "b", "Floodgate closed: 1 guilder", "2 VP per common wheel enhancement"),
    ("enhance:mlower", "tier:x:4", "b", "Enhance action: may lower the water (1)", "4 VP per unique wheel enhancement"),
    ("farm:mplant", "cards:2", "b", "Farm enhancement action: may plant 1 bulb", "2 VP per farm enhancement card"),
    ("plant2:tool", "tools2:3", "b", "Plant action of 2+ bulbs: 1 tool", "3 VP per 2 tools"),
    ("lower2:mplant", "mills:2", "b", "Lower action of strength 2+: plant 1 bulb", "2 VP per windmill on the main board"),
    ("enhance:tool", "tier:u:3", "b", "Enhance action: 1 tool", "3 VP per uncommon wheel enhancement"),
    ("lower:bulb:wv", "rows:4", "y", "Lower action: a white or violet bulb", "4 VP per full patch row"),
    ("market:tool", "cols:3", "y", "Market visit: 1 tool", "3 VP per full patch column"),
    ("market:adj", "colour:r:2", "y", "Market visit: 1 reward of a market area next to your marker", "2 VP per red bulb in the patch"),
    ("plant:vp2", "monorow:v:12", "y", "Plant action: 2 VP", "12 VP per full violet row"),
    ("trade:mlower", "monorow:y:10", "y", "Foreign trade action: may lower the water (1)", "10 VP per full yellow row"),
    ("farm:bulb:wyrvb", "colour:w:2", "y", "Farm enhancement action: 1 bulb of any colour", "2 VP per white bulb in the patch"),
    ("market:mlower", "monorow:b:14", "y", "Market visit: may lower the water (1)", "14 VP per full black row"),
    ("build:adj", "colour:b:2", "y", "Build action: 1 reward of a market area next to your marker", "2 VP per black bulb in the patch"),
    ("build:mlower", "monorow:w:10", "y", "Build action: may lower the water (1)", "10 VP per full white row"),
    ("trade:mplant", "colour:v:2", "b", "Foreign trade action: may plant 1 bulb", "2 VP per violet bulb in the patch"),
    ("plant:mlower", "monorow:r:10", "y", "Plant action: may lower the water (1)", "10 VP per full red row"),
    ("plant:bulb:wyrvb", "colour:y:2", "b", "Plant action: 1 bulb of any colour", "2 VP per yellow bulb in the patch"),
)
#: Starting cards (PR): helper codes are handled by the rules (S-...); back = Queen's Wish.
START_CARDS: Final[tuple[tuple[str, str, str, str], ...]] = (
    # (helper code, queen's wish code, helper text, wish text)
    ("S-trade", "tools6", "Foreign trade: take any 2 rewards, placing a bulb from the supply", "Have 6 tools"),
    ("S-farm", "groups3", "Farm enhancement: draw 3 extra cards", "Contracts of all 3 groups"),
    ("S-plant", "patch", "Plant: pay 1 VP to plant 1 extra bulb", "Bulbs on all the pictured patch spaces"),
    ("S-build", "network4", "Build: gain 1 VP and 1 guilder", "4 of your windmills in one network"),
    ("S-market", "wheels6", "Market: split each area's rewards; neutral moves and stacking free", "6 wheel enhancements, 2+ uncommon, 2+ unique"),
    # RECONSTRUCTED: the Enhance card's Queen's Wish (no source prints it; RULES.md)
    ("S-enhance", "colours5", "Enhance: gain 1 bulb of any colour", "All 5 colours in your patch"),
)
#: Card ids: 0..29 farm enhancement cards, START_ID.. starting cards.
START_ID: Final[int] = 100
#: Patch spaces (row, column) pictured on the "patch" Queen's Wish. RECONSTRUCTED: the 4th space of each row.
WISH_PATCH: Final[tuple[tuple[int, int], ...]] = ((0, 3), (1, 3), (2, 3), (3, 3))
#: Queen's Wish VP spaces, highest first; a game uses the first max(players, 1). RECONSTRUCTED.
WISH_VP: Final[tuple[int, ...]] = (10, 7, 4, 2)
FARM_OFFER: Final[int] = 3  # PR
EXTRA_DRAW: Final[int] = 3  # PR (starting card "S-farm")

# -- foreign trade cards (4 CONFIRMED; rewards RECONSTRUCTED) ------------------------------
#: Quarters clockwise; bulb slot q lies between quarter q and quarter q+1 (mod 4).
TRADE_CARDS: Final[tuple[tuple[tuple[str, ...], ...], ...]] = (
    (("g3",), ("act:plant:1",), ("tool",), ("vp3",)),
    (("bulb:b",), ("g2",), ("act:farm",), ("vp2",)),
    (("act:enhance",), ("bulb:*",), ("vp4",), ("act:lower:1",)),
    (("act:build",), ("vp2", "g1"), ("bulb:v",), ("tool",)),
)
TRADE_SLOTS: Final[int] = 4
#: Guilders for the "extra" and "all" trade tiles (PR).
TRADE_EXTRA_COST: Final[int] = 1

# -- solo opponent, the Gardener (FS 1, RECONSTRUCTED) ---------------------------------------
#: 20 cards: (floodgate instruction "+1" | "0" | "1", calendar steps 0/1, denial effect).
#: Denial: "wheel" (leftmost wheel enhancement leaves the offer), "farm" (leftmost farm card
#: is discarded), "mill" (the Gardener builds a windmill), "market" (its marker moves 1 area).
SOLO_CARDS: Final[tuple[tuple[str, int, str], ...]] = (
    ("+1", 0, "wheel"), ("0", 1, "farm"), ("1", 0, "mill"), ("+1", 0, "market"),
    ("0", 1, "wheel"), ("+1", 0, "farm"), ("0", 0, "mill"), ("1", 1, "market"),
    ("+1", 0, "mill"), ("0", 0, "wheel"), ("1", 1, "farm"), ("0", 0, "market"),
    ("+1", 0, "farm"), ("0", 1, "mill"), ("1", 0, "wheel"), ("+1", 0, "market"),
    ("0", 1, "farm"), ("+1", 0, "mill"), ("0", 0, "wheel"), ("1", 1, "market"),
)
#: VP per Gardener card and end bonus by difficulty level 1-3.
SOLO_CARD_VP: Final[dict[int, int]] = {1: 2, 2: 3, 3: 4}
SOLO_END_BONUS: Final[dict[int, int]] = {1: 20, 2: 35, 3: 50}
#: VP the Gardener scores for each unique calendar reward it claims.
SOLO_UNIQUE_VP: Final[int] = 3
SOLO_NAME: Final[str] = "Gardener"


def reward_text(codes: tuple[str, ...] | list[str]) -> str:
    """Reward codes in words: ("tool", "bulb:*") -> "1 tool + 1 bulb of any colour"."""
    words = []
    for code in codes:
        head, _, rest = code.partition(":")
        if head.startswith("vp"):
            words.append(f"{head[2:]} VP")
        elif head[0] == "g" and head[1:].isdigit():
            words.append(f"{head[1:]} guilder{'s' if head[1:] != '1' else ''}")
        elif head == "tool":
            words.append("1 tool")
        elif head == "bulb":
            words.append("1 bulb of any colour" if rest == "*" else f"1 {COLOUR_NAMES[rest]} bulb")
        elif head == "act":
            parts = rest.split(":")
            names = {"plant": "plant", "lower": "lower the water", "market": "visit the market",
                     "farm": "gain a farm enhancement", "enhance": "enhance the wheels",
                     "build": "build a windmill", "trade": "foreign trade"}
            if parts[0] == "plant" and len(parts) > 1:
                upto = "up to " if "upto" in parts else ""
                words.append(f"plant {upto}{parts[1]} bulb{'s' if parts[1] != '1' else ''}")
            else:
                words.append(names[parts[0]] + (f" (strength {parts[1]})" if len(parts) > 1 and parts[1].isdigit() else ""))
        elif head == "enh":
            words.append(f"a free {TIER_NAMES[rest]} wheel enhancement")
        elif head == "contract":
            words.append("score 1 of your contracts")
        elif head == "sup":
            words.append(f"plant a {COLOUR_NAMES[rest]} bulb from the supply")
        elif head == "paysup":
            words.append(f"pay 1 guilder to plant a {COLOUR_NAMES[rest]} bulb from the supply")
        else:
            words.append(code)
    return " + ".join(words) or "nothing"
