"""RegionMap (tui/widgets/regionmap.py): regions drawn as a floor plan, walls exactly
between bordering regions (issue 10 item 29: adjacency must read at a glance)."""

from __future__ import annotations

from tui.widgets.regionmap import Region, RegionMap

from tests.apphelpers import WidgetApp

CELLS = [["a", "a", "b"],
         ["c", "~", "b"]]


def test_borders_are_the_shared_walls():
    assert RegionMap.borders(CELLS) == {frozenset("ab"), frozenset("ac")}  # water borders nothing


async def test_walls_stand_between_regions_and_not_inside_one() -> None:
    m = RegionMap(min_cell=4, max_cell=4, cell_height=1)
    async with WidgetApp(m).run_test(size=(40, 10)) as pilot:
        m.update(CELLS, [Region("a", ["AA"]), Region("b", ["BB"]), Region("c", ["CC"], mark="reverse")],
                 walls=[("a", "b")])
        await pilot.pause()
        text = m.render()
        lines = text.plain.splitlines()
        # cell width 4, one line per cell row, walls one character
        assert lines[0] == " AA      │ BB "  # a spans two cells and the gap: no wall inside it
        assert lines[1] == "────┬────┤    "  # a|c and a|~ below, b goes on down
        assert lines[2][:5] == " CC │" and "~" in lines[2][5:9] and lines[2][9] == "│"
        # the highlighted wall between a and b, and the marked region
        spans = {(s.start, s.end): str(s.style) for s in text.spans}
        wall_at = lines[0].index("│")
        assert any(a <= wall_at < b and "reverse" in st for (a, b), st in spans.items())
        row2 = len(lines[0]) + 1 + len(lines[1]) + 1
        assert any(a <= row2 + 1 < b and "reverse" in st for (a, b), st in spans.items())


async def test_lines_go_in_the_largest_part_and_are_cut_visibly() -> None:
    m = RegionMap(min_cell=4, max_cell=4, cell_height=1)
    async with WidgetApp(m, ascii=True).run_test(size=(40, 10)) as pilot:
        m.update(CELLS, [Region("a", ["Amsterdam-Zuid"]), Region("b", ["Bolsward", "B2"]), Region("c", ["Cadzand"])])
        await pilot.pause()
        lines = m.render().plain.splitlines()
        assert lines[0].startswith("Amsterda.|")  # 9 columns for a: cut with '.' under --ascii
        assert lines[0].endswith("Bols") is False and "Bol." in lines[0]
        assert lines[1].endswith("B2  ") and "+" in lines[1] and "-" in lines[1]  # b's 2nd line below
        assert lines[2].startswith("Cad.|")
        assert all(ch.isascii() for ln in lines for ch in ln)



async def test_a_new_state_draws_only_the_regions_lines_again() -> None:
    """Issue 9 (the Golden Age board on every decision): the walls and water are
    worked out once per layout, each region's lines are placed again only when
    they change, and a state drawn a moment ago (an undo) finds its plan kept;
    what is drawn is what a fresh map draws for the same data."""
    from rich.text import Text

    m = RegionMap(min_cell=4, max_cell=6, cell_height=2)
    states = [
        [Region("a", ["North", "[A]"]), Region("b", ["East", "B1"]), Region("c", [Text("South", style="bold")])],
        [Region("a", ["North", "[A] B2"]), Region("b", ["East", "B1"]), Region("c", [Text("South", style="bold")])],
        [Region("a", ["North", "[A] B2"]), Region("b", ["East", "B1 C1"], mark="reverse"),
         Region("c", [Text("South", style="bold")])],
    ]
    async with WidgetApp(m).run_test(size=(40, 12)) as pilot:
        geometry: list[object] = []
        placed: list[str] = []
        real_geometry, real_place = m._geometry, m._place
        m._geometry = lambda *a: geometry.append(real_geometry(*a)) or geometry[-1]  # type: ignore[method-assign]
        m._place = lambda cells, reg, *a: placed.append(reg.id) or real_place(cells, reg, *a)  # type: ignore[method-assign]
        drawn = []
        for regions in states + [states[0]]:  # (the last: back to the first, as an undo)
            m.update(CELLS, regions)
            await pilot.pause()
            drawn.append(m.render())
        assert len(geometry) == 3  # a plan per state: the first one's kept for its second showing
        assert all(g is geometry[0] for g in geometry)  # the walls and water worked out once
        assert placed == ["a", "b", "c", "a", "b"]  # a region's lines placed again when they changed
    for regions, text in zip(states + [states[0]], drawn):
        fresh = RegionMap(min_cell=4, max_cell=6, cell_height=2)
        async with WidgetApp(fresh).run_test(size=(40, 12)) as pilot:
            fresh.update(CELLS, regions)
            await pilot.pause()
            want = fresh.render()
        assert text.plain == want.plain
        assert [(s.start, s.end, str(s.style)) for s in text.spans] == [(s.start, s.end, str(s.style)) for s in want.spans]


async def test_a_frame_closes_every_region_and_carries_a_line_above_and_below() -> None:
    """polish6 item 3: with ``frame`` a wall runs round the plan, so a region at
    the plan's edge is a closed box too (its outer side was open); the frame's
    rows carry ``top`` and ``bottom`` where no wall meets them, the legend goes
    under the map."""
    m = RegionMap(min_cell=4, max_cell=4, cell_height=1, frame=True)
    async with WidgetApp(m).run_test(size=(40, 10)) as pilot:
        m.update(CELLS, [Region("a", ["AA"]), Region("b", ["BB"]), Region("c", ["CC"])], legend="under",
                 top="over", bottom="low")
        await pilot.pause()
        lines = m.render().plain.splitlines()
        assert lines[0] == "┌ over ───┬────┐"  # 4+1+4+1+4 cells and walls, and the frame's two sides
        assert lines[1] == "│ AA      │ BB │"
        assert lines[2] == "├────┬────┤    │"  # the frame meets the inner walls: ├ and ┤ where they join
        assert lines[3].startswith("│ CC │") and lines[3].endswith("│    │")
        assert lines[4] == "└ low┘    └────┘"  # (under the water, open: the sea meets the outside)
        assert lines[5] == "under"
        m.update(CELLS, [Region("a", ["AA"]), Region("b", ["BB"]), Region("c", ["CC"])],
                 top="a title longer than the frame")
        await pilot.pause()
        lines = m.render().plain.splitlines()
        assert lines[0] == "┌─────────┬────┐"  # no room where no wall meets the frame: under the map, whole
        assert lines[-1] == "a title longer than the frame"


async def test_frame_text_never_covers_a_wall_meeting_the_frame() -> None:
    """polish8 item 2: the text in the frame's rows goes only where no wall meets
    the frame (the Golden Age legend covered the ┬ and ┴ of two walls, which
    then ended in its letters): each piece in the first stretch with room, in
    its longest wording that fits; a piece with no room goes under the map."""
    m = RegionMap(min_cell=6, max_cell=6, cell_height=1, frame=True)
    cells = [["a", "a", "b", "b", "c", "c"], ["d", "d", "d", "e", "e", "f"]]
    regions = [Region(x, [x.upper()]) for x in "abcdef"]
    async with WidgetApp(m).run_test(size=(60, 10)) as pilot:
        m.update(cells, regions, legend="key", top=["one", "two", ("three four", "3 4"), "five"],
                 bottom=[("a much longer wording", "short"), "x", "no room left for this"])
        await pilot.pause()
        lines = m.render().plain.splitlines()
        assert lines[0] == "┌ one, two ───┬ three four ─┬ five ───────┐"
        assert lines[-3] == "└ short, x ──────────┴─────────────┴──────┘"
        # every wall that meets the frame ends in its junction there, never in a letter
        up, down = set("│├┤┼└┘┴"), set("│├┤┼┌┐┬")
        for x, ch in enumerate(lines[1]):
            if ch in up:
                assert lines[0][x] in down, (x, lines[0])
        bottom = lines[-3]
        for x, ch in enumerate(lines[-4]):
            if ch in down:
                assert bottom[x] in up, (x, bottom)
        assert lines[-2] == "no room left for this" and lines[-1] == "key"


async def test_a_frame_under_ascii_and_water_at_the_edge_left_open() -> None:
    m = RegionMap(min_cell=3, max_cell=3, cell_height=1, frame=True)
    async with WidgetApp(m, ascii=True).run_test(size=(40, 10)) as pilot:
        m.update([["a", "~"], ["a", "b"]], [Region("a", ["A"]), Region("b", ["B"])])
        await pilot.pause()
        lines = m.render().plain.splitlines()
        assert lines[0] == "+---+    "  # the sea meets the outside open: no wall above or beside it
        assert lines[1][:5] == "| A |" and lines[1][-1] != "|"
        assert lines[-1] == "+---+---+"
        assert all(ch.isascii() for ln in lines for ch in ln)
