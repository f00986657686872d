"""Fields of Arle's game screen (FieldsOfArleScreen): the board (``board.py``)
beside the choices, worded by ``labels.py``; Left/Right change the board's page,
PgUp/PgDn scroll it (``PagedGameScreen``). What a decision caused by itself (an
inventory's steps, animals that do not fit, a new half-year) is shown in the
board's banner until the next decision, and a new half-year also as a
notification (taken down if that decision is undone: ``GameScreen.notify_move``).
"""

from __future__ import annotations

from tui.fields_of_arle.board import FieldsOfArleBoard
from tui.fields_of_arle.labels import FieldsOfArleLabels
from tui.screens.game import PagedGameScreen


class FieldsOfArleScreen(FieldsOfArleLabels, PagedGameScreen):
    """The Fields of Arle game screen: the board above, choices worded with their costs."""

    @property
    def fa_board(self) -> FieldsOfArleBoard:
        return self.board  # type: ignore[return-value]

    def announce(self, lines: list[str]) -> None:
        """The banner lists the inventory's steps; a new half-year also pops up."""
        super().announce(lines)
        for line in lines:
            if line.startswith("Half-year"):
                self.notify_move(line, title="Fields of Arle", timeout=3)
