"""Issue 9's cursor key: what it redraws on the board (the timing is `make
bench`'s; that kept parts draw what a fresh build draws is in
test_tui_keyspeed.py): the Gift of Tulips bouquet columns stay put while the
cursor moves among Keep and Give, and the Golden Age map lays a cursor's marks
over a plan drawn once."""

from __future__ import annotations

import pytest
from rich.text import Text


async def _game_app(tmp_path, game_id: str, players: int, decisions: int):
    from core import get_game
    from tests.benchmarks.bench_tui import late_match
    from tui.app import LowlandsApp
    from tui.screens import game_screen_class

    match = late_match(get_game(game_id), players, decisions)
    screen = game_screen_class(game_id)(match, data_dir=tmp_path, seat_guard=0)
    app = LowlandsApp(data_dir=tmp_path, config_dir=tmp_path / "config", start=screen)
    return app, screen


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_bouquet_columns_stay_put_among_keep_and_give(tmp_path, size) -> None:
    """The bench's 6-player game at 66 decisions: Ann drew a card; moving the
    cursor among Keep and Give to Bob or Cy moves no bouquet column (at 120
    columns no choice of the decision does), so a cursor key repaints the
    cells that change, not every row of the table."""
    from core.gift_of_tulips.rules import Give, Keep

    app, screen = await _game_app(tmp_path, "gift-of-tulips", 6, 66)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        table = screen.board.query_one("#got-bouquets")
        heads = {}
        for i, item in enumerate(screen._shown):
            screen._cursor_moved(i)
            move = item.moves[0]
            heads[move] = table._lines[0].plain
            previews = [line.plain for line in table._lines if "→" in line.plain or "->" in line.plain]
            if isinstance(move, (Keep, Give)):
                assert previews, move  # the preview is drawn ...
                assert all(len(line) <= table.size.width for line in table._lines)  # ... and never cut
        gives = [h for m, h in heads.items() if isinstance(m, Keep) or (isinstance(m, Give) and m.to in (1, 2))]
        assert len(gives) == 3 and len(set(gives)) == 1
        if size[0] >= 120:
            assert len({h for m, h in heads.items() if isinstance(m, (Keep, Give))}) == 1


async def test_the_map_lays_marks_over_a_plan_drawn_once() -> None:
    from tests.apphelpers import WidgetApp
    from tui.widgets import regionmap
    from tui.widgets.regionmap import Region, RegionMap

    cells = [["a", "a", "b"], ["c", "~", "b"], ["c", "d", "d"]]
    regions = [Region("a", (Text("Aland"), "A1")), Region("b", ("Bland",)), Region("c", ("Cland",)),
               Region("d", ("Dland",), "bold")]
    shown = RegionMap(id="map")
    app = WidgetApp(shown)
    plans = {"n": 0}
    real = RegionMap._plan

    def counting(self, *args, **kw):
        if self is shown:
            plans["n"] += 1
        return real(self, *args, **kw)

    RegionMap._plan = counting
    try:
        async with app.run_test(size=(60, 16)) as pilot:
            await pilot.pause()
            for marks, walls in [({}, []), ({"a": "reverse"}, []), ({"b": "underline", "d": "reverse"}, [("b", "d")]),
                                 ({"c": "reverse bold"}, [("a", "c")]), ({}, [])]:
                shown.update(cells, [r._replace(mark=marks.get(r.id, "")) for r in regions], walls, "legend")
                fresh = RegionMap()
                fresh._data = shown._data
                fresh.__dict__.pop("_plan_kept", None)
                width = shown._width()
                want = fresh.build(width)
                got = shown.build(width)
                assert [(x.plain, x.spans) for x in got] == [(x.plain, x.spans) for x in want]
                marked = [x for x in got if any(str(sp.style).find("reverse") >= 0 or "underline" in str(sp.style)
                                                for sp in x.spans)]
                assert bool(marked) == bool(marks or walls)
    finally:
        RegionMap._plan = real
    assert regionmap.RegionMap._plan is real
    # the plan drawn once for all the marks
    assert plans["n"] == 1
