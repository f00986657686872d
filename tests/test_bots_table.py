"""Bot seats at the table (issue 8 item 4, the non-screen part): levels on the
command line, in saves, and Match.bot_choice."""

from __future__ import annotations

import json

import pytest

from core import get_game
from core.bots import choose
from core.match import Match, Seat
from saves import SaveError, decode_match, encode_match, export_text
from tui.app import CliError, build_parser, make_match

TULIPS = get_game("gift-of-tulips")


def parse_new(*extra: str):
    return make_match(build_parser().parse_args(["new", "gift-of-tulips", "--players", "Ann,Bob,Cy,Di", *extra]))


def test_bots_take_levels_and_a_bare_name_means_strong() -> None:
    m = parse_new("--bots", "Bob:greedy, cy ,Di:Random", "--bot-time", "0.5", "--seed", "3")
    assert [(s.kind, s.level) for s in m.seats][1:] == [("bot", "greedy"), ("bot", "strong"), ("bot", "random")]
    assert m.seats[0].kind == "human"
    assert m.bot_time == 0.5


@pytest.mark.parametrize(
    "extra, words",
    [
        (["--bots", "Bob:clever"], "level 'clever'"),
        (["--bots", "Zed:strong"], "'Zed', who is not among"),
        (["--bots", "Bob", "--bot-time", "0"], "--bot-time"),
    ],
)
def test_bad_bot_options_are_refused(extra, words) -> None:
    with pytest.raises(CliError, match=words):
        parse_new(*extra)


def test_saves_keep_levels_and_bot_time_and_old_saves_load_as_random() -> None:
    m = Match(TULIPS, [Seat("Ann"), Seat("Bob", "bot", "greedy"), Seat("Cy", "bot", "strong")], 5, bot_time=0.25)
    m.push(TULIPS.legal_moves(m.state)[0])
    back = decode_match(encode_match(m))
    assert [(s.kind, s.level) for s in back.seats] == [("human", "random"), ("bot", "greedy"), ("bot", "strong")]
    assert back.bot_time == 0.25
    assert '[Bots "Bob (greedy), Cy (strong)"]' in export_text(m)
    old = json.loads(encode_match(m))
    for seat in old["seats"]:
        del seat["level"]
    del old["bot_time"]
    legacy = decode_match(json.dumps(old).encode())
    assert [s.level for s in legacy.seats] == ["random"] * 3 and legacy.bot_time == 1.0
    bad = json.loads(encode_match(m))
    bad["seats"][1]["level"] = "genius"
    with pytest.raises(SaveError, match="unknown level 'genius'"):
        decode_match(json.dumps(bad).encode())


def test_bot_choice_follows_the_seat_level() -> None:
    m = Match(TULIPS, [Seat("Ann", "bot", "greedy"), Seat("Bob", "bot", "random")], 9)
    for _ in range(8):
        seat = m.to_move()
        level = m.seats[seat].level
        want = choose(TULIPS, m.state, m.seed * 1_000_003 + m.ply, level)
        assert m.bot_choice() == want
        m.push(want)


def test_strong_bot_choice_stops_when_asked() -> None:
    m = Match(TULIPS, [Seat("Ann", "bot", "strong"), Seat("Bob")], 9, bot_time=30.0)
    move = m.bot_choice(should_stop=lambda: True)  # returns at once, still a legal move
    assert move in m.legal_moves()
