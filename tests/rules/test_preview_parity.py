"""The preview and the play agree (issue 27): random legal play through every rule set's bundled scenarios and a
few set-ups made to reach known trouble spots; for each action with a preview, what happened must be among the
preview's outcomes, as far as the outcomes say it (the hexes walked, the hex reached, a unit destroyed or
killed), and an action the rules offer is never refused when applied, unless the refusal came from the dice.

Hypothesis draws the seeds (derandomised: the same seeds every run); each example plays a bounded number of
actions, so the whole file stays within a few tens of seconds.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.core import Preview
from rules.dice import SeededDice
from rules.events import Eliminated, Moved
from rules.hexgrid import to_offset
from rules.service import GameService

STEPS = 40
EXAMPLES = 3

DEATH = re.compile(r"\b(destroyed|dead|kills?|killed|eliminated|wiped out|knocked out|shot down|lost)\b")
HARM = re.compile(r"\b(damage|damaged|hits?|casualt(y|ies)|downed|unharmed|unhurt|no effect|missed|misses)\b")
"""Words of a preview that speaks of what a blow does (not only of the stage it leads to)."""
PLACE = re.compile(r"\b(?:at|reaches|to) (-?\d+,-?\d+)\b")
BEFORE = re.compile(r"\bstopped before (-?\d+,-?\d+)")
HEXES = re.compile(r"^moves (\d+) hex")


def _offset(h) -> str:
    col, row = to_offset(h)
    return f"{col},{row}"


def places_of(labels: list[str], action, start) -> set[str]:
    """The hexes the outcomes name as where the unit ends: 'at X', 'reaches X', the path's end when it
    'arrives', or the hex of its path before the one it is 'stopped before'."""
    out = {m.group(1) for label in labels for m in PLACE.finditer(label) if not BEFORE.search(label)}
    path = [_offset(start), *(_offset(h) for h in getattr(action, "path", None) or ())]
    for label in labels:
        if label == "arrives" and len(path) > 1:
            out.add(path[-1])
        if (m := BEFORE.search(label)) and m.group(1) in path[1:]:
            out.add(path[path.index(m.group(1), 1) - 1])
    return out


def bundled() -> list[tuple[str, Callable[[int], GameService]]]:
    from saves.scenarios import list_scenarios, load_scenario

    out = []
    for info in sorted(list_scenarios(), key=lambda i: (i.ruleset, i.name)):
        if info.ruleset == "toy":
            continue
        setup = load_scenario(info.name, ruleset=info.ruleset)
        out.append((f"{info.ruleset}/{info.name}", lambda seed, setup=setup: GameService.new(setup, seed=seed)))
    return out


def hw_fort_gate(seed: int) -> GameService:
    """A Move 10 unit before a fort's gate, its counter inside; the fort was rolled V.Hard (good going through
    an uncontested gate and inside, whatever the roll)."""
    from rules.rulesets.hundred_wars import RULESET
    from tests.rules.hundred_wars.helpers import at, board, game, unit

    fort = {at(c, 3): "fort" for c in range(3, 8)}
    s = game([unit("r", "red", at(2, 3)), unit("b", "blue", at(11, 7))], phase="move", seed=seed,
             b=board(terrain=fort, gates=(at(3, 3),)), rolled={f"fort@{at(3, 3)}": "very_hard"})
    s.units["r"].counter = at(5, 3)
    return GameService(RULESET, s)


def ds_rfac2_craft(seed: int) -> GameService:
    """A fighter whose only gun is an RFAC/2 (no air-to-air guns) over the battle area with an enemy fighter."""
    from rules.rulesets.dirtside import RULESET
    from tests.rules.dirtside.helpers import at, setup, start, tank, unit

    def jet(id: str, side: str, guns: list[dict]) -> object:
        design = {"size": 3, "armour": 2, "mobility": "aerospace", "power": "fgp", "fc": "enhanced", "weapons": guns}
        return unit(id, side, None, [{"name": id, "kind": "aircraft", "design": design}], role="aircraft",
                    off_table=False)

    s = start(setup([jet("hawk", "blue", [{"type": "RFAC", "cls": 2, "mount": "fixed"}]),
                     unit("t", "blue", at(10, 14), [tank()]),
                     jet("kite", "red", [{"type": "RFAC", "cls": 1, "mount": "fixed"}]),
                     unit("r", "red", at(10, 2), [tank()])]), seed=seed, first="blue")
    return GameService(RULESET, s)


GAMES = [*bundled(), ("hundred_wars/fort-gate", hw_fort_gate), ("dirtside/rfac2-craft", ds_rfac2_craft)]


class Watched(SeededDice):
    """Seeded dice that note whether any die was rolled (a refusal after a roll is the dice's, not the offer's)."""

    rolled: list[bool] = []

    def _faces(self, n: int, sides: int, purpose: str) -> tuple[int, ...]:
        Watched.rolled.append(True)
        return super()._faces(n, sides, purpose)


def possible(preview: Preview) -> list[str]:
    return [o.label for o in preview.outcomes if o.chance > 0]


def target_of(action, state) -> str | None:
    """The unit the action aims at: its `target`, or the unit in the hex it is aimed `at`."""
    target = getattr(action, "target", None)
    if isinstance(target, str):
        return target
    at = getattr(action, "target_hex", None)
    found = state.unit_at(at) if at is not None else None
    return found.id if found is not None else None


def disagreements(game: GameService, action, preview: Preview, before, events) -> list[str]:
    """What happened that no outcome of the preview with a chance above 0 allows (as far as the labels say)."""
    labels, out = possible(preview), []
    after = game.state
    unit_id = getattr(action, "unit", None)
    walked = {e.unit: len(e.path) - 1 for e in events if isinstance(e, Moved)}
    pending = bool(getattr(after, "paused", None))
    # the hexes walked (A Hundred Wars' movement roll), once the walk is over
    counts = [int(m.group(1)) for label in labels if (m := HEXES.match(label))]
    if counts and unit_id is not None and not pending:
        n = sum(len(e.path) - 1 for e in events if isinstance(e, Moved) and e.unit == unit_id)
        if n not in counts:
            out.append(f"{unit_id} walked {n} hexes; the preview allows {sorted(counts)}")
    # the hex reached, where the outcomes name hexes
    mover = after.units.get(unit_id) if unit_id is not None else None
    if walked.get(unit_id) and mover is not None and mover.at is not None and not pending:
        places = places_of(labels, action, before.units[unit_id].at)
        if places and _offset(mover.at) not in places:
            out.append(f"{unit_id} ended at {_offset(mover.at)}; the preview's hexes are {sorted(places)}")
    # a unit destroyed or killed, where the outcomes name it (or, with no names, speak of one at all)
    for e in events:
        if not isinstance(e, Eliminated) or e.unit not in before.units:
            continue
        name = before.units[e.unit].name
        names = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")
        named = [o for o in preview.outcomes if names.search(o.label)]
        if named and not any(names.search(label) and DEATH.search(label) for label in labels):
            out.append(f"{name} was eliminated ({e.why}); the preview gives that no chance")
        elif (not named and e.unit == target_of(action, before) and any(HARM.search(o.label) for o in preview.outcomes)
              and not any(DEATH.search(label) for label in labels)):
            out.append(f"the target {name} was eliminated ({e.why}); the preview gives that no chance")
    return out


@pytest.mark.parametrize("name, make", GAMES, ids=[g[0] for g in GAMES])
def test_play_stays_within_the_preview_and_offers_are_kept(name, make):
    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(seed=st.integers(0, 2**31 - 1))
    def play(seed):
        game = make(seed)
        game.dice_source = Watched
        rng = random.Random(seed)
        for _ in range(STEPS):
            decision = game.decision()
            sides = [s for s in [decision.side, *decision.reactors] if s]
            if game.result is not None or not sides:
                return
            side = rng.choice(sides)
            actions = game.legal_actions(side)
            if not actions:
                continue
            action = rng.choice(actions)
            preview = game.preview(action)
            before = game.state
            Watched.rolled.clear()
            done = game.apply(action, autosave=False)
            if not done.ok:
                assert Watched.rolled, f"{name}: offered {action.text()} but refused it: {done.reason}"
                continue
            if preview is not None and preview.outcomes:
                problems = disagreements(game, action, preview, before, done.events)
                assert not problems, f"{name}: {action.text()}: {problems}; preview: {possible(preview)}"

    play()

