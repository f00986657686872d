"""Faults a playtester found (polishD): review's crash when driven quickly,
Windmill Valley's build preview and the Gardener's header, the export dialog's
path, the strong bot's search across a resize."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import App

from tests.apphelpers import finished_match, settle


# -- 1. review: keys before its widgets are mounted, or the screen gone before they are ------
def _queue_keys(app: App, *keys: str) -> None:
    """``keys`` in the app's queue at once, as a terminal delivers keys typed
    ahead (Pilot's press waits for the app to go idle after each key)."""
    for key in keys:
        app.post_message(events.Key(key, None))


async def test_review_keys_before_its_widgets_are_mounted_move_the_cursor_it_then_shows() -> None:
    # playtest: NoMatches '#review-position' in a bare app driving review quickly: review pushed
    # and a key right behind it. The app runs a priority binding (review's arrows, Home, End) as
    # the key arrives, while the pushed screen's containers are still mounting what they hold
    # (Textual composes a pushed screen in that screen's own task); show_cursor queried them
    from tui.screens.review import ReviewScreen

    match = finished_match()
    app = App()
    app.ascii = False  # type: ignore[attr-defined]
    async with app.run_test(size=(80, 24)) as pilot:
        review = ReviewScreen(match)
        app.push_screen(review)
        _queue_keys(app, "home", "right", "right")
        await settle(pilot, 4)
        assert app.screen is review and review.cursor == 2
        assert review.query_one("#review-position").text.startswith(f"Decision 2/{match.ply}")
        await pilot.press("up")  # and the keys go on working
        assert review.cursor < 2


async def test_review_closed_before_its_widgets_are_mounted_does_not_crash() -> None:
    # the screen popped (so removed) as soon as pushed: Textual mounts none of the widgets of a
    # screen being removed, and its on_mount drew the cursor into them (NoMatches)
    from tui.screens.review import ReviewScreen

    match = finished_match()
    app = App()
    app.ascii = False  # type: ignore[attr-defined]
    async with app.run_test(size=(80, 24)) as pilot:
        base = app.screen
        review = ReviewScreen(match)
        app.push_screen(review)
        app.pop_screen()
        await settle(pilot, 4)
        await pilot.pause(0.4)  # (past the timers a review built ahead sets)
        assert app.screen is base and not review.is_attached
        review = ReviewScreen(match)  # review opens as before
        app.push_screen(review)
        await settle(pilot, 4)
        assert review.query_one("#review-position").text.startswith(f"Decision {match.ply}/{match.ply}")
