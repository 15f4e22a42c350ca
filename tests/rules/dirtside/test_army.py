"""Forces checked against a points limit, and `hexwar army dirtside FILE`."""

from __future__ import annotations

from rules.rulesets.dirtside.army import check_force

MBT = {"name": "Hammer 1", "kind": "vehicle",
       "design": {"size": 3, "armour": 3, "mobility": "tracked_fast", "power": "hmt", "fc": "superior",
                  "ecm": "enhanced", "pds": "enhanced", "weapons": [{"type": "HKP", "cls": 3}, {"type": "RFAC", "cls": 1}]}}


def force(limit, *units):
    return {"limit": limit, "units": list(units)}


def test_a_legal_force_within_its_limit():
    r = check_force(force(400, {"name": "Tanks", "stats": {"elements": [MBT, MBT]}},
                          {"name": "Mortars", "stats": {"elements": [
                              {"kind": "infantry", "troop": "line", "team": "mortar"}]}}))
    # 2 x 173 (house RFAC 6 x class); mortar team = rifle 20 + 30, and its one bombardment 20
    assert r.lines == [("Tanks", 346), ("Mortars", 70)] and r.total == 416
    assert not r.ok and "over the limit by 16" in r.text()
    assert check_force(force(416, *[{"name": n, "stats": s} for n, s in
                                    [("Tanks", {"elements": [MBT, MBT]}),
                                     ("Mortars", {"elements": [{"kind": "infantry", "team": "mortar"}]})]])).ok


def test_launchers_and_missiles_are_priced_by_the_house_tables():
    site = {"name": "Site", "stats": {"role": "launcher", "off_table": True, "launchers": 3, "missiles": ["HE", "nuke"],
                                      "elements": [{"kind": "emplacement", "design": {"size": 3, "emplacement": True}}]}}
    assert check_force(force(None, site)).lines == [("Site", 300 + 150 + 1200)]


def test_problems_in_words():
    r = check_force(force(1000, {"name": "Raiders", "stats": {"elements": [
        {"kind": "infantry", "team": "commando"}, {"kind": "infantry", "team": "rifle"}]}},
        {"name": "Bad", "stats": {"quality": "elite"}}))
    assert any("can not mix commandos" in p for p in r.problems)
    assert any(p.startswith("Bad: quality") for p in r.problems) and not r.ok


def test_smoke_dmr_nuclear_biochem_markers_and_minelayer_loads_are_priced():
    gun = {"kind": "vehicle", "design": {"size": 3, "armour": 3, "mobility": "tracked_slow", "artillery": "heavy",
                                          "ammo": 1}}
    base = check_force(force(None, {"name": "Bty", "stats": {"role": "battery", "artillery": "heavy",
                                                              "off_table": True, "elements": [gun, gun]}})).total
    more = check_force(force(None, {"name": "Bty", "stats": {"role": "battery", "artillery": "heavy", "off_table": True,
                                                              "smoke": 1, "dmr": 1, "nukes": 1, "biochem": 1,
                                                              "elements": [gun, gun]}})).total
    assert more - base == 10 * 2 + 100 + 1000 + 200
    layer = dict(MBT, design=dict(MBT["design"], minelayer=True))
    assert check_force(force(None, {"name": "L", "stats": {"elements": [layer]}})).total == \
        check_force(force(None, {"name": "T", "stats": {"elements": [MBT]}})).total + 100


def test_the_design_screen_builds_emplacements_air_defence_artillery_and_ammunition_carriers():
    from rules.rulesets.dirtside.builder import DESIGN, lines_of, price, stats_of
    v = dict(DESIGN.default) | {"mobility": "emplacement", "size": 4, "armour": 5, "sam": "basic",
                                "weapon1": "RFAC", "class1": 2}
    lines = lines_of(v)
    # house 'Emplacements': no mobility line, power 10% of BVP 40 rounded up, armour 5 on size 4 allowed
    assert "power plant CFE (10% of BVP 40): 4" in lines and not any(x.startswith("mobility") for x in lines)
    assert "SAM basic: 300" in lines and "one vehicle: 360" in lines
    assert price(stats_of(v)) == (3 * 360, [])
    v = dict(DESIGN.default) | {"weapon1": "none", "supply": "medium", "ammo": 4}
    assert lines_of(v)[-1] == "its 4 medium chits, bought at 30 each: 120"
    assert price(stats_of(v))[0] == 3 * (33 + 120)
    v = dict(DESIGN.default) | {"artillery": "heavy", "ammo": 2, "size": 3}
    assert "it needs" in price(stats_of(v))[1][0]  # 14 + 6 spaces of heavy artillery do not fit a size 3
