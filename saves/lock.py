"""Locks on live matches: one copy of Lowlands plays a match at a time.

Two copies continuing the same autosave would both play on and the last to quit
would overwrite the other's game. While a copy plays a match it holds
``<data dir>/autosave/.<match id>.lock``, a small JSON file with its process id
and host name. Another copy that finds the lock is told who holds it (and can
review the game read-only or continue a copy under a new id). A lock whose
process is gone (same host, no such process), or that cannot be read, is stale
and is taken over. The file starts with a dot, so ``list_autosaves`` never
lists it, and it is removed when the copy lets the match go or exits.
"""

from __future__ import annotations

import atexit
import os
import socket
import threading
from pathlib import Path

import msgspec

from saves.store import AUTOSAVE_DIR

#: lock file name pattern inside the autosave folder
LOCK_NAME = ".{id}.lock"


class LockInfo(msgspec.Struct):
    """What a lock file holds: the process (pid on host) and when it took it (ISO 8601)."""

    pid: int
    host: str
    since: str = ""


class MatchLocked(Exception):
    """The match is being played by another copy of Lowlands.

    Attributes:
        holder: the LockInfo of the copy holding it.
    """

    def __init__(self, holder: LockInfo) -> None:
        where = "" if holder.host == socket.gethostname() else f" on {holder.host}"
        super().__init__(f"This game is open in another copy of Lowlands (process {holder.pid}{where}).")
        self.holder = holder


def lock_path(root: str | os.PathLike[str], match_id: str) -> Path:
    """The lock file of match ``match_id`` under the data folder ``root``."""
    return Path(root) / AUTOSAVE_DIR / LOCK_NAME.format(id=match_id)


def _alive(info: LockInfo) -> bool:
    """Whether the lock's process still runs (always True for another host:
    it cannot be checked from here)."""
    if info.host != socket.gethostname():
        return True
    if info.pid == os.getpid():
        return True
    try:
        os.kill(info.pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process, alive
        return True
    except OSError:
        return False
    return True


def read_lock(path: Path) -> LockInfo | None:
    """The lock at ``path``; None if there is none or it cannot be read."""
    try:
        return msgspec.json.decode(path.read_bytes(), type=LockInfo)
    except (OSError, msgspec.DecodeError, msgspec.ValidationError):
        return None


_held: dict[Path, LockInfo] = {}
_held_lock = threading.Lock()


def holder(root: str | os.PathLike[str], match_id: str) -> LockInfo | None:
    """The live lock another process holds on the match, else None (no lock,
    a stale one, or our own)."""
    info = read_lock(lock_path(root, match_id))
    if info is None or not _alive(info) or (info.pid == os.getpid() and info.host == socket.gethostname()):
        return None
    return info


def acquire(root: str | os.PathLike[str], match_id: str) -> Path:
    """Take the lock on ``match_id`` for this process; returns its path.

    Succeeds when there is no lock, a stale one (its process is gone, or the
    file is unreadable) or our own. Raises MatchLocked when another live copy
    holds it, OSError when the folder cannot be written.
    """
    from datetime import datetime, timezone

    path = lock_path(root, match_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    me = LockInfo(os.getpid(), socket.gethostname(), datetime.now(timezone.utc).isoformat(timespec="seconds"))
    data = msgspec.json.encode(me)
    for _attempt in range(3):
        try:
            _create(path, data)
        except FileExistsError:
            other = read_lock(path)
            if other is not None and _alive(other):
                if (other.pid, other.host) == (me.pid, me.host):
                    break  # ours already
                raise MatchLocked(other) from None
            try:  # stale: remove it and try again (another copy may race us: O_EXCL decides)
                os.unlink(path)
            except FileNotFoundError:
                pass
            continue
        break
    else:
        other = read_lock(path)
        raise MatchLocked(other or LockInfo(-1, "?"))
    with _held_lock:
        _held[path] = me
    return path


def _create(path: Path, data: bytes) -> None:
    """Create ``path`` holding ``data`` all at once (a temporary file linked into
    place), so no reader ever sees it empty. Raises FileExistsError if it exists."""
    import tempfile

    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        try:
            os.link(tmp, path)
        except FileExistsError:
            raise
        except OSError:  # no hard links here (e.g. FAT): an exclusive create instead
            fd2 = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            with os.fdopen(fd2, "wb") as f:
                f.write(data)
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass


def release(root: str | os.PathLike[str], match_id: str) -> None:
    """Give up this process's lock on ``match_id`` (a lock held by another
    process is left alone). Never raises."""
    _release(lock_path(root, match_id))


def _release(path: Path) -> None:
    with _held_lock:
        _held.pop(path, None)
    info = read_lock(path)
    if info is not None and (info.pid, info.host) == (os.getpid(), socket.gethostname()):
        try:
            os.unlink(path)
        except OSError:
            pass


def release_all() -> None:
    """Give up every lock this process holds (also run at interpreter exit)."""
    with _held_lock:
        paths = list(_held)
    for p in paths:
        _release(p)


def held() -> list[Path]:
    """The lock files this process holds."""
    with _held_lock:
        return list(_held)


atexit.register(release_all)

__all__ = ["LockInfo", "MatchLocked", "acquire", "held", "holder", "lock_path", "read_lock", "release", "release_all"]
