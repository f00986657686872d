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
"""

from __future__ import annotations

from typing import Any

_guarded = False


def guard_parser() -> None:
    """Pin ``XTermParser.mouse_pixels`` to False (idempotent)."""
    global _guarded
    if _guarded:
        return
    from textual._xterm_parser import XTermParser

    XTermParser.mouse_pixels = property(lambda self: False, lambda self, value: None)  # type: ignore[assignment]
    _guarded = True


def no_pixel_mouse_driver(base: type) -> type:
    """``base`` (Textual's driver class for this platform) without pixel mouse
    reporting, when it is the Linux/macOS driver; else ``base`` unchanged."""
    try:
        from textual.drivers.linux_driver import LinuxDriver
    except ImportError:  # pragma: no cover - Windows
        return base
    if not issubclass(base, LinuxDriver):
        return base
    from textual.messages import InBandWindowResize

    class NoPixelMouseDriver(base):  # type: ignore[misc, valid-type]
        """Textual's driver, minus in-band resize reports and pixel mouse mode."""

        def _enable_mouse_pixels(self) -> None:
            return

        def _enable_in_band_window_resize(self) -> None:
            return

        def process_message(self, message: Any) -> None:
            if isinstance(message, InBandWindowResize):
                if message.supported and message.enabled:  # on already: off again
                    self.write("\x1b[?2048l")
                    self.flush()
                return  # (the driver then keeps reading sizes from SIGWINCH)
            super().process_message(message)

    NoPixelMouseDriver.__name__ = f"NoPixelMouse{base.__name__}"
    return NoPixelMouseDriver


__all__ = ["guard_parser", "no_pixel_mouse_driver"]
