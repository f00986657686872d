"""Bots in the app (issue 8 items 4 and 5): a thinking bot leaves undo live and
never plays for a table that moved on; the new-game form sets levels; ``h`` hints."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Checkbox, Input, Select

from core import get_game
from core.bots.hint import hint
from core.match import Match, Seat
from tui.app import LowlandsApp
from tui.gift_of_tulips import GiftOfTulipsScreen
from tui.screens.new_game import NewGameScreen
from tests.apphelpers import wait_for

GAME = get_game("gift-of-tulips")


def app_for(match: Match, tmp_path: Path):
    screen = GiftOfTulipsScreen(match, data_dir=tmp_path, bot_delay=0.01)
    return LowlandsApp(data_dir=tmp_path, config_dir=tmp_path / "config", start=screen), screen


def bob_to_play() -> Match:
    """Bob (strong, 60 s a decision) has his first real decision of the play
    phase; Ann made one set-up choice before it."""
    match = Match(GAME, [Seat("Bob", "bot", "strong"), Seat("Ann")], 3, bot_time=60.0)
    for _ in range(2):
        match.push(GAME.legal_moves(match.state)[0])
    assert match.to_move() == 0 and len(match.legal_moves()) > 1
    return match


async def test_thinking_bot_says_so_and_undo_drops_its_decision(tmp_path: Path) -> None:
    match = bob_to_play()
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: screen._bot_busy)
        assert screen.sub_title == "Bob is thinking…"
        await pilot.press("u")  # undo stays live while Bob thinks
        await wait_for(pilot, lambda: not screen._bot_busy)
        await pilot.pause(0.1)
        assert match.ply == 1 and match.to_move() == 1  # back to Ann; Bob's decision never arrived
        assert screen.sub_title != "Bob is thinking…"


async def test_a_bot_never_plays_after_the_player_left(tmp_path: Path) -> None:
    match = bob_to_play()
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: screen._bot_busy)
        app.go_launcher()  # the player leaves the table
        await wait_for(pilot, lambda: not screen._bot_busy)
        await pilot.pause(0.1)
        assert match.ply == 2 and match.to_move() == 0


async def test_hint_highlights_the_strong_choice_and_says_why(tmp_path: Path) -> None:
    match = Match(GAME, [Seat("Ann"), Seat("Bob")], 8, bot_time=0.3)
    for _ in range(2):
        match.push(GAME.legal_moves(match.state)[0])
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await wait_for(pilot, lambda: bool(screen.picker.hint))
        notes = [screen.picker.hint]  # above the choices, not a toast
        assert notes[0].startswith("Hint: ") and "projected to finish" in notes[0]
        picked = screen._shown[screen.picker.highlighted_index].moves
        assert len(picked) == 1  # the choice itself, not a group holding it
        # named as the picker names it (without its details in brackets), not by the notation
        assert notes[0].startswith(f"Hint: {screen.choice_label(match.state, picked[0]).split(' (')[0]}: ")
        assert match.ply == 2  # a hint plays nothing


async def test_new_game_form_sets_bot_levels_and_time(tmp_path: Path) -> None:
    app = LowlandsApp(data_dir=tmp_path, config_dir=tmp_path / "config")
    async with app.run_test(size=(100, 40)) as pilot:
        form = NewGameScreen("gift-of-tulips", ["Ann", "Bob", "Cy"], [False, True, True], ["strong", "greedy", "random"], 0.5)
        await app.push_screen(form)
        await pilot.pause()
        assert form.query_one("#level-1", Select).value == "greedy"
        assert not form.query_one("#level-0", Select).display  # a human seat has no level to choose
        form.query_one("#bot-0", Checkbox).value = True
        await pilot.pause()
        assert form.query_one("#level-0", Select).display and form.query_one("#level-0", Select).value == "strong"
        form.query_one("#bot-0", Checkbox).value = False
        await pilot.pause()
        form.query_one("#level-2", Select).value = "strong"
        form.query_one("#bot-time", Input).value = "2.5"
        m = form.build_match()
        assert m is not None and m.bot_time == 2.5
        assert [(s.kind, s.level) for s in m.seats] == [("human", "random"), ("bot", "greedy"), ("bot", "strong")]
        form.query_one("#bot-0", Checkbox).value = True
        form.query_one("#bot-time", Input).value = "0"
        assert form.build_match() is None  # a bot time of 0 is refused beside the field


async def test_hint_opens_the_group_that_holds_its_choice(tmp_path: Path) -> None:
    """A hinted move inside a choice group (Golden Age bids, Fields of Arle's
    Special Action) opens that group with the cursor on the move itself; the
    line names both choices as the picker does."""
    from tui.screens import screen_for

    game = get_game("golden-age")
    match = Match(game, [Seat("Ann"), Seat("Bob"), Seat("Cy")], 4)
    app = LowlandsApp(data_dir=tmp_path, config_dir=tmp_path / "config", start=None)
    notes: list[str] = []
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(200):  # play first choices until a decision lists a group
            screen = screen_for(match, data_dir=tmp_path)
            await app.push_screen(screen)
            await pilot.pause()
            groups = [it for it in screen._menu if len(it.moves) > 1]
            if groups:
                break
            match.push(match.legal_moves()[0])
            app.pop_screen()
        assert groups, "no decision with a choice group in 200 moves"
        target, other = groups[0].moves[-1], screen._menu[0].moves[0]

        async def think(version: int, want_hint: bool):
            return game.notation(target), (game.notation(other), 2.5, 1.5, 40)

        screen._think = think  # type: ignore[method-assign]
        await pilot.press("h")
        await wait_for(pilot, lambda: bool(screen.picker.hint))
        notes.append(screen.picker.hint)
        assert screen._open is groups[0]
        assert screen._shown[screen.picker.highlighted_index].moves == (target,)
        state = match.state
        # named short (the game's hint_name: the label without details in brackets), the
        # details left to the cursor's line
        best, second = (screen.hint_name(state, mv) for mv in (target, other))
        assert best == screen.choice_label(state, target).split(" (")[0]
        assert notes[0] == f"Hint: {best}: 1.5 VP more than {second}; projected to finish 2.5 VP ahead."


async def test_a_table_with_a_strong_bot_prestarts_the_worker(tmp_path: Path, monkeypatch) -> None:
    """The worker process starts when a table with a strong bot opens, not at
    its first decision; a table with only weaker bots starts none."""
    from core.bots import worker

    started: list[str] = []
    monkeypatch.setattr(worker, "prestart", started.append)
    for level, expected in (("greedy", []), ("strong", [GAME.id])):
        started.clear()
        match = Match(GAME, [Seat("Ann"), Seat("Bob", "bot", level)], 3)
        app, screen = app_for(match, tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert started == expected
            assert match.ply == 0  # Ann's decision: nobody thought yet
