"""The SSH door under attack (issue 26): huge terminals, many sessions, idle connections, over-limit clients.

Each test tries the attack with a raw asyncssh client (or the real OpenSSH
client) on 127.0.0.1 against a door serving in a thread of the test process.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import struct
import termios
import time
from pathlib import Path

import pytest

from tests.tui.test_ssh import door  # noqa: F401 - the fixture

asyncssh = pytest.importorskip("asyncssh")


def game_processes() -> list[int]:
    """The game processes (`python -m tui.cli join`) this test process started (the door runs here)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == os.getpid() and b"tui.cli" in cmdline and b"join" in cmdline:
            found.append(int(entry.name))
    return found


def terminal_size(pid: int) -> tuple[int, int]:
    """(columns, rows) of the pseudo-terminal the process `pid` reads."""
    with open(os.readlink(f"/proc/{pid}/fd/0"), "rb", buffering=0) as tty:
        rows, cols, _, _ = struct.unpack("HHHH", fcntl.ioctl(tty, termios.TIOCGWINSZ, b"\0" * 8))
    return cols, rows


def address_space_limit(pid: int) -> str:
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max address space"):
            return line.split()[3]
    raise AssertionError("no address-space line")


def wait_until(condition, seconds: float = 20.0, what: str = "the condition"):
    end = time.monotonic() + seconds
    while True:
        value = condition()
        if value:
            return value
        assert time.monotonic() < end, f"never: {what}"
        time.sleep(0.05)


class _NoKeyClient(asyncssh.SSHClient):
    """A client with no key: keyboard-interactive with no question, as OpenSSH does it."""

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(self, name, instructions, lang, prompts):
        return [""] * len(prompts)


async def connect(door, **kw):
    return await asyncssh.connect("127.0.0.1", door.port, username="play", known_hosts=None, client_keys=None,
                                  agent_path=None, client_factory=_NoKeyClient, **kw)


def test_a_huge_terminal_is_clamped_and_the_game_process_memory_is_bounded(door):
    """`stty cols 10000 rows 10000; ssh -tt`: the game's terminal is at most 500x200, also after a
    window change, and its process runs under an address-space limit."""
    from tui.remote.limits import GAME_MEMORY, MAX_HEIGHT, MAX_WIDTH

    async def attack():
        async with await connect(door) as conn:
            process = await conn.create_process(term_type="xterm", term_size=(10000, 10000))
            await asyncio.wait_for(process.stdout.readuntil("Join code: "), 10)
            process.stdin.write(door.codes["*"] + "\r")
            pid = await asyncio.to_thread(wait_until, game_processes, 20, "a game process")
            pid = pid[0]
            size = await asyncio.to_thread(wait_until, lambda: terminal_size(pid), 5, "a size")
            limit = address_space_limit(pid)
            process.change_terminal_size(20000, 30)
            changed = await asyncio.to_thread(
                wait_until, lambda: terminal_size(pid) != size and terminal_size(pid), 10, "the window change")
            process.close()
            return size, limit, changed

    size, limit, changed = asyncio.run(attack())
    assert size == (MAX_WIDTH, MAX_HEIGHT), size
    assert changed == (MAX_WIDTH, 30), changed
    assert limit == str(GAME_MEMORY)
    wait_until(lambda: not game_processes(), 15, "the game ends with its client")


async def open_sessions(conn, count: int) -> list[str]:
    """Open `count` sessions on one connection (no code typed): what each first said."""
    said = []
    for _ in range(count):
        try:
            process = await conn.create_process()
        except asyncssh.ChannelOpenError as refused:
            said.append(f"open failed: {refused.reason}")
            continue
        text = ""
        try:
            while "Join code:" not in text and not process.stdout.at_eof():
                text += await asyncio.wait_for(process.stdout.read(200), 10)
        except asyncio.TimeoutError:
            pass
        said.append(text)
    return said


def test_one_connection_or_address_cannot_fill_the_host(door):
    """Four connections from 127.0.0.1 each ask for ten sessions and type no code; a player from
    127.0.0.2 still joins with a code (before: 32 sessions at the prompt, "The host is full")."""
    from tui.remote import ssh as door_module

    # (read with defaults, so that the test runs, and fails, against a door without these limits)
    MAX_SESSIONS_PER_CONNECTION = getattr(door_module, "MAX_SESSIONS_PER_CONNECTION", 2)
    MAX_SESSIONS_PER_ADDRESS = getattr(door_module, "MAX_SESSIONS_PER_ADDRESS", 6)

    async def attack():
        conns = [await connect(door) for _ in range(4)]
        try:
            said = [await open_sessions(conn, 10) for conn in conns]
            player = await connect(door, local_addr=("127.0.0.2", 0))
            async with player:
                result = await player.run(input=f"{door.codes['kingdom']}\nside\nquit\n", timeout=30)
            return said, result.stdout
        finally:
            for conn in conns:
                conn.close()

    said, player = asyncio.run(attack())
    prompts = [sum("Join code:" in s for s in one) for one in said]
    assert all(n <= MAX_SESSIONS_PER_CONNECTION for n in prompts), prompts
    assert sum(prompts) <= MAX_SESSIONS_PER_ADDRESS, prompts
    assert any("sessions on one connection" in s for s in said[0]), said[0]
    assert "You play The Kingdom." in player, player


def test_strangers_at_the_prompt_leave_room_for_a_player_whose_key_seats_them(door, tmp_path):
    """Sixteen addresses each hold two sessions at the code prompt: at most MAX_WAITING wait,
    and a player whose registered key seats them still gets in (before: "The host is full")."""
    from tui.remote import ssh as door_module

    MAX_WAITING = getattr(door_module, "MAX_WAITING", 12)

    key = asyncssh.generate_private_key("ssh-ed25519")
    door.host.register_key(key.get_fingerprint("sha256"), "fort", "rebels")

    async def attack():
        conns = [await connect(door, local_addr=(f"127.0.0.{n}", 0)) for n in range(10, 26)]
        try:
            said = [await open_sessions(conn, 2) for conn in conns]
            async with await asyncssh.connect("127.0.0.1", door.port, username="play", known_hosts=None,
                                              client_keys=[key], agent_path=None) as player:
                result = await player.run(input="side\nquit\n", timeout=30)
            return said, result.stdout
        finally:
            for conn in conns:
                conn.close()

    said, player = asyncio.run(attack())
    waiting = sum("Join code:" in s for one in said for s in one)
    assert waiting <= MAX_WAITING, waiting
    assert any("entering a code" in s for one in said for s in one)
    assert "You play The Rebels." in player, player


def test_a_connection_with_no_session_is_closed(door, monkeypatch):
    """`ssh -N` (no session, no forwarding allowed) held its connection for ever."""
    import subprocess

    from tests.tui.test_ssh import NO_KEY, OPTIONS, SSH
    from tui.remote import ssh as door_module

    monkeypatch.setattr(door_module, "IDLE_TIMEOUT", 2, raising=False)
    start = time.monotonic()
    try:
        idle = subprocess.run([SSH, "-N", "-p", str(door.port), *OPTIONS, *NO_KEY, "play@127.0.0.1"],
                              capture_output=True, text=True, timeout=20)
    except subprocess.TimeoutExpired:
        raise AssertionError("the connection with no session stayed open") from None
    assert time.monotonic() - start < 20
    assert "no game session opened" in idle.stderr, idle.stderr


def test_a_connection_over_the_address_limit_is_told_why(door):
    """The fifth connection from one address: an SSH disconnect message OpenSSH prints (before:
    "banner line contains invalid characters")."""
    import subprocess

    from tests.tui.test_ssh import NO_KEY, OPTIONS, SSH
    from tui.remote.ssh import MAX_PER_ADDRESS

    held = [subprocess.Popen([SSH, "-N", "-p", str(door.port), *OPTIONS, *NO_KEY, "play@127.0.0.1"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for _ in range(MAX_PER_ADDRESS)]
    try:
        wait_until(lambda: door.door.per_address.get("127.0.0.1", 0) >= MAX_PER_ADDRESS, 20, "the connections")
        late = subprocess.run([SSH, "-T", "-p", str(door.port), *OPTIONS, *NO_KEY, "play@127.0.0.1"],
                              input="", capture_output=True, text=True, timeout=30)
    finally:
        for one in held:
            one.kill()
            one.wait(10)
    assert late.returncode == 255
    assert "too many connections from your address" in late.stderr, late.stderr
    assert "banner" not in late.stderr
