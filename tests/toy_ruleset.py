"""A tiny rule set for testing the engine: alternate moves and attacks, one reaction, a hidden number.

Side A and side B alternate single actions. A unit may move up to `speed` hexes
(forest costs 2) or attack an adjacent enemy (1d6, hit on `need`+, a hit costs
one strength, 0 strength eliminates). After an attack the defender's side may
react with `brace` once per game (it regains the strength). Each side holds a
secret number that only it may see. Eliminate the enemy to win.

It is the sixth rule set of tests/test_sixth_ruleset.py: registered by one registry line (tests/conftest.py),
it states its plug-ins on the contract (rules/contract.py) from this module alone.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from rules.actions import Action
from rules.contract import AiHints, RulesetDefaults
from rules.core import (
    ActionKind, Context, Decision, GameResult, GameState, OptionSpec, Outcome, Preview, Refusal, Setup, Side, TerrainInfo,
    Unit, side_of,
)
from rules.events import Changed, Eliminated, InitiativePassed, Moved
from rules.hexgrid import Hex, path_cost, path_to, reachable
from rules.odds import p_pass
from rules.resolver import Input, Procedure
from rules.secrecy import PUBLIC, Declaration, nobody, public


class ToyStats(BaseModel):
    strength: int = Field(default=2, ge=1, le=9)
    speed: int = Field(default=2, ge=0, le=6)


class ToyUnit(Unit):
    stats: ToyStats


class ToySide(Side):
    players: list[str] = Field(default_factory=list, max_length=8)
    """Who plays the side (names from files: the hostile-name tests use them)."""


class ToyState(GameState):
    sides: list[ToySide]
    units: dict[str, ToyUnit]
    secret: dict[str, int] = Field(default_factory=dict)
    braces: dict[str, int] = Field(default_factory=dict)
    pending_brace: str | None = None
    """The unit just hit, whose side may brace before play goes on."""


class Move(Action):
    kind: Literal["move"] = "move"
    unit: str
    path: list[Hex]


class Attack(Action):
    kind: Literal["attack"] = "attack"
    unit: str
    target: str


class Brace(Action):
    kind: Literal["brace"] = "brace"
    unit: str


class Pass(Action):
    kind: Literal["pass"] = "pass"


ToyAction = Annotated[Union[Move, Attack, Brace, Pass], Field(discriminator="kind")]


class ToyCampaign(BaseModel):
    """What a toy campaign carries from one battle into the next (the shape Hundred Wars' will have)."""

    model_config = ConfigDict(extra="forbid")
    survivors: list[str] = Field(default_factory=list)
    """Unit ids that fought on."""
    points: dict[str, int] = Field(default_factory=dict)
    """Campaign points per side."""
    repairs: int = Field(default=0, ge=0, le=99)


def _attack_odds(v: dict) -> Preview:
    p = p_pass(6, int(v["need"]), ">=")
    return Preview(title="attack", dice="1d6", outcomes=(Outcome(label="hit", chance=p), Outcome(label="miss", chance=1 - p)))


def _attack_roll(v: dict, dice) -> list[str]:
    (face,) = dice.roll(1, 6, "attack", need=int(v["need"]), test=">=")
    return [f"rolled {face}: {'hit' if face >= int(v['need']) else 'miss'}"]


def _unit_value(state: ToyState, unit: ToyUnit) -> float:
    """A unit's worth to the computer: what the generic reading of its numbers gives (rules/ai/evaluate.py), stated
    by the toy itself so that its hints are the contract's and the games and reports of the toy stay as they were."""
    return 3.0 + unit.stats.strength + unit.stats.speed


class ToyRuleset(RulesetDefaults):
    id = "toy"
    name = "Toy rules (tests only)"
    version = 1
    side_model = ToySide
    victory_kinds = {"eliminate": "a side wins when the enemy has no unit left"}
    campaign_model = ToyCampaign
    options = (OptionSpec(id="need", label="Hit on", default=4), OptionSpec(id="bracing", label="Brace reaction", default=True))
    state_model = ToyState
    action_adapter = TypeAdapter(ToyAction)
    action_kinds = {
        "move": ActionKind(key="m", label="Move", target="path", field="path"),
        "attack": ActionKind(key="a", label="Attack", target="unit", field="target"),
        "brace": ActionKind(key="b", label="Brace", target="none"),
        "pass": ActionKind(key="p", label="Pass", target="none"),
    }
    terrain = {
        "open": TerrainInfo(label="Open", style="open"),
        "forest": TerrainInfo(label="Forest", effects="costs 2 to enter", style="forest"),
        "wall": TerrainInfo(label="wall", effects="no effect", mark="#", style="building"),
        "road": TerrainInfo(label="road", effects="no effect", mark="=", style="road"),
    }
    """No glyphs: the map draws the scenario's legend characters (the toy's forest is 'F'). The
    wall and the road are for the map's tests."""
    secrecy = Declaration({
        "ToyState": {**public("ruleset dice scenario board sides units options victory max_turns turn phase "
                              "active_side result braces pending_brace"), "seed": nobody(), "secret": PUBLIC},
        "Board": public("width height terrain elevation features edges glyphs"),
        "HexFeature": public("at feature"),
        "EdgeFeature": public("at side feature"),
        "ToySide": public("id name players"),
        "ToyUnit": public("id side name kind at eliminated stats"),
        "ToyStats": public("strength speed"),
        "VictoryCondition": public("kind side hexes turn fraction text"),
        "GameResult": public("winner reason turn"),
    })
    """`secret` is a dict of plain numbers keyed by side, which a field's declaration cannot split by owner: the
    toy's own `view` keeps only the viewer's entry (as Hundred Wars' own view removes units under blinds)."""
    procedures = (Procedure("attack", "Attack", "the toy's one roll", (Input("need", "hit on", 4, 1, 6),),
                            _attack_odds, _attack_roll),)
    ai_hints = AiHints(unit_value=_unit_value)

    def setup(self, setup: Setup, seed: int, options, dice: int = 2) -> ToyState:
        units = {
            u.id: ToyUnit(id=u.id, side=u.side, name=u.name, kind=u.kind, at=u.at, stats=ToyStats(**u.stats))
            for u in setup.units
        }
        sides = [s.id for s in setup.sides]
        return ToyState(
            ruleset=self.id, scenario=setup.name, seed=seed, dice=dice, board=setup.board,
            sides=[side_of(ToySide, s) for s in setup.sides],
            units=units, options=options, victory=setup.victory, max_turns=setup.max_turns,
            active_side=sides[0], phase="play",
            secret={s: (seed + i) % 10 for i, s in enumerate(sides)},
            braces={s: 1 for s in sides},
        )

    def _other(self, state: ToyState, side: str) -> str:
        return state.other_sides(side)[0]

    def decision(self, state: ToyState) -> Decision:
        if state.pending_brace:
            return Decision(side=state.units[state.pending_brace].side, prompt="brace or let it stand")
        return Decision(side=state.active_side, prompt="move or attack")

    def _cost(self, state: ToyState, mover: ToyUnit):
        occupied = state.occupied()

        def cost(a: Hex, b: Hex):
            if not state.board.in_bounds(b) or b in occupied:
                return None
            return 2 if state.board.terrain_at(b) == "forest" else 1

        return cost

    def legal_actions(self, state: ToyState, side: str) -> list[Action]:
        if self.decision(state).side != side:
            return []
        if state.pending_brace:
            u = state.pending_brace
            return [Brace(side=side, unit=u), Pass(side=side)] if state.braces[side] else [Pass(side=side)]
        out: list[Action] = [Pass(side=side)]
        for u in state.units_of(side):
            came = reachable(u.at, u.stats.speed, self._cost(state, u))
            for h in came:
                if h != u.at:
                    out.append(Move(side=side, unit=u.id, path=path_to(came, h)[1:]))
            for e in state.units.values():
                if e.side != side and e.on_map and e.at.distance(u.at) == 1:
                    out.append(Attack(side=side, unit=u.id, target=e.id))
        return out

    def apply(self, state: ToyState, action: Action, ctx: Context) -> None:
        if action.side != self.decision(state).side:
            raise Refusal(f"not {action.side}'s turn")
        if isinstance(action, Pass):
            if state.pending_brace:
                state.pending_brace = None
            self._next(state, ctx)
            return
        if isinstance(action, Brace):
            if state.pending_brace != action.unit or not state.braces[action.side]:
                raise Refusal("nothing to brace")
            u = state.units[action.unit]
            state.braces[action.side] -= 1
            ctx.emit(Changed(unit=u.id, field="strength", before=u.stats.strength, after=u.stats.strength + 1, why="braced"))
            u.stats.strength += 1
            u.eliminated = False
            state.pending_brace = None
            self._next(state, ctx)
            return
        unit = state.units.get(action.unit)
        if unit is None or unit.side != action.side or not unit.on_map:
            raise Refusal(f"{action.unit} is not a unit of yours on the map")
        if state.pending_brace:
            raise Refusal("waiting for a brace decision")
        if isinstance(action, Move):
            path = [Hex(*h) for h in action.path]
            if not path or path[0] != unit.at:
                path = [unit.at, *path]
            spent = path_cost(path, self._cost(state, unit))
            if spent is None or spent > unit.stats.speed or len(path) < 2:
                raise Refusal("that path is blocked or too long")
            unit.at = path[-1]
            ctx.emit(Moved(unit=unit.id, path=tuple(path)))
            self._next(state, ctx)
            return
        assert isinstance(action, Attack)
        target = state.units.get(action.target)
        if target is None or target.side == action.side or not target.on_map or target.at.distance(unit.at) != 1:
            raise Refusal("the target must be an adjacent enemy")
        need = int(state.options.get("need", 4))
        (face,) = ctx.dice.roll(1, 6, "attack", side=action.side, unit=unit.id, need=need, test=">=")
        if face >= need:
            before = target.stats.strength
            target.stats.strength -= 1
            ctx.emit(Changed(unit=target.id, field="strength", before=before, after=before - 1, why="hit"))
            if target.stats.strength <= 0:
                target.eliminated = True
                ctx.emit(Eliminated(unit=target.id))
            if state.options.get("bracing", True) and state.braces[target.side] and not target.eliminated:
                state.pending_brace = target.id
                return
        self._next(state, ctx)

    def _next(self, state: ToyState, ctx: Context) -> None:
        nxt = self._other(state, state.active_side)
        if nxt == state.sides[0].id:
            state.turn += 1
        ctx.emit(InitiativePassed(from_side=state.active_side, to_side=nxt))
        state.active_side = nxt

    def victory(self, state: ToyState) -> GameResult | None:
        alive = {u.side for u in state.units.values() if u.on_map}
        if len(alive) == 1:
            return GameResult(winner=alive.pop(), reason="the enemy is eliminated", turn=state.turn)
        if state.max_turns and state.turn > state.max_turns:
            return GameResult(winner=None, reason="turn limit", turn=state.turn)
        return None

    def view(self, state: ToyState, side: str | None) -> ToyState:
        if side is None:
            return state
        seen = state.model_copy(deep=True)
        seen.secret = {s: v for s, v in seen.secret.items() if s == side}
        return seen

    def hidden_from(self, state: ToyState, side: str, rng) -> ToyState:
        """Another side's secret number is what `side` may not know."""
        out = state.model_copy(deep=True)
        out.secret = {s: (v if s == side else rng.randrange(10)) for s, v in out.secret.items()}
        return out

    def preview(self, state: ToyState, action: Action) -> Preview | None:
        if not isinstance(action, Attack):
            return None
        p = p_pass(6, int(state.options.get("need", 4)), ">=")
        return Preview(title="attack", dice="1d6", outcomes=(Outcome(label="hit", chance=p), Outcome(label="miss", chance=1 - p)))

    def describe(self, state: ToyState, action: Action) -> str:
        return action.text()

    def reference(self) -> str:
        return "# Toy\nMove or attack."

    def unit_card(self, state: ToyState, unit_id: str) -> list[tuple[str, str]]:
        u = state.units[unit_id]
        return [("Strength", str(u.stats.strength)), ("Speed", str(u.stats.speed))]

    def unit_marks(self, state: ToyState, unit_id: str) -> str:
        return f"S{state.units[unit_id].stats.strength}"

    def side_lines(self, state: ToyState, side: str) -> list[str]:
        lines = [f"braces left: {state.braces.get(side, 0)}"]
        if side in state.secret:
            lines.append(f"secret: {state.secret[side]}")
        return lines


RULESET = ToyRuleset()
