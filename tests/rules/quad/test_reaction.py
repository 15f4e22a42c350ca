"""The defender's blocks pause the attack through the core helper (rules.reaction), and old saves still compare equal."""

from __future__ import annotations

import pytest

from rules.core import Refusal
from rules.reaction import waiting
from rules.rulesets.quad.actions import Block, Steal
from rules.rulesets.quad.state import BLOCKS, QuadState, snapshot_v1_to_v2
from rules.rulesets.quad.turn import decision
from saves.snapshots import first_difference, snapshot_of

from tests.rules.quad.helpers import Hex, activation, give, play, setup, start, unit

A, D = Hex(4, 3), Hex(5, 3)


def paused_attack() -> QuadState:
    state = activation(start(setup([unit("att", "red", A, quality=3, attack=3),
                                    unit("def", "blue", D, quality=3, defense=1)])))
    give(state, "red", "att", "att")
    give(state, "blue", tactics=1)
    play(state, "attack red unit=att at=6,3", 6, 4, 1, 5)
    return state


def test_the_attack_waits_as_a_pause_of_the_defenders_blocks():
    state = paused_attack()
    p = waiting(state, BLOCKS)
    assert p is not None and (p.actor, p.reactor) == ("red", "blue")
    assert decision(state).side == "blue" and decision(state).prompt == p.prompt
    assert "choose how many Quality hits def blocks" in p.prompt
    assert state.pending_attack.attacker == "att" and state.pending_attack.hits_q == 1


def test_no_steal_while_the_attack_waits_and_the_block_resumes_it():
    state = paused_attack()
    with pytest.raises(Refusal, match="not during an attack"):
        play(state, Steal(side="blue"))
    play(state, Block(side="blue", quality=0))
    assert not state.paused and state.pending_attack is None
    assert state.units["def"].stats.quality == 2


def test_a_snapshot_without_a_paused_attack_has_no_paused_field():
    """Saves written before blocks used rules.reaction have neither `paused` nor `pending_attack`."""
    state = activation(start(setup([unit("att", "red", A), unit("def", "blue", D)])))
    snap = snapshot_of(state)
    assert "paused" not in snap and "pending_attack" not in snap
    assert QuadState.model_validate({**state.model_dump(), "board": state.board}).paused == []


def test_an_old_snapshot_with_a_pending_attack_migrates_to_the_pause():
    state = paused_attack()
    new = snapshot_of(state)
    old = {k: v for k, v in new.items() if k != "paused"}
    old["pending_attack"] = dict(new["paused"][0]["data"])
    assert first_difference(new, old) is not None
    assert first_difference(new, snapshot_v1_to_v2(old)) is None
    assert snapshot_v1_to_v2({"turn": 1}) == {"turn": 1}
