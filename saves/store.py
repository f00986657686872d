"""Save files on disk: where they live, atomic writes, loading, autosaves.

DESIGN.md, "Saves": the data folder is ``platformdirs.user_data_dir("lowlands")``
unless ``--data-dir`` or ``LOWLANDS_DATA_DIR`` says otherwise; autosaves are
``<data dir>/autosave/<match id>.json``; every write goes to a temporary file in
the same folder, is flushed and fsync'ed, then renamed over the target with
``os.replace``, so a crash leaves either the old file or the new one. Reading a
save never modifies, rewrites or deletes it, however broken it is.

``autosave`` also keeps ``autosave/.index.json``: per file, its inode, size and
modification time when written, and what it holds (players, decisions, over).
``list_autosaves`` replays only the files whose identity no longer matches (or
that the index does not know), so the launcher starts fast however many saved
games there are, and a file edited behind Lowlands' back is still checked.
"""

from __future__ import annotations

import os
import re
import tempfile
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec
import platformdirs

if TYPE_CHECKING:
    from core.match import Match
from saves.format import SaveError, SaveFile, decode_match, decode_partial, encode_file, encode_match, read_file, to_file

#: Environment variable that overrides the data folder (``--data-dir`` wins over it).
ENV_DATA_DIR = "LOWLANDS_DATA_DIR"
#: Sub-folder of the data folder holding one autosave per match.
AUTOSAVE_DIR = "autosave"
#: In that folder: what ``autosave`` knows about the files it wrote, so that
#: ``list_autosaves`` need not replay a file that has not changed since.
INDEX_NAME = ".index.json"
#: Sub-folder of the data folder where exported game records go by default
#: (the in-game export dialog's path); ``list_records`` lists it.
RECORDS_DIR = "records"


class SaveInfo(msgspec.Struct):
    """One autosave as the launcher lists it.

    Attributes:
        path: the file, as a string.
        game_id: the game's id ("gift-of-tulips"); "" if unreadable.
        title: the game's title ("Gift of Tulips"); the id if the game is unknown.
        players: the seat names in turn order.
        ply: decisions made so far.
        over: whether the game has ended.
        updated: when it was last saved (ISO 8601, UTC), or the file's
            modification time if the file does not say.
        error: "" when the save loads; else the SaveError sentence.
        partial: for a save broken at some move, how many decisions before it
            replay (a read-only review can show them: ``load_partial``); -1
            otherwise.
        created: when the game was started, or copied (``fork``) (ISO 8601).
        seed: the game's seed (a copy has its original's).
        copied_from: the id of the game it was copied from (``fork``); "" for
            an original (the launcher marks a copy "(copy)").
        bots: per seat (as ``players``), the bot's level ("strong") or "" for
            a human; [] when the file does not say.
        to_move: the seat (index into ``players``) whose decision is pending;
            -1 once the game is over, or when not known (a damaged file).
    """

    path: str
    game_id: str = ""
    title: str = ""
    players: list[str] = []
    ply: int = 0
    over: bool = False
    updated: str = ""
    error: str = ""
    partial: int = -1
    created: str = ""
    seed: int = 0
    bots: list[str] = []
    copied_from: str = ""
    to_move: int = -1


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The folder for Lowlands' data, created if missing.

    Precedence: ``override`` (the ``--data-dir`` option), then the
    ``LOWLANDS_DATA_DIR`` environment variable, then
    ``platformdirs.user_data_dir("lowlands")``.
    Raises SaveError if the folder cannot be created, in plain words ("The data
    folder /tmp/notes is a file, not a folder.", "... cannot be created: you may
    not write in /srv (permission denied).").
    """
    if override is not None and str(override) != "":
        path = Path(override)
    elif os.environ.get(ENV_DATA_DIR):
        path = Path(os.environ[ENV_DATA_DIR])
    else:
        path = Path(platformdirs.user_data_dir("lowlands", appauthor=False))
    path = path.expanduser()
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        if path.exists() and not path.is_dir():
            raise SaveError(f"The data folder {path} is a file, not a folder.", str(path)) from None
        # (a file on the way made mkdir say "File exists": why_unwritable names it)
        raise SaveError(f"The data folder {path} cannot be created: {why_unwritable(path / 'x', e)}.",
                        str(path)) from None
    return path


def _umask() -> int:
    """The process umask, read without changing it where the OS allows."""
    try:
        with open("/proc/self/status", "rb") as f:
            for line in f:
                if line.startswith(b"Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)  # elsewhere: the classic read-by-setting, restored at once
    os.umask(mask)
    return mask


def write_atomic(path: str | os.PathLike[str], data: bytes, durable: bool = True) -> os.stat_result:
    """Write ``data`` to ``path`` atomically (temp file, flush, fsync, os.replace).

    The temporary file sits in the same folder (".<name>.<random>.tmp") and is
    removed if anything fails, leaving any previous file untouched. A new file
    gets mode 0666 less the umask; a replaced file keeps its mode.
    ``durable=False`` skips the fsyncs (still atomic, not crash-proof): for
    files that are only a cache. Returns the written file's stat (taken before
    the rename, so it names this write even if another replaced it since).
    Raises OSError.
    """
    target = Path(path)
    folder = target.parent
    folder.mkdir(parents=True, exist_ok=True)
    try:
        mode = target.stat().st_mode & 0o7777
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fchmod(f.fileno(), mode)
            if durable:
                os.fsync(f.fileno())
            written = os.fstat(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    if durable:
        try:  # make the rename itself durable
            dfd = os.open(folder, os.O_RDONLY)
        except OSError:
            return written
        try:
            os.fsync(dfd)
        except OSError:
            pass
        finally:
            os.close(dfd)
    return written


#: What ``file_kind`` calls a file: a Lowlands save, a Lowlands game record,
#: a folder, anything else.
KIND_SAVE, KIND_RECORD, KIND_FOLDER, KIND_OTHER = "save", "record", "folder", "other"
_KIND_WORDS = {KIND_SAVE: "a Lowlands save", KIND_RECORD: "a Lowlands game record",
               KIND_FOLDER: "a folder", KIND_OTHER: "not a Lowlands file"}
#: The first bytes of every game record (``saves.record.export_text``).
RECORD_MAGIC = b'[Event "Lowlands"]'


def why_unwritable(path: str | os.PathLike[str], error: OSError | None = None) -> str:
    """Why ``path`` could not be written, in plain words for a player (no errno
    names, no "[Errno 17]"): "/home/ann/notes is a file, not a folder", "there
    is no folder /mnt/usb", "you may not write in /srv (permission denied)",
    "/media/cd is on a read-only disk", "the disk is full", ... Worked out from
    the path first (a parent that is a file made ``mkdir`` say "File exists"),
    then from ``error``'s errno, else its strerror. ``error`` None: the path
    alone (``lowlands export -o`` checks its folder before writing). Never raises.
    """
    import errno

    target = Path(path)
    code = getattr(error, "errno", None)
    folder = target.parent
    try:
        missing = None
        while not folder.exists():  # the first folder on the way that is there
            missing = folder
            if folder.parent == folder:
                break
            folder = folder.parent
        if folder.exists() and not folder.is_dir():
            return f"{folder} is a file, not a folder"
        if missing is not None and (error is None or code == errno.ENOENT):
            return f"there is no folder {target.parent}"
        if target.is_dir():
            return f"{target} is a folder"
    except OSError:  # (an unreadable parent: the errno says it)
        pass
    if code in (errno.EACCES, errno.EPERM):
        return f"you may not write in {folder} (permission denied)"
    if code == errno.EROFS:
        return f"{folder} is on a read-only disk"
    if code == errno.ENOSPC:
        return "the disk is full"
    if code == getattr(errno, "EDQUOT", None):
        return "your disk quota is used up"
    if code == errno.ENAMETOOLONG:
        return "the file name is too long"
    if code == errno.ENOTDIR:
        return f"a part of {target.parent} is a file, not a folder"
    if code == errno.EISDIR:
        return f"{target} is a folder"
    if code == errno.ENOENT:
        return f"there is no folder {target.parent}"
    if error is None:
        return "it cannot be written"
    return (error.strerror or str(error)).rstrip(".")


def write_error(path: str | os.PathLike[str], error: OSError) -> SaveError:
    """The SaveError for an OSError raised writing ``path``: "PATH could not be
    written: REASON." (``why_unwritable``)."""
    return SaveError(f"{path} could not be written: {why_unwritable(path, error)}.", str(path))


def file_kind(path: str | os.PathLike[str]) -> str | None:
    """What is at ``path``: None (nothing), KIND_FOLDER, KIND_SAVE (JSON with the
    "lowlands-save" marker, damaged or not), KIND_RECORD (starts with
    RECORD_MAGIC) or KIND_OTHER (anything else, also an unreadable file).
    Reads at most the file's first 64 KiB; never raises."""
    p = Path(path)
    try:
        if p.is_dir():
            return KIND_FOLDER
        if not p.exists() and not p.is_symlink():
            return None
        with open(p, "rb") as f:
            head = f.read(65536)
    except OSError:
        return KIND_OTHER
    if head.startswith(RECORD_MAGIC):
        return KIND_RECORD
    text = head.lstrip()
    if text.startswith(b"{") and b'"format"' in text and b'"lowlands-save"' in text:
        return KIND_SAVE
    return KIND_OTHER


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve() or (a.exists() and b.exists() and os.path.samefile(a, b))
    except OSError:
        return False


def check_overwrite(target: str | os.PathLike[str], kind: str, *, reads: tuple[str | os.PathLike[str], ...] = (),
                    force: bool = False) -> None:
    """Refuse a write of a ``kind`` file (KIND_SAVE or KIND_RECORD) to ``target``
    that would destroy something the user did not ask to replace.

    Never allowed, even with ``force``: ``target`` is (the same file as) one of
    ``reads``, the files the command reads; or ``target`` is a folder. Allowed
    only with ``force``: ``target`` exists and is not a ``kind`` file (e.g. a
    save where a record goes, or any other file). An existing file of the same
    kind is replaced (it is what this command writes). Raises SaveError with a
    sentence naming the file and what it holds.
    """
    t = Path(target)
    for r in reads:
        if _same_file(t, Path(r)):
            raise SaveError(f"{t} is the file being read; it is never written over. "
                            "Choose another output file.", str(t))
    found = file_kind(t)
    if found is None or found == kind:
        return
    if found == KIND_FOLDER:
        raise SaveError(f"{t} is a folder; name a file inside it.", str(t))
    if not force:
        held = (_KIND_WORDS[found] if found == KIND_OTHER  # (not "not a Lowlands file, not a Lowlands save")
                else f"{_KIND_WORDS[found]}, not {_KIND_WORDS[kind]}")
        raise SaveError(f"{t} exists and is {held}; it is left as it is (use --force to replace it).", str(t))


def describe_kind(kind: str | None) -> str:
    """"a Lowlands save", "a Lowlands game record", "a folder", "not a Lowlands file"
    ("nothing" for None): for messages."""
    return _KIND_WORDS.get(kind or "", "nothing")


#: The temporary files ``write_atomic`` makes: "." + target name + "." + mkstemp's
#: 8 random characters + ".tmp".
TEMP_PATTERN = re.compile(r"^\..+\.[A-Za-z0-9_]{8}\.tmp$")
#: A temporary file older than this (seconds) is left over from a write that was
#: killed: no write takes that long.
STALE_TEMP_AGE = 600.0


def clean_stale_temp(folders: "list[Path] | tuple[Path, ...]", max_age: float = STALE_TEMP_AGE,
                     now: float | None = None) -> list[Path]:
    """Delete the temporary files ``write_atomic`` left behind in ``folders`` when
    a write was killed midway: regular files named like TEMP_PATTERN, older than
    ``max_age`` seconds. Nothing else is touched (no other names, no
    sub-folders, no links). Returns the files removed; never raises.
    """
    import time

    now = time.time() if now is None else now
    removed: list[Path] = []
    for folder in folders:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for e in entries:
            try:
                if not TEMP_PATTERN.match(e.name) or not e.is_file(follow_symlinks=False):
                    continue
                if now - e.stat(follow_symlinks=False).st_mtime < max_age:
                    continue  # perhaps a write still going on (another copy of Lowlands)
                os.unlink(e.path)
                removed.append(Path(e.path))
            except OSError:
                continue
    return removed


def save(match: Match, path: str | os.PathLike[str]) -> None:
    """Save ``match`` to ``path`` atomically (creating its folder if needed).

    Raises SaveError (naming the file) if it cannot be written; a previous file
    at ``path`` is then left as it was.
    """
    data = encode_match(match)
    try:
        write_atomic(path, data)
    except OSError as e:
        raise write_error(path, e) from None


def _read(path: str | os.PathLike[str]) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise SaveError(f"{path} could not be read ({e.strerror or e}).", str(path)) from None


def load(path: str | os.PathLike[str]) -> Match:
    """The Match saved at ``path``, rebuilt by replaying its moves.

    Opens the file read-only and never modifies, rewrites or deletes it.
    Raises SaveError (see ``decode_match``) or, when the file cannot be read,
    SaveError "<path> could not be read (<reason>)."
    """
    return decode_match(_read(path), str(path))


def load_partial(path: str | os.PathLike[str], each: Any = None) -> tuple[Match, SaveError | None]:
    """The game saved at ``path`` as far as it replays: ``(match, None)`` if the
    whole save loads, else ``(match up to its last legal move, the SaveError
    saying where it broke)`` (``saves.format.decode_partial``), for a read-only
    review. Never modifies the file. Raises SaveError when not even the set-up
    can be rebuilt (or the file cannot be read). ``each(match, before, move)``:
    called after each move replayed (see ``decode_partial``)."""
    return decode_partial(_read(path), str(path), each)


def load_for_review(path: str | os.PathLike[str], each: Any = None) -> tuple[Match, SaveError | None]:
    """What review opens at ``path``: a save as ``load_partial`` gives it, or
    the game of an exported game record (``saves.record.read_record``: whole,
    or refused with a SaveError naming the line). Never modifies the file."""
    from saves.format import NotASave

    data = _read(path)
    if data.lstrip().startswith(RECORD_MAGIC):
        from saves.record import read_record

        return read_record(data, str(path), each), None
    try:
        return decode_partial(data, str(path), each)
    except NotASave as e:  # (review opens records too: "not a Lowlands save" alone misled)
        raise SaveError(f"{e.name} is not a Lowlands save or record ({e.reason}).", str(path)) from None


def fork(match: Match) -> None:
    """Make ``match`` a new game copied from the one it was read from: a new
    ``match.id`` (so its autosave is its own, beside the original's) and a
    ``created`` time of now; ``copied_from`` names the original (the
    launcher marks the copy "(copy)" by it)."""
    import secrets

    from saves.format import now_iso

    match.copied_from = match.id
    match.id = secrets.token_hex(6)
    match.created = now_iso()


def autosave_path(match: Match, root: str | os.PathLike[str]) -> Path:
    """Where ``match`` autosaves: ``root/autosave/<match.id>.json``."""
    return Path(root) / AUTOSAVE_DIR / f"{match.id}.json"


def _unchanged(path: Path, f: SaveFile, size: int) -> bool:
    """Whether the file at ``path`` already holds ``f`` but for its ``updated``
    time (a game opened and left without a decision, undo or redo), so that
    ``updated`` stays the time of the game's last change. ``size``: the bytes
    ``f`` encodes to; a file of another size differs (``updated`` is always
    as long), so after a decision only the file's size is read, not the file."""
    try:
        if path.stat().st_size != size:
            return False
        old = read_file(path.read_bytes(), str(path))
    except (OSError, SaveError):
        return False
    return msgspec.structs.replace(old, updated=f.updated) == f


def autosave(match: Match, root: str | os.PathLike[str]) -> Path:
    """Save ``match`` atomically as its autosave under ``root``; returns the path.
    A file that already holds the same game (moves, seats, options ...) is
    left as it is, so its ``updated`` time stays that of the last change.

    Also records the file's identity (inode, size, mtime) and summary in the
    folder's index (INDEX_NAME), so ``list_autosaves`` need not replay it
    while it is unchanged. Raises SaveError if the save cannot be written (a
    failure to update the index is ignored: it only costs a replay later).
    """
    path = autosave_path(match, root)
    f = to_file(match)
    data = encode_file(f)
    if _unchanged(path, f, len(data)):  # opened and quit without a decision: it keeps its time (and launcher place)
        return path
    try:
        st = write_atomic(path, data)
    except OSError as e:
        raise write_error(path, e) from None
    info = SaveInfo(str(path), match.game.id, match.game.title, [s.name for s in match.seats],
                    match.ply, match.is_over(), f.updated, "", created=f.created, seed=f.seed,
                    copied_from=f.copied_from,
                    bots=[s.level if s.kind == "bot" else "" for s in match.seats],
                    to_move=_seat_to_move(match))
    try:
        _index_put(path, st, info)
    except Exception:  # the index is only a cache: losing it costs a replay
        pass
    return path


def _seat_to_move(match: Match) -> int:
    """``SaveInfo.to_move`` of ``match``: the seat to decide now, -1 once over."""
    seat = None if match.is_over() else match.to_move()
    return -1 if seat is None else seat


class _IndexEntry(msgspec.Struct):
    """One autosave as written: its file identity and what it holds."""

    ino: int
    size: int
    mtime_ns: int
    info: SaveInfo


class _Index(msgspec.Struct):
    """The autosave folder's index (INDEX_NAME): file name -> entry."""

    format: str = "lowlands-autosave-index"
    version: int = 1
    entries: dict[str, _IndexEntry] = {}


def _index_read(folder: Path) -> _Index:
    try:
        idx = msgspec.json.decode((folder / INDEX_NAME).read_bytes(), type=_Index)
    except (OSError, msgspec.DecodeError):
        return _Index()
    return idx if (idx.format, idx.version) == ("lowlands-autosave-index", 1) else _Index()


def _index_put(path: Path, st: os.stat_result, info: SaveInfo) -> None:
    """Record ``info`` for the autosave just written at ``path`` with stat ``st``
    (dropping entries of files that are gone). Atomic, not fsync'ed: a lost
    index only means a replay."""
    folder = path.parent
    idx = _index_read(folder)
    entries = {k: v for k, v in idx.entries.items() if k != path.name and (folder / k).exists()}
    entries[path.name] = _IndexEntry(st.st_ino, st.st_size, st.st_mtime_ns, info)
    write_atomic(folder / INDEX_NAME, msgspec.json.encode(_Index(entries=entries)), durable=False)


def _mtime_iso(path: Path) -> str:
    try:
        ts = path.stat().st_mtime
    except OSError:
        return ""
    return datetime.fromtimestamp(ts, timezone.utc).isoformat(timespec="seconds")


def _sort_key(info: SaveInfo) -> float:
    try:
        dt = datetime.fromisoformat(info.updated)
    except ValueError:
        return float("-inf")
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return dt.timestamp()


def save_info(path: str | os.PathLike[str]) -> SaveInfo:
    """A SaveInfo for one save file; never raises and never touches the file.

    A file that does not load gets ``error`` set to the SaveError sentence and
    whatever header fields could still be read.
    """
    p = Path(path)
    info = SaveInfo(path=str(p))
    match: Match | None = None
    try:
        data = _read(p)
    except SaveError as e:
        info.error, info.updated = str(e), _mtime_iso(p)
        return info
    try:  # the header, as far as it can be read, even if the moves are bad
        f = read_file(data, str(p))
        info.game_id, info.players, info.ply, info.updated = (
            f.game, [s.name for s in f.seats], len(f.moves), f.updated)
        info.created, info.seed, info.copied_from = f.created, f.seed, f.copied_from
        info.bots = [s.level if s.kind == "bot" else "" for s in f.seats]
        from core import GAMES

        game = GAMES.get(f.game)
        info.title = game.title if game is not None else f.game
    except SaveError:
        pass
    try:
        match, broken = decode_partial(data, str(p))
    except SaveError as e:
        info.error = str(e)
    except Exception as e:  # never let one bad file break the list
        info.error = f"{p} could not be read ({e})."
    else:
        if broken is not None:
            info.error, info.partial = str(broken), match.ply
            match = None
    if match is not None:
        info.title, info.game_id = match.game.title, match.game.id
        info.players = [s.name for s in match.seats]
        info.ply, info.over = match.ply, match.is_over()
        info.to_move = _seat_to_move(match)
    if not info.updated or _sort_key(info) == float("-inf"):
        info.updated = _mtime_iso(p)
    return info


def _header_bots(p: Path) -> list[str]:
    """``SaveInfo.bots`` from a save's header (JSON only, no replay); [] if unreadable."""
    try:
        return [s.level if s.kind == "bot" else "" for s in read_file(_read(p), str(p)).seats]
    except Exception:  # the index is only a cache: say nothing
        return []


#: save_info results by (path, inode, size, mtime_ns): a file rewritten since
#: (an atomic save makes a new inode) changes its key.
_INFO_CACHE: dict[tuple[str, int, int, int], SaveInfo] = {}


def _cached_info(p: Path, index: _Index) -> SaveInfo:
    try:
        st = p.stat()
    except OSError:
        return save_info(p)
    key = (str(p), st.st_ino, st.st_size, st.st_mtime_ns)
    hit = _INFO_CACHE.get(key)
    if hit is None:
        e = index.entries.get(p.name)
        if e is not None and (e.ino, e.size, e.mtime_ns) == key[1:] and not e.info.error:
            hit = msgspec.structs.replace(e.info, path=str(p))  # written by autosave, unchanged since
            if not hit.bots and hit.players:  # indexed before SaveInfo had bots: the header says
                hit.bots = _header_bots(p)
        if hit is not None and hit.to_move < 0 and not hit.over:
            hit = None  # indexed before SaveInfo had to_move: replayed (once per process) to say whose turn
        if hit is None:
            hit = save_info(p)
            if hit.error and not hit.title and e is not None and e.info.title:
                # unreadable since: the game and players it held when Lowlands last wrote
                # it (the launcher names them beside the reason)
                hit.title, hit.players = e.info.title, list(e.info.players)
        if len(_INFO_CACHE) > 512:
            _INFO_CACHE.clear()
        _INFO_CACHE[key] = hit
    return msgspec.structs.replace(hit, players=list(hit.players), bots=list(hit.bots))  # a copy the caller may change


def list_autosaves(root: str | os.PathLike[str]) -> list[SaveInfo]:
    """Every autosave under ``root/autosave``, newest first.

    Each file is loaded (replayed) to check it; one that does not load is still
    listed, with ``error`` set. A file that ``autosave`` wrote and that is
    unchanged since (same inode, size and modification time, as recorded in
    the folder's INDEX_NAME) is not replayed again, nor is one this process
    has already checked. Never raises, never modifies or writes a file.
    Temporary files of interrupted writes (".*.tmp") and the index are
    skipped. A missing folder gives [].
    """
    folder = Path(root) / AUTOSAVE_DIR
    try:
        paths = [p for p in folder.iterdir() if p.suffix == ".json" and not p.name.startswith(".")]
    except OSError:
        return []
    index = _index_read(folder)
    infos = [_cached_info(p, index) for p in paths]
    infos.sort(key=lambda i: (_sort_key(i), i.path), reverse=True)
    return infos


def record_info(path: str | os.PathLike[str]) -> SaveInfo:
    """A SaveInfo for one exported game record, read back as review reads it
    (``saves.record.read_record``: set up from its headers, every move replayed
    and checked); never raises and never touches the file.

    ``updated`` is the file's modification time (a record's Date header gives
    only the day the game began); ``created`` and ``seed`` are left empty (0).
    A record that review would refuse, or a file that is not a record at all,
    gets ``error`` set to the sentence saying why (naming the file and, for a
    record, the line).
    """
    p = Path(path)
    info = SaveInfo(path=str(p), updated=_mtime_iso(p))
    try:
        data = _read(p)
        if not data.lstrip().startswith(RECORD_MAGIC):
            raise SaveError(f"{p} is not a Lowlands game record (it does not begin with "
                            f"{RECORD_MAGIC.decode()}).", str(p))
        from saves.record import read_record

        match = read_record(data, str(p))
    except SaveError as e:
        info.error = str(e)
    except Exception as e:  # never let one bad file break the list
        info.error = f"{p} could not be read ({e})."
    else:
        info.game_id, info.title = match.game.id, match.game.title
        info.players = [s.name for s in match.seats]
        info.bots = [s.level if s.kind == "bot" else "" for s in match.seats]
        info.ply, info.over = match.ply, match.is_over()
        info.to_move = _seat_to_move(match)
    return info


#: record_info results by (path, inode, size, mtime_ns), as ``_INFO_CACHE``.
_RECORD_CACHE: dict[tuple[str, int, int, int], SaveInfo] = {}


def list_records(root: str | os.PathLike[str]) -> list[SaveInfo]:
    """Every game record under ``root/records`` (RECORDS_DIR), newest first (by
    the file's modification time), each a ``record_info``: one that review
    would refuse is listed with ``error`` set. The files listed: ``*.txt``
    and any other file that begins as a record does (RECORD_MAGIC); hidden
    files (the temporary files of writes, ".*") are skipped. A file unchanged
    since this process read it (same inode, size and modification time) is not
    replayed again. Never raises, never modifies or writes a file; a missing
    folder gives [].
    """
    folder = Path(root) / RECORDS_DIR
    infos: list[SaveInfo] = []
    try:
        paths = sorted(folder.iterdir())
    except OSError:
        return []
    for p in paths:
        try:
            if p.name.startswith(".") or not p.is_file():
                continue
            st = p.stat()
        except OSError:
            continue
        if p.suffix != ".txt" and file_kind(p) != KIND_RECORD:
            continue
        key = (str(p), st.st_ino, st.st_size, st.st_mtime_ns)
        hit = _RECORD_CACHE.get(key)
        if hit is None:
            hit = record_info(p)
            if len(_RECORD_CACHE) > 512:
                _RECORD_CACHE.clear()
            _RECORD_CACHE[key] = hit
        infos.append(msgspec.structs.replace(hit, players=list(hit.players), bots=list(hit.bots)))
    infos.sort(key=lambda i: (_sort_key(i), i.path), reverse=True)
    return infos


def delete_autosave(path: str | os.PathLike[str], root: str | os.PathLike[str]) -> None:
    """Delete the autosave at ``path`` (a launcher entry the player removes).

    Only a file of this app is removed: a regular ``*.json`` file directly in
    ``root/autosave`` that is a Lowlands save (damaged or not) or that the
    folder's index records as written by ``autosave`` (same inode and size).
    A game whose lock another live copy holds is refused. Raises SaveError
    with the reason; the index entry goes with the file.
    """
    p = Path(path)
    folder = Path(root) / AUTOSAVE_DIR
    try:
        ours = p.parent.resolve() == folder.resolve()
    except OSError:
        ours = False
    if not ours or p.suffix != ".json" or p.name.startswith(".") or p.is_symlink() or not p.is_file():
        raise SaveError(f"{p} is not one of Lowlands' autosaves; it was not deleted.", str(p))
    index = _index_read(folder)
    entry = index.entries.get(p.name)
    try:
        st = p.stat()
    except OSError as e:
        raise SaveError(f"{p} cannot be read ({e.strerror or e}).", str(p)) from None
    written = entry is not None and (entry.ino, entry.size) == (st.st_ino, st.st_size)
    if not written and file_kind(p) != KIND_SAVE:
        raise SaveError(f"{p} is not a Lowlands save; it was not deleted.", str(p))
    from saves.lock import holder

    if holder(root, p.stem) is not None:
        raise SaveError("This game is open in another copy of Lowlands; it was not deleted.", str(p))
    try:
        p.unlink()
    except OSError as e:
        raise SaveError(f"{p} could not be deleted ({e.strerror or e}).", str(p)) from None
    if entry is not None:
        try:
            entries = {k: v for k, v in index.entries.items() if k != p.name}
            write_atomic(folder / INDEX_NAME, msgspec.json.encode(_Index(entries=entries)), durable=False)
        except Exception:  # the index is only a cache
            pass
