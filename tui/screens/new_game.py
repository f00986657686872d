"""The new-game form: game, seats (names, human or bot), seed, undo policy,
curtain, and the game's own Options.

The Options form is generic: it is built from the fields of the game's
``Options`` msgspec Struct (bool -> Checkbox, int -> Input, Literal -> Select,
str -> Input), so a new game's variants appear without UI code.
Empty, duplicate or too wide names (``name_problem``) are refused with a message
beside the field, as is a seed that is not a whole number; the bots' thinking
time says what it takes beside it and is checked as it is typed.
Keys typed ahead follow Tab, shift+Tab and Enter, even as the form opens.
Start (ctrl+s, the Start button, or Enter in the last text field) opens
``screen_for(match, ...)``; Enter in another field moves to the next field.
The form opens on the game choice; the curtain switch shows only for games
with hidden cards (``private_information``). Each option shows its line from the Options
docstring's ``Attributes:`` section as a hint below it and as a tooltip.
"""

from __future__ import annotations

import secrets
import typing
import weakref
from typing import Any, Literal

import msgspec
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.validation import Function
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from core.bots import DEFAULT_LEVEL, LEVELS
from tui.chrome import KeyFooter, QuietTitles, TitleHeader

#: Default seat names, one per seat (Dutch names, so the table is set at once).
DEFAULT_NAMES: tuple[str, ...] = ("Anna", "Bram", "Cato", "Daan", "Eva", "Floor", "Gijs", "Hanna")
#: The columns the form's rows fill (laid out for 80 columns: label, field, then
#: the note beside it); an open list reaches their end (``FormSelect``).
FORM_COLUMNS = 78
#: Most seats any form offers (rows mounted; only the chosen count is shown).
MAX_SEATS = 8


#: The longest name, in terminal columns (cells: 李 takes two), for the form
#: and the command line alike.
MAX_NAME_CELLS = 24


def name_problem(name: str) -> str:
    """Why ``name`` (stripped) cannot be a player's name, "" if it can: empty,
    or wider than MAX_NAME_CELLS columns (measured in cells, not characters)."""
    from rich.cells import cell_len

    name = name.strip()
    if not name:
        return "A name is needed"
    if cell_len(name) > MAX_NAME_CELLS:
        return f"At most {MAX_NAME_CELLS} columns wide"
    return ""


def validate_names(names: list[str]) -> list[str]:
    """Per seat: "" if the name is fine, else why not ("A name is needed",
    "At most 24 columns wide", "Same name as seat 1"). Names compare stripped
    and case-insensitively."""
    errors: list[str] = []
    seen: dict[str, int] = {}
    for i, raw in enumerate(names):
        name = raw.strip()
        key = name.casefold()
        if name_problem(name):
            errors.append(name_problem(name))
        elif key in seen:
            errors.append(f"Same name as seat {seen[key] + 1}")
        else:
            errors.append("")
        if name and key not in seen:
            seen[key] = i
    return errors


#: What the seed field says while it holds something else than a whole number
#: (beside the field: at most 38 columns at 80).
SEED_RULE = "The seed must be a whole number"


def parse_seed(text: str) -> int | None:
    """The seed typed in the form: None for blank (random), else an int.

    Raises ValueError with a sentence for anything that is not a whole number.
    """
    text = text.strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise ValueError(SEED_RULE) from None


def parse_bot_time(text: str) -> float:
    """The bots' thinking time typed in the form, in seconds: blank for the
    default (1), else a number more than 0 and at most ``MAX_BOT_TIME`` (600).

    Raises ValueError with a few words saying what is wrong and allowed
    ("Too long: at most 600 seconds"; 38 columns at most, beside the field
    at 80 columns).
    """
    from core.match import DEFAULT_BOT_TIME, MAX_BOT_TIME, bot_time_problem

    text = text.strip()
    if not text:
        return DEFAULT_BOT_TIME
    try:
        seconds = float(text)
    except ValueError:
        raise ValueError("Not a number of seconds") from None
    if bot_time_problem(seconds):
        raise ValueError(f"Too long: at most {MAX_BOT_TIME:g} seconds" if seconds > MAX_BOT_TIME
                         else "Too short: more than 0 seconds")
    return seconds


def bot_time_rule() -> str:
    """What the bot time field takes, shown beside it: "seconds: more than 0, at most 600"."""
    from core.match import MAX_BOT_TIME

    return f"seconds: more than 0, at most {MAX_BOT_TIME:g}"


def option_fields(options_type: type[msgspec.Struct]) -> list[msgspec.structs.FieldInfo]:
    """The fields of a game's Options struct, in declaration order."""
    return list(msgspec.structs.fields(options_type))


def option_docs(options_type: type) -> dict[str, str]:
    """Each field's description from the Options docstring's Google-style
    ``Attributes:`` section ("name: text", continuation lines indented deeper),
    joined into one line, without source tags (``core.notes``: "(FS 1.1)");
    fields without one are absent."""
    import inspect

    from core.notes import without_notes

    doc = inspect.getdoc(options_type) or ""
    out: dict[str, str] = {}
    inside, name, indent = False, None, 0
    for line in doc.splitlines():
        if not inside:
            inside = line.strip() == "Attributes:"
            continue
        if not line.strip():
            name = None
            continue
        depth = len(line) - len(line.lstrip())
        if depth == 0:
            break  # the next section
        head, sep, rest = line.strip().partition(":")
        if sep and (name is None or depth <= indent) and head.replace("_", "").isalnum():
            name, indent = head.strip(), depth
            out[name] = rest.strip()
        elif name is not None:
            out[name] = (out[name] + " " + line.strip()).strip()
    return {k: without_notes(v) for k, v in out.items()}


def _default_of(field: msgspec.structs.FieldInfo) -> Any:
    if field.default is not msgspec.NODEFAULT:
        return field.default
    if field.default_factory is not msgspec.NODEFAULT:
        return field.default_factory()
    return None


def _literal_args(tp: Any) -> tuple[Any, ...] | None:
    return typing.get_args(tp) if typing.get_origin(tp) is Literal else None


def _bot_time_valid(text: str) -> bool:
    """Whether the bot time field holds an allowed value (Textual's validator:
    the field is marked invalid while it does not)."""
    try:
        parse_bot_time(text)
    except ValueError:
        return False
    return True


def _seed_valid(text: str) -> bool:
    """Whether the seed field holds a whole number or nothing (Textual's
    validator: the field is marked invalid while it does not)."""
    try:
        parse_seed(text)
    except ValueError:
        return False
    return True


class NameInput(Input):
    """A seat's name box. Left, it shows the name from its start (Textual's
    Input kept the view scrolled to the cursor at the end, so a name as wide
    as the box lost its first letter)."""

    def _on_blur(self, event: events.Blur) -> None:
        super()._on_blur(event)
        self.scroll_to(x=0, animate=False, immediate=True)


class Tick(Checkbox):
    """A Checkbox whose mark shows its state without colour: "X" on, blank off
    (Textual's draws "X" in both states, told apart only by colour, which
    NO_COLOR removes); "[X]" under ``--ascii``."""

    @property
    def _button(self) -> Content:
        self.BUTTON_INNER = "X" if self.value else " "
        if getattr(self.app, "ascii", False):
            self.BUTTON_LEFT, self.BUTTON_RIGHT = "[", "]"
        return super()._button


class FormSelect(Select):
    """A Select of the form whose open list covers what is under it.

    Open, Textual's compact Select lays its list (a SelectOverlay) over the rows
    below, as wide as the Select and without a frame, on the same background as
    the fields beside it: the bot-level arrows and labels of those rows showed
    right beside its lines, as if through them. Here the open list has a frame
    and reaches the right end of the form's rows (``FORM_COLUMNS``, or the
    screen's edge), so it covers the rows it lies on from its left edge on
    (``watch_expanded``).
    """

    DEFAULT_CSS = """
    FormSelect > SelectOverlay.-textual-compact { border: round $accent !important; background: $panel; }
    """

    def watch_expanded(self, expanded: bool) -> None:
        if not expanded:
            return
        from textual.widgets._select import SelectOverlay

        body = self.screen.query_one("#new-game").content_region
        right = min(body.right, body.x + FORM_COLUMNS)  # the rows' contents end there, at any width
        width = max(self.region.width, right - self.region.x)
        self.query_one(SelectOverlay).styles.width = width


class FormScroll(VerticalScroll):
    """The form's scrolling body. Every key a field leaves unused passes it on
    its way up to the screen; it is noted there (``NewGameScreen._passed``), so
    the screen tells such a key from one sent to the screen itself."""

    def on_key(self, event: events.Key) -> None:
        screen: Any = self.screen
        screen._passed.add(event)


class NewGameScreen(QuietTitles, Screen[None]):
    """Set up a table and start the game.

    Args:
        game_id: the game chosen at first (default: the first registered).
        players: names to prefill (e.g. the last table's).
        bots: which of those seats are bots.
        levels: those bots' levels ("random", "greedy", "strong"; default strong).
        bot_time: the strong bots' thinking time per decision, in seconds.
    """

    # (styles here, parsed when the form first opens, not at startup)
    DEFAULT_CSS = """
    #new-game { padding: 0 1; }
    .form-row { height: auto; width: 100%; margin-bottom: 0; border-left: blank; }
    /* the row of the focused field: a bar in its first column (seen in any terminal, in
       NO_COLOR, and in a capture of the screen's text) and its label lit */
    .form-row:focus-within { border-left: outer $accent; }
    .form-row:focus-within > .form-label { color: $text; text-style: bold; }
    .form-label { width: 12; padding-right: 1; color: $text-muted; }
    .form-label.option-label { width: 22; }
    .option-hint { color: $text-muted; height: auto; width: 100%; padding-left: 3; margin-bottom: 1; }
    .form-row Input { width: 26; }
    .form-row Select { width: 44; }
    .seat-row Input { width: 24; }
    .seat-bot { width: 10; margin-left: 1; }
    .form-row .seat-level { width: 12; margin-left: 1; }  /* (.form-row Select, 44 wide, cut the ▼ off at 80 columns) */
    .form-section { text-style: bold; color: $primary; margin-top: 1; padding-left: 1; }
    .form-buttons { height: auto; margin-top: 1; }
    .form-buttons Button { margin-right: 2; }
    .field-error { color: $text-error; height: auto; width: 1fr; padding-left: 1; }
    .field-note { color: $text-muted; height: auto; width: 1fr; padding-left: 1; }
    .field-note.-bad { color: $text-error; }
    #form-message { margin-top: 1; padding-left: 0; }
    #options-form { height: auto; }
    """

    AUTO_FOCUS = "#game"
    BINDINGS = [
        Binding("ctrl+s", "start", "Start"),
        # Tab, shift+Tab and Enter in a text field move the focus the moment the key comes
        # (priority), so the keys typed after them in one burst reach the field they lead to;
        # as ordinary bindings they ran only once the key had gone through the field it left,
        # and the keys after it had already been sent there (and lost)
        Binding("tab", "next_field", "Next field", show=False, priority=True),
        Binding("shift+tab", "previous_field", "Previous field", show=False, priority=True),
        Binding("enter", "submit_field", "Next field", show=False, priority=True),
        Binding("escape", "back", "Back"),
        # q on a choice (a text field keeps what is typed): back, never quit at once
        Binding("q", "back", "Back", show=False),
    ]

    def __init__(self, game_id: str | None = None, players: list[str] | None = None, bots: list[bool] | None = None,
                 levels: list[str] | None = None, bot_time: float = 1.0) -> None:
        super().__init__()
        from core import GAMES

        self.games = dict(GAMES)
        self.last: Any = None  # the remembered table (config.json), used when no table is given
        if game_id is None and not players:
            self.last = self._remembered()
            if self.last is not None:
                game_id, players = self.last.game, list(self.last.players)
                bots, levels, bot_time = list(self.last.bots), list(self.last.levels), self.last.bot_time
        self.game_id = game_id if game_id in self.games else next(iter(self.games))
        self.prefill = list(players or [])
        self.prefill_bots = list(bots or [])
        self.prefill_levels = list(levels or [])
        self.prefill_bot_time = bot_time
        #: the keys that went through a field on their way up (FormScroll), held weakly
        self._passed: weakref.WeakSet[events.Key] = weakref.WeakSet()

    def _remembered(self) -> Any:
        """The last table started (``Config.last_table``), or None."""
        try:
            from tui.config import config_dir, load_config

            app: Any = self.app
            folder = getattr(app, "config_dir", None) or config_dir()
            last = load_config(folder).last_table
        except Exception:  # noqa: BLE001 - no app or no config: nothing remembered
            return None
        return last if last.game in self.games else None

    def remember(self, match: Any, curtain: bool) -> None:
        """Keep this table in config.json (written atomically) for next time
        (``tui.config.remember_table``), with each seat's level as chosen here."""
        from tui.config import last_table_of, remember_table

        app: Any = self.app
        folder = getattr(app, "config_dir", None)
        if folder is None:
            return
        levels = [str(self.query_one(f"#level-{i}", Select).value) for i in range(self.seat_count())]
        remember_table(folder, last_table_of(match, curtain, levels), getattr(app, "config", None))

    @property
    def game(self) -> Any:
        return self.games[self.game_id]

    def _count_options(self) -> list[tuple[str, int]]:
        g = self.game
        return [(str(n), n) for n in range(g.min_players, g.max_players + 1)]

    def compose(self) -> ComposeResult:
        g = self.game
        count = len(self.prefill) if g.min_players <= len(self.prefill) <= g.max_players else min(3, g.max_players)
        count = max(count, g.min_players)
        yield TitleHeader()
        with FormScroll(id="new-game"):
            with Horizontal(classes="form-row"):
                yield Label("Game", classes="form-label")
                yield FormSelect(
                    [(f"{gm.title} ({gm.min_players}-{gm.max_players} players)", gid) for gid, gm in self.games.items()],
                    value=self.game_id,
                    allow_blank=False,
                    compact=True,
                    id="game",
                )
            with Horizontal(classes="form-row"):
                yield Label("Players", classes="form-label")
                yield FormSelect(self._count_options(), value=count, allow_blank=False, compact=True, id="count")
            for i in range(MAX_SEATS):
                name = self.prefill[i] if i < len(self.prefill) else DEFAULT_NAMES[i]
                bot = self.prefill_bots[i] if i < len(self.prefill_bots) else False
                with Horizontal(classes="form-row seat-row", id=f"seat-row-{i}") as row:
                    row.display = i < count
                    yield Label(Content(f"  Seat {i + 1}"), classes="form-label")
                    # (no max_length: a name cut as typed was cut silently; name_problem says it is too wide)
                    yield NameInput(value=name, compact=True, id=f"name-{i}", classes="seat-name")
                    yield Tick("bot", bot, compact=True, id=f"bot-{i}", classes="seat-bot")
                    level = self.prefill_levels[i] if i < len(self.prefill_levels) else DEFAULT_LEVEL
                    pick = FormSelect([(lv, lv) for lv in reversed(LEVELS)],
                                      value=level if level in LEVELS else DEFAULT_LEVEL,
                                      allow_blank=False, compact=True, id=f"level-{i}", classes="seat-level",
                                      tooltip="the bot's level: strong searches, greedy takes the best move now, "
                                              "random guesses")
                    pick.display = bot  # shown (and reached by Tab) only for a bot seat
                    yield pick
                    yield Static("", id=f"name-error-{i}", classes="field-error")
            with Horizontal(classes="form-row"):
                yield Label("Bot time", classes="form-label")
                yield Input(value=f"{self.prefill_bot_time:g}", placeholder="blank = 1", compact=True, id="bot-time",
                            restrict=r"[0-9.]*", validators=[Function(_bot_time_valid, bot_time_rule())],
                            tooltip=f"seconds a strong bot thinks per decision ({bot_time_rule().split(': ')[1]})")
                # what the field takes, and, as it is typed, whether the value is allowed
                yield Static(Content(bot_time_rule()), id="bot-time-error", classes="field-note")
            with Horizontal(classes="form-row"):
                yield Label("Seed", classes="form-label")
                # (no restrict: letters dropped as typed were dropped silently; the note says what is wrong)
                yield Input(placeholder="blank = random", compact=True, id="seed",
                            validators=[Function(_seed_valid, SEED_RULE)])
                yield Static("", id="seed-error", classes="field-error")
            with Horizontal(classes="form-row"):
                yield Label("Undo", classes="form-label")
                yield FormSelect(
                    [("friendly: any decision", "friendly"), ("strict: own turn, no peeking", "strict")],
                    value=self.last.undo if self.last is not None and self.last.undo in ("friendly", "strict") else "friendly",
                    allow_blank=False,
                    compact=True,
                    id="undo",
                )
            with Horizontal(classes="form-row", id="curtain-row") as row:
                row.display = bool(getattr(self.game, "private_information", False))  # only games with hidden cards
                yield Label("Curtain", classes="form-label")
                yield Tick(
                    "hide the board between players",
                    bool(getattr(self.app, "curtain", False)) or (self.last is not None and self.last.curtain),
                    compact=True,
                    id="curtain",
                )
            yield Vertical(*self._option_rows(), id="options-form")
            with Horizontal(classes="form-row form-buttons"):
                yield Button("Start (ctrl+s)", id="start", variant="primary", compact=True)
                yield Button("Back (Esc)", id="back", compact=True)
            yield Static("", id="form-message", classes="field-error")
        yield KeyFooter()

    def on_mount(self) -> None:
        # the whole form is composed (the game's options too), and AUTO_FOCUS focuses the game
        # choice; nothing is mounted or focused again here, which snapped the focus back to
        # the game choice after the first keys had moved it on
        self.sub_title = "New game"
        self._check_bot_time()  # a remembered time no longer allowed is marked at once

    # -- keys typed ahead --------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("next_field", "previous_field"):
            return self.focused is not None  # else the key waits for the form (``on_key``)
        if action == "submit_field":
            return isinstance(self.focused, Input)
        return super().check_action(action, parameters)

    def action_next_field(self) -> None:
        self.focus_next()

    def action_previous_field(self) -> None:
        self.focus_previous()

    def action_submit_field(self) -> None:
        """Enter in a text field: the next field, or, in the last one (no text
        field after it), start the game as ctrl+s does."""
        fields = [w for w in self.focus_chain if isinstance(w, Input)]
        if fields and self.focused is fields[-1]:
            self.action_start()
        else:
            self.focus_next()

    def on_key(self, event: events.Key) -> None:
        """A key sent to the form itself: one that came while no field had the
        focus yet (the form being mounted: Textual sends keys to the focused
        widget, else to the screen). Handled now, in the order the keys came:
        Tab, shift+Tab and Enter in a text field move the focus, and any other
        key goes to the field that has it; so nothing typed in the form's first
        moments is lost. A key that went through a field and was not used
        there (it passed ``FormScroll``) goes on to the bindings as usual."""
        if event in self._passed or self.focused is None:
            return
        event.stop()
        event.prevent_default()
        if event.key == "tab":
            self.action_next_field()
        elif event.key == "shift+tab":
            self.action_previous_field()
        elif event.key == "enter" and isinstance(self.focused, Input):
            self.action_submit_field()
        else:
            self.focused.post_message(events.Key(event.key, event.character))

    # -- game-dependent parts ----------------------------------------------------
    async def _build_options(self) -> None:
        """The game's options again (a new game chosen)."""
        box = self.query_one("#options-form", Vertical)
        await box.remove_children()
        await box.mount_all(self._option_rows())

    def _option_rows(self) -> list[Any]:
        """The rows of the game's options: a heading, then per field its row
        (label, widget, error box) and its hint; none for a game without options."""
        fields = option_fields(self.game.Options)
        if not fields:
            return []
        rows: list[Any] = [Static(Content(f"{self.game.title} options"), classes="form-section")]
        docs = option_docs(self.game.Options)
        remembered = self.last.options if self.last is not None and self.last.game == self.game_id else {}
        for f in fields:
            default = remembered.get(f.name, _default_of(f))
            label: Any = Label(Content(f.name.replace("_", " ")), classes="form-label option-label")
            lits = _literal_args(f.type)
            if f.type is bool:
                # the box and the option's name, as the bot and curtain boxes read ("▐X▌ expert");
                # once the name, then "▐ ▌ on", which read as on while unticked
                widget: Any = Tick(Content(f.name.replace("_", " ")), bool(default), compact=True, id=f"opt-{f.name}")
                label = None
            elif lits is not None:
                widget = FormSelect([(str(v), v) for v in lits], value=default if default in lits else lits[0], allow_blank=False, compact=True, id=f"opt-{f.name}")
            elif f.type is int:
                widget = Input(value="" if default is None else str(default), compact=True, restrict=r"-?[0-9]*", id=f"opt-{f.name}")
            else:
                widget = Input(value="" if default is None else str(default), compact=True, id=f"opt-{f.name}")
            doc = docs.get(f.name, "")
            if doc:
                widget.tooltip = doc
                if label is not None:
                    label.tooltip = doc
            parts = [w for w in (label, widget) if w is not None]
            rows.append(Horizontal(*parts, Static("", id=f"opt-error-{f.name}", classes="field-error"), classes="form-row"))
            if doc:
                rows.append(Static(Content(doc), id=f"opt-hint-{f.name}", classes="option-hint"))
        return rows

    @on(Select.Changed, "#game")
    async def _game_changed(self, event: Select.Changed) -> None:
        if event.value == self.game_id or event.value is Select.BLANK:
            return
        self.game_id = str(event.value)
        count = self.query_one("#count", Select)
        old = count.value
        count.set_options(self._count_options())
        g = self.game
        count.value = old if isinstance(old, int) and g.min_players <= old <= g.max_players else g.min_players
        self._show_seats()
        self.query_one("#curtain-row").display = bool(getattr(g, "private_information", False))
        await self._build_options()

    @on(Checkbox.Changed, ".seat-bot")
    def _bot_ticked(self, event: Checkbox.Changed) -> None:
        """A seat became a bot (or a human again): show its level choice (or hide it)."""
        seat = (event.checkbox.id or "").removeprefix("bot-")
        self.query_one(f"#level-{seat}", Select).display = event.value

    @on(Select.Changed, "#count")
    def _count_changed(self, event: Select.Changed) -> None:
        self._show_seats()

    def seat_count(self) -> int:
        v = self.query_one("#count", Select).value
        return int(v) if isinstance(v, int) else self.game.min_players

    def _show_seats(self) -> None:
        n = self.seat_count()
        for i in range(MAX_SEATS):
            self.query_one(f"#seat-row-{i}").display = i < n
        self._check_names()

    @on(Input.Changed, "#bot-time")
    def _bot_time_changed(self, event: Input.Changed) -> None:
        self._check_bot_time()

    @property
    def bot_time(self) -> float:
        """The bot time typed, in seconds (the default, 1, if it is not allowed)."""
        try:
            return parse_bot_time(self.query_one("#bot-time", Input).value)
        except ValueError:
            from core.match import DEFAULT_BOT_TIME

            return DEFAULT_BOT_TIME

    def _check_bot_time(self) -> bool:
        """Say beside the bot time what it takes (``bot_time_rule``), or, for a
        value not allowed (11 s is, 700 s or 0 is not), why not, in the error
        colour; True if the value is allowed."""
        note = self.query_one("#bot-time-error", Static)
        try:
            parse_bot_time(self.query_one("#bot-time", Input).value)
        except ValueError as e:
            note.update(Content(str(e)))
            note.add_class("-bad")
            return False
        note.update(Content(bot_time_rule()))
        note.remove_class("-bad")
        return True

    @on(Input.Changed, "#seed")
    def _seed_changed(self, event: Input.Changed) -> None:
        self._check_seed()

    def _check_seed(self) -> bool:
        """Say beside the seed, as it is typed, when it is not a whole number
        (``SEED_RULE``; blank is fine: a random seed); True if it is allowed."""
        note = self.query_one("#seed-error", Static)
        try:
            parse_seed(self.query_one("#seed", Input).value)
        except ValueError as e:
            note.update(Content(str(e)))
            return False
        note.update("")
        return True

    @on(Input.Changed, ".seat-name")
    def _name_changed(self, event: Input.Changed) -> None:
        self._check_names()

    def _check_names(self) -> bool:
        """Show each shown seat's name problem beside it; True if all are fine."""
        names = [self.query_one(f"#name-{i}", Input).value for i in range(self.seat_count())]
        errors = validate_names(names)
        for i in range(MAX_SEATS):
            box = self.query_one(f"#name-error-{i}", Static)
            box.update(Content(errors[i] if i < len(errors) else ""))
        return not any(errors)

    # -- start -----------------------------------------------------------------------
    def read_options(self) -> Any:
        """The game's Options struct from the form; ValueError naming the field."""
        values: dict[str, Any] = {}
        for f in option_fields(self.game.Options):
            w = self.query_one(f"#opt-{f.name}")
            err = self.query_one(f"#opt-error-{f.name}", Static)
            err.update("")
            if isinstance(w, Checkbox):
                values[f.name] = w.value
            elif isinstance(w, Select):
                values[f.name] = w.value
            elif f.type is int:
                text = w.value.strip()
                if not text:
                    err.update("A whole number is needed")
                    raise ValueError(f"{f.name}: a whole number is needed")
                values[f.name] = int(text)
            else:
                values[f.name] = w.value
        try:
            return msgspec.convert(values, self.game.Options)
        except msgspec.ValidationError as e:
            raise ValueError(str(e)) from None

    def build_match(self) -> Any | None:
        """The Match the form describes, or None (with messages shown) if invalid."""
        from core.match import Match, Seat

        message = self.query_one("#form-message", Static)
        message.update("")
        ok = self._check_names()
        seed = None
        if self._check_seed():
            seed = parse_seed(self.query_one("#seed", Input).value)
        else:
            ok = False
        if not self._check_bot_time():
            ok = False
        bot_time = self.bot_time
        try:
            options = self.read_options()
        except ValueError as e:
            message.update(Content(f"Options: {e}"))
            ok = False
            options = None
        if not ok:
            if not message.content:
                message.update("Fix the marked fields to start.")
            return None
        n = self.seat_count()
        seats = [
            Seat(self.query_one(f"#name-{i}", Input).value.strip(), "bot", str(self.query_one(f"#level-{i}", Select).value))
            if self.query_one(f"#bot-{i}", Checkbox).value
            else Seat(self.query_one(f"#name-{i}", Input).value.strip(), "human")
            for i in range(n)
        ]
        if seed is None:
            seed = secrets.randbelow(2**31)
        undo = self.query_one("#undo", Select).value
        try:
            return Match(self.game, seats, seed, options, undo_policy=undo, bot_time=bot_time)  # type: ignore[arg-type]
        except ValueError as e:
            message.update(Content(str(e)))
            return None

    def action_start(self) -> None:
        match = self.build_match()
        if match is None:
            return
        from tui.screens import screen_for

        curtain = self.query_one("#curtain", Checkbox).value and bool(getattr(self.game, "private_information", False))
        self.remember(match, bool(self.query_one("#curtain", Checkbox).value))
        try:
            screen = screen_for(match, data_dir=self.app.data_dir, curtain=curtain)  # type: ignore[attr-defined]
        except RuntimeError as e:
            self.query_one("#form-message", Static).update(Content(str(e)))
            return
        self.app.switch_screen(screen)

    def action_back(self) -> None:
        self.app.pop_screen()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        """A field submitted otherwise than by the Enter key (which is
        ``action_submit_field``): the same, next field or start."""
        event.stop()
        if event.input is self.focused:
            self.action_submit_field()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "back":
            self.action_back()
