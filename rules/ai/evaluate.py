"""How good a position looks to one side: the result, what stands on the map, the objectives, contact.

The generic part reads only what every rule set has (units on the map, their
stats, the scenario's victory conditions); a rule set may sharpen it with hints
(rules/ai/hints.py): a unit's worth, a side's extra assets (cards in hand), a
guess of hidden things, the worth of a previewed outcome.
"""

from __future__ import annotations

import inspect

from rules.actions import target_hex
from rules.ai.paths import Walks, step_cost_for
from rules.contract import AiHints
from rules.core import GameState, Unit
from rules.hexgrid import Hex

WIN = 1000.0
"""A won game; far above any material count."""
DRAW = -300.0
"""A draw is not a win: worse than most positions still in play."""
CLOCK = 1.0
"""Worth of one turn gone, to the side the turn limit favours (and against the other)."""
LEAD = 1.5
"""Worth of a hex closer to a hex the side must take, for its nearest unit (doubled at the deadline)."""
HELD = 8.0
"""Worth of a hex to take that the side stands on (tripled at the deadline, when the condition is checked)."""
TOLL = 24.0
"""Worth of the whole way to a casualties win (the enemy's losses up to the fraction that wins), growing to
twice that at the last turn. A figure is then worth more the fewer the enemy must lose: the Horde of DHR's
tower needs 9 of the Tower's 18 figures and the Tower 18 of the Horde's 35, so one figure of the Tower is
worth two of the Horde's to either side, which the units' worth alone (figures x Rating) did not say."""
BAD_WORDS = ("wound", "lost", "loss", "damage", "hits", "casualt", "suppress", "pinned", "shaken", "out")
"""A numeric field with one of these in its name counts against the unit."""


def generic_unit_value(unit: Unit) -> float:
    """A unit's worth from its numbers alone: a base for being there, plus its stats (fields that
    count damage subtract). Fields that never change only add a constant; fields that drop when
    the unit is hurt (strength, quality, figures) make a hurt unit worth less."""
    total = 0.0
    stats = getattr(unit, "stats", None)
    fields = dict(stats) if stats is not None and hasattr(stats, "__iter__") else {}
    for name in type(unit).model_fields:
        if name not in Unit.model_fields and name != "stats" and not name.startswith("start_"):
            fields[name] = getattr(unit, name)
    for name, value in fields.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            continue
        sign = -1.0 if any(w in name.lower() for w in BAD_WORDS) else 1.0
        total += sign * float(value)
    return 3.0 + 1.0 * total


ASSET = 0.8
"""Worth of one point of a side's counted resource (braces, command points...) in the generic reading."""


def generic_assets(state: GameState, side: str) -> float:
    """A side's counted resources from the state alone: every field that maps side ids to numbers
    (a once-per-game reaction left, points to spend) counts `ASSET` a point."""
    total = 0.0
    sides = set(state.side_ids())
    for name in type(state).model_fields:
        value = getattr(state, name, None)
        if isinstance(value, dict) and value and set(value) <= sides:
            v = value.get(side)
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                total += ASSET * v
    return total


def _not_wiped_out(state: GameState, side: str) -> bool:
    return any(not u.eliminated for u in state.units.values() if u.side == side)


class Evaluator:
    """Scores states for one side; `hints` is the rule set's `AiHints` (None: the defaults), `ruleset` the rule set
    (its declared terrain says what cannot be walked through when the hints give no step cost)."""

    def __init__(self, hints: AiHints | None = None, ruleset=None) -> None:
        hints = hints or AiHints()
        self.hints = hints
        self._step_cost = step_cost_for(hints, ruleset)
        self._kinds = ruleset.action_kinds if ruleset is not None else {}
        """Where each kind of action lands (`hex_worth`); none known without a rule set."""
        self._walks: Walks | None = None
        self._unit_value = hints.unit_value
        self._side_value = hints.side_value
        self._side_value_now = self._side_value is not None and "now" in inspect.signature(self._side_value).parameters
        """The hint weighs a side's assets by the turn of the decision too (QUAD: a card still to play this turn)."""
        self.now: int | None = None
        """The turn the urgency of a hold condition is read at; the computer sets the turn of its decision, so
        every line of one search is weighed alike. Read from each state tried, a line that ended the turn
        looked worse by the turn number alone (every walk left weighed 0.3 more a hex): QUAD river-battle's
        West never released without playing (two cards drawn) for fear the League would end the turn."""
        self.hold_every = hints.hold_every
        """The rule set's hold condition needs a unit on every one of its hexes (else: on one of them)."""
        self._losses = hints.losses
        """(figures lost, figures at the start) of a side, for the scenario's casualties conditions."""
        self._side_standing = hints.side_standing or _not_wiped_out
        """The side is still in the game, as the victory check reads it (Dirtside: a ground unit on the map)."""
        self.contact = float(hints.contact)
        """Worth of a hex closer to the enemy, per unit (rule sets of long-range fire lower it)."""
        self._heading = hints.heading
        """Where the rule set reads a unit as standing when not simply its hex (`standing`)."""
        self._threat = hints.threat
        self.threat_weight = 0.0
        """How much the other sides' next attacks (the `threat` hint) weigh against what they may take; set by
        the levels that read the threat (rules/ai/levels.py). 0: not read (the after-action report's scores)."""

    def standing(self, state: GameState, unit: Unit) -> Hex | None:
        """Where `unit` counts as standing (None: not on the table, still to come or destroyed): where the rule
        set's `heading` hint puts it when it says, else its hex. A Move counter moves the unit only in a later
        phase, past the look-ahead: read where it stood, a counter changed nothing the computer saw, and
        mars-expedition's Martians never set one. A unit hidden under a blind on the table stands at the blind:
        read as still to come, revealing it looked worth a long walk, and every blind was lifted at once."""
        if self._heading is not None:
            ahead = self._heading(state, unit)
            if ahead is not None:
                return ahead
        return unit.at if unit.on_map else None

    def walks(self, state: GameState) -> Walks:
        """Walking costs over this state's board (one board per game: kept between calls)."""
        if self._walks is None or self._walks.board is not state.board:
            self._walks = Walks(state.board, self._step_cost)
        return self._walks

    def unit_value(self, state: GameState, unit: Unit) -> float:
        if not unit.on_map:
            return 0.0
        if self._unit_value is not None:
            return float(self._unit_value(state, unit))
        return generic_unit_value(unit)

    def material(self, state: GameState, side: str, assets: bool = True) -> float:
        """Worth of `side`'s units minus the worth of everybody else's (with `assets`: cards in hand...)."""
        total = 0.0
        for u in state.units.values():
            v = self.unit_value(state, u)
            total += v if u.side == side else -v
        if assets:
            threat = self._threat if self.threat_weight else None
            for s in state.side_ids():
                if self._side_value is None:
                    v = generic_assets(state, s)
                elif self._side_value_now:
                    v = float(self._side_value(state, s, now=self.now))
                else:
                    v = float(self._side_value(state, s))
                if threat is not None:  # what the others' next attacks may take from `s`
                    v -= self.threat_weight * float(threat(state, s))
                total += v if s == side else -v
        return total

    def score(self, state: GameState, side: str) -> float:
        """The position's worth to `side` (higher is better)."""
        if state.result is not None:
            if state.result.winner == side:
                return WIN + self.material(state, side)
            if state.result.winner is None:
                return DRAW + self.material(state, side)
            return -WIN + self.material(state, side)
        return self.material(state, side) + self.position(state, side)

    def hex_worth(self, state: GameState, side: str, action) -> float:
        """A cheap reading of where an action goes (its target hex), without trying it: the pull of the
        objectives and of the nearest enemy, as `position` weighs them for one unit. Used only to cut
        a long list of moves down before the exact tries (rules/ai/candidates.py)."""
        h = target_hex(action, self._kinds)
        if h is None:
            return 0.0
        total, must_attack = 0.0, False
        walks = self.walks(state)
        for cond in state.victory:
            if cond.kind == "hold" and cond.hexes:
                ours = cond.side == side
                must_attack = must_attack or ours
                total -= (0.4 + LEAD if ours else 0.1) * min(walks.to(Hex(*g), h) for g in cond.hexes)
            elif cond.kind == "turn_limit" and cond.side is not None and cond.side != side:
                must_attack = True
        theirs = [u.at for u in state.units.values() if u.side != side and u.on_map]
        if theirs:
            total -= self.contact * (2.0 if must_attack else 1.0) * min(t.distance(h) for t in theirs)
        return total

    def _leads(self, walks, goals: list[Hex], mine: list[Hex], ours: bool) -> float:
        """The walks of the nearest unit to each hex to take. Where the rule set needs every hex held at once
        (`hold_every` hint: QUAD's two gates of Cray) each hex gets a unit of its own, nearest first: one unit
        between two gates is not two units on them."""
        if not (ours and self.hold_every and 1 < len(goals) <= len(mine)):
            return sum(min(walks.to(g, m) for m in mine) for g in goals)
        pairs = sorted((walks.to(g, m), i, j) for i, g in enumerate(goals) for j, m in enumerate(mine))
        total, goal_done, unit_used = 0.0, set(), set()
        for d, i, j in pairs:
            if i not in goal_done and j not in unit_used:
                total += d
                goal_done.add(i)
                unit_used.add(j)
        return total

    def _toll(self, state: GameState, cond) -> float:
        """How far `cond.side` has come towards its casualties win (0 to 1, the enemy's losses over the fraction
        that wins) times `TOLL`, more as the last turn nears (a draw then waits for the side that is short)."""
        if not self._side_standing(state, cond.side):
            return 0.0  # a side out of the game is out of the race too (rules/victory.py)
        lost = start = 0
        for other in state.other_sides(cond.side):
            n, s = self._losses(state, other)
            lost, start = lost + n, start + s
        if not start:
            return 0.0
        now = state.turn if self.now is None else self.now
        urgency = min(1.0, now / max(1, cond.turn or state.max_turns or 10))
        return TOLL * (1.0 + urgency) * min(1.0, lost / (cond.fraction * start))

    def position(self, state: GameState, side: str) -> float:
        """Objectives held and approached, and closing with the enemy where the side must attack."""
        mine, theirs, waiting = [], [], 0
        for u in state.units.values():
            here = self.standing(state, u)
            if here is not None:
                (mine if u.side == side else theirs).append(here)
            elif u.side == side and u.at is None and not u.eliminated:
                # A unit still to come (a reserve, a blind not yet placed) stands as far as the map allows:
                # else staying off the map would always look better than coming on at any distance.
                waiting += 1
        far = float(state.board.width + state.board.height)
        if not mine and not waiting:
            return 0.0
        total, must_attack = 0.0, False
        walks = self.walks(state)
        for cond in state.victory:
            if cond.kind == "hold" and cond.hexes:
                ours = cond.side == side
                must_attack = must_attack or ours
                goals = [Hex(*h) for h in cond.hexes]
                # The condition is checked at its turn only: what stands there counts more as it nears,
                # and an enemy left on a hex to take must be driven off before the end.
                now = state.turn if self.now is None else self.now
                urgency = min(1.0, now / max(1, cond.turn or state.max_turns or 10))
                for h in goals:
                    if h in mine:
                        total += HELD * (1.0 + 2.0 * urgency) if ours else 2.5 + 4.0 * urgency
                    elif h in theirs:
                        total -= 4.0 + 6.0 * urgency if not ours else 2.5 + 6.0 * urgency
                # Every unit makes for the objective it must take (or guard), the nearest one first, by the
                # walk over the terrain (around a river, not through it).
                pull = 0.4 if ours else 0.1
                total -= pull * (sum(min(walks.to(h, m) for h in goals) for m in mine) + far * waiting)
                # The nearest unit to each hex to take matters most, more as the deadline nears: a few units
                # pushed through are worth more than every unit a step closer.
                if mine:
                    lead = LEAD * (1.0 + 2.0 * urgency) if ours else 0.3
                    total -= lead * self._leads(walks, goals, mine, ours)
            elif cond.kind == "casualties" and cond.side and cond.fraction and self._losses is not None:
                total += self._toll(state, cond) * (1.0 if cond.side == side else -1.0)
            elif cond.kind == "turn_limit" and cond.side is not None:
                # The clock: each turn gone is worth something to the side that wins when time runs out.
                must_attack = must_attack or cond.side != side
                total += CLOCK * state.turn * (1.0 if cond.side == side else -1.0)
        if theirs:
            weight = self.contact * (2.0 if must_attack else 1.0)
            total -= weight * (sum(min(m.distance(t) for t in theirs) for m in mine) + far * waiting)
        return total


def evaluator_for(ruleset) -> Evaluator | None:
    """An evaluator with the rule set's hints (what the after-action report scores turns with), or None
    for a rule set the computer cannot evaluate: the report then goes without scores."""
    try:
        from rules.ai.hints import hints_for

        return Evaluator(hints_for(ruleset), ruleset)
    except Exception:  # noqa: BLE001 - the scores are a courtesy, never a reason for no report
        return None
