"""Windmill Valley's game screen (WindmillValleyScreen): the board (``board.py``)
beside the choices, worded by ``labels.py``; Left/Right change the board's page,
PgUp/PgDn scroll it (``PagedGameScreen``). A calendar advance (and every other
announcement the engine makes) is shown as a notification (taken down if that
decision is undone: ``GameScreen.notify_move``) and in the board's banner, never silently; a step the game took by itself (the wheels turned with 0
tools, a forced floodgate) comes first there, marked "Automatic:", so the next
key is not pressed for a prompt that is already gone.
"""

from __future__ import annotations

from tui.screens.game import PagedGameScreen
from tui.windmill_valley.board import WindmillValleyBoard
from tui.windmill_valley.labels import WindmillValleyLabels


class WindmillValleyScreen(WindmillValleyLabels, PagedGameScreen):
    """The Windmill Valley game screen: the board above, choices worded with what
    they cost and bring, calendar advances announced."""

    DEFAULT_CSS = """
    WindmillValleyScreen #side {
        width: 32;
    }
    WindmillValleyScreen.-wide #side {
        width: 48;
    }
    """

    @property
    def wv_board(self) -> WindmillValleyBoard:
        return self.board  # type: ignore[return-value]

    def announce(self, lines: list[str]) -> None:
        """The banner, and a notification of each calendar, end, Wish or game-over line."""
        super().announce(lines)
        for line in lines:
            if "calendar" in line or "end" in line or "Wish" in line or "over" in line:
                self.notify_move(line, title="Calendar" if "calendar" in line else "Windmill Valley",
                                 severity="warning", timeout=6)
