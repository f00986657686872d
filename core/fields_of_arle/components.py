"""Fields of Arle data tables: action spaces, tool tracks, buildings, vehicles, destinations.

Sources: ``rules/fields-of-arle.source.de.txt`` (S1, the authority), its translation,
``fields-of-arle.facts.md`` (FS) and ``fields-of-arle.audit.md`` (AU, wins where they
disagree; R1-R14 are its reconstructions). Every number no source gives is marked
RECONSTRUCTED or OUR READING here and in RULES.md, so it can be corrected in one place.
"""

from __future__ import annotations

# ----------------------------------------------------------------------------- game shape
HALF_YEARS = 9  #: S1: nine half-years, odd = summer, even = winter
WORKERS = 4  #: per player and half-year (S1: "acht Arbeiter" for two players)
SUMMER_MONTHS = ("July", "August", "September", "October")
WINTER_MONTHS = ("January", "February", "March", "April")

# ----------------------------------------------------------------------------- goods
#: Goods on the goods track and their cap (S1: 0..15; food has two indicators -> 0..30).
TRACK_GOODS = ("food", "grain", "flax", "wool", "hides")
CAP = {"food": 30, "grain": 15, "flax": 15, "wool": 15, "hides": 15}
#: Every counted good of a player, in display order. Animals are counted here too.
GOODS = ("food", "grain", "flax", "wool", "hides", "wood", "timber", "clay", "brick", "peat",
         "linen", "woolen", "leather", "summer", "winter", "lwear", "sheep", "cattle", "horse")
ANIMALS = ("sheep", "cattle", "horse")
NAMES = {"food": "food", "grain": "grain", "flax": "flax", "wool": "wool", "hides": "hides",
         "wood": "wood", "timber": "timber", "clay": "clay", "brick": "brick", "peat": "peat",
         "linen": "linen", "woolen": "woolen", "leather": "leather", "summer": "summer wear",
         "winter": "winter wear", "lwear": "leather wear", "sheep": "sheep", "cattle": "cattle",
         "horse": "horse"}
#: RECONSTRUCTED (R3, supported by AU A5): starting goods track; S5/S8: 4 wood, 4 clay, 3 peat.
START_GOODS = {"food": 5, "grain": 1, "flax": 3, "wool": 4, "hides": 2, "wood": 4, "clay": 4, "peat": 3}
START_ANIMALS = {"horse": 1}  #: FS 1.1: the starting stall holds 1 horse
#: S1 scoring "Clothing Tokens and Building Materials": VP per token (not rounded).
TOKEN_VP = {"brick": 1.0, "linen": 1.0, "woolen": 1.0, "leather": 1.0, "summer": 2.0, "winter": 2.5,
            "lwear": 2.5, "timber": 0.5}
#: Refining on a vehicle: token loaded -> token received when the vehicle is emptied.
REFINE = {"wood": "timber", "clay": "brick", "linen": "summer", "woolen": "winter", "leather": "lwear"}
#: AU H1: cells a token takes on a vehicle (clay also costs 1 peat to refine).
TOKEN_CELLS = {"wood": 1, "clay": 1, "linen": 2, "woolen": 3, "leather": 3}

# ----------------------------------------------------------------------------- tool tracks
#: FS 4.1 / AU J: track id -> (name, values, cost of one step, VP at each value).
TOOLS: dict[str, tuple[str, tuple[int, ...], dict[str, int], tuple[int, ...]]] = {
    "fish": ("fish traps", (2, 3, 4, 5, 6), {"wood": 1}, (0, 0, 0, 0, 3)),
    "beams": ("fleshing beams", (3, 5, 6), {"wood": 1}, (0, 1, 3)),
    "looms": ("weaving looms", (2, 3, 4, 5), {"wood": 2}, (0, 1, 3, 4)),
    "tables": ("slaughtering tables", (2, 3, 4), {"clay": 1}, (0, 1, 2)),
    "spades": ("spades", (3, 5, 7), {"wood": 1}, (0, 0, 2)),
    "shovels": ("shovels", (3, 4, 5, 6), {"wood": 1}, (0, 0, 0, 0)),
    "wheels": ("pottery wheels", (2, 3, 4), {"clay": 1}, (0, 0, 2)),
    "ovens": ("ovens", (1, 2, 3, 4), {"brick": 1}, (0, 1, 5, 7)),
    "axes": ("axes", (3, 4, 5, 6), {"wood": 1}, (0, 0, 0, 0)),
    "benches": ("workbenches", (2, 3, 4), {"clay": 2}, (0, 1, 4)),
}
TOOL_IDS = tuple(TOOLS)
#: FS 4.1: dikes per Dike Builder use at each shovel level (upper row of the shovel track).
SHOVEL_DIKES = (1, 2, 2, 3)

# ----------------------------------------------------------------------------- action spaces
#: FS 3 / AU B1: 15 summer then 15 winter spaces: (id, name, cost paid on placing).
SPACES: tuple[tuple[str, str, dict[str, int]], ...] = (
    ("fisherman", "Fisherman", {}),
    ("grocer", "Grocer", {}),
    ("woolweaver", "Wool Weaver", {}),
    ("colonist", "Colonist", {}),
    ("peatcutter", "Peat Cutter", {}),
    ("dikebuilder", "Dike Builder", {}),
    ("clayworker", "Clay Worker", {}),
    ("farmer", "Farmer", {}),
    ("forester", "Forester", {"food": 1}),
    ("woodcutter", "Woodcutter", {}),
    ("master", "Master", {}),
    ("carpenter", "Carpenter", {}),
    ("builder", "Builder", {}),
    ("warden", "Warden", {}),
    ("laborer", "Laborer", {"food": 2}),
    ("boatman", "Peat Boatman", {}),
    ("tanner", "Tanner", {}),
    ("linenweaver", "Linen Weaver", {}),
    ("butcher", "Butcher", {}),
    ("cattletrader", "Cattle Trader", {}),
    ("wgrocer", "Grocer (winter)", {}),
    ("merchant", "Builders' Merchant", {}),
    ("potter", "Potter", {}),
    ("baker", "Baker", {}),
    ("woodtrader", "Wood Trader", {"food": 1}),
    ("wmaster", "Master (winter)", {}),
    ("wainwright", "Wainwright", {}),
    ("dikewarden", "Dike Warden", {}),
    ("wcarpenter", "Carpenter (winter)", {}),
    ("wlaborer", "Laborer (winter)", {"food": 2}),
)
SPACE_IDS = tuple(x[0] for x in SPACES)
SPACE_INDEX = {x[0]: i for i, x in enumerate(SPACES)}
SEASON_SPACES = 15  #: indices 0-14 summer, 15-29 winter

# ----------------------------------------------------------------------------- home board
#: AU E1 / R1 / R2: dike moves 1, 4 and 7 each open a row of 3 polder spaces; moves 5-7 cover
#: the three -1 symbols; after 7 moves a "+dike" does nothing (RECONSTRUCTED R2).
DIKE_MOVES_MAX = 7
DIKE_OPENS = (1, 4, 7)
DIKE_MINUS_FROM = 5  #: move 5 covers the first -1 symbol
DIKES = 5  #: S1: five dike tiles, each holds 1 animal of any type
START_LAND = 5  #: AU E2: rows 3-4 less the boardwalk (row 3: 2 empty + grain field; row 4: stall, flax field)
START_TILES = ("grain", "stall", "flax")  #: AU E2 / R1 (positions RECONSTRUCTED, cosmetic)
MOOR_PEAT = 4  #: S1: a drained moor is stocked with exactly 4 peat
#: moor slot 0 is the boardwalk (starts drained, 1 space); slots 1-3 the moor tiles (2 spaces each)
MOOR_SPACES = (1, 2, 2, 2)
UNDRAINED, REMOVED = -1, -2
MOOR_VP_UNDRAINED, MOOR_VP_DRAINED, BOARDWALK_VP = -4, -1, -3

#: Land tiles: code -> (name, VP, holds (capacity, "same"/"any"/""), flips to).
TILES: dict[str, tuple[str, int, tuple[int, str], str]] = {
    "grain": ("grain field", 0, (0, ""), ""),
    "flax": ("flax field", 0, (0, ""), ""),
    "forest": ("forest", 2, (0, ""), "park"),
    "park": ("park", 6, (2, "any"), ""),
    "stall": ("stall", 2, (3, "same"), "depot"),
    "depot": ("depot", 2, (0, ""), ""),
    "stable": ("stable", 6, (6, "same"), "dstall"),
    "dstall": ("double stall", 9, (3, "same"), ""),  # counts as two stalls
}
#: AU A6 (SOURCED S7) less the starting tiles; per game, shared. Vehicle counts RECONSTRUCTED R5.
SUPPLY = {"field": 14, "forest": 5, "stall": 7, "stable": 3, "boat": 6, "hand": 2, "cart": 3, "carriage": 3}
#: supply pile of each tile / equipment (front and back share one pile)
PILE = {"grain": "field", "flax": "field", "forest": "forest", "park": "forest", "stall": "stall",
        "depot": "stall", "stable": "stable", "dstall": "stable", "boat": "boat", "plow": "boat",
        "handcart": "hand", "wagon": "hand", "cart": "cart", "horsecart": "cart",
        "carriage": "carriage", "droshky": "carriage"}

# ----------------------------------------------------------------------------- barn
#: AU G1: item -> (name, large?, wood cost, horses, VP, cells, flips to). Cells: "s" single,
#: "d" a half of a printed double space. Plow: +1 cattle or horse (see PLOW_ANIMAL).
EQUIPMENT: dict[str, tuple[str, bool, int, int, int, str, str]] = {
    "boat": ("peat boat", False, 1, 0, 1, "", "plow"),
    "plow": ("plow", False, 1, 0, 3, "", ""),
    "handcart": ("handcart", False, 2, 0, 0, "s", "wagon"),
    "wagon": ("wagon", False, 4, 0, 1, "ss", ""),
    "cart": ("cart", True, 5, 1, 1, "sss", "horsecart"),
    "horsecart": ("horse cart", True, 7, 1, 2, "ssss", ""),
    "carriage": ("carriage", True, 4, 2, 4, "sdd", "droshky"),
    "droshky": ("droshky", True, 6, 2, 5, "sdds", ""),
}
VEHICLES = ("handcart", "wagon", "cart", "horsecart", "carriage", "droshky")
PLOW_ANIMAL = ("cattle", "horse")
BARN_SMALL, BARN_LARGE = 4, 3  #: S1; the lowest large space may hold a 5th small item
NO_LARGE_VEHICLE_VP = -3

# ----------------------------------------------------------------------------- destinations
#: FS 6 / AU I: id -> (name, cells, sales). A sale: (label, pays {good: n} or a special
#: code, food). Special codes: "field" a field tile, "plow"/"boat" from the barn, "animal"
#: any one animal, "pair" 2 animals of one type, "cloth" any clothing, "moor" a moor tile.
DESTINATIONS: dict[str, tuple[str, int, tuple[tuple[str, object, int], ...]]] = {
    "hage": ("Hage", 1, (("a field", "field", 1),)),
    "beemoor": ("Beemoor", 1, (("1 peat", {"peat": 1}, 2),)),
    "dornum": ("Dornum", 1, (("a plow", "plow", 8),)),
    "norden": ("Norden", 2, (("1 sheep", {"sheep": 1}, 4), ("a peat boat", "boat", 5),
                             ("1 winter wear", {"winter": 1}, 7))),
    "aurich": ("Aurich", 2, (("1 leather", {"leather": 1}, 4), ("1 animal", "animal", 4),
                             ("1 horse", {"horse": 1}, 5))),
    "esens": ("Esens", 2, (("1 hide", {"hides": 1}, 2), ("2 grain", {"grain": 2}, 4),
                           ("1 woolen", {"woolen": 1}, 4))),
    "emden": ("Emden", 3, (("1 peat", {"peat": 1}, 3), ("1 summer wear", {"summer": 1}, 6),
                           ("1 leather wear", {"lwear": 1}, 7), ("1 winter wear", {"winter": 1}, 7))),
    "leer": ("Leer", 3, (("1 flax", {"flax": 1}, 2), ("1 linen", {"linen": 1}, 3),
                         ("1 cattle", {"cattle": 1}, 5), ("1 clothing", "cloth", 6))),
    "bremen": ("Bremen", 4, (("1 timber", {"timber": 1}, 5), ("2 animals of one type", "pair", 9),
                             ("linen, woolen and leather", {"linen": 1, "woolen": 1, "leather": 1}, 12),
                             ("summer, winter and leather wear", {"summer": 1, "winter": 1, "lwear": 1}, 30),
                             ("a moor tile", "moor", 0))),
}
DEST_IDS = tuple(DESTINATIONS)
#: RECONSTRUCTED (R4, from one unofficial source): Travel Experience VP by cells covered (0-19).
TRAVEL_VP = (0, 0, 1, 3, 3, 3, 4, 4, 4, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10)

# ----------------------------------------------------------------------------- buildings
#: cost alternatives: a list of dicts (any one may be paid); "mat1" = any 1 building
#: material, "mat2" = 2 different building materials (OUR READING R9), "cloth2" = 2
#: different clothing items (Textile House).
GREEN_COST = ["mat1", {"grain": 1}]
#: FS 9 / AU F0: id -> (name, colour, VP, cost parts). Colours: "autumn" (light green,
#: before November), "clock" (dark green, any time), "yellow", "orange", "blue", "red".
BUILDINGS: dict[str, tuple[str, str, int, tuple]] = {
    "farmhouse": ("Farmer's House", "autumn", 1, ("mat1", {"grain": 1})),
    "plowmaker": ("Plow Maker's Workshop", "autumn", 1, ("mat1", {"grain": 1})),
    "novice": ("Novice's Hut", "autumn", 1, ("mat1", {"grain": 1})),
    "workshop": ("Workshop", "autumn", 1, ("mat1", {"grain": 1})),
    "parlor": ("Weaving Parlor", "clock", 1, ("mat1", {"grain": 1})),
    "colhouse": ("Colonist's House", "clock", 1, ("mat1", {"grain": 1})),
    "cworkshop": ("Carpenter's Workshop", "clock", 1, ("mat1", {"grain": 1})),
    "schnapps": ("Schnapps Distillery", "clock", 1, ("mat1", {"grain": 1})),
    "loading": ("Loading Station", "clock", 1, ("mat1", {"grain": 1})),
    "litter": ("Litter Storage", "clock", 1, ("mat1", {"grain": 1})),
    "woodhouse": ("Wood Trader's House", "clock", 1, ("mat1", {"grain": 1})),
    "turnery": ("Turnery", "yellow", 5, ({"timber": 1, "brick": 1},)),
    "smokehouse": ("Smokehouse", "yellow", 5, ({"timber": 1, "brick": 1},)),
    "smithy": ("Smithy", "yellow", 3, ({"timber": 1, "brick": 1},)),
    "cooperage": ("Cooperage", "yellow", 4, ({"timber": 1, "brick": 1},)),
    "bakehouse": ("Bakehouse", "yellow", 4, ({"timber": 1, "brick": 1},)),
    "mill": ("Mill", "orange", 6, ({"timber": 1}, ("alt", {"flax": 8}, {"grain": 8}))),
    "weavingmill": ("Weaving Mill", "orange", 7, ({"brick": 2}, ("alt", {"flax": 10}, {"wool": 10}))),
    "textile": ("Textile House", "orange", 9, ({"brick": 1}, "cloth2")),
    "saddlery": ("Saddlery", "orange", 8, ({"timber": 2, "leather": 3},)),
    "joinery": ("Joinery", "orange", 6, ({"timber": 2, "grain": 5},)),
    "waterfront": ("Waterfront House", "orange", 10, ({"brick": 2, "food": 25},)),
    "pottersinn": ("Potter's Inn", "blue", 5, ("mat2", {"food": 9})),
    "farmersinn": ("Farmer's Inn", "blue", 3, ("mat2", {"food": 9})),
    "junkinn": ("Junk Dealer's Inn", "blue", 4, ("mat2", {"food": 9})),
    "gulfinn": ("Gulf House Inn", "blue", 5, ("mat2", {"food": 9})),
    "milkinn": ("Milk House Inn", "blue", 5, ("mat2", {"food": 9})),
    "sluiceinn": ("Sluice Yard Inn", "blue", 4, ("mat2", {"food": 9})),
    "church": ("Village Church", "red", 15, ({"timber": 3, "brick": 3, "food": 15},)),
    "lutetsburg": ("Lütetsburg Castle", "red", 15, ({"timber": 3, "brick": 3, "food": 15},)),
    "berum": ("Berum Castle", "red", 15, ({"timber": 3, "brick": 3, "food": 15},)),
}
BUILDING_IDS = tuple(BUILDINGS)
#: What each building does, in a player's words (RULES.md section 9; fact sheet 9).
#: Autumn houses act before each November; clock houses any time you like; the others
#: once, when built.
EFFECTS: dict[str, str] = {
    "farmhouse": "Before each November: +1 clay, and you may cut 1 peat.",
    "plowmaker": "Before each November: you may place 1 field (grain or flax) free.",
    "novice": "Before each November: +1 grain and +1 dike.",
    "workshop": "Before each November: +1 wood and 1 Master step (pay its cost).",
    "parlor": "Any time: 3 flax into 1 linen, and cut 1 peat.",
    "colhouse": "Any time: 2 wool into 1 clay, and cut 1 peat.",
    "cworkshop": "Any time: 4 food and 1 brick turn a stall into a stable.",
    "schnapps": "Any time: 1 grain and 1 peat into 3 food (also before feeding).",
    "loading": "Any time: 1 peat from the supply on an empty single vehicle cell; "
               "yours when the vehicle is emptied.",
    "litter": "Any time, with 2 or more horses: 3 flax into 1 horse.",
    "woodhouse": "Any time: 1 timber and 1 food into 2 wood.",
    "turnery": "Once: per forest you own, +1 wood and cut 2 peat.",
    "smokehouse": "Once: per fish trap, cut 1 peat.",
    "smithy": "Once: swap any of your empty peat boats, handcarts and wagons for plows.",
    "cooperage": "Once: with 5/10/15 sheep and cattle, every goods indicator +1/+2/+3.",
    "bakehouse": "Once: per oven, 2 grain and 1 flax into 8 food.",
    "mill": "Once: 3/5/6 fields give 8/10/12 food.",
    "weavingmill": "Once: 1 winter wear, and weaving looms up to +2 free.",
    "textile": "Once: 1 linen, 1 woolen and 1 leather.",
    "saddlery": "Once: per horse, cut 1 peat; then fleshing beams +1 free.",
    "joinery": "Once: per peat boat 2 peat, per plow 1 horse.",
    "waterfront": "Once: 10 food back, 2 dikes, and fish traps up to +3 free.",
    "pottersinn": "Once: per pottery wheel, 1 animal of any type.",
    "farmersinn": "Once: turn up to 3 of your fields into forests.",
    "junkinn": "Once: 1 leather wear and 1 woolen, and a handcart or a peat boat.",
    "gulfinn": "Once: per stall 1 timber, per stable 1 brick.",
    "milkinn": "Once: 1 cattle, then cut 1 peat per cattle you own.",
    "sluiceinn": "Once: fish traps +2 free, then 1 wood per fish trap.",
    "church": "Once: a free carriage in your barn.",
    "lutetsburg": "Once: a forest; spades, pottery wheels and workbenches +1.",
    "berum": "Once: ovens +1, weaving looms +1, and turn one tile over free.",
}
#: FS 1.1 / AU A2: how many of each colour are in play (18 in all).
IN_PLAY = {"green": 4, "yellow": 2, "orange": 6, "blue": 3, "red": 3}
#: OUR READING R8: Lütetsburg Castle advances these tracks (flag "spades" vs "shovels").
LUTETSBURG_TOOLS = ("spades", "wheels", "benches")
MATERIALS = ("wood", "clay", "timber", "brick")
CLOTHING = ("summer", "winter", "lwear")
#: Mill: fields -> food (FS 9.3)
MILL_FOOD = ((6, 12), (5, 10), (3, 8))
COOPERAGE = ((15, 3), (10, 2), (5, 1))  #: milk animals -> steps on every goods indicator

# ----------------------------------------------------------------------------- inventories
MILK_SHEEP = (2, 5, 8)  #: S1: at least 2/5/8 sheep -> 1/2/3 food
MILK_CATTLE = (1, 3, 5)  #: S1: at least 1/3/5 cattle -> 1/2/3 food
SHEAR = (1, 4, 6)  #: S1: at least 1/4/6 sheep -> 1/2/3 wool
FEED_FOOD = 3
FEED_FUEL = 2
SHORTAGE_VP = -2

# ----------------------------------------------------------------------------- solo
#: RECONSTRUCTED (R11): solo target (S12 "110") and rating ladder, lowest first.
SOLO_TARGET = 110
SOLO_LADDER = ((0, "Novice"), (80, "Farmer"), (100, "Dike Reeve"), (110, "Target reached"),
               (120, "Master of Arle"))
