"""Fields of Arle solo: the target and rating ladder (RECONSTRUCTED R11).

The solo game plays like the two-player game without the Special Action (AU N: secondary
sources). No source gives an official rating table; R11 proposes the target 110 (S12) and
the ladder in ``components.SOLO_LADDER``.
"""

from __future__ import annotations

from core.fields_of_arle import components as C


def rating(total: float) -> str:
    """The rating for a solo total (the highest SOLO_LADDER rung reached)."""
    name = C.SOLO_LADDER[0][1]
    for floor, rung in C.SOLO_LADDER:
        if total >= floor:
            name = rung
    return name


def solo_lines(name: str, total: float) -> list[str]:
    """Game-over lines for the player (no maintainer notes; the score itself is on
    the line above them): the total against the target, and the rank on the ladder
    with the next rung, e.g. ["Ann is 38.5 VP short of the solo target of 110 VP",
    "Rank: Novice (Farmer from 80 VP; ladder: 0+ Novice, 80+ Farmer, ...)"]."""
    if total >= C.SOLO_TARGET:
        head = f"{name} reaches the solo target of {C.SOLO_TARGET} VP with {total:g} VP"
    else:
        head = f"{name} is {C.SOLO_TARGET - total:g} VP short of the solo target of {C.SOLO_TARGET} VP"
    ladder = ", ".join(f"{floor}+ {rung}" for floor, rung in C.SOLO_LADDER)
    above = [(floor, rung) for floor, rung in C.SOLO_LADDER if floor > total]
    nxt = f"{above[0][1]} from {above[0][0]} VP; " if above else "the top rung; "
    return [head, f"Rank: {rating(total)} ({nxt}ladder: {ladder})"]
