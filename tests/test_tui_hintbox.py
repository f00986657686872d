"""The choice box at 80x24 (a fresh playtester's two faults): a long hint never
pushes choices out of reach and is read whole a page at a time (``h`` again),
and a choice wraps whole while its box has the rows."""

from __future__ import annotations

from typing import Any

import pytest

from core import get_game
from core.match import Match, Seat
from tests.apphelpers import make_app, settle
from tests.test_bots_tui import wait_for
from tests.test_tui_keyspeed import screen_text


def starting_card_table(dirs) -> tuple[Match, Any, Any]:
    """(match, its screen, the app): ``new windmill-valley --players Anna --seed 42``."""
    from tui.screens import screen_for

    m = Match(get_game("windmill-valley"), [Seat("Anna")], 42)
    screen = screen_for(m, data_dir=dirs[0])
    return m, screen, make_app(dirs, start=lambda: screen)


def box_rows(app: Any, screen: Any) -> list[str]:
    """The picker's rows on the screen, inside its border."""
    region = screen.picker.region
    rows = screen_text(app)[region.y + 1:region.bottom - 1]
    return [row[region.x + 1:region.right - 1] for row in rows]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_long_hint_leaves_every_choice_in_view_and_is_read_whole(dirs, size) -> None:
    m, screen, app = starting_card_table(dirs)
    game = m.game
    moves = m.legal_moves()
    async with app.run_test(size=size) as pilot:
        await settle(pilot, 3)

        async def think(version: int, want_hint: bool):
            # the playtester's longest hint, over time: "(100 searches, past the bot time)"
            return game.notation(moves[0]), (game.notation(moves[1]), -16.0, 0.1, 100, True)

        screen._think = think  # type: ignore[method-assign]
        keys = [c.hotkey for c in screen.picker.choices]
        assert keys == ["3", "5"]
        await pilot.press("h")
        await wait_for(pilot, lambda: bool(screen.picker.hint))
        await settle(pilot, 4)
        hint = screen.picker.hint
        assert hint.endswith("(100 searches, past the bot time).")
        read: list[str] = []
        for page in range(8):
            rows = box_rows(app, screen)
            for key in keys:  # once: 3 on the last row, 5 under the border, no scrollbar
                assert any(row.startswith(f"{key} Starting card {key}") for row in rows), rows
            ol = screen.picker.option_list
            top = ol._index_to_line[ol.highlighted] - ol.scroll_offset.y
            assert 0 <= top < ol.size.height  # the hinted choice in view
            assert ol._options[ol.highlighted].id.endswith("c0")
            start = next(n for n, row in enumerate(rows) if row.strip().endswith("Wish):")) + 1
            end = next(n for n, row in enumerate(rows) if row.startswith("3 "))
            lines = [row.strip() for row in rows[start:end]]
            more = lines[-1] if lines and lines[-1].startswith("h: ") else None
            read += lines[:-1] if more else lines
            if more is None or more.startswith("h: from the start"):
                break
            await pilot.press("h")  # the next page (not a new search)
            await settle(pilot, 2)
        if size == (80, 24):
            assert page > 0  # read a page at a time
        else:
            assert page == 0  # whole at once
        assert " ".join(" ".join(read).split()) == " ".join(hint.split())  # nothing lost
        assert screen.picker.hint == hint


async def test_a_long_choice_wraps_whole_while_its_box_has_rows(dirs) -> None:
    m, screen, app = starting_card_table(dirs)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        rows = box_rows(app, screen)
        text = " ".join(" ".join(rows).split())
        # once: "...neutral moves and stacking…" over three blank rows
        assert "5 Starting card 5: Market: split each area's rewards; neutral moves and stacking free" in text
        assert "\u2026" not in text and "..." not in text
