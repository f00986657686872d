"""Autosaves off the event loop, in order, never lost.

A decision's autosave (``saves.autosave``: encode, write a temporary file,
fsync, rename, fsync the folder, update the index) takes a few to tens of
milliseconds, mostly waiting for the disk. ``save_later`` hands it to one
background thread, so the screen answers the next key at once; ``save_now``
first waits for every save handed over before it, then saves at once (used
when quitting, on hang-up, going back to the launcher and when review drops
decisions, so an older save can never land after a newer one).

The thread saves a snapshot of the match taken when the save was asked for
(``snapshot``: its lists copied; states are never mutated), so the next
decision may change the live match meanwhile. It starts ``SAVE_AFTER`` seconds
later: the decision's frame is still being written to the terminal (by
Textual's output thread) just after the repaint, and a save started at once
competes with it for the interpreter and the CPU (under load a decision's last
byte came about a third later). Saves run one at a time in the
order asked (one worker), and the worker is joined when the interpreter exits,
so a save asked for is written before the program ends.
"""

from __future__ import annotations

import copy
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable

_lock = threading.Lock()
_executor: ThreadPoolExecutor | None = None
_last: Future[Any] | None = None


def _pool() -> ThreadPoolExecutor:
    global _executor
    with _lock:
        if _executor is None:
            _executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="lowlands-autosave")
        return _executor


def snapshot(match: Any) -> Any:
    """A copy of ``match`` as it is now, for saving while the live one goes on.

    Shallow (the game, seats and states are shared: states are replaced, never
    mutated); the lists a decision, undo or redo changes are copied.
    """
    snap = copy.copy(match)
    for name in ("moves", "movers", "snapshots", "seats"):
        value = getattr(match, name, None)
        if isinstance(value, list):
            setattr(snap, name, list(value))
    redo = getattr(match, "_redo", None)
    if isinstance(redo, list):
        snap._redo = [list(group) for group in redo]
    return snap


def _autosave(match: Any, root: Path) -> Path:
    """``saves.autosave``, unless another copy of Lowlands holds the match's lock
    (``saves.lock``): then SaveError, and that copy's autosave is left alone."""
    from saves import SaveError, autosave
    from saves.lock import MatchLocked, holder

    other = holder(root, match.id)
    if other is not None:
        raise SaveError(f"{MatchLocked(other)} Not autosaved here, so its game is kept.")
    return autosave(match, root)


#: seconds a background save waits before it starts (see the module's doc)
SAVE_AFTER = 0.05


def _autosave_after(match: Any, root: Path, wait: float) -> Path:
    if wait > 0:
        time.sleep(wait)  # (the output thread writes the frame meanwhile)
    return _autosave(match, root)


def save_later(match: Any, root: Path, done: Callable[[Future[Path]], None] | None = None,
               wait: float = SAVE_AFTER) -> Future[Path]:
    """Autosave (a snapshot of) ``match`` under ``root`` in the background,
    starting ``wait`` seconds from now (after the saves asked for before it).

    Returns the Future of ``saves.autosave``'s path (its exception: SaveError /
    OSError; SaveError too when another copy holds the match's lock). ``done(future)`` is called in the saving thread when it ends.
    """
    global _last
    snap = snapshot(match)
    future = _pool().submit(_autosave_after, snap, root, wait)
    with _lock:
        _last = future
    if done is not None:
        future.add_done_callback(done)
    return future


def flush(timeout: float | None = 30.0) -> None:
    """Wait until every save handed to ``save_later`` so far has ended."""
    with _lock:
        last = _last
    if last is not None:
        try:
            last.exception(timeout=timeout)  # saves run in order: the last ends last
        except Exception:  # noqa: BLE001 - a timeout: go on (the next save still happens)
            pass


def save_now(match: Any, root: Path) -> Path:
    """Wait for the background saves, then autosave ``match`` at once.

    Returns the path; raises what ``saves.autosave`` raises, and SaveError if
    another copy of Lowlands holds the match's lock.
    """
    flush()
    return _autosave(match, root)


__all__ = ["flush", "save_later", "save_now", "snapshot"]
