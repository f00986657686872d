"""ChoicePicker: the list of legal moves, picked by hotkey, arrows + Enter,
a typed filter, or the mouse.

Hotkeys are an item's own stable key where it has one (``Choice.hotkey``:
"5" for area 5, "0" for done), else 1-9, then a-z and A-Z in order, without
the keys the game screen reserves (u U r s q ?) or another item holds. Long lists are grouped under their notation's first word. ``/``
opens a filter that narrows the list as you type, best matches first: the
typed words as one phrase, then as starts of words, then anywhere ("no match"
when none); Up/Down move, Enter picks the highlighted one, Escape closes it. The picker only ever lists what it is given, so a game
screen that gives it ``legal_moves`` can never send an illegal move.
"""

from __future__ import annotations

import re
import string
from typing import Any, Callable, NamedTuple, Sequence

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.geometry import Region
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Input, OptionList
from textual.widgets.option_list import Option
from textual.cache import LRUCache
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import Padding, Visual

from tui.widgets.base import Banner, QuietScroll, KeptStylesCache, text_visual
from tui.widgets.common import ascii_text, glyph, use_ascii
from tui.widgets.textlines import wrap_plain

#: Keys the game screen keeps for itself (undo, redo, review, save, quit, back to
#: the launcher, hint, help).
RESERVED: frozenset[str] = frozenset("uUrsqQh?")
#: Hotkeys in the order they are handed out.
HOTKEYS: tuple[str, ...] = tuple(
    [*"123456789"]
    + [c for c in string.ascii_lowercase if c not in RESERVED]
    + [c for c in string.ascii_uppercase if c not in RESERVED]
)


class Choice(NamedTuple):
    """One item of the picker.

    Attributes:
        hotkey: the key that picks it, kept from one list to the next (a
            stable key: "5" for area 5, "0" for done); "" lets the picker hand
            one out by position (a hint another item took also falls back).
        label: the text shown ("Give it to Bob (+5 VP)").
        group: the group heading for long lists (the notation's first word).
    """

    hotkey: str
    label: str
    group: str = ""


def assign_hotkeys(n: int) -> list[str]:
    """Hotkeys for ``n`` items: 1-9, then letters skipping the reserved ones;
    "" for items past the last available key."""
    return [HOTKEYS[i] if i < len(HOTKEYS) else "" for i in range(n)]


def settle_hotkeys(hints: Sequence[str], kept: frozenset[str] = frozenset()) -> list[str]:
    """The keys of items in display order, given each one's stable key hint
    ("" none): an item keeps its hint (a single character, not reserved, not
    taken by an earlier item); the others get the free keys of ``HOTKEYS`` in
    order (never one a hint holds, nor, in a list where an item holds one of
    ``kept``, any of them: keys that only the things they name hold, a Golden
    Age guild's digit), "" once they run out."""
    keys = [""] * len(hints)
    taken: set[str] = set()
    for n, hint in enumerate(hints):
        if len(hint) == 1 and hint not in RESERVED and hint not in taken and hint.isprintable() and hint != " ":
            keys[n] = hint
            taken.add(hint)
    if not kept & taken:
        kept = frozenset()  # nothing here is named by such a key (a list of bids): numbered as usual
    free = iter(k for k in HOTKEYS if k not in taken and k not in kept)
    for n, key in enumerate(keys):
        if not key:
            keys[n] = next(free, "")
    return keys


def grouped_order(indices: Sequence[int], groups: Sequence[str]) -> list[int]:
    """``indices`` grouped by ``groups[i]``: each group where its first member
    is, its members in their order."""
    by_group: dict[str, list[int]] = {}
    for i in indices:
        by_group.setdefault(groups[i], []).append(i)
    return [i for members in by_group.values() for i in members]


class Prompt(Banner):
    """The line(s) above the choices: plain text wrapped to the width; under
    it the hint for this decision, if any (``ChoicePicker.set_hint``).

    Its height is steady (Banner), so a new decision needs no screen layout: a
    shorter prompt keeps the height, its blank lines above the text, which
    stays right above its choices (once they were under it, between the
    prompt and the choices). It shrinks (``shrink``: a layout) when that
    leaves more than SLACK blank lines, or when the list below is cut for
    them (``ChoicePicker._settle_prompt``)."""

    #: blank lines a shorter prompt may keep above it
    SLACK = 1
    #: the fewest lines a hint is given, however little room the choices leave
    HINT_ROWS = 3
    #: the last line of a hint shown a page at a time ("h" is the game screen's hint key)
    MORE = "h: more ({page}/{pages})"
    #: the last line of its last page
    MORE_LAST = "h: from the start ({page}/{pages})"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._data = ("", "", None, 0)

    def update(self, text: str, hint: str | None = None) -> None:  # type: ignore[override]
        """Show ``text``, and ``hint`` under it (None: keep the hint shown; a new
        hint starts at its first page)."""
        _text, shown, rows, page = self._data
        if hint is not None and hint != shown:
            shown, page = hint, 0
        self._set((text, shown, rows, page))

    @property
    def hint_rows(self) -> int | None:
        """The most lines the hint takes (None: all); a longer hint is shown a
        page at a time, its last line saying "h: more (1/3)" (``next_page``),
        each page ``hint_rows`` lines: ``hint_rows`` - 1 of the hint and that one."""
        return self._data[2]

    @hint_rows.setter
    def hint_rows(self, rows: int | None) -> None:
        if rows is not None:
            rows = max(self.HINT_ROWS, rows)
        if rows != self._data[2]:
            if self._data[1]:
                self.allow_shrink()  # (a hint given fewer rows gives them back to the list)
            self._set((*self._data[:2], rows, self._data[3]))

    def prompt_lines(self, width: int) -> int:
        """The lines the prompt's own text takes at ``width`` (without the hint)."""
        return len(wrap_plain(self._spelled(self._data[0]), max(8, width - 2)))

    def _spelled(self, text: str) -> str:
        """``text`` as drawn: in the ASCII look its glyphs spelled out before it is
        wrapped ("±" -> "+/-", "…" -> "..."), not cut to one cell by the screen's filter."""
        return ascii_text(text) if use_ascii(self) else text

    def hint_pages(self, width: int) -> list[list[str]]:
        """The hint's lines at ``width``, a page of at most ``hint_rows`` - 1
        lines each (one page, of all of them, when they fit ``hint_rows``)."""
        lines = wrap_plain(self._spelled(self._data[1]), max(8, width - 2))
        rows = self._data[2]
        if rows is None or len(lines) <= rows:
            return [lines] if lines else []
        per = max(1, rows - 1)
        return [lines[n:n + per] for n in range(0, len(lines), per)]

    def next_page(self) -> bool:
        """Show the hint's next page (after the last: the first). False when
        the hint is whole on one page (nothing changes)."""
        pages = self.hint_pages(self._width())
        if len(pages) < 2:
            return False
        text, hint, rows, page = self._data
        self._set((text, hint, rows, (page + 1) % len(pages)))
        return True

    @property
    def hint_page(self) -> int:
        """The page of the hint shown (0: the first)."""
        return self._data[3]

    @property
    def hint(self) -> str:
        """The hint shown under the prompt ("" when none)."""
        return self._data[1]

    def build(self, width: int) -> list[Text]:
        text, _hint, _rows, page = self._data
        wrap = max(8, width - 2)
        lines = [Text(line, style="bold") for line in wrap_plain(self._spelled(text), wrap)]
        pages = self.hint_pages(width)
        if pages:
            page %= len(pages)
            lines += [Text(line, style="italic") for line in pages[page]]
            if len(pages) > 1:  # (a shorter last page keeps the others' height: the prompt stays put)
                lines += [Text("") for _ in range(len(pages[0]) - len(pages[page]))]
                more = self.MORE_LAST if page == len(pages) - 1 else self.MORE
                lines.append(Text(more.format(page=page + 1, pages=len(pages)), style="dim"))
        padded = self.steady(lines, width)
        return padded[len(lines):] + lines  # the blank lines above: the text stays by its choices

    @property
    def text(self) -> str:
        """What the prompt says, as plain text (without the blank lines above it)."""
        return "\n".join(line.plain for line in self._lines).strip("\n")

    @property
    def slack(self) -> int:
        """The blank lines kept above the text."""
        return self._padding

    def shrink(self) -> None:
        """Take the text's own height now (no blank lines above it)."""
        if self._padding:
            self.allow_shrink()
            self._redraw()


def fit_lines(widget: Widget, text: Text, width: int, most: int, ellipsis: str) -> Visual:
    """``text`` as a Visual that wraps to at most ``most`` lines at ``width``:
    if it takes more, as much of it as fits followed by ``ellipsis``."""
    def visual(t: Text) -> Visual:
        return text_visual(widget, t)  # (as visualize(widget, t, markup=False) makes it)

    whole = visual(text)
    if whole.get_height(widget.styles, width) <= most:
        return whole
    low, high = 0, len(text.plain)  # the longest cut that fits is in [low, high)
    best = visual(Text(ellipsis))
    while low < high:
        mid = (low + high) // 2
        cut = text.copy()
        cut.right_crop(len(text.plain) - mid)
        cut.rstrip()
        cut.append(ellipsis)
        v = visual(cut)
        if v.get_height(widget.styles, width) <= most:
            best, low = v, mid + 1
        else:
            high = mid
    return best


class PickList(QuietScroll, OptionList):
    """The picker's list: its height is set by the picker, so a new list of
    options repaints it without a screen layout. A cursor move tells the picker
    at once (no OptionHighlighted message), so whatever follows the cursor (the
    board's highlight) is drawn in the same frame as the cursor itself."""

    #: a cursor move repaints the two options it changes, not the whole list
    highlighted: reactive[int | None] = reactive(None, repaint=False)
    #: no link styling: the labels carry no links, and Textual works out the
    #: list's link style for every option it draws to lay it over them
    auto_links: reactive[bool] = reactive(False)
    #: the most lines one choice takes when the list scrolls anyway; a longer
    #: label ends with an ellipsis ("..." under --ascii) rather than being cut
    #: silently (issue 10, item 20)
    MAX_OPTION_LINES = 3
    #: the most lines a choice takes now: None (every label whole) while all of
    #: them fit the rows the picker gives the list, else MAX_OPTION_LINES
    #: (``ChoicePicker._fit_height``)
    option_lines: int | None = MAX_OPTION_LINES

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # an option's line drawn in a style it had before (the cursor back on it) is
        # the very Strip drawn then (``_get_option_render``): styled once, not again
        self._styles_cache = KeptStylesCache()

    def _get_visual(self, option: Option) -> Visual:
        """The option's text, cut with an ellipsis to ``option_lines`` lines (None:
        whole) at the list's width (less a scrollbar's columns, as the picker measures)."""
        prompt = option.prompt
        padding = self.get_component_styles("option-list--option").padding
        width = (self.scrollable_content_region.width - self._get_left_gutter_width()
                 - padding.width - self.styles.scrollbar_size_vertical)
        if not isinstance(prompt, Text) or width <= 0:
            return super()._get_visual(option)
        cache = self.__dict__.setdefault("_capped", {})
        most = self.option_lines
        hit = cache.get(id(option))
        if hit is not None and hit[0] is option and hit[1] == (width, most):
            return hit[2]
        # the same label at the same width (a choice offered again: after an undo, "Pass"
        # in every decision) is the same visual, measured once
        ellipsis = glyph(self, "\u2026", "...")
        seen = (prompt.plain, prompt.style, tuple(prompt.spans), width, ellipsis, most)
        fitted: LRUCache[tuple[Any, ...], Visual] = self.__dict__.setdefault("_fitted", LRUCache(256))
        visual = fitted.get(seen)
        if visual is None:
            visual = fitted[seen] = (text_visual(self, prompt) if most is None
                                     else fit_lines(self, prompt, width, most, ellipsis))
        if len(cache) > 512:
            cache.clear()
        cache[id(option)] = (option, (width, most), visual)
        return visual

    def set_option_lines(self, most: int | None) -> bool:
        """Let a choice take at most ``most`` lines (None: every label whole);
        the lines drawn at the old limit are dropped. True if it changed."""
        if most == self.option_lines:
            return False
        self.option_lines = most
        self._line_cache.clear()
        self._option_render_cache.clear()
        self.refresh()
        return True

    def _get_option_render(self, option: Option, style: VisualStyle) -> list[Strip]:
        """The option's lines, as OptionList draws them; a label drawn before in
        the same style and width (the choices of a decision shown again after
        an undo, a "Pass" in every decision) is not rendered again, only
        given its place in this list."""
        prompt = option.prompt
        if not isinstance(prompt, Text) or option._divider:
            return super()._get_option_render(option, style)
        padding = self.get_component_styles("option-list--option").padding
        key = (option, style, padding)
        strips = self._option_render_cache.get(key)
        if strips is None:
            width = self.scrollable_content_region.width - self._get_left_gutter_width()
            seen = (prompt.plain, prompt.style, tuple(prompt.spans), style, padding, width, glyph(self, "1", "0"),
                    self.option_lines)
            drawn: LRUCache[tuple[Any, ...], list[Strip]] = self.__dict__.setdefault("_drawn", LRUCache(256))
            plain = drawn.get(seen)
            if plain is None:
                visual = self._get_visual(option)
                if padding:
                    visual = Padding(visual, padding)
                plain = [strip.extend_cell_length(width, style.rich_style)
                         for strip in Visual.to_strips(self, visual, width, None, style)]
                drawn[seen] = plain
            index = self._option_to_index[option]
            # in the same place as before too (the choices shown again after an undo): the
            # very strips, which the list's styling finds styled (KeptStylesCache)
            placed: LRUCache[tuple[Any, ...], list[Strip]] = self.__dict__.setdefault("_placed", LRUCache(256))
            strips = placed.get((seen, index))
            if strips is None:
                meta = {"option": index}
                strips = [strip.apply_meta(meta) for strip in plain]
                placed[(seen, index)] = strips
            self._option_render_cache[key] = strips
        return strips

    def _clear_caches(self) -> None:
        self.__dict__.pop("_fitted", None)
        self.__dict__.pop("_drawn", None)
        self.__dict__.pop("_placed", None)
        super()._clear_caches()

    def set_options(self, options: Any) -> "PickList":
        """OptionList's; an empty list too is painted (OptionList's returns
        before its repaint when no option is added: the old choices stayed on
        the terminal under "Bob is thinking..." until something else repainted)."""
        options = list(options)
        super().set_options(options)
        if not options and self.is_mounted:
            self.refresh()
            self._update_lines()
        return self

    def lines_at(self, width: int) -> int:
        """The lines all options take wrapped at ``width`` (what OptionList's
        ``get_content_height`` counts), each option's height at a width measured
        once: a Content keeps the height of one width only, and the picker
        measures at two (``_fit_height``: as if a scrollbar took its columns;
        the list's own lines: at its width), so each measure wrapped every
        label again, twice a decision."""
        padding = self.get_component_styles("option-list--option").padding.width
        heights: dict[tuple[int, int], tuple[Visual, int]] = self.__dict__.setdefault("_heights", {})
        if len(heights) > 512:
            heights.clear()
        total = 0
        last = len(self.options) - 1
        for n, option in enumerate(self.options):
            visual = self._get_visual(option)
            hit = heights.get((id(visual), width))
            if hit is None or hit[0] is not visual:  # (the visual kept with it: its id stays its own)
                hit = heights[(id(visual), width)] = (visual, visual.get_height(self.styles, width - padding))
            total += hit[1] + (1 if option._divider and n != last else 0)
        return total

    def _update_lines(self) -> None:
        """OptionList's, skipped while nothing it reads has changed: no option
        added, the line cache not cleared, the same size and scrollbar (it runs
        a dozen times a cursor key, each time looking up the list's region).
        Lines worked out at another width are worked out again (OptionList
        only adds the lines of new options, and drops the old ones on a Resize
        message, which comes after the frame drawn at the new width: the
        choices stayed wrapped as before a resize, cut or hidden)."""
        seen = (len(self._options), len(self._line_cache.lines), self._size, self.scrollbar_gutter)
        if seen == self.__dict__.get("_lines_seen"):
            return
        width = self.scrollable_content_region.width
        if width != self.__dict__.get("_lines_width"):
            if width and self._line_cache.lines:
                self._line_cache.clear()
                self._option_render_cache.clear()
            self.__dict__["_lines_width"] = width
        super()._update_lines()
        self.__dict__["_lines_seen"] = (len(self._options), len(self._line_cache.lines), self._size,
                                        self.scrollbar_gutter)

    def _on_resize(self, event: Any) -> None:
        # OptionList drops every line it drew on any resize; drawn at the width the
        # list has now (a new height; the Resize a screen's first layout sends after
        # the frame it painted, with a size of its first pass) they stand, and the
        # list is not painted again
        if self.size.width == self.__dict__.get("_drawn_width"):
            event.prevent_default()
        self.scroll_to_highlight()  # a list made shorter (a hint above it) keeps its cursor in view

    def render_lines(self, crop: Region) -> list[Strip]:
        self.__dict__["_drawn_width"] = self.size.width
        # OptionList works its lines out as it renders; the first time (a list just
        # shown) their new virtual size asks for a repaint of the very list being
        # rendered, which cost a second frame right after a screen's first one.
        # Worked out first here, that request is dropped (a scrollbar it shows
        # still asks for its layout).
        asked = self._repaint_required
        self._update_lines()
        if not asked and crop.width >= self.size.width and crop.height >= self.size.height:
            self._repaint_required = False  # (the whole list is rendered now)
        return super().render_lines(crop)

    def action_select(self) -> None:
        """Enter (or a click): the picker picks the option under the cursor at
        once when it calls back (``ChoicePicker.on_chosen``), not through
        OptionSelected, a message to this list and then to the picker."""
        picker = self.parent
        if not isinstance(picker, ChoicePicker) or picker.on_chosen is None:
            super().action_select()
            return
        highlighted = self.highlighted
        if highlighted is None or self._options[highlighted].disabled:
            return
        index = picker._index_of(self._options[highlighted])
        if index is not None:
            picker.choose(index)

    def watch_highlighted(self, old: int | None, highlighted: int | None) -> None:
        self._repaint_option(old)
        self._repaint_option(highlighted)
        if highlighted is None or self._options[highlighted].disabled:
            return
        self.scroll_to_highlight()
        picker = self.parent
        if isinstance(picker, ChoicePicker):
            picker._cursor_on(self.options[highlighted])

    def _repaint_option(self, index: int | None) -> None:
        """Repaint the lines of option ``index`` (if it is in the list). Not
        while the list is emptied for new options (``set_options`` puts the
        cursor off the old one): measuring the empty list would hide its
        scrollbar and show it again, two screen layouts for nothing."""
        if index is None or not self.is_mounted or index >= self.option_count:
            return
        self._update_lines()
        y = self._index_to_line.get(index)
        if y is None:
            return
        y -= self.scroll_offset.y
        self.refresh(Region(0, y, self.scrollable_content_region.width, self._heights[index]))


class FilterInput(Input):
    """The picker's filter box; the footer says how to leave it (Enter picks,
    Escape closes it, as Backspace does in an empty box: ``ChoicePicker.on_key``)."""

    BINDINGS = [Binding("enter", "submit", "Pick"),
                Binding("escape", "close_filter", "Close filter", tooltip="Backspace in an empty box closes it too")]

    def action_close_filter(self) -> None:
        picker = self.parent
        if isinstance(picker, ChoicePicker):
            picker.clear_filter()


class ChoicePicker(Vertical):
    """The legal moves, one line each, with hotkeys.

    Messages:
        ChoicePicker.Chosen(index, generation): the item ``index`` (position in
            the list given to ``set_choices``) was picked. After posting it the
            picker ignores further picks until the next ``set_choices`` (so a held
            key or a double click never picks twice from a stale list). Posted
            only when the picker has no ``on_chosen`` callback.
        ChoicePicker.Highlighted(index, generation): the cursor moved to item
            ``index`` (None when the list is empty); posted only when the
            picker has no ``on_highlight`` callback.

    Args:
        on_highlight: called at once (not through a message, so in the same
            frame) with the index of the item under the cursor whenever it
            moves, and once per ``set_choices`` (None: the list is empty).
        on_chosen: called at once with (index, generation) when an item is
            picked, instead of posting Chosen (which reaches the screen after
            a message to the list, the picker and each container between:
            the decision's frame came that much later).
        group_threshold: lists longer than this are grouped by ``Choice.group``.
        max_rows: the list never grows taller than this (it scrolls); it keeps
            the tallest height it has had, so it does not jump between decisions.
    """

    DEFAULT_CSS = """
    ChoicePicker {
        height: auto;
    }
    ChoicePicker > #picker-prompt {
        padding: 0 1;
    }
    ChoicePicker > #picker-filter {
        display: none;
        height: 3;
    }
    ChoicePicker.-filtering > #picker-filter {
        display: block;
    }
    ChoicePicker > OptionList {
        height: auto;
        max-height: 24;
    }
    /* NO_COLOR or a monochrome terminal: the highlight is not only a colour */
    ChoicePicker.-mono > OptionList > .option-list--option-highlighted {
        text-style: reverse bold;
    }
    """

    BINDINGS = [Binding("slash", "open_filter", "Filter", tooltip="Narrow the list by typing")]

    class Chosen(Message):
        """An item was picked."""

        def __init__(self, picker: "ChoicePicker", index: int, generation: int) -> None:
            super().__init__()
            self.picker = picker
            self.index = index
            self.generation = generation

        @property
        def control(self) -> "ChoicePicker":
            return self.picker

    class Highlighted(Message):
        """The cursor moved to an item (None: nothing to pick)."""

        def __init__(self, picker: "ChoicePicker", index: int | None, generation: int) -> None:
            super().__init__()
            self.picker = picker
            self.index = index
            self.generation = generation

        @property
        def control(self) -> "ChoicePicker":
            return self.picker

    def __init__(self, *, group_threshold: int = 9, max_rows: int = 16,
                 on_highlight: Callable[[int | None], None] | None = None,
                 on_chosen: Callable[[int, int], None] | None = None, name: str | None = None,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.on_highlight = on_highlight
        self.on_chosen = on_chosen
        self._rebuilding = False
        self.group_threshold = group_threshold
        self.max_rows = max_rows
        self.generation = 0
        self._choices: list[Choice] = []
        self._keys: list[str] = []
        self._prompt = ""
        self._filter = ""
        self._locked = False
        self._held = False  # picks are ignored while a key stream from before goes on (hold)
        self._stream_gap = 0.0  # the longest gap (s) between two keys of one held key
        self._last_key = float("-inf")  # when the last key arrived (its event's time)
        self._titles: tuple[str, str] | None = None  # (border title, subtitle) shown
        self._border_rows_only = False
        self._cut = False  # the box cuts the list (``_fit_height``)
        #: keys given only by an item's own hint, never by position (``settle_hotkeys``)
        self.kept_keys: frozenset[str] = frozenset()

    def on_mount(self) -> None:
        # NO_COLOR (Textual then draws in one colour) or a terminal without colours
        console = getattr(self.app, "console", None)
        mono = bool(getattr(self.app, "no_color", False)) or (console is not None and console.color_system is None)
        self.set_class(mono, "-mono")

    def compose(self) -> ComposeResult:
        yield Prompt(id="picker-prompt")
        # (the filter box, ``#picker-filter``, is built when first opened: ``filter_box``)
        yield PickList(id="picker-list")

    def filter_box(self, create: bool = False) -> Input | None:
        """The filter box; None while it has never been opened, unless
        ``create``: then it is built and mounted under the prompt (built with
        the picker, it cost a loaded game's first frame 4-5 ms, and most games
        never filter)."""
        box = self.__dict__.get("_filter_box")
        if box is None and create:
            box = self.__dict__["_filter_box"] = FilterInput(
                placeholder="type to filter, Enter picks, Esc closes", id="picker-filter")
            self.mount(box, after=self.query_one("#picker-prompt", Prompt))
        return box

    # -- public API ---------------------------------------------------------------
    @property
    def option_list(self) -> OptionList:
        """The list of choices (found once: a key asks for it a dozen times)."""
        found = self.__dict__.get("_option_list")
        if found is None or found.parent is not self:
            found = self.__dict__["_option_list"] = self.query_one("#picker-list", OptionList)
        return found

    @property
    def choices(self) -> list[Choice]:
        """The items as given to ``set_choices`` (hotkeys filled in)."""
        return [c._replace(hotkey=k) for c, k in zip(self._choices, self._keys)]

    def set_choices(self, choices: Sequence[Choice | tuple[str, str, str]], prompt: str = "",
                    highlight: int | None = None) -> None:
        """Show ``choices`` under ``prompt``; clears the filter and puts the
        cursor on item ``highlight`` (an index into ``choices``; None or out of
        range: the first item).

        Starts a new generation: picks and highlights from the old list are ignored.
        """
        self.generation += 1
        self._locked = False
        self._choices = [Choice(*c) for c in choices]
        order = self._display_order(range(len(self._choices)))
        keys = [""] * len(self._choices)
        for i, key in zip(order, settle_hotkeys([self._choices[i].hotkey for i in order], self.kept_keys)):
            keys[i] = key
        self._keys = keys
        self._prompt = prompt
        shown = self.query_one("#picker-prompt", Prompt)
        if shown.hint:  # the hint belonged to the decision before: gone, with its lines
            shown.allow_shrink()
        shown.update(prompt, "")
        if self._filter:
            self._filter = ""
            box = self.filter_box()
            if box is not None:
                box.value = ""
        self.close_filter(focus=False)
        self._rebuild(highlight)
        self._settle_prompt()

    def _settle_prompt(self) -> None:
        """A prompt shorter than the one before keeps its height (blank lines
        above it, no layout) unless that leaves more than ``Prompt.SLACK``
        blank lines or the list is cut for them (at 80x24 the blank lines
        pushed choices out of view): then it shrinks and the list gets the rows."""
        shown = self.query_one("#picker-prompt", Prompt)
        if shown.slack > Prompt.SLACK or (shown.slack and self._cut):
            shown.shrink()
            self._fit_height()

    def set_titles(self, title: str, subtitle: str) -> None:
        """The border's title (whose choice it is) and subtitle (the keys). A
        change repaints the two border rows only; Textual's ``border_title``
        setter repaints the whole picker, every choice in it too."""
        if (title, subtitle) == self._titles:
            return
        self._titles = (title, subtitle)
        self._border_rows_only = True
        try:
            self.border_title = title
            self.border_subtitle = subtitle
        finally:
            self._border_rows_only = False

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> "ChoicePicker":
        if (self._border_rows_only and not regions and repaint and not layout and not recompose
                and self.is_mounted and self.outer_size.height > 1):
            # regions are relative to the content: the border rows lie just outside it
            x, y = self.content_offset
            width, height = self.outer_size
            regions = (Region(-x, -y, width, 1), Region(-x, height - 1 - y, width, 1))
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def set_prompt(self, prompt: str) -> None:
        """Change only the line above the list."""
        self._prompt = prompt
        self.query_one("#picker-prompt", Prompt).update(prompt)

    def set_hint(self, hint: str) -> None:
        """Show ``hint`` under the prompt, above the choices (never over them:
        the list gets the rows that are left); the next ``set_choices`` (a
        decision made or undone, a group opened) clears it."""
        shown = self.query_one("#picker-prompt", Prompt)
        if not hint:
            shown.allow_shrink()
        shown.update(self._prompt, hint)
        shown.hint_rows = self._hint_rows()
        if self.is_attached:
            self.call_after_refresh(self._refit)

    @property
    def hint(self) -> str:
        """The hint shown above the choices, whole ("" when none)."""
        return self.query_one("#picker-prompt", Prompt).hint

    def more_hint(self) -> bool:
        """Show the next page of a hint too long for its rows (``Prompt.next_page``;
        the game screen's ``h`` once a hint is shown). False when it is shown whole."""
        return self.query_one("#picker-prompt", Prompt).next_page()

    @property
    def highlighted_index(self) -> int | None:
        """The item under the cursor (index into the list given), or None."""
        ol = self.option_list
        if ol.highlighted is None:
            return None
        return self._index_of(ol.get_option_at_index(ol.highlighted))

    def highlight(self, index: int) -> bool:
        """Put the cursor on item ``index`` (an index into the list given), as
        Up/Down would. False when that item is not shown (filtered out)."""
        ol = self.option_list
        try:
            ol.highlighted = ol.get_option_index(f"g{self.generation}c{index}")
        except Exception:  # noqa: BLE001 - no such option shown
            return False
        return True

    def pick_hotkey(self, key: str) -> bool:
        """Pick the item whose hotkey is ``key``. True if one was picked;
        never while the filter is open (what is typed then goes into it)."""
        if not key or key in RESERVED or self.filtering:
            return False
        try:
            index = self._keys.index(key)
        except ValueError:
            return False
        self.choose(index)
        return True

    def hold(self, gap: float, since: float | None = None) -> None:
        """Ignore picks (hotkeys, Enter) while the keys that began before now
        keep coming less than ``gap`` seconds apart, as a held key's repeats
        do: the first key after a quiet gap of ``gap`` seconds or more is picked
        as usual (``note_key`` tells). Called when the deciding human changes,
        so a key held down as the turn passes does not pick for the next player,
        while that player's first key counts. ``since``: when the last key of
        the stream came, if the picker has not seen it (a key that closed a
        screen on top). ``gap`` 0 ends a hold."""
        self._held = gap > 0
        self._stream_gap = gap
        if since is not None and since > self._last_key:
            self._last_key = since

    def note_key(self, when: float) -> None:
        """A key arrived at ``when`` (its event's ``time``, Textual's clock, so a
        key that waited in the queue keeps its own time): a gap of
        ``hold``'s ``gap`` or more since the key before ends a hold. The picker
        notes the keys that reach it; the screen notes the others."""
        if self._held and when - self._last_key >= self._stream_gap:
            self._held = False
        if when > self._last_key:
            self._last_key = when

    @property
    def holding(self) -> bool:
        """True while picks are ignored (see ``hold``)."""
        return self._held

    def on_mouse_down(self, event: events.MouseDown) -> None:
        self._held = False  # a click is a new press, never a held key

    def choose(self, index: int) -> None:
        """Pick item ``index`` (posts Chosen, or calls ``on_chosen``, once per
        generation; nothing while ``holding``)."""
        if self._locked or not 0 <= index < len(self._choices) or self.holding:
            return
        self._locked = True
        if self.on_chosen is not None:
            self.on_chosen(index, self.generation)
        else:
            self.post_message(self.Chosen(self, index, self.generation))

    def unlock(self) -> None:
        """Take picks again from this generation: the screen refused the last one
        (``choose`` takes one pick per generation; a hint being worked out)."""
        self._locked = False

    @property
    def filtering(self) -> bool:
        """True while the filter box is open."""
        return self.has_class("-filtering")

    def feed_filter(self, character: str) -> bool:
        """While the filter is open: type ``character`` into it (a key that
        arrived before the box had the focus: "/2" typed at once filters by
        "2"). True if it went there."""
        box = self.filter_box()
        if not self.filtering or box is None or not character or not character.isprintable():
            return False
        # (a key the box has the focus for never comes here: it takes a printable
        # key itself and stops it; this one was sent on before the box had the focus)
        if box.is_mounted:
            box.insert_text_at_cursor(character)
        else:  # (built a moment ago: typed into it once it is mounted, in order)
            box.call_later(box.insert_text_at_cursor, character)
        box.focus()
        return True

    def action_open_filter(self) -> None:
        """Show the filter input and focus it."""
        if not self._choices:
            return
        box = self.filter_box(create=True)
        self.add_class("-filtering")
        self._fit_height()  # the box now holds the filter too
        box.focus()

    def close_filter(self, focus: bool = True) -> None:
        """Hide the filter (keeping what it matched) and focus the list."""
        was = self.has_class("-filtering")
        self.remove_class("-filtering")
        box = self.filter_box()
        try:
            box_focused = box is not None and self.screen.focused is box
        except Exception:  # noqa: BLE001 - not on a screen yet
            box_focused = False
        if (focus and was) or box_focused:
            # never leave the focus in the hidden filter (keys would vanish there)
            self.option_list.focus()

    def clear_filter(self) -> None:
        """Empty the filter, hide it and show the whole list again."""
        box = self.filter_box()
        if box is not None and box.value:
            box.value = ""  # Input.Changed rebuilds the list
        self.close_filter()

    def focus_list(self) -> None:
        self.option_list.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``/`` is not offered (nor shown in the footer) while the filter is open."""
        return not (action == "open_filter" and self.filtering)

    # -- internals ------------------------------------------------------------------
    def _display_order(self, indices) -> list[int]:
        indices = list(indices)
        if not self._grouped():
            return indices
        return grouped_order(indices, [c.group for c in self._choices])

    def _grouped(self) -> bool:
        return self.groups_shown([c.group for c in self._choices])

    def groups_shown(self, groups: Sequence[str]) -> bool:
        """Whether a list of items in these groups (``Choice.group``, in order)
        is shown under group headings: longer than ``group_threshold``, with
        more than one group."""
        return len(groups) > self.group_threshold and len(set(groups)) > 1

    def display_order(self, groups: Sequence[str]) -> list[int]:
        """The order in which items in these groups (in the order given) are
        listed: as given, or under group headings, each group where its first
        item is (``groups_shown``). Indices into ``groups``."""
        indices = list(range(len(groups)))
        return grouped_order(indices, groups) if self.groups_shown(groups) else indices

    def _index_of(self, option: Option) -> int | None:
        oid = option.id or ""
        prefix = f"g{self.generation}c"
        if not oid.startswith(prefix):
            return None
        return int(oid[len(prefix):])

    def _rank(self, i: int) -> int | None:
        """How well item ``i`` matches the filter: 0 the whole query is a phrase of
        its text, 1 every word starts a word of it, 2 every word is somewhere in
        it; None no match (the filter is empty: 0 for all)."""
        if not self._filter:
            return 0
        c = self._choices[i]
        hay = f"{c.label} {c.group}".lower()
        words = self._filter.split()
        if " ".join(words) in " ".join(hay.split()):
            return 0
        if all(re.search(r"(?<![0-9a-z])" + re.escape(w), hay) for w in words):
            return 1
        if all(w in hay for w in words):
            return 2
        return None

    def _matches(self, i: int) -> bool:
        return self._rank(i) is not None

    def _rebuild(self, highlight: int | None = None) -> None:
        """Fill the list (filtered); the cursor on item ``highlight`` if it is
        listed, else on the first item."""
        ol = self.option_list
        ranked = [(r, n, i) for n, i in enumerate(self._display_order(range(len(self._choices))))
                  if (r := self._rank(i)) is not None]
        # the best matches first (a whole phrase before scattered words), so
        # Enter in the filter takes the most likely choice
        visible = [i for _r, _n, i in sorted(ranked)]
        options: list[Option] = []
        grouped = self._grouped() and not self._filter
        last_group = None
        first_pickable = None
        for i in visible:
            c = self._choices[i]
            if grouped and c.group != last_group:
                options.append(Option(Text(c.group or "other", style="bold underline"), disabled=True))
                last_group = c.group
            key = self._keys[i]
            prompt = Text()
            prompt.append(f"{key or ' ':>1} ", style="bold")
            prompt.append(c.label)
            if first_pickable is None or i == highlight:
                first_pickable = len(options)
            options.append(Option(prompt, id=f"g{self.generation}c{i}"))
        if not visible and self._filter and self._choices:
            options.append(Option(Text("no match", style="italic"), disabled=True))
        self._rebuilding = True  # one highlight for the new list, after it is set
        try:
            ol.set_options(options)
            self._fit_height()
            ol.highlighted = first_pickable
        finally:
            self._rebuilding = False
        self._tell_highlight(self._index_of(options[first_pickable]) if first_pickable is not None else None)

    def _cursor_on(self, option: Option) -> None:
        """The list's cursor moved to ``option`` (PickList calls this)."""
        if self._rebuilding:
            return
        index = self._index_of(option)
        if index is not None:
            self._tell_highlight(index)

    def _tell_highlight(self, index: int | None) -> None:
        if self.on_highlight is not None:
            self.on_highlight(index)
        else:
            self.post_message(self.Highlighted(self, index, self.generation))

    def _fit_height(self) -> None:
        """Size the list to its options' lines as they wrap at the list's width
        (a long label takes the lines it needs while every label fits the box
        whole, else at most ``PickList.MAX_OPTION_LINES``, rather than being cut), up to ``max_rows`` (longer lists scroll).

        A steady height (the most lines seen at this width) avoids a screen
        layout on every decision; an empty list (another player deciding)
        takes no rows, and the next list its own height. Before the first layout the width is unknown:
        the options are counted, then measured again after the refresh."""
        ol = self.option_list
        width = ol.content_region.width - ol._get_left_gutter_width()
        if width > 0:
            # measured as if a scrollbar took its columns: a height that fits
            # then fits with or without one, so no scrollbar stays behind
            narrow = max(1, width - ol.styles.scrollbar_size_vertical)
            # every label whole while they all fit the rows the box gives the
            # list; else (the list scrolls anyway) each cut to MAX_OPTION_LINES
            whole = self._whole_lines(narrow)
            if ol.option_count:
                ol.set_option_lines(None if whole <= min(self.max_rows, self._room()) else PickList.MAX_OPTION_LINES)
            lines = whole if ol.option_lines is None else ol.lines_at(narrow)
        else:
            lines = len(ol.options)
        if width != getattr(self, "_rows_width", None):
            self._rows_width, self._rows = width, 1
        if ol.option_count:
            self._rows = max(self._rows, min(lines, self.max_rows))
            rows = min(self._rows, self._room())
        else:  # nothing to choose ("Bob is thinking..."): no blank rows under the prompt
            self._rows = rows = 0
        #: the picker's box cuts the list (fewer rows than its lines, up to max_rows)
        self._cut = min(lines, self.max_rows) > rows
        height = rows + ol.styles.gutter.height  # plus any border/padding
        if ol.styles.height is None or ol.styles.height.value != height:
            ol.styles.height = height
        if width <= 0 and self.is_attached:
            self.call_after_refresh(self._refit)

    def _whole_lines(self, width: int) -> int:
        """The lines all choices take at ``width`` with every label whole."""
        ol = self.option_list
        kept = ol.option_lines
        ol.option_lines = None  # (measured only: nothing drawn at this limit is dropped)
        try:
            return ol.lines_at(width)
        finally:
            ol.option_lines = kept

    def _most(self) -> int | None:
        """The most rows the picker's box may take (its max-height resolved),
        None while unknown (no max-height, not laid out)."""
        limit = self.styles.max_height
        parent = self.parent
        if limit is None or parent is None or not isinstance(parent, Widget) or parent.size.height <= 0:
            return None
        try:
            return int(limit.resolve(parent.size, self.app.size))
        except Exception:  # noqa: BLE001 - a max-height Textual cannot resolve here
            return None

    def _hint_rows(self) -> int | None:
        """The most lines the hint may take: the box's rows less its border, the
        prompt's own lines, the filter and the lines the choices take whole (up
        to ``max_rows``), at least ``Prompt.HINT_ROWS``: the hint never pushes
        a choice out of reach. None (no limit) while the box's size is unknown."""
        most = self._most()
        ol = self.option_list
        width = ol.content_region.width - ol._get_left_gutter_width()
        prompt = self.query_one("#picker-prompt", Prompt)
        if most is None or width <= 0:
            return None
        need = min(self._whole_lines(max(1, width - ol.styles.scrollbar_size_vertical)), self.max_rows)
        used = (self.styles.gutter.height + prompt.styles.gutter.height + prompt.prompt_lines(prompt._width())
                + ol.styles.gutter.height + need + (3 if self.has_class("-filtering") else 0))
        return max(Prompt.HINT_ROWS, most - used)

    def _room(self) -> int:
        """The most list rows the picker's own box can show (its max-height,
        less its border, prompt and filter): a list taller than that would be
        cut by the box, and the cursor could go where nobody sees it."""
        limit = self.styles.max_height
        parent = self.parent
        if limit is None or parent is None or not isinstance(parent, Widget) or parent.size.height <= 0:
            return self.max_rows
        try:
            most = int(limit.resolve(parent.size, self.app.size))
        except Exception:  # noqa: BLE001 - a max-height Textual cannot resolve here
            return self.max_rows
        prompt = self.query_one("#picker-prompt", Prompt)
        tall = prompt.styles.height  # (set at once when its lines change; its size at the next layout)
        high = int(tall.value) + prompt.styles.gutter.height if tall is not None and tall.is_cells else prompt.outer_size.height
        used = self.styles.gutter.height + high + self.option_list.styles.gutter.height
        if self.has_class("-filtering"):
            used += 3
        return max(3, most - used)

    def _refit(self) -> None:
        if not self.is_attached or not self.query("#picker-list"):
            return  # removed meanwhile (its screen was closed before the refresh)
        if self.option_list.content_region.width > 0:
            self._fit_height()

    def on_resize(self, event: events.Resize) -> None:
        # (told during the screen's layout, OneLayout): the list's lines are
        # wrapped at its new width now, so its height and scrollbar follow them
        # in this layout, not a frame after
        prompt = self.query_one("#picker-prompt", Prompt)
        if prompt.hint:
            prompt.hint_rows = self._hint_rows()  # (a new size: the rows the choices leave it)
        self._fit_height()
        ol = self.option_list
        height = ol.styles.height
        if (ol.is_mounted and ol._line_cache.lines and height is not None
                and ol.scrollable_content_region.width != ol.__dict__.get("_lines_width")
                and ol.size.height >= height.value):
            ol._update_lines()  # (a list about to grow does it when drawn: its scrollbar would stay)

    @on(OptionList.OptionSelected, "#picker-list")
    def _on_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = self._index_of(event.option)
        if index is not None:
            self.choose(index)

    @on(Input.Changed, "#picker-filter")
    def _on_filter(self, event: Input.Changed) -> None:
        event.stop()
        self._filter = event.value.lower().strip()
        self._rebuild()

    @on(Input.Submitted, "#picker-filter")
    def _on_submit(self, event: Input.Submitted) -> None:
        event.stop()
        index = self.highlighted_index
        if index is not None:
            self.choose(index)

    def on_key(self, event: events.Key) -> None:
        self.note_key(event.time)
        box = self.filter_box()
        filtering = self.has_class("-filtering") and box is not None and box.has_focus
        if filtering:
            if event.key in ("up", "down"):
                event.stop()
                event.prevent_default()
                ol = self.option_list
                (ol.action_cursor_up if event.key == "up" else ol.action_cursor_down)()
            elif event.key == "escape" or (event.key == "backspace" and not box.value):
                event.stop()
                event.prevent_default()
                self.clear_filter()
            return
        if self.filtering and event.key == "escape":
            event.stop()  # an open filter closes with Escape wherever the focus is
            event.prevent_default()
            self.clear_filter()
            return
        if event.character == "/" and not self.filtering and self._choices:
            event.stop()  # at once, not as a binding run later: a key typed
            event.prevent_default()  # right after "/" must find the box open
            self.action_open_filter()
            return
        if self.filtering and event.character and self.feed_filter(event.character):
            event.stop()
            event.prevent_default()
            return
        if event.character and event.character not in RESERVED and self.pick_hotkey(event.character):
            event.stop()
            event.prevent_default()
