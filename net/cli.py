"""The network commands: ``lowlands serve``, ``lowlands web`` and ``lowlands client``.

``tui.app`` parses the command line and calls these.

- ``serve``: the hub and the SSH server (``net.ssh.TableServer``) until ctrl+c / SIGTERM.
- ``web``: textual-serve on ``--host``/``--port`` (default 127.0.0.1:8000); every
  browser tab runs ``lowlands client`` against the hub of the data folder. If a
  ``lowlands serve`` is running on that folder its hub is used (browser and SSH
  players share the tables); otherwise ``web`` runs a hub itself.
- ``client``: one screen of a hub (what each SSH connection and browser tab runs).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import shlex
import sys
import threading
from pathlib import Path


def add_commands(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:  # type: ignore[type-arg]
    """Add serve, web and client to the ``lowlands`` parser."""
    s = sub.add_parser("serve", parents=[common], help="host tables over SSH")
    s.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    s.add_argument("--port", type=int, default=2222, help="port (default 2222)")
    s.add_argument("--open", action="store_true", help="let anyone in under their login name (trusted networks)")
    s.add_argument("--max-connections", type=int, default=32, metavar="N")
    s.add_argument("--per-address", type=int, default=8, metavar="N", help="connections per IP address")
    s.add_argument("--idle-timeout", type=float, default=1800, metavar="SECONDS")
    s.add_argument("--input-rate", type=int, default=4096, metavar="BYTES", help="input bytes per second per client")
    w = sub.add_parser("web", parents=[common], help="serve the tables to browsers (textual-serve)")
    w.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    w.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    c = sub.add_parser("client", parents=[common], help="one screen of a table server (used by serve and web)")
    c.add_argument("--socket", required=True, metavar="PATH", help="the hub's Unix socket")
    c.add_argument("--player", default="", metavar="NAME", help="the player's name (blank: ask)")


def run_serve(args: argparse.Namespace, folder: Path) -> int:
    from net.ssh import Limits, TableServer, serve_forever

    limits = Limits(max_connections=args.max_connections, per_address=args.per_address,
                    idle_timeout=args.idle_timeout, input_rate=args.input_rate)
    server = TableServer(folder, args.host, args.port, open_door=args.open, limits=limits,
                         ascii=bool(getattr(args, "ascii", False)))
    try:
        asyncio.run(serve_forever(server))
    except OSError as e:
        print(f"lowlands: cannot serve on {args.host}:{args.port}: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    return 0


def hub_running(folder: Path) -> bool:
    """Whether a hub answers on ``folder``'s socket."""
    import socket as _socket

    from net.hub import socket_path

    path = socket_path(folder)
    if not path.exists():
        return False
    s = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    try:
        s.connect(str(path))
        return True
    except OSError:
        return False
    finally:
        s.close()


def _hub_thread(folder: Path) -> threading.Event:
    """Run a hub in a thread of its own (its own event loop); returns, once it
    listens or has failed, an Event that is set if it listens."""
    from net.hub import Hub

    ready = threading.Event()
    settled = threading.Event()

    def run() -> None:
        async def main() -> None:
            hub = Hub(folder)
            await hub.start()
            ready.set()
            settled.set()
            await asyncio.Event().wait()

        try:
            asyncio.run(main())
        except Exception as e:  # noqa: BLE001 - said on stderr; run_web gives up
            print(f"lowlands: the table hub stopped: {e}", file=sys.stderr)
        finally:
            settled.set()

    threading.Thread(target=run, name="lowlands-hub", daemon=True).start()
    settled.wait(30)
    return ready


def web_command(folder: Path, ascii: bool = False) -> str:
    """The command textual-serve runs for each browser tab."""
    from net.hub import socket_path

    parts = [sys.executable, "-m", "tui.app", "client", "--socket", str(socket_path(folder)),
             "--data-dir", str(folder)] + (["--ascii"] if ascii else [])
    return shlex.join(parts)


def run_web(args: argparse.Namespace, folder: Path) -> int:
    from textual_serve.server import Server

    if hub_running(folder):
        print(f"Using the table server running on {folder}.")
    elif not _hub_thread(folder).is_set():
        print(f"lowlands: could not keep tables in {folder / 'serve'}", file=sys.stderr)
        return 1
    else:
        print(f"Tables kept in {folder / 'serve'} (no 'lowlands serve' was running there).")
    here = Path(__file__).parent
    server = Server(web_command(folder, bool(getattr(args, "ascii", False))), host=args.host, port=args.port,
                    title="Lowlands", templates_path=str(here / "templates"))
    print(f"Open http://{args.host}:{args.port} in a browser.", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve()
    return 0


def run_client(args: argparse.Namespace, folder: Path) -> int:
    """One screen of the hub at ``--socket``, on this terminal."""
    if os.isatty(0):  # started on a fresh pty in a new session: make it ours (window changes)
        with contextlib.suppress(OSError):
            import fcntl
            import termios

            fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    from tui.app import quick_escape
    from tui.screens.lobby import TableClientApp

    quick_escape()
    app = TableClientApp(folder, Path(args.socket), args.player, ascii=bool(getattr(args, "ascii", False)))
    # the whole program on its own pty: a hang-up (the SSH channel closed) or
    # kill restores the terminal and ends the process (LowlandsApp signals)
    app.owns_process = True
    app.run()
    return int(app.return_code or 0)
