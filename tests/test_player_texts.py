"""Texts players see carry no maintainer notes (playtest finding 7): no source tag
("FS 1.1", "R11", "RECONSTRUCTED", ``core.notes.NOTE``) in any game's option help,
move descriptions, picker labels, prompts or epilogue, over a seeded random game
of each game alone (or at its fewest players) and with two."""

from __future__ import annotations

import importlib
import random
from typing import Any, Iterator

import pytest

import core
from core.match import Match, Seat
from core.notes import NOTE, without_notes
from tui.screens.new_game import option_docs

LABELS = {"gift-of-tulips": "GiftOfTulipsLabels", "golden-age": "GoldenAgeLabels",
          "windmill-valley": "WindmillValleyLabels", "fields-of-arle": "FieldsOfArleLabels"}


def labels_for(match: Match) -> object:
    """The game screen's words (its labels class) without a running app."""
    mod = importlib.import_module(f"tui.{core.PACKAGES[match.game.id]}.labels")
    words = getattr(mod, LABELS[match.game.id])()
    words.game, words.match, words.names = match.game, match, [s.name for s in match.seats]
    return words


def test_without_notes_strips_tag_lists_only() -> None:
    assert without_notes("a random selection of four clock houses (FS 1.1).") == \
        "a random selection of four clock houses."
    assert without_notes("the Expert variant (PR): no extra turn") == "the Expert variant: no extra turn"
    assert without_notes("ladder (AU E1; R2) here") == "ladder here"
    assert without_notes("3 food (2 for a horse)") == "3 food (2 for a horse)"
    assert NOTE.search("target RECONSTRUCTED, R11") and not NOTE.search("tile S-1, 3 food")


def random_games(game_id: str) -> Iterator[tuple[Any, Any, Any, list[Any], Any]]:
    """Seeded random games of ``game_id`` at its fewest players and with two: each
    decision as (the screen's words, state, seat to move, legal moves, the move
    played); after each game, (words, final state, None, [], None)."""
    game = core.get_game(game_id)
    for players in sorted({game.min_players, max(2, game.min_players)}):
        m = Match(game, [Seat(f"P{i}", "human") for i in range(players)], seed=5)
        words = labels_for(m)
        rng = random.Random(players)
        while not m.is_over():
            state, seat = m.state, m.to_move()
            moves = game.legal_moves(state)
            move = rng.choice(moves)
            yield words, state, seat, moves, move
            m.push(move)
        yield words, m.state, None, [], None


@pytest.mark.parametrize("game_id", sorted(core.PACKAGES))
def test_player_texts_have_no_maintainer_notes(game_id: str) -> None:
    game = core.get_game(game_id)
    texts = list(option_docs(game.Options).values())
    for words, state, seat, moves, move in random_games(game_id):
        if move is None:
            texts += game.epilogue(state)
            continue
        texts += [words.prompt_text(state, seat), words.decision_text(state, seat)]
        texts += [words.choice_label(state, mv) for mv in moves]
        texts.append(game.describe(state, move))
    leaks = sorted({t for t in texts if NOTE.search(t)})
    assert not leaks, leaks[:10]
