"""Faults a fresh playtester found from the README alone (the polish4 list):
each test fails without its fix."""

from __future__ import annotations

import concurrent.futures as cf
import threading
from typing import Any

from core.match import Match, Seat
from tests.apphelpers import TULIPS, make_app, new_match, settle
from tui.app import TooSmallScreen
from tui.screens.game import GameScreen


class SlowThinker:
    """Stands in for ``core.bots.worker.Thinker``: answers the first legal move
    ``seconds`` after the request, at once when told to stop (as a stopped search
    does: its answer then is what it had)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.stops = 0

    def submit(self, game: Any, state: Any, seed: int, seconds: float, hint: bool = False) -> cf.Future:
        future: cf.Future = cf.Future()
        answer = (game.notation(game.legal_moves(state)[0]), (None, 1.5, 0.0, 300) if hint else None)

        def done() -> None:
            if not future.done():
                future.set_result(answer)

        self._done = done
        threading.Timer(self.seconds, done).start()
        return future

    def start(self, game_id: str) -> cf.Future:
        future: cf.Future = cf.Future()
        future.set_result(None)
        return future

    def stop(self) -> None:
        self.stops += 1
        self._done()


async def wait_for(pilot, cond, rounds: int = 150) -> None:
    for _ in range(rounds):
        if cond():
            return
        await pilot.pause(0.02)
    raise AssertionError("condition not reached")


# -- 1. a hint asked for just before the terminal was briefly too small --------------------
async def test_a_hint_arrives_after_the_terminal_was_briefly_too_small(dirs, monkeypatch) -> None:
    thinker = SlowThinker(0.4)
    monkeypatch.setattr("core.bots.worker.thinker", lambda: thinker)
    m = new_match(("Me", "You"), moves=2)
    screen = GameScreen(m, data_dir=dirs[0], bot_delay=0.01)
    app = make_app(dirs, start=lambda: screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)
        assert "Thinking about a hint" in screen.picker._prompt
        await pilot.resize_terminal(40, 10)
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert app.screen is screen
        await wait_for(pilot, lambda: bool(screen.picker.hint))  # once: "Thinking…" for good
        assert "Thinking" not in screen.picker._prompt
        assert thinker.stops == 0 and m.ply == 2


async def test_a_bots_move_is_made_after_the_terminal_was_briefly_too_small(dirs, monkeypatch) -> None:
    thinker = SlowThinker(0.4)
    monkeypatch.setattr("core.bots.worker.thinker", lambda: thinker)
    m = Match(TULIPS, [Seat("Bot", "bot", "strong"), Seat("Me")], 3)
    for _ in range(2):
        m.push(m.legal_moves()[0])
    assert m.to_move() == 0
    screen = GameScreen(m, data_dir=dirs[0], bot_delay=0.01)
    app = make_app(dirs, start=lambda: screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: screen._bot_busy)
        await pilot.resize_terminal(40, 10)
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        await wait_for(pilot, lambda: not screen._bot_busy)
        assert m.ply == 2  # never played under the guard: the search was stopped
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: m.ply == 3)  # thought again and played
