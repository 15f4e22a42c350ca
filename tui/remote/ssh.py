"""The SSH front door: `ssh -p PORT play@HOST` reaches the game and nothing else.

asyncssh serves the connection; nobody needs an account: the user `play`
logs in with any public key the client offers, or with none (keyboard-
interactive with no question), every other user name is refused. A key
offered names the player: once it joined a seat with that seat's join code,
it is registered for that seat (tui/remote/keys.py) and seats its player
there next time without a code. Otherwise a session asks for a join code.
Then it runs `hexwar join` for that seat in a pseudo-terminal of its own (the
normal game screen), or, for a client that asked for no terminal (`ssh -T`),
the plain-text mode over the bare channel. What is refused:
commands (`ssh host ls`), subsystems (SFTP), SCP, port and socket forwarding,
agent and X11 forwarding. Bounded: connections per address (one more is
told so by an SSH disconnect message), sessions per connection, per address
and in all, sessions still at the code prompt in all (so that most slots stay
for players who gave a code or whose key seats them), the time a connection
may stay with no session open, the code's length and tries (each wrong code
answered after the host's delay), and the bytes a second a player may type.
"""

from __future__ import annotations

import asyncio
import os
import sys
from collections import Counter
from pathlib import Path

import asyncssh

from saves.errors import SaveError
from tui.remote.host import SPECTATOR, Host
from tui.remote.keys import KeyRefused
from tui.remote.limits import bound_memory
from tui.remote.session_io import pipe_out, pty_out, pump_in, set_size, stop, take_terminal, until_shown, write_all

USER = "play"
MAX_PER_ADDRESS = 4
"""Connections from one address."""
MAX_SESSIONS = 32
"""Sessions in all."""
MAX_WAITING = 12
"""Sessions at the code prompt (no seat yet) in all: the other MAX_SESSIONS - MAX_WAITING slots
are kept for players who gave a valid code or whose key seats them."""
MAX_SESSIONS_PER_CONNECTION = 2
MAX_SESSIONS_PER_ADDRESS = 6
IDLE_TIMEOUT = 60
"""Seconds a logged-in connection may stay with no session open (`ssh -N`) before it is closed."""
CODE_TRIES = 3
MAX_CODE = 40
LOGIN_TIMEOUT = 30
MAX_AUTH_TRIES = 12
"""Keys offered (or other login attempts) on one connection; OpenSSH's own server allows 6."""
CLOSE_TIMEOUT = 5
"""Seconds a session's game has to stop when the door closes, before it is killed."""


class _Server(asyncssh.SSHServer):
    """One per connection: who may log in, and nothing but sessions."""

    def __init__(self, door: SSHDoor) -> None:
        self.door = door
        self.address = ""
        self.over_limit = False
        self.sessions = 0
        """Sessions open on this connection."""
        self._idle: asyncio.TimerHandle | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self._conn = conn
        peer = conn.get_extra_info("peername")
        self.address = peer[0] if peer else "?"
        self.door.per_address[self.address] += 1
        self.door.connections.add(conn)
        # Told at the first login request, by an SSH disconnect message the client prints (closed
        # here, before the version exchange, OpenSSH saw only a broken banner).
        self.over_limit = self.door.per_address[self.address] > MAX_PER_ADDRESS

    def connection_lost(self, exc: Exception | None) -> None:
        self.stop_idle()
        self.door.connections.discard(self._conn)
        self.door.per_address[self.address] -= 1
        if self.door.per_address[self.address] <= 0:
            del self.door.per_address[self.address]

    key: asyncssh.SSHKey | None = None
    """The public key this connection logged in with (None: it offered none)."""
    tries = 0

    def begin_auth(self, username: str) -> bool:
        if self.over_limit:
            raise asyncssh.DisconnectError(
                asyncssh.DISC_TOO_MANY_CONNECTIONS,
                f"hexwar: too many connections from your address (at most {MAX_PER_ADDRESS}); close one and try again")
        return True  # everyone authenticates; only `play` can, with any key or with none

    def auth_completed(self) -> None:
        self.start_idle()

    def start_idle(self) -> None:
        """A connection with no session open is closed after IDLE_TIMEOUT (`ssh -N` holds a slot)."""
        self.stop_idle()
        self._idle = asyncio.get_running_loop().call_later(IDLE_TIMEOUT, self._close_idle)

    def stop_idle(self) -> None:
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None

    def _close_idle(self) -> None:
        if self.sessions == 0:
            self._conn.disconnect(asyncssh.DISC_BY_APPLICATION,
                                  f"hexwar: no game session opened in {IDLE_TIMEOUT} s; goodbye")

    def password_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def _try(self) -> bool:
        """One more login attempt; past MAX_AUTH_TRIES the connection is closed (asyncssh sets no bound)."""
        self.tries += 1
        if self.tries > MAX_AUTH_TRIES:
            self._conn.close()
            return False
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        # Any key logs `play` in (asyncssh then checks the client holds it): a key names a
        # player, it gives no seat but those registered for it. The last key validated is
        # the one signed with when the login succeeds.
        self.key = key if username == USER else None
        return self._try() and username == USER

    def kbdint_auth_supported(self) -> bool:
        return True

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        self.key = None  # a client with no key (or none accepted) logs in with no question
        return self._try() and username == USER


class SSHDoor:
    """Serves `host`'s games to SSH clients on `port`."""

    def __init__(self, host: Host, port: int, host_key: str | Path, listen: str = "") -> None:
        self.host = host
        self.port = port
        self.host_key = Path(host_key)
        self.listen = listen
        self.per_address: Counter[str] = Counter()
        self.sessions = 0
        self.waiting = 0
        """Sessions at the code prompt."""
        self.sessions_per_address: Counter[str] = Counter()
        self.connections: set[asyncssh.SSHServerConnection] = set()
        self._tasks: set[asyncio.Task] = set()
        """The sessions running: closing the door ends each and waits for its game to stop."""
        self._acceptor: asyncssh.SSHAcceptor | None = None

    @staticmethod
    def ensure_key(path: str | Path) -> Path:
        """The host key at `path`, made (0600) if absent."""
        p = Path(path)
        if not p.exists():
            key = asyncssh.generate_private_key("ssh-ed25519")
            p.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(p, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "wb") as f:
                f.write(key.export_private_key())
        return p

    async def start(self) -> None:
        self._acceptor = await asyncssh.create_server(
            lambda: _Server(self), self.listen, self.port,
            server_host_keys=[str(self.ensure_key(self.host_key))],
            process_factory=self._session, encoding="utf-8", errors="replace",
            line_editor=True, line_echo=True, max_line_length=MAX_CODE,
            allow_scp=False, agent_forwarding=False, sftp_factory=None,
            login_timeout=LOGIN_TIMEOUT, keepalive_interval=30, keepalive_count_max=4,
        )

    @property
    def bound_port(self) -> int:
        assert self._acceptor is not None
        return self._acceptor.sockets[0].getsockname()[1]

    async def close(self) -> None:
        """Stop listening, end every connection and wait until each session's game has stopped
        (a session left running would be cut off mid-step when the event loop ends)."""
        if self._acceptor is not None:
            self._acceptor.close()
            await self._acceptor.wait_closed()
            self._acceptor = None
        for conn in list(self.connections):
            conn.close()
        if self._tasks:
            _, late = await asyncio.wait(set(self._tasks), timeout=CLOSE_TIMEOUT)
            for task in late:  # a game that will not stop: its session is cancelled, which kills it
                task.cancel()
            if late:
                await asyncio.wait(late, timeout=CLOSE_TIMEOUT)
        for conn in list(self.connections):
            await conn.wait_closed()

    # --- one session ---------------------------------------------------------------------

    async def _session(self, process: asyncssh.SSHServerProcess) -> None:
        if process.command is not None or process.subsystem is not None:
            process.stdout.write("This host offers only the game: ssh -p PORT play@HOST\r\n")
            process.exit(1)
            return
        owner = process.get_extra_info("connection").get_owner()
        refused = self._refusal(owner)
        if refused:
            process.stdout.write(refused + "\r\n")
            process.exit(1)
            return
        self.sessions += 1
        self.sessions_per_address[owner.address] += 1
        owner.sessions += 1
        owner.stop_idle()
        task = asyncio.current_task()
        self._tasks.add(task)
        try:
            self.waiting += 1
            try:
                code = await self._ask_code(process)
            finally:
                self.waiting -= 1
            if code is not None:
                await self._play(process, code)
        except (asyncssh.BreakReceived, asyncssh.SignalReceived, asyncssh.TerminalSizeChanged):
            pass
        except (asyncssh.DisconnectError, asyncssh.ConnectionLost, BrokenPipeError, ConnectionError):
            pass
        finally:
            self.sessions -= 1
            self.sessions_per_address[owner.address] -= 1
            if self.sessions_per_address[owner.address] <= 0:
                del self.sessions_per_address[owner.address]
            owner.sessions -= 1
            if owner.sessions == 0 and not owner._conn.is_closed():
                owner.start_idle()
            self._tasks.discard(task)
            if not process.is_closing():
                process.exit(0)

    def _refusal(self, owner: _Server) -> str:
        """Why a new session of `owner`'s connection is refused ('' when it is not)."""
        if self.sessions >= MAX_SESSIONS:
            return "The host is full: try again later."
        if owner.sessions >= MAX_SESSIONS_PER_CONNECTION:
            return f"At most {MAX_SESSIONS_PER_CONNECTION} sessions on one connection: open another connection."
        if self.sessions_per_address[owner.address] >= MAX_SESSIONS_PER_ADDRESS:
            return f"At most {MAX_SESSIONS_PER_ADDRESS} sessions from one address: close one and try again."
        if self.waiting >= MAX_WAITING and not self._key_seats(owner):
            return "Too many players are entering a code right now: try again in a minute."
        return ""

    def _key_seats(self, owner: _Server) -> list[tuple[str, str]]:
        """The seats the connection's key is registered for (none without a key)."""
        key = getattr(owner, "key", None)
        return self.host.key_seats(key.get_fingerprint("sha256")) if key is not None else []

    async def _ask_code(self, process: asyncssh.SSHServerProcess) -> str | None:
        """The join code of the seat this session plays: its key's registered seat (or the
        one it chooses among its seats), or a join code typed (which registers the key)."""
        owner = process.get_extra_info("connection").get_owner()
        key = getattr(owner, "key", None)
        fingerprint = key.get_fingerprint("sha256") if key is not None else None
        seats = self._key_seats(owner)
        write = process.stdout.write
        if len(seats) == 1:
            write(f"hexwar: welcome back. Your key seats you in {self._seat_words(*seats[0])}.\r\n")
            return self.host.code(*seats[0])
        if seats:
            write("hexwar: welcome back. Your key opens these seats:\r\n")
            for n, seat in enumerate(seats, 1):
                write(f"  {n}. {self._seat_words(*seat)}\r\n")
            prompt = f"Choose 1-{len(seats)}, or enter a join code: "
        else:
            write("hexwar: welcome. Enter your join code (ask the host for one).\r\n")
            prompt = "Join code: "
        for _ in range(CODE_TRIES):
            write(prompt)
            try:
                line = await asyncio.wait_for(process.stdin.readline(), LOGIN_TIMEOUT)
            except asyncio.TimeoutError:
                return None
            except asyncssh.TerminalSizeChanged:
                continue
            if not line:
                return None
            code = line.strip()[:MAX_CODE]
            if seats and code.isdigit() and 1 <= int(code) <= len(seats):
                return self.host.code(*seats[int(code) - 1])
            found = self.host.find_code(code) if code else None
            if found is not None:
                if fingerprint is not None:
                    await self._remember(process, key, fingerprint, found[0].name, found[1])
                return code
            await asyncio.sleep(1.0)  # as slow as the host's own refusal
            write("That code opens no game here.\r\n")
        write("Goodbye.\r\n")
        return None

    def _seat_words(self, game: str, side: str) -> str:
        if side == SPECTATOR:
            return f"{game} as a spectator"
        return f"{game} as {self.host.seat_title(game, side)}"

    async def _remember(self, process, key: asyncssh.SSHKey, fingerprint: str, game: str, side: str) -> None:
        """Register the session's key for the seat its code opened, and say so."""
        try:
            new = self.host.register_key(fingerprint, game, side, f"{key.get_algorithm()} {key.get_comment() or ''}")
        except (KeyRefused, SaveError) as exc:
            process.stdout.write(f"Your key was not registered: {exc}.\r\n")
            return
        if not new:
            return
        process.stdout.write(f"Your key ({fingerprint}) is now registered for {self._seat_words(game, side)}: "
                             "next time it seats you without a code.\r\n")
        if process.get_terminal_type() is not None:  # the game screen is about to cover it
            process.stdout.write("Press Enter to start.")
            try:
                await asyncio.wait_for(process.stdin.readline(), LOGIN_TIMEOUT)
            except (asyncio.TimeoutError, asyncssh.TerminalSizeChanged):
                pass

    async def _play(self, process: asyncssh.SSHServerProcess, code: str) -> None:
        """Run the seat's game for this session until either ends; the game never outlives it."""
        args = [sys.executable, "-m", "tui.cli", "join", "--socket", str(self.host.socket_path)]
        env = {"HEXWAR_JOIN_CODE": code, "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
               "LANG": "C.UTF-8", "HEXWAR_DATA_DIR": str(self.host.folder / "clients")}
        term = process.get_terminal_type()
        proc, master = None, None
        try:
            if term is None:  # `ssh -T`: lines of text over the bare channel
                args.append("--plain")
                proc = await asyncio.create_subprocess_exec(
                    *args, env=env, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                    stderr=asyncio.subprocess.STDOUT, preexec_fn=bound_memory)
                typed = pump_in(process, proc.stdin.write, proc, on_eof=proc.stdin.close)
                shown = pipe_out(proc, process)
            else:
                width, height, _, _ = process.get_terminal_size()
                env["TERM"] = term if term.isascii() and len(term) < 40 else "xterm"
                master, slave = os.openpty()
                set_size(master, width or 80, height or 24)
                try:
                    proc = await asyncio.create_subprocess_exec(
                        *args, env=env, stdin=slave, stdout=slave, stderr=slave, start_new_session=True,
                        preexec_fn=take_terminal)
                finally:
                    os.close(slave)
                os.set_blocking(master, False)
                process.channel.set_line_mode(False)
                process.channel.set_echo(False)
                pty = master
                typed = pump_in(process, lambda data: write_all(pty, data), proc, master)
                shown = pty_out(master, process)
            await until_shown(typed, shown)
        finally:
            if proc is not None:
                await stop(proc)
            if master is not None:
                os.close(master)
