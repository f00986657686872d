"""Player-facing wording a playtester found confusing (pt4), and the classes of
fault behind it: over seeded random games of every game, no "(s)" plural, no
"1 dikes", no ASCII "->" beside the boards' "→" in a label, no bare "Ann,
choose:" prompt, no lowercase heading in a long list; the hint says what it
compares; the Windmill Valley solo hint says both projected scores."""

from __future__ import annotations

import inspect
import random
import re

import pytest

import core
from core.bots.hint import EVEN_VP, hint, hint_line
from core.engine import margin_phrase
from core.match import Match, Seat
from tests.test_player_texts import random_games
from tui.widgets.choice import ChoicePicker

#: "1 <word>s" that is right: "Card 1 as contract", "space 1 is free".
SINGULAR_S = {"as", "is"}
#: Lists longer than this are grouped under headings (``ChoicePicker``'s default).
GROUPED = inspect.signature(ChoicePicker.__init__).parameters["group_threshold"].default


def _texts(game_id: str) -> dict[str, set[str]]:
    """Prompts, picker labels, long-list headings and log sentences seen over
    seeded random games of ``game_id`` (at its fewest players and with two)."""
    game = core.get_game(game_id)
    out: dict[str, set[str]] = {"prompt": set(), "label": set(), "heading": set(), "describe": set(), "bare": set()}
    for words, state, seat, moves, move in random_games(game_id):
        if move is None:
            continue
        prompt = words.prompt_text(state, seat)
        out["prompt"].add(prompt)
        if prompt == f"{words.names[seat]}, choose:":
            out["bare"].add(words.decision_text(state, seat))
        out["label"].update(words.choice_label(state, mv) for mv in moves)
        menu = words.build_menu(state, moves)
        if len(menu) > GROUPED and len({it.group for it in menu}) > 1:  # headed as the picker heads it
            out["heading"].update(it.group for it in menu)
        out["describe"].add(game.describe(state, move))
    return out


@pytest.fixture(scope="module", params=sorted(core.PACKAGES))
def texts(request: pytest.FixtureRequest) -> tuple[str, dict[str, set[str]]]:
    return request.param, _texts(request.param)


def test_counts_agree_with_their_nouns(texts) -> None:
    game_id, seen = texts
    every = set().union(*(seen[k] for k in ("prompt", "label", "describe")))
    assert not sorted(t for t in every if "(s)" in t)[:5]
    ones = sorted(t for t in every for w in re.findall(r"(?<![\d.,½/+-])\b1 ([a-z]+s)\b", t) if w not in SINGULAR_S)
    assert not ones[:5]


def test_labels_use_the_boards_arrow_and_prompts_name_the_decision(texts) -> None:
    game_id, seen = texts
    assert not sorted(t for t in seen["label"] if "->" in t)[:5]
    assert not sorted(seen["bare"])[:5]  # decisions that only said "Ann, choose:"
    assert all(h[:1].isupper() for h in seen["heading"]), sorted(seen["heading"])


def test_fields_of_arle_words() -> None:
    from core.fields_of_arle import actions as A
    from tui.fields_of_arle.labels import choice_text, space_offer

    game = core.get_game("fields-of-arle")
    m = Match(game, [Seat("Ann"), Seat("Bob")], seed=11)
    rng = random.Random(11)
    cuts: list[tuple[str, str]] = []
    while not m.is_over() and len(cuts) < 3:
        state = m.state
        moves = game.legal_moves(state)
        for mv in moves:
            label = choice_text(state, game.notation(mv))
            assert not label[:1].isdigit(), label  # it would follow its key: "1 1 sheep"
        cut = [mv for mv in moves if game.notation(mv).startswith("cut ")]
        move = cut[0] if cut else rng.choice(moves)
        if cut:
            t = state.tasks[-1]
            slot = A.SLOT_NAMES.index(game.notation(move).split()[1])
            left = state.homes[t.seat].moors[slot] - 1
            cuts.append((left, game.describe(state, move), choice_text(state, game.notation(move))))
        m.push(move)
    assert cuts
    for left, line, label in cuts:  # what stays on the moor after the cut, said as such
        assert (f"({left} left)" in line and f"({left} left)" in label) if left else "the last" in line, line
    # the Dike Builder's offer with one dike per shovel level: "1 dike"
    s = game.setup(["Ann", "Bob"], 3)
    assert "1 sheep or 1 cattle, 1 dike, or both" == space_offer(s, 0, game_space("dikebuilder"))


def game_space(sid: str) -> int:
    from core.fields_of_arle import components as C

    return C.SPACE_IDS.index(sid)


def test_windmill_valley_market_words() -> None:
    from core.windmill_valley import components as C
    from core.windmill_valley.rules import describe_choice
    from core.picks import Task
    from tui.windmill_valley.labels import market_option

    game = core.get_game("windmill-valley")
    s = game.setup(["Ann", "Bob"], 1)
    area, k = next((a, k) for a, opts in enumerate(C.MARKET) for k, o in enumerate(opts) if o[0].startswith("sup:"))
    line = describe_choice(s, Task("adj", 0, 0, 0, ""), f"adj {area + 1} {k + 1}")
    colour = C.COLOUR_NAMES[C.MARKET[area][k][0].split(":")[1]]
    assert line == f"chooses from market area {area + 1}: plant a {colour} bulb from the supply"
    assert market_option(C.MARKET[area][k], 1) == f"Plant {colour} from supply"
    assert market_option(("g2",), 3) == "Take 2 G x3" and market_option(("g2",), 1) == "Take 2 G"


def test_hint_line_says_what_it_compares() -> None:
    assert hint_line("Fisherman", "Colonist", -6.4, 1.2, 400) == (
        "Hint: Fisherman: 1.2 VP more than Colonist; projected to finish 6.4 VP behind.")
    # the search's choice a little below the next best's mean: equal, not "-0.1 VP against"
    even = hint_line("Fisherman", "Colonist", -6.4, -0.1, 400)
    assert even.startswith("Hint: Fisherman: as good as Colonist (\u00b10.1 VP);") and "-0.1" not in even
    worse = hint_line("Fisherman", "Colonist", 2.0, -(EVEN_VP + 1), 400)
    assert f"better odds than Colonist, though {EVEN_VP + 1:.1f} VP less" in worse
    assert hint_line("Keep", None, 3.0, 0.0, 1) == "Hint: Keep: projected to finish 3.0 VP ahead."
    assert margin_phrase(4.46) == "projected to finish 4.5 VP ahead" and margin_phrase(0.01) == "projected to finish level"


def test_windmill_valley_solo_hint_says_both_projected_scores() -> None:
    """Not "projected margin -42 VP" from the first decision: the player's and the
    Gardener's projected final scores (the Gardener's with its end bonus, as the help says)."""
    from core.windmill_valley.evaluate import gardener

    game = core.get_game("windmill-valley")
    s = game.setup(["Ann"], 42)
    h = hint(game, s, 1, seconds=None, iterations=20)
    them = gardener(s)
    assert f"projected: you {them + h.margin:.0f}, Gardener {them:.0f} VP" in h.text  # (its end bonus counted)
    assert "margin" not in h.text


def test_windmill_valley_solo_hint_names_the_chance_that_the_gardeners_next_card_ends_the_game() -> None:
    """A playtester trusted "projected end: you 85 VP, the Gardener 82 VP" with
    the Gardener one calendar step from the end; its next card ended the game
    and the player lost 69 to 77. The projection counts the turns left at their
    mean, so the hint also says the chance of the end on the next card: the
    calendar cards left among the cards left, read from the open discard pile."""
    from core.windmill_valley import components as C
    from core.windmill_valley.evaluate import gardener_end_chance, margin_text

    game = core.get_game("windmill-valley")
    s = game.setup(["Ann"], 42)
    assert "next card" not in margin_text(s, 0.0) and gardener_end_chance(s) == 0.0
    steps = [i for i, c in enumerate(C.SOLO_CARDS) if c[1]]
    plain = [i for i, c in enumerate(C.SOLO_CARDS) if not c[1]]
    s.solo.discard = steps[:3] + plain[:5]  # 3 calendar cards seen, 8 cards drawn
    s.solo.deck = [c for c in s.solo.deck if c not in s.solo.discard]
    s.solo.calendar = 3
    k, n = len(steps) - 3, len(C.SOLO_CARDS) - 8
    assert gardener_end_chance(s) == k / n
    assert margin_text(s, 3.0).endswith(f" VP; its next card ends it: {k} in {n}")
    s.solo.calendar = 2  # two steps to go: no next-card chance to name
    assert "next card" not in margin_text(s, 3.0)
