"""The `hexwar` command: open the game, list rule sets and scenarios, start, load or verify a game.

`list` and `verify` never import textual (start-up time is a bar); the terminal
UI (`tui.app.run_app`) is imported only when a screen is about to open. Every
error a person can cause (unknown rule set or scenario, bad seed, unreadable or
invalid file) prints one line to stderr and exits with status 2; Ctrl+C exits
quietly with 130. Set HEXWAR_DEBUG=1 to see tracebacks of internal errors.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

EXIT_OK = 0
EXIT_INTERNAL = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
MAX_SEED = 2**63 - 1


class UserError(Exception):
    """Something the person can fix; printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line naming where to find help."""

    def error(self, message: str) -> NoReturn:
        raise UserError(f"{message} (see `{self.prog} --help`)")


def _seed(text: str) -> int:
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"expected a seed from 0 to {MAX_SEED}, got {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="hexwar",
        description="Tabletop miniature wargames on an ASCII hex map, in the terminal. "
        "With no command, opens the title screen.",
        epilog="Saves and the autosave live in the user data folder ($HEXWAR_DATA_DIR overrides it).",
    )
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    parser.add_argument("--plain", action="store_true",
                        help="play as lines of text, one command a line (for screen readers, slow links "
                        "and scripts); with `new` or `load`")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.add_parser("list", help="list the rule sets and their bundled scenarios",
                   description="List the rule sets and their bundled scenarios.")
    new = sub.add_parser(
        "new", help="start a new game and open it",
        description="Start a new game of RULESET and open the game screen. Without --scenario, "
        "the rule set's teaching scenario; without --seed, a secret random seed (128 bits).",
    )
    new.add_argument("ruleset", metavar="RULESET", help="rule set id (see `hexwar list`)")
    new.add_argument("--scenario", metavar="NAME", help="a bundled scenario's name, or a scenario file's path")
    new.add_argument("--seed", type=_seed, metavar="N", help="the game's dice seed (a whole number)")
    load = sub.add_parser("load", help="open a saved game",
                          description="Check a saved game (replaying its log) and open it.")
    load.add_argument("file", metavar="FILE", help="a save file (.toml)")
    for command in (new, load):
        command.add_argument("--ai", action="append", default=[], metavar="SIDE[:LEVEL]",
                             help="let the computer play SIDE at LEVEL (easy, normal, hard; default normal); "
                             "repeat for several; 'all': watch the computer play every side, + changes its pace; "
                             "with load: 'none' makes every side a person's (a save keeps who plays each side)")
        command.add_argument("--plain", action="store_true", default=argparse.SUPPRESS,
                             help="play as lines of text (see `hexwar --help`)")
        command.add_argument("--side", metavar="SIDE",
                             help="with --plain: the side you play (default: every side in turn)")
        command.add_argument("--referee", action="store_true",
                             help="play as the referee: see every side's secrets (hands, blinds) and act for any side")
    verify = sub.add_parser(
        "verify", help="check a scenario, or replay a save and report whether it is consistent",
        description="A scenario: check it the way loading it would (map, units, stats within the rule set's "
        "limits, sides, victory, options) and list every problem with its field path. A save: replay its "
        "action log from its scenario and seed and compare the result with the snapshot in the file. "
        "Exit status 0 when consistent, 2 otherwise.",
    )
    verify.add_argument("file", metavar="FILE", help="a scenario or save file (.toml)")
    serve = sub.add_parser(
        "serve", help="host games for remote players (plain ssh, or `hexwar join` on this machine)",
        description="Run a game host: it owns the games in its folder (the only writer of their files, "
        "the only roller of dice) and serves each player only what their seat may see. Players on this "
        "machine use `hexwar join`; with --ssh, anyone with an SSH client joins with `ssh -p PORT play@HOST` "
        "and a join code. Stop it with Ctrl+C; started again, it resumes every game.",
    )
    serve.add_argument("--dir", metavar="DIR", help="the host's folder of games (default: the data folder's host/)")
    serve.add_argument("--new", metavar="RULESET", help="create a game of RULESET and print its join codes")
    serve.add_argument("--scenario", metavar="NAME", help="with --new: the scenario (default: the teaching one)")
    serve.add_argument("--seed", type=_seed, metavar="N", help="with --new: the dice seed")
    serve.add_argument("--name", metavar="NAME", help="with --new: the game's name (lower-case letters, digits, - and _)")
    serve.add_argument("--ssh", type=int, metavar="PORT", help="also accept players over SSH on PORT")
    serve.add_argument("--host-key", metavar="FILE", help="the SSH host key (default: made in the host's folder)")
    serve.add_argument("--listen", metavar="ADDRESS", default="", help="the address SSH listens on (default: all)")
    serve.add_argument("--register", nargs=3, metavar=("GAME", "SIDE", "KEYFILE"),
                       help="register an SSH public key (a .pub file) for a seat (SIDE, or * to watch), then stop: "
                       "that key then seats its player without a code")
    serve.add_argument("--forget", metavar="KEYFILE", help="unregister an SSH public key from every seat, then stop")
    serve.add_argument("--no-lobby", action="store_true",
                       help="no lobby screen, even at a terminal: print the join codes and serve")
    join = sub.add_parser(
        "join", help="join a hosted game on this machine",
        description="Join a game of the host running on this machine (`hexwar serve`), by name and side "
        "(the host's socket is open only to its own user) or by join code ($HEXWAR_JOIN_CODE or --code).",
    )
    join.add_argument("game", metavar="GAME", nargs="?", help="the game's name (see `hexwar serve`'s list)")
    join.add_argument("--side", metavar="SIDE", help="the side to play (or * to watch)")
    join.add_argument("--code", metavar="CODE", help="a join code instead of GAME and --side")
    join.add_argument("--socket", metavar="PATH", help="the host's socket (default: the data folder's host/host.sock)")
    join.add_argument("--plain", action="store_true", default=argparse.SUPPRESS, help="play as lines of text")
    join.add_argument("--ask-code", action="store_true", help="ask for the join code on the screen (`hexwar web --join`)")
    army = sub.add_parser(
        "army", help="check or build an army list within a points limit",
        description="Show an army file's units with the running total, checked by the rule set's costing; "
        "with --add, add units taken from another list (a bundled one by name) and save the file, "
        "refusing an army over --limit points.",
    )
    army.add_argument("ruleset", metavar="RULESET", help="rule set id")
    army.add_argument("file", metavar="FILE", help="the army file (.toml) or a bundled army's name; made by the first --add")
    army.add_argument("--from", dest="source", metavar="LIST", help="the list to take units from (e.g. martian)")
    army.add_argument("--add", metavar="UNIT", help="the unit's name in that list")
    army.add_argument("--count", type=int, default=1, metavar="N", help="how many to add (default 1)")
    army.add_argument("--limit", type=int, metavar="POINTS", help="the scenario's points limit")
    army.add_argument("--edit", action="store_true", help="open the file in the army builder screen")
    campaign = sub.add_parser(
        "campaign", help="play a campaign: its state, the between-battle steps, its next battle",
        description="Open a campaign file (or a bundled campaign by name, e.g. hundred_wars/ford, played on a copy "
        "in your data folder): its state, the between-battle choices and its next battle with the carried forces.",
    )
    campaign.add_argument("file", metavar="FILE", help="a campaign file, or a bundled campaign's name")
    campaign.add_argument("--show", action="store_true", help="print the campaign's state and stop")
    resolve = sub.add_parser(
        "resolve", help="the game master's quick resolver: odds and a roll of any procedure, no map",
        description="Resolve one procedure of a rule set without a game: `hexwar resolve` lists the rule sets, "
        "`hexwar resolve RULESET` its procedures, `hexwar resolve RULESET PROCEDURE --inputs` their inputs. "
        "Prints the exact odds; with --roll, one result with its dice.",
    )
    resolve.add_argument("ruleset", metavar="RULESET", nargs="?")
    resolve.add_argument("procedure", metavar="PROCEDURE", nargs="?")
    resolve.add_argument("values", metavar="NAME=VALUE", nargs="*", help="inputs (see --inputs)")
    resolve.add_argument("--input", action="append", default=[], metavar="NAME=VALUE", help="an input (repeatable)")
    resolve.add_argument("--inputs", action="store_true", help="list the procedure's inputs, defaults and limits")
    resolve.add_argument("--roll", action="store_true", help="roll it once, after the odds")
    resolve.add_argument("--seed", type=_seed, metavar="N", help="the dice seed of --roll (default: random, shown)")
    edit = sub.add_parser(
        "edit", help="the scenario editor: draw a map, place forces, save a scenario file",
        description="Open the scenario editor on a scenario file (saved back there, after asking), a bundled "
        "scenario by name (edited as a copy), a new file's path, or nothing (a blank map). Keyboard only; "
        "? lists its keys.",
    )
    edit.add_argument("scenario", metavar="SCENARIO", nargs="?", help="a scenario file, a bundled scenario's name, "
                      "or a new file's path")
    edit.add_argument("--ruleset", metavar="RULESET", help="the rule set of a new map, or of a bundled scenario's name")
    edit.add_argument("--size", metavar="WxH", default="12x8", help="a new map's size in hexes (default 12x8)")
    web = sub.add_parser(
        "web", help="serve hexwar to a browser (textual-serve)",
        description="Serve hexwar's screens to a web browser with textual-serve: each browser tab runs its "
        "own hexwar. Without --join, the whole app (local games); with --join, only joining a game of the "
        "host on this machine by its join code. Listens on localhost unless --host says otherwise: the "
        "whole app opens and saves games (in hexwar's data folder) as this machine's user, so expose only --join "
        "to others. A websocket from another site's page is refused.",
    )
    web.add_argument("--port", type=int, default=8000, metavar="N", help="the port (default 8000)")
    web.add_argument("--host", default="localhost", metavar="ADDRESS", help="the address (default localhost)")
    web.add_argument("--join", action="store_true", help="serve only joining a hosted game, by code")
    turn = sub.add_parser(
        "turn", help="play by mail: export or import a turn file",
        description="Play by mail. `turn export GAME FILE` writes the actions since the other side's last "
        "one into a small turn file; `turn import FILE` checks it against your copy of the game "
        "(a hash-chained log: an edited, dropped or re-ordered earlier action is refused) and applies it.",
    )
    turn_sub = turn.add_subparsers(dest="turn_command", metavar="export|import", parser_class=_Parser, required=True)
    export = turn_sub.add_parser("export", help="write a turn file from a saved game")
    export.add_argument("game", metavar="GAME", help="your save of the game (.toml)")
    export.add_argument("file", metavar="FILE", help="the turn file to write")
    export.add_argument("--since", type=int, metavar="N", help="start after action N (default: after the other side's last)")
    imp = turn_sub.add_parser("import", help="check a turn file and apply it to your game")
    imp.add_argument("file", metavar="FILE", help="the turn file")
    imp.add_argument("--game", metavar="SAVE", help="your save of the game (default: the mail save of this game "
                     "in the saves folder, made from the game's first turn file)")
    imp.add_argument("--scenario", metavar="FILE", help="a first turn file's start must be this scenario file "
                     "(default: the bundled scenario it names)")
    imp.add_argument("--accept-start", action="store_true", help="import a first turn file whose start differs "
                     "from its scenario (after reading what differs)")
    balance = sub.add_parser(
        "balance", help="play computer against computer over many seeds and report win rates",
        description="Play SCENARIO computer against computer over many seeds in parallel and print each "
        "side's win rate with a 95% confidence interval (Wilson), the average game length and each "
        "unit's survival rate.",
    )
    balance.add_argument("scenario", metavar="SCENARIO",
                         help="a bundled scenario's name (RULESET/NAME where rule sets share it: quad/teaching), "
                              "or a scenario file's path")
    balance.add_argument("--games", type=_count, default=100, metavar="N", help="games to play (default 100)")
    balance.add_argument("--jobs", type=_count, default=os.cpu_count() or 1, metavar="J",
                         help="worker processes (default: one per CPU)")
    balance.add_argument("--seed", type=_seed, default=1, metavar="N", help="the first game's seed (default 1)")
    balance.add_argument("--out", metavar="FILE", action="append",
                         help="also write the result to FILE (repeatable): FILE.md updates the scenario's row of a "
                              "Markdown table (docs/balance.md), FILE.toml its entry in a balance data file "
                              "(saves/scenarios/balance.toml, shown on the new-game screen), any other name a CSV table")
    balance.add_argument("--cluster", metavar="ADDRESS",
                         help="send the games to a Dask distributed scheduler (pip install 'hexwar[cluster]')")
    _replay_commands(sub)
    return parser


def _replay_commands(sub) -> None:
    """`hexwar replay` and `hexwar report` (tui/replay_cli.py runs them)."""
    replay = sub.add_parser(
        "replay", help="watch a saved game again, action by action (read-only)",
        description="Open a save or an autosave read-only: step through it an action or a turn at a time, "
        "jump to action N, play it at a chosen speed, branch a new game from any position (f), and read "
        "the after-action report (r). A finished game shows everything; one still in progress shows one "
        "side's view (--side; default: the side deciding at its end) unless --referee.",
    )
    replay.add_argument("file", metavar="FILE", nargs="+",
                        help="a save or autosave file (.toml), or a game's turn files in order (play by mail)")
    replay.add_argument("--side", metavar="SIDE", help="see what SIDE could see at each point")
    replay.add_argument("--referee", action="store_true", help="see everything, every side's secrets included")
    replay.add_argument("--plain", action="store_true", default=argparse.SUPPRESS,
                        help="lines of text: next, back, turn, goto N (see `hexwar --help`)")
    report = sub.add_parser(
        "report", help="the after-action report of a saved game, as Markdown",
        description="Losses, strength and objectives by turn, each side's luck against the exact odds, and "
        "who was ahead by the computer's evaluation, as Markdown tables (to stdout, or --out FILE).",
    )
    report.add_argument("file", metavar="FILE", nargs="+", help="a save or autosave file, or a game's turn files")
    report.add_argument("--out", metavar="FILE", help="write the report to FILE instead of stdout")
    report.add_argument("--side", metavar="SIDE", help="a game in progress: the report as SIDE may know it")
    report.add_argument("--referee", action="store_true", help="a game in progress: everything")


def _count(text: str) -> int:
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not 1 <= value <= 1_000_000:
        raise argparse.ArgumentTypeError(f"expected a number from 1 to 1000000, got {value}")
    return value


# --- commands -----------------------------------------------------------------------------


def _out(line: str = "") -> None:
    print(line, flush=False)


def cmd_list() -> int:
    from rules import registry
    from saves.errors import literal
    from saves.scenarios import list_scenarios

    entries = registry.entries()
    if not entries:
        _out("No rule sets are installed.")
        return EXIT_OK
    for entry in entries:
        _out(f"{entry.id}: {entry.name}")
        infos = list_scenarios(entry.id)
        if not infos:
            _out("    (no bundled scenarios yet)")
        for info in infos:
            mark = " (teaching)" if info.teaching else ""
            broken = f"  [cannot be read: {info.error}]" if info.error else ""
            _out(f"    {literal(info.name, 40):<24} {literal(info.title, 60)}{mark}{broken}")
    _out()
    _out("Start one with: hexwar new RULESET [--scenario NAME] [--seed N]")
    return EXIT_OK


def _new_service(args: argparse.Namespace):
    from rules import registry
    from rules.dice import new_seed
    from rules.service import GameService
    from saves.errors import SaveError
    from saves.scenarios import default_scenario, load_scenario
    from saves.store import AutosaveStore

    try:
        ruleset = registry.resolve(args.ruleset)
    except registry.UnknownRuleset as exc:
        raise UserError(str(exc)) from None
    name = args.scenario or default_scenario(ruleset).name
    setup = load_scenario(name, ruleset)
    args.ai = _computer_sides(args.ai, [(s.id, s.name) for s in setup.sides])
    seed = args.seed if args.seed is not None else new_seed()
    try:
        service = GameService.new(setup, seed, store=AutosaveStore())
    except SaveError:
        raise
    except Exception as exc:
        from saves.checks import rules_refusal

        raise rules_refusal(name, registry.get(ruleset), exc) from None
    return service, seed


def _seed_words(args: argparse.Namespace, seed: int) -> str:
    """The seed as a new game's first line says it: a given one is shown (to replay the game); a default
    one stays secret, so that no one at the screen can work out the dice to come."""
    return f"seed {seed}" if args.seed is not None else "a secret seed"


def _side_id(option: str, asked: str, sides: list[tuple[str, str]]) -> str:
    """The id of the side a user named by its id or its name, in any case ('The Rebels', 'rebels')."""
    from saves.errors import shown

    wanted = asked.strip().casefold()
    for sid, name in sides:
        if wanted in (sid.casefold(), name.casefold()):
            return sid
    known = ", ".join(f"{sid} ({name})" if name and name != sid else sid for sid, name in sides)
    raise UserError(f"{option}: unknown side {shown(asked)} (sides of this scenario: {known})")


def _computer_sides(asked: list[str], sides: list[tuple[str, str]]) -> dict[str, str]:
    """Side id -> level of the sides `--ai SIDE[:LEVEL]` names, by id or name ('all': every side; 'none':
    no side); an unknown side or level is the user's error."""
    from saves.players import DEFAULT_LEVEL, level_of

    out: dict[str, str] = {}
    for text in asked:
        name, colon, level = text.rpartition(":")
        if not colon:
            name, level = text, DEFAULT_LEVEL
        try:
            level = level_of(level, f"--ai {text.strip()}")
        except ValueError as exc:
            raise UserError(str(exc)) from None
        if name.strip().casefold() == "none":
            continue
        chosen = [sid for sid, _ in sides] if name.strip().casefold() == "all" else [_side_id("--ai", name, sides)]
        out.update(dict.fromkeys(chosen, level))
    return out


def _sides_of(service) -> list[tuple[str, str]]:
    return [(sid, service.state.side(sid).name) for sid in service.state.side_ids()]


def cmd_new(args: argparse.Namespace) -> int:
    from saves.errors import literal

    service, seed = _new_service(args)
    setup = service.setup
    title = literal(setup.title or setup.name, 60) if setup else service.state.scenario
    print(f"hexwar: new {service.ruleset.id} game, scenario {title}, {_seed_words(args, seed)}", file=sys.stderr)
    if args.plain:
        return _open_plain(service, args.side, args.ai)
    start: dict[str, Any] = {"new": service, "seed": seed, "ai": dict(args.ai), "referee": args.referee}
    return _open_tui(start)


def cmd_load(args: argparse.Namespace) -> int:
    from saves import players
    from saves.autosave import open_game

    service, note = open_game(args.file)
    if note:
        print(f"hexwar: {_one_line(note)}", file=sys.stderr)
    if args.ai:  # who plays each side changes in the same game (an autosave goes on in its own file)
        computers = players.record(service, _computer_sides(args.ai, _sides_of(service)))
        if getattr(service.store, "resumed", False):
            service.store.autosave(service)
    else:
        computers = players.computers(service)
    if args.plain:
        return _open_plain(service, args.side, computers)
    return _open_tui({"load": args.file, "service": service, "referee": args.referee, "ai": computers})


def _open_plain(service, side: str | None, computers=()) -> int:
    from saves import players
    from saves.errors import shown
    from tui.plain import run_plain

    computers = players.record(service, computers)  # kept in the autosave: resuming keeps the computer

    if side is not None:
        side = _side_id("--side", side, _sides_of(service))
    if side is not None and side in computers:
        raise UserError(f"--side {shown(side)} is the computer's (--ai): choose another side to play")
    return run_plain(service, side, computers=computers)


def cmd_verify(args: argparse.Namespace) -> int:
    from saves.errors import literal
    from saves.store import verify

    report = verify(args.file)
    if not report.ok:
        problems = report.error.problems if report.error is not None else []
        if len(problems) > 1:  # an author fixing a file by hand wants every problem at once
            for problem in problems:
                print(f"hexwar: {literal(args.file, 200)}: {_one_line(problem.text())}", file=sys.stderr)
            print(f"hexwar: {len(problems)} problems", file=sys.stderr)
            return EXIT_USAGE
        raise UserError(report.message)
    _out(report.message)
    return EXIT_OK


def cmd_serve(args: argparse.Namespace) -> int:
    import asyncio
    from pathlib import Path

    from saves.store import data_dir
    from tui.remote.host import Host

    host = Host(Path(args.dir) if args.dir else data_dir() / "host")
    host.load_games()
    for problem in host.problems:
        print(f"hexwar: a game file cannot be served: {_one_line(problem)}", file=sys.stderr)
    if args.new:
        args.ruleset, args.ai = args.new, []
        service, seed = _new_service(args)
        service.store = None
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


def cmd_campaign(args) -> int:
    """`hexwar campaign FILE [--show]`."""
    from saves import campaign_play as play
    from saves.errors import SaveError

    try:
        path = play.find(args.file) if args.show else play.user_copy(args.file)  # --show writes nothing
        war = play.load(path)
    except SaveError as exc:
        raise UserError(str(exc)) from None
    if args.show:
        for line in [str(path), *play.state_lines(war)]:
            _out(line)
        return EXIT_OK
    from tui.app import run_app
    from tui.screens.campaign import CampaignScreen

    return EXIT_INTERNAL if run_app({"screen": lambda: CampaignScreen(path)}) else EXIT_OK


def cmd_resolve(args: argparse.Namespace) -> int:
    from rules import registry
    from rules.dice import SeededDice, new_seed
    from rules.resolver import preview_lines, procedures, run

    if args.ruleset is None:
        for e in registry.entries():
            names = ", ".join(procedures(e.id)) or "(none yet)"
            _out(f"{e.id}: {names}")
        return EXIT_OK
    try:
        ruleset = registry.resolve(args.ruleset)
    except registry.UnknownRuleset as exc:
        raise UserError(str(exc)) from None
    if args.procedure is None:
        for p in procedures(ruleset).values():
            _out(f"{p.id:<12} {p.title}  [{p.rule}]")
        return EXIT_OK
    given = {}
    for item in [*args.values, *args.input]:
        name, sep, value = item.partition("=")
        if not sep:
            raise UserError(f"an input is NAME=VALUE, not {item!r}")
        given[name.strip()] = value
    try:
        proc, values = run(ruleset, args.procedure, given)
        if args.inputs:
            _out(f"{proc.title} [{proc.rule}]: inputs (NAME=DEFAULT  range  meaning)")
            for i in proc.inputs:
                _out("  " + i.describe())
            return EXIT_OK
        for line in preview_lines(proc.odds(values)):
            _out(line)
        if args.roll:
            seed = args.seed if args.seed is not None else new_seed()
            dice = SeededDice(seed, 0)
            lines = proc.roll(values, dice)
            _out(f"Roll (seed {seed}):")
            for record in dice.records:
                who = f"{record.side}: " if record.side else ""
                _out(f"  {who}{record.text()}")
            for line in lines:
                _out(f"  => {line}")
    except (KeyError, ValueError) as exc:
        raise UserError(str(exc.args[0] if exc.args else exc)) from None
    return EXIT_OK


def cmd_edit(args: argparse.Namespace) -> int:
    from rules import registry
    from saves.editor.session import session_for

    width, sep, height = args.size.lower().partition("x")
    if not (sep and width.isdigit() and height.isdigit()):
        raise UserError(f"--size: expected WIDTHxHEIGHT such as 12x8, got {args.size!r}")
    try:
        ruleset = registry.resolve(args.ruleset) if args.ruleset else None
        session = session_for(args.scenario, ruleset, (int(width), int(height)))
    except (registry.UnknownRuleset, ValueError) as exc:
        raise UserError(str(exc)) from None
    return _open_tui({"edit": session})


def cmd_web(args: argparse.Namespace) -> int:
    from tui.dialogs.files import CONFINED
    from tui.remote.web import WebDoor

    argv = [sys.executable, "-m", "tui.cli"] + (["join", "--ask-code"] if args.join else [])
    _out(f"hexwar in a browser: http://{args.host}:{args.port}/  (Ctrl+C stops)")
    # The whole app in a browser opens and saves typed paths only in the data folder (tui/dialogs/files.py).
    WebDoor(argv, host=args.host, port=args.port, env={} if args.join else {CONFINED: "1"}).serve()
    return EXIT_OK


def cmd_turn(args: argparse.Namespace) -> int:
    from saves.mail import export_turn, import_turn, write_turn
    from saves.store import load_game

    if args.turn_command == "export":
        turn, what = export_turn(load_game(args.game), args.since)
        written = write_turn(turn, args.file)
        _out(f"Wrote {written}: {what}.")
        return EXIT_OK
    _, _, what = import_turn(args.file, args.game, args.scenario, args.accept_start)
    _out(f"Imported {args.file}: {what}.")
    return EXIT_OK


def tui_available() -> bool:
    try:
        return importlib.util.find_spec("tui.app") is not None
    except (ImportError, ValueError):
        return False


def _open_tui(start: dict[str, Any] | None) -> int:
    if not tui_available():
        if start is None:
            build_parser().print_help()
        else:
            service = start.get("service") or start.get("new")
            state = service.state
            print(
                f"hexwar: the terminal UI is not installed yet; the game is ready "
                f"({state.ruleset}, turn {state.turn}, {len(service.log)} actions).",
                file=sys.stderr,
            )
        return EXIT_OK
    from tui.app import run_app

    return EXIT_INTERNAL if run_app(start) else EXIT_OK


# --- entry point --------------------------------------------------------------------------


def _run(argv: Sequence[str] | None) -> int:
    args = build_parser().parse_args(argv)
    if args.command in (None, "new", "load") and not args.plain and not args.version:
        from tui.lean_start import collect_less_while_starting

        collect_less_while_starting()  # until the first frame (HexwarApp calls `started`)
    if args.version:
        from importlib.metadata import PackageNotFoundError, version

        try:
            _out(f"hexwar {version('hexwar')}")
        except PackageNotFoundError:
            _out("hexwar (not installed)")
        return EXIT_OK
    if args.command == "list":
        return cmd_list()
    if args.command == "new":
        return cmd_new(args)
    if args.command == "load":
        return cmd_load(args)
    if args.command == "verify":
        return cmd_verify(args)
    if args.command == "turn":
        return cmd_turn(args)
    if args.command == "serve":
        return cmd_serve(args)
    if args.command == "join":
        return cmd_join(args)
    if args.command == "web":
        return cmd_web(args)
    if args.command == "army" and args.edit:
        from tui.app import run_app
        from tui.screens.army_builder import ArmyBuilderScreen

        from rules import registry
        from rules.armycost import costing

        try:
            if costing(args.ruleset) is None:
                raise UserError(f"the {args.ruleset} rules have no army costing")
        except registry.UnknownRuleset as exc:
            raise UserError(str(exc)) from None
        return EXIT_INTERNAL if run_app({"screen": lambda: ArmyBuilderScreen(args.ruleset, args.file, args.limit)}) else EXIT_OK
    if args.command == "campaign":
        return cmd_campaign(args)
    if args.command == "army":
        from saves.armies import army_command

        status, lines = army_command(args.ruleset, args.file, args.source, args.add, args.count, args.limit)
        for line in lines:
            _out(line)
        return status
    if args.command == "resolve":
        return cmd_resolve(args)
    if args.command == "edit":
        return cmd_edit(args)
    if args.command in ("replay", "report"):
        from tui.replay_cli import run_replay_command

        return run_replay_command(args, _side_id, _sides_of, _open_tui, UserError)
    if args.command == "balance":
        from saves.scenarios import load_scenario
        from rules.ai.balance import progress_line, run

        report = run(load_scenario(args.scenario), args.games, args.jobs, args.seed, args.cluster, progress_line())
        _out(report.text())
        from saves.balance_record import update_data_file, update_markdown

        for out in args.out or []:
            if out.endswith(".md"):
                update_markdown(out, report.summary())
            elif out.endswith(".toml"):
                update_data_file(out, report.summary())
            else:
                report.write_csv(out)
        return EXIT_OK
    return _open_tui(None)


def _one_line(text: str) -> str:
    from saves.errors import literal

    return literal(" ".join(str(text).split()), 400)


def main(argv: Sequence[str] | None = None) -> int:
    """`hexwar ...`; returns the exit status (the console script passes it to sys.exit).

    A reader that stops early (`hexwar list | head -1`) closes the pipe: that is
    not an error, so the rest of the output is dropped quietly and the status is 0.
    """
    try:
        status = _main(argv)
        sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's exit
        return status
    except BrokenPipeError:
        _drop_stdout()
        return EXIT_OK


def _drop_stdout() -> None:
    """Point stdout at the null device, so the interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def _main(argv: Sequence[str] | None) -> int:
    from tui.lean_start import restore_collector, skip_pydantic_plugins

    skip_pydantic_plugins()
    try:
        return _run(argv)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return EXIT_INTERRUPTED
    except UserError as exc:
        print(f"hexwar: {_one_line(str(exc))}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        raise
    except SystemExit as exc:  # --help, and argparse's own exits
        code = exc.code
        return code if isinstance(code, int) else (EXIT_OK if code is None else EXIT_USAGE)
    except Exception as exc:
        from saves.errors import SaveError

        unknown = _is_user_error(exc)
        if isinstance(exc, SaveError) or unknown:
            print(f"hexwar: {_one_line(str(exc))}", file=sys.stderr)
            return EXIT_USAGE
        if os.environ.get("HEXWAR_DEBUG"):
            raise
        print(f"hexwar: internal error: {type(exc).__name__}: {_one_line(str(exc))} "
              "(run with HEXWAR_DEBUG=1 for the traceback)", file=sys.stderr)
        return EXIT_INTERNAL
    finally:
        restore_collector()  # if the command ended before a first frame (an error, --help)


def _is_user_error(exc: BaseException) -> bool:
    from rules.registry import UnknownRuleset

    return isinstance(exc, UnknownRuleset)


if __name__ == "__main__":
    sys.exit(main())
