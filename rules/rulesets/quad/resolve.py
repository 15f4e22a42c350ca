"""QUAD procedures for the game master's quick resolver (rules/resolver.py)."""

from __future__ import annotations

from rules.dice import Dice
from rules.resolver import Input, Procedure
from rules.rulesets.quad import odds as quad_odds
from rules.rulesets.quad import procedures as proc
from rules.words import count

ATTACK_INPUTS = (
    Input("attack", "attack dice (the Attack, +2 charging, +1 per ally next to the target, +1 from higher ground)",
          4, 1, 30),
    Input("defense", "defense dice (the Defense, its terrain's, +1 per Support unit next to it, +1 on higher ground)",
          4, 1, 30),
    Input("aq", "attacker's Quality", 3, 1, 6),
    Input("dq", "defender's Quality", 3, 1, 6),
    Input("elite", "the attacker is Elite (6s always hit)", False),
    Input("attacker_green", "the attacker is Green", False),
    Input("defender_green", "the defender is Green", False),
    Input("attacker_steady", "the attacker is Steady (falls back one hex less)", False),
    Input("defender_steady", "the defender is Steady", False),
    Input("attacker_room", "hexes the attacker can fall back", 6, 0, 6),
    Input("defender_room", "hexes the defender can fall back", 6, 0, 6),
)


def _inputs(v: dict) -> proc.AttackInputs:
    return proc.AttackInputs(attack_dice=v["attack"], defense_dice=v["defense"], attacker_quality=v["aq"],
                             defender_quality=v["dq"], elite=v["elite"], attacker_green=v["attacker_green"],
                             defender_green=v["defender_green"])


def attack_odds(v: dict):
    inputs = _inputs(v)
    dist = quad_odds.attack_distribution(inputs, defender_steady=v["defender_steady"],
                                         attacker_steady=v["attacker_steady"], defender_room=v["defender_room"],
                                         attacker_room=v["attacker_room"])
    return quad_odds.attack_preview("Attack", inputs, dist, "attacker", "defender",
                                    notes=("the defender's default block choice: Quality hits first, 6s kept over",))


def attack_roll(v: dict, dice: Dice) -> list[str]:
    inputs = _inputs(v)
    tally, _, _ = proc.roll_attack(inputs, dice, side="attacker", defender_side="defender")
    quality, sixes = proc.default_choice(tally)
    loss = proc.losses(tally, quality, sixes)
    dq, dback = proc.fall_back(loss.defender_q, loss.defender_push, v["dq"], v["defender_steady"], v["defender_room"])
    aq, aback = proc.fall_back(loss.attacker_q, loss.attacker_push, v["aq"], v["attacker_steady"], v["attacker_room"])
    return [f"{count(tally.hits, 'hit')}, {count(tally.blocks, 'block')}; the defender blocks "
            f"{count(quality, 'Quality hit') if quality else 'no Quality hits'}"
            + (f", keeps {count(sixes, 'six')} over" if sixes else ""),
            quad_odds._side_text("defender", dq, dback, v["dq"]),
            quad_odds._side_text("attacker", aq, aback, v["aq"])]


PROCEDURES = (
    Procedure("attack", "Attack (ranged or close)", proc.RULE_COMBAT, ATTACK_INPUTS, attack_odds, attack_roll),
)
