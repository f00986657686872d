"""Modal dialogs: confirm, message, file path (load / save / export).

Every dialog is keyboard-first: Enter accepts, Escape cancels, and the buttons
work with the mouse too. Each one dismisses with its result, so callers use
``push_screen(dialog, callback)`` or ``await push_screen_wait(dialog)``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable, TypeVar

from rich.cells import cell_len
from rich.segment import Segment
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.strip import Strip
from textual.visual import Visual
from textual.widgets import Button, Input, Label, Static

from tui.widgets.common import glyph
from tui.widgets.textlines import fit_path, path_lines

_R = TypeVar("_R")

#: a toast's width in cells (themes/lowlands.tcss: Toast), no wider than any
#: game's side column at 80 columns (Windmill Valley's, 32): toasts sit over the log
TOAST_WIDTH = 32
#: the cells of a toast's text: TOAST_WIDTH less its padding (1 cell each side)
#: and its left border (1)
TOAST_TEXT_CELLS = TOAST_WIDTH - 3


class PathText(Visual):
    """A dialog's text whose file paths keep their file names whole at the
    width it is drawn at: a path (a run of text without spaces holding a "/")
    wider than that width is shown by ``fit_path`` ("…/records/a.txt", the
    start of its folder part given way), so the text wraps around it whole
    rather than inside the file name. The width is the one Textual lays the
    widget out and draws it at (``get_height``, ``render_strips``), not one
    worked out from the styles. ``str()`` is the text as given."""

    def __init__(self, text: str, dots: str = "…") -> None:
        self.text = text
        self.dots = dots
        self._at: dict[int, Content] = {}

    def __str__(self) -> str:
        return self.text

    def content(self, width: int) -> Content:
        """The text as drawn ``width`` cells wide (kept per width)."""
        kept = self._at.get(width)
        if kept is None:
            words = re.split(r"(\s+)", self.text)
            kept = self._at[width] = Content("".join(
                fit_path(w, width, self.dots) if "/" in w and cell_len(w) > width else w for w in words))
        return kept

    def render_strips(self, width: int, height: int | None, style: Any, options: Any) -> list[Strip]:
        return self.content(width).render_strips(width, height, style, options)

    def get_optimal_width(self, rules: Any, container_width: int) -> int:
        return Content(self.text).get_optimal_width(rules, container_width)

    def get_minimal_width(self, rules: Any) -> int:
        return min(Content(self.text).get_minimal_width(rules), 20)

    def get_height(self, rules: Any, width: int) -> int:
        return self.content(width).get_height(rules, width)


def path_notice(path: Any, ascii: bool = False) -> str:
    """The text of a toast naming the file ``path`` (a Path or str) it wrote:
    the path as lines of at most TOAST_TEXT_CELLS (``path_lines``: the folder,
    then the file name whole where it fits), so it never wraps inside the name."""
    return "\n".join(path_lines(str(path), TOAST_TEXT_CELLS, "..." if ascii else "\u2026"))


class PathInput(Input):
    """A path box. A path longer than the box shows its end (the cursor is
    there) and its first cell an ellipsis ("…", "<" under --ascii), so a path
    whose start is out of view does not read as one that starts there (an
    absolute path seemed relative at 80x24)."""

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        if y or not self.value or not self.scroll_offset.x or not strip.cell_length:
            return strip
        first = next(iter(strip.crop(0, 1)), None)
        mark = Segment(glyph(self, "\u2026", "<"), first.style if first is not None else None)
        return Strip.join([Strip([mark], 1), strip.crop(1)])


class Dialog(ModalScreen[_R]):
    """The base of the Lowlands dialogs: a framed box centred over the dimmed screen.

    Its styles live here (parsed when the first dialog opens, not at startup).
    A file path in its text keeps its file name whole (``PathText``).
    """

    DEFAULT_CSS = """
    Dialog {
        align: center middle;
        background: $background 60%;
    }
    Dialog .dialog {
        width: 64;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        padding: 1 2;
        border: thick $primary;
        background: $surface;
    }
    Dialog .dialog.-wide { width: 76; }
    Dialog .dialog.-error { border: thick $error; }
    Dialog .dialog-title { text-style: bold; color: $primary; margin-bottom: 1; width: 100%; }
    Dialog .dialog.-error .dialog-title { color: $error; }
    Dialog .dialog-body { width: 100%; height: auto; margin-bottom: 1; }
    Dialog .dialog-buttons { height: auto; width: 100%; align-horizontal: right; margin-top: 1; }
    Dialog .dialog-buttons Button { margin-left: 2; }
    Dialog .field-error { color: $text-error; height: auto; width: 1fr; padding-left: 1; }
    """

    def _dots(self) -> str:
        """The ellipsis of an elided path: "..." under --ascii."""
        return glyph(self, "\u2026", "...")


class ConfirmDialog(Dialog[bool]):
    """Ask a yes/no question. Dismisses True for y / Enter on Yes, else False."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n", "answer(False)", "No"),
        Binding("escape", "answer(False)", "Cancel"),
        Binding("left,right", "switch", "Switch", show=False),
    ]

    def __init__(self, question: str, *, yes: str = "Yes", no: str = "No", title: str = "Confirm") -> None:
        super().__init__()
        self.question = question
        self.yes_label = yes
        self.no_label = no
        self.title_text = title

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(Content(self.title_text), classes="dialog-title")
            yield Static(PathText(self.question, self._dots()), classes="dialog-body")
            with Horizontal(classes="dialog-buttons"):
                yield Button(Content(f"{self.yes_label} (y)"), id="yes", variant="primary", compact=True)
                yield Button(Content(f"{self.no_label} (n)"), id="no", compact=True)

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)

    def action_switch(self) -> None:
        target = "#yes" if self.focused is not None and self.focused.id == "no" else "#no"
        self.query_one(target, Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")


class ChoiceDialog(Dialog["object | None"]):
    """Ask which of a few things to do: each choice has its own key (shown on its
    button); Escape or the "cancel" key dismisses None.

    Args:
        question: the text shown.
        choices: (key, label, value) per choice, in order; pressing ``key``
            dismisses ``value``.
        title: the box's title.
        cancel: the label of the cancel button (its key is Escape and "n").
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("left,right", "switch", "Switch", show=False)]

    def __init__(self, question: str, choices: list[tuple[str, str, object]], *, title: str = "Lowlands",
                 cancel: str = "Cancel") -> None:
        super().__init__()
        self.question = question
        self.choices = list(choices)
        self.title_text = title
        self.cancel_label = cancel

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog -wide"):
            yield Label(Content(self.title_text), classes="dialog-title")
            yield Static(Content(self.question), classes="dialog-body", id="question")
            with Horizontal(classes="dialog-buttons"):
                for i, (key, label, _value) in enumerate(self.choices):
                    yield Button(Content(f"{label} ({key})"), id=f"choice-{i}", variant="primary" if i == 0 else "default",
                                 compact=True)
                yield Button(Content(f"{self.cancel_label} (n)"), id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#choice-0" if self.choices else "#cancel", Button).focus()

    def on_key(self, event: Any) -> None:
        for key, _label, value in self.choices:
            if event.key == key:
                event.stop()
                self.dismiss(value)
                return
        if event.key == "n":
            event.stop()
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_switch(self) -> None:
        self.focus_next() if self.focused is not None else None

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        bid = event.button.id or ""
        self.dismiss(self.choices[int(bid[7:])][2] if bid.startswith("choice-") else None)


class MessageDialog(Dialog[None]):
    """Show a message (e.g. a SaveError) until Enter or Escape."""

    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("enter", "close", "Close", show=False),
    ]

    def __init__(self, message: str, *, title: str = "Lowlands", error: bool = False) -> None:
        super().__init__()
        self.message = message
        self.title_text = title
        self.error = error

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog" + (" -error" if self.error else "")):
            yield Label(Content(self.title_text), classes="dialog-title")
            yield Static(PathText(self.message, self._dots()), classes="dialog-body", id="message")
            with Horizontal(classes="dialog-buttons"):
                yield Button("OK", id="ok", variant="primary", compact=True)

    def on_mount(self) -> None:
        self.query_one("#ok", Button).focus()

    def action_close(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)


class PathDialog(Dialog["Path | None"]):
    """Ask for a file path. Dismisses the Path (``~`` expanded), or None on Escape.

    Args:
        title: what the path is for ("Load a saved game").
        default: the path pre-filled in the input.
        must_exist: refuse (with a message under the input) a path that is not
            an existing file.
        own_folder: (a path to write, ``must_exist`` False) the one missing
            folder a path may name without asking: Lowlands' own (the data
            folder's ``saves/`` or ``records/``), made by the write. Any other
            folder that is not there is refused under the input ("There is no
            folder /mnt/usb"; the typed path kept), and Enter again on the
            same path accepts it (the write makes the folder); a path through
            a file ("/home/ann/notes is a file, not a folder") is refused.
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, default: Path | str | None = None, *, must_exist: bool = False, action: str = "OK",
                 own_folder: Path | str | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.default = "" if default is None else str(default)
        self.must_exist = must_exist
        self.action_label = action
        self.own_folder = None if own_folder is None else Path(own_folder).expanduser()
        #: the path whose missing folder the player was told of (Enter again on it: make the folder)
        self._offered: Path | None = None

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog -wide"):
            yield Label(Content(self.title_text), classes="dialog-title")
            yield PathInput(value=self.default, placeholder="path to a .json file", id="path")
            yield Static("", id="path-error", classes="field-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button(Content(f"{self.action_label} (Enter)"), id="ok", variant="primary", compact=True)
                yield Button("Cancel (Esc)", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.focus_start()

    def focus_start(self) -> None:
        """Where the focus starts: the path box, its cursor at the end."""
        inp = self.query_one("#path", Input)
        inp.focus()
        inp.cursor_position = len(inp.value)

    def _error(self, text: str) -> None:
        self.query_one("#path-error", Static).update(PathText(text, self._dots()))

    def _submit(self) -> None:
        raw = self.query_one("#path", Input).value.strip()
        if not raw:
            self._error("Type a file path.")
            return
        path = Path(raw).expanduser()
        if self.must_exist and not path.is_file():
            self._error(f"No such file: {path}")
            return
        if not self.must_exist and path.is_dir():
            self._error(f"That is a folder: {path}")
            return
        if not self.must_exist and not self._folder_ok(path):
            return
        self.dismiss(path)

    def _folder_ok(self, path: Path) -> bool:
        """Whether ``path``'s folder may be written in: it is there, or it is
        ``own_folder``, or the player pressed Enter again on the same path
        after being told it is not there (then the write makes it). Else says
        why under the input and returns False."""
        folder = path.parent
        try:
            if folder.is_dir():
                return True
        except OSError:
            return True  # (cannot tell: the write says what is wrong)
        if self.own_folder is not None and folder == self.own_folder:
            return True
        from saves.store import why_unwritable

        why = why_unwritable(path)
        missing = why.startswith("there is no folder")
        if missing and self._offered == path:
            return True
        self._offered = path if missing else None
        text = why[:1].upper() + why[1:] + "."
        if missing:
            text += " Type another path, or press Enter again to make the folder."
        self._error(text)
        return False

    @on(Input.Submitted, "#path")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._submit()

    @on(Input.Changed, "#path")
    def _changed(self, event: Input.Changed) -> None:
        self._error("")
        self._offered = None

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "ok":
            self._submit()
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class SavePathDialog(PathDialog):
    """Ask where to save a game (``s`` in a game); default data_dir/saves/<game>-<date>.json."""

    def __init__(self, default: Path | str | None = None, *, title: str = "Save the game to a file",
                 own_folder: Path | str | None = None) -> None:
        super().__init__(title, default, must_exist=False, action="Save", own_folder=own_folder)


def list_saves(data: Path, records: bool = False) -> list[Any]:
    """The saves a player can open from the data folder, newest first: the files
    in ``data/saves`` and the autosaves (SaveInfo each, damaged ones with ``error``);
    with ``records``, the exported game records in ``data/records`` too
    (``saves.store.list_records``: each read back as review reads it, one review
    would refuse with ``error``)."""
    from saves.store import _sort_key, list_autosaves, list_records, save_info

    infos: list[Any] = []
    try:
        infos = [save_info(p) for p in sorted((data / "saves").iterdir())
                 if p.suffix == ".json" and not p.name.startswith(".") and p.is_file()]
    except OSError:
        pass
    infos.extend(list_autosaves(data))
    if records:
        infos.extend(list_records(data))
    infos.sort(key=lambda i: (_sort_key(i), i.path), reverse=True)
    return infos


def is_record(info: Any) -> bool:
    """Whether a ``list_saves`` entry is an exported game record (in ``records/``)."""
    from saves.store import RECORDS_DIR

    return Path(info.path).parent.name == RECORDS_DIR


class LoadDialog(PathDialog):
    """Pick a save from the data folder (arrows + Enter), or type a path (Tab to it).

    The list shows the files in ``data/saves`` and the autosaves, newest first,
    each with its game, players and decision; a damaged one with its reason.
    ``records`` (review): the exported game records in ``data/records`` are
    listed among them (marked "record"; one review would refuse with its
    reason), and a typed path may also name a game record.
    ``reader``: reads a typed path before the dialog closes (its result kept
    in ``loaded``); a SaveError it raises is shown under the path box, the
    dialog left open with the path, to be corrected.
    """

    def __init__(self, title: str, data: Path, default: Path | str | None = None, *, action: str = "Open",
                 records: bool = False, reader: "Callable[[Path], Any] | None" = None) -> None:
        super().__init__(title, default, must_exist=True, action=action)
        self.data = Path(data)
        self.reader = reader
        #: what ``reader`` read from the typed path the dialog closed with (None: not read here)
        self.loaded: Any = None
        #: whether a game record (``lowlands export``) opens too (review): the path box says so
        self.records = records
        self.saves: list[Any] = list_saves(self.data, records=records)

    def compose(self) -> ComposeResult:
        from textual.widgets import OptionList
        from textual.widgets.option_list import Option

        from tui.screens.launcher import describe_save

        with Vertical(classes="dialog -wide"):
            yield Label(Content(self.title_text), classes="dialog-title")
            options = []
            for i, info in enumerate(self.saves):
                name = Path(info.path).name
                if info.error:
                    reason = str(info.error).replace(str(info.path), "this file").strip()
                    options.append(Option(Content.assemble(f"{name}: ", (reason, "$text-error")), id=f"save:{i}"))
                else:
                    head, players = describe_save(info)
                    kind = "record: " if self.records and is_record(info) else ""
                    options.append(Option(Content(f"{head}\n  {players} ({kind}{name})"), id=f"save:{i}"))
            if options:  # (at most 70 cells: one line in the box at 80 columns)
                yield Label(Content("Saves and records (newest first; arrows, Enter), or type a path (Tab):"
                                    if self.records else
                                    "Saves (newest first; arrows and Enter), or type a path below (Tab):"))
                lst = OptionList(*options, id="saves")
                lst.styles.max_height = self._list_rows()
                yield lst
            else:
                yield Label(Content(f"No {'saves or records' if self.records else 'saves'} in {self.data}; "
                                    "type a path:"))
            yield PathInput(value=self.default, id="path", placeholder="path to a save (.json) or a game record (.txt)"
                            if self.records else "path to a .json file")
            yield Static("", id="path-error", classes="field-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button(Content(f"{self.action_label} (Enter)"), id="ok", variant="primary", compact=True)
                yield Button("Cancel (Esc)", id="cancel", compact=True)

    #: rows the dialog takes besides the list: its border and padding, title,
    #: label, path box, error line and buttons
    CHROME_ROWS = 15

    def _list_rows(self) -> int:
        """The list's most rows: 12, fewer in a short terminal, so the path box
        and the buttons stay on the screen (the list scrolls)."""
        return max(4, min(12, self.app.size.height - self.CHROME_ROWS))

    def on_resize(self, event: Any) -> None:
        if self.saves:
            from textual.widgets import OptionList

            self.query_one("#saves", OptionList).styles.max_height = self._list_rows()

    def focus_start(self) -> None:
        """The list of saves, on the newest, when there is one (Enter opens it;
        Textual runs PathDialog's on_mount too, so this is where it is decided)."""
        super().focus_start()
        if self.saves:
            from textual.widgets import OptionList

            lst = self.query_one("#saves", OptionList)
            lst.highlighted = 0
            lst.focus()

    def _submit(self) -> None:
        raw = self.query_one("#path", Input).value.strip()
        if raw and Path(raw).expanduser().is_dir():
            self._error("That is a folder: pick a save from the list, or type a file name.")
            return
        super()._submit()

    def dismiss(self, result: Any = None) -> Any:
        """Close with ``result``; a typed path (not a pick from the list) is
        read first by ``reader``, and one it refuses keeps the dialog open,
        the reason under the path box."""
        if result is not None and self.reader is not None and not self._picked:
            from saves import SaveError

            try:
                self.loaded = self.reader(result)
            except SaveError as e:
                self._error(str(e))
                return None
        return super().dismiss(result)

    #: whether the path being opened was picked from the list (read on opening, as before)
    _picked = False

    def on_option_list_option_selected(self, event: Any) -> None:
        event.stop()
        index = int(str(event.option.id).split(":", 1)[1])
        self._picked = True
        self.dismiss(Path(self.saves[index].path))


__all__ = ["ChoiceDialog", "ConfirmDialog", "Dialog", "LoadDialog", "MessageDialog", "PathDialog", "SavePathDialog"]
