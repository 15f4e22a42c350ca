"""`hexwar serve`, `join` and `web`: hosting games and joining them (split from tui/cli.py)."""

from __future__ import annotations

import argparse
import os
import sys

from tui.cli_base import EXIT_INTERNAL, EXIT_OK, UserError, _one_line, _out
from tui.cli_play import _new_service, _seed_words


def cmd_serve(args: argparse.Namespace) -> int:
    import asyncio
    from pathlib import Path

    from saves.store import data_dir
    from tui.remote.host import Host

    host = Host(Path(args.dir) if args.dir else data_dir() / "host")
    host.load_games()
    for problem in host.problems:
        print(f"hexwar: a game file cannot be served: {_one_line(problem)}", file=sys.stderr)
    if args.ai and not args.new:
        raise UserError("--ai goes with --new (a game's players are chosen when it is made)")
    if args.new:
        from saves import players

        args.ruleset = args.new
        service, seed = _new_service(args)
        service.store = None
        players.record(service, args.ai)
        try:
            game = host.add_game(service, args.name)
        except ValueError as exc:
            raise UserError(str(exc)) from None
        _out(f"New game {game.name} ({service.ruleset.id}, {_seed_words(args, seed)}).")
    if args.register or args.forget:
        return _serve_keys(host, args)
    if not args.no_lobby and sys.stdin.isatty() and sys.stdout.isatty():
        from tui.remote.lobby import run_lobby

        return run_lobby(host, args.ssh, args.host_key, args.listen)
    for name, game in sorted(host.games.items()):
        _out(f"{name}: {game.table.ruleset.id}, {game.table.action_count} actions")
        for side, code in host.codes(name).items():
            who = "spectators" if side == "*" else f"{side} ({host.seat_title(name, side)})"
            if side in game.computers:
                _out(f"    {who:<32} played by the computer ({game.computers[side]})")
                continue
            keys = len(host.keys.keys_of(name, side))
            _out(f"    {who:<32} join code {code}" + (f"   ({keys} key{'s' * (keys != 1)})" if keys else ""))
    _out(f"Players on this machine: hexwar join GAME --side SIDE   (socket {host.socket_path})")

    async def run() -> None:
        await host.start()
        door = None
        if args.ssh is not None:
            from tui.remote.ssh import SSHDoor

            door = SSHDoor(host, args.ssh, args.host_key or host.folder / "ssh_host_key", args.listen)
            await door.start()
            _out(f"SSH players: ssh -p {door.bound_port} play@THIS-HOST, then their join code.")
        sys.stdout.flush()
        try:
            await asyncio.Event().wait()
        finally:
            if door is not None:
                await door.close()
            await host.close()

    try:
        asyncio.run(run())
    except OSError as exc:
        raise UserError(f"cannot serve: {exc.strerror or exc}") from None
    return EXIT_OK


def _serve_keys(host, args: argparse.Namespace) -> int:
    """`hexwar serve --register GAME SIDE KEYFILE` / `--forget KEYFILE`."""
    from saves.errors import SaveError
    from saves.files import read_bytes
    from tui.remote.keys import KeyRefused, fingerprint_of

    path = args.register[2] if args.register else args.forget
    try:
        fingerprint, about = fingerprint_of(read_bytes(path, 16 * 1024).decode("utf-8", "replace"))
        if args.forget:
            dropped = host.keys.forget(fingerprint)
            _out(f"Key {fingerprint} unregistered from {dropped} seat{'s' * (dropped != 1)}.")
            return EXIT_OK
        game, side = args.register[:2]
        new = host.register_key(fingerprint, game, side, about)
    except (KeyRefused, SaveError) as exc:
        raise UserError(f"{path}: {exc}") from None
    who = "a spectator" if side == "*" else host.seat_title(game, side)
    _out(f"Key {fingerprint} ({about}) {'is now' if new else 'was already'} registered for {game} as {who}.")
    return EXIT_OK


def cmd_join(args: argparse.Namespace) -> int:
    from saves.store import data_dir
    from tui.remote.client import HostGone, join

    code = args.code or os.environ.get("HEXWAR_JOIN_CODE")
    path = args.socket or str(data_dir() / "host" / "host.sock")
    if args.ask_code and not code:
        from tui.remote.app import run_remote

        return EXIT_INTERNAL if run_remote(None, path) else EXIT_OK
    if not code and not (args.game and args.side):
        raise UserError("name the game and --side, or give a join --code")
    try:
        seat = join(path, code=code) if code else join(path, game=args.game, side=args.side)
    except HostGone as exc:
        raise UserError(f"{exc} (is `hexwar serve` running?)") from None
    except PermissionError as exc:
        raise UserError(str(exc)) from None
    try:
        if getattr(args, "plain", False):
            from tui.plain import run_plain

            return run_plain(None, seat=seat)
        from tui.remote.app import run_remote

        return EXIT_INTERNAL if run_remote(seat) else EXIT_OK
    finally:
        seat.link.close()


def cmd_web(args: argparse.Namespace) -> int:
    from tui.dialogs.files import CONFINED
    from tui.remote.web import WebDoor

    argv = [sys.executable, "-m", "tui.cli"] + (["join", "--ask-code"] if args.join else [])
    _out(f"hexwar in a browser: http://{args.host}:{args.port}/  (Ctrl+C stops)")
    # The whole app in a browser opens and saves typed paths only in the data folder (tui/dialogs/files.py).
    WebDoor(argv, host=args.host, port=args.port, env={} if args.join else {CONFINED: "1"}).serve()
    return EXIT_OK
