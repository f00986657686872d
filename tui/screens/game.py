"""GameScreen: plays one Match: the board, the choice picker, the log.

The contract (notes/TUI_CONTRACT.md): ``GameScreen(match, *, data_dir, curtain)``
composes Header, the game's board (``tui.boards.board_for``), the ChoicePicker
and the Log, and Footer. Every decision, undo and redo is autosaved
(``saves.autosave``, after the repaint, in a background thread:
``tui.autosaver``; quitting waits for it). Bot seats play on their own after a short visible pause
(a timer; the bot's choice is computed in a thread so the screen stays live).
Keys: the picker's hotkeys (1-9, letters), arrows + Enter, ``/`` filter,
``u`` undo, ``U`` redo (shown only when possible), ``r`` review, ``s`` save,
``?`` help, ``q`` autosave and quit; once the game is over (the final
board) ``g``, Enter or Escape go back to the score sheet. With ``curtain=True`` in a game with
private information, a hand-over curtain hides the board whenever the deciding
human changes, until that player presses Enter.

Per-game screens subclass GameScreen and override the small text hooks
(``choice_label``, ``prompt_text``, ``decision_text``, ``final_log``).
"""

from __future__ import annotations

import asyncio
from datetime import datetime
from pathlib import Path
from typing import Any, Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import Static

from tui.chrome import KeyFooter, TitleHeader
from tui.boards import board_for
from tui.widgets.board import Board
from tui.widgets.choice import Choice, ChoicePicker
from tui.widgets.common import seat_letters, seat_style
from tui.widgets.log import Log, LogEntry


class CurtainScreen(ModalScreen[None]):
    """The hand-over curtain: hides everything until ``name`` presses Enter."""

    DEFAULT_CSS = """
    CurtainScreen {
        align: center middle;
        background: $background;
    }
    CurtainScreen > #curtain {
        width: 60;
        max-width: 100%;
        height: auto;
        border: thick $primary;
        padding: 1 2;
        content-align: center middle;
        text-align: center;
    }
    """

    BINDINGS = [Binding("enter", "open", "I am ready", priority=True)]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        yield KeyFooter()
        yield Static(
            f"Hand over to {self.player}.\n\nEveryone else, please look away.\n\n"
            f"{self.player}, press Enter to see your cards.",
            id="curtain",
        )

    def on_mount(self) -> None:
        self.sub_title = f"Hand over to {self.player}"

    def action_open(self) -> None:
        self.dismiss(None)


class GameScreen(Screen[None]):
    """Play ``match`` at this keyboard.

    Args:
        match: the Match to play (it is changed in place by decisions/undo).
        data_dir: the data folder; autosaves go where ``saves.autosave`` puts them.
        curtain: show the hand-over curtain between human players when the game
            has private information.
        bot_delay: seconds a bot waits before deciding (so humans can follow).
    """

    BOT_DELAY = 0.3
    #: Seconds after the deciding human changes during which pick keys are
    #: ignored, so a held key cannot play the next player's turn (key repeats
    #: within one player's turn are not held back).
    SEAT_GUARD = 0.4

    DEFAULT_CSS = """
    GameScreen #game-body {
        height: 1fr;
    }
    GameScreen #board-box {
        width: 1fr;
        height: 1fr;
        padding: 0 0 0 1;
        scrollbar-size-vertical: 1;
    }
    GameScreen #side {
        width: 34;
        height: 1fr;
    }
    GameScreen.-wide #side {
        width: 50;
    }
    GameScreen #picker {
        border: round $primary;
        border-title-style: bold;
        height: auto;
        max-height: 70%;
    }
    GameScreen #picker OptionList {
        border: none;
        padding: 0 1 0 0;
        background: transparent;
    }
    GameScreen #log {
        border: round $panel-lighten-2;
        height: 1fr;
        min-height: 4;
    }
    """

    BINDINGS = [
        Binding("enter", "pick", "Pick", tooltip="Pick the highlighted choice"),
        # once the game is over (the final board): back to the score sheet
        Binding("g", "scores", "Scores", tooltip="Back to the final scores"),
        Binding("enter,escape", "scores", "Scores", show=False),
        Binding("u", "undo", "Undo"),
        Binding("U,shift+u", "redo", "Redo", key_display="U"),
        Binding("r", "review", "Review"),
        Binding("s", "save", "Save"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("q", "quit_game", "Quit"),
    ]

    def __init__(self, match: Any, *, data_dir: Path | str, curtain: bool = False,
                 bot_delay: float | None = None, seat_guard: float | None = None) -> None:
        super().__init__()
        self.match = match
        self.game = match.game
        self.data_dir = Path(data_dir)
        self.curtain = curtain
        self.bot_delay = self.BOT_DELAY if bot_delay is None else bot_delay
        self.seat_guard = self.SEAT_GUARD if seat_guard is None else seat_guard
        self._last_human: int | None = None  # the human whose choices were shown last
        self._guard_timer: Timer | None = None
        self._shown_history: tuple[int, Any] | None = None  # (moves, last move) when last drawn
        self.names = [s.name for s in match.seats]
        self.letters = seat_letters(self.names)
        self.board: Board = board_for(self.game.id)(id="board")
        self._moves: list[Any] = []  # the legal moves shown in the picker
        self._version = 0  # changes whenever the match changes
        self._bot_timer: Timer | None = None
        self._bot_busy = False
        self._over_shown = False
        self._curtain_seat: int | None = None
        self._curtain_up = False
        self._viewer: int | None = self._default_viewer()
        self._log_moves: list[Any] = []
        self._log_entries: list[LogEntry] = []
        self._log_turns: list[tuple[int, int]] = []  # (game.turn(before), turn number) per entry
        self._autosave_failed = False
        self._keys_state: tuple[bool, ...] = ()
        self._board_key: Any = None
        self.last_autosave: Path | None = None
        self._pending_save: Any = None  # the Future of the last background autosave

    # -- compose ---------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield TitleHeader()
        with Horizontal(id="game-body"):
            with VerticalScroll(id="board-box", can_focus=False):
                yield self.board
            with Vertical(id="side"):
                yield ChoicePicker(id="picker")
                yield Log(id="log")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.title = self.game.title
        self._apply_width(self.app.size.width)
        self.refresh_view()
        if not self.match.is_over():
            self.picker.focus_list()

    def on_resize(self, event: Any) -> None:
        self._apply_width(event.size.width)

    def _apply_width(self, width: int) -> None:
        self.set_class(width >= 110, "-wide")

    def on_screen_resume(self) -> None:
        # Review may have continued from an earlier point; redraw everything.
        if self.is_mounted:
            if self._history_key() != self._shown_history:
                self.history_changed()
            self.refresh_view()
            focused = self.focused
            if self.match.is_over():
                self._unfocus_picker()
                self.call_after_refresh(self._unfocus_picker)  # after Textual restores the focus
            elif focused is None or focused not in self.focus_chain:
                self.picker.focus_list()

    def _unfocus_picker(self) -> None:
        """The game is over and the picker hidden: take the focus out of it (its
        list or filter would eat Enter and Escape, the keys back to the scores)."""
        focused = self.focused
        if focused is not None and self.picker in focused.ancestors_with_self:
            self.set_focus(None)

    def _history_key(self) -> tuple[int, Any]:
        moves = self.match.moves
        return (len(moves), moves[-1] if moves else None)

    def history_changed(self) -> None:
        """Hook: the match's moves were changed while another screen was on top
        (review -> continue from an earlier decision). Per-game screens drop what
        they show about the last decision played here (announcement banners)."""

    @property
    def picker(self) -> ChoicePicker:
        return self.query_one("#picker", ChoicePicker)

    @property
    def log_widget(self) -> Log:
        return self.query_one("#log", Log)

    # -- hooks for per-game screens --------------------------------------------------
    def choice_label(self, state: Any, move: Any) -> str:
        """The picker's text for ``move`` (default: its description without the name)."""
        try:
            text = self.game.describe(state, move)
        except Exception:  # noqa: BLE001 - a describe bug must not stop play
            return self.game.notation(move)
        name = self.names[self.game.to_move(state)] if self.game.to_move(state) is not None else ""
        if name and text.startswith(name + " "):
            text = text[len(name) + 1 :]
            text = text[:1].upper() + text[1:]
        return text

    def choice_group(self, move: Any) -> str:
        """The group heading of ``move`` in long lists: its notation's first word."""
        return self.game.notation(move).split(" ", 1)[0]

    def prompt_text(self, state: Any, seat: int) -> str:
        """The line above the choices."""
        return f"{self.names[seat]}, choose:"

    def decision_text(self, state: Any, seat: int | None) -> str:
        """The header's sub-title: whose decision it is."""
        if seat is None:
            return "Game over"
        if self.match.is_bot(seat):
            return f"{self.names[seat]} (computer) is choosing..."
        return f"{self.names[seat]} to choose"

    def final_log(self, state: Any) -> list[str]:
        """Extra log lines once the game is over: the game's own epilogue (what
        was turned up, the final awards; ``Game.epilogue``). Screens may add to it."""
        return list(self.game.epilogue(state))

    # -- drawing -----------------------------------------------------------------
    def _default_viewer(self) -> int | None:
        humans = [i for i, s in enumerate(self.match.seats) if s.kind != "bot"]
        return humans[0] if len(humans) == 1 else None

    def _viewer_for(self, seat: int | None) -> int | None:
        """Whose private information the board shows: the human to move, else
        the last human who looked (the one at the keyboard)."""
        if seat is not None and not self.match.is_bot(seat):
            self._viewer = seat
        if self.match.is_over():
            return None
        return self._viewer

    def refresh_view(self) -> None:
        """Redraw after the match changed: header, board, picker, log, keys;
        then curtain, bots and game over as needed."""
        self._version += 1
        m = self.match
        state = m.state
        seat = m.to_move()
        self.sub_title = self.decision_text(state, seat)
        viewer = self._viewer_for(seat)
        if seat is not None and not m.is_bot(seat):
            self._moves = list(m.legal_moves())
            choices = [Choice("", self.choice_label(state, mv), self.choice_group(mv)) for mv in self._moves]
            prompt = self.prompt_text(state, seat)
        else:
            self._moves = []
            choices = []
            prompt = "The game is over." if seat is None else f"{self.names[seat]} (computer) is thinking..."
        self._draw_board(targets=[self._moves[0]] if self._moves else [])
        self.picker.set_choices(choices, prompt)
        self.picker.display = seat is not None  # over: the log takes the room
        if seat is None:
            self._unfocus_picker()
        self.picker.border_title = self._picker_title(seat)
        self.picker.border_subtitle = self._picker_keys(len(choices))
        self._update_log()
        keys = (self.match.can_undo(), self.match.can_redo(), bool(self._moves), self._bot_busy,
                self.match.is_over())
        if keys != self._keys_state:  # the Footer is rebuilt only when a key comes or goes
            self._keys_state = keys
            self.refresh_bindings()
        self._check_curtain(seat)
        self._schedule_bot()
        self._check_over()
        del viewer

    def _guard_seat_change(self, seat: int) -> None:
        """The deciding human changed: hold picks for ``seat_guard`` seconds and
        say whose turn it is in the header."""
        if self.seat_guard <= 0:
            return
        self.picker.hold(self.seat_guard)
        self.sub_title = f"{self.names[seat]}'s turn"
        if self._guard_timer is not None:
            self._guard_timer.stop()
        version = self._version

        def over() -> None:
            self._guard_timer = None
            if version == self._version:
                self.sub_title = self.decision_text(self.match.state, self.match.to_move())

        self._guard_timer = self.set_timer(self.seat_guard, over)

    def _picker_keys(self, n: int) -> str:
        if n == 0:
            return ""
        keys = [c.hotkey for c in self.picker.choices if c.hotkey]
        span = keys[0] if len(keys) == 1 else f"{keys[0]}-{keys[-1]}" if keys else ""
        return f"{span} or Enter" + (", / filter" if n > 5 else "")

    def _picker_title(self, seat: int | None) -> str:
        if seat is None:
            return "Game over"
        return f"{self.letters[seat]} {self.names[seat]}"

    def _draw_board(self, targets: Sequence[Any] = (), *, force: bool = True) -> None:
        key = (self._version, tuple(targets))
        if not force and key == self._board_key:
            return  # the same state and cursor: nothing to redraw
        self._board_key = key
        m = self.match
        viewer = self._viewer_for(m.to_move())
        shown = self.game.view(m.state, viewer)
        self.board.show(self.game, shown, viewer=viewer, seats=self.names, targets=targets)

    def _update_log(self) -> None:
        m = self.match
        # drop cached entries that no longer match the match's moves (undo, continue)
        keep = 0
        limit = min(len(self._log_moves), len(m.moves))
        while keep < limit and self._log_moves[keep] == m.moves[keep]:
            keep += 1
        del self._log_moves[keep:]
        del self._log_entries[keep:]
        del self._log_turns[keep:]
        for i in range(keep, len(m.moves)):
            before = m.state_at(i)
            move = m.moves[i]
            try:
                text = self.game.describe(before, move)
            except Exception:  # noqa: BLE001
                text = self.game.notation(move)
            t = self.game.turn(before)
            if not self._log_turns:
                number = 1
            else:
                prev_t, prev_n = self._log_turns[-1]
                number = prev_n + (t != prev_t)
            seat = m.movers[i]
            self._log_moves.append(move)
            self._log_turns.append((t, number))
            self._log_entries.append(LogEntry(number, text, self.letters[seat], seat_style(seat)))
        entries = list(self._log_entries)
        if m.is_over():
            last = self._log_turns[-1][1] if self._log_turns else 1
            entries += [LogEntry(last, line) for line in self.final_log(m.state)]
        self.log_widget.set_entries(entries)

    # -- picking ---------------------------------------------------------------------
    @on(ChoicePicker.Highlighted, "#picker")
    def _highlighted(self, event: ChoicePicker.Highlighted) -> None:
        event.stop()
        if event.generation != self.picker.generation or event.index is None:
            return
        if 0 <= event.index < len(self._moves):
            self._draw_board(targets=[self._moves[event.index]], force=False)

    @on(ChoicePicker.Chosen, "#picker")
    def _chosen(self, event: ChoicePicker.Chosen) -> None:
        event.stop()
        if event.generation != self.picker.generation or self._curtain_up:
            return
        if not 0 <= event.index < len(self._moves):
            return
        seat = self.match.to_move()
        if seat is None or self.match.is_bot(seat):
            return
        self.play(self._moves[event.index])

    def play(self, move: Any) -> None:
        """Make ``move`` for the seat to move (it must be legal), redraw, autosave
        (after the repaint, in the background: the save never delays the screen)."""
        self.match.push(move)
        self.refresh_view()
        self.call_after_refresh(self._autosave_soon)

    def on_key(self, event: Any) -> None:
        # Hotkeys work wherever the focus is (the picker handles them itself
        # when its list has focus; the filter input keeps typed characters).
        if event.character and not self._curtain_up and self.picker.pick_hotkey(event.character):
            event.stop()
            event.prevent_default()

    def action_pick(self) -> None:
        index = self.picker.highlighted_index
        if index is not None:
            self.picker.choose(index)

    # -- bots ------------------------------------------------------------------------
    def _schedule_bot(self) -> None:
        if self._bot_timer is not None:
            self._bot_timer.stop()
            self._bot_timer = None
        seat = self.match.to_move()
        if seat is not None and self.match.is_bot(seat):
            self._bot_timer = self.set_timer(self.bot_delay, self._bot_step)

    async def _bot_step(self) -> None:
        self._bot_timer = None
        m = self.match
        seat = m.to_move()
        if seat is None or not m.is_bot(seat) or self._bot_busy:
            return
        if self.app.screen is not self:
            return  # paused under review/help/dialogs; on_screen_resume restarts
        version = self._version
        self._bot_busy = True
        try:  # the seat's level and the table's bot time; stops early once the table moved on
            move = await asyncio.to_thread(m.bot_choice, lambda: version != self._version or not self.is_attached)
        finally:
            self._bot_busy = False
        if version != self._version or not self.is_attached:
            self._schedule_bot()
            return
        self.play(move)

    # -- curtain and game over -------------------------------------------------------
    def _human_count(self) -> int:
        return sum(1 for s in self.match.seats if s.kind != "bot")

    def _shown_to(self, seat: int | None) -> None:
        """The match as it is now was drawn, with ``seat``'s choices: remember
        it, and hold picks if the deciding human changed (a held key must not
        play the next player's turn). Called from ``_check_curtain``, which every
        screen's refresh_view calls once the choices are shown."""
        self._shown_history = self._history_key()
        if seat is not None and not self.match.is_bot(seat):
            if self._last_human is not None and seat != self._last_human:
                self._guard_seat_change(seat)
            self._last_human = seat

    def _check_curtain(self, seat: int | None) -> None:
        self._shown_to(seat)
        if not (self.curtain and self.game.private_information) or seat is None:
            return
        if self.match.is_bot(seat) or self._human_count() < 2 or seat == self._curtain_seat:
            return
        self._curtain_seat = seat
        if self._curtain_up:
            return
        self._curtain_up = True
        self.query_one("#game-body").display = False
        self.app.push_screen(CurtainScreen(self.names[seat]), self._curtain_down)

    def _curtain_down(self, _result: Any = None) -> None:
        self._curtain_up = False
        self.query_one("#game-body").display = True
        seat = self.match.to_move()
        if seat is not None and seat != self._curtain_seat:
            self._check_curtain(seat)  # the seat changed while the curtain was up
        elif seat is not None and not self.match.is_bot(seat):
            self._guard_seat_change(seat)  # a held Enter must not pick at once
        self.picker.focus_list()

    def _check_over(self) -> None:
        if not self.match.is_over():
            self._over_shown = False
            return
        if self._over_shown:
            return
        self._over_shown = True
        try:
            from tui.screens.game_over import GameOverScreen
        except ImportError:
            self.notify("The game is over.", title=self.game.title)
            return
        self.app.push_screen(GameOverScreen(self.match))

    # -- saving ----------------------------------------------------------------------
    def _autosave(self) -> None:
        """Autosave now (after the background saves asked for before): on quit."""
        try:
            from tui.autosaver import save_now

            path = save_now(self.match, self.data_dir)
        except ImportError:
            return
        except Exception as e:  # noqa: BLE001 - SaveError or OSError: tell, keep playing
            self._autosave_error(e)
        else:
            self.last_autosave, self._autosave_failed = path, False

    def _autosave_soon(self) -> None:
        """Autosave a snapshot of the match in the background thread (tui.autosaver)."""
        try:
            from tui.autosaver import save_later
        except ImportError:
            return
        loop = asyncio.get_running_loop()

        def done(future: Any) -> None:  # in the saving thread
            try:
                loop.call_soon_threadsafe(self._autosave_done, future)
            except RuntimeError:  # the loop has closed (the app ended): nothing to tell
                pass

        self._pending_save = save_later(self.match, self.data_dir, done)

    def _autosave_done(self, future: Any) -> None:
        error = future.exception()
        if error is not None:
            self._autosave_error(error)
        else:
            self.last_autosave, self._autosave_failed = future.result(), False

    def _autosave_error(self, e: BaseException) -> None:
        if not self._autosave_failed:
            self.notify(f"Autosave failed: {e}", severity="error", timeout=6)
        self._autosave_failed = True

    def flush_autosave(self) -> Path | None:
        """Wait until the autosaves asked for so far are written; the last path
        (``last_autosave``), None if none was written."""
        from tui.autosaver import flush

        flush()
        pending, self._pending_save = self._pending_save, None
        if pending is not None and pending.exception() is None:
            self.last_autosave, self._autosave_failed = pending.result(), False
        return self.last_autosave

    # -- actions ---------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return self.match.can_undo() and not self._bot_busy
        if action == "redo":
            return self.match.can_redo() and not self._bot_busy
        if action == "pick":
            return bool(self._moves)
        if action == "scores":
            return self.match.is_over()
        return True

    def action_scores(self) -> None:
        """The game is over: show the score sheet (the game-over screen) again."""
        if not self.match.is_over():
            return
        try:
            from tui.screens.game_over import GameOverScreen
        except ImportError:
            self.notify("The game is over.", title=self.game.title)
            return
        self.app.push_screen(GameOverScreen(self.match))

    def action_undo(self) -> None:
        if self._bot_busy or not self.match.undo():
            return
        self.refresh_view()
        self.call_after_refresh(self._autosave_soon)

    def action_redo(self) -> None:
        if self._bot_busy or not self.match.redo():
            return
        self.refresh_view()
        self.call_after_refresh(self._autosave_soon)

    def action_review(self) -> None:
        try:
            from tui.screens.review import ReviewScreen
        except ImportError:
            self.notify("Review is not available in this build.")
            return
        self.app.push_screen(ReviewScreen(self.match))

    def action_help(self) -> None:
        try:
            from tui.screens.help import HelpScreen
        except ImportError:
            self.notify("Help is not available in this build.")
            return
        self.app.push_screen(HelpScreen(self.game.id))

    def default_save_path(self) -> Path:
        """data_dir/saves/<game>-<date>.json (the ``s`` dialog's default)."""
        stamp = datetime.now().strftime("%Y-%m-%d-%H%M")
        return self.data_dir / "saves" / f"{self.game.id}-{stamp}.json"

    def action_save(self) -> None:
        app: Any = self.app
        if hasattr(app, "save_dialog"):  # LowlandsApp: path dialog, confirm before replacing
            app.save_dialog(self.match)
            return
        try:
            from saves import save
            from tui.screens.dialogs import SavePathDialog
        except ImportError:
            self.notify("Saving to a file is not available in this build.")
            return

        def done(path: Path | None) -> None:
            if path is None:
                return
            try:
                save(self.match, path)
            except Exception as e:  # noqa: BLE001
                self.notify(f"Could not save: {e}", severity="error", timeout=8)
            else:
                self.notify(f"Saved to {path}", title="Saved")

        self.app.push_screen(SavePathDialog(self.default_save_path()), done)

    def action_quit_game(self) -> None:
        self._autosave()
        self.app.exit()


__all__ = ["CurtainScreen", "GameScreen"]
