"""Run ``lowlands`` in a real pseudo-terminal for tests (signals, hang-ups,
terminal modes): spawn, read what it draws, type, resize, hang up; every wait
bounded by a timeout.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


class PtyApp:
    """``lowlands ARGS`` running on the slave side of a fresh pty of ``size``."""

    def __init__(self, args: list[str], env: dict[str, str], size: tuple[int, int] = (80, 24)) -> None:
        self.output = b""
        pid, fd = pty.fork()
        if pid == 0:  # the child: a new session whose controlling terminal is the pty
            try:
                os.chdir(ROOT)
                os.execve(sys.executable, [sys.executable, "-c",
                                           "import sys; from tui.app import main; sys.exit(main())", *args],
                          env)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        self.status: int | None = None
        self.resize(*size)

    def resize(self, width: int, height: int) -> None:
        """Set the terminal size (the kernel sends SIGWINCH to the app)."""
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))

    def read(self, timeout: float = 0.2) -> bytes:
        """Whatever arrives within ``timeout`` seconds (appended to ``output``)."""
        got = b""
        end = time.monotonic() + timeout
        while self.fd >= 0:
            left = end - time.monotonic()
            if left <= 0:
                break
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                break
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:  # EIO: the slave side is closed (the app ended)
                break
            if not chunk:
                break
            got += chunk
        self.output += got
        return got

    def wait_for(self, text: bytes, timeout: float = 30.0) -> bool:
        """Read until ``text`` appears in the output since the call (or timeout)."""
        start = len(self.output)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.read(0.2)
            if text in self.output[start:]:
                return True
            if self.poll() is not None:
                self.read(0.2)
                return text in self.output[start:]
        return False

    def type(self, keys: bytes) -> None:
        os.write(self.fd, keys)

    def poll(self) -> int | None:
        """The exit status once the process has ended (os.waitstatus_to_exitcode), else None."""
        if self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(status)
        return self.status

    def wait(self, timeout: float = 20.0, read: bool = True) -> int | None:
        """Wait for the end (reading meanwhile, unless not ``read``: a terminal
        that has stopped reading); None if still running at the timeout."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.poll() is not None:
                self.read(0.1)
                return self.status
            if self.fd >= 0 and read:
                self.read(0.1)
            else:
                time.sleep(0.1)
        return self.poll()

    def termios_flags(self) -> list:
        """The pty's terminal attributes (as the app left them)."""
        return termios.tcgetattr(self.fd)

    def hang_up(self) -> None:
        """Close the master side: the app's terminal is gone (SIGHUP)."""
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1

    def kill(self) -> None:
        """End the process if it still runs (cleanup)."""
        if self.poll() is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            try:
                os.waitpid(self.pid, 0)
            except ChildProcessError:
                pass
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


def app_env(tmp: Path, **extra: str) -> dict[str, str]:
    """An environment for the app: own data and config folders, a UTF-8 xterm."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LOWLANDS_", "TEXTUAL"))}
    env.update(TERM="xterm-256color", LANG="C.UTF-8", LOWLANDS_DATA_DIR=str(tmp / "data"),
               LOWLANDS_CONFIG_DIR=str(tmp / "config"), PYTHONPATH=str(ROOT))
    env.pop("NO_COLOR", None)
    env.update(extra)
    return env
