"""Windmill Valley scoring: contracts, Queen's Wishes, end-game patch and windmill groups.

PR "Scoring": contracts, then each empty windmill group scores its bulb colour in the
patch, then patch rows and columns; ties: bulbs in the patch, bulbs in storage,
windmills on the main board. Values are in components.py (RECONSTRUCTED where marked).
"""

from __future__ import annotations

from itertools import zip_longest

from core.windmill_valley import components as C
from core.windmill_valley.state import State, event


def windmills_of(s: State, seat: int) -> list[int]:
    """Spaces holding ``seat``'s windmills (with or without connection)."""
    return [i for i, v in enumerate(s.board) if v == seat or v == seat + 10]


def full_rows(patch: list[str]) -> list[str]:
    return [r for r in patch if len(r) == C.PATCH_COLS]


def columns(patch: list[str]) -> list[str]:
    """Column k as the string of the bulbs planted in it, top to bottom (gaps left out)."""
    cols = ["".join(c) for c in zip_longest(*patch, fillvalue="")]
    return cols + [""] * (C.PATCH_COLS - len(cols))


def contract_vp(s: State, seat: int, cid: int) -> int:
    """VP contract card ``cid`` is worth to ``seat`` now (PR contract texts)."""
    f = s.farms[seat]
    parts = C.FARM_CARDS[cid][1].split(":")
    kind, vp = parts[0], int(parts[-1])
    if kind == "adj":
        return vp * sum(1 for i in windmills_of(s, seat) if parts[1] in C.SPACE_FIELDS[i])
    if kind == "large":
        return vp * sum(1 for d in f.large if C.DESIGNS[d][1] != "base")
    if kind == "smallfull":
        return vp if all(C.DESIGNS[d][1] != "base" for d in f.small) else 0
    if kind == "tier":
        return vp * sum(1 for d in (*f.large, *f.small) if C.DESIGNS[d][1] == parts[1])
    if kind == "cards":
        return vp * (len(f.helpers) + len(f.contracts))
    if kind == "tools2":
        return vp * (f.tools // 2)
    if kind == "mills":
        return vp * len(windmills_of(s, seat))
    if kind == "rows":
        return vp * len(full_rows(f.patch))
    if kind == "cols":
        return vp * sum(1 for c in columns(f.patch) if len(c) == C.PATCH_ROWS)
    if kind == "colour":
        return vp * "".join(f.patch).count(parts[1])
    if kind == "monorow":
        return vp * sum(1 for r in full_rows(f.patch) if set(r) == {parts[1]})
    raise ValueError(f"unknown contract code {C.FARM_CARDS[cid][1]!r}")


def network_sizes(s: State, seat: int) -> list[int]:
    """For each network (connected group of windmills of any colour), how many are ``seat``'s."""
    seen: set[int] = set()
    out = []
    for start, v in enumerate(s.board):
        if v == -1 or start in seen:
            continue
        stack, mine = [start], 0
        seen.add(start)
        while stack:
            i = stack.pop()
            if s.board[i] in (seat, seat + 10):
                mine += 1
            for j in C.NEIGHBOURS[i]:
                if s.board[j] != -1 and j not in seen:
                    seen.add(j)
                    stack.append(j)
        out.append(mine)
    return out


_FIRST_TILE = min(i for i, d in enumerate(C.DESIGNS) if d[1] != "base")


def wish_met(s: State, seat: int) -> bool:
    """Whether ``seat`` fulfils the Queen's Wish on the card beside the calendar (PR)."""
    f = s.farms[seat]
    code = C.START_CARDS[s.wish_card - C.START_ID][1]
    if code == "tools6":
        return f.tools >= 6
    if code == "groups3":
        return {C.FARM_CARDS[c][2] for c in f.contracts} >= {"r", "y", "b"}
    if code == "patch":
        return all(len(f.patch[r]) > k for r, k in C.WISH_PATCH)
    if code == "network4":
        if s.board.count(seat) + s.board.count(seat + 10) < 4:
            return False
        return max(network_sizes(s, seat), default=0) >= 4
    if code == "wheels6":
        tiers = [C.DESIGNS[d][1] for d in (*f.large, *f.small) if d >= _FIRST_TILE]
        return len(tiers) >= 6 and tiers.count("u") >= 2 and tiers.count("x") >= 2
    if code == "colours5":
        return set("".join(f.patch)) >= set(C.COLOURS)
    raise ValueError(f"unknown wish {code!r}")


def check_wishes(s: State) -> None:
    """Anyone who now fulfils the Queen's Wish (once each) takes the highest free VP space."""
    if s.wish_card < 0:
        return
    spaces = max(1, len(s.players))
    if s.wish_next >= spaces:
        return
    for seat, f in enumerate(s.farms):
        if f.wish or s.wish_next >= spaces:
            continue
        if wish_met(s, seat):
            f.wish = C.WISH_VP[s.wish_next]
            s.wish_next += 1
            f.vp += f.wish
            event(s, f"{s.players[seat]} fulfils the Queen's Wish: +{f.wish} VP")


def final_values(
    s: State, seat: int, planted: str | None = None, cols: list[str] | None = None,
) -> tuple[int, int, int, int]:
    """End-game VP of ``seat`` by PR category, in ``final_parts``' order:
    (contracts, empty windmill groups, rows, columns). ``planted`` (the patch's
    colours, ``"".join(patch)``) and ``cols`` (``columns(patch)``): when the
    caller has them already (the bots' evaluation, at every position)."""
    f = s.farms[seat]
    if planted is None:
        planted = "".join(f.patch)
    if cols is None:
        cols = columns(f.patch)
    contracts = 0
    for c in f.contracts:
        contracts += contract_vp(s, seat, c)
    groups = 0
    for g, n in enumerate(f.mills):
        if n == 0:
            groups += C.MILL_VP[g] * planted.count(C.MILL_COLOUR[g])
    rows = 0
    for r in f.patch:
        if len(r) == C.PATCH_COLS:
            rows += C.ROW_SAME_VP if len(set(r)) == 1 else C.ROW_MIXED_VP
    colvp = 0
    for c in cols:
        if len(set(c)) < len(c):
            colvp += C.COLUMN_REPEAT_VP
        elif len(c) == C.PATCH_ROWS:
            colvp += C.COLUMN_DIFFERENT_VP
    return contracts, groups, rows, colvp


def final_total(s: State, seat: int, planted: str | None = None, cols: list[str] | None = None) -> int:
    """``sum(final_parts(s, seat).values())`` without the dict (``final_values``)."""
    return sum(final_values(s, seat, planted, cols))


def final_parts(s: State, seat: int) -> dict[str, int]:
    """End-game VP of ``seat`` by PR category: contracts, empty windmill groups, rows, columns."""
    contracts, groups, rows, cols = final_values(s, seat)
    return {
        "Contracts": contracts,
        "Windmill groups": groups,
        "Patch rows": rows,
        "Patch columns": cols,
    }


#: What the ``tiebreak`` values count, in order (PR).
TIEBREAK_NAMES: tuple[str, str, str] = ("bulbs in the patch", "bulbs in storage", "windmills on the board")


def tiebreak(s: State, seat: int) -> tuple[int, int, int]:
    """PR ties: most bulbs in the patch, then in storage, then windmills on the main board."""
    f = s.farms[seat]
    return (len("".join(f.patch)), len(f.storage), len(windmills_of(s, seat)))
