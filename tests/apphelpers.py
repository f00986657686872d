"""Set-ups the Pilot tests share: for the app shell (test_tui_app, test_robust_app,
test_tui_fixes_app) a seeded Gift of Tulips match, the app on the temporary data
and config folders of the ``dirs`` fixture (tests/conftest.py) and ``settle``; for
the game screens and widgets a bare app around one screen (``ScreenApp``) or one
widget (``WidgetApp``), and the text a board shows (``shown_text``)."""

from __future__ import annotations

from typing import Any

from textual.app import App

from core import get_game
from core.bots import choose
from core.match import Match, Seat
from tui.app import LowlandsApp

TULIPS = get_game("gift-of-tulips")


def new_match(names=("Ann", "Bob", "Cy"), seed: int = 11, moves: int = 0) -> Match:
    """A human-seated Gift of Tulips match with ``moves`` seeded random decisions made."""
    m = Match(TULIPS, [Seat(n) for n in names], seed)
    for _ in range(moves):
        m.push(choose(TULIPS, m.state, m.seed * 7 + m.ply))
    return m


def finished_match(seed: int = 5) -> Match:
    """A Gift of Tulips match played to its end by seeded random decisions."""
    m = new_match(seed=seed)
    while not m.is_over():
        m.push(choose(TULIPS, m.state, seed * 7 + m.ply))
    return m


def make_app(dirs: tuple[Any, Any], start=None, **kw) -> LowlandsApp:
    """The app on ``dirs`` = (data folder, config folder), starting at ``start``."""
    data, config = dirs
    return LowlandsApp(data_dir=data, config_dir=config, start=start, **kw)


async def settle(pilot, n: int = 2) -> None:
    """Let the app handle what is pending: ``n`` pauses."""
    for _ in range(n):
        await pilot.pause()


async def wait_for(pilot, cond, rounds: int = 300) -> None:
    """Pause (0.02 s at a time, at most ``rounds`` times) until ``cond()`` is
    true; AssertionError if it never is (a bot or a hint that never answers)."""
    for _ in range(rounds):
        if cond():
            return
        await pilot.pause(0.02)
    raise AssertionError("condition not reached")


class ScreenApp(App):
    """A bare app that pushes one screen (a game screen under test); ``ascii`` as
    LowlandsApp has it."""

    def __init__(self, screen: Any, ascii: bool = False) -> None:
        super().__init__()
        self.ascii = ascii
        self._game_screen = screen

    def on_mount(self) -> None:
        self.push_screen(self._game_screen)


class WidgetApp(App):
    """A bare app that shows one widget; ``ascii`` as LowlandsApp has it."""

    def __init__(self, widget: Any, ascii: bool = False) -> None:
        super().__init__()
        self.widget = widget
        self.ascii = ascii

    def compose(self):
        yield self.widget


def shown_text(board: Any) -> str:
    """Everything ``board``'s line widgets (those with a ``text`` property) show now:
    the widgets of hidden sections left out."""
    out = []
    for w in board.query("*"):
        if hasattr(w, "text") and isinstance(getattr(type(w), "text", None), property):
            if all(a.display for a in w.ancestors_with_self if hasattr(a, "display")):
                out.append(w.text)
    return "\n".join(out)
