"""The in-game help shows each game's rules for players (issue 10, item 31).

Every game's RULES.md has a players' part and a ``## For maintainers`` part; the help
(``?``) shows only the first, which must read as rules for players: no file or code
names, no source tags or developer jargon; where a rule is ours it says so in words.
"""

from __future__ import annotations

import re

import pytest

from core import GAMES
from tui.screens.help import MAINTAINER_HEADING, HelpScreen, player_rules, rules_markdown, rules_path

#: Developer notes that must not reach a player, each with what it catches.
DEV_NOTES = {
    "file name": r"\b[\w/-]+\.(?:py|md|txt|toml|json)\b",
    "code name": r"\b(?:State|Player|Options|Farm|Task|components|actions|actions)\.\w|\w\(\w*=",
    "source tag": r"\[(?:S|A\d|B\d)\]|\((?:PR|FS)\b|\b(?:PR|FS)\)",
    "jargon": r"\b(?:RECONSTRUCTED|DERIVED|SOURCED|ENGINE|SOFTWARE LIMIT|conformance|notation|describe|to_move|legal_moves|msgspec)\b",
    "test": r"\btests?\b|\btest_\w+",
}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_rules_md_has_a_players_part_and_a_maintainers_part(game_id):
    text = rules_path(game_id).read_text(encoding="utf-8")
    lines = [ln.rstrip() for ln in text.splitlines()]
    assert lines.count(MAINTAINER_HEADING) == 1
    player = player_rules(text)
    assert MAINTAINER_HEADING not in player and len(player.splitlines()) > 40
    assert player.startswith("# ") and "## 1." in player


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_help_shows_only_rules_for_players(game_id):
    shown = HelpScreen(game_id).rules_document()
    assert shown == "---\n\n" + rules_markdown(game_id)
    found = {what: re.findall(rx, shown) for what, rx in DEV_NOTES.items()}
    found["code span"] = [c for c in re.findall(r"`([^`\n]*)`", shown) if re.search(r"[_.(=/]", c)]
    assert {k: v for k, v in found.items() if v} == {}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_our_own_rules_are_marked_in_plain_words(game_id):
    """Where the rules give no number or are unclear, the help says so ("our choice",
    "our reading"), and the maintainers' part keeps the sources."""
    text = rules_path(game_id).read_text(encoding="utf-8")
    player = player_rules(text)
    assert re.search(r"\bour (?:choice|reading)\b", player, re.I)
    maint = text[len(player.rstrip()):]
    assert "rules/" in maint  # the source files are named for maintainers


def test_player_rules_cuts_at_the_heading_only():
    text = "# T\n\nA rule.\n\n## For maintainers\n\n`x.py`\n"
    assert player_rules(text) == "# T\n\nA rule.\n"
    assert player_rules("# T\n\n### For maintainers of pets\n") == "# T\n\n### For maintainers of pets\n"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_maintainer_tag_in_the_words_a_player_reads(game_id):
    """Card and board texts in components.py reach the screen as they are: the
    RECONSTRUCTED / OUR READING tags belong in comments and RULES.md (a
    Windmill Valley start card showed '(RECONSTRUCTED wish)')."""
    import importlib

    module = importlib.import_module(f"core.{game_id.replace('-', '_')}.components")

    def strings(value, depth=0):
        if isinstance(value, str):
            yield value
        elif depth < 6 and isinstance(value, (tuple, list, set, frozenset)):
            for v in value:
                yield from strings(v, depth + 1)
        elif depth < 6 and isinstance(value, dict):
            for k, v in value.items():
                yield from strings(k, depth + 1)
                yield from strings(v, depth + 1)

    tagged = [s for name, value in vars(module).items() if not name.startswith("_")
              for s in strings(value) if re.search(r"RECONSTRUCTED|OUR READING|ENGINE\b", s)]
    assert tagged == []
