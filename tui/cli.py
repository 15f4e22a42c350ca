"""The `hexwar` command: open the game, list rule sets and scenarios, start, load or verify a game.

`list` and `verify` never import textual (start-up time is a bar); the terminal
UI (`tui.app.run_app`) is imported only when a screen is about to open. Every
error a person can cause (unknown rule set or scenario, bad seed, unreadable or
invalid file) prints one line to stderr and exits with status 2; Ctrl+C exits
quietly with 130. Set HEXWAR_DEBUG=1 to see tracebacks of internal errors.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Sequence
from typing import Any

from tui.cli_base import EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, UserError, _one_line, _out
from tui.cli_host import cmd_join, cmd_serve, cmd_web
from tui.cli_parser import build_parser
from tui.cli_play import _side_id, _sides_of, cmd_list, cmd_load, cmd_new, cmd_verify
from tui.cli_tools import cmd_campaign, cmd_edit, cmd_resolve, cmd_turn


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

        if args.players != "computer" and any(o.endswith((".md", ".toml")) for o in args.out or []):
            raise UserError("--out FILE.md or FILE.toml records the computer's balance: use a CSV name with --players")
        report = run(load_scenario(args.scenario), args.games, args.jobs, args.seed, args.cluster, progress_line(),
                     players=args.players)
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
