"""`hexwar list`, `new`, `load` and `verify`, and the seat and side choices `new` and `load` share.

Split from tui/cli.py (which dispatches to them); never imports textual at the top (start-up time).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from tui.cli_base import EXIT_OK, EXIT_USAGE, UserError, _one_line, _out


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
    from tui.cli import _open_tui  # the entry point's: tests stand in for the terminal UI there

    service, seed = _new_service(args)
    if args.seed is not None:  # "seed N ... to replay the game": the computer's choices replay with it
        service.computer_seed = seed
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
    from tui.cli import _open_tui  # the entry point's: tests stand in for the terminal UI there

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
