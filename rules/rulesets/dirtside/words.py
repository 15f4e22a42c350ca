"""Dirtside in words: actions described for the palette, the unit card, roster marks and side lines."""

from __future__ import annotations

from collections.abc import Callable

from rules.actions import Action
from rules.core import HexMark
from rules.hexgrid import Hex
from rules.rulesets.dirtside.legal import goes
from rules.rulesets.dirtside.morale import LEVEL_NAMES
from rules.rulesets.dirtside.state import DSState
from rules.rulesets.dirtside.units import DSUnit, is_vtol
from rules.unknown import UNKNOWN
from rules.words import count


def describe_to_others(state: DSState, action: Action) -> str:
    """The action as the other side may read it: a launch without its real target and warhead."""
    if action.kind == "launch":
        name = state.units[action.unit].name if action.unit in state.units else action.unit
        return f"{name}: launch a cruise missile"
    return describe(state, action)


def describe(state: DSState, action: Action) -> str:
    nm = lambda uid: state.units[uid].name if uid in state.units else uid  # noqa: E731
    at = getattr(action, "at", None)
    target = state.unit_at(Hex(*at)) if at is not None else None
    tname = target.name if target else str(Hex(*at)) if at is not None else ""
    for words in (_fighting, _in_the_air, _field_work):
        text = words(state, action, nm, target, tname)
        if text is not None:
            return text
    k = action.kind
    if k == "done":
        return f"{nm(action.unit)}: activate and do nothing" if action.unit else "end the activation"
    if k == "pass":
        return "pass (the opponent activates)"
    if k == "hold":
        return "hold fire"
    if k == "react":
        return {"none": "no evasion", "evade": "evade", "decoys": "drop decoys",
                "both": "evade and drop decoys", "dogfight": "declare a dog-fight"}[action.choice]
    return action.text()


def _fighting(state: DSState, action: Action, nm: Callable[[str], str], target: DSUnit | None,
              tname: str) -> str | None:
    """Moves, fire, assaults, artillery and cruise missiles in words (None: another kind of action)."""
    k = action.kind
    if k == "move":
        return f"{nm(action.unit)}: move to {Hex(*action.path[-1])}" + (" evasively (no fire; d8 against it)"
                                                                          if action.evasive else "") + \
            (" running (no fire this activation)" if action.run else "")
    if k == "fire" and action.unit in state.units and state.units[action.unit].stats.aboard:
        return f"{nm(action.unit)}: fire from its APC at {tname} (always ineffective: Under Fire only)"
    if k in ("fire", "opfire"):
        return f"{nm(action.unit)}: {'opportunity ' if k == 'opfire' else ''}fire at {tname}"
    if k == "assault":
        return f"{nm(action.unit)}: close assault on {tname}" + (f" via {Hex(*action.path[-1])}" if action.path else "") \
            + (f" with {', '.join(nm(u) for u in action.with_units)}" if action.with_units else "")
    if k == "call":
        return f"{nm(action.unit)}: call {nm(action.battery)} ({action.munition}{_sheaf(action)}) on {tname}"
    if k == "bombard":
        return f"{nm(action.unit)}: bombard {tname} with {action.munition}{_sheaf(action)}"
    if k == "counter":
        return f"{nm(action.unit)}: counter-battery fire at {nm(action.target)}"
    if k == "launch":
        extra = f" with {count(len(action.dummies), 'dummy chit')}" if action.dummies else ""
        return f"{nm(action.unit)}: launch a {action.warhead} cruise missile at {tname}{extra}"
    if k == "fly":
        return f"fly cruise missile {action.missile} to {Hex(*action.at)}" + (f" ({target.name})" if target else "")
    if k == "cancel":
        return f"{nm(action.unit)}: try to call off its mission (the caller's die again; failing, it lands)"
    return None


def _in_the_air(state: DSState, action: Action, nm: Callable[[str], str], target: DSUnit | None,
                tname: str) -> str | None:
    """Air defence and aerospace actions in words (None: another kind of action)."""
    k = action.kind
    if k == "sensors":
        return f"{nm(action.unit)}: radar {'off' if state.units[action.unit].stats.sensors else 'on'}"
    if k == "sam":
        return f"{nm(action.unit)}: SAM at {nm(action.target)}"
    if k == "sortie":
        return f"{nm(action.unit)}: {'leave' if not state.units[action.unit].stats.off_table else 'enter'} the battle area"
    if k == "run":
        return f"{nm(action.unit)}: attack run on {tname}" + (
            f", dropping a {action.ordnance} ordnance load (2 chits on every element within 2)"
            if action.ordnance != "none" else "")
    if k == "airfight":
        return f"{nm(action.unit)}: {action.weapon} at {nm(action.target)}"
    if k == "drop":
        from rules.rulesets.dirtside.airops import lands
        troops = state.units.get(action.troops)
        if troops is not None and lands(troops):
            return (f"{nm(action.unit)}: fly in, land at {Hex(*action.at)} and put {nm(action.troops)} down "
                    f"(through air defence)")
        return f"{nm(action.unit)}: fly in and drop {nm(action.troops)} at {Hex(*action.at)} (through air defence)"
    if k == "intercept":
        return f"{nm(action.unit)}: guns (RFAC/1 or HEL) at cruise missile {action.missile}, due to land this turn"
    return None


def _field_work(state: DSState, action: Action, nm: Callable[[str], str], target: DSUnit | None,
                tname: str) -> str | None:
    """Engineering, supply, transport, command and the other actions that stand in for combat, in words
    (None: another kind of action)."""
    k = action.kind
    if k == "extinguish":
        return f"{nm(action.unit)}: put out the fire at {Hex(*action.at)} (its whole activation)"
    if k == "shell":
        return f"{nm(action.unit)}: fire at the building at {Hex(*action.at)} (close range, it rolls a d4)"
    if k == "dig":
        return f"{nm(action.unit)}: dig hasty defences, a dug-in position in its hex (its whole activation)"
    if k == "bridge":
        if action.recover:
            b = next((x for x in state.bridges if x.layer == action.unit), None)
            return f"{nm(action.unit)}: recover its bridge" + (f" from {b.a}-{b.b}" if b else "") + " (its whole activation)"
        return f"{nm(action.unit)}: lay its bridge across the river to {Hex(*action.at)} (its whole activation)"
    if k == "limber":
        u = state.units.get(action.unit)
        return f"{nm(action.unit)}: " + ("unlimber its guns to fire" if u and u.stats.limbered else
                                         "limber its guns to the tractors") + " (its whole activation)"
    if k == "resupply":
        if action.target == action.unit:
            return f"{nm(action.unit)}: reload its guns from its ammunition carriers (its whole activation)"
        return f"{nm(action.unit)}: hand ammunition chits to {nm(action.target)} (its whole activation)"
    if k == "discharge":
        return f"{nm(action.unit)}: fire smoke dischargers (no HEL or GMS fire at it, other fire one band longer)"
    if k == "lay":
        return f"{nm(action.unit)}: lay a minefield behind it"
    if k == "clear":
        return f"{nm(action.unit)}: engineers clear the minefield at {Hex(*action.at)}"
    if k == "load":
        return f"{nm(action.unit)}: take {nm(action.troops)} aboard (half its move)"
    if k == "unload":
        return f"{nm(action.unit)}: put {nm(action.troops)} down at {Hex(*action.at)} (half its move)"
    if k == "demolish":  # an enemy vehicle, else the buildings (also those of the hex the unit stands in)
        enemy = target is not None and target.side != action.side
        return f"{nm(action.unit)}: demolish {tname if enemy else f'the buildings at {Hex(*action.at)}'}"
    if k == "repair":
        return f"{nm(action.unit)}: AEV combat repair of {nm(action.target)} (its whole activation)"
    if k == "rally":
        return f"{nm(action.unit)}: rally (its whole activation)"
    if k == "regroup":
        return f"{nm(action.unit)}: merge with {nm(action.other)} (both activations)"
    if k == "mode":
        return f"{nm(action.unit)}: change to {action.mode} mode"
    if k == "popup":
        return f"{nm(action.unit)}: pop up and fire at {tname} (only opportunity fire may answer)"
    return None



def _sheaf(action: Action) -> str:
    return {"converged": "", "open": ", open sheaf along the line of fire",
            "open_across": ", open sheaf across the line of fire"}[action.sheaf]


def unit_card(state: DSState, unit_id: str) -> list[tuple[str, str]]:
    u = state.units[unit_id]
    s = u.stats
    rows = [("Quality", f"{s.quality} ({'d' + str(s.die())}), leadership {s.leadership}"),
            ("Confidence", LEVEL_NAMES[s.confidence])]
    if s.role == "ground" and u.on_map:
        rows.append(("Move", f"{u.bmf():g} hexes"))
        if is_vtol(u):
            rows.append(("VTOL mode", s.mode + (" (only air defence may fire at it)" if s.mode == "high" else "")))
    for i, e in enumerate(s.elements):
        if e.kind == "infantry":
            what = f"{e.troop} {e.team} team"
        else:
            d = e.design
            guns = ", ".join(f"{w.type}" + (f"/{w.cls}" if not w.type.startswith("GMS") else "") for w in d.weapons)
            what = f"size {d.size} armour {d.armour} {d.fc} FC" + (f", {guns}" if guns else "")
        marks = [m for m, on in (("lost", e.lost), ("damaged", e.damaged), ("immobilised", e.immobilised),
                                 ("systems down", e.systems_down)) if on]
        if e.ammo:
            marks.append(f"ammo {e.ammo}")
        rows.append((e.name or f"element {i + 1}", what + (f" [{', '.join(marks)}]" if marks else "")))
    if s.smoke or s.dmr:
        rows.append(("Markers held", f"smoke {s.smoke}, DMR {s.dmr}"))
    dfo = sum(e.dfo for e in s.alive())
    if dfo:
        rows.append(("Ordnance loads", str(dfo)))
    loads = sum(e.mine_loads for e in s.alive())
    if loads:
        rows.append(("Mine loads", str(loads)))
    riders = [x.name for x in state.units.values() if x.stats.aboard == unit_id and x.alive]
    if riders:
        rows.append(("On board", ", ".join(riders)))
    if s.aboard:
        rows.append(("Aboard", state.units[s.aboard].name if s.aboard in state.units else s.aboard))
    if s.missiles:
        stock = f"{count(len(s.missiles), 'missile')}, warheads unknown" if any(m is UNKNOWN for m in s.missiles) else ", ".join(s.missiles)
        rows.append(("Cruise missiles", f"{stock}; {count(s.launchers, 'launcher')}"))  # "?": another side's view
    flags = [n for n, on in (("Under Fire", s.under_fire), ("PANIC", s.panic), ("active sensors", s.sensors),
                             ("dug in", state.dug_in(u)), ("smoke dischargers", bool(s.smoked)), ("command unit", s.command),
                             ("guns limbered", s.limbered),
                             ("activated", s.activated)) if on]
    if flags:
        rows.append(("Markers", ", ".join(flags)))
    for m in state.missions:
        if m.battery == unit_id:
            rows.append(("Mission", f"{m.munition} on {m.at}: fires at its next activation"))
    if s.role == "aircraft":
        rows.append(("Battle area", "away" if s.off_table else "over the battle area"))
    return rows

def unit_marks(state: DSState, unit_id: str) -> str:
    u = state.units[unit_id]
    if u.eliminated or not u.stats.alive():
        return "X"
    s = u.stats
    marks = s.confidence
    if s.under_fire:
        marks += " UF"
    if s.panic:
        marks += " P"
    if s.smoked:
        marks += " SMK"
    if s.evasive:
        marks += " EV"
    if is_vtol(u):
        marks += {"high": " HIGH", "low": " low", "grounded": " GND"}[s.mode]
    if s.activated:
        marks += " *"
    for m in state.missions:
        if m.battery == unit_id:
            marks += f" fire@{m.at}"
    for f in state.flights:
        if f.launcher == unit_id:
            marks += f" CM>{f.launched + 1}"
    return marks

def side_lines(state: DSState, side: str) -> list[str]:
    lines = [f"Activations left: {goes(state, side)}"]
    for f in state.flights:
        chits = ", ".join(str(h) for h in f.chits)
        if f.side == side:
            lines.append(f"Cruise missile {f.id} on its way: lands turn {f.launched + 1} (chits {chits})")
        else:
            lines.append(f"Enemy cruise missile {f.id} inbound, lands turn {f.launched + 1}: chits at {chits}")
    for m in state.missions:
        if m.side == side:
            lines.append(f"Fire mission: {state.units[m.battery].name} {m.munition} on {m.at}, next activation")
    if state.wind is not None:
        from rules.rulesets.dirtside.smoke import WIND_NAMES
        lines.append(f"Wind: blowing {WIND_NAMES[state.wind]}")
    for c in state.clouds:
        if c.source == "fire":
            lines.append(f"Fire at {c.hexes[0]}: {count(len(c.hexes), 'hex')} of smoke until engineers put it out")
        else:
            lines.append(f"Smoke: {count(len(c.hexes), 'hex')} from {c.hexes[0]} (thins 2 at each turn end)")
    for b in state.bridges:
        lines.append(f"Bridge over the river {b.a}-{b.b}: vehicles up to class {b.cls}")
    for m in state.mines:
        lines.append(f"Minefield at {m.at} (within 2 hexes)" + ("" if m.armed else ": not yet armed")
                     + (", jumping" if m.jumping else ""))
    return lines


HEX_MARK_SYMBOLS = {"@": "cruise-missile target chit", ">": "fire mission's impact point", ";": "smoke"}
"""The map's markers on hexes (minefields laid in play take the minefield markers' own marks, '!' and '?')."""


def hex_marks(state: DSState, side: str | None) -> list[HexMark]:
    """What `side` may know is on the table beyond its units (the referee, None, everything): every cruise-missile
    chit (which one is real only for its own side), its own side's called fire missions, smoke, minefields.
    Listed strongest first: the map draws the first mark of a hex."""
    from rules.rulesets.dirtside.terrain import TERRAIN
    out = []
    for f in state.flights:
        mine = side is None or f.side == side
        for h in f.chits:
            which = (" (the real one)" if h == f.target else " (a dummy)") if mine else " (real or dummy)"
            out.append(HexMark(at=h, mark="@", label=f"{'' if mine else 'enemy '}cruise-missile target chit "
                                                      f"{f.id}{which}, lands turn {f.launched + 1}"))
    for m in state.missions:
        if side is None or m.side == side:
            out.append(HexMark(at=m.at, mark=">", label=f"fire mission: {state.units[m.battery].name} {m.munition}, "
                                                       "at its next activation"))
    for m in state.mines:
        mark = TERRAIN["jumping_minefield" if m.jumping else "minefield"].mark
        out.append(HexMark(at=m.at, mark=mark, label="minefield marker (within 2 hexes)"
                           + ("" if m.armed else ", not yet armed") + (", jumping" if m.jumping else "")))
    for c in state.clouds:
        what = "smoke from a fire" if c.source == "fire" else "smoke"
        out.extend(HexMark(at=h, mark=";", label=what) for h in c.hexes)
    return out
