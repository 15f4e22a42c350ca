"""Campaigns: repair bonus rolls, the pools, replacements, new units, captures and two battles in a row."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from rules.core import GameResult, Refusal
from rules.dice import ScriptedDice
from rules.rulesets.hundred_wars import campaign as cp
from rules.rulesets.hundred_wars.units import HwStats
from rules.service import GameService
from saves.scenarios import load_scenario
from tests.rules.hundred_wars.helpers import INF, at, game, unit
from tests.rules.hundred_wars.test_play import policy


def finished(units, winner="red"):
    s = game(units)
    c = cp.start(s)
    s.result = GameResult(winner=winner, reason="test")
    return s, c


def test_damaged_units_roll_1d100_and_the_loser_rolls_one_pool_die_the_others_two():
    s, c = finished([unit("r", "red", at(1, 1)), unit("b", "blue", at(5, 5))])
    s.units["r"].stats.armour = 2  # 6 damage points
    s.units["b"].eliminated = True  # blue received most damage: the loser
    c = cp.end_battle(c, s, ScriptedDice(4, 30, 40, 50))
    r = c.forces["red"][0]
    assert r.stats.armour == 6 and r.damage == 2  # restored 4 of 6
    assert c.pools == {"red": 30 + 40, "blue": 50}
    assert [u.id for u in c.destroyed["blue"]] == ["b"] and c.forces["blue"] == []


def test_pool_spending_repairs_replaces_buys_and_refuses_overspending():
    s, c = finished([unit("r", "red", at(1, 1)), unit("b", "blue", at(5, 5))])
    s.units["r"].stats.weapons[0] = s.units["r"].stats.weapons[0].model_copy(update={"fire": 10})
    s.units["b"].eliminated = True
    c = cp.end_battle(c, s, ScriptedDice(1, 40, 40, 90))
    cp.repair(c, "red", "r", 5)
    assert c.forces["red"][0].stats.weapons[0].fire == 16 and c.pools["red"] == 75
    cp.replace(c, "blue", "b")  # 90 in the pool pays 64
    assert c.pools["blue"] == 26 and c.forces["blue"][0].stats.armour == 8
    with pytest.raises(Refusal, match="not a destroyed unit"):
        cp.replace(c, "blue", "b")
    with pytest.raises(Refusal, match="repair pool holds 26"):
        cp.buy(c, "blue", "b9", "New Rifles", HwStats.model_validate(INF))
    cp.buy(c, "red", "r9", "New Rifles", HwStats.model_validate(INF))
    assert c.pools["red"] == 11


def test_each_full_hundred_adds_one_point():
    s, c = finished([unit("r", "red", at(1, 1)), unit("b", "blue", at(5, 5))])
    s.units["b"].eliminated = True
    c = cp.end_battle(c, s, ScriptedDice(100, 60, 10))
    cp.upgrade(c, "red", "r", "armour")
    assert c.forces["red"][0].stats.armour == 9 and c.forces["red"][0].bought.armour == 9 and c.pools["red"] == 60
    with pytest.raises(Refusal):
        cp.upgrade(c, "red", "r", "armour")


def test_stranded_units_are_captured_and_claimed_or_salvaged():
    gun = {"move": [{"mode": "ground", "factor": 0}], "weapons": [{"fire": 0, "range": 20}], "cqb": 5, "armour": 30}
    s, c = finished([unit("r", "red", at(1, 1)), unit("g", "blue", at(5, 5), **gun), unit("h", "blue", at(6, 5), **gun)])
    s.units["r"].stats.armour = 7
    c = cp.end_battle(c, s, ScriptedDice(1, 5, 5, 5))
    assert sorted(u.id for u in c.captured) == ["g", "h"]
    cp.claim(c, "red", "g")
    assert [u.id for u in c.forces["red"]] == ["r", "g"]
    assert cp.salvage(c, "red", "h") == 5  # 10% of 45 points, rounded up
    with pytest.raises(Refusal):
        cp.claim(c, "blue", "h")


def test_the_loser_may_scuttle_stranded_units():
    gun = {"move": [{"mode": "ground", "factor": 0}], "weapons": [{"fire": 50, "range": 20}], "cqb": 5, "armour": 30}
    s = game([unit("r", "red", at(1, 1)), unit("g", "blue", at(5, 5), **gun)])
    assert cp.scuttle_rolls(s, "blue", ScriptedDice(40)) == ["g"]


def test_two_battles_in_a_row_through_the_service():
    setup = load_scenario("first-blinds", ruleset="hundred_wars")
    first = GameService.new(setup, seed=21)
    rng = random.Random(21)
    while first.result is None:
        assert first.apply(policy(first, rng)).ok
    c = cp.start(first.initial)
    c = cp.end_battle(c, first.state, ScriptedDice(*[50] * 40))
    survivors = {u.id for f in c.forces.values() for u in f}
    assert survivors == {u.id for u in first.state.units.values() if not u.blind and not u.eliminated
                         and u.id not in {x.id for x in c.captured}}
    for side in c.sides:
        for lost in list(c.destroyed.get(side, [])):
            try:
                cp.replace(c, side, lost.id)
            except Refusal:
                pass
    second_setup = setup.model_copy(update={"units": cp.next_units(c)})
    second = GameService.new(second_setup, seed=22)
    for u in cp.next_units(c):
        assert second.state.units[u.id].stats == HwStats.model_validate(u.stats)
    while second.result is None:
        assert second.apply(policy(second, rng)).ok
    c = cp.end_battle(c, second.state, ScriptedDice(*[50] * 40))
    assert c.battles == 2


def test_the_campaign_is_carried_in_a_campaign_file(tmp_path):
    from saves.campaign import Campaign as CampaignFile
    from saves.campaign import carried, load_campaign, record_battle, save_campaign

    setup = load_scenario("first-blinds", ruleset="hundred_wars")
    first = GameService.new(setup, seed=21)
    rng = random.Random(21)
    while first.result is None:
        assert first.apply(policy(first, rng)).ok
    c = cp.end_battle(cp.start(first.initial), first.state, ScriptedDice(*[50] * 40))
    war = CampaignFile(ruleset="hundred_wars", name="ford", title="Two battles at the ford",
                       battles=["first-blinds", "first-blinds"])
    war = record_battle(war, first.result, c)
    path = save_campaign(war, tmp_path / "ford.toml")
    again = carried(load_campaign(path))
    assert again == c and war.next_battle == "first-blinds"


def test_the_bundled_campaign_is_played_through_with_its_file(tmp_path, monkeypatch):
    """The bundled two-battle campaign: battle one ends, the result and the carried forces go into the user's copy
    of the file, a between-battle step is taken, and battle two starts with the survivors."""
    from saves import campaign_play as play

    monkeypatch.setenv("HEXWAR_DATA_DIR", str(tmp_path))
    path = play.user_copy("hundred_wars/ford")
    assert path.is_relative_to(tmp_path) and path.name == "ford.toml"
    war = play.load(path)
    rng = random.Random(21)
    first = GameService.new(play.battle_setup(war), seed=21)
    while first.result is None:
        assert first.apply(policy(first, rng)).ok
    war = play.finish_battle(war, first)
    play.save(war, path)
    war = play.load(path)
    assert war.results[0].winner == first.result.winner and war.next_battle == "first-blinds"
    assert play.finish_battle(play.load(play.user_copy("hundred_wars/ford")).model_copy(update={"results": []}),
                              first).carry == war.carry
    c = cp.Campaign.model_validate(war.carry)
    survivors = {u.id for f in c.forces.values() for u in f}
    steps = play.steps(war)
    buy = next(s for s in steps if s.label.startswith("buy a new"))  # the seeded pools afford one
    before = c.pools[buy.side]
    war = play.take_step(war, buy)
    after = cp.Campaign.model_validate(war.carry)
    assert after.pools[buy.side] < before and len(after.forces[buy.side]) == len(c.forces[buy.side]) + 1
    survivors |= {u.id for u in after.forces[buy.side]}
    second = GameService.new(play.battle_setup(war), seed=22)
    fighting = {u.id for u in second.state.units.values() if not u.blind}
    assert fighting == survivors
    while second.result is None:
        assert second.apply(policy(second, rng)).ok
    war = play.finish_battle(war, second)
    assert len(war.results) == 2 and war.next_battle is None
    assert "every battle is fought" in play.state_lines(war)


def test_the_losers_stranded_units_may_be_scuttled_once_between_battles():
    """'The losing team may attempt to destroy any stranded units by rolling under their own Fire factor and
    exceeding their Armour factor': 0 Move with some Fire is stranded (0 Fire too would be captured)."""
    gun = {"move": [{"mode": "ground", "factor": 0}], "weapons": [{"fire": 50, "range": 20}], "cqb": 5, "armour": 30}
    s, c = finished([unit("r", "red", at(1, 1)), unit("g", "blue", at(5, 5), **gun), unit("w", "red", at(6, 5), **gun)])
    c = cp.end_battle(c, s, ScriptedDice(5, 5, 5, 5))  # no damage: no loser, every side rolls two pool dice
    assert [(x.id, x.fire, x.armour) for x in c.stranded] == [("g", 50, 30)]  # the winner's own gun is not listed
    assert cp.scuttle_chance(50, 30) == Fraction(19, 100)  # 31..49
    with pytest.raises(Refusal, match="not a stranded unit of red"):
        cp.scuttle_unit(c, "red", "g", ScriptedDice())
    assert not cp.scuttle_unit(c, "blue", "g", ScriptedDice(30))  # not over its Armour: kept
    assert [u.id for u in c.forces["blue"]] == ["g"] and c.stranded == []
    with pytest.raises(Refusal):  # one attempt
        cp.scuttle_unit(c, "blue", "g", ScriptedDice(40))
    s, c = finished([unit("r", "red", at(1, 1)), unit("g", "blue", at(5, 5), **gun)])
    c = cp.end_battle(c, s, ScriptedDice(5, 5, 5, 5))
    assert cp.scuttle_unit(c, "blue", "g", ScriptedDice(40))
    assert c.forces["blue"] == [] and [u.id for u in c.destroyed["blue"]] == ["g"]
    assert c.scuttled == ["g: 1d100 = 40 (under Fire 50, over Armour 30): scuttled"]


def test_new_units_may_come_from_the_players_own_army_files(tmp_path, monkeypatch):
    """'create new units': the bundled lists' units and the player's own army files' (saved by the army builder)."""
    from saves import campaign_play as play
    from saves.armies import ArmyEntryFile, add_entry, cost_entry, empty_army, save_army
    from saves.campaign import record_battle

    monkeypatch.setenv("HEXWAR_DATA_DIR", str(tmp_path / "data"))
    scout = ArmyEntryFile(name="Home Guard Scout", stats={**INF, "armour": 3})
    mine = add_entry(empty_army("hundred_wars", "mine"), cost_entry("hundred_wars", scout))
    folder = tmp_path / "data" / "saves" / "armies"
    folder.mkdir(parents=True)
    save_army(mine, folder / "mine.toml")
    (folder / "broken.toml").write_text("not = [toml")  # a file that cannot be read is left out, not an error
    war = play.load(play.user_copy("hundred_wars/ford"))
    c = cp.start(GameService.new(play.battle_setup(war), seed=1).state)
    c = c.model_copy(update={"battles": 1, "winner": "red", "pools": {"red": 500, "blue": 0}})
    war = record_battle(war, GameResult(winner="red", reason="test"), c)
    each = mine.entries[0].each
    step = next(s for s in play.steps(war) if s.label == f"buy a new Home Guard Scout from your army mine ({each} pool points)")
    assert step.side == "red" and not any("Home Guard" in s.label for s in play.steps(war) if s.side == "blue")
    after = cp.Campaign.model_validate(play.take_step(war, step).carry)
    bought = after.forces["red"][-1]
    assert bought.name == "Home Guard Scout" and bought.stats.armour == 3 and after.pools["red"] == 500 - each
