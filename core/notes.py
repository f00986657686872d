"""Maintainer notes in texts players see.

Docstrings and comments cite the rule sources by tag ("FS 1.1", "AU E2", "R11",
"RECONSTRUCTED"; see each game's RULES.md). A text shown to players (an option's
help taken from a docstring, a log line, an epilogue) must not carry them:
``without_notes`` strips a parenthesised list of tags, ``NOTE`` finds one left.
"""

from __future__ import annotations

import re

#: One source tag: RECONSTRUCTED, R11, FS 1.1, AU E2 / AU A1-A7, S12, PR.
TAG = r"(?:RECONSTRUCTED|R\d+|FS ?\d+(?:\.\d+)*|AU ?[A-Z]\d*(?:-[A-Z]?\d+)?|S\d+|PR)"
#: What a player-facing text must not contain: a tag standing as a word of its own, or any
#: tag opening a bracket ("S1" alone names a Windmill Valley space, "(S12" is a note).
NOTE = re.compile(rf"RECONSTRUCTED|(?<![\w-])(?:R\d+|FS ?\d+(?:\.\d+)*|AU ?[A-Z]\d*)(?![\w-])|\({TAG}")
#: A parenthesised list of tags (and the space before it): "(FS 1.1)", "(PR)", "(AU E1; R2)".
_NOTE_GROUP = re.compile(rf"\s*\({TAG}(?:[,;]? ?{TAG})*\)")


def without_notes(text: str) -> str:
    """``text`` without its parenthesised source tags: "... clock houses (FS 1.1)."
    -> "... clock houses."; other text is left as it is."""
    return _NOTE_GROUP.sub("", text)
