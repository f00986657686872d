"""Lowlands themes: Textual Theme objects and the shared stylesheet.

``THEMES`` holds the two house themes, "lowlands-dark" (default) and
"lowlands-light"; ``LowlandsApp`` registers them, and Textual's built-in
"Change theme" command (ctrl+p) switches between them and Textual's own.

Player identity never rests on colour alone: every seat also has a letter
(``tui.widgets.common.seat_letters``: "A Ann", "B Bob"), used by the boards
and by every shell screen. ``SEAT_COLORS`` are only a help on top of that;
under ``NO_COLOR`` Textual renders everything in monochrome.
"""

from __future__ import annotations

from pathlib import Path

from textual.theme import Theme

#: The app-wide stylesheet (LowlandsApp.CSS_PATH): what the launcher needs; the
#: other screens keep their styles in their own DEFAULT_CSS.
TCSS_PATH: Path = Path(__file__).with_name("lowlands.tcss")

#: Seat colours (seat 1..6): distinct in hue *and* lightness so they stay apart in
#: 16-colour terminals; exposed to TCSS as $seat-1 .. $seat-6.
SEAT_COLORS_DARK: tuple[str, ...] = ("#ff6b6b", "#5fb3ff", "#ffb347", "#c792ea", "#7bd88f", "#f2f2f2")
SEAT_COLORS_LIGHT: tuple[str, ...] = ("#c0392b", "#1f5fbf", "#b35900", "#7b3fa0", "#1e7b34", "#333333")


def _seat_vars(colors: tuple[str, ...]) -> dict[str, str]:
    return {f"seat-{i + 1}": c for i, c in enumerate(colors)}


LOWLANDS_DARK = Theme(
    name="lowlands-dark",
    primary="#f28c28",  # tulip orange
    secondary="#4a90d9",  # delft blue
    accent="#e0457b",  # tulip pink
    warning="#ffb000",
    error="#ff5555",
    success="#5fd068",
    foreground="#ece6da",
    background="#15191f",
    surface="#1e242c",
    panel="#27303a",
    dark=True,
    variables=_seat_vars(SEAT_COLORS_DARK),
)

LOWLANDS_LIGHT = Theme(
    name="lowlands-light",
    primary="#1f5fbf",  # delft blue
    secondary="#d2691e",
    accent="#c2185b",
    warning="#b36b00",
    error="#b71c1c",
    success="#2e7d32",
    foreground="#1d1d1d",
    background="#f7f3ea",
    surface="#efe8d8",
    panel="#e2d8c3",
    dark=False,
    variables=_seat_vars(SEAT_COLORS_LIGHT),
)

#: $seat-N defaults for themes that do not define them (Textual's built-in ones).
SEAT_VARIABLES: dict[str, str] = _seat_vars(SEAT_COLORS_DARK)

THEMES: dict[str, Theme] = {t.name: t for t in (LOWLANDS_DARK, LOWLANDS_LIGHT)}
DEFAULT_THEME: str = LOWLANDS_DARK.name


__all__ = [
    "DEFAULT_THEME",
    "LOWLANDS_DARK",
    "LOWLANDS_LIGHT",
    "SEAT_COLORS_DARK",
    "SEAT_COLORS_LIGHT",
    "SEAT_VARIABLES",
    "TCSS_PATH",
    "THEMES",
]
