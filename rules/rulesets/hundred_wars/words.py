"""Words for the screen: actions described, unit cards, marks and side lines (blinds stay blinds to other sides)."""

from __future__ import annotations

from rules.actions import Action
from rules.hexgrid import Hex
from rules.rulesets.hundred_wars import costing, placing, victory
from rules.rulesets.hundred_wars.actions import (
    AgreeEnd, Allocate, Carry, ChooseEdge, Done, EcmAds, Fire, Gather, Jam, MoveUnit, PlaceBlind, PlacePiece, PsiReveal, RemoveCounter, Repair, Reveal,
    RollOff, RollOrders, SetCounter, Teleport,
)
from rules.rulesets.hundred_wars.procedures.damage import SPREAD
from rules.rulesets.hundred_wars.state import PHASE_WORDS, HwState
from rules.rulesets.hundred_wars.units import key_label
from rules.unknown import UNKNOWN
from rules.words import agree


def _name(state: HwState, uid: str) -> str:
    u = state.units.get(uid)
    return u.name if u else uid


def _verb(state: HwState, uid: str, singular: str, plural: str) -> str:
    """A verb after the unit's name, in its number (a blind's is singular: `HwUnit.agrees_as`)."""
    u = state.units.get(uid)
    return agree(u.agrees_as if u else uid, singular, plural)


def _does(state: HwState, uid: str, singular: str, plural: str) -> str:
    """The unit's name and a verb that agrees with it: 'Panther fires', 'Archers fire'."""
    return f"{_name(state, uid)} {_verb(state, uid, singular, plural)}"


def _at(state: HwState, h) -> str:
    u = state.unit_at(Hex(*h))
    return f"{u.name} at {Hex(*h)}" if u else str(Hex(*h))


def piece_words(state: HwState, a: PlacePiece) -> str:
    """A terrain piece placed, or a step shaping the piece under way (placing.SHAPES)."""
    at = Hex(*a.at)
    if a.gate:
        return f"Give the {a.terrain} a {placing.GATE_OF.get(a.terrain, 'gate')} at {at}"
    if state.shaping is not None and a.terrain in placing.LINES:
        return f"Run the {a.terrain} on to {at}"
    if state.shaping is not None:
        return f"Leave {at} open (not part of the {a.terrain})"
    if a.toward:
        return f"Place a {a.terrain} from {at} toward {a.toward}, to the table's edge or the first hex not open"
    if a.terrain in placing.LINES:
        return f"Place a {a.terrain} starting at {at} (then choose its course hex by hex)"
    return f"Place a {a.terrain} piece at {at} and the open hexes around it (then shape it)"


def describe(state: HwState, a: Action) -> str:
    if isinstance(a, RollOff):
        return "Roll 1d10 each to set up (high scorer chooses a table edge)"
    if isinstance(a, PlacePiece):
        return piece_words(state, a)
    if isinstance(a, ChooseEdge):
        return f"Take the {a.edge} table edge"
    if isinstance(a, RollOrders):
        return "Roll 1d10 for Orders per commander (pips)"
    if isinstance(a, PlaceBlind):
        like = f", moving like Move {a.move}" if a.move is not None else ""
        return f"Place {_name(state, a.unit)} at {Hex(*a.at)}{like} (1 pip)"
    if isinstance(a, SetCounter):
        cost = "2 pips" if state.phase == "move" else "1 pip"
        extra = f", {a.attack} attack" if a.attack else ""
        lvl = f", to level {a.level}" if a.level is not None else ""
        return f"{_name(state, a.unit)}: Move counter to {_at(state, a.to)}{extra}{lvl} ({cost})"
    if isinstance(a, RemoveCounter):
        return f"{_name(state, a.unit)}: remove its Move counter (1 pip)"
    if isinstance(a, Fire):
        u = state.units.get(a.unit)
        w = u.stats.weapon(a.weapon) if u else None
        ads = " its ADS" if u and w and a.weapon == len(u.stats.weapons) else ""
        gun = f"{ads} (Fire {w.fire}, Range {w.range} cm{'' if w.kind == 'direct' else ', ' + w.kind})" if w else ""
        return f"{_does(state, a.unit, 'fires', 'fire')}{gun} at {_at(state, a.at)}"
    if isinstance(a, Repair):
        return f"{_does(state, a.unit, 'repairs', 'repair')} {_at(state, a.at)}"
    if isinstance(a, Reveal):
        return f"Reveal {_name(state, a.unit)}"
    if isinstance(a, PsiReveal):
        return psi_words(state, a)
    if isinstance(a, (Jam, Done)) and state.paused:
        return reaction_words(state, a)
    if isinstance(a, Jam) and state.phase == "move":
        return (f"{_does(state, a.unit, 'hijacks', 'hijack')} the teleporter {_at(state, a.at)} with ECM "
                "(1d10 units in its buffers materialise beside it)")
    if isinstance(a, Jam):
        return f"{_does(state, a.unit, 'jams', 'jam')} the commander {_at(state, a.at)} (ECM)"
    if isinstance(a, EcmAds):
        return f"{_does(state, a.unit, 'attacks', 'attack')} the ADS {_at(state, a.at)} with ECM (reduces it by the difference)"
    if isinstance(a, MoveUnit):
        u, moves = state.units.get(a.unit), _verb(state, a.unit, "moves", "move")
        if u is not None and u.mode == "space" and not u.blind:
            return f"{_does(state, a.unit, 'rolls', 'roll')} to {'speed up' if a.accelerate else 'slow down'} and {moves}"
        if a.alone:
            return f"{_does(state, a.unit, 'rolls', 'roll')} 1d100 on its own Move (a separate roll from its group) and {moves}"
        return f"{_does(state, a.unit, 'rolls', 'roll')} 1d100 and {moves} toward its counter"
    if isinstance(a, Gather):
        return f"{_does(state, a.unit, 'takes', 'take')} {_name(state, a.passenger)} into its buffers (sent with its next roll)"
    if isinstance(a, Carry):
        if a.off:
            return f"{_does(state, a.unit, 'leaves', 'leave')} its carrier for {Hex(*a.at)}"
        return f"{_does(state, a.unit, 'boards', 'board')} the carrier {_at(state, a.at)}"
    if isinstance(a, Teleport):
        who = _name(state, a.passenger) if a.passenger else "its buffers"
        return f"{_does(state, a.unit, 'teleports', 'teleport')} {who} to {Hex(*a.to)}"
    if isinstance(a, Allocate):
        first = "spread round its factors" if a.first == SPREAD else f"first from {key_label(a.first)}"
        dmg = state.pending[0].damage if state.pending else "the"
        return f"{_does(state, a.unit, 'takes', 'take')} {dmg} damage {first}"
    if isinstance(a, Done):
        if state.phase == "terrain" and state.shaping is not None:
            return f"Finish the {state.shaping.terrain} ({len(state.shaping.hexes)} hexes)"
        if state.phase == "terrain":
            return "Place no more terrain pieces"
        return f"Done with {PHASE_WORDS.get(state.phase, state.phase)}"
    if isinstance(a, AgreeEnd):
        return "Agree that the game is over"
    return a.text()


REROLLED = {"cqb": "the close combat die of {unit}", "repair": "the Field Repairs die of {unit}",
            "terrain": "the terrain die of the piece at {hex}", "ecm": "the ECM contest die of {unit}",
            "teleport": "the teleport die of {unit}", "orders": "the Orders die of {unit}", "move": "the movement die"}
"""The die a psionic re-roll names (the dice of a shot by their own name: 'the range die')."""
SIMULATED = {"repairs": "as Field Repairs on {unit} (1 point, no roll)",
             "ads": "as an ADS against the fire at {unit} (Fire cut by 10 x (10 - 1d10))",
             "teleport": "to teleport {unit} to {to} (no roll)",
             "orders remove": "as Orders to remove the Move counter of {unit} (and its group's)",
             "orders": "as Orders: a Move counter for {unit} (and its group) to {to}",
             "mobile": "as Mobile for {unit} this move (Hard as Easy, V.Hard as Hard)"}
"""What a pip simulating a speciality does (ECM's uses depend on the phase and on what waits: `psi_words`)."""
ECM_USES = {"ecm_order": "to cancel the new order of {unit} (no roll)",
            "ecm_teleport": "to disrupt the teleporter {unit} (1d10 units kept)",
            "fire": "against the ADS of {unit} (cut by 10 - 1d10)",
            "move": "to hijack the teleporter {unit} (1d10 units materialise)",
            "counters": "to jam the commander {unit} (1d10 pips off, not below 2)"}
"""A pip simulating ECM, by the enemy action that waits for it or else by the phase (psionics.ecm_use)."""


def _fill(state: HwState, a: PsiReveal, words: str) -> str:
    return words.format(unit=_at(state, a.at), hex=Hex(*a.at), to=Hex(*a.to) if a.to is not None else "")


def psi_words(state: HwState, a: PsiReveal) -> str:
    who = f"{_does(state, a.unit, 'uses', 'use')} a psionic pip"
    if a.reroll:
        return f"{who} to re-roll " + _fill(state, a, REROLLED.get(a.reroll, f"the {a.reroll} die"))
    if a.cancel:
        p = state.paused[-1] if state.paused else None
        what = "psionic pip" if p is not None and p.kind == "psi_pip" else "fire"
        return f"{who} to cancel the {what} of {_at(state, a.at)}"
    simulated = SIMULATED.get(f"{a.simulate} remove" if a.remove else a.simulate)
    if simulated:
        return f"{who} " + _fill(state, a, simulated)
    if a.simulate == "ecm":
        p = state.paused[-1] if state.paused else None
        use = p.kind if p is not None and p.kind in ECM_USES else state.phase
        return f"{who} as ECM " + _fill(state, a, ECM_USES.get(use, ECM_USES["counters"]))
    if a.weapon is not None:
        u = state.unit_at(Hex(*a.at))
        w = u.stats.weapon(a.weapon) if u else None
        gun = f"Fire {a.weapon + 1} ({w.fire}, Range {w.range} cm)" if w else "a weapon"
        return f"{who} to fire {gun} of {_at(state, a.at)} at {_at(state, a.to)}"
    if a.remove:
        return f"{who} to remove the Move counter of {_at(state, a.at)}"
    if a.to is not None:
        return f"{who} to send {_at(state, a.at)} toward {Hex(*a.to)}"
    return f"{who} to reveal {_at(state, a.at)}"


LET_BE = {"ecm_order": "Let the new enemy order stand", "ecm_teleport": "Let the enemy teleport go ahead",
          "psi_fire": "Let the enemy fire", "psi_die": "Keep the dice as rolled",
          "psi_move": "Keep the movement roll", "psi_cqb": "Keep the close combat dice",
          "psi_orders": "Keep the Orders roll", "psi_teleport": "Keep the teleport roll",
          "psi_ecm": "Keep the ECM dice", "psi_terrain": "Keep the terrain roll",
          "psi_repair": "Keep the repair roll", "psi_suicide": "Keep the suicide attack's dice", "psi_pip": "Let the enemy's psionic pip work"}


def reaction_words(state: HwState, a: Action) -> str:
    kind = state.paused[-1].kind
    if isinstance(a, Done):
        return LET_BE.get(kind, "Let it be")
    if kind == "ecm_teleport":
        return (f"{_does(state, a.unit, 'disrupts', 'disrupt')} the teleporter {_at(state, a.at)} with ECM "
                "(1d10 units kept from dematerialising this turn)")
    return f"{_does(state, a.unit, 'tries', 'try')} to cancel the new order {_at(state, a.at)} with ECM"


def unit_card(state: HwState, uid: str) -> list[tuple[str, str]]:
    u = state.units[uid]
    if u.blind:
        rows = [("Blind", "a token: real units or a dummy")]
        if u.contents is UNKNOWN:  # another side's blind
            rows.append(("Hides", "unknown"))
        elif u.contents:
            rows.append(("Hides", ", ".join(_name(state, i) for i in u.contents)))
        elif u.dummy:
            rows.append(("Hides", "nothing (a dummy)"))
        if u.counter is not None:
            rows.append(("Move counter", str(Hex(*u.counter))))
        return rows
    s, b = u.stats, u.start
    rows = [("Move", ", ".join(f"{m.mode} {m.factor}/{b.move_factor(m.mode)}" + (f" Mobile {m.mobile}" if m.mobile else "")
                               for m in s.move) or "0")]
    for i, w in enumerate(s.weapons):
        tag = "" if w.kind == "direct" else f" {w.kind}"
        rows.append((f"Fire {i + 1}", f"{w.fire}/{b.weapons[i].fire}{tag}, Range {w.range} cm"))
    rows += [("CQB", str(s.cqb)), ("Armour", f"{s.armour}/{b.armour}")]
    if b.orders:
        rows.append(("Orders", f"{s.orders}/{b.orders}, Range {s.orders_range} cm; pips {state.pips.get(uid, 0)}"))
    for label, value in (("Large", s.large), ("Mobile", s.mobile), ("Top Armour", s.top_armour),
                         ("Mine Proof", s.mine_proof), ("All Round Armour", s.all_round), ("Psionic", s.psionic),
                         ("Teleport", s.teleport), ("ECM", s.ecm), ("ADS", s.ads), ("Field Repairs", s.field_repairs),
                         ("Carries", s.carry)):
        if value:
            rows.append((label, str(value)))
    rows.append(("Points", f"{costing.unit_cost(s)}/{costing.unit_cost(b)}"))
    if u.level:
        rows.append(("Level", str(u.level)))
    if u.mode == "space":
        rows.append(("Speed", f"{u.speed} cm"))
    if u.counter is not None:
        rows.append(("Move counter", str(Hex(*u.counter)) + (f" ({u.counter_attack})" if u.counter_attack else "")))
    if u.carried:
        rows.append(("Passengers", ", ".join(_name(state, i) for i in u.carried)))
    if u.buffer:
        rows.append(("In its buffers", ", ".join(_name(state, i) for i in u.buffer)))
    if u.eliminated:
        rows.append(("Status", "destroyed"))
    return rows


def unit_marks(state: HwState, uid: str) -> str:
    u = state.units[uid]
    if u.eliminated:
        return "X"
    marks = "?" if u.blind else ""
    if u.counter is not None:
        marks += ">"
    if not u.blind and u.start.armour and u.stats.armour < u.start.armour:
        marks += f"A{u.stats.armour}"
    return marks


def unit_note(state: HwState, uid: str) -> str:
    """What a blind hides, for its owner's roster: '(dummy)' or '(Archers, Pikes)'. Other sides' views carry no
    contents (UNKNOWN), so for them the note is empty and a blind stays a blind."""
    u = state.units[uid]
    if not u.blind or u.eliminated or u.contents is UNKNOWN:
        return ""
    if u.dummy:
        return "(dummy)"
    return f"({', '.join(_name(state, i) for i in u.contents)})" if u.contents else ""


def describe_to_others(state: HwState, a: Action) -> str:
    """Another side's action in the words the other sides get: which blind was placed and what a dummy
    imitates are its side's secrets (a placed blind shows on the table, as any other does)."""
    if isinstance(a, PlaceBlind):
        return f"Place a blind at {Hex(*a.at)} (1 pip)"
    return describe(state, a)


def commander_lost(state: HwState, side: str) -> bool:
    """A commander of `side` destroyed or with its Orders shot to 0, where every side sees it: losing the last is
    said to all (why.commanders_lost), and a hit on a unit under a blind reveals it first."""
    return any(u.side == side and not u.blind and u.start.orders > 0 and (u.eliminated or u.stats.orders == 0)
               for u in state.units.values())


def side_lines(state: HwState, side: str) -> list[str]:
    lines = []
    if side in state.edges:
        lines.append(f"Edge: {state.edges[side]}")
    if state.order and side in state.order:
        lines.append(f"Player {state.order.index(side) + 1} this turn")
    commanders = state.commanders(side)
    pips = sum(state.pips.get(c.id, 0) for c in commanders)
    if commanders:
        lines.append(f"Pips: {pips}")
    elif state.viewer in (None, side) or commander_lost(state, side):
        lines.append("Pips: 0, NO COMMANDER: no Move orders for the rest of the game")
    else:  # another side's commander still under a blind or to come: its view shows none, and that is no loss
        lines.append("Pips: unseen (no commander of theirs on the table)")
    if state.viewer in (None, side):  # another side's blinds still to come are its secret (view.py)
        waiting = sum(1 for b in state.units.values() if b.blind and b.side == side and b.at is None and not b.eliminated)
        lines.append(f"Blinds off table: {waiting}")
    elif state.army_lists and side in state.army_lists:
        lines.append("Army list: " + ", ".join(state.army_lists[side]))
    lines.append(f"Damage received: {victory.damage_received(state, side)} pts")
    return lines
