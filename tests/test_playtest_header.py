"""Faults a fresh playtester found in two one-line summaries at 80 columns: the
Windmill Valley solo header (both scores, the Gardener's end bonus and whose
calendar) and the launcher's entry for a copy of an open game. Each test fails
without its fix."""

from __future__ import annotations

from tests.apphelpers import settle


def _solo_match(plies: int = 0, last: bool = False):
    """A Windmill Valley solo match (Anna against the normal Gardener) after
    ``plies`` seeded random decisions, or (``last``) 3 decisions into its last round."""
    from core import get_game
    from core.bots import choose
    from core.match import Match, Seat

    wv = get_game("windmill-valley")
    m = Match(wv, [Seat("Anna")], 1)
    while (m.ply < plies if not last else not 0 <= m.state.end_round <= m.state.round) and not m.is_over():
        m.push(choose(wv, m.state, m.ply))
    for _ in range(3 if last else 0):
        m.push(choose(wv, m.state, m.ply))
    return m


async def _header_line(m, tmp_path) -> tuple[str, str]:
    """The header's text at 80x24 and the screen's sub-title."""
    from tests.apphelpers import ScreenApp
    from tui.chrome import TitleHeader
    from tui.windmill_valley import WindmillValleyScreen

    screen = WindmillValleyScreen(m, data_dir=tmp_path)
    app = ScreenApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        return screen.query_one(TitleHeader).render_line(0).text, screen.sub_title


# -- 1. the solo header: both scores, the Gardener's bonus, its calendar, no countdown --------
async def test_the_solo_header_says_both_scores_and_whose_calendar_at_80_columns(tmp_path) -> None:
    from core.windmill_valley import components as C

    m = _solo_match(40)
    s, b = m.state, m.state.solo
    line, sub = await _header_line(m, tmp_path)
    # once: "Round 10 · Gardener 33 VP, calendar 2/4, 11 cards left · Anna: plant…"
    assert f"Anna {s.farms[0].vp} VP" in line, line
    # (polishD: the bonus in words, "Gardener 25 VP +35 at end", not "Gardener 25+35 VP")
    assert f"Gardener {b.vp} VP +{C.SOLO_END_BONUS[b.level]} at end" in line and b.level == 2, line
    assert f"its calendar {b.calendar}/4" in line, line
    assert "cards left" not in line and str(len(b.deck)) not in sub.replace(f"{b.calendar}/4", ""), line
    assert sub in line and "…" not in line, line  # the whole line (the decision is the prompt's)


async def test_the_solo_header_in_the_last_round_keeps_the_marker_and_the_scores(tmp_path) -> None:
    m = _solo_match(last=True)
    s, b = m.state, m.state.solo
    assert s.phase == "play" and s.end_round == s.round
    line, sub = await _header_line(m, tmp_path)
    # once: "Round 13 (the last) · Gardener 48 VP, calendar 4/4, 7 cards left · Anna: f…"
    # (polishB: the game's name stays, so a long step was cut, not the scores; polishD: the
    # bonus in words took the step's room: the picker's prompt says the step whole,
    # "Farm enhancement: a card as helper ...")
    assert f"Windmill Valley — The last round · Anna {s.farms[0].vp} VP, Gardener {b.vp} VP +35 at end" in line
    assert sub in line and "…" not in line, line
    s.farms[0].vp, b.vp = 106, 125  # three-digit scores still leave the scores whole
    line, sub = await _header_line(m, tmp_path)
    assert "Windmill Valley — The last round · Anna 106 VP, Gardener 125 VP +35 at end" in line, line


# -- 2. the launcher tells a copy from its original at 80 columns ---------------------------
async def test_the_launcher_shows_which_entry_is_the_copy_at_80_columns(dirs) -> None:
    from core.match import Match, Seat
    from saves import autosave, autosave_path, fork, load
    from tests.apphelpers import TULIPS, make_app

    data, _ = dirs
    seats = [Seat("Anna"), Seat("Bram", kind="bot", level="strong"), Seat("Cato"), Seat("Dirk")]
    m = Match(TULIPS, seats, 3)
    m.created = "2026-12-01T13:00:00+00:00"
    for _ in range(9):
        m.push(m.legal_moves()[0])
    autosave(m, data)
    copy = load(autosave_path(m, data))
    fork(copy)  # "Continue a copy"
    autosave(copy, data)
    app = make_app(dirs)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        shown = [strip.text for strip in app.screen._compositor.render_strips()]
        entries = [line for line in shown if "Decision 9" in line]
        assert len(entries) == 2, shown
        # once: both "Gift of Tulips · Decision 9 · 13:00 · Anna, Bram (strong bot), Cato…"
        assert ["Gift of Tulips (copy) · Decision 9" in e for e in entries].count(True) == 1, entries
