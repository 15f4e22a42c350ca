"""Every procedure of the quick resolver gives the odds the game shows for the same situation (issue 15).

Each case sets a situation up in a real game (GameService), asks the acting side's seat for its preview of the
action, fills the resolver's inputs with what a game master would read off the table (the units' stats, the
range, the terrain's DV...), and asserts the two exact distributions are equal (Fractions, label by label where
the words are the same, else as the multiset of chances). A procedure the game rolls without a preview is listed
in NO_PREVIEW with the reason; a test checks each listed procedure is in exactly one of the two tables, so a new
procedure cannot go untested.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import partial

import pytest

from rules import registry
from rules.core import Preview
from rules.resolver import procedures, run
from rules.service import GameService


def resolved(ruleset: str, name: str, **given) -> Preview:
    """The resolver's odds of `name` with these inputs typed as a person would type them."""
    proc, values = run(ruleset, name, {k: ("yes" if v is True else "no" if v is False else str(v))
                                       for k, v in given.items()})
    return proc.odds(values)


def chances(preview: Preview) -> list[Fraction]:
    return sorted(o.chance for o in preview.outcomes)


def labelled(preview: Preview, roles: dict[str, str] | None = None, ruleset: str = "") -> dict[str, Fraction]:
    """Words -> chance, the words the rule set's `outcome_words` makes with the units named by the resolver's roles
    (`roles`: "b1" -> "target"; a unit not in it by its id); no odds at all fails (two empty previews must not
    pass as equal)."""
    assert preview is not None and preview.outcomes, "no odds shown"
    out: dict[str, Fraction] = {}
    for o in preview.outcomes:
        label = registry.get(ruleset).outcome_words(o, roles or {})
        out[label] = out.get(label, Fraction(0)) + o.chance
    return out


labelled_dhr, labelled_quad, labelled_skirmish, labelled_dirtside, labelled_hundred_wars = (
    partial(labelled, ruleset=r) for r in ("dhr", "quad", "skirmish", "dirtside", "hundred_wars"))


def same(game: Preview | None, mine: Preview) -> None:
    assert game is not None and game.outcomes, "the game shows no odds here"
    assert chances(mine) == chances(game)
    assert sum(chances(game)) == 1


# --- DHR --------------------------------------------------------------------------------------------------------

def _dhr_fire(target_terrain: str, between: str | None, slots: int):
    from rules.rulesets.dhr.actions import Fire
    from rules.rulesets.dhr.combat import save_dv
    from rules.rulesets.dhr.terrain import cover_dv
    from tests.rules.dhr.helpers import H, activate, board, setup, unit

    terrain = {(4, 2): target_terrain, **({(2, 2): between} if between else {})}
    weapon = {"name": "rifle", "range": 6, "rof": [1, 1]}
    g = GameService.new(setup([unit("r1", "red", (0, 2), figures=6, rating=4, weapons=[weapon]),
                               unit("b1", "blue", (4, 2), figures=5, rating=3)], b=board(12, 6, terrain)), seed=1)
    activate(g, "r1")
    game = g.seat("red").preview(Fire(side="red", unit="r1", at=H(4, 2), slots=slots))
    # what the referee reads off the table: the line's save (DHR-A07) and the DV the target holds (DHR-A11)
    save, cover = save_dv(g.state, H(0, 2), H(4, 2)), cover_dv(g.state.board, H(4, 2), H(0, 2))
    mine = resolved("dhr", "fire", figures=6, rating=4, distance=4, weapon_range=6, rof=slots, slots=slots,
                    target_figures=5, target_rating=3, terrain_dv=save,
                    morale_dv=-1 if cover == save else cover)
    assert labelled_dhr(mine) == labelled_dhr(game, {"b1": "target"})


@pytest.mark.parametrize("target_terrain, between, slots", [
    ("open", None, 1), ("woods", None, 2), ("open", "woods", 1), ("house", "crops", 1)])
def test_dhr_fire(target_terrain, between, slots):
    _dhr_fire(target_terrain, between, slots)


def _dhr_melee(attacker_terrain: str, defender_terrain: str):
    from rules.rulesets.dhr.actions import Melee
    from rules.rulesets.dhr.terrain import cover_dv, hex_dv
    from tests.rules.dhr.helpers import H, activate, board, setup, unit

    g = GameService.new(setup([unit("r1", "red", (2, 2), figures=6, rating=4),
                               unit("b1", "blue", (3, 2), figures=5, rating=3)],
                              b=board(12, 6, {(2, 2): attacker_terrain, (3, 2): defender_terrain})), seed=1)
    activate(g, "r1")
    game = g.seat("red").preview(Melee(side="red", unit="r1", at=H(3, 2)))
    mine = resolved("dhr", "melee", figures=6, rating=4, target_figures=5, target_rating=3,
                    terrain_dv=cover_dv(g.state.board, H(3, 2), H(2, 2)), attacker_dv=hex_dv(g.state.board, H(2, 2)))
    assert labelled_dhr(mine) == labelled_dhr(game, {"r1": "attacker", "b1": "defender"})


@pytest.mark.parametrize("attacker_terrain, defender_terrain", [("open", "house"), ("woods", "crops")])
def test_dhr_melee(attacker_terrain, defender_terrain):
    """The attacker keeps the DV of the hex it attacks from for its own morale (text, Morale: "I would still
    benefit from any terrain DV in which I was attacking from")."""
    _dhr_melee(attacker_terrain, defender_terrain)


def test_dhr_morale():
    """The game has no morale action of its own: a check follows every attack. Folded over the casualties the game
    shows for a fire, the resolver's morale check gives the game's own chance of failing and of each retreat."""
    from rules.rulesets.dhr.actions import Fire
    from tests.rules.dhr.helpers import H, activate, board, setup, unit

    weapon = {"name": "rifle", "range": 6, "rof": [2]}
    g = GameService.new(setup([unit("r1", "red", (0, 2), figures=6, rating=4, weapons=[weapon]),
                               unit("b1", "blue", (3, 2), figures=5, rating=3)], b=board(12, 6, {(3, 2): "woods"})),
                        seed=1)
    activate(g, "r1")
    game = labelled_dhr(g.seat("red").preview(Fire(side="red", unit="r1", at=H(3, 2))))
    casualties = {int(k.split(": ")[1].split()[0]): p for k, p in game.items() if "casualt" in k}
    folded: dict[str, Fraction] = {}
    for c, p in casualties.items():
        if c >= 5:
            continue  # wiped out: no check
        for label, q in labelled_dhr(resolved("dhr", "morale", rating=3, terrain_dv=3, casualties=c)).items():
            if label != "holds":
                folded["fails morale"] = folded.get("fails morale", Fraction(0)) + p * q
                folded[label] = folded.get(label, Fraction(0)) + p * q
    theirs = {k.removeprefix("b1: "): p for k, p in game.items() if "morale" in k or "retreats" in k}
    assert folded == theirs and folded["fails morale"] > 0


@pytest.mark.parametrize("weapon, hex_terrain, figures", [
    ({"name": "mortar", "range": 8, "rof": [1], "area": True, "light": 3}, "woods", 6),
    ({"name": "flamer", "range": 2, "rof": [1], "area": True, "untenable": True}, "house", 4),
    ({"name": "grenades", "range": 1, "rof": [1], "area": True}, "open", 3)])
def test_dhr_area(weapon, hex_terrain, figures):
    """Area effect (optional rule): one roll to land, every figure in the hex saves on the hex's DV."""
    from rules.rulesets.dhr.actions import Fire
    from rules.rulesets.dhr.terrain import hex_dv
    from tests.rules.dhr.helpers import H, activate, board, setup, unit

    at = (1, 2) if weapon["range"] <= 2 else (0, 2)
    options = {"area_effect": True}
    g = GameService.new(setup([unit("r1", "red", at, figures=2, rating=4, weapons=[weapon]),
                               unit("b1", "blue", (2, 2), figures=figures, rating=3)],
                              b=board(12, 6, {(2, 2): hex_terrain}), options=options), seed=1, options=options)
    activate(g, "r1")
    game = g.seat("red").preview(Fire(side="red", unit="r1", at=H(2, 2)))
    distance = H(*at).distance(H(2, 2))
    mine = resolved("dhr", "area", rating=4, distance=distance, weapon_range=weapon["range"],
                    touch=distance <= 1 and weapon["range"] <= 1, light=weapon.get("light", 0),
                    untenable=weapon.get("untenable", False), target_figures=figures, target_rating=3,
                    terrain_dv=hex_dv(g.state.board, H(2, 2)))
    assert mine.dice == game.dice
    assert labelled_dhr(mine) == labelled_dhr(game, {"b1": "target"})


@pytest.mark.parametrize("table, vehicles, armament, armour", [(True, 1, 1, 1), (False, 2, 2, 1), (True, 2, 2, 2)])
def test_dhr_vehicle(table, vehicles, armament, armour):
    """Armament against armour (optional rules), the damage table or a kill, then the crew's morale."""
    from rules.rulesets.dhr.actions import Fire
    from rules.rulesets.dhr.combat import save_dv
    from rules.rulesets.dhr.terrain import cover_dv
    from tests.rules.dhr.helpers import H, activate, board, setup, unit

    gun = {"name": "gun", "range": 10, "rof": [1], "count": 1, "armament": armament, "attack": "ap"}
    options = {"vehicles": True, "damage_table": table}
    g = GameService.new(setup([unit("r1", "red", (0, 2), rating=4, figures=1, weapons=[gun]),
                               unit("b1", "blue", (3, 2), rating=4, figures=vehicles, vehicle=True, armour_dice=armour,
                                    mp=6)], b=board(12, 6, {(3, 2): "brush", (2, 2): "crops"}), options=options),
                        seed=1, options=options)
    activate(g, "r1")
    game = g.seat("red").preview(Fire(side="red", unit="r1", at=H(3, 2)))
    mine = resolved("dhr", "vehicle", figures=1, rating=4, distance=3, weapon_range=10, armament=armament, armour=armour,
                    terrain_dv=save_dv(g.state, H(0, 2), H(3, 2)), damage_table=table, vehicles=vehicles,
                    crew_rating=4, cover_dv=cover_dv(g.state.board, H(3, 2), H(0, 2)))
    assert mine.dice == game.dice
    assert labelled_dhr(mine) == labelled_dhr(game, {"b1": "target"})


# --- QUAD -------------------------------------------------------------------------------------------------------

def test_quad_attack():
    """An attack met in a bundled scenario's play, given to the resolver with the numbers the game gathers."""
    import random

    from rules.hexgrid import Hex
    from rules.rulesets.quad import procedures as qproc
    from rules.rulesets.quad import terrain as ter
    from rules.rulesets.quad.combat import attack_inputs
    from saves.scenarios import load_scenario

    # seed 14: with keyed dice, a game whose random play meets an attack before the rebels hold out
    game, rng = GameService.new(load_scenario("teaching", "quad"), seed=14), random.Random(5)
    for _ in range(600):
        side = game.decision().side
        attacks = [a for a in game.legal_actions(side) if a.kind == "attack"]
        if attacks:
            break
        game.apply(rng.choice(game.legal_actions(side)))
    assert attacks, "no attack came up"
    action = attacks[0]
    state = game.state
    att, dfn = state.units[action.unit], state.unit_at(Hex(*action.at))
    occupied = set(state.occupied())
    blocked = lambda h: h in occupied or not ter.passable(state.board, h)  # noqa: E731
    inputs = attack_inputs(state, att, dfn, charged=False, attacker_at=att.at)
    mine = resolved("quad", "attack", attack=inputs.attack_dice, defense=inputs.defense_dice,
                    aq=inputs.attacker_quality, dq=inputs.defender_quality, elite=inputs.elite,
                    attacker_green=inputs.attacker_green, defender_green=inputs.defender_green,
                    attacker_steady=att.stats.has("steady"), defender_steady=dfn.stats.has("steady"),
                    attacker_room=qproc.retreat_capacity(att.at, dfn.at, blocked, 6),
                    defender_room=qproc.retreat_capacity(dfn.at, att.at, blocked, 6))
    same(game.seat(side).preview(action), mine)



@pytest.mark.parametrize("charge", [False, True])
def test_quad_attack_with_terrain_allies_and_a_charge(charge):
    """Numbers a referee reads off the table: Attack 3, +2 charging (a Charger, text: "gains +2 attack"), +1 for an
    ally next to the target; Defense 2, +2 in forest, +1 for a Support unit next to it; room behind each."""
    from rules.hexgrid import from_offset as o
    from rules.rulesets.quad.actions import Attack, Charge
    from tests.rules.quad.helpers import activation, board, setup, start, unit

    state = activation(start(setup([
        unit("a", "red", o(2, 4), quality=4, attack=3, specials=["charger"]),
        unit("f", "red", o(4, 3), quality=3),
        unit("d", "blue", o(4, 4), quality=3, defense=2),
        unit("s", "blue", o(4, 5), quality=3, specials=["support"]),
    ], b=board(16, 8, terrain={o(4, 4): "forest"}))))
    action = (Charge(side="red", unit="a", path=[o(3, 4)], at=o(4, 4)) if charge
              else Attack(side="red", unit="a", at=o(4, 4)))
    if not charge:
        state.units["a"].at = o(3, 4)
    game = GameService(registry.get("quad"), state).seat("red").preview(action)
    from rules.rulesets.quad import procedures as qproc
    from rules.rulesets.quad import terrain as ter

    occupied = {u.at for u in state.units.values() if u.id != "a"} | {o(3, 4)}
    blocked = lambda h: h in occupied or not ter.passable(state.board, h)  # noqa: E731
    rooms = (qproc.retreat_capacity(o(3, 4), o(4, 4), blocked, 6), qproc.retreat_capacity(o(4, 4), o(3, 4), blocked, 6))
    mine = resolved("quad", "attack", attack=3 + (2 if charge else 0) + 1, defense=2 + 2 + 1, aq=4, dq=3,
                    attacker_room=rooms[0], defender_room=rooms[1])
    same(game, mine)


# --- the skirmish game ------------------------------------------------------------------------------------------

def test_skirmish_check():
    """The activation roll: Skill + d10 against the TN the game works out (a leader near: 9)."""
    from rules.rulesets.skirmish.actions import Activate
    from tests.rules.skirmish.helpers import model, o, setup, start

    state = start(setup([model("r1", "red", o(4, 8), leader=True), model("r2", "red", o(6, 8), skill=6),
                         model("b1", "blue", o(4, 1))]))
    game = GameService(registry.get("skirmish"), state).seat("red").preview(Activate(side="red", unit="r2"))
    mine = resolved("skirmish", "check", stat=6, tn=9)
    assert "vs TN 9" in game.dice
    assert labelled_skirmish(mine) == labelled_skirmish(game)


@pytest.mark.parametrize("shots, armour, downed", [(1, "none", False), (2, "light", False), (1, "heavy", True)])
def test_skirmish_shot(shots, armour, downed):
    from rules.rulesets.skirmish.actions import Shoot
    from rules.rulesets.skirmish.procedures.shooting import Situation, shot_for
    from tests.rules.skirmish.helpers import acting, model, o, setup, start

    state = acting(start(setup([model("r1", "red", o(4, 8)), model("b1", "blue", o(4, 2), armour=armour)])), "r1")
    state.units["b1"].downed = downed
    target = state.units["b1"]
    game = GameService(registry.get("skirmish"), state).seat("red").preview(
        Shoot(side="red", unit="r1", at=o(4, 2), shots=shots))
    # the table's numbers: carbine at 6 hexes (2 shots: 2/1 fire), the target's wound TN
    shot = shot_for(state.units["r1"].stats.shooting, Situation(weapon="carbine", distance=6, shots=shots),
                    target.stats.wound_tn)
    mine = resolved("skirmish", "shot", shooting=shot.stat, tn=shot.tn, shots=shots, reroll=shot.reroll,
                    damage=shot.damage, defence=shot.wound_tn, willpower=target.stats.willpower, downed=downed)
    assert labelled_skirmish(mine) == {k.replace("b1 ", "the target ", 1): p for k, p in labelled_skirmish(game).items()}


@pytest.mark.parametrize("a_armour, d_armour", [("none", "none"), ("heavy", "light")])
def test_skirmish_fight(a_armour, d_armour):
    """Each side wounds against the other's own wound TN and checks its own Willpower."""
    from rules.rulesets.skirmish.actions import Charge
    from rules.rulesets.skirmish.table import fighter
    from tests.rules.skirmish.helpers import acting, model, o, setup, start

    state = acting(start(setup([model("r1", "red", o(4, 8), armour=a_armour, willpower=6),
                                model("b1", "blue", o(4, 6), armour=d_armour, melee="knife")])), "r1")
    game = GameService(registry.get("skirmish"), state).seat("red").preview(
        Charge(side="red", unit="r1", path=[o(4, 7)], at=o(4, 6)))
    a_u = state.units["r1"].model_copy(update={"at": o(4, 7)})
    a, d = fighter(state, a_u, state.units["b1"], active=True), fighter(state, state.units["b1"], a_u, active=False)
    mine = resolved("skirmish", "fight", a_cqc=a.cqc, a_tn=a.tn, a_dice=a.dice, a_damage=a.damage, a_melee=a.melee,
                    a_defence=a.wound_tn, a_willpower=a.willpower, d_cqc=d.cqc, d_tn=d.tn, d_dice=d.dice,
                    d_damage=d.damage, d_melee=d.melee, d_defence=d.wound_tn, d_willpower=d.willpower)
    same(game, mine)



@pytest.mark.parametrize("case", ["climb", "slippery climb", "jump down", "gap jump"])
def test_skirmish_climb(case):
    """A move with one test on its way (text #4): its preview, and the resolver's one test, agree."""
    from rules.rulesets.skirmish import climbs
    from rules.rulesets.skirmish.actions import Move
    from tests.rules.skirmish.helpers import acting, board, model, o, setup, start

    heights, features, terrain, path, start_at = {}, [], {}, [o(4, 7), o(4, 6)], o(4, 8)
    if "climb" in case:
        heights = {o(4, 7): 1, o(4, 6): 1}
        features = [(o(4, 7), "slippery")] if case.startswith("slippery") else []
    elif case == "jump down":
        heights, start_at, path = {o(4, 8): 3}, o(4, 8), [o(4, 7)]
    else:
        terrain, start_at, path = {o(4, 8): "gap", o(5, 8): "gap"}, o(3, 8), [o(4, 8), o(5, 8), o(6, 8)]
    b = board(heights=heights, features=features, terrain=terrain)
    state = acting(start(setup([model("r1", "red", start_at, agility=6), model("b1", "blue", o(14, 0))], b=b)), "r1")
    game = GameService(registry.get("skirmish"), state).seat("red").preview(Move(side="red", unit="r1", path=path))
    (test,) = climbs.path_tests(state.board, start_at, path)  # what the table shows: one obstacle
    assert (test.kind, test.n) == {"climb": ("climb", 1), "slippery climb": ("climb", 1), "jump down": ("drop", 2),
                                   "gap jump": ("jump", 2)}[case]
    mine = resolved("skirmish", "climb", agility=6, kind=test.kind, n=test.n, slippery=case.startswith("slippery"))
    same(game, mine)


# --- Dirtside ---------------------------------------------------------------------------------------------------

def _ds(state, side: str, action) -> Preview | None:
    return GameService(registry.get("dirtside"), state).seat(side).preview(action)


@pytest.mark.parametrize("gun, fc, target_at, resolver", [
    (("HVC", 4), "enhanced", (5, 4), dict(weapon="HVC", cls=4, distance=10, fc="enhanced", signature=4, armour=3)),
    (("MDC", 2), "basic", (5, 9), dict(weapon="MDC", cls=2, distance=5, fc="basic", signature=4, armour=3)),
])
def test_dirtside_fire(gun, fc, target_at, resolver):
    """The tanks face the same way: the shot strikes the target's rear, one armour less (4 -> 3)."""
    from rules.rulesets.dirtside.actions import Fire
    from tests.rules.dirtside.helpers import at, setup, start, tank, team, unit

    state = start(setup([unit("b", "blue", at(5, 14), [tank("B1", gun=gun, fc=fc)], facing=1),
                         unit("r", "red", at(*target_at), [tank("R1", armour=4, size=4)], facing=1),
                         unit("rx", "red", at(18, 1), [team("X")])]), first="blue")
    game = _ds(state, "blue", Fire(side="blue", unit="b", at=at(*target_at)))
    label = f"{resolver['weapon']}/{resolver['cls']}"
    mine = labelled_dirtside(resolved("dirtside", "fire", **resolver))
    assert mine == {k.replace(f"B1 {label}", label): p for k, p in labelled_dirtside(game).items()} and sum(mine.values()) == 1


def test_dirtside_confidence_test():
    """Harassing fire: each infantry unit in the zone takes a +0 confidence test (the bombard's preview)."""
    from rules.rulesets.dirtside import morale
    from rules.rulesets.dirtside.actions import Bombard
    from tests.rules.dirtside.helpers import at, setup, start, tank, team, unit

    guns = [tank(f"Gun {i}", gun=("HVC", 3), artillery="medium", ammo=1) for i in (1, 2)]
    state = start(setup([unit("bat", "blue", at(2, 8), guns, facing=0),
                         unit("a", "red", at(8, 8), [team("A")], quality="veteran", leadership=1),
                         unit("c", "red", at(18, 1), [team("C")])]), first="blue")
    game = _ds(state, "blue", Bombard(side="blue", unit="bat", at=at(8, 8), munition="harass", sheaf="open"))
    mine = labelled_dirtside(resolved("dirtside", "test", quality="veteran", leadership=1, threat=morale.ARTILLERY_ON_INFANTRY,
                             kind="confidence"))
    assert {f"a: {k}": p for k, p in mine.items()} == labelled_dirtside(game)


def test_dirtside_reaction_test():
    """An infantry unit under fire must pass a reaction test (+1) to move: the move's preview."""
    from rules.rulesets.dirtside import morale
    from rules.rulesets.dirtside.actions import Move
    from tests.rules.dirtside.helpers import at, setup, start, team, unit

    state = start(setup([unit("obs", "blue", at(5, 14), [team("HQ")], leadership=3, under_fire=True),
                         unit("r", "red", at(5, 6), [team("A")]), unit("rx", "red", at(18, 1), [team("X")])]),
                  first="blue")
    game = _ds(state, "blue", Move(side="blue", unit="obs", path=[at(5, 13)]))
    mine = resolved("dirtside", "test", leadership=3, threat=morale.UNDER_FIRE_INFANTRY, kind="reaction")
    assert labelled_dirtside(mine) == {"passes: carries out the action": labelled_dirtside(game)["moves"],
                              "fails": labelled_dirtside(game)["will not move"]}


def test_dirtside_assault():
    from rules.rulesets.dirtside.actions import Assault
    from tests.rules.dirtside.helpers import at, setup, start, tank, team, unit

    state = start(setup([unit("b", "blue", at(5, 10), [tank("B1"), tank("B2")]),
                         unit("r", "red", at(5, 8), [team("A"), team("B")], quality="green"),
                         unit("rx", "red", at(18, 1), [team("X")])]), first="blue")
    game = _ds(state, "blue", Assault(side="blue", unit="b", at=at(5, 8)))
    mine = resolved("dirtside", "assault", bonus=2, d_quality="green")  # the house bonus: all vehicles v none, +2
    assert labelled_dirtside(mine) == labelled_dirtside(game)


@pytest.mark.parametrize("guidance, ecm, pds", [("enhanced", "basic", None), ("basic", "none", "superior")])
def test_dirtside_contest(guidance, ecm, pds):
    """A guided missile's guidance die against the target's ECM (d4 without) and PDS: the GMS shot's hit chance."""
    from rules.rulesets.dirtside.actions import Fire
    from rules.rulesets.dirtside.ladder import ECM_DIE, SYSTEM_DIE
    from tests.rules.dirtside.helpers import at, setup, start, tank, team, unit

    gms = tank("B1")
    gms["design"]["weapons"] = [{"type": "GMS/H", "guidance": guidance}]  # its one fire control fires the GMS
    state = start(setup([unit("b", "blue", at(5, 14), [gms], facing=1),
                         unit("r", "red", at(5, 8), [tank("R1", ecm=ecm, **({"pds": pds} if pds else {}))], facing=1),
                         unit("rx", "red", at(18, 1), [team("X")])]), first="blue")
    game = labelled_dirtside(_ds(state, "blue", Fire(side="blue", unit="b", at=at(5, 8))))
    hit = sum((p for k, p in game.items() if k.startswith("B1 GMS/H hits")), Fraction(0))
    assert game["B1 GMS/H misses"] == 1 - hit
    mine = labelled_dirtside(resolved("dirtside", "contest", active=SYSTEM_DIE[guidance], passive=ECM_DIE[ecm],
                             second=SYSTEM_DIE[pds] if pds else 0))
    assert mine == {"hit (strictly higher)": hit, "miss (ties miss)": 1 - hit}


@pytest.mark.parametrize("munition", ["MAK", "HEF"])
def test_dirtside_artillery(munition):
    from rules.rulesets.dirtside.actions import Bombard
    from tests.rules.dirtside.helpers import at, setup, start, tank, team, unit

    guns = [tank(f"Gun {i}", gun=("HVC", 3), artillery="medium", ammo=1) for i in (1, 2)]
    state = start(setup([unit("m", "blue", at(5, 14), guns, facing=1), unit("r", "red", at(5, 6), [tank("R1", armour=3)]),
                         unit("rx", "red", at(18, 1), [team("X")])]), first="blue")
    game = labelled_dirtside(_ds(state, "blue", Bombard(side="blue", unit="m", at=at(5, 6), munition=munition)))
    mine = labelled_dirtside(resolved("dirtside", "artillery", munition=munition, target="vehicle", guns=2, armour=3))
    assert {f"r R1: {k}": p for k, p in mine.items()} == game


def test_dirtside_call():
    from rules.rulesets.dirtside.actions import Call
    from tests.rules.dirtside.helpers import at, setup, start, tank, team, unit

    battery = unit("bat", "blue", None, [tank("Gun", gun=("HVC", 3), artillery="light", ammo=1)],
                   role="battery", artillery="light", off_table=True)
    state = start(setup([unit("obs", "blue", at(5, 14), [team("HQ")], leadership=3), battery,
                         unit("r", "red", at(5, 6), [team("A")]), unit("rx", "red", at(18, 1), [team("X")])]),
                  first="blue")
    game = _ds(state, "blue", Call(side="blue", unit="obs", battery="bat", at=at(5, 6)))
    assert labelled_dirtside(resolved("dirtside", "call", leadership=3, off_table=True)) == labelled_dirtside(game)


@pytest.mark.parametrize("element, resolver", [
    ("tank", dict(target="vehicle", armour=4)), ("team", dict(target="infantry", kill=4))])
def test_dirtside_mines(element, resolver):
    from rules.board import Board, HexFeature
    from rules.rulesets.dirtside.actions import Move
    from tests.rules.dirtside.helpers import at, board, setup, start, tank, team, unit

    b = board()
    mined = Board(width=b.width, height=b.height, terrain=b.terrain, features=(HexFeature(at=at(10, 8), feature="minefield"),))
    mover = tank("T", armour=4) if element == "tank" else team("T")
    state = start(setup([unit("t", "blue", at(10, 11), [mover]), unit("rx", "red", at(18, 1), [team("X")])], b=mined),
                  first="blue")
    game = labelled_dirtside(_ds(state, "blue", Move(side="blue", unit="t", path=[at(10, 10)])))
    mine = labelled_dirtside(resolved("dirtside", "mines", **resolver))
    assert {f"moves; first mines: T {k}": p for k, p in mine.items()} == game



@pytest.mark.parametrize("quality, leadership, command", [("regular", 2, 1), ("green", 3, 3), ("veteran", 1, 2)])
def test_dirtside_rally(quality, leadership, command):
    from rules.rulesets.dirtside.actions import Rally
    from tests.rules.dirtside.helpers import at, setup, start, tank, team, unit

    state = start(setup([unit("hq", "blue", at(2, 14), [tank("HQ")], command=True, leadership=command),
                         unit("p", "blue", at(5, 14), [team("A")], confidence="SH", quality=quality,
                              leadership=leadership),
                         unit("r", "red", at(18, 1), [team("X")])]), first="blue")
    game = _ds(state, "blue", Rally(side="blue", unit="p"))
    mine = resolved("dirtside", "rally", quality=quality, leadership=leadership, command=command)
    assert mine.dice == game.dice and labelled_dirtside(mine) == labelled_dirtside(game)


@pytest.mark.parametrize("engineers", [1, 2, 3])
def test_dirtside_clear(engineers):
    from rules.board import Board, HexFeature
    from rules.rulesets.dirtside.actions import ClearMines
    from tests.rules.dirtside.helpers import at, board, setup, start, team, unit

    b = board()
    mined = Board(width=b.width, height=b.height, terrain=b.terrain, features=(HexFeature(at=at(10, 8), feature="minefield"),))
    state = start(setup([unit("eng", "blue", at(10, 10), [team(f"E{i}", kind="engineer") for i in range(engineers)]),
                         unit("rx", "red", at(18, 1), [team("X")])], b=mined), first="blue")
    game = _ds(state, "blue", ClearMines(side="blue", unit="eng", at=at(10, 8)))
    mine = resolved("dirtside", "clear", engineers=engineers)
    assert mine.dice.split()[0] == game.dice.split()[0] and labelled_dirtside(mine) == labelled_dirtside(game)  # the same die


# --- A Hundred Wars ---------------------------------------------------------------------------------------------

def _hw(state, side: str, text: str) -> Preview | None:
    from rules.actions import parse_action

    ruleset = registry.get("hundred_wars")
    return GameService(ruleset, state).seat(side).preview(parse_action(ruleset.action_adapter, text))


@pytest.mark.parametrize("rolled, flank", [(None, False), ("hard", False), ("very_hard", True)])
def test_hundred_wars_fire(rolled, flank):
    from rules.rulesets.hundred_wars import field
    from tests.rules.hundred_wars.helpers import INF, at, board, game, unit

    target_at = at(5, 3) if flank else at(3, 4)
    s = game([unit("r", "red", at(3, 1), **{**INF, "weapons": [{"fire": 40, "range": 30}]}),
              unit("b", "blue", target_at, **{**INF, "armour": 30})],
             b=board(terrain={at(3, 3): "wood"} if rolled else {}), rolled={f"wood@{at(3, 3)}": rolled} if rolled else None)
    shown = _hw(s, "red", f"fire red unit=r at={'5,3' if flank else '3,4'}")
    # the worst terrain the line crosses, the target's piece included (the flank shot passes by the wood)
    known = [lvl for h in [*field.between(at(3, 1), target_at), target_at]
             if (lvl := field.known_level(s, h, None)) is not None]
    worst = max(known, key=["easy", "hard", "very_hard", "impassable"].index, default="easy")
    assert worst == ("easy" if flank or not rolled else rolled)
    mine = resolved("hundred_wars", "fire", distance=field.cm(s, at(3, 1), target_at), weapon_range=30, fire=40,
                    armour=30, terrain=worst, arc=field.arc(s.units["b"], at(3, 1)), hex_cm=s.hex_cm)
    assert labelled_hundred_wars(mine) == labelled_hundred_wars(shown, {"b": "target"})


def test_hundred_wars_terrain():
    """A terrain piece on the line of fire not rolled yet: the game folds its 1d10 into the shot's odds. The
    resolver's terrain roll, each level's shot from the resolver, gives the same mixture."""
    from rules.rulesets.hundred_wars import field
    from rules.rulesets.hundred_wars import terrain as ter
    from tests.rules.hundred_wars.helpers import INF, at, board, game, unit

    s = game([unit("r", "red", at(3, 1), **{**INF, "weapons": [{"fire": 40, "range": 30}]}),
              unit("b", "blue", at(3, 4), **{**INF, "armour": 30})], b=board(terrain={at(3, 3): "wood"}))
    shown = labelled_hundred_wars(_hw(s, "red", "fire red unit=r at=3,4"), {"b": "target"})
    folded: dict[str, Fraction] = {}
    for label, p in labelled_hundred_wars(resolved("hundred_wars", "terrain", table="ground")).items():
        level = next(lvl for lvl in ter.LEVELS if label.startswith(ter.LEVEL_WORDS[lvl]))
        shot = resolved("hundred_wars", "fire", distance=field.cm(s, at(3, 1), at(3, 4)), weapon_range=30, fire=40,
                        armour=30, terrain=level, hex_cm=s.hex_cm)
        for k, q in labelled_hundred_wars(shot).items():
            folded[k] = folded.get(k, Fraction(0)) + p * q
    assert folded == shown


def test_hundred_wars_move():
    from tests.rules.hundred_wars.helpers import INF, at, game, unit

    s = game([unit("i", "red", at(0, 0), **{**INF, "move": [{"mode": "ground", "factor": 17}]}),
              unit("e", "blue", at(11, 7))], phase="move")
    s.units["i"].counter = at(4, 0)
    shown = _hw(s, "red", "move red unit=i")
    # pieces not yet rolled count as Hard in the game's preview; the open ground here is Easy
    mine = resolved("hundred_wars", "move", move=17, hexes=4, hex_cm=s.hex_cm)
    assert labelled_hundred_wars(mine) == labelled_hundred_wars(shown)


def test_hundred_wars_cqb():
    from tests.rules.hundred_wars.helpers import INF, at, game, unit

    s = game([unit("i", "red", at(3, 1), **{**INF, "cqb": 25}), unit("e", "blue", at(3, 4), **{**INF, "cqb": 14}),
              unit("h", "red", at(0, 0), **{**INF, "orders": 3, "orders_range": 60})], phase="counters", pips={"h": 3})
    shown = labelled_hundred_wars(_hw(s, "red", "counter red unit=i to=3,4"))
    mine = labelled_hundred_wars(resolved("hundred_wars", "cqb", a1=25, b1=14))
    assert {k.replace("the first side", "i").replace("the second side", "e"): p for k, p in mine.items()} == shown


@pytest.mark.parametrize("ecm", [0, 4])
def test_hundred_wars_ads(ecm):
    """A Fire above 35 at a unit an ADS guards: the ADS roll (and the firer's ECM against it) cuts the Fire before the
    Fire roll. The resolver's interception, each cut Fire's shot from the resolver, gives the game's preview."""
    from rules.rulesets.hundred_wars import field
    from tests.rules.hundred_wars.helpers import INF, at, game, unit

    jammer = [unit("j", "red", at(2, 1), **{**INF, "ecm": ecm, "ecm_range": 40})] if ecm else []
    s = game([unit("r", "red", at(3, 1), **{**INF, "weapons": [{"fire": 60, "range": 30}]}), *jammer,
              unit("b", "blue", at(3, 4), **{**INF, "armour": 30}),
              unit("g", "blue", at(4, 5), **{**INF, "ads": 6, "ads_range": 20})])
    shown = _hw(s, "red", "fire red unit=r at=3,4")
    assert any("ADS may cut" in n for n in shown.notes)
    folded: dict[str, Fraction] = {}
    for label, p in labelled_hundred_wars(resolved("hundred_wars", "ads", fire=60, ads=6, ecm=ecm)).items():
        shot = resolved("hundred_wars", "fire", distance=field.cm(s, at(3, 1), at(3, 4)), weapon_range=30,
                        fire=int(label.split()[1]), armour=30, hex_cm=s.hex_cm)
        for k, q in labelled_hundred_wars(shot).items():
            folded[k] = folded.get(k, Fraction(0)) + p * q
    assert folded == labelled_hundred_wars(shown, {"b": "target"})


@pytest.mark.parametrize("speed, accelerate", [(30, False), (0, True)])
def test_hundred_wars_space(speed, accelerate):
    """A space unit's movement roll changes its speed, which it then moves (AHW-A21). The move's preview was a
    ground walk; it now folds the speed change in, as the move itself does (every face played), and the resolver's
    speed change, walked, gives the same hexes."""
    from rules.rulesets.hundred_wars import terrain as ter
    from rules.rulesets.hundred_wars.procedures import movement as mp
    from tests.rules.hundred_wars.helpers import at, board, game, unit
    from tests.rules.hundred_wars.helpers import act

    ship = {"move": [{"mode": "space", "factor": 80}], "cqb": 1, "armour": 70}
    b = board(terrain={at(c, r): "space" for c in range(12) for r in range(8)})

    def fresh():
        s = game([unit("s", "red", at(0, 0), **ship), unit("e", "blue", at(11, 7), **ship)], b=b, phase="move")
        s.units["s"].counter, s.units["s"].speed = at(11, 0), speed
        return s

    s = fresh()
    text = f"move red unit=s accelerate={'true' if accelerate else 'false'}"
    shown = labelled_hundred_wars(_hw(s, "red", text))
    played: dict[str, Fraction] = {}
    for face in range(1, 101):
        t = fresh()
        act(t, text, face)
        n = t.units["s"].at.distance(at(0, 0))
        label = f"moves {n} hex{'es' if n != 1 else ''} ({n * t.hex_cm} cm)"
        played[label] = played.get(label, Fraction(0)) + Fraction(1, 100)
    assert played == shown
    level = ter.for_mobile("easy", False)
    folded: dict[str, Fraction] = {}
    for label, p in labelled_hundred_wars(resolved("hundred_wars", "space", speed=speed, move=80, accelerate=accelerate)).items():
        now = int(label.split()[1])
        n = mp.walk(now, max(now, 1), level, [level] * 11, s.hex_cm).steps
        key = f"moves {n} hex{'es' if n != 1 else ''} ({n * s.hex_cm} cm)"
        folded[key] = folded.get(key, Fraction(0)) + p
    assert folded == shown



def _teleport_game(red_ecm: int):
    """Red's teleporter at (3,1) with three units beside it (one an ECM unit of factor `red_ecm` when not 0); blue's
    ECM unit (6) 20 cm away."""
    from tests.rules.hundred_wars.helpers import INF, at, game, unit

    ecm = {**INF, "ecm": red_ecm, "ecm_range": 40} if red_ecm else INF
    return game([unit("t", "red", at(3, 1), **{**INF, "teleport": 3, "teleport_range": 30}),
                 unit("a", "red", at(2, 1)), unit("b", "red", at(4, 1)), unit("c", "red", at(3, 2), **ecm),
                 unit("j", "blue", at(3, 5), **{**INF, "ecm": 6, "ecm_range": 40})], phase="move")


@pytest.mark.parametrize("red_ecm, held", [(0, 3), (5, 2)])
def test_hundred_wars_hijack(red_ecm, held):
    """ECM against a teleporter's buffers in Phase 5: the contest (against the best enemy ECM in range), then 1d10."""
    s = _teleport_game(red_ecm)
    for uid in ("a", "b", "c")[:held]:
        s.units[uid].at = None
    s.units["t"].buffer = list(("a", "b", "c")[:held])
    s.order, s.active_side = ["blue", "red"], "blue"
    shown = _hw(s, "blue", "jam blue unit=j at=3,1")
    theirs = red_ecm if held < 3 else 0  # c, red's ECM unit, is on the table only when not held
    mine = resolved("hundred_wars", "hijack", mine=6, theirs=theirs, units=held)
    assert labelled_hundred_wars(mine) == labelled_hundred_wars(shown)


def test_hundred_wars_disrupt():
    """ECM against a unit about to be dematerialised. The game's preview keeps the 1d10 (units kept this turn) in one
    line; the resolver shows each count: they agree on the contest, and the counts add up to the game's line."""
    s = _teleport_game(0)
    from rules.actions import parse_action

    ruleset = registry.get("hundred_wars")
    ruleset.apply(s, parse_action(ruleset.action_adapter, "gather red unit=t passenger=a"), _no_dice())
    assert s.paused and s.paused[-1].kind == "ecm_teleport"
    shown = labelled_hundred_wars(_hw(s, "blue", "jam blue unit=j at=3,1"))
    mine = labelled_hundred_wars(resolved("hundred_wars", "disrupt", mine=6))
    fails = "the ECM fails (or is beaten)"
    assert mine[fails] == shown[fails]
    assert sum(p for k, p in mine.items() if k != fails) == shown["disrupted: it stays, with 1d10 units in all kept this turn"]


def _no_dice():
    from rules.core import Context
    from rules.dice import ScriptedDice

    return Context(lambda sink: ScriptedDice(sink=sink))


# --- the toy (tests/toy_ruleset.py), the sixth rule set: its one procedure ------------------------------------------

@pytest.mark.parametrize("need", [2, 4, 6])
def test_toy_attack(need):
    from tests.conftest import toy_setup
    from tests.toy_ruleset import Attack

    game = GameService.new(toy_setup(options={"need": need}), seed=1)
    shown = game.ruleset.preview(game.state, Attack(side="a", unit="a1", target="b1"))
    _, values = run("toy", "attack", {"need": str(need)})
    same(shown, procedures("toy")["attack"].odds(values))


# --- every listed procedure: a parity test above, or the reason the game shows no odds for it ---------------------

PARITY: dict[tuple[str, str], Callable] = {
    ("quad", "attack"): test_quad_attack, ("toy", "attack"): test_toy_attack,
    ("dhr", "fire"): test_dhr_fire, ("dhr", "melee"): test_dhr_melee, ("dhr", "morale"): test_dhr_morale,
    ("dhr", "area"): test_dhr_area, ("dhr", "vehicle"): test_dhr_vehicle,
    ("skirmish", "check"): test_skirmish_check, ("skirmish", "shot"): test_skirmish_shot,
    ("skirmish", "fight"): test_skirmish_fight, ("skirmish", "climb"): test_skirmish_climb,
    ("dirtside", "fire"): test_dirtside_fire, ("dirtside", "test"): test_dirtside_confidence_test,
    ("dirtside", "assault"): test_dirtside_assault, ("dirtside", "contest"): test_dirtside_contest,
    ("dirtside", "artillery"): test_dirtside_artillery, ("dirtside", "call"): test_dirtside_call,
    ("dirtside", "mines"): test_dirtside_mines, ("dirtside", "rally"): test_dirtside_rally,
    ("dirtside", "clear"): test_dirtside_clear,
    ("hundred_wars", "fire"): test_hundred_wars_fire, ("hundred_wars", "terrain"): test_hundred_wars_terrain,
    ("hundred_wars", "move"): test_hundred_wars_move, ("hundred_wars", "cqb"): test_hundred_wars_cqb,
    ("hundred_wars", "ads"): test_hundred_wars_ads, ("hundred_wars", "space"): test_hundred_wars_space,
    ("hundred_wars", "hijack"): test_hundred_wars_hijack, ("hundred_wars", "disrupt"): test_hundred_wars_disrupt,
}
"""Each procedure with an in-game preview, and its test (Dirtside's test also: test_dirtside_reaction_test)."""

NO_PREVIEW: dict[tuple[str, str], str] = {
    ("skirmish", "downed"): "the clean-up roll is made at the end of the turn, nobody's decision: no action to preview",
    ("dirtside", "missile"): "SAM and dogfight actions roll without a preview",
    ("dirtside", "airdefence"): "air defence fire is a reaction rolled without a preview",
    ("hundred_wars", "orders"): "the orders roll is the phase's first act, rolled without a preview",
    ("hundred_wars", "ecm"): "a jam of a commander's pips or an ECM attack on an ADS rolls without a preview",
    ("hundred_wars", "repair"): "field repairs roll without a preview",
    ("hundred_wars", "teleport"): "a teleport rolls without a preview",
    ("hundred_wars", "ram"): "a ram is pure damage, no roll: the Move counter set for it has no preview",
    ("hundred_wars", "suicide"): "a suicide attack's Move counter has no preview",
    ("hundred_wars", "scuttle"): "after the battle (campaign), no action of a game",
    ("hundred_wars", "bonus"): "after the battle (campaign), no action of a game",
    ("hundred_wars", "pool"): "after the battle (campaign), no action of a game",
}
"""Procedures the game rolls without showing odds first: their odds are checked against every roll of the
procedure instead (tests/rules/hundred_wars/test_resolve.py, tests/rules/dirtside/test_resolve.py)."""


def test_every_listed_procedure_is_compared_with_the_game_or_says_why_not():
    listed = {(e.id, p) for e in registry.entries() for p in procedures(e.id)}
    assert not set(PARITY) & set(NO_PREVIEW)
    assert set(PARITY) | set(NO_PREVIEW) == listed

