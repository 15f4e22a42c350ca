"""What the screen shows before a QUAD action is confirmed: the exact odds of a move, an attack or a charge."""

from __future__ import annotations

from fractions import Fraction

from rules.actions import Action
from rules.core import Outcome, Preview
from rules.hexgrid import Hex
from rules.outcomes import EFFECTS, STOPPED, SideEffect, UnitEffect, objectives_reached
from rules.rulesets.quad import odds as quad_odds
from rules.rulesets.quad import procedures as proc
from rules.rulesets.quad import terrain as ter
from rules.rulesets.quad.actions import Attack, Charge, Move
from rules.rulesets.quad.combat import attack_inputs
from rules.rulesets.quad.state import QuadState
from rules.rulesets.quad.words import at
from rules.words import agree, with_verb


def preview(state: QuadState, action: Action) -> Preview | None:
    if isinstance(action, (Attack, Charge)):
        return paid(attack_preview(state, action), action)
    if isinstance(action, Move):
        return paid(move_preview(state, action), action)
    return None


def paid(p: Preview | None, action: Move | Attack | Charge) -> Preview | None:
    """Every outcome of a move or an attack costs its side the activation card it plays, whatever the dice (QUAD
    'The Turn'): a card less in each outcome's effects. Its words are the action's ('Play 4: Marines move to 5,6'):
    QUAD's `outcome_words` says no card (every line would)."""
    if p is None:
        return None
    side = action.side

    def with_card(o: Outcome) -> Outcome:
        sides = tuple(s.model_copy(update={"cards": s.cards - 1}) if s.side == side else s for s in o.sides)
        sides += () if any(s.side == side for s in o.sides) else (SideEffect(side=side, cards=-1),)
        if o.label:  # its name is all its words say (the card says none)
            return o.model_copy(update={"label": "", "sides": sides, "event": o.label + EFFECTS})
        return o.model_copy(update={"sides": sides})

    return p.model_copy(update={"outcomes": tuple(map(with_card, p.outcomes))})


def move_preview(state: QuadState, action: Move) -> Preview | None:
    """Every difficult hex on the path attacks the unit on entry (QUAD-A02)."""
    unit = state.units.get(action.unit)
    if unit is None or not unit.on_map:
        return None
    stops, here = [], unit.at
    for h in (Hex(*p) for p in action.path):
        why = ter.difficult_entry(state.board, here, h, unit.stats.specials)
        if why:
            stops.append((at(h), why))
        here = h
    return quad_odds.move_preview(f"{with_verb(unit.name, 'moves', 'move')} to {at(here)}", stops, unit.stats.quality, unit.id,
                                  objectives_reached(state, unit.side, here))


def attack_preview(state: QuadState, action: Attack | Charge) -> Preview | None:
    attacker = state.units.get(action.unit)
    defender = state.unit_at(Hex(*action.at))
    if attacker is None or not attacker.on_map or defender is None or defender.side == attacker.side:
        return None
    occupied = set(state.occupied())
    a_at, stops = attacker.at, []
    if isinstance(action, Charge):
        here = attacker.at
        for h in (Hex(*p) for p in action.path):
            why = ter.difficult_entry(state.board, here, h, attacker.stats.specials)
            if why:
                stops.append(why)
            here = h
        occupied.discard(attacker.at)
        occupied.add(here)
        a_at = here

    def blocked(h: Hex) -> bool:
        return h in occupied or not ter.passable(state.board, h)

    inputs = attack_inputs(state, attacker, defender, charged=isinstance(action, Charge), attacker_at=a_at)
    dist = quad_odds.attack_distribution(
        inputs,
        defender_steady=defender.stats.has("steady"), attacker_steady=attacker.stats.has("steady"),
        defender_room=proc.retreat_capacity(defender.at, a_at, blocked, 6),
        attacker_room=proc.retreat_capacity(a_at, defender.at, blocked, 6),
    )
    p_arrive = Fraction(min(attacker.stats.quality, 6), 6) ** len(stops)
    extra = () if not stops else (Outcome(chance=1 - p_arrive, units=(UnitEffect(unit=attacker.id, status=(STOPPED,)),),
                                          event=f"{EFFECTS}: the terrain breaks the charge"),)
    notes = ("the defender's default block choice is assumed; fall-back room as the owner chooses best",)
    verb = ("charges", "charge") if isinstance(action, Charge) else ("attacks", "attack")
    title = f"{attacker.name} {agree(attacker.name, *verb)} {defender.name}"
    return quad_odds.attack_preview(title, inputs, dist, attacker.name, defender.name, notes=notes,
                                    scale=p_arrive, extra=extra, ids=(attacker.id, defender.id))
