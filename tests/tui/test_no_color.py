"""Issue 24 item 17: under NO_COLOR hexwar writes no colour code at all (Textual's own NO_COLOR filter wrote
256-colour greys, `38;5;241`). Rendered through a real pseudo-terminal and the bytes scanned."""

from __future__ import annotations

import fcntl
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SGR = re.compile(rb"\x1b\[([0-9;:]*)m")
COLOUR = re.compile(rb"(?:^|;)(?:3[0-8]|4[0-8]|9[0-7]|10[0-7])(?:[;:]|$)")
"""Foreground/background colours (30-38, 40-48, bright 90-97, 100-107); 39 and 49 (the defaults) are not colours."""


def screen_bytes(args: list[str], env: dict[str, str], until: bytes, seconds: float = 20.0) -> bytes:
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    proc = subprocess.Popen([sys.executable, "-m", "tui.cli", *args], stdin=slave, stdout=slave, stderr=slave,
                            cwd=ROOT, env=env, start_new_session=True)
    os.close(slave)
    out = b""
    seen = None
    end = time.monotonic() + seconds
    try:
        while time.monotonic() < end and (seen is None or time.monotonic() < seen + 1.0):
            ready, _, _ = select.select([master], [], [], 0.1)
            if ready:
                try:
                    out += os.read(master, 65536)
                except OSError:
                    break
            if seen is None and until in out:
                seen = time.monotonic()  # the screen is up: a second more for the rest of its frame
    finally:
        proc.kill()
        proc.wait()
        os.close(master)
    assert until in out, out[-400:]
    return out


def colour_codes(out: bytes) -> list[bytes]:
    return sorted({code for code in SGR.findall(out) if COLOUR.search(code)})


@pytest.mark.parametrize("args, until", [([], b"Resume"), (["new", "quad", "--seed", "3"], b"Kingdom")])
def test_no_color_writes_no_colour_codes(tmp_path, args, until):
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path), "TERM": "xterm-256color",
           "HEXWAR_DATA_DIR": str(tmp_path / "data"), "NO_COLOR": "1"}
    out = screen_bytes(args, env, until)
    assert SGR.search(out), "no attributes at all: the scan would see nothing"
    assert colour_codes(out) == []
