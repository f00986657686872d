"""GameScreen: plays one Match: the board, the choice picker, the log.

``GameScreen(match, *, data_dir, curtain)`` composes the TitleHeader, the game's
board (``tui.boards.board_for``), the ChoicePicker and the Log, and the
KeyFooter (see ARCHITECTURE.md, "The TUI"). Every decision, undo and redo is
autosaved (``saves.autosave``, after the repaint, in a background thread:
``tui.autosaver``; quitting waits for it). Bot seats play on their own after a
short visible pause (a timer; the bot's choice is computed in a thread so the
screen stays live). Keys: the picker's hotkeys (1-9, letters), arrows + Enter,
``/`` filter, ``u`` undo, ``U`` redo (shown only when possible), ``r`` review,
``s`` save, ``?`` help, ``q`` autosave and quit, ``Q`` autosave and back to the
launcher (also behind the curtain); Escape or Backspace close an
opened choice group; once the game is over (the final board) ``g``, Enter or
Escape go back to the score sheet. With ``curtain=True`` in a game with private
information, a hand-over curtain hides the board whenever the deciding human
changes, until that player presses Enter.

The per-game packages (``tui/<game>/``) subclass GameScreen and mix in their
GameLabels subclass, whose small text hooks word the screen: ``choice_label``,
``choice_group``, ``build_menu`` (the picker's top level; a MenuItem standing
for several moves opens them as a sub-list), ``prompt_text``,
``decision_text``, ``final_log``.

What every game screen shares lives here, so that a decision repaints once:
the titles are quiet (QuietTitles: a new sub-title repaints the header line
only), a layout is done in one pass (OneLayout), nested choice groups (MenuItem), and the board's highlight of the choice
under the cursor, drawn in the same frame as the picker's cursor (the picker
calls back instead of posting a message).
"""

from __future__ import annotations

import asyncio
import gc
import time
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any, NamedTuple, Sequence

from textual import _time, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import Input, Static

from core.picks import new_events
from tui.chrome import KeyFooter, OneLayout, QuietTitles, TitleHeader
from tui.boards import board_for
from tui.history import common_prefix, history_for
from tui.widgets.board import Board
from tui.widgets.choice import HOTKEYS, Choice, ChoicePicker
from tui.widgets.common import glyph, seat_letters, seat_style
from tui.screens.dialogs import TOAST_WIDTH as _TOAST_WIDTH
from tui.widgets.log import Log, LogEntry

#: [True] once a game screen has frozen the heap (GameScreen._when_idle)
_HEAP_FROZEN: list[bool] = []


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

    BINDINGS = [Binding("enter", "open", "I am ready", priority=True),
                Binding("q", "quit_game", "Quit", tooltip="Autosave and quit"),
                Binding("Q,shift+q", "launcher", "Launcher", key_display="Q",
                        tooltip="Back to the launcher (the game is autosaved first)"),
                Binding("question_mark", "help", "Help", show=False)]  # ("? this help" everywhere)
    #: its help leaves out the review keys: review is not open from here
    HELP_LISTS_REVIEW = False

    def __init__(self, name: str, on_quit: Any = None) -> None:
        super().__init__()
        self.player = name
        self.on_quit = on_quit  # q: the game screen's autosave-and-quit

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

    def action_help(self) -> None:
        show = getattr(self.app, "show_help", None)  # (LowlandsApp's: the keys and the games)
        if show is not None:
            show(None)

    def action_launcher(self) -> None:
        """Q: back to the launcher, as in the game (``go_launcher`` autosaves first)."""
        go = getattr(self.app, "go_launcher", None)
        if go is not None:
            go()

    def action_quit_game(self) -> None:
        """q: autosave and quit, as in the game (the README's promise)."""
        if self.on_quit is not None:
            self.on_quit()
        else:
            self.app.exit()


class MenuItem(NamedTuple):
    """One line of the picker: one move, or a group of moves opened as a sub-list.

    Attributes:
        label: the text shown; groups end with ``›`` (``>`` in ASCII).
        moves: the legal moves it stands for (one: picking it plays it;
            several: picking it lists them, each worded by ``choice_label``).
        group: the heading it is listed under in long lists.
        prompt: the prompt line when the group is opened.
        key: its stable key ("" none: the screen asks ``choice_key`` for a
            single move, else the picker numbers it by position).
    """

    label: str
    moves: tuple[Any, ...]
    group: str = ""
    prompt: str = ""
    key: str = ""


class GameLabels:
    """The words of a game screen: the text hooks GameScreen calls. Per-game
    packages subclass it in their ``labels.py`` and mix it into their screen
    (``class XScreen(XLabels, GameScreen)``); the hooks may use the screen's
    ``game``, ``match`` and ``names`` (the player names in seat order)."""

    game: Any
    match: Any
    names: list[str]

    @staticmethod
    def round_of(state: Any) -> tuple[str, int] | None:
        """The game's own round at ``state``, for review's counter beside the
        log's turns: ``(the rulebook's word, its 1-based number)``, 0 during the
        set-up, once over the last one played (as the board's end line says it);
        None for a game played in turns only (the default). A static hook:
        review calls it on the screen class, with no screen."""
        return None

    @staticmethod
    def seat_scores(game: Any, state: Any, tallies: list[dict[str, float]]) -> list[float]:
        """Each seat's score at ``state`` for review's score lines, in seat
        order, in the unit of ``tallies``' score ("VP", else its first tally;
        ``tallies`` is ``game.tallies(state)``): once the game is over, the final
        score as the game scores it (``game.scores``' totals: Windmill Valley's
        contracts and end scoring beside its VP track); before, that tally (the
        VP earned so far, as ``other_scores`` gives the players without a seat
        theirs). ``[]`` when the tallies have no score. A static hook: review
        calls it on the screen class, with no screen."""
        if not tallies or not tallies[0]:
            return []
        key = "VP" if "VP" in tallies[0] else next(iter(tallies[0]))
        scores = [float(t.get(key, 0)) for t in tallies]
        if game.is_over(state):
            for sheet in game.scores(state):
                if 0 <= sheet.seat < len(scores):
                    scores[sheet.seat] = float(sheet.total)
        return scores

    @staticmethod
    def other_scores(state: Any) -> list[tuple[str, float]]:
        """The scores of players who hold no seat at ``state`` (an automated
        opponent, e.g. Windmill Valley's Gardener), for review's score lines
        beside the seats': ``[(name, score)]`` in the unit of the seats' score
        (``game.tallies``' "VP", or its first tally); ``[]`` when every player
        has a seat (the default). A static hook: review calls it on the screen
        class, with no screen."""
        return []

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

    #: Notation words naming a numbered thing on a board: "area 5" is picked
    #: by 5 whatever else is offered (issue 10, item 25).
    NUMBERED_THINGS: frozenset[str] = frozenset({"area", "row", "gate", "mill", "space", "start", "steps", "unique"})
    #: Notation words that end a turn or a step: always on one key.
    DONE_WORDS: frozenset[str] = frozenset({"done", "pass", "end", "skip", "stop"})
    #: The key of DONE_WORDS moves.
    DONE_KEY = "0"
    #: Keys only the choices naming their thing hold (``choice_key``): the
    #: others are never numbered with them, so such a key picks that thing or
    #: nothing (Golden Age: the guilds' digits, the provinces' letters).
    KEPT_KEYS: frozenset[str] = frozenset()

    def choice_key(self, state: Any, move: Any, opened: "MenuItem | None" = None) -> str:
        """The stable key of ``move`` ("" none: numbered by position) where it
        is listed: at the top level (``opened`` None) or inside the opened group
        ``opened``. By default the thing's own number for a numbered thing on
        the board (``NUMBERED_THINGS``, "area 5" -> "5"), ``DONE_KEY`` for done /
        pass / end turn, so a key means the same from one decision to the next.
        Screens may override it (Golden Age: a province's or guild's own key;
        a token move is keyed by its source at the top level and by its
        destination in the source's group)."""
        words = self.game.notation(move).split()
        if not words:
            return ""
        if words[0] in self.DONE_WORDS and len(words) == 1:
            return self.DONE_KEY
        if len(words) == 2 and words[0] in self.NUMBERED_THINGS and words[1] in "123456789" and len(words[1]) == 1:
            return words[1]
        return ""

    def plays_itself(self, state: Any, move: Any) -> bool:
        """Whether ``move``, the only legal move of a human seat, is made without
        a key (issue 10, item 26): by default when it reveals something (a roll
        of the dice, a card drawn): there is nothing to choose and nothing to
        see first. It is logged like any other decision. Screens may override it."""
        try:
            return bool(self.game.reveals(state, self.game.apply(state, move)))
        except Exception:  # noqa: BLE001 - when in doubt, ask for the key
            return False

    def choice_cost(self, state: Any, move: Any) -> float:
        """What picking ``move`` costs the deciding player now, in the game's
        money (0: nothing; what it gains counts as 0). The cursor starts on the
        first of the cheapest choices (``default_choice``), so a reflexive Enter
        costs nothing where something free is offered. By default what
        ``spent`` says of the position the move leads to (the rest of the turn
        it sets off included); 0 for a screen that does not define ``spent``
        (the move is then not made: the cursor starts on the first choice)."""
        if type(self).spent is GameLabels.spent:
            return 0.0
        from core.engine import apply_trusted

        seat = self.game.to_move(state)
        if seat is None:
            return 0.0
        try:
            after = apply_trusted(self.game, state, move)
        except Exception:  # noqa: BLE001 - a cost is only where the cursor starts
            return 0.0
        return float(self.spent(state, after, seat))

    def spent(self, before: Any, after: Any, seat: int) -> float:
        """What ``seat`` has less of in ``after`` than in ``before`` (the
        positions before and after one of its moves), in the game's money, 0 or
        more (``choice_cost``). Screens with costs override it (Golden Age: the
        guilders; Windmill Valley: the guilders and tools)."""
        return 0.0

    def default_choice(self, state: Any, items: Sequence["MenuItem"], order: Sequence[int]) -> int | None:
        """The item the cursor starts on at a new decision (an index into
        ``items``; None: the first listed): the first listed (``order``, the
        picker's display order) unless another costs less (``choice_cost``; an
        item costs what its cheapest move does: a group opens for nothing, its
        moves cost that), then the first listed of the cheapest, never a done /
        pass / end item (``DONE_KEY``: Enter must not end a turn). So a reflexive
        Enter costs nothing where something free is offered. Only the cursor
        moves: every item keeps its place and its key. Costs are worked out
        only until a free item is found."""
        if len(items) < 2:
            return None

        def cost(n: int) -> float:
            least = float("inf")
            for mv in items[n].moves:
                least = min(least, max(0.0, self.choice_cost(state, mv)))
                if least == 0.0:
                    break
            return least

        first = cost(order[0])
        best, at = first, None
        for n in order[1:]:
            if best == 0.0:
                break
            if items[n].key == self.DONE_KEY:
                continue
            c = cost(n)
            if c < best:
                best, at = c, n
        return at

    def hint_name(self, state: Any, move: Any) -> str:
        """``move`` named short in a hint (``GameScreen._hint_text``; used
        where it tells the two choices compared apart): by default its picker
        label without details in brackets ("Keep blue 3" for "Keep blue 3
        (b3)"). Screens may shorten it further (Windmill Valley: the label up
        to its first colon, "Card 3 as contract")."""
        return self.choice_label(state, move).split(" (")[0]

    def choice_group(self, move: Any) -> str:
        """The group heading of ``move`` in long lists: its notation's first word."""
        return self.game.notation(move).split(" ", 1)[0]

    def build_menu(self, state: Any, moves: Sequence[Any]) -> list["MenuItem"]:
        """The picker's top level for ``moves`` (the legal moves, in order): one
        MenuItem per move by default; a screen may group several moves into
        one item that opens them as a sub-list (Golden Age: a token's source,
        then its destination)."""
        return [MenuItem(self.choice_label(state, mv), (mv,), self.choice_group(mv)) for mv in moves]

    def prompt_text(self, state: Any, seat: int) -> str:
        """The line above the choices."""
        return f"{self.names[seat]}, choose:"

    def decision_kind(self, state: Any, seat: int) -> Any:
        """What kind of decision ``seat`` faces in ``state`` (any hashable): a
        key names the same thing only within one kind of decision, so after a
        pick the cursor stays on the same kind of choice only while this is the
        same (Windmill Valley: after market area 3, the floodgates open on the
        first, not on "Floodgate 3"). By default the pending task's kind in a
        game whose decisions are a task stack (``core.picks``), else the
        game's phase, else the prompt. Screens may override it."""
        tasks = getattr(state, "tasks", None)
        if tasks:
            return ("task", getattr(tasks[-1], "kind", tasks[-1]))
        phase = getattr(state, "phase", None)
        if phase is not None:
            return ("phase", phase)
        return ("prompt", self.prompt_text(state, seat))

    def seat_name(self, seat: int) -> str:
        """``seat``'s player name, with " (computer)" for a bot: "Ann", "Bob (computer)"."""
        return self.names[seat] + (" (computer)" if self.match.is_bot(seat) else "")

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


class GameScreen(QuietTitles, OneLayout, GameLabels, Screen[None]):
    """Play ``match`` at this keyboard.

    Args:
        match: the Match to play (it is changed in place by decisions/undo).
        data_dir: the data folder; autosaves go where ``saves.autosave`` puts them.
        curtain: show the hand-over curtain between human players when the game
            has private information.
        bot_delay: seconds a bot waits before deciding (so humans can follow).
    """

    BOT_DELAY = 0.3
    #: After the deciding human changes, pick keys are ignored while the keys
    #: from before keep coming less than this many seconds apart (a held key's
    #: repeats), so a held key cannot play the next player's turn; the first key
    #: after a quiet gap this long is picked at once (``ChoicePicker.hold``).
    #: Key repeats within one player's turn are not held back. 0: no guard.
    SEAT_GUARD = 0.15

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

    def header_names(self) -> list[str]:
        """The player names, which a header too long for the width cuts short in
        the sub-title first, then its parts, keeping the game's name whole
        (``TitleHeader``; who decides what and a networked table's "you are Bob"
        stay in view)."""
        return list(self.names)

    @property
    def header_keeps_last(self) -> bool:
        """Whether a header too long for the width cuts the sub-title's last part
        after all its others: at a networked table, where it says from which
        seat this screen looks ("you are Bob", "watching"; ``TitleHeader``)."""
        return not self.match.authority_here

    BINDINGS = [
        Binding("enter", "pick", "Pick", tooltip="Pick the highlighted choice"),
        # the choice list's own keys, run at once while the list has the focus: Textual
        # runs them once the key has gone to the list and bubbled up through the picker,
        # its containers and this screen to the app (a message each, before the pick)
        Binding("enter", "list_key('select')", show=False, priority=True),
        Binding("down", "list_key('cursor_down')", show=False, priority=True),
        Binding("up", "list_key('cursor_up')", show=False, priority=True),
        # once the game is over (the final board): back to the score sheet
        Binding("g", "scores", "Scores", tooltip="Back to the final scores"),
        Binding("enter,escape", "scores", "Scores", show=False),
        # an opened choice group: back to all choices (Backspace: no Escape needed)
        Binding("escape,backspace", "menu_back", "Back", show=False, tooltip="Back to all choices"),
        Binding("u", "undo", "Undo"),
        # u when undo is not allowed: say why (strict undo must not refuse silently)
        Binding("u", "why_no_undo", "Undo", show=False),
        Binding("U,shift+u", "redo", "Redo", key_display="U"),
        Binding("r", "review", "Review"),
        Binding("h", "hint", "Hint", tooltip="Highlight the strong bot's choice and say why"),
        Binding("s", "save", "Save", tooltip="Save the game to a file (s again), or export its record (e)"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("q", "quit_game", "Quit"),
        # back to the launcher (autosaved first), a plain key free in every decision (RESERVED)
        Binding("Q,shift+q", "launcher", "Launcher", key_display="Q",
                tooltip="Back to the launcher (the game is autosaved first)"),
        # a board folded into pages (``Board.has_panels``): Left/Right (and [ ] as in
        # review) turn them, PgUp/PgDn scroll a board with a scrolling body
        Binding("right", "panel(1)", "Panels", key_display="←/→", priority=True,
                tooltip="Previous / next board panel"),
        Binding("left", "panel(-1)", "Panels", priority=True, show=False),
        Binding("left_square_bracket", "panel(-1)", "Panel", show=False),
        Binding("right_square_bracket", "panel(1)", "Panel", show=False),
        Binding("pagedown", "scroll_board(1)", "Scroll", show=False, priority=True),
        Binding("pageup", "scroll_board(-1)", "Scroll", show=False, priority=True),
    ]

    #: The keys that switch the board's panels here (shown on its page bar).
    PANEL_KEYS = "←→"

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
        self._shown_history: tuple[int, Any] | None = None  # (moves, last move) when last drawn
        self.names = [s.name for s in match.seats]
        self.letters = seat_letters(self.names)
        self.board: Board = board_for(self.game.id)(id="board")
        self._moves: list[Any] = []  # the legal moves of the decision shown
        self._menu: list[MenuItem] = []  # the picker's top level (build_menu)
        self._open: MenuItem | None = None  # the opened choice group, if any
        self._shown: list[MenuItem] = []  # the items in the picker now
        self._resumed_at: tuple[int, tuple[Any, ...]] | None = None  # (ply, last move) when covered
        self._cursor_at_suspend: int | None = None  # the picker's cursor when covered
        self._picked: tuple[int, Any, str, str, str] | None = None  # (seat, kind, key, label, group) of the last pick
        self._version = 0  # changes whenever the match changes
        self._bot_timer: Timer | None = None
        self._bot_busy = False
        #: (version, move) a bot decided while another screen covered this one:
        #: played once the game shows again (``_play_held``)
        self._bot_held: tuple[int, Any] | None = None
        self._hinting = False
        #: (``_version``, notation, info) of the last hint shown: ``h`` again on the
        #: same decision shows it again rather than think anew (on the clock the
        #: search's numbers differ from one run to the next)
        self._last_hint: tuple[int, str, Any] | None = None
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
        self._board_view: tuple[int, int | None, Any] | None = None  # (version, viewer, game.view)
        self.last_autosave: Path | None = None
        self._pending_save: Any = None  # the Future of the last background autosave
        self._drawing = 0  # > 0 while the picker is given new choices (its first highlight: no frame yet)

    # -- compose ---------------------------------------------------------------
    def compose(self) -> ComposeResult:
        # (the width class before the widgets mount: set after, it would restyle them all)
        self._apply_width(self.app.size.width)
        yield TitleHeader()
        with Horizontal(id="game-body"):
            with VerticalScroll(id="board-box", can_focus=False):
                yield self.board
            with Vertical(id="side"):
                picker = ChoicePicker(id="picker", on_highlight=self._cursor_moved, on_chosen=self._pick)
                picker.kept_keys = self.KEPT_KEYS
                yield picker
                yield Log(id="log")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.title = self.game.title
        m = self.match
        if m.authority_here and any(m.is_bot(i) and st.level == "strong" for i, st in enumerate(m.seats)):
            from core.bots.worker import prestart

            prestart(self.game.id)  # the first strong decision then gets its whole budget
        self.refresh_view()
        self._covered = False  # (the ScreenResume of being pushed finds the view drawn)
        if not self.match.is_over():
            # now, not at the app's next message (Widget.focus): the first frame shows the
            # picker focused and the footer with the keys of that focus
            self.set_focus(self.picker.option_list)
        if self.IDLE_DELAY is not None:  # once painted and idle: ready for what comes next
            self.call_after_refresh(self.set_timer, self.IDLE_DELAY, self._when_idle)

    #: seconds after the first paint at which ``_when_idle`` runs; None: never (Pilot tests)
    IDLE_DELAY: float | None = 0.1

    def _when_idle(self) -> None:
        """Once painted: review is built ahead of time
        (``tui.screens.review.warm_review``), and then (once per process) the
        heap so far (modules, the loaded match, this screen and review) is
        frozen out of the garbage collector's full passes (``gc.freeze``: a
        full pass over a late game's heap took 55-75 ms, inside whichever key
        set it off)."""
        if not self.is_current:
            return
        try:
            from tui.screens.review import warm_review
        except ImportError:
            pass
        else:
            warm_review(self.app, self.match)
        if not _HEAP_FROZEN:
            _HEAP_FROZEN.append(True)
            self.set_timer(self.FREEZE_DELAY, gc.freeze)  # (review is built by then)

    #: seconds after ``_when_idle`` at which the heap is frozen
    FREEZE_DELAY = 0.5

    def on_resize(self, event: Any) -> None:
        self._apply_width(event.size.width)

    def laid_out(self) -> None:
        # a board folds into pages by its size: the footer's keys in the same frame
        if self.is_mounted:
            self._refresh_keys()
            for footer in self._footers():
                footer.read_keys()
            fit = getattr(self.app, "fit_toasts", None)
            if fit is not None and self.app._notifications:  # the choices may have grown under them
                fit()

    #: a toast's width (``dialogs.TOAST_WIDTH``, themes/lowlands.tcss: Toast)
    TOAST_WIDTH = _TOAST_WIDTH

    def notice_room(self) -> tuple[int, int] | None:
        """Where toasts may show on this screen (``LowlandsApp.fit_toasts``):
        (rows, width), the log's rows (the toasts stack up from the footer, over
        the log, never over the choices above it) and a toast's width; None
        before the screen is laid out."""
        if not self.is_mounted:
            return None
        rows = self.log_widget.region.height
        return (rows, self.TOAST_WIDTH) if rows else None

    def _apply_width(self, width: int) -> None:
        self.set_class(width >= 110, "-wide")

    def _refresh_layout(self, size: Any = None, scroll: bool = False) -> None:
        # the width's class before the layout it shapes: a screen resized under a
        # dialog, or shown again at a new size, is laid out before (or without) its
        # Resize, and its board drew for the side column of the old width
        self._apply_width((self.outer_size if size is None else size).width)
        super()._refresh_layout(size, scroll)

    def on_screen_resume(self) -> None:
        # Review may have continued from an earlier point: redraw everything.
        # Back to the very position drawn, a human to decide (review, help, a
        # dialog closed), the screen is only repainted (one frame): the picker,
        # its cursor and the board are as they were.
        if self.is_mounted:
            covered = self._resumed_at is not None  # (back from a screen on top: not first shown)
            if self._history_key() != self._shown_history:
                self.history_changed()
                self.refresh_view()
            elif getattr(self, "_covered", True) and not self._drawn_as_is():
                self.refresh_view()
            else:
                self._resumed_at = None
            held, self._bot_held = self._bot_held, None
            if held is not None and held[0] == self._version:  # decided while covered
                self._bot_timer = self.set_timer(self.bot_delay, partial(self._play_held, *held))
            if covered and self._moves and not self._curtain_up:
                # a dialog (or help, review) closes on a key, Enter, y / n, s / e ...: the
                # keys that follow it in one stream (pressed twice, held, typed on) would
                # land on the choices: picks wait for a pause, as after a change of player
                self._guard_seat_change(_time.get_time())
            focused = self.focused
            if self.match.is_over():
                self._unfocus_picker()
                self.call_after_refresh(self._unfocus_picker)  # after Textual restores the focus
            elif focused is None or focused not in self.focus_chain:
                self.picker.focus_list()

    def _drawn_as_is(self) -> bool:
        """The screen shows the match as it is and nothing is waiting to run
        (no bot to move that is not already thinking or has not decided, no
        curtain, a game at one keyboard)."""
        m = self.match
        seat = m.to_move()
        bot_on_it = self._bot_busy or self._bot_held is not None or self._bot_timer is not None
        return (m.authority_here and self._shown_history == self._history_key()
                and (seat is None or not m.is_bot(seat) or bot_on_it) and not self._curtain_up
                and self._forced() is None)

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
        """The choice picker (found once: a decision asks for it a dozen times)."""
        found = self.__dict__.get("_picker")
        if found is None or not found.is_attached:
            found = self.__dict__["_picker"] = self.query_one("#picker", ChoicePicker)
        return found

    @property
    def log_widget(self) -> Log:
        """The log (found once, as the picker is)."""
        found = self.__dict__.get("_log")
        if found is None or not found.is_attached:
            found = self.__dict__["_log"] = self.query_one("#log", Log)
        return found

    def _footers(self) -> list[KeyFooter]:
        """The screen's key footers (found once: a query walks every widget)."""
        found = self.__dict__.get("_footer_list")
        if not found or not all(footer.is_attached for footer in found):
            found = self.__dict__["_footer_list"] = list(self.query(KeyFooter))
        return found

    # -- drawing -----------------------------------------------------------------
    def _default_viewer(self) -> int | None:
        if not self.match.authority_here:  # a networked table's screen: its own seat
            return self.match.home_seat
        humans = [i for i, s in enumerate(self.match.seats) if s.kind != "bot"]
        return humans[0] if len(humans) == 1 else None

    def _viewer_for(self, seat: int | None) -> int | None:
        """Whose private information the board shows: the human to move, else
        the last human who looked (the one at the keyboard); at a networked
        table, the screen's own seat."""
        if not self.match.authority_here:
            return None if self.match.is_over() else self.match.home_seat
        if seat is not None and not self.match.is_bot(seat):
            self._viewer = seat
        if self.match.is_over():
            return None
        return self._viewer

    def refresh_view(self) -> None:
        """Redraw after the match changed: header, picker (with the board's
        highlight of the first choice), log, keys; then curtain, bots and game
        over as needed. An opened choice group stays open only when the screen
        comes back (help, save, review) to the very same decision."""
        self._version += 1
        self._drop_stale_notices()
        was_open, self._open = self._open, None
        m = self.match
        state = m.state
        seat = m.to_move()
        self.sub_title = self.decision_text(state, seat)
        if seat is not None and m.is_bot(seat) and m.authority_here:
            self.sub_title = self.thinking_text(seat)
        if not m.authority_here:  # a networked table: say from which seat this screen looks
            me = m.home_seat
            self.sub_title += " · " + ("watching" if me is None else f"you are {self.names[me]}")
        self._viewer_for(seat)
        if seat is not None and not m.is_bot(seat):
            self._moves = list(m.legal_moves())
            self._menu = self.build_menu(state, self._moves)
        else:
            self._moves = []
            self._menu = []
        same = self._resumed_at == (m.ply, tuple(m.moves[-1:]))
        if was_open is not None and same and was_open in self._menu:
            self._open = was_open  # back from help / save / review with nothing changed: keep the group open
        if was_open is not None and self._open is None:
            same = False  # the group is gone: its cursor means nothing here
        self._resumed_at = None
        # back from help, review, a dialog, the palette or "too small" to the
        # same decision: the cursor stays where the player left it
        self._show_menu(highlight=self._cursor_at_suspend if same else None)
        self.picker.display = seat is not None  # over: the log takes the room
        if seat is None:
            self._unfocus_picker()
        self._update_log()
        self._check_curtain(seat)
        self._schedule_bot()
        self._check_over()
        if self._forced() is not None:
            version = self._version
            self.call_after_refresh(self._play_forced, version)

    def _forced(self) -> Any | None:
        """The move that plays itself now (``plays_itself``), else None."""
        m = self.match
        if len(self._moves) != 1 or not m.authority_here or m.is_over():
            return None
        move = self._moves[0]
        return move if self.plays_itself(m.state, move) else None

    def _play_forced(self, version: int) -> None:
        """Make the only legal move if it plays itself and nothing changed since
        (not while the curtain is up: it is played when the player comes)."""
        if version != self._version or self._curtain_up or not self.is_attached:
            return
        move = self._forced()
        if move is not None:
            self.play(move)

    def _show_menu(self, highlight: int | None = None) -> None:
        """Fill the picker with the top level (or the opened group) and draw
        the board with the choice under the cursor highlighted, in one go: the
        item ``highlight`` (an index into the items), else the first."""
        m = self.match
        state = m.state
        seat = m.to_move()
        if self._open is not None:
            items = [MenuItem(self.choice_label(state, mv), (mv,), self._open.group,
                              key=self.choice_key(state, mv, self._open)) for mv in self._open.moves]
            prompt = self._open.prompt + " (Backspace: back)"
        else:
            items = self._menu
            if seat is None:
                prompt = "The game is over."
            elif m.is_bot(seat):
                prompt = f"{self.names[seat]} (computer) is thinking..."
            elif not self._moves:  # a networked table: another player's turn
                prompt = f"Waiting for {self.names[seat]}..."
            else:
                prompt = self.prompt_text(state, seat)
        self._board_key = None  # the picker's first highlight redraws the board
        items = [it._replace(key=self.choice_key(state, it.moves[0])) if not it.key and len(it.moves) == 1 else it
                 for it in items]
        self._shown = items
        if highlight is None:
            highlight = self._same_kind(items)
        if highlight is None and seat is not None and self._moves:
            # a new decision: the first of the cheapest choices (a reflexive Enter costs nothing)
            highlight = self.default_choice(state, items, self.picker.display_order([it.group for it in items]))
        self._drawing += 1
        try:
            self.picker.set_choices([Choice(it.key, it.label, it.group) for it in items], prompt,
                                    highlight=highlight)
        finally:
            self._drawing -= 1
        self.picker.set_titles(self._picker_title(seat), self._picker_keys(len(items)))
        self._refresh_keys()

    def _same_kind(self, items: Sequence[MenuItem]) -> int | None:
        """After a pick, the same player deciding again on the same kind of
        decision (``decision_kind``) or in the group just opened: the item of
        the same kind as the one picked (its stable key, else its text, else
        its group), so the cursor does not jump back to the top (None: the
        first item). Never a done / pass / end item (``DONE_KEY``): Enter must
        not end a turn or give up a worker because the last pick ended
        something else (Fields of Arle's "End the work phase" left the cursor
        on the next half-year's "Pass")."""
        picked, self._picked = self._picked, None
        seat = self.match.to_move()
        if picked is None or picked[0] != seat:
            return None
        _seat, kind, key, label, group = picked
        if kind != self.decision_kind(self.match.state, seat):
            return None  # another kind of decision: its keys name other things
        for test in ((lambda it: bool(key) and it.key == key), (lambda it: it.label == label),
                     (lambda it: bool(group) and it.group == group)):
            for n, it in enumerate(items):
                if it.key != self.DONE_KEY and test(it):
                    return n
        return None

    def key_state(self) -> tuple[Any, ...]:
        """What decides which keys the footer shows; screens with keys of
        their own add to it (the footer is rebuilt only when it changes)."""
        return (self.match.can_undo(), self.match.can_redo(), bool(self._moves), self._bot_busy,
                self.match.is_over(), self.board.has_panels)

    def _refresh_keys(self) -> None:
        """Rebuild the footer only when a key comes or goes."""
        keys = self.key_state()
        if keys != self._keys_state:
            self._keys_state = keys
            self.refresh_bindings()
            if self.is_mounted:  # now, for the frame the key paints (the footer reads them at its next idle)
                focused = self.focused
                for footer in self._footers():  # (the keys decided by key_state and the focus)
                    footer.read_keys((keys, type(focused), focused.id if focused is not None else None))

    def _guard_seat_change(self, since: float | None = None) -> None:
        """The deciding human changed: picks wait until the keys from before
        stop (``ChoicePicker.hold``: a held key stops here, a new press counts).
        ``since``: when the last key came, if the picker did not see it."""
        if self.seat_guard > 0:
            self.picker.hold(self.seat_guard, since)

    def _picker_keys(self, n: int) -> str:
        if n == 0:
            return ""
        order = "0" + "".join(HOTKEYS)
        keys = sorted((c.hotkey for c in self.picker.choices if c.hotkey), key=order.find)
        run = bool(keys) and order.find(keys[-1]) - order.find(keys[0]) == len(keys) - 1
        # a run reads as a range ("1-5"); stable keys with gaps ("a b g") do not
        span = keys[0] if len(keys) == 1 else f"{keys[0]}-{keys[-1]}" if run else "its key" if keys else ""
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
        if self._one_layout_size is None:
            # the screen's first view, before its first layout: the board is drawn
            # once that layout has placed it, at its real size (drawn now, at no
            # size, a loaded game's board was drawn for a guessed width and then
            # again for each size the layout gave it)
            if self.__dict__.get("_board_waits") is None:
                self.after_layout(self._draw_board_placed)
                # (a pass more for that layout: the board's first draw comes after its first pass)
                self.LAYOUT_PASSES = type(self).LAYOUT_PASSES + 1
            self._board_waits = tuple(targets)
            return
        self._board_now(targets)

    def _board_now(self, targets: Sequence[Any]) -> None:
        m = self.match
        viewer = self._viewer_for(m.to_move())
        # one view per decision: the cursor keys of a decision show the board the
        # very same state object (boards keep what the cursor does not touch)
        if self._board_view is None or self._board_view[:2] != (self._version, viewer):
            self._board_view = (self._version, viewer, self._view_now(viewer))
        shown = self._board_view[2]
        self.board.show(self.game, shown, viewer=viewer, seats=self.names, targets=targets)

    def _draw_board_placed(self) -> None:
        """The first view's board, once the first layout placed it (``_draw_board``)."""
        targets, self._board_waits = self._board_waits, None
        self.__dict__.pop("LAYOUT_PASSES", None)
        if targets is not None:
            self._board_now(targets)

    #: how many views ``_view_now`` keeps (the positions an undo goes back to)
    VIEWS_KEPT = 8

    def _view_now(self, viewer: int | None) -> Any:
        """``game.view`` of the state now for ``viewer``; the very object made
        when this position was drawn before (an undo goes back to a snapshot
        drawn a moment ago), so the board's ``kept`` sections keyed on it are
        not built again and the state is not copied again. A position is known
        by its snapshot (``Match.snapshots``: the encoded state, one bytes
        object per decision, never changed)."""
        m = self.match
        snapshots = getattr(m, "snapshots", None)
        snap = snapshots[m.ply] if isinstance(snapshots, list) and len(snapshots) > m.ply else None
        if not isinstance(snap, bytes):
            return self.game.view(m.state, viewer)
        views: dict[tuple[int, int | None], tuple[bytes, Any]] = self.__dict__.setdefault("_views", {})
        hit = views.get((id(snap), viewer))
        if hit is not None and hit[0] is snap:
            return hit[1]
        view = self.game.view(m.state, viewer)
        views[(id(snap), viewer)] = (snap, view)  # (the snapshot kept with it: its id stays its own)
        if len(views) > self.VIEWS_KEPT:
            del views[next(iter(views))]
        return view

    def _update_log(self) -> None:
        m = self.match
        # texts and turn numbers are worked out once per decision (shared with review)
        history = history_for(m, self.game)
        history.sync()
        # drop cached entries that no longer match the match's moves (undo, continue)
        keep = common_prefix(self._log_moves, m.moves)
        del self._log_moves[keep:]
        del self._log_entries[keep:]
        del self._log_turns[keep:]
        for i in range(keep, len(m.moves)):
            number = history.turns[i]
            seat = m.movers[i]
            self._log_moves.append(m.moves[i])
            self._log_turns.append((history.turn_values[i], number))
            self._log_entries.append(LogEntry(number, history.texts[i], self.letters[seat], seat_style(seat)))
        entries = list(self._log_entries)
        if m.is_over():
            last = self._log_turns[-1][1] if self._log_turns else 1
            entries += [LogEntry(last, line) for line in self.final_log(m.state)]
        self.log_widget.set_entries(entries)

    # -- picking ---------------------------------------------------------------------
    def _cursor_moved(self, index: int | None) -> None:
        """The picker's cursor is on item ``index`` (None: no items): draw the
        board with that item's moves highlighted, in the same frame (the picker
        calls this directly, no message)."""
        if index is not None and 0 <= index < len(self._shown):
            self._draw_board(targets=list(self._shown[index].moves), force=False)
        else:
            self._draw_board(targets=[], force=False)
        if not self._drawing:  # a cursor key (not the first highlight of new choices)
            self.paint_now()

    @on(ChoicePicker.Chosen, "#picker")
    def _chosen(self, event: ChoicePicker.Chosen) -> None:
        event.stop()
        self._pick(event.index, event.generation)

    #: what a pick (Enter, a choice's key) says while a hint is being worked out, in a
    #: toast titled HINT_TITLE, taken down when the hint shows or is dropped (HINT_NOTICES)
    HINT_PENDING = "The hint is still thinking; press Enter again when it shows."
    HINT_TITLE = "Hint"
    HINT_NOTICES = frozenset({HINT_TITLE})

    def _pick(self, index: int, generation: int) -> None:
        """Item ``index`` of the picker's list ``generation`` was picked: play its
        move, or open its group (the picker calls this at once: ``on_chosen``).
        While a hint is being worked out (``h``) nothing is picked: the player
        who pressed Enter right after ``h`` meant the hint's choice, which is not
        highlighted yet (``HINT_PENDING`` says so); undo, review and quit stay live."""
        if generation != self.picker.generation or self._curtain_up:
            return
        if not 0 <= index < len(self._shown):
            return
        seat = self.match.to_move()
        if seat is None or self.match.is_bot(seat):
            return
        if self._hinting:  # the hint is not shown yet: Enter meant its choice, not the cursor's
            self.picker.unlock()
            self.notify(self.HINT_PENDING, title=self.HINT_TITLE, timeout=3)
            return
        item = self._shown[index]
        self._picked = (seat, self.decision_kind(self.match.state, seat), item.key, item.label, item.group)
        if len(item.moves) == 1:
            self.play(item.moves[0])
        else:
            self._open = item
            self._show_menu()
        self.paint_now()  # (after all of it: a PagedGameScreen's play announces after the redraw)

    def on_screen_suspend(self) -> None:
        self._covered = True
        self._resumed_at = (self.match.ply, tuple(self.match.moves[-1:]))
        self._cursor_at_suspend = self.picker.highlighted_index

    def action_menu_back(self) -> None:
        """Escape or Backspace: close an opened choice group (back to all choices)."""
        if self._open is not None:
            self._open = None
            self._show_menu()
            self.paint_now()

    def play(self, move: Any) -> None:
        """Make ``move`` for the seat to move (it must be legal), redraw, autosave
        (after the repaint, in the background: the save never delays the screen)."""
        self.match.push(move)
        self.refresh_view()
        self.call_after_refresh(self._autosave_soon)

    def on_key(self, event: Any) -> None:
        # Hotkeys work wherever the focus is (the picker handles them itself
        # when its list has focus; the filter input keeps typed characters).
        self.picker.note_key(event.time)  # (a key the picker saw is noted twice: no harm)
        if event.character == "/" and not self._curtain_up and self._moves and not self.picker.filtering:
            event.stop()  # open the filter now, so a key typed right after goes into it
            event.prevent_default()
            self.picker.action_open_filter()
        elif event.character and not self._curtain_up and self.picker.feed_filter(event.character):
            event.stop()  # the filter is open but has not got the focus yet
            event.prevent_default()
        elif event.character and not self._curtain_up and self.picker.pick_hotkey(event.character):
            event.stop()
            event.prevent_default()

    def action_list_key(self, action: str) -> None:
        """Enter, Up or Down while the choice list has the focus and picks are
        not held: the list's own action (select, cursor_down, cursor_up), the
        key noted as the list's keys are (``ChoicePicker.note_key``, at the
        time it is taken, a moment after its own: while picks are held after
        a change of player, keys go the usual way and are noted by their own
        time)."""
        self.picker.note_key(_time.get_time())  # (the clock of a key event's time)
        getattr(self.picker.option_list, f"action_{action}")()

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
        if seat is not None and self.match.is_bot(seat) and self.match.authority_here:  # else its owner plays them
            self._bot_timer = self.set_timer(self.bot_delay, self._bot_step)

    def thinking_text(self, seat: int) -> str:
        """The header while bot ``seat`` decides: "Bob is thinking…"."""
        return f"{self.names[seat]} is thinking" + glyph(self, "…", "...")

    def _decision_gone(self, version: int) -> bool:
        """True once the decision a bot or a hint is thinking about is no longer
        the one to make (a decision, undo or redo since, or the player left): its
        search is stopped and its answer dropped. A screen on top (review, help,
        a dialog, the too-small guard of a terminal shrunk for a moment) only
        covers it: the search goes on; a hint arrives under it, a bot's move
        waits for the game to show again (``_bot_held``). (A cover stopped the
        bot once: it thought again from scratch when the cover went, so a resize
        below 80x24 cost it its thinking time.)"""
        return version != self._version or not self.is_attached

    def _bot_step(self) -> None:
        """Start the bot to move thinking, in a Textual worker: the screen's own
        messages (keys: undo, review, quit) keep flowing meanwhile."""
        self._bot_timer = None
        m = self.match
        seat = m.to_move()
        if seat is None or not m.is_bot(seat) or self._bot_busy:
            return
        self._bot_busy = True
        self.run_worker(self._bot_work(seat, self._version), group="bot", exit_on_error=True)

    async def _bot_work(self, seat: int, version: int) -> None:
        m = self.match
        move: Any = None
        try:  # the seat's level and the table's bot time; undo, review and quit stay live
            if m.seats[seat].level == "strong":
                text, _ = await self._think(version, False)
                move = None if text is None else self.game.parse(m.state, text)
            else:  # random and greedy take milliseconds: a thread will do
                move = await asyncio.to_thread(m.bot_choice, lambda: self._decision_gone(version))
        except Exception:
            if not self._decision_gone(version):
                raise  # a real failure, not a match changed under the thinking bot
        finally:
            self._bot_busy = False
        if self._decision_gone(version):
            if self.is_attached and version != self._version:
                self._schedule_bot()  # undo/redo while thinking: think again about the new position
            return  # never play a decision for a table that moved on
        self._play_held(version, move)

    def _play_held(self, version: int, move: Any) -> None:
        """Play the bot's ``move``, decided for the decision of ``version``, if
        that is still the decision to make; while another screen covers this
        one, keep it until the game shows again (``on_screen_resume``)."""
        self._bot_timer = None
        if self._decision_gone(version):
            return
        if self.app.screen is not self:
            self._bot_held = (version, move)
            return
        self.play(move)

    async def _think(self, version: int, want_hint: bool) -> tuple[str | None, Any]:
        """The strong bot's (notation, hint or None) for the position now, thought
        out in the worker process (``core.bots.worker``); (None, None) when the
        table moved on meanwhile (the search is then told to stop at once)."""
        from core.bots.worker import thinker

        m = self.match
        t = thinker()
        moved_on = self._decision_gone
        future = asyncio.wrap_future(t.submit(self.game, m.state, m.seed * 1_000_003 + m.ply, m.bot_time, want_hint))
        try:
            while not future.done():
                if moved_on(version):
                    t.stop()
                await asyncio.wait({future}, timeout=0.05)
        except asyncio.CancelledError:  # the screen went away
            t.stop()
            raise
        text, info = future.result()
        return (None, None) if moved_on(version) else (text, info)

    def action_hint(self) -> None:
        """``h`` on a human's decision: the strong bot's choice, from that seat's
        view only (``core.bots.hint``), highlighted in the picker, and one line
        saying why (its projected final margin against the next best choice).
        Thought out in a worker; any decision or undo meanwhile drops it. A hint
        shown a page at a time (too long for the rows the choices leave it:
        ``ChoicePicker.more_hint``): ``h`` again shows its next page; after its
        last page (or on a hint shown whole), the same hint again from its
        first page, the cursor back on its choice: a decision is thought out
        once."""
        if self.picker.hint and not self._hinting and self.picker.more_hint():
            return
        m = self.match
        seat = m.to_move()
        if seat is None or m.is_bot(seat) or not self._moves or self._bot_busy or self._hinting:
            return
        last = self._last_hint
        if last is not None and last[0] == self._version:
            self._show_hint(m.state, last[1], last[2])
            return
        self._hinting = True
        self.run_worker(self._hint_work(m), group="hint", exit_on_error=True)

    async def _hint_work(self, m: Any) -> None:
        try:
            await self._hint(m)
        finally:
            self._hinting = False
            # the hint has shown (or is dropped): HINT_PENDING's "press Enter again
            # when it shows" goes with it, not seconds later
            self._drop_notices(self.HINT_NOTICES)

    async def _hint(self, m: Any) -> None:
        version = self._version
        self.picker.set_prompt("Thinking about a hint" + glyph(self, "…", "..."))
        try:
            text, info = await self._think(version, True)
        except Exception:
            if not self._decision_gone(version):
                raise
            return
        if text is None:
            return
        self._last_hint = (version, text, info)
        self._show_hint(m.state, text, info)

    def _show_hint(self, state: Any, text: str, info: Any) -> None:
        """Show the hint for the decision pending in ``state``: the choice
        ``text`` (a notation) highlighted, its group opened, and the hint's line
        (``info``: what the worker said, as in ``_hint_text``)."""
        move = self.game.parse(state, text)
        # the choice may sit in a group ("Special Action ›"): open it, so the
        # cursor lands on the choice itself and not on its group
        group = next((it for it in self._menu if move in it.moves and len(it.moves) > 1), None)
        self._open = group
        self._show_menu()  # the prompt back, the list as it was (or the group)
        index = next((i for i, it in enumerate(self._shown) if move in it.moves), None)
        if index is not None:
            self.picker.highlight(index)
        self.picker.set_hint(self._hint_text(state, move, info))

    def _hint_text(self, state: Any, move: Any, info: Any) -> str:
        """The hint's line with both choices named short (the cursor's line
        shows the chosen one whole; at 80x24 the hint has some 28 columns and
        took four pages): each by its ``hint_name``, else, where that names
        both alike, by its label without details in brackets, else by its
        whole label; ``core.bots.hint.hint_line``. ``info`` is (other notation
        or None, margin, gain, iterations[, over_time]) from the worker."""
        from core.bots.hint import hint_line, margin_words
        from core.engine import IllegalMove

        other_move: Any = None
        other, margin, gain, iterations, *over_time = info if info is not None else (None, 0.0, 0.0, 0)
        if other is not None:
            try:
                other_move = self.game.parse(state, other)
            except IllegalMove:
                other_move = None
        best_name = self.choice_label(state, move)
        other_name = None if other is None else other if other_move is None else self.choice_label(state, other_move)
        if other_name is not None:
            shorter = [(best_name.split(" (")[0], other_name.split(" (")[0])]
            if other_move is not None:
                shorter.insert(0, (self.hint_name(state, move), self.hint_name(state, other_move)))
            for b, o in shorter:
                if b and o and b != o:
                    best_name, other_name = b, o
                    break
        else:
            best_name = self.hint_name(state, move) or best_name
        return hint_line(best_name, other_name, margin, gain, iterations, margin_words(self.game, state, margin),
                         bool(over_time and over_time[0]))

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
                self._guard_seat_change()
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
        self.app.push_screen(CurtainScreen(self.names[seat], self.action_quit_game), self._curtain_down)

    def _curtain_down(self, _result: Any = None) -> None:
        self._curtain_up = False
        if self._forced() is not None:
            self.call_after_refresh(self._play_forced, self._version)
        self.query_one("#game-body").display = True
        seat = self.match.to_move()
        if seat is not None and seat != self._curtain_seat:
            self._check_curtain(seat)  # the seat changed while the curtain was up
        elif seat is not None and not self.match.is_bot(seat):
            self._guard_seat_change(time.monotonic())  # the key that closed the curtain, held, must not pick
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
        """Autosave now (after the background saves asked for before): on quit.
        A networked table is saved by its owner, not here."""
        if not self.match.authority_here:
            return
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
        """Autosave a snapshot of the match in the background thread (tui.autosaver);
        not for a networked table (its owner saves it)."""
        if not self.match.authority_here:
            return
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
        if action == "undo":  # also while a bot thinks: its decision is then dropped
            return self.match.can_undo()
        if action == "why_no_undo":
            return not self.match.can_undo()
        if action == "redo":
            return self.match.can_redo()
        if action == "hint":
            seat = self.match.to_move()
            return bool(self._moves) and seat is not None and not self.match.is_bot(seat)
        if action == "pick":
            return bool(self._moves)
        if action == "list_key":  # (else the key goes its usual way: the filter's, the scores',
            # and while picks are held, by its own time: ChoicePicker.note_key)
            return self.is_mounted and self.focused is self.picker.option_list and not self.picker.holding
        if action == "scores":
            return self.match.is_over()
        if action == "menu_back":
            return self._open is not None
        if action == "save":  # a networked table is kept (and saved) by its server only
            return self.match.authority_here
        if action == "panel":  # not in the picker's filter: its own cursor keys
            return self.board.has_panels and not isinstance(self.focused, Input)
        if action == "scroll_board":
            return bool(getattr(self.board, "BODY_ID", ""))
        return True

    def action_panel(self, delta: int) -> None:
        """Show the board's previous (-1) or next (1) panel (``Board.switch_panel``)."""
        self.board.switch_panel(delta)

    def action_scroll_board(self, step: int) -> None:
        """Scroll the board's body a page down (1) or up (-1)."""
        box = self.board.query_one(f"#{self.board.BODY_ID}")  # type: ignore[attr-defined]
        (box.scroll_page_down if step > 0 else box.scroll_page_up)(animate=False)

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
        if not self.match.undo():
            return
        # a move that plays itself is undone with the decision before it
        # (else it would play again at once and undo would be stuck)
        while self._would_play_itself() and self.match.undo():
            pass
        self.refresh_view()
        self.call_after_refresh(self._autosave_soon)
        self.paint_now()

    def _would_play_itself(self) -> bool:
        m = self.match
        seat = m.to_move()
        if seat is None or m.is_bot(seat):
            return False
        moves = list(m.legal_moves())
        return len(moves) == 1 and self.plays_itself(m.state, moves[0])

    #: titles of notices about the position as it was ("No undo: Nothing to undo
    #: yet."): gone once the match changes (``refresh_view``), not left up beside
    #: a footer that offers undo again
    STATE_NOTICES = frozenset({"No undo"})

    def notify_move(self, message: str, *, title: str = "", severity: Any = "information",
                    timeout: float | None = None) -> None:
        """A toast about what the decision just made caused (a calendar space
        reached, a new half-year): taken down when that decision is undone
        (``_drop_stale_notices``), not left up over the position before it."""
        self.__dict__.setdefault("_move_notices", []).append((self.match.ply, title, message))
        self.notify(message, title=title, severity=severity, timeout=timeout)

    def _drop_stale_notices(self) -> None:
        """Take down the notices about a position that is gone: STATE_NOTICES
        at any change, and those of decisions undone (``notify_move``)."""
        moves: list[tuple[int, str, str]] = self.__dict__.get("_move_notices", [])
        undone = {(title, message) for ply, title, message in moves if ply > self.match.ply}
        if undone:
            self.__dict__["_move_notices"] = [n for n in moves if n[0] <= self.match.ply]
        if not undone and not len(self.app._notifications):
            return
        notes = self.app._notifications
        stale = [n for n in notes if n.title in self.STATE_NOTICES or (n.title, n.message) in undone]
        for n in stale:
            self.app._unnotify(n, refresh=n is stale[-1])

    def _drop_notices(self, titles: frozenset[str]) -> None:
        """Take down the toasts shown whose title is one of ``titles`` (the
        toasts shown are repainted once, after the last)."""
        notes = self.app._notifications
        stale = [n for n in notes if n.title in titles] if len(notes) else []
        for n in stale:
            self.app._unnotify(n, refresh=n is stale[-1])

    def action_why_no_undo(self) -> None:
        """u when undo is not allowed: a notice saying why (``Match.why_no_undo``)."""
        why = self.match.why_no_undo()
        if why:
            self.notify(why, title="No undo", timeout=4)

    def action_redo(self) -> None:
        if not self.match.redo():
            return
        self.refresh_view()
        self.call_after_refresh(self._autosave_soon)
        self.paint_now()

    def action_review(self) -> None:
        try:
            from tui.screens.review import review_screen
        except ImportError:
            self.notify("Review is not available in this build.")
            return
        self.app.push_screen(review_screen(self.app, self.match))

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
        if hasattr(app, "save_or_export"):  # LowlandsApp: save or export, path dialog, confirm before replacing
            app.save_or_export(self.match)
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
                from tui.screens.dialogs import path_notice

                self.notify(path_notice(path, bool(getattr(self.app, "ascii", False))), title="Saved to")

        default = self.default_save_path()
        self.app.push_screen(SavePathDialog(default, own_folder=default.parent), done)

    def action_launcher(self) -> None:
        """Q: autosave (as q does) and go back to the launcher (``go_launcher``:
        every screen above it closed); at a networked table, back to its lobby
        (the seat stays), as q goes there."""
        go = getattr(self.app, "go_launcher", None)
        if go is None:  # (an app without a launcher: a test's bare app)
            return
        self._autosave()  # (an error is told: the toast shows over the launcher)
        go()

    def action_quit_game(self) -> None:
        """q: autosave and quit; at a networked table, back to its lobby (the seat stays)."""
        if not self.match.authority_here:
            self.app.go_launcher()  # type: ignore[attr-defined]
            return
        self._autosave()
        self.app.exit()


class PagedGameScreen(GameScreen):
    """A GameScreen whose board is a ``PagedBoard`` and whose game is a ``PickGame``
    (Windmill Valley, Fields of Arle): what a decision caused (the lines it added
    to the state's ``events``) is announced in the board's banner until the next
    decision, undo, redo or review's continue; a game's screen extends
    ``announce`` to notify some lines too."""

    def play(self, move: Any) -> None:
        before = list(self.match.state.events)
        super().play(move)
        self.announce(new_events(before, list(self.match.state.events)))

    def announce(self, lines: list[str]) -> None:
        """Show ``lines`` (what the decision just played caused) in the board's banner."""
        self.board.announce(lines)  # type: ignore[attr-defined]

    def action_undo(self) -> None:
        if self.check_action("undo", ()):  # the banner's status line comes with the redraw
            self.board.announce([], redraw=False)  # type: ignore[attr-defined]
        super().action_undo()

    def action_redo(self) -> None:
        if self.check_action("redo", ()):
            self.board.announce([], redraw=False)  # type: ignore[attr-defined]
        super().action_redo()

    def history_changed(self) -> None:
        self.board.announce([])  # type: ignore[attr-defined]  (review -> continue: stale)


__all__ = ["CurtainScreen", "GameLabels", "GameScreen", "MenuItem", "PagedGameScreen"]
