"""Plain-text play: one command a line, each answer a short sentence.

For a screen reader, the slowest link and scripts (`hexwar --plain new quad`,
or lines piped in). It plays the same game as the screen, through the same
seats, saves and undo; it never imports textual (start-up stays quick). Hexes
are written col,row as on the map; `actions` numbers what may be done now and
`do 2` does the second.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from pathlib import Path

from rules.actions import Action
from rules.seat import Seat
from rules.outcomes import reader
from rules.service import GameService
from tui.plain_looking import PlainLooking
from tui.seating import Seating
from tui.widgets.text import clean, event_line, side_name

MAX_LINE = 500
"""A longer command line is refused (input is bounded)."""
PAGE = 20
"""At most this many actions are read out at once; the rest are summed up by kind."""
MAX_COMPUTER_ACTIONS = 2000
"""The computer's actions in a row before the person is asked again (a whole watched game fits)."""

HELP = """Commands (one a line; hexes as col,row):
  status            whose decision it is, the turn and phase, and your objective in a few words
  objective         every victory condition and how far each side is from it (also: goal)
  units [all]       your units (all: every unit you can see), with hex and marks
  unit ID           everything about one unit
  look C,R          the terrain and the unit at a hex
  actions [ID|KIND] what you may do now, numbered (only unit ID's, or one kind: actions fire)
  odds N            the exact odds of action N (or of an action typed out)
  do N              do action N (or an action typed out, as `actions` shows its text form)
  hint              what the computer would do for your side now, its exact odds and why (do 1 does it)
  dice [N]          the last N rolls (default 6)
  log [N]           the last N things that happened (default 10)
  undo / redo       take back / do again the last action
  save FILE         save the game to FILE
  side              which side you play (the computer answers for its sides after each of your actions)
  quit              leave (the game is autosaved when it has a store)"""


class PlainSession(PlainLooking):
    """A plain-text game on one service (`side` fixes the seat; None follows the deciding
    side), or on one seat held elsewhere (a remote seat: `seat=`)."""

    def __init__(self, service: GameService | None = None, side: str | None = None, referee: bool = False,
                 seat: Seat | None = None, computers: Iterable[str] = ()) -> None:
        self.service = service
        self.fixed = side
        self.referee = referee
        self.held = seat
        from saves.players import as_levels

        self.computer_levels = as_levels(computers)
        """Side -> the computer's level, as chosen and kept in the save (saves/players.py)."""
        computers = list(self.computer_levels)
        levels = dict(self.computer_levels)
        # Without a fixed side one person plays every side: solo seating, undo free.
        self.seating = (Seating(service, referee=referee, solo=side is None, computers=computers)
                        if service is not None and seat is None else None)
        self.pilot = None
        if computers and self.seating is not None:
            from rules.ai.autoplay import Autopilot

            self.pilot = Autopilot.computers(service, computers, levels)
            self.referee = self.seating.referee  # every side the computer's: the person watches
        self.listed: list[Action] = []
        self.done = False
        self.hinter = None
        """The game's `Hinter` (rules/ai/hint.py), made at the first hint: it remembers where the hinted units stood."""

    def unplayed(self) -> list[str]:
        """The sides nobody plays in this local game: not the person's fixed side, not the computer's. Valley has
        three: `--side federal --ai rebels` left the Free Company to nobody, and the game stopped at its turn."""
        if self.fixed is None or self.referee or self.held is not None or self.service is None:
            return []
        return [s for s in self.seat().view().side_ids() if s != self.fixed and s not in self.computer_levels]

    def unplayed_line(self) -> str:
        names = [side_name(self.seat().view(), s) for s in self.unplayed()]
        if not names:
            return ""
        ai = " ".join(f"--ai {s}" for s in self.unplayed())
        return (f" Nobody plays {' or '.join(names)} here: the game waits at {'its' if len(names) == 1 else 'their'} "
                f"decisions. Start it again with {ai} to give {'it' if len(names) == 1 else 'them'} to the computer, "
                f"or without --side to play every side in turn.")

    # --- the seat ---------------------------------------------------------------------

    def seat(self) -> Seat:
        if self.held is not None:
            return self.held
        assert self.seating is not None
        if self.fixed is not None and not self.referee:
            return self.seating.seat(self.fixed)
        # The referee's seat, or solo play of every side (a computer's side excepted): the seat follows the decision.
        return self.seating.for_screen()

    def computers_play(self, limit: int = MAX_COMPUTER_ACTIONS, status: bool = True) -> list[str]:
        """Let the computer sides act while one of them is due: what they did, a line each, as the person's
        seat sees it (the computer's own description could name what this side may not know)."""
        if self.pilot is None:
            return []
        lines: list[str] = []
        for _ in range(limit):
            seat = self.seat()
            due = self.pilot.due()
            if due is None or seat.result is not None:
                break
            since = seat.action_count
            action = self.pilot.think()
            if action is None:
                if due[1] == "choose":
                    lines.append("The computer found nothing to do; type actions.")
                    break
                continue  # it let a reaction go: the side that decides may be a computer too
            who = side_name(seat.view(), action.side)
            said = clean(seat.describe(action))
            done = self.pilot.play(action)
            if not done.ok:
                lines.append(f"The computer ({who}) was refused {said}: {clean(done.reason)}.")
                break
            view = seat.view()
            lines.append(f"The computer ({who}): {said}.")
            lines += [clean(event_line(e, view)) + "." for e in seat.events(since)]
        else:
            lines.append(f"The computer stopped after {limit} actions in a row; type status.")
        if lines and status:
            lines += self.status()[:1]
        return lines

    # --- commands -------------------------------------------------------------------------

    def handle(self, line: str) -> list[str]:
        """The answer to one command line."""
        if len(line) > MAX_LINE:
            return [f"That line is too long (at most {MAX_LINE} characters)."]
        words = line.strip().split(maxsplit=1)
        if not words:
            return []
        verb, rest = words[0].lower(), (words[1] if len(words) > 1 else "")
        command = COMMANDS.get(verb) or COMMANDS.get(ALIASES.get(verb, ""))
        if command is None:
            return [f"Unknown command {clean(verb)!r}. Type help for the list."]
        try:
            return command(self, rest.strip())
        except Exception as exc:  # noqa: BLE001 - one bad command must not end the game
            return [f"That failed: {type(exc).__name__}: {clean(exc)}"]

    def status(self, _: str = "") -> list[str]:
        seat = self.seat()
        view = seat.view()
        if seat.result is not None:
            r = seat.result
            who = side_name(view, r.winner) + " won" if r.winner else "A draw"
            return [f"The game is over. {who}: {clean(r.reason)}."]
        d = seat.decision()
        phase = f", {clean(view.phase)}" if view.phase else ""
        lines = [f"Turn {view.turn}{phase}. {side_name(view, d.side)} to decide: {clean(d.prompt)}."]
        if d.reactors:
            lines.append("You may react now: type actions.")
        you = "referee" if seat.referee else side_name(view, seat.side)
        lines.append(f"You play {you}.")
        from tui.screens.game_objective import brief

        goal = brief(seat, seat.side or d.side)
        if goal:
            lines.append(f"Objective: {clean(goal)} (objective: every condition).")
        return lines

    def actions(self, rest: str) -> list[str]:
        seat = self.seat()
        if seat.result is not None:
            return ["The game is over: nothing more may be done. Type undo to take back the last action."]
        every = seat.legal_actions()
        if rest and rest in seat.view().units:
            legal = seat.legal_actions(unit=rest)
        elif rest:
            legal = [a for a in every if a.kind == rest.lower()]
            if not legal:
                return [f"No action of kind or unit {clean(rest)!r} now. Kinds now: {_kinds(every) or 'none'}."]
        else:
            legal = every
        self.listed = legal
        if not legal:
            d = seat.decision()
            stuck = self.unplayed_line() if d.side in self.unplayed() else ""
            return [f"Nothing for you to do now: {side_name(seat.view(), d.side)} decides." + stuck]
        out = [f"{n}. {clean(seat.describe(a))}   [{a.text()}]" for n, a in enumerate(legal[:PAGE], 1)]
        if len(legal) > PAGE:
            # A long list is a burden read aloud and over a slow link: the rest by kind, reachable by number.
            out.append(f"... and {len(legal) - PAGE} more (do N works for any of the {len(legal)}). By kind: "
                       f"{_kinds(legal)}. Type actions KIND or actions UNIT for fewer.")
        return out

    def _action(self, rest: str, seat: Seat) -> Action | str:
        """Action N of the last listing (or of the legal actions now), or one typed out."""
        if rest.isdigit():
            listed = self.listed or seat.legal_actions()
            n = int(rest)
            if not 1 <= n <= len(listed):
                return f"There is no action {n}: type actions to see them."
            return listed[n - 1]
        try:
            return seat.parse(rest)
        except ValueError as exc:
            return f"I cannot read that action: {clean(exc)}"

    def odds(self, rest: str) -> list[str]:
        seat = self.seat()
        action = self._action(rest, seat)
        if isinstance(action, str):
            return [action]
        p = seat.preview(action)
        if p is None:
            return [f"{clean(seat.describe(action))}: nothing is rolled for it."]
        out = [f"{clean(p.title or seat.describe(action))}." + (f" Rolls {clean(p.dice)}." if p.dice else "")]
        out += [f"{clean(m)}." for m in p.modifiers]
        said = reader(seat.ruleset, seat.view())
        out += [f"{o.percent:.1f}% {clean(said(o))}." for o in p.shown()]
        out += [clean(n) for n in p.notes]
        return out

    def do(self, rest: str) -> list[str]:
        seat = self.seat()
        action = self._action(rest, seat)
        if isinstance(action, str):
            return [action]
        # A seat held by a host is asked there: its own copy of the view may lag a push behind, and the
        # host refuses with the rules' reason anyway (a stale local refusal once stalled a remote player).
        why = seat.check(action) if self.held is None else ""
        if why:
            return [f"Refused: {clean(why)}."]
        since = seat.action_count
        said = clean(seat.describe(action))
        done = seat.apply(action)
        if not done.ok:
            return [f"Refused: {clean(done.reason)}."]
        self.listed = []
        lines = [f"Done: {said}."]
        view = seat.view()
        for event in seat.events(since):
            lines.append(clean(event_line(event, view)) + ".")
        return lines + self.status()[:1]

    def hint(self, _: str) -> list[str]:
        """The computer's suggestion for this seat's side, decided from this seat alone (rules/ai/hint.py)."""
        seat = self.seat()
        if seat.result is not None:
            return ["The game is over: nothing to hint."]
        if seat.side is None or (self.pilot is not None and seat.side in self.pilot.players):
            return ["The hint is for a side a person plays; the computer decides this one."]
        from rules.ai.hint import Hinter

        self.hinter = self.hinter or Hinter()
        found = self.hinter.hint(seat)
        if found is None:
            return ["It is not your decision now: nothing to hint."]
        self.listed = [found.action]
        return [clean(line) for line in found.lines()] + ["Type do 1 to do it."]

    def undo(self, _: str) -> list[str]:
        seat = self.seat()
        if self.pilot is not None and not self.pilot.watching:
            # Against the computer: its replies go with the person's own last decision (as on the game screen).
            if not self.pilot.undo_to_person():
                return ["Cannot undo: you have not acted yet."]
            self.listed = []
            return ["Taken back: the computer's replies and your last action.", *self.status()[:1]]
        why = seat.why_no_undo()
        if why:
            return [f"Cannot undo: {clean(why)}."]
        seat.undo()
        self.listed = []
        return ["Taken back.", *self.status()[:1]]

    def redo(self, _: str) -> list[str]:
        seat = self.seat()
        if not seat.can_redo or not seat.redo():
            return ["Nothing to redo."]
        return ["Done again.", *self.status()[:1]]

    def save(self, rest: str) -> list[str]:
        if self.service is None:
            return ["The host keeps this game and saves it after every action."]
        if not rest:
            return ["Name a file: save FILE."]
        from saves.store import save_game

        path = save_game(self.service, Path(rest).expanduser())
        return [f"Saved to {clean(path)}."]

    def side(self, _: str) -> list[str]:
        seat = self.seat()
        return ["You are the referee: you see everything."] if seat.referee else [
            f"You play {side_name(seat.view(), seat.side)}."]

    def help(self, _: str) -> list[str]:
        return HELP.splitlines()

    def quit(self, _: str) -> list[str]:
        self.done = True
        return ["Goodbye."]


COMMANDS: dict[str, Callable[[PlainSession, str], list[str]]] = {
    "status": PlainSession.status, "units": PlainSession.units, "unit": PlainSession.unit,
    "look": PlainSession.look, "actions": PlainSession.actions, "odds": PlainSession.odds,
    "do": PlainSession.do, "dice": PlainSession.dice, "log": PlainSession.log,
    "undo": PlainSession.undo, "redo": PlainSession.redo, "save": PlainSession.save,
    "side": PlainSession.side, "help": PlainSession.help, "quit": PlainSession.quit, "hint": PlainSession.hint,
    "objective": PlainSession.objective,
}
ALIASES = {"s": "status", "a": "actions", "?": "help", "q": "quit", "exit": "quit", "u": "undo",
           "l": "look", "o": "odds", "d": "do", "goal": "objective", "victory": "objective"}


def _kinds(actions: list[Action]) -> str:
    """'move 58, fire 2, end 1': how many actions of each kind, in the order they come."""
    counts: dict[str, int] = {}
    for a in actions:
        counts[a.kind] = counts.get(a.kind, 0) + 1
    return ", ".join(f"{kind} {n}" for kind, n in counts.items())


def _typed_lines() -> Iterable[str]:
    """Lines typed at a terminal, each after a short prompt (readline editing where present)."""
    while True:
        try:
            yield input("> ")
        except EOFError:
            return


def run_plain(service: GameService | None, side: str | None = None, referee: bool = False,
              lines: Iterable[str] | None = None, write: Callable[[str], None] | None = None,
              seat: Seat | None = None, computers: Iterable[str] = ()) -> int:
    """Play from `lines` (default: standard input), answering through `write` (default: print);
    the computer plays `computers` (side ids), answering after each of the person's commands."""
    session = PlainSession(service, side, referee, seat=seat, computers=computers)
    write = write or (lambda text: print(text, flush=True))
    if lines is None:
        lines = _typed_lines() if sys.stdin.isatty() else sys.stdin
    write("hexwar plain mode. Type help for the commands.")
    for answer in session.computers_play(status=False) + session.status():
        write(answer)
    if session.unplayed():
        write(session.unplayed_line().strip())
    for raw in lines:
        answers = session.handle(raw.rstrip("\n"))
        for answer in answers if session.done else answers + session.computers_play():
            write(answer)
        if session.done:
            break
    return 0
