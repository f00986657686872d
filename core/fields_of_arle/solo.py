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
    """Game-over lines: the total against the target, and the rating."""
    hit = "reaches" if total >= C.SOLO_TARGET else "misses"
    ladder = ", ".join(f"{floor}+ {rung}" for floor, rung in C.SOLO_LADDER)
    return [
        f"{name} scores {total:g} VP and {hit} the solo target of {C.SOLO_TARGET} VP",
        f"Rating: {rating(total)} (ladder: {ladder}; target and ladder RECONSTRUCTED, R11)",
    ]
