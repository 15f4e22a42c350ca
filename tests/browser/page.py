"""hexwar in a real browser: `hexwar web` on a free port, Debian's Chromium driven by Playwright.

Shared by the pytest test (tests/browser/test_browser.py, part of `make test`)
and `make browser-test`. Playwright drives the browser the machine has
(/usr/bin/chromium, Debian's `chromium`, which .ci/run installs when it is
missing); it never downloads one of its own. The page's terminal draws on a
canvas, so what it shows is rebuilt from the bytes textual-serve sends it over
its websocket; the page is screenshot before and after.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

CHROMIUM = os.environ.get("HEXWAR_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
"""As root, in this machine's closed network: no sandbox, and no calls home (each would be refused)."""
STATUS_HEX = r"Turn 1[ /].*\| (\d+,\d+) "
"""The game screen's status line names the hex under the cursor."""
WAIT = 20.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Page:
    """One browser tab on `hexwar web`, and its terminal's screen, rebuilt from what the page was sent
    (textual-serve sends the terminal's bytes; pyte, a VT emulator, draws them as xterm.js does)."""

    def __init__(self, page) -> None:
        self.page = page
        self.screen = None
        self.stream = None
        page.on("websocket", self._socket)

    def _socket(self, ws) -> None:
        ws.on("framesent", self._sent)
        ws.on("framereceived", self._received)

    def _sent(self, frame) -> None:
        import pyte

        if isinstance(frame, str) and frame.startswith('["resize"'):
            size = json.loads(frame)[1]
            self.screen = pyte.Screen(size["width"], size["height"])
            self.stream = pyte.ByteStream(self.screen)

    def _received(self, frame) -> None:
        if isinstance(frame, bytes) and self.stream is not None:
            self.stream.feed(frame)

    def text(self) -> str:
        return "\n".join(self.screen.display) if self.screen is not None else ""

    def wait_for(self, pattern: str) -> re.Match:
        """Until the terminal shows `pattern` (a regular expression); its match."""
        end = time.monotonic() + WAIT
        while True:
            found = re.search(pattern, self.text())
            if found:
                return found
            if time.monotonic() > end:
                raise AssertionError(f"the browser's terminal never showed {pattern!r}; it shows:\n{self.text()}")
            self.page.wait_for_timeout(50)


def play_in_browser(shots: Path) -> tuple[str, str]:
    """Open hexwar in Chromium, start a game with the keyboard, move the map cursor one hex east.
    Returns the status line's hex before and after; leaves before.png and after.png in `shots`."""
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        raise AssertionError(f"no browser at {CHROMIUM}: apt-get install chromium (.ci/run does)")
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "tui.cli", "web", "--port", str(port), "--host", "127.0.0.1"],
                              env={**os.environ, "HEXWAR_DATA_DIR": str(shots / "data")},
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        end = time.monotonic() + WAIT
        while True:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            assert server.poll() is None and time.monotonic() < end, "hexwar web did not start"
            time.sleep(0.1)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            try:
                tab = Page(browser.new_page(viewport={"width": 1000, "height": 700}))
                tab.page.goto(f"http://127.0.0.1:{port}/", wait_until="domcontentloaded")
                tab.wait_for("New game")                # the title screen
                # The keyboard to the terminal: a click in the top-left corner, away from the menu's clickable lines.
                tab.page.click(".xterm-screen", position={"x": 4, "y": 4})
                tab.page.keyboard.press("n")             # new game
                tab.wait_for("ctrl\\+g")
                tab.page.keyboard.press("Control+g")     # start it
                before = tab.wait_for(STATUS_HEX).group(1)
                tab.page.screenshot(path=str(shots / "before.png"))
                tab.page.keyboard.press("ArrowRight")    # one hex east
                after = tab.wait_for(STATUS_HEX.replace("(", f"(?!{before} )(", 1)).group(1)
                tab.page.screenshot(path=str(shots / "after.png"))
            finally:
                browser.close()
        return before, after
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(5)


def join_in_browser(shots: Path) -> tuple[str, list[tuple[str, str]]]:
    """`hexwar web --join` in Chromium: a host (in this process) hosts a QUAD teaching game; the
    browser enters the Kingdom's code, reaches the game screen and draws a card (d). Returns the
    browser's screen after the move and the log as the Rebels' player (on the host's socket, as
    every SSH session plays) was pushed it; leaves joined.png in `shots`."""
    from playwright.sync_api import sync_playwright

    from rules.service import GameService
    from saves.scenarios import load_scenario
    from tests.tui.test_host import Running

    if not Path(CHROMIUM).exists():
        raise AssertionError(f"no browser at {CHROMIUM}: apt-get install chromium (.ci/run does)")
    data = shots / "data"
    running = Running(data / "host")  # where `hexwar join --ask-code` looks for the host's socket
    server = None
    try:
        running.host.add_game(GameService.new(load_scenario("teaching", "quad"), seed=9), "fort")
        codes = running.host.codes("fort")
        rebels = running.seat(codes["rebels"])
        port = free_port()
        server = subprocess.Popen([sys.executable, "-m", "tui.cli", "web", "--join", "--port", str(port),
                                   "--host", "127.0.0.1"], env={**os.environ, "HEXWAR_DATA_DIR": str(data)},
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        end = time.monotonic() + WAIT
        while True:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            assert server.poll() is None and time.monotonic() < end, "hexwar web --join did not start"
            time.sleep(0.1)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            try:
                tab = Page(browser.new_page(viewport={"width": 1000, "height": 700}))
                tab.page.goto(f"http://127.0.0.1:{port}/", wait_until="domcontentloaded")
                tab.wait_for("Enter the join code")
                tab.page.click(".xterm-screen", position={"x": 4, "y": 4})
                tab.page.keyboard.type(codes["kingdom"])
                tab.page.keyboard.press("Enter")
                tab.wait_for("Turn 1")
                tab.page.keyboard.press("d")  # the Kingdom draws a card
                end = time.monotonic() + WAIT
                while rebels.action_count < 1:
                    assert time.monotonic() < end, "the Rebels' player never saw the browser's move:\n" + tab.text()
                    time.sleep(0.05)
                tab.page.screenshot(path=str(shots / "joined.png"))
                shown = tab.text()
            finally:
                browser.close()
        return shown, [(step.side, step.text) for step in rebels.log()]
    finally:
        if server is not None:
            server.terminate()
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(5)
        running.stop()
