"""The Dutch Golden Age: its board (GoldenAgeBoard) and game screen (GoldenAgeScreen).

The board shows (rules: ``rules/golden-age.source.txt``, fact sheet part B,
``core/golden_age/RULES.md``):

* a status line: the round, the King's space and the last roll with what each
  player was paid; during an auction the auction panel (what is sold, by whom,
  the high bid, who bids now, who passed);
* the province map as a schematic (``tui.widgets.graph.Graph``): each province
  with its colour, its Influence Marker (``[B]`` active, ``(B)`` used this
  turn, ``[ ]`` none) and the Movement Tokens per player (``A2`` = two of A's),
  with a line for every border (the adjacency of ``components.EDGES``);
* the King's track around the King: his space and the next twelve, each with
  its province pair, the chance that 2d6 reaches it and what each player
  would be paid there;
* the Guild Table (owner, price of the next takeover, the special action, the
  deck behind it) and the Indies (East 2..6, West 7) with the spice deck;
* every player's money (guilders with a half sign; ``.5`` with ``--ascii``),
  reserve, cards, unfinished paintings and VP.

Targets of the choice under the picker's cursor are highlighted (reverse video
for the target, underline for other legal targets, never colour alone).

Narrow boards (the 80x24 game screen, the review screen) fold the map, the
track, the guilds and the players into tabs: the tab follows the choice under
the cursor (a token move shows the map, a roll the track ...); ``←``/``→`` in
the game screen and ``[``/``]`` (or a click on the tab bar) switch by hand.

The screen groups the long list of a turn's choices: "Move a token from
Holland ›" opens the destinations, so a move, a guild or a bid takes two or
three keys; Escape goes back.

Importing this module registers the board (``tui.boards.BOARDS``) and the
screen (``tui.screens.GAME_SCREENS``) under "golden-age".
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple, Sequence

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import HorizontalGroup

from core.golden_age import components as C
from core.golden_age.rules import (
    Bid,
    Convert,
    End,
    Exchange,
    Found,
    MoveToken,
    Pass,
    PlaceKing,
    PlaceMarker,
    PlaceToken,
    PlayDice,
    Roll,
    Special,
    StartAuction,
    Take,
    TakeGuild,
    bid_limit,
    exchange_cards,
    site_color,
    vp,
)
from tui.boards import register_board
from tui.screens.game import GameScreen
from tui.widgets.base import TextBlock, grid
from tui.widgets.board import Board
from tui.widgets.choice import Choice, ChoicePicker
from tui.widgets.common import HIGHLIGHT, glyph, seat_letters, seat_style, use_ascii
from tui.widgets.graph import Edge, Graph, Node
from tui.widgets.pages import PageBar
from tui.widgets.textlines import wrap_text

GAME_ID = "golden-age"

#: Province / guild / deck colours; the colour's name is always printed too.
COLOR_STYLES: dict[str, str] = {
    "green": "bold #66bb6a",
    "yellow": "bold #fdd835",
    "brown": "bold #c49a6c",
    "blue": "bold #42a5f5",
    "grey": "bold #b0bec5",
    "orange": "bold #ffa726",
}

#: Grid cells of the province schematic (row, column). Every border of
#: ``components.EDGES`` joins neighbouring cells, so all 16 are drawn as lines
#: (north at the top: Friesland and Groningen; Vlaanderen south-west).
MAP_CELLS: dict[str, tuple[int, int]] = {
    "fri": (0, 2), "gro": (0, 3),
    "hol": (1, 1), "utr": (1, 2), "ove": (1, 3),
    "zee": (2, 0), "bra": (2, 1), "gel": (2, 2),
    "vla": (3, 0), "lim": (3, 2),
}

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

#: Short three-letter province names for narrow tables.
SHORT: dict[str, str] = {p: name[:3] for p, (name, _c) in C.PROVINCES.items()}

TABS: tuple[str, ...] = ("map", "king", "guilds", "players")
TAB_NAMES: dict[str, str] = {"map": "Map", "king": "King", "guilds": "Guilds/Indies", "players": "Players"}

#: Highlights: the target under the cursor, other legal targets, a move's source.
CURSOR = HIGHLIGHT
LEGAL = "underline"
SOURCE = "underline bold"


# -- small text helpers ----------------------------------------------------------------
def money(half: int, ascii: bool = False) -> str:
    """Half-guilders as guilders: 7 -> "3½" ("3.5" with ``ascii``)."""
    return C.money_text(half, ascii=ascii)


def two_dice_chance(total: int) -> int:
    """Ways out of 36 that two dice total ``total`` (2..12)."""
    return max(0, 6 - abs(total - 7))


def space_text(space: int, *, short: bool = True) -> str:
    """A track space as words: "Bra+Fri" / "Brabant + Friesland", "Governor", "King William II"."""
    s = C.TRACK[space]
    if s == "gov":
        return "Governor"
    if s == "king":
        return "King William II" if not short else "King Wm II"
    a, b = s.split("+")
    if short:
        return f"{SHORT[a]}+{SHORT[b]}"
    return f"{C.PROVINCES[a][0]} + {C.PROVINCES[b][0]}"


def income_at(state: Any, space: int) -> list[int]:
    """What each seat would be paid if the King stopped on ``space`` (half-guilders).

    Rulebook "Moving the King": 1 per Movement Token and 2 per Influence Marker
    in the two provinces shown, +1 per matching Governor card; a Governor space
    pays everyone 1, King William II everyone 3.
    """
    n = len(state.players)
    shown = C.track_provinces(space)
    if not shown:
        each = C.PAY_KING_SPACE if space == C.KING_SPACE else C.PAY_GOVERNOR_SPACE
        return [each] * n
    pay = [0] * n
    for prov in shown:
        pr = state.provinces[prov]
        for seat, t in enumerate(pr.tokens):
            pay[seat] += t * C.PAY_TOKEN
        if pr.marker >= 0:
            pay[pr.marker] += C.PAY_MARKER
        for seat, pl in enumerate(state.players):
            if f"gov-{prov}" in pl.culture:
                pay[seat] += C.PAY_GOVERNOR_CARD
    return pay


_CARD_LABELS = {
    "i1": "Inv1", "i2": "Inv2", "i3": "Inv3",
    "s1": "Spice1", "s2": "Spice2", "s3": "Spice3",
    "ship": "Ship", "capt": "Captain", "cann": "Cannon", "flag": "Flag",
    "windmill": "Windmill", "palace": "Palace", "market": "Market", "dice": "Dice",
}


def site_label(site: str) -> str:
    """A marker's place, capitalised: "hol" -> "Holland", "guild-blue" -> "Blue guild",
    "east-4" -> "East Indies 4", "west" -> "West Indies"."""
    if site.startswith("guild-"):
        return f"{site[6:].capitalize()} guild"
    return C.site_name(site)


def card_label(card: str) -> str:
    """A held card in a few letters: "i2" -> "Inv2", "g-ship" -> "Ship(g)", "gov-hol" -> "Gov Hol"."""
    if card.startswith("gov-"):
        return f"Gov {SHORT[card[4:]]}"
    if card.startswith("g-"):
        return f"{_CARD_LABELS.get(card[2:], card[2:])}(g)"
    return _CARD_LABELS.get(card, card)


def card_note(card: str, a_: bool = False) -> str:
    """What a held card is worth, for the legend: "i2" -> "Inv2 12 per 2"."""
    c = C.acts_as(card)
    if c[:1] in ("i", "s") and c[1:].isdigit():
        size = int(c[1])
        values = C.INVESTMENT_VALUE if c[0] == "i" else C.SPICE_VALUE
        per = "" if size == 1 else f" per {size}"
        return f"{card_label(c)} {money(values[size], a_)}{per}"
    if c in ("ship", "capt", "cann", "flag"):
        return "Ship+Captain+Cannon (or 5 alike; Flag wild) = colony"
    if card == "dice":
        return "Dice: choose the King's roll"
    if card.startswith("gov-"):
        return "Gov: 1 VP, +1 when the King stops there"
    if card in C.CULTURE_VP:
        return f"{card_label(card)} {C.CULTURE_VP[card]} VP"
    return ""


def card_style(card: str) -> str:
    try:
        return COLOR_STYLES.get(C.card_color(card), "")
    except ValueError:
        return ""


def counted(cards: Sequence[str], times: str) -> list[tuple[str, str]]:
    """Cards grouped as (label, card): ["i2", "i2", "s1"] -> [("Inv2×2", "i2"), ("Spice1", "s1")]."""
    order: list[str] = []
    count: dict[str, int] = {}
    for c in cards:
        if c not in count:
            order.append(c)
            count[c] = 0
        count[c] += 1
    return [(card_label(c) + (f"{times}{count[c]}" if count[c] > 1 else ""), c) for c in order]


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

    can_focus = True  # in the review screen it takes the focus, so [ and ] switch pages

    BINDINGS = [
        Binding("left_square_bracket", "tab(-1)", "Panel", key_display="[", show=False),
        Binding("right_square_bracket", "tab(1)", "Panel", key_display="]", show=False),
    ]

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
        width: 44;
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

    #: Board width and screen height from which everything is shown at once (no pages).
    WIDE = 74
    TALL = 34

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.tab = "map"
        self._tab_context: Any = None
        self._last: tuple[Any, ...] | None = None
        self._shown: dict[str, bool] = {}

    def compose(self) -> ComposeResult:
        yield PageBar(id="ga-pages", hint=" ←→")
        yield TextBlock(id="ga-status")
        yield TextBlock(id="ga-brief")
        with HorizontalGroup(id="ga-row1"):
            yield Graph(id="ga-map", gap=1, min_cell=7, max_cell=12)
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

    def on_resize(self, event: events.Resize) -> None:
        if self._last is not None:
            self._redraw()

    def set_tab(self, tab: str) -> None:
        """Show page ``tab`` ("map", "king", "guilds", "players") on a narrow board."""
        if tab in TABS and tab != self.tab:
            self.tab = tab
            self._redraw()

    def action_tab(self, delta: int) -> None:
        """Switch to the previous / next page."""
        self.set_tab(TABS[(TABS.index(self.tab) + delta) % len(TABS)])

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
        self._display("ga-brief", tabbed and self.tab != "players")
        if tabbed:
            self.query_one("#ga-pages", PageBar).update([TAB_NAMES[t] for t in TABS], TABS.index(self.tab))
            if self.tab != "players":
                self.query_one("#ga-brief", TextBlock).update(self._brief(state, seats, letters, a_))
        self.query_one("#ga-status", TextBlock).update(self._status(state, targets, seats, letters, a_, width))
        if show["ga-map"]:
            self._map(state, targets, letters)
        if show["ga-track"]:
            track_w = width if tabbed else max(20, width - 45)
            self.query_one("#ga-track", TextBlock).update(
                self._track(state, targets, letters, a_, track_w < 50, track_w))
        if show["ga-players"]:
            self.query_one("#ga-players", TextBlock).update(self._players(state, targets, seats, letters, a_, width))
        if show["ga-row2"]:
            self.query_one("#ga-guilds", TextBlock).update(self._guilds(state, targets, letters, a_))
            self.query_one("#ga-indies", TextBlock).update(self._indies(state, targets, letters))

    # status and auction
    def _status(self, s: Any, targets: Sequence[Any], seats: list[str], letters: list[str], a_: bool,
                width: int) -> list[Text]:
        out = Text()
        dot = " - " if a_ else " · "
        if s.phase.startswith("place"):
            narrow = width < 60
            what = {"place_marker": "1 Influence Marker each, one per province",
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
        sign = "" if a_ else "ƒ"
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
        nodes = []
        narrow = (self.size.width or 44) < 43  # cells under 10 columns: short colour words
        for pid, (row, col) in MAP_CELLS.items():
            name, color = C.PROVINCES[pid]
            pr = s.provinces[pid]
            title = Text(name, style=COLOR_STYLES[color])
            line2 = Text()
            if pr.marker >= 0:
                o, c_ = ("(", ")") if pr.flipped else ("[", "]")
                line2.append(o + letters[pr.marker] + c_, style=seat_style(pr.marker))
            else:
                line2.append("[ ]", style="dim")
            word = SHORT_COLORS[color] if narrow else color
            line2.append(f" {word}", style=COLOR_STYLES[color].replace("bold ", ""))
            line3 = Text()
            for seat, n in enumerate(pr.tokens):
                if n:
                    if line3:
                        line3.append(" ")
                    line3.append(f"{letters[seat]}{n}", style=seat_style(seat))
            nodes.append(Node(pid, row, col, (title, line2, line3), "", marks.get(pid, "")))
        edges = [Edge(a, b, frozenset((a, b)) in hot) for a, b in C.EDGES]
        legend = Text("[A] marker, (A) used; A2: 2 tokens of A", style="dim")
        self.query_one("#ga-map", Graph).update(nodes, edges, legend)

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
        bodies: list[Text] = []
        for i, name in enumerate(seats):
            p = s.players[i]
            who = Text(letters[i], style=seat_style(i))
            who.append(f" {name}", style="bold" if i == deciding else "")
            # whole amounts padded by the width of "½" so the guilders line up
            cash = Text(money(p.money, a_) + ("" if p.money % C.HALF else (" " if not a_ else "  ")))
            if isinstance(t, Bid) and s.auction and i == s.auction.bidder:
                cash = Text(f"{money(p.money, a_)}-{money(t.amount, a_)}", style=CURSOR)
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
            body = Text()
            for label, card in counted(p.cards, times) + counted(p.culture, times):
                if body:
                    body.append(" ")
                body.append(label, style=f"{card_style(card)} {CURSOR}" if card in used else card_style(card))
            owner = s.auction.bidder if isinstance(t, Take) and s.auction else s.current
            for k, pt in enumerate(p.paintings):
                if body:
                    body.append(" ")
                hot = (isinstance(t, (Special, Take)) and getattr(t, "choice", "") == f"paint {k + 1}"
                       and i == owner)
                text = f"Art{k + 1} {pt.paid}/{C.art_payments(pt.card)} ({C.art_vp(pt.card)}VP)"
                body.append(text, style=f"{COLOR_STYLES['brown']} {CURSOR}" if hot else COLOR_STYLES["brown"])
            if p.finished:
                if body:
                    body.append(" ")
                body.append(f"{len(p.finished)} finished painting{'s' if len(p.finished) > 1 else ''} "
                            f"({sum(C.art_vp(a) for a in p.finished)} VP)", style="dim")
            bodies.append(body)
        table = grid(rows, justify="llrll", width=width)
        out = [table[0]]
        side = width >= 70  # wide: the cards on the player's own line
        for i, body in enumerate(bodies):
            row = table[i + 1]
            if side and body:
                pad = max(0, max(len(t.plain) for t in table) - len(row.plain)) + 2
                out += wrap_text(row + Text(" " * pad) + body, width, len(row.plain) + pad)
                continue
            out.append(row)
            if body:
                out += wrap_text(Text("    ") + body, width, 4)
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
            out += wrap_text(Text("; ".join(notes), style="dim"), width)
        return out

    # guilds
    def _guilds(self, s: Any, targets: Sequence[Any], letters: list[str], a_: bool) -> list[Text]:
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
            name = Text(color, style=f"{COLOR_STYLES[color]} {mark}".strip())
            if mark:
                price.stylize(mark)
            rows.append([Text(pointer if mark == CURSOR else ""), name, owner, price,
                         Text(ACTIONS[color], style="dim"), Text(deck, style="dim")])
        width = self.query_one("#ga-guilds").size.width or 46
        out = grid(rows, justify="lllrlr", width=width, flex=4)
        if self.tabbed:
            out.append(Text("next: takeover price; deck: cards+discards", style="dim"))
        return out

    # the Indies
    def _indies(self, s: Any, targets: Sequence[Any], letters: list[str]) -> list[Text]:
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
        width = self.query_one("#ga-indies").size.width or 40
        return [head] + wrap_text(east, width, 5) + wrap_text(west, width, 5) + wrap_text(
            Text("a colony's Spice card costs its number; 5 VP East, 6 VP West", style="dim"), width)


# -- the screen --------------------------------------------------------------------------
def ascii_half(text: str) -> str:
    """"2½ guilders" -> "2.5 guilders", "(-½)" -> "(-0.5)": money written for ``--ascii``."""
    return re.sub(r"(\d*)½", lambda m: f"{m.group(1) or '0'}.5", text)


class _AsciiDescriptions:
    """The game as the screen uses it under ``--ascii``: its descriptions (the
    log lines) write half guilders as ".5"; everything else is the game's own."""

    def __init__(self, game: Any) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def describe(self, state: Any, move: Any) -> str:
        return ascii_half(self._game.describe(state, move))


#: The picker's label width at 80 columns (its inner width less the key):
#: longer labels fall back to shorter wordings so none wraps.
LABEL_WIDTH = 28


def fit(*labels: str) -> str:
    """The first of ``labels`` (longest wording first) that fits LABEL_WIDTH
    columns; the last (shortest) if none does."""
    for label in labels:
        if len(label) <= LABEL_WIDTH:
            return label
    return labels[-1]


def short_site(site: str) -> str:
    """A marker's place in few letters for tight labels: "zee" -> "Zee",
    "guild-green" -> "green", "east-6" -> "E6"."""
    if site in C.PROVINCES:
        return C.PROVINCES[site][0][:3]
    if site.startswith("guild-"):
        return site[6:]
    if site.startswith("east-"):
        return f"E{site[5:]}"
    return "W7" if site.startswith("west") else site


class MenuItem(NamedTuple):
    """One line of the picker: one move, or a group of moves opened as a sub-list.

    Attributes:
        label: the text shown; groups end with ``›`` (``>`` in ASCII).
        moves: the legal moves it stands for (one: picking it plays it).
        group: the heading it is listed under in long lists.
        prompt: the prompt line when the group is opened.
    """

    label: str
    moves: tuple[Any, ...]
    group: str = ""
    prompt: str = ""


class GoldenAgeScreen(GameScreen):
    """The Golden Age game screen: the generic GameScreen with the Golden Age
    board, choices worded with their prices, and grouped choices (a token's
    source, then its destination; the guilds; the higher bids)."""

    DEFAULT_CSS = """
    GoldenAgeScreen.-wide #side {
        width: 42;
    }
    """

    BINDINGS = [
        Binding("escape", "menu_back", "Back", show=False, tooltip="Back to all choices"),
        Binding("right", "panel(1)", "Panels", key_display="←→", priority=True,
                tooltip="Previous / next board panel"),
        Binding("left", "panel(-1)", "Panels", priority=True, show=False),
        Binding("left_square_bracket", "panel(-1)", "Panel", show=False),
        Binding("right_square_bracket", "panel(1)", "Panel", show=False),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._menu: list[MenuItem] = []
        self._open: MenuItem | None = None
        self._resumed_at: tuple[int, tuple[Any, ...]] | None = None
        self._shown: list[MenuItem] = []

    # -- text -------------------------------------------------------------------------
    @property
    def ascii(self) -> bool:
        return use_ascii(self)

    def g(self, half: int) -> str:
        return money(half, self.ascii)

    def gs(self, half: int) -> str:
        """Money with its unit: "1 guilder", "6½ guilders"."""
        return C.guilders_text(half, self.ascii)

    def _arrow(self) -> str:
        return glyph(self, "→", "->")

    def _more(self) -> str:
        return glyph(self, " ›", " >")

    def choice_label(self, state: Any, move: Any) -> str:
        """The picker's text for one move, with its price or what it gives."""
        g = self.g
        arrow = self._arrow()
        name = site_label
        if isinstance(move, PlaceMarker):
            return f"{name(move.province)} ({C.PROVINCES[move.province][1]})"
        if isinstance(move, PlaceToken):
            here = sum(state.provinces[move.province].tokens)
            return f"{name(move.province)} ({C.PROVINCES[move.province][1]})" + (f", {here} there" if here else "")
        if isinstance(move, PlaceKing):
            return f"Governor space {move.space}"
        if isinstance(move, Roll):
            return "Roll the dice"
        if isinstance(move, PlayDice):
            sp = (state.king + move.total) % len(C.TRACK)
            return fit(f"Dice card: {move.total} {arrow} {sp} {space_text(sp)}",
                       f"Dice {move.total} {arrow} {sp} {space_text(sp)}")
        if isinstance(move, MoveToken):
            return fit(f"{name(move.src)} {arrow} {name(move.dst)} (-{g(C.MOVE_PRICE)})",
                       f"{name(move.src)}{arrow}{name(move.dst)} (-{g(C.MOVE_PRICE)})",
                       f"{short_site(move.src)}{arrow}{name(move.dst)} (-{g(C.MOVE_PRICE)})")
        if isinstance(move, TakeGuild):
            gd = state.guilds[move.color]
            now = f", now {self.names[gd.owner]}'s" if gd.owner >= 0 else ""
            price = g(C.GUILD_COSTS[gd.step + 1])
            return fit(f"Take the {move.color} guild for {price}{now}", f"{move.color.capitalize()} guild: {price}{now}",
                       f"{move.color.capitalize()} guild for {price}")
        if isinstance(move, Convert):
            src = f", marker from {name(move.source)}" if move.source else ""
            return fit(f"3 tokens in {name(move.province)} {arrow} a marker{src}",
                       f"3 MT in {name(move.province)} {arrow} marker{src}", f"Marker in {name(move.province)}{src}",
                       f"Marker from {name(move.source)}" if move.source else f"Marker in {name(move.province)}")
        if isinstance(move, Special):
            color = site_color(move.site)
            where = name(move.site)
            if color == "green":
                c, price = name(move.choice), g(C.TOKEN_PRICE)
                return fit(f"{where}: new token in {c} (-{price})", f"{where}: token in {c} (-{price})",
                           f"Token in {c} (-{price})")
            if color == "brown" and move.choice != "card":
                p = state.players[state.current]
                k = int(move.choice.split()[1]) - 1
                pt = p.paintings[k]
                return fit(f"Pay Art{k + 1}'s painter {g(C.PAINTER_PAYMENT)} ({pt.paid + 1}/{C.art_payments(pt.card)})",
                           f"Art{k + 1}: painter {g(C.PAINTER_PAYMENT)} ({pt.paid + 1}/{C.art_payments(pt.card)})")
            if color == "orange":
                return fit(f"{where}: Spice card (-{C.COLONIES[move.site][0]})",
                           f"{where}: Spice (-{C.COLONIES[move.site][0]})")
            kind = {"yellow": "Investment", "brown": "Art", "blue": "Colony", "grey": "Culture"}[color]
            return fit(f"{where}: {kind} card (-{g(C.CARD_PRICE)})", f"{where}: {kind} (-{g(C.CARD_PRICE)})",
                       f"{kind} card (-{g(C.CARD_PRICE)})")
        if isinstance(move, StartAuction):
            color = site_color(move.site)
            return f"Auction {name(move.site)} ({color})"
        if isinstance(move, Bid):
            return f"Bid {g(move.amount)}"
        if isinstance(move, Pass):
            return "Pass (final)"
        if isinstance(move, Take):
            if move.choice in C.PROVINCES:
                return fit(f"Place the token in {name(move.choice)}", f"Token in {name(move.choice)}")
            if move.choice == "card":
                return "The top Art card (free)"
            a = state.auction
            k = int(move.choice.split()[1]) - 1
            pt = state.players[a.bidder].paintings[k] if a else None
            extra = f" ({pt.paid + 1}/{C.art_payments(pt.card)})" if pt else ""
            return fit(f"Pay Art{k + 1}'s painter {g(C.PAINTER_PAYMENT)}{extra}", f"Art{k + 1}: painter {g(C.PAINTER_PAYMENT)}{extra}")
        if isinstance(move, Exchange):
            val = C.EXCHANGES[move.kind][1][move.size]
            what = "Investment" if move.kind == "invest" else "Spice"
            return fit(f"Exchange {move.size} {what} card{'s' if move.size > 1 else ''} for {g(val)}",
                       f"{move.size} {what} card{'s' if move.size > 1 else ''} for {g(val)}",
                       f"{move.size} {what} for {g(val)}")
        if isinstance(move, Found):
            where = "West Indies 7" if move.space == "west" else f"East Indies {move.space[5:]}"
            src = f", marker from {name(move.source)}" if move.source else ""
            short = "W7" if move.space == "west" else f"E{move.space[5:]}"
            times = glyph(self, "×", "x")
            cards = "+".join(c if move.cards.count(c) == 1 else f"{c}{times}{move.cards.count(c)}"
                             for c in dict.fromkeys(move.cards))
            frm = f", from {short_site(move.source)}" if move.source else ""
            back = f" {glyph(self, '←', '<-')} {short_site(move.source)}" if move.source else ""
            return fit(f"{where} with {'+'.join(move.cards)}{src}", f"{where}: {'+'.join(move.cards)}{src}",
                       f"{short} {'+'.join(move.cards)}{frm}", f"{short} {cards}{frm}", f"{short} {cards}{back}")
        if isinstance(move, End):
            return f"End the turn ({vp(state, state.current)} VP)"
        return self.game.notation(move)

    def build_menu(self, state: Any, moves: Sequence[Any]) -> list[MenuItem]:
        """The picker's top level: single moves, and groups of moves that open
        a sub-list (a token's source, the guilds, a green marker's provinces,
        the colonies, the Dice card totals, the higher bids)."""
        more = self._more()
        items: list[MenuItem] = []
        groups: dict[tuple[str, str], list[Any]] = {}
        order: list[tuple[str, str]] = []

        def add(key: tuple[str, str], move: Any) -> None:
            if key not in groups:
                groups[key] = []
                order.append(key)
            groups[key].append(move)

        if state.phase == "bid":
            return self._bid_menu(state, moves)
        for m in moves:
            if isinstance(m, MoveToken):
                add(("move", m.src), m)
            elif isinstance(m, TakeGuild):
                add(("guild", ""), m)
            elif isinstance(m, Special):
                add(("special", m.site), m)
            elif isinstance(m, Found):
                add(("found", ""), m)
            elif isinstance(m, PlayDice):
                add(("dice", ""), m)
            elif isinstance(m, Convert):
                add(("convert", m.province), m)
            else:
                add((type(m).__name__, self.game.notation(m)), m)
        heads = {"move": "move a token", "guild": "guilds", "special": "special actions", "found": "colonies",
                 "dice": "the King", "convert": "new markers", "StartAuction": "auctions", "Exchange": "cards",
                 "End": "end", "Roll": "the King"}
        for key in order:
            ms = groups[key]
            kind, sub = key
            head = heads.get(kind, "")
            if len(ms) == 1:
                m = ms[0]
                label = self.choice_label(state, m)
                if kind == "move":
                    label = fit(f"Move {label}", label)
                items.append(MenuItem(label, (m,), head))
                continue
            name = site_label(sub) if sub in C.PROVINCES or sub.startswith(("guild-", "east", "west")) else sub
            if kind == "move":
                label = f"Move from {name}{more}"
                prompt = f"Move a token from {name} to (½ guilder):" if not self.ascii else \
                    f"Move a token from {name} to (.5 guilder):"
            elif kind == "guild":
                prices = sorted({C.GUILD_COSTS[state.guilds[m.color].step + 1] for m in ms})
                span = self.g(prices[0]) if len(prices) == 1 else f"{self.g(prices[0])}-{self.g(prices[-1])}"
                label = f"Take a guild (for {span}){more}"
                prompt = "Take which guild? (marker from the reserve)"
            elif kind == "special":
                color = site_color(sub)
                if color == "green":
                    label = fit(f"{name}: new token for {self.g(C.TOKEN_PRICE)}{more}",
                                f"{name}: token for {self.g(C.TOKEN_PRICE)}{more}")
                    prompt = f"{name} (green): place the new Movement Token in:"
                else:
                    label = fit(f"{name}: Art card or pay a painter{more}", f"{name}: Art or painter{more}",
                                f"{name}: Art/painter{more}")
                    prompt = f"{name} (brown): buy an Art card or pay a painter:"
            elif kind == "found":
                label = f"Found a colony ({len(ms)} ways){more}"
                prompt = ("Found a colony: where (E2-E6 East, W7 West Indies), with which cards"
                          + (f", marker from ({glyph(self, '←', '<-')})?" if any(m.source for m in ms) else "?"))
            elif kind == "dice":
                label = f"Dice card: choose 2-12{more}"
                prompt = "Move the King how far?"
            elif kind == "convert":
                label = fit(f"3 tokens in {name} {self._arrow()} a marker{more}",
                            f"3 MT in {name} {self._arrow()} marker{more}", f"Convert in {name}{more}")
                prompt = "Your reserve is empty: move which active marker?"
            else:
                for m in ms:
                    items.append(MenuItem(self.choice_label(state, m), (m,), head))
                continue
            items.append(MenuItem(label, tuple(ms), head, prompt))
        return items

    #: bids listed one by one before the higher ones are grouped; at most this many groups
    BID_SINGLES = 4
    BID_GROUPS = 6

    def _bid_menu(self, state: Any, moves: Sequence[Any]) -> list[MenuItem]:
        """The bidding picker: Pass, the lowest bids one by one, then every
        higher bid (half-guilder steps up to all the bidder's money) in groups
        of whole guilders ("Bid 5 to 7½ ›"), at most BID_GROUPS groups."""
        more = self._more()
        bids = [m for m in moves if isinstance(m, Bid)]
        items = [MenuItem(self.choice_label(state, m), (m,), "bid") for m in moves if not isinstance(m, Bid)]
        if len(bids) <= self.BID_SINGLES + 3:
            return items + [MenuItem(self.choice_label(state, m), (m,), "bid") for m in bids]
        items += [MenuItem(self.choice_label(state, m), (m,), "bid") for m in bids[:self.BID_SINGLES]]
        rest = bids[self.BID_SINGLES:]
        lo, hi = rest[0].amount // C.HALF, rest[-1].amount // C.HALF  # whole guilders
        per = max(1, -(-(hi - lo + 1) // self.BID_GROUPS))  # guilders per group
        chunks: dict[int, list[Any]] = {}
        for m in rest:
            chunks.setdefault((m.amount // C.HALF - lo) // per, []).append(m)
        have = self.g(state.players[state.auction.bidder].money)
        for ms in chunks.values():
            a, b = ms[0].amount, ms[-1].amount
            if len(ms) == 1:
                items.append(MenuItem(self.choice_label(state, ms[0]), (ms[0],), "bid"))
                continue
            label = f"Bid {self.g(a)} to {self.g(b)}{more}"
            items.append(MenuItem(label, tuple(ms), "bid", f"Bid how much? (you have {have})"))
        return items

    def prompt_text(self, state: Any, seat: int) -> str:
        name = self.names[seat]
        ph = state.phase
        if ph == "place_marker":
            return f"{name}: place your Influence Marker in:"
        if ph == "place_tokens":
            k = state.setup_step % C.SETUP_TOKENS + 1
            return f"{name}: place Movement Token {k} of {C.SETUP_TOKENS} in:"
        if ph == "place_king":
            return f"{name}: start the King on which Governor space?"
        if ph == "roll":
            return f"{name}: move the King."
        if ph == "bid":
            a = state.auction
            high = f"high bid {self.g(a.high_bid)} ({self.names[a.high_bidder]})" if a.high_bidder >= 0 else "no bid yet"
            own = ""
            if a.auctioneer == seat:
                variant = "2-player variant" if len(state.players) == 2 else "variant"
                own = f" ({variant}: the auctioneer may bid)"
            return (f"{name}: bid for {C.site_name(a.site)}'s {a.color} action?{own} {high}; "
                    f"you have {self.gs(state.players[seat].money)}.")
        if ph == "award":
            return f"{name} won the auction: take the action how?"
        p = state.players[seat]
        return f"{name}: {self.gs(p.money)}. Act, then end the turn:"

    def decision_text(self, state: Any, seat: int | None) -> str:
        """The header: who decides, including who bids during an auction."""
        if seat is None:
            win = " and ".join(self.names[w] for w in state.winners) or "nobody"
            return f"Game over: {win} wins"
        name = self.names[seat] + (" (computer)" if self.match.is_bot(seat) else "")
        ph = state.phase
        if ph == "place_marker":
            return f"Set-up: {name} places a marker"
        if ph == "place_tokens":
            return f"Set-up: {name} places a token"
        if ph == "place_king":
            return f"Set-up: {name} places the King"
        if ph == "roll":
            return f"Round {state.round + 1}: {name} moves the King"
        if ph == "bid":
            a = state.auction
            high = f"high {self.g(a.high_bid)} {self.names[a.high_bidder]}" if a.high_bidder >= 0 else "no bid yet"
            if a.auctioneer == seat:
                return f"{name} bids in own auction, {high}"
            return f"{name} bids, {high}"
        if ph == "award":
            return f"{name} won: takes the {state.auction.color} action"
        return f"{name}: {self.gs(state.players[seat].money)}, {vp(state, seat)} VP"

    def final_log(self, state: Any) -> list[str]:
        """The game's epilogue, then the winner(s) and everyone's final VP."""
        lines = super().final_log(state)
        for w in state.winners:
            lines.append(f"{self.names[w]} wins with {vp(state, w)} VP.")
        lines.append("Final VP: " + ", ".join(f"{self.names[i]} {vp(state, i)}" for i in range(len(self.names))))
        return lines

    # -- the grouped picker ---------------------------------------------------------------
    def refresh_view(self) -> None:
        """Redraw after the match changed (as GameScreen.refresh_view, with the
        grouped picker): header, board, picker, log, keys; then curtain, bots
        and game over as needed."""
        self._version += 1
        was_open, self._open = self._open, None
        m = self.match
        state = m.state
        seat = m.to_move()
        self.sub_title = self.decision_text(state, seat)
        self._viewer_for(seat)
        if seat is not None and not m.is_bot(seat):
            self._moves = list(m.legal_moves())
            self._menu = self.build_menu(state, self._moves)
        else:
            self._moves = []
            self._menu = []
        if was_open is not None and self._resumed_at == (m.ply, tuple(m.moves[-1:])) and was_open in self._menu:
            self._open = was_open  # back from help / save / review with nothing changed: keep the group open
        self._resumed_at = None
        self._show_menu()
        self.picker.display = seat is not None  # over: the log takes the room
        self._update_log()
        self._check_curtain(seat)
        self._schedule_bot()
        self._check_over()

    def _refresh_keys(self) -> None:
        """Rebuild the Footer only when a key comes or goes."""
        board = self.board
        keys = (self.match.can_undo(), self.match.can_redo(), bool(self._moves), self._bot_busy,
                isinstance(board, GoldenAgeBoard) and board.tabbed)
        if keys != self._keys_state:
            self._keys_state = keys
            self.refresh_bindings()

    def _show_menu(self) -> None:
        m = self.match
        state = m.state
        seat = m.to_move()
        if self._open is not None:
            items = [MenuItem(self.choice_label(state, mv), (mv,)) for mv in self._open.moves]
            prompt = self._open.prompt + "  (Esc: back)"
        else:
            items = self._menu
            if seat is None:
                prompt = "The game is over."
            elif m.is_bot(seat):
                prompt = f"{self.names[seat]} (computer) is thinking..."
            else:
                prompt = self.prompt_text(state, seat)
        self._shown = list(items)
        self._draw_board(targets=list(items[0].moves) if items else [])
        self.picker.set_choices([Choice("", it.label, it.group) for it in items], prompt)
        self.picker.border_title = self._picker_title(seat)
        self.picker.border_subtitle = self._picker_keys(len(items))
        self._refresh_keys()

    @on(ChoicePicker.Highlighted, "#picker")
    def _menu_highlighted(self, event: ChoicePicker.Highlighted) -> None:
        event.stop()
        event.prevent_default()  # GameScreen's own handler maps indices to moves, not items
        if event.generation != self.picker.generation or event.index is None:
            return
        if 0 <= event.index < len(self._shown):
            self._draw_board(targets=list(self._shown[event.index].moves), force=False)

    @on(ChoicePicker.Chosen, "#picker")
    def _menu_chosen(self, event: ChoicePicker.Chosen) -> None:
        event.stop()
        event.prevent_default()
        if event.generation != self.picker.generation or self._curtain_up:
            return
        if not 0 <= event.index < len(self._shown):
            return
        seat = self.match.to_move()
        if seat is None or self.match.is_bot(seat):
            return
        item = self._shown[event.index]
        if len(item.moves) == 1:
            self.play(item.moves[0])
        else:
            self._open = item
            self._show_menu()

    def on_screen_suspend(self) -> None:
        self._resumed_at = (self.match.ply, tuple(self.match.moves[-1:]))

    def action_menu_back(self) -> None:
        """Escape: close an opened group (back to all choices)."""
        if self._open is not None:
            self._open = None
            self._show_menu()

    def action_panel(self, delta: int) -> None:
        """Show the previous / next board panel (narrow boards)."""
        board = self.board
        if isinstance(board, GoldenAgeBoard):
            board.action_tab(delta)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "panel":
            board = self.board
            focused = self.focused
            if focused is not None and focused.id == "picker-filter":
                return False  # the filter's own cursor keys
            return isinstance(board, GoldenAgeBoard) and board.tabbed
        return super().check_action(action, parameters)

    def on_mount(self) -> None:
        # here the screen's own keys switch pages; the focus stays on the choices
        self.board.can_focus = False
        if self.ascii and not isinstance(self.game, _AsciiDescriptions):
            self.game = _AsciiDescriptions(self.game)
        super().on_mount()
        # the board's pages follow its size: re-check the keys shown
        self.call_after_refresh(self._refresh_keys)

    def on_resize(self, event: Any) -> None:
        super().on_resize(event)
        self.call_after_refresh(self._refresh_keys)


register_board(GAME_ID, GoldenAgeBoard)
try:
    from tui.screens import GAME_SCREENS

    GAME_SCREENS[GAME_ID] = GoldenAgeScreen
except ImportError:  # pragma: no cover - the screens package is A's
    pass

__all__ = ["GoldenAgeBoard", "GoldenAgeScreen", "MenuItem", "income_at", "money", "space_text"]
