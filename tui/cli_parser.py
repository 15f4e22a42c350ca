"""The `hexwar` command's argument parser: one function per group of commands (split from tui/cli.py)."""

from __future__ import annotations

import argparse
import os

from tui.cli_base import _count, _Parser, _seed


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
    _game_commands(sub)
    _host_commands(sub)
    _tool_commands(sub)
    _browser_and_mail_commands(sub)
    _balance_command(sub)
    _replay_commands(sub)
    return parser


def _game_commands(sub) -> None:
    """`hexwar list`, `new`, `load` and `verify`."""
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


def _host_commands(sub) -> None:
    """`hexwar serve` and `join` (tui/cli_host.py runs them)."""
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
    serve.add_argument("--ai", action="append", default=[], metavar="SIDE[:LEVEL]",
                       help="with --new: the computer plays SIDE at LEVEL (easy, normal, hard; default normal); "
                       "repeat for several (the host keeps it in the game's file)")
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


def _tool_commands(sub) -> None:
    """`hexwar army`, `campaign`, `resolve` and `edit`."""
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


def _browser_and_mail_commands(sub) -> None:
    """`hexwar web` (a browser) and `turn` (play by mail)."""
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


def _balance_command(sub) -> None:
    """`hexwar balance`."""
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
    balance.add_argument("--players", choices=("computer", "random", "greedy"), default="computer",
                         help="who plays every side (default: the computer at its default level); random against "
                              "random gives the actions a turn a computer's game is held against")


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
