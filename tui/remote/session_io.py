"""A session's game at the end of the SSH door: its input in, its screen (or lines) out, its end.

Textual-free. `pump_in` passes what the player types to the game (at most
INPUT_BYTES_PER_SECOND; a resize goes to the game's terminal), `pty_out` and
`pipe_out` pass the game's output back, `until_shown` runs both until the game
ends and leaves neither running, `stop` ends and reaps the game.
"""

from __future__ import annotations

import asyncio
import codecs
import fcntl
import os
import struct
import termios

import asyncssh

from tui.remote.limits import INPUT_BYTES_PER_SECOND, bound_memory, clamp_size

STOP_TIMEOUT = 5
"""Seconds a session's game has to stop when asked, before it is killed."""


async def pump_in(process, write, proc, master: int | None = None, on_eof=None) -> None:
    """Typed input to the game, at most INPUT_BYTES_PER_SECOND; a resize goes to the terminal.
    At the end of input, `on_eof` (the plain mode reads to its end); otherwise, and when the
    connection fails, the game is ended."""
    loop = asyncio.get_running_loop()
    window, used = loop.time(), 0
    try:
        while proc.returncode is None:
            try:
                data = await process.stdin.read(1024)
            except asyncssh.TerminalSizeChanged as change:
                if master is not None:
                    set_size(master, change.width, change.height)
                continue
            if not data:
                if on_eof is not None:
                    on_eof()
                    return
                break
            now = loop.time()
            if now - window >= 1.0:
                window, used = now, 0
            room = INPUT_BYTES_PER_SECOND - used
            if room <= 0:
                continue
            chunk = data.encode("utf-8")[:room]
            used += len(chunk)
            try:
                write(chunk)
            except OSError:
                break
    except BaseException:
        on_eof = None
        raise
    finally:
        if on_eof is None and proc.returncode is None:
            proc.terminate()  # its screen then ends, and with it the session

async def pty_out(master: int, process) -> None:
    """The game's terminal to the player, until the game ends."""
    loop = asyncio.get_running_loop()
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    ready = asyncio.Event()
    loop.add_reader(master, ready.set)
    try:
        while True:
            await ready.wait()
            ready.clear()
            try:
                data = os.read(master, 65536)
            except BlockingIOError:
                continue
            except OSError:  # the game ended: the terminal is gone
                break
            if not data:
                break
            process.stdout.write(decoder.decode(data))
    finally:
        loop.remove_reader(master)

async def pipe_out(proc, process) -> None:
    """The plain mode's lines to the player, until the game ends."""
    while True:
        data = await proc.stdout.read(4096)
        if not data:
            break
        process.stdout.write(data.decode("utf-8", "replace").replace("\n", "\r\n"))


async def until_shown(typed, shown) -> None:
    """Run both pumps until the game's output ends; neither is left running (nor unawaited)."""
    tasks = [asyncio.ensure_future(typed), asyncio.ensure_future(shown)]
    try:
        await tasks[1]
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


async def stop(proc) -> None:
    """End a session's game (politely, then not) and reap it."""
    if proc.returncode is None:
        proc.terminate()
        try:
            await asyncio.wait_for(proc.wait(), STOP_TIMEOUT)
            return
        except asyncio.TimeoutError:
            proc.kill()
    await proc.wait()


def set_size(fd: int, width: int, height: int) -> None:
    """The game's terminal size: what the client asked for, clamped (tui/remote/limits.py)."""
    width, height = clamp_size(width, height)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))


def take_terminal() -> None:
    """In the child: the pseudo-terminal on standard input becomes its controlling terminal,
    and its memory is bounded."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    bound_memory()


def write_all(fd: int, data: bytes) -> None:
    while data:
        try:
            n = os.write(fd, data)
        except BlockingIOError:
            continue
        data = data[n:]
