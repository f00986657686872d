"""``lowlands web`` in a real headless Chromium (Debian's package), beside a
``lowlands serve`` on the same data folder: the page shows the name prompt and
the lobby, and keys typed into the page make a move the SSH player sees
(issue 11, item 7). Chromium is driven over its DevTools protocol (aiohttp's
websocket client, which textual-serve brings); what the page shows is read
from the terminal output its websocket receives.

Skipped, saying why, when no chromium is installed (.ci/run installs it).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import shutil
import socket
import sys
import tempfile
import time
from typing import Any

import pytest

from tests.serve_helpers import Term, start_server, wait_until

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium (apt-get install chromium)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def wait_port(port: int, timeout: float = 30) -> None:
    t0 = time.monotonic()
    while True:
        try:
            _r, w = await asyncio.open_connection("127.0.0.1", port)
            w.close()
            return
        except OSError:
            if time.monotonic() - t0 > timeout:
                raise AssertionError(f"nothing listens on port {port}") from None
            await asyncio.sleep(0.1)


class Page:
    """One Chromium tab over the DevTools protocol; collects the terminal output
    the page's websocket receives."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.ids = itertools.count(1)
        self.output = b""
        self.replies: dict[int, Any] = {}
        self.task = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        async for msg in self.ws:
            data = json.loads(msg.data)
            if "id" in data:
                self.replies[data["id"]] = data
            elif data.get("method") == "Network.webSocketFrameReceived":
                frame = data["params"]["response"]
                payload = frame["payloadData"]
                self.output += base64.b64decode(payload) if frame.get("opcode") == 2 else payload.encode()

    async def call(self, method: str, **params: Any) -> Any:
        n = next(self.ids)
        await self.ws.send_str(json.dumps({"id": n, "method": method, "params": params}))
        await wait_until(lambda: n in self.replies, 20, method)
        return self.replies.pop(n)

    async def shows(self, text: str, timeout: float = 40) -> None:
        await wait_until(lambda: text.encode() in self.output, timeout, f"{text!r} in the page")

    async def type(self, text: str) -> None:
        for ch in text:
            if ch == "\r":
                await self.call("Input.dispatchKeyEvent", type="keyDown", key="Enter", code="Enter",
                                windowsVirtualKeyCode=13, text="\r")
                await self.call("Input.dispatchKeyEvent", type="keyUp", key="Enter", code="Enter",
                                windowsVirtualKeyCode=13)
            else:
                await self.call("Input.insertText", text=ch)
            await asyncio.sleep(0.05)


async def test_a_browser_player_moves_and_the_ssh_player_sees_it(tmp_path: Any) -> None:
    import aiohttp

    server = await start_server(tmp_path)
    web_port, cdp_port = free_port(), free_port()
    web = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui.app", "web", "--port", str(web_port), "--data-dir", str(tmp_path),
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)
    profile = tempfile.mkdtemp()
    chrome = await asyncio.create_subprocess_exec(
        str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        f"--user-data-dir={profile}", f"--remote-debugging-port={cdp_port}", "--window-size=1400,900",
        "about:blank", stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)
    ann = None
    session = aiohttp.ClientSession()
    try:
        await wait_port(web_port)
        await wait_port(cdp_port)
        async with session.get(f"http://127.0.0.1:{cdp_port}/json/list") as r:
            targets = await r.json()
        target = next(t for t in targets if t.get("type") == "page")
        page = Page(await session.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0))
        await page.call("Network.enable")
        await page.call("Page.enable")
        # the page and every asset it loads come from the local server (no internet)
        await page.call("Page.navigate", url=f"http://127.0.0.1:{web_port}/")
        await page.shows("Your name")
        await page.call("Runtime.evaluate", expression="document.querySelector('.xterm-helper-textarea').focus()")
        await page.type("Wes\r")
        await page.shows("Lowlands tables")
        await wait_until(lambda: any(c.player == "Wes" for c in server.hub.clients), 20, "Wes at the hub")
        resources = await page.call("Runtime.evaluate", returnByValue=True, expression=(
            "performance.getEntriesByType('resource').map(e => e.name)"))
        urls = resources["result"]["result"]["value"]
        assert urls and all(u.startswith(f"http://127.0.0.1:{web_port}/") or u.startswith("ws://127.0.0.1")
                            for u in urls), urls
        # an SSH player makes a table; the browser player takes the free seat
        ann = await Term().open(server.port, "Ann")
        from tests.serve_helpers import game_key
        from core import GAMES

        await ann.wait_for("tables")
        ann.send("n")
        await ann.wait_for("which game")
        ann.send(game_key("Gift of Tulips", GAMES))
        await ann.wait_for("New table: Gift of Tulips")
        await asyncio.sleep(0.3)
        ann.send("2")
        await asyncio.sleep(0.2)
        ann.send("\r")
        await asyncio.sleep(0.3)
        ann.send("\r")  # the bots' level: as offered
        await asyncio.sleep(0.3)
        ann.send("0")
        await asyncio.sleep(0.2)
        ann.send("\r")
        await wait_until(lambda: len(server.hub.tables) == 1, 20, "the table")
        table = next(iter(server.hub.tables.values()))
        await page.shows("by Ann")
        await page.type("1")
        await page.shows("Take a free seat")
        await page.type("s")
        await wait_until(lambda: table.record.seats[1].name == "Wes", 20, "Wes seated")
        await ann.wait_for("Wes")
        ann.send("1")
        await ann.wait_for("Start the game")
        ann.send("t")
        await wait_until(lambda: table.match is not None, 20, "the start")
        m = table.match
        if m.to_move() == 0:  # Ann first
            await ann.wait_for("or Enter")
            ann.send("1")
            await wait_until(lambda: m.ply == 1, 20, "Ann's move")
        assert m.to_move() == 1
        before, ply = m.state, m.ply
        await page.shows("or Enter")
        await page.type("1")  # the browser player's move
        await wait_until(lambda: m.ply == ply + 1, 20, "the browser's move at the hub")
        await ann.wait_for(m.game.describe(before, m.moves[ply])[:28])  # ... on the SSH screen
    finally:
        if ann is not None:
            ann.close()
        await session.close()
        for proc in (chrome, web):
            with contextlib.suppress(ProcessLookupError):
                proc.terminate()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(proc.wait(), 10)
        shutil.rmtree(profile, ignore_errors=True)
        await server.close()
