"""`hexwar campaign`, `resolve`, `edit` and `turn` (split from tui/cli.py, which dispatches to them)."""

from __future__ import annotations

import argparse

from tui.cli_base import EXIT_INTERNAL, EXIT_OK, UserError, _out


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
        for line in preview_lines(proc.odds(values), ruleset):
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
    from tui.cli import _open_tui  # the entry point's: tests stand in for the terminal UI there

    width, sep, height = args.size.lower().partition("x")
    if not (sep and width.isdigit() and height.isdigit()):
        raise UserError(f"--size: expected WIDTHxHEIGHT such as 12x8, got {args.size!r}")
    try:
        ruleset = registry.resolve(args.ruleset) if args.ruleset else None
        session = session_for(args.scenario, ruleset, (int(width), int(height)))
    except (registry.UnknownRuleset, ValueError) as exc:
        raise UserError(str(exc)) from None
    return _open_tui({"edit": session})


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
