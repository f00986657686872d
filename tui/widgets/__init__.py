"""Shared, game-agnostic board widgets. They take plain data, never game states."""

from tui.widgets.base import Banner, DataWidget, TextBlock, grid
from tui.widgets.board import Board, PagedBoard
from tui.widgets.cards import Card, CardRow, Cards, WrapCards
from tui.widgets.choice import HOTKEYS, RESERVED, Choice, ChoicePicker, assign_hotkeys
from tui.widgets.common import Marker, glyph, seat_letters, seat_style, use_ascii
from tui.widgets.log import Log, LogEntry
from tui.widgets.market import Area, Market, WrapMarket
from tui.widgets.scoresheet import ScoreRow, ScoreSheet
from tui.widgets.storage import Slot, Storage
from tui.widgets.track import Track

__all__ = [
    "Area", "Banner", "Board", "PagedBoard", "DataWidget", "TextBlock", "grid", "Card", "CardRow", "Cards", "Choice", "ChoicePicker", "HOTKEYS", "Log",
    "LogEntry", "Market", "Marker", "RESERVED", "ScoreRow", "ScoreSheet", "Slot", "Storage",
    "Track", "WrapCards", "WrapMarket", "assign_hotkeys", "glyph", "seat_letters", "seat_style", "use_ascii",
]
