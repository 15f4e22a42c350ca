"""`hexwar replay FILE` and `hexwar report FILE` (tui/cli.py parses them and hands them here)."""

from __future__ import annotations

import sys


def run_replay_command(args, side_id, sides_of, open_tui, user_error) -> int:
    from saves.store import load_game

    if args.referee and args.side:
        raise user_error("--side and --referee: choose one (the referee sees every side)")
    service = load_game(args.file)  # no store: a replay never writes the game
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
    from rules.replay import Replay
    from saves.files import write_atomic
    from tui.report_text import markdown

    replay = Replay(service)
    eyes = None if referee else (side if side is not None else replay.default_side())
    text = markdown(build(replay, eyes))
    if out is None:
        sys.stdout.write(text)
        return 0
    path = write_atomic(out, text.encode("utf-8"))
    print(f"hexwar: the report is in {path}", file=sys.stderr)
    return 0
