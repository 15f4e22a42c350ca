"""The after-action report of a played game: losses, strength, objectives, luck and who was ahead, by turn.

Built from a `Replay` (rules/replay.py) and read through one seat: a side's
report of a game still in progress uses only what that side could see (its
view of each position, the rolls it saw); a finished game's or the referee's
uses everything. Each turn is measured at its last position.

Luck: each side's rolls that test a number (a `need` and a `test`) are
counted against the exact odds: the successes expected, the successes
rolled, and the exact probability of rolling at least that many (and at most
that many), from the convolution of each roll's binomial. Rolls that test no
number (a scatter, a table) carry no "good" direction and are only counted.

Who was ahead: the computer player's evaluation (rules/ai/evaluate.py) of
each side's view of the position; for two sides, the first side's score less
the second's. The caller passes the evaluator in (`rules.ai.evaluate.evaluator_for`):
the rules core never imports the computer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from rules import odds
from rules.core import GameState
from rules.replay import Replay


@dataclass(frozen=True)
class SideTurn:
    """One side at the end of one turn."""

    units: int
    """Units still in play (on the map, not eliminated)."""
    losses: int
    """Units eliminated so far (reinforcements arriving do not hide a loss)."""
    strength: float
    """Its material, as the computer player counts it."""
    objectives: int | None
    """Objective hexes it stands on (None: the scenario names no hexes)."""
    score: float | None
    """The computer's evaluation of the position for this side (None: not evaluated)."""


@dataclass(frozen=True)
class TurnRow:
    turn: int
    action: int
    """The position measured: after this many actions."""
    sides: dict[str, SideTurn]


@dataclass(frozen=True)
class Luck:
    """One side's tested rolls against the exact odds."""

    rolls: int
    dice: int
    expected: float
    rolled: int
    p_at_least: float
    """The probability of rolling at least `rolled` successes (small: lucky)."""
    p_at_most: float
    """The probability of rolling at most `rolled` successes (small: unlucky)."""
    untested: int = 0
    """Rolls that test no number (counted only)."""

    def verdict(self) -> str:
        if self.dice == 0:
            return "no tested rolls"
        diff = self.rolled - self.expected
        if abs(diff) < 0.5:
            return "as expected"
        if diff > 0:
            return f"lucky: {diff:+.1f} successes; {self.p_at_least:.1%} chance of this or better"
        return f"unlucky: {diff:+.1f} successes; {self.p_at_most:.1%} chance of this or worse"


@dataclass
class Report:
    title: str
    sides: list[tuple[str, str]]
    """(id, name) of every side."""
    eyes: str
    """Whose view the report is made from ("everything", or a side's name)."""
    result: str
    rows: list[TurnRow] = field(default_factory=list)
    luck: dict[str, Luck] = field(default_factory=dict)


def turn_ends(turns: list[int]) -> list[tuple[int, int]]:
    """(turn, position) of the end of every turn played: the position after the action that ended it (that action's
    own effects, the last volley or the end-of-turn checks, are part of its turn), or the last position of a turn
    the game ended in or is still in. A game over after its last turn stands at the next turn's number with no
    action in it: that is not a turn played (a report of an 8-turn game read "turn 9")."""
    out: list[tuple[int, int]] = []
    for n, turn in enumerate(turns):
        if n + 1 < len(turns):
            if turns[n + 1] != turn:
                out.append((turn, n + 1))
        elif not out or out[-1][1] != n:
            out.append((turn, n))
    return out


def build(replay: Replay, side: str | None = None, evaluator=None) -> Report:
    """The report of `replay`'s game as `side` may know it (None: everything); without an `evaluator`
    (rules/ai/evaluate.py) the strength counts units and nobody's score is known."""
    source = replay.source
    final = source.state
    over = final.result is not None
    eyes = None if over else side
    setup = source.setup
    title = (setup.title or setup.name) if setup is not None else final.scenario
    names = [(s.id, s.name or s.id) for s in final.sides]
    result = ""
    if final.result is not None:
        winner = dict(names).get(final.result.winner or "", "nobody (a draw)")
        result = f"{winner} won: {final.result.reason}" if final.result.winner else f"a draw: {final.result.reason}"
    report = Report(title, names, "everything" if eyes is None else dict(names)[eyes], result)
    objectives = _objective_hexes(setup)
    for turn, n in turn_ends(replay.turns()):
        view = source.view_for(eyes, replay.state_after(n))
        if evaluator is not None:
            evaluator.now = view.turn
        alive = _alive(view)
        report.rows.append(TurnRow(turn, n, {
            sid: SideTurn(
                units=alive.get(sid, 0),
                losses=sum(1 for u in view.units.values() if u.side == sid and u.eliminated),
                strength=_strength(evaluator, view, sid),
                objectives=None if objectives is None else sum(
                    1 for u in view.units.values() if u.side == sid and u.at in objectives and not u.eliminated),
                score=_score(evaluator, view, sid),
            ) for sid, _ in names
        }))
    seat = replay.source.seat(eyes)
    report.luck = luck(seat.rolls(), [sid for sid, _ in names])
    return report


def luck(records, sides: list[str]) -> dict[str, Luck]:
    """Each side's tested rolls against the exact odds."""
    out = {}
    for sid in sides:
        dist: dict[int, Fraction] = {0: Fraction(1)}
        rolls = dice = rolled = untested = 0
        expected = Fraction(0)
        for r in records:
            if r.side != sid:
                continue
            if r.need is None or r.test is None:
                untested += 1
                continue
            rolls += 1
            dice += len(r.faces)
            rolled += r.successes
            one = odds.successes(len(r.faces), r.sides, r.need, r.test)
            expected += odds.expectation(one)
            dist = odds.convolve(dist, one)
        at_least = sum((p for k, p in dist.items() if k >= rolled), Fraction(0))
        at_most = sum((p for k, p in dist.items() if k <= rolled), Fraction(0))
        out[sid] = Luck(rolls, dice, float(expected), rolled, float(at_least), float(at_most), untested)
    return out


def _alive(state: GameState) -> dict[str, int]:
    counts: dict[str, int] = {}
    for u in state.units.values():
        if not u.eliminated and u.at is not None:
            counts[u.side] = counts.get(u.side, 0) + 1
    return counts


def _objective_hexes(setup) -> set | None:
    if setup is None:
        return None
    hexes = {h for v in setup.victory for h in v.hexes}
    return hexes or None


def _strength(evaluator, view: GameState, side: str) -> float:
    if evaluator is None:
        return float(sum(1 for u in view.units.values() if u.side == side and not u.eliminated and u.at is not None))
    try:  # its own units' worth (`material` is relative: its units less everybody else's)
        return round(sum(evaluator.unit_value(view, u) for u in view.units.values() if u.side == side), 1)
    except Exception:  # noqa: BLE001
        return 0.0


def _score(evaluator, view: GameState, side: str) -> float | None:
    if evaluator is None:
        return None
    try:  # the position without the result: a won game's +1000 would flatten every other turn on the graph
        return round(evaluator.material(view, side) + evaluator.position(view, side), 1)
    except Exception:  # noqa: BLE001 - the evaluation is a courtesy: a position it cannot read shows none
        return None


def lead(row: TurnRow, sides: list[str]) -> float | None:
    """Who was ahead after this turn (two sides): the first side's score less the second's."""
    if len(sides) != 2:
        return None
    a, b = (row.sides[s].score for s in sides)
    return None if a is None or b is None else round(a - b, 1)
