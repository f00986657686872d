"""Helpers shared by the board widgets: player letters and colours, glyphs, plurals.

Every player colour comes with a letter (DESIGN.md, "Any terminal"), so a
board stays readable under ``NO_COLOR`` and in 16-colour terminals; every
highlight also uses ``reverse``/``bold`` and a marker glyph, never colour alone.
"""

from __future__ import annotations

import unicodedata
from typing import NamedTuple, Sequence

from textual.widget import Widget

#: Seat colours in seat order (letters carry the meaning; colours only help).
SEAT_STYLES: tuple[str, ...] = (
    "bold #ef5350",  # red
    "bold #29b6f6",  # light blue
    "bold #66bb6a",  # green
    "bold #ffca28",  # amber
    "bold #ab47bc",  # purple
    "bold #bdbdbd",  # grey
)

#: How a highlighted target (a legal choice under the cursor) is drawn.
HIGHLIGHT = "reverse bold"

#: The note a board shows under a table with previews (see ``preview``).
PREVIEW_NOTE = "a{arrow}b: now {arrow} with the highlighted choice"


class Marker(NamedTuple):
    """A token on a track or in a market area.

    Attributes:
        letter: one character naming the owner (e.g. the seat letter "A").
        position: the space it stands on (tracks) or is ignored (areas).
        style: Rich style string (colour); the letter alone must suffice.
        label: longer text for legends (e.g. "Ann").
    """

    letter: str
    position: int = 0
    style: str = ""
    label: str = ""


def plural(n: int, word: str) -> str:
    """``n`` and ``word``, its plural with an "s" unless ``n`` is 1: "1 card",
    "2 cards", "0 turns"."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def seat_letters(names: Sequence[str]) -> list[str]:
    """One distinct capital letter per seat, from the names where possible.

    ``["Ann", "Bob", "Amy"]`` -> ``["A", "B", "M"]``: the first letter of the
    name not taken yet, else the first free letter of the alphabet. A letter
    is any Unicode letter (category L), without its accents ("Ännä" -> "A",
    so it reads the same in the ASCII look); signs and emoji are skipped.
    """
    taken: set[str] = set()
    out: list[str] = []
    for name in names:
        pick = next((c for c in map(_base_letter, name) if c and c not in taken), None)
        if pick is None:
            pick = next(c for c in "ABCDEFGHIJKLMNOPQRSTVWXYZ" if c not in taken)
        taken.add(pick)
        out.append(pick)
    return out


def _base_letter(char: str) -> str:
    """``char`` as a capital letter without accents ("ä" -> "A"), or "" when it
    is not a letter (Unicode category L*)."""
    if not unicodedata.category(char).startswith("L"):
        return ""
    base = unicodedata.normalize("NFKD", char)[:1].upper()[:1]
    return base if base and unicodedata.category(base).startswith("L") else ""


def seat_style(seat: int) -> str:
    """The colour style of ``seat`` (0-based); cycles past six seats."""
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


def use_ascii(widget: Widget) -> bool:
    """True when the app asked for ASCII only (``LowlandsApp.ascii``, ``--ascii``)."""
    try:
        return bool(getattr(widget.app, "ascii", False))
    except Exception:  # no active app (constructed outside one)
        return False


def glyph(widget: Widget, fancy: str, plain: str) -> str:
    """``fancy`` normally, ``plain`` (ASCII) when the app runs with ``--ascii``."""
    return plain if use_ascii(widget) else fancy


#: What ``--ascii`` (the ASCII look) writes for the non-ASCII glyphs Lowlands,
#: its rules texts and Textual use. Text helpers (``ascii_text``) use the
#: whole replacement; the screen's last-resort filter (``ascii_cell``) only
#: replacements as wide as the glyph.
ASCII_GLYPHS: dict[str, str] = {
    "←": "<-", "→": "->", "↑": "^", "↓": "v", "↔": "<->", "⇥": "tab", "⏎": "enter",
    "•": "*", "·": ".", "‧": ".", "∙": ".", "◦": "o", "○": "o", "●": "*", "■": "#", "□": "[]",
    "½": ".5", "¼": ".25", "¾": ".75", "×": "x", "÷": "/", "−": "-", "±": "+/-",
    "—": "-", "–": "-", "‒": "-", "…": "...", "‘": "'", "’": "'", "“": '"', "”": '"', "«": "<<", "»": ">>",
    "‹": "<", "›": ">", "▶": ">", "◀": "<", "▸": ">", "◂": "<", "▲": "^", "▼": "v", "►": ">", "◄": "<",
    "✓": "v", "✔": "v", "✗": "x", "✘": "x", "★": "*", "☆": "*", "⭘": "o", "€": "EUR", "ƒ": "f",
    "│": "|", "┃": "|", "─": "-", "━": "-", "╱": "/", "╲": "\\", "▏": "|", "▕": "|", "▌": "|", "▐": "|",
    "\u00a0": " ",
}


#: What the screen's last-resort filter (``ascii_cell``) draws for a glyph of
#: ASCII_GLYPHS whose replacement is wider than the glyph: one character of the
#: same meaning, never the replacement's first (which would turn "±" into "+",
#: "→" into "-"); "←→" thus reads "<>".
ASCII_CELLS: dict[str, str] = {"←": "<", "→": ">", "±": "~"}

#: runs of glyphs spelled out as one (``ascii_text``): two arrows are one "<->"
ASCII_RUNS: dict[str, str] = {"←→": "<->", "→←": "<->", "↑↓": "^/v", "↓↑": "^/v"}


def ascii_text(text: str) -> str:
    """``text`` in plain ASCII for the ASCII look: the glyphs of ASCII_GLYPHS
    spelled out ("1½" -> "1.5", "←" -> "<-", "±" -> "+/-", "←→" -> "<->"),
    accents dropped ("Zoë" -> "Zoe"), anything else "?". A digit before "½"
    keeps it: "2½" -> "2.5", "½" -> "0.5"."""
    if text.isascii():
        return text
    for run, plain in ASCII_RUNS.items():
        text = text.replace(run, plain)
    out: list[str] = []
    prev = ""
    for ch in text:
        if ch.isascii():
            out.append(ch)
        elif ch in "½¼¾":
            out.append(("" if prev.isdigit() else "0") + ASCII_GLYPHS[ch])
        elif ch in ASCII_GLYPHS:
            out.append(ASCII_GLYPHS[ch])
        else:
            plain = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
            out.append(plain or "?")
        prev = ch
    return "".join(out)


def ascii_cell(ch: str, width: int) -> str:
    """A replacement for the non-ASCII ``ch`` that fills exactly ``width``
    cells (the glyph's own width), for drawing already laid-out lines: the
    ASCII_GLYPHS replacement when it fits, else ASCII_CELLS' one character
    ("±" -> "~"), else the glyph without accents, else "?"."""
    r = ASCII_GLYPHS.get(ch)
    if r is not None and len(r) > width and ch in ASCII_CELLS:
        r = ASCII_CELLS[ch]
    if r is None or len(r) > width:
        plain = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
        r = plain if plain and len(plain) <= width else (r[0] if r else "?")
    return r.ljust(width)[:width] if width > 0 else ""


def preview(widget: Widget, now: str, then: str, style: str = "", arrow: str | None = None) -> "Text":
    """A preview: the value ``now``, an arrow and what the highlighted choice would make
    it, drawn as a highlight: ``"1·3→2·7"`` (``"1·3->2·7"`` with ``--ascii``). Every board
    shows a choice's effect this way, so a preview never reads as already done.

    Args:
        widget: the widget drawing it (for ``--ascii``).
        now, then: the value before and after, as shown in the cell.
        style: the cell's own style (e.g. a colour), kept under the highlight.
        arrow: the arrow drawn (None: "→", "->" with ``--ascii``); a table too
            narrow for "->" passes ``NARROW_ARROW`` (and the same to ``preview_note``).
    """
    from rich.text import Text

    arrow = glyph(widget, "→", "->") if arrow is None else arrow
    return Text(f"{now}{arrow}{then}", style=f"{style} {HIGHLIGHT}".strip())


#: a preview's arrow in one cell under ``--ascii`` (as wide as "→"), for a table
#: that has no room for "->"
NARROW_ARROW = ">"


def preview_note(widget: Widget, arrow: str | None = None) -> str:
    """``PREVIEW_NOTE`` with the arrow of this app (``->`` under ``--ascii``), or ``arrow``."""
    return PREVIEW_NOTE.format(arrow=glyph(widget, "→", "->") if arrow is None else arrow)
