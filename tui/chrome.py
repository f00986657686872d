"""The header and footer lines of every Lowlands screen, each one widget.

OneLayout (a Screen mixin) keeps a screen layout to one pass and one frame,
and gives the screen a LineCompositor (tui/compositor.py): a frame renders
only what it repaints.

Textual's Header is four widgets and its Footer one widget per key, rebuilt
(a recompose and a screen layout) whenever the screen's bindings are
refreshed, and its header title asks for a layout of the whole screen on
every (sub-)title change, i.e. on every decision. These two draw the same
lines as single widgets of fixed size: a new title or a key that comes, goes
or is disabled only repaints one line. Fewer widgets also make every screen
quicker to open (the launcher is the first thing painted).

TitleHeader: the icon (click: command palette), then "Title — sub-title"
centred, from the screen's (else the app's) ``title`` and ``sub_title``.
Screens using QuietTitles (every game screen, review, game over) repaint only
this line when those change.

KeyFooter: the screen's active bindings that have ``show=True`` (one per
action, as Textual's Footer shows them: key, then description; a binding
whose ``check_action`` returns None is dimmed), and the command palette key on
the right; each key whole or not at all (too narrow: the palette key without
its word, then the keys without padding, then the last keys left out). A click
on a key presses it.
"""

from __future__ import annotations

import re
import sys
from functools import lru_cache
from typing import Any, NamedTuple

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import _time, events
from textual.content import Content
from textual.filter import LineFilter
from textual.reactive import Reactive
from textual.strip import Strip
from textual.widget import Widget


class QuietTitles:
    """Mixin for Screens (first among the bases): a new ``title`` or ``sub_title``
    repaints the TitleHeader (which watches them) instead of the whole screen.

    Textual's Screen repaints every widget on it when either changes; game
    screens change the sub-title ("Ann to choose") on every decision and review
    on every step.
    """

    title: Reactive[str | None] = Reactive(None, compute=False, repaint=False)
    sub_title: Reactive[str | None] = Reactive(None, compute=False, repaint=False)


_real_size_updated: dict[type, Any] = {}
_quiet_sizes = False
_late: set[Widget] = set()  # scrollbars a layout asked to repaint after it had begun
_resized: list[tuple[Any, ...]] = []  # (widget, size, virtual, container) a OneLayout layout changed


def _follows_size(widget: Widget) -> Any:
    """If Lowlands wrote the ``on_resize`` of ``widget`` (a board that draws
    for its width, a DataWidget, a log): a function calling it and the
    ``on_resize`` of its base classes, in the order Textual does (a log's, then
    RichLog's, which draws the lines written before the size was known);
    else None."""
    handlers = [cls.__dict__["on_resize"] for cls in type(widget).__mro__ if "on_resize" in cls.__dict__]
    first = next((cls for cls in type(widget).__mro__ if "on_resize" in cls.__dict__), None)
    if first is None or not first.__module__.startswith("tui."):
        return None

    def follow(event: Any) -> None:
        for handler in handlers:
            handler(widget, event)

    return follow


class OneLayout:
    """Mixin for Screens: a layout of the screen is done once, in one frame.

    Textual's full layout (``Screen._refresh_layout``) sets each widget's new
    ``virtual_size`` through a layout reactive, so every widget whose size
    changed asks for another layout of the whole screen; it comes a frame
    later, finds the same sizes and paints those widgets again. And the
    scrollbars it updates on the way are painted in yet another frame. (A
    decision that shows another board page took two to four frames.) Here the
    layout sets the sizes quietly (``layout=False``, as Textual's own partial
    layout does: scroll views still update their scrollbars, and a scrollbar
    that comes or goes still asks for the layout it needs), and the scrollbars
    it changed are painted in the same frame, as is every widget whose repaint
    request has not reached the screen yet when a frame is painted. Use it
    before Screen among the bases.
    """

    #: The focused widget (Textual's Screen.focused, without its repaint of the whole
    #: screen: the widgets that gain and lose the focus repaint themselves for their
    #: :focus styles). A focus given on mount comes a moment after the first frame,
    #: which made opening a game screen paint all of it twice.
    focused: Reactive[Any] = Reactive(None, repaint=False)

    #: (set while laying out: the frame is painted once the layout is done)
    _one_layout_busy = False
    #: the size of the last layout; whether the screen is being resumed (Textual
    #: lays it out then repaints all of it: the layout has painted already)
    _one_layout_size: Any = None
    _one_layout_resuming = False
    _one_layout_painted = False
    #: how many widgets the screen had at its last layout if all were mounted (else None)
    _one_layout_mounted: int | None = None
    #: when the last layout began (``textual._time``, the clock of Message.time)
    _one_layout_at = float("-inf")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        from tui.compositor import LineCompositor

        # a partial repaint renders the changed lines only (tui/compositor.py)
        self._compositor = LineCompositor()

    def _screen_resized(self, size: Any) -> None:
        """Textual lays a screen out again when it gets its size (a Resize of
        the screen itself, a frame after the first layout at that very size):
        not when it was laid out at that size and nothing asked for more."""
        if size == self._one_layout_size and not getattr(self, "_layout_required", False):
            return
        super()._screen_resized(size)  # type: ignore[misc]

    def _on_screen_resume(self, event: Any) -> None:
        # (Textual calls this before Screen's own, which lays the screen out if
        # its size changed and then repaints all of it)
        self._one_layout_resuming = True
        self._one_layout_painted = False
        # the toasts shown (the rack hidden when there are none) now, for the layout
        # to come: Textual does it at the app's next message, after the frame, and
        # hiding the empty rack asked for a layout and another frame
        from textual.widgets._toast import ToastRack

        for rack in self.query_children(ToastRack):  # type: ignore[attr-defined]
            rack.show(self.app._notifications)  # type: ignore[attr-defined]

    def refresh(self, *regions: Any, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Any:
        if layout and not regions and not recompose and self._one_layout_mounted is not None \
                and sys._getframe(1).f_code.co_name == "await_mount":
            # the screen's widgets have all mounted (Textual then asks for a
            # layout of the screen): they had already when it was last laid out
            nodes = list(self.walk_children(with_self=False))  # type: ignore[attr-defined]
            if len(nodes) == self._one_layout_mounted and all(n._is_mounted for n in nodes):
                return self
        if self._one_layout_resuming:
            self._one_layout_resuming = False
            if self._one_layout_painted and not regions and repaint and not layout and not recompose:
                return self  # the resume's layout painted every widget already
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)  # type: ignore[misc]

    def _refresh_layout(self, size: Any = None, scroll: bool = False) -> None:
        """Textual's layout; then the widgets it gave a new size that draw for
        their size (``_follows_size``: a board choosing its pages, a DataWidget
        wrapping its lines) are told now, not by a Resize message after this
        frame; while that changed sizes (or styles: a board's class), the screen
        is laid out again, now, and they are told again (``LAYOUT_PASSES`` at
        most); then ``laid_out()``, and one frame is painted. (Opening a
        screen took a frame at the first guess of the sizes, another after the
        Resize messages, and a third for the screen's own Resize.)"""
        global _quiet_sizes
        if scroll and self._compositor._visible_map is None:  # type: ignore[attr-defined]
            # Textual's layout of the scroll positions alone compares with the
            # widgets in view at the last one, which a full layout leaves unset:
            # it would repaint the whole screen (a scroll just after a board page
            # was shown); a full layout compares with every widget's place
            scroll = False
        _install_quiet_sizes()
        _quiet_sizes = True
        self._one_layout_at = _time.get_time()
        self._one_layout_busy = True
        _resized.clear()
        self._layout_required = False  # (a layout asked for before this one: this is it)
        try:
            super()._refresh_layout(size, scroll)  # type: ignore[misc]
            self._tell_followers()
            moved = self._run_after_layout()
            # what the followers changed (a board's pages, a prompt's height) may
            # change other sizes (a scrollbar comes or goes), and what ran after
            # the layout may have scrolled: lay out again, a few times at most,
            # telling the followers each time, until nothing asks
            for _ in range(self.LAYOUT_PASSES - 1):
                if not (self._settle_requests() or moved):
                    break
                super()._refresh_layout(size, False)  # type: ignore[misc]
                self._tell_followers()
                moved = self._run_after_layout()
            else:
                self._settle_requests()  # (what the last pass asked for is done)
        finally:
            _quiet_sizes = False
            self._one_layout_busy = False
            _resized.clear()
        self._one_layout_size = self.outer_size if size is None else size  # type: ignore[attr-defined]
        self.laid_out()
        nodes = list(self.walk_children(with_self=False))  # type: ignore[attr-defined]
        self._one_layout_mounted = len(nodes) if all(n._is_mounted for n in nodes) else None
        if getattr(self, "is_current", False) and not self.app._batch_count:  # type: ignore[attr-defined]
            self._compositor_refresh()
            self._one_layout_painted = True
        _late.clear()

    def after_layout(self, callback: Any, *args: Any) -> None:
        """Call ``callback(*args)`` once the screen's next layout has placed the
        widgets (or, if no layout comes, just before the screen's next frame,
        placed as they are), before that frame is painted; a true result means
        it scrolled, and the screen is placed again for that same frame. (E.g. a board scrolling
        to the widget a decision is about, on the page that decision turned to:
        ``call_after_refresh`` scrolled a frame later, and painted that frame too.)"""
        self.__dict__.setdefault("_one_after", []).append((callback, args))

    def _run_after_layout(self) -> bool:
        """Call what ``after_layout`` queued; True if any of it scrolled."""
        calls = self.__dict__.pop("_one_after", None)
        moved = False
        for callback, args in calls or ():
            moved = bool(callback(*args)) or moved
        return moved

    def laid_out(self) -> None:
        """Hook: the screen has just been laid out, and is painted next (what
        depends on the sizes, e.g. the keys of a board folded into pages,
        changes in that same frame)."""

    async def _on_layout(self, message: Any) -> None:
        """A widget's request for a layout (Textual sends it at the widget's next
        idle) that was made before the last layout began: that layout, of every
        widget, did it. Asking again would lay the screen out again at its next
        Resize (a screen just opened gets one after its first frame) and paint
        a second frame."""
        if message.time < self._one_layout_at:
            message.stop()
            message.prevent_default()
            return
        await super()._on_layout(message)  # type: ignore[misc]

    #: layout passes at most per layout (the first, and those its followers ask for)
    LAYOUT_PASSES = 3

    def _tell_followers(self) -> None:
        """Tell the widgets the last pass gave a new size that draw for their
        size (``_follows_size``) of it now, as the Resize they would get."""
        sizes = {entry[0]: entry[1:] for entry in _resized}  # (the sizes a Resize would carry)
        followers = [(w, h) for w in sizes if (h := _follows_size(w)) is not None]
        _resized.clear()
        for widget, handler in followers:
            if widget.is_attached:
                handler(events.Resize(*sizes[widget]))

    def _settle_requests(self) -> bool:
        """Do now what Textual does at each widget's next idle for the style
        and layout requests made since the layout: apply changed classes, and
        clear the arrangement caches of those that asked for a layout (as
        ``Widget._check_refresh`` does). True if a new layout is needed."""
        nodes = list(self.walk_children(with_self=False))  # type: ignore[attr-defined]
        nodes += [bar for node in nodes for bar in (getattr(node, "_vertical_scrollbar", None),
                                                     getattr(node, "_horizontal_scrollbar", None))
                  if bar is not None]  # (a scrollbar shown or hidden asks for a layout)
        for node in nodes:  # scrolled since: the layout places them at their offsets
            if getattr(node, "_scroll_required", False) and not node._layout_required:
                node._scroll_required = False
        restyle = [n for n in nodes if getattr(n, "_refresh_styles_required", False)]
        for node in restyle:
            node._refresh_styles_required = False
            node.update_node_styles(animate=False)
        asked = False
        for node in nodes:
            if not getattr(node, "_layout_required", False):
                continue
            node._layout_required = False
            asked = True
            for ancestor in node.ancestors:
                if not isinstance(ancestor, Widget):
                    break
                ancestor._clear_arrangement_cache()
                ancestor._layout_updates += 1
                if not ancestor.styles.auto_dimensions:
                    break
        if getattr(self, "_layout_required", False):
            self._layout_required = False  # type: ignore[attr-defined]
            asked = True
        return asked or bool(restyle)

    def _compositor_refresh(self) -> None:
        if self._one_layout_busy:
            return  # painted once the layout is done
        if self.__dict__.get("_one_after") and self._run_after_layout():
            # scrolled by what was to run after a layout (none came): placed
            # again, by a layout (Textual's of the scroll positions alone, after
            # a full one, compares with none and repaints the whole screen)
            self._refresh_layout()
            return
        # Widgets asked to repaint whose request has not reached the screen yet
        # (Textual passes it on at the widget's next idle: the scrollbars a
        # layout updates, a widget changed last in the key's handler) are
        # painted in this frame, not in one of their own just after it.
        pending = {w for w in self._compositor.visible_widgets if w._repaint_required}  # type: ignore[attr-defined]
        pending |= {bar for bar in _late if bar._repaint_required}
        if pending:
            for widget in pending:
                widget._repaint_required = False
            self._compositor.update_widgets(pending)  # type: ignore[attr-defined]
        _late.clear()
        compositor = self._compositor  # type: ignore[attr-defined]
        app = self.app  # type: ignore[attr-defined]
        if compositor.size.region in compositor._dirty_regions and self is app.screen \
                and not app._batch_count:  # a frame of the whole screen, shown
            self._one_full_paint_at = _time.get_time()
        super()._compositor_refresh()  # type: ignore[misc]

    def paint_now(self) -> bool:
        """Paint what was asked for so far now, from the handler that asked for
        it, as one frame. Textual paints once each widget asked to repaint (or
        lay out, or scroll) has, at its next idle, sent the screen a message
        and the screen's update timer has run (a decision: some twenty
        messages, 1-2 ms, before a frame that waits for nothing else; and a
        request that reached the screen only after its timer ran got a frame
        of its own). A layout asked for (a board page shown, a scroll to the
        decision's widget, new classes) is done here as the timer would do it
        (``_refresh_layout``: one pass or more, one frame). Nothing is done
        (Textual's own path paints) while the screen is not shown, a
        recompose or a repaint of the whole screen is pending, or a widget is
        not mounted yet. True if it painted (or had nothing to paint)."""
        app = self.app  # type: ignore[attr-defined]
        if (not getattr(self, "is_current", False) or app._batch_count or self._one_layout_busy
                or self._recompose_required or self._repaint_required):  # type: ignore[attr-defined]
            return False
        layout = bool(self._layout_required or self._layout_widgets)  # type: ignore[attr-defined]
        scroll = bool(self._scroll_required)  # type: ignore[attr-defined]
        for node in self.walk_children(with_self=False):  # type: ignore[attr-defined]
            if node._recompose_required or not node._is_mounted:
                return False
            if node._layout_required or node._refresh_styles_required:
                layout = True
            elif node._scroll_required:
                scroll = True
                node._scroll_required = False  # (done by the layout below; no UpdateScroll later)
            for bar in (getattr(node, "_vertical_scrollbar", None), getattr(node, "_horizontal_scrollbar", None)):
                if bar is not None and (bar._layout_required or bar._refresh_styles_required):
                    layout = True
        if layout or scroll:
            if layout:
                self._settle_requests()  # (new styles applied, arrangements to do again marked)
            self._refresh_layout(scroll=not layout)  # (OneLayout's: and the frame)
            self._scroll_required = False  # type: ignore[attr-defined]
            return True
        dirty = self._dirty_widgets  # type: ignore[attr-defined]  (Update messages come already)
        if dirty:
            self._compositor.update_widgets(dirty)  # type: ignore[attr-defined]
        self._compositor_refresh()
        return True

    #: when the last frame of the whole screen was painted (``textual._time``)
    _one_full_paint_at = float("-inf")

    async def _on_update(self, message: Any) -> None:
        """A widget's request to be repainted (sent at the widget's next idle)
        from before the last frame of the whole screen: that frame painted it.
        (A screen just opened painted most of itself again a frame later.)"""
        if message.time < self._one_full_paint_at:
            message.stop()
            message.prevent_default()
            return
        await super()._on_update(message)  # type: ignore[misc]


def _install_quiet_sizes() -> None:
    """Wrap ``Widget._size_updated`` (and ScrollView's) so that, while a
    OneLayout screen lays itself out, it sets ``virtual_size`` without asking
    for a layout and notes the scrollbars it repaints (idempotent)."""
    from textual.scroll_view import ScrollView

    for cls in (Widget, ScrollView):
        if cls in _real_size_updated:
            continue
        real = _real_size_updated[cls] = cls.__dict__["_size_updated"]

        def _size_updated(self: Widget, size: Any, virtual_size: Any, container_size: Any,
                          layout: bool = True, _real: Any = real) -> bool:
            result = _real(self, size, virtual_size, container_size, layout and not _quiet_sizes)
            if _quiet_sizes and result:
                _resized.append((self, size, virtual_size, container_size))
            if _quiet_sizes:
                for bar in (self._vertical_scrollbar, self._horizontal_scrollbar):
                    if bar is not None and bar._repaint_required:
                        _late.add(bar)
            return result

        cls._size_updated = _size_updated  # type: ignore[method-assign]


#: border types drawn as they are under ``--ascii`` (the rest become "ascii")
_PLAIN_EDGES = frozenset({"", "none", "hidden", "blank", "ascii"})
_real_get_box: Any = None


def install_ascii_borders() -> None:
    """Make every border of an app whose ``ascii`` attribute is true draw with
    Textual's "ascii" border type (``+-|``) instead of its CSS type (round,
    solid, heavy ...), keeping its colours, and its scrollbars without the
    eighth-block glyphs. Idempotent; other apps in the same
    process (``ascii`` false) are unaffected: the check is per active app.

    Textual has no switch for this, so it wraps ``textual._styles_cache.get_box``
    (the function that picks a border's characters by type name)."""
    global _real_get_box
    from textual import _styles_cache
    from textual._context import active_app

    if _real_get_box is not None:
        return
    _real_get_box = _styles_cache.get_box

    def get_box(name: Any, *args: Any) -> Any:
        app = active_app.get(None)
        if name not in _PLAIN_EDGES and getattr(app, "ascii", False):
            name = "ascii"
        return _real_get_box(name, *args)

    _styles_cache.get_box = get_box

    # scrollbars: Textual draws a thumb's ends with ▁..▇ / ▉..▏ eighth blocks;
    # under --ascii the thumb is whole cells of its colour (blank glyphs)
    from textual.scrollbar import ScrollBar, ScrollBarRender

    class _ScrollBarRender(ScrollBarRender):
        @classmethod
        def render_bar(cls, *args: Any, **kwargs: Any) -> Any:
            if getattr(active_app.get(None), "ascii", False):
                return _AsciiScrollBarRender.render_bar(*args, **kwargs)
            return super().render_bar(*args, **kwargs)

    class _AsciiScrollBarRender(ScrollBarRender):
        VERTICAL_BARS = [" "] * 8
        HORIZONTAL_BARS = [" "] * 8

    if ScrollBar.renderer is ScrollBarRender:  # not replaced by someone else
        ScrollBar.renderer = _ScrollBarRender


class _KeptLine(Widget):
    """A one-line widget that keeps its rendered line for each thing it has
    shown (``_line_key``), so showing one again (the sub-title of a player whose
    turn comes round again, the keys as they were before an undo) costs a
    look-up instead of a render."""

    KEPT = 16

    def _line_key(self) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def _line_extra(self) -> Any:
        """What ``render`` worked out besides the line, restored with it."""
        return None

    def _restore_extra(self, extra: Any) -> None:
        """Restore what ``_line_extra`` gave."""

    def render_line(self, y: int) -> Strip:
        if y or self.text_selection is not None:
            return super().render_line(y)
        app = self.app
        key = (self._line_key(), self.size.width, self.visual_style, getattr(app, "ascii", False), app.theme)
        kept: dict[Any, tuple[Strip, Any]] = self.__dict__.setdefault("_kept", {})
        hit = kept.get(key)
        if hit is not None:
            self._restore_extra(hit[1])
            return hit[0]
        self._render_content()
        strip = self._render_cache.lines[0] if self._render_cache.lines else Strip.blank(self.size.width)
        if len(kept) >= self.KEPT:
            kept.pop(next(iter(kept)))
        kept[key] = (strip, self._line_extra())
        return strip


class TitleHeader(_KeptLine):
    """The header line: icon, then the screen's title and sub-title, centred.

    Too long for the width, it is shortened, the title (a game screen's: the
    game's name) kept whole to the last: it takes the free cells on the right,
    then the icon's padding on the left; then, on a screen with a
    ``header_names()`` method (a game: its sub-title says who decides what, and
    from which seat a networked table is seen), the player names in the
    sub-title are cut to ``NAME_CELLS`` ("Bartholomeus" -> "Bartho…"), then its
    " · " parts, those without a number first (the last one last where the
    screen's ``header_keeps_last`` is true), to ``PART_CELLS`` at least
    (``fit_sub_title``); what still does not fit is cut at its end with an ellipsis."""

    DEFAULT_CSS = """
    TitleHeader {
        dock: top;
        width: 100%;
        height: 1;
        background: $panel;
        color: $foreground;
    }
    """

    #: cells taken by the icon on the left and kept free on the right (as Textual's Header)
    ICON_WIDTH, RIGHT_WIDTH = 8, 10
    #: the icon without its padding (" ⭘ "), for a title that needs the room
    ICON_CELLS = 3
    #: a player name longer than this is cut to it (with its ellipsis) in a sub-title too long
    NAME_CELLS = 7
    #: the fewest cells a part of a sub-title is cut to (with its ellipsis)
    PART_CELLS = 6

    def on_mount(self) -> None:
        for obj in (self.app, self.screen):
            self.watch(obj, "title", self._retitle, init=False)
            self.watch(obj, "sub_title", self._retitle, init=False)

    def _retitle(self) -> None:
        self.refresh()  # one line of fixed size: no layout

    def _line_key(self) -> Any:
        screen, app = self.screen, self.app
        return (screen.title, screen.sub_title, app.title, app.sub_title)

    def _titles(self) -> tuple[str, str]:
        """(title, sub-title): the screen's, else the app's."""
        screen, app = self.screen, self.app
        title = screen.title if screen.title is not None else app.title
        sub_title = screen.sub_title if screen.sub_title is not None else app.sub_title
        return title or "", sub_title or ""

    def _title(self) -> Content:
        return self.app.format_title(*self._titles())

    def render(self) -> Content:
        width = self.size.width
        icon = " " if getattr(self.app, "ascii", False) else "⭘"  # --ascii: no icon
        left = Content(f" {icon}").pad_right(max(0, self.ICON_WIDTH - 2))
        room = max(0, width - self.ICON_WIDTH - self.RIGHT_WIDTH)
        title = self._title()
        if title.cell_length > room:  # the free cells on the right too, before anything is cut
            room = max(0, width - self.ICON_WIDTH - 1)
        if title.cell_length > room:  # then the icon's padding
            left = Content(f" {icon}").pad_right(max(0, self.ICON_CELLS - 2))
            room = max(0, width - self.ICON_CELLS - 1)
        names = getattr(self.screen, "header_names", None)
        if title.cell_length > room and callable(names):
            head, sub = self._titles()
            title = self.app.format_title(head, fit_sub_title(
                lambda s: self.app.format_title(head, s).cell_length, sub, room, names(),
                self.NAME_CELLS, self.PART_CELLS, "..." if getattr(self.app, "ascii", False) else "…",
                bool(getattr(self.screen, "header_keeps_last", False))))
        if title.cell_length > room:
            title = title.truncate(room, ellipsis=True)
        return Content.assemble(left, title.center(room), " " * max(0, width - left.cell_length - room))

    async def on_click(self, event: events.Click) -> None:
        if event.x < self.ICON_WIDTH and self.app.ENABLE_COMMAND_PALETTE:
            event.stop()
            await self.run_action("app.command_palette")


def fit_sub_title(measure: Any, sub_title: str, room: int, names: Any = (), name_cells: int = 7,
                  part_cells: int = 6, dots: str = "…", keep_last: bool = False) -> str:
    """``sub_title`` shortened until ``measure(sub_title)`` (the cells of the
    whole header text it makes, an int) is at most ``room``, the other parts of
    the header kept: first each of ``names`` (player names, str) longer than
    ``name_cells`` that it names is cut to ``name_cells`` cells, its last one
    ``dots`` ("Bartholomeus" -> "Bartho…"); then, of a sub-title in parts
    (between " · "), one part after another is cut (to ``part_cells`` cells
    at least, ending in ``dots``) until it fits: the parts without a number
    first (who decides what, which the picker's prompt says too), the longest
    first, then those with one (scores, rounds, a target: the header's own),
    so "Half-year 1/9 summer · Bartho…: place a worker · target 110 VP" keeps
    its numbers; ``keep_last``: the last part after all the others (a
    networked table's "you are Bob"). Returns the sub-title as shortened (as
    far as it goes; ``sub_title`` itself if it fits)."""
    if measure(sub_title) <= room:
        return sub_title
    for name in sorted({n for n in names if cell_len(n) > name_cells}, key=len, reverse=True):
        short = _cut(name, name_cells, dots)
        sub_title = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", lambda _m: short, sub_title)
    parts = sub_title.split(" · ")
    # words before numbers, the longest first
    last = len(parts) - 1 if keep_last else -1
    order = sorted(range(len(parts)),
                   key=lambda i: (i == last, any(c.isdigit() for c in parts[i]), -cell_len(parts[i]), i))
    for i in order if len(parts) > 1 else ():
        over = measure(" · ".join(parts)) - room
        if over <= 0:
            break
        parts[i] = _cut(parts[i], max(part_cells, cell_len(parts[i]) - over), dots)
    return " · ".join(parts)


def _cut(text: str, cells: int, dots: str) -> str:
    """``text`` in at most ``cells`` cells: cut, ending in ``dots``, if longer."""
    if cell_len(text) <= cells:
        return text
    keep = max(0, cells - cell_len(dots))
    while cell_len(text[:keep]) > cells - cell_len(dots) and keep:
        keep -= 1
    return text[:keep].rstrip(" ,;:") + dots


class _Key(NamedTuple):
    key: str  # the key to press (Binding.key)
    display: str  # how it is shown ("?", "^p", "left")
    description: str
    enabled: bool
    action: str = ""  # the binding's action ("launcher")


class KeyFooter(_KeptLine):
    """The footer line: the keys of the active bindings, and the palette key on the right."""

    ALLOW_SELECT = False
    #: actions whose keys go first when the keys do not all fit, before the
    #: palette key's word (help lists them): a game's Q, back to the launcher
    SPARE_ACTIONS = frozenset({"launcher"})
    COMPONENT_CLASSES = {"footer-key--key", "footer-key--description", "footer-key--hover",
                         "footer-key--separator"}
    DEFAULT_CSS = """
    KeyFooter {
        dock: bottom;
        width: 100%;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
    }
    KeyFooter > .footer-key--key {
        color: $footer-key-foreground;
        background: $footer-key-background;
        text-style: bold;
    }
    KeyFooter > .footer-key--description {
        color: $footer-description-foreground;
        background: $footer-description-background;
    }
    KeyFooter > .footer-key--hover {
        background: $block-hover-background;
    }
    KeyFooter > .footer-key--separator {
        color: $foreground 20%;
    }
    """

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._keys: list[_Key] = []
        self._palette: _Key | None = None
        self._spans: list[tuple[int, int, _Key]] = []  # (start x, end x, key) as last drawn
        self._hover: int | None = None

    @property
    def keys(self) -> list[_Key]:
        """The keys shown, in order (the palette key last, if shown)."""
        return self._keys + ([self._palette] if self._palette else [])

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._read_bindings()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Any) -> None:
        if self.is_attached and screen is self.screen:
            self._read_bindings()

    def read_keys(self, state: Any = None) -> None:
        """Show the keys active now (repainted only if they changed). ``state``
        (hashable, None: none): all that decides which keys are active and
        enabled (a game screen's ``key_state`` and focus); keys read before in
        the same state are shown again without reading the screen's bindings
        (every binding's ``check_action``: 0.3-0.5 ms a decision)."""
        if state is None:
            self._read_bindings()
            return
        kept: dict[Any, tuple[list[_Key], _Key | None]] = self.__dict__.setdefault("_read_for", {})
        hit = kept.get(state)
        if hit is None:
            self._read_bindings()
            if len(kept) >= 32:
                kept.clear()
            kept[state] = (self._keys, self._palette)
        elif hit != (self._keys, self._palette):
            self._keys, self._palette = hit
            self.refresh()  # one line of fixed size: no layout

    def _read_bindings(self) -> None:
        app = self.app
        active = self.screen.active_bindings
        seen: set[str] = set()
        keys: list[_Key] = []
        for _node, binding, enabled, _tooltip in active.values():
            if binding.show and binding.action not in seen:
                seen.add(binding.action)
                keys.append(_Key(binding.key, app.get_key_display(binding), binding.description, bool(enabled),
                                 binding.action))
        palette = None
        if app.ENABLE_COMMAND_PALETTE:
            entry = active.get(app.COMMAND_PALETTE_BINDING)
            if entry is not None:
                binding = entry.binding
                palette = _Key(binding.key, app.get_key_display(binding), binding.description, bool(entry.enabled))
        if keys != self._keys or palette != self._palette:
            self._keys, self._palette = keys, palette
            self.refresh()  # one line of fixed size: no layout

    def render(self) -> Text:
        """The keys, then the palette key on the right. Keys are shown whole or not
        at all: when they do not all fit, the keys lose their padding first,
        then the keys of ``SPARE_ACTIONS`` go (a game's ``Q``, which help
        lists), then the palette key its word ("^p palette": a playtester read a bare "^p" as
        cut), then more of the last keys (as Textual's Footer drops what does
        not fit, never a key cut in half: "q Q")."""
        width = self.size.width
        spare = sum(1 for k in self._keys if k.action in self.SPARE_ACTIONS)
        for words, padded, spared in ((True, True, 0), (True, False, 0), (True, False, spare), (False, False, 0)):
            right = self._palette_text(words)
            line, spans = self._keys_text(padded, max(0, width - right.cell_len), skip=bool(spared))
            if len(spans) >= len(self._keys) - spared:
                break
        room = max(0, width - right.cell_len)
        line.truncate(room, overflow="crop", pad=True)
        if self._palette is not None:
            spans.append((room, width, self._palette))
        self._spans = spans
        line.append_text(right)
        return line

    def _palette_text(self, words: bool) -> Text:
        """The palette key, after a separator; its word ("palette") if ``words``."""
        right = Text(no_wrap=True, overflow="crop")
        p = self._palette
        if p is not None:
            right.append("▏" if not getattr(self.app, "ascii", False) else "|",
                         self.get_component_rich_style("footer-key--separator"))
            right.append(p.display, self.get_component_rich_style("footer-key--key"))
            right.append(f" {p.description} " if words else " ",
                         self.get_component_rich_style("footer-key--description"))
        return right

    def _keys_text(self, padded: bool, room: int, skip: bool = False) -> tuple[Text, list[tuple[int, int, _Key]]]:
        """The keys that fit whole in ``room`` cells, in order (a space before each
        key when ``padded``, else only between them), and where each is; with
        ``skip``, those of ``SPARE_ACTIONS`` left out."""
        key_style = self.get_component_rich_style("footer-key--key")
        desc_style = self.get_component_rich_style("footer-key--description")
        hover_style = self.get_component_rich_style("footer-key--hover")
        dim = Style(dim=True)
        line = Text(no_wrap=True, overflow="crop")
        spans: list[tuple[int, int, _Key]] = []
        for i, k in enumerate(self._keys):
            if skip and k.action in self.SPARE_ACTIONS:
                continue
            start = line.cell_len
            extra = (hover_style if i == self._hover else Style()) + (dim if not k.enabled else Style())
            piece = Text(no_wrap=True)
            piece.append(f" {k.display} " if padded or not i else f"{k.display} ", key_style + extra)
            if k.description:
                piece.append(f"{k.description} ", desc_style + extra)
            if start + piece.cell_len > room:
                break
            line.append_text(piece)
            spans.append((start, line.cell_len, k))
        return line, spans

    def _line_key(self) -> Any:
        return (tuple(self._keys), self._palette, self._hover)

    def _line_extra(self) -> Any:
        return list(self._spans)

    def _restore_extra(self, extra: Any) -> None:
        self._spans = list(extra)

    def _key_at(self, x: int) -> int | None:
        for i, (start, end, _k) in enumerate(self._spans):
            if start <= x < end:
                return i
        return None

    def on_click(self, event: events.Click) -> None:
        i = self._key_at(event.x)
        if i is None:
            return
        event.stop()
        key = self._spans[i][2]
        if key.enabled:
            self.app.simulate_key(key.key.split(",")[0])
        else:
            self.app.bell()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        i = self._key_at(event.x)
        if i is not None and self._spans[i][2] is self._palette:
            i = None
        if i != self._hover:
            self._hover = i
            self.refresh()

    def on_leave(self, _event: events.Leave) -> None:
        if self._hover is not None:
            self._hover = None
            self.refresh()


__all__ = ["KeyFooter", "OneLayout", "QuietTitles", "TitleHeader"]


class AsciiFilter(LineFilter):
    """The ASCII look's last line of defence: every non-ASCII character that
    reaches the screen (a rules text, a name, Textual's own glyphs) is drawn
    as ASCII of the same width (``tui.widgets.common.ascii_cell``), so the
    look holds whatever a widget forgot. Installed by
    ``LowlandsApp.get_line_filters`` (Textual's public hook) when ``ascii``."""

    def apply(self, segments: list[Segment], background: Any) -> list[Segment]:
        out = []
        for seg in segments:
            text = seg.text
            if not text.isascii() and not seg.control:
                text = _ascii_line(text)
                seg = Segment(text, seg.style, seg.control)
            out.append(seg)
        return out


@lru_cache(4096)
def _ascii_line(text: str) -> str:
    from rich.cells import get_character_cell_size

    from tui.widgets.common import ascii_cell

    return "".join(ch if ch.isascii() else ascii_cell(ch, get_character_cell_size(ch)) for ch in text)


class LegibleMonochrome(LineFilter):
    """NO_COLOR's filter: every colour drawn as a grey (as Textual's Monochrome
    draws it), but a foreground too close to its background to read (a violet
    that turns dark grey on a near-black panel) is drawn in the background's
    opposite, white or black, instead. Under NO_COLOR nothing is told apart by
    colour anyway (players by their letter, varieties by their name), so text
    stays plain and readable. ``LowlandsApp.get_line_filters`` puts it in the
    place of Textual's Monochrome."""

    #: the least difference in perceived brightness (0-1) kept as it is
    CONTRAST = 0.45

    def apply(self, segments: list[Segment], background: Any) -> list[Segment]:
        base = (background.r, background.g, background.b) if background is not None else (0, 0, 0)
        return [seg if seg.control or seg.style is None else Segment(seg.text, _legible(seg.style, base), None)
                for seg in segments]


@lru_cache(1024)
def _legible(style: Style, base: tuple[int, int, int]) -> Style:
    from textual.color import Color
    from textual.filter import monochrome_style

    mono = monochrome_style(style)
    if mono.color is None:
        return mono
    fg = Color.from_rich_color(mono.color)
    bg = Color.from_rich_color(mono.bgcolor) if mono.bgcolor is not None else Color(*base)
    if mono.reverse:
        fg, bg = bg, fg
    if abs(fg.brightness - bg.brightness) >= LegibleMonochrome.CONTRAST:
        return mono
    plain = Color(255, 255, 255) if bg.brightness < 0.5 else Color(0, 0, 0)
    return mono + (Style(bgcolor=plain.rich_color) if mono.reverse else Style(color=plain.rich_color))
