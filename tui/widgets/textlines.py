"""Small helpers for line-based widgets (DataWidget.build): split a Text into
lines, wrap plain words to a width."""

from __future__ import annotations

import os
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


def fit_path(path: str, cells: int, dots: str = "…") -> str:
    """``path`` shown in at most ``cells`` cells with its file name whole: as
    it is when it fits; else the start of its folder part gives way, whole
    folders at a time, to ``dots`` ("/tmp/x/records/a.txt" ->
    "…/records/a.txt", then "…/a.txt"); a name wider than that alone is
    returned as it is (longer than ``cells``: the caller wraps it). Folders
    are separated by "/" (``os.sep`` too)."""
    if cell_len(path) <= cells:
        return path
    plain = path.replace(os.sep, "/")
    if "/" not in plain:
        return path
    head, name = plain.rsplit("/", 1)
    folders = head.split("/")
    for k in range(1, len(folders) + 1):
        shown = dots + "/" + "/".join(folders[k:] + [name])
        if cell_len(shown) <= cells:
            return shown
    return name


#: where a file name may be broken over lines: after these, or before a "."
_NAME_BREAKS = "-_ "


def path_lines(path: str, cells: int, dots: str = "…") -> list[str]:
    """``path`` as lines of at most ``cells`` cells, for a box too narrow for
    it (a toast): one line when ``fit_path`` fits it there; else its folder
    (``fit_path`` of the folder, ending in "/") on a line of its own, then the
    file name, whole on its line if it fits, else broken before a "." or
    after a "-", "_" or space (only where it has none, at ``cells``).
    Returns the lines (str), at least one."""
    plain = path.replace(os.sep, "/")
    head, name = plain.rsplit("/", 1) if "/" in plain else ("", plain)
    shown = fit_path(path, cells, dots)
    if cell_len(shown) <= cells and (shown != name or "/" not in plain):  # (not the name alone)
        return [shown]
    lines = []
    if head or plain.startswith("/"):
        folder = fit_path(head + "/x", cells + 1, dots)[:-1]  # (the folder as fit_path shows it, "/" last)
        lines.append(folder if cell_len(folder) <= cells else dots + "/")
    rest = name
    while cell_len(rest) > cells:
        cut = max(1, cells)
        for i in range(min(len(rest) - 1, cells), 0, -1):
            if (rest[i - 1] in _NAME_BREAKS or rest[i] == ".") and cell_len(rest[:i]) <= cells:
                cut = i
                break
        else:
            while cut > 1 and cell_len(rest[:cut]) > cells:
                cut -= 1
        lines.append(rest[:cut].rstrip(" "))
        rest = rest[cut:]
    return lines + [rest]
