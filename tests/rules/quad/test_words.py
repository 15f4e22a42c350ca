"""What the UI shows: action keys, descriptions, the unit card, marks, side lines, the reference."""

from __future__ import annotations

from typing import get_args

from rules.rulesets.quad import RULESET
from rules.rulesets.quad.actions import Attack, Block, Charge, Hold, Move, QuadAction, Release, Retreat, Steal

from tests.rules.quad.helpers import Hex, activation, give, play, setup, start, unit

RESERVED = set("uUqznNlr?") | set("0123456789")


def test_every_action_kind_has_one_unreserved_key():
    kinds = {m.model_fields["kind"].default for m in get_args(get_args(QuadAction)[0])}
    assert kinds == set(RULESET.action_kinds)
    keys = [k.key for k in RULESET.action_kinds.values()]
    assert len(keys) == len(set(keys)) and not RESERVED & set(keys)
    assert all(len(k) == 1 and k in "abcdefghijkmopstvwxy" for k in keys)


def duel():
    state = activation(start(setup([
        unit("r1", "red", Hex(4, 3), name="Lancers", specials=["charger"], quality=4),
        unit("r2", "red", Hex(1, 1), name="Bows", ranged=(2, 3)),
        unit("b1", "blue", Hex(5, 3), name="Pikes", defense=1),
    ])))
    give(state, "red", "r1", "r2", tactics=1)
    return state


def test_descriptions_name_the_card_the_unit_and_the_target():
    state = duel()
    assert RULESET.describe(state, Attack(side="red", unit="r1", at=Hex(5, 3))) == "Play A: Lancers attack Pikes at 6,3"
    assert RULESET.describe(state, Move(side="red", unit="r2", path=[Hex(2, 1)])) == "Play 2: Bows move to 2,1"
    assert RULESET.describe(state, Hold(side="red", unit="r2")) == "Play 2: Bows stand"
    assert "draw two" in RULESET.describe(state, Release(side="red"))
    assert "tactics" in RULESET.describe(state, Steal(side="blue"))
    charge = Charge(side="red", unit="r1", path=[Hex(4, 4)], at=Hex(5, 3))
    assert RULESET.describe(state, charge).startswith("Play A: Lancers charge Pikes at 6,3 from ")
    play(state, Attack(side="red", unit="r1", at=Hex(5, 3)), 6, 5, 1, 5)  # 2 hits, 1 block -> a choice
    text = RULESET.describe(state, Block(side="blue", quality=1))
    assert text == "Block 1 Quality hit and 0 push hits: Pikes lose 0 Q, fall back 1"
    from rules.rulesets.quad.turn import decision
    assert decision(state).prompt == ("Lancers rolled 2 hits (1 cost Quality, 1 push back); Pikes rolled "
                                      "1 block (0 of them 6s): choose how many Quality hits Pikes block")
    assert RULESET.describe(state, Retreat(side="blue", unit="b1", to=Hex(6, 3))) == "Pikes fall back to 7,3"


def test_unit_card_marks_and_side_lines():
    state = duel()
    card = dict(RULESET.unit_card(state, "r2"))
    assert card["Card"] == "2" and card["Quality"] == "3/3" and card["Ranged"] == "2/3"
    assert "Ranged" in card and card["Terrain"].startswith("Open")
    assert RULESET.unit_marks(state, "r1") == "Q4"
    state.units["b1"].eliminated = True
    assert RULESET.unit_marks(state, "b1") == "X"
    lines = RULESET.side_lines(RULESET.view(state, "red"), "red")
    assert any(line.startswith("Hand 3 cards;") for line in lines)
    assert "Hand: A Lancers, 2 Bows, J tactics" in lines


def test_the_quick_reference_is_markdown_with_every_special_rule():
    text = RULESET.reference()
    assert text.startswith("# QUAD")
    for name in ("Amphibious", "Charger", "Elite", "Forester", "Green", "Ranged", "Steady", "Support"):
        assert name in text
    assert set(RULESET.terrain) >= {"open", "forest", "fortified", "river", "slope"}
