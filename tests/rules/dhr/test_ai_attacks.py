"""DHR's computer weighs every attack by the rules' exact odds, not only a weapon's shots: a spell's casts, an
RTO's calls, and a melee or an overrun against the unit's weapons fired instead (rules/rulesets/dhr/ai_shots.py).
Each position is from a game the old computer lost, replayed action by action with the game's own dice."""

from __future__ import annotations

import random

from rules.ai.hints import hints_for
from rules.ai.levels import computer_for
from rules.rulesets.dhr.ai_shots import shot_worth
from tests.rules.dhr.helpers import replay_scenario

FARM_3004 = [
    ("de", "Grenadiers: fire Kar98k x2 (-1) at 1st Squad at 3,9"),
    ("de", "Grenadiers: fire MG-34 x4 (-1) at 2nd Squad at 11,9"),
    ("us", "Move 2nd Squad to 9,8 (3 hexes)"),
    ("us", "2nd Squad: fire M1 Garand x4 (-1) at Grenadiers at 7,3"),
    ("us", "2nd Squad: fire BAR x4 (-1) at MG-42 team at 8,4"),
    ("us", "1st Squad: fire M1 Garand x4 (-1) at MG-42 team at 8,4"),
    ("us", "1st Squad: fire BAR x4 (-1) at MG-42 team at 8,4"),
    ("us", "Move M5 Stuart to 7,4 (5 hexes)"),
    ("us", "M5 Stuart: fire 37mm gun x1 at MG-42 team at 8,4"),
    ("us", "M5 Stuart: fire .30 cal coax x4 (-1) at MG-42 team at 8,4"),
    ("de", "MG-42 team: fire MG-42 x6 (-1) at 2nd Squad at 9,8"),
    ("us", "Move 2nd Squad to 8,5 (3 hexes)"),
]
"""Farm, seed 3004, the computer (the Americans) against the greedy player, to turn 2: the 2nd Squad, in the open,
has walked up to the farmhouse. (Played before the farm was rebalanced, the 2nd Squad then 6 figures; the same
actions and dice still reach this decision.)"""

TOWER_3004 = [
    ("horde", "Goblin archers: fire shortbow x2 (-1) at Crossbowmen at 7,4"),
    ("horde", "Shaman: cast hex bolt at Crossbowmen at 7,4"),
    ("horde", "Shaman: drop out to 4,0"),
    ("keep", "Mage Elspeth: cast fireball at Goblin archers at 6,1"),
    ("keep", "Mage Elspeth: cast lightning at Orc warband (2) at 10,1"),
    ("keep", "Move Men-at-arms to 7,5 (1 hex)"),
    ("keep", "Move Men-at-arms to 5,5 (1 hex)"),
    ("keep", "Move Men-at-arms to 6,5 (1 hex)"),
    ("keep", "End the activation"),
    ("keep", "Move Crossbowmen to 7,5 (1 hex)"),
    ("keep", "Crossbowmen: spend another MP and cross into 7,5 (automatic pass)"),
    ("keep", "Move Crossbowmen to 7,4 (1 hex)"),
    ("keep", "Crossbowmen: fire crossbow x1 at Orc warband at 3,1"),
    ("horde", "Move Cave troll to 6,2 (1 hex)"),
    ("horde", "Move Cave troll to 6,0 (2 hexes)"),
    ("keep", "Pass: set the chip aside"),
    ("horde", "Move Orc warband to 2,2 (3 hexes)"),
    ("horde", "Move Wolf riders to 11,1 (2 hexes)"),
    ("horde", "Move Wolf riders to 10,1 (1 hex)"),
    ("horde", "Move Wolf riders to 9,3 (2 hexes)"),
    ("horde", "Move Wolf riders to 9,2 (1 hex)"),
    ("horde", "Move Orc warband (2) to 11,1 (1 hex)"),
    ("horde", "Move Orc warband (2) to 12,3 (2 hexes)"),
    ("horde", "Goblin archers: fire shortbow x2 (-1) at Crossbowmen at 7,4"),
    ("keep", "Pass: set the chip aside"),
    ("keep", "Crossbowmen: fire crossbow x1 at Wolf riders at 9,2"),
# next: Mage Elspeth: cast lightning at Shaman at 4,0
]
"""Tower, seed 3004, the computer (the Tower) against the greedy player, turn 2: the Mage's chip is drawn."""


def _worths(seat, kind: str, unit: str) -> dict[str, float]:
    hints = hints_for(seat.ruleset)
    view = seat.view()
    return {seat.describe(a): shot_worth(view, a, seat.side, hints.outcome_value)
            for a in seat.legal_actions() if a.kind == kind and a.unit == unit}


def _kept(seat) -> list[str]:
    return [seat.describe(a) for a in hints_for(seat.ruleset).prune(seat.view(), seat.side, seat.legal_actions())]


def test_a_melee_worth_less_than_the_units_shots_is_not_searched():
    """The old computer sent the 2nd Squad into melee with the MG-42 team's two figures in the farmhouse: no
    terrain save for the attacker, -8.1 by the exact odds against 3.7 for its rifles at the Grenadiers. It lost
    two figures and fell back, and the Americans lost the game at the Germans' next chip."""
    seat = replay_scenario("farm", 3004, FARM_3004)
    assert seat.side == "us" and seat.view().active_unit == "us2"
    melee = "2nd Squad: melee MG-42 team at 8,4"
    assert melee in [seat.describe(a) for a in seat.legal_actions()]
    fire = _worths(seat, "fire", "us2")
    assert _worths(seat, "melee", "us2")[melee] < 0 < max(fire.values())
    kept = _kept(seat)
    assert melee not in kept
    assert max(fire, key=fire.get) in kept
    for n in range(3):
        chosen = computer_for("normal", random.Random(f"computer:us:{n}")).choose(seat)
        assert chosen.kind != "melee", seat.describe(chosen)


def test_a_melee_at_a_hex_to_hold_is_kept_in_the_turn_the_hold_is_checked():
    seat = replay_scenario("farm", 3004, FARM_3004)
    view = seat.view()
    view.turn = view.victory[0].turn
    kept = hints_for(seat.ruleset).prune(view, "us", seat.legal_actions())
    assert "2nd Squad: melee MG-42 team at 8,4" in [seat.describe(a) for a in kept]


def test_the_rto_calls_only_his_best_strike():
    """Hedgerow, seed 3000, the Americans' first activation (the 2nd Squad's, the RTO with it): the old computer
    called the air strike on the Grenadiers (5.2 by the exact odds) where on the Panzergrenadiers it was worth
    10.1; the Americans lost. Seeds 3004 and 3018 the same, both lost."""
    seat = replay_scenario("hedgerow", 3000, [])
    calls = _worths(seat, "call", "us6")
    best = max(calls, key=calls.get)
    assert "air on Panzergrenadiers" in best
    assert calls[best] > 1.5 * calls["RTO Kowalski: call air on Grenadiers at 7,1"]
    assert [w for w in _kept(seat) if ": call " in w] == [best]


def test_each_spell_is_cast_at_its_best_target():
    """Tower, seed 3004 against the greedy player (the Tower's one loss of the row): the Mage cast lightning at
    the Shaman (1.4 by the exact odds) where at the wolf riders it was worth 5.8."""
    seat = replay_scenario("tower", 3004, TOWER_3004)
    casts = _worths(seat, "cast", "k3")
    assert "Mage Elspeth: cast lightning at Shaman at 4,0" in casts
    kept = [w for w in _kept(seat) if w.startswith("Mage Elspeth: cast ")]
    spells = {w.split(" at ")[0] for w in casts}
    assert len(kept) == len(spells)
    for w in kept:
        same = {k: v for k, v in casts.items() if k.split(" at ")[0] == w.split(" at ")[0]}
        assert casts[w] == max(same.values())
    assert "Mage Elspeth: cast lightning at Shaman at 4,0" not in kept


HEDGEROW_7055 = [
    ("us", "1st Squad: fire M1 Garand x2 at Panzergrenadiers at 4,3"),
    ("us", "1st Squad: fire BAR x4 (-1) at Panzergrenadiers at 4,3"),
    ("us", "Lt. Baker: drop out to 4,10"),
    ("us", "End the activation"),
# next: the Panther's chip is drawn
]
"""Hedgerow, seed 7055, the computer (the Wehrmacht) against the greedy player, turn 1."""


def test_a_unit_with_a_shot_worth_taking_does_not_pass():
    """Hedgerow, seed 7055 (lost): the Panther's chip came with the 2nd Squad in reach of its coax (8.3 in the first
    round) and the old computer passed, setting the chip aside unused: the pass ends the look-ahead at the next chip,
    where the shot met the other side's worst answer (its line 6.2, the pass's 11.9). The Panther is not set aside
    while a shot is worth taking (it may still move first); the greedy Americans then won the casualties race."""
    seat = replay_scenario("hedgerow", 7055, HEDGEROW_7055)
    assert seat.side == "de" and seat.view().eligible == ["de3"]
    assert "Pass: set the chip aside" in [seat.describe(a) for a in seat.legal_actions()]
    assert "Pass: set the chip aside" not in _kept(seat)
    chosen = computer_for("normal", random.Random("computer:normal:de:7055")).choose(seat)
    assert chosen.kind == "fire" and chosen.unit == "de3"


FARM_7109 = [
    ("us", "Move 2nd Squad to 13,6 (3 hexes)"),
    ("us", "2nd Squad: fire M1 Garand x4 (-1) at Grenadiers at 7,3"),
    ("us", "2nd Squad: fire BAR x6 (-2) at Grenadiers at 7,3"),
    ("de", "Grenadiers: fire Kar98k x2 (-1) at 1st Squad at 3,9"),
    ("de", "Grenadiers: fire MG-34 x4 (-1) at 1st Squad at 3,9"),
    ("us", "M5 Stuart: fire .30 cal coax x4 (-1) at MG-42 team at 8,4"),
    ("us", "M5 Stuart: fire 37mm gun x1 at Grenadiers at 7,3"),
    ("us", "1st Squad: fire BAR x2 at MG-42 team at 8,4"),
    ("us", "1st Squad: fire M1 Garand x4 (-1) at Grenadiers at 7,3"),
    ("de", "Move MG-42 team to 7,4 (1 hex)"),
]
"""Farm, seed 7109, the computer (the Wehrmacht) against the random player, turn 1: the MG-42 team stepped from
one farmhouse hex to the next and failed the house's terrain check (1 MP left)."""


def test_a_unit_that_may_still_move_does_not_end_while_a_shot_is_worth_taking():
    """Farm, seed 7109 (lost): the MG-42 team's step inside the farmhouse failed its check, and the old computer
    ended the activation (first round -5.6, line -4.16) over its MG-42 at the 2nd Squad (-1.8, line -4.17): the
    two lines are one throw each, so a hair decided, and the gun never fired that turn. Firing costs a DHR unit
    nothing (no return fire, no reaction), so the end is left out while it has a shot worth taking, whether or not
    it may still move; the random Americans then wiped out both German units by turn 3."""
    seat = replay_scenario("farm", 7109, FARM_7109)
    assert seat.side == "de" and seat.view().active_unit == "de2"
    legal = [seat.describe(a) for a in seat.legal_actions()]
    assert "End the activation" in legal and any(w.startswith("MG-42 team: fire") for w in legal)
    assert any(w.startswith("MG-42 team: spend another MP") for w in legal)
    assert "End the activation" not in _kept(seat)
    chosen = computer_for("normal", random.Random("computer:normal:de:7109")).choose(seat)
    assert chosen.kind in ("fire", "move", "cross") and chosen.unit == "de2"
