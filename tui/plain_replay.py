"""`hexwar replay FILE --plain`: watch a saved game again as lines of text, read-only.

The plain session's reading commands (status, units, unit, look, dice, log)
answer about the position shown, through the same seat as the replay screen;
the replay adds next, back, turn, turn back, goto N, start, end and report.
Nothing may be done in the game: do, undo, redo and save are refused.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rules.replay import Replay
from tui.plain import PlainSession, _typed_lines
from tui.widgets.text import clean, event_line

HELP = """Replay commands (read-only; one a line):
  next [N] / back [N]  one action (or N) forward / back
  turn / turn back     to the start of the next turn / of this turn (again: the turn before)
  goto N               the position after action N (0: the opening)
  start / end          the opening / the last position
  where                which action is shown
  report               the after-action report (as plain tables)
  status, units [all], unit ID, look C,R, dice [N], log [N]: as in play, at the position shown
  quit                 leave"""

READ_ONLY = frozenset({"do", "d", "undo", "u", "redo", "save", "actions", "a", "odds", "o"})


class PlainReplay(PlainSession):
    def __init__(self, service, side: str | None, referee: bool = False) -> None:
        self.replay = Replay(service)
        self.eyes = None if referee else (side if side is not None else self.replay.default_side())
        super().__init__(None, seat=self.replay.seat(self.eyes))

    def handle(self, line: str) -> list[str]:
        words = line.strip().lower().split()
        if not words:
            return []
        verb, rest = words[0], words[1:]
        if verb in READ_ONLY:
            return ["This is a replay: nothing can be done in it (hexwar load FILE plays the game on)."]
        if verb in ("help", "?"):
            return HELP.splitlines()
        moves: dict[str, Callable[[], int]] = {
            "next": lambda: self.replay.step(_count(rest)),
            "n": lambda: self.replay.step(_count(rest)),
            "back": lambda: self.replay.step(-_count(rest)),
            "b": lambda: self.replay.step(-_count(rest)),
            "start": lambda: self.replay.goto(0),
            "end": lambda: self.replay.goto(self.replay.length),
            "turn": (lambda: self.replay.previous_turn()) if rest[:1] == ["back"] else (lambda: self.replay.next_turn()),
        }
        if verb == "goto":
            if len(rest) != 1 or not rest[0].isdigit():
                return [f"Write goto and an action number from 0 to {self.replay.length}."]
            moves["goto"] = lambda: self.replay.goto(int(rest[0]))
        if verb in moves:
            try:
                moves[verb]()
            except ValueError:
                return ["Write a whole number after next or back."]
            return self.where()
        if verb == "where":
            return self.where()
        if verb == "report":
            from rules.after_action import build
            from rules.ai.evaluate import evaluator_for
            from tui.report_text import plain

            report = build(self.replay, self.eyes, evaluator_for(self.replay.source.ruleset))
            return plain(report).rstrip("\n").splitlines()
        return super().handle(line)

    def where(self) -> list[str]:
        """The action shown, what it did as this seat may see it, and whose decision came next."""
        n, length = self.replay.position, self.replay.length
        seat = self.seat()
        lines = [f"Action {n} of {length}: {clean(self.replay.last_words(self.eyes)) or 'the opening, before any action'}."]
        if n:
            view = seat.view()
            lines += [clean(event_line(e, view)) + "." for e in seat.events(n - 1)]
        return lines + self.status()[:1]


def _count(rest: list[str]) -> int:
    return int(rest[0]) if rest else 1


def run_plain_replay(service, side: str | None = None, referee: bool = False, lines: Iterable[str] | None = None,
                     write: Callable[[str], None] | None = None) -> int:
    import sys

    session = PlainReplay(service, side, referee)
    write = write or (lambda text: print(text, flush=True))
    if lines is None:
        lines = _typed_lines() if sys.stdin.isatty() else sys.stdin
    eyes = "everything" if session.eyes is None else f"what {session.replay.shown.side_name(session.eyes)} could see"
    write(f"hexwar replay, plain mode ({session.replay.length} actions; showing {eyes}). Type help for the commands.")
    for answer in session.where():
        write(answer)
    for raw in lines:
        for answer in session.handle(raw.rstrip("\n")):
            write(answer)
        if session.done:
            break
    return 0
