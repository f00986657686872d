"""Help: the keys of the screen you came from, then the game's rules for players.

The rules come from the game package's RULES.md, which every game splits the same
way: the part for players first, then a ``## For maintainers`` section (sources,
code, tests, notation) that the help leaves out (``player_rules``).

Escape, ``q`` or ``?`` closes it. ``HelpScreen(None)`` (from the launcher) shows
the keys and the list of games.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Markdown

from tui.chrome import KeyFooter, QuietTitles, TitleHeader

#: Keys every screen understands, for the help page.
GENERAL_KEYS: tuple[tuple[str, str], ...] = (
    ("ctrl+p", "command palette: themes, save, export, help, review, undo/redo"),
    ("?", "this help"),
    ("Escape", "back / cancel"),
    ("q, ctrl+q, ctrl+c", "quit (an open game is autosaved first)"),
)

#: The game screen's keys (see the TUI contract), listed even before a game starts.
GAME_KEYS: tuple[tuple[str, str], ...] = (
    ("1-9, then letters", "pick that choice; a thing on the board keeps its own key in every list (area 5 is 5; "
                          "a Golden Age province or guild, its special action too: the key beside it on the map or "
                          "guild table; a province's auction: that letter in capitals; Take a guild: 6; "
                          "Gift of Tulips: 1 Keep, then Give to each other player, Add face up, Add face down, "
                          "the same keys for both cards), "
                          "done / pass / end turn is 0"),
    ("Up / Down, Enter", "move the highlight, confirm"),
    ("Left / Right", "the board's previous / next panel (when it is folded into panels: the bar above it)"),
    ("PgUp / PgDn", "scroll the board's panel a page up / down (when it is longer than the screen)"),
    ("/", "filter the choices by typing (Enter picks; Escape, or Backspace in the empty box, closes it)"),
    ("u / U", "undo / redo (when the table's undo policy allows)"),
    ("r", "review the game move by move"),
    ("h", "hint: the strong bot's choice and why (on your decision); again: a long hint's next page, else the same hint"),
    ("s", "save to a file"),
    ("Q", "back to the launcher (the game is autosaved first; at a table server, its lobby)"),
)

REVIEW_KEYS: tuple[tuple[str, str], ...] = (
    ("Left / Right", "one decision back / forward"),
    ("Up / Down", "one turn back / forward (a player's turn, as the log numbers them)"),
    ("Home / End", "the set-up / the last decision"),
    ("[ / ]", "the board's previous / next panel (Left / Right step here)"),
    ("m", "all of what the decision changed (the box says \"... N more lines (m)\")"),
    ("c", "continue the game from here (drops later decisions; not in a read-only review)"),
    ("b, Escape", "back to the game"),
)


def rules_path(game_id: str) -> Path | None:
    """The RULES.md of ``game_id``'s package (core/<pkg>/RULES.md), if the game is known."""
    from core import GAMES

    game = GAMES.get(game_id)
    if game is None:
        return None
    module = sys.modules.get(type(game).__module__)
    if module is None or not getattr(module, "__file__", None):
        return None
    return Path(module.__file__).parent / "RULES.md"


#: The heading that starts the maintainers' part of every RULES.md (left out of the help).
MAINTAINER_HEADING = "## For maintainers"


def player_rules(markdown: str) -> str:
    """The players' part of a RULES.md text: everything before the line
    ``## For maintainers`` (the whole text when there is no such line)."""
    lines = markdown.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if line.rstrip() == MAINTAINER_HEADING:
            return "".join(lines[:i]).rstrip() + "\n"
    return markdown


def rules_markdown(game_id: str) -> str:
    """The players' part of the game's RULES.md (``player_rules``), or a sentence
    saying it is missing."""
    path = rules_path(game_id)
    if path is None:
        return f"No rules found for the game {game_id!r}."
    try:
        return player_rules(path.read_text(encoding="utf-8"))
    except OSError:
        return "The rules page is missing from this installation."


def keys_table(title: str, rows: list[tuple[str, str]]) -> str:
    """A Markdown section listing ``rows`` of (keys, what they do)."""
    lines = [f"## {title}", ""]
    lines += [f"- `{k}`  {d}" for k, d in rows]
    return "\n".join(lines) + "\n"


class HelpScreen(QuietTitles, Screen[None]):
    """The keys and the rules of ``game_id`` (None: the general help)."""

    DEFAULT_CSS = """
    #help-scroll { padding: 0 1; }
    """

    BINDINGS = [  # (the footer names a plain key: nothing needs Escape)
        Binding("q", "close", "Close", key_display="q/esc"),
        Binding("escape", "close", "Close", show=False),
        Binding("question_mark", "close", "Close", show=False),
    ]

    def __init__(self, game_id: str | None = None) -> None:
        super().__init__()
        self.game_id = game_id

    def _below(self) -> Any:
        """The screen below (where help was asked for), or None."""
        stack = self.app.screen_stack
        if self in stack:
            i = stack.index(self)
            return stack[i - 1] if i > 0 else None
        return stack[-1] if stack else None

    def _screen_keys(self) -> list[tuple[str, str]]:
        """The visible bindings of the screen below (where help was asked for)."""
        below = self._below()
        if below is None:
            return []
        rows: list[tuple[str, str]] = []
        seen: set[str] = set()
        for key, active in below.active_bindings.items():
            b = active.binding
            if not b.show or b.system or not b.description or b.description in seen:
                continue
            seen.add(b.description)
            # the tooltip says it in full where the footer's word is short ("Continue")
            rows.append((b.key_display or self.app.get_key_display(b), b.tooltip or b.description))
        return rows

    def document(self) -> str:
        """The whole help page as Markdown: keys first, then the rules."""
        return self.keys_document() + "\n" + self.rules_document()

    def keys_document(self) -> str:
        parts = ["# Lowlands help", ""]
        here = self._screen_keys()
        if here:
            parts.append(keys_table("Keys on this screen", here))
        if self.game_id is not None:
            parts.append(keys_table("Keys in a game", list(GAME_KEYS)))
        if getattr(self._below(), "HELP_LISTS_REVIEW", True):  # (not behind the curtain: no review there)
            parts.append(keys_table("Keys in review", list(REVIEW_KEYS)))
        parts.append(keys_table("Keys everywhere", list(GENERAL_KEYS)))
        return "\n".join(parts)

    def rules_document(self) -> str:
        if self.game_id is not None:
            return "---\n\n" + rules_markdown(self.game_id)
        from core import GAMES

        lines = ["## Games", ""]
        lines += [f"- **{g.title}**, {g.min_players}-{g.max_players} players" for g in GAMES.values()]
        return "\n".join(lines) + "\n"

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        with VerticalScroll(id="help-scroll"):
            yield Markdown(self.keys_document(), id="help-keys")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.sub_title = "Help"
        self.query_one("#help-scroll").focus()
        # the rules page is long: show the keys at once, the rules right after
        self.call_after_refresh(self._mount_rules)

    async def _mount_rules(self) -> None:
        await self.query_one("#help-scroll").mount(Markdown(self.rules_document(), id="help-rules"))

    def action_close(self) -> None:
        self.app.pop_screen()
