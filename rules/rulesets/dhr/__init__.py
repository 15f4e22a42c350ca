"""Rules of the Damned Human Race (DHR), by Gabriel Landowski, on hexes of six inches.

Units of figures with a Rating 1-5 roll equal or under it; a chip bag decides who
acts (By Type or By Unit); terrain has a Defensive Value that slows movement,
saves hits and steadies morale. Optional rules: area effect, armoured vehicles and
heavy weapons (with the damage table), special figures, crew-served weapons.
Rule text: shared/seeds/000_8feb917a61251d11.txt; decisions DHR-A01..A27 in NOTES.md;
our own in docs/rules/dhr.md.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import TypeAdapter

from rules.actions import Action
from rules.core import ActionKind, Context, Decision, GameResult, OptionSpec, Preview, Setup
from rules.rulesets.dhr import combat, terrain, turn, victory
from rules.rulesets.dhr.preview import preview as _preview
from rules.rulesets.dhr.actions import Cast, Cross, DHRAction, Draw, End, Fire, Melee, Move
from rules.rulesets.dhr.state import DHRState
from rules.rulesets.dhr.units import DHRUnit


class DHRRuleset:
    id = "dhr"
    name = "Rules of the Damned Human Race"
    options = (
        OptionSpec(id="chip_draw", label="Chip draw", default="unit", choices=("unit", "type"),
                   help="By Unit: a chip per unit; By Type: a chip per unit marked with its type (DHR-A21)"),
        OptionSpec(id="area_effect", label="Area effect", default=False,
                   help="explosives and flame hit a whole hex; light charges; untenable terrain"),
        OptionSpec(id="vehicles", label="Armoured vehicles & heavy weapons", default=False,
                   help="armament dice against armour dice, wrecks with smoke, overruns"),
        OptionSpec(id="damage_table", label="Vehicle damage effect table", default=False,
                   help="a 1D6 effect per die that beat the armour instead of a plain kill (needs vehicles)"),
        OptionSpec(id="special_figures", label="Special figures", default=False,
                   help="Leader, RTO, Medic, Wizard, Champion; attaching to units"),
        OptionSpec(id="crew_served", label="Crew-served weapons", default=False,
                   help="a reduced crew checks Rating - crew lost before firing (DHR-A14)"),
        OptionSpec(id="challenge", label="More challenge terrain", default="",
                   help="terrain ids, comma-separated (e.g. woods, hedge, dense_brush), that must be "
                        "rolled until passed besides fortress walls and barbed wire (DHR-A05)"),
    )
    state_model = DHRState
    action_adapter = TypeAdapter(DHRAction)
    action_kinds = {
        "draw": ActionKind(key="d", label="Draw a chip"),
        "move": ActionKind(key="m", label="Move", needs_target=True),
        "cross": ActionKind(key="p", label="Pass the obstacle (another MP)", needs_target=False),
        "fire": ActionKind(key="f", label="Fire", needs_target=True),
        "melee": ActionKind(key="c", label="Melee (close)", needs_target=True),
        "cast": ActionKind(key="s", label="Cast a spell", needs_target=True),
        "overrun": ActionKind(key="o", label="Overrun", needs_target=True),
        "call": ActionKind(key="a", label="Call artillery / air strike", needs_target=True),
        "attach": ActionKind(key="t", label="Attach to a unit", needs_target=True),
        "drop": ActionKind(key="x", label="Drop out of the unit", needs_target=True),
        "end": ActionKind(key="e", label="End activation"),
    }
    terrain = terrain.info()

    def setup(self, setup: Setup, seed: int, options: dict) -> DHRState:
        return turn.setup(setup, seed, options)

    def decision(self, state: DHRState) -> Decision:
        return turn.decision(state)

    def legal_actions(self, state: DHRState, side: str) -> list[Action]:
        return turn.legal_actions(state, side)

    def apply(self, state: DHRState, action: Action, ctx: Context) -> None:
        turn.apply(state, action, ctx)

    def victory(self, state: DHRState) -> GameResult | None:
        return victory.check(state)

    def view(self, state: DHRState, side: str | None) -> DHRState:
        from rules.rulesets.dhr.view import view

        return view(state, side)

    def hidden_from(self, state: DHRState, side: str, rng) -> DHRState:
        from rules.rulesets.dhr.view import hidden_from

        return hidden_from(state, side, rng)

    def preview(self, state: DHRState, action: Action) -> Preview | None:
        return _preview(state, action)

    def describe(self, state: DHRState, action: Action) -> str:
        def name(uid: str | None) -> str:
            u = state.units.get(uid or "")
            return u.name if u else str(uid)

        def at(h) -> str:
            u = turn.host_at(state, h)
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

    def reference(self) -> str:
        return (Path(__file__).parent / "reference.md").read_text(encoding="utf-8")

    def unit_card(self, state: DHRState, unit_id: str) -> list[tuple[str, str]]:
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
            rows.append((f"Weapon {i}", f"{w.name}: {', '.join(bits)}"))
        for i, sp in enumerate(s.spells):
            bits = [f"range {sp.range}" if sp.range else "touch", "area" if sp.area else f"{sp.dice}d6"]
            if sp.light:
                bits.append(f"light {sp.light}/6")
            rows.append((f"Spell {i}", f"{sp.name}: {', '.join(bits)}"))
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
        riders = turn.attached(state, u.id)
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

    def unit_marks(self, state: DHRState, unit_id: str) -> str:
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

    def side_lines(self, state: DHRState, side: str) -> list[str]:
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


RATING_NAMES = {5: "Elite", 4: "Veteran", 3: "Seasoned", 2: "Trained", 1: "Untrained"}

RULESET = DHRRuleset()

__all__ = ["RULESET", "DHRRuleset", "combat"]
