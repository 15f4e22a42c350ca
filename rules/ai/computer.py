"""The computer opponent: tries its actions on guessed copies of its view with its own dice, and looks ahead.

How it thinks (docs/ai.md says more):
1. It guesses what it cannot see: a full state consistent with its view (the
   rule set's `determinize` hint fills exactly the view's UNKNOWN fields; simulate.guessed), a few times.
2. It cuts a long list of actions down (rules/ai/candidates.py: every rare kind,
   the best few destinations per unit by a cheap reading), then tries each
   once on a guess, with dice thrown from its own `random.Random` through the
   rules' own procedure (so the odds are the rules' odds), lets the other side
   answer small choices (blocks, fall-backs) as that side would like best, and
   scores the position (rules/ai/evaluate.py).
3. It spends further tries on the actions that roll dice and look best,
   halving the field each round.
4. For the few best it plays the line on: while its own side decides next (the
   fire after a move, the next unit of an activation) it follows its best next
   action, up to a few steps (an attack read by its exact odds where the rule set
   weighs them, rules/ai/rollout.py `best_step`, not by its one throw); then, when
   the other side decides, it tries that side's answers and keeps the worst for
   itself. It plays the best line's first action.
Its work is counted in tries of an action (nodes), not seconds: the same seed
gives the same choice on any machine, which the fairness test and the balance
report rely on; `budget` bounds the tries of one decision.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from rules.actions import Action
from rules.ai.candidates import CAP, PER_UNIT, bound, glance
from rules.ai.decisive import Decisive, aims_at_unit, blend, decisive
from rules.clone import size
from rules.ai.evaluate import Evaluator
from rules.ai.hints import NO_HINTS, hints_for, without_rules_of_thumb
from rules.ai.idle import acts_again, cap_idle, soonest
from rules.ai.placings import Placings
from rules.ai.rollout import best_step, judge
from rules.ai.simulate import attempt, decider, guessed, legal
from rules.core import GameState

SMALL = 8
"""An answer with at most this many choices (a block, a fall-back hex) is looked ahead into."""
ANSWER_TRIES = 2
"""Tries of an answer that rolls dice, and of a finalist that does (their mean stands for them)."""
OWN_STEPS = 2
"""How many further actions of its own side a line follows before the other side answers."""
OWN_WIDTH = 10
"""How many of its own next actions are tried at each step of a line."""
SIZE_UNIT = 500
"""A state of this many mutable pieces (rules/clone.size) costs one try to copy; bigger ones cost more."""
LOOPS = 12
"""How many of the best actions are checked for bringing back a placing already stood in."""
LISTED = 10
"""Listing this many legal actions is counted as one try in the budget."""
Progress = Callable[[int, int], None]


class Computer:
    """A computer player; `rng` is its own randomness (seeded by the caller)."""

    name = "computer"

    def __init__(self, rng: random.Random, *, extra_tries: int = 30, worlds: int = 3, replies: int = 2,
                 finalists: int = 3, answers: int = 16, budget: int = 180, width: int = CAP,
                 every_guess: bool = False, per_unit: int = PER_UNIT, exact_odds: bool = True,
                 glance: int = 0, rollouts: int = 0, rollout_width: int = 6, rules_of_thumb: bool = True,
                 threat: float = 0.0) -> None:
        self.rng = rng
        self.extra_tries = extra_tries
        """Tries spent after the first round on the most promising actions that roll dice."""
        self.worlds = worlds
        """How many guesses of the hidden things (when the rule set can guess them)."""
        self.replies = replies
        """How many answers to small choices are played out after an action."""
        self.finalists = finalists
        """How many of the best actions get the look-ahead."""
        self.answers = answers
        """How many of the other side's answers the look-ahead tries (all of the rarer kinds first)."""
        self.budget = budget
        """Tries of an action allowed for one decision (the look-ahead narrows to fit what is left)."""
        self.width = width
        """At most this many actions are tried in the first round (rules/ai/candidates.py)."""
        self.per_unit = per_unit
        """Destinations a unit kept in the first round by the cheap reading, of a kind too common to try whole."""
        self.every_guess = every_guess
        """The first round tries each action on every guess, not on the first alone (then the further tries)."""
        self.exact_odds = exact_odds
        """An attack that may decide the game is weighed by its exact chance (rules/ai/decisive.py), not its tries."""
        self.glance = glance
        """Of each kind of its options only one in this many (at least two, drawn at random) is considered; 0: all."""
        self.rollouts = rollouts
        """The finalists are told apart by this many rollouts each (rules/ai/rollout.py); 0: by the look-ahead."""
        self.rollout_width = rollout_width
        """Actions a rollout's greedy policy tries at each step."""
        self.rules_of_thumb = rules_of_thumb
        """It plays by the rule set's rules of thumb (`_hints`); easy does not."""
        self.threat = threat
        """How much it weighs what the other side's next attacks may take (the rule set's `threat` hint); 0: not."""
        self.level = "normal"
        """The level it was made at (rules/ai/levels.py); only a name, the numbers above are the level."""
        self._spent = 0.0
        self._cost = 1.0
        self._large: set[tuple[str, str]] = set()
        self._prune = NO_HINTS.prune
        self.placings = Placings(steps=True)
        """Placings of the units this side has decided in this turn (see `_not_back`)."""

    # --- the two questions a player is asked ------------------------------------------

    def choose(self, seat, progress: Progress | None = None) -> Action:
        """The action for the decision `seat`'s side must make now."""
        actions = seat.legal_actions()
        if len(actions) == 1:
            return actions[0]
        view = seat.view()
        self.placings.note(view)
        hints = self._hints(seat.ruleset)
        first = hints.opening(view, seat.side, actions)
        if first is not None:
            return first  # a move of the rule set's own tempo that a search this short cannot weigh (hints)
        # actions the rule set's hints rule out (a unit walking off the hex it must hold)
        actions = hints.prune(view, seat.side, actions) or actions
        if self.glance:
            actions = glance(actions, self.glance, self.rng)
        ranked, _ = self._search(seat, actions, progress)
        return self._not_back(seat.ruleset, view, seat.side, ranked)

    def _not_back(self, ruleset, view: GameState, side: str, ranked: list[Action]) -> Action:
        """The best action that does not bring back a placing of the units this side has already stood in
        this turn (rules/ai/placings.py)."""
        return self.placings.first_fresh(ruleset, view, side, ranked[:LOOPS], self.rng) or ranked[0]

    def react(self, seat, progress: Progress | None = None) -> Action | None:
        """A reaction the side may make now (a steal...), or None to let play go on."""
        actions = seat.legal_actions()
        if actions:  # reactions the hints rule out (a QUAD steal with no card to play)
            actions = self._hints(seat.ruleset).prune(seat.view(), seat.side, actions)
        if actions and self.glance:
            actions = glance(actions, self.glance, self.rng)
        if not actions:
            return None
        ranked, value = self._search(seat, actions, progress)
        best = ranked[0]
        ev, worlds = self._setup(seat)
        stay = sum(ev.score(w, seat.side) for w in worlds) / len(worlds)
        return best if value > stay + 0.5 else None

    def _hints(self, ruleset):
        """The rule set's hints; easy's without its rules of thumb (rules/ai/hints `without_rules_of_thumb`)."""
        return hints_for(ruleset) if self.rules_of_thumb else without_rules_of_thumb(hints_for(ruleset))

    # --- the search ---------------------------------------------------------------

    def _setup(self, seat) -> tuple[Evaluator, list[GameState]]:
        hints = self._hints(seat.ruleset)
        view = seat.view()
        guess = hints.determinize
        ev = Evaluator(hints, seat.ruleset)
        ev.now = view.turn
        ev.threat_weight = self.threat
        if guess is None:
            return ev, [guessed(seat.ruleset, view, seat.side, self.rng)]
        return ev, [guessed(seat.ruleset, view, seat.side, self.rng) for _ in range(self.worlds)]

    def _try(self, ruleset, state: GameState, action: Action, rng: random.Random):
        self._spent += self._cost
        return attempt(ruleset, state, action, rng)

    def _legal(self, ruleset, state: GameState, side: str) -> list[Action]:
        """The legal actions on a private copy; listing many (every destination of every unit) costs
        like trying a few, so it is counted in the budget too: one try per ten actions listed."""
        out = legal(ruleset, state, side)
        self._spent += 1 + len(out) // LISTED
        return out

    # --- what a rollout asks of the search (rules/ai/rollout.py) -------------------------

    @property
    def spent(self) -> float:
        """The tries counted so far in this decision."""
        return self._spent

    def tried(self, ruleset, state: GameState, action: Action, rng: random.Random):
        """`action` applied to a copy of `state` with the dice of `rng` (simulate.attempt), counted as a try."""
        return self._try(ruleset, state, action, rng)

    def count(self) -> None:
        """Count the work of one try done otherwise (reading a preview's odds)."""
        self._spent += self._cost

    def options(self, ruleset, state: GameState, who: str) -> list[Action]:
        """`who`'s legal actions on `state` (the listing counted) that the rule set's rules of thumb leave in."""
        out = self._legal(ruleset, state, who)
        return self._prune(state, who, out) or out

    def _small(self, ruleset, state: GameState, who: str) -> list[Action] | None:
        """`who`'s options when they are a small answer (a block, a fall-back hex), else None. A decision
        whose prompt was seen with many options in this search is not listed again (listing is dear)."""
        try:
            prompt = ruleset.decision(state).prompt
        except Exception:  # noqa: BLE001 - a guessed state the rules cannot read
            return None
        if (who, prompt) in self._large:
            return None
        options = self._legal(ruleset, state, who)
        if not options or len(options) > SMALL:
            self._large.add((who, prompt))
            return None
        return options

    def _search(self, seat, actions: list[Action], progress: Progress | None) -> tuple[Action, float]:
        ruleset, side = seat.ruleset, seat.side
        ev, worlds = self._setup(seat)
        self._prune = hints_for(ruleset).prune
        self._spent = 0
        self._large: set[tuple[str, str]] = set()
        # A try copies the whole state: a big state costs more. The first round takes half the budget, each guess
        # an action is tried on counted (hard tries all; counted once, it spent twice its budget in mars, stop 56).
        self._cost = max(1.0, size(worlds[0]) / SIZE_UNIT)
        guesses = len(worlds) if self.every_guess else 1
        actions = bound(actions, worlds[0], side, ev, self.rng,
                        max(min(8, self.width), min(self.width, int(self.budget / (2 * self._cost * guesses)))),
                        self.per_unit)
        seen: list[list[float]] = [[] for _ in actions]  # the worth of each try of each action
        known: dict[int, Decisive | None] = {}  # an attack's exact chance of deciding the game (rules/ai/decisive.py)
        chancy: list[bool] = [False] * len(actions)
        idle: list[bool] = [False] * len(actions)
        bases: dict[int, float] = {}
        work = self.budget

        def tick() -> None:
            if progress is not None:
                progress(min(int(self._spent), work), work)

        def sample(i: int) -> None:
            world = worlds[len(seen[i]) % len(worlds)]
            tried = self._try(ruleset, world, actions[i], self.rng)
            chancy[i] = chancy[i] or tried.rolled
            # Dice rolled mid-action are what the other side answers (blocks, fall-backs): look at its answer.
            value = self._follow(ruleset, ev, tried.state, side) if tried.rolled else ev.score(tried.state, side)
            if not seen[i] and tried.rolled and self.exact_odds and aims_at_unit(ruleset, actions[i]):
                known[i] = decisive(ruleset, world, actions[i], side, ev)
            if not seen[i] and not tried.rolled and not tried.failed:
                if id(world) not in bases:
                    bases[id(world)] = ev.score(world, side)
                idle[i] = (abs(value - bases[id(world)]) < 1e-9 and decider(ruleset, tried.state) == side
                           and acts_again(self, ruleset, tried.state, actions[i], side))
            seen[i].append(value)
            tick()

        for i in range(len(actions)):
            for _ in worlds if self.every_guess else worlds[:1]:
                sample(i)

        def mean(i: int) -> float:
            return blend(known.get(i), seen[i])

        self._halving([i for i in range(len(actions)) if chancy[i]], mean, sample)
        units = [a.unit_id for a in actions]
        means = cap_idle([mean(i) for i in range(len(actions))], idle, units)
        ranked = sorted(range(len(actions)), key=lambda i: -means[i])[: self.finalists]
        common = self.rng.randrange(2**32)  # the same dice for every finalist: their difference is not luck
        lines: dict[int, float] = {}
        if self.rollouts and len(ranked) > 1:
            lines = judge(self, ruleset, ev, worlds, actions, ranked, side, self.rollouts, self.rollout_width,
                          tick, known)
            ranked = [i for i in ranked if i in lines]
        # the look-ahead, unless rolled out; one finalist (easy): nothing to compare
        for n, i in enumerate(ranked if len(ranked) > 1 and not self.rollouts else []):
            left = max(0, int(self.budget - self._spent))
            share = left // (len(ranked) - n)
            tries = ANSWER_TRIES if chancy[i] else 1
            value = self._line_mean(ruleset, ev, worlds[0], actions[i], side, tries, random.Random(common),
                                    share, tick, known.get(i))
            if value is None:
                lines = {}
                break
            lines[i] = value
        if len(ranked) > 1 and len(lines) == len(ranked):
            means = cap_idle([lines[i] if i in lines else float("-inf") for i in range(len(actions))], idle,
                             units)
        top = max(means)
        ties = [i for i, m in enumerate(means) if m >= top - 1e-9]
        if len(ties) > 1:
            ties = soonest(self, ruleset, worlds[0], actions, ties, [mean(i) for i in range(len(actions))], LOOPS)
        pick = ties[0] if len(ties) == 1 else self.rng.choice(ties)
        if progress is not None:
            progress(work, work)
        order = [pick] + sorted((i for i in range(len(actions)) if i != pick), key=lambda i: -means[i])
        return [actions[i] for i in order], top

    def _halving(self, field: list[int], mean: Callable[[int], float], sample: Callable[[int], None]) -> None:
        """Further tries for the actions that roll dice (`field`): the better half of them each round."""
        spent, budget = 0, min(self.extra_tries, 6 * len(field))
        while field and spent < budget and self._spent < self.budget / 2:
            field.sort(key=lambda i: -mean(i))
            field = field[: max(2, (len(field) + 1) // 2)]
            for i in field:
                if spent >= budget:
                    break
                sample(i)
                spent += 1
            if len(field) <= 2 and spent >= budget // 2:
                break

    def _line_mean(self, ruleset, ev: Evaluator, world: GameState, action: Action, side: str, tries: int,
                   rng: random.Random, share: int, tick, known: Decisive | None = None) -> float | None:
        """The mean worth of the action's lines over `tries` throws (an attack that may decide the game: its exact
        chance of doing so in place of the throws that did, rules/ai/decisive.py)."""
        values = []
        for _ in range(tries):
            tried = self._try(ruleset, world, action, rng)
            if tried.failed:
                return None
            values.append(self._line(ruleset, ev, tried.state, side, rng, OWN_STEPS,
                                     self._spent + share // tries, tick))
        return blend(known, values)

    def _line(self, ruleset, ev: Evaluator, state: GameState, side: str, rng: random.Random, steps: int,
              stop: int, tick) -> float:
        """The worth of `state` to `side` after its own best next actions (up to `steps`), then the other
        side's worst answer; tries beyond the count `stop` are not made (the score stands)."""
        who = decider(ruleset, state)
        if who is None or self._spent >= stop:
            return ev.score(state, side)
        if who == side:
            if steps <= 0:
                return ev.score(state, side)
            # its best next action by exact odds where the rule set weighs them, not its luckiest throw (stop 44)
            step = best_step(self, ruleset, ev, state, side, rng, OWN_WIDTH, stop)
            tick()
            if step is None:
                return ev.score(state, side)
            if step.known is not None and step.state.result is not None:
                return step.value  # its throw decided the game: the line stands at the attack's exact odds
            # on from the try it was read by: chosen by the odds, not by that throw, it is a fair throw
            value = self._line(ruleset, ev, step.state, side, rng, steps - 1, stop, tick)
            return blend(step.known, [value], [value])  # with its chance of having decided the game at once
        room = max(3, min(self.answers, int((stop - self._spent) / (ANSWER_TRIES * self._cost))))
        options = self._some(self._legal(ruleset, state, who), state, who, ev, rng, room)
        worst = None
        for answer in options:
            if self._spent >= stop and worst is not None:
                break
            values = []
            for _ in range(ANSWER_TRIES):
                reply = self._try(ruleset, state, answer, rng)
                if reply.failed:
                    break
                values.append(self._follow(ruleset, ev, reply.state, side, rng) if reply.rolled
                              else ev.score(reply.state, side))
                if not reply.rolled:
                    break  # no dice: once is exact
            if values:
                value = sum(values) / len(values)
                worst = value if worst is None else min(worst, value)
        tick()
        return ev.score(state, side) if worst is None else worst

    def _some(self, options: list[Action], state: GameState, who: str, ev: Evaluator, rng: random.Random,
              most: int) -> list[Action]:
        """At most `most` of the other side's `options`: every one of the rarer kinds (attacks, reactions)
        first, then the destinations that side's cheap reading likes best."""
        if len(options) <= most:
            return options
        kinds: dict[str, int] = {}
        for a in options:
            kinds[a.kind] = kinds.get(a.kind, 0) + 1
        common = max(kinds, key=lambda k: kinds[k])
        rare = [a for a in options if a.kind != common]
        room = most - len(rare)
        if room < 0:
            return rng.sample(rare, most)
        return rare + bound([a for a in options if a.kind == common], state, who, ev, rng, room)

    def _follow(self, ruleset, ev: Evaluator, state: GameState, side: str, rng: random.Random | None = None) -> float:
        """Score `state` after playing out up to `replies` small answers (each side picks what it likes best)."""
        for _ in range(self.replies):
            who = decider(ruleset, state)
            if who is None or who == side:
                break
            options = self._small(ruleset, state, who)
            if options is None:
                break
            outcomes = [self._try(ruleset, state, a, rng or self.rng) for a in options]
            outcomes = [t for t in outcomes if not t.failed] or outcomes
            state = max(outcomes, key=lambda t: ev.score(t.state, who)).state
        return ev.score(state, side)

