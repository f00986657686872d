"""Cards: labelled rows of cards, face up or down, each with its own style;
WrapCards: the same rows wrapped inside a long card text instead of cropped."""

from __future__ import annotations

from typing import NamedTuple, Sequence

from rich.text import Text

from tui.widgets.base import DataWidget
from tui.widgets.common import HIGHLIGHT, glyph
from tui.widgets.textlines import wrap_text


class Card(NamedTuple):
    """One card.

    Attributes:
        text: what is printed on it when face up ("p4", "Governor").
        style: Rich style (e.g. the variety's colour); the text alone must
            tell cards apart (colour is a help, not the information).
        face_up: False draws the back (``[##]``) whatever ``text`` says.
        highlight: True when it is a target of the choice under the cursor.
    """

    text: str
    style: str = ""
    face_up: bool = True
    highlight: bool = False


class CardRow(NamedTuple):
    """A labelled group of cards ("Hand", "Secret festival", "Ann's bouquet").

    Attributes:
        label: the row's label.
        cards: the cards, left to right.
        note: text after the cards (a count, a total).
        highlight: mark the whole row as a target.
    """

    label: str
    cards: Sequence[Card] = ()
    note: str = ""
    highlight: bool = False


class Cards(DataWidget):
    """Rows of cards: ``label  [p4] [b3] [##]  note``; rows wrap when long.

    Args:
        title: heading above the rows.
        label_width: width of the label column (None: as wide as the longest).
    """

    def __init__(self, *, title: str = "", label_width: int | None = None, name: str | None = None,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(title=title, name=name, id=id, classes=classes)
        self.label_width = label_width
        self._data = ()

    def update(self, rows: Sequence[CardRow]) -> None:
        """Show ``rows``; redraws only if they changed."""
        self._set(tuple((r.label, tuple(r.cards), r.note, r.highlight) for r in rows))

    def card_text(self, card: Card) -> Text:
        """One card as ``[p4]`` (highlighted ``>p4<`` in reverse), or its back."""
        if not card.face_up:
            return Text(glyph(self, "[▒▒]", "[##]"), style="dim")
        if card.highlight:
            return Text(f">{card.text}<", style=f"{card.style} {HIGHLIGHT}".strip())
        return Text(f"[{card.text}]", style=card.style)

    def build(self, width: int) -> list[Text]:
        pointer = glyph(self, "▶", ">")
        lw = self.label_width if self.label_width is not None else max(
            (len(label) for label, *_ in self._data), default=0)
        indent = 2 + lw + 1
        lines: list[Text] = []
        if self.title:
            lines.append(self._title_text())
        for label, cards, note, highlight in self._data:
            line = Text(pointer if highlight else " ", no_wrap=True)
            line.append(" ")
            line.append(label[:lw].ljust(lw), style=HIGHLIGHT if highlight else "bold")
            line.append(" ")
            pieces = [self.card_text(c) for c in cards]
            if note:
                pieces.append(Text(note, style=HIGHLIGHT if highlight else "dim"))
            first = True
            for piece in pieces:
                if not first and line.cell_len + 1 + piece.cell_len > width:
                    lines.append(line)
                    line = Text(" " * indent, no_wrap=True)
                    first = True
                if not first:
                    line.append(" ")
                line.append_text(piece)
                first = False
            lines.append(line)
        for ln in lines:
            ln.truncate(width, overflow="crop")
        return lines


class WrapCards(Cards):
    """Cards whose rows wrap inside a long card (helper and contract texts) instead of
    cropping it; rows are drawn as the shared Cards draws them."""

    def build(self, width: int) -> list[Text]:
        lw = self.label_width if self.label_width is not None else max(
            (len(label) for label, *_ in self._data), default=0)
        indent = 2 + lw + 1
        pointer = glyph(self, "▶", ">")
        lines: list[Text] = []
        if self.title:
            lines.append(self._title_text())
        for label, cards, note, highlight in self._data:
            line = Text(pointer if highlight else " ", no_wrap=True)
            line.append(" ")
            line.append(label[:lw].ljust(lw), style=HIGHLIGHT if highlight else "bold")
            pieces = [self.card_text(c) for c in cards]
            if note:
                pieces.append(Text(note, style=HIGHLIGHT if highlight else "dim"))
            fresh = True  # nothing after the label or the indent yet
            for piece in pieces:
                if not fresh and line.cell_len + 1 + piece.cell_len > width:
                    lines.append(line)  # the next piece starts a new line
                    line = Text(" " * (indent - 1), no_wrap=True)
                line.append(" ")
                line.append_text(piece)
                fresh = False
                if line.cell_len > width:  # a piece longer than the room: wrapped
                    *done, line = wrap_text(line, width, indent)
                    lines += done
            lines.append(line)
        return lines
