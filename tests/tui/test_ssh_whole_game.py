"""The issue's "done when" with the real OpenSSH client: a whole QUAD game in pseudo-terminals,
and a whole game of every rule set in plain text (`ssh -T`, the last test of this file).

Two new players, each with nothing but `ssh -tt -p PORT play@127.0.0.1` and
their join code (no key), play the teaching scenario on the normal game
screen: each move is picked in the command palette (ctrl+p, its words, Enter),
the way a player who does not aim on the map plays; a seeded random choice
among the moves that player's screen offers, the other side's reactions
(steals) included. In the middle the Kingdom's ssh is killed (kill -9) while
the Rebels are to play; the Rebels' status line shows them alone, they play
on; the Kingdom types `ssh` and the code again and is back where the game
stands, and the Rebels' status line shows both again. Nothing is lost or
doubled (the host's log is the moves picked, and its file replays to the same
state); neither screen ever lists the other side's hand.
"""

from __future__ import annotations

import fcntl
import os
import pty
import random
import re
import select
import signal
import struct
import subprocess
import termios
import time

import pyte
import pytest

from rules import registry
from rules.service import GameService
from saves.scenarios import default_scenario, load_scenario
from saves.store import load_game
from tests.tui.test_host import Running, wait_for
from tests.tui.test_ssh import NO_KEY, OPTIONS, SSH, stop_players

COLUMNS, LINES = 100, 30
MAX_ACTIONS = 150
"""The game (about 70 moves with these seeds, 5 of them steals) is stopped there if it has not ended."""
SEED, CHOICES = 4, 2
"""The game's dice, and the players' choices."""


def online(term: "Terminal", here: int) -> bool:
    """The status line says `here` of the two players are online ('1/2 online'). Under load the emulated
    terminal once kept the slash's cell blank ('1 2 online', CI-like fresh run of stop 33; the host had it
    right): the count is what is checked here, the stale cell is noted for the writer's own tests."""
    return re.search(rf"\b{here}[/ ]2 online", term.text()) is not None


class Terminal:
    """The real ssh client in a pseudo-terminal of its own, its screen kept by a VT emulator."""

    def __init__(self, port: int) -> None:
        self.screen = pyte.Screen(COLUMNS, LINES)
        self.stream = pyte.ByteStream(self.screen)
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the client, as a person types it
            os.execvpe(SSH, [SSH, "-tt", "-p", str(port), *OPTIONS, *NO_KEY, "play@127.0.0.1"],
                       {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(COLUMNS), "LINES": str(LINES)})
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", LINES, COLUMNS, 0, 0))
        self.alive = True

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def type(self, data: str) -> None:
        os.write(self.fd, data.encode())

    def kill(self) -> None:
        """The player's line dies: kill -9 of the ssh process."""
        if self.alive:
            os.kill(self.pid, signal.SIGKILL)
            self._reap()

    def close(self) -> None:
        if self.alive:
            try:
                os.kill(self.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            self._reap()

    def _reap(self) -> None:
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:  # the host's event loop, in this process, reaped it first
            pass
        os.close(self.fd)
        self.alive = False


class Table:
    """The terminals of a test, all read at once (a client whose output nobody reads stalls)."""

    def __init__(self) -> None:
        self.terminals: list[Terminal] = []

    def open(self, port: int) -> Terminal:
        term = Terminal(port)
        self.terminals.append(term)
        return term

    def pump(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while True:
            live = {t.fd: t for t in self.terminals if t.alive}
            left = end - time.monotonic()
            if left <= 0 or not live:
                return
            ready, _, _ = select.select(list(live), [], [], min(left, 0.05))
            for fd in ready:
                try:
                    live[fd].stream.feed(os.read(fd, 65536))
                except OSError:
                    pass

    def until(self, condition, seconds: float = 20, what: str = "", show: Terminal | None = None) -> bool:
        end = time.monotonic() + seconds
        while not condition():
            if time.monotonic() > end:
                if what:
                    raise AssertionError(f"never {what}:\n" + (show.text() if show else ""))
                return False
            self.pump(0.03)
        return True

    def close(self) -> None:
        for term in self.terminals:
            term.close()


def first_hit(term: Terminal, query: str) -> str | None:
    """The palette's first hit, once the query is in its search line."""
    lines = term.screen.display

    def in_palette(text: str) -> str:  # the palette is narrower than the screen: the side panel shows beside it
        return re.split(r"\s{2,}", text.strip())[0]

    for i, line in enumerate(lines[:-3]):
        if "🔎" in line and in_palette(line.split("🔎", 1)[1]) == query:
            column = line.index("🔎")  # the hits stand under the search line: the map beside them is not a hit
            return in_palette(lines[i + 3][max(column - 1, 0):])
    return None


def pick_in_palette(table: Table, term: Terminal, words: str) -> bool:
    """ctrl+p, the move's words, Enter on it once it is the first hit. False if it never was (the
    screen had not had the last push yet): the palette is closed again."""
    table.until(lambda: "🔎" not in term.text(), 5)
    term.type("\x10")
    table.until(lambda: "🔎" in term.text(), 5, "the palette opened", term)
    term.type(words)
    if table.until(lambda: first_hit(term, words) == words, 3):
        term.type("\r")
        return True
    term.type("\x1b")
    table.until(lambda: "🔎" not in term.text(), 5)
    return False


def test_two_ssh_players_in_terminals_play_a_whole_game_one_killed_and_back_by_code(tmp_path):
    from tui.remote.ssh import SSHDoor

    running = Running(tmp_path / "host")
    running.door = SSHDoor(running.host, 0, tmp_path / "hostkey", listen="127.0.0.1")
    table = Table()
    try:
        setup = load_scenario("teaching", "quad")
        service = running.host.add_game(GameService.new(setup, seed=SEED), "fort").service
        running.call(running.door.start())
        codes = running.host.codes("fort")

        def join(side: str) -> Terminal:
            term = table.open(running.door.bound_port)
            table.until(lambda: "Join code:" in term.text(), 20, "asked for a code", term)
            term.type(codes[side] + "\r")
            table.until(lambda: "online" in term.text(), 30, "reached the game screen", term)
            return term

        terms = {side: join(side) for side in ("kingdom", "rebels")}
        table.until(lambda: online(terms["kingdom"], 2), 10,
                    "seen the other player arrive", terms["kingdom"])
        rng = random.Random(CHOICES)
        sent: list[str] = []
        dropped = rejoined = False
        retries = 0
        while service.result is None and len(sent) < MAX_ACTIONS:
            decision = service.decision()
            if not dropped and len(sent) >= 10 and decision.side == "rebels":
                terms["kingdom"].kill()  # the Kingdom's line dies while the Rebels are to play
                table.until(lambda: not running.host.games["fort"].connected().get("kingdom"), 20,
                            "seen the Kingdom go (host)")
                table.until(lambda: online(terms["rebels"], 1), 10,
                            "shown the Rebels alone on their status line", terms["rebels"])
                dropped, at = True, len(sent)
            elif dropped and not rejoined and len(sent) > at and decision.side == "kingdom":
                terms["kingdom"] = join("kingdom")  # ssh and the code again
                table.until(lambda: online(terms["rebels"], 2), 10,
                            "shown the Kingdom back on the Rebels' status line", terms["rebels"])
                back = terms["kingdom"].text()
                limit = f"/{service.state.max_turns}" if service.state.max_turns else ""  # "Turn 2/8 activation"
                assert f"Turn {service.state.turn}{limit} {service.state.phase}" in back, back
                rejoined = True
            side = decision.side
            if decision.reactors and (not dropped or rejoined or "kingdom" not in decision.reactors):
                if rng.random() < 0.3:
                    side = rng.choice(decision.reactors)
            seat = service.seat(side)  # what that player's palette lists (the secrecy test: the same)
            offered: dict[str, str] = {}
            for action in seat.legal_actions():
                offered.setdefault(seat.describe(action), action.text())
            words = rng.choice(sorted(offered))
            if not pick_in_palette(table, terms[side], words):
                retries += 1
                assert retries < 40, f"{side}'s palette never offered {words!r}"
                continue
            # A move aimed at a hex or a unit is shown pending first: Enter confirms it.
            table.until(lambda: len(service.history) > len(sent) or "Enter confirm" in terms[side].text(), 20,
                        f"seen {side}'s move arrive or wait for its confirmation", terms[side])
            if len(service.history) == len(sent):
                terms[side].type("\r")
                table.until(lambda: len(service.history) > len(sent), 20, f"seen {side}'s move arrive", terms[side])
            sent.append(offered[words])
            assert [a.text() for a in service.log] == sent, "a move was lost, doubled or changed"
            for other, term in terms.items():  # a player's own hand is listed; the other's never
                if term.alive:
                    assert term.text().count("Hand:") <= 1, f"the {other} player's screen lists another side's hand"
        assert dropped and rejoined, "the game ended before the Kingdom could drop and come back"
        table.until(lambda: load_game(running.folder / "fort.toml").log == service.log, 10,
                    "had the last move in the game file")
        assert load_game(running.folder / "fort.toml").state == service.state
        replay = GameService.new(setup, seed=SEED)
        for text in sent:
            assert replay.apply(replay.parse(text), autosave=False).ok
        assert replay.state == service.state
        print(f"\n{len(sent)} moves, over={service.result is not None}, palette retries={retries}")
    finally:
        table.close()
        running.call(running.door.close())
        running.stop()


# --- every rule set, plain text over `ssh -T` ------------------------------------------------

RULESETS = [e.id for e in registry.entries() if e.id != "toy"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_two_ssh_players_in_plain_text_finish_a_game_of_every_rule_set_one_killed_and_back_by_code(tmp_path, ruleset):
    """Any rule set over the real client: two new players with `ssh -T` (plain text, one command a
    line) and their codes play the teaching game to its end; the first side's ssh is killed while the
    other is to play, the other plays on, and the first is back with its code where the game stands."""
    from tui.remote.ssh import SSHDoor

    running = Running(tmp_path / "host")
    running.door = SSHDoor(running.host, 0, tmp_path / "hostkey", listen="127.0.0.1")
    started: list[subprocess.Popen] = []
    try:
        setup = load_scenario(default_scenario(ruleset).name, ruleset)
        service = running.host.add_game(GameService.new(setup, seed=3), "g").service
        running.call(running.door.start())
        codes = running.host.codes("g")
        sides = service.state.side_ids()
        out = {s: tmp_path / f"{s}.out" for s in sides}

        def connect(side: str) -> subprocess.Popen:
            with open(out[side], "ab") as log:
                player = subprocess.Popen([SSH, "-p", str(running.door.bound_port), *OPTIONS, *NO_KEY, "-T",
                                           "play@127.0.0.1"], stdin=subprocess.PIPE, stdout=log, stderr=subprocess.STDOUT)
            started.append(player)
            player.stdin.write(f"{codes[side]}\n".encode())
            player.stdin.flush()
            wait_for(lambda: running.host.games["g"].connected().get(side, 0) == 1, 20)
            return player

        players = {s: connect(s) for s in sides}
        rng = random.Random(f"plain:{ruleset}")
        sent: list[str] = []
        dropped = rejoined = False
        while service.result is None and len(sent) < MAX_ACTIONS:
            side = service.decision().side
            if not dropped and len(sent) >= 6 and side != sides[0]:
                players[sides[0]].send_signal(signal.SIGKILL)  # the first player's line dies
                players[sides[0]].wait(10)
                wait_for(lambda: running.host.games["g"].connected().get(sides[0], 0) == 0, 20)
                dropped, at = True, len(sent)
            elif dropped and not rejoined and len(sent) > at:
                before = len(out[sides[0]].read_text())
                players[sides[0]] = connect(sides[0])  # ssh and the code again
                players[sides[0]].stdin.write(b"status\n")
                players[sides[0]].stdin.flush()
                now = f"Turn {service.state.turn}"  # the status of the game as it stands now
                wait_for(lambda: now in out[sides[0]].read_text()[before:], 20)
                rejoined = True
            action = rng.choice(service.legal_actions(side)).text()
            for _ in range(50):  # the player's seat may not have had the last push yet: refused, then again
                refused = out[side].read_text().count("Refused:")
                players[side].stdin.write(f"do {action}\n".encode())
                players[side].stdin.flush()
                wait_for(lambda: len(service.history) > len(sent) or out[side].read_text().count("Refused:") > refused,
                         20)
                if len(service.history) > len(sent):
                    break
                time.sleep(0.05)
            sent.append(action)
            assert [a.text() for a in service.log] == sent, "a move was lost, doubled or changed"
        assert dropped and rejoined, f"the game ended ({len(sent)} moves) before a player could drop and rejoin"
        wait_for(lambda: load_game(running.folder / "g.toml").log == service.log, 10)
        assert load_game(running.folder / "g.toml").state == service.state
        for player in players.values():
            player.stdin.write(b"quit\n")
            player.stdin.flush()
            player.wait(20)
        print(f"\n{ruleset}: {len(sent)} moves, over={service.result is not None}")
    finally:
        stop_players(started, running)
