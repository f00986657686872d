"""Faults a fresh playtester found from the README alone (the polish7 list:
review's "Decided by" box, the Windmill Valley solo map and Gardener, review's
wheels, the Golden Age guild table, game over, the launcher's damaged autosave,
the filter's highlight, the new-game form's focus): each test fails without
its fix."""

from __future__ import annotations

from rich.cells import cell_len

from tests.apphelpers import WidgetApp, settle

# (the words of a Windmill Valley decision the playtester saw cut: "marke", "en")
GARDENER = ("Decided by G Gardener: draws a card: moves its marker 3 spaces to "
            "calendar space 4, claims unique reward 1, moves its market marker to "
            "area 2, +6 VP (now 39); Gardener reached the end of the calendar")


# -- 1. review's "Decided by" box wraps whole words and loses no letter -----------------------
async def test_the_changes_box_shows_every_letter() -> None:
    from tui.screens.review import ChangesText

    box = ChangesText()
    app = WidgetApp(box)
    async with app.run_test(size=(52, 30)) as pilot:  # 6 rows of 52 cells: three rows lost a letter
        box.update([GARDENER])
        await settle(pilot)
        shown = [strip.text for strip in app.screen._compositor.render_strips()]
        assert " ".join(" ".join(shown).split()) == GARDENER, shown  # once: "...moves its marke..."
        box.update([GARDENER, "B Bram: VP 16 -> 22 (+6)"])
        for width in range(30, 90):  # every width the side column takes: rows within it, the words whole
            rows = [row.plain for row in box.build(width)]
            assert all(cell_len(row) <= width for row in rows), (width, rows)
            if not any("more lines" in row for row in rows):
                assert " ".join(" ".join(rows).split()) == f"{GARDENER} B Bram: VP 16 -> 22 (+6)"
