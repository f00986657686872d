"""Board: the base class of the per-game boards, and the generic board.

``show(game, state, viewer=..., seats=..., targets=...)`` redraws the board for
one state: the game screen calls it after every decision and cursor move, the
review screen with ``match.state_at(cursor)`` and ``viewer=None``. Subclasses
(one per game) compose the shared widgets in ``compose`` and update them in
``show``; they must not remount widgets there (keys stay fast).
"""

from __future__ import annotations

from typing import Any, Sequence

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.widget import Widget
from textual.widgets import Static

from tui.widgets.common import seat_letters, seat_style


class Board(Widget):
    """The generic board: public tallies per seat and the pending decision.

    Works for every game through the Game protocol alone, so a game without its
    own board is still playable and reviewable.
    """

    DEFAULT_CSS = """
    Board {
        height: auto;
    }
    Board > .board-generic {
        height: auto;
        padding: 0 1;
    }
    """

    def compose(self) -> ComposeResult:
        yield Static(classes="board-generic", id="board-generic")

    # -- panels: a board with more to show than fits folds it into pages -------------------
    @property
    def has_panels(self) -> bool:
        """True when the board shows one of several panels now (the screen then offers
        keys to switch: Left/Right in a game, ``[``/``]`` in review)."""
        return False

    def switch_panel(self, delta: int) -> None:
        """Show the previous (-1) or next (+1) panel; nothing for a board without panels."""

    def panel_keys(self) -> str:
        """The keys that switch panels on the screen this board is on, for its page bar:
        the screen's ``PANEL_KEYS`` ("←→" in a game, "[ ]" in review)."""
        try:
            keys = getattr(self.screen, "PANEL_KEYS", "")
        except Exception:  # noqa: BLE001  (not on a screen yet)
            return ""
        from tui.widgets.common import use_ascii

        return keys.replace("←→", "<-/->") if use_ascii(self) else keys

    def show(self, game: Any, state: Any, *, viewer: int | None, seats: list[str],
             targets: Sequence[Any] = ()) -> None:
        """Redraw for ``state`` as seen by ``viewer`` (None: public view).

        Args:
            game: the Game object.
            state: the state to draw (the caller passes ``game.view(state, viewer)``
                or the full state; boards draw only what they are given).
            viewer: the seat whose private information may be shown, or None.
            seats: the player names in seat order.
            targets: legal moves to highlight (the one under the picker's cursor).
        """
        letters = seat_letters(seats)
        tallies = game.tallies(state)
        seat = game.to_move(state)
        table = Table(box=None, padding=(0, 1), show_edge=False)
        table.add_column("")
        table.add_column("Player")
        keys: list[str] = []
        for t in tallies:
            for k in t:
                if k not in keys:
                    keys.append(k)
        for k in keys:
            table.add_column(k, justify="right")
        for i, t in enumerate(tallies):
            mark = ">" if i == seat else " "
            table.add_row(Text(f"{mark}{letters[i]}", style=seat_style(i)), seats[i],
                          *[f"{t.get(k, 0):g}" for k in keys])
        head = Text()
        if game.is_over(state):
            head.append("The game is over.", style="bold")
        elif seat is not None:
            head.append(f"{seats[seat]} to choose", style="bold")
            head.append(f" ({len(game.legal_moves(state))} choices)" if viewer is None or viewer == seat else "")
        if targets:
            head.append("\nUnder the cursor: " + ", ".join(game.notation(m) for m in targets), style="dim")
        self.query_one("#board-generic", Static).update(Group(head, table))
