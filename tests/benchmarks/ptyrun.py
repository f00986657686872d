"""Run a full-screen program in a real pseudo-terminal and time its output.

Used by the TUI benchmarks: startup until painted, key-to-paint latency, and the
child's peak memory (ru_maxrss from os.wait4). Linux/macOS only (pty, termios).
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import struct
import termios
import time
from dataclasses import dataclass, field

#: CSI / OSC / DCS / two-byte escape sequences, removed before looking for text.
_ANSI = re.compile(
    rb"\x1b\[[0-?]*[ -/]*[@-~]"  # CSI
    rb"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # OSC
    rb"|\x1b[P^_X][^\x1b]*\x1b\\"  # DCS, PM, APC, SOS
    rb"|\x1b[@-Z\\-_]"  # two-byte sequences
    rb"|\x1b[()][0-9A-Za-z]"  # charset selection
)


def visible_text(data: bytes) -> str:
    """``data`` with escape sequences removed, decoded leniently."""
    return _ANSI.sub(b"", data).decode("utf-8", "replace")


@dataclass
class Burst:
    """The output that answered one stimulus (a key, or the start)."""

    t_first: float | None  # seconds from the stimulus to the first byte (None: no output)
    t_last: float | None  # seconds from the stimulus to the last byte before quiet
    nbytes: int


@dataclass
class PtyChild:
    """A child process on the slave side of a new pty of ``cols`` x ``rows``.

    Attributes:
        pid: the child's process id.
        fd: the master side (read the child's output, write its input).
        started: time.perf_counter() just before the fork.
        output: every byte the child has written so far.
    """

    argv: list[str]
    env: dict[str, str]
    cols: int = 120
    rows: int = 40
    cwd: str | None = None
    pid: int = 0
    fd: int = -1
    started: float = 0.0
    output: bytearray = field(default_factory=bytearray)
    rusage: object | None = None
    status: int | None = None

    def spawn(self) -> "PtyChild":
        winsize = struct.pack("HHHH", self.rows, self.cols, 0, 0)
        self.started = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:  # child: the pty is its controlling terminal and stdio
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, winsize)
                if self.cwd:
                    os.chdir(self.cwd)
                os.execve(self.argv[0], self.argv, self.env)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        fcntl.ioctl(fd, termios.TIOCSWINSZ, winsize)
        return self

    # -- reading -----------------------------------------------------------
    def _read_some(self, timeout: float) -> bytes | None:
        """Bytes available within ``timeout`` s; b"" on timeout; None at EOF."""
        r, _, _ = select.select([self.fd], [], [], max(0.0, timeout))
        if not r:
            return b""
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # EIO: the child closed the pty
            return None
        if not data:
            return None
        self.output.extend(data)
        return data

    def wait_painted(self, marker: str, quiet: float = 0.15, timeout: float = 20.0) -> tuple[float, float]:
        """Wait until ``marker`` shows in the output and it has been quiet for ``quiet`` s.

        Returns (seconds from spawn until the marker was seen, seconds from spawn
        until the last byte before the quiet). Raises TimeoutError (with the
        visible tail of the output) if that does not happen within ``timeout`` s,
        EOFError if the child exits first.
        """
        deadline = self.started + timeout
        seen_at = None
        last = self.started
        while True:
            now = time.perf_counter()
            if now > deadline:
                tail = visible_text(bytes(self.output))[-400:]
                raise TimeoutError(f"no {marker!r} after {timeout:.0f} s; screen tail: {tail!r}")
            wait = deadline - now if seen_at is None else min(quiet - (now - last), deadline - now)
            if seen_at is not None and wait <= 0:
                return seen_at - self.started, last - self.started
            data = self._read_some(wait)
            if data is None:
                tail = visible_text(bytes(self.output))[-400:]
                raise EOFError(f"the program exited before painting {marker!r}; output tail: {tail!r}")
            if data:
                last = time.perf_counter()
                if seen_at is None and marker in visible_text(bytes(self.output)):
                    seen_at = last

    def drain(self, quiet: float = 0.03, limit: float = 2.0) -> int:
        """Read until the output has been quiet for ``quiet`` s (at most ``limit`` s)."""
        n = 0
        end = time.perf_counter() + limit
        while time.perf_counter() < end:
            data = self._read_some(quiet)
            if not data:
                break
            n += len(data)
        return n

    def key(self, data: bytes, quiet: float = 0.03, first_timeout: float = 1.0, limit: float = 2.0) -> Burst:
        """Write ``data`` as typed input and time the output that answers it.

        Times from just before the write to the first byte, and to the last
        byte before ``quiet`` s of silence.
        """
        t0 = time.perf_counter()
        os.write(self.fd, data)
        first = self._read_some(first_timeout)
        if not first:
            return Burst(None, None, 0)
        t_first = t_last = time.perf_counter()
        n = len(first)
        end = t0 + limit
        while time.perf_counter() < end:
            more = self._read_some(quiet)
            if not more:
                break
            n += len(more)
            t_last = time.perf_counter()
        return Burst(t_first - t0, t_last - t0, n)

    # -- ending --------------------------------------------------------------
    def close(self, quit_keys: tuple[bytes, ...] = (b"\x11",), grace: float = 3.0):
        """Ask the child to quit (``quit_keys``, then SIGTERM, then SIGKILL);
        reap it with os.wait4 and return its resource usage (ru_maxrss in KiB on Linux)."""
        deadline = time.perf_counter() + grace
        for k in quit_keys:
            try:
                os.write(self.fd, k)
            except OSError:
                break
            self.drain(0.05, 0.5)
        sent_term = False
        while True:
            pid, status, ru = os.wait4(self.pid, os.WNOHANG)
            if pid == self.pid:
                self.status, self.rusage = status, ru
                break
            self._read_some(0.05)  # keep the pty drained so the child can write and exit
            now = time.perf_counter()
            if now > deadline and not sent_term:
                os.kill(self.pid, signal.SIGTERM)
                sent_term, deadline = True, now + 1.5
            elif now > deadline:
                os.kill(self.pid, signal.SIGKILL)
                _, self.status, self.rusage = os.wait4(self.pid, 0)
                break
        try:
            os.close(self.fd)
        except OSError:
            pass
        return self.rusage

    def kill(self):
        """End the child at once (SIGKILL) and reap it; returns its rusage."""
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        _, self.status, self.rusage = os.wait4(self.pid, 0)
        try:
            os.close(self.fd)
        except OSError:
            pass
        return self.rusage


def terminal_env(base: dict[str, str] | None = None, **extra: str) -> dict[str, str]:
    """The environment for a child in the pty: TERM=xterm-256color, no NO_COLOR,
    no Textual dev/debug settings, plus ``extra``."""
    env = dict(os.environ if base is None else base)
    for k in list(env):
        if k.startswith("TEXTUAL") or k in ("NO_COLOR", "COLUMNS", "LINES", "FORCE_COLOR"):
            del env[k]
    env["TERM"] = "xterm-256color"
    env["COLORTERM"] = "truecolor"
    env.update(extra)
    return env
