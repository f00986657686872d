"""Small helpers for line-based widgets (DataWidget.build): split a Text into
lines, wrap plain words to a width."""

from __future__ import annotations

import textwrap
from typing import Sequence

from rich.text import Text


def split_lines(text: Text) -> list[Text]:
    """``text`` cut at its newlines, blank lines kept; each line no_wrap."""
    lines = list(text.split("\n", allow_blank=True))
    for ln in lines:
        ln.no_wrap = True
    return lines or [Text()]


def wrap(text: str, width: int, style: str = "", indent: str = "") -> list[Text]:
    """Plain ``text`` word-wrapped to ``width`` cells (continuation lines indented)."""
    out: list[Text] = []
    width = max(1, width)
    if len(indent) >= width:
        indent = ""
    for para in text.split("\n"):
        for ln in textwrap.wrap(para, width, subsequent_indent=indent) or [""]:
            out.append(Text(ln, style=style, no_wrap=True))
    return out


def wrap_text(text: Text, width: int, indent: int = 0) -> list[Text]:
    """Styled ``text`` (one line) word-wrapped to ``width`` cells, its styles kept;
    continuation lines start with ``indent`` spaces.

    Bounded for every input: ``width`` below 1 counts as 1, and an ``indent``
    that leaves less than a quarter of the width (at least 1 cell) for text
    is reduced to leave that, so each line takes at least one character and the
    result has at most ``len(text) + 1`` lines. Lines are at most ``width``
    cells where ``width`` >= 1 (a word longer than a line is cut).
    """
    plain = text.plain
    width = max(1, width)
    if len(plain) <= width:
        return [text]
    indent = max(0, min(indent, width - max(1, width // 4)))
    offsets: list[int] = []
    start, limit = 0, width
    while len(plain) - start > limit:
        cut = plain.rfind(" ", start + 1, start + limit + 1)
        if cut <= start:
            cut = start + limit
        offsets.append(cut)
        start = cut + (1 if plain[cut:cut + 1] == " " else 0)
        limit = width - indent
    pieces = text.divide(offsets)
    out: list[Text] = []
    for i, piece in enumerate(pieces):
        if i:
            piece = Text(" " * indent) + (piece[1:] if piece.plain.startswith(" ") else piece)
        piece.no_wrap = True
        out.append(piece)
    return out


def flow(head: Text, items: Sequence[Text], width: int, indent: int = 0, sep: str = " ") -> list[Text]:
    """``head`` followed by ``items`` separated by ``sep``, in lines of at most ``width``
    cells; an item is never split between lines (a list of cards stays readable) unless
    it alone is wider than a line, and continuation lines start with ``indent`` spaces."""
    width = max(1, width)
    lines: list[Text] = []
    line, has = head.copy(), False
    for item in items:
        add = Text(sep) + item if has else item.copy()
        if has and line.cell_len + add.cell_len > width:
            lines.append(line)
            line, has, add = Text(" " * min(indent, width - 1)), False, item.copy()
        if line.cell_len + add.cell_len > width:  # wider than a line on its own
            parts = wrap_text(line + add, width, indent)
            lines += parts[:-1]
            line, has = parts[-1], True
            continue
        line.append_text(add)
        has = True
    lines.append(line)
    for ln in lines:
        ln.no_wrap = True
    return lines
