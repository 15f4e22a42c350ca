"""Dirtside II with Iceburg's house rules (Jan 1996), as the rule set `dirtside` (seed 001_91bc4855507ab9df.txt).

The core is the fact sheet shared/rules/dsii-core.md (section numbers § cite it); decisions on the house rules'
unclear places are DS2-A01..A22 in rules/NOTES.md; docs/rules/dirtside.md lists every interpretation.
"""

from __future__ import annotations

import random
from pathlib import Path

from rules.actions import Action
from rules.core import ActionKind, Context, Decision, GameResult, OptionSpec, Preview, Setup, Side
from rules.hexgrid import Hex
from rules.rulesets.dirtside import actions as A
from rules.rulesets.dirtside import preview as pv
from rules.rulesets.dirtside import terrain as ter
from rules.rulesets.dirtside import turn, victory, view
from rules.rulesets.dirtside.morale import LEVEL_NAMES
from rules.rulesets.dirtside.state import DSState


class DirtsideRuleset:
    id = "dirtside"
    name = "Dirtside II (Iceburg's house rules)"
    options = (
        OptionSpec(id="house_rfac", label="House rule: RFACs draw 3 chits close, 2 medium against infantry",
                   default=True, help="Off: the core p.36 rule (2 chits up to medium)."),
        OptionSpec(id="hel_band", label="HEL single band", default="medium", choices=("medium", "close"),
                   help="The fact sheet's [?]: the HEL's one band counts as medium (S2) or close (S4)."),
        OptionSpec(id="vehicles_under_fire_plus1", label="Vehicles under fire test at +1 to move", default=False,
                   help="Off: +0 as the p.24 text (and S2); on: +1 as the p.23 table."),
        OptionSpec(id="opfire_firefights", label="Infantry firefights as opportunity fire", default=False,
                   help="Off: only guns, missiles and IAVRs may fire as opportunity fire (S2)."),
    )
    version = 1
    state_model = DSState
    side_model = Side
    victory_kinds = victory.KINDS
    campaign_model = None
    action_adapter = A.ADAPTER
    action_kinds = {
        "move": ActionKind(key="m", label="Move", needs_target=True),
        "fire": ActionKind(key="f", label="Fire (direct fire / firefight)", needs_target=True),
        "assault": ActionKind(key="a", label="Close assault", needs_target=True),
        "call": ActionKind(key="c", label="Call artillery", needs_target=True),
        "bombard": ActionKind(key="b", label="Bombard (artillery fires)", needs_target=True),
        "counter": ActionKind(key="k", label="Counter-battery fire"),
        "launch": ActionKind(key="x", label="Launch cruise missile", needs_target=True),
        "fly": ActionKind(key="y", label="Fly cruise missile", needs_target=True),
        "sensors": ActionKind(key="s", label="ADS / SAM radar on or off"),
        "sam": ActionKind(key="t", label="Fire SAM"),
        "sortie": ActionKind(key="o", label="Enter / leave the battle area"),
        "run": ActionKind(key="v", label="Attack run", needs_target=True),
        "airfight": ActionKind(key="g", label="Air-to-air attack"),
        "done": ActionKind(key="d", label="End activation / do nothing"),
        "pass": ActionKind(key="p", label="Pass"),
        "opfire": ActionKind(key="i", label="Opportunity fire", needs_target=True),
        "hold": ActionKind(key="h", label="Hold fire"),
        "react": ActionKind(key="e", label="Answer: evade / decoys / dog-fight"),
    }
    terrain = ter.TERRAIN

    def setup(self, setup: Setup, seed: int, options) -> DSState:
        return turn.setup(setup, seed, options)

    def decision(self, state: DSState) -> Decision:
        return turn.decision(state)

    def legal_actions(self, state: DSState, side: str) -> list[Action]:
        return turn.legal_actions(state, side)

    def apply(self, state: DSState, action: Action, ctx: Context) -> None:
        turn.apply(state, action, ctx)

    def victory(self, state: DSState) -> GameResult | None:
        return victory.check(state)

    def view(self, state: DSState, side: str | None) -> DSState:
        return view.view(state, side)

    def hidden_from(self, state: DSState, side: str, rng: random.Random) -> DSState:
        return view.hidden_from(state, side, rng)

    def preview(self, state: DSState, action: Action) -> Preview | None:
        unit = state.units.get(action.unit_id or "")
        if isinstance(action, (A.Fire, A.OpFire)) and unit and unit.on_map:
            target = state.unit_at(Hex(*action.at))
            if target and target.side != unit.side and target.on_map:
                return pv.fire_preview(state, unit, target, opportunity=isinstance(action, A.OpFire))
        if isinstance(action, A.Assault) and unit:
            target = state.unit_at(Hex(*action.at))
            if target and target.side != unit.side:
                return pv.assault_preview(state, unit, target)
        if isinstance(action, A.Call) and unit and action.battery in state.units:
            return pv.call_preview(state, unit, state.units[action.battery], Hex(*action.at))
        if isinstance(action, A.Move) and unit:
            return pv.move_preview(state, unit)
        return None

    def describe(self, state: DSState, action: Action) -> str:
        nm = lambda uid: state.units[uid].name if uid in state.units else uid  # noqa: E731
        at = getattr(action, "at", None)
        target = state.unit_at(Hex(*at)) if at is not None else None
        tname = target.name if target else str(Hex(*at)) if at is not None else ""
        k = action.kind
        if k == "move":
            return f"{nm(action.unit)}: move to {Hex(*action.path[-1])}"
        if k in ("fire", "opfire"):
            return f"{nm(action.unit)}: {'opportunity ' if k == 'opfire' else ''}fire at {tname}"
        if k == "assault":
            return f"{nm(action.unit)}: close assault on {tname}" + (f" via {Hex(*action.path[-1])}" if action.path else "")
        if k == "call":
            return f"{nm(action.unit)}: call {nm(action.battery)} ({action.munition}) on {tname}"
        if k == "bombard":
            return f"{nm(action.unit)}: bombard {tname} with {action.munition}"
        if k == "counter":
            return f"{nm(action.unit)}: counter-battery fire at {nm(action.target)}"
        if k == "launch":
            extra = f" with {len(action.dummies)} dummy chit(s)" if action.dummies else ""
            return f"{nm(action.unit)}: launch a {action.warhead} cruise missile at {tname}{extra}"
        if k == "fly":
            return f"fly cruise missile {action.missile} to {Hex(*action.at)}" + (f" ({target.name})" if target else "")
        if k == "sensors":
            return f"{nm(action.unit)}: radar {'off' if state.units[action.unit].stats.sensors else 'on'}"
        if k == "sam":
            return f"{nm(action.unit)}: SAM at {nm(action.target)}"
        if k == "sortie":
            return f"{nm(action.unit)}: {'leave' if not state.units[action.unit].stats.off_table else 'enter'} the battle area"
        if k == "run":
            return f"{nm(action.unit)}: attack run on {tname}"
        if k == "airfight":
            return f"{nm(action.unit)}: {action.weapon} at {nm(action.target)}"
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

    def reference(self) -> str:
        return (Path(__file__).parent / "reference.md").read_text(encoding="utf-8")

    def unit_card(self, state: DSState, unit_id: str) -> list[tuple[str, str]]:
        u = state.units[unit_id]
        s = u.stats
        rows = [("Quality", f"{s.quality} ({'d' + str(s.die())}), leadership {s.leadership}"),
                ("Confidence", LEVEL_NAMES[s.confidence])]
        if s.role == "ground" and u.on_map:
            rows.append(("Move", f"{u.bmf():g} hexes"))
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
        if s.missiles:
            rows.append(("Cruise missiles", f"{', '.join(s.missiles)}; {s.launchers} launcher(s)"))
        flags = [n for n, on in (("Under Fire", s.under_fire), ("PANIC", s.panic), ("active sensors", s.sensors),
                                 ("dug in", s.dug_in), ("activated", s.activated)) if on]
        if flags:
            rows.append(("Markers", ", ".join(flags)))
        for m in state.missions:
            if m.battery == unit_id:
                rows.append(("Mission", f"{m.munition} on {m.at}: fires at its next activation"))
        if s.role == "aircraft":
            rows.append(("Battle area", "away" if s.off_table else "over the battle area"))
        return rows

    def unit_marks(self, state: DSState, unit_id: str) -> str:
        u = state.units[unit_id]
        if u.eliminated or not u.stats.alive():
            return "X"
        s = u.stats
        marks = s.confidence
        if s.under_fire:
            marks += " UF"
        if s.panic:
            marks += " P"
        if s.activated:
            marks += " *"
        for m in state.missions:
            if m.battery == unit_id:
                marks += f" fire@{m.at}"
        for f in state.flights:
            if f.launcher == unit_id:
                marks += f" CM>{f.launched + 1}"
        return marks

    def side_lines(self, state: DSState, side: str) -> list[str]:
        lines = [f"Activations left: {turn.goes(state, side)}"]
        for f in state.flights:
            chits = ", ".join(str(h) for h in f.chits)
            if f.side == side:
                lines.append(f"Cruise missile {f.id} on its way: lands turn {f.launched + 1} (chits {chits})")
            else:
                lines.append(f"Enemy cruise missile {f.id} inbound, lands turn {f.launched + 1}: chits at {chits}")
        for m in state.missions:
            if m.side == side:
                lines.append(f"Fire mission: {state.units[m.battery].name} {m.munition} on {m.at}, next activation")
        return lines


RULESET = DirtsideRuleset()
