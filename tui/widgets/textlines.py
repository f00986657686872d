"""Small helpers for line-based widgets (DataWidget.build): split a Text into
lines, wrap plain words to a width."""

from __future__ import annotations

import textwrap
from typing import Sequence

from rich.cells import cell_len
from rich.text import Text


def split_lines(text: Text) -> list[Text]:
    """``text`` cut at its newlines, blank lines kept; each line no_wrap."""
    lines = list(text.split("\n", allow_blank=True))
    for ln in lines:
        ln.no_wrap = True
    return lines or [Text()]


def _fits(plain: str, cells: list[int] | None, start: int, limit: int) -> int:
    """The end of the longest run of ``plain`` from ``start`` that takes at most
    ``limit`` cells (at least one character); ``cells``: each character's width,
    None when every character takes one cell."""
    if cells is None:
        return min(len(plain), start + max(1, limit))
    end, used = start, 0
    while end < len(plain) and used + cells[end] <= limit:
        used += cells[end]
        end += 1
    return max(end, start + 1) if start < len(plain) else start


def _cell_widths(plain: str) -> list[int] | None:
    """Each character's cells, or None when all take one (the fast, usual case)."""
    if plain.isascii() or cell_len(plain) == len(plain) and all(cell_len(c) == 1 for c in plain):
        return None
    return [cell_len(c) for c in plain]


def _wrap_plain(para: str, width: int, indent: str) -> list[str]:
    """``para`` word-wrapped to ``width`` cells, as ``textwrap.wrap`` does for
    text of one cell per character (a wide character, e.g. an emoji or CJK,
    takes two)."""
    cells = _cell_widths(para)
    if cells is None:
        return textwrap.wrap(para, width, subsequent_indent=indent)
    words = para.split()
    lines: list[str] = []
    line = ""
    for word in words:
        room = width - cell_len(indent if lines else "")
        join = f"{line} {word}" if line else word
        if cell_len(join) <= room:
            line = join
            continue
        if line:
            lines.append(line)
            room = width - cell_len(indent)
        while cell_len(word) > room:  # a word wider than a line is cut
            wc = [cell_len(c) for c in word]
            end = _fits(word, wc, 0, room)
            lines.append(word[:end])
            word = word[end:]
            room = width - cell_len(indent)
        line = word
    if line or not lines:
        lines.append(line)
    return [(indent + ln if i else ln) for i, ln in enumerate(lines)] if words else []


def wrap_plain(text: str, width: int, indent: str = "") -> list[str]:
    """One paragraph of plain ``text`` word-wrapped to ``width`` cells (a wide
    character counts two), as strings: ``textwrap.wrap`` by cell width, its
    leading spaces kept, continuation lines starting with ``indent`` (dropped
    where it would leave no room)."""
    width = max(1, width)
    return _wrap_plain(text, width, indent if cell_len(indent) < width else "")


def wrap(text: str, width: int, style: str = "", indent: str = "") -> list[Text]:
    """Plain ``text`` word-wrapped to ``width`` cells (continuation lines
    indented); a wide character (an emoji, CJK) counts two cells."""
    out: list[Text] = []
    width = max(1, width)
    if cell_len(indent) >= width:
        indent = ""
    for para in text.split("\n"):
        for ln in _wrap_plain(para, width, indent) or [""]:
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
    cells = _cell_widths(plain)
    if (len(plain) if cells is None else sum(cells)) <= width:
        return [text]
    indent = max(0, min(indent, width - max(1, width // 4)))
    offsets: list[int] = []
    start, limit = 0, width
    while (end := _fits(plain, cells, start, limit)) < len(plain):
        cut = plain.rfind(" ", start + 1, end + 1)
        if cut <= start:
            cut = end
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
