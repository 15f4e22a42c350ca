"""Points: every sample unit of the text costs what it prints (after the errata AHW-A19)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from rules.rulesets.hundred_wars import costing
from rules.rulesets.hundred_wars.units import HwStats

ARMIES = Path(__file__).parents[3] / "saves" / "armies" / "hundred_wars"


def stats(**kw) -> HwStats:
    return HwStats.model_validate(kw)


def units_of(name: str) -> list[dict]:
    return tomllib.loads((ARMIES / f"{name}.toml").read_text())["units"]


SAMPLES = [(army, u["name"], u) for army in ("colonial", "martian", "samples") for u in units_of(army)]


@pytest.mark.parametrize("army,name,entry", SAMPLES, ids=[s[1] for s in SAMPLES])
def test_every_sample_unit_costs_its_printed_points(army, name, entry):
    cost = costing.unit_cost(HwStats.model_validate(entry["stats"]))
    assert cost == entry["points"]
    if "erratum" not in entry:
        assert cost == entry["printed"]
    else:
        assert cost != entry["printed"]


@pytest.mark.parametrize("army,printed,total", [("colonial", 1705, 1624), ("martian", 1769, 1769)])
def test_army_totals_after_the_errata(army, printed, total):
    raw = tomllib.loads((ARMIES / f"{army}.toml").read_text())
    summed = sum(costing.unit_cost(HwStats.model_validate(u["stats"])) * u["count"] for u in raw["units"])
    assert summed == total == raw["total"]
    assert raw["printed_total"] == printed


def test_the_printed_line_items_of_the_hq():
    hq = stats(move=[{"mode": "ground", "factor": 10}], orders=5, orders_range=30,
               weapons=[{"fire": 8, "range": 6}], cqb=12, armour=6)
    assert costing.cost_lines(hq) == [("Move ground 10", 10), ("Orders 5", 50), ("Range 30cm", 15),
                                      ("Fire 8", 8), ("Range 6cm", 3), ("CQB 12", 12), ("Armour 6", 6)]
    assert costing.unit_cost(hq) == 104


def test_mode_prices_follow_the_order_listed():
    one = [{"mode": "ground", "factor": 10}]
    assert costing.move_cost(stats(move=one)) == 10
    four = [{"mode": m, "factor": 10} for m in ("ground", "sea", "sky", "space")]
    assert costing.move_cost(stats(move=four)) == 10 + 20 + 50 + 100
    moles = stats(move=[{"mode": "underground", "factor": 10}, {"mode": "ground", "factor": 10}])
    assert costing.move_cost(moles) == 30


def test_a_fifth_mode_or_a_repeated_mode_is_refused():
    with pytest.raises(ValueError):
        stats(move=[{"mode": m, "factor": 1} for m in ("ground", "underground", "sea", "sky", "space")])
    with pytest.raises(ValueError):
        stats(move=[{"mode": "ground", "factor": 1}, {"mode": "land", "factor": 2}])


def test_sample_mode_names_are_the_texts_modes():
    s = stats(move=[{"mode": "Water", "factor": 15}, {"mode": "Land", "factor": 10}, {"mode": "Air", "factor": 3}])
    assert [m.mode for m in s.move] == ["sea", "ground", "sky"]


@pytest.mark.parametrize("mobile,times", [("", 1), ("hard_to_easy", 5), ("vhard_to_hard", 5), ("both", 10)])
def test_mobile_multiplies_the_move_cost(mobile, times):
    assert costing.move_cost(stats(move=[{"mode": "ground", "factor": 15}], mobile=mobile)) == 15 * times


def test_range_is_bought_in_two_cm_steps():
    assert [costing.range_cost(cm) for cm in (0, 2, 6, 16, 30, 120, 200, 7)] == [0, 1, 3, 8, 15, 60, 100, 4]


def test_homing_costs_ten_times_and_indirect_the_same():
    assert costing.weapon_cost(stats(weapons=[{"fire": 60, "range": 200, "kind": "homing"}]).weapons[0]) == 700
    assert costing.weapon_cost(stats(weapons=[{"fire": 60, "range": 100, "kind": "indirect"}]).weapons[0]) == 110


def test_armour_extras():
    assert costing.armour_cost(stats(armour=10, all_round=True)) == 10  # free at 10 or less
    assert costing.armour_cost(stats(armour=40, all_round=True)) == 80  # double the usual cost
    assert costing.armour_cost(stats(armour=40, top_armour=True)) == 80  # same as normal Armour
    assert costing.armour_cost(stats(armour=40, mine_proof=True, top_armour=True)) == 120


def test_speciality_prices():
    assert costing.speciality_cost(stats(psionic=2, psionic_range=30)) == 50 + 30
    assert costing.speciality_cost(stats(teleport=3, teleport_range=40)) == 75 + 40
    assert costing.speciality_cost(stats(ecm=4, ecm_range=20)) == 100 + 20
    assert costing.speciality_cost(stats(ads=2, ads_fire=40, ads_range=30)) == 50 + 40 + 30
    assert costing.speciality_cost(stats(field_repairs=3)) == 30
    assert costing.orders_cost(stats(orders=9, orders_range=200)) == 190


def test_orders_and_ecm_stop_at_ten():
    with pytest.raises(ValueError):
        stats(orders=11)
    with pytest.raises(ValueError):
        stats(ecm=11)


def test_mobile_is_bought_with_one_mode_and_helps_only_that_mode():
    """The sample list prints Mobile on one mode's line: "Ground 15(75pnts) Mobile - hard to easy". A sea 10 /
    ground 15 unit with Mobile on its ground mode pays 10 + 2 x 15 x 5, and its sea move is not eased."""
    from rules.rulesets.hundred_wars import moving
    from rules.rulesets.hundred_wars.units import HwStats
    from tests.rules.hundred_wars.helpers import at, game, unit

    stats = HwStats(move=[{"mode": "sea", "factor": 10}, {"mode": "ground", "factor": 15, "mobile": "hard_to_easy"}])
    assert costing.move_cost(stats) == 10 + 2 * 15 * 5
    assert [pts for item, pts in costing.cost_lines(stats) if item.startswith("Move")] == [10, 150]
    old = HwStats(move=[{"mode": "ground", "factor": 15}], mobile="hard_to_easy")  # older files: every mode
    assert costing.move_cost(old) == 75
    s = game([unit("r", "red", at(0, 0), move=stats.model_dump()["move"], cqb=5, armour=5),
              unit("b", "blue", at(11, 7))])
    r = s.units["r"]
    r.mode = "sea"
    assert moving.mobility(s, r) == ""
    r.mode = "ground"
    assert moving.mobility(s, r) == "hard_to_easy"
