"""Faults a playtester found (polishB): saved games that read alike in the
launcher, a header that lost the game's name, a hint toast that outlived its hint."""

from __future__ import annotations

from typing import Any

import pytest
from rich.cells import cell_len

from core import get_game
from core.match import Match, Seat

GAME_IDS = ["gift-of-tulips", "golden-age", "windmill-valley", "fields-of-arle"]
NAMES = {"gift-of-tulips": ["Ann", "Bob", "Cy"], "golden-age": ["Ann", "Bob", "Cy"],
         "windmill-valley": ["Ann", "Bob"], "fields-of-arle": ["Ann", "Bob"]}


def _autosave_at(monkeypatch: pytest.MonkeyPatch, data: Any, game_id: str, seed: int, moves: int,
                 created: str, updated: str) -> Match:
    """A human-seated match of ``game_id`` after its first ``moves`` listed
    decisions, autosaved under ``data`` as started at ``created`` and last
    played at ``updated`` (ISO 8601)."""
    import saves.format
    from saves.store import autosave

    m = Match(get_game(game_id), [Seat(n) for n in NAMES[game_id]], seed)
    for _ in range(moves):
        m.push(m.legal_moves()[0])
    m.created = created
    monkeypatch.setattr(saves.format, "now_iso", lambda: updated)
    autosave(m, data)
    return m


# -- 1. the launcher: two games that read alike ---------------------------------------------
@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_launcher_tells_two_games_of_the_same_table_and_minute_apart(
        game_id: str, dirs: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two games of the same players at the same decision, last played in the
    same minute, read "Gift of Tulips · Decision 6 · 16:57 · Ann, Bob, Cy"
    both: they say when they were last played to the second, where 80 columns
    show it, and a game told apart from the rest by its usual line keeps it."""
    from textual.widgets import OptionList

    from tests.apphelpers import make_app, settle
    from tui.screens.launcher import short_updated

    data, _ = dirs
    _autosave_at(monkeypatch, data, game_id, 1, 6, "2026-12-02T16:40:00+00:00", "2026-12-02T16:57:03+00:00")
    _autosave_at(monkeypatch, data, game_id, 2, 6, "2026-12-02T16:41:00+00:00", "2026-12-02T16:57:41+00:00")
    _autosave_at(monkeypatch, data, game_id, 3, 4, "2026-12-02T16:42:00+00:00", "2026-12-02T16:57:20+00:00")
    app = make_app(dirs)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        menu = app.screen.query_one("#launcher-menu", OptionList)
        width = menu.scrollable_content_region.width
        lines = [str(menu.get_option_at_index(i).prompt) for i in range(3)]
    assert len(set(lines)) == 3, lines
    newest, other, oldest = lines  # (newest first)
    assert "Decision 4 · " in other and short_updated("2026-12-02T16:57:20+00:00") + " · Ann" in other
    for line, when in ((newest, "2026-12-02T16:57:41+00:00"), (oldest, "2026-12-02T16:57:03+00:00")):
        told = short_updated(when, seconds=True)
        assert told.endswith(":41" if line is newest else ":03")
        assert f"Decision 6 · {told} · " in line, line
        assert cell_len(line.split(" · Ann")[0]) <= width  # what tells them apart shows at 80 columns


def test_save_lines_add_only_what_tells_alike_games_apart() -> None:
    from datetime import datetime

    from saves.store import SaveInfo
    from tui.screens.launcher import save_line, save_lines

    def info(to_move: int, updated: str, created: str) -> SaveInfo:
        return SaveInfo("x.json", "gift-of-tulips", "Gift of Tulips", ["Ann", "Bob"], 6,
                        updated=updated, created=created, to_move=to_move)

    day = datetime.now().strftime("%Y-%m-%d")  # (today: a save of another day shows its date too)
    minute = f"{day}T16:57:03"
    # the same minute and start: whose decision it is tells them apart, and only that is added
    a, b = info(0, minute, minute), info(1, minute, minute)
    lines = save_lines([a, b])
    assert lines[0].startswith("Gift of Tulips · Decision 6, Ann to choose · ") and lines[0].endswith(" · Ann, Bob")
    assert lines[1].startswith("Gift of Tulips · Decision 6, Bob to choose · ")
    assert ":03" not in lines[0] + lines[1] and "started" not in lines[0] + lines[1]
    # the same second saved, started apart: when each was started
    a, b = info(0, minute, f"{day}T16:40:10"), info(0, minute, f"{day}T16:41:20")
    lines = save_lines([a, b], states=["open in another copy"] * 2)
    assert lines[0].endswith(" · Decision 6 · 16:57, started 16:40:10 · open in another copy · Ann, Bob")
    assert lines[1].endswith(" · Decision 6 · 16:57, started 16:41:20 · open in another copy · Ann, Bob")
    # nothing tells them apart: numbered in list order
    a, b = info(0, minute, minute), info(0, minute, minute)
    assert save_lines([a, b], notes=[" (copy)", " (copy)"]) == [
        save_line(a, " (copy)").replace(" · Ann, Bob", " · #1 · Ann, Bob"),
        save_line(b, " (copy)").replace(" · Ann, Bob", " · #2 · Ann, Bob")]
    # games that read apart keep their usual lines
    c = SaveInfo("y.json", "golden-age", "The Dutch Golden Age", ["Ann", "Bob", "Cy"], 6, updated=minute)
    assert save_lines([a, c]) == [save_line(a), save_line(c)]


def test_the_autosave_index_says_whose_decision_it_is(tmp_path: Any) -> None:
    """SaveInfo.to_move: written with the autosave, read back from a file, and
    for an index entry written before it was known, found by replaying the file."""
    import msgspec

    from saves import store

    m = Match(get_game("golden-age"), [Seat(n) for n in ("Ann", "Bob", "Cy")], 4)
    for _ in range(5):
        m.push(m.legal_moves()[0])
    path = store.autosave(m, tmp_path)
    assert m.to_move() is not None
    assert store.list_autosaves(tmp_path)[0].to_move == m.to_move()
    assert store.save_info(path).to_move == m.to_move()
    # an index entry of an older version (no to_move): the file is replayed to say it
    folder = path.parent
    idx = store._index_read(folder)
    entry = idx.entries[path.name]
    idx.entries[path.name] = msgspec.structs.replace(entry, info=msgspec.structs.replace(entry.info, to_move=-1))
    (folder / store.INDEX_NAME).write_bytes(msgspec.json.encode(idx))
    store._INFO_CACHE.clear()
    assert store.list_autosaves(tmp_path)[0].to_move == m.to_move()
    while not m.is_over():  # a finished game has nobody to move
        m.push(m.legal_moves()[0])
    store.autosave(m, tmp_path)
    assert store.list_autosaves(tmp_path)[0].to_move == -1


# -- 2. the header keeps the game's name ----------------------------------------------------
LONG_NAMES = ["Annemarie-Louise Oranje", "Bartholomeus van Dijk", "Cornelia-Wilhelmina Smit", "Dirk-Jan de Vries"]


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_a_long_header_keeps_the_game_name_and_shortens_the_rest(game_id: str, tmp_path: Any) -> None:
    """With long player names (24 cells, the most the form takes) at a networked
    table ("· you are Dirk-Jan de Vries"), the header at 80 columns was the
    sub-title alone: the game's name went first. Now the names are cut short
    and the game's name stays whole, with who decides and from which seat."""
    import random

    from tests.apphelpers import ScreenApp, settle
    from tui.chrome import TitleHeader
    from tui.screens import screen_for

    game = get_game(game_id)
    m = Match(game, [Seat(n) for n in LONG_NAMES[:game.max_players]], 3)
    rnd = random.Random(2)
    for _ in range(12):
        m.push(rnd.choice(m.legal_moves()))
    seat = m.to_move()
    screen = screen_for(m, data_dir=tmp_path)
    app = ScreenApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        me = LONG_NAMES[len(m.seats) - 1]
        m.authority_here = False  # (the header reads it so, as a networked table's screen)
        screen.sub_title += f" · you are {me}"  # (as GameScreen.refresh_view words a networked table's)
        await settle(pilot)
        line = screen.query_one(TitleHeader).render_line(0).text
    assert len(f"{game.title} — {screen.sub_title}") > 80  # it could not show whole
    assert len(line) == 80 and f" {game.title} — " in line, line
    assert LONG_NAMES[seat][:6] + "…" in line and f"you are {me[:6]}…" in line, line  # who decides, and the seat


async def test_a_golden_age_bid_header_names_both_bidders_short(tmp_path: Any) -> None:
    """"Bartholomeus van Dijk bids, high 2 guilders Cornelia-Wilhelmina Smit":
    both names cut short, the bid and the game's name whole."""
    import random

    from tests.apphelpers import ScreenApp, settle
    from tui.chrome import TitleHeader
    from tui.screens import screen_for

    game = get_game("golden-age")
    m = Match(game, [Seat(n) for n in LONG_NAMES], 3)
    rnd = random.Random(5)
    while not (m.state.phase == "bid" and m.state.auction.high_bidder >= 0 and m.state.auction.auctioneer != m.to_move()):
        m.push(rnd.choice(m.legal_moves()))
    screen = screen_for(m, data_dir=tmp_path)
    async with ScreenApp(screen).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        line = screen.query_one(TitleHeader).render_line(0).text
    a = m.state.auction
    bidder, high = LONG_NAMES[m.to_move()], LONG_NAMES[a.high_bidder]
    assert f"The Dutch Golden Age — {bidder[:6]}… bids, high " in line, line
    assert line.rstrip().endswith(f" {high[:6]}…"), line


def test_fit_sub_title_cuts_names_then_the_parts_without_numbers() -> None:
    from tui.chrome import fit_sub_title

    def measure(sub: str) -> int:
        return len("Fields of Arle — " + sub)

    sub = "Half-year 1/9 summer · Annemarie-Louise: place a worker · target 110 VP"
    assert fit_sub_title(measure, sub, 100, ["Annemarie-Louise"]) == sub  # it fits: as it is
    assert fit_sub_title(measure, sub, 80, ["Annemarie-Louise"]) == (
        "Half-year 1/9 summer · Annema…: place a worker · target 110 VP")  # the name alone is enough
    assert fit_sub_title(measure, sub, 76, ["Annemarie-Louise", "Ann"]) == (
        "Half-year 1/9 summer · Annema…: place a wo… · target 110 VP")  # then the part without numbers
    assert fit_sub_title(measure, sub, 60, ["Annemarie-Louise"], dots="...") == (
        "Half-year 1/9 s... · Ann... · target 110 VP")  # then those with numbers
    networked = "Annemarie-Louise to choose: wheels (round 1) · you are Annemarie-Louise"
    fitted = fit_sub_title(measure, networked, 62, ["Annemarie-Louise"], keep_last=True)
    assert fitted.startswith("Annema… to choose: wh") and fitted.endswith("… · you are Annema…"), fitted
    assert measure(fitted) <= 62  # the seat's part whole, the other cut
    # a name is cut where it stands as a word, never inside another word
    assert fit_sub_title(lambda s: len(s), "Bartholomeus bids, high Bartholomeusz", 30,
                         ["Bartholomeus"]).startswith("Bartho… bids, high Bartholomeusz"[:12])


# -- 3. the hint's "still thinking" toast goes when the hint shows ---------------------------
@pytest.mark.parametrize("answered", [True, False])
async def test_the_hint_pending_toast_goes_when_the_hint_arrives(dirs: Any, answered: bool) -> None:
    """Enter while ``h`` is thinking shows "The hint is still thinking; press
    Enter again when it shows." for 3 s: it stayed up over the hint that had
    come. It goes as the hint shows (or, with no answer, as the hint is dropped)."""
    import asyncio

    from textual.widgets._toast import Toast

    from tests.apphelpers import make_app, new_match, settle, wait_for
    from tui.screens import screen_for

    m = new_match(names=("Ann", "Bob"), moves=2)
    game = m.game
    app = make_app(dirs, start=lambda: screen_for(m, data_dir=dirs[0]))
    answer = asyncio.Event()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:  # (toasts drawn)
        await settle(pilot)
        screen = app.screen
        target, other = m.legal_moves()[-1], m.legal_moves()[0]

        async def think(version: int, want_hint: bool):
            await answer.wait()
            if not answered:
                return None, None
            return game.notation(target), (game.notation(other), 2.5, 1.5, 40)

        screen._think = think  # type: ignore[method-assign]

        def pending_shown() -> bool:
            return any("still thinking" in str(n.message) for n in app._notifications) or any(
                "still thinking" in t._notification.message for t in app.screen.query(Toast))

        await pilot.press("h")
        await settle(pilot)
        await pilot.press("enter")
        await wait_for(pilot, pending_shown)
        await wait_for(pilot, lambda: any("still thinking" in t._notification.message for t in app.screen.query(Toast)))
        answer.set()
        await wait_for(pilot, lambda: not screen._hinting)
        started = asyncio.get_running_loop().time()
        await settle(pilot, 3)
        assert bool(screen.picker.hint) is answered
        assert not pending_shown()
        assert asyncio.get_running_loop().time() - started < 2.5  # gone long before its 3 s
