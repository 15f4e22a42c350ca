"""`make browser-test`: hexwar in a real browser (textual-serve, headless Chromium, Playwright).

Starts `hexwar web` on a free port, opens the page in Debian's Chromium, starts
a DHR game with the keyboard, moves the map cursor one hex, and checks that the
page changed where the map is (the status line names the new hex). Needs
/usr/bin/chromium (Debian's `chromium` package); the Makefile target installs
Playwright into .venv. Not part of `make test`: CI machines need no browser.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHROMIUM = os.environ.get("HEXWAR_CHROMIUM", "/usr/bin/chromium")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> int:
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        print(f"browser-test: no browser at {CHROMIUM} (apt-get install chromium)", file=sys.stderr)
        return 2
    port = free_port()
    data = tempfile.mkdtemp(prefix="hexwar-web-")
    server = subprocess.Popen([sys.executable, "-m", "tui.cli", "web", "--port", str(port)],
                              env={**os.environ, "HEXWAR_DATA_DIR": data},
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 20
        while socket.socket().connect_ex(("127.0.0.1", port)) != 0:
            if time.monotonic() > deadline:
                raise SystemExit("browser-test: hexwar web did not start")
            time.sleep(0.2)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1000, "height": 700})
            page.goto(f"http://127.0.0.1:{port}/")
            page.wait_for_timeout(1000)
            page.mouse.click(500, 350)            # textual-serve's start button
            page.wait_for_timeout(4000)
            page.mouse.click(500, 600)            # focus the terminal
            page.keyboard.press("n")              # new game
            page.wait_for_timeout(2500)
            page.keyboard.press("Control+g")      # start it
            page.wait_for_timeout(3000)
            before = page.screenshot(path=f"{data}/before.png")
            page.keyboard.press("ArrowRight")     # one hex east
            page.wait_for_timeout(1000)
            after = page.screenshot(path=f"{data}/after.png")
            browser.close()
        if before == after:
            print(f"browser-test: FAILED: the page did not change after a cursor key ({data})", file=sys.stderr)
            return 1
        print(f"browser-test: 1 passed, 0 failed (screenshots in {data})")
        return 0
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    sys.exit(main())
