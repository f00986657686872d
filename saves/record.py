r"""Game records: a Match as plain text, in the manner of a chess PGN.

DESIGN.md, "Saves" (``lowlands export FILE``). A record has three parts:

1. header lines ``[Name "value"]``: Event, Game, Players, Bots (if any),
   Seed, Date, Options (if any differ from the defaults), Decisions, Result;
   a value escapes ``\`` and ``"`` with a backslash, and in the lists of
   names (Players, Bots) also a comma inside a name (``\,``), so ", " only
   ever separates two names (records written before that cannot tell such a
   name from two);
2. the numbered turns: a new number whenever ``game.turn`` changes; each
   decision on its own line as its notation followed by ``game.describe`` of it
   in braces (PGN's comment syntax);
3. the scores: after the end, each player's total and its parts
   (``game.scores``) and the winner(s); before the end only the public
   counters (``game.tallies``), since a running score may rest on hidden cards.

A record shows nothing that ``describe`` does not: no deck, hand or secret
card, no random state.

``read_record`` rebuilds the game from a record, for review: the set-up from
the headers (Game, Players, Bots, Seed, Options; a record has no undo policy
or bots' thinking time, which take their defaults), then every move through the
game's ``parse``, checked against the Decisions and Result headers.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import TYPE_CHECKING, Any

import msgspec

from saves.format import AFTER_END, SaveError, SeatRecord, replay, setup_match

if TYPE_CHECKING:
    from core.match import Match


def _quote(text: object) -> str:
    """A PGN tag value: backslashes and double quotes escaped, one line."""
    s = " ".join(str(text).split())
    return s.replace("\\", "\\\\").replace('"', '\\"')


def _listed(name: str) -> str:
    r"""A name as an item of the Players or Bots list, escaped as ``_quote``
    escapes a value and its commas too (``\,``): ", " only ever separates two names."""
    return _quote(name).replace(",", "\\,")


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

    def tag(key: str, value: object, quoted: bool = False) -> None:
        lines.append(f'[{key} "{value if quoted else _quote(value)}"]')

    tag("Event", "Lowlands")
    tag("Game", game.title)
    tag("Players", ", ".join(_listed(n) for n in names), quoted=True)
    bots = [f"{_listed(s.name)} ({s.level})" for s in match.seats if s.kind == "bot"]
    if bots:
        tag("Bots", ", ".join(bots), quoted=True)
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


# -- reading a record back (review) ------------------------------------------------------
#: A header line: ``[Name "value"]``, the value with its escapes still in.
_TAG = re.compile(r'\[(\w+) "((?:[^"\\]|\\.)*)"\]\s*')
#: A decision's line: an optional turn number ("12."), the notation, its words in braces.
_MOVE = re.compile(r"(?:\d+\.)?\s*([^\s{][^{]*?)\s+\{.*\}\s*")
#: A line of words only (the end's epilogue): "     {...}".
_COMMENT = re.compile(r"\s+\{.*\}\s*")
#: The lines that end the moves (the scores), as ``export_text`` writes them.
_AFTER_MOVES = ("Final scores", "Standing (", "Result:")
#: A bot in the Bots list: "Bob (strong)" (records before bot levels: "Bob", a random bot).
_BOT = re.compile(r"(.*) \((\w+)\)")


def _unescape(text: str) -> str:
    """A tag value's text: each backslash escape (``\\"``, ``\\\\``, ``\\,``) as the character it escapes."""
    return re.sub(r"\\(.)", r"\1", text)


def _split_names(text: str) -> list[str]:
    r"""A Players or Bots value (escapes still in) as its items: split at each
    ", " that is not escaped (``\,`` is a comma inside a name), each unescaped."""
    items, cur, i = [], [], 0
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text):
            cur.append(text[i:i + 2])
            i += 2
        elif text.startswith(", ", i):
            items.append(_unescape("".join(cur)))
            cur, i = [], i + 2
        else:
            cur.append(text[i])
            i += 1
    items.append(_unescape("".join(cur)))
    return items


def _option_value(text: str) -> Any:
    """An Options value as ``export_text`` wrote it (Python's ``str`` of a
    builtin): "True"/"False" -> bool, a number -> int or float, else the text."""
    if text in ("True", "False", "true", "false"):
        return text in ("True", "true")
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def read_record(data: bytes, source: str = "", each: Any = None) -> Match:
    """Rebuild the game a record (``export_text``) holds, for review.

    Args:
        data: the record's bytes (UTF-8).
        source: the file name, for the messages ("" -> "This record").
        each: as in ``saves.format.decode_partial``: ``each(match, before,
            move)`` after each move replayed.
    Returns:
        A Match at the record's last decision: the game named by the Game
        header (its title or id), the seats of Players (the bots of Bots, with
        their levels; a bot without one is "random", as in older records), the
        Seed and Options (the others at their defaults); the undo policy
        "friendly" and the bots' time 1 second (a record has neither); a new id.
    Raises:
        SaveError, naming the line and why: not UTF-8; a header line that is not
        ``[Name "value"]``; Game, Players or Seed missing; an unknown game or
        option, a bad seed or set-up (as ``setup_match``); a line among the
        moves that is not a decision; a move that does not parse or is not
        legal where it stands; more or fewer moves than the Decisions header
        says; a Result other than the one the moves give. The data is only read.
    """
    from core import GAMES

    name = source or "This record"

    def bad(line: int, why: str) -> SaveError:
        return SaveError(f"{name}, line {line}: {why}", source)

    try:
        lines = data.decode("utf-8").splitlines()
    except UnicodeDecodeError as e:
        raise SaveError(f"{name} is not a readable game record (byte {e.start} is not UTF-8 text).", source) from None
    tags: dict[str, tuple[int, str]] = {}  # name -> (line number, value with its escapes)
    n = 0
    for n, line in enumerate(lines, 1):
        if not line.strip():
            break
        m = _TAG.fullmatch(line)
        if m is None:
            raise bad(n, f"'{line.strip()[:40]}' is not a header line of the form [Name \"value\"].")
        tags.setdefault(m.group(1), (n, m.group(2)))
    else:
        n = len(lines)
    if tags.get("Event", (0, ""))[1] != "Lowlands":
        raise bad(1, 'a game record begins with [Event "Lowlands"].')
    for key in ("Game", "Players", "Seed"):
        if key not in tags:
            raise bad(n, f"the headers above have no {key} line ([{key} \"...\"]); the game cannot be set up.")

    line_no, title = tags["Game"]
    title = _unescape(title)
    game = next((g for g in GAMES.values() if title in (g.title, g.id)), None)
    if game is None:
        known = ", ".join(g.title for g in GAMES.values())
        raise bad(line_no, f"'{title}' is not a game this version of Lowlands knows ({known}).")
    names = _split_names(tags["Players"][1])
    levels: dict[str, str] = {}
    if "Bots" in tags:
        line_no, text = tags["Bots"]
        for item in _split_names(text):
            m = _BOT.fullmatch(item)
            who, level = (m.group(1), m.group(2)) if m and m.group(1) in names else (item, "random")
            if who not in names:
                raise bad(line_no, f"the bot '{item}' is not one of the Players.")
            levels[who] = level
    seats = [SeatRecord(p, "bot", levels[p]) if p in levels else SeatRecord(p) for p in names]
    line_no, text = tags["Seed"]
    try:
        seed = int(_unescape(text))
    except ValueError:
        raise bad(line_no, f"the seed '{_unescape(text)}' is not a whole number.") from None
    options: dict[str, Any] = {}
    if "Options" in tags:
        line_no, text = tags["Options"]
        for item in _unescape(text).split(", "):
            key, eq, value = item.partition("=")
            if not eq:
                raise bad(line_no, f"the option '{item}' is not of the form name=value.")
            options[key.strip()] = _option_value(value.strip())
    if not game.min_players <= len(names) <= game.max_players:
        raise bad(tags["Players"][0], f"{len(names)} player{'s' if len(names) != 1 else ''}, but {game.title} "
                                      f"takes {game.min_players}-{game.max_players}.")
    where = tags["Options"][0] if "Options" in tags else tags["Game"][0]
    match = setup_match(f"{name}, line {where}: the record", source, game.id, options, seats, seed)

    moves: list[str] = []
    at: list[int] = []  # each move's line number
    for n, line in enumerate(lines[n:], n + 1):
        if line.startswith(_AFTER_MOVES):  # the scores: the moves are over
            break
        if not line.strip():
            continue
        m = _MOVE.fullmatch(line)
        if m is not None:
            moves.append(m.group(1))
            at.append(n)
        elif _COMMENT.fullmatch(line) is None:
            raise bad(n, f"'{line.strip()[:40]}' is not a decision (a notation and its words in braces).")
    stop = replay(match, moves, each)
    if stop is not None:
        i, why = stop
        if why == AFTER_END:
            raise bad(at[i - 1], f"move {i} '{moves[i - 1]}' comes after the end of the game.")
        raise bad(at[i - 1], f"move {i} '{moves[i - 1]}' {why}.")
    if "Decisions" in tags:
        line_no, text = tags["Decisions"]
        if _unescape(text) != str(len(moves)):
            raise bad(line_no, f"the record says {_unescape(text)} decisions, but lists {len(moves)}.")
    if "Result" in tags:
        line_no, text = tags["Result"]
        if _unescape(text) != result_text(match):
            raise bad(line_no, f"the record says the result is '{_unescape(text)}', but its moves give "
                               f"'{result_text(match)}' (the record was edited, or written by a version "
                               "of Lowlands with different rules).")
    return match
