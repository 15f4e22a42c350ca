"""Games full of psionics, ECM and teleporters played through the service: every pause is reached, undo is exact,
replay gives the same state, and a seat's answers never depend on what it may not know."""

from __future__ import annotations

import random

from rules.core import Setup, SideSetup
from rules.service import GameService
from tests.rules.hundred_wars.helpers import HQ, INF, at, board, unit
from tests.rules.test_conformance import actors
from tests.rules.test_secrecy import check_point

PSI = {**HQ, "psionic": 10, "psionic_range": 40}
ECM = {**INF, "ecm": 7, "ecm_range": 40}
TP = {**INF, "teleport": 3, "teleport_range": 30}
KEEN = ("psi", "jam", "fire", "gather", "teleport", "counter", "move", "allocate", "orders", "roll_off", "edge")


def busy_setup() -> Setup:
    units = []
    for side, row in (("red", 1), ("blue", 5)):
        units += [unit(f"{side}-psi", side, at(2, row), **PSI), unit(f"{side}-ecm", side, at(4, row), **ECM),
                  unit(f"{side}-tp", side, at(6, row), **TP), unit(f"{side}-inf", side, at(8, row)),
                  unit(f"{side}-hid", side, None)]
    return Setup(ruleset="hundred_wars", name="busy", board=board(),
                 sides=[SideSetup(id="red", name="Red"), SideSetup(id="blue", name="Blue")], units=units)


def state_phase(game: GameService) -> str:
    return game.state.phase


OWN = ("orders", "mobile")
"""Pips simulating Orders or Mobile on the side's own units: kept out of the games that look for the other pauses
(Orders offers a pip per hex and would crowd them out); `test_own_unit_simulations_...` plays them."""


def keen(game: GameService, side: str, rng: random.Random, own: bool = False):
    legal = [a for a in game.legal_actions(side) if a.kind != "agree_end"
             and (own or getattr(a, "simulate", "") not in OWN)]
    if not legal:
        return None
    busy = [a for a in legal if a.kind in KEEN and a.kind != "done"]
    special = [a for a in busy if a.kind in ("psi", "jam", "gather", "teleport")]
    if state_phase(game) == "move" and not own and rng.random() < 0.95:  # Phase 5 pips spent on simulations leave none for re-rolls
        special = [a for a in special if not getattr(a, "simulate", "")]

    if special and rng.random() < 0.6:
        return rng.choice(special)
    if busy and rng.random() < 0.7:
        return rng.choice(busy)
    done = [a for a in legal if a.kind == "done"]
    return done[0] if done else rng.choice(legal)


def play_through(setup: Setup, seeds, steps: int = 220, own: bool = False) -> set[str]:
    """Random keen play through the service: every action undone and redone exactly, secrets checked, replayed."""
    seen: set[str] = set()
    for seed in seeds:
        game = GameService.new(setup, seed=seed, options={"dummy_blinds": 1})
        rng = random.Random(seed)
        for step in range(steps):
            if game.result is not None:
                break
            side = rng.choice(actors(game))
            action = keen(game, side, rng, own)
            if action is None:
                continue
            before = game.state.model_copy(deep=True)
            done = game.apply(action)
            assert done.ok, f"{action.text()}: {done.reason}"
            seen |= {p.kind for p in game.state.paused}
            seen.add(action.kind + ("-reroll" if getattr(action, "reroll", "") else "")
                     + ("-cancel" if getattr(action, "cancel", False) else "")
                     + (f"-{action.simulate}" if getattr(action, "simulate", "") else ""))
            after = game.state.model_copy(deep=True)
            assert game.undo() and game.state == before
            assert game.redo() and game.state == after
            if step % 15 == 0:
                check_point(game, rng)
        again = GameService.replay(game.ruleset, game.initial, game.log)
        assert again.state == game.state
    return seen


def test_psionics_ecm_and_teleporters_keep_undo_replay_and_secrets():
    seen = play_through(busy_setup(), (4, 15))  # seeds whose games reach every pause (keyed dice)
    assert {"psi_fire", "psi_die", "psi_move", "psi_pip", "psi-reroll", "psi-cancel", "ecm_teleport", "psi_orders",
            "psi_ecm", "psi-ecm", "psi-teleport"} <= seen, sorted(seen)


def close_setup() -> Setup:
    """Two lines two hexes apart across a wood (not yet rolled), psionic units on both sides: contact and
    terrain rolls come often."""
    units = []
    for side, row in (("red", 3), ("blue", 5)):
        units += [unit(f"{side}-psi", side, at(2, row), **PSI), unit(f"{side}-tp", side, at(4, row), **TP),
                  unit(f"{side}-a", side, at(6, row)), unit(f"{side}-b", side, at(8, row))]
    wood = board(terrain={at(c, 4): "wood" for c in range(3, 10)})
    return Setup(ruleset="hundred_wars", name="close", board=wood,
                 sides=[SideSetup(id="red", name="Red"), SideSetup(id="blue", name="Blue")], units=units)


def test_terrain_and_teleport_re_rolls_keep_undo_replay_and_secrets():
    seen = play_through(close_setup(), (8, 139))  # close combat re-rolls: forced-dice tests (rare in random play)
    assert {"psi_terrain", "psi_teleport", "psi_move", "psi_die"} <= seen, sorted(seen)


def test_own_unit_simulations_keep_undo_replay_and_secrets():
    """Pips simulating Orders (a Move counter of one's own) and Mobile, in random play."""
    seen = play_through(close_setup(), (2, 6), own=True)
    assert {"psi-orders", "psi-mobile"} <= seen, sorted(seen)
