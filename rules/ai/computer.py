"""The computer opponent: tries each legal action on guessed copies of its view with its own dice.

How it thinks (docs/ai.md says more):
1. It guesses what it cannot see: a full state consistent with its view (the
   rule set's `determinize` hint; without one the view itself), a few times.
2. It tries every legal action once on a guess, with dice thrown from its own
   `random.Random` through the rules' own procedure (so the odds are the
   rules' odds), lets the other side answer small choices (blocks, fall-backs,
   reactions) as that side would like best, and scores the position.
3. It spends a fixed number of further tries on the actions that roll dice and
   look best, halving the field each round.
4. For the few best, when the other side decides next, it plays out each of that
   side's answers once and keeps the worst for itself (a two-move look-ahead),
   and plays the best of those.
Its work is counted in tries, not seconds: the same seed gives the same choice on
any machine, which the fairness test and the balance report rely on.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from rules.actions import Action
from rules.ai.evaluate import Evaluator
from rules.ai.hints import hints_for
from rules.ai.simulate import attempt, decider, legal
from rules.core import GameState

SMALL = 8
"""An answer with at most this many choices (a block, a fall-back hex) is looked ahead into."""
ANSWER_TRIES = 2
"""Tries of an answer that rolls dice, and of a finalist that does (their mean stands for them)."""
LOOK_TRIES = 72
"""The look-ahead's budget of tries over all finalists: it decides how many answers each gets."""
Progress = Callable[[int, int], None]


class Computer:
    """A computer player; `rng` is its own randomness (seeded by the caller)."""

    name = "computer"

    def __init__(self, rng: random.Random, *, extra_tries: int = 36, worlds: int = 3, replies: int = 2,
                 finalists: int = 3, answers: int = 30) -> None:
        self.rng = rng
        self.extra_tries = extra_tries
        """Tries spent after the first round on the most promising actions that roll dice."""
        self.worlds = worlds
        """How many guesses of the hidden things (when the rule set can guess them)."""
        self.replies = replies
        """How many answers to small choices are played out after an action."""
        self.finalists = finalists
        """How many of the best actions get the two-move look-ahead."""
        self.answers = answers
        """How many of the other side's answers the look-ahead tries (all of the rarer kinds first)."""

    # --- the two questions a player is asked ------------------------------------------

    def choose(self, seat, progress: Progress | None = None) -> Action:
        """The action for the decision `seat`'s side must make now."""
        actions = seat.legal_actions()
        if len(actions) == 1:
            return actions[0]
        best, _ = self._search(seat, actions, progress)
        return best

    def react(self, seat, progress: Progress | None = None) -> Action | None:
        """A reaction the side may make now (a steal...), or None to let play go on."""
        actions = seat.legal_actions()
        if not actions:
            return None
        best, value = self._search(seat, actions, progress)
        ev, worlds = self._setup(seat)
        stay = sum(ev.score(w, seat.side) for w in worlds) / len(worlds)
        return best if value > stay + 0.5 else None

    # --- the search ---------------------------------------------------------------

    def _setup(self, seat) -> tuple[Evaluator, list[GameState]]:
        hints = hints_for(seat.ruleset)
        view = seat.view()
        guess = getattr(hints, "determinize", None)
        if guess is None:
            return Evaluator(hints), [view]
        return Evaluator(hints), [guess(view, seat.side, self.rng) for _ in range(self.worlds)]

    def _search(self, seat, actions: list[Action], progress: Progress | None) -> tuple[Action, float]:
        ruleset, side = seat.ruleset, seat.side
        ev, worlds = self._setup(seat)
        total: list[float] = [0.0] * len(actions)
        count: list[int] = [0] * len(actions)
        chancy: list[bool] = [False] * len(actions)
        work = len(actions) + self.extra_tries

        def sample(i: int) -> None:
            world = worlds[count[i] % len(worlds)]
            tried = attempt(ruleset, world, actions[i], self.rng)
            chancy[i] = chancy[i] or tried.rolled
            # Dice rolled mid-action are what the other side answers (blocks, fall-backs): look at its answer.
            value = self._follow(ruleset, ev, tried.state, side) if tried.rolled else ev.score(tried.state, side)
            total[i] += value
            count[i] += 1

        done = 0
        for i in range(len(actions)):
            sample(i)
            done += 1
            if progress is not None:
                progress(done, work)
        field = [i for i in range(len(actions)) if chancy[i]]
        spent, budget = 0, min(self.extra_tries, 6 * len(field))
        while field and spent < budget:
            field.sort(key=lambda i: -total[i] / count[i])
            field = field[: max(2, (len(field) + 1) // 2)]
            for i in field:
                if spent >= budget:
                    break
                sample(i)
                spent += 1
                if progress is not None:
                    progress(done + spent, work)
            if len(field) <= 2 and spent >= budget // 2:
                break
        means = [total[i] / count[i] for i in range(len(actions))]
        ranked = sorted(range(len(actions)), key=lambda i: -means[i])[: self.finalists]
        common = self.rng.randrange(2**32)  # the same dice for every finalist: their difference is not luck
        answered = {}
        for i in ranked:
            tries = ANSWER_TRIES if chancy[i] else 1
            room = max(3, LOOK_TRIES // (len(ranked) * tries * ANSWER_TRIES))
            answered[i] = self._answered_mean(ruleset, ev, worlds[0], actions[i], side, tries,
                                              random.Random(common), room)
        if len(ranked) > 1 and all(v is not None for v in answered.values()):
            means = [answered[i] if i in answered else float("-inf") for i in range(len(actions))]
        top = max(means)
        ties = [i for i, m in enumerate(means) if m >= top - 1e-9]
        pick = ties[0] if len(ties) == 1 else self.rng.choice(ties)
        return actions[pick], top

    def _answered_mean(self, ruleset, ev: Evaluator, world: GameState, action: Action, side: str,
                       tries: int, rng: random.Random, room: int) -> float | None:
        values = []
        for _ in range(tries):
            value = self._answered(ruleset, ev, world, action, side, rng, room)
            if value is None:
                return None
            values.append(value)
        return sum(values) / len(values)

    def _answered(self, ruleset, ev: Evaluator, world: GameState, action: Action, side: str,
                  rng: random.Random, room: int) -> float | None:
        """The worth of `action` after the other side's best answer to it (each answer tried once);
        None when the other side does not decide next."""
        tried = attempt(ruleset, world, action, rng)
        if tried.failed:
            return None
        state = tried.state
        who = decider(ruleset, state)
        if who is None:
            return ev.score(state, side)
        if who == side:
            return None
        options = self._some(legal(ruleset, state, who), rng, min(room, self.answers))
        if not options:
            return None
        worst = None
        for answer in options:
            values = []
            for _ in range(ANSWER_TRIES):
                reply = attempt(ruleset, state, answer, rng)
                if reply.failed:
                    break
                values.append(self._follow(ruleset, ev, reply.state, side, rng) if reply.rolled
                              else ev.score(reply.state, side))
                if not reply.rolled:
                    break  # no dice: once is exact
            if values:
                value = sum(values) / len(values)
                worst = value if worst is None else min(worst, value)
        return worst

    def _some(self, options: list[Action], rng: random.Random, most: int) -> list[Action]:
        """At most `most` of `options`: every one of the rarer kinds (attacks, reactions) first, and a
        sample of the commonest kind (mostly moves, of which many are alike)."""
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
        return rare + rng.sample([a for a in options if a.kind == common], room)

    def _follow(self, ruleset, ev: Evaluator, state: GameState, side: str, rng: random.Random | None = None) -> float:
        """Score `state` after playing out up to `replies` small answers (each side picks what it likes best)."""
        for _ in range(self.replies):
            who = decider(ruleset, state)
            if who is None or who == side:
                break
            options = legal(ruleset, state, who)
            if not options or len(options) > SMALL:
                break
            outcomes = [attempt(ruleset, state, a, rng or self.rng) for a in options]
            outcomes = [t for t in outcomes if not t.failed] or outcomes
            state = max(outcomes, key=lambda t: ev.score(t.state, who)).state
        return ev.score(state, side)
