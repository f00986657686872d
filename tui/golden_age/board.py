"""The Dutch Golden Age's board (GoldenAgeBoard). It shows (rules:
``rules/golden-age.source.txt``, fact sheet part B, ``core/golden_age/RULES.md``):

* a status line: the round, the King's space and the last roll with what each
  player was paid; during an auction the auction panel (what is sold, by whom,
  the high bid, who bids now, who passed);
* the province map as a floor plan (``tui.widgets.regionmap.RegionMap``, laid
  out by ``PROVINCE_PLAN``): provinces that border each other (the adjacency of
  ``components.EDGES``) share a wall, and no others do; each province with its
  key ("a Holland": the key that picks it in every list of provinces), its
  colour, its Influence Marker (``[B]`` active, ``(B)`` used this turn, ``[ ]``
  none) and the Movement Tokens per player (``A2`` = two of A's); framed, so
  every province is a closed box, the legend in the frame's top row (the
  notation) and bottom row, where no wall meets the frame, and under it what
  has no room there (each province's colour: a box has room for it beside the
  name only in Gelderland);
* the King's track around the King: his space and the next twelve, each with
  its province pair, the chance that 2d6 reaches it and what each player
  would be paid there;
* the Guild Table (each guild's key, "1 green"; owner, price of the next takeover, the special action, the
  deck behind it) and the Indies (East 2..6, West 7) with the spice deck;
* every player's money (guilders with a half sign; ``.5`` with ``--ascii``),
  reserve, cards, unfinished paintings and VP.

Targets of the choice under the picker's cursor are highlighted (reverse video
for the target, underline for other legal targets, never colour alone).

Narrow boards (the 80x24 game screen, the review screen) fold the map, the
track, the guilds and the players into tabs: the tab follows the choice under
the cursor (a token move shows the map, a roll the track ...); ``←``/``→`` in
the game screen and ``[``/``]`` (or a click on the tab bar) switch by hand.
"""

from __future__ import annotations

from typing import Any, Sequence

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import HorizontalGroup

from core.golden_age import components as C
from core.golden_age.rules import (
    Bid, Convert, End, Exchange, Found, MoveToken, Pass, PlaceKing, PlaceMarker, PlaceToken, PlayDice,
    Roll, Special, StartAuction, Take, TakeGuild, bid_limit, exchange_cards, vp,
)
from tui.widgets.base import TextBlock, grid
from tui.widgets.board import Board, Same
from tui.widgets.common import HIGHLIGHT, glyph, preview, seat_letters, seat_style, use_ascii
from tui.widgets.regionmap import Region, RegionMap
from tui.widgets.pages import PageBar
from tui.widgets.textlines import flow, wrap_text
from tui.golden_age.labels import (
    COLOR_STYLES, GUILD_KEYS, PROVINCE_KEYS, card_note, card_style, counted, income_at, money, space_text, two_dice_chance,
)


#: The province map as a floor plan, north at the top (RegionMap cells, ``~`` the
#: Zuiderzee): two provinces share a wall exactly when ``components.EDGES`` makes them
#: border each other (all 16 borders, no others); every province has two cells side
#: by side for its name.
PROVINCE_PLAN: tuple[tuple[str, ...], ...] = (
    ("hol", "hol", "fri", "fri", "gro", "gro"),
    ("hol", "~", "~", "ove", "ove", "gro"),
    ("hol", "utr", "utr", "gel", "ove", "ove"),
    ("hol", "hol", "hol", "gel", "gel", "gel"),
    ("zee", "zee", "bra", "bra", "gel", "lim"),
    ("vla", "vla", "bra", "bra", "lim", "lim"),
)


#: What each colour's special action buys (prices in guilders; rulebook).
ACTIONS: dict[str, str] = {
    "green": "new token 5",
    "yellow": "Investment 3",
    "brown": "Art 3 / painter 1",
    "blue": "Colony card 3",
    "grey": "Culture card 3",
    "orange": "Spice (2-7)",
}


#: Colour words for narrow maps.
SHORT_COLORS: dict[str, str] = {"green": "grn", "yellow": "yel", "brown": "brn", "blue": "blue", "grey": "grey"}


TABS: tuple[str, ...] = ("map", "king", "guilds", "players")


TAB_NAMES: dict[str, str] = {"map": "Map", "king": "King", "guilds": "Guilds/Indies", "players": "Players"}


#: Highlights: the target under the cursor, other legal targets, a move's source.
CURSOR = HIGHLIGHT


LEGAL = "underline"


SOURCE = "underline bold"


def target_provinces(move: Any) -> list[str]:
    """The provinces a move acts on (for the map's highlight)."""
    if isinstance(move, (PlaceMarker, PlaceToken)):
        return [move.province]
    if isinstance(move, MoveToken):
        return [move.src, move.dst]
    if isinstance(move, Convert):
        return [move.province] + ([move.source] if move.source in C.PROVINCES else [])
    if isinstance(move, (Special, StartAuction)):
        out = [move.site] if move.site in C.PROVINCES else []
        if isinstance(move, Special) and move.choice in C.PROVINCES:
            out.append(move.choice)
        return out
    if isinstance(move, Take) and move.choice in C.PROVINCES:
        return [move.choice]
    if isinstance(move, Found) and move.source in C.PROVINCES:
        return [move.source]
    return []


def track_data(s: Any) -> tuple[Any, ...]:
    """What the King's track section draws from state ``s`` (``_track``), as a
    key for ``Board.kept``: the King's space and the pay of the spaces shown,
    and whether the roll offers the Dice card. Before the King is placed (the
    set-up, where a target names the base space) the state itself."""
    if s.king < 0:
        return (Same(s),)
    n = len(C.TRACK)
    pays = tuple(tuple(income_at(s, (s.king + off) % n)) for off in range(13) if off != 1)
    dice = s.phase == "roll" and "dice" in s.players[s.current].cards
    return (s.king, pays, dice)


def players_data(s: Any) -> tuple[Any, ...]:
    """What the players section draws from state ``s`` (``_players``), as a key
    for ``Board.kept``: every player's holdings and VP, who decides, and the
    auction's bidder."""
    auction = s.auction.bidder if s.auction is not None else None
    players = tuple((p.name, p.money, p.markers, p.tokens, tuple(p.cards), tuple(p.culture),
                     tuple((pt.card, pt.paid) for pt in p.paintings), tuple(p.finished), p.announced)
                    for p in s.players)
    return (s.phase, s.current, auction, players, tuple(vp(s, i) for i in range(len(s.players))))


def guilds_data(s: Any) -> tuple[Any, ...]:
    """What the guilds section draws from state ``s`` (``_guilds``), as a key
    for ``Board.kept``: each guild's owner, marker side and step, and its
    deck and discards as counted."""
    return tuple((g.owner, g.flipped, g.step, len(s.decks[color]) if color in s.decks else None,
                  len(s.discards[color]) if color in s.discards else None)
                 for color, g in ((color, s.guilds[color]) for color in C.COLORS))


def indies_data(s: Any) -> tuple[Any, ...]:
    """What the Indies section draws from state ``s`` (``_indies``), as a key
    for ``Board.kept``: each colony's markers and the spice deck and discards
    as counted."""
    colonies = tuple(tuple((m.owner, m.flipped) for m in s.colonies[cid]) for cid in C.COLONY_IDS)
    return (colonies, len(s.decks["orange"]), len(s.discards["orange"]))


def provinces_data(s: Any) -> tuple[Any, ...]:
    """What the map's provinces show of state ``s`` (``_provinces``), as a key
    for ``Board.kept``: each province's marker and tokens."""
    return tuple((pr.marker, pr.flipped, tuple(pr.tokens)) for pr in (s.provinces[pid] for pid in C.PROVINCE_IDS))


def tab_for(state: Any, targets: Sequence[Any]) -> str:
    """The tab a narrow board shows for ``targets`` (or, without any, the phase)."""
    t = targets[0] if targets else None
    if t is not None:
        if isinstance(t, (Roll, PlayDice, PlaceKing)):
            return "king"
        if isinstance(t, (TakeGuild, Found)):
            return "guilds"
        if isinstance(t, Special):
            return "map" if t.site in C.PROVINCES else "guilds"
        if isinstance(t, (Exchange, End, Bid, Pass)):
            return "players"
        if isinstance(t, Take):
            return "map" if t.choice in C.PROVINCES else "players"
        return "map"
    ph = state.phase
    if ph in ("roll", "place_king"):
        return "king"
    if ph in ("bid", "award", "over"):
        return "players"
    return "map"


# -- the board ------------------------------------------------------------------------
class GoldenAgeBoard(Board):
    """The Golden Age table: status/auction, map, King's track, guilds, Indies, players."""

    DEFAULT_CSS = """
    GoldenAgeBoard {
        height: auto;
    }
    GoldenAgeBoard #ga-pages {
        display: none;
    }
    GoldenAgeBoard.-tabbed #ga-pages {
        display: block;
    }
    GoldenAgeBoard #ga-row1, GoldenAgeBoard #ga-row2 {
        height: auto;
    }
    GoldenAgeBoard #ga-row1, GoldenAgeBoard #ga-players {
        margin: 0 0 1 0;
    }
    GoldenAgeBoard.-tabbed #ga-status, GoldenAgeBoard.-tabbed #ga-row1 {
        margin: 0;
    }
    GoldenAgeBoard #ga-map, GoldenAgeBoard #ga-guilds {
        width: 44;  /* GUILDS_WIDTH */
        margin: 0 1 0 0;
    }
    GoldenAgeBoard #ga-track, GoldenAgeBoard #ga-indies {
        width: 1fr;
    }
    GoldenAgeBoard.-tabbed #ga-map, GoldenAgeBoard.-tabbed #ga-guilds {
        width: 1fr;
        margin: 0;
    }
    GoldenAgeBoard.-tabbed #ga-row2 {
        layout: vertical;
    }
    GoldenAgeBoard.-tabbed #ga-guilds {
        margin: 0 0 1 0;
    }
    """

    #: The guild table's width (and the map's) where the board is not folded into pages (CSS).
    GUILDS_WIDTH = 44

    #: Board width and screen height from which everything is shown at once (no pages).
    WIDE = 74
    TALL = 34

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.tab = "map"
        self._tab_context: Any = None
        self._last: tuple[Any, ...] | None = None
        self._shown: dict[str, bool] = {}
        #: (width, screen height) the last redraw drew at: the only sizes it reads
        self._drawn_at: tuple[Any, ...] | None = None

    def compose(self) -> ComposeResult:
        yield PageBar(id="ga-pages")
        yield TextBlock(id="ga-status")
        yield TextBlock(id="ga-brief")
        with HorizontalGroup(id="ga-row1"):
            yield RegionMap(id="ga-map", min_cell=6, max_cell=12, frame=True)
            yield TextBlock(id="ga-track")
        yield TextBlock(id="ga-players")
        with HorizontalGroup(id="ga-row2"):
            yield TextBlock(id="ga-guilds")
            yield TextBlock(id="ga-indies")

    # -- pages --------------------------------------------------------------------------------
    @property
    def tabbed(self) -> bool:
        """True when the panels are folded into pages (a narrow or short board)."""
        width = self.size.width
        if not width:
            return True
        try:
            height = self.screen.size.height
        except Exception:  # noqa: BLE001
            height = 24
        return width < self.WIDE or height < self.TALL

    def _screen_height(self) -> int:
        try:
            return self.screen.size.height
        except Exception:  # noqa: BLE001
            return 24

    def on_resize(self, event: events.Resize) -> None:
        # drawn again only when what it drew from changed: its first layout sends
        # several resizes (the height as its lines grow, a scrollbar's column,
        # events already out of date), which redrew the whole board each time
        if self._last is not None and self._draw_size() != self._drawn_at:
            self._redraw()

    def _when_placed(self, tries: int) -> None:
        """Draw the guilds and Indies again for the widths the layout gives them
        (drawn just as they were shown, e.g. when a terminal grew past the pages,
        they had none yet: the guild table was cut): after the screen's next
        layout pass (``OneLayout.after_layout``: the one that shows them places
        them in its next pass), or its next frame; ``tries`` passes at most."""
        def check() -> None:
            if self.query_one("#ga-guilds").size.width and self.query_one("#ga-indies").size.width:
                self._redraw()
            elif tries > 1:
                self._when_placed(tries - 1)

        screen = self.screen
        if hasattr(screen, "after_layout"):
            screen.after_layout(check)
        else:
            self.call_after_refresh(check)

    def _draw_size(self) -> tuple[Any, ...]:
        # (its own height is what it drew: the lines it wrote, not what it drew from)
        return self.size.width, self._screen_height()

    def set_tab(self, tab: str) -> None:
        """Show page ``tab`` ("map", "king", "guilds", "players") on a narrow board."""
        if tab in TABS and tab != self.tab:
            self.tab = tab
            self._redraw()

    def action_tab(self, delta: int) -> None:
        """Switch to the previous / next page."""
        self.set_tab(TABS[(TABS.index(self.tab) + delta) % len(TABS)])

    @property
    def has_panels(self) -> bool:
        return self.tabbed

    def switch_panel(self, delta: int) -> None:
        self.action_tab(delta)

    @on(PageBar.Selected, "#ga-pages")
    def _page_clicked(self, event: PageBar.Selected) -> None:
        event.stop()
        self.set_tab(TABS[event.index])

    def _display(self, wid: str, on_: bool) -> None:
        if self._shown.get(wid) != on_:
            self._shown[wid] = on_
            self.query_one(f"#{wid}").display = on_

    # -- drawing ------------------------------------------------------------------------------
    def show(self, game: Any, state: Any, *, viewer: int | None, seats: list[str],
             targets: Sequence[Any] = ()) -> None:
        """Redraw for ``state``; ``targets`` = the legal moves under the picker's
        cursor (one: that choice; several: a group of choices), highlighted."""
        targets = tuple(targets)
        self._last = (game, state, viewer, list(seats), targets)
        context = (state.phase, state.turn, state.king, len(state.players[state.current].cards),
                   type(targets[0]).__name__ if targets else None)
        if context != self._tab_context:
            self._tab_context = context
            self.tab = tab_for(state, targets)
        self._redraw()

    def _redraw(self) -> None:
        if self._last is None:
            return
        _game, state, _viewer, seats, targets = self._last
        self._drawn_at = self._draw_size()
        tabbed = self.tabbed
        self.set_class(tabbed, "-tabbed")
        letters = seat_letters(seats)
        a_ = use_ascii(self)
        width = max(20, (self.size.width or 44) - 1)
        show = {
            "ga-map": not tabbed or self.tab == "map",
            "ga-track": not tabbed or self.tab == "king",
            "ga-players": not tabbed or self.tab == "players",
            "ga-row2": not tabbed or self.tab == "guilds",
        }
        show["ga-row1"] = show["ga-map"] or show["ga-track"]
        for wid, on_ in show.items():
            self._display(wid, on_)
        # one line per player above every page but their own; a short screen gives the map
        # page (17 lines of floor plan and its legend) that room instead
        brief = tabbed and self.tab != "players" and not (self.tab == "map" and self._screen_height() < 30)
        self._display("ga-brief", brief)
        if tabbed:
            bar = self.query_one("#ga-pages", PageBar)
            keys = self.panel_keys()
            bar.hint = f"  {keys}" if keys else ""
            bar.update([TAB_NAMES[t] for t in TABS], TABS.index(self.tab))
            if brief:
                self.query_one("#ga-brief", TextBlock).update(self._brief(state, seats, letters, a_))
        self.query_one("#ga-status", TextBlock).update(self._status(state, targets, seats, letters, a_, width))
        if show["ga-map"]:
            self._map(state, targets, letters)
        # the sections below are built again only when the state, their room or
        # the choices of the kinds they draw change (not on every cursor key)
        common = (tuple(seats), a_)
        if show["ga-track"]:
            # (keyed on what it draws: a decision that changes no pay on the spaces
            # shown, nor the King's place, draws the track it drew)
            track_w = width if tabbed else max(20, width - 45)
            self.query_one("#ga-track", TextBlock).update(self.kept(
                "track", (track_data(state), tuple(seats), a_, track_w,
                          self.touching(targets, (PlaceKing, PlayDice, Roll))),
                lambda: self._track(state, targets, letters, a_, track_w < 50, track_w)))
        if show["ga-players"]:
            self.query_one("#ga-players", TextBlock).update(self.kept(
                "players", (players_data(state), tuple(seats), a_, width,
                            self.touching(targets, (Bid, End, Exchange, Found, Take, Special))),
                lambda: self._players(state, targets, seats, letters, a_, width)))
        if show["ga-row2"]:
            # their widths as the layout for ``tabbed`` gives them (the CSS above), not as
            # the widgets have them now: when the board folds or unfolds they still have the
            # other layout's (the guild table drawn 77 wide, shown 44: no deck column)
            board_w = self.size.width
            guilds_w = board_w if tabbed else self.GUILDS_WIDTH
            indies_w = board_w if tabbed else max(0, board_w - self.GUILDS_WIDTH - 1)
            self.query_one("#ga-guilds", TextBlock).update(self.kept(
                "guilds", (guilds_data(state), *common, guilds_w, tabbed, self.touching(targets, (TakeGuild, Special, Convert, Found))),
                lambda: self._guilds(state, targets, letters, a_, guilds_w or 46)))
            self.query_one("#ga-indies", TextBlock).update(self.kept(
                "indies", (indies_data(state), *common, indies_w, self.touching(targets, (Found, Special))),
                lambda: self._indies(state, targets, letters, indies_w or 40)))
            if not (guilds_w and indies_w):  # shown just now, not placed yet: drawn again once placed
                self._when_placed(2)

    # status and auction
    def _status(self, s: Any, targets: Sequence[Any], seats: list[str], letters: list[str], a_: bool,
                width: int) -> list[Text]:
        out = Text()
        dot = " - " if a_ else " · "
        if s.phase.startswith("place"):
            narrow = width < 60
            what = {"place_marker": "1 marker each, one per province" if narrow else  # (one line at 80x24)
                                    "1 Influence Marker each, one per province",
                    "place_tokens": "2 Movement Tokens each" if narrow else
                                    "2 Movement Tokens each, not where a marker is, at most 2 per province",
                    "place_king": "the King starts on a Governor space"}[s.phase]
            out.append("Set-up: ", style="bold")
            out.append(what)
        else:
            narrow = width < 60
            out.append(f"{'Rd' if narrow else 'Round'} {s.round + 1}", style="bold")
            if s.king >= 0:
                out.append(f"{dot}King {'' if narrow else 'on '}{s.king} {space_text(s.king, short=narrow)}")
            if s.dice:
                if len(s.dice) == 2:
                    rolled = f"{s.dice[0]}+{s.dice[1]}" if narrow else f"rolled {s.dice[0]}+{s.dice[1]}"
                else:
                    rolled = f"Dice card {s.dice[0]}"
                paid = " ".join(f"{letters[i]}+{money(x, a_)}" for i, x in enumerate(s.income) if x)
                who = "last " if s.phase == "roll" else ""
                out.append(f"{dot}{who}{rolled}: {paid or 'nobody paid'}", style="dim" if s.phase == "roll" else "")
            if s.phase == "over":
                win = " and ".join(seats[w] for w in s.winners)
                out.append(f"{dot}game over: {win} wins", style="bold")
        lines = wrap_text(out, width, 2)
        a = s.auction
        if a is not None and s.phase in ("bid", "award"):
            head = Text("Auction", style="bold reverse")
            head.append(f" {seats[a.auctioneer]} sells {C.site_name(a.site)}'s {a.color} action ", style="bold")
            head.append(f"({ACTIONS[a.color]})", style=COLOR_STYLES.get(a.color, ""))
            lines += wrap_text(head, width, 2)
            bid = Text("  high bid: ")
            if a.high_bidder >= 0:
                bid.append(f"{money(a.high_bid, a_)} ", style="bold")
                bid.append(letters[a.high_bidder], style=seat_style(a.high_bidder))
                bid.append(f" {seats[a.high_bidder]}")
            else:
                bid.append("none yet (opening bid " + money(1, a_) + ")")
            if s.phase == "bid":
                bid.append(f"{dot}bids now: ")
                bid.append(f"{letters[a.bidder]} {seats[a.bidder]}", style=f"{seat_style(a.bidder)} reverse")
                bid.append(f" (up to {money(bid_limit(s, a.bidder), a_)})", style="dim")
            else:
                bid.append(f"{dot}{seats[a.bidder]} won: takes the action", style="bold")
            lines += wrap_text(bid, width, 4)
            still = [x for x in a.order if x not in a.passed]
            order = Text("  order " + " ".join(letters[x] for x in a.order)
                         + f"{dot}passed " + (" ".join(letters[x] for x in a.passed) or "-")
                         + f"{dot}still in " + (" ".join(letters[x] for x in still) or "-"), style="dim")
            lines += wrap_text(order, width, 4)
            t = targets[0] if len(targets) == 1 else None
            if isinstance(t, Bid):
                lines.append(Text(f"  {seats[a.bidder]} would bid {money(t.amount, a_)}", style=CURSOR))
            elif isinstance(t, Pass):
                lines.append(Text(f"  {seats[a.bidder]} would pass (final)", style=CURSOR))
        return lines

    # narrow: one line per player, always in view
    def _brief(self, s: Any, seats: list[str], letters: list[str], a_: bool) -> list[Text]:
        cur = s.current if s.phase != "over" else -1
        deciding = s.auction.bidder if s.phase in ("bid", "award") and s.auction else cur
        pointer = glyph(self, "▶", ">")
        sign = "f" if a_ else "ƒ"  # the guilder sign (florin); "f" in ASCII
        out = []
        for i, name in enumerate(seats):
            p = s.players[i]
            line = Text(no_wrap=True)
            line.append(pointer if i == deciding else " ", style="bold")
            line.append(letters[i], style=seat_style(i))
            line.append(f" {name[:7]:<7}", style="bold" if i == deciding else "")
            line.append(f"{money(p.money, a_):>5}{sign} VP{vp(s, i):>3} MT{p.tokens} IM{p.markers}")
            extra = len(p.cards) + len(p.culture)
            if extra:
                line.append(f" {extra} card{'s' if extra > 1 else ''}", style="dim")
            if p.paintings:
                line.append(f" {len(p.paintings)} art", style="dim")
            out.append(line)
        return out

    # the map
    def _map(self, s: Any, targets: Sequence[Any], letters: list[str]) -> None:
        marks: dict[str, str] = {}
        hot: set[frozenset[str]] = set()
        single = len(targets) == 1
        for t in targets:
            if isinstance(t, MoveToken):
                marks[t.src] = SOURCE if single else CURSOR
                marks[t.dst] = CURSOR if single else marks.get(t.dst, LEGAL)
                hot.add(frozenset((t.src, t.dst)))
            elif isinstance(t, Special) and t.choice in C.PROVINCES:
                if t.site in C.PROVINCES:
                    marks.setdefault(t.site, SOURCE)
                marks[t.choice] = CURSOR if single else marks.get(t.choice, LEGAL)
            elif isinstance(t, Convert) and t.source in C.PROVINCES:
                marks[t.province] = CURSOR if single else LEGAL
                marks.setdefault(t.source, SOURCE)
            else:
                for p in target_provinces(t):
                    marks[p] = CURSOR if single else marks.get(p, LEGAL)
        plain, legends = self.kept("map", (provinces_data(s), tuple(letters)), lambda: self._provinces(s, letters))
        regions = [r._replace(mark=marks[r.id]) if r.id in marks else r for r in plain]
        walls = [tuple(sorted(p)) for p in hot if len(p) == 2]
        top, bottom, legend = legends
        self.query_one("#ga-map", RegionMap).update(PROVINCE_PLAN, regions, walls, legend, top=top, bottom=bottom)

    def _provinces(self, s: Any, letters: list[str]) -> tuple[list[Region], tuple[Any, Any, str]]:
        """The provinces as the map draws them (unmarked) and the map's legend:
        (the pieces of the frame's top row: the notation; of its bottom row: each
        colour's provinces, a short colour word where the full one has no room;
        under the map: nothing more). The frame writes its pieces where no wall
        meets it and those with no room there under the map (``RegionMap.update``),
        so at 80x24 the map page shows the whole map, the notation and every
        province's colour above the fold."""
        regions = []
        for pid in C.PROVINCE_IDS:
            name, color = C.PROVINCES[pid]
            pr = s.provinces[pid]
            title = Text(PROVINCE_KEYS[pid], style="bold")  # its key, as the picker shows it
            title.append(" " + name, style=COLOR_STYLES[color])
            line2 = Text()
            if pr.marker >= 0:
                o, c_ = ("(", ")") if pr.flipped else ("[", "]")
                line2.append(o + letters[pr.marker] + c_, style=seat_style(pr.marker))
            else:
                line2.append("[ ]", style="dim")
            for seat, n in enumerate(pr.tokens):
                if n:
                    line2.append(" ")
                    line2.append(f"{letters[seat]}{n}", style=seat_style(seat))
            # the colour word where there is room; the legend names every province's colour
            with_colour = title + Text(f" {color}", style=COLOR_STYLES[color].replace("bold ", ""))
            regions.append(Region(pid, ((with_colour, title), line2), ""))
        notation = (Text("[A] marker", style="dim"), Text("(A) used", style="dim"),
                    (Text("A2: 2 tokens of A", style="dim"), Text("A2: 2 tokens", style="dim")))
        groups = []  # each province's colour (a name alone says it only in colour)
        for c in C.COLORS:
            names = " ".join(C.PROVINCES[p][0][:3] for p in C.PROVINCE_IDS if C.PROVINCES[p][1] == c)
            words = dict.fromkeys((c, SHORT_COLORS.get(c, c)))
            groups.append(tuple(Text(f"{w} {names}", style="dim") for w in words))
        return regions, (notation, tuple(groups), "")

    # the King's track
    def _track(self, s: Any, targets: Sequence[Any], letters: list[str], a_: bool, short: bool,
               width: int) -> list[Text]:
        t = targets[0] if targets else None
        n = len(C.TRACK)
        out: list[Text] = []
        if s.king < 0:
            base = t.space if isinstance(t, PlaceKing) else None
            out += wrap_text(Text("King's track: 54 spaces; the King starts on a Governor space", style="bold"), width)
            govs = Text("Governor spaces: ", style="dim")
            for i, g in enumerate(C.GOVERNOR_SPACES):
                if i:
                    govs.append(" ")
                hot = any(isinstance(x, PlaceKing) and x.space == g for x in targets)
                govs.append(str(g), style=(CURSOR if len(targets) == 1 else LEGAL) if hot else "")
            out += wrap_text(govs, width, 2)
            if base is None:
                return out
            out.append(Text(f"From space {base} a roll of 2..12 reaches:", style="dim"))
            rows_from, show_king = base, False
        else:
            out += wrap_text(Text(f"King's track: the King (K) on space {s.king} of {n}", style="bold"), width)
            gov = min((g - s.king) % n or n for g in C.GOVERNOR_SPACES)
            dot = " - " if a_ else " · "
            king = (C.KING_SPACE - s.king) % n or n
            nxt = f"next Governor +{gov}{dot}King William II +{king}"
            if len(nxt) > width:
                nxt = f"next: Governor +{gov}{dot}King +{king}"
            out += wrap_text(Text(nxt, style="dim"), width)
            rows_from, show_king = s.king, True
        hot_offsets: set[int] = set()
        if isinstance(t, Roll):
            hot_offsets = set(range(2, 13))
        for x in targets:
            if isinstance(x, PlayDice):
                hot_offsets.add(x.total)
        single_dice = len(targets) == 1 and isinstance(t, PlayDice)
        rows: list[list[Text]] = [[Text("roll", style="dim"), Text("space", style="dim"),
                                   Text("odds", style="dim"), Text("pays", style="dim")]]
        for off in range(0, 13):
            if off == 1 or (off == 0 and not show_king):
                continue
            sp = (rows_from + off) % n
            what = Text(f"{sp:>2} ", style="dim")
            kind = C.TRACK[sp]
            what.append(space_text(sp, short=short), style="bold" if kind in ("gov", "king") else "")
            if off == 0:
                chance = Text("")
                offs = Text("K now", style="bold reverse")
            else:
                chance = Text(f"{round(100 * two_dice_chance(off) / 36)}%", style="dim")
                offs = Text(f"+{off}")
            pay = income_at(s, sp)
            if kind in ("gov", "king"):
                inc = Text(f"all +{money(pay[0], a_)}", style="dim")
            else:
                inc = Text()
                for i, x in enumerate(pay):
                    if x:
                        if inc:
                            inc.append(" ")
                        inc.append(f"{letters[i]}+{money(x, a_)}", style=seat_style(i))
                if not inc:
                    inc = Text("-", style="dim")
            if off in hot_offsets:
                style = CURSOR if single_dice else LEGAL
                offs.stylize(style)
                what.stylize(style)
            rows.append([offs, what, chance, inc])
        # the pays column wraps under itself (between seats) instead of being cut
        heads = grid([r[:3] for r in rows], justify="rlr")
        indent = max(x.cell_len for x in heads) + 1
        for head, row in zip(heads, rows):
            line = head + Text(" " * (indent - head.cell_len)) + row[3]
            out += wrap_text(line, width, indent)
        seat = s.current
        if s.phase == "roll" and "dice" in s.players[seat].cards:
            out += wrap_text(Text("Dice card: choose any total 2..12 instead of rolling", style="dim"), width)
        return out

    # players
    def _players(self, s: Any, targets: Sequence[Any], seats: list[str], letters: list[str], a_: bool,
                 width: int) -> list[Text]:
        t = targets[0] if len(targets) == 1 else None
        deciding = (s.auction.bidder if s.phase in ("bid", "award") and s.auction
                    else (s.current if s.phase != "over" else -1))
        times = "x" if a_ else "×"
        pointer = glyph(self, "▶", ">")
        rows: list[list[Text]] = [[Text(""), Text("Players", style="bold"), Text("guilders", style="dim"),
                                   Text("VP", style="dim"), Text("reserve", style="dim")]]
        bodies: list[list[Text]] = []  # each player's cards and paintings, one Text per item
        for i, name in enumerate(seats):
            p = s.players[i]
            who = Text(letters[i], style=seat_style(i))
            who.append(f" {name}", style="bold" if i == deciding else "")
            # whole amounts padded by the width of "½" so the guilders line up
            cash = Text(money(p.money, a_) + ("" if p.money % C.HALF else (" " if not a_ else "  ")))
            if isinstance(t, Bid) and s.auction and i == s.auction.bidder:
                cash = preview(self, money(p.money, a_), money(p.money - t.amount, a_))  # after paying the bid
            points = Text(str(vp(s, i)), style="bold")
            if p.announced:
                points.append(f" ({p.announced})", style="dim")
            if isinstance(t, End) and i == s.current:
                points.stylize(CURSOR)
            rows.append([Text(pointer if i == deciding else ""), who, cash, points,
                         Text(f"{p.tokens} MT {p.markers} IM")])
            used: set[str] = set()
            if isinstance(t, Exchange) and i == s.current:
                used = set(exchange_cards(p.cards, t.kind, t.size) or [])
            if isinstance(t, Found) and i == s.current:
                used = set(t.cards) | {f"g-{k}" for k in t.cards}
            body: list[Text] = []
            for label, card in counted(p.cards, times) + counted(p.culture, times):
                body.append(Text(label, style=f"{card_style(card)} {CURSOR}" if card in used else card_style(card)))
            owner = s.auction.bidder if isinstance(t, Take) and s.auction else s.current
            for k, pt in enumerate(p.paintings):
                hot = (isinstance(t, (Special, Take)) and getattr(t, "choice", "") == f"paint {k + 1}"
                       and i == owner)
                text = f"Art{k + 1} {pt.paid}/{C.art_payments(pt.card)} ({C.art_vp(pt.card)}VP)"
                body.append(Text(text, style=f"{COLOR_STYLES['brown']} {CURSOR}" if hot else COLOR_STYLES["brown"]))
            if p.finished:
                body.append(Text(f"{len(p.finished)} finished painting{'s' if len(p.finished) > 1 else ''} "
                                 f"({sum(C.art_vp(a) for a in p.finished)} VP)", style="dim"))
            bodies.append(body)
        table = grid(rows, justify="llrll", width=width)
        out = [table[0]]
        side = width >= 70  # wide: the cards on the player's own line
        for i, body in enumerate(bodies):
            row = table[i + 1]
            # the cards flow on, never split inside one ("Gov Fri", "Art1 0/4 (6VP)")
            if side and body:
                pad = max(0, max(len(t.plain) for t in table) - len(row.plain)) + 2
                out += flow(row + Text(" " * pad), body, width, len(row.plain) + pad)
                continue
            out.append(row)
            if body:
                out += flow(Text("    "), body, width, 4)
        notes: list[str] = []
        grey = False
        for p in s.players:
            for card in [*p.cards, *p.culture]:
                grey = grey or card.startswith("g-")
                note = card_note(card, a_)
                if note and note not in notes:
                    notes.append(note)
        if grey:
            notes.append("(g): a grey card acting as that card")
        if any(p.paintings for p in s.players):
            notes.append("ArtN paid/needed (VP)")
        notes.append("MT/IM: tokens/markers in reserve; (n) VP announced; 33 wins")
        if notes:
            out += flow(Text(), [Text(n, style="dim") for n in notes], width, 0, sep="; ")
        return out

    # guilds
    def _guilds(self, s: Any, targets: Sequence[Any], letters: list[str], a_: bool, width: int) -> list[Text]:
        pointer = glyph(self, "▶", ">")
        hot: dict[str, str] = {}
        single = len(targets) == 1
        for t in targets:
            if isinstance(t, TakeGuild):
                hot[t.color] = CURSOR if single else LEGAL
            elif isinstance(t, (Special, Convert, Found)):
                site = t.site if isinstance(t, Special) else t.source
                if site.startswith("guild-"):
                    hot[site[6:]] = CURSOR if single else LEGAL
        rows: list[list[Text]] = [[Text(""), Text("Guilds", style="bold"), Text("owner", style="dim"),
                                   Text("next", style="dim"), Text("special action", style="dim"),
                                   Text("deck", style="dim")]]
        for color in C.COLORS:
            g = s.guilds[color]
            if g.owner >= 0:
                o, c_ = ("(", ")") if g.flipped else ("[", "]")
                owner = Text(o + letters[g.owner] + c_, style=seat_style(g.owner))
            else:
                owner = Text("-", style="dim")
            nxt = g.step + 1
            price = Text(money(C.GUILD_COSTS[nxt], a_) if nxt < len(C.GUILD_COSTS) else "top")
            deck = ""
            if color in s.decks:
                deck = f"{len(s.decks[color])}" + (f"+{len(s.discards[color])}" if s.discards[color] else "")
            mark = hot.get(color, "")
            name = Text(GUILD_KEYS[color] + " ", style="bold")  # its key, as the picker shows it
            name.append(color, style=f"{COLOR_STYLES[color]} {mark}".strip())
            if mark:
                price.stylize(mark)
            rows.append([Text(pointer if mark == CURSOR else ""), name, owner, price,
                         Text(ACTIONS[color], style="dim"), Text(deck, style="dim")])
        out = grid(rows, justify="lllrlr", width=width, flex=4)
        if self.tabbed:
            out.append(Text("next: takeover price; deck: cards+discards", style="dim"))
        return out

    # the Indies
    def _indies(self, s: Any, targets: Sequence[Any], letters: list[str], width: int) -> list[Text]:
        hot: dict[str, str] = {}
        single = len(targets) == 1
        for t in targets:
            site = ""
            if isinstance(t, Found):
                site = t.space
            elif isinstance(t, Special) and t.site in C.COLONIES:
                site = t.site
            if site:
                hot[site] = CURSOR if single else LEGAL
        orange = COLOR_STYLES["orange"]
        head = Text("Indies", style="bold")
        disc = f"+{len(s.discards['orange'])}" if s.discards["orange"] else ""
        head.append(f" (spice deck {len(s.decks['orange'])}{disc})", style="dim")
        east = Text("East ", style=orange)
        for cid in C.COLONY_IDS:
            if cid == "west":
                continue
            ms = s.colonies[cid]
            cell = Text(cid[5:])
            if ms:
                o, c_ = ("(", ")") if ms[0].flipped else ("[", "]")
                cell.append(o + letters[ms[0].owner] + c_, style=seat_style(ms[0].owner))
            else:
                cell.append("[ ]", style="dim")
            if hot.get(cid):
                cell.stylize(hot[cid])
            east.append(" ")
            east.append_text(cell)
        west = Text("West ", style=orange)
        w7 = Text(" 7")
        for m in s.colonies["west"]:
            o, c_ = ("(", ")") if m.flipped else ("[", "]")
            w7.append(o + letters[m.owner] + c_, style=seat_style(m.owner))
        if not s.colonies["west"]:
            w7.append("[ ]", style="dim")
        if hot.get("west"):
            w7.stylize(hot["west"])
        west.append_text(w7)
        west.append(" (any number)", style="dim")
        return [head] + wrap_text(east, width, 5) + wrap_text(west, width, 5) + wrap_text(
            Text("a colony's Spice card costs its number; 5 VP East, 6 VP West", style="dim"), width)
