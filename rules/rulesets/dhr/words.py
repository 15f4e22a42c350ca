"""The words the screen shows for DHR: what an action does, a unit's card and marks, a side's lines."""

from __future__ import annotations

from rules.actions import Action
from rules.rulesets.dhr import turn
from rules.rulesets.dhr.actions import Cast, Cross, Draw, End, Fire, Melee, Move
from rules.rulesets.dhr.state import DHRState, attached, host_at
from rules.rulesets.dhr.units import DHRUnit

RATING_NAMES = {5: "Elite", 4: "Veteran", 3: "Seasoned", 2: "Trained", 1: "Untrained"}


def describe(state: DHRState, action: Action) -> str:
    def name(uid: str | None) -> str:
        u = state.units.get(uid or "")
        return u.name if u else str(uid)

    def at(h) -> str:
        u = host_at(state, h)
        return f"{u.name} at {h}" if u else str(h)

    if isinstance(action, Draw):
        return "Draw a chip from the bag"
    if isinstance(action, End):
        return "End the activation" if state.active_unit else "Pass: set the chip aside"
    if isinstance(action, Move):
        return f"Move {name(action.unit)} to {action.path[-1]} ({len(action.path)} hex{'es' if len(action.path) != 1 else ''})"
    if isinstance(action, Fire):
        u = state.units.get(action.unit)
        w = u.stats.weapons[action.weapon] if u and 0 <= action.weapon < len(u.stats.weapons) else None
        rof = ""
        if w is not None:
            dice = sum(w.rof[:action.slots])
            rof = f" x{dice}" + (f" (-{action.slots - 1})" if action.slots > 1 else "")
        kind = "line fire" if action.line else ("traversing fire" if action.dice else "fire")
        share = ""
        if action.dice:
            share = " (dice " + "/".join(map(str, action.dice)) + ")"
        elif action.line:
            share = " (a die per figure, nearest first)"
        return f"{name(action.unit)}: {kind} {w.name if w else '?'}{rof} at {at(action.at)}{share}"
    if isinstance(action, Cross):
        return f"{name(action.unit)}: spend another MP and cross into {action.to} (automatic pass)"
    if isinstance(action, Cast):
        u = state.units.get(action.unit)
        sp = u.stats.spells[action.spell] if u and 0 <= action.spell < len(u.stats.spells) else None
        return f"{name(action.unit)}: cast {sp.name if sp else '?'} at {at(action.at)}"
    if isinstance(action, Melee):
        return f"{name(action.unit)}: melee {at(action.at)}"
    kind = action.kind
    if kind == "overrun":
        return f"{name(action.unit)}: overrun {at(action.at)}"
    if kind == "call":
        return f"{name(action.unit)}: call {action.strike} on {at(action.at)}"
    if kind == "attach":
        return f"{name(action.unit)}: attach to {at(action.at)}"
    if kind == "drop":
        return f"{name(action.unit)}: drop out to {action.at}"
    return action.text()

def _numbered(what: str, i: int, of: int) -> str:
    """A card row's name: "Weapon" for a unit's only weapon, else counted from 1 ("Weapon 1"), never "Weapon 0"."""
    return what if of == 1 else f"{what} {i + 1}"


def unit_card(state: DHRState, unit_id: str) -> list[tuple[str, str]]:
    u: DHRUnit = state.units[unit_id]
    s = u.stats
    rows = [
        ("Figures", f"{u.figures}/{u.start_figures}"),
        ("Rating", f"{u.rating} ({RATING_NAMES.get(u.rating, '')})"),
        ("Type", u.chip_type),
        ("MP", "0 (mobility kill)" if u.mp_lost else str(s.mp)),
    ]
    for i, w in enumerate(s.weapons):
        bits = [f"range {w.range}", "RoF " + "|".join(map(str, w.rof))]
        if w.count:
            bits.append(f"x{w.count}")
        if w.armament:
            bits.append(f"armament {w.armament}d6")
        if w.line:
            bits.append("line fire")
        if w.area:
            bits.append("area" + (f" light {w.light}/6" if w.light else ""))
        if w.crew_served:
            bits.append("crew-served")
        rows.append((_numbered("Weapon", i, len(s.weapons)), f"{w.name}: {', '.join(bits)}"))
    for i, sp in enumerate(s.spells):
        bits = [f"range {sp.range}" if sp.range else "touch", "area" if sp.area else f"{sp.dice}d6"]
        if sp.light:
            bits.append(f"light {sp.light}/6")
        rows.append((_numbered("Spell", i, len(s.spells)), f"{sp.name}: {', '.join(bits)}"))
    if s.melee != 1:
        rows.append(("Melee dice", str(s.melee)))
    if s.armour:
        rows.append(("Armour DV", ", ".join(f"{k} {v}" for k, v in s.armour.items())
                     + (" (+1 helmet & shield)" if s.helmet and s.shield else "")))
    if s.vehicle:
        rows.append(("Armour dice", f"{s.armour_dice}d6"))
    if u.weapon_out:
        rows.append(("Damage", "main weapon knocked out"))
    if s.crew_served:
        rows.append(("Crew", f"{u.figures} of {u.start_figures} (check at -{u.crew_lost})"))
    if s.special:
        rows.append(("Special", s.special + (f", attached to {state.units[u.attached_to].name}"
                                               if u.attached_to in state.units else "")))
    if s.toughness > 1:
        rows.append(("Toughness", f"{s.toughness} hits a figure, {u.wounds} taken"))
    if s.special == "rto":
        rows.append(("Strikes", f"artillery {u.artillery}, air {u.air}"))
    riders = attached(state, u.id)
    if riders:
        rows.append(("With it", ", ".join(f.name for f in riders)))
    status = "eliminated" if u.eliminated else ("has gone" if u.id in state.activated else "ready")
    if state.active_unit == u.id:
        status = f"active, {state.mp_left} MP left"
        step = turn.pending_pass(state, u)
        if step is not None:
            status += f"; may cross into {step} for another MP (p)"
    rows.append(("Status", status))
    return rows

def unit_marks(state: DHRState, unit_id: str) -> str:
    u = state.units[unit_id]
    if u.eliminated:
        return "x"
    mark = f"{u.figures}f"
    if u.attached_to:
        mark += "+"
    if u.id in state.activated:
        mark += "*"
    if state.active_unit == u.id:
        mark += "!"
    return mark

def side_lines(state: DHRState, side: str) -> list[str]:
    in_bag = sum(1 for c in state.bag if c.partition(":")[0] == side)
    lines = [f"chips in the bag: {in_bag}"]
    if turn.by_type(state):
        kinds: dict[str, int] = {}
        for c in state.bag:
            s, _, what = c.partition(":")
            if s == side:
                kinds[what] = kinds.get(what, 0) + 1
        if kinds:
            lines.append("  " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))
    s = state.side(side)
    if s.players:
        lines.append(f"commander: {turn.commander(state, side)}")
    figs = sum(u.figures for u in state.units.values() if u.side == side and u.on_map)
    lines.append(f"figures: {figs}")
    return lines
