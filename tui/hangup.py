"""Leave when the terminal hangs up and no SIGHUP comes.

A closed terminal or a dropped SSH link sends SIGHUP, which ends hexwar. Started
under a program that keeps the signal from it (`make play`, nohup, a wrapper),
hexwar never hears it, and Textual's input thread (8.2) then reads end-of-file
in a tight loop: an orphan burning a third of a core for ever (Textual's pull
request 6690, open). The input thread's selector (tui/app.py `quick_escape`)
asks `hung_up` whenever the terminal is ready to read; once it has hung up the
selector reports nothing more (no busy loop) and calls `leave`, which the
runner sets to end the app. Every action was autosaved as it was made.
"""

from __future__ import annotations

import select
from collections.abc import Callable

leave: Callable[[], None] | None = None
"""What to do once the terminal has hung up (set by the runner: end the app); called once."""


def hung_up(fd: int) -> bool:
    """True when the terminal (or pipe) `fd` has hung up: poll reports HUP, ERR or NVAL, never just data."""
    poller = select.poll()
    poller.register(fd, select.POLLIN)
    return any(mask & (select.POLLHUP | select.POLLERR | select.POLLNVAL) for _, mask in poller.poll(0))


def heard() -> None:
    """The terminal has hung up: end the app, once."""
    global leave
    then, leave = leave, None
    if then is not None:
        then()


def leave_app_on_hangup(app) -> None:
    """End `app` when its terminal hangs up. `App.exit` only posts a message, which is safe from the input
    thread; `call_from_thread` is not: it waits for the app, whose exit waits for this very thread."""
    global leave
    leave = app.exit
