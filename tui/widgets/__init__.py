"""Shared, game-agnostic board widgets. They take plain data, never game states.

The names below are imported from their modules when first used
(``from tui.widgets import Track``), so importing one widget module
(``tui.widgets.board``) does not import every other widget.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

#: name -> the module under tui.widgets that defines it
_HOME = {
    "Banner": "base", "DataWidget": "base", "TextBlock": "base", "grid": "base",
    "Board": "board", "PagedBoard": "board",
    "Card": "cards", "CardRow": "cards", "Cards": "cards", "WrapCards": "cards",
    "HOTKEYS": "choice", "RESERVED": "choice", "Choice": "choice", "ChoicePicker": "choice",
    "assign_hotkeys": "choice",
    "Marker": "common", "glyph": "common", "seat_letters": "common", "seat_style": "common",
    "use_ascii": "common",
    "Log": "log", "LogEntry": "log",
    "Area": "market", "Market": "market", "WrapMarket": "market",
    "ScoreRow": "scoresheet", "ScoreSheet": "scoresheet",
    "Slot": "storage", "Storage": "storage",
    "Track": "track",
}

__all__ = sorted(_HOME)


def __getattr__(name: str) -> Any:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module 'tui.widgets' has no attribute {name!r}")
    value = getattr(import_module(f"tui.widgets.{module}"), name)
    globals()[name] = value
    return value
