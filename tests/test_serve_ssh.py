"""``lowlands serve`` end to end on loopback: SSH clients with PTYs, each running
the real app in its own process, at one Gift of Tulips table (issue 11, item 8).

Every test is bounded (pytest-asyncio + explicit timeouts in the helpers).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

import asyncssh
import pytest

from net.ssh import Limits
from tests.serve_helpers import Term, make_table, start_server, wait_until


@contextlib.asynccontextmanager
async def at_a_table(tmp_path, **server_options):
    """A server (``start_server(tmp_path, **server_options)``) with Ann and Bob
    connected and seated at one new table: yields (server, table, {name: Term});
    afterwards every Term in that dict is closed, then the server."""
    server = await start_server(tmp_path, **server_options)
    terms: dict[str, Term] = {}
    try:
        terms["Ann"] = await Term().open(server.port, "Ann")
        terms["Bob"] = await Term().open(server.port, "Bob")
        table = await make_table(server, terms["Ann"], terms["Bob"])
        yield server, table, terms
    finally:
        for t in terms.values():
            t.close()
        await server.close()


def secret_cards(table, seat):
    return [sc.card for sc in table.match.state.secret if sc.owner == seat]


async def play_one(table, terms, latencies=None):
    """The seat to move presses Enter (the highlighted choice: a choice's key
    need not be 1, Gift of Tulips' keys are stable from one card to the next);
    every other screen shows the move in its log."""
    m = table.match
    seat = m.to_move()
    ply = m.ply
    before = m.state
    await terms[seat].wait_for("or Enter")  # its choices are shown
    t0 = time.monotonic()
    terms[seat].send("\r")
    await wait_until(lambda: m.ply > ply, what=f"decision {ply + 1}")
    text = m.game.describe(before, m.moves[ply])
    for i, t in enumerate(terms):
        if i != seat:
            await t.wait_for(text[:28] if not m.is_over() else "Review (r)")  # the log, or the scores
            if latencies is not None:
                latencies.append(time.monotonic() - t0)
    return text


async def test_two_players_see_each_others_moves_not_each_others_secrets(tmp_path):
    async with at_a_table(tmp_path) as (server, table, by_name):
        terms = [by_name[s.name] for s in table.record.seats]
        latencies: list[float] = []
        for _ in range(6):
            await play_one(table, terms, latencies)
        # after the set-up each has one secret card; each screen shows its own, never the other's
        for seat, term in enumerate(terms):
            mine, theirs = secret_cards(table, seat), secret_cards(table, 1 - seat)
            assert mine and theirs
            row = term.line_with("Secret")
            for card in mine:
                assert f"[{card}]" in row, (row, mine)
            for card in theirs:
                if card not in mine:
                    assert f"[{card}]" not in row, (row, theirs)
            assert "yours" in row
        # a watcher sees the public view: nobody's secret card
        cy = await Term().open(server.port, "Cy")
        await cy.wait_for("Gift of Tulips")
        cy.send("1")
        await cy.wait_for("Watch the game")
        cy.send("w")
        await cy.wait_for("watching")
        await cy.wait_for("face down")  # the board drawn
        row = cy.line_with("Secret")
        assert "face down" in row and "[" not in row and "yours" not in row, row
        cy.close()
        # the other seat cannot choose: its picker offers nothing and says who is deciding
        waiting = terms[1 - table.match.to_move()]
        await waiting.wait_for("Waiting for")
        print(f"\nmove -> other screen: max {max(latencies) * 1000:.0f} ms, "
              f"median {sorted(latencies)[len(latencies) // 2] * 1000:.0f} ms (incl. the SSH client's parse)")
        # the autosave is in the existing save format
        await table.flush()
        from saves import load

        saved = load(tmp_path / "serve" / "autosave" / f"{table.record.id}.json")
        assert saved.moves == table.match.moves


async def test_dropped_client_gets_its_seat_back_at_the_current_decision(tmp_path):
    async with at_a_table(tmp_path) as (server, table, terms):
        names = [s.name for s in table.record.seats]
        for _ in range(3):
            await play_one(table, [terms[n] for n in names])
        m = table.match
        seat = m.to_move()
        who = names[seat]
        terms[who].close()  # the connection drops on this player's turn
        await wait_until(lambda: not table.info().seats[seat].connected, what="the seat to show away")
        other = terms[names[1 - seat]]
        await other.wait_for(f"Waiting for {who}")
        back = await Term().open(server.port, who)
        terms[who] = back
        await back.wait_for("or Enter")  # straight back at the table, at its decision
        assert table.info().seats[seat].connected
        await play_one(table, [terms[n] for n in names])
        assert m.movers[-1] == seat


async def test_only_a_pty_session_is_offered(tmp_path):
    server = await start_server(tmp_path)
    try:
        async with asyncssh.connect("127.0.0.1", server.port, username="Eve", known_hosts=None,
                                    client_keys=None) as conn:
            with pytest.raises(asyncssh.ChannelOpenError):  # exec
                await asyncio.wait_for(conn.run("echo hi"), 10)
            with pytest.raises(asyncssh.ChannelOpenError):  # exec, even with a terminal
                await asyncio.wait_for(conn.run("echo hi", term_type="xterm"), 10)
            with pytest.raises(asyncssh.ChannelOpenError):  # a shell without a terminal
                await asyncio.wait_for(conn.create_process(), 10)
            with pytest.raises(asyncssh.ChannelOpenError):  # SFTP (a subsystem)
                await asyncio.wait_for(conn.start_sftp_client(), 10)
            with pytest.raises(asyncssh.ChannelOpenError):  # X11 forwarding
                await asyncio.wait_for(conn.create_process(term_type="xterm", x11_forwarding=True,
                                                           x11_display="localhost:0"), 10)
            with pytest.raises(asyncssh.ChannelOpenError):  # local port forwarding (direct-tcpip)
                await asyncio.wait_for(conn.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", server.port), 10)
            with pytest.raises(asyncssh.ChannelListenError):  # remote port forwarding
                await asyncio.wait_for(conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", server.port), 10)
            # and the one thing offered works on the same connection
            proc = await asyncio.wait_for(conn.create_process(term_type="xterm", term_size=(80, 24)), 10)
            proc.close()
    finally:
        await server.close()


async def test_keys_from_authorized_keys_only(tmp_path):
    good = asyncssh.generate_private_key("ssh-ed25519")
    bad = asyncssh.generate_private_key("ssh-ed25519")
    good.set_comment("Ann")
    (tmp_path / "authorized_keys").write_bytes(good.export_public_key())
    server = await start_server(tmp_path, open_door=False)
    term = None
    try:
        key_file = tmp_path / "serve" / "ssh_host_ed25519_key"
        assert key_file.stat().st_mode & 0o777 == 0o600
        assert server.fingerprint.startswith("SHA256:")
        with pytest.raises(asyncssh.PermissionDenied):
            await asyncssh.connect("127.0.0.1", server.port, username="Ann", known_hosts=None,
                                   client_keys=[bad], password=None)
        # the key's comment is the name, whatever the login name
        term = await Term().open(server.port, "whoever", client_keys=[good])
        await term.wait_for("Ann · 0 tables")
    finally:
        if term is not None:
            term.close()
        await server.close()


async def test_server_restart_restores_the_table(tmp_path):
    async with at_a_table(tmp_path) as (server, table, terms):
        names = [s.name for s in table.record.seats]
        for _ in range(3):
            await play_one(table, [terms[n] for n in names])
        moves = list(table.match.moves)
        table_id = table.record.id
    server = await start_server(tmp_path)
    try:
        back = server.hub.tables[table_id]
        assert back.record.status == "playing" and back.match.moves == moves
        who = names[back.match.to_move()]
        term = await Term().open(server.port, who)
        await term.wait_for("or Enter")
        term.close()
    finally:
        await server.close()


async def test_twenty_flooding_and_two_silent_clients_lose_no_move_of_a_whole_game(tmp_path):
    flooders: list[Term] = []
    silent: list[Any] = []
    stop = asyncio.Event()

    async def flood(t: Term) -> None:
        junk = b"\x1b[A\x1b[B\xff\xfe\x00zz\x1b[999;999R" * 40
        while not stop.is_set():
            with contextlib.suppress(Exception):
                t.send(junk)
            await asyncio.sleep(0.1)

    async with at_a_table(tmp_path, limits=Limits(per_address=40, input_rate=1024)) as (server, table, by_name):
        try:
            names = [s.name for s in table.record.seats]
            terms = [by_name[n] for n in names]
            flooders = list(await asyncio.gather(*[Term(80, 24, draw=False).open(server.port, f"F{i}") for i in range(20)]))
            tasks = [asyncio.get_running_loop().create_task(flood(t)) for t in flooders]
            # and clients that never answer: a TCP connection that says nothing, and a
            # session whose client stops reading its screen
            _mute_reader, mute = await asyncio.open_connection("127.0.0.1", server.port)
            deaf = await asyncssh.connect("127.0.0.1", server.port, username="Deaf", known_hosts=None, client_keys=None)
            deaf_chan, _ = await deaf.create_session(asyncssh.SSHClientSession, term_type="xterm", term_size=(80, 24))
            deaf_chan.pause_reading()
            silent.extend([mute, deaf])
            await wait_until(lambda: server.total == 24, what="24 connections")
            await wait_until(lambda: all(t.received > 1000 for t in flooders), what="20 apps running")
            m = table.match
            while not m.is_over():
                await play_one(table, terms)
            stop.set()
            await asyncio.gather(*tasks)
            assert table.record.status == "finished"
            assert all(s.dropped > 0 for s in server.sessions if s.player.startswith("F"))  # the cap held
            for t in terms:  # both saw the end
                await t.wait_for("Review (r)")
            await table.flush()
            from saves import load

            assert load(tmp_path / "serve" / "autosave" / f"{table.record.id}.json").moves == m.moves
        finally:
            stop.set()
            for t in [*flooders, *silent]:
                t.close()


async def test_limits_and_window_changes(tmp_path):
    # a long idle timeout here: on a loaded machine opening three sessions can
    # take longer than a short one, which would close Ann before her resize
    server = await start_server(tmp_path, limits=Limits(max_connections=2, per_address=2, idle_timeout=120))
    a = b = None
    try:
        a = await Term().open(server.port, "Ann")
        await a.wait_for("Ann · 0 tables")
        b = await Term().open(server.port, "Bob")
        with pytest.raises((asyncssh.DisconnectError, asyncssh.ConnectionLost, OSError)):
            c = await Term().open(server.port, "Cy")  # the third is turned away
            await asyncio.wait_for(c.proc.wait(), 10)
        # a window change resizes the app (here: below 80x24, the too-small guard)
        a.proc.change_terminal_size(70, 20)
        a.screen.resize(20, 70)
        await a.wait_for("have 70x20")
    finally:
        for t in (a, b):
            if t is not None:
                t.close()
        await server.close()


async def test_idle_timeout_closes_a_silent_session(tmp_path):
    server = await start_server(tmp_path, limits=Limits(idle_timeout=1.5))
    b = None
    try:
        b = await Term().open(server.port, "Bob")
        # no key for the idle timeout: the session is closed
        await asyncio.wait_for(b.proc.wait_closed(), 20)
    finally:
        if b is not None:
            b.close()
        await server.close()
