"""The d10 modern skirmish (seed 003_fbcfff1ef4faf214.txt), as the rule set `skirmish`.

Decisions on the text's unclear places are SKIRM-A01..A28 in rules/NOTES.md; docs/rules/skirmish.md lists
every interpretation this code makes and what is not done yet.
"""

from __future__ import annotations

import random
from pathlib import Path

from rules.actions import Action
from rules.core import ActionKind, Context, Decision, GameResult, OptionSpec, Preview, Refusal, Setup
from rules.rulesets.skirmish import acts, legal, preview, reaction, turn, victory, view
from rules.rulesets.skirmish import terrain as ter
from rules.rulesets.skirmish.actions import (
    ADAPTER, Activate, Charge, EndActivation, HoldFire, Lock, Move, Nominate, Overwatch, OverwatchFire, Pivot,
    PushBack, RollOff, Shoot, Spray, WatchCharge, WatchMove,
)
from rules.rulesets.skirmish.state import SkirmState
from rules.rulesets.skirmish.units import ladder, marks
from rules.rulesets.skirmish.weapons import ARMOUR, MELEE, TRAITS, WEAPONS, traits_of


class SkirmishRuleset:
    id = "skirmish"
    name = "d10 modern skirmish"
    options = (
        OptionSpec(id="overwatch", label="Overwatch", default=True,
                   help="A passed model may move and go on overwatch; it interrupts an enemy move or shot (+1 TN)."),
        OptionSpec(id="leader_bonus", label="Leader within 6\": -1 TN to activate", default=True),
        OptionSpec(id="alone_penalty", label="Out of sight of all friends: +1 TN to activate", default=True),
        OptionSpec(id="sprint", label="Sprint: move a second time instead of shooting", default=True),
        OptionSpec(id="aimed_fire", label="Aimed fire: a single shot after 2\" or less", default=True,
                   help="-1 TN to hit, or re-roll a miss, or -2 TN to the damage roll (SKIRM-A08)."),
        OptionSpec(id="man_down", label="Man down!: the initiative switches when the active model falls",
                   default=True),
        OptionSpec(id="flow_of_battle", label="The Flow of Battle: a leader nominates the enemy's next model",
                   default=False),
        OptionSpec(id="horde_rule", label="Horde of Rabble rule", default=True,
                   help="Models left after the enemy has activated move or shoot only; a failure stops them all."),
        OptionSpec(id="morale", label="Simple morale at half the force points", default=True),
        OptionSpec(id="overwatch_moves", label="Overwatch may be movement: charge or flee instead of shooting",
                   default=False),
    )
    state_model = SkirmState
    action_adapter = ADAPTER
    action_kinds = {
        "rolloff": ActionKind(key="d", label="Leaders roll off"),
        "activate": ActionKind(key="a", label="Activation roll"),
        "nominate": ActionKind(key="g", label="Flow of battle: nominate", needs_target=True),
        "move": ActionKind(key="m", label="Move", needs_target=True),
        "pivot": ActionKind(key="p", label="Pivot"),
        "shoot": ActionKind(key="f", label="Shoot", needs_target=True),
        "spray": ActionKind(key="s", label="Suppressive fire (area)", needs_target=True),
        "charge": ActionKind(key="c", label="Charge / fight (CQC)", needs_target=True),
        "overwatch": ActionKind(key="o", label="Go on overwatch"),
        "end": ActionKind(key="e", label="End activation"),
        "watchfire": ActionKind(key="w", label="Overwatch: fire"),
        "watchcharge": ActionKind(key="t", label="Overwatch: charge the mover"),
        "watchmove": ActionKind(key="v", label="Overwatch: move away", needs_target=True),
        "hold": ActionKind(key="h", label="Overwatch: hold fire"),
        "push": ActionKind(key="b", label="Push back the loser"),
        "lock": ActionKind(key="k", label="Stay locked in combat"),
    }
    terrain = ter.TERRAIN

    def setup(self, setup: Setup, seed: int, options) -> SkirmState:
        return turn.setup(setup, seed, options)

    def decision(self, state: SkirmState) -> Decision:
        return turn.decision(state)

    def legal_actions(self, state: SkirmState, side: str) -> list[Action]:
        return legal.legal_actions(state, side)

    def apply(self, state: SkirmState, action: Action, ctx: Context) -> None:
        d = turn.decision(state)
        if d.side is None:
            raise Refusal("the game is over")
        if action.side != d.side:
            raise Refusal(f"it is {state.side(d.side).name}'s decision now: {d.prompt}")
        handlers = {
            RollOff: lambda: turn.apply_rolloff(state, ctx),
            Activate: lambda: turn.activate(state, action.side, action.unit, ctx),
            Nominate: lambda: turn.nominate(state, action.side, action.unit, action.target, ctx),
            Move: lambda: acts.move(state, action, ctx),
            Pivot: lambda: acts.pivot(state, action, ctx),
            Shoot: lambda: acts.shoot(state, action, ctx),
            Spray: lambda: acts.spray(state, action, ctx),
            Charge: lambda: acts.charge(state, action, ctx),
            Overwatch: lambda: acts.overwatch(state, action, ctx),
            EndActivation: lambda: acts.end(state, action, ctx),
            OverwatchFire: lambda: reaction.fire(state, action, ctx),
            WatchCharge: lambda: reaction.charge(state, action, ctx),
            WatchMove: lambda: reaction.move(state, action, ctx),
            HoldFire: lambda: reaction.hold(state, action, ctx),
            PushBack: lambda: acts.melee_choice(state, action, ctx),
            Lock: lambda: acts.melee_choice(state, action, ctx),
        }
        handler = handlers.get(type(action))
        if handler is None:
            raise Refusal(f"{action.text()} is not a skirmish action")
        handler()

    def victory(self, state: SkirmState) -> GameResult | None:
        return victory.check(state)

    def view(self, state: SkirmState, side: str | None) -> SkirmState:
        return view.view(state, side)

    def hidden_from(self, state: SkirmState, side: str, rng: random.Random) -> SkirmState:
        return view.hidden_from(state, side, rng)

    def preview(self, state: SkirmState, action: Action) -> Preview | None:
        u = state.units.get(getattr(action, "unit", ""))
        if u is None or not u.on_map:
            return None
        title = self.describe(state, action)
        moved = state.acting.moved if state.acting and state.acting.unit == u.id else 0
        if isinstance(action, Shoot):
            shots = [action.at] + ([action.second or action.at] if action.shots == 2 else [])
            return preview.fire_preview(state, u, shots, moved=moved, aim=action.aim, title=title)
        if isinstance(action, Spray):
            return preview.fire_preview(state, u, list(action.hits), moved=moved, spray_at=action.at, title=title)
        if isinstance(action, OverwatchFire):
            return preview.fire_preview(state, u, [action.at] * action.shots, moved=0, overwatch=True, title=title)
        if isinstance(action, (Charge, WatchCharge)):
            t = state.unit_at(action.at)
            if t is None or t.side == u.side:
                return None
            return preview.melee_preview(state, u, t, action.path[-1] if action.path else u.at, title)
        if isinstance(action, (Activate, Nominate)) and not u.fleeing:
            return preview.activation_preview(state, u, title)
        return None

    def describe(self, state: SkirmState, action: Action) -> str:
        def name(uid: str) -> str:
            return state.units[uid].name if uid in state.units else uid

        def at(h) -> str:
            t = state.unit_at(h)
            return f"{t.name} at {h}" if t else str(h)

        if isinstance(action, RollOff):
            return "Leaders roll off for the initiative"
        if isinstance(action, Activate):
            return f"Activate {name(action.unit)}"
        if isinstance(action, Nominate):
            return f"{name(action.unit)}: nominate {name(action.target)} to activate next"
        if isinstance(action, Move):
            return f"{name(action.unit)} moves to {action.path[-1]}" if action.path else f"{name(action.unit)} moves"
        if isinstance(action, Pivot):
            return f"{name(action.unit)} pivots to face {action.face}"
        if isinstance(action, Shoot):
            aim = {"none": "", "hit": " (aimed: -1 TN)", "reroll": " (aimed: re-roll a miss)",
                   "damage": " (aimed: -2 damage TN)"}[action.aim]
            two = f", then {at(action.second)}" if action.second else ""
            return f"{name(action.unit)} fires {action.shots} shot(s) at {at(action.at)}{two}{aim}"
        if isinstance(action, Spray):
            return f"{name(action.unit)} sprays the area at {action.at} ({len(action.hits)} hit rolls)"
        if isinstance(action, Charge):
            via = f" from {action.path[-1]}" if action.path else ""
            return f"{name(action.unit)} charges {at(action.at)}{via}" if action.path else \
                f"{name(action.unit)} fights {at(action.at)}"
        if isinstance(action, Overwatch):
            return f"{name(action.unit)} goes on overwatch"
        if isinstance(action, EndActivation):
            return f"{name(action.unit)} ends its activation"
        if isinstance(action, OverwatchFire):
            return f"Overwatch: {name(action.unit)} fires {action.shots} shot(s) at {at(action.at)}"
        if isinstance(action, WatchCharge):
            return f"Overwatch: {name(action.unit)} charges {at(action.at)}"
        if isinstance(action, WatchMove):
            return f"Overwatch: {name(action.unit)} moves away to {action.path[-1]}"
        if isinstance(action, HoldFire):
            return "Overwatch: hold fire, let the enemy go on"
        if isinstance(action, PushBack):
            return "Push the loser back 1\"" + (" and fire at it at full RoF" if action.fire else "")
        if isinstance(action, Lock):
            return "Stay locked in combat"
        return action.text()

    def reference(self) -> str:
        return (Path(__file__).parent / "reference.md").read_text(encoding="utf-8")

    def unit_card(self, state: SkirmState, unit_id: str) -> list[tuple[str, str]]:
        u = state.units[unit_id]
        s = u.stats
        w = WEAPONS[s.weapon]
        rows = [(label, f"{getattr(s, key)} ({ladder(getattr(s, key))})") for label, key in (
            ("Skill", "skill"), ("Willpower", "willpower"), ("Shooting", "shooting"), ("CQC", "cqc"),
            ("Physique", "physique"), ("Agility", "agility"))]
        rows.append(("Defence", f"{s.defence}, armour {s.armour} +{ARMOUR[s.armour]}: wound TN {s.wound_tn}"))
        rows.append(("Move", f"{s.speed}\""))
        long = "-" if w.long is None else str(w.long)
        rows.append(("Weapon", f"{w.name} {w.effective}/{long}, damage {w.damage}"
                               + (f"/{w.damage_far}" if w.damage_far else "") + (f", Auto {w.auto}" if w.auto else "")))
        for t in sorted(traits_of(w, s.attachments)) + [w.fire] + list(s.attachments) + (["auto"] if w.auto else []):
            rows.append(("Trait", TRAITS[t]))
        if s.melee != "none":
            m = MELEE[s.melee]
            rows.append(("Melee", f"{m.name}: {m.cqc:+d} TN in CQC, Physique +{m.bonus} damage"))
        if s.leader:
            rows.append(("Leader", "worth 2 points; -1 TN to activate models within 6\""))
        rows.append(("Facing", u.facing))
        tokens = [t for t in ("downed", "suppressed", "fleeing", "overwatch", "activated") if getattr(u, t)]
        rows.append(("Status", "dead" if u.eliminated and not u.fled else ("fled" if u.fled else
                                                                            (", ".join(tokens) or "ready"))))
        if u.on_map:
            info = self.terrain.get(state.board.terrain_at(u.at))
            rows.append(("Terrain", f"{info.label}: {info.effects}" if info else state.board.terrain_at(u.at)))
        return rows

    def unit_marks(self, state: SkirmState, unit_id: str) -> str:
        return marks(state.units[unit_id])

    def side_lines(self, state: SkirmState, side: str) -> list[str]:
        models = [u for u in state.units.values() if u.side == side]
        total = sum(u.stats.points for u in models)
        lost = sum(u.stats.points for u in models if u.eliminated or u.downed)
        lines = [f"Points downed or dead: {lost}/{total}" + (" (morale tests)" if side in state.morale_broken else ""),
                 f"To activate: {len(state.to_activate(side))} of {len(state.units_of(side))}",
                 f"Flees towards the {dict(N='north', S='south', E='east', W='west')[state.home_edge.get(side, 'S')]} edge"]
        if state.active_side == side and state.phase == "activation":
            lines.append("Has the initiative")
        if side in state.horde_stop:
            lines.append("Horde activation failed: the rest only adjust 2\"")
        if side in state.nominated:
            lines.append(f"Must activate {state.units[state.nominated[side]].name} next")
        return lines


RULESET = SkirmishRuleset()
