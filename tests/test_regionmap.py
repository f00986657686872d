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

