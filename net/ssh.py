"""``lowlands serve``: the SSH table server (asyncssh).

Every SSH connection that asks for a PTY and a shell gets its own Lowlands
app (``lowlands client``) in its own process on a real pseudo-terminal; this
server only pumps bytes between the SSH channel and the PTY's master side and
passes window-size changes on (TIOCSWINSZ). The apps reach the tables through
the hub (``net.hub``) in this process over its Unix socket. ARCHITECTURE.md,
"Tables over the network".

Who gets in: the public keys in ``DATA/authorized_keys`` (OpenSSH format; each
line's comment is the player's name; read again at every login), or anyone
under their login name with ``open_door``. Nothing else is offered: exec
requests, a shell without a PTY, subsystems (SFTP), agent and X11 forwarding,
and TCP/Unix port forwarding are refused.

Limits (``Limits``): connections in all and per address, an idle timeout
(seconds without a key), and input bytes per second per connection (bytes
over the cap are dropped). A client that floods, sends garbage or stops
reading only ever blocks its own app process.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import signal
import struct
import sys
import termios
import time
from pathlib import Path
from typing import Any

import asyncssh
import msgspec

from net.hub import Hub, serve_dir, socket_path

log = logging.getLogger("lowlands.ssh")

HOST_KEY_NAME = "ssh_host_ed25519_key"
#: what a client is told when the server stops under it (after its screen is restored)
STOPPED_LINE = b"\r\nThe server stopped; your table is saved.\r\n"


class Limits(msgspec.Struct, frozen=True):
    """What one server allows.

    Attributes:
        max_connections: SSH connections at once (more are turned away).
        per_address: connections at once from one IP address.
        idle_timeout: seconds without input before a session is closed (its seat stays).
        input_rate: bytes per second a session may type; more is dropped.
        login_timeout: seconds to finish logging in.
    """

    max_connections: int = 32
    per_address: int = 8
    idle_timeout: float = 1800.0
    input_rate: int = 4096
    login_timeout: float = 30.0


def host_key(data_dir: Path) -> asyncssh.SSHKey:
    """The server's ed25519 host key, ``DATA/serve/ssh_host_ed25519_key``
    (created mode 0600 on first use)."""
    path = serve_dir(data_dir) / HOST_KEY_NAME
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        key = asyncssh.generate_private_key("ssh-ed25519", comment="lowlands")
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(key.export_private_key())
    os.chmod(path, 0o600)
    return asyncssh.read_private_key(str(path))


def read_authorized(path: Path) -> dict[bytes, str]:
    """``authorized_keys``: public key bytes -> player name (the line's comment).

    Lines without a comment, with options or not a key are skipped (logged).
    A missing file lets nobody in.
    """
    keys: dict[bytes, str] = {}
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return keys
    for n, line in enumerate(lines, 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            key = asyncssh.import_public_key(line)
        except (asyncssh.KeyImportError, ValueError) as e:
            log.warning("%s line %d skipped: %s", path, n, e)
            continue
        name = " ".join((key.get_comment() or "").split())[:32]
        if not name:
            log.warning("%s line %d skipped: no comment to name the player", path, n)
            continue
        keys[key.public_data] = name
    return keys


class _Server(asyncssh.SSHServer):
    """One SSH connection: limits, authentication, and what it may open."""

    def __init__(self, table_server: "TableServer") -> None:
        self.ts = table_server
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"
        self.player = ""
        self.counted = False

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        ts = self.ts
        if ts.total >= ts.limits.max_connections or ts.per_address.get(self.address, 0) >= ts.limits.per_address:
            log.warning("turned away %s: too many connections", self.address)
            asyncio.get_running_loop().call_soon(
                conn.disconnect, asyncssh.DISC_TOO_MANY_CONNECTIONS, "Too many connections; try later.")
            return
        self.counted = True
        ts.total += 1
        ts.per_address[self.address] = ts.per_address.get(self.address, 0) + 1

    def connection_lost(self, exc: Exception | None) -> None:
        if self.counted:
            self.counted = False
            ts = self.ts
            ts.total -= 1
            left = ts.per_address.get(self.address, 1) - 1
            if left:
                ts.per_address[self.address] = left
            else:
                ts.per_address.pop(self.address, None)

    def begin_auth(self, username: str) -> bool:
        if self.ts.open_door:
            self.player = " ".join(username.split())[:32] or "guest"
            return False  # no authentication needed
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        name = read_authorized(self.ts.data_dir / "authorized_keys").get(key.public_data)
        if name is None:
            return False
        self.player = name
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def session_requested(self) -> Any:
        return AppSession(self.ts, self.player)

    # everything else is refused (asyncssh's defaults refuse too; said here on purpose)
    def connection_requested(self, *args: Any) -> bool:
        return False

    def server_requested(self, *args: Any) -> bool:
        return False

    def unix_connection_requested(self, *args: Any) -> bool:
        return False

    def unix_server_requested(self, *args: Any) -> bool:
        return False


class AppSession(asyncssh.SSHServerSession):  # type: ignore[type-arg]
    """One SSH session: a PTY, a shell request, and then the app in its own process."""

    def __init__(self, ts: "TableServer", player: str) -> None:
        self.ts = ts
        self.player = player
        self.chan: Any = None
        self.term: str | None = None
        self.size = (80, 24)
        self.master = -1
        self.proc: asyncio.subprocess.Process | None = None
        self.tokens = float(ts.limits.input_rate)
        self.stamp = time.monotonic()
        self.last_input = time.monotonic()
        self.dropped = 0
        self._reading = False
        self._idle: asyncio.TimerHandle | None = None
        self._closed = False
        self._stopping = False  # the server is stopping (``stop``)

    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any) -> bool:
        self.term = term_type or "xterm-256color"
        if term_size[0] and term_size[1]:
            self.size = (term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return self.term is not None  # the app needs a terminal

    def exec_requested(self, command: str) -> bool:
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        asyncio.get_running_loop().create_task(self._start())

    async def _start(self) -> None:
        master, slave = os.openpty()
        self.master = master
        os.set_blocking(master, False)
        self._set_size()
        env = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "LANG", "LC_ALL", "PYTHONPATH")}
        env.update(TERM=self.term or "xterm-256color", COLORTERM="truecolor", LOWLANDS_DATA_DIR=str(self.ts.data_dir))
        env.setdefault("LANG", "C.UTF-8")
        try:
            self.proc = await asyncio.create_subprocess_exec(
                *self.ts.client_command(self.player), stdin=slave, stdout=slave, stderr=slave,
                start_new_session=True, env=env, close_fds=True)
        except OSError as e:
            log.error("could not start the app: %s", e)
            self.chan.write(b"Lowlands could not start here.\r\n")
            self.chan.exit(1)
            return
        finally:
            os.close(slave)
        self.ts.sessions.add(self)
        self.ts.procs.add(self.proc)
        self._resume_reading()
        self._schedule_idle()
        asyncio.get_running_loop().create_task(self._wait())

    async def _wait(self) -> None:
        assert self.proc is not None
        code = await self.proc.wait()
        self.ts.procs.discard(self.proc)
        # let the last frame out of the pty before closing
        await asyncio.sleep(0.05)
        self._pump_out()
        self._finish(code)

    def _finish(self, code: int = 0) -> None:
        if self._closed:
            return
        self._closed = True
        self.ts.sessions.discard(self)
        if self._idle is not None:
            self._idle.cancel()
        self._pause_reading()
        if self.master >= 0:
            with contextlib.suppress(OSError):
                os.close(self.master)
            self.master = -1
        if self.chan is not None:
            with contextlib.suppress(Exception):
                if self._stopping:  # the app's screen may not have been restored: for sure now
                    from tui.app import RESET_SEQUENCE

                    self.chan.write(RESET_SEQUENCE.encode() + STOPPED_LINE)
                self.chan.exit(max(0, code) & 0xFF)

    def stop(self) -> None:
        """The server is stopping: end the app as ``kill`` would (it leaves the
        alternate screen, shows the cursor and resets the terminal's modes,
        and its last output still reaches the client); when it has ended (or
        ``_finish`` is called), the client gets RESET_SEQUENCE and STOPPED_LINE
        before the channel closes."""
        self._stopping = True
        proc = self.proc
        if proc is None or proc.returncode is not None:
            self._finish(0)
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGTERM)

    # -- the pty -> the channel -------------------------------------------------------
    def _resume_reading(self) -> None:
        if not self._reading and self.master >= 0:
            asyncio.get_running_loop().add_reader(self.master, self._pump_out)
            self._reading = True

    def _pause_reading(self) -> None:
        if self._reading:
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(self.master)
            self._reading = False

    def _pump_out(self) -> None:
        if self.master < 0:
            return
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError:  # EIO: the app has closed the terminal
            self._pause_reading()
            return
        if data and self.chan is not None:
            try:
                self.chan.write(data)
            except (BrokenPipeError, ConnectionError):  # the channel is closing: stop pumping
                self._pause_reading()

    def pause_writing(self) -> None:
        """The client is not reading: stop reading the pty (only this app waits)."""
        self._pause_reading()

    def resume_writing(self) -> None:
        self._resume_reading()

    # -- the channel -> the pty ----------------------------------------------------------
    def data_received(self, data: bytes, datatype: Any) -> None:
        now = time.monotonic()
        rate = self.ts.limits.input_rate
        self.tokens = min(float(rate), self.tokens + (now - self.stamp) * rate)
        self.stamp = now
        self.last_input = now
        if len(data) > self.tokens:
            self.dropped += len(data) - int(self.tokens)
            data = data[: int(self.tokens)]
        self.tokens -= len(data)
        if not data or self.master < 0:
            return
        try:
            os.write(self.master, data)
        except BlockingIOError:
            self.dropped += len(data)  # the app is not reading its keys: drop them
        except OSError:
            pass

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.last_input = time.monotonic()  # a player resizing the window is there
        if width and height:
            self.size = (width, height)
            self._set_size()

    def _set_size(self) -> None:
        if self.master >= 0:
            w, h = self.size
            with contextlib.suppress(OSError):
                fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", h, w, 0, 0))

    def eof_received(self) -> bool:
        return False  # closes the channel

    def connection_lost(self, exc: Exception | None) -> None:
        """The connection went: hang up the app (its seat stays at the table)."""
        proc = self.proc
        self._finish(0)
        if proc is not None and proc.returncode is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGHUP)
            asyncio.get_running_loop().call_later(5, self._kill, proc)

    @staticmethod
    def _kill(proc: asyncio.subprocess.Process) -> None:
        if proc.returncode is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGKILL)

    # -- idle -------------------------------------------------------------------------------
    def _schedule_idle(self) -> None:
        idle = self.ts.limits.idle_timeout
        self._idle = asyncio.get_running_loop().call_later(min(idle, 60.0), self._check_idle)

    def _check_idle(self) -> None:
        if self._closed:
            return
        if time.monotonic() - self.last_input >= self.ts.limits.idle_timeout:
            log.info("%s idle: closing", self.player)
            if self.chan is not None:
                self.chan.close()
            return
        self._schedule_idle()


class TableServer:
    """The hub and the SSH listener of ``lowlands serve``.

    Args:
        data_dir: the data folder (tables, host key, authorized_keys).
        host, port: where to listen (port 0: any free port; see ``port``).
        open_door: let anyone in under their login name.
        limits: connection limits (``Limits``).
        bot_delay: seconds a bot waits before deciding.
    """

    def __init__(self, data_dir: Path, host: str = "127.0.0.1", port: int = 2222, *,
                 open_door: bool = False, limits: Limits | None = None, bot_delay: float | None = None,
                 ascii: bool = False) -> None:
        self.data_dir = Path(data_dir)
        self.host = host
        self.port = port
        self.open_door = open_door
        self.limits = limits or Limits()
        self.ascii = ascii
        self.hub = Hub(self.data_dir) if bot_delay is None else Hub(self.data_dir, bot_delay=bot_delay)
        self.total = 0
        self.per_address: dict[str, int] = {}
        self.sessions: set[AppSession] = set()
        #: every app process still running (waited for, or killed, on close)
        self.procs: set[asyncio.subprocess.Process] = set()
        self._acceptor: Any = None
        self.key: asyncssh.SSHKey | None = None

    def client_command(self, player: str) -> list[str]:
        """The command line of one connection's app."""
        cmd = [sys.executable, "-m", "tui.app", "client", "--socket", str(socket_path(self.data_dir)),
               "--player", player, "--data-dir", str(self.data_dir)]
        return cmd + (["--ascii"] if self.ascii else [])

    async def start(self) -> None:
        """Start the hub and listen; ``port`` is the port bound."""
        self.key = host_key(self.data_dir)
        await self.hub.start()
        self._acceptor = await asyncssh.listen(
            self.host, self.port, server_factory=lambda: _Server(self), server_host_keys=[self.key],
            encoding=None, allow_scp=False, agent_forwarding=False, x11_forwarding=False,
            login_timeout=self.limits.login_timeout, keepalive_interval=30, keepalive_count_max=4,
            line_editor=False)
        self.port = self._acceptor.sockets[0].getsockname()[1]

    @property
    def fingerprint(self) -> str:
        assert self.key is not None
        return self.key.get_fingerprint("sha256")

    async def close(self) -> None:
        """Stop listening, end every session's app (``AppSession.stop``: each
        client's terminal is restored and told the server stopped) and flush
        every table's autosave."""
        if self._acceptor is not None:
            self._acceptor.close()
        procs = list(self.procs)
        sessions = list(self.sessions)
        for s in sessions:
            s.stop()
        for proc in procs:  # the apps end on their SIGTERM; the stubborn are killed
            try:
                await asyncio.wait_for(proc.wait(), 3)
            except asyncio.TimeoutError:
                AppSession._kill(proc)
        await asyncio.sleep(0.1)  # (each session's _wait sends the app's last output)
        for s in sessions:
            s._finish(0)
            if s.chan is not None:
                s.chan.close()
        await self.hub.close()
        if self._acceptor is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._acceptor.wait_closed(), 3)


async def serve_forever(server: TableServer) -> None:  # pragma: no cover - the command
    await server.start()
    print(f"Lowlands table server on {server.host}:{server.port}")
    print(f"Host key fingerprint: {server.fingerprint}")
    if server.open_door:
        print("OPEN: anyone who can reach this port gets in under the name they log in with.")
    else:
        print(f"Players' keys: {server.data_dir / 'authorized_keys'} (the comment is the player's name)")
    print(f"Join with: ssh -p {server.port} NAME@{server.host}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    await server.close()


