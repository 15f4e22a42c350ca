"""House rules that play otherwise than their texts said (issue 27), each with forced dice."""

from __future__ import annotations

import pytest

from rules.core import Refusal
from rules.rulesets.dirtside.turn import legal_actions

from tests.rules.dirtside.helpers import at, play, setup, start, tank, team, unit

GUNS = [tank("G1", gun=("HVC", 3), artillery="light")]


def test_mortar_teams_spot_for_themselves_but_not_for_other_artillery():
    """Text: "They are able to spot for themselves, but not for other artillery." """
    state = start(setup([
        unit("m", "blue", at(5, 14), [team("Mortar", kind="mortar")]),
        unit("bb", "blue", None, GUNS, role="battery", artillery="light", off_table=True),
        unit("inf", "red", at(5, 6), [team("A")]), unit("r2", "red", at(15, 2), [team("C")]),
    ]))
    assert not any(a.kind == "call" and a.unit == "m" for a in legal_actions(state, "blue"))
    with pytest.raises(Refusal, match="not for other artillery"):
        play(state, "call blue unit=m battery=bb at=5,6", 6)
    mixed = start(setup([
        unit("m", "blue", at(5, 14), [team("Rifles"), team("Mortar", kind="mortar")]),
        unit("bb", "blue", None, GUNS, role="battery", artillery="light", off_table=True),
        unit("inf", "red", at(5, 6), [team("A")]), unit("r2", "red", at(15, 2), [team("C")]),
    ]))
    play(mixed, "call blue unit=m battery=bb at=5,6", 6)  # its rifle team's leader calls
    assert mixed.missions


def _assault_draws(allies: bool) -> int:
    """The chits a tank with an APFC draws in one round of assault on infantry, with or without a partner
    infantry unit in the combined assault."""
    from rules.core import Context
    from rules.dice import ScriptedDice
    from rules.rulesets.dirtside import assault

    state = start(setup([
        unit("t", "blue", at(5, 8), [tank("APFC tank", apfc=True)]),
        unit("i", "blue", at(7, 8), [team("B1")]),
        unit("d", "red", at(6, 7), [team("D1"), team("D2")]),
    ]), first="blue")
    ctx = Context(lambda sink: ScriptedDice(*([1] * 60), sink=sink))
    t, d = state.units["t"], state.units["d"]
    assault._side_fire(state, t, d, "open", False, "open", ctx, allies=[state.units["i"]] if allies else [])
    return sum(len(e.record.faces) for e in ctx.events if e.kind == "rolled" and e.record.purpose == "draw chit")


def test_an_apfc_is_silent_when_partner_infantry_joins_the_assault():
    """Text: APFCs fire in an assault "UNLESS there is also friendly infantry involved in the assault combat"; the
    infantry of a partner unit of a combined assault is involved too."""
    assert _assault_draws(allies=False) - _assault_draws(allies=True) == 2  # the APFC's 2 chits


def test_a_site_launches_one_missile_per_launcher_in_a_turn():
    """Text: launchers "determine the maximum number of missiles which can be launched in one turn"."""
    from tests.rules.dirtside.helpers import launcher

    state = start(setup([
        unit("t", "blue", at(5, 14), [tank("Blue 1")]), launcher(missiles=("HE", "HE", "HE"), launchers=2),
        unit("inf", "red", at(10, 4), [team("A"), team("B")], leader=1),
        unit("rt", "red", at(16, 4), [tank("Red 1")], facing=4),
    ]))
    play(state, "launch blue unit=site at=10,4 warhead=HE")
    assert state.current == "site" and any(a.kind == "launch" for a in legal_actions(state, "blue"))
    play(state, "launch blue unit=site at=16,4 warhead=HE")
    assert len(state.flights) == 2 and state.units["site"].stats.missiles == ["HE"]
    assert not any(a.kind == "launch" for a in legal_actions(state, "blue"))
    with pytest.raises(Refusal):
        play(state, "launch blue unit=site at=16,4 warhead=HE")


def test_a_firer_zapped_chit_makes_any_cruise_missile_a_dud():
    """Text: 'If a "Firer Zapped" chit is drawn for damage, the missile fails to detonate and just slams into the
    ground causing no damage' -- an HEF warhead too, not only HE."""
    from tests.rules.dirtside.helpers import F, launcher

    def landing(first_chit: str):
        state = start(setup([
            unit("t", "blue", at(5, 14), [tank("Blue 1")]), launcher(missiles=("HEF",)),
            unit("inf", "red", at(10, 4), [team("A"), team("B")], leader=1),
            unit("rt", "red", at(16, 4), [tank("Red 1")], facing=4),
        ]))
        play(state, "launch blue unit=site at=10,4 warhead=HEF")
        for a in ("done red unit=inf", "done blue unit=t", "done red unit=rt"):
            play(state, a)
        ctx = play(state, "fly blue missile=cm1 at=10,4", *F(first_chit, "R3", "R3", "R3"), *F("R3", "R3", "R3", "R3"))
        return state, ctx

    state, ctx = landing("R3")
    assert any(e.lost for e in state.units["inf"].stats.elements)
    state, ctx = landing("F")
    assert not any(e.lost for e in state.units["inf"].stats.elements)
    assert any("fails to detonate" in getattr(e, "message", "") for e in ctx.events)


@pytest.mark.parametrize("radar", [True, False])
def test_an_activated_sam_meets_a_guided_missile_with_no_ecm(radar):
    """Text: "an activated SAM has its effective target die increased by one and counts as having no ECM and no
    stealth": the missile's guidance meets a d4 (no ECM), not the SAM vehicle's superior d10."""
    from rules.rulesets.dirtside import RULESET
    from rules.rulesets.dirtside.actions import ADAPTER
    from rules.actions import parse_action

    state = start(setup([
        unit("g", "blue", at(5, 10), [tank("Launcher", gun=("GMS/L", 1))]),
        unit("s", "red", at(5, 7), [tank("SAM", gun=("RFAC", 1), sam="basic", size=4, ecm="superior")], sensors=radar),
        unit("r2", "red", at(18, 1), [team()]),
    ]), first="blue")
    ctx = play(state, "fire blue unit=g at=5,7", 1, 1)  # guidance 1 v the ECM die 1: a miss either way
    ecm = [e.record.sides for e in ctx.events if e.kind == "rolled" and e.record.purpose == "ECM / PDS"]
    assert ecm == ([4] if radar else [10])
    state2 = start(setup([
        unit("g", "blue", at(5, 10), [tank("Launcher", gun=("GMS/L", 1))]),
        unit("s", "red", at(5, 7), [tank("SAM", gun=("RFAC", 1), sam="basic", size=4, ecm="superior")], sensors=radar),
        unit("r2", "red", at(18, 1), [team()]),
    ]), first="blue")
    preview = RULESET.preview(state2, parse_action(ADAPTER, "fire blue unit=g at=5,7"))
    assert any(("d4" if radar else "d10") in n for n in preview.notes)


def _ads_game(radar: bool):
    ads = {"name": "Skyshield", "kind": "vehicle",
           "design": {"size": 4, "armour": 2, "mobility": "tracked_fast", "power": "hmt", "ads": "enhanced",
                      "weapons": []}}
    return start(setup([
        unit("a", "blue", at(5, 10), [ads], sensors=radar),
        unit("t", "red", at(5, 7), [tank("Red 1")]), unit("r2", "red", at(18, 1), [team()]),
    ]), first="blue")


def test_an_inactive_ads_fires_at_ground_targets_as_an_rfac2():
    """Text: "As inactive ADSs counts as RFAC/2s (see p.19), they follow the above rules as well"; the fact sheet
    (§11.1): while inactive "it may fire at ground targets in its own activation as an RFAC/2"; its die is its
    quality read as a fire control [R]."""
    state = _ads_game(radar=False)
    assert any(a.kind == "fire" and a.unit == "a" for a in legal_actions(state, "blue"))
    ctx = play(state, "fire blue unit=a at=5,7", 8, 1)  # the target die 8, the firer 1: a miss
    fire = [e.record for e in ctx.events if e.kind == "rolled" and e.record.purpose == "fire"]
    assert fire and fire[0].sides == 10  # enhanced read as a fire control, close band: d10
    active = _ads_game(radar=True)
    assert not any(a.kind == "fire" and a.unit == "a" for a in legal_actions(active, "blue"))
