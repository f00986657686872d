"""A strong bot thinking in another process, so a screen's event loop keeps
running (a search in a thread holds Python's GIL most of the time and starves
it). Used by the TUI for the strong level and for hints; random and greedy
decide in milliseconds and need none of this.

``Thinker`` owns one worker process (started on first use with the "spawn"
method: never a fork of a process that runs threads) and one stop flag the
search polls. Positions go over as (game id, msgpack bytes of the state); the
answer comes back as move notation (``parse(notation(m)) == m`` for every game).
The thinking time counts from the request: the worker's search gets what is
left of it (less ``ANSWER_SECONDS``), so a slow start of the worker process or
a busy queue does not add to the time a decision takes. So that the first
decision of a table is not cut short by that start (spawning Python and
importing the rules took most of a 1 s budget), a table with a strong bot
calls ``prestart`` when it opens: the process starts and imports the game in
the background, off the caller's thread.
"""

from __future__ import annotations

import atexit
import concurrent.futures as cf
import contextlib
import multiprocessing as mp
import sys
import threading
import time
from typing import Any, Iterator

import msgspec

_stop: Any = None  # the worker's copy of the stop flag

#: Seconds kept for sending the answer back to the app.
ANSWER_SECONDS = 0.01


@contextlib.contextmanager
def _real_stderr() -> Iterator[None]:
    """The process's own stderr while starting processes: Textual replaces
    ``sys.stderr`` with a capture whose ``fileno()`` is -1, which
    multiprocessing would pass on to the new process (and fail)."""
    old = sys.stderr
    if sys.__stderr__ is not None:
        sys.stderr = sys.__stderr__
    try:
        yield
    finally:
        sys.stderr = old


def _init(stop: Any) -> None:
    global _stop
    _stop = stop


def _warm(game_id: str) -> None:
    """In the worker: import what a search of ``game_id`` needs (the rules, the
    bots), so the first real request finds them loaded."""
    import core
    import core.bots.hint  # noqa: F401  (imports the search too)

    core.get_game(game_id)


def _think(
    game_id: str, state: bytes, seed: int, seconds: float, want_hint: bool, asked: float | None = None
) -> tuple[str, Any]:
    """In the worker: (notation of the strong move, the hint or None). The hint
    is (other notation or None, margin VP, gain VP, iterations, over_time), for
    ``hint.hint_line`` with the screen's own words for the two moves.
    ``asked``: ``time.monotonic()`` when the app asked (one clock for every
    process); the search gets what is left of ``seconds`` since then."""
    import core
    from core.bots.hint import hint
    from core.bots.strong import DEFAULT_ITERATIONS, search

    game = core.get_game(game_id)
    s = msgspec.msgpack.decode(state, type=game.State)
    if asked is not None:
        seconds = max(0.0, seconds - (time.monotonic() - asked) - ANSWER_SECONDS)
    stop = (lambda: _stop.is_set()) if _stop is not None else None
    if want_hint:
        h = hint(game, s, seed, seconds=seconds, iterations=DEFAULT_ITERATIONS, should_stop=stop)
        other = None if h.other is None else game.notation(h.other)
        return game.notation(h.move), (other, h.margin, h.gain, h.iterations, h.over_time)
    a = search(game, s, seed, iterations=DEFAULT_ITERATIONS, seconds=seconds, should_stop=stop, reuse=True)
    return game.notation(a.move), None


class Thinker:
    """One worker process for strong-bot decisions and hints, one job at a time."""

    def __init__(self) -> None:
        self._ctx = mp.get_context("spawn")
        self._stop: Any = None
        self._pool: cf.ProcessPoolExecutor | None = None
        self._lock = threading.Lock()  # start (from a helper thread) and submit may race

    def _submit(self, fn: Any, *args: Any) -> cf.Future:
        with self._lock, _real_stderr():  # the worker (and multiprocessing's helper) start on the first submit
            if self._stop is None:
                self._stop = self._ctx.Event()
            if self._pool is None:
                self._pool = cf.ProcessPoolExecutor(1, mp_context=self._ctx, initializer=_init, initargs=(self._stop,))
            return self._pool.submit(fn, *args)

    def start(self, game_id: str) -> cf.Future:
        """Start the worker process (if not running) and have it import the rules
        of ``game_id`` and the search; the Future ends when it has. Blocks the
        caller while the process is spawned (tens of milliseconds): ``prestart``
        does it in a thread."""
        return self._submit(_warm, game_id)

    def submit(self, game: Any, state: Any, seed: int, seconds: float, hint: bool = False) -> cf.Future:
        """Start thinking about ``state`` (the true state: the worker looks only at
        the view of the seat to move). The Future gives (notation, hint or None)."""
        if self._stop is not None:
            self._stop.clear()
        asked = time.monotonic()
        return self._submit(_think, game.id, msgspec.msgpack.encode(state), seed, seconds, hint, asked)

    def stop(self) -> None:
        """Ask the running search to end now (its answer is then ignored)."""
        if self._stop is not None:
            self._stop.set()

    def close(self) -> None:
        """Stop any search and end the worker process."""
        self.stop()
        with self._lock:
            if self._pool is not None:
                self._pool.shutdown(wait=True, cancel_futures=True)  # the search stops within milliseconds
                self._pool = None


_thinker: Thinker | None = None


def thinker() -> Thinker:
    """The process-wide Thinker (created on first use)."""
    global _thinker
    if _thinker is None:
        _thinker = Thinker()
        atexit.register(close)
    return _thinker


def prestart(game_id: str) -> None:
    """Start the process-wide Thinker's worker and load ``game_id``'s rules in it,
    in a background thread (spawning a process would hold up an event loop), so
    a table's first strong decision gets its whole budget. Returns at once."""
    t = thinker()
    threading.Thread(target=t.start, args=(game_id,), name="bot-prestart", daemon=True).start()


def close() -> None:
    """End the process-wide Thinker's worker, if any (at app exit)."""
    global _thinker
    if _thinker is not None:
        _thinker.close()
        _thinker = None
