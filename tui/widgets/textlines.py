"""Small helpers for line-based widgets (DataWidget.build): split a Text into
lines, wrap plain words to a width."""

from __future__ import annotations

import textwrap

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
    for para in text.split("\n"):
        for ln in textwrap.wrap(para, max(8, width), subsequent_indent=indent) or [""]:
            out.append(Text(ln, style=style, no_wrap=True))
    return out
