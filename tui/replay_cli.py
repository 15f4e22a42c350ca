"""`hexwar replay FILE` and `hexwar report FILE` (tui/cli.py parses them and hands them here)."""

from __future__ import annotations

import sys


def load_for_replay(files: list[str]):
    """A save (or autosave), or a chain of turn files from the game's first (saves/mail.py); no store: a
    replay never writes the game."""
    from saves.files import parse_toml, read_bytes
    from saves.mail import MAX_TURN_BYTES, TURN_FORMAT, game_from_turns
    from saves.store import load_game

    if len(files) == 1 and parse_toml(read_bytes(files[0], MAX_TURN_BYTES), files[0]).get("format") != TURN_FORMAT:
        return load_game(files[0])
    return game_from_turns(files)


def run_replay_command(args, side_id, sides_of, open_tui, user_error) -> int:
    if args.referee and args.side:
        raise user_error("--side and --referee: choose one (the referee sees every side)")
    service = load_for_replay(args.file)
    args.file = args.file[-1]  # the branch's file names the last one
    side = side_id("--side", args.side, sides_of(service)) if args.side else None
    if args.command == "report":
        return _report(service, side, args.referee, args.out)
    if getattr(args, "plain", False):
        from tui.plain_replay import run_plain_replay

        return run_plain_replay(service, side, args.referee)

    def screen():
        from tui.screens.replay import ReplayScreen

        return ReplayScreen(service, side=side, referee=args.referee, file=args.file)

    return open_tui({"screen": screen, "service": service})


def _report(service, side, referee: bool, out: str | None) -> int:
    from rules.after_action import build
    from rules.ai.evaluate import evaluator_for
    from rules.replay import Replay
    from saves.files import write_atomic
    from tui.report_text import markdown

    replay = Replay(service)
    eyes = None if referee else (side if side is not None else replay.default_side())
    text = markdown(build(replay, eyes, evaluator_for(service.ruleset)))
    if out is None:
        sys.stdout.write(text)
        return 0
    path = write_atomic(out, text.encode("utf-8"))
    print(f"hexwar: the report is in {path}", file=sys.stderr)
    return 0
