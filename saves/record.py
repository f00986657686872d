"""Game records: a Match as plain text, in the manner of a chess PGN.

DESIGN.md, "Saves" (``lowlands export FILE``). A record has three parts:

1. header lines ``[Name "value"]``: Event, Game, Players, Bots (if any),
   Seed, Date, Options (if any differ from the defaults), Decisions, Result;
2. the numbered turns: a new number whenever ``game.turn`` changes; each
   decision on its own line as its notation followed by ``game.describe`` of it
   in braces (PGN's comment syntax);
3. the scores: after the end, each player's total and its parts
   (``game.scores``) and the winner(s); before the end only the public
   counters (``game.tallies``), since a running score may rest on hidden cards.

A record shows nothing that ``describe`` does not: no deck, hand or secret
card, no random state.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

import msgspec

if TYPE_CHECKING:
    from core.match import Match


def _quote(text: object) -> str:
    """A PGN tag value: backslashes and double quotes escaped, one line."""
    s = " ".join(str(text).split())
    return s.replace("\\", "\\\\").replace('"', '\\"')


def _num(x: float) -> str:
    """12.0 -> "12", 2.5 -> "2.5"."""
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def _names(names: list[str]) -> str:
    """["Ann"] -> "Ann"; ["Ann", "Bob"] -> "Ann and Bob"; three -> "Ann, Bob and Cy"."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def result_text(match: Match) -> str:
    """"Ann wins", "Ann and Bob share the win", "no player wins" (a solo game
    lost to the game's own opponent: the epilogue says who won), or "*" while
    the game goes on."""
    if not match.is_over():
        return "*"
    names = [match.seats[i].name for i in match.game.winners(match.state)]
    if len(names) == 1:
        return f"{names[0]} wins"
    return f"{_names(names)} share the win" if names else "no player wins"


def _date(created: str) -> str:
    try:
        return datetime.fromisoformat(created).strftime("%Y.%m.%d")
    except ValueError:
        return "????.??.??"


def export_text(match: Match) -> str:
    """The plain-text record of ``match`` (see the module docstring); ends in a newline.

    Pure: the match is not changed (past states are read from its snapshots).
    """
    game = match.game
    names = [s.name for s in match.seats]
    lines: list[str] = []

    def tag(key: str, value: object) -> None:
        lines.append(f'[{key} "{_quote(value)}"]')

    tag("Event", "Lowlands")
    tag("Game", game.title)
    tag("Players", ", ".join(names))
    bots = [f"{s.name} ({s.level})" for s in match.seats if s.kind == "bot"]
    if bots:
        tag("Bots", ", ".join(bots))
    tag("Seed", match.seed)
    tag("Date", _date(match.created))
    options = msgspec.to_builtins(match.options)
    defaults = msgspec.to_builtins(game.Options())
    changed = {k: v for k, v in options.items() if defaults.get(k) != v} if isinstance(options, dict) else {}
    if changed:
        tag("Options", ", ".join(f"{k}={v}" for k, v in changed.items()))
    tag("Decisions", match.ply)
    tag("Result", result_text(match))
    lines.append("")

    # the moves, numbered by turn
    turn_no, prev_turn = 0, None
    width = max([len(game.notation(m)) for m in match.moves] or [0])
    for ply, move in enumerate(match.moves):
        before = match.state_at(ply)
        t = game.turn(before)
        note = game.notation(move)
        text = game.describe(before, move)
        if t != prev_turn:
            turn_no += 1
            prev_turn = t
            prefix = f"{turn_no}."
            lines.append(f"{prefix:<5}{note:<{width}}  {{{text}}}")
        else:
            lines.append(f"{'':<5}{note:<{width}}  {{{text}}}")
    if match.is_over():  # the end: what was turned up, the final awards
        lines.extend(f"     {{{text}}}" for text in game.epilogue(match.state))
    if match.moves:
        lines.append("")

    # the scores
    if match.is_over():
        lines.append("Final scores")
        sheets = game.scores(match.state)
        nw = max(len(n) for n in names)
        for sh in sheets:
            parts = ", ".join(f"{k} {_num(v)}" for k, v in sh.parts.items())
            lines.append(f"  {names[sh.seat]:<{nw}}  {_num(sh.total):>4} VP  ({parts})")
        winners = [names[i] for i in game.winners(match.state)]
        if not winners:
            lines.append("Winner: none of the players")
        else:
            label = "Winner" if len(winners) == 1 else "Winners (shared win)"
            lines.append(f"{label}: {_names(winners)}")
    else:
        lines.append("Standing (the game is not over; public counts only)")
        nw = max(len(n) for n in names)
        for seat, tally in enumerate(game.tallies(match.state)):
            counts = ", ".join(f"{k} {_num(v)}" for k, v in tally.items())
            lines.append(f"  {names[seat]:<{nw}}  {counts}")
    lines.append(f"Result: {result_text(match)}")
    return "\n".join(lines) + "\n"
