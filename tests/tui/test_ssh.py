"""The SSH front door, tried with the real OpenSSH client: the game, and nothing else."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time

import pytest

from rules.service import GameService
from saves.scenarios import load_scenario
from tests.tui.test_host import Running

SSH = shutil.which("ssh") or "ssh"
"""The machines ship Debian's openssh-client; without it these tests fail, they do not skip."""
OPTIONS = ["-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
           "-o", "ConnectTimeout=10", "-o", "PasswordAuthentication=no", "-o", "IdentityAgent=none",
           "-o", "IdentitiesOnly=yes"]
"""No BatchMode: it turns off keyboard-interactive, the way in of a client with no key."""
NO_KEY = ["-o", "IdentityFile=none"]
"""A player with no key at all (not even the tester's own ~/.ssh keys)."""


@pytest.fixture
def door(tmp_path):
    from tui.remote.ssh import SSHDoor

    running = Running(tmp_path / "host")
    game = running.host.add_game(GameService.new(load_scenario("teaching", "quad"), seed=9), "fort")
    running.codes = running.host.codes(game.name)
    running.door = SSHDoor(running.host, 0, tmp_path / "key", listen="127.0.0.1")
    running.call(running.door.start())
    running.port = running.door.bound_port
    yield running
    running.call(running.door.close())
    running.stop()


def ssh(door, *flags: str, command: tuple[str, ...] = (), user: str = "play", text: str = "",
        key=None, seconds: float = 30) -> subprocess.CompletedProcess:
    """The real client: `ssh -p PORT [flags] user@127.0.0.1 [command]`, fed `text`, offering `key`
    (a private key file) or no key."""
    who = ["-i", str(key)] if key else NO_KEY
    return subprocess.run([SSH, "-p", str(door.port), *OPTIONS, *who, *flags, f"{user}@127.0.0.1", *command],
                          input=text, capture_output=True, text=True, timeout=seconds)


def test_a_player_joins_with_a_code_and_plays_in_plain_text(door):
    out = ssh(door, "-T", text=f"{door.codes['kingdom']}\nactions\ndo 1\nquit\n")
    assert "1. Draw one card" in out.stdout and "Done: Draw one card." in out.stdout, out.stdout + out.stderr
    assert door.host.games["fort"].service.log[0].text() == "draw kingdom"


def test_the_other_player_sees_the_move_and_not_the_card(door):
    ssh(door, "-T", text=f"{door.codes['kingdom']}\ndo 1\nquit\n")
    out = ssh(door, "-T", text=f"{door.codes['rebels']}\nlog\nquit\n")
    assert "The Kingdom draws 1 card" in out.stdout
    assert "draws card " not in out.stdout and "draw card " not in out.stdout


def test_wrong_codes_are_refused_slowly_and_the_session_ends(door):
    start = time.monotonic()
    out = ssh(door, "-T", text="nope\nnope\nnope\n")
    assert out.stdout.count("That code opens no game here.") == 3 and "Goodbye." in out.stdout
    assert time.monotonic() - start >= 3.0
    assert door.host.games["fort"].service.history == []


def test_commands_other_users_and_subsystems_are_refused(door):
    out = ssh(door, "-T", command=("cat", "/etc/passwd"))
    assert "offers only the game" in out.stdout and "root:" not in out.stdout and out.returncode != 0
    out = ssh(door, "-T", user="root", text="")
    assert out.returncode == 255 and "Permission denied" in out.stderr
    out = ssh(door, "-T", "-s", command=("sftp",))
    assert out.returncode != 0


def test_port_forwarding_is_refused(door):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        local = probe.getsockname()[1]
    forward = subprocess.Popen([SSH, "-p", str(door.port), *OPTIONS, *NO_KEY, "-N", "-L",
                                f"{local}:127.0.0.1:{door.port}",
                                "play@127.0.0.1"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                conn = socket.create_connection(("127.0.0.1", local), timeout=5)
                break
            except OSError:
                assert time.monotonic() < deadline, "the ssh client never listened"
                time.sleep(0.1)
        with conn:
            conn.settimeout(5)
            try:
                data = conn.recv(100)
            except (ConnectionResetError, TimeoutError):
                data = b""
        assert not data.startswith(b"SSH-"), "the forwarded connection reached the SSH port"
    finally:
        forward.terminate()
        try:
            forward.wait(5)
        except subprocess.TimeoutExpired:  # a client still holding a forwarded connection
            forward.kill()
            forward.wait(5)


def test_the_real_ssh_client_in_a_terminal_plays_on_the_game_screen(door, tmp_path):
    """ssh in a pseudo-terminal, offering a key: the join code, the key registered (Enter), the game
    screen, a key press, the other player's move."""
    import os
    import pty
    import select

    import pyte

    key = tmp_path / "id_player"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True)
    screen = pyte.Screen(100, 30)
    stream = pyte.ByteStream(screen)
    pid, fd = pty.fork()
    if pid == 0:  # the child: the real client, as a person would type it
        os.execvpe(SSH, [SSH, "-tt", "-p", str(door.port), *OPTIONS, "-i", str(key), "play@127.0.0.1"],
                   {**os.environ, "TERM": "xterm-256color", "COLUMNS": "100", "LINES": "30"})
    import fcntl
    import struct
    import termios

    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))

    def read_until(text: str, seconds: float = 20) -> str:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            ready, _, _ = select.select([fd], [], [], 0.2)
            if ready:
                try:
                    stream.feed(os.read(fd, 65536))
                except OSError:
                    break
            shown = "\n".join(screen.display)
            if text in shown:
                return shown
        raise AssertionError(f"never saw {text!r} on the screen:\n" + "\n".join(screen.display))

    try:
        read_until("Join code:")
        os.write(fd, (door.codes["kingdom"] + "\r").encode())
        read_until("Press Enter to start.")  # the key is registered: said before the game covers it
        os.write(fd, b"\r")
        read_until("Turn 1")
        os.write(fd, b"d")  # draw a card
        deadline = time.monotonic() + 20
        while not door.host.games["fort"].service.history:
            assert time.monotonic() < deadline, "the key press never reached the host"
            time.sleep(0.05)
        assert door.host.games["fort"].service.log[0].text() == "draw kingdom"
        other = door.seat(door.codes["rebels"])  # the other player, on the host's socket
        assert other.apply(other.legal_actions()[0]).ok
        other.link.close()
        shown = read_until("Turn 1/8 activation", 20)  # the Rebels drew, both rolled off: the push arrived
        import re

        rebel_card = re.compile(r"\b(?:10|[2-9AJQK]) (?:Fort Guard|Woodsmen|Peasant Levy|Outlaw Horse)\b")
        assert not rebel_card.search(shown), "a card of the Rebels' hand is on the Kingdom's screen:\n" + shown
    finally:
        os.write(fd, b"\x11")  # ctrl+q
        try:
            os.kill(pid, 15)
        except ProcessLookupError:
            pass
        os.waitpid(pid, 0)
        os.close(fd)


# --- registered public keys -------------------------------------------------------------


@pytest.fixture
def keys(tmp_path):
    """Key pairs made by the real ssh-keygen: the kingdom's, the rebels', a watcher's, a stranger's."""
    made = {}
    for name in ("kingdom", "rebels", "watcher", "stranger"):
        path = tmp_path / f"id_{name}"
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", f"{name}@elsewhere", "-f", str(path)],
                       check=True)
        made[name] = path
    return made


def fingerprint(key) -> str:
    """The key's SHA-256 fingerprint as ssh-keygen prints it."""
    out = subprocess.run(["ssh-keygen", "-l", "-E", "sha256", "-f", f"{key}.pub"], capture_output=True, text=True)
    return out.stdout.split()[1]


def test_a_key_offered_with_a_code_is_registered_and_seats_its_player_next_time(door, keys):
    out = ssh(door, "-T", key=keys["kingdom"], text=f"{door.codes['kingdom']}\nside\nquit\n")
    assert "is now registered for fort as The Kingdom" in out.stdout, out.stdout + out.stderr
    assert "You play The Kingdom." in out.stdout
    assert door.host.keys.seats(fingerprint(keys["kingdom"])) == [("fort", "kingdom")]
    assert (door.folder / "keys.json").stat().st_mode & 0o777 == 0o600  # beside the games, private
    out = ssh(door, "-T", key=keys["kingdom"], text="side\ndo 1\nquit\n")  # no code this time
    assert "Your key seats you in fort as The Kingdom." in out.stdout and "Join code" not in out.stdout
    assert "You play The Kingdom." in out.stdout and "Done: Draw one card." in out.stdout
    assert [a.text() for a in door.host.games["fort"].service.log] == ["draw kingdom"]


def test_a_key_never_opens_another_seat_or_game(door, keys):
    other = door.host.add_game(GameService.new(load_scenario("teaching", "quad"), seed=2), "keep")
    ssh(door, "-T", key=keys["kingdom"], text=f"{door.codes['kingdom']}\nquit\n")
    ssh(door, "-T", key=keys["rebels"], text=f"{door.codes['rebels']}\nquit\n")
    # A stranger's key is asked for a code like anybody, and a seat number is no code.
    out = ssh(door, "-T", key=keys["stranger"], text="1\n2\n\n")
    assert "Join code:" in out.stdout and "welcome back" not in out.stdout
    assert out.stdout.count("That code opens no game here.") == 3 and "Goodbye." in out.stdout
    # The kingdom's key plays the kingdom's move, then cannot make the rebels' one, typed out.
    out = ssh(door, "-T", key=keys["kingdom"], text="do 1\ndo draw rebels\nquit\n")
    assert "Done: Draw one card." in out.stdout and "Refused:" in out.stdout, out.stdout
    assert [a.text() for a in door.host.games["fort"].service.log] == ["draw kingdom"]
    # The rebels' key is the rebels: it does not see the card the kingdom drew.
    out = ssh(door, "-T", key=keys["rebels"], text="side\nlog\nquit\n")
    assert "You play The Rebels." in out.stdout and "The Kingdom draws 1 card" in out.stdout
    assert "draws card " not in out.stdout and "draw card " not in out.stdout
    # Neither key opens the other game.
    assert door.host.key_seats(fingerprint(keys["kingdom"])) == [("fort", "kingdom")]
    assert all(game == "fort" for game, _ in door.host.key_seats(fingerprint(keys["rebels"])))
    assert other.service.history == []


def test_a_spectators_key_watches_and_cannot_act(door, keys):
    ssh(door, "-T", key=keys["watcher"], text=f"{door.codes['*']}\nquit\n")
    out = ssh(door, "-T", key=keys["watcher"], text="side\ndo draw kingdom\ndo 1\nquit\n")
    assert "Your key seats you in fort as a spectator." in out.stdout, out.stdout
    assert "Done:" not in out.stdout
    assert door.host.games["fort"].service.history == []


def test_a_key_with_several_seats_chooses_among_them_and_only_them(door, keys):
    door.host.add_game(GameService.new(load_scenario("teaching", "quad"), seed=2), "keep")
    door.host.register_key(fingerprint(keys["kingdom"]), "keep", "rebels")
    door.host.register_key(fingerprint(keys["kingdom"]), "fort", "kingdom")
    out = ssh(door, "-T", key=keys["kingdom"], text="2\nside\ndo 1\nquit\n")
    assert "1. keep as The Rebels" in out.stdout and "2. fort as The Kingdom" in out.stdout, out.stdout
    assert "You play The Kingdom." in out.stdout
    assert [a.text() for a in door.host.games["fort"].service.log] == ["draw kingdom"]
    out = ssh(door, "-T", key=keys["kingdom"], text="3\n0\n1x\n")  # no third seat; no guessing
    assert out.stdout.count("That code opens no game here.") == 3
    assert door.host.games["keep"].service.history == []


def test_the_hosts_owner_registers_a_key_by_hand(door, keys, capsys):
    from tui.cli import main

    assert main(["serve", "--dir", str(door.folder), "--register", "fort", "rebels", f"{keys['rebels']}.pub"]) == 0
    assert "registered for fort as The Rebels" in capsys.readouterr().out
    out = ssh(door, "-T", key=keys["rebels"], text="side\nquit\n")  # the running host sees it at once
    assert "Your key seats you in fort as The Rebels." in out.stdout and "You play The Rebels." in out.stdout
    for wrong, why in ((["nowhere", "rebels", f"{keys['rebels']}.pub"], "no game"),
                       (["fort", "pirates", f"{keys['rebels']}.pub"], "no side"),
                       (["fort", "rebels", str(keys["rebels"])], "private key"),
                       (["fort", "rebels", str(door.folder / "fort.toml")], "not an OpenSSH public key")):
        assert main(["serve", "--dir", str(door.folder), "--register", *wrong]) != 0
        assert why in capsys.readouterr().err
    assert door.host.keys.seats(fingerprint(keys["rebels"])) == [("fort", "rebels")]


def test_a_connection_that_offers_key_after_key_is_cut_off():
    """asyncssh sets no bound on login attempts: the door does (a client cycling keys is closed)."""
    from collections import Counter

    import asyncssh

    from tui.remote.ssh import MAX_AUTH_TRIES, SSHDoor, _Server

    class Conn:
        closed = False

        def get_extra_info(self, name):
            return ("127.0.0.9", 1) if name == "peername" else None

        def close(self):
            self.closed = True

    server, conn = _Server(SSHDoor.__new__(SSHDoor)), Conn()
    server.door.per_address, server.door.connections = Counter(), set()
    server.connection_made(conn)
    key = asyncssh.generate_private_key("ssh-ed25519").convert_to_public()
    assert all(server.validate_public_key("play", key) for _ in range(MAX_AUTH_TRIES))
    assert not conn.closed
    assert not server.validate_public_key("play", key) and conn.closed
    assert not server.get_kbdint_challenge("play", "", "")
    assert not _Server(server.door).validate_public_key("root", key)  # any other user: never


@pytest.mark.slow
def test_two_players_with_only_ssh_play_a_whole_game_one_dropping_and_rejoining_by_key(tmp_path, keys):
    """The issue's "done when", over the real client: two `ssh -T` players (plain mode, keys offered)
    play a DHR teaching game to its end; the first is killed (kill -9 of its ssh) while the other
    plays, and comes back by key alone. Nothing lost or doubled."""
    import os
    import random
    import signal

    from saves.scenarios import default_scenario
    from saves.store import load_game
    from tui.remote.ssh import SSHDoor

    running = Running(tmp_path / "host")
    running.door = SSHDoor(running.host, 0, tmp_path / "hostkey", listen="127.0.0.1")
    started: list[subprocess.Popen] = []
    try:
        service = running.host.add_game(
            GameService.new(load_scenario(default_scenario("dhr").name, "dhr"), seed=3), "farm").service
        running.call(running.door.start())
        codes = running.host.codes("farm")
        sides = service.state.side_ids()
        out = {s: tmp_path / f"{s}.out" for s in sides}

        def connect(side: str, first: bool) -> subprocess.Popen:
            key = keys[["kingdom", "rebels"][sides.index(side)]]
            with open(out[side], "ab") as log:
                player = subprocess.Popen([SSH, "-p", str(running.door.bound_port), *OPTIONS, "-i", str(key), "-T",
                                           "play@127.0.0.1"], stdin=subprocess.PIPE, stdout=log, stderr=subprocess.STDOUT)
            started.append(player)
            if first:
                player.stdin.write(f"{codes[side]}\n".encode())
                player.stdin.flush()
            deadline = time.monotonic() + 20
            while running.host.games["farm"].connected().get(side, 0) == 0:
                assert time.monotonic() < deadline, f"{side} never got in:\n{out[side].read_text()}"
                time.sleep(0.05)
            return player

        players = {s: connect(s, first=True) for s in sides}
        rng = random.Random(8)
        sent: list[str] = []
        dropped = rejoined = False
        while service.result is None:
            assert len(sent) < 400, "the game never ended"
            side = service.decision().side
            if not dropped and len(sent) >= 4 and side != sides[0]:
                os.kill(players[sides[0]].pid, signal.SIGKILL)  # the first player's line dies
                players[sides[0]].wait(10)
                deadline = time.monotonic() + 20
                while running.host.games["farm"].connected().get(sides[0], 0):
                    assert time.monotonic() < deadline, "the host never saw the player go"
                    time.sleep(0.05)
                dropped, at = True, len(sent)
            elif dropped and not rejoined and len(sent) > at:
                players[sides[0]] = connect(sides[0], first=False)  # the key alone seats them
                rejoined = True
            action = rng.choice(service.legal_actions(side)).text()
            while True:  # the player's screen may not have had the last push yet: then it refuses, and retries
                refused = out[side].read_text().count("Refused:")
                players[side].stdin.write(f"do {action}\n".encode())
                players[side].stdin.flush()
                deadline = time.monotonic() + 20
                while len(service.history) == len(sent) and out[side].read_text().count("Refused:") == refused:
                    assert time.monotonic() < deadline, f"{side}'s move never arrived:\n{out[side].read_text()}"
                    time.sleep(0.02)
                if len(service.history) > len(sent):
                    break
                time.sleep(0.1)
            sent.append(action)
        assert dropped and rejoined
        assert [a.text() for a in service.log] == sent, "an action was lost, doubled or changed"
        deadline = time.monotonic() + 10  # the host writes the file right after the last action
        while load_game(running.folder / "farm.toml").log != service.log:
            assert time.monotonic() < deadline, "the game file lacks an action"
            time.sleep(0.05)
        assert "Your key seats you in farm" in out[sides[0]].read_text()
        for player in players.values():
            player.stdin.write(b"quit\n")
            player.stdin.flush()
            player.wait(20)
    finally:
        stop_players(started, running)


def stop_players(started: list[subprocess.Popen], running) -> None:
    """Kill every ssh client still running, then close the host's SSH door and the host."""
    for player in started:
        if player.poll() is None:
            player.kill()
        player.wait(10)
        if player.stdin:
            player.stdin.close()
    running.call(running.door.close())
    running.stop()
