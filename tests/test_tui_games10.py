"""Issue 10 item 28 on the game screens: previews marked as previews, headers and labels
that say what their numbers are, and choices that say when they give nothing now."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from core import get_game
from core.match import Match, Seat
from core.windmill_valley import components as C
from core.windmill_valley.state import Task

from tests.apphelpers import ScreenApp

WV = get_game("windmill-valley")


def wv_started(names: list[str], seed: int = 3) -> Match:
    m = Match(WV, [Seat(n, "human") for n in names], seed=seed)
    while m.state.phase != "play":
        m.push(WV.legal_moves(m.state)[0])
    return m


def staged(state: Any, *tasks: Task) -> Any:
    """``state`` with exactly ``tasks`` pending for seat 0 (above a sentinel)."""
    s = state
    s.current = 0
    s.tasks = [Task("unique", len(s.players) - 1, 3), *tasks]
    return s


async def test_windmill_valley_labels_say_what_a_choice_costs_and_gives(tmp_path: Path) -> None:
    from tui.windmill_valley import WindmillValleyScreen

    m = wv_started(["Ann", "Bob"])
    screen = WindmillValleyScreen(m, data_dir=tmp_path, bot_delay=0.01)
    async with ScreenApp(screen).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        s = m.state

        def label(text: str) -> str:
            return screen.choice_label(s, WV.parse(s, text))

        # a unique calendar reward that gives nothing now says so (RULES.md 5)
        staged(s, Task("unique", 0, 1))
        s.farms[0].storage = ""
        assert label("unique 2") == "Unique reward 2: plant up to 2 (nothing to plant now: no bulb in storage)"
        s.farms[0].storage = "r"
        assert "nothing" not in label("unique 2")
        # the Market starting card makes the neutral move free: no "1 G" it does not pay
        staged(s, Task("market", 0, 1, 0, "!"))
        s.farms[0].guilders = 5
        s.farms[0].helpers = [C.START_ID + 4]
        assert C.START_CARDS[4][0] == "S-market"
        neutral = next(WV.notation(x) for x in WV.legal_moves(s) if WV.notation(x).startswith("neutral"))
        assert label(neutral).endswith("(free: starting card)")
        s.farms[0].helpers = [C.START_ID + 3]
        assert label(neutral).endswith(f"({C.NEUTRAL_MOVE_COST} G)")
        # the printed Plant action plants its strength: the prompt does not say "up to"
        staged(s, Task("after", 0, 2, 0, "plant"), Task("plant", 0, 2, 0, "!"))
        s.farms[0].storage = "wy"
        assert screen.prompt_text(s, 0).startswith("Plant 2 more bulbs")
        staged(s, Task("after", 0, 3, 0, "plant"), Task("plant", 0, 3, 0, "!upto"))
        assert screen.prompt_text(s, 0).startswith("Plant up to 3 more")


async def test_solo_gardener_end_bonus_is_shown_during_play(tmp_path: Path) -> None:
    """A solo player sees what the Gardener's end bonus will make of its score."""
    from tui.windmill_valley import WindmillValleyScreen

    m = wv_started(["Sol"], seed=5)
    screen = WindmillValleyScreen(m, data_dir=tmp_path, bot_delay=0.01)
    async with ScreenApp(screen).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        b = m.state.solo
        bonus = C.SOLO_END_BONUS[b.level]
        board = screen.wv_board
        board.select_page(board.page_for("players", None))
        await pilot.pause()
        players = screen.query_one("#wv-players").text
        assert f"{b.vp} VP (+{bonus} at the end: {b.vp + bonus})" in players
        board.select_page(board.page_for("tracks", None))
        await pilot.pause()
        track = screen.query_one("#wv-vp").text
        assert f"{C.SOLO_NAME} with its end bonus (+{bonus}) {b.vp + bonus}" in track


async def test_gift_of_tulips_previews_are_marked_and_the_festival_has_headers(tmp_path: Path) -> None:
    """The bouquet table shows a choice's effect as "now→after", highlighted, with a note
    saying what the arrow means; the festival's card column has a header at 80x24."""
    from core.gift_of_tulips import Give
    from core.gift_of_tulips import components as G
    from tests.test_tui_fixes_game import to_play_with
    from tui.gift_of_tulips import GiftOfTulipsScreen

    match = to_play_with(Give)
    s = match.state
    seat, card = match.to_move(), s.drawn
    to = next(m.to for m in match.legal_moves() if isinstance(m, Give))
    mine = [c for c in s.bouquets[to] if c[0] == card[0]]
    screen = GiftOfTulipsScreen(match, data_dir=tmp_path, bot_delay=0.01)
    async with ScreenApp(screen).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen._draw_board(targets=[Give(to)])
        await pilot.pause()
        lines = screen.board.query_one("#got-bouquets").text.splitlines()
        row = next(ln for ln in lines[1:] if screen.letters[to] + " " in ln)
        now = f"{len(mine)}·{sum(G.value(c) for c in mine)}" if mine else "-"
        after = f"{len(mine) + 1}·{sum(G.value(c) for c in mine) + G.value(card)}"
        assert f"{now}→{after}" in row
        n = len(s.bouquets[to])
        assert f"{n}→{n + 1}" in row  # the tulip count too
        vp = s.give_vp[seat] + s.keep_vp[seat] + s.majority_vp[seat]
        mine_row = next(ln for ln in lines[1:] if screen.letters[seat] + " " in ln)
        rank = s.ranking.index(card[0]) if card[0] in s.ranking else 3
        assert mine_row.rstrip().endswith(f"{vp}→{vp + G.value(card) + G.GIVE_BONUS[rank]}")
        assert any("a→b: now → with the highlighted choice" in ln for ln in lines)
        festival = screen.board.query_one("#got-festival").text.splitlines()
        assert festival[0].split()[-1] in ("cards", "#")  # a header over the card values


# -- Golden Age (item 29) --------------------------------------------------------------------
def ga_match(moves: int = 120, seed: int = 7) -> Match:
    """A 4-player Golden Age game some way in (seeded random moves): cards, tokens, paintings."""
    import random

    g = get_game("golden-age")
    m = Match(g, [Seat(n, "human") for n in ("Ann", "Bob", "Cy", "Dirk")], seed=seed)
    r = random.Random(seed)
    for _ in range(moves):
        m.push(r.choice(m.legal_moves()))
    return m


async def test_golden_age_ascii_at_80x24_keeps_the_guilder_sign_and_no_arrows(tmp_path: Path) -> None:
    from tests.test_tui_golden_age import app_for, board_text

    match = ga_match()
    app, screen = app_for(match, tmp_path, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = screen.board
        assert board.tabbed
        text = board_text(screen)
        assert all(ord(ch) < 128 for ch in text), [ch for ch in text if ord(ch) >= 128]
        bar = screen.query_one("#ga-pages").text
        assert "<-/->" in bar and all(ord(ch) < 128 for ch in bar)  # the page bar's keys, in ASCII
        board.set_tab("king")  # the one-line-per-player brief stands above the other pages
        await pilot.pause()
        brief = screen.query_one("#ga-brief").text
        p = match.state.players[0]
        assert f"{p.money // 2}{'.5' if p.money % 2 else ''}f VP" in brief  # the guilder sign, as "f"


async def test_golden_age_card_lists_never_split_a_card(tmp_path: Path) -> None:
    """At 120x40 a player's cards flow onto more lines only between cards."""
    from tests.test_tui_golden_age import app_for
    from tui.widgets.textlines import flow
    from rich.text import Text as T

    lines = flow(T("Ann  "), [T("Gov Fri"), T("Gov Gro"), T("Art1 1/3 (5VP)")], 20, 5)
    assert [ln.plain for ln in lines] == ["Ann  Gov Fri Gov Gro", "     Art1 1/3 (5VP)"]
    match = ga_match(400)
    app, screen = app_for(match, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = screen.query_one("#ga-players").text
        width = screen.query_one("#ga-players").size.width
        assert all(len(ln) <= width for ln in text.splitlines())
        for ln in text.splitlines()[1:]:  # no line ends in the middle of "Gov Fri" or "Art1 0/4 (6VP)"
            words = ln.split()
            assert not words or words[-1] not in ("Gov", "Art1", "Art2", "Art3"), ln


async def test_review_switches_board_panels_with_brackets_at_80x24(tmp_path: Path) -> None:
    """The review screen at 80x24 switches the board's panels with [ and ], and its page
    bar offers those keys (the arrows step through the game there)."""
    from tests.test_tui_golden_age import app_for
    from tui.screens.review import ReviewScreen

    match = ga_match()
    app, _screen = app_for(match, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        review = ReviewScreen(match)
        await app.push_screen(review)
        await pilot.pause()
        board = review.board
        assert board.has_panels and "[ ]" in review.query_one("#ga-pages").text
        assert "←→" not in review.query_one("#ga-pages").text
        first = board.tab
        await pilot.press("right_square_bracket")
        await pilot.pause()
        assert board.tab != first
        await pilot.press("left_square_bracket")
        await pilot.pause()
        assert board.tab == first
        cursor = review.cursor
        await pilot.press("left")  # the arrows still step
        await pilot.pause()
        assert review.cursor == cursor - 1


async def test_windmill_valley_planting_preview_is_marked_as_a_preview(tmp_path: Path) -> None:
    """The patch shows where the bulb under the cursor would go as "→w" (the shared preview)."""
    from tui.windmill_valley import WindmillValleyScreen

    m = wv_started(["Ann", "Bob"])
    s = m.state
    staged(s, Task("after", 0, 2, 0, "plant"), Task("plant", 0, 2, 0, "!"))
    s.farms[0].storage = "w"
    screen = WindmillValleyScreen(m, data_dir=tmp_path, bot_delay=0.01)
    async with ScreenApp(screen).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen._draw_board(targets=[WV.parse(s, "plant w 1")])
        await pilot.pause()
        patch = screen.query_one("#wv-patch").text
        row1 = next(ln for ln in patch.splitlines() if ln.startswith("row 1"))
        assert "→w" in row1
