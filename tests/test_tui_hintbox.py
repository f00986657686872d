"""The choice box at 80x24 (a fresh playtester's faults): a choice wraps whole
while its box has the rows."""

from __future__ import annotations

from typing import Any

from core import get_game
from core.match import Match, Seat
from tests.apphelpers import make_app, settle
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


async def test_a_long_choice_wraps_whole_while_its_box_has_rows(dirs) -> None:
    m, screen, app = starting_card_table(dirs)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        rows = box_rows(app, screen)
        text = " ".join(" ".join(rows).split())
        # once: "...neutral moves and stacking…" over three blank rows
        assert "5 Starting card 5: Market: split each area's rewards; neutral moves and stacking free" in text
        assert "\u2026" not in text and "..." not in text
