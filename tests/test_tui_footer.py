"""The footer at 80 columns shows its keys whole (tui/chrome.KeyFooter).

A playtester saw "q Q▏^p palette" at the end of a game screen's footer at 80x24
(Undo and Redo shown beside the panel keys) and a stray "[" before the palette
key in review (the "[ ] Panels" key cut): the keys were cut at the width. Now the
keys drop their padding first, then the palette key its word (a later playtester
read a bare "^p" as cut), then keys that still do not fit go whole.
"""

from __future__ import annotations

from typing import Any

from core import get_game
from core.match import Match, Seat
from tui.chrome import KeyFooter
from tui.screens import screen_for
from tui.screens.review import ReviewScreen

from tests.apphelpers import WidgetApp, make_app, settle


def whole_keys(footer: KeyFooter) -> tuple[str, list[str]]:
    """The footer's line, and each key it shows as drawn ("q Quit"), checked whole
    and where its click span says."""
    line = footer.render().plain
    assert len(line) == footer.size.width
    shown = []
    for start, end, key in footer._spans:
        words = f"{key.display} {key.description}".strip() if key is not footer._palette else key.display
        assert words in line[start:end], (words, line)
        shown.append(words)
    return line, shown


async def test_game_and_review_footers_show_whole_keys_at_80_columns(dirs: Any) -> None:
    match = Match(get_game("windmill-valley"), [Seat("Ann", "human"), Seat("Bob", "human")], seed=3)
    app = make_app(dirs, start=lambda: screen_for(match, data_dir=dirs[0]))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        for key in ("enter", "enter", "u"):
            await pilot.press(key)
            await settle(pilot)
        assert match.ply == 1  # Undo and Redo both offered: the most keys a game shows
        footer = game.query_one(KeyFooter)
        line, shown = whole_keys(footer)
        # every key fits once the padding goes, but Q (back to the launcher, the last
        # key: listed in help) when Redo is offered too
        assert [k for k in footer.keys if f"{k.display} {k.description}" not in shown
                and k.display != "^p"] == [k for k in footer.keys if k.display == "Q"]
        for words in ("Panels", "u Undo", "U Redo", "q Quit", "^p"):
            assert words in line, line
        await pilot.press("U")  # no Redo offered: still Q goes before the palette key's word
        await settle(pilot)
        line, shown = whole_keys(footer)
        assert [k for k in footer.keys if f"{k.display} {k.description}" not in shown
                and k.display != "^p"] == [k for k in footer.keys if k.display == "Q"]
        assert "q Quit" in line and line.rstrip().endswith("^p palette"), line
        await pilot.press("u")
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, ReviewScreen)
        footer = app.screen.query_one(KeyFooter)
        line, shown = whole_keys(footer)
        assert len(shown) == len(footer.keys)
        assert "[ ] Panels" in line and "[▏" not in line, line
        # the padding and the palette's word come back where there is room
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        line, _ = whole_keys(footer)
        assert "  q Quit  " in line and line.rstrip().endswith("^p palette"), line


async def test_keys_that_cannot_all_fit_go_whole() -> None:
    """Narrower than all the keys even without padding: the last keys are left
    out whole, the palette key stays, and a click finds what is drawn."""
    from tui.chrome import _Key

    footer = KeyFooter()
    app = WidgetApp(footer)
    async with app.run_test(size=(60, 5)):
        footer._keys = [_Key(k, k, "Words", True) for k in "abcdefgh"]  # 8 x "a Words " = 64
        footer._palette = _Key("ctrl+p", "^p", "palette", True)
        line, shown = whole_keys(footer)
        assert shown == ["a Words", "b Words", "c Words", "d Words", "e Words", "f Words", "^p"], line
        assert line.startswith(" a Words b Words") and line.endswith("^p ")
