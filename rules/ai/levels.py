"""The computer's levels: easy, normal and hard differ by what the computer considers, never by what it may know.

A level is a search (rules/ai/computer.py): how many of its actions it tries,
how many guesses of the hidden things it tries them on, how many further tries
go to the actions that roll dice, and whether a few finalists are told apart
by a look-ahead. Measured (docs/ai-history.md, the stops on levels), the choice of normal is ruled
by the luck of a few throws: its finalists differ by a few points, and the
look-ahead that picks among them plays one or two lines each (one throw of the
action's dice, two of each answer), so a decision changes with the seed in most
DHR decisions and more budget spent the same way made no difference.
- easy glances at its options: of each kind (moves, shots, ends...) it considers one in
  three, at least two, drawn by its own dice (rules/ai/candidates.py `glance`), so it
  sees that it may fire but not every target, nor every hex it could reach. Of those it
  tries at most 6 (the rarer kinds first), each once, on one guess, looks at nothing
  after them (no answers, no look-ahead), and judges an attack that may decide the game
  by its one throw, not its exact chance. It plays without the rule set's rules of thumb
  (`rules_of_thumb=False`, rules/ai/hints `without_rules_of_thumb`): no option left out
  but those never worth playing (`AiHints.never`: agreeing to end while behind, a steal paid for nothing), so
  it weighs every shot of a weapon by its one throw; and it reads the position as it
  would any rule set's (a unit by its numbers, a side by its units: not QUAD's cards in
  hand nor a Hundred Wars side's damage received). It keeps the rule set's tempo
  (QUAD's release for two cards, `opening`). Searching less, with the rule set's
  reading, was not enough: it found the moves normal found, and normal scored 50-55%
  against it in four rows of twelve (stops 37-39; stop 40 in docs/ai-history.md);
- normal is the search as it was (Computer's own defaults; the balance tables are
  measured at it);
- hard keeps twice normal's destinations a unit (six by the cheap reading, up to
  80 actions), tries each on every one of its four guesses, spends five times
  normal's further tries on those that roll dice, then tells its four best
  apart by rollouts (rules/ai/rollout.py): each played on, six times, to where
  its side decides again after the other side's answer, both sides by a cheap
  greedy policy, the k-th rollout of every finalist on the same guess and the
  same dice, which reads an attack by its preview's exact odds (stop 41; where the
  rule set weighs outcomes: DHR, QUAD); an attack's exact chance of deciding the game
  stands only for the rollouts its own action decided (one lost later counts). A dozen ways of spending more of normal's own search did not
  separate the levels (docs/ai-history.md, stops 34-38); the rollouts see what a turn's
  exchange does to the position, which the reading of one action's result and
  normal's worst-of-sixteen-throws answer do not. And hard reads one exchange further (stop 50): where the
  rule set gives a `threat` hint (DHR, QUAD), each position counts half of what the enemy's next attacks
  may take from its side against half of what its own may take. Hard against normal went from 45% to 57% in
  DHR farm, 50% to 55% in field, 40% to 61% in tower (60 games; hedgerow 50% as before), 35% to 50% in QUAD
  teaching and 45% to 55% in river-battle (20 games); normal with the threat at normal's own search scored
  65% against normal in DHR farm and hedgerow over 60 games, 49-53% in field and tower.
Every level reads the same seat (the same view, the same exact odds); none adds
random blunders: what easy overlooks is drawn at random, what it plays of the rest is
its best reading. The work is counted in tries, so the same seed gives the same
choice at a level on any machine.
"""

from __future__ import annotations

import random

from rules.ai.computer import Computer
from rules.levels import DEFAULT, LEVELS, check_level  # noqa: F401 - the names, re-exported

THREAT = 0.5
"""How much hard weighs what the enemy's next attacks may take (the rule set's `threat` hint): half, as a unit
may move off or strike first before the enemy's turn comes (an expectation, not a loss)."""

BUDGETS: dict[str, dict[str, int | float]] = {
    "easy": {"budget": 20, "extra_tries": 0, "worlds": 1, "replies": 0, "finalists": 1, "width": 6,
             "exact_odds": False, "glance": 3, "rules_of_thumb": False},
    "normal": {},  # Computer's own defaults: budget 180, extra_tries 30, worlds 3, replies 2, finalists 3
    "hard": {"budget": 2400, "extra_tries": 150, "worlds": 4, "replies": 2, "finalists": 4, "every_guess": True,
             "width": 80, "per_unit": 6, "rollouts": 6, "rollout_width": 6, "threat": THREAT},
}
"""Each level's search, as keyword arguments of `Computer`."""


def computer_for(level: str | None, rng: random.Random) -> Computer:
    """A computer of `level` (None: the default, normal) with its own randomness `rng`."""
    name = check_level(level or DEFAULT)
    player = Computer(rng, **BUDGETS[name])
    player.level = name
    return player
