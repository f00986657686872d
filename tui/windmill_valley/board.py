"""Windmill Valley's board (WindmillValleyBoard): it composes the shared widgets
(rules: ``rules/windmill-valley.source.txt``, ``core/windmill_valley/RULES.md``):

* Wheels: the player's two wheels as rings (Ring) with their enhancements and the
  arrows between them; a preview of the action pairs 1, 2, 3 and 4 steps would
  bring, with the tools each costs and the calendar advances (FS 8); the wheel
  enhancement offer (Cards); a key giving the rulebook's words for every short
  label drawn there ("Lw2 GV", "SwFE+", "cal 2!", the offer's price).
* Tracks: the floodgate and the water level (Track), the calendar with markers,
  common rewards and the unique rewards still open (Market), the Queen's Wish,
  the VP track (Track) and a table of every player's counters.
* Map: the fields and windmill spaces with the windmills and their networks,
  and the spaces on the market's edge (GridMap); while choosing where to build,
  the space of the choice under the cursor is a candidate (``CANDIDATE_MILL``,
  highlighted, named in the note under the map), never the builder's letter.
* Market: the 5 market areas with their markers (Market), the foreign trade card
  with its bulbs, the farm enhancement offer (Cards).
* Farm (one page per player): guilders, tools, VP, storage with costs (Storage),
  the tulip patch with its printed rewards, windmill groups (Storage), helpers and
  contracts (Cards), and that player's wheels in one line.

The panels fold into pages (PageBar): at 120x40 "Turn" (wheels + tracks),
"Valley" (map + market) and a farm page per player; at 80x24 each panel is a
page. The board turns to the page of the pending decision (a turn's floodgate,
wheels and action choice all on the wheels page, whose preview follows the
floodgate under the cursor) and scrolls to what the decision is about; the page
bar and a banner (round, floodgate, water, or the latest announcements; a
Banner, whose steady height spares the screen a layout per decision) stay at
the top. The choice under the picker's cursor is highlighted on the board
(reverse video and ``>...<``), so colour is never the only sign. Text is
wrapped, never cut: market and calendar rows (WrapMarket), card texts
(WrapCards), the banner, the players' counters (worded lines where the table
does not fit).
"""

from __future__ import annotations

import textwrap
from typing import Any, Sequence

from rich.text import Text
from textual.app import ComposeResult

from core.windmill_valley import components as C
from core.windmill_valley.actions import (
    connected_spaces, helper_code, market_area, path_outcomes, wheel_index,
)
from core.windmill_valley.scoring import columns, contract_vp, windmills_of
from tui.widgets.base import Banner, TextBlock, grid
from tui.widgets.board import BoardBody, BoardRow, BoardSection, PagedBoard, Same
from tui.widgets.cards import Card, CardRow, Cards, WrapCards
from tui.widgets.common import HIGHLIGHT, Marker, glyph, plural, preview, seat_letters, seat_style, use_ascii
from tui.widgets.gridmap import Field, GridMap, Node
from tui.widgets.market import Area, Market, WrapMarket
from tui.widgets.pages import PageBar
from tui.widgets.storage import Slot, Storage
from tui.widgets.track import Track
from tui.widgets.textlines import flow, wrap, wrap_text
from tui.widgets.wheel import Ring, RingSpace
from tui.windmill_valley.labels import (
    BULB_STYLES, bulb, calendar_after, design_label, design_text, is_automatic, last_round, patch_code,
    reward_text, rewards_text, short_reward, split_target, wish_patch_spaces,
)


#: Wheel tiers: style (a help only; the preview names the tier).
TIER_STYLES: dict[str, str] = {"base": "", "c": "#a5d6a7", "u": "bold #80deea", "x": "bold #f48fb1"}


TIER_LETTER: dict[str, str] = {"base": "", "c": "c", "u": "u", "x": "x"}


#: Field codes of the map -> style (bulb fields in their colour).
FIELD_STYLES: dict[str, str] = {"Wt": BULB_STYLES["w"], "Ye": BULB_STYLES["y"], "Rd": BULB_STYLES["r"],
                                "G": "#ffca28", "T": "#90a4ae"}


#: The Gardener's windmills on the map (full look, ASCII look): a mark of their own,
#: not the Gardener's letter G, which the map's fields use for guilders.
GARDENER_MILL, GARDENER_MILL_ASCII = "◆", "#"

#: The space the highlighted "Build on ..." choice would build on (full look, ASCII
#: look), highlighted: a candidate, drawn with a mark no windmill has (the builder's
#: letter read as a windmill already there); the note under the map names it.
CANDIDATE_MILL, CANDIDATE_MILL_ASCII = "◌", "*"


#: Which panel each pending decision (Task.kind) is about.
SECTION_OF: dict[str, str] = {
    # the floodgate, wheels and actions of a turn stay on one page: the preview follows the
    # floodgate under the cursor, and the status line and the choices say the water level
    "gate": "wheels", "steps": "wheels", "unique": "tracks", "actions": "wheels", "more": "wheels",
    "lower": "wheels", "enhance": "wheels", "discardwheel": "wheels", "swapwheel": "wheels",
    "farm": "market", "drawn": "market", "swapfarm": "market", "start": "market", "place": "market",
    "build": "map", "buildat": "map", "path": "map", "market": "market", "full": "market",
    "mreward": "market", "adj": "market", "trade": "market", "trade2": "market", "tradex": "market",
    "plant": "farm", "sup": "farm", "swapbulb": "farm", "bulb": "farm", "pay4": "farm",
    "removemill": "farm", "contract": "farm", "timing": "farm",
}


#: The widget a decision is about: the board scrolls it into view when the decision comes.
ANCHOR_OF: dict[str, str] = {
    "farm": "wv-farm-offer", "drawn": "wv-farm-offer", "swapfarm": "wv-farm-offer", "start": "wv-farm-offer",
    "trade": "wv-trade", "trade2": "wv-trade", "tradex": "wv-trade", "market": "wv-market", "full": "wv-market",
    "mreward": "wv-market", "adj": "wv-market", "place": "wv-market", "unique": "wv-calendar",
    "lower": "wv-water-row", "gate": "wv-water-row", "build": "wv-map", "buildat": "wv-map", "path": "wv-map",
    "plant": "wv-patch", "sup": "wv-patch", "bulb": "wv-storage", "swapbulb": "wv-storage",
    "removemill": "wv-mills", "contract": "wv-contracts", "timing": "wv-helpers",
}


SECTIONS = ("wheels", "tracks", "players", "map", "market", "farm")


#: The cells a farm page's storage and windmill groups take beside the patch and the
#: windmill note on a wide board: their width (26) and the gap after them (3), so the
#: two columns never run together.
SIDE = 29


class WindmillValleyBoard(PagedBoard):
    """The Windmill Valley table (see the module doc)."""

    DEFAULT_CSS = """
    WindmillValleyBoard #wv-rings {
        height: auto;
        width: auto;
    }
    WindmillValleyBoard #wv-small {
        margin-left: 1;
    }
    WindmillValleyBoard #wv-calendar, WindmillValleyBoard #wv-market, WindmillValleyBoard #wv-helpers,
    WindmillValleyBoard #wv-farm-row, WindmillValleyBoard #wv-offer {
        margin: 1 0 0 0;
    }
    WindmillValleyBoard #wv-water-row {
        height: auto;
        margin: 1 0 0 0;
    }
    WindmillValleyBoard #wv-floodgate {
        width: 12;
    }
    WindmillValleyBoard #wv-water {
        width: 32;
    }
    WindmillValleyBoard #wv-farm-row, WindmillValleyBoard #wv-mills-row {
        height: auto;
    }
    WindmillValleyBoard.-narrow #wv-farm-row, WindmillValleyBoard.-narrow #wv-mills-row {
        layout: vertical;
    }
    WindmillValleyBoard.-narrow #wv-storage, WindmillValleyBoard.-narrow #wv-mills {
        width: 100%;
    }
    WindmillValleyBoard #wv-storage, WindmillValleyBoard #wv-mills {
        width: 26;
        margin-right: 3;
    }
    WindmillValleyBoard.-narrow #wv-storage, WindmillValleyBoard.-narrow #wv-mills {
        margin-right: 0;
    }
    WindmillValleyBoard #wv-patch, WindmillValleyBoard #wv-mill-note {
        width: 1fr;
        height: auto;
    }
    """

    BODY_ID = "wv-body"
    ID_PREFIX = "wv"
    SECTIONS = SECTIONS

    def compose(self) -> ComposeResult:
        yield PageBar(id="wv-pages", hint="")
        yield Banner(id="wv-banner")
        with BoardBody(id="wv-body", classes="board-body"):
            yield from self._compose_sections()

    def _compose_sections(self) -> ComposeResult:
        with BoardSection(id="wv-sec-wheels", classes="board-section"):
            with BoardRow(id="wv-rings"):
                yield Ring(side="right", cell=6, id="wv-large")
                yield Ring(side="left", cell=6, id="wv-small")
            yield TextBlock(id="wv-preview")
            yield WrapCards(title="Wheel enhancement offer", id="wv-offer", label_width=10)
            yield TextBlock(id="wv-key")
        with BoardSection(id="wv-sec-tracks", classes="board-section"):
            with BoardRow(id="wv-water-row"):
                yield Track(C.FLOODGATE_LEVELS, start=1, cell=3, legend=False, labels={1: "1", 2: "2", 3: "3"},
                            title="Floodgate", id="wv-floodgate")
                yield Track(C.WATER_MAX, start=1, cell=3, legend=False,
                            labels={i: str(i) for i in range(1, C.WATER_MAX + 1)}, title="Water level",
                            id="wv-water")
            yield TextBlock(id="wv-water-note")
            yield WrapMarket(title="Calendar", id="wv-calendar")
            yield TextBlock(id="wv-cal-note")
            yield TextBlock(id="wv-wish")
            yield Track(100, loop=True, lanes=True, title="VP track (one line per player)", id="wv-vp")
        with BoardSection(id="wv-sec-players", classes="board-section"):
            yield TextBlock(id="wv-players")
        with BoardSection(id="wv-sec-map", classes="board-section"):
            yield GridMap(cell=4, title="Valley map (windmills on the crossings)", id="wv-map")
            yield TextBlock(id="wv-map-note")
        with BoardSection(id="wv-sec-market", classes="board-section"):
            yield WrapMarket(title="Market", id="wv-market")
            yield Cards(title="Foreign trade card", id="wv-trade", label_width=6)
            yield WrapCards(title="Farm enhancement offer (H helper / C contract)", id="wv-farm-offer", label_width=2)
        with BoardSection(id="wv-sec-farm", classes="board-section"):
            yield TextBlock(id="wv-farm-head")
            with BoardRow(id="wv-farm-row"):
                yield Storage(title="Storage", cost_header="cost", id="wv-storage")
                yield TextBlock(id="wv-patch")
            with BoardRow(id="wv-mills-row"):
                yield Storage(title="Windmills", cost_header="each", id="wv-mills")
                yield TextBlock(id="wv-mill-note")
            yield WrapCards(title="Helpers", id="wv-helpers", label_width=2)
            yield WrapCards(title="Contracts", id="wv-contracts", label_width=2)

    # -- pages -----------------------------------------------------------------------
    def _make_pages(self, seats: list[str], letters: list[str]) -> list[tuple[str, frozenset[str], int | None]]:
        wide = self._is_wide()
        if wide:
            pages = [("Turn", frozenset({"wheels", "tracks"}), None),
                     ("Valley", frozenset({"map", "market", "players"}), None)]
        else:
            pages = [("Wheels", frozenset({"wheels"}), None), ("Tracks", frozenset({"tracks", "players"}), None),
                     ("Map", frozenset({"map"}), None), ("Market", frozenset({"market"}), None)]
        width = (self.size.width or 44) - 1
        fixed = sum(len(p[0]) + 3 for p in pages)
        for style in (lambda i, n: f"{letters[i]} {n}", lambda i, n: f"{letters[i]} {n[:4]}",
                      lambda i, n: f"Farm {letters[i]}", lambda i, n: letters[i]):
            labels = [style(i, n) for i, n in enumerate(seats)]
            if fixed + sum(len(x) + 3 for x in labels) <= width + len(pages) + len(seats):
                break
        for i, label in enumerate(labels):
            pages.append((label, frozenset({"farm"}), i))
        return pages

    def _draw_banner(self) -> None:
        assert self._last is not None
        self._banner(self._last[1])

    def _banner(self, state: Any) -> None:
        """The newest announcements (the steps the game took by itself first, e.g. the wheels
        turned with 0 tools, then calendar advances), at most 3 lines; else the table's
        state (round, floodgate, water, the last round), wrapped to the width."""
        banner = self.query_one("#wv-banner", Banner)
        width = max(20, (self.size.width or 44) - 1)
        if self._announce:
            # a step the game took by itself changes what the next key answers: first
            lines = sorted(self._announce, key=lambda x: 0 if is_automatic(x)
                           else 1 if ("calendar" in x or "end" in x) else 2)
            bell = glyph(self, "★ ", "* ")
            out: list[Text] = []
            shown = 0
            for k, line in enumerate(lines):
                text = ("Automatic: " + line + self._why(state, line)) if is_automatic(line) else line
                wrapped = wrap_text(Text((bell if k == 0 else "  ") + text, style="bold reverse"), width, 2)
                if out and len(out) + len(wrapped) > 3:
                    break
                out += wrapped[: 3 - len(out)]
                shown += 1
            if shown < len(lines):
                more = f"(+{len(lines) - shown} more in the log)"
                if out[-1].cell_len + 1 + len(more) <= width:
                    out[-1].append(" " + more, style="bold reverse")
                elif len(out) < 3:
                    out.append(Text("  " + more, style="dim"))
            banner.update(out)
            return
        if state is None:
            banner.update([])
            return
        if state.phase == "over":
            banner.update(wrap(f"The game is over (it ended after round {last_round(state)}).", width, "dim"))
            return
        pieces = [f"Round {state.round + 1}", f"floodgate {state.floodgate}", f"water {state.water}/{C.WATER_MAX}"]
        if state.end_round >= 0:
            pieces.append(f"last round: {state.end_round + 1}")
        rows = [pieces[0]]
        for piece in pieces[1:]:  # a piece is never split between lines
            if len(rows[-1]) + 2 + len(piece) <= width:
                rows[-1] += "  " + piece
            else:
                rows.append("  " + piece)
        banner.update([Text(row, style="dim", no_wrap=True) for row in rows])

    @staticmethod
    def _why(state: Any, line: str) -> str:
        """Why the wheels turned by themselves: " (0 tools)" when that player has none."""
        if state is None or "'s wheels turn" not in line:
            return ""
        for seat, name in enumerate(state.players):
            if f"{name}'s wheels turn" in line and state.farms[seat].tools == 0:
                return " (0 tools: the floodgate sets the speed)"
        return ""

    def _reveal(self, anchor: str) -> bool:
        """Scroll the board so that ``anchor`` (the widget the decision is about)
        shows; True if it scrolled."""
        try:
            widget = self.query_one(f"#{anchor}")
        except Exception:  # noqa: BLE001 - not mounted (yet)
            return False
        body = self.query_one("#wv-body", BoardBody)
        body.reveal_when_placed(None)  # (placed by now, or no layout came)
        if anchor == "wv-pages" or not widget.display:
            moved = body.scroll_y != 0
            body.scroll_home(animate=False, immediate=True)
            return moved
        return body.scroll_to_widget(widget, animate=False, top=False, immediate=True)

    # -- show ------------------------------------------------------------------------
    def show(self, game: Any, state: Any, *, viewer: int | None, seats: list[str],
             targets: Sequence[Any] = ()) -> None:
        """Redraw for ``state``; ``targets`` = the legal moves under the picker's cursor."""
        self._last = (game, state, viewer, list(seats), tuple(targets))
        task = state.tasks[-1] if state.tasks and state.phase != "over" else None
        key = (state.turns, state.phase, tuple((t.kind, t.seat, t.a, t.b, t.s) for t in state.tasks))
        self._redraw(decision=key, task=task)

    def _redraw(self, *, decision: Any = None, task: Any = None, relayout: bool = False) -> None:
        if self._last is None:
            return
        game, state, viewer, seats, targets = self._last
        if task is None and state.tasks and state.phase != "over":
            task = state.tasks[-1]
        names = list(seats)
        letters = seat_letters(names + ([C.SOLO_NAME] if state.solo is not None else []))
        wide = self._is_wide()
        self.set_class(not wide, "-narrow")
        self._fold(names, letters, wide, (2 if wide else 4) + len(names), relayout)
        if decision is not None and decision != self._decision:
            self._decision = decision
            if task is not None:
                section = SECTION_OF.get(task.kind, "wheels")
                page = self.page_for(section, task.seat)
                anchor = ANCHOR_OF.get(task.kind, "wv-pages")
                if anchor == "wv-pages" or page != self._page:
                    # the top of the page: in this frame (a page shown anew starts there)
                    self.query_one("#wv-body", BoardBody).scroll_home(animate=False, immediate=True)
                self._page = page
                if anchor != "wv-pages":
                    # where the decision's widget is comes with the layout: scrolled to
                    # as the layout arranges the body (and checked after it), in the
                    # same frame
                    body = self.query_one("#wv-body", BoardBody)
                    body.reveal_when_placed(self.query_one(f"#{anchor}"))
                    self.after_layout(self._reveal, anchor)
            elif state.phase == "over":
                self._page = self.page_for("tracks", None)
        secs, farm_seat = self._show_page()
        self._banner(state)
        target = targets[0] if targets else None
        words = split_target(target)
        if "wheels" in secs:
            self._wheels(state, task, words, wide)
        if "tracks" in secs:
            self._tracks(state, task, words, names, letters)
        # (each built once per state, choice under the cursor and size: a step back in
        # review to a state drawn before, or a cursor key, builds nothing again)
        bw = (self.size.width or 44) - 2
        look = (Same(state), tuple(words), tuple(names), tuple(letters), bw, wide, use_ascii(self))
        if "players" in secs:
            self.put("players", look, lambda: self._players(state, names, letters, bw))
        if "map" in secs:
            self.put("map", look, lambda: self._map(state, task, words, letters, bw))
        if "market" in secs:
            # set-up shows only what it is about: the starting cards, then the market areas
            self._display("wv-market", state.phase != "start")
            self._display("wv-trade", state.phase not in ("start", "place"))
            self._display("wv-farm-offer", state.phase != "place")
            self.put("market", look, lambda: self._market(state, task, words, letters))
        if "farm" in secs and farm_seat is not None:
            self.put("farm", (farm_seat, *look),
                     lambda: self._farm(state, task, words, farm_seat, names, letters, bw, wide))

    # -- wheels ------------------------------------------------------------------------
    def _wheel_seat(self, state: Any, task: Any) -> int:
        if state.phase == "play":
            return state.current
        return task.seat if task is not None else 0

    def _wheels(self, state: Any, task: Any, w: list[str], wide: bool) -> None:
        seat = self._wheel_seat(state, task)
        f = state.farms[seat]
        off = C.BOARD_SMALL_OFFSET[f.board]
        at_l, at_s = f.step % C.LARGE_SPACES, (off + f.step) % C.SMALL_SPACES
        hl: set[int] = set()
        mine = task is not None and task.seat == seat
        if mine and w[:1] == ["steps"]:
            n = int(w[1])
            hl |= {(f.step + n) % C.LARGE_SPACES, C.LARGE_SPACES + (off + f.step + n) % C.SMALL_SPACES}
        elif mine and w[:1] == ["act"]:
            hl.add(state.arrows[0] if w[1] == "big" else C.LARGE_SPACES + state.arrows[1])
        elif mine and w[:1] in (["tile"], ["discard"]) and len(w) >= 2:
            hl.add(wheel_index(w[2] if w[0] == "tile" else w[1]))
        elif mine and w[:1] == ["swap"] and len(w) == 3 and w[1][:1] in "LS" and w[1][1:].isdigit():
            hl.add(wheel_index(w[1]))
        cell = 7 if wide else 6

        def spaces(designs: list[int], base: int) -> list[RingSpace]:
            out = []
            for k, d in enumerate(designs):
                tier = C.DESIGNS[d][1]
                out.append(RingSpace(design_label(d), TIER_STYLES[tier], (base + k) in hl))
            return out

        # (each part built once per what it draws and the choices it draws: a cursor key,
        # an undo, or a step back in review to a state drawn before, builds only what changed)
        hot = (tuple(f.large), tuple(f.small), frozenset(hl))  # (all the spaces draw)
        self.query_one("#wv-large", Ring).update(self.kept("large", hot, lambda: spaces(f.large, 0)), at_l, cell=cell)
        self.query_one("#wv-small", Ring).update(
            self.kept("small", hot, lambda: spaces(f.small, C.LARGE_SPACES)), at_s, cell=cell)
        # preview of the action pairs 1-4 steps bring (FS 8)
        level = state.floodgate
        if mine and w[:1] == ["gate"]:
            level = int(w[1])
        pick_n = int(w[1]) if mine and w[:1] == ["steps"] else None
        bw = (self.size.width or 44) - 2
        # (kept by what it draws, not by the state object: a decision that leaves this
        # player's wheels as they were, or the same one made again after its undo,
        # builds nothing again)
        drawn = (tuple(f.large), tuple(f.small), f.step, f.board, f.tools, f.calendar, state.players[seat],
                 state.phase == "play" and seat == state.current and task is not None and task.kind)
        lines, cal_shown = self.kept("preview", (drawn, seat, level, pick_n, wide, bw),
                                     lambda: self._preview(state, task, seat, level, pick_n, wide, bw))
        self.query_one("#wv-preview", TextBlock).update(lines)
        # the wheel enhancement offer
        tile_i = int(w[1]) - 1 if mine and w[:1] == ["tile"] else None
        swap_j = int(w[2]) - 1 if mine and w[:1] == ["swap"] and len(w) == 3 and w[1][:1] in "LS" else None
        refresh = mine and w[:1] == ["refresh"] and task.kind == "enhance"
        full = task is not None and task.kind in ("enhance", "swapwheel")
        self.query_one("#wv-offer", WrapCards).update(self.kept(
            "offer", (Same(state), tile_i, swap_j, refresh, full),
            lambda: self._offer(state, tile_i, swap_j, refresh, full)))
        self._key(list(f.large) + list(f.small) + ([] if full else [d for d in state.offer if d >= 0]),
                  cal_shown, not full, bw)

    def _preview(self, state: Any, task: Any, seat: int, level: int, pick_n: int | None, wide: bool,
                 bw: int) -> tuple[list[Text], bool]:
        """The preview of the action pairs 1-4 steps of ``seat``'s wheels bring at
        floodgate ``level`` (``pick_n``: the steps under the cursor), ``bw`` wide;
        and whether it shows a calendar advance ("cal N!"). Headed "speed N", or
        "if speed N" for a floodgate level under the cursor that is not yet set."""
        f = state.farms[seat]
        off = C.BOARD_SMALL_OFFSET[f.board]
        at_l, at_s = f.step % C.LARGE_SPACES, (off + f.step) % C.SMALL_SPACES
        text_of = design_text if wide else design_label
        tw = max(6, (bw - 34) // 2) if wide else 6
        name = state.players[seat]

        def cut(txt: str) -> str:  # narrow: the short labels (<= 6) always fit
            return txt[:tw]

        def add(head: Text, big_t: str, small_t: str, style: str, note: Text) -> None:
            """One preview row; wide, texts longer than their column wrap onto more lines."""
            bl = textwrap.wrap(big_t, tw) or [""] if wide else [cut(big_t)]
            sl = textwrap.wrap(small_t, tw) or [""] if wide else [cut(small_t)]
            for k in range(max(len(bl), len(sl))):
                rows.append([head if k == 0 else Text(""), Text(bl[k] if k < len(bl) else "", style=style),
                             Text(sl[k] if k < len(sl) else "", style=style), note if k == 0 else Text("")])

        def head(*words: str) -> Text:  # the longest heading that fits its column whole
            return Text(next((h for h in words if len(h) <= tw), words[-1][:tw]), style="dim")

        rows: list[list[Any]] = [[Text(""), head(f"{name}'s big wheel", "big wheel", "big") if wide else head("big"),
                                  head("small wheel", "small"),
                                  Text(f"speed {level}" if level == state.floodgate else f"if speed {level}",
                                       style="dim")]]
        now_l, now_s = f.large[at_l], f.small[at_s]
        turned = state.phase == "play" and seat == state.current and task is not None and task.kind not in (
            "gate", "steps")
        cal_shown = False
        add(Text("now", style="bold"), text_of(now_l), text_of(now_s), "reverse",
            Text("at the arrows" if turned else "(before turning)", style="dim"))
        for n in range(C.MIN_STEPS, C.MAX_STEPS + 1):
            big = f.large[(f.step + n) % C.LARGE_SPACES]
            small = f.small[(off + f.step + n) % C.SMALL_SPACES]
            cost = abs(n - level)
            note = Text()
            if cost == 0:
                note.append("free", style="dim")
            else:
                note.append(f"{cost} tool{'s' if cost > 1 else ''}", style="" if cost <= f.tools else "dim strike")
                if cost > f.tools and wide:
                    note.append(f" (have {f.tools})", style="dim")
            cal = calendar_after(f, n)
            if cal > f.calendar:
                note.append(f" cal {cal}!", style="bold")
                cal_shown = True
            style = HIGHLIGHT if pick_n == n else ""
            mark = ">" if pick_n == n else " "
            add(Text(f"{mark}{n} step{'s' if n > 1 else ' '}", style=style or "bold"), text_of(big), text_of(small),
                style, note)
        return grid(rows, width=bw), cal_shown

    def _offer(self, state: Any, tile_i: int | None, swap_j: int | None, refresh: bool, full: bool) -> list[CardRow]:
        """The wheel enhancement offer's rows (``full``: one row per tile with its
        price, for a decision about it; the tile ``tile_i``/``swap_j`` under the
        cursor, or all of them for ``refresh``, highlighted)."""
        rows = []
        if not full:
            cards = []
            for i, d in enumerate(state.offer):
                if d < 0:
                    cards.append(Card(f"{i + 1} -", "dim"))
                    continue
                free = state.offer_free[i] == "1"
                cost = 0 if free else C.TIER_COST[C.DESIGNS[d][1]]
                cards.append(Card(f"{i + 1}{TIER_LETTER[C.DESIGNS[d][1]]} {design_label(d)} {cost}G",
                                  TIER_STYLES[C.DESIGNS[d][1]]))
            rows.append(CardRow("offer", cards, "c/u/x = common/uncommon/unique"))
        for i, d in enumerate(state.offer if full else []):
            tier = C.OFFER_TIERS[i]
            if d < 0:
                rows.append(CardRow(f"{i + 1} {C.TIER_NAMES[tier]}", [], "empty"))
                continue
            free = state.offer_free[i] == "1"
            cost = 0 if free else C.TIER_COST[C.DESIGNS[d][1]]
            hot = refresh or tile_i == i or swap_j == i
            rows.append(CardRow(
                f"{i + 1} {C.TIER_NAMES[tier]}",
                [Card(design_label(d), TIER_STYLES[C.DESIGNS[d][1]], highlight=hot)],
                f"{C.DESIGNS[d][4]}, " + ("free (X)" if free else f"{cost} G" if cost else "free"),
                highlight=hot,
            ))
        left = {k: len(v) for k, v in state.stacks.items()}
        if full:
            rows.append(CardRow("stacks", [], f"common {left.get('c', 0)}, uncommon {left.get('u', 0)}, "
                                              f"unique {left.get('x', 0)}; refresh costs {C.REFRESH_COST} G"))
        return rows

    def _key(self, designs: list[int], cal: bool, prices: bool, width: int) -> None:
        """The key to the short labels drawn on the wheels page: each wheel space's
        label with the rulebook's words for it (in the order drawn), "cal N!" and
        the offer's price, so no abbreviation goes unexplained."""
        def build() -> list[Text]:
            words: dict[str, str] = {}
            for d in designs:
                words.setdefault(design_label(d), C.DESIGNS[d][4])
            parts = [f"{label} = {text}" for label, text in words.items()]
            if any("+" in label for label in words):
                parts.append("+ = may also take the other wheel's action")
            if cal:
                parts.append("cal N! = the turn moves your calendar marker to space N (its rewards)")
            if prices:
                parts.append("offer: number, c/u/x tier, label, price in guilders (G)")
            return wrap("Key: " + "; ".join(parts), width, "dim", "  ")

        # (the same key on every cursor key of a decision: built once)
        self.query_one("#wv-key", TextBlock).update(self.kept("key", (tuple(designs), cal, prices, width), build))

    # -- tracks ------------------------------------------------------------------------
    def _tracks(self, state: Any, task: Any, w: list[str], names: list[str], letters: list[str]) -> None:
        seat = task.seat if task is not None else None
        gate_hl: list[int] = []
        water_hl: list[int] = []
        if w[:1] == ["gate"]:
            level = int(w[1])
            gate_hl = [level]
            water_hl = [min(C.WATER_MAX, state.water + C.WATER_RISE[level])]
        elif w[:1] == ["lower"] and task is not None:
            strength = task.a + (1 if w[1].endswith("+") else 0)
            water_hl = [max(1, state.water - strength)]
        self.query_one("#wv-floodgate", Track).update([Marker("F", state.floodgate, "bold", "floodgate")], gate_hl)
        self.query_one("#wv-water", Track).update([Marker("W", state.water, "bold #4fc3f7", "water")], water_hl)
        g, vp = C.WATER_BAND[state.water]
        band = f"{g} G or {vp} VP" if vp else f"{g} G"
        rise = C.WATER_RISE[state.floodgate]
        bw = (self.size.width or 44) - 2
        self.query_one("#wv-water-note", TextBlock).update(self.kept("water-note", (
                state.floodgate, state.water, bw), lambda: wrap(
            f"Speed {state.floodgate}: water +{rise}/turn. Lowering from {state.water}: {band} per strength"
            + (" (bands 1-3 | 4-6 | 7-10)" if bw > 70 else ""), bw, "dim")))
        # calendar
        people = [(letters[i], f.calendar, seat_style(i)) for i, f in enumerate(state.farms)]
        if state.solo is not None:
            people.append((letters[-1], state.solo.calendar, "bold"))
        cal_col = None
        if w[:1] == ["unique"] and task is not None:
            cal_col = task.a
        elif w[:1] == ["steps"] and seat is not None:
            f = state.farms[seat]
            after = calendar_after(f, int(w[1]))
            if after > f.calendar:
                cal_col = after - 1
        pick_k = int(w[1]) - 1 if w[:1] == ["unique"] else None
        self.query_one("#wv-calendar", Market).update(self.kept(
            "calendar", (tuple(state.uniques), tuple(people), cal_col, pick_k),
            lambda: self._calendar(state, people, cal_col, pick_k)))
        self.query_one("#wv-cal-note", TextBlock).update([])
        # Queen's Wish + end (the same on every cursor key of a decision)
        self.query_one("#wv-wish", TextBlock).update(
            self.kept("wish", (Same(state), bw, tuple(letters)), lambda: self._wish(state, letters, bw)))
        markers = [Marker(letters[i], f.vp, seat_style(i), names[i]) for i, f in enumerate(state.farms)]
        if state.solo is not None:
            markers.append(Marker(letters[-1], state.solo.vp, "bold", C.SOLO_NAME))
            if state.phase != "over":  # where its end bonus will put it: what the player must beat
                bonus = C.SOLO_END_BONUS[state.solo.level]
                markers.append(Marker(letters[-1].lower(), state.solo.vp + bonus, "dim",
                                      f"{C.SOLO_NAME} with its end bonus (+{bonus})"))
        vp_hl = []
        if seat is not None and w[:1] == ["gate"] and int(w[1]) > state.floodgate:
            gain = sum(C.OPEN_VP[x] for x in range(state.floodgate + 1, int(w[1]) + 1))
            vp_hl = [state.farms[seat].vp + gain]
        self.query_one("#wv-vp", Track).update(markers, vp_hl)

    def _calendar(self, state: Any, people: list[tuple[str, int, str]], cal_col: int | None,
                  pick_k: int | None) -> list[Area]:
        """The calendar's spaces: who stands on each, its common reward and the
        unique rewards left (``cal_col``/``pick_k``: the space and reward the
        choice under the cursor reaches or takes)."""
        areas = [Area("start", [Marker(L, 0, st) for L, c, st in people if c == 0], "")]
        for col in range(len(C.CAL_COMMON)):
            parts = []
            for k, mark in enumerate(state.uniques[col]):
                if mark == "o":
                    txt = f"{k + 1} {' + '.join(short_reward(c) for c in C.CAL_UNIQUE[col][k])}"
                    parts.append(f">{txt}<" if cal_col == col and pick_k == k else txt)
            taken = state.uniques[col].count("x")
            info = " | ".join(parts) or "no unique reward left"
            if taken:
                info += f" ({taken} taken)"
            end = " END" if col + 1 == C.CALENDAR_END else ""
            areas.append(Area(f"{col + 1}: {reward_text(C.CAL_COMMON[col][0])}{end}",
                              [Marker(L, 0, st) for L, c, st in people if c == col + 1],
                              info, highlight=cal_col == col))
        return areas

    def _wish(self, state: Any, letters: list[str], bw: int) -> list[Text]:
        """The Queen's Wish line and the end of the game, wrapped to ``bw``."""
        wish = Text()
        wish_lines: list[Text] = []
        if state.wish_card >= 0:
            code = C.START_CARDS[state.wish_card - C.START_ID]
            wish.append("Queen's Wish: ", style="bold")
            wish.append(code[3])
            if wish_patch_spaces(state):
                wish.append(" (space 4 of each row: [ ] on the farm pages)")
            spaces = C.WISH_VP[: max(1, len(state.players))]
            ordinals = ("1st", "2nd", "3rd", "4th")
            parts = []
            for k, v in enumerate(spaces):  # the VP of the 1st, 2nd ... player to fulfil it
                who = [letters[i] for i, f in enumerate(state.farms) if f.wish == v]
                parts.append(f"{ordinals[k]} {v} VP" + (f" ({who[0]})" if who else ""))
            wish.append(": " + ", ".join(parts))
        wish_lines = wrap(wish.plain, bw) if wish.plain else []
        if state.phase == "over":
            wish_lines += wrap(f"The game ended after round {last_round(state)}.", bw, "bold")
        elif state.end_round >= 0:
            wish_lines += wrap(f"The end is triggered: round {state.end_round + 1} is the last "
                               f"(now round {state.round + 1}).", bw, "bold")
        return wish_lines

    def _players(self, state: Any, names: list[str], letters: list[str], bw: int) -> dict[str, tuple[Any, ...]]:
        """The players' counters (``Board.put``)."""
        out: dict[str, tuple[Any, ...]] = {}
        # players table; where it does not fit, one worded line (wrapped) per player
        heads = ("", "Player", "VP", "G", "tools", "calendar", "storage", "planted", "windmills", "helpers",
                 "contracts")
        rows = [[Text(h, style="dim") for h in heads]]
        words: list[Text] = []
        for i, f in enumerate(state.farms):
            mark = glyph(self, "▶", ">") if state.phase == "play" and i == state.current else " "
            store = Text()
            for c in f.storage:
                store.append_text(bulb(c))
            mills = len(windmills_of(state, i))
            rows.append([Text(f"{mark}{letters[i]}", style=seat_style(i)), names[i], str(f.vp), str(f.guilders),
                         str(f.tools), f"{f.calendar}/4", store, str(len("".join(f.patch))),
                         str(mills), str(len(f.helpers)), str(len(f.contracts))])
            # worded: a counter is never split between lines ("0 / windmills")
            head = Text(f"{mark}{letters[i]} {names[i]}", style=seat_style(i)) + Text(": ")
            items = [Text(x) for x in (f"{f.vp} VP", f"{f.guilders} G", plural(f.tools, "tool"),
                                       f"calendar {f.calendar}/4")]
            items.append(Text("storage ") + (store if f.storage else Text("empty")))
            items += [Text(x) for x in (f"{len(''.join(f.patch))} planted", plural(mills, "windmill"),
                                        plural(len(f.helpers), "helper"), plural(len(f.contracts), "contract"))]
            words += flow(head, [x + Text(",") for x in items[:-1]] + items[-1:], bw, 3)
        lines = grid(rows, justify="llrrrrlrrrr")
        if max(ln.cell_len for ln in lines) > bw:
            lines = [Text("Players", style="bold")] + words
        if state.solo is not None:
            b = state.solo
            bonus = C.SOLO_END_BONUS[b.level]
            items = [f"{b.vp} VP,"]
            if state.phase != "over":
                items[-1:] = [f"{b.vp} VP", f"(+{bonus} at the end: {b.vp + bonus}),"]
            items += [f"calendar {b.calendar}/4,", plural(len(b.deck), "card") + " in its deck"]
            if b.card >= 0:
                gate, step, denial = C.SOLO_CARDS[b.card]
                items[-1] += ";"
                items += [f"last card: floodgate {gate},", f"calendar +{step},", denial]
            lines += flow(Text(f" {letters[-1]} {C.SOLO_NAME} (level {b.level}): ", style="dim"),
                          [Text(x, style="dim") for x in items], bw, 3)
        out["#wv-players"] = (lines,)
        return out

    # -- map -----------------------------------------------------------------------------
    def _map(self, state: Any, task: Any, w: list[str], letters: list[str], bw: int) -> dict[str, tuple[Any, ...]]:
        """The valley map and its note (``Board.put``)."""
        out: dict[str, tuple[Any, ...]] = {}
        fields = []
        for r, row in enumerate(C.FIELD_GRID):
            line = []
            for c, code in enumerate(row):
                if code == "MKT":
                    line.append(Field("MARKET" if r == 2 else "", "bold", "market"))
                else:
                    line.append(Field(code, FIELD_STYLES.get(code, "")))
            fields.append(line)
        build_at = C.SPACE_BY_NAME.get(w[1]) if w[:1] == ["build"] and len(w) >= 2 else None
        legal = set(connected_spaces(state)) if task is not None and task.kind in ("build", "buildat") else set()
        empty, edge = glyph(self, "·", "."), "+"
        gardener_mill = glyph(self, GARDENER_MILL, GARDENER_MILL_ASCII)
        candidate = glyph(self, CANDIDATE_MILL, CANDIDATE_MILL_ASCII)
        nodes = {}
        for i, (x, y) in enumerate(C.SPACES):
            v = state.board[i]
            if v == -1:
                ch, st = (edge, "bold") if C.MARKET_EDGE[i] else (empty, "dim")
                if i in legal:
                    ch, st = ("o", "bold")
            elif v == C.BOT:  # (not its letter G: a field "G" is worth 2 guilders)
                ch, st = gardener_mill, "bold"
            elif v >= 10:
                ch, st = letters[v - 10].lower(), seat_style(v - 10)
            else:
                ch, st = letters[v], seat_style(v)
            if i == build_at and task is not None:  # (not built yet: no windmill's mark)
                ch = candidate
            nodes[(x, y)] = Node(ch, st, highlight=i == build_at)
        links = []
        for i, (x, y) in enumerate(C.SPACES):
            if not (0 <= state.board[i] < 10):
                continue
            for j in C.NEIGHBOURS[i]:
                if j > i and 0 <= state.board[j] < 10:
                    links.append(((x, y), C.SPACES[j]))
        out["#wv-map"] = (
            fields, nodes, links, {x: "abcdefg"[x - 1] for x in range(1, 8)}, {y: str(y) for y in range(1, 6)},)
        note: list[Text] = []
        if build_at is not None and task is not None:
            gains = [C.FIELD_REWARD[code][1] for code in C.SPACE_FIELDS[build_at]]
            alone = " (no connection)" if len(w) > 2 else ""
            note += wrap(f"{candidate} {w[1]}, if chosen{alone}: gains " + ", ".join(gains), bw, HIGHLIGHT)
        if task is not None and task.kind == "path":
            outs = path_outcomes(state, task.a)
            note += wrap("Paths: " + "; ".join(
                f"{k + 1}: " + (", ".join(f"{letters[s]} +{vp}" for s, vp in enumerate(o) if vp) or "nobody")
                for k, o in enumerate(outs)), bw)
        solo = f"{gardener_mill} the Gardener's windmill, " if state.solo is not None else ""
        note += wrap(f"{solo}+ market's edge, o buildable now, lower case = no connection. PL plant, "
                     "LW lower water, G 2 G, Wt/Ye/Rd bulb, T tool, MK market, FE farm enh., EW enhance", bw, "dim")
        out["#wv-map-note"] = (note,)
        return out

    # -- market, trade, farm offer ------------------------------------------------------------
    def _marker(self, m: int, letters: list[str]) -> Marker:
        if m == C.NEUTRAL:
            return Marker("n", 0, "dim", "neutral")
        if m == C.BOT:
            return Marker(letters[-1], 0, "bold", C.SOLO_NAME)
        return Marker(letters[m], 0, seat_style(m))

    def _display(self, wid: str, on: bool) -> None:
        if self._shown.get(wid) != on:
            self._shown[wid] = on
            self.query_one(f"#{wid}").display = on

    def _market(self, state: Any, task: Any, w: list[str], letters: list[str]) -> dict[str, tuple[Any, ...]]:
        """The market areas, the foreign trade card and the farm enhancement offer
        (``Board.put``)."""
        out: dict[str, tuple[Any, ...]] = {}
        hot: set[int] = set()
        verb = w[0] if w else ""
        if task is not None:
            here = market_area(state, task.seat)
            if verb == "area":
                hot.add(int(w[1]) - 1)
            elif task.kind == "market" and verb in ("go", "neutral"):
                hot |= {(here + k) % C.MARKET_AREAS for k in range(1, max(1, task.a) + 1)}
                if verb == "neutral":
                    hot |= {int(w[1]) - 1, int(w[2]) - 1}
            elif task.kind == "full":
                hot.add((here + 1 + task.b) % C.MARKET_AREAS)
            elif task.kind == "mreward":
                hot.add(task.a)
            elif verb == "adj":
                hot.add(int(w[1]) - 1)
        pick = int(w[1]) - 1 if task is not None and task.kind == "mreward" and verb == "take" else None
        areas = []
        for a, markers in enumerate(state.market):
            opts = []
            for k, opt in enumerate(C.MARKET[a]):
                txt = f"{k + 1} {' + '.join(short_reward(c) for c in opt)}"
                opts.append(f">{txt}<" if pick == k else txt)
            times = min(C.MARKET_MAX_TIMES, len(markers))
            areas.append(Area(f"{a + 1}", [self._marker(m, letters) for m in markers],
                              " | ".join(opts) + (f"  x{times}" if times > 1 else ""), highlight=a in hot))
        out["#wv-market"] = (areas,)
        # the foreign trade card in use: quarters with the bulb slots between them
        card = state.trade[0]
        q_hot: set[int] = set()
        s_hot: set[int] = set()
        if verb in ("place", "import") and len(w) == 3:
            q = int(w[2]) - 1
            s_hot.add(q)
            q_hot |= {q, (q + 1) % 4}
        elif verb == "collect":
            s_hot |= {q for q in range(4) if state.trade_bulbs[q] != " "}
        elif verb == "rewards":
            q_hot |= {int(w[1]) - 1, int(w[2]) - 1}
        elif verb == "extra" and task is not None and task.kind == "tradex":
            q_hot.add(int(w[1]) - 1)
        elif verb == "all":
            q_hot |= set(range(4))
        cards = []
        for q in range(C.TRADE_SLOTS):
            cards.append(Card(f"Q{q + 1} {rewards_text(C.TRADE_CARDS[card][q])}", "", highlight=q in q_hot))
            c = state.trade_bulbs[q]
            cards.append(Card(c if c != " " else "_", BULB_STYLES.get(c, "dim"), highlight=q in s_hot))
        rows = [CardRow(f"card {card + 1}", cards, f"({len(state.trade) - 1} below; a bulb gets both sides)")]
        out["#wv-trade"] = (rows,)
        # farm enhancement offer (and starting cards during set-up, extra drawn cards)
        rows = []
        take = (int(w[1]) - 1, w[2]) if verb == "take" and task is not None and task.kind == "farm" else None
        swap_j = int(w[2]) - 1 if verb == "swap" and task is not None and task.kind == "swapfarm" else None
        refresh = verb == "refresh" and task is not None and task.kind == "farm"
        if state.phase == "start":
            start_k = int(w[1]) + C.START_ID - 1 if verb == "start" else None
            for cid in sorted(state.start_offer):
                helper, _wish, htext, wtext = C.START_CARDS[cid - C.START_ID]
                rows.append(CardRow(str(cid - C.START_ID + 1),
                                    [Card(f"H: {htext}", highlight=cid == start_k), Card(f"Wish: {wtext}", "dim")],
                                    highlight=cid == start_k))
            out["#wv-farm-offer"] = (rows,)
            return out
        for j, cid in enumerate(list(state.farm_offer) + list(state.drawn)):
            if cid < 0:
                rows.append(CardRow(str(j + 1), [], "empty"))
                continue
            _h, _c, group, htext, ctext = C.FARM_CARDS[cid]
            hot_row = refresh or swap_j == j or (take is not None and take[0] == j)
            rows.append(CardRow(str(j + 1), [
                Card(f"H: {htext}", highlight=take is not None and take == (j, "helper")),
                Card(f"C: {ctext} [{ {'r': 'red', 'y': 'yellow', 'b': 'blue'}[group] }]",
                     highlight=take is not None and take == (j, "contract")),
            ], "drawn" if j >= len(state.farm_offer) else "", highlight=hot_row))
        rows.append(CardRow("", [], f"deck {len(state.farm_deck)}, discard {len(state.farm_discard)}; "
                                    f"refresh costs {C.REFRESH_COST} G"))
        out["#wv-farm-offer"] = (rows,)
        return out

    # -- a farm ----------------------------------------------------------------------------
    def _farm(self, state: Any, task: Any, w: list[str], seat: int, names: list[str], letters: list[str],
              bw: int, wide: bool) -> dict[str, tuple[Any, ...]]:
        """``seat``'s farm page (``Board.put``)."""
        out: dict[str, tuple[Any, ...]] = {}
        f = state.farms[seat]
        mine = task is not None and task.seat == seat
        verb = w[0] if (w and mine) else ""
        head = Text()
        head.append(f"{letters[seat]} {names[seat]}", style=seat_style(seat))
        head.append(f"  {f.vp} VP  {f.guilders} G  {f.tools} tool{'s' if f.tools != 1 else ''}  "
                    f"calendar {f.calendar}/4  windmill board {C.BOARD_NAMES[f.board]}")
        if f.wish:
            head.append(f"  Queen's Wish +{f.wish}")
        if state.phase == "play" and seat == state.current:
            head.append("  (on turn)", style="bold")
        # that player's wheels, starting at the arrows
        off = C.BOARD_SMALL_OFFSET[f.board]
        at_l, at_s = f.step % C.LARGE_SPACES, (off + f.step) % C.SMALL_SPACES
        wl = Text("Wheels: ", style="dim")
        for k in range(C.LARGE_SPACES):
            d = f.large[(at_l + k) % C.LARGE_SPACES]
            wl.append(design_label(d), style="reverse" if k == 0 else TIER_STYLES[C.DESIGNS[d][1]])
            wl.append(" ")
        wl.no_wrap = True
        first = wl
        wl = Text("        ", style="dim")
        for k in range(C.SMALL_SPACES):
            d = f.small[(at_s + k) % C.SMALL_SPACES]
            wl.append(design_label(d), style="reverse" if k == 0 else TIER_STYLES[C.DESIGNS[d][1]])
            wl.append(" ")
        wl.no_wrap = True
        first.rstrip()
        wl.rstrip()
        out["#wv-farm-head"] = (
            wrap(head.plain, bw, "bold") + wrap_text(first, bw, 8) + wrap_text(wl, bw, 8),)
        # storage (PR: filled left to right, the 2 rightmost spots cost)
        hot_slot: set[int] = set()
        if verb in ("plant", "place", "swap") and len(w) >= 2 and w[1] in f.storage:
            hot_slot.add(f.storage.index(w[1]))
        elif verb == "bulb":
            hot_slot.add(f.storage.index(w[2]) if len(w) > 2 else len(f.storage))
        slots = []
        for k, cost in enumerate(C.STORAGE_COST):
            c = f.storage[k] if k < len(f.storage) else ""
            new = verb == "bulb" and k in hot_slot
            contents = f"{w[1]} {C.COLOUR_NAMES[w[1]]} (new)" if new else (f"{c} {C.COLOUR_NAMES[c]}" if c else "")
            slots.append(Slot(str(k + 1), contents, f"{cost} G" if cost else "",
                              BULB_STYLES.get(w[1] if new else c, ""), highlight=k in hot_slot))
        out["#wv-storage"] = (slots,)
        # tulip patch with printed rewards
        hot_row = None
        if verb == "plant" and len(w) == 3:
            hot_row = int(w[2]) - 1
        elif verb == "row":
            hot_row = int(w[1]) - 1
        new_c = w[1] if verb == "plant" else (task.s if verb == "row" and task is not None else "")
        wished = set(wish_patch_spaces(state))
        rows = [[Text("Patch", style="bold"), *[Text(str(k + 1), style="dim") for k in range(C.PATCH_COLS)]]]
        for r in range(C.PATCH_ROWS):
            row = f.patch[r]
            cells = []
            for k in range(C.PATCH_COLS):
                if k < len(row):
                    cell = bulb(row[k])
                elif hot_row == r and k == len(row):
                    cell = preview(self, "", new_c)  # where the bulb would go: "→w"
                else:
                    code = patch_code(C.PATCH_REWARD[r][k])
                    cell = Text(code or glyph(self, "·", "."), style="dim" if k > len(row) else "underline")
                if (r, k) in wished:  # pictured on the Queen's Wish: in brackets
                    cell = Text("[", style="bold") + cell + Text("]", style="bold")
                cells.append(cell)
            note = f"{len(row)}/7"
            if len(row) == C.PATCH_COLS:
                note += " same" if len(set(row)) == 1 else " full"
            rows.append([Text(f"row {r + 1}", style=HIGHLIGHT if hot_row == r else ""), *cells, Text(note, style="dim")])
        col_notes = []
        for col in columns(f.patch):
            if len(set(col)) < len(col):
                col_notes.append(Text("-2", style="bold"))
            elif len(col) == C.PATCH_ROWS:
                col_notes.append(Text("+4", style="bold"))
            else:
                col_notes.append(Text(""))
        rows.append([Text("cols", style="dim"), *col_notes])
        pw = max(20, bw - SIDE) if wide else bw
        lines = grid(rows, justify="l" + "c" * C.PATCH_COLS, width=pw)
        lines += wrap("underlined: next space; 1G guilder, T tool, 2V VP, b* any bulb; "
                      "cols: -2 repeat, +4 four colours"
                      + ("; [ ] = pictured on the Queen's Wish" if wished else ""), pw, "dim")
        out["#wv-patch"] = (lines,)
        # windmill groups
        hot_g = int(w[1]) - 1 if verb in ("mill", "remove") else None
        mills = []
        letter = letters[seat]
        planted = "".join(f.patch)
        for g, left in enumerate(f.mills):
            colour = C.MILL_COLOUR[g]
            contents = " ".join(letter * left) if left else f"empty={C.MILL_VP[g] * planted.count(colour)}VP"
            mills.append(Slot(f"{g + 1} {C.COLOUR_NAMES[colour]}", contents, f"{C.MILL_COST[g]} G",
                              "" if left else "bold", highlight=g == hot_g))
        out["#wv-mills"] = (mills,)
        out["#wv-mill-note"] = (wrap(
            f"Empty groups score per bulb of their colour at the end. {len(windmills_of(state, seat))} "
            f"windmill(s) of {names[seat]} on the map.", max(20, bw - SIDE) if wide else bw, "dim"),)
        # helpers and contracts
        take = (int(w[1]) - 1, w[2], int(w[3]) - 1 if len(w) > 3 else None) if verb == "take" and task.kind == "farm" else None
        rows = []
        for k in range(len(C.HELPER_VP)):
            if k < len(f.helpers):
                cid = f.helpers[k]
                text = (C.START_CARDS[cid - C.START_ID][2] if cid >= C.START_ID else C.FARM_CARDS[cid][3])
                used = str(k) in f.used
                code = helper_code(cid)
                fires = task is not None and task.kind == "timing" and mine and (
                    code == "S-" + task.s or code.split(":")[0] in (task.s, task.s + "2"))
                hot = fires or (take is not None and take[1] == "helper" and take[2] == k) or (
                    verb == "swap" and len(w) == 3 and w[1] == f"h{k + 1}")
                rows.append(CardRow(f"H{k + 1}", [Card(text, "dim" if used else "", highlight=hot)],
                                    "used this turn" if used else ("start card" if cid >= C.START_ID else "")))
            else:
                hot = take is not None and take[1] == "helper" and k == len(f.helpers)
                rows.append(CardRow(f"H{k + 1}", [], f"empty: +{C.HELPER_VP[k]} VP when filled", highlight=hot))
        out["#wv-helpers"] = (rows,)
        rows = []
        hot_score = int(w[1]) - 1 if verb == "score" else None
        for k in range(C.CONTRACT_SLOTS):
            if k < len(f.contracts):
                cid = f.contracts[k]
                group = {"r": "red", "y": "yellow", "b": "blue"}[C.FARM_CARDS[cid][2]]
                hot = hot_score == k or (take is not None and take[1] == "contract" and take[2] == k) or (
                    verb == "swap" and len(w) == 3 and w[1] == f"c{k + 1}")
                rows.append(CardRow(f"C{k + 1}", [Card(C.FARM_CARDS[cid][4], highlight=hot)],
                                    f"[{group}] now {contract_vp(state, seat, cid)} VP"))
            else:
                hot = take is not None and take[1] == "contract" and k == len(f.contracts)
                rows.append(CardRow(f"C{k + 1}", [], "empty", highlight=hot))
        out["#wv-contracts"] = (rows,)
        return out
