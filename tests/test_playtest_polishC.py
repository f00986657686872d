"""Faults a fresh playtester found (polishC): the game-over screen's buttons below
the bottom of an 80x24 terminal, toasts over the choices and outliving an undone
move, no plain key from a table back to the launcher, a launcher that says "No
unfinished games" under a damaged autosave, and Up on its first entry wrapping
round to Quit."""

from __future__ import annotations

from typing import Any

import pytest

from core import get_game
from core.bots import choose
from core.match import Match, Seat
from tests.apphelpers import make_app, settle

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")


def _finished(game_id: str, players: int, seed: int = 3) -> Match:
    """A human-seated ``game_id`` match of ``players`` played to its end by seeded random decisions."""
    game = get_game(game_id)
    m = Match(game, [Seat(n) for n in NAMES[:players]], seed)
    while not m.is_over():
        m.push(choose(game, m.state, seed * 7 + m.ply))
    return m


def _rows(app: Any) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


# -- 1. the game-over screen at 80x24: buttons, the whole score table, the end-of-game lines ----
# (the most a game puts on it: six players of Gift of Tulips have 12 end-of-game lines)
@pytest.mark.parametrize("game_id, players", [("gift-of-tulips", 6), ("golden-age", 4),
                                               ("windmill-valley", 1), ("fields-of-arle", 1)])
async def test_the_whole_game_over_screen_shows_at_80x24(dirs: Any, game_id: str, players: int) -> None:
    """Once, at 80x24, six players' festival lines pushed the score table's last
    rows and every button below the bottom of the screen: now the title, the
    winners, every row of the table and the buttons show, and the end-of-game
    lines scroll in what is left (PgDn, named in the footer while they do)."""
    from textual.containers import VerticalScroll
    from textual.widgets import Button, DataTable

    from tui.chrome import KeyFooter
    from tui.screens.game_over import GameOverScreen, epilogue_lines, winners_text

    m = _finished(game_id, players)
    lines = epilogue_lines(m)
    app = make_app(dirs, start=lambda: GameOverScreen(m))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 4)
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        footer = screen.query_one(KeyFooter).region
        for button in screen.query(Button):
            assert button.region.height and button.region.bottom <= footer.y, (button.label, button.region)
        table = screen.query_one("#score-table", DataTable)
        assert table.region.bottom <= footer.y and table.max_scroll_y == 0  # every row in view
        shown = "\n".join(_rows(app))
        assert winners_text(m) in shown and "Total" in shown and "Quit (q)" in shown, shown
        if not lines:
            return
        box = screen.query_one("#epilogue-box", VerticalScroll)
        assert lines[0] in shown
        more = any(k.display == "PgDn" for k in screen.query_one(KeyFooter).keys)
        assert more == (box.max_scroll_y > 0)  # the footer offers PgDn only when there is more
        if game_id == "gift-of-tulips":  # (12 lines: more than fit)
            assert more and lines[-1] not in shown and "Tie-break" in shown
        for _ in range(len(lines)):
            await pilot.press("pagedown")
        await settle(pilot)
        end = " ".join(lines[-1].split()[-2:])  # (a long line wraps: its last words)
        assert box.scroll_y == box.max_scroll_y and end in "\n".join(_rows(app))  # reached by keys
        assert isinstance(app.screen, GameOverScreen)


async def test_the_end_of_game_lines_get_their_rows_back_when_the_terminal_grows(dirs: Any) -> None:
    from textual.containers import VerticalScroll

    from tui.screens.game_over import GameOverScreen, epilogue_lines

    m = _finished("gift-of-tulips", 6)
    lines = epilogue_lines(m)
    app = make_app(dirs, start=lambda: GameOverScreen(m))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 4)
        box = app.screen.query_one("#epilogue-box", VerticalScroll)
        assert box.max_scroll_y > 0
        await pilot.resize_terminal(120, 40)
        await settle(pilot, 6)
        shown = "\n".join(_rows(app))
        assert all(line in shown for line in lines) and box.max_scroll_y == 0
        await pilot.resize_terminal(80, 24)
        await settle(pilot, 6)
        assert "Quit (q)" in "\n".join(_rows(app)) and box.max_scroll_y > 0
