"""Board: the base class of the per-game boards, and the generic board.

``show(game, state, viewer=..., seats=..., targets=...)`` redraws the board for
one state: the game screen calls it after every decision and cursor move, the
review screen with ``match.state_at(cursor)`` and ``viewer=None``. Subclasses
(one per game) compose the shared widgets in ``compose`` and update them in
``show``; they must not remount widgets there (keys stay fast).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence, TypeVar

from rich.console import Group
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from tui.widgets.base import Banner, QuietScroll, RowScrollBar
from tui.widgets.common import seat_letters, seat_style
from tui.widgets.pages import PageBar

T = TypeVar("T")


class Same:
    """A key part equal only to one for the very same object (``Board.kept``)."""

    __slots__ = ("obj",)

    def __init__(self, obj: Any) -> None:
        self.obj = obj

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Same) and other.obj is self.obj

    def __hash__(self) -> int:
        return id(self.obj)


class Board(Widget):
    """The generic board: public tallies per seat and the pending decision.

    Works for every game through the Game protocol alone, so a game without its
    own board is still playable and reviewable.
    """

    DEFAULT_CSS = """
    Board {
        height: auto;
    }
    Board > .board-generic {
        height: auto;
        padding: 0 1;
    }
    """

    def compose(self) -> ComposeResult:
        yield Static(classes="board-generic", id="board-generic")

    # -- sections the cursor does not touch -------------------------------------------------
    #: how many builds of one section ``kept`` remembers
    KEPT = 8

    def kept(self, name: str, key: tuple[Any, ...], build: Callable[[], T]) -> T:
        """``build()``, or what it gave when section ``name`` was last built
        with an equal ``key`` (one of the last ``KEPT``). ``show`` runs on every
        cursor key; a section keyed on the state and on only the choices it
        draws (``touching``) is not built again while the cursor moves among
        other choices. Put the state in the key as ``Same(state)`` (compared
        by identity: states are frozen once made, and a deep comparison would
        cost what it saves)."""
        memo: dict[str, dict[tuple[Any, ...], T]] = self.__dict__.setdefault("_kept", {})
        builds = memo.setdefault(name, {})
        if key in builds:
            return builds[key]
        value = builds[key] = build()
        if len(builds) > self.KEPT:
            del builds[next(iter(builds))]
        return value

    def put(self, name: str, key: tuple[Any, ...], build: Callable[[], dict[str, tuple[Any, ...]]]) -> None:
        """Update a section's widgets from ``build()``: ``{selector: the
        arguments of that widget's update}``, kept like ``kept`` (a section
        whose key is one of its last builds' is not built again: a cursor key
        on choices it does not draw, a step back in review to a state drawn
        before). Each widget redraws only what differs from what it shows."""
        self.update_all(self.kept(name, key, build))

    def update_all(self, updates: dict[str, tuple[Any, ...]]) -> None:
        """Call each widget's ``update`` with its arguments: ``{selector: args}``."""
        for selector, args in updates.items():
            self.query_one(selector).update(*args)

    @staticmethod
    def touching(targets: Sequence[Any], kinds: type | tuple[type, ...]) -> tuple[Any, ...]:
        """A key for ``kept``: whether ``targets`` is a single choice, whether
        the first is of ``kinds``, and the choices of ``kinds`` among them, in
        order (a section that draws only those kinds, looking at all of them or
        at the first, draws the same for any other choices)."""
        first = bool(targets) and isinstance(targets[0], kinds)
        return (len(targets) == 1, first, *(t for t in targets if isinstance(t, kinds)))

    # -- panels: a board with more to show than fits folds it into pages -------------------
    @property
    def has_panels(self) -> bool:
        """True when the board shows one of several panels now (the screen then offers
        keys to switch: Left/Right in a game, ``[``/``]`` in review)."""
        return False

    def switch_panel(self, delta: int) -> None:
        """Show the previous (-1) or next (+1) panel; nothing for a board without panels."""

    def panel_keys(self) -> str:
        """The keys that switch panels on the screen this board is on, for its page bar:
        the screen's ``PANEL_KEYS`` ("←→" in a game, "[ ]" in review)."""
        try:
            keys = getattr(self.screen, "PANEL_KEYS", "")
        except Exception:  # noqa: BLE001  (not on a screen yet)
            return ""
        from tui.widgets.common import use_ascii

        return keys.replace("←→", "<-/->") if use_ascii(self) else keys

    def show(self, game: Any, state: Any, *, viewer: int | None, seats: list[str],
             targets: Sequence[Any] = ()) -> None:
        """Redraw for ``state`` as seen by ``viewer`` (None: public view).

        Args:
            game: the Game object.
            state: the state to draw (the caller passes ``game.view(state, viewer)``
                or the full state; boards draw only what they are given).
            viewer: the seat whose private information may be shown, or None.
            seats: the player names in seat order.
            targets: legal moves to highlight (the one under the picker's cursor).
        """
        letters = seat_letters(seats)
        tallies = game.tallies(state)
        seat = game.to_move(state)
        table = Table(box=None, padding=(0, 1), show_edge=False)
        table.add_column("")
        table.add_column("Player")
        keys: list[str] = []
        for t in tallies:
            for k in t:
                if k not in keys:
                    keys.append(k)
        for k in keys:
            table.add_column(k, justify="right")
        for i, t in enumerate(tallies):
            mark = ">" if i == seat else " "
            table.add_row(Text(f"{mark}{letters[i]}", style=seat_style(i)), seats[i],
                          *[f"{t.get(k, 0):g}" for k in keys])
        head = Text()
        if game.is_over(state):
            head.append("The game is over.", style="bold")
        elif seat is not None:
            head.append(f"{seats[seat]} to choose", style="bold")
            head.append(f" ({len(game.legal_moves(state))} choices)" if viewer is None or viewer == seat else "")
        if targets:
            head.append("\nUnder the cursor: " + ", ".join(game.notation(m) for m in targets), style="dim")
        self.query_one("#board-generic", Static).update(Group(head, table))


class BlankArea:
    """Mixin for a board container: its own cells (where none of its widgets is:
    margins, the right of a narrow widget, below a short page) are drawn as
    blank lines of its background, as Textual draws them, without styling each
    row (Textual renders and styles a container's every row like a line of
    text; a section shown on a new page cost that for a dozen rows and more).
    For containers without border, padding or text of their own."""

    _blank: tuple[Any, Strip] | None = None

    def render_lines(self, crop: Region) -> list[Strip]:
        visual = self.visual_style  # type: ignore[attr-defined]
        filters = self.get_line_filters()  # type: ignore[attr-defined]
        key = (visual, crop.width, *filters)
        kept = self._blank
        if kept is None or kept[0] != key:
            strip = Strip.blank(crop.width, Style(bgcolor=visual.background.rich_color))
            background = self.background_colors[1]  # type: ignore[attr-defined]
            for line_filter in filters:  # (NO_COLOR's greys, as on every line Textual draws)
                strip = strip.apply_filter(line_filter, background)
            kept = self._blank = (key, strip)
        return [kept[1]] * crop.height


class BodyScrollBar(RowScrollBar):
    """The board body's scrollbar: a RowScrollBar whose rows, when it is drawn
    whole (a page that scrolls after one that fits, or the other way round:
    most steps in review), are made straight from its one segment per row,
    not rendered and styled by Textual row by row as a widget's lines; as
    Textual draws it while the mouse is over it or drags it."""

    def render_lines(self, crop: Region) -> list[Strip]:
        width = self.size.width
        if self.grabbed or self.mouse_over or crop.width != width or not crop.height:
            self._styles_cache.clear()  # (its lines were not kept while drawn below)
            return super().render_lines(crop)
        self._styles_cache.clear()  # (drawn here: none of the lines Textual keeps is current)
        if self.window_size >= self.window_virtual_size and self.parent is not None:
            # everything fits: blank rows in the body's background, as its gutter was
            base, background = self.parent.background_colors
            strip = Strip.blank(width, Style(bgcolor=(base + background).rich_color))
            for line_filter in self.get_line_filters():
                strip = strip.apply_filter(line_filter, background)
            return [strip] * crop.height
        rows = self._bar_rows()
        if rows is None or crop.bottom > len(rows[3]):
            return super().render_lines(crop)
        if self._rows is None:  # (drawn whole: the rows it paints, as RowScrollBar keeps them)
            self._rows = rows
        filters = self.get_line_filters()
        background = self.background_colors[1]
        under = self.visual_style.rich_style  # (what Textual lays a widget's content on)
        out = []
        for text, style, _control in rows[3][crop.y:crop.bottom]:
            strip = Strip([Segment(text, under + style if style else under)], width)
            for line_filter in filters:
                strip = strip.apply_filter(line_filter, background)
            out.append(strip)
        return out


class BoardBody(BlankArea, QuietScroll, VerticalScroll, can_focus=False):
    """A PagedBoard's scrolling body (class ``board-body``). Its scrollbar, once
    shown, stays (blank while the page fits, in the gutter the body keeps for
    it anyway) and repaints only the rows its thumb changes (QuietScroll): a
    page that scrolls after one that fits costs one layout, not a second one to
    show the scrollbar, and no repaint of all its rows."""

    SCROLLBAR = BodyScrollBar

    #: the widget to scroll into view as the next arrangement places it, and
    #: whether to its top (``reveal_when_placed``)
    _to_reveal: tuple[Widget, bool] | None = None

    def reveal_when_placed(self, widget: Widget | None, *, top: bool = False) -> None:
        """Scroll ``widget`` into view as the next layout arranges this body,
        as Textual's ``scroll_to_widget(widget, top=top)`` scrolls from where
        the body is then: in that very pass, not in a second layout of the
        screen after it (a page turned to the decision's widget below its top
        cost two). The caller still calls ``scroll_to_widget`` after the layout
        (which then finds nothing to do), and before the next frame if no
        layout comes; None forgets a widget not placed yet."""
        self._to_reveal = None if widget is None else (widget, top)

    def arrange(self, size: Size, optimal: bool = False) -> Any:
        result = super().arrange(size, optimal)
        reveal = self._to_reveal
        if reveal is None or not getattr(self.screen, "_one_layout_busy", True):
            return result  # (kept for the layout: a look-up of a place before it is not it)
        self._to_reveal = None
        if reveal[0].display:
            region = self._placed(result, reveal[0])
            if region is not None:
                self._scroll_into_view(result, size, region, reveal[1])
        return result

    def _placed(self, result: Any, widget: Widget) -> Region | None:
        """``widget``'s region grown by its margin in this body's virtual space, as
        ``scroll_to_widget`` works it out, from the arrangement ``result`` (the
        containers between are arranged as the layout will, from their cache);
        None if it is not placed there."""
        chain = [widget]
        while chain[-1].parent is not self:
            parent = chain[-1].parent
            if not isinstance(parent, Widget) or not parent.display:
                return None
            chain.append(parent)
        placements = {p.widget: p for p in result.placements}
        levels: list[tuple[Widget, Region]] = []  # each node's region, relative to its parent's content
        for node in reversed(chain):
            placement = placements.get(node)
            if placement is None or placement.fixed or placement.absolute or placement.overlay:
                return None
            levels.append((node, placement.region))
            if node is not widget:
                inner = placement.region.shrink(node.styles.gutter).size
                placements = {p.widget: p for p in node.arrange(inner).placements}
        node, region = levels[-1]
        region = region.grow(node.styles.margin)
        for container, placed in reversed(levels[:-1]):
            margin = container.styles.margin
            with_margin = placed.grow(margin)
            region = (region.translate(margin.top_left).translate(container.styles.border.spacing.top_left)
                      .translate(with_margin.offset).grow(margin).intersection(with_margin))
        return region

    def _scroll_into_view(self, result: Any, size: Size, region: Region, top: bool) -> None:
        """Scroll (now, before the placements are offset) as ``scroll_to_region``
        would with the body's virtual size after this arrangement."""
        if not region:
            return
        window = Region(0, round(self.scroll_y), size.width, size.height).shrink(result.scroll_spacing)
        if window in region and not top:
            return
        delta = Region.get_scroll_to_visible(window, region, top=top).y
        virtual = max(size.height, result.total_region.bottom)
        y = max(0, min(round(self.scroll_y) + delta, virtual - size.height))
        if delta > 0 and not top:  # down to the widget: the top line starts a widget, not the middle of one
            y = min(self._next_start(result, y), region.y, virtual - size.height)
        if y != round(self.scroll_y):
            # (as Textual sets an anchored container's scroll in its arrangement)
            self.set_reactive(BoardBody.scroll_y, y)
            self.set_reactive(BoardBody.scroll_target_y, y)
            self.vertical_scrollbar.position = y

    def scroll_to_widget(self, widget: Widget, *, animate: bool = True, top: bool = False,
                         immediate: bool = False, **kwargs: Any) -> bool:
        """Textual's, but a scroll down (not to the top, not animated) stops
        where a widget of a section begins, so the body never starts in the
        middle of one (a wrapped row); ``widget`` stays in view."""
        before = round(self.scroll_target_y)
        moved = super().scroll_to_widget(widget, animate=animate, top=top, immediate=immediate, **kwargs)
        y = round(self.scroll_target_y)
        if moved and not top and not animate and y > before:
            result = self.arrange(self.scrollable_content_region.size)
            region = self._placed(result, widget)
            snapped = min(self._next_start(result, y), region.y if region is not None else y, round(self.max_scroll_y))
            if snapped > y:
                self.scroll_to(y=snapped, animate=False, immediate=immediate)
        return moved

    def _next_start(self, result: Any, y: int) -> int:
        """The first line at or below ``y`` where a widget of a section begins
        (or ends), from the arrangement ``result``; ``y`` itself when it does."""
        for placement in result.placements:
            section, box = placement.widget, placement.region
            if not box.y <= y < box.bottom:
                continue
            if not isinstance(section, Widget) or not section.children:
                return y if y == box.y else box.bottom
            inner = box.shrink(section.styles.gutter)
            edges = sorted({inner.y + e for p in section.arrange(inner.size).placements
                            for e in (p.region.y, p.region.bottom)} | {box.bottom})
            return next((e for e in edges if e >= y), y)
        return y

    def _size_updated(self, size: Any, virtual_size: Any, container_size: Any, layout: bool = True) -> bool:
        before = self.scroll_offset
        result = super()._size_updated(size, virtual_size, container_size, layout)
        if self.scroll_offset != before:
            # a shorter page brought the scroll position back within it after the
            # layout had placed the sections at the old one: placed again (OneLayout
            # does it in the same layout; hiding the scrollbar used to ask for that)
            self.refresh(layout=True)
        return result


class BoardSection(BlankArea, Vertical):
    """A section of a PagedBoard (class ``board-section``), drawn as a BlankArea."""


class BoardRow(BlankArea, Horizontal):
    """Widgets side by side in a board section, drawn as a BlankArea."""


class PagedBoard(Board):
    """A board that folds its sections into pages (Windmill Valley, Fields of Arle).

    A page is ``(label, sections, seat)``: its name in the page bar, the
    section names it shows, and for a player's own page that seat (else None).
    Subclasses set ``ID_PREFIX`` and ``SECTIONS`` (their widgets: the PageBar
    ``#<prefix>-pages``, the Banner ``#<prefix>-banner``, a container
    ``#<prefix>-sec-<section>`` per section) and ``BODY_ID`` (their scrolling body),
    keep ``_last`` (the arguments of the last ``show``) and redraw in ``_redraw``:
    ``_fold`` works the pages out (``_make_pages``, fewer when ``_is_wide``) and
    ``_show_page`` shows the current one.

    Announcements: ``announce(lines)`` keeps what the last decision caused for the
    board's banner until the next decision (``_draw_banner`` paints it).
    """

    DEFAULT_CSS = """
    PagedBoard {
        height: 1fr;
    }
    PagedBoard > .board-body {
        height: 1fr;
        scrollbar-size-vertical: 1;
        scrollbar-gutter: stable;
    }
    PagedBoard DataWidget {
        text-wrap: nowrap;
        text-overflow: clip;
    }
    PagedBoard .board-section {
        height: auto;
    }
    PagedBoard > Banner {
        height: auto;
    }
    """

    #: the id of the board's scrolling body (class ``board-body``; scrolled home on a
    #: panel switch); its sections have the class ``board-section``
    BODY_ID = ""
    #: the section that is a player's own page (``page_for`` matches its seat)
    SEAT_SECTION = "farm"
    #: the prefix of the board's widget ids ("wv": ``#wv-pages``, ``#wv-banner``, ``#wv-sec-map``)
    ID_PREFIX = ""
    #: the sections, in the order they are composed
    SECTIONS: tuple[str, ...] = ()
    #: Boards at least this wide (and screens this tall) combine panels into fewer pages.
    WIDE = 60
    TALL = 34

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._page = 0
        self._pages: list[tuple[str, frozenset[str], int | None]] = []
        self._last: tuple | None = None  #: (game, state, viewer, seats, targets) of the last show
        self._decision: Any = None  #: the decision the page was last turned for
        self._shown: dict[str, bool] = {}  #: section -> displayed
        self._announce: list[str] = []
        self._wide: bool | None = None
        self._drawn_width: int | None = None  #: the width the pages were last worked out for
        #: the sections (and seat) of the page shown before the pages were last made again
        self._refolded_from: tuple[frozenset[str], int | None] | None = None
        #: (decision, callback, args) of the last ``after_layout``
        self._scrolled_for: tuple[Any, Any, tuple[Any, ...]] | None = None

    def _redraw(self, *, relayout: bool = False) -> None:
        """Draw the current page again (after a page switch; ``relayout``: work the
        pages out again, after a resize)."""
        raise NotImplementedError

    def _is_wide(self) -> bool:
        """Whether the board is at least WIDE columns and the screen TALL rows."""
        width = self.size.width or 44
        try:
            height = self.screen.size.height
        except Exception:  # noqa: BLE001
            height = 24
        return width >= self.WIDE and height >= self.TALL

    def on_resize(self, event: Any) -> None:
        # the sections wrap and cut their lines to the board's width: drawn again at
        # any new width (a screen resized under a dialog is laid out more than once)
        if self._last is not None and (self._is_wide() != self._wide or event.size.width != self._drawn_width):
            self._redraw(relayout=True)
            again = self._scrolled_for
            if again is not None and again[0] == self._decision:
                self.after_layout(again[1], *again[2])  # the decision's widget in view again

    def _make_pages(self, seats: list[str], letters: list[str]) -> list[tuple[str, frozenset[str], int | None]]:
        """The pages for these players at this size: ``(label, sections, seat)``."""
        raise NotImplementedError

    def _fold(self, seats: list[str], letters: list[str], wide: bool, count: int, relayout: bool = False) -> None:
        """Work the pages out again (``_make_pages``) when there are none, when the size
        class ``wide`` changed, when there should be ``count`` pages and are not, or on
        ``relayout``; the page shown stays on the same section (and seat)."""
        self._drawn_width = self.size.width
        if not self._pages or relayout or wide != self._wide or len(self._pages) != count:
            current = self._pages[self._page] if self._pages else None
            self._wide = wide
            self._pages = self._make_pages(seats, letters)
            if current is not None:
                self._page = self._page_again(current[1], current[2])

    def _page_again(self, sections: frozenset[str], seat: int | None) -> int:
        """The page, of those just made, for the page that showed ``sections``
        (of ``seat``): the page shown before the last time the pages were made
        if it is part of that one (a terminal grown and shrunk back, or the
        other way, shows the page it showed), else the first of ``sections``
        in ``SECTIONS`` order (never a set's own order, which varies by run)."""
        before, self._refolded_from = self._refolded_from, (sections, seat)
        if before is not None and before[1] == seat and before[0] & sections:
            sections = before[0] & sections
        order = {name: i for i, name in enumerate(self.SECTIONS)}
        return self.page_for(min(sections, key=lambda name: order.get(name, len(order))), seat)

    def _show_page(self) -> tuple[frozenset[str], int | None]:
        """Show the current page: the page bar (with the panel keys), its sections shown
        and the others hidden (the banner may then take its own height again: the
        screen is laid out anyway). Returns the page's (sections, seat)."""
        _label, secs, seat = self._pages[self._page]
        p = self.ID_PREFIX
        bar = self.query_one(f"#{p}-pages", PageBar)
        keys = self.panel_keys()
        bar.hint = f"  {keys}" if keys and self.has_panels else ""
        bar.update(self.page_names, self._page)
        for sec in self.SECTIONS:
            on_page = sec in secs
            if self._shown.get(sec) != on_page:
                self._shown[sec] = on_page
                self.query_one(f"#{p}-sec-{sec}").display = on_page
                self.query_one(f"#{p}-banner", Banner).allow_shrink()
        return secs, seat

    @on(PageBar.Selected)
    def _page_clicked(self, event: PageBar.Selected) -> None:
        event.stop()
        self.select_page(event.index)

    # -- announcements ---------------------------------------------------------------
    @property
    def announcements(self) -> list[str]:
        """What the last decision caused, as shown in the banner ([] for none)."""
        return list(self._announce)

    def announce(self, lines: Sequence[str], *, redraw: bool = True) -> None:
        """Show ``lines`` (the announcements of the last decision) in the banner until
        the next decision; [] takes them away. ``redraw=False``: only remember them,
        for the redraw about to come (the banner changes once a key)."""
        self._announce = list(lines)
        if redraw and self._last is not None:
            self._draw_banner()

    def _draw_banner(self) -> None:
        """Paint the banner for the last ``show`` and the announcements."""

    def page_for(self, section: str, seat: int | None) -> int:
        """The page that shows ``section`` (for the seat section: the page of
        ``seat``, or the first such page when ``seat`` is None); 0 when none does."""
        for i, (_label, secs, s) in enumerate(self._pages):
            if section in secs and (section != self.SEAT_SECTION or seat is None or s == seat):
                return i
        return 0

    def select_page(self, index: int) -> None:
        """Show page ``index`` (wraps around)."""
        if not self._pages:
            return
        self._page = index % len(self._pages)
        self._scrolled_for = None
        self._redraw()

    def next_page(self, step: int = 1) -> None:
        """Show the page ``step`` pages on (negative: back)."""
        self.select_page(self._page + step)

    def after_layout(self, callback: Any, *args: Any) -> None:
        """Call ``callback(*args)`` (returning whether it scrolled) once the screen's
        layout has placed this board's widgets, before that frame is painted
        (``OneLayout.after_layout``); on another screen, after the next frame.
        Called again after the board is drawn at a new width, while the decision
        it was called for (``_decision``) is the one shown and no page was chosen
        by hand since (the scroll to that decision's widget)."""
        self._scrolled_for = (self._decision, callback, args)
        screen = self.screen
        if hasattr(screen, "after_layout"):
            screen.after_layout(callback, *args)
        else:
            self.call_after_refresh(callback, *args)

    def reveal_lines(self, widget_id: str, y: int, height: int = 1) -> None:
        """Scroll the body (``BODY_ID``) so that lines ``y`` .. ``y + height`` of
        the widget ``#widget_id`` show (the choice under the picker's cursor,
        drawn in a long widget): once the screen's layout has placed the
        widgets, or just before the next frame when no layout comes
        (``OneLayout.after_layout``), so the scroll is in the cursor key's own
        frame; on another screen, after the next frame."""
        screen = self.screen
        if hasattr(screen, "after_layout"):
            screen.after_layout(self._scroll_to_lines, widget_id, y, height)
        else:
            self.call_after_refresh(self._scroll_to_lines, widget_id, y, height)

    def _scroll_to_lines(self, widget_id: str, y: int, height: int) -> bool:
        """Scroll as ``reveal_lines`` says, now; True if the body scrolled."""
        try:
            widget = self.query_one(f"#{widget_id}")
            body = self.query_one(f"#{self.BODY_ID}", BoardBody)
        except Exception:  # noqa: BLE001 - not mounted (yet)
            return False
        if not widget.display:
            return False
        top, node = y, widget
        while node is not body and node is not None:
            if not node.display:
                return False
            top += node.virtual_region.y
            node = node.parent
        before = body.scroll_y
        body.scroll_to_region(Region(0, top, 1, max(1, height)), animate=False, immediate=True)
        return body.scroll_y != before

    @property
    def has_panels(self) -> bool:
        return len(self._pages) > 1

    def switch_panel(self, delta: int) -> None:
        self.next_page(delta)
        if self.BODY_ID:
            self.query_one(f"#{self.BODY_ID}").scroll_home(animate=False)

    @property
    def page_names(self) -> list[str]:
        """The pages' labels, in order (for the page bar)."""
        return [p[0] for p in self._pages]

    @property
    def page(self) -> str:
        """The label of the page shown ("" before the first ``show``)."""
        return self._pages[self._page][0] if self._pages else ""
