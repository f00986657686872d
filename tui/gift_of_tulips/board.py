"""Gift of Tulips' board (GiftOfTulipsBoard). It shows (rules:
``rules/gift-of-tulips.source.txt``, fact sheet part A): the festival ranking
1st..4th with each variety's total and cards and the Give/Keep/Majority values
of each rank (A5); each player's bouquet by variety (count and value); the deck
and the secret festival (the viewer's own secret cards face up); the drawn card
(only for the seat to move) or, during set-up, the two cards to choose from; the
score track (VP per player) and, on tall terminals, the score sheet. The choice
under the picker's cursor is previewed on the board (reverse video, ``▶``).
"""

from __future__ import annotations

from typing import Any, Sequence

from rich.text import Text
from textual.app import ComposeResult

from core.gift_of_tulips import components as C
from core.gift_of_tulips.rules import (
    Add, Choose, Give, Keep, Secret, festival_total, majority_awards, rank_of,
)
from tui.widgets.base import TextBlock, grid
from tui.widgets.board import Board, Same
from tui.widgets.cards import Card, CardRow, Cards
from tui.widgets.scoresheet import ScoreRow, ScoreSheet
from tui.widgets.common import (
    HIGHLIGHT, NARROW_ARROW, Marker, glyph, preview, preview_note, seat_letters, seat_style, use_ascii,
)
from tui.widgets.track import Track
from tui.widgets.textlines import wrap
from tui.gift_of_tulips.labels import VARIETY_STYLES, added_rank, deck_note, fit_note, plural, vtext


def choice_gain(state: Any, target: Any, drawn: str) -> int:
    """The VP the player to move scores with ``target`` (Keep or Give of the drawn card),
    0 for any other choice."""
    if not drawn or state.phase != "play" or not isinstance(target, (Keep, Give)):
        return 0
    rank = rank_of(state, drawn[0])
    return C.KEEP_POINTS[rank] if isinstance(target, Keep) else C.value(drawn) + C.GIVE_BONUS[rank]


class GiftOfTulipsBoard(Board):
    """The Gift of Tulips table: festival, bouquets, cards in play, score track."""

    DEFAULT_CSS = """
    GiftOfTulipsBoard {
        height: auto;
    }
    GiftOfTulipsBoard > TextBlock, GiftOfTulipsBoard > Cards, GiftOfTulipsBoard > Track {
        margin: 0 0 1 0;
    }
    GiftOfTulipsBoard > #got-score {
        margin: 0;
    }
    GiftOfTulipsBoard > #got-sheet {
        margin: 1 0 0 0;
        display: none;
    }
    GiftOfTulipsBoard.-tall > #got-sheet {
        display: block;
    }
    GiftOfTulipsBoard.-compact > TextBlock, GiftOfTulipsBoard.-compact > Cards {
        margin: 0;
    }
    """

    def compose(self) -> ComposeResult:
        yield TextBlock(id="got-festival")
        yield TextBlock(id="got-bouquets")
        yield Cards(id="got-cards", label_width=7)
        yield Track(40, grow=True, title="Score (VP)", id="got-score")
        yield ScoreSheet(id="got-sheet")

    def show(self, game: Any, state: Any, *, viewer: int | None, seats: list[str],
             targets: Sequence[Any] = ()) -> None:
        """Redraw for ``state`` (already ``game.view(state, viewer)``); ``targets``
        = the legal moves under the picker's cursor, highlighted on the board."""
        self._last = (game, state, viewer, list(seats), tuple(targets))
        target = targets[0] if targets else None
        letters = seat_letters(seats)
        wide = (self.size.width or 46) >= 64
        # short terminal and many players: no blank lines between the parts
        self.set_class(self.app.size.height < 30 and len(seats) >= 5, "-compact")
        # tall terminal: room for the score sheet under the track
        self.set_class(self.app.size.height >= 34, "-tall")
        drawn = state.drawn if state.drawn and state.drawn != C.HIDDEN else ""
        # each part is built again only when the state, its room or what it draws
        # of the choice under the cursor changes (not on every cursor key)
        common = (Same(state), tuple(seats), self._width(), wide, use_ascii(self))
        self.query_one("#got-festival", TextBlock).update(self.kept(
            "festival", (*common, type(target), added_rank(state, drawn) if isinstance(target, Add) and drawn else None),
            lambda: self._festival(state, target, drawn, wide)))
        gets = (state.current if isinstance(target, Keep) else target.to if isinstance(target, Give) else -1) \
            if drawn else -1
        self.query_one("#got-bouquets", TextBlock).update(self.kept(
            "bouquets", (*common, gets, choice_gain(state, target, drawn), target is None),
            lambda: self._bouquets(state, target, drawn, seats, letters, wide)))
        self.query_one("#got-cards", Cards).update(self.kept(
            "cards", (*common, viewer, self.touching(targets, (Choose, Secret))),
            lambda: self._cards(state, target, drawn, viewer, seats)))
        self._score(state, target, drawn, seats, letters)

    def on_resize(self, event: Any) -> None:
        last = getattr(self, "_last", None)
        if last is not None and event.size.width != getattr(self, "_last_width", None):
            self._last_width = event.size.width
            game, state, viewer, seats, targets = last
            self.show(game, state, viewer=viewer, seats=seats, targets=targets)

    # -- festival ----------------------------------------------------------------
    def _festival(self, state: Any, target: Any, drawn: str, wide: bool) -> list[Text]:
        n = len(state.players)
        levels = C.majority_levels(n)
        pointer = glyph(self, "▶", ">")
        dim = "dim"
        maj_heads = ["most", "2nd", "3rd"][:levels]
        rows: list[list[Any]] = [[
            " ", Text("Rank", style=dim), Text("Festival", style="bold"), Text("sum", style=dim),
            Text("give", style=dim), Text("keep", style=dim), *[Text(h, style=dim) for h in maj_heads],
            # the values of the face-up cards, or "x4": how many ("#" where "cards" does not fit)
            Text("cards" if wide or self._width() - (40 if levels < 3 else 44) >= 5 else "#", style=dim),
        ]]
        hot_v = drawn[0] if drawn else ""
        add_to = added_rank(state, drawn) if isinstance(target, Add) and drawn else None
        for rank in range(4):
            v = state.ranking[rank] if rank < len(state.ranking) else ""
            row_hot = bool(v) and v == hot_v and isinstance(target, (Keep, Give, Add))
            give_cell = Text(f"+{C.GIVE_BONUS[rank]}")
            keep_cell = Text(str(C.KEEP_POINTS[rank]))
            if row_hot and isinstance(target, Give):
                give_cell.stylize(HIGHLIGHT)
            if row_hot and isinstance(target, Keep):
                keep_cell.stylize(HIGHLIGHT)
            majs = [Text(str(C.MAJORITY[rank][lv]) if rank < 3 else "-") for lv in range(levels)]
            cards = state.festival.get(v, []) if v else []
            if v:
                var_cell = vtext(v, extra="reverse" if row_hot else "")
                total = Text(str(festival_total(state, v)))
                values = " ".join(c[1] for c in cards)
                room = self._width() - (40 if levels < 3 else 44)
                stack = (Text(values, style=VARIETY_STYLES[v]) if wide or len(values) <= room
                         else Text(f"x{len(cards)}", style=dim) if room >= 3 else Text(""))
            else:
                var_cell, total, stack = Text("(empty)", style=dim), Text(""), Text("")
            rank_cell = Text(C.RANK_NAMES[rank], style="bold")
            if add_to == rank:  # a preview: the rank the card would give its variety
                rank_cell = Text(C.RANK_NAMES[rank], style=HIGHLIGHT)
                stack = preview(self, "", drawn)
            rows.append([pointer if row_hot or add_to == rank else " ", rank_cell, var_cell, total,
                         give_cell, keep_cell, *majs, stack])
        width = self._width()
        lines = grid(rows, justify="lllrrr" + "r" * levels + "l", width=width, flex=6 + levels)
        unranked = [v for v in C.VARIETY_ORDER if v not in state.ranking]
        if unranked:
            line = Text("  Unranked (score as 4th): ", style=dim)
            for i, v in enumerate(unranked):
                if i:
                    line.append(", ")
                hot = v == hot_v and target is not None and not isinstance(target, Secret)
                line.append_text(vtext(v, extra="reverse" if hot else ""))
            lines.append(line)
        if wide:  # wrapped where the board is narrower than the line (120x40: cut at "cards = their")
            lines += wrap("  give = card value + bonus; keep and majorities in VP; cards = their values",
                          width - 1, dim, "  ")
        return lines

    def _width(self) -> int:
        return self.size.width or 46

    def _note_room(self) -> int:
        """Columns a card row's note has on a line of its own (after the label)."""
        cards = self.query_one("#got-cards", Cards)
        return self._width() - (2 + (cards.label_width or 7) + 1)

    # -- bouquets ----------------------------------------------------------------
    def _bouquets(self, state: Any, target: Any, drawn: str, seats: list[str], letters: list[str],
                  wide: bool) -> list[Text]:
        """The bouquets table's lines. Its previews' arrow is "->" in the ASCII
        look, two cells to the full look's one: where the table drawn with it
        (as measured) is wider than the board, it is drawn with NARROW_ARROW
        (">"), as wide as "→", so its last columns are not cut."""
        lines, fits = self._bouquets_with(state, target, drawn, seats, letters, wide, None)
        if not fits and use_ascii(self):
            lines, _fits = self._bouquets_with(state, target, drawn, seats, letters, wide, NARROW_ARROW)
        return lines

    def _bouquets_with(self, state: Any, target: Any, drawn: str, seats: list[str], letters: list[str],
                       wide: bool, arrow: str | None) -> tuple[list[Text], bool]:
        """The bouquets table's lines with the previews' ``arrow`` (None: the app's),
        and whether the table is as narrow as the board."""
        dot = glyph(self, "·", "/")

        def pv(now: str, then: str, style: str = "") -> Text:
            return preview(self, now, then, style, arrow=arrow)

        pointer = glyph(self, "▶", ">")
        cur = state.current if state.phase != "over" else -1
        gets = -1
        if drawn and isinstance(target, Keep):
            gets = cur
        elif drawn and isinstance(target, Give):
            gets = target.to
        name_w = 10 if wide else 6
        gain = choice_gain(state, target, drawn)
        rows: list[list[Any]] = [[
            " ", Text("Bouquets", style="bold"), *[vtext(v, name=wide) for v in C.VARIETY_ORDER],
            Text("tul", style="dim"), Text("VP", style="dim"),
        ]]
        for seat, name in enumerate(seats):
            bouquet = state.bouquets[seat]
            cells = []
            for v in C.VARIETY_ORDER:
                mine = [c for c in bouquet if c[0] == v]
                text = f"{len(mine)}{dot}{sum(C.value(c) for c in mine)}" if mine else "-"
                style = VARIETY_STYLES[v] if mine else "dim"
                if seat == gets and v == drawn[0]:
                    # a preview: the cell now, and what the card under the cursor would make it
                    then = f"{len(mine) + 1}{dot}{sum(C.value(c) for c in mine) + C.value(drawn)}"
                    cells.append(pv(text, then, VARIETY_STYLES[v]))
                    continue
                cells.append(Text(text, style=style))
            vp = state.give_vp[seat] + state.keep_vp[seat] + state.majority_vp[seat]
            who = Text(letters[seat], style=seat_style(seat))
            short = name if len(name) <= name_w else name[: name_w - 1] + "."
            who.append(f" {short}", style="bold" if seat == cur else "")
            if seat == gets:
                who.stylize(HIGHLIGHT)
            tulips = Text(str(len(bouquet)))
            if seat == gets:  # a preview of the tulip count with the card under the cursor
                tulips = pv(str(len(bouquet)), str(len(bouquet) + 1))
            vp_cell = Text(str(vp), style="bold")
            if seat == cur and gain:  # a preview of the points the choice under the cursor scores
                vp_cell = pv(str(vp), str(vp + gain), "bold")
            rows.append([pointer if seat == cur else " ", who, *cells, tulips, vp_cell])
        # while a drawn card may go to any bouquet, the columns are as wide as the
        # widest preview of this decision, whichever the cursor is on: a cursor key
        # then repaints the cells that change, not rows whose columns moved
        # (none without a choice under a cursor: in review, or while a bot decides)
        previews = bool(drawn) and state.phase == "play" and target is not None
        ghost, fits = self._widest_previews(state, drawn, seats, dot, rows, arrow) if previews else ([], True)
        lines = grid(rows + ghost, justify="llrrrrrr", width=self._width())[:len(rows)]
        if wide:
            note = f"  each cell: cards{dot}total value; tul = tulips in bouquet"
            if previews:
                note += f"; {preview_note(self, arrow)}"
            lines += wrap(note, self._width(), "dim", "    ")
        elif previews:
            lines.append(Text(f"  {preview_note(self, arrow)}", style="dim"))
        return lines, fits

    def _widest_previews(self, state: Any, drawn: str, seats: list[str], dot: str,
                         rows: list[list[Any]], arrow: str | None = None) -> tuple[list[list[Any]], bool]:
        """A row (never drawn) as wide as the widest preview of the drawn card in
        each column: in its variety's cell and the tulip count of whoever may get
        it (anyone: Keep or Give), and in the VP of the player to move; where
        the table would then be wider than the board, the tulip column, then
        the VP, then the variety's column are left to their own width. With it,
        whether the table with every preview at its widest fits the board (drawn
        with ``arrow``, None: the app's)."""
        cur = state.current
        gains = [choice_gain(state, move, drawn) for move in (Keep(), Give(to=cur))]
        widest = [0] * len(C.VARIETY_ORDER)
        col = C.VARIETY_ORDER.index(drawn[0]) if drawn[0] in C.VARIETY_ORDER else -1
        tulips = 0
        for seat in range(len(seats)):
            bouquet = state.bouquets[seat]
            mine = [c for c in bouquet if c[0] == drawn[0]]
            now = f"{len(mine)}{dot}{sum(C.value(c) for c in mine)}" if mine else "-"
            then = f"{len(mine) + 1}{dot}{sum(C.value(c) for c in mine) + C.value(drawn)}"
            if col >= 0:
                widest[col] = max(widest[col], preview(self, now, then, arrow=arrow).cell_len)
            tulips = max(tulips, preview(self, str(len(bouquet)), str(len(bouquet) + 1), arrow=arrow).cell_len)
        vp = state.give_vp[cur] + state.keep_vp[cur] + state.majority_vp[cur]
        most = max(gains)
        vp_w = preview(self, str(vp), str(vp + most), arrow=arrow).cell_len if most else 0
        ghost = [0, 0, *widest, tulips, vp_w]
        own = [max((Text(c).cell_len if isinstance(c, str) else c.cell_len) for c in column)
               for column in zip(*rows)]
        fits = sum(map(max, own, ghost)) + len(own) - 1 <= self._width()
        for drop in (len(ghost) - 2, len(ghost) - 1, 2 + col):  # tulips, VP, the variety
            if sum(map(max, own, ghost)) + len(own) - 1 <= self._width():
                break
            ghost[drop] = 0
        return [[" " * w for w in ghost]], fits

    # -- cards in play ---------------------------------------------------------------
    def _cards(self, state: Any, target: Any, drawn: str, viewer: int | None, seats: list[str]) -> list[CardRow]:
        rows: list[CardRow] = []
        if state.phase == "setup":
            hand = state.hands[state.current]
            cards = [
                Card(c, VARIETY_STYLES.get(c[0], ""), face_up=c != C.HIDDEN,
                     highlight=isinstance(target, Choose) and target.card == c)
                for c in hand
            ]
            rows.append(CardRow("Hand", cards, f"{seats[state.current]} keeps one face up"))
        elif state.phase == "play":
            note = "1st card" if not state.used else f"2nd card (used: {state.used})"
            if state.drawn:
                card = Card(state.drawn, VARIETY_STYLES.get(state.drawn[0], ""), face_up=bool(drawn))
                label = f"{C.card_name(drawn)}, {note}" if drawn else f"{seats[state.current]}'s {note}"
                rows.append(CardRow("Drawn", [card], label))
        secret = state.secret
        mine = [sc.card for sc in secret if viewer is not None and sc.owner == viewer and sc.card != C.HIDDEN]
        hot = isinstance(target, Secret)
        n = len(secret)
        yours = "yours; " if mine else ""
        notes = [f"{yours}{n} face down" + (", +1 if you add it" if hot else "")]
        if hot:
            notes += [f"{yours}{n} face down, +1 if added", f"{yours}{n} down, +1 if added"]
        room = self._note_room()
        rows.append(CardRow("Secret", [Card(c, VARIETY_STYLES.get(c[0], "")) for c in mine],
                            fit_note(notes, room), highlight=hot))
        if state.phase == "over":
            rows.append(CardRow("Deck", [], "empty"))
            rows.append(CardRow("Reveal", [Card(c, VARIETY_STYLES.get(c[0], "")) for c in state.revealed],
                                fit_note(["turned up from the secret festival at the end",
                                          "turned up from the secret festival", "the secret festival"],
                                         room)))
        else:
            rows.append(CardRow("Deck", [], fit_note(deck_note(state), room)))
        return rows

    # -- score track ---------------------------------------------------------------------
    def _score(self, state: Any, target: Any, drawn: str, seats: list[str], letters: list[str]) -> None:
        vps = [state.give_vp[i] + state.keep_vp[i] + state.majority_vp[i] for i in range(len(seats))]
        markers = [Marker(letters[i], vps[i], seat_style(i), seats[i]) for i in range(len(seats))]
        highlights: list[int] = []
        gain = choice_gain(state, target, drawn)
        if gain:
            highlights.append(vps[state.current] + gain)
        track = self.query_one("#got-score", Track)
        lanes = self.app.size.height >= 30  # room for one line per player
        if track.lanes != lanes:
            track.lanes = lanes
            track._data = None  # force a redraw in the new shape
        track.update(markers, highlights)
        if self.has_class("-tall"):
            self._sheet(state, seats, letters, vps)

    def _sheet(self, state: Any, seats: list[str], letters: list[str], vps: list[int]) -> None:
        """Give / Keep / Majorities per player; during play, the majorities each
        would score if the game ended now (current bouquets and ranking)."""
        over = state.phase == "over"

        def build() -> list[ScoreRow]:
            now = [0] * len(seats)
            if not over:
                for _v, _rank, seat, _level, vp in majority_awards(state):
                    now[seat] += vp
            rows = []
            for i in range(len(seats)):
                parts = {"Give": state.give_vp[i], "Keep": state.keep_vp[i]}
                if over:
                    parts["Majorities"] = state.majority_vp[i]
                else:
                    parts["Majorities now"] = now[i]
                # the Total is the sum of the columns shown (during play: with the
                # majorities as they would be scored now, as the title says)
                rows.append(ScoreRow(letters[i], seats[i], sum(parts.values()), parts, seat_style(i)))
            return rows

        sheet = self.query_one("#got-sheet", ScoreSheet)
        sheet.title = "Final score" if over else "Score if the game ended now"
        sheet.update(self.kept("sheet", (Same(state), tuple(seats), tuple(letters)), build))
