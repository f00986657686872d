"""Run a full-screen program in a real pseudo-terminal and time its output.

Used by the TUI benchmarks: startup until painted, key-to-paint latency with the
number of frames and bytes each key costs, and the child's memory (VmRSS from
/proc, ru_maxrss from os.wait4). Linux/macOS only (pty, termios).

Frames: like a modern terminal (kitty, WezTerm, foot, iTerm2, Windows Terminal),
the pty answers the program's query for synchronized output (DEC mode 2026,
``CSI ? 2026 $ p``) with "supported", so Textual wraps every frame it writes in
``CSI ? 2026 h`` ... ``CSI ? 2026 l``; a burst's frames are the begin marks in it.
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


#: DECRQM for synchronized output (the program asks) and DECRPM "reset, supported" (the answer).
SYNC_QUERY = b"\x1b[?2026$p"
SYNC_ANSWER = b"\x1b[?2026;2$y"
#: what begins a frame once synchronized output is on
FRAME_START = b"\x1b[?2026h"


@dataclass
class Burst:
    """The output that answered one stimulus (a key, or the start).

    Attributes:
        t_first: seconds from the stimulus to the first byte (None: no output).
        t_last: seconds from the stimulus to the last byte before the quiet window.
        nbytes: bytes written in the burst.
        frames: frames in it (synchronized-output begin marks; 0 if the program
            never turned synchronized output on).
    """

    t_first: float | None
    t_last: float | None
    nbytes: int
    frames: int = 0


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
    #: answer the synchronized-output query (so frames can be counted)
    sync: bool = True
    answered_sync: bool = False

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
        if self.sync and not self.answered_sync:
            tail = bytes(self.output[-len(SYNC_QUERY):]) + data
            if SYNC_QUERY in tail:
                self.answered_sync = True
                os.write(self.fd, SYNC_ANSWER)
        self.output.extend(data)
        return data

    def rss_kib(self) -> tuple[int, int]:
        """(VmRSS, VmHWM) of the child in KiB from /proc (Linux); (0, 0) elsewhere."""
        try:
            text = open(f"/proc/{self.pid}/status", encoding="ascii").read()
        except OSError:
            return 0, 0
        found = dict(re.findall(r"^(VmRSS|VmHWM):\s+(\d+) kB", text, re.M))
        return int(found.get("VmRSS", 0)), int(found.get("VmHWM", 0))

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

    def key(self, data: bytes, quiet: float = 0.1, first_timeout: float = 1.0, limit: float = 3.0) -> Burst:
        """Write ``data`` as typed input and time the output that answers it.

        Times from just before the write to the first byte, and to the last
        byte before ``quiet`` s of silence (so a frame up to ``quiet`` s after
        the one before it still counts); counts the frames and bytes. Once the
        program draws in frames, bytes before the first frame (a cursor or
        mode change) do not end the wait: it lasts until a frame, at most
        ``first_timeout`` s.
        """
        start = len(self.output)
        t0 = time.perf_counter()
        os.write(self.fd, data)
        first = self._read_some(first_timeout)
        if not first:
            return Burst(None, None, 0)
        t_first = t_last = time.perf_counter()
        end = t0 + limit
        while time.perf_counter() < end:
            framed = not self.answered_sync or FRAME_START in self.output[start:]
            wait = quiet if framed else max(quiet, t0 + first_timeout - time.perf_counter())
            more = self._read_some(wait)
            if not more:
                break
            t_last = time.perf_counter()
        burst = bytes(self.output[start:])
        return Burst(t_first - t0, t_last - t0, len(burst), burst.count(FRAME_START))

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
