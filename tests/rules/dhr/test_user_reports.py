"""What a new user met in DHR (issue 9): after firing no move is offered and the reason is said in full;
the melee preview shows both sides; the words of the unit card and previews."""

from __future__ import annotations

import pytest

from rules.core import Refusal
from rules.rulesets.dhr import RULESET
from rules.rulesets.dhr.actions import Fire, Melee, Move
from rules.rulesets.dhr.odds import AttackOdds
from rules.rulesets.dhr.turn import decision, legal_actions
from rules.service import GameService

from tests.rules.dhr.helpers import H, activate, board, scripted, setup, unit
from tests.said import said, words

TWO_GUNS = [{"name": "rifle", "range": 6, "rof": [1]}, {"name": "pistol", "range": 2, "rof": [1]}]


def fired_once() -> GameService:
    units = [unit("r1", "red", (0, 2), name="Rifles", rating=3, figures=1, weapons=TWO_GUNS),
             unit("b1", "blue", (2, 2), name="Guards", figures=5)]
    g = GameService.new(setup(units, b=board(12, 6)), seed=1)
    activate(g, "r1")
    scripted(g, Fire(side="red", unit="r1", at=H(2, 2), weapon=0), 6, 1)  # a miss; the target holds
    assert g.state.active_unit == "r1" and g.state.attacked
    return g


def test_after_firing_the_prompt_offers_no_move_and_says_why():
    g = fired_once()
    prompt = decision(g.state).prompt
    assert "move" not in prompt.split("(")[0]
    assert "Rifles: fire or end (Rifles have attacked: a unit may not move after attacking)" == prompt
    assert not any(isinstance(a, Move) for a in legal_actions(g.state, "red"))


def test_a_move_key_after_firing_gets_the_reason_in_full():
    g = fired_once()
    assert RULESET.why_not(g.state, "red", "move", "r1") == "Rifles have attacked: a unit may not move after attacking"
    assert RULESET.why_not(g.state, "red", "fire", "r1") == ""
    with pytest.raises(Refusal, match="have attacked"):
        scripted(g, Move(side="red", unit="r1", path=[H(0, 3)]))


def test_a_unit_not_on_the_chip_is_told_so_and_an_unarmed_unit_has_no_fire():
    units = [unit("r1", "red", (0, 2), name="Rifles"), unit("r2", "red", (0, 4), name="Spare"),
             unit("b1", "blue", (6, 2), name="Guards")]
    g = GameService.new(setup(units, b=board(12, 6)), seed=1)
    activate(g, "r1")
    assert RULESET.why_not(g.state, "red", "move", "r2").startswith("the chip drawn is")
    assert RULESET.why_not(g.state, "red", "fire", "r1") == "Rifles have no weapon to fire"
    assert RULESET.why_not(g.state, "red", "melee", "r1") == "no enemy stands next to Rifles"


def test_the_melee_preview_shows_both_sides_losses_before_any_retreat_line():
    units = [unit("r1", "red", (2, 2), rating=3, figures=2), unit("b1", "blue", (3, 2), rating=2, figures=4)]
    g = GameService.new(setup(units), seed=1)
    activate(g, "r1")
    labels = words(RULESET.preview(g.state, Melee(side="red", unit="r1", at=H(3, 2))), g.state)
    first_retreat = next(i for i, lab in enumerate(labels) if "retreats" in lab)
    head = labels[:first_retreat]
    attacker, defender = g.state.units["r1"].name, g.state.units["b1"].name  # each side's lines name it
    assert any(lab.startswith(f"{attacker}: 1 casualty") for lab in head)
    assert any(lab.startswith(f"{defender}: 1 casualty") for lab in head)
    assert f"{attacker}: fails morale" in head and f"{defender}: fails morale" in head
    assert labels.index(f"{attacker}: 0 casualties") < 6, "the attacker's losses are among the first lines"


def test_a_morale_that_cannot_fail_gets_no_zero_line():
    odds = AttackOdds({(0, None): 1}, 5)
    assert [said(o, ruleset="dhr") for o in odds.outcomes("target")] == ["target: 0 casualties"]


def test_the_unit_card_never_says_weapon_0():
    one = unit("r1", "red", (0, 2), weapons=[TWO_GUNS[0]])
    two = unit("r2", "red", (0, 3), weapons=TWO_GUNS)
    g = GameService.new(setup([one, two, unit("b1", "blue", (6, 2))]), seed=1)
    rows = dict(RULESET.unit_card(g.state, "r1"))
    assert "Weapon" in rows and "Weapon 0" not in rows
    names = [k for k, _ in RULESET.unit_card(g.state, "r2") if k.startswith("Weapon")]
    assert names == ["Weapon 1", "Weapon 2"]
