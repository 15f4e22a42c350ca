"""Rollouts: a finalist judged by playing on to where its side decides again after the other side's answer.

Hard's finalists are told apart here (rules/ai/levels.py). The look-ahead of
normal (computer.py `_line`) reads the other side's worst answer as one or two
throws, the least of sixteen noisy figures; a rollout plays on instead: its
own side finishes what it is doing, then the other side answers, both by a
cheap greedy policy (a few candidates by the cheap reading, each tried once,
the best by the mover's own reading; the chosen action is then thrown again on
fresh dice, so the line does not go on from the luckiest throw of the options).
An attack is read by its preview's exact odds, as the greedy yardstick reads it
(`_by_odds`, stop 41): read by its one throw, the answer attacked whenever one
of its attacks threw well, and a QUAD charge whose result waits for the block
looked like a walk. The policy's choice (`best_step`) is also how normal's
look-ahead plays its own next steps (stop 44).
Every finalist is rolled out on the same guesses and the same dice sequences
(common random numbers): the k-th rollout of each finalist starts from the
same seed, so what tells them apart is the action, not its luck. An attack
that may decide the game at once counts its exact chance of doing so in place
of the rollouts its own action decided, not of every rollout the game ended in:
dropping those read an attack as safe from a losing answer (stop 40).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from rules.actions import Action
from rules.ai.candidates import bound
from rules.ai.decisive import Decisive, aims_at_unit, blend, decisive_by, expected_worth, preview_of
from rules.ai.evaluate import Evaluator
from rules.ai.simulate import decider
from rules.core import GameState

STEPS = 24
"""At most this many actions a rollout plays after the finalist (a Skirmish pivot may not end a turn)."""


def roll_out(computer, ruleset, ev: Evaluator, state: GameState, side: str, rng: random.Random, width: int,
             stop: float) -> float:
    """The worth to `side` of `state` played on by the greedy policy until `side` decides again after the other
    side has decided (or the game ends, or `STEPS` actions, or the tries counted reach `stop`)."""
    handed = False
    for _ in range(STEPS):
        who = decider(ruleset, state)
        if who is None or computer.spent >= stop:
            break
        if who != side:
            handed = True
        elif handed:
            break
        nxt = _greedy(computer, ruleset, ev, state, who, rng, width, stop)
        if nxt is None:
            break
        state = nxt
    return ev.score(state, side)


@dataclass(frozen=True)
class Step:
    """`who`'s best action by its own reading of one try each (`best_step`)."""

    action: Action
    state: GameState
    """The state its try left (the one it was read by)."""
    value: float
    """The reading it was chosen by: the try's score, an attack's by its exact odds (`_by_odds`)."""
    rolled: bool
    known: Decisive | None
    """An attack read by its odds: its exact chance of deciding the game at once (None: no outcome decides it)."""


def best_step(computer, ruleset, ev: Evaluator, state: GameState, who: str, rng: random.Random, width: int,
              stop: float = math.inf) -> Step | None:
    """`who`'s best action of `width` kept by the cheap reading, each tried once and read by `who`'s reading of its
    try; an attack by its preview's exact odds where the rule set weighs outcomes (`_by_odds`), so what is chosen
    is the best action, not the luckiest throw. Tries beyond the count `stop` are not made. The greedy policy of
    the rollouts and normal's look-ahead (computer.py `_line`) step by it."""
    options = computer.options(ruleset, state, who)
    if not options:
        return None
    options = bound(options, state, who, ev, rng, width)
    best: Step | None = None
    value_of = ev.hints.outcome_value
    for a in options:
        if computer.spent >= stop:
            break
        tried = computer.tried(ruleset, state, a, rng)
        if tried.failed:
            continue
        value, known = ev.score(tried.state, who), None
        if tried.rolled and value_of is not None and aims_at_unit(ruleset, a):
            value, known = _by_odds(computer, ruleset, ev, state, tried.state, a, who, value, value_of)
        if best is None or value > best.value:
            best = Step(a, tried.state, value, tried.rolled, known)
    return best


def _greedy(computer, ruleset, ev: Evaluator, state: GameState, who: str, rng: random.Random,
            width: int, stop: float = math.inf) -> GameState | None:
    """The state after `who`'s best action (`best_step`), that action thrown again when it rolled dice: a
    rollout plays on, so it goes on from a fresh throw, not from the throw the choice read. No try is begun
    past the count `stop` (the best of those tried is played): a step begun just under it made every try of
    its `width`, and mars-expedition's hard spent up to 2.3 times its budget (stop 56)."""
    step = best_step(computer, ruleset, ev, state, who, rng, width, stop)
    if step is None:
        return None
    if step.rolled:
        again = computer.tried(ruleset, state, step.action, rng)
        if not again.failed:
            return again.state
    return step.state


def _by_odds(computer, ruleset, ev: Evaluator, before: GameState, after: GameState, action: Action, who: str,
             thrown: float, value_of) -> tuple[float, Decisive | None]:
    """An attack's worth to `who` by its preview's exact odds, as the greedy yardstick weighs it
    (rules/ai/players.py): the position its one throw left (`thrown`, the state `after`) with the material that
    throw took or lost replaced by the expected worth of the preview's outcomes (the rule set's `outcome_value`,
    in the same units as the material), and its exact chance of deciding the game in place of a throw that did;
    with that chance (None: no outcome decides it). Read by its one throw, the answer attacked whenever one of its
    attacks threw well."""
    computer.count()  # reading the odds is work, counted like a try
    preview = preview_of(ruleset, before, action)
    if preview is None or not preview.outcomes:
        return thrown, None
    expected = expected_worth(preview, value_of, before, action, who)
    known = decisive_by(preview, ruleset, before, who, ev)
    if after.result is not None:  # the throw decided the game: the rest of the odds from where it stood
        if known is None:
            return thrown, None
        value = ev.score(before, who) + expected
    else:
        value = thrown - ev.material(after, who, assets=False) + ev.material(before, who, assets=False) + expected
    return blend(known, [value]), known


def judge(computer, ruleset, ev: Evaluator, worlds: list[GameState], actions: list[Action], finalists: list[int],
          side: str, rollouts: int, width: int, tick, known: dict[int, Decisive | None]) -> dict[int, float]:
    """Each finalist's mean worth over `rollouts` rollouts, the k-th of every finalist on the same guess and dice
    (common random numbers); an attack that may decide the game counts its exact chance of doing so in place of
    the rollouts its own action decided (rules/ai/decisive.py); a rollout the game ends in later, won or lost in
    the other side's answer, counts as it came out. The budget left is shared evenly; a finalist the rules refuse
    is left out."""
    seeds = [computer.rng.randrange(2**32) for _ in range(rollouts)]
    out: dict[int, float] = {}
    left = max(0.0, computer.budget - computer.spent)
    each = left / max(1, len(finalists) * rollouts)
    for i in finalists:
        values, rest = [], []
        for k, seed in enumerate(seeds):
            rng = random.Random(seed)
            world = worlds[k % len(worlds)]
            tried = computer.tried(ruleset, world, actions[i], rng)
            if tried.failed:
                break
            value = roll_out(computer, ruleset, ev, tried.state, side, rng, width, computer.spent + each)
            values.append(value)
            if tried.state.result is None:
                rest.append(value)
        tick()
        if values:
            out[i] = blend(known.get(i), values, rest)
    return out
