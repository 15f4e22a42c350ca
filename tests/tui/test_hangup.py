"""A terminal that hangs up without a SIGHUP (hexwar under `make play`, nohup, a wrapper) ends hexwar: before,
Textual's input thread read end-of-file in a tight loop and the orphan burned a third of a core for ever."""

from __future__ import annotations

import fcntl
import os
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

from tui import hangup
from tui.app import quick_escape

ROOT = Path(__file__).resolve().parents[2]


def test_the_input_selector_reports_nothing_once_the_terminal_hangs_up_and_asks_the_app_to_leave(monkeypatch):
    quick_escape()
    from textual.drivers import linux_driver

    heard = []
    monkeypatch.setattr(hangup, "leave", lambda: heard.append("leave"))
    master, slave = os.openpty()
    selector = linux_driver.selectors.SelectSelector()
    try:
        selector.register(slave, linux_driver.selectors.EVENT_READ)
        os.write(master, b"x\n")  # a line: the terminal is in its cooked mode here
        assert selector.select(0.1) and not heard  # a key: read as ever
        os.read(slave, 2)
        os.close(master)  # the terminal goes away: reads would return end-of-file at once, for ever
        started = time.monotonic()
        assert selector.select(0.1) == [] and selector.select(0.1) == []
        assert time.monotonic() - started >= 0.15  # it waited as when idle, no busy loop
        assert heard == ["leave"]  # once
    finally:
        selector.close()
        os.close(slave)


def test_hexwar_ends_when_its_terminal_hangs_up_even_with_sighup_ignored(tmp_path):
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path), "TERM": "xterm-256color",
           "HEXWAR_DATA_DIR": str(tmp_path / "data")}
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    proc = subprocess.Popen([sys.executable, "-m", "tui.cli"], stdin=slave, stdout=slave, stderr=slave, cwd=ROOT,
                            env=env, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN))  # as nohup does
    os.close(slave)
    try:
        out, end = b"", time.monotonic() + 30
        while b"Resume" not in out and time.monotonic() < end:
            if select.select([master], [], [], 0.1)[0]:
                out += os.read(master, 65536)
        assert b"Resume" in out, out[-400:]  # the title screen is up
        os.close(master)
        master = None
        proc.wait(timeout=10)  # before: still running (and spinning) when killed here
    finally:
        if master is not None:
            os.close(master)
        if proc.poll() is None:
            proc.kill()
            proc.wait()
