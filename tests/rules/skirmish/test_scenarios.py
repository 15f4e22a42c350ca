"""The Skirmish scenarios as rebalanced for issue 25 (docs/balance.md, stop 36): their forces and turn limits, and
the descriptions, which must stay true to the files."""

from __future__ import annotations

from collections import Counter

from saves.scenarios import load_scenario


def _models(setup, side: str) -> dict[str, dict]:
    return {u.name: u.stats for u in setup.units if u.side == side}


def test_the_checkpoints_captain_is_a_veteran_as_good_as_the_teams_sergeant():
    """With the stronger Skirmish computer the Team scored 73%: its sergeant (Skill 6) won the leaders' roll-off
    and its models outlasted the militia's. Captain Aziz now has Skill and Will 6; still four models a side."""
    setup = load_scenario("teaching", "skirmish")
    team, militia = _models(setup, "team"), _models(setup, "militia")
    assert len(team) == len(militia) == 4
    aziz, cole = militia["Captain Aziz"], team["Sgt Cole"]
    assert (aziz["skill"], aziz["willpower"]) == (cole["skill"], cole["willpower"]) == (6, 6)
    assert aziz["leader"] and aziz["armour"] == "light"
    assert Counter(s["skill"] for s in militia.values()) == Counter({6: 1, 4: 3})
    assert setup.max_turns == 6 and f"after turn {setup.max_turns}" in setup.description
    assert "Skill and Will 6" in setup.description
