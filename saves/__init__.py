"""Lowlands persistence: save/load/autosave of Matches, game records.

Arrows point tui -> saves -> core: this package never imports textual.
See DESIGN.md, "Saves", and the module docstrings of ``saves.format`` (the
JSON format), ``saves.store`` (files and folders) and ``saves.record``
(plain-text game records).
"""

from saves.format import FORMAT, VERSION, MoveBroken, SaveError, StateMismatch, decode_match, encode_match
from saves.record import export_text
from saves.store import (
    SaveInfo,
    autosave,
    autosave_path,
    data_dir,
    fork,
    list_autosaves,
    load,
    load_partial,
    save,
    save_info,
)

__all__ = [
    "FORMAT",
    "VERSION",
    "MoveBroken",
    "SaveError",
    "SaveInfo",
    "StateMismatch",
    "autosave",
    "autosave_path",
    "data_dir",
    "fork",
    "decode_match",
    "encode_match",
    "export_text",
    "list_autosaves",
    "load",
    "load_partial",
    "save",
    "save_info",
]
