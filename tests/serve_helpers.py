"""Helpers for the table-server tests: a server on 127.0.0.1 at a free port and
SSH terminals (asyncssh clients with a PTY) whose screens pyte draws."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import asyncssh
import pyte

from net.ssh import Limits, TableServer


async def start_server(data_dir: Path, **kwargs: Any) -> TableServer:
    kwargs.setdefault("open_door", True)
    kwargs.setdefault("bot_delay", 0.05)
    kwargs.setdefault("limits", Limits(per_address=40, input_rate=2048))
    server = TableServer(data_dir, "127.0.0.1", 0, **kwargs)
    await server.start()
    return server


class Term:
    """One player's terminal: an SSH session with a PTY, drawn by pyte."""

    def __init__(self, width: int = 120, height: int = 36, *, draw: bool = True) -> None:
        self.width, self.height = width, height
        self.draw = draw  # False: read and drop the output (a client nobody looks at)
        self.received = 0
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        self.conn: Any = None
        self.proc: Any = None
        self._task: asyncio.Task[None] | None = None

    async def open(self, port: int, user: str, **kwargs: Any) -> "Term":
        kwargs.setdefault("client_keys", None)
        self.conn = await asyncssh.connect("127.0.0.1", port, username=user, known_hosts=None, **kwargs)
        self.proc = await self.conn.create_process(term_type="xterm-256color",
                                                   term_size=(self.width, self.height), encoding=None)
        self._task = asyncio.get_running_loop().create_task(self._pump())
        return self

    async def _pump(self) -> None:
        try:
            while True:
                data = await self.proc.stdout.read(65536)
                if not data:
                    break
                self.received += len(data)
                if self.draw:
                    self.stream.feed(data)
        except Exception:  # noqa: BLE001 - the connection went
            pass

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def line_with(self, word: str) -> str:
        return next((line for line in self.screen.display if word in line), "")

    async def wait_for(self, text: str, timeout: float = 30) -> float:
        """Wait until ``text`` is on the screen; returns the seconds it took."""
        t0 = time.monotonic()
        while text not in self.text():
            if time.monotonic() - t0 > timeout:
                raise AssertionError(f"{text!r} not on the screen after {timeout} s:\n{self.text()}")
            await asyncio.sleep(0.01)
        return time.monotonic() - t0

    def send(self, keys: str | bytes) -> None:
        self.proc.stdin.write(keys.encode() if isinstance(keys, str) else keys)

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
        if self._task is not None:
            self._task.cancel()


async def wait_until(cond: Any, timeout: float = 30, what: str = "condition") -> None:
    t0 = time.monotonic()
    while not cond():
        if time.monotonic() - t0 > timeout:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)


def game_key(title: str, games: dict[str, Any]) -> str:
    """The new-table form's key for the game titled ``title`` (games in ``core.GAMES``'
    order, as the launcher's new-game form lists them)."""
    titles = [g.title for g in games.values()]
    return str(titles.index(title) + 1)


async def make_table(server: TableServer, host: "Term", guest: "Term", title: str = "Gift of Tulips",
                     seats: int = 2, bots: int = 0) -> Any:
    """``host`` makes a table, ``guest`` sits, ``host`` starts it; returns the hub's Table."""
    from core import GAMES

    await host.wait_for("tables")
    host.send("n")
    await host.wait_for("which game")
    host.send(game_key(title, GAMES))
    await host.wait_for(f"New table: {title}")
    await asyncio.sleep(0.3)
    host.send(str(seats))
    await asyncio.sleep(0.2)
    host.send("\r")
    await asyncio.sleep(0.3)
    host.send("\r")  # the bots' level: as offered
    await asyncio.sleep(0.3)
    host.send(str(bots))
    await asyncio.sleep(0.2)
    host.send("\r")
    try:
        await wait_until(lambda: len(server.hub.tables) == 1, what="the table")
    except AssertionError:
        raise AssertionError(f"no table made:\n{host.text()}") from None
    table = next(iter(server.hub.tables.values()))
    if guest is not None:
        await guest.wait_for(title)
        guest.send("1")
        await guest.wait_for("Take a free seat")
        guest.send("s")
        await wait_until(lambda: all(s.name for s in table.record.seats), what="the seats taken")
    await host.wait_for("· 1 table")
    host.send("1")
    await host.wait_for("Start the game")
    host.send("t")
    await wait_until(lambda: table.match is not None, what="the start")
    return table


def lobby_games() -> dict[str, tuple[str, int, int]]:
    """The games as the hub's Welcome offers them to the lobby: id -> (title, min, max players)."""
    from core import GAMES

    return {g.id: (g.title, g.min_players, g.max_players) for g in GAMES.values()}
