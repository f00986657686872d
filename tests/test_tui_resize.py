"""A game screen resized while something covers it (a dialog that lets it show
through, or review) is drawn for its new size once it is on top again.

A playtester resized the terminal with the save dialog open over Windmill
Valley (80x24 to 120x40 and back): after Escape the board's texts were wrapped
to some 30 columns, and the board showed another page. The covered screen was
laid out before its Resize set its width's class (the wide side column), the
board drew for that narrower width, and the next layout gave it its real width
without drawing it again (a PagedBoard redrew only when its size class flipped).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from core import get_game
from core.match import Match, Seat
from tui.screens import screen_for

from tests.apphelpers import make_app, settle, shown_text

PAGED_GAMES = ["windmill-valley", "fields-of-arle"]


def early_match(game_id: str) -> Match:
    """Two human seats, a few decisions in (a decision whose widget is scrolled to)."""
    match = Match(get_game(game_id), [Seat("Ann", "human"), Seat("Bob", "human")], seed=3)
    for _ in range(6):
        match.push(match.legal_moves()[0])
    return match


def board_state(screen: Any) -> tuple[Any, ...]:
    """What the board shows: its page, its texts, its body's scroll, the screen's width class."""
    board = screen.board
    body = board.query_one(f"#{board.BODY_ID}")
    return board.page, shown_text(board), body.scroll_y, screen.has_class("-wide")


async def shown_after(dirs: Any, match: Match, size: tuple[int, int], key: str | None,
                      resizes: list[tuple[int, int]]) -> tuple[Any, ...]:
    """The board of ``match`` opened at ``size``, after ``key`` (a screen on top),
    the terminal resized to each of ``resizes`` and Escape."""
    app = make_app(dirs, start=lambda: screen_for(match, data_dir=dirs[0]))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        game_screen = app.screen
        if key is not None:
            await pilot.press(key)
            await settle(pilot)
            assert app.screen is not game_screen
        for new_size in resizes:
            await pilot.resize_terminal(*new_size)
            await settle(pilot)
        if key is not None:
            await pilot.press("escape")
            await settle(pilot)
        assert app.screen is game_screen
        return board_state(game_screen)


@pytest.mark.parametrize("game_id", PAGED_GAMES)
async def test_resize_under_a_dialog_and_back_leaves_the_board_as_it_was(game_id: str, dirs: Any) -> None:
    match = early_match(game_id)
    before = await shown_after(dirs, match, (80, 24), None, [])
    after = await shown_after(dirs, match, (80, 24), "s", [(120, 40), (80, 24)])
    assert after == before


@pytest.mark.parametrize("game_id", PAGED_GAMES)
async def test_a_screen_resized_under_review_is_drawn_for_its_new_width(game_id: str, dirs: Any) -> None:
    match = early_match(game_id)
    opened_wide = await shown_after(dirs, match, (120, 40), None, [])
    grown = await shown_after(dirs, match, (80, 24), "r", [(120, 40)])
    assert grown[3] and grown[:2] == opened_wide[:2]
