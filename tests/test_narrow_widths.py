"""Issue 10 item 1: no widget loops or allocates without bound at any width.

``wrap_text`` (tui/widgets/textlines.py) once looped forever when a continuation
indent was as wide as the line (Windmill Valley's Wheels panel at <= 47 columns).
Here every line widget of every game screen (every panel, shown or folded away)
is built directly at each width 1..80 from a mid-game position, under a watchdog
alarm, and the real app is resized down to 1x1 and back a few times.
"""

from __future__ import annotations

import random
import signal
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.text import Text

from core import GAMES
from core.match import Match, Seat
from tui.screens import screen_for
from tui.widgets.base import DataWidget
from tui.widgets.textlines import wrap, wrap_text

from tests.apphelpers import ScreenApp

#: games that have a screen (every registered game; Fields of Arle once it exists)
GAME_IDS = sorted(GAMES)
#: the most lines a widget may draw at any width (a bound, not a layout goal)
MAX_LINES = 20_000


@contextmanager
def watchdog(seconds: int, what: str) -> Iterator[None]:
    """Raise TimeoutError if the block runs longer than ``seconds`` (SIGALRM)."""

    def fire(_sig: int, _frame: Any) -> None:
        raise TimeoutError(f"{what} ran longer than {seconds} s (a loop without bound?)")

    old = signal.signal(signal.SIGALRM, fire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@given(text=st.text(alphabet=st.sampled_from("ab  c-"), max_size=120),
       width=st.integers(-3, 90), indent=st.integers(0, 100))
@settings(max_examples=300, deadline=None)
def test_wrap_text_is_bounded_at_every_width(text: str, width: int, indent: int) -> None:
    with watchdog(5, "wrap_text"):
        lines = wrap_text(Text(text, style="bold"), width, indent)
    assert len(lines) <= len(text) + 1
    if width >= 1:
        assert all(ln.cell_len <= width for ln in lines)
    # nothing but the spaces at the cuts is lost
    assert "".join(ln.plain for ln in lines).replace(" ", "") == text.replace(" ", "")


def test_wrap_text_indent_as_wide_as_the_line() -> None:
    """The case that hung: an indent of 8 at a width clamped to 8."""
    with watchdog(5, "wrap_text"):
        lines = wrap_text(Text("Wheels: a long enough line of helper text"), 5, 8)
    assert all(ln.cell_len <= 5 for ln in lines) and len(lines) > 1


@pytest.mark.parametrize("width", [-1, 0, 1, 2, 7])
def test_wrap_is_sane_at_tiny_widths(width: int) -> None:
    with watchdog(5, "wrap"):
        lines = wrap("one two three", width, indent="    ")
    assert lines and "".join(ln.plain for ln in lines).replace(" ", "") == "onetwothree"


def mid_game(game_id: str, decisions: int = 40, seed: int = 7) -> Match:
    game = GAMES[game_id]
    names = ["Ann", "Bob", "Cy", "Dee"][:max(game.min_players, min(3, game.max_players))]
    match = Match(game, [Seat(n, "human") for n in names], seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        if match.is_over():
            break
        match.push(rng.choice(match.legal_moves()))
    return match


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_every_panel_builds_at_widths_1_to_80(game_id: str, tmp_path: Path) -> None:
    screen = screen_for(mid_game(game_id), data_dir=tmp_path)
    app = ScreenApp(screen)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        widgets = list(screen.query(DataWidget))
        assert widgets, "the screen has line widgets"
        with watchdog(60, f"{game_id} widgets at widths 1..80"):
            for widget in widgets:
                if type(widget).build is DataWidget.build:
                    continue  # draws with its own render()
                for width in range(1, 81):
                    lines = widget.build(width)
                    assert len(lines) < MAX_LINES, (widget, width)
        # the real app, shrunk to nothing and back (the too-small notice covers it)
        with watchdog(60, f"{game_id} resizes"):
            for size in [(47, 12), (40, 12), (1, 1), (5, 3), (20, 24), (79, 23), (80, 24)]:
                await pilot.resize_terminal(*size)
                await pilot.pause()
            # every page of a folding board at a narrow width too
            for _ in range(6):
                await pilot.resize_terminal(80, 24)
                await pilot.press("right")
                await pilot.resize_terminal(30, 10)
                await pilot.pause()
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
        assert app.screen is screen  # the notice is gone, the game is back


def test_page_bar_leaves_its_last_column_blank_and_drops_the_hint_whole() -> None:
    """Playtest (--ascii, 80x24): Windmill Valley's "A Ann  B Bob   <-" ran into
    the picker's border. The bar keeps its last column blank and leaves out
    the key hint whole (never a cut "<-") when the names need the room."""
    from tui.widgets.pages import PageBar

    bar = PageBar(hint="  <-/->")
    bar._data = (("Wheels", "Tracks", "Map", "Market", "A Ann", "B Bob"), 3)
    seen_without = seen_with = False
    for width in range(2, 81):
        line = bar.build(width)[0].plain
        assert len(line) <= width - 1 or width == 1, (width, line)
        if "<-/->" in line:
            seen_with = True
        else:
            assert "<" not in line, (width, line)
            seen_without = True
    assert seen_with and seen_without
