"""The preview and the play agree (issue 27): random legal play through every rule set's bundled scenarios and a
few set-ups made to reach known trouble spots; for each action with a preview, what happened must be among the
preview's outcomes, as far as the outcomes say it (the hexes walked, the hex reached, a unit destroyed or
killed, figures lost, damage dealt, a model downed or suppressed, Quality lost and hexes fallen back), and an
action the rules offer is never refused when applied (one offer of each kind is tried at every step), unless
the refusal came from the dice.

Hypothesis draws the seeds (derandomised: the same seeds every run); each example plays a bounded number of
actions, so the whole file stays within a few tens of seconds.
"""

from __future__ import annotations

import os
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
from tests.said import said

STEPS = int(os.environ.get("HEXWAR_PARITY_STEPS", "40"))
EXAMPLES = int(os.environ.get("HEXWAR_PARITY_EXAMPLES", "3"))

DEATH = re.compile(r"\b(destroyed|dead|falls|kills?|killed|eliminated|wiped out|knocked out|shot down|lost)\b")
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
        if label.split(" (")[0] == "arrives" and len(path) > 1:
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
    from tests.rules.dirtside.helpers import at, setup, tank, unit

    def jet(id: str, side: str, guns: list[dict]) -> object:
        design = {"size": 3, "armour": 2, "mobility": "aerospace", "power": "fgp", "fc": "enhanced", "weapons": guns}
        return unit(id, side, None, [{"name": id, "kind": "aircraft", "design": design}], role="aircraft",
                    off_table=False)

    return GameService.new(setup([jet("hawk", "blue", [{"type": "RFAC", "cls": 2, "mount": "fixed"}]),
                                  unit("t", "blue", at(10, 14), [tank()]),
                                  jet("kite", "red", [{"type": "RFAC", "cls": 1, "mount": "fixed"}]),
                                  unit("r", "red", at(10, 2), [tank()])]), seed=seed)


def hw_firefight(seed: int) -> GameService:
    """Two units a side within range of each other in the fire phase: shots, damage and what follows."""
    from rules.rulesets.hundred_wars import RULESET
    from tests.rules.hundred_wars.helpers import at, game, unit

    s = game([unit("r1", "red", at(3, 1)), unit("r2", "red", at(5, 1)), unit("b1", "blue", at(3, 4)),
              unit("b2", "blue", at(5, 5))], phase="fire", seed=seed, options={"target_priority": False})
    return GameService(RULESET, s)


def quad_contact(seed: int) -> GameService:
    """Units of both sides in contact from the start: attacks, losses and falling back."""
    from rules.hexgrid import from_offset
    from rules.rulesets.quad import RULESET
    from tests.rules.quad.helpers import setup, start, unit

    units = [unit("r1", "red", from_offset(3, 3)), unit("r2", "red", from_offset(4, 3), attack=4),
             unit("b1", "blue", from_offset(3, 4)), unit("b2", "blue", from_offset(4, 4), defense=3)]
    return GameService(RULESET, start(setup(units), seed=seed))


GAMES = [*bundled(), ("hundred_wars/fort-gate", hw_fort_gate), ("hundred_wars/firefight", hw_firefight),
         ("dirtside/rfac2-craft", ds_rfac2_craft), ("quad/contact", quad_contact)]


class Watched(SeededDice):
    """Seeded dice that note whether any die was rolled (a refusal after a roll is the dice's, not the offer's)."""

    rolled: list[bool] = []

    def _faces(self, n: int, sides: int, purpose: str) -> tuple[int, ...]:
        Watched.rolled.append(True)
        return super()._faces(n, sides, purpose)


def possible(preview: Preview, state) -> list[str]:
    """The words of the outcomes with a chance above 0, as the screen shows them to a reader of `state`."""
    return [said(o, state) for o in preview.outcomes if o.chance > 0]


def target_of(action, state, kinds) -> str | None:
    """The unit the action aims at: its `target` (Dirtside's counter-battery, SAM, air-to-air: kinds chosen by
    letter, which declare no target field), else from the field its kind declares: a unit id, or the unit there."""
    target = getattr(action, "target", None)
    if isinstance(target, str):
        return target
    spec = kinds.get(action.kind)
    place = spec.place(action) if spec is not None else None
    if isinstance(place, str):
        return place
    found = state.unit_at(place) if place is not None else None
    return found.id if found is not None else None


def disagreements(game: GameService, action, preview: Preview, before, events) -> list[str]:
    """What happened that no outcome of the preview with a chance above 0 allows (as far as the labels say)."""
    labels, out = possible(preview, before), []
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
        named = [o for o in preview.outcomes if names.search(said(o, before))]
        if named and not any(names.search(label) and DEATH.search(label) for label in labels):
            out.append(f"{name} was eliminated ({e.why}); the preview gives that no chance")
        elif (not named and e.unit == target_of(action, before, game.ruleset.action_kinds) and any(HARM.search(said(o, before)) for o in preview.outcomes)
              and not any(DEATH.search(label) for label in labels)):
            out.append(f"the target {name} was eliminated ({e.why}); the preview gives that no chance")
    return out


def _named(name: str) -> re.Pattern:
    return re.compile(rf"(?<![\w ]){re.escape(name)}(?!\w)|^{re.escape(name)}(?!\w)")


def losses(game: GameService, action, preview: Preview, before, events) -> list[str]:
    """The losses the labels state, rule set by rule set: figures lost (DHR), damage (A Hundred Wars), a model
    downed or suppressed (skirmish), Quality lost and hexes fallen back (QUAD)."""
    rid, after, labels = game.ruleset.id, game.state, possible(preview, before)
    if getattr(after, "paused", None) or getattr(after, "melee", None) is not None:
        return []  # a choice or a re-roll is still to come: the outcome is not decided yet
    target = target_of(action, before, game.ruleset.action_kinds)
    out: list[str] = []
    if rid == "dhr":
        roles = {"attacker": getattr(action, "unit", None), "defender": target, "target": target}
        for who in {m.group(1) for label in labels if (m := re.match(r"^(.+?): \d+ casualt", label))}:
            uid = roles.get(who) or next((u.id for u in before.units.values() if u.name == who), None)
            if uid is None or uid not in after.units or after.units[uid].eliminated:
                continue
            lost = before.units[uid].figures - after.units[uid].figures
            if not any(re.match(rf"^{re.escape(who)}: {lost} casualt", label) for label in labels):
                out.append(f"{who} lost {lost} figures; the preview allows {labels}")
    elif rid == "hundred_wars" and action.kind == "fire" and target and not before.units[target].blind:
        if target in after.units and not after.units[target].eliminated:
            dealt = sum(p.damage for p in after.pending if p not in before.pending and target in p.units)
            if dealt and not any(label.endswith(f" takes {dealt} damage") for label in labels):
                out.append(f"the target took {dealt} damage; the preview allows {labels}")
            if not dealt and all("damage" in label or "destroyed" in label for label in labels):
                out.append(f"the target took no damage; the preview allows {labels}")
    elif rid == "skirmish":
        for u in before.units.values():
            mine = [label for label in labels if _named(u.name).search(label)]
            now = after.units.get(u.id)
            if not mine or now is None or now.eliminated:
                continue
            if now.downed and not u.downed and not any("downed" in label for label in mine):
                out.append(f"{u.name} was downed; the preview allows {mine}")
            if now.suppressed and not u.suppressed and not any("suppressed" in label for label in mine):
                out.append(f"{u.name} was suppressed; the preview allows {mine}")
    elif rid == "quad" and action.kind == "attack" and target:
        sides = [(uid, before.units[uid]) for uid in (action.unit, target)]
        said = {}
        for uid, u in sides:
            now = after.units[uid]
            if now.eliminated:
                said[u.name] = f"{u.name} eliminated"
                continue
            q = u.stats.quality - now.stats.quality
            back = sum(len(e.path) - 1 for e in events if isinstance(e, Moved) and e.unit == uid)
            parts = ([f"-{q} Q"] if q else []) + ([f"back {back}"] if back else [])
            said[u.name] = f"{u.name} " + (", ".join(parts) if parts else "unharmed")
        if not any(set(label.split("; ")) == set(said.values()) for label in labels):
            out.append(f"{'; '.join(said.values())} happened; the preview allows {labels}")
    return out


def effect_disagreements(preview: Preview, before, after, events) -> list[str]:
    """What happened that no outcome's effects (rules/outcomes.py) with a chance above 0 allow, for the units the
    effects name: a unit eliminated (where the outcomes exclude each other; where they overlap, as Dirtside's
    line per weapon system, some loss at least), DHR figures lost, QUAD Quality lost."""
    named = {e.unit for o in preview.outcomes for e in o.units if e.losses or e.eliminated}  # the blow's victims
    effects = [e for o in preview.outcomes if o.chance > 0 for e in o.units]
    exclusive = sum(o.chance for o in preview.outcomes) == 1
    out = []
    for ev in events:
        if not isinstance(ev, Eliminated) or ev.unit not in named:
            continue
        if not any(e.unit == ev.unit and (e.eliminated or (e.losses and not exclusive)) for e in effects):
            out.append(f"{ev.unit} was eliminated ({ev.why}); no outcome's effects allow it")
    if getattr(after, "paused", None) or getattr(after, "melee", None) is not None:
        return out
    for uid in named:
        was, now = before.units.get(uid), after.units.get(uid)
        if was is None or now is None or getattr(now, "eliminated", False):
            continue
        for loss, lost in (("figures", getattr(was, "figures", 0) - getattr(now, "figures", 0)),
                           ("quality", _quality(was) - _quality(now))):
            said = {e.losses for e in effects if e.unit == uid and e.loss == loss}
            if said and lost and lost not in said:
                out.append(f"{uid} lost {lost} {loss}; the effects allow {sorted(said)}")
    return out


def _quality(unit) -> int:
    return getattr(getattr(unit, "stats", None), "quality", 0) if unit.__class__.__name__ == "QuadUnit" else 0


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
            by_kind = {k: [a for a in actions if a.kind == k] for k in sorted({a.kind for a in actions})}
            for k, offered in by_kind.items():  # one offer of every kind is tried (on a copy): none is refused
                tried = rng.choice(offered)
                Watched.rolled.clear()
                why = game.check(tried)
                assert not why or Watched.rolled, f"{name}: offered {tried.text()} but refused it: {why}"
            action = rng.choice(by_kind[rng.choice(list(by_kind))])  # a kind first: rare attacks come up as often
            preview = game.preview(action)
            before = game.state
            Watched.rolled.clear()
            done = game.apply(action, autosave=False)
            if not done.ok:
                assert Watched.rolled, f"{name}: offered {action.text()} but refused it: {done.reason}"
                continue
            if preview is not None and preview.outcomes:
                problems = [*disagreements(game, action, preview, before, done.events),
                            *losses(game, action, preview, before, done.events),
                            *effect_disagreements(preview, before, game.state, done.events)]
                assert not problems, f"{name}: {action.text()}: {problems}; preview: {possible(preview, before)}"

    play()

