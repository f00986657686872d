"""The launcher: continue an unfinished game, start, load or review one, themes, quit.

Keyboard-first: the OptionList is focused; Up/Down and Enter, or the hotkeys
shown in front of each line: 1-5 for the menu (6, in the footer, switches the ASCII look), a-p (no q) for unfinished games.
When the games and the menu do not fit in one list, the menu gets a box of its
own below the games (``split``), which scroll; Up/Down go from one to the other.
The unfinished games come from ``saves.list_autosaves`` (newest first); a
corrupt autosave is listed with its error and is never deleted or rewritten;
one broken at some move has its letter, game and players and can be reviewed
read-only up to that move; one that cannot be read at all has no letter. A
copy of a listed game (``saves.fork``) is marked "(copy)".
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any, Sequence

from rich.cells import cell_len
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.chrome import KeyFooter, QuietTitles, TitleHeader

#: (option id, hotkey, label) of the fixed menu, in order.
MENU: tuple[tuple[str, str, str], ...] = (
    ("new", "1", "New game"),
    ("load", "2", "Load a saved game…"),
    ("review", "3", "Review a saved game…"),
    ("themes", "4", "Themes…"),
    ("quit", "5", "Quit"),
)
#: hotkeys for unfinished games, in list order ("q" is quit, so it is skipped).
SAVE_KEYS: str = "abcdefghijklmnop"

#: A damaged autosave's file name is shortened to this many cells on its line, so
#: that the reason after it shows at 80 columns.
DAMAGED_NAME_CELLS = 25


def format_updated(updated: Any) -> str:
    """An autosave's ``updated`` time as "2026-11-29 22:10" (local time when known)."""
    if isinstance(updated, (int, float)):
        return datetime.fromtimestamp(updated).strftime("%Y-%m-%d %H:%M")
    if isinstance(updated, datetime):
        dt = updated
    else:
        try:
            dt = datetime.fromisoformat(str(updated))
        except ValueError:
            return str(updated)
    if dt.tzinfo is not None:
        dt = dt.astimezone()
    return dt.strftime("%Y-%m-%d %H:%M")


def short_updated(updated: Any, now: datetime | None = None, seconds: bool = False) -> str:
    """``updated`` in few columns: "18:16" today, "1 Dec 18:16" this year,
    else "2025-12-01" (local time; ``format_updated``'s text if unreadable).
    ``seconds``: to the second, with the time of day in every case: "18:16:07",
    "1 Dec 18:16:07", "2025-12-01 18:16:07" (two games played the same minute)."""
    full = format_updated(updated)
    try:
        dt = datetime.strptime(full, "%Y-%m-%d %H:%M")
    except ValueError:
        return full
    if seconds:
        exact = _local_time(updated)
        dt = dt if exact is None else exact
    clock = f"{dt:%H:%M:%S}" if seconds else f"{dt:%H:%M}"
    now = now or datetime.now()
    if dt.date() == now.date():
        return clock
    if dt.year == now.year:
        return f"{dt.day} {dt:%b} {clock}"
    return f"{dt:%Y-%m-%d} {clock}" if seconds else f"{dt:%Y-%m-%d}"


def _local_time(updated: Any) -> datetime | None:
    """``updated`` (ISO 8601 text, a timestamp or a datetime) as a naive local
    datetime to the second; None if unreadable."""
    try:
        if isinstance(updated, (int, float)):
            return datetime.fromtimestamp(updated)
        dt = updated if isinstance(updated, datetime) else datetime.fromisoformat(str(updated))
    except (ValueError, OverflowError, OSError):
        return None
    return dt.astimezone().replace(tzinfo=None) if dt.tzinfo is not None else dt


def describe_players(info: Any) -> str:
    """A SaveInfo's players in words, each bot with its level: "Ann, Bob
    (strong bot)" (so a game against the computer reads apart from a hotseat
    game of the same names)."""
    if not isinstance(info.players, (list, tuple)):
        return str(info.players)
    bots = list(getattr(info, "bots", None) or [])
    bots += [""] * (len(info.players) - len(bots))
    return ", ".join(f"{name} ({level} bot)" if level else name for name, level in zip(info.players, bots))


def decision_words(ply: int, over: bool = False) -> str:
    """The decision a save is at, as review words its position: "Decision 12"
    (review: "Decision 12/12"; a save keeps no undone decisions, so review of
    it opens at its last one, and N/N would add nothing here); a finished
    game (``over``) says so: "Decision 92, finished"."""
    return f"Decision {ply}, finished" if over else f"Decision {ply}"


def describe_save(info: Any) -> tuple[str, str]:
    """A SaveInfo in words as (game · Decision N[, finished] · when, the players): the load
    dialog writes them on two lines; the launcher one line, ``save_line``."""
    title = info.title or info.game_id or "?"
    return (f"{title} · {decision_words(info.ply, bool(getattr(info, 'over', False)))} · "
            f"{short_updated(info.updated)}", describe_players(info))


def save_line(info: Any, notes: str = "", state: str = "", *, turn: bool = False,
              seconds: bool = False, started: bool = False) -> str:
    """A launcher entry: game ``notes`` (" (copy)") · Decision N · when · ``state``
    · players. The mark of a copy follows the game's name and ``state`` ("open in
    another copy") comes before the players, so a long list of names cannot push
    either off 80 columns, where a copy and its original read alike but for the
    mark; only what comes last is cut (with an ellipsis; it never wraps), never the
    decision and time.

    To tell apart games whose lines would read alike (``save_lines``): ``turn``
    adds whose decision it is ("Decision 6, Bob to choose"), ``seconds`` gives
    when it was last played to the second ("16:57:03"), ``started`` adds when it
    was started ("16:57:03, started 16:52:10")."""
    title = info.title or info.game_id or "?"
    decision = decision_words(info.ply, bool(getattr(info, "over", False)))
    if turn:
        decision += f", {_turn_of(info)}"
    when = short_updated(info.updated, seconds=seconds)
    if started:
        when += f", started {short_updated(getattr(info, 'created', ''), seconds=True)}"
    return f"{title}{notes} · {decision} · {when} · {state + ' · ' if state else ''}{describe_players(info)}"


def _turn_of(info: Any) -> str:
    """Whose decision a SaveInfo is at: "Bob to choose"; "" if not known (or over)."""
    seat = getattr(info, "to_move", -1)
    if isinstance(info.players, (list, tuple)) and 0 <= seat < len(info.players):
        return f"{info.players[seat]} to choose"
    return ""


def save_lines(infos: Sequence[Any], notes: Sequence[str] = (), states: Sequence[str] = ()) -> list[str]:
    """The launcher entries of ``infos`` (``save_line`` of each, with its
    ``notes`` and ``state`` where given), each told apart from the others.
    Entries that would read alike (the same game and players at the same
    decision in the same minute) add what tells them apart, of: whose decision
    it is, when last played to the second, when started (in that order, each
    only where the ones before leave some alike and it differs among them, so
    that it shows before the players at 80 columns); any still
    alike (saved and started in the same second) are numbered in list order
    (newest first): "#1", "#2". Returns one line per info, in order."""
    n = len(infos)
    notes = list(notes) + [""] * (n - len(notes))
    states = list(states) + [""] * (n - len(states))
    lines = [save_line(info, notes[i], states[i]) for i, info in enumerate(infos)]
    for group in _alike(lines):
        tells = {
            "turn": [_turn_of(infos[i]) for i in group],
            "seconds": [short_updated(infos[i].updated, seconds=True) for i in group],
            "started": [getattr(infos[i], "created", "") for i in group],
        }
        use: dict[str, bool] = {}
        for kind, told in tells.items():  # in that order, each only while still needed
            if len(set(told)) > 1 and all(told):
                use[kind] = True
                for i in group:
                    lines[i] = save_line(infos[i], notes[i], states[i], **use)
                if len({lines[i] for i in group}) == len(group):
                    break
    for group in _alike(lines):
        for number, i in enumerate(group, 1):
            head, _, players = lines[i].rpartition(" · ")
            lines[i] = f"{head} · #{number} · {players}"
    return lines


def no_games_note(damaged: int) -> str:
    """The note under the launcher's list when no game can be continued:
    "No unfinished games. ..." only when there are none at all; with ``damaged``
    (> 0) damaged autosaves listed above it (and no other), that they are damaged
    and left as they are (once it said "No unfinished games" under one)."""
    if not damaged:
        return "No unfinished games. Press 1 to start one."
    what = "the autosave above is damaged" if damaged == 1 else f"the {damaged} autosaves above are damaged"
    return f"No game to continue: {what} (left untouched). Press 1 to start a new game."


def _alike(lines: Sequence[str]) -> list[list[int]]:
    """The groups of indices of ``lines`` that read the same (two or more each), in order."""
    seen: dict[str, list[int]] = {}
    for i, line in enumerate(lines):
        seen.setdefault(line, []).append(i)
    return [same for same in seen.values() if len(same) > 1]


def copied(infos: Sequence[Any]) -> set[int]:
    """The indices of the entries that are copies (``saves.fork``: a game
    continued as a copy, or loaded from a file; ``SaveInfo.copied_from``), so
    the launcher can mark them "(copy)". New games of the same table and seed
    are not copies."""
    return {i for i, info in enumerate(infos) if getattr(info, "copied_from", "")}


def _locked(app: Any, info: Any) -> bool:
    """Whether another copy of Lowlands is playing this autosave (``saves.lock``)."""
    try:
        from saves.lock import holder

        return holder(app.data_dir, Path(info.path).stem) is not None
    except Exception:  # noqa: BLE001 - no lock information: say nothing
        return False


class LauncherList(OptionList):
    """The launcher's lists. Up on the first entry and Down on the last stay
    there (Textual's OptionList wraps round: Up on the newest game went to
    Quit); while the menu has a box of its own below the games
    (``LauncherScreen.split``), Down from the last game goes on to the menu and
    Up from the menu's first item back to the games, as in one list."""

    def _step_out(self, direction: int) -> bool:
        screen = self.screen
        return isinstance(screen, LauncherScreen) and screen.step_out(self, direction)

    def action_cursor_down(self) -> None:
        if self.highlighted == self.option_count - 1:
            self._step_out(1)  # (else it stays on the last)
        else:
            super().action_cursor_down()

    def action_cursor_up(self) -> None:
        if self.highlighted == 0:
            self._step_out(-1)  # (else it stays on the first)
        else:
            super().action_cursor_up()


class LauncherScreen(QuietTitles, Screen[None]):
    """The first screen: the main menu and the unfinished games."""

    BINDINGS = [
        # the menu's keys act the moment they come (priority): keys typed after one in the same
        # burst ("1", Tab, a name) go to the screen it opens, not to the launcher's list behind it
        Binding("1", "pick('new')", "New", show=False, priority=True),
        Binding("2", "pick('load')", "Load", show=False, priority=True),
        Binding("3", "pick('review')", "Review", show=False, priority=True),
        Binding("4", "pick('themes')", "Themes", show=False, priority=True),
        Binding("5", "pick('quit')", "Quit", show=False, priority=True),
        # the footer says what 6 does now (check_action shows one of the two)
        Binding("6", "ascii_look(True)", "ASCII look", tooltip="Draw with plain ASCII only (remembered)"),
        Binding("6", "ascii_look(False)", "Full look", tooltip="Draw with box lines and other glyphs again"),
        Binding("x,delete", "delete_entry", "Delete game"),
        Binding("question_mark", "help", "Help"),
    ]

    def __init__(self, *, covered: bool = False) -> None:
        """``covered``: another screen is opened over it at once (``lowlands load``,
        ``new``, ``review``): its widgets are made and the games listed only when
        it is first shown, not while that screen is being opened."""
        super().__init__()
        self.autosaves: list[Any] = []
        self.list_error: str = ""
        self._listed = False
        self._covered = covered
        #: whether the menu is in its own box (#launcher-fixed): too many games to fit with it
        self.split = False

    def compose(self) -> ComposeResult:
        if self._covered:
            return
        yield from self._widgets()

    def _widgets(self) -> ComposeResult:
        yield TitleHeader()
        with Vertical(id="launcher-body"):
            dash = "-" if getattr(self.app, "ascii", False) else "—"
            yield Static(Content(f"Lowlands {dash} Dutch tabletop games at one keyboard"), id="launcher-title")
            yield LauncherList(id="launcher-menu")
            # the menu, in a box of its own below the games when they do not all fit with it
            yield LauncherList(id="launcher-fixed")
            yield Static("", id="launcher-note")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.sub_title = "Launcher"
        if not self._covered:
            self._show_first()

    def _show_first(self) -> None:
        if getattr(self.app, "ascii", False):  # no "…" under --ascii: cut long entries
            for ol in self.query(LauncherList):
                ol.styles.text_overflow = "clip"
        self.refresh_menu()
        self._listed = True
        menu = self.query_one("#launcher-menu", OptionList)
        (menu if menu.highlighted is not None else self.query_one("#launcher-fixed", OptionList)).focus()

    @property
    def covered(self) -> bool:
        """Whether it is still waiting to be shown for the first time (see ``__init__``)."""
        return self._covered

    async def uncover(self) -> None:
        """Make the widgets and list the games now (it shows, or shows through a
        dialog opened over it)."""
        if self._covered:
            self._covered = False
            await self.mount_compose(self._widgets())
            self._show_first()

    async def on_screen_resume(self) -> None:
        if self._covered:
            if self.app.screen is not self:  # (the resume of being installed, already covered)
                return
            await self.uncover()  # shown for the first time: made now, then laid out
        if self._listed:  # the first resume follows on_mount, which has just listed them
            self._listed = False
            return
        self.refresh_menu()

    def on_screen_suspend(self) -> None:
        self._listed = False  # list again when it comes back (a game may have been saved)

    # -- the list ---------------------------------------------------------------
    def _load_autosaves(self) -> list[Any]:
        try:
            from saves import list_autosaves
        except ImportError as e:  # saves/ not written yet
            self.list_error = f"Saved games are not available: {e}"
            return []
        try:
            infos = list(list_autosaves(self.app.data_dir))
        except OSError as e:
            self.list_error = f"Cannot read the saves folder: {e}"
            return []
        self.list_error = ""
        # a game quit before its first decision is listed too: it is autosaved, and
        # x must be able to delete it
        return [i for i in infos if i.error or not i.over]

    def _damaged_line(self, info: Any) -> str:
        """An autosave that cannot be opened, as its launcher line: the file first (a
        long name shortened in the middle to ``DAMAGED_NAME_CELLS``), the game and
        players where they are known, then why ("7792ab3c3c6a.json (Windmill Valley ·
        Cy) is not a Lowlands save (it is not valid JSON; ..."); 80 columns cut the
        end of a long reason, which Enter shows whole."""
        path, name, error = str(info.path), Path(info.path).name, str(info.error).strip()
        if cell_len(name) > DAMAGED_NAME_CELLS:
            dots = "..." if getattr(self.app, "ascii", False) else "…"
            half = (DAMAGED_NAME_CELLS - len(dots)) // 2
            name = name[:half] + dots + name[-half:]
        if info.title:  # (read from its header, or the game it held when last autosaved)
            name += f" ({info.title} · {', '.join(info.players)})"
        return name + error[len(path):] if error.startswith(path) else f"{name}: {error.replace(path, 'it')}"

    def refresh_menu(self) -> None:
        """Rebuild the menu with the current unfinished autosaves (when shown:
        a launcher still ``covered`` lists them when it is)."""
        if self._covered:
            return
        menu = self.query_one("#launcher-menu", OptionList)
        fixed = self.query_one("#launcher-fixed", OptionList)
        was = fixed if self.focused is fixed else menu
        keep = was.highlighted_option.id if was.highlighted_option is not None else None
        self.autosaves = self._load_autosaves()
        options: list[Option | None] = []
        copies = copied(self.autosaves)
        keys = dict(zip(self._openable(), SAVE_KEYS))
        mark = "x" if getattr(self.app, "ascii", False) else "✗"
        n_ok = 0
        # each game's line told apart from the others' (save_lines); the damaged ones are not lines of it
        ok = [i for i, info in enumerate(self.autosaves) if not info.error]
        told = save_lines([self.autosaves[i] for i in ok], [" (copy)" if i in copies else "" for i in ok],
                          ["open in another copy" if _locked(self.app, self.autosaves[i]) else "" for i in ok])
        lines = dict(zip(ok, told))
        for i, info in enumerate(self.autosaves):
            key = keys.get(i, " ")
            if info.error:
                name = Path(info.path).name
                # the reason first: a long file name must not push it past 80 columns
                reason = str(info.error).replace(str(info.path), "this autosave").strip()
                reason = reason[:1].upper() + reason[1:]
                if getattr(info, "partial", -1) > 0:  # broken at some move: Enter reviews what came before
                    players = ", ".join(info.players)
                    head = f" {key}  {mark} {info.title or info.game_id or '?'} · {players} · "
                    options.append(Option(Content.assemble(
                        head, (f"Review only ({decision_words(info.partial)}): {reason} ({name})", "$text-error")),
                        id=f"bad:{i}"))
                else:  # highlightable: x deletes it; Enter shows the whole reason
                    options.append(Option(Content.assemble(
                        f" {key}  {mark} ", (self._damaged_line(info), "$text-error")), id=f"bad:{i}"))
            else:
                n_ok += 1
                options.append(Option(Content(f" {key}  {lines[i]}"), id=f"save:{i}"))
        games = [o.id for o in options if o is not None]
        items = []
        for oid, key, label in MENU:
            if getattr(self.app, "ascii", False):
                label = label.replace("…", "...")
            items.append(Option(Content(f" {key}  {label}"), id=oid))
        note = self.list_error or (no_games_note(len(self.autosaves) - n_ok) if not n_ok else "")
        self.split = bool(options) and len(options) + 1 + len(items) > self._rows(note)
        menu.clear_options()
        fixed.clear_options()
        if self.split:  # the games scroll in their box; the menu stays in view below it
            menu.add_options(options)
            fixed.add_options(items)
        else:
            menu.add_options(options + ([None] if options else []) + items)
        fixed.display = self.split
        openable = [i for i in games if not (i.startswith("bad:") and getattr(
            self.autosaves[int(i[4:])], "partial", -1) <= 0)]  # not first on one that cannot open
        target = keep if keep in games + [o.id for o in items] else (openable or ["new"])[0]
        self._highlight(target, focus=self.focused in (menu, fixed))
        box = self.query_one("#launcher-note", Static)
        box.update(Content(note))
        box.display = bool(note)  # an empty note gives its lines to the menu

    def _rows(self, note: str) -> int:
        """The rows the launcher's list has for its entries in this terminal (the
        header, footer, the body's padding, the title, the box, the ``note``
        under it as wrapped at this width, with its margin, taken off)."""
        size = self.app.size
        return size.height - 8 - (len(Content(note).wrap(max(1, size.width - 4))) + 1 if note else 0)

    def _highlight(self, option_id: str, focus: bool = True) -> OptionList:
        """Highlight ``option_id`` in the list that holds it (focused, if ``focus``); that list."""
        menu = self.query_one("#launcher-menu", OptionList)
        fixed = self.query_one("#launcher-fixed", OptionList)
        ol = fixed if self.split and option_id in {oid for oid, _k, _l in MENU} else menu
        ol.highlighted = ol.get_option_index(option_id)
        if focus:
            ol.focus()
        return ol

    def step_out(self, ol: OptionList, direction: int) -> bool:
        """Down from the last game to the menu's box, Up from its first item back
        (``LauncherList``); False (nothing moves) when the menu is not in a box
        of its own, and at either end of the whole list: no wrapping round."""
        if not self.split:
            return False
        menu = self.query_one("#launcher-menu", OptionList)
        fixed = self.query_one("#launcher-fixed", OptionList)
        if (ol is menu) != (direction > 0):  # Up from the first game, Down from Quit
            return False
        other = fixed if ol is menu else menu
        other.highlighted = 0 if direction > 0 else other.option_count - 1
        other.focus()
        return True

    def on_resize(self) -> None:
        """A new terminal size may give the menu its own box, or take it back."""
        if not self._covered and self.is_mounted and self.autosaves:
            box = self.query_one("#launcher-note", Static)
            note = str(box.content) if box.display else ""
            if self.split != (len(self.autosaves) + 1 + len(MENU) > self._rows(note)):
                self.refresh_menu()

    # -- keys -----------------------------------------------------------------------
    def _openable(self) -> list[int]:
        """The entries that open (in list order, as their letters go): the
        unfinished games and the damaged ones with decisions to review."""
        return [i for i, info in enumerate(self.autosaves)
                if not info.error or getattr(info, "partial", -1) > 0]

    def on_key(self, event: Any) -> None:
        ch = event.character
        if ch and ch in SAVE_KEYS and event.key == ch:
            ok = self._openable()
            k = SAVE_KEYS.index(ch)
            if k < len(ok):
                event.stop()
                event.prevent_default()
                self._run(f"{'bad' if self.autosaves[ok[k]].error else 'save'}:{ok[k]}")

    def action_pick(self, option_id: str) -> None:
        try:
            self._highlight(option_id)
        except Exception:  # noqa: BLE001 - option missing
            return
        self._run(option_id)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "ascii_look":  # "6 ASCII look" in the full look, "6 Full look" in the ASCII one
            return bool(parameters and parameters[0]) != bool(getattr(self.app, "ascii", False))
        return super().check_action(action, parameters)

    def action_ascii_look(self, on: bool = True) -> None:
        """6: the ASCII look on or off (``LowlandsApp.set_ascii``, remembered); in
        the footer, not the menu, so seven unfinished games still fit at 80x24.
        The footer names what the key does now: "ASCII look", or "Full look"
        (as the command palette calls them)."""
        app: Any = self.app
        if hasattr(app, "set_ascii"):
            app.set_ascii(on)
            app.notify(f"ASCII look {'on' if app.ascii else 'off'} (remembered)")
        self.refresh_bindings()

    def action_delete_entry(self) -> None:
        """x / Delete: remove the highlighted unfinished game, after a confirmation
        naming it (``saves.store.delete_autosave`` removes only our own autosaves)."""
        menu = self.query_one("#launcher-menu", OptionList)
        option = menu.highlighted_option if self.focused is not self.query_one("#launcher-fixed") else None
        oid = str(option.id) if option is not None and option.id else ""
        if not oid.startswith(("save:", "bad:")):
            self.app.notify("Highlight an unfinished game to delete it.")
            return
        self.delete_entry(self.autosaves[int(oid.split(":", 1)[1])])

    @work
    async def delete_entry(self, info: Any) -> None:
        from saves import SaveError
        from saves.store import delete_autosave
        from tui.screens.dialogs import ConfirmDialog, MessageDialog

        app: Any = self.app
        if info.error:
            what = f"the damaged autosave {Path(info.path).name}"
        else:
            head, players = describe_save(info)
            what = f"{head} ({players})"
        if _locked(app, info):
            app.push_screen(MessageDialog(f"{what}: this game is open in another copy of Lowlands; "
                                          "it cannot be deleted.", title="Not deleted", error=True))
            return
        if not await app.push_screen_wait(ConfirmDialog(f"Delete {what}? This cannot be undone.",
                                                        title="Delete a game")):
            return
        try:
            delete_autosave(info.path, app.data_dir)
        except SaveError as e:
            app.push_screen(MessageDialog(str(e), title="Not deleted", error=True))
            return
        self.refresh_menu()
        app.notify("Deleted.")

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(None))

    @on(OptionList.OptionSelected, "#launcher-menu, #launcher-fixed")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_id:
            self._run(event.option_id)

    def _run(self, option_id: str) -> None:
        app: Any = self.app
        if option_id.startswith("save:"):
            self.continue_save(int(option_id[5:]))
        elif option_id.startswith("bad:"):  # a save broken at some move: read-only review
            info = self.autosaves[int(option_id[4:])]
            if getattr(info, "partial", -1) > 0:
                app.open_file(Path(info.path), review=True)
            else:  # nothing to review: say why, and how to remove it
                from tui.screens.dialogs import MessageDialog

                app.push_screen(MessageDialog(f"{info.error}\n\nx deletes it from the list.",
                                              title="Cannot be opened", error=True))
        elif option_id == "new":
            from tui.screens.new_game import NewGameScreen

            app.push_screen(NewGameScreen())
        elif option_id == "load":
            self.ask_and_open(review=False)
        elif option_id == "review":
            self.ask_and_open(review=True)
        elif option_id == "themes":
            app.action_change_theme()
        elif option_id == "quit":
            app.call_next(app.action_quit)  # (a coroutine: calling it alone did nothing)


    # -- actions --------------------------------------------------------------------
    def continue_save(self, index: int) -> None:
        """Load the unfinished autosave at ``index`` and open its game screen."""
        info = self.autosaves[index]
        self.app.open_file(Path(info.path), review=False)  # type: ignore[attr-defined]

    @work
    async def ask_and_open(self, review: bool) -> None:
        from tui.screens.dialogs import LoadDialog

        data = Path(self.app.data_dir)  # type: ignore[attr-defined]
        folder = data / "saves" if (data / "saves").is_dir() else data
        title = "Review a saved game or an exported record" if review else "Load a saved game"
        app: Any = self.app
        dialog = LoadDialog(title, data, f"{folder}/", action="Open", records=review,
                            reader=lambda p: app.read_to_open(p, review=review))
        path = await app.push_screen_wait(dialog)
        if path is not None:
            app.open_file(path, review=review, loaded=dialog.loaded)
