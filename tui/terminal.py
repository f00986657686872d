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
switches a panel). ``SplitEscape`` drops a ``[`` that comes within
``TAIL_SECONDS`` of an Escape, with the rest of the CSI sequence after it
(parameter bytes, then the final byte), so Escape alone is never followed by
its tail being read as commands. (Typing ``[`` within that second of an Escape
loses that ``[``; it is never read as anything else.)
"""

from __future__ import annotations

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

    ``drop(key, character)`` is asked for every key event in order and says
    whether to drop it: a ``[`` within ``TAIL_SECONDS`` of an Escape starts a
    tail, which goes on through CSI parameter and intermediate bytes (0x20-0x3F)
    and ends with its final byte (0x40-0x7E), each within ``TAIL_SECONDS`` of
    the one before. Anything else passes (and ends a tail).

    Args:
        clock: seconds, monotonic (for tests).
    """

    TAIL_SECONDS = 1.0

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._escape_at: float | None = None  # the last Escape, if it was the last key
        self._tail_at: float | None = None  # the last byte of a tail being dropped

    def drop(self, key: str, character: str | None) -> bool:
        now = self._clock()
        code = ord(character) if character and len(character) == 1 else -1
        if self._tail_at is not None:
            recent = now - self._tail_at <= self.TAIL_SECONDS
            if recent and 0x20 <= code <= 0x3F:
                self._tail_at = now
                return True
            self._tail_at = None
            if recent and 0x40 <= code <= 0x7E:
                return True  # the final byte: the tail is over
        if key == "escape":
            self._escape_at = now
            return False
        escape_at, self._escape_at = self._escape_at, None
        if character == "[" and escape_at is not None and now - escape_at <= self.TAIL_SECONDS:
            self._tail_at = now
            return True
        return False


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

        def _enable_mouse_pixels(self) -> None:
            return

        def _enable_in_band_window_resize(self) -> None:
            return

        def process_message(self, message: Any) -> None:
            if isinstance(message, events.Key):
                if self._split_escape is None:
                    self._split_escape = SplitEscape()
                if self._split_escape.drop(message.key, message.character):
                    return
            if isinstance(message, InBandWindowResize):
                if message.supported and message.enabled:  # on already: off again
                    self.write("\x1b[?2048l")
                    self.flush()
                return  # (the driver then keeps reading sizes from SIGWINCH)
            super().process_message(message)

    NoPixelMouseDriver.__name__ = f"NoPixelMouse{base.__name__}"
    return NoPixelMouseDriver


__all__ = ["SplitEscape", "guard_parser", "no_pixel_mouse_driver"]
