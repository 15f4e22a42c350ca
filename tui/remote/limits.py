"""Bounds on what one remote player's game may take of the host: its input, screen size, memory.

Textual-free; shared by the SSH door (tui/remote/ssh.py, session_io.py) and
`hexwar web` (tui/remote/web.py). A terminal of 10000x10000 cells asked for by
a client makes a game process draw (and hold) gigabytes: every size a client
sends is clamped, and each game process runs under an address-space limit,
so one session cannot starve the others.
"""

from __future__ import annotations

import resource

INPUT_BYTES_PER_SECOND = 4096
"""More typed input than this in a second is dropped (keys, not uploads)."""
MAX_WIDTH = 500
MAX_HEIGHT = 200
GAME_MEMORY = 1536 * 1024 * 1024
"""Address space one game process may map (bytes). A game at 500x200 maps well under half of it."""


def clamp_size(width: object, height: object, default: tuple[int, int] = (80, 24)) -> tuple[int, int]:
    """A client's terminal size, within 1..MAX_WIDTH x 1..MAX_HEIGHT (anything not a number: the default)."""
    try:
        w, h = int(width), int(height)  # type: ignore[call-overload]
    except (TypeError, ValueError, OverflowError):
        w, h = default
    return min(max(w, 1), MAX_WIDTH), min(max(h, 1), MAX_HEIGHT)


def bound_memory() -> None:
    """In a game's child process, before it runs: cap its address space at GAME_MEMORY."""
    resource.setrlimit(resource.RLIMIT_AS, (GAME_MEMORY, GAME_MEMORY))
