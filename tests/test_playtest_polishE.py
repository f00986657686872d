"""Faults a playtester found (polishE): in Windmill Valley the cursor started on
a wheel step that costs a tool while a free one was offered."""

from __future__ import annotations

from tests.apphelpers import make_app, settle


def _windmill_valley_at_a_paid_first_step():
    """A 2-player Windmill Valley match (greedy moves) at a wheels decision whose
    first listed choice costs a tool (fewer steps than the floodgate's speed)
    while another is free."""
    from core import get_game
    from core.bots import choose
    from core.match import Match, Seat

    game = get_game("windmill-valley")
    m = Match(game, [Seat("Ann"), Seat("Bob")], 4)
    while True:
        moves = [game.notation(x) for x in m.legal_moves()]
        seat = m.state.current
        if (len(moves) > 1 and moves[0].startswith("steps") and m.state.tasks[-1].seat == seat
                and int(moves[0].split()[1]) != m.state.floodgate and f"steps {m.state.floodgate}" in moves):
            return m
        m.push(choose(game, m.state, m.ply, "greedy"))
        assert m.ply < 400, "no paid first step in this game"


async def test_windmill_valley_enter_at_the_wheels_takes_a_free_step(dirs) -> None:
    # playtest: "1 step (1 tool)" highlighted above "2 steps" (free) at the floodgate's speed 2,
    # though the README says the cursor starts on the first of the cheapest choices
    from tui.screens import screen_for

    m = _windmill_valley_at_a_paid_first_step()
    seat = m.state.current
    tools, guilders = m.state.farms[seat].tools, m.state.farms[seat].guilders
    app = make_app(dirs, start=lambda: screen_for(m, data_dir=dirs[0]))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        items = screen._shown
        first = items[0].moves[0]
        assert screen.choice_cost(m.state, first) == 1  # one tool: a step short of (or past) the speed
        at = screen.picker.highlighted_index
        assert at is not None and at != 0
        assert m.game.notation(items[at].moves[0]) == f"steps {m.state.floodgate}"
        for mv in m.legal_moves():  # a choice's cost: the guilders and tools the move takes
            after = m.game.apply(m.state, mv)
            f = after.farms[seat]
            assert screen.choice_cost(m.state, mv) == max(0, guilders - f.guilders) + max(0, tools - f.tools)
        await pilot.press("enter")
        await settle(pilot, 3)
        assert m.game.notation(m.moves[-1]) == f"steps {m.state.floodgate}"
        assert m.state.farms[seat].tools == tools


async def test_windmill_valley_wheels_preview_says_a_floodgate_under_the_cursor_is_not_yet_set(dirs) -> None:
    # playtest: "Round 2 floodgate 3" above a preview headed "speed 1" read as wrong: the
    # preview followed the floodgate level under the cursor (1), not the one set (3)
    from core import get_game
    from core.bots import choose
    from core.match import Match, Seat
    from tui.screens import screen_for

    game = get_game("windmill-valley")
    m = Match(game, [Seat("Ann"), Seat("Bob")], 4)
    while not (game.notation(m.legal_moves()[0]).startswith("gate") and len(m.legal_moves()) > 1):
        m.push(choose(game, m.state, m.ply, "greedy"))
    levels = [int(game.notation(x).split()[1]) for x in m.legal_moves()]
    app = make_app(dirs, start=lambda: screen_for(m, data_dir=dirs[0]))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        seen = set()
        for _ in levels:
            at = screen.picker.highlighted_index
            level = int(game.notation(screen._shown[at].moves[0]).split()[1])
            text = "\n".join(s.text for s in screen._compositor.render_strips())
            want = f"speed {level}" if level == m.state.floodgate else f"if speed {level}"
            assert want in text, (level, m.state.floodgate)
            if level != m.state.floodgate:
                assert f" speed {level}" not in text.replace(f"if speed {level}", "")
            seen.add(level == m.state.floodgate)
            await pilot.press("down")
            await settle(pilot, 2)
        assert seen == {True, False}  # both headings were seen


async def test_h_again_on_the_same_decision_shows_the_same_hint_without_thinking_again(tmp_path) -> None:
    # playtest: "Pressing h again on a one-page hint re-runs it with slightly different
    # numbers (4.0 -> 4.1 VP)": on the clock each search differs a little
    from core.match import Match, Seat
    from tests.test_bots_tui import GAME, app_for, wait_for

    match = Match(GAME, [Seat("Ann"), Seat("Bob")], 8, bot_time=0.3)
    for _ in range(2):
        match.push(GAME.legal_moves(match.state)[0])
    app, screen = app_for(match, tmp_path)
    thought = []
    think = screen._think

    async def counted(version, want_hint):
        thought.append(version)
        return await think(version, want_hint)

    screen._think = counted
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await wait_for(pilot, lambda: bool(screen.picker.hint))
        first, at = screen.picker.hint, screen.picker.highlighted_index
        assert len(thought) == 1
        await pilot.press("down")  # the cursor wanders off the hinted choice
        await pilot.pause()
        assert screen.picker.highlighted_index != at
        await pilot.press("h")
        await pilot.pause(0.2)
        assert len(thought) == 1 and not screen._hinting  # not thought out again
        assert screen.picker.hint == first and screen.picker.highlighted_index == at  # and back on its choice
        await pilot.press("enter")  # a decision made: the next one is thought out anew
        await wait_for(pilot, lambda: match.ply > 2 and not screen._bot_busy and match.to_move() == 0)
        await pilot.press("h")
        await wait_for(pilot, lambda: len(thought) == 2 and bool(screen.picker.hint) and not screen._hinting)
