"""The player's settings, kept between runs: the theme and the look they chose.

Stored as JSON (msgspec) in ``config.json`` inside the config folder:
``$LOWLANDS_CONFIG_DIR`` if set, else ``platformdirs.user_config_dir("lowlands")``.
A missing or unreadable file gives the defaults; writes are atomic.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Sequence

import msgspec
import platformdirs

CONFIG_FILE = "config.json"


class LastTable(msgspec.Struct, kw_only=True):
    """The new-game form as last started, to pre-fill it next time.

    Attributes:
        game: the game id ("" when no game was started yet).
        players: the seat names in order.
        bots: per seat, whether it is a bot.
        levels: per seat, the bot level.
        bot_time: seconds a strong bot thinks.
        undo: the undo policy ("friendly" or "strict").
        curtain: the hand-over curtain switch.
        options: the game's options (field name -> value).
    """

    game: str = ""
    players: list[str] = []
    bots: list[bool] = []
    levels: list[str] = []
    bot_time: float = 1.0
    undo: str = "friendly"
    curtain: bool = False
    options: dict[str, object] = {}


class Config(msgspec.Struct, kw_only=True):
    """Settings remembered across runs.

    Attributes:
        theme: the Textual theme name last chosen (e.g. "lowlands-dark").
        ascii: the ASCII look (plain ASCII glyphs), as last chosen in the app.
        last_table: the last table started (from the new-game form or ``lowlands new``).
    """

    theme: str = "lowlands-dark"
    ascii: bool = False
    last_table: LastTable = msgspec.field(default_factory=LastTable)


def last_table_of(match: Any, curtain: bool, levels: Sequence[str] | None = None) -> LastTable:
    """The table of ``match`` (a ``core.match.Match``) as the new-game form
    pre-fills it: its game, seats (names, bots and their levels), bot time,
    undo policy and options, and the ``curtain`` switch. ``levels`` overrides
    the per-seat levels (the form keeps a level chosen for a seat that is not
    a bot); otherwise a bot's own level and "strong" for a human."""
    seats = list(match.seats)
    return LastTable(
        game=match.game.id,
        players=[s.name for s in seats],
        bots=[s.kind == "bot" for s in seats],
        levels=list(levels) if levels is not None else [s.level if s.kind == "bot" else "strong" for s in seats],
        bot_time=float(getattr(match, "bot_time", 1.0) or 1.0),
        undo=str(getattr(match, "undo_policy", "friendly")),
        curtain=curtain,
        options=msgspec.to_builtins(match.options) if getattr(match, "options", None) is not None else {},
    )


def remember_table(folder: Path, table: LastTable, config: Config | None = None) -> bool:
    """Keep ``table`` as ``Config.last_table`` in ``folder``/config.json
    (``config``: the Config already loaded, else read from the folder).
    Returns False, writing nothing more, if it could not be written (the game
    starts all the same). Used by the new-game form and ``lowlands new``."""
    try:
        config = config or load_config(folder)
        config.last_table = table
        save_config(config, folder)
    except Exception:  # noqa: BLE001 - not remembered: the game still starts
        return False
    return True


def config_dir(override: Path | str | None = None) -> Path:
    """The folder holding config.json: ``override``, else $LOWLANDS_CONFIG_DIR,
    else the platform's user config folder for "lowlands"."""
    if override is not None:
        return Path(override)
    env = os.environ.get("LOWLANDS_CONFIG_DIR")
    if env:
        return Path(env)
    return Path(platformdirs.user_config_dir("lowlands"))


def load_config(folder: Path) -> Config:
    """The Config in ``folder``; the defaults if the file is missing or unreadable."""
    try:
        return msgspec.json.decode((folder / CONFIG_FILE).read_bytes(), type=Config)
    except (OSError, msgspec.DecodeError, msgspec.ValidationError):
        return Config()


def save_config(config: Config, folder: Path) -> Path:
    """Write ``config`` atomically to ``folder``/config.json (``saves.store.write_atomic``:
    temp file, fsync, os.replace; the folder is created); returns the path.

    An existing config.json that is not a readable config (hand-edited, or
    another program's) is never written over: it is first renamed to
    ``config.json.unreadable`` (``.unreadable-2``, ... if taken).
    Raises OSError if the folder cannot be created or written.
    """
    from saves import store

    target = folder / CONFIG_FILE
    _keep_unreadable(target)
    store.write_atomic(target, msgspec.json.format(msgspec.json.encode(config)))
    return target


def _keep_unreadable(target: Path) -> None:
    """Rename ``target`` aside if it exists but does not decode as a Config."""
    try:
        data = target.read_bytes()
    except FileNotFoundError:
        return
    except IsADirectoryError:
        raise
    except OSError:
        data = b""
    try:
        msgspec.json.decode(data, type=Config)
        return
    except (msgspec.DecodeError, msgspec.ValidationError):
        pass
    n = 1
    while True:
        aside = target.with_name(target.name + (".unreadable" if n == 1 else f".unreadable-{n}"))
        if not aside.exists():
            os.replace(target, aside)
            return
        n += 1
