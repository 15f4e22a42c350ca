"""A hint for the person: what the computer would do for their side now, and why, in the game's words.

It decides from the person's own seat (rules/seat.py): its view, its legal
actions and their previews, as the computer opponent does, so it never uses
what that side may not know. The reason is the action as the seat words it,
the exact odds of its preview (the rules' own enumeration), and what the
computer expects of it: tried on guesses of the hidden things with its own dice,
which units fall, are hurt or move, and how near the moved unit comes to the
hexes its side must take.

A game screen asks a `Hinter`, which remembers for the turn where the hinted side's units have stood
(rules/ai/placings.py), as the computer opponent does for its own: a fresh computer for each hint knew
nothing of it, so a person doing what each hint said could be led a hex forward and back again.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from rules.actions import Action
from rules.ai.evaluate import Evaluator
from rules.ai.hints import hints_for
from rules.ai.levels import computer_for
from rules.ai.placings import Placings
from rules.ai.simulate import attempt, guessed
from rules.hexgrid import Hex
from rules.outcomes import reader

TRIES = 24
"""Tries of an action that rolls dice, with the computer's own dice, for what it expects."""
ODDS_SHOWN = 4
"""Lines of the preview shown (likeliest first)."""


@dataclass
class Hint:
    action: Action
    words: str
    """The suggested action as the seat words it."""
    odds: list[str] = field(default_factory=list)
    """Its preview's outcomes, exact chances."""
    expects: list[str] = field(default_factory=list)
    """What the computer expects of it, unit by unit."""
    tried: int = 0
    """How many of the side's actions it weighed."""

    def lines(self) -> list[str]:
        out = [f"The computer suggests: {self.words}"]
        if self.odds:
            out.append("Odds (exact, from the rules):")
            out += [f"  {line}" for line in self.odds]
        if self.expects:
            out.append("What it expects:")
            out += [f"  {line}" for line in self.expects]
        out.append(f"Chosen among {self.tried} legal actions, looking ahead at the other side's answers."
                   if self.tried > 1 else "It is the only action the rules allow now.")
        return out

    def text(self) -> str:
        return "\n".join(self.lines())


class Hinter:
    """The hints of one game screen: each side's placings of this turn are remembered between hints, and
    forgotten when an undo takes actions back (a placing taken back is one the person chose not to keep)."""

    def __init__(self, level: str = "normal") -> None:
        self.level = level
        self.placings: dict[str, Placings] = {}
        self._count = 0
        """The game's action count at the last hint."""

    def hint(self, seat, rng: random.Random | None = None) -> Hint | None:
        if seat.action_count < self._count:
            self.placings.clear()
        self._count = seat.action_count
        if seat.side is None:
            return hint(seat, rng, self.level)
        return hint(seat, rng, self.level, self.placings.setdefault(seat.side, Placings(steps=True)))


def hint(seat, rng: random.Random | None = None, level: str = "normal",
         placings: Placings | None = None) -> Hint | None:
    """The computer's suggestion for `seat`'s side, or None when that side has nothing to decide now;
    `placings`: where the side's units have stood this turn (a `Hinter`'s), else none remembered."""
    if seat.result is not None or seat.side is None:
        return None
    decision = seat.decision()
    if decision.side != seat.side:
        return None
    actions = seat.legal_actions()
    if not actions:
        return None
    rng = rng or random.Random(random.SystemRandom().randrange(2**63))
    player = computer_for(level, rng)
    if placings is not None:
        player.placings = placings
    action = player.choose(seat)
    words = seat.describe(action)
    return Hint(action=action, words=words, odds=_odds(seat, action), expects=_expects(seat, action, rng),
                tried=len(actions))


def _odds(seat, action: Action) -> list[str]:
    try:
        preview = seat.preview(action)
    except Exception:  # noqa: BLE001 - a preview the rules cannot make here: the hint goes without it
        return []
    if preview is None or not preview.outcomes:
        return []
    shown = preview.shown()
    said = reader(seat.ruleset, seat.view())
    lines = [f"{o.percent:5.1f}%  {said(o)}" for o in shown[:ODDS_SHOWN]]
    if len(shown) > ODDS_SHOWN:
        lines.append(f"(and {len(shown) - ODDS_SHOWN} more: the unit detail key shows them all)")
    return lines


def _expects(seat, action: Action, rng: random.Random) -> list[str]:
    """Unit by unit, what trying `action` on guesses of the view gave (its own dice; never the game's)."""
    view = seat.view()
    hints = hints_for(seat.ruleset)
    guess = hints.determinize
    ev = Evaluator(hints, seat.ruleset)
    fallen: dict[str, int] = {}
    hurt: dict[str, int] = {}
    moved: dict[str, dict[Hex, int]] = {}
    tries = 0
    for n in range(TRIES):
        world = guessed(seat.ruleset, view, seat.side, rng)
        tried = attempt(seat.ruleset, world, action, rng)
        if tried.failed:
            break
        tries += 1
        for uid, before in world.units.items():
            after = tried.state.units.get(uid)
            if after is None or not before.on_map:
                continue
            if not after.on_map:
                fallen[uid] = fallen.get(uid, 0) + 1
            elif ev.unit_value(tried.state, after) < ev.unit_value(world, before) - 1e-9:
                hurt[uid] = hurt.get(uid, 0) + 1
            if after.on_map and after.at != before.at:
                moved.setdefault(uid, {}).setdefault(after.at, 0)
                moved[uid][after.at] += 1
        if not tried.rolled and guess is None:
            break  # no dice and nothing guessed: once is exact
    if not tries:
        return []
    out = []
    for uid in sorted(set(fallen) | set(hurt), key=lambda u: (view.units[u].side == seat.side, u)):
        unit = view.units[uid]
        whose = "yours" if unit.side == seat.side else "the enemy's"
        if uid in fallen:
            out.append(f"{unit.name} ({whose}) out of action in {_share(fallen[uid], tries)}")
        if uid in hurt:
            out.append(f"{unit.name} ({whose}) hurt in {_share(hurt[uid], tries)}")
    for uid, places in moved.items():
        unit = view.units[uid]
        at = max(places, key=places.get)
        line = f"{unit.name} ends at {at}" + ("" if places[at] == tries else f" in {_share(places[at], tries)}")
        out.append(line + (_nearer(view, ev, unit, at) if unit.side == seat.side else ""))
    if not out:
        out.append("no unit falls, is hurt or moves: it changes what comes next (cards, the turn, a reaction)")
    return out


def _share(n: int, tries: int) -> str:
    return "every try" if n == tries else f"{n} of {tries} tries"


def _nearer(view, ev: Evaluator, unit, at: Hex) -> str:
    """How the move changes the unit's walk to the nearest hex its side must take, if it must take any."""
    goals = [Hex(*h) for c in view.victory if c.kind == "hold" and c.side == unit.side and c.hexes for h in c.hexes]
    if not goals or unit.at is None:
        return ""
    walks = ev.walks(view)
    before = min(walks.to(g, unit.at) for g in goals)
    after = min(walks.to(g, at) for g in goals)
    goal = min(goals, key=lambda g: walks.to(g, at))
    if after >= before:
        return f" (no nearer to {goal}, a hex your side must hold)"
    return f" ({_steps(before - after)} nearer to {goal}, a hex your side must hold)"


def _steps(d: float) -> str:
    d = round(d, 1)
    return f"{d:g} hex" if d == 1 else f"{d:g} hexes"
