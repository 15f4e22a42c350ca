"""What one outcome of a preview does, as data: the computer reads these, the screen reads the words made from them.

An `Outcome` (rules/core.py) carries its effects: per unit what it loses, how far it falls back, whether it is
gone and what state it is put in; per side the cards, pips and objectives it gains or loses. Units are named by
id, never by their display name (two units may share one). Its words are not stored: the screen, plain mode,
the hint and the resolver make them where they show them, by the rule set's `outcome_words(outcome, names)`
(rules/contract.py) with the names of the reader's view (`reader`). An outcome with no effect (a miss, "no
effect") is named by its `label`; one with effects has none, and its `event` holds only what no effect says
(which shot, where a move stops), with `{effects}` where the effects' words go.

`SideEffect.cards`: every outcome of a QUAD move, attack or charge costs its side the activation card it plays
(-1). No other preview gains or costs a card: QUAD's other card moves (the draw at a turn's start, two for a
release, a tactics card paid to steal) are actions that roll nothing, so have no preview, and no other rule set
has cards.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from rules.words import count, possessive

Loss = Literal["", "figures", "steps", "hits", "quality", "elements", "vehicles", "levels", "points"]
"""What a unit's `losses` count: DHR figures, QUAD Quality, Dirtside elements or confidence levels, ..."""


class UnitEffect(BaseModel):
    """What an outcome does to one unit."""

    model_config = ConfigDict(frozen=True)
    unit: str
    """The unit's id in the state the preview was made from."""
    losses: int = 0
    loss: Loss = ""
    """What `losses` counts ('' when the outcome costs the unit nothing)."""
    retreat: int = 0
    """Hexes it falls back or runs."""
    eliminated: bool = False
    """It leaves the game (wiped out, destroyed, killed, fled)."""
    status: tuple[str, ...] = ()
    """States it is put in, in the rule set's words: 'morale failed', 'pinned', 'suppressed', 'routed', 'damaged',
    'immobilised', 'stopped', ..."""

    @property
    def harmed(self) -> bool:
        return bool(self.losses or self.retreat or self.eliminated or self.status)


class SideEffect(BaseModel):
    """What an outcome gives (positive) or costs (negative) one side."""

    model_config = ConfigDict(frozen=True)
    side: str
    cards: int = 0
    pips: int = 0
    objectives: tuple[str, ...] = ()
    """Objectives it takes (by the scenario's names or hexes)."""


# Statuses several rule sets share; a rule set may add words of its own.
MORALE_FAILED = "morale failed"
STOPPED = "stopped"
"""Stopped short of where it was going (a failed terrain check, no MP left)."""
DAMAGED = "damaged"
IMMOBILISED = "immobilised"
SYSTEMS_DOWN = "systems down"
SUPPRESSED = "suppressed"
DOWNED = "downed"
REVEALED = "revealed"
"""A blind shown for what it is."""


def objectives_reached(state, side: str, at) -> tuple[SideEffect, ...]:
    """`side` standing on `at` reaches the hexes of its victory conditions there (to hold or take): the effect of a
    move's arrival, by the hex's coordinates."""
    here = tuple(at)
    if not any(c.hexes and c.side in (side, None) and here in {tuple(h) for h in c.hexes} for c in state.victory):
        return ()
    return (SideEffect(side=side, objectives=(f"{at}",)),)


EFFECTS = "{effects}"
"""Where an outcome's `event` puts the words of its effects ('Hammer 1 HKP/3 hits: {effects}')."""

LOSS_WORDS = {"figures": "figure", "steps": "step", "hits": "hit", "quality": "Quality", "elements": "element",
              "vehicles": "vehicle", "levels": "level", "points": "point"}


def unit_words(name: str, e: UnitEffect) -> str:
    """One unit's part of an outcome, in words any rule set may use: 'Lancers: loses 2 steps, falls back 1 hex,
    pinned', 'Lancers: eliminated', 'Lancers: unharmed'."""
    parts = [f"loses {count(e.losses, LOSS_WORDS.get(e.loss, 'point'))}"] if e.losses else []
    parts += [f"falls back {count(e.retreat, 'hex')}"] if e.retreat else []
    parts += ["eliminated"] if e.eliminated else []
    return f"{name}: {', '.join([*parts, *e.status]) or 'unharmed'}"


def side_words(name: str, s: SideEffect) -> str:
    """One side's part of an outcome: 'Rebels: draws 1 card, +2 pips, takes 3,5' ('' when it gains nothing)."""
    parts = [f"{'draws' if s.cards > 0 else 'pays'} {count(abs(s.cards), 'card')}"] if s.cards else []
    parts += [f"{s.pips:+d} pip{'s' if abs(s.pips) != 1 else ''}"] if s.pips else []
    parts += [f"takes {', '.join(s.objectives)}"] if s.objectives else []
    return f"{name}: {', '.join(parts)}" if parts else ""


def objective_words(name: str, s: SideEffect) -> str:
    """A side's part of a move's arrival, for a rule set whose lines say only the objectives a side reaches: 'the
    Kingdom's objective' (the line names the hex); '' for anything else."""
    return f"{possessive(name)} objective" if s.objectives else ""


def outcome_words(outcome: Any, names: Mapping[str, str], units: Callable[[str, UnitEffect], str] = unit_words,
                  sides: Callable[[str, SideEffect], str] = side_words) -> str:
    """An outcome in words, made from its effects: each unit's and side's words (`units`, `sides`: the rule set's
    own, or the generic ones above) joined by '; ' and put into its `event`; its `label` when it has no effect.
    `names` maps unit and side ids to the reader's names for them (an id not in it is shown as it is)."""
    if not outcome.units and not outcome.sides:
        return outcome.label
    said = [units(names.get(e.unit, e.unit), e) for e in outcome.units]
    said += [sides(names.get(s.side, s.side), s) for s in outcome.sides]
    return (outcome.event or EFFECTS).replace(EFFECTS, "; ".join(w for w in said if w))


def names_in(view: Any) -> dict[str, str]:
    """The names a reader of `view` knows units and sides by (ids -> names; a unit's id wins a clash)."""
    return {**{s.id: s.name for s in view.sides}, **{uid: u.name for uid, u in view.units.items()}}


def reader(ruleset: Any, view: Any) -> Callable[[Any], str]:
    """The words of each outcome for the reader of `view`: the rule set's `outcome_words` with the view's names
    (the screens, plain mode and the hint call this where they show a preview)."""
    names = names_in(view)
    return lambda outcome: ruleset.outcome_words(outcome, names)
