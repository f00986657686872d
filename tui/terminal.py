"""Terminal-driver adjustments: no pixel mouse reporting (issue 10 item 9).

Textual (8.x) switches a terminal that supports in-band window resize reports
(mode 2048) into SGR-pixels mouse mode (``ESC[?1016h``), then divides mouse
positions by the pixel size the terminal reported. A terminal reporting a
0x0 pixel size makes that a division by zero on the first mouse event
(upstream textual#6706), which ends the app.

Textual has no setting for this, so Lowlands overrides it in the two places
involved, both as small as possible:

* ``NoPixelMouseDriver`` (given to Textual through its public
  ``App.get_driver_class`` hook): never enables mode 2048 nor 1016, and turns
  2048 off if the terminal had it on; sizes then come from SIGWINCH, as in
  every other terminal, and mouse positions are in cells.
* ``guard_parser``: Textual's input parser (``textual._xterm_parser.XTermParser``)
  switches itself to pixel coordinates when it sees an in-band resize report;
  its ``mouse_pixels`` flag is pinned to False (a class-level property that
  ignores assignments), so positions are always read as cells.

Remove both once Textual has a setting for it or handles a 0x0 pixel size.

The same driver also drops the tail of a split escape sequence (issue 10 item
10): over a slow link an arrow key (``ESC [ A``) can arrive as ``ESC``, then
``[A`` a moment later; Textual reports the lone ``ESC`` as Escape once its
escape delay is over, and would then read ``[`` and ``A`` as keys (``[``
switches a panel). ``SplitEscape`` holds back a ``[`` that comes within
``TAIL_SECONDS`` of an Escape for ``HOLD_SECONDS``: followed at once by the
rest of a CSI sequence (parameter bytes, then the final byte: they come in the
same read), all of it is dropped, so Escape alone is never followed by its tail
being read as commands; followed by nothing (a ``[`` typed by hand after
Escape) or by a whole key, the ``[`` is passed on, that much later.
"""

from __future__ import annotations

import threading
import time
from typing import Any, Callable

_guarded = False


def guard_parser() -> None:
    """Pin ``XTermParser.mouse_pixels`` to False (idempotent)."""
    global _guarded
    if _guarded:
        return
    from textual._xterm_parser import XTermParser

    XTermParser.mouse_pixels = property(lambda self: False, lambda self, value: None)  # type: ignore[assignment]
    _guarded = True


class SplitEscape:
    """Decides which key events are the tail of a split escape sequence.

    ``drop(key, character)`` is asked for every key event in order and answers
    ``PASS`` (send it on), ``DROP`` (drop it, and a ``[`` held back before it)
    or ``HOLD`` (hold it back: a ``[`` within ``TAIL_SECONDS`` of an Escape,
    which may start a tail). A key after a held ``[`` that continues a CSI
    sequence within ``HOLD_SECONDS`` (parameter and intermediate bytes
    0x20-0x3F, or the final byte 0x40-0x7E) makes it a tail: it is dropped,
    and so are the rest of its bytes, each within ``TAIL_SECONDS`` of the one
    before. Any other key (answered as it would be without the ``[``), or none
    within ``HOLD_SECONDS`` (``expire()``), lets the held ``[`` go: the caller
    sends it then, before that key.

    Args:
        clock: seconds, monotonic (for tests).
    """

    TAIL_SECONDS = 1.0
    #: how long a '[' after an Escape waits for the rest of a sequence (its bytes
    #: come in the same read, microseconds apart; a person types the next key
    #: 50 ms or more later)
    HOLD_SECONDS = 0.1
    PASS, DROP, HOLD = "pass", "drop", "hold"

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._escape_at: float | None = None  # the last Escape, if it was the last key
        self._held_at: float | None = None  # a '[' held back after an Escape
        self._tail_at: float | None = None  # the last byte of a tail being dropped

    def expire(self) -> bool:
        """No key came within ``HOLD_SECONDS`` of a held ``[``: True if one was
        held (the caller sends it now)."""
        held, self._held_at = self._held_at is not None, None
        return held

    def drop(self, key: str, character: str | None) -> str:
        now = self._clock()
        code = ord(character) if character and len(character) == 1 else -1
        if self._held_at is not None:
            soon = now - self._held_at <= self.HOLD_SECONDS
            self._held_at = None
            if soon and 0x20 <= code <= 0x3F:
                self._tail_at = now
                return self.DROP
            if soon and 0x40 <= code <= 0x7E:
                return self.DROP  # the final byte: the tail is over
            # (typed by hand: the '[' goes first, then this key as any other)
        if self._tail_at is not None:
            recent = now - self._tail_at <= self.TAIL_SECONDS
            if recent and 0x20 <= code <= 0x3F:
                self._tail_at = now
                return self.DROP
            self._tail_at = None
            if recent and 0x40 <= code <= 0x7E:
                return self.DROP  # the final byte: the tail is over
        if key == "escape":
            self._escape_at = now
            return self.PASS
        escape_at, self._escape_at = self._escape_at, None
        if character == "[" and escape_at is not None and now - escape_at <= self.TAIL_SECONDS:
            self._held_at = now
            return self.HOLD
        return self.PASS


def no_pixel_mouse_driver(base: type) -> type:
    """``base`` (Textual's driver class for this platform) without pixel mouse
    reporting, when it is the Linux/macOS driver; else ``base`` unchanged."""
    try:
        from textual.drivers.linux_driver import LinuxDriver
    except ImportError:  # pragma: no cover - Windows
        return base
    if not issubclass(base, LinuxDriver):
        return base
    from textual import events
    from textual.messages import InBandWindowResize

    class NoPixelMouseDriver(base):  # type: ignore[misc, valid-type]
        """Textual's driver, minus in-band resize reports and pixel mouse mode,
        and minus the tails of split escape sequences (``SplitEscape``)."""

        _split_escape: SplitEscape | None = None
        _held: Any = None  # a '[' held back after an Escape (SplitEscape.HOLD)

        def _enable_mouse_pixels(self) -> None:
            return

        def _enable_in_band_window_resize(self) -> None:
            return

        def process_message(self, message: Any) -> None:
            if isinstance(message, events.Key):
                self._key(message)
                return
            self._pass(message)

        def _key(self, message: Any) -> None:
            """A key, through SplitEscape (the input thread; the timer of a held '['
            may send it from its own thread meanwhile: both under the lock)."""
            if self._split_escape is None:
                self._split_escape = SplitEscape()
                self._escape_lock = threading.Lock()
            guard = self._split_escape
            with self._escape_lock:
                verdict = guard.drop(message.key, message.character)
                held, self._held = self._held, None
                if held is not None and verdict != guard.DROP:
                    super().process_message(held)  # typed by hand: first, in its place
                if verdict == guard.HOLD:
                    self._held = message
                    timer = threading.Timer(guard.HOLD_SECONDS, self._hold_over, (message,))
                    timer.daemon = True
                    timer.start()
                elif verdict == guard.PASS:
                    super().process_message(message)

        def _hold_over(self, message: Any) -> None:
            """No key followed a held '[' in time: it was typed by hand; send it."""
            with self._escape_lock:
                if self._held is message and self._split_escape is not None and self._split_escape.expire():
                    self._held = None
                    if getattr(self, "exit_event", None) is not None and self.exit_event.is_set():
                        return  # the app is ending: nobody to send it to
                    try:
                        super().process_message(message)
                    except RuntimeError:  # pragma: no cover - the app's loop closed meanwhile
                        pass

        def _pass(self, message: Any) -> None:
            if isinstance(message, InBandWindowResize):
                if message.supported and message.enabled:  # on already: off again
                    self.write("\x1b[?2048l")
                    self.flush()
                return  # (the driver then keeps reading sizes from SIGWINCH)
            super().process_message(message)

    NoPixelMouseDriver.__name__ = f"NoPixelMouse{base.__name__}"
    return NoPixelMouseDriver


__all__ = ["SplitEscape", "guard_parser", "no_pixel_mouse_driver"]
