"""`hexwar join --ask-code` (what `hexwar web --join` runs): a valid code reaches the game screen,
and an internal error ends the command with a non-zero status (issue 26 item 2)."""

from __future__ import annotations

import os
import pty
import select
import sys
import time

import pytest

from tests.tui.test_host import host  # noqa: F401 - the fixture

pyte = pytest.importorskip("pyte")


class Terminal:
    """A command in a pseudo-terminal of 100x30, its screen as pyte draws it."""

    def __init__(self, argv: list[str], env: dict[str, str]) -> None:
        import fcntl
        import struct
        import termios

        self.screen = pyte.Screen(100, 30)
        self.stream = pyte.ByteStream(self.screen)
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execve(argv[0], argv, env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def read_until(self, text: str, seconds: float = 30) -> str:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if select.select([self.fd], [], [], 0.2)[0]:
                try:
                    self.stream.feed(os.read(self.fd, 65536))
                except OSError:
                    break
            if text in self.text():
                return self.text()
        raise AssertionError(f"never saw {text!r}:\n{self.text()}")

    def type(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def status(self, seconds: float = 20) -> int:
        """The command's exit status, once it ended (its output drained meanwhile)."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                os.close(self.fd)
                return os.waitstatus_to_exitcode(status)
            if select.select([self.fd], [], [], 0.1)[0]:
                try:
                    self.stream.feed(os.read(self.fd, 65536))
                except OSError:
                    pass
        os.kill(self.pid, 9)
        os.waitpid(self.pid, 0)
        raise AssertionError(f"the command never ended:\n{self.text()}")


def join_asking(host, tmp_path, prelude: str = "") -> Terminal:
    """`hexwar join --ask-code` against the host's socket; `prelude` runs first (a fault injected)."""
    script = prelude + "from tui.cli import main; raise SystemExit(main(sys.argv[1:]))"
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm", "LANG": "C.UTF-8",
           "HEXWAR_DATA_DIR": str(tmp_path / "client"), "PYTHONPATH": os.getcwd()}
    return Terminal([sys.executable, "-c", "import sys\n" + script, "join", "--ask-code",
                     "--socket", str(host.host.socket_path)], env)


@pytest.mark.slow
def test_join_asking_for_the_code_reaches_the_game_and_ends_cleanly(host, tmp_path):
    term = join_asking(host, tmp_path)
    term.read_until("Enter the join code")
    term.type(host.codes["kingdom"] + "\r")
    term.read_until("Turn 1")
    term.type("d")  # draw a card: the move reaches the host
    deadline = time.monotonic() + 20
    while not host.host.games["fort"].service.history:
        assert time.monotonic() < deadline, "the key press never reached the host:\n" + term.text()
        time.sleep(0.05)
    term.type("\x11")  # ctrl+q
    assert term.status() == 0, term.text()


@pytest.mark.slow
def test_an_internal_error_in_the_joined_game_exits_non_zero(host, tmp_path):
    fault = ("import tui.screens.game as g\n"
             "def broken(self, *a, **k):\n    raise RuntimeError('injected fault')\n"
             "g.GameScreen.on_mount = broken\n")
    term = join_asking(host, tmp_path, fault)
    term.read_until("Enter the join code")
    term.type(host.codes["kingdom"] + "\r")
    assert term.status() == 1, term.text()
