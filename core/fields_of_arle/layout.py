"""Where things are, for a screen: the home board as a grid with its dike lines, and the
action board. Pure functions of the state; the rules never depend on positions (R1: the
columns are cosmetic, only counts matter).

Home board (AU E2, RECONSTRUCTED R1): 3 columns, 7 rows. Rows 0-2 are tideland until
their dike line closes; row 3 holds two empty spaces and the grain field; row 4 the stall,
the boardwalk and the flax field; rows 5-6 the three moors (each 1 wide, 2 tall). The
dike lines L0 (top, the three -1 symbols) to L3 (the closed line at the start) have 3
gaps each; the 5 dikes always fill 5 consecutive gaps counted from the bottom, moving up
one gap per dike move (AU E1).
"""

from __future__ import annotations

from core.fields_of_arle import components as C
from core.fields_of_arle.state import Home, State

ROWS, COLS = 7, 3
#: Land cells in the order tiles fill them: the starting tiles first (grain, stall, flax as
#: in START_TILES), then the two empty spaces, then the polder rows from the bottom, then
#: the boardwalk's space and the moors' spaces as they leave the game.
_START_CELLS = ((3, 2), (4, 0), (4, 2), (3, 0), (3, 1))
_POLDER_ROWS = (2, 1, 0)


def dike_gaps(h: Home) -> list[int]:
    """The 5 gaps holding a dike, counted from the bottom (0-2 line L3, 3-5 L2, 6-8 L1,
    9-11 L0). After m dike moves they are m .. m + 4."""
    return list(range(h.dikes, h.dikes + C.DIKES))


def dike_lines(h: Home) -> list[str]:
    """Lines L0 (top) to L3 as 3-character strings: "D" a dike, "-" an uncovered -1
    symbol (L0 only), "." an empty gap."""
    gaps = set(dike_gaps(h))
    out = []
    for line in range(4):  # 0 = L0 (top) .. 3 = L3
        base = (3 - line) * 3
        out.append("".join("D" if base + c in gaps else ("-" if line == 0 else ".") for c in range(3)))
    return out


def land_cells(h: Home) -> list[tuple[int, int]]:
    """Usable land cells (row, column) in fill order."""
    cells = list(_START_CELLS)
    for k, row in zip(C.DIKE_OPENS, _POLDER_ROWS):
        if h.dikes >= k:
            cells += [(row, c) for c in range(COLS)]
    if h.moors[0] == C.REMOVED:
        cells.append((4, 1))
    for slot in (1, 2, 3):
        if h.moors[slot] == C.REMOVED:
            cells += [(5, slot - 1), (6, slot - 1)]
    return cells


def home_grid(h: Home) -> list[list[str]]:
    """ROWS x COLS cell codes: "tideland", "" (empty land), a tile code or building id,
    "boardwalk:<peat>", "moor" (undrained) or "drained:<peat>" (both rows of a moor)."""
    grid = [["tideland"] * COLS for _ in range(ROWS)]
    for r in (5, 6):
        for slot in (1, 2, 3):
            peat = h.moors[slot]
            if peat != C.REMOVED:
                grid[r][slot - 1] = "moor" if peat == C.UNDRAINED else f"drained:{peat}"
    if h.moors[0] != C.REMOVED:
        grid[4][1] = f"boardwalk:{h.moors[0]}"
    cells = land_cells(h)
    for r, c in cells:
        grid[r][c] = ""
    for tile, (r, c) in zip(h.land, cells):
        grid[r][c] = tile
    return grid


def action_board(s: State, winter: bool) -> list[tuple[str, str, int, dict[str, int]]]:
    """The 15 spaces of one season: (id, name, seat of its worker or -1, cost)."""
    base = C.SEASON_SPACES if winter else 0
    return [(C.SPACES[i][0], C.SPACES[i][1], s.occupied[i], dict(C.SPACES[i][2]))
            for i in range(base, base + C.SEASON_SPACES)]


def tool_track(h: Home, track: str) -> tuple[int, tuple[int, ...], int]:
    """(index of the indicator, the track's values, VP now) for ``track``."""
    i = h.tools[C.TOOL_IDS.index(track)]
    _, values, _, vps = C.TOOLS[track]
    return i, values, vps[i]
