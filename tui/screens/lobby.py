"""The lobby of a networked table server, and the app a remote screen runs.

``TableClientApp`` is Lowlands as a screen of the table hub (``lowlands client``,
started by ``lowlands serve`` for each SSH connection and by ``lowlands web``
for each browser tab): its first screen is the ``LobbyScreen``, and a table's
game opens in the game's own screen playing a ``tui.remote.RemoteMatch``.

Lobby keys: Up/Down and Enter (or 1-9) open a table's actions; ``n`` new table
(once made, its box opens: an Enter more lands there, not on another table);
``q`` quit. Table actions: ``s`` take a seat (or back to yours), ``w`` watch,
``t`` start (the creator, once every seat is taken), ``g`` give up your seat
(before the start), ``x`` close the table (the creator), Escape or ``b`` back.
A player who already sits at a game in progress is put back at it on connecting.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Checkbox, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from core.bots import DEFAULT_LEVEL
from net import protocol as P
from tui.app import LowlandsApp
from tui.chrome import KeyFooter, TitleHeader
from tui.remote import RemoteMatch, TableLink


def seat_text(seat: P.SeatInfo) -> str:
    """"Ann", "Ann (away)", "Bot 3 (computer)" or "(free)"."""
    if seat.kind == "bot":
        return f"{seat.name} (computer, {seat.level})"
    if not seat.name:
        return "(free)"
    return seat.name if seat.connected else f"{seat.name} (away)"


def table_line(t: P.TableInfo, me: str) -> str:
    """One lobby line: game · seats · state (· Decision N, as the launcher words
    it: ``launcher.decision_words``) · by creator."""
    from tui.screens.launcher import decision_words

    seats = ", ".join(seat_text(s) for s in t.seats)
    state = t.status + (f" · {decision_words(t.ply)}" if t.status in ("playing", "finished") else "")
    mine = " · your seat" if any(s.kind == "human" and s.name == me for s in t.seats) else ""
    watch = f" · {t.watchers} watching" if t.watchers else ""
    return f"{t.title} · {seats} · {state} · by {t.creator}{mine}{watch}"


class LobbyScreen(Screen[None]):
    """Every table at the server; Enter on one opens its actions."""

    DEFAULT_CSS = """
    LobbyScreen #lobby-box { padding: 0 1; }
    LobbyScreen #lobby-note { height: auto; margin: 1 0; }
    LobbyScreen #lobby-tables { height: 1fr; border: round $primary; }
    """

    BINDINGS = [
        Binding("n", "new_table", "New table"),
        Binding("enter", "open", "Open", show=False),
        Binding("question_mark", "help", "Help", key_display="?"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[P.TableInfo] = []
        self.keys: dict[str, int] = {}  # table id -> its number (1-9), kept while it is listed
        #: the tables listed when the new-table form made one (its box opens when it is listed)
        self._before_new: set[str] | None = None

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        with Vertical(id="lobby-box"):
            yield Static("Connecting to the table server...", id="lobby-note")
            yield OptionList(id="lobby-tables")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.title = "Lowlands tables"
        self.query_one(OptionList).focus()

    @property
    def app_(self) -> "TableClientApp":
        return self.app  # type: ignore[return-value]

    def show_tables(self, tables: list[P.TableInfo]) -> None:
        """Redraw the list (keeping the highlighted table)."""
        ol = self.query_one(OptionList)
        keep = ol.highlighted
        old = self.tables[keep].id if keep is not None and keep < len(self.tables) else None
        self.tables = self.number(tables)
        me = self.app_.player
        ol.clear_options()
        ol.add_options([Option(Content(f"{self.keys.get(t.id, ' ')} {table_line(t, me)}"), id=t.id)
                        for t in self.tables])
        ids = [t.id for t in self.tables]
        if self.tables:
            ol.highlighted = ids.index(old) if old in ids else 0
        n = len(self.tables)
        self.sub_title = f"{self.app_.player} · {n} table{'s' if n != 1 else ''}"
        self.note("Enter (or 1-9) opens a table: sit, watch, start.  n: a new table.  q: quit."
                  if tables else "No tables yet. Press n to make one.")
        by_id = {t.id: t for t in self.tables}
        made = [t for t in self.tables if self._before_new is not None and t.id not in self._before_new
                and t.creator == me]
        if made:  # the table the form just made: its box (who sits down, t to start)
            self._before_new = None
            if self.app.screen is self:
                self.open_table(made[0])
        for screen in self.app.screen_stack:  # an open table's box follows its table
            if isinstance(screen, TableActions):
                if screen.table.id in by_id:
                    screen.show(by_id[screen.table.id])
                else:  # closed meanwhile
                    screen.dismiss(None)

    def number(self, tables: list[P.TableInfo]) -> list[P.TableInfo]:
        """``tables`` (the hub's, newest first) in the order of their numbers:
        a table keeps its number (its key, 1-9) while it is listed, a new one
        takes the lowest free number, so no key moves when a table is made or
        closed. Tables past nine have none (arrows and Enter reach them)."""
        ids = {t.id for t in tables}
        self.keys = {tid: k for tid, k in self.keys.items() if tid in ids}
        for t in reversed(tables):  # the oldest first
            if t.id not in self.keys:
                free = next((k for k in range(1, 10) if k not in self.keys.values()), None)
                if free is not None:
                    self.keys[t.id] = free
        return sorted(tables, key=lambda t: self.keys.get(t.id, 10))

    def note(self, text: str) -> None:
        self.query_one("#lobby-note", Static).update(Content(text))

    def on_key(self, event: Any) -> None:
        if event.character and event.character.isdigit() and event.character != "0":
            table = next((t for t in self.tables if self.keys.get(t.id) == int(event.character)), None)
            if table is not None:
                event.stop()
                self.open_table(table)

    @on(OptionList.OptionSelected, "#lobby-tables")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if 0 <= event.option_index < len(self.tables):
            self.open_table(self.tables[event.option_index])

    def action_open(self) -> None:
        ol = self.query_one(OptionList)
        if ol.highlighted is not None and ol.highlighted < len(self.tables):
            self.open_table(self.tables[ol.highlighted])

    def open_table(self, table: P.TableInfo) -> None:
        self.app.push_screen(TableActions(table, self.app_.player), self._act)

    def _act(self, result: tuple[str, str] | None) -> None:
        if result is not None:
            self.app_.table_action(*result)

    def action_new_table(self) -> None:
        self.app.push_screen(NewTableScreen(self.app_.games, self.app_.player), self._create)

    def _create(self, msg: P.CreateTable | None) -> None:
        if msg is not None:
            self._before_new = {t.id for t in self.tables}
            self.app_.link.send(msg)

    def action_help(self) -> None:
        self.app_.show_help(None)


class TableActions(ModalScreen["tuple[str, str] | None"]):
    """What can be done at one table; each action keeps its key."""

    DEFAULT_CSS = """
    TableActions { align: center middle; }
    TableActions > Vertical { width: 72; height: auto; border: thick $primary; padding: 1 2; background: $surface; }
    TableActions #actions { height: auto; max-height: 12; }
    """

    BINDINGS = [
        Binding("s", "act('sit')", "Sit"),
        Binding("w", "act('watch')", "Watch"),
        Binding("t", "act('start')", "Start"),
        Binding("g", "act('free')", "Give up seat"),
        Binding("x", "act('close')", "Close table"),
        Binding("escape,b", "back", "Back"),
    ]

    def __init__(self, table: P.TableInfo, me: str) -> None:
        super().__init__()
        self.table = table
        self.me = me
        self.actions = self._actions()

    def _actions(self) -> list[tuple[str, str, str]]:
        t, me = self.table, self.me
        mine = any(s.kind == "human" and s.name == me for s in t.seats)
        free = any(s.kind == "human" and not s.name for s in t.seats)
        out: list[tuple[str, str, str]] = []
        if mine and t.status in ("waiting", "playing"):
            out.append(("sit", "s", "Back to your seat" if t.status == "playing" else "Sit at your seat"))
        elif free and t.status == "waiting":
            out.append(("sit", "s", "Take a free seat"))
        if t.status != "waiting":
            out.append(("watch", "w", "Watch the game"))
        if me == t.creator and t.status == "waiting":
            out.append(("start", "t", "Start the game" + ("" if not free else " (when every seat is taken)")))
        if mine and me != t.creator and t.status == "waiting":
            out.append(("free", "g", "Give up your seat"))
        if me == t.creator:
            out.append(("close", "x", "Close the table"))
        return out

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self._title(), id="table-title", classes="dialog-title")
            yield Static(self._seats(), id="table-seats")
            yield OptionList(*self._options(), id="actions")

    def _title(self) -> Content:
        t = self.table
        return Content(f"{t.title} · {t.status} · by {t.creator}")

    def _seats(self) -> Content:
        return Content("\n".join(f"Seat {i + 1}: {seat_text(s)}" for i, s in enumerate(self.table.seats)))

    def _options(self) -> list[Option]:
        return ([Option(Content(f"{key}  {text}"), id=name) for name, key, text in self.actions]
                + [Option(Content("b  Back"), id="back")])

    def show(self, table: P.TableInfo) -> None:
        """The table as the hub now has it (someone sat down or left, the game
        started): its seats and actions redrawn, the highlighted action kept."""
        if table == self.table:
            return
        self.table = table
        self.actions = self._actions()
        self.query_one("#table-title", Label).update(self._title())
        self.query_one("#table-seats", Static).update(self._seats())
        ol = self.query_one("#actions", OptionList)
        keep = ol.highlighted_option.id if ol.highlighted_option is not None else None
        ol.clear_options()
        ol.add_options(self._options())
        ids = [name for name, _k, _t in self.actions] + ["back"]
        ol.highlighted = ids.index(keep) if keep in ids else 0
        self.refresh_bindings()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "act":
            return any(name == parameters[0] for name, _k, _t in self.actions)
        return True

    def action_act(self, name: str) -> None:
        self.dismiss((name, self.table.id))

    def action_back(self) -> None:
        self.dismiss(None)

    @on(OptionList.OptionSelected, "#actions")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id == "back":
            self.dismiss(None)
        else:
            self.dismiss((str(event.option.id), self.table.id))


class NewTableScreen(ModalScreen["P.CreateTable | None"]):
    """A new table: the game (1-9), then how many seats and how many bots.

    You take seat 1; bots take the last seats; the other seats are free for
    whoever sits down. Enter in the bots field makes the table.
    """

    # a row per field, label and box side by side; the boxes are Textual's own
    # (a border that lights up with the focus, so you see where you type); taller
    # than the screen, the form scrolls to the focused field
    DEFAULT_CSS = """
    NewTableScreen { align: center middle; }
    NewTableScreen > VerticalScroll { width: 64; height: auto; max-height: 100%; border: thick $primary;
                                       padding: 0 2; background: $surface; }
    NewTableScreen #games { height: auto; max-height: 8; }
    NewTableScreen .field { height: 3; }
    NewTableScreen .field Label { width: 38; padding-top: 1; }
    NewTableScreen Input { width: 20; }
    NewTableScreen #new-error { color: $error; height: auto; }
    NewTableScreen #new-error.-empty { display: none; }
    NewTableScreen #new-hint { color: $text-muted; }
    NewTableScreen #options { height: auto; }
    NewTableScreen #options Checkbox { border: none; padding: 0; height: 1; margin: 1 0 0 0; }
    """

    BINDINGS = [Binding("escape,b", "back", "Back")]  # (b: from the game list; Escape anywhere)

    def __init__(self, games: dict[str, tuple[str, int, int]], me: str) -> None:
        super().__init__()
        self.games = games
        from core import GAMES

        known = list(GAMES)  # the launcher's order (the new-game form's), not by title
        self.ids = sorted(games, key=lambda g: (known.index(g) if g in known else len(known), games[g][0]))
        self.me = me
        self.game: str | None = None

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Label("New table: which game?", id="new-title", classes="dialog-title")
            yield OptionList(*[Option(Content(f"{i + 1}  {self.games[g][0]} ({self.games[g][1]}-{self.games[g][2]})"), id=g)
                               for i, g in enumerate(self.ids)], id="games")
            yield Vertical(id="options")
            with Horizontal(classes="field"):
                yield Label("Seats (players, you included):")
                yield Input("", id="seats", restrict=r"[0-9]*", max_length=1)
            with Horizontal(classes="field"):
                yield Label("Bots' level (random, greedy, strong):")
                yield Input(DEFAULT_LEVEL, id="level", max_length=8)
            with Horizontal(classes="field"):
                yield Label("Of the seats, played by the computer:")
                yield Input("0", id="bots", restrict=r"[0-9]*", max_length=1)
            yield Static("", id="new-error", classes="-empty")
            yield Label("Enter in the last field makes the table; Esc goes back.", id="new-hint")

    def on_mount(self) -> None:
        self.query_one("#games", OptionList).focus()

    def on_key(self, event: Any) -> None:
        if self.focused is self.query_one("#games") and event.character and event.character.isdigit():
            i = int(event.character) - 1
            if 0 <= i < len(self.ids):
                event.stop()
                self._pick(self.ids[i])

    @on(OptionList.OptionSelected, "#games")
    def _game_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._pick(str(event.option.id))

    def _pick(self, game: str) -> None:
        self.game = game
        title, lo, hi = self.games[game]
        self.query_one("#new-title", Label).update(f"New table: {title} ({lo}-{hi} players)")
        seats = self.query_one("#seats", Input)
        seats.value = str(max(lo, 2) if hi >= 2 else lo)
        box = self.query_one("#options", Vertical)
        box.remove_children()
        widgets = self._option_widgets(game)
        box.mount_all(widgets)
        self.call_after_refresh(self._focus_first_option, seats)

    def _focus_first_option(self, seats: Input) -> None:
        """The focus on the game's first option (once mounted), else on the seats."""
        first = next(iter(self.query("#options Checkbox, #options Input")), None)
        (first or seats).focus()

    def _option_widgets(self, game_id: str) -> list[Any]:
        """A label and a field per option of the game's Options (bool: a checkbox,
        else a text field holding the default), as the new-game form offers them."""
        from core import GAMES
        from tui.screens.new_game import Tick, _default_of, option_docs, option_fields

        options = GAMES[game_id].Options
        docs = option_docs(options)
        out: list[Any] = []
        for f in option_fields(options):
            default = _default_of(f)
            label = f.name.replace("_", " ")
            if isinstance(default, bool):
                # a Tick: Textual's Checkbox draws "X" on and off alike (told apart by colour only)
                out.append(Tick(f"Option: {label}", default, id=f"opt-{f.name}", tooltip=docs.get(f.name)))
            else:
                out.append(Horizontal(Label(f"Option: {label}"),
                                      Input(str(default), id=f"opt-{f.name}", tooltip=docs.get(f.name)), classes="field"))
        return out

    @on(Input.Submitted, "#options Input")
    def _option_done(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_next()

    def options(self) -> dict[str, Any] | str:
        """The options set in the form (as the game's Options would encode them), or what is wrong."""
        import msgspec

        from core import GAMES

        assert self.game is not None
        values: dict[str, Any] = {}
        for w in self.query("#options Checkbox, #options Input"):
            name = (w.id or "")[4:]
            values[name] = w.value
        try:
            return msgspec.to_builtins(msgspec.convert(values, GAMES[self.game].Options, strict=False))
        except msgspec.ValidationError as e:
            return f"Options: {e}"

    @on(Input.Submitted, "#seats")
    def _seats_done(self, event: Input.Submitted) -> None:
        event.stop()
        self.query_one("#level", Input).focus()

    @on(Input.Submitted, "#level")
    def _level_done(self, event: Input.Submitted) -> None:
        event.stop()
        self.query_one("#bots", Input).focus()

    @on(Input.Submitted, "#bots")
    def _bots_done(self, event: Input.Submitted) -> None:
        event.stop()
        msg = self.request()
        if isinstance(msg, str):
            error = self.query_one("#new-error", Static)
            error.update(Content(msg))
            error.remove_class("-empty")
        else:
            self.dismiss(msg)

    def request(self) -> "P.CreateTable | str":
        """The CreateTable the form describes, or a sentence saying what is wrong."""
        if self.game is None:
            return "Choose a game first (1-9)."
        title, lo, hi = self.games[self.game]
        try:
            n = int(self.query_one("#seats", Input).value or "0")
            bots = int(self.query_one("#bots", Input).value or "0")
        except ValueError:
            return "Seats and bots are whole numbers."
        if not lo <= n <= hi:
            return f"{title} takes {lo}-{hi} players."
        if not 0 <= bots < n:
            return f"Bots: 0 to {n - 1} (you take a seat)."
        seats = [P.SeatInfo(self.me, "human")]
        seats += [P.SeatInfo("", "human") for _ in range(n - 1 - bots)]
        from core.bots import LEVELS

        level = self.query_one("#level", Input).value.strip().lower()
        if bots and level not in LEVELS:
            return f"Bot level: one of {', '.join(LEVELS)}."
        seats += [P.SeatInfo(f"Bot {i + 1}", "bot", level=level) for i in range(bots)]
        options = self.options()
        if isinstance(options, str):
            return options
        return P.CreateTable(self.game, seats, options)

    def action_back(self) -> None:
        self.dismiss(None)


class NameScreen(ModalScreen[str]):
    """Asks the player's name (a browser tab has no login); Enter goes on."""

    DEFAULT_CSS = """
    NameScreen { align: center middle; }
    NameScreen > Vertical { width: 50; height: auto; border: thick $primary; padding: 1 2; background: $surface; }
    NameScreen #name-error { color: $error; height: auto; }
    """

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Your name at the tables:", classes="dialog-title")
            yield Input("", id="name", max_length=32)
            yield Static("", id="name-error")

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()

    @on(Input.Submitted, "#name")
    def _done(self, event: Input.Submitted) -> None:
        event.stop()
        name = " ".join(event.value.split())
        if not name:
            self.query_one("#name-error", Static).update("A name is needed.")
            return
        self.dismiss(name)


class TableClientApp(LowlandsApp):
    """Lowlands as one screen of the table hub at ``socket`` (player ``player``).

    The lobby is its first screen; ``q`` in the lobby, or the table server
    going away, ends it. Quitting a game keeps the seat (reconnect to return).
    """

    def __init__(self, data_dir: Path, socket: Path, player: str, **kwargs: Any) -> None:
        super().__init__(data_dir=data_dir, **kwargs)
        self.player = player
        self.link = TableLink(socket, player, self._message)
        self.games: dict[str, tuple[str, int, int]] = {}
        self.matches: dict[str, RemoteMatch] = {}
        self._rejoined: set[str] = set()

    def get_default_screen(self) -> Screen[Any]:
        return LobbyScreen()

    @property
    def lobby(self) -> LobbyScreen:
        return self.screen_stack[0]  # type: ignore[return-value]

    async def on_mount(self) -> None:  # type: ignore[override]
        super().on_mount()
        if not self.player:  # a browser tab: ask who is playing
            self.push_screen(NameScreen(), self._named)
            return
        await self._connect()

    async def _named(self, name: str) -> None:
        self.player = self.link.player = name
        await self._connect()

    async def _connect(self) -> None:
        try:
            await self.link.connect()
        except OSError as e:
            self.lobby.note(f"No table server answers at {self.link.path} ({e.strerror or e}).")
            self.set_timer(3, lambda: self.exit(return_code=1))

    # -- the hub's messages ---------------------------------------------------------------
    def _message(self, msg: Any) -> None:
        try:
            self._handle(msg)
        except Exception as e:  # noqa: BLE001 - never crash on one message
            self.log.error(f"message {msg!r}: {e}")
            self.notify(f"Out of step with the table: {e}", severity="error")

    def _handle(self, msg: Any) -> None:
        if msg is None:
            self.lobby.note(self.link.error or "The table server is gone.")
            self.notify(self.link.error or "The table server is gone.", severity="error")
            self.set_timer(2, lambda: self.exit(return_code=1))
        elif isinstance(msg, P.Welcome):
            self.player = msg.player
            self.games = dict(msg.games)
        elif isinstance(msg, P.Lobby):
            self.lobby.show_tables(msg.tables)
            self._drop_closed({t.id for t in msg.tables})
            self._rejoin(msg.tables)
        elif isinstance(msg, P.Joined):
            self._joined(msg)
        elif isinstance(msg, P.Update):
            m = self.matches.get(msg.table)
            if m is not None:
                try:
                    m.apply_update(msg.base, msg.moves, msg.by)
                except IndexError:
                    self.link.send(P.Sit(msg.table) if m.seat is not None else P.Watch(msg.table))
        elif isinstance(msg, P.Seats):
            m = self.matches.get(msg.table.id)
            if m is not None:
                old_info = m.table_info  # type: ignore[attr-defined]
                m.table_info = msg.table  # type: ignore[attr-defined]
                for before, now in zip(old_info.seats, msg.table.seats):
                    if now.kind == "human" and now.name != self.player and before.connected != now.connected:
                        self.notify(f"{now.name} is {'back' if now.connected else 'away (the seat is kept)'}.")
        elif isinstance(msg, P.Problem):
            self.notify(msg.text, severity="warning", timeout=4)

    def _drop_closed(self, open_ids: set[str]) -> None:
        """A table shown here was closed by its creator: back to the lobby."""
        for table_id, m in list(self.matches.items()):
            if table_id not in open_ids:
                del self.matches[table_id]
                while len(self.screen_stack) > 1 and any(getattr(s, "match", None) is m for s in self.screen_stack[1:]):
                    self.pop_screen()

    def _rejoin(self, tables: list[P.TableInfo]) -> None:
        """Back at a game in progress where this player sits (once per table)."""
        if self.matches:
            return
        for t in tables:
            if t.status == "playing" and t.id not in self._rejoined and any(
                    s.kind == "human" and s.name == self.player for s in t.seats):
                self._rejoined.add(t.id)
                self.link.send(P.Sit(t.id))
                return

    def _joined(self, msg: P.Joined) -> None:
        from core import GAMES

        game = GAMES[msg.table.game]
        match = RemoteMatch.from_joined(game, msg, self.link)
        match.table_info = msg.table  # type: ignore[attr-defined]
        self._rejoined.add(msg.table.id)
        old = self.matches.get(msg.table.id)
        self.matches[msg.table.id] = match
        if old is not None:  # joined again (out of step): drop the old screens
            while len(self.screen_stack) > 1 and getattr(self.screen, "match", None) is old:
                self.pop_screen()
        screen = remote_screen_for(match, self.data_dir)

        def changed() -> None:  # the hub changed the match: redraw
            if screen.is_mounted:
                screen.refresh_view()

        match.listeners.append(changed)
        self.push_screen(screen)

    def table_action(self, action: str, table: str) -> None:
        """Send the lobby's choice to the hub."""
        msg: Any = {"sit": P.Sit(table), "watch": P.Watch(table), "start": P.Start(table),
                    "free": P.Leave(table, free_seat=True), "close": P.Close(table)}[action]
        self.link.send(msg)

    def go_launcher(self) -> None:
        """Back to the lobby (the seat stays yours)."""
        while len(self.screen_stack) > 1:
            self.pop_screen()
        for table, m in list(self.matches.items()):
            self.link.send(P.Leave(table))
        self.matches.clear()

    def autosave_open_matches(self) -> None:
        """Nothing to save here: the table server autosaves every table."""

    def save_dialog(self, match: Any) -> None:
        """Off: a remote player must not write files on the server (the table
        server autosaves every table; its host can export it)."""
        self.notify("Saving to a file is off at a table server; every table is autosaved there.",
                    severity="warning")

    def export_dialog(self, match: Any) -> None:
        """Off, as ``save_dialog``."""
        self.save_dialog(match)


def remote_screen_for(match: RemoteMatch, data_dir: Path) -> Any:
    """The game's own screen playing ``match`` (GameScreen reads ``match.authority_here``
    and ``home_seat``: own seat's view, choices only on its turn, no bots or autosave)."""
    from tui.screens import game_screen_class

    # seat_guard 0: every turn this screen shows is its own player's (the guard
    # stops a held key playing the next person's turn at a shared keyboard)
    return game_screen_class(match.game.id)(match, data_dir=data_dir, curtain=False, seat_guard=0)


__all__ = ["LobbyScreen", "NameScreen", "NewTableScreen", "TableActions", "TableClientApp", "remote_screen_for"]
