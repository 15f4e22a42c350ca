"""The bundled `hedgerow` scenario: the optional rules the other scenarios cannot reach (QA):
an RTO's artillery and air strike, a Medic and a Leader attached, and vehicle against vehicle
(the text's M5 against the Panther), with the damage table, and grenades (area effect). It loads, each of those actions is
legal during play, and it plays to its end with seeded dice."""

from __future__ import annotations

import random

import pytest

from rules.rulesets.dhr import combat
from rules.rulesets.dhr.actions import Attach, Call, Drop, Fire
from rules.service import GameService

from tests.rules.dhr.helpers import activate
from tests.rules.dhr.test_game import play


def load():
    from saves import scenarios

    return scenarios.load_scenario("hedgerow", ruleset="dhr")


def new(seed: int = 1) -> GameService:
    return GameService.new(load(), seed=seed)


def test_it_loads_with_armour_on_both_sides_and_the_special_figures_attached():
    s = load()
    assert {k: s.options.get(k) for k in ("vehicles", "damage_table", "special_figures", "area_effect")} == dict(
        vehicles=True, damage_table=True, special_figures=True, area_effect=True)
    assert {(v.kind, v.side) for v in s.victory} >= {("hold", "us"), ("turn_limit", "de")}
    assert s.max_turns
    st = new().state
    tanks = {u.side: u for u in st.units.values() if u.stats.vehicle}
    assert set(tanks) == {"us", "de"}
    assert tanks["us"].name == "M5 Stuart" and tanks["de"].name == "Panther"
    assert tanks["us"].stats.armour_dice < tanks["de"].stats.armour_dice
    specials = {u.stats.special: u for u in st.units.values() if u.stats.special}
    assert set(specials) == {"leader", "rto", "medic"}
    assert all(f.attached_to and f.at == st.units[f.attached_to].at for f in specials.values())
    assert specials["rto"].artillery >= 1 and specials["rto"].air >= 1
    host = st.units[specials["medic"].attached_to]
    assert combat.has_medic(st, host)
    assert combat.leader_rating(st, st.units[specials["leader"].attached_to]) == specials["leader"].stats.rating


def test_the_m5_may_fire_its_gun_at_the_panther_and_the_panther_back():
    g = new()
    st = g.state
    m5, panther = st.units["us3"], st.units["de3"]
    activate(g, "us3")
    shots = [a for a in g.legal_actions("us") if isinstance(a, Fire) and a.unit == "us3" and a.at == panther.at]
    assert {a.weapon for a in shots} == {0}, "only the 37mm gun (armament dice) may hurt the Panther"
    activate(g, "de3")
    shots = [a for a in g.legal_actions("de") if isinstance(a, Fire) and a.unit == "de3" and a.at == m5.at]
    assert {a.weapon for a in shots} == {0}


def test_the_rto_may_call_artillery_and_an_air_strike():
    g = new()
    activate(g, "us6")
    calls = {(a.strike, a.at) for a in g.legal_actions("us") if isinstance(a, Call)}
    assert {s for s, _ in calls} == {"artillery", "air"}
    assert {at for _, at in calls} == {u.at for u in g.state.units.values() if u.side == "de"}
    call = next(a for a in g.legal_actions("us") if isinstance(a, Call) and a.strike == "artillery")
    assert g.apply(call).ok
    assert g.state.units["us6"].artillery == 1


@pytest.mark.parametrize("fig", ["us4", "us5"])
def test_the_leader_and_the_medic_may_drop_out_and_attach_again(fig):
    g = new()
    activate(g, fig)
    drop = next(a for a in g.legal_actions("us") if isinstance(a, Drop) and a.unit == fig)
    assert g.apply(drop).ok and g.state.units[fig].attached_to is None
    activate(g, fig)
    g.state.activated = []
    attach = [a for a in g.legal_actions("us") if isinstance(a, Attach) and a.unit == fig]
    assert attach, "a special figure standing alone may join a unit next to it"


def test_random_seeded_play_reaches_every_one_of_these_actions():
    seen: set[str] = set()
    for seed in range(1, 7):
        g = new(seed)
        rng = random.Random(seed)
        while g.decision().side is not None:
            acts = g.legal_actions()
            for a in acts:
                u = g.state.units.get(getattr(a, "unit", ""))
                if isinstance(a, Call):
                    seen.add(f"call {a.strike}")
                elif isinstance(a, (Attach, Drop)) and u is not None:
                    seen.add(f"{a.kind} {u.stats.special}")
                elif isinstance(a, Fire) and u is not None and u.stats.weapons[a.weapon].area:
                    seen.add(f"grenade {u.side}")
                if isinstance(a, Fire) and u is not None and u.stats.vehicle:
                    target = next((v for v in g.state.units.values()
                                   if v.on_map and v.at == a.at and v.attached_to is None), None)
                    if target is not None and target.stats.vehicle:
                        seen.add(f"tank fire {u.side}")
            attacks = [a for a in acts if a.kind in ("fire", "melee", "overrun", "call")]
            a = rng.choice(attacks if attacks and rng.random() < 0.7 else acts)
            assert g.apply(a).ok
        assert g.result is not None
    assert seen >= {"call artillery", "call air", "drop medic", "drop leader", "tank fire us", "tank fire de"}


def test_grenades_are_area_attacks_at_close_range():
    from rules.hexgrid import from_offset

    g = new()
    st = g.state
    us2, de1 = st.units["us2"], st.units["de1"]
    grenade = next(i for i, w in enumerate(us2.stats.weapons) if w.name == "Rifle grenade")
    us2.at = from_offset(7, 3)  # two hexes from the Grenadiers in the farmhouse
    for f in st.units.values():
        if f.attached_to == "us2":
            f.at = us2.at
    activate(g, "us2")
    throws = [a for a in g.legal_actions("us") if isinstance(a, Fire) and a.weapon == grenade]
    assert [a.at for a in throws if a.at == de1.at], "the rifle grenade reaches the farmhouse"
    pv = g.preview(throws[0])
    assert "to land on the hex" in pv.dice and "3 or less to catch it (light)" in pv.dice
    sticks = next(i for i, w in enumerate(de1.stats.weapons) if w.name == "Stick grenades")
    us2.at = from_offset(7, 2)
    for f in st.units.values():
        if f.attached_to == "us2":
            f.at = us2.at
    activate(g, "de1")
    assert any(isinstance(a, Fire) and a.weapon == sticks and a.at == us2.at for a in g.legal_actions("de"))


@pytest.mark.parametrize("seed", [3, 7, 11])
def test_it_plays_to_its_end_with_seeded_dice(seed):
    s = load()
    g = GameService.new(s, seed=seed)
    play(g, seed=seed, undo_every=4)
    assert g.result is not None and g.result.turn <= s.max_turns
    assert g.events[-1].kind == "game_over"
    again = GameService.replay(g.ruleset, g.initial, g.log)
    assert again.state == g.state
