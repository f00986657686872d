"""Fields of Arle's board (FieldsOfArleBoard), composed from the shared widgets
(rules: ``rules/fields-of-arle.source.de.txt``, ``core/fields_of_arle/RULES.md``):

* Banner: the half-year, season and month, the start player, the worker being
  placed, the deciding player's goods, and the announcements of the last decision.
* Actions: the current season's action board with the workers on it, the other
  season's board for the Special Action, and the month spaces (who placed which
  worker).
* Players: every player's summary (VP, goods, animals, land, barn), so the
  opponent is always one glance away, and the live score preview by the score
  pad's categories (ScoreSheet), with what the choice under the cursor would
  change ("now→after").
* Farm (one page per player): the home board as a grid with the dike lines,
  tideland, moors, the boardwalk, fields, forests, stalls and buildings; the
  animals as one arrangement over the housing; the barn with its vehicles and
  their loaded cells (Storage); the goods track; the ten tool tracks.
* Supply: the building supply with costs and VP, the nine destinations with
  their sales and who has been there, the travel track, the tile piles.

At 120x40 the panels fold into "Work" (actions + players), a farm page per player
and "Supply"; at 80x24 each panel is a page. The board turns to the page of the
pending decision (placing a worker: Work; a building: Supply; loading, cutting,
tools, animals: the deciding player's farm) and highlights the choice under the
picker's cursor with reverse video and a pointer, so colour is never the only
sign.
"""

from __future__ import annotations

from typing import Any, Sequence

from rich.text import Text
from textual.app import ComposeResult

from core.fields_of_arle import actions as A
from core.fields_of_arle import animals as AN
from core.fields_of_arle import components as C
from core.fields_of_arle import layout as L
from core.fields_of_arle import scoring as SC
from core.fields_of_arle.rules import season
from tui.fields_of_arle.labels import BUILDING_SHORT, effect_text, goods_line, placing_month, space_key, space_name
from tui.widgets.base import Banner, TextBlock, grid
from tui.widgets.board import BoardBody, BoardRow, BoardSection, PagedBoard, Same
from tui.widgets.common import HIGHLIGHT, glyph, preview, seat_letters, seat_style, use_ascii
from tui.widgets.pages import PageBar
from tui.widgets.scoresheet import ScoreRow, ScoreSheet
from tui.widgets.storage import Slot, Storage
from tui.widgets.textlines import wrap, wrap_text

SECTIONS = ("actions", "players", "farm", "supply")

#: The score pad's title while the game goes on ("Final scores" once it is over).
LIVE_SCORES = "Score now (live preview)"

#: Where each pending decision (Task.kind) is decided: a section of the board.
SECTION_OF: dict[str, str] = {
    "place": "actions", "opt": "farm", "cut": "farm", "master": "farm", "field": "farm",
    "butcher": "farm", "smithy": "farm", "bakehouse": "farm", "animal": "farm", "farmersinn": "farm",
    "junk": "farm", "flip": "farm", "endwork": "farm", "sell": "supply", "release": "farm",
    "young": "farm", "conv": "farm", "payanimal": "farm", "final": "farm",
}

#: The widget a decision is about, when it is not at the top of its page: the board
#: scrolls it into view when the decision comes.
ANCHOR_OF: dict[str, str] = {"sell": "fa-dests", "master": "fa-tools", "release": "fa-animals",
                             "young": "fa-animals", "payanimal": "fa-animals"}

#: Land tiles on the home board's cells, in at most 9 characters.
CELL_WORDS: dict[str, str] = {
    "grain": "grain", "flax": "flax", "forest": "forest", "park": "park", "stall": "stall",
    "depot": "depot", "stable": "stable", "dstall": "dbl stall",
}
CELL_STYLES: dict[str, str] = {
    "grain": "#ffd54f", "flax": "#81d4fa", "forest": "#66bb6a", "park": "#a5d6a7", "stall": "#bcaaa4",
    "depot": "#bcaaa4", "stable": "#a1887f", "dstall": "#a1887f",
}
COLOUR_WORDS = {"autumn": "green", "clock": "green", "yellow": "yellow", "orange": "orange",
                "blue": "blue", "red": "red"}

#: The score pad's categories in one short word each (the score sheet's columns).
CATEGORY_SHORT = {"Clothing and materials": "Cloth", "Equipment in the barn": "Barn", "Travel experience": "Trav",
                  "Tools": "Tools", "Goods track": "Goods", "Home board": "Home", "Animals": "Anim",
                  "Supply shortages": "Short"}

#: Tool track names in at most 14 characters (the farm page at 80x24).
TOOL_SHORT = {"tables": "slaught. table", "fish": "fish traps", "beams": "fleshing beams",
              "looms": "weaving looms", "wheels": "pottery wheels"}

CELL = 10  #: width of one home-board cell


def spec_text(spec: tuple) -> str:
    """A building's cost spec in words: "1 material, 1 grain", "1 timber, 8 flax or 8 grain"."""
    parts = []
    for p in spec:
        if isinstance(p, dict):
            parts.append(A.goods_text(p))
        elif p == "mat1":
            parts.append("1 material")
        elif p == "mat2":
            parts.append("2 different materials")
        elif p == "cloth2":
            parts.append("2 different clothing")
        else:
            parts.append(" or ".join(A.goods_text(d) for d in p[1:]))
    return ", ".join(parts)


#: Building names for a home-board cell (``CELL`` - 1 wide) where the short name is
#: longer: never a name cut off ("Colonist'", "Weaving M")
CELL_NAMES: dict[str, str] = {
    "farmhouse": "Farmhouse", "plowmaker": "PlowMaker", "novice": "Novice", "parlor": "W.Parlor",
    "colhouse": "Colonist", "cworkshop": "Carpenter", "loading": "Loading", "litter": "Litter",
    "woodhouse": "WoodTrade", "smokehouse": "Smokehse", "weavingmill": "Weav.Mill", "textile": "Textile",
    "waterfront": "Waterfrnt", "pottersinn": "PotterInn", "farmersinn": "FarmerInn",
    "sluiceinn": "SluiceInn", "lutetsburg": "Lütetsbg",
}


def cell_text(code: str) -> tuple[str, str]:
    """(text, style) of a home-board cell code from ``layout.home_grid``."""
    if code == "tideland":
        return "~tideland", "dim #4fc3f7"
    if code == "":
        return "empty", "dim"
    if code.startswith("boardwalk:"):
        return f"walk {code.split(':')[1]}pt", "#8d6e63"
    if code == "moor":
        return "moor -4", "#6d4c41"
    if code.startswith("drained:"):
        return f"moor {code.split(':')[1]}pt", "#8d6e63"
    if code in CELL_WORDS:
        return CELL_WORDS[code], CELL_STYLES.get(code, "")
    if code in C.BUILDINGS:
        return CELL_NAMES.get(code) or BUILDING_SHORT.get(code, C.BUILDINGS[code][0])[:CELL - 1], "bold #ce93d8"
    return code[:CELL - 1], ""


def vehicle_cells(v: Any) -> str:
    """A vehicle's loading cells: "[wood|clay|·]" ("=" where a token goes on)."""
    if not v.cells:
        return "(no cells)"
    out = []
    for c in v.cells:
        if c == "":
            out.append("·")
        elif c == "^":
            out.append("=")
        elif c in C.DESTINATIONS:
            out.append(C.DESTINATIONS[c][0])
        else:
            out.append(C.NAMES.get(c, c))
    return "[" + "|".join(out) + "]"


class FieldsOfArleBoard(PagedBoard):
    """The Fields of Arle table (see the module doc)."""

    DEFAULT_CSS = """
    FieldsOfArleBoard #fa-scores, FieldsOfArleBoard #fa-barn, FieldsOfArleBoard #fa-tools,
    FieldsOfArleBoard #fa-goods, FieldsOfArleBoard #fa-dests, FieldsOfArleBoard #fa-other,
    FieldsOfArleBoard #fa-months, FieldsOfArleBoard #fa-piles {
        margin: 1 0 0 0;
    }
    """

    BODY_ID = "fa-body"
    ID_PREFIX = "fa"
    SECTIONS = SECTIONS

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        #: the choice under the cursor the board last scrolled to, per page section
        #: ("actions": the action space placed on; "supply": the building)
        self._revealed: dict[str, Any] = {}
        self._under: list[Text] = []  #: the banner's lines about the choice under the cursor (narrow)

    def compose(self) -> ComposeResult:
        yield PageBar(id="fa-pages", hint="")
        yield Banner(id="fa-banner")
        with BoardBody(id="fa-body", classes="board-body"):
            with BoardSection(id="fa-sec-actions", classes="board-section"):
                yield Banner(id="fa-effect")
                yield TextBlock(id="fa-actions")
                yield TextBlock(id="fa-other")
                yield TextBlock(id="fa-months")
            with BoardSection(id="fa-sec-players", classes="board-section"):
                yield TextBlock(id="fa-summary")
                yield ScoreSheet(title=LIVE_SCORES, id="fa-scores")
                yield TextBlock(id="fa-preview")
            with BoardSection(id="fa-sec-farm", classes="board-section"):
                yield TextBlock(id="fa-home")
                yield TextBlock(id="fa-animals")
                yield Storage(title="Barn", cost_header="VP", id="fa-barn")
                yield TextBlock(id="fa-barn-note")
                yield TextBlock(id="fa-goods")
                yield TextBlock(id="fa-tools")
            with BoardSection(id="fa-sec-supply", classes="board-section"):
                yield TextBlock(id="fa-buildings")
                yield TextBlock(id="fa-dests")
                yield TextBlock(id="fa-piles")

    # -- pages -----------------------------------------------------------------------
    def _make_pages(self, seats: list[str], letters: list[str]) -> list[tuple[str, frozenset[str], int | None]]:
        if self._is_wide():
            pages = [("Work", frozenset({"actions", "players"}), None)]
        else:
            pages = [("Actions", frozenset({"actions"}), None), ("Players", frozenset({"players"}), None)]
        for i, n in enumerate(seats):
            pages.append((f"{letters[i]} {n[:8]}", frozenset({"farm"}), i))
        pages.append(("Supply", frozenset({"supply"}), None))
        return pages

    def _draw_banner(self) -> None:
        assert self._last is not None
        self._banner(self._last[1], self._last[3], fresh=True)  # (a decision's announcements)

    # -- show ------------------------------------------------------------------------
    def show(self, game: Any, state: Any, *, viewer: int | None, seats: list[str],
             targets: Sequence[Any] = ()) -> None:
        """Redraw for ``state``; ``targets`` = the legal moves under the picker's cursor."""
        self._last = (game, state, viewer, list(seats), tuple(targets))
        task = state.tasks[-1] if state.tasks and state.phase != "over" else None
        key = (state.turns, state.phase, len(state.tasks), task)
        self._redraw(decision=key, task=task)

    def _section_for(self, game: Any, state: Any, task: Any) -> str:
        if task.kind == "opt" and any(m.verb == "build" for m in game.legal_moves(state)):
            return "supply"
        return SECTION_OF.get(task.kind, "farm")

    def _redraw(self, *, decision: Any = None, task: Any = None, relayout: bool = False) -> None:
        if self._last is None:
            return
        game, state, viewer, seats, targets = self._last
        if task is None and state.tasks and state.phase != "over":
            task = state.tasks[-1]
        letters = seat_letters(seats)
        wide = self._is_wide()
        self._fold(seats, letters, wide, len(seats) + (2 if wide else 3), relayout)
        fresh = decision is not None and decision != self._decision
        if fresh:
            self._decision = decision
            if task is not None:
                self._page = self.page_for(self._section_for(game, state, task), task.seat)
                anchor = ANCHOR_OF.get(task.kind)
                if anchor is None:
                    # (now: the choice under the cursor may scroll it again before the frame)
                    self.query_one("#fa-body").scroll_home(animate=False, immediate=True)
                else:  # (where it is comes with the layout: scrolled to as it arranges the
                    # body, and checked after it)
                    self.query_one("#fa-body", BoardBody).reveal_when_placed(self.query_one(f"#{anchor}"), top=True)
                    self.after_layout(self._reveal, anchor)
            elif state.phase == "over":
                self._page = self.page_for("players", None)
        secs, farm_seat = self._show_page()
        width = max(20, (self.size.width or 44) - 2)
        # what the choice under the cursor does, and its VP: in the banner, beside the
        # choices, on every page (80x24) or wherever the actions are not shown (wide:
        # under the actions, the VP beside them)
        in_banner = not wide or "actions" not in secs
        effect = [] if in_banner else self._effect(game, state, targets, width)
        self._under = self._effect(game, state, targets, width, banner=True) if in_banner else []
        self._banner(state, seats, fresh)
        words = {t.verb: t for t in targets}
        if "actions" in secs:
            self._actions(state, letters, words, width)
            self.query_one("#fa-effect", Banner).update(effect)
        # (each built once per state, choices under the cursor and size: a step back in
        # review to a state drawn before, or a cursor key back, builds nothing again)
        look = (Same(state), tuple(targets), tuple(seats), width, use_ascii(self))
        if "players" in secs:
            self.put("players", look, lambda: self._players(game, state, seats, letters, targets, width))
        if "farm" in secs and farm_seat is not None:
            self.put("farm", (farm_seat, *look),
                     lambda: self._farm(state, farm_seat, seats, letters, targets, width))
        if "supply" in secs:
            updates, marked = self.kept("supply", look, lambda: self._supply(state, letters, targets, width))
            self.update_all(updates)
            if marked is not None:  # the building under the cursor in view
                self._reveal_choice("supply", marked[0], "fa-buildings", *marked[1])
            else:
                self._revealed.pop("supply", None)

    def _reveal(self, anchor: str) -> bool:
        """Scroll the board so that ``anchor`` (the widget the decision is about)
        shows; True if it scrolled."""
        try:
            widget = self.query_one(f"#{anchor}")
        except Exception:  # noqa: BLE001 - not mounted (yet)
            return False
        body = self.query_one("#fa-body", BoardBody)
        body.reveal_when_placed(None)  # (placed by now, or no layout came)
        return body.scroll_to_widget(widget, animate=False, top=True, immediate=True)

    def _reveal_choice(self, section: str, choice: Any, widget_id: str, y: int, height: int = 1) -> None:
        """Scroll lines ``y`` .. ``y + height`` of ``#widget_id`` (where ``choice``,
        the choice under the cursor, is drawn) into view when that choice is new
        for ``section`` (``PagedBoard.reveal_lines``, in the cursor key's frame)."""
        if choice != self._revealed.get(section):
            self._revealed[section] = choice
            self.reveal_lines(widget_id, y, height)

    # -- the banner ------------------------------------------------------------------
    #: blank rows a steady banner may keep under a new decision's lines (more: it
    #: shrinks, so the page below is not pushed down after a half-year's
    #: announcements went; a row or two come and go with a decision's own
    #: announcements, and shrinking for them cost a layout per decision and undo)
    SLACK = 2

    def _banner(self, state: Any, seats: list[str], fresh: bool = False) -> None:
        """The banner's lines; ``fresh``: for a new decision (the banner may shrink)."""
        banner = self.query_one("#fa-banner", Banner)
        width = max(20, (self.size.width or 44) - 1)
        n = len(seats)
        if state.phase == "over":
            lines = wrap("The game is over: the score sheet shows the final scores.", width, "dim")
        else:
            start = f" · start player {seats[state.start]}" if n > 1 else ""
            head = f"Half-year {state.half}/{C.HALF_YEARS} ({season(state.half)})"
            if state.phase == "work":
                # the worker being placed, or (while its action is resolved) the one placed
                # last, and its month (the placing prompt leaves the month to this line:
                # "September" as "Sep" where the whole word would take another line)
                placing = bool(state.tasks) and state.tasks[-1].kind == "place"
                worker = min(state.placed + 1 if placing else max(1, state.placed), C.WORKERS * n)
                month = placing_month(state.half, worker, n)
                heads = [wrap(f"Half-year {state.half}/{C.HALF_YEARS} ({season(state.half)}, {m}) · "
                              f"worker {worker}/{C.WORKERS * n}{start}", width, "bold") for m in (month, month[:3])]
                lines = min(heads, key=len)  # (the whole word when it takes no more lines)
            else:
                if state.phase == "inventory":
                    head += " · " + ("November" if state.half % 2 else "May") + " inventory"
                else:
                    head += " · last conversions"
                lines = wrap(head + start, width, "bold")
            seat = state.tasks[-1].seat if state.tasks else None
            if seat is not None:
                lines += wrap(f"{seats[seat]}: {goods_line(state.homes[seat])}", width, "dim", "  ")
        lines += self._under
        bell = glyph(self, "★ ", "* ")
        shown = []
        for k, line in enumerate(self._announce[-3:]):
            shown += wrap_text(Text((bell if k == 0 else "  ") + line, style="bold reverse"), width, 2)
        lines += shown[:4]
        if fresh and banner._rows - len(lines) > self.SLACK and tuple(lines) != banner._data:
            banner.allow_shrink()  # (now: a cursor key keeps the height, no layout)
        banner.update(lines)

    # -- actions ---------------------------------------------------------------------
    def _board_rows(self, state: Any, winter: bool, letters: list[str], hl: set[str],
                    w: int) -> tuple[list[Text], int | None]:
        """The rows of one season's action board, and the index of the first
        highlighted one (None: none is)."""
        pointer = glyph(self, "▶", ">")
        rows = []
        marked = None
        for sid, name, seat, cost in L.action_board(state, winter):
            on = sid in hl
            if on and marked is None:
                marked = len(rows)
            who = Text(f"[{letters[seat]}]", style=seat_style(seat)) if seat >= 0 else Text(" · ")
            style = HIGHLIGHT if on else ("dim" if seat >= 0 else "")
            key = Text(space_key(C.SPACE_INDEX[sid]), style="bold" if seat < 0 else "dim")
            rows.append([pointer if on else " ", key, who, Text(name.replace(" (winter)", ""), style=style),
                         Text(A.goods_text(cost) if cost else "", style="dim")])
        return grid(rows, justify="lllll", width=w), marked

    def _actions(self, state: Any, letters: list[str], words: dict[str, Any], width: int) -> None:
        winter = state.half % 2 == 0
        now = "Winter" if winter else "Summer"
        other = "Summer" if winter else "Winter"
        hl_now = {words[v].arg for v in ("place", "imitate") if v in words}
        hl_other = {words["special"].arg} if "special" in words else set()
        solo = len(state.players) == 1
        # the action boards are built again only when what they draw changes: the
        # workers on them, the Special Action's user, the highlight (not on every new
        # state: a decision that places no worker, or its undo, draws them as they were)
        a_ = use_ascii(self)
        drawn = (tuple(state.occupied), state.special, tuple(state.players))
        side, under, marked = self.kept(
            "actions", (drawn, winter, tuple(letters), frozenset(hl_now), frozenset(hl_other), width, a_),
            lambda: self._action_lines(state, winter, letters, hl_now, hl_other, width, solo, now, other))
        self.query_one("#fa-actions", TextBlock).update(side)
        if under is None:
            self._display("#fa-other", False)
        else:
            self.query_one("#fa-other", TextBlock).update(under)
            self._display("#fa-other", True)
        if marked is not None:  # the space under the cursor in view (at 80x24 the other
            # season's board, the Special Action's, is below the fold)
            self._reveal_choice("actions", (Same(state), *sorted(hl_now), *sorted(hl_other)), *marked)
        else:
            self._revealed.pop("actions", None)
        n = len(state.players)
        months = C.WINTER_MONTHS if winter else C.SUMMER_MONTHS
        line = Text("Month spaces: ", style="bold")
        for m, month in enumerate(months):
            placed = [(state.start + k) % n for k in range(m * n, m * n + n) if k < state.placed]
            line.append(f"{month[:3]} ")
            for s in placed:
                line.append(letters[s], style=seat_style(s))
            if not placed:
                line.append("-", style="dim")
            line.append("  ")
        self.query_one("#fa-months", TextBlock).update(wrap_text(line, width, 2))

    def _action_lines(self, state: Any, winter: bool, letters: list[str], hl_now: set[Any], hl_other: set[Any],
                      width: int, solo: bool, now: str, other: str
                      ) -> tuple[list[Text], list[Text] | None, tuple[str, int] | None]:
        """The lines of this half-year's action board and the next's: side by side
        where the width allows (then None for the second), else one under the other;
        and where the space under the cursor is drawn (the widget's id and the line),
        or None."""
        a_ = use_ascii(self)
        occupied = tuple(state.occupied)  # (all a board's rows draw of the state)
        rows, on_a = self.kept(
            "now", (occupied, winter, tuple(letters), frozenset(hl_now), width, a_),
            lambda: self._board_rows(state, winter, letters, hl_now, width))
        a = [Text(f"{now} (this half-year)", style="bold")] + rows
        rows, on_b = self.kept(
            "other", (occupied, not winter, tuple(letters), frozenset(hl_other), width, a_),
            lambda: self._board_rows(state, not winter, letters, hl_other, width))
        b = [Text(f"{other} (next)" if solo else f"{other}: Special Action", style="bold")] + rows
        if state.special >= 0:
            b.insert(1, Text(f"Special Action used by {state.players[state.special]}", style="dim"))
        head_b = len(b) - len(rows)
        if width < 66:
            marked = (("fa-actions", 1 + on_a) if on_a is not None
                      else ("fa-other", head_b + on_b) if on_b is not None else None)
            return a, b, marked
        half = (width - 2) // 2  # the two boards side by side
        a = [x[:half] if x.cell_len > half else x for x in a]
        lines = []
        for k in range(max(len(a), len(b))):
            left = a[k].copy() if k < len(a) else Text("")
            left.pad_right(half - left.cell_len + 2)
            right = b[k] if k < len(b) else Text("")
            lines.append(left + right[: width - half - 2])
        line = 1 + on_a if on_a is not None else head_b + on_b if on_b is not None else None
        return lines, None, (None if line is None else ("fa-actions", line))

    def _display(self, selector: str, on: bool) -> None:
        widget = self.query_one(selector)
        if widget.display != on:
            widget.display = on

    # -- players and scores ------------------------------------------------------------
    def _players(self, game: Any, state: Any, seats: list[str], letters: list[str], targets: Sequence[Any],
                 width: int) -> dict[str, tuple[Any, ...]]:
        """The players' summaries, the score pad and the live preview (``Board.put``)."""
        out: dict[str, tuple[Any, ...]] = {}
        # the summary and the score pad depend on the state only: not built again on a cursor key
        key = (Same(state), tuple(seats), width, use_ascii(self))
        out["#fa-summary"] = (
            self.kept("summary", key, lambda: self._summary(state, seats, letters, width)),)
        out["#fa-scores"] = (
            self.kept("scores", key, lambda: self._score_rows(game, state, seats, letters)),
            "Final scores" if state.phase == "over" else LIVE_SCORES)
        legend = wrap("Cloth: clothing and materials, Barn: equipment in the barn, Trav: travel experience, "
                      "Anim: animals, Short: supply shortages", width, "dim", "  ")
        out["#fa-preview"] = (legend + self._score_preview(game, state, targets, width),)
        return out

    def _summary(self, state: Any, seats: list[str], letters: list[str], width: int) -> list[Text]:
        """One paragraph per player: score, workers, animals, land, barn, dikes, goods."""
        lines: list[Text] = []
        n = len(seats)
        for i, h in enumerate(state.homes):
            g = h.g
            head = Text(f"{letters[i]} {seats[i]}", style=seat_style(i))
            workers = sum(1 for k in range(state.placed) if (state.start + k) % n == i)
            bits = [f"{sum(SC.parts(h).values()):g} VP", f"workers {workers}/{C.WORKERS}",
                    "animals " + (A.goods_text({a: g[a] for a in C.ANIMALS}) if A.animal_total(h) else "none"),
                    f"land free {AN.empty_spaces(h)}", f"barn {len(h.barn)}", f"dikes {h.dikes}/{C.DIKE_MOVES_MAX}"]
            if i == state.start and n > 1:
                bits.insert(0, "start player")
            if h.ended:
                bits.append("work phase ended")
            head.append(": " + " · ".join(bits))
            lines += wrap_text(head, width, 2)
            lines += wrap("  " + goods_line(h), width, "dim", "  ")
        return lines

    def _score_rows(self, game: Any, state: Any, seats: list[str], letters: list[str]) -> list[ScoreRow]:
        """The score pad's rows (the winners marked once the game is over)."""
        winners = set(game.winners(state)) if state.phase == "over" else set()
        rows = []
        for sheet in game.scores(state):
            short = {CATEGORY_SHORT.get(k, k): v for k, v in sheet.parts.items()}
            rows.append(ScoreRow(letters[sheet.seat], seats[sheet.seat][:8], sheet.total, short,
                                 seat_style(sheet.seat), sheet.seat in winners))
        return rows

    @staticmethod
    def _after(game: Any, state: Any, targets: Sequence[Any]) -> tuple[int, Any] | None:
        """(the deciding seat, the state after the one choice under the cursor); None
        when there is not exactly one, or it cannot be worked out."""
        if len(targets) != 1 or not state.tasks or state.phase == "over":
            return None
        try:
            return state.tasks[-1].seat, game.apply_trusted(state, targets[0])
        except Exception:  # noqa: BLE001 - a preview must never stop the screen
            return None

    def _effect(self, game: Any, state: Any, targets: Sequence[Any], width: int, *,
                banner: bool = False) -> list[Text]:
        """What the choice under the cursor gives and costs the deciding player (and what
        a building does); for the banner (``banner``), at most 3 lines with the VP before
        and after it instead of the building."""
        found = self._after(game, state, targets)
        if found is None:
            return []
        seat, after = found
        words = effect_text(state, after, seat, targets[0], glyph(self, "→", "->")) or "no change to your goods"
        line = Text("Under the cursor: ", style="bold")
        if banner:  # at most 3 lines: a long effect is cut short (…), the VP always shown
            now, then = SC.parts(state.homes[seat]), SC.parts(after.homes[seat])
            vp = preview(self, f"{sum(now.values()):g}", f"{sum(then.values()):g} VP")
            cut = words.split(" ")
            for n in range(len(cut), 0, -1):
                said = " ".join(cut[:n]) if n == len(cut) else " ".join(cut[:n]).rstrip(",;:") + glyph(self, "…", "...")
                out = wrap_text(Text.assemble(line, said, "; ", vp), width, 2)
                if len(out) <= 3:
                    break
            return out[:3]
        line.append(words)
        out = wrap_text(line, width, 2)
        if targets[0].verb == "build":  # what the building does, so a player can choose
            b = targets[0].arg.split()[0]
            out += wrap(f"  {C.BUILDINGS[b][0]}: {C.EFFECTS[b]}", width, "", "  ")
        return out

    def _score_preview(self, game: Any, state: Any, targets: Sequence[Any], width: int) -> list[Text]:
        """What the choice under the cursor changes in the deciding player's score."""
        found = self._after(game, state, targets)
        if found is None:
            return []
        seat, after = found
        now, then = SC.parts(state.homes[seat]), SC.parts(after.homes[seat])
        line = Text("This choice: ")
        line.append_text(preview(self, f"{sum(now.values()):g}", f"{sum(then.values()):g} VP"))
        for k in now:
            if now[k] != then[k]:
                line.append(f" {CATEGORY_SHORT.get(k, k)} ")
                line.append_text(preview(self, f"{now[k]:g}", f"{then[k]:g}"))
        return wrap_text(line, width, 2)

    # -- a farm ---------------------------------------------------------------------------
    def _farm(self, state: Any, seat: int, seats: list[str], letters: list[str], targets: Sequence[Any],
              width: int) -> dict[str, tuple[Any, ...]]:
        """``seat``'s farm page (``Board.put``)."""
        out: dict[str, tuple[Any, ...]] = {}
        h = state.homes[seat]
        words = {t.verb: t for t in targets} if state.tasks and state.tasks[-1].seat == seat else {}
        cut = A.SLOT_NAMES.index(words["cut"].arg) if "cut" in words else -1
        grid_ = L.home_grid(h)
        dikes = L.dike_lines(h)
        head = Text(f"{letters[seat]} {seats[seat]}'s home board", style=f"bold {seat_style(seat)}")
        head.append(f"  (dike moves {h.dikes}/{C.DIKE_MOVES_MAX}; D = dike, -1 = uncovered -1 symbol)",
                    style="dim")
        lines = wrap_text(head, width, 2)
        for r in range(L.ROWS):
            if r < 4:
                line = Text("  ")
                for c in dikes[r]:
                    if c == "D":
                        line.append("=== D ===".center(CELL), style="bold #90caf9")
                    elif c == "-":
                        line.append("   -1    ".center(CELL), style="#ef5350")
                    else:
                        line.append("    .    ".center(CELL), style="dim")
                    line.append(" ")
                line.append(f"L{r}", style="dim")
                lines.append(line)
            row = Text("  ")
            for c in range(L.COLS):
                text, style = cell_text(grid_[r][c])
                if r == L.ROWS - 1 and grid_[r][c] == grid_[r - 1][c] and grid_[r][c].startswith(("moor", "drained")):
                    text = '  "'  # a moor's second row: ditto, one moor (not two at -4 each)
                slot = {(4, 1): 0, (5, 0): 1, (6, 0): 1, (5, 1): 2, (6, 1): 2, (5, 2): 3, (6, 2): 3}.get((r, c), -1)
                if cut >= 0 and slot == cut:
                    style = HIGHLIGHT
                row.append(text.ljust(CELL)[:CELL], style=style)
                row.append(" ")
            lines.append(row)
        out["#fa-home"] = (lines,)
        arr = AN.arrangement(h)
        an = Text("Animals: ", style="bold")
        if not arr:
            total = A.animal_total(h)
            an.append("none" if not total else "they do not all fit: release some")
        else:
            an.append(", ".join(f"{unit} {n} {a}" if n else f"{unit} empty" for unit, a, n in arr))
        if any(h.breed):
            an.append(f"; May young planned: {A.goods_text(dict(zip(C.ANIMALS, h.breed)))}", style="dim")
        out["#fa-animals"] = (wrap_text(an, width, 2),)
        hl_vehicle = int(words["load"].arg.split()[1]) - 1 if "load" in words else (
            int(words["return"].arg) - 1 if "return" in words else -1)
        slots = []
        for i, v in enumerate(h.barn):
            name, large, _, _, vp, _, _ = C.EQUIPMENT[v.kind]
            slots.append(Slot(f"{i + 1} {name}" + (" (large)" if large else ""), vehicle_cells(v), f"{vp}",
                              highlight=i == hl_vehicle))
        small, large = A.barn_counts(h)
        if not slots:
            slots.append(Slot("(empty)", "no vehicles", ""))
        note = f"Barn spaces used: small {small}/{C.BARN_SMALL}, large {large}/{C.BARN_LARGE}"
        if not large:
            note += f"; no large vehicle: {C.NO_LARGE_VEHICLE_VP} VP"
        out["#fa-barn"] = (slots,)
        out["#fa-barn-note"] = (wrap(note, width, "dim", "  "),)
        g = h.g
        a, b = SC.food_split(g["food"])
        rows = [[Text("Goods track", style="bold"), Text("now", style="dim"), Text("max", style="dim"),
                 Text("VP", style="dim")]]
        for k in C.TRACK_GOODS:
            vp = SC.indicator_vp(a) + SC.indicator_vp(b) if k == "food" else SC.indicator_vp(g[k])
            rows.append([C.NAMES[k], str(g[k]), str(C.CAP[k]), str(vp)])
        lines = grid(rows, justify="lrrr", width=width)
        lines += wrap(f"Food scores as {a} + {b} on the two food indicators.", width, "dim", "  ")
        if "depot" in h.land:
            lines += wrap("A depot doubles the goods track's VP.", width, "dim", "  ")
        other = [f"{C.NAMES[k]} {g[k]}" for k in C.GOODS if k not in C.TRACK_GOODS and k not in C.ANIMALS and g[k]]
        lines += wrap("Other goods: " + (", ".join(other) or "none"), width, "", "  ")
        lines += wrap(f"Travel experience: {h.travel} cells ({SC.travel(h)} VP); visited: "
                      + (", ".join(C.DESTINATIONS[d][0] for d in h.visited) or "none"), width, "", "  ")
        if h.short:
            lines += wrap(f"Unpaid nourishment/fuel: {h.short} ({C.SHORTAGE_VP * h.short} VP)", width, "bold")
        out["#fa-goods"] = (lines,)
        hl_tool = words["tool"].arg if "tool" in words else ""
        pointer = glyph(self, "▶", ">")
        rows = [["", Text("Tool tracks", style="bold"), Text("tools", style="dim"), Text("step", style="dim"),
                 Text("VP", style="dim")]]
        for tid in C.TOOL_IDS:
            i, values, vp = L.tool_track(h, tid)
            name, _, cost, _ = C.TOOLS[tid]
            track = Text()
            for k, val in enumerate(values):
                track.append(" " if k else "")
                track.append(f"[{val}]" if k == i else f"{val}", style="bold" if k == i else "dim")
            on = tid == hl_tool
            rows.append([pointer if on else " ", Text(TOOL_SHORT.get(tid, name), style=HIGHLIGHT if on else ""),
                         track, A.goods_text(cost) if i + 1 < len(values) else "end", str(vp)])
        out["#fa-tools"] = (grid(rows, justify="lllll", width=width),)
        return out

    # -- the supply ------------------------------------------------------------------------
    def _supply(self, state: Any, letters: list[str], targets: Sequence[Any],
                width: int) -> tuple[dict[str, tuple[Any, ...]], tuple[str, tuple[int, int]] | None]:
        """The Supply page (``Board.put``), and the building under the cursor: its
        key and where it is drawn (its first line and how many), or None."""
        out: dict[str, tuple[Any, ...]] = {}
        pointer = glyph(self, "▶", ">")
        hl = {t.arg.split()[0] for t in targets if t.verb == "build"}
        lines = [Text("Building supply (colour, VP: cost)", style="bold")]
        shown: tuple[int, int] | None = None
        for b in state.buildings:
            name, colour, vp, spec = C.BUILDINGS[b]
            on = b in hl
            if on and shown is None:
                shown = (len(lines), 0)
            line = Text(f"{pointer if on else ' '} ")
            line.append(name, style=HIGHLIGHT if on else "bold")
            line.append(f" ({COLOUR_WORDS[colour]}, {vp} VP): {spec_text(spec)}")
            lines += wrap_text(line, width, 4)
            lines += wrap("    " + C.EFFECTS[b], width, "dim", "    ")
            if on and shown is not None and not shown[1]:
                shown = (shown[0], len(lines) - shown[0])
        if not state.buildings:
            lines.append(Text("  (all built)", style="dim"))
        out["#fa-buildings"] = (lines,)
        marked = None if shown is None else (",".join(sorted(hl)), shown)
        hl_dest = {t.arg.split()[0] for t in targets if t.verb == "load"}
        if state.tasks and state.tasks[-1].kind == "sell":
            hl_dest.add(state.tasks[-1].s)
        lines = wrap("Destinations (cells; sales for food, each once; who went there)", width, "bold", "  ")
        for d in C.DEST_IDS:
            name, cells, sales = C.DESTINATIONS[d]
            line = Text(f"{pointer if d in hl_dest else ' '} ")
            line.append(f"{name} ({cells})", style=HIGHLIGHT if d in hl_dest else "bold")
            went = [letters[i] for i, h in enumerate(state.homes) if d in h.visited]
            if went:
                line.append(" [" + "".join(went) + "]")
            line.append(": " + "; ".join(f"{label} {food}" for label, _, food in sales), style="")
            lines += wrap_text(line, width, 4)
        travel = Text("Travel track: ", style="bold")
        travel.append(", ".join(f"{letters[i]} {h.travel} cells = {SC.travel(h)} VP" for i, h in
                                enumerate(state.homes)))
        lines.append(travel)
        out["#fa-dests"] = (lines,)
        names = {"field": "fields", "forest": "forests", "stall": "stalls", "stable": "stables",
                 "boat": "peat boats/plows", "hand": "handcarts/wagons", "cart": "carts/horse carts",
                 "carriage": "carriages/droshkies"}
        piles = "Tile and vehicle supply: " + ", ".join(f"{names.get(k, k)} {n}" for k, n in state.supply.items())
        out["#fa-piles"] = (wrap(piles, width, "", "  "),)
        return out, marked
