"""Issue 24 item 7: the odds and the dice log say where the dice come from, each modifier with its rule."""

from __future__ import annotations

from rules.events import Rolled
from rules.rulesets.quad import RULESET
from rules.rulesets.quad.actions import Attack, Charge

from tests.rules.quad.helpers import Hex, activation, board, give, play, setup, start, unit


def charge_on_a_hill():
    """A charger (Attack 3) charges down a slope at a defender (Defense 2) in a forest beside a Support unit,
    with a second red unit next to the defender."""
    b = board(terrain={Hex(5, 3): "forest"}, heights={Hex(4, 3): 1})
    units = [unit("c", "red", Hex(2, 3), attack=3, specials=["charger"]), unit("ally", "red", Hex(5, 2), attack=0),
             unit("d", "blue", Hex(5, 3), defense=2), unit("s", "blue", Hex(6, 3), specials=["support"])]
    state = activation(start(setup(units, b)))
    state.options.update(ask_blocks=False, ask_retreats=False)
    give(state, "red", "c")
    return state, Charge(side="red", unit="c", path=[Hex(3, 3), Hex(4, 3)], at=Hex(5, 3))


EXPECTED = (
    "attack dice: 3 Attack + 1 ally next to the target (QUAD-A15) + 1 higher ground (QUAD-A16) + 2 charge (QUAD-A21) = 7",
    "defense dice: 2 Defense + 2 forest (QUAD-A17) + 1 support (QUAD-A14) = 5",
)


def test_the_charge_preview_shows_each_modifier_with_its_rule():
    state, action = charge_on_a_hill()
    preview = RULESET.preview(state, action)
    assert preview.dice.startswith("7d6 attack")
    assert preview.modifiers == EXPECTED


def test_the_dice_log_of_the_charge_shows_the_same_modifiers():
    state, action = charge_on_a_hill()
    # the slope's terrain attack (passed), 7 attack dice, 5 defense dice, all missing
    ctx, _ = play(state, action, 1, [1] * 7, [1] * 5)
    rolls = [e.record for e in ctx.events if isinstance(e, Rolled)][-2:]
    assert [r.purpose for r in rolls] == ["attack", "defense"]
    assert (rolls[0].modifiers, rolls[1].modifiers) == ((EXPECTED[0],), (EXPECTED[1],))


def test_a_plain_attack_has_no_modifier_lines():
    state = activation(start(setup([unit("a", "red", Hex(4, 3)), unit("d", "blue", Hex(5, 3))])))
    give(state, "red", "a")
    assert RULESET.preview(state, Attack(side="red", unit="a", at=Hex(5, 3))).modifiers == ()
