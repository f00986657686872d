"""LowlandsApp (the Textual app) and ``main()``, the ``lowlands`` command.

    lowlands                                   the launcher
    lowlands new gift-of-tulips --players Ann,Bob,Cy [--seed N] [--bots Bob]
             [--undo friendly|strict] [--curtain]
    lowlands load FILE                         continue a saved game
    lowlands review FILE                       review a saved game or an exported record
    lowlands export FILE [-o OUT [--force]]    print the plain-text game record
    lowlands serve [--host H] [--port 2222] [--open]   host tables over SSH (net.cli)
    lowlands web [--port 8000]                 the same tables in a browser
    global: --data-dir DIR (else $LOWLANDS_DATA_DIR, else the platform's data
            folder), --ascii (no wide glyphs)

Bad arguments print one line to stderr and exit with status 2; a file given on
the command line is only ever read.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import signal
import sys
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Sequence
from weakref import WeakSet

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.command import CommandInput, CommandPalette, DiscoveryHit, Hit, Hits, Provider, SearchIcon
from textual.containers import Center, Middle
from textual.content import Content
from textual.screen import Screen
from textual.theme import Theme
from textual.widgets import Static

from themes import DEFAULT_THEME, SEAT_VARIABLES, TCSS_PATH, THEMES
from tui.config import config_dir, load_config, save_config

#: The smallest terminal Lowlands draws its screens in.
MIN_WIDTH, MIN_HEIGHT = 80, 24

# -- the too-small guard ----------------------------------------------------------------
def toast_rows(notification: Any, width: int) -> int:
    """The rows a toast of ``notification`` (a Textual Notification: its title, if
    any, above its message, shown as written) takes when the toast is ``width``
    cells wide, its left border and padding (the stylesheet's Toast: ``padding:
    0 1``) taken off; at least 1."""
    from textual.content import Content

    text = Content(notification.message)
    if notification.title:
        text = Content.assemble(notification.title, "\n", text)
    return max(1, len(text.wrap(max(1, width - 3))))


class TooSmallScreen(Screen[None]):
    """Covers everything while the terminal is below 80x24; popped when it grows.

    The screens below stay mounted, so every dialog and decision is kept. Keys
    do nothing here but ctrl+q / ctrl+c (quit, the game autosaved first): a
    plain ``q`` is ignored as the others are, so a key meant for the game or a
    dialog underneath never ends the program and closes that dialog.
    """

    #: ``q`` is the app's quit key elsewhere; here it means nothing (the screen
    #: names ctrl+q only)
    BINDINGS = [Binding("q", "ignore", show=False)]

    def __init__(self) -> None:
        super().__init__(id=None)

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static("", id="too-small-message")

    def on_mount(self) -> None:
        self.update_size()

    def update_size(self) -> None:
        w, h = self.app.size
        self.query_one("#too-small-message", Static).update(
            Content(
                f"Terminal too small: need {MIN_WIDTH}x{MIN_HEIGHT}, have {w}x{h}.\n"
                "Enlarge the window; nothing is lost.\n(ctrl+q quits; an open game is autosaved)"
            )
        )

    def action_ignore(self) -> None:
        """A key that means nothing while the terminal is too small."""


#: ASCII names for the glyphs Textual uses in key displays (``--ascii``).
_ASCII_KEYS: dict[str, str] = {"←": "left", "→": "right", "↑": "up", "↓": "down", "⏎": "enter", "⇥": "tab"}


def _hidden(widget: Any, screen: Screen[Any]) -> bool:
    """True if ``widget`` or a container of it is not displayed (``display: none``
    or ``visibility: hidden``). (Not "outside the focus chain": a widget mounted
    but not yet laid out, e.g. a command palette's input, is not hidden.)"""
    for node in widget.ancestors_with_self:
        if node is screen:
            return False
        if not node.display or not node.visible:
            return True
    return False


# -- command palette ---------------------------------------------------------------------
def _search_icon(ascii: bool) -> str:
    """The palette's search icon: Textual's magnifier, ">" in the ASCII look
    (the magnifier, two cells wide, has no ASCII stand-in)."""
    return ">" if ascii else "\U0001f50e"  # (Textual's own: SearchIcon.icon)


class LowlandsPalette(CommandPalette):
    """Textual's command palette, which Backspace in an empty search closes too
    (not only Escape; issue 10, item 10)."""

    BINDINGS = [Binding("backspace", "back_or_close", "Close", show=False, priority=True)]

    def on_mount(self) -> None:
        self.query_one(SearchIcon).icon = _search_icon(getattr(self.app, "ascii", False))

    def action_back_or_close(self) -> None:
        search = self.query_one(CommandInput)
        if search.value:
            search.action_delete_left()
        else:
            self._action_escape()


def _open_match(screen: Screen[Any]) -> Any | None:
    """The Match the screen shows (game, review, game-over screens), else None."""
    from core.match import Match

    m = getattr(screen, "match", None)
    return m if isinstance(m, Match) else None


class LowlandsCommands(Provider):
    """Command palette entries: help, for an open game save, export, review, undo,
    redo; the look, the launcher, and quit last."""

    def _commands(self) -> list[tuple[str, str, Callable[[], Any]]]:
        app: Any = self.app
        screen = self.screen
        match = _open_match(screen)
        cmds: list[tuple[str, str, Callable[[], Any]]] = [
            ("Help", "The keys and the rules of this game", lambda: app.show_help(match.game.id if match else None)),
        ]
        if match is not None:
            from tui.screens.review import ReviewScreen, review_screen

            if match.authority_here:  # a networked table's players write no files on its server
                cmds.append(("Save game", "Save this game to a file", lambda: app.save_dialog(match)))
                cmds.append(("Export record", "Write the plain-text game record to a file", lambda: app.export_dialog(match)))
            if not isinstance(screen, ReviewScreen):
                cmds.append(("Review", "Step through this game move by move", lambda: app.push_screen(review_screen(app, match))))
            if hasattr(screen, "action_undo") and match.can_undo():
                cmds.append(("Undo", "Take back the last decision", lambda: screen.run_action("undo")))
            if hasattr(screen, "action_redo") and match.can_redo():
                cmds.append(("Redo", "Make the undone decision again", lambda: screen.run_action("redo")))
        if app.ascii:
            cmds.append(("Full look", "Draw with box lines, arrows and other glyphs again (remembered)",
                         lambda: app.set_ascii(False)))
        else:
            cmds.append(("ASCII look", "Draw with plain ASCII only, for terminals that show other glyphs "
                         "wrongly (remembered)", lambda: app.set_ascii(True)))
        from tui.screens.launcher import LauncherScreen

        if not isinstance(screen, LauncherScreen):  # not offered where it would lead nowhere
            cmds.append(("Launcher", "Back to the launcher (the game is autosaved)", app.go_launcher))
        # last, never the first line the palette opens on: Textual's own Quit came first
        # in its list at times, and ctrl+p then Enter quit the program
        cmds.append(("Quit", "Quit Lowlands (an open game is autosaved first)", app.action_quit))
        return cmds

    async def discover(self) -> Hits:
        for name, help_text, callback in self._commands():
            yield DiscoveryHit(name, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, help_text, callback in self._commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, help=help_text)


# -- the app ------------------------------------------------------------------------------
class LowlandsApp(App[None]):
    """The Lowlands terminal tabletop.

    Args:
        data_dir: where saves and autosaves live (see ``saves.data_dir``).
        config_dir: where config.json lives (None: $LOWLANDS_CONFIG_DIR or the
            platform's config folder).
        start: a screen (or a function making one, or opening one itself and
            returning None) to open over the launcher, e.g. a game screen for
            ``lowlands new``; None opens the launcher.
        ascii: avoid wide / non-ASCII glyphs (``--ascii``).
        curtain: the default of the hand-over curtain for games opened here.
    """

    TITLE = "Lowlands"
    #: seconds a toast ("Saved to ...") stays (Textual's default is 5)
    NOTIFICATION_TIMEOUT = 2.5
    CSS_PATH = str(TCSS_PATH)
    COMMANDS = App.COMMANDS | {LowlandsCommands}
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
        Binding("ctrl+c", "quit", "Quit", show=False, priority=True),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(
        self,
        data_dir: Path,
        config_dir: Path | None = None,
        start: Any = None,
        *,
        ascii: bool = False,
        curtain: bool = False,
    ) -> None:
        super().__init__()
        self.data_dir = Path(data_dir)
        self.config_dir = config_dir_for(config_dir)
        self.ascii = ascii
        self.curtain = curtain
        self._ascii_filter: Any = None
        self._legible_filter: Any = None
        self._start = start
        self._screens_seen: WeakSet[Screen[Any]] = WeakSet()
        #: matches only looked at here, never autosaved nor locked: shown read-only
        #: (a broken save, a game locked by another copy), or a file reviewed
        #: (a save or a game record) until review's ``c`` makes it a new game
        self.read_only_matches: WeakSet[Any] = WeakSet()
        #: ids of the matches whose lock (saves.lock) this app holds
        self._locks: set[str] = set()
        for theme in THEMES.values():
            self.register_theme(theme)
        self.config = load_config(self.config_dir)
        #: the ASCII look: asked for (--ascii, a non-UTF-8 locale) or chosen before
        self.ascii = bool(ascii or self.config.ascii)
        if self.ascii:
            from tui.chrome import install_ascii_borders

            install_ascii_borders()
        self._start_theme(self.config.theme if self.config.theme in self.available_themes else DEFAULT_THEME)

    def _start_theme(self, name: str) -> None:
        """Use theme ``name`` from the first frame on.

        Assigning ``self.theme`` would run Textual's theme watcher once the app
        starts, which re-parses every stylesheet and lays the screen out again
        (tens of ms of startup); before the first parse it is enough to set the
        value and give the stylesheet that theme's variables (Textual's own
        ``set_reactive(App.theme, ...)`` idiom).
        """
        self.set_reactive(App.theme, name)
        theme = self.current_theme
        self.stylesheet.set_variables(self.get_css_variables())
        self.set_class(theme.dark, "-dark-mode", update=False)
        self.set_class(not theme.dark, "-light-mode", update=False)
        self.set_class(True, f"-theme-{theme.name}", update=False)
        refresh_filter = getattr(self, "_refresh_truecolor_filter", None)
        if refresh_filter is not None:  # ANSI colours mapped for a dark or a light theme
            refresh_filter(self.ansi_theme)

    #: Textual's own palette commands a player can use; "Keys", "Maximize"
    #: (which hides the board) and "Screenshot" are for developers (issue 10, item 24).
    PLAYER_SYSTEM_COMMANDS: frozenset[str] = frozenset({"Theme"})

    def get_system_commands(self, screen: Screen[Any]) -> Any:
        """Textual's palette commands, only those in PLAYER_SYSTEM_COMMANDS
        (Quit is LowlandsCommands' last line: it runs ``action_quit``, which
        autosaves)."""
        for command in super().get_system_commands(screen):
            if command.title in self.PLAYER_SYSTEM_COMMANDS:
                yield command

    #: toasts shown at once; an older one goes when a new one comes (a stack of
    #: them would climb over the picker at 80x24)
    MAX_TOASTS = 2

    def notify(self, message: str, *, title: str = "", severity: Any = "information",
               timeout: float | None = None, markup: bool = False) -> None:
        """Textual's toast, but its text always plain: Textual reads "[...]" in a
        message as markup (and ``Widget.notify`` asks for markup), which ate
        words of game announcements (issue 10, item 27: "(+1    in one"); a
        Lowlands notice is shown as written. At most MAX_TOASTS show at a time."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def _on_notify(self, event: Any) -> None:
        """Before Textual's own handler (called after this one) adds the new toast:
        drop the same notice shown before (u pressed again: one "Nothing to undo
        yet.", not two) and the oldest, so that at most MAX_TOASTS show; none
        the screen on top has asked to be quiet about (its ``quiet_before``: the
        game-over screen, about the last decision's announcements)."""
        new = event.notification
        quiet = getattr(self.screen, "quiet_before", None)
        if quiet is not None and new.raised_at <= quiet and new.severity != "error":
            event.prevent_default()  # (Textual's handler would show it)
            return
        for old in [n for n in self._notifications if (n.title, n.message) == (new.title, new.message)]:
            self._unnotify(old, refresh=False)
        held = list(self._notifications)
        for old in held[:max(0, len(held) - self.MAX_TOASTS + 1)]:
            self._unnotify(old, refresh=False)
        self.fit_toasts(new)

    def fit_toasts(self, new: Any = None) -> None:
        """Where the screen on top says where toasts may go (``notice_room()``:
        (rows, width), a game screen's log, below its choices), take down the
        oldest toasts shown until they, and the Notification ``new`` about to
        be shown, take no more than those rows: a second toast, or the choices
        of the next decision growing under one, put toasts over the choices.
        The newest is kept even when it alone is taller. Toasts are repainted
        at once when one goes."""
        room = getattr(self.screen, "notice_room", None)
        fit = room() if room is not None else None
        if fit is None or not (self._notifications or new is not None):
            return
        rows, width = fit
        shown = list(self._notifications) + ([new] if new is not None else [])
        used, first = 0, len(shown) - 1
        for i in range(len(shown) - 1, -1, -1):  # newest first
            used += toast_rows(shown[i], width)
            if used > rows and i < len(shown) - 1:
                break
            first = i
        gone = [n for n in shown[:first] if n is not new]
        for n in gone:
            self._unnotify(n, refresh=n is gone[-1] and new is None)

    def action_command_palette(self) -> None:
        """Our palette (Backspace in an empty search closes it)."""
        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(LowlandsPalette(id="--command-palette"))

    def search_themes(self) -> None:
        """The theme list in our palette (Backspace in an empty search closes it)."""
        from textual.theme import ThemeProvider

        self.push_screen(LowlandsPalette(providers=[ThemeProvider], placeholder="Search for themes" + ("..." if self.ascii else "\u2026")))

    def get_theme_variable_defaults(self) -> dict[str, str]:
        """$seat-1 .. $seat-6 for every theme, also Textual's own (which lack them;
        without a default the stylesheet would not parse under those themes)."""
        return {**super().get_theme_variable_defaults(), **SEAT_VARIABLES}

    @property
    def _background_screens(self) -> list[Screen[Any]]:
        """The screens under the top one that show through it: none when the
        top screen's background is opaque (a game screen over the launcher).

        Textual always counts the screen just below the top as visible, so a
        covered launcher's first layout (``lowlands load`` pushes the game over
        it before either is painted) made the game repaint the whole terminal
        a second time, and resizes and repaints of covered screens were passed
        on. A screen brought back to the top is laid out and painted anew."""
        stack = self._screen_stack
        if stack and stack[-1].styles.background.a == 1:
            return []
        return super()._background_screens

    def _set_pointer_shape(self, shape: str) -> None:
        """Textual writes the mouse pointer's shape (an OSC 22 sequence) each
        time a screen's is set, also for a screen that is not shown: review,
        built ahead once a loaded game is painted, wrote "default" again ~0.1 s
        after its first frame (a late write that ``lowlands load`` was timed
        to). Written only when it differs from the last one written through
        the same driver."""
        key = (id(self._driver), shape)
        if key != self.__dict__.get("_pointer_written"):
            self.__dict__["_pointer_written"] = key
            super()._set_pointer_shape(shape)

    #: Python's thread switch interval (s) while the app runs (``run``)
    SWITCH_INTERVAL = 0.0005

    def run(self, *args: Any, **kwargs: Any) -> Any:
        """Textual's ``run``, with Python's thread switch interval at most
        ``SWITCH_INTERVAL`` while it runs (put back after).

        Textual hands each frame to its writer thread, which then waits for
        the GIL while the event loop goes on with the work after the frame
        (the idle messages of the widgets just repainted, the autosave
        scheduled): Python makes a thread waiting for the GIL wait up to its
        switch interval, 5 ms by default, so a decision's frame reached the
        terminal 3-6 ms after it was ready (the bare app's key, idle at once,
        never waits). A background thread (an autosave, a bot deciding in a
        thread) likewise holds a key back for at most this long."""
        old = sys.getswitchinterval()
        sys.setswitchinterval(min(old, self.SWITCH_INTERVAL))
        try:
            return super().run(*args, **kwargs)
        finally:
            sys.setswitchinterval(old)

    def _display(self, screen: Screen[Any], renderable: Any) -> None:
        """Textual's, with the frame handed to the driver in one write: Textual
        writes the synchronized-output start, then renders the frame, then
        writes it and the end. The first write woke the writer thread, which
        took the GIL from the frame's rendering (for a switch and back, each
        a wait on a busy machine); now it wakes once, for the whole frame."""
        driver = self._driver
        if driver is None or self.is_headless or "write" in getattr(driver, "__dict__", {"write": None}):
            super()._display(screen, renderable)
            return
        parts: list[str] = []
        driver.write = parts.append  # type: ignore[method-assign]  # (this call only)
        try:
            super()._display(screen, renderable)
        finally:
            del driver.write
            if parts:
                driver.write("".join(parts))

    def get_default_screen(self) -> Screen[Any]:
        from tui.screens.launcher import LauncherScreen

        # under a start screen: made when first shown (LauncherScreen's ``covered``)
        return LauncherScreen(covered=self._start is not None)

    def on_mount(self) -> None:
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        self.screen_change_signal.subscribe(self, self._screen_changed)
        self._install_signal_handlers()
        self.call_later(self.check_size)

    async def _ready(self) -> None:
        """Textual's hook that runs once the app is mounted, just before it
        starts painting: open the ``start`` screen here, not in ``on_mount``.

        Textual mounts the app inside a batch that discards every repaint, and
        waits there for the mount of a screen pushed by ``on_mount``: the start
        screen was laid out and rendered once for nothing, then again after the
        batch (``lowlands load`` of a long game spent ~40 ms on it). Pushed
        here, it is composed, laid out and painted once, after the batch."""
        await super()._ready()
        self._open_start()
        self.call_after_refresh(resume_gc)  # (the first screen painted: see pause_gc)

    def _open_start(self) -> None:
        """Open ``start`` over the launcher (see the constructor), with the
        read-only notice of a review that must be read-only."""
        if self._start is None:
            return
        start = self._start
        screen = start if isinstance(start, Screen) else start()
        if screen is not None:  # (None: the function opened what it wanted itself)
            self.push_screen(screen)
        reason = getattr(screen, "read_only", "")
        if reason:  # e.g. ``lowlands review`` of a save broken at some move
            from tui.screens.dialogs import MessageDialog

            self.read_only_matches.add(screen.match)
            self.push_screen(MessageDialog(reason, title="Read-only review"))

    def format_title(self, title: str, sub_title: str) -> Any:
        """"Title — sub-title" as Textual draws it; under ``--ascii`` the dash is
        "-" and a "·" separator in the sub-title is "|"."""
        if not self.ascii:
            return super().format_title(title, sub_title)
        from textual.content import Content

        sub = (sub_title or "").replace("·", "|").replace("—", "-").replace("…", "...")
        if not sub:
            return Content(title)
        return Content.assemble(Content(title), (" - ", "dim"), Content(sub).stylize("dim"))

    def get_driver_class(self) -> Any:
        """Textual's driver for this terminal, without pixel mouse reporting
        (``tui.terminal``: a 0x0 pixel size would crash Textual's input parser)."""
        from tui.terminal import guard_parser, no_pixel_mouse_driver

        guard_parser()
        return no_pixel_mouse_driver(super().get_driver_class())

    def get_line_filters(self) -> Sequence[Any]:
        """Textual's line filters, plus the ASCII look's (``tui.chrome.AsciiFilter``)
        when ``ascii``: nothing non-ASCII reaches the screen; under NO_COLOR
        ``tui.chrome.LegibleMonochrome`` in the place of Textual's Monochrome."""
        filters = list(super().get_line_filters())
        if self.no_color:  # greys that stay readable (tui.chrome.LegibleMonochrome)
            from textual.filter import Monochrome

            if self._legible_filter is None:
                from tui.chrome import LegibleMonochrome

                self._legible_filter = LegibleMonochrome()
            filters = [self._legible_filter if type(f) is Monochrome else f for f in filters]
        if self.ascii:
            if self._ascii_filter is None:
                from tui.chrome import AsciiFilter

                self._ascii_filter = AsciiFilter()
            filters.append(self._ascii_filter)
        return filters

    def get_key_display(self, binding: Binding) -> str:
        """Textual's key names, spelled in ASCII under ``--ascii`` ("left", not an arrow)."""
        text = super().get_key_display(binding)
        if self.ascii and not text.isascii():
            words: list[str] = []
            for ch in text:  # "←→" -> "left/right", not "leftright"
                word = _ASCII_KEYS.get(ch, ch)
                if words and (len(word) > 1 or len(words[-1]) > 1) and words[-1] not in "/ " and word not in "/ ":
                    words.append("/")
                words.append(word)
            text = "".join(words)
            if not text.isascii():
                text = binding.key.split(",")[0]
        return text

    # -- the ASCII look ---------------------------------------------------------------
    def set_ascii(self, on: bool) -> None:
        """Switch the ASCII look on or off now, redraw every screen, and remember
        the choice in config.json."""
        from tui.chrome import install_ascii_borders
        from tui.widgets.base import DataWidget
        from tui.widgets.log import Log

        install_ascii_borders()  # (idempotent; borders follow ``ascii`` per app)
        self.ascii = on
        for screen in self.screen_stack:
            for widget in screen.query("*"):
                if isinstance(widget, DataWidget) and type(widget).build is not DataWidget.build:
                    widget._redraw()  # lines built with glyph(): built again
                elif isinstance(widget, Log):
                    widget._rewrite()  # log lines spelled out (2½ -> 2.5) or back
                # every widget painted again: Textual keeps a widget's painted lines,
                # its border among them (round corners, drawn before the switch,
                # would reach the screen as "?" in the ASCII look)
                widget.refresh()
            for icon in screen.query(SearchIcon):
                icon.icon = _search_icon(on)
            refresh_menu = getattr(screen, "refresh_menu", None)
            if callable(refresh_menu):
                refresh_menu()
            screen.refresh(layout=True)
        self.refresh_css()
        self.config.ascii = on
        try:
            save_config(self.config, self.config_dir)
        except OSError as e:
            self.notify(f"Could not remember the look: {e}", severity="warning")

    # -- theme memory -----------------------------------------------------------------
    def _theme_changed(self, theme: Theme) -> None:
        if theme.name == self.config.theme:
            return
        self.config.theme = theme.name
        try:
            save_config(self.config, self.config_dir)
        except OSError as e:
            self.notify(f"Could not remember the theme: {e}", severity="warning")

    def _screen_changed(self, screen: Screen[Any]) -> None:
        for below in self._background_screens:  # a dialog over a launcher not shown yet
            if getattr(below, "covered", False):
                self.run_worker(below.uncover(), group="uncover")
        self.call_later(self.check_size)
        self.call_later(self.sync_locks)
        if screen in self._screens_seen:  # a screen coming back (not one just opened)
            self.call_after_refresh(self.fix_hidden_focus)
        else:
            self._screens_seen.add(screen)

    def fix_hidden_focus(self) -> None:
        """Never leave the keyboard focus on a widget nobody can see.

        A screen coming back to the top restores the focus it had; if that
        widget has been hidden meanwhile (e.g. a picker's closed filter input),
        keys would vanish into it. Move the focus to the next visible widget.
        """
        try:
            screen = self.screen
        except Exception:  # noqa: BLE001 - no screen (shutting down)
            return
        focused = screen.focused
        if focused is not None and _hidden(focused, screen):
            screen.set_focus(None)
            screen.focus_next()

    # -- too-small guard -------------------------------------------------------------------
    def on_resize(self, event: Any) -> None:
        self.call_later(self.check_size)

    def check_size(self) -> None:
        """Show the too-small guard below 80x24; remove it once the terminal is big enough."""
        if not self.is_running:  # pragma: no cover - not started or shutting down
            return
        w, h = self.size
        small = w < MIN_WIDTH or h < MIN_HEIGHT
        try:
            top = self.screen
        except Exception:  # noqa: BLE001 - no screen yet
            return
        if small:
            if isinstance(top, TooSmallScreen):
                top.update_size()
            else:
                self.push_screen(TooSmallScreen())
        elif isinstance(top, TooSmallScreen):
            self.pop_screen()

    # -- navigation -----------------------------------------------------------------------
    def go_launcher(self) -> None:
        """Close every screen above the launcher (autosaving an open game first)."""
        self.autosave_open_matches()
        while len(self.screen_stack) > 1:
            self.pop_screen()

    def show_help(self, game_id: str | None = None) -> None:
        from tui.screens.help import HelpScreen

        self.push_screen(HelpScreen(game_id))

    @staticmethod
    def read_to_open(path: Path, *, review: bool = False) -> "tuple[Any, Any]":
        """What ``open_file`` opens at ``path``: (match, None) or, for a file
        broken at some move, (the match up to there, the SaveError);
        ``saves.store.load_for_review`` for review (a game record too), else
        ``saves.load_partial``. Never modifies the file. Raises SaveError when
        not even the set-up can be read (the launcher's path box shows it)."""
        from saves import load_partial
        from saves.store import load_for_review

        from tui.history import record_replay

        return (load_for_review if review else load_partial)(path, record_replay)

    def open_file(self, path: Path, *, review: bool = False, loaded: "tuple[Any, Any] | None" = None) -> bool:
        """Load the save at ``path`` (read-only) and open it: its game screen, or
        review (a save or an exported game record). A SaveError is shown in a
        MessageDialog ("This save cannot be opened", or "This record ..." for a
        file that begins as a game record does); returns False then.
        ``loaded``: what ``read_to_open`` already read from ``path`` (the
        launcher's Load and Review dialogs read a typed path before closing)."""
        from saves import SaveError
        from saves.store import KIND_RECORD, file_kind

        from tui.screens.dialogs import MessageDialog

        try:
            match, broken = loaded if loaded is not None else self.read_to_open(path, review=review)
        except SaveError as e:
            what = "record" if file_kind(path) == KIND_RECORD else "save"
            self.push_screen(MessageDialog(str(e), title=f"This {what} cannot be opened", error=True))
            return False
        if broken is not None:  # broken at some move: review what came before, read-only
            if review:
                self.open_read_only(match, broken_review_note(broken, match))
            else:
                self.run_worker(self._offer_partial_review(match, broken), group="partial-review")
            return False
        if fork_unless_autosave(match, path, self.data_dir) and review:
            self.read_only_matches.add(match)  # a file looked at: no autosave until c makes it a game
        return self.open_match(match, review=review, source=path)

    def open_match(self, match: Any, *, review: bool = False, source: Path | None = None) -> bool:
        """Open ``match``: its game screen, or review. If another copy of Lowlands
        is playing it (``saves.lock``), review opens read-only and play asks
        first: review it read-only, or continue a copy under a new id.
        ``source``: the file it was read from (review names it when ``c``
        continues it as a new game). Returns False when nothing was opened (yet)."""
        from saves.lock import MatchLocked, holder

        other = holder(self.data_dir, match.id)
        if other is not None:
            reason = f"{MatchLocked(other)} It is shown read-only here."
            if review:
                self.open_read_only(match, reason)
                return True
            self.run_worker(self._locked_choice(match, str(MatchLocked(other))), group="locked-choice")
            return False
        if review:
            from tui.screens.review import ReviewScreen

            self.push_screen(ReviewScreen(match, source=source))
            return True
        from tui.screens import screen_for

        try:
            screen = screen_for(match, data_dir=self.data_dir, curtain=self.curtain)
        except RuntimeError as e:
            from tui.screens.dialogs import MessageDialog

            self.push_screen(MessageDialog(str(e), title="Cannot open the game", error=True))
            return False
        self.push_screen(screen)
        return True

    async def _locked_choice(self, match: Any, why: str) -> None:
        from tui.screens.dialogs import ChoiceDialog

        choice = await self.push_screen_wait(ChoiceDialog(
            f"{why} If both copies played on, each would overwrite the other's game.",
            [("r", "Review it read-only", "review"), ("c", "Continue a copy", "copy")],
            title="This game is already open", cancel="Back"))
        if choice == "review":
            self.open_read_only(match, f"{why} It is shown read-only here.")
        elif choice == "copy":  # its own id: its own autosave, beside the original
            from saves import fork

            fork(match)
            self.open_match(match)

    # -- live-match locks -----------------------------------------------------------------
    def sync_locks(self) -> None:
        """Hold the lock (``saves.lock``) of every match open here for play or
        review, and only those: taken when a screen shows one, given up when
        none does. A match another copy took meanwhile becomes read-only here."""
        from saves.lock import MatchLocked, acquire, release

        open_now = {m.id: m for m in self.open_matches() if m.authority_here}  # a table server locks its own
        for mid in list(self._locks):
            if mid not in open_now:
                release(self.data_dir, mid)
                self._locks.discard(mid)
        for mid, m in open_now.items():
            if mid in self._locks:
                continue
            try:
                acquire(self.data_dir, mid)
            except MatchLocked as e:
                self.read_only_matches.add(m)
                self.notify(f"{e} This copy will not autosave it.", severity="error", timeout=10)
            except OSError as e:  # no lock possible (read-only folder): autosaves fail anyway
                self.log.warning(f"cannot lock the match: {e}")
            else:
                self._locks.add(mid)

    def release_locks(self) -> None:
        """Give up every match lock this app holds."""
        from saves.lock import release

        for mid in list(self._locks):
            release(self.data_dir, mid)
        self._locks.clear()

    def open_read_only(self, match: Any, reason: str) -> None:
        """Review ``match`` read-only: it is never autosaved nor continued here
        (``reason`` says why, first in a dialog, then when ``c`` is pressed)."""
        from tui.screens.dialogs import MessageDialog
        from tui.screens.review import ReviewScreen

        self.read_only_matches.add(match)
        self.push_screen(ReviewScreen(match, read_only=reason))
        self.push_screen(MessageDialog(reason, title="Read-only review"))

    async def _offer_partial_review(self, match: Any, broken: Exception) -> None:
        from tui.screens.dialogs import ConfirmDialog

        if match.ply == 0:
            from tui.screens.dialogs import MessageDialog

            self.push_screen(MessageDialog(str(broken), title="This save cannot be opened", error=True))
            return
        ok = await self.push_screen_wait(ConfirmDialog(
            f"{broken}\n\nReview {partial_scope(broken, match.ply)}, read-only?",
            yes="Review", no="Close", title="This save cannot be continued"))
        if ok:
            self.open_read_only(match, broken_review_note(broken, match))

    # -- saving -------------------------------------------------------------------------------
    def default_save_path(self, match: Any, folder: str = "saves", suffix: str = ".json") -> Path:
        stamp = datetime.now().strftime("%Y-%m-%d-%H%M")
        return self.data_dir / folder / f"{match.game.id}-{stamp}{suffix}"

    def save_dialog(self, match: Any) -> None:
        """Ask for a path and save ``match`` there (confirming before replacing a file)."""
        self.run_worker(self._save_flow(match, export=False), exclusive=True, group="save-dialog")

    def save_or_export(self, match: Any) -> None:
        """``s`` in a game: save the game (``s`` again, or Enter) or export its
        plain-text record (``e``), then ask for the path; no control key needed."""
        self.run_worker(self._save_or_export(match), exclusive=True, group="save-dialog")

    async def _save_or_export(self, match: Any) -> None:
        from tui.screens.dialogs import ChoiceDialog

        choice = await self.push_screen_wait(ChoiceDialog(
            "Save the game to a file, to continue it later, or export its record, a plain-text "
            "list of the decisions to read or share?",
            [("s", "Save the game", "save"), ("e", "Export the record", "export")],
            title="Save", cancel="Back"))
        if choice is not None:
            await self._save_flow(match, export=choice == "export")

    def export_dialog(self, match: Any) -> None:
        """Ask for a path and write ``match``'s plain-text record there."""
        self.run_worker(self._save_flow(match, export=True), exclusive=True, group="save-dialog")

    async def _save_flow(self, match: Any, *, export: bool) -> None:
        """Ask for a path and save (or export) ``match`` there; after a failure,
        say why and ask again, the typed path kept, until it is written or the
        player cancels (Escape in the path box). No to "Replace it?" asks for
        the path again too, the typed one kept, so another name can be typed."""
        from tui.screens.dialogs import MessageDialog

        if export:
            from saves.store import RECORDS_DIR

            default: Path | str = self.default_save_path(match, RECORDS_DIR, ".txt")
        else:
            default = self.default_save_path(match)
        while True:
            failed = await self._save_once(match, export=export, default=default)
            if failed is None:
                return
            path, why = failed
            if why:  # (none: the player would not replace the file there; another path, then)
                await self.push_screen_wait(MessageDialog(why, title="Not saved", error=True))
            default = path

    async def _save_once(self, match: Any, *, export: bool, default: Path | str) -> "tuple[Path, str] | None":
        """One try of ``_save_flow``: None when written or cancelled, else
        (the path typed, why it was not written: "" when the player would not
        replace the file there)."""
        from tui.screens.dialogs import ConfirmDialog, PathDialog, SavePathDialog

        from saves.store import RECORDS_DIR

        # a folder not there is refused, but for the data folder's own saves/ and records/
        own = Path(self.data_dir) / (RECORDS_DIR if export else "saves")
        if export:
            dialog: PathDialog = PathDialog("Export the game record to", default, action="Export", own_folder=own)
        else:
            dialog = SavePathDialog(default, own_folder=own)
        path = await self.push_screen_wait(dialog)
        if path is None:
            return None
        from saves import SaveError, autosave_path
        from saves.store import KIND_OTHER, KIND_RECORD, KIND_SAVE, check_overwrite, describe_kind, file_kind

        kind = KIND_RECORD if export else KIND_SAVE
        # never over the live autosave or the file a review shows, nor a folder; another kind of
        # file only when confirmed
        read = [s.source for s in self.screen_stack if getattr(s, "match", None) is match and getattr(s, "source", None)]
        try:
            check_overwrite(path, kind, reads=(autosave_path(match, self.data_dir), *read), force=True)
        except SaveError as e:
            return path, str(e)
        found = file_kind(path)
        if found is not None:
            held = describe_kind(found)
            if found == KIND_SAVE:  # say which game it holds: the player may be about to lose another one
                from saves.store import save_info

                info = save_info(path)
                if info.game_id:
                    held = (f"a Lowlands save ({info.title}: {', '.join(info.players)}; "
                            f"{'finished' if info.over else f'decision {info.ply}'})")
            if found == kind:
                question = f"{path} exists: {held}. Replace it?"
            elif found == KIND_OTHER:  # (once: "is not a Lowlands file, not a Lowlands save")
                question = f"{path} exists and is {held}. Replace it anyway?"
            else:
                question = f"{path} exists and is {held}, not {describe_kind(kind)}. Replace it anyway?"
            ok = await self.push_screen_wait(ConfirmDialog(question, yes="Replace", no="Back"))
            if not ok:
                return path, ""
        try:
            if export:
                from saves import export_text
                from saves.store import write_atomic, write_error

                try:
                    write_atomic(path, export_text(match).encode("utf-8"))
                except OSError as e:
                    raise write_error(path, e) from None
            else:
                from saves import save

                save(match, path)
        except Exception as e:  # noqa: BLE001 - SaveError / OSError: tell the player
            return path, str(e)
        from tui.screens.dialogs import path_notice

        self.notify(path_notice(path, self.ascii), title="Record exported to" if export else "Saved to")
        return None

    def open_matches(self) -> list[Any]:
        """The distinct matches shown by screens on the stack (top first), but
        not those opened read-only (``open_read_only``)."""
        seen: dict[int, Any] = {}
        for screen in reversed(self.screen_stack):
            m = _open_match(screen)
            if m is not None and m in self.read_only_matches:
                continue  # looked at, never written
            if m is not None and id(m) not in seen:
                seen[id(m)] = m
        return list(seen.values())

    def autosave_open_matches(self) -> None:
        """Autosave every match open on a screen (on quit, hang-up, back to launcher),
        after the background autosaves still being written (tui.autosaver)."""
        try:
            from tui.autosaver import save_now
        except ImportError:
            return
        for match in self.open_matches():
            try:
                save_now(match, self.data_dir)
            except Exception as e:  # noqa: BLE001 - never block quitting
                self.log.error(f"autosave failed: {e}")

    async def action_quit(self) -> None:
        """Quit, autosaving the open game first (q, ctrl+q, ctrl+c)."""
        self.autosave_open_matches()
        self.exit()

    def exit(self, *args: Any, **kwargs: Any) -> None:
        """Textual's exit; first the match locks are given up (every way out
        passes here; atexit would catch the rest)."""
        try:
            self.release_locks()
            from core.bots import worker

            worker.close()  # a strong bot still thinking stops; its process ends
        finally:
            super().exit(*args, **kwargs)

    # -- lost terminal, signals ----------------------------------------------------------------
    #: seconds a signalled exit may take before the process ends itself (a
    #: hung-up terminal can block Textual's output thread forever)
    EXIT_GRACE = 3.0
    #: True when this app is the whole program on its own terminal (``lowlands``
    #: sets it): only then does it take the process's signals and may end the
    #: process; an app run inside a server leaves them alone.
    owns_process = False

    def _install_signal_handlers(self) -> None:
        """SIGHUP (the terminal went away), SIGTERM (``kill``), and SIGINT / SIGQUIT
        sent from outside (the keys are plain keys in raw mode): autosave, restore
        the terminal, exit 128+signal. Python-level handlers (``signal.signal``),
        so they run even when the event loop is stuck (e.g. Textual's output
        thread died on a hung-up terminal and the loop waits on it); a watchdog
        thread ends the process if the orderly exit has not within EXIT_GRACE."""
        if self.is_headless or not self.owns_process:
            return
        for name in ("SIGHUP", "SIGTERM", "SIGINT", "SIGQUIT"):
            signum = getattr(signal, name, None)
            if signum is not None:
                try:
                    signal.signal(signum, self._on_signal)
                except (ValueError, OSError):  # pragma: no cover - not the main thread
                    pass

    def _on_signal(self, signum: int, _frame: Any = None) -> None:
        code = 128 + int(signum)
        if getattr(self, "_ending", False):
            return
        self._ending = True
        import threading

        threading.Thread(target=self._watchdog, args=(code,), name="lowlands-exit", daemon=True).start()
        try:
            self._loop.call_soon_threadsafe(self._terminate, code)  # type: ignore[union-attr]
        except Exception:  # noqa: BLE001 - no loop (yet / any more): the watchdog ends it
            pass

    def _terminate(self, code: int) -> None:
        self.autosave_open_matches()
        self.exit(return_code=code)

    def _watchdog(self, code: int) -> None:
        import time

        time.sleep(self.EXIT_GRACE)
        emergency_exit(self, code)


#: the terminal's attributes before Lowlands changed them (``remember_terminal``)
_TERMINAL: dict[str, Any] = {}
#: what undoes every mode Lowlands (Textual) may switch on: mouse reporting in all
#: its forms, bracketed paste, focus events, the kitty keyboard protocol, the
#: alternate screen; then the cursor shown again.
RESET_SEQUENCE = ("\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?1016l"
                  "\x1b[?2004l\x1b[?1004l\x1b[<u\x1b[?1049l\x1b[?25h")


def remember_terminal() -> None:
    """Note the terminal's attributes (termios) before the app starts, for
    ``restore_terminal``."""
    try:
        import termios

        fd = sys.__stdin__.fileno() if sys.__stdin__ is not None else 0
        if os.isatty(fd):
            _TERMINAL["fd"], _TERMINAL["attrs"] = fd, termios.tcgetattr(fd)
    except Exception:  # noqa: BLE001 - no terminal: nothing to restore
        pass


def restore_terminal(sequences: bool = True) -> None:
    """Best effort, never raises: the remembered termios attributes back (echo,
    line mode) and (``sequences``) RESET_SEQUENCE written straight to the terminal."""
    fd = _TERMINAL.get("fd")
    if fd is None:
        return
    try:
        import termios

        termios.tcsetattr(fd, termios.TCSANOW, _TERMINAL["attrs"])
    except Exception:  # noqa: BLE001
        pass
    if not sequences:
        return
    try:
        import fcntl

        out = sys.__stdout__.fileno() if sys.__stdout__ is not None else 1
        out = out if os.isatty(out) else fd
        # never block on a terminal that no longer reads (a full or hung-up one)
        fcntl.fcntl(out, fcntl.F_SETFL, fcntl.fcntl(out, fcntl.F_GETFL) | os.O_NONBLOCK)
        os.write(out, RESET_SEQUENCE.encode())
    except Exception:  # noqa: BLE001 - a hung-up or full terminal
        pass


def emergency_exit(app: Any, code: int) -> None:
    """End the process now: wait briefly for the autosaves under way, autosave
    the open games once more, restore the terminal, ``os._exit(code)``."""
    try:
        from tui.autosaver import flush

        flush(timeout=2.0)
        app.autosave_open_matches()
    except Exception:  # noqa: BLE001 - never keep the process alive
        pass
    try:
        app.release_locks()
    except Exception:  # noqa: BLE001
        pass
    restore_terminal()
    os._exit(code)


def partial_scope(broken: Exception, n: int, that: str = "that") -> str:
    """Which decisions a read-only review of a damaged save shows, by the kind
    of damage (``saves.format``): for a MoveBroken, "the 6 decisions before
    that" (``that``: the word for the failing move, already named); for a
    StateMismatch, whose moves all replay, "its 30 decisions as they replay
    now". ``n``: the decisions replayed (``match.ply``); "only the set-up" for 0."""
    from saves.format import StateMismatch
    from tui.widgets.common import plural

    if n == 0:
        return "only the set-up"
    if isinstance(broken, StateMismatch):
        return f"its {plural(n, 'decision')} as {'it replays' if n == 1 else 'they replay'} now"
    return f"the {plural(n, 'decision')} before {that}"


def broken_review_note(broken: Exception, match: Any) -> str:
    """What a read-only review of a damaged save says first: the error, then
    which decisions are shown (``partial_scope``)."""
    return f"{broken} Shown: {partial_scope(broken, match.ply)}, read-only; the file is left as it is."


def config_dir_for(override: Path | None) -> Path:
    """The config folder for an app: ``override`` or tui.config's default."""
    return config_dir(override)


# -- the command line ------------------------------------------------------------------------
class CliError(Exception):
    """A bad command line: its message is printed as one line and the exit status is 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # one line, no usage dump
        raise CliError(f"{message} (see lowlands --help)")


def build_parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--data-dir", metavar="DIR", default=argparse.SUPPRESS,
                        help="where saves live (default: $LOWLANDS_DATA_DIR or the platform's data folder)")
    common.add_argument("--ascii", action="store_true", default=argparse.SUPPRESS,
                        help="draw with ASCII only (no wide glyphs)")
    p = _Parser(prog="lowlands", description="Lowlands: Dutch tabletop games in the terminal.", parents=[common])
    p.add_argument("--version", action="version", version=f"lowlands {version()}")
    sub = p.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")
    new = sub.add_parser("new", parents=[common], help="start a new game")
    new.add_argument("game", help="game id, e.g. gift-of-tulips")
    new.add_argument("--players", required=True, metavar="NAMES", help="comma-separated names in seat order")
    new.add_argument("--seed", type=int, default=None, metavar="N", help="fixes all chance (default: random)")
    new.add_argument("--bots", default="", metavar="NAMES",
                     help="comma-separated names played by the computer, each NAME or NAME:LEVEL "
                          "(random, greedy, strong; a bare name means strong)")
    new.add_argument("--bot-time", type=float, default=1.0, metavar="SECONDS",
                     help="the strong bots' thinking time per decision (default 1.0)")
    new.add_argument("--undo", choices=["friendly", "strict"], default="friendly", help="undo policy")
    new.add_argument("--curtain", action="store_true", help="hide the board between players")
    for name, text in (("load", "continue a saved game"), ("review", "review a saved game or an exported record")):
        c = sub.add_parser(name, parents=[common], help=text)
        c.add_argument("file", metavar="FILE")
        c.add_argument("--curtain", action="store_true", help="hide the board between players")
    ex = sub.add_parser("export", parents=[common], help="print a saved game's plain-text record")
    ex.add_argument("file", metavar="FILE")
    ex.add_argument("-o", "--output", metavar="OUT", default=None, help="write the record to OUT instead of stdout")
    ex.add_argument("--force", action="store_true",
                    help="replace OUT even if it is not a Lowlands game record (never the file being read)")
    from core.bots.arena import add_parser as add_arena

    add_arena(sub)  # lowlands arena: bot-only games (core/bots/arena.py)
    from net.cli import add_commands  # serve, web, client (tables over the network)

    add_commands(sub, common)
    return p


def _names(text: str) -> list[str]:
    return [n.strip() for n in text.split(",")]


def _bot_levels(text: str, names: list[str]) -> dict[str, str]:
    """``--bots Bob:strong,Cy:greedy,Di``: casefolded name -> level (a bare name
    means strong). Raises CliError for a name not at the table, a name given
    twice (names compare case-insensitively) or an unknown level."""
    from core.bots import DEFAULT_LEVEL, LEVELS

    known = {n.casefold() for n in names}
    out: dict[str, str] = {}
    for item in [b for b in _names(text) if b] if text else []:
        name, _, level = item.partition(":")
        name, level = name.strip(), (level.strip().lower() or DEFAULT_LEVEL)
        if name.casefold() not in known:
            raise CliError(f"--bots names {name!r}, who is not among the players")
        if name.casefold() in out:
            raise CliError(f"--bots names {name!r} twice; give each bot one level")
        if level not in LEVELS:
            raise CliError(f"--bots gives {name!r} the level {level!r}; choose from {', '.join(LEVELS)}")
        out[name.casefold()] = level
    return out


def make_match(args: argparse.Namespace) -> Any:
    """The Match a ``lowlands new`` command line describes. Raises CliError."""
    from core import GAMES
    from core.match import Match, Seat

    game = GAMES.get(args.game)
    if game is None:
        raise CliError(f"unknown game {args.game!r} (known: {', '.join(sorted(GAMES))})")
    names = _names(args.players)
    from tui.screens.new_game import name_problem

    for i, n in enumerate(names):
        if not n:
            raise CliError(f"player {i + 1} has an empty name")
        if name_problem(n):  # the form's limit: one rule for both
            raise CliError(f"player {i + 1}'s name {n!r}: {name_problem(n).lower()}")
    seen: set[str] = set()
    for n in names:
        if n.casefold() in seen:
            raise CliError(f"two players are called {n!r}; names must differ")
        seen.add(n.casefold())
    if not game.min_players <= len(names) <= game.max_players:
        raise CliError(f"{game.title} takes {game.min_players}-{game.max_players} players, not {len(names)}")
    if getattr(args, "curtain", False) and not getattr(game, "private_information", False):
        hidden = sorted(g.title for g in GAMES.values() if getattr(g, "private_information", False))
        raise CliError(f"--curtain hides hidden cards, and {game.title} has none"
                       f" (games with hidden cards: {', '.join(hidden)})")
    bots = _bot_levels(args.bots, names)
    bot_time = getattr(args, "bot_time", 1.0)
    from core.match import MAX_BOT_TIME, bot_time_problem

    if bot_time_problem(bot_time):
        raise CliError(f"--bot-time must be more than 0 and at most {MAX_BOT_TIME:g} seconds, not {bot_time:g}")
    seats = [
        Seat(n, "bot", bots[n.casefold()]) if n.casefold() in bots else Seat(n, "human") for n in names
    ]
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    try:
        return Match(game, seats, seed, undo_policy=args.undo, bot_time=bot_time)
    except ValueError as e:
        raise CliError(str(e)) from None


def fork_unless_autosave(match: Any, path: Path, data_dir: Path) -> bool:
    """Give ``match`` (just loaded from ``path``) a fresh ``match.id`` unless
    ``path`` IS its own autosave under ``data_dir`` (``saves.autosave_path``).

    A game loaded from a save file (``lowlands load FILE``, the launcher's
    "Load"/"Review" path dialogs) keeps the id written in that file, so its
    autosaves would overwrite the live autosave of the game it was saved from.
    Only continuing the autosave itself keeps the id. Returns True when the id
    was replaced. ``saves.load`` stays faithful to the file; this is the TUI's rule.
    """
    from saves import autosave_path

    try:
        own = Path(path).resolve() == autosave_path(match, data_dir).resolve()
    except OSError:  # pragma: no cover - unresolvable path: treat as a file
        own = False
    if own:
        return False
    from saves import fork

    fork(match)
    return True


def _load_file(path_text: str) -> Any:
    from saves import SaveError, load

    path = Path(path_text).expanduser()
    if not path.exists():
        raise CliError(f"no such file: {path}")
    if not path.is_file():
        raise CliError(f"not a file: {path}")
    try:
        return load(path)
    except SaveError as e:
        raise CliError(str(e)) from None


def terminal_problem() -> str:
    """Why this process cannot draw full-screen ("" when it can): standard input
    or output is not a terminal (``lowlands </dev/null >file``), or TERM says
    the terminal cannot move the cursor (``TERM=dumb``)."""
    for name, stream in (("standard input", sys.stdin), ("standard output", sys.stdout)):
        try:
            ok = stream is not None and stream.isatty()
        except (ValueError, OSError):  # closed
            ok = False
        if not ok:
            return f"{name} is not a terminal"
    term = os.environ.get("TERM", "")
    if term in ("dumb", "unknown"):
        return f"the terminal (TERM={term}) cannot draw full-screen"
    return ""


def _clean_temp(folder: Path) -> list[Path]:
    """Remove temporary files of killed writes (``saves.store.clean_stale_temp``)
    from Lowlands' own folders: the data folder, its autosave/, saves/ and
    records/, and the config folder."""
    from saves.store import AUTOSAVE_DIR, RECORDS_DIR, clean_stale_temp

    folders = [folder, folder / AUTOSAVE_DIR, folder / "saves", folder / RECORDS_DIR]
    try:
        folders.append(config_dir(None))
    except Exception:  # noqa: BLE001 - no config folder: nothing to clean there
        pass
    return clean_stale_temp(folders)


def version() -> str:
    """This Lowlands' version (the installed distribution's; "unknown" when not installed)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as dist_version

    try:
        return dist_version("lowlands")
    except PackageNotFoundError:
        return "unknown"


def _load_partial_file(path_text: str, review: bool = False) -> tuple[Any, Any]:
    """``saves.load_partial`` for a command line: (match, SaveError or None);
    for ``review``, ``saves.store.load_for_review`` (a game record too).
    Raises CliError when not even the set-up can be read."""
    from saves import SaveError, load_partial
    from saves.store import load_for_review

    from tui.history import record_replay

    path = Path(path_text).expanduser()
    if not path.exists():
        raise CliError(f"no such file: {path}")
    if not path.is_file():
        raise CliError(f"not a file: {path}")
    try:
        # (the log's words worked out while replaying)
        return (load_for_review if review else load_partial)(path, record_replay)
    except SaveError as e:
        raise CliError(str(e)) from None


def main(argv: Sequence[str] | None = None) -> int:
    """The ``lowlands`` command. Returns the exit status (2 for bad arguments)."""
    pause_gc()
    try:
        return _main(list(sys.argv[1:] if argv is None else argv))
    except CliError as e:
        print(f"lowlands: {e}", file=sys.stderr)
        return 2
    finally:
        resume_gc(freeze=False)


#: Whether ``pause_gc`` turned Python's cyclic garbage collector off (until ``resume_gc``).
_gc_paused = False


def pause_gc() -> None:
    """Turn the cyclic garbage collector off while the program starts.

    Starting allocates hundreds of thousands of long-lived objects (Textual's
    modules, a replayed game, the first screen's widgets); the collector scans
    them all over again in a full collection now and then, 30-90 ms each, one
    of which fell right before the first frame of both the launcher and
    ``lowlands load``. ``resume_gc`` turns it back on once the first screen is
    painted (the commands without a screen do at once)."""
    import gc

    global _gc_paused
    if gc.isenabled():
        gc.disable()
        _gc_paused = True


def resume_gc(freeze: bool = True) -> None:
    """Turn the collector back on if ``pause_gc`` turned it off; ``freeze``: first
    set every object alive now aside for good (``gc.freeze``: the program's
    start-up objects, never garbage, are not scanned by later collections)."""
    import gc

    global _gc_paused
    if _gc_paused:
        _gc_paused = False
        if freeze:
            gc.freeze()
        gc.enable()


def _utf8_arg(arg: str) -> str:
    """A command-line argument as the user typed it: under a non-UTF-8 locale
    Python keeps undecodable bytes as surrogates ("Zo\\udcc3\\udcab"); they are
    read as UTF-8 (else Latin-1) instead of failing later with a codec error."""
    try:
        arg.encode("utf-8")
        return arg
    except UnicodeEncodeError:
        raw = os.fsencode(arg)
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            return raw.decode("latin-1")


def locale_is_utf8(environ: Any = None, coerced: bool | None = None) -> bool | None:
    """Whether the locale the user set names UTF-8, read from the environment
    as the C library does: the first non-empty of ``LC_ALL``, ``LC_CTYPE``,
    ``LANG``. False when that is ``C`` or ``POSIX`` or none is set, or when it
    names another codeset (``en_US.ISO-8859-1``); True when it names UTF-8
    (``.UTF-8``, ``.utf8``); None when it names no codeset (``en_US``: ask the
    output's encoding).

    Python's own view cannot tell: under ``LC_ALL=C`` or without any locale it
    switches itself to UTF-8 (PEP 538 sets ``LC_CTYPE=C.UTF-8`` in the
    environment, PEP 540 turns on UTF-8 mode), while the terminal may well not
    be UTF-8. ``coerced``: whether ``LC_CTYPE`` was set by that coercion rather
    than by the user (None: guessed, as Python's automatic UTF-8 mode goes with
    it); it is then skipped."""
    env = os.environ if environ is None else environ
    if coerced is None:
        coerced = bool(sys.flags.utf8_mode) and env.get("PYTHONUTF8") != "1" and "utf8" not in sys._xoptions
    for name in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = env.get(name, "")
        if not value or (name == "LC_CTYPE" and coerced and value in ("C.UTF-8", "C.utf8", "UTF-8")):
            continue
        if value in ("C", "POSIX"):
            return False
        codeset = value.partition(".")[2].partition("@")[0]
        if not codeset:
            return None
        return codeset.lower().replace("-", "") == "utf8"
    return False


def output_is_utf8() -> bool:
    """Whether the terminal output (Textual draws on stderr, text goes to stdout)
    is UTF-8: the locale names UTF-8 (``locale_is_utf8``; ``LC_ALL=C``, or no
    locale at all, does not) and the output is encoded so. When not, Lowlands
    uses the ASCII look."""
    import codecs

    if locale_is_utf8() is False:
        return False
    for stream in (sys.__stderr__, sys.__stdout__):
        enc = getattr(stream, "encoding", None) or "ascii"
        try:
            if codecs.lookup(enc).name != "utf-8":
                return False
        except LookupError:
            return False
    return True


def _plain_output() -> None:
    """Under a non-UTF-8 locale: characters the output cannot encode become "?"
    (never a traceback or literal ``\\u256d`` escapes)."""
    for stream in (sys.__stdout__, sys.__stderr__, sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="replace")  # type: ignore[union-attr]
        except (AttributeError, ValueError):
            pass


def _main(argv: list[str]) -> int:
    argv = [_utf8_arg(a) for a in argv]
    utf8 = output_is_utf8()
    if not utf8:
        _plain_output()
    args = build_parser().parse_args(argv)
    command = args.command
    if command not in ("new", "load", "review", None):  # no screen of this app to wait for
        resume_gc(freeze=False)
    if command == "arena":
        from core.bots.arena import run_cli

        return run_cli(args)
    if command == "export":
        match = _load_file(args.file)
        from saves import export_text

        text = export_text(match)
        if args.output:
            from saves import SaveError
            from saves.store import KIND_RECORD, check_overwrite, why_unwritable, write_atomic

            out = Path(args.output).expanduser()
            try:
                check_overwrite(out, KIND_RECORD, reads=(Path(args.file).expanduser(),), force=args.force)
            except SaveError as e:
                raise CliError(str(e)) from None
            if not out.parent.is_dir():  # a command line names a file, it makes no folders
                raise CliError(f"cannot write {args.output}: {why_unwritable(out)}")
            try:
                write_atomic(out, text.encode("utf-8"))
            except OSError as e:  # a bad command line like any other: one line, status 2
                raise CliError(f"cannot write {args.output}: {why_unwritable(out, e)}") from None
        else:  # a record is UTF-8 whatever the locale
            data = (text if text.endswith("\n") else text + "\n").encode("utf-8")
            buffer = getattr(sys.stdout, "buffer", None)
            if buffer is not None:
                sys.stdout.flush()
                buffer.write(data)
                buffer.flush()
            else:  # a text-only stream (tests capture into one)
                sys.stdout.write(data.decode("utf-8"))
        return 0

    from saves import SaveError, data_dir

    try:
        folder = data_dir(getattr(args, "data_dir", None))
    except SaveError as e:
        raise CliError(str(e)) from None
    _clean_temp(folder)
    if command in ("serve", "web", "client"):
        from net import cli

        return {"serve": cli.run_serve, "web": cli.run_web, "client": cli.run_client}[command](args, folder)
    ascii_only = bool(getattr(args, "ascii", False)) or not utf8
    curtain = bool(getattr(args, "curtain", False))
    start: Any = None
    if command == "new":
        match = make_match(args)
        make_screen = _game_screen_factory(match, folder, curtain)

        def start() -> Screen[Any]:  # the new-game form opens on this table next time
            from tui.config import last_table_of, remember_table

            remember_table(app.config_dir, last_table_of(match, curtain), app.config)
            return make_screen()
    elif command == "load":
        match, broken = _load_partial_file(args.file)
        if broken is not None:
            hint = (f" (`lowlands review {args.file}` shows {partial_scope(broken, match.ply, 'it')}, read-only)"
                    if match.ply else "")
            raise CliError(f"{broken}{hint}")
        fork_unless_autosave(match, Path(args.file).expanduser(), folder)
        _game_screen_factory(match, folder, curtain)  # (refuses a game without a screen)

        def start() -> None:  # asks first if another copy is playing it
            app.open_match(match)
    elif command == "review":
        match, broken = _load_partial_file(args.file, review=True)
        forked = False
        if broken is None:
            forked = fork_unless_autosave(match, Path(args.file).expanduser(), folder)
            read_only = ""
        else:  # broken at some move: the game up to its last legal move, read-only
            read_only = broken_review_note(broken, match)

        def start() -> Screen[Any] | None:
            if not read_only:  # read-only if another copy is playing it
                if forked:  # a file looked at: no autosave until c makes it a game
                    app.read_only_matches.add(match)
                app.open_match(match, review=True, source=Path(args.file).expanduser())
                return None
            from tui.screens.review import ReviewScreen

            return ReviewScreen(match, read_only=read_only)

    problem = terminal_problem()
    if problem:
        print(f"lowlands: {problem}; Lowlands is a full-screen program and needs one "
              "(lowlands --help lists the commands that do not)", file=sys.stderr)
        return 1
    quick_escape()
    app = LowlandsApp(data_dir=folder, start=start, ascii=ascii_only, curtain=curtain)
    app.owns_process = True
    remember_terminal()
    try:
        app.run()
    finally:
        restore_terminal(sequences=False)  # (Textual has reset the modes; echo and line mode for sure)
    return int(app.return_code or 0)


#: How long a lone Escape byte waits for the rest of an escape sequence before
#: it counts as the Escape key (ms). Textual waits 100 ms (its ESCDELAY); a
#: terminal writes a key's sequence at once, so 25 ms tells them apart while
#: Escape backs out of a choice group or dialog without a felt delay.
#: Terminals with the kitty keyboard protocol (which Textual turns on) send
#: Escape unambiguously and never wait.
ESCAPE_DELAY_MS = 25


def quick_escape(environ: Any = None) -> float:
    """Make Textual's escape delay ESCAPE_DELAY_MS unless ``$ESCDELAY`` sets it
    (then Textual's own reading of it stands), and make its input thread
    notice the delay's end. Returns the delay in seconds.

    Textual's Linux/macOS driver only checks for a pending Escape when its
    ``select`` on the terminal returns, which it does every 0.1 s without
    input; so any delay below that would still wait up to 0.1 s. The driver's
    ``selectors`` is given a SelectSelector whose waits end within the delay.
    """
    import os
    import selectors
    from types import SimpleNamespace

    from textual import constants

    if "ESCDELAY" not in (os.environ if environ is None else environ):
        constants.ESCAPE_DELAY = ESCAPE_DELAY_MS / 1000  # type: ignore[misc]  # read per Escape by the parser
    try:
        from textual.drivers import linux_driver
    except ImportError:  # pragma: no cover - Windows: another driver
        return constants.ESCAPE_DELAY

    class PromptSelector(selectors.SelectSelector):
        """Waits at most the escape delay, so a lone Escape is reported on time."""

        def select(self, timeout: float | None = None) -> Any:
            delay = constants.ESCAPE_DELAY
            return super().select(delay if timeout is None or timeout > delay else timeout)

    if getattr(linux_driver.selectors, "SelectSelector", None) is selectors.SelectSelector:
        linux_driver.selectors = SimpleNamespace(**{**vars(selectors), "SelectSelector": PromptSelector})  # type: ignore[assignment]
    return constants.ESCAPE_DELAY


def _game_screen_factory(match: Any, folder: Path, curtain: bool) -> Callable[[], Screen[Any]]:
    from tui.screens import game_screen_class

    try:
        game_screen_class(match.game.id)
    except RuntimeError as e:
        raise CliError(str(e)) from None

    def make() -> Screen[Any]:
        from tui.screens import screen_for

        return screen_for(match, data_dir=folder, curtain=curtain)

    return make


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
