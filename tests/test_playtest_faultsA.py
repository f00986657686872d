"""Playtest faults (fixA): the ASCII look switched on at run time (box corners
and the palette's icon drawn as "?", "±" drawn as "+", "←→" as "<-"), Gift of
Tulips' bouquets table cut by its ASCII arrows at 80x24 and its deck line on
the last turn."""

from __future__ import annotations

from functools import partial

import pytest

from core import GAMES
from core.bots import choose
from core.engine import copy_state
from core.match import Match, Seat
from tui.chrome import AsciiFilter
from tui.screens import screen_for
from tui.screens.dialogs import ConfirmDialog

from tests.apphelpers import ScreenApp, make_app, new_match
from tests.apphelpers import settle as settle_app

settle = partial(settle_app, n=3)

#: Unicode's box-drawing block: Textual's round, solid, heavy ... borders
BOX = {chr(c) for c in range(0x2500, 0x2580)}


def _rows(app) -> list[str]:
    """The screen's rows as they reach the terminal in the ASCII look: composed,
    then through the app's AsciiFilter (the colour filters change no text)."""
    filters = [f for f in app.get_line_filters() if isinstance(f, AsciiFilter)]
    rows = []
    for strip in app.screen._compositor.render_strips():
        segments = list(strip)
        for f in filters:
            segments = f.apply(segments, None)
        rows.append("".join(seg.text for seg in segments))
    return rows


def _match(game_id: str) -> Match:
    game = GAMES[game_id]
    names = ("Ann", "Bob") if game_id == "fields-of-arle" else ("Ann", "Bob", "Cy")
    m = Match(game, [Seat(n) for n in names], 5)
    for _ in range(6):
        m.push(choose(game, m.state, m.ply))
    return m


@pytest.mark.parametrize("game_id", ["gift-of-tulips", "golden-age", "windmill-valley", "fields-of-arle"])
@pytest.mark.parametrize("dialog", [False, True])
async def test_ascii_look_switched_at_run_time_redraws_every_border(dirs, game_id, dialog) -> None:
    """The playtester's "?- D Daan ---?": a border painted before the switch
    was kept, and its round corners reached the filter, which has no one-cell
    ASCII for them. After the switch no box-drawing glyph is painted, with or
    without a dialog on top, and none is drawn as "?"."""
    m = _match(game_id)
    app = make_app(dirs, start=lambda: screen_for(m, data_dir=dirs[0]))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if dialog:
            app.push_screen(ConfirmDialog("Leave the game?"))
            await settle(pilot)
        before = "".join(strip.text for strip in app.screen._compositor.render_strips())
        assert BOX & set(before)  # (the full look draws round and solid borders)
        app.set_ascii(True)
        await settle(pilot)
        painted = "".join(strip.text for strip in app.screen._compositor.render_strips())
        assert not BOX & set(painted), sorted(BOX & set(painted))
        rows = _rows(app)
        assert all(row.isascii() for row in rows)
        corners = [row for row in rows if "?-" in row or "-?" in row]
        assert not corners, corners


async def test_palette_icon_is_ascii_in_the_ascii_look(dirs) -> None:
    from textual.command import SearchIcon

    m = _match("golden-age")
    app = make_app(dirs, start=lambda: screen_for(m, data_dir=dirs[0]))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.set_ascii(True)
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot)
        assert app.screen.query_one(SearchIcon).icon == ">"
        assert not any("?" in row[:4] for row in _rows(app)[:6])  # (the icon sat at the left)
        await pilot.press("escape")
        await settle(pilot)
        app.set_ascii(False)
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot)
        assert app.screen.query_one(SearchIcon).icon == "\U0001f50e"  # Textual's own again


def test_plus_minus_and_two_arrows_keep_their_meaning() -> None:
    from tui.widgets.common import ascii_cell, ascii_text

    assert ascii_text("as good as give 2 (±0.1 VP)") == "as good as give 2 (+/-0.1 VP)"
    assert ascii_text("←→ Panels") == "<-> Panels"
    assert ascii_cell("±", 1) != "+"  # one cell: not a plus, which says something else
    assert ascii_cell("→", 1) == ">" and ascii_cell("←", 1) + ascii_cell("→", 1) == "<>"
    line = AsciiFilter().apply([__import__("rich.segment").segment.Segment("(±0.1) ←→")], None)
    assert "".join(s.text for s in line) == "(~0.1) <>"


async def test_hint_says_plus_minus_in_the_ascii_look() -> None:
    from tui.widgets.choice import Prompt
    from tests.apphelpers import WidgetApp

    prompt = Prompt()
    app = WidgetApp(prompt, ascii=True)
    async with app.run_test(size=(40, 10)) as pilot:
        prompt.update("Ann: give or keep…", "Hint: as good as give 2 (±0.1 VP).")
        await pilot.pause()
        assert "(+/-0.1 VP)" in prompt.text
        assert "keep..." in prompt.text
        assert prompt.text.isascii()


async def test_bouquets_fit_80x24_in_the_ascii_look(tmp_path) -> None:
    """The playtester's "4/13->5/15 17->18 5+----" and "tul V|": the ASCII
    arrow "->" is a cell wider than "→", three previews pushed the VP column
    out. The table measured as drawn uses ">" then, and fits."""
    m = new_match(seed=11, moves=60)
    screen = screen_for(m, data_dir=tmp_path)
    async with ScreenApp(screen, ascii=True).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        block = screen.board.query_one("#got-bouquets")
        lines = block.text.splitlines()
        assert all(len(line.rstrip()) <= block.size.width for line in lines), lines
        assert lines[0].rstrip().endswith("tul    VP"), lines[0]
        bob = next(line for line in lines if "Bob" in line)
        assert bob.rstrip().endswith("8>9 27>28"), bob  # the VP preview whole
        assert any("a>b: now > with the highlighted choice" in line for line in lines)


async def test_bouquets_keep_the_long_arrow_where_it_fits(tmp_path) -> None:
    m = new_match(seed=11, moves=30)
    screen = screen_for(m, data_dir=tmp_path)
    async with ScreenApp(screen, ascii=True).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen.board.query_one("#got-bouquets").text
        assert "4->5" in text and "a->b: now ->" in text


def test_deck_line_on_the_last_turn() -> None:
    """Not "Deck 0 cards (0-1 turns each)" on the game's last turn."""
    from tui.gift_of_tulips.labels import deck_note, turns_left

    m = new_match(seed=5)
    seen = []
    while not m.is_over():
        s = m.state
        if s.phase == "play" and sum(turns_left(s)) == 1:
            seen.append((len(s.deck), deck_note(s)))
        m.push(choose(m.game, m.state, 35 + m.ply))
    assert (0, ["empty: this is the last turn", "empty: last turn"]) in seen
    assert all(notes[-1].endswith(": last turn") for _n, notes in seen)
    s = copy_state(m.state)
    s.phase, s.deck, s.drawn = "play", [], ""
    assert deck_note(s) == ["empty: no turns left"]


async def test_deck_row_reads_empty_last_turn_at_80x24(tmp_path) -> None:
    m = new_match(seed=5)
    while not (m.state.phase == "play" and not m.state.deck and m.state.drawn):
        m.push(choose(m.game, m.state, 35 + m.ply))
    screen = screen_for(m, data_dir=tmp_path)
    async with ScreenApp(screen).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        cards = screen.board.query_one("#got-cards").text
        deck = next(line for line in cards.splitlines() if "Deck" in line)
        assert deck.split(None, 1)[1].startswith("empty: "), deck
        assert "last turn" in deck and "0 cards" not in deck
