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
