"""The terrain (mode) die as a stage, so that a psionic pip may re-roll it (text: "Terrain": 'When a unit enters or
fires into a terrain piece roll 1d10'; "Psionic": 'reroll any 1 die').

A piece is rolled the first time a unit enters it or fires into or through it (AHW-A04), or when a walk starts in
it unrolled. Right after that roll the walk (moving.py) or the shot (shot.py) waits while the side the roll went against may re-roll it with a pip in
range of the piece's hex: an Easy result goes against the other sides (the first in player order that can), any
harder one against the side whose unit moved or fired. The walk or shot then goes on with the level as it stands
(reactions.py picks it up: `walk` or `shot` in the pause's data). Never during a blind's walk (the walk's data
would tell its hidden Move).
"""

from __future__ import annotations

from rules import reaction
from rules.core import Context
from rules.hexgrid import Hex
from rules.reaction import Pause
from rules.rulesets.hundred_wars import field
from rules.rulesets.hundred_wars import terrain as ter
from rules.rulesets.hundred_wars.psi_reach import ready_in_range
from rules.rulesets.hundred_wars.state import HwState
from rules.rulesets.hundred_wars.units import HwUnit

REROLL = "psi_terrain"
"""The pause after a terrain roll: the side it went against may re-roll it with a psionic pip."""


def rolled_since(state: HwState, before: set[str]) -> list[str]:
    """The pieces rolled since `before` (the rolled pieces' ids then), in the order rolled."""
    return [p for p in state.terrain_rolls if p not in before]


def piece_hex(piece: str) -> Hex:
    """A piece's first hex in map order (its id is 'wood@3,4')."""
    return Hex.parse(piece.split("@", 1)[1])


def side_against(state: HwState, piece: str, actor: str, others: list[str]) -> str | None:
    h = piece_hex(piece)
    if state.terrain_rolls.get(piece) != "easy":
        return actor if ready_in_range(state, actor, h) else None
    return next((s for s in others if ready_in_range(state, s, h)), None)


def offer(state: HwState, data: dict, ctx: Context) -> bool:
    """Offer each newly rolled piece in turn (`data["pieces"]`) to the side it went against; True when one waits."""
    while data["pieces"]:
        piece = data["pieces"][0]
        side = side_against(state, piece, data["actor"], data["others"])
        if side is not None:
            reaction.pause(state, Pause(kind=REROLL, actor=data["actor"], reactor=side, data=dict(data),
                                        prompt=f"re-roll the terrain die of the {piece.split('@')[0]} at "
                                               f"{piece_hex(piece)} ({ter.LEVEL_WORDS[state.terrain_rolls[piece]]}) "
                                               "with a psionic pip (y), or keep it (d)"), ctx)
            return True
        data["pieces"] = data["pieces"][1:]
    return False


def rerollable(state: HwState, data: dict, side: str) -> list[tuple[Hex, HwUnit]]:
    """(the piece's hex, psionic unit) the deciding side may re-roll with."""
    h = piece_hex(data["pieces"][0])
    return [(h, p) for p in ready_in_range(state, side, h)]


def keep(state: HwState, data: dict, ctx: Context) -> bool:
    """The roll stands: the next new piece is offered; True when one waits."""
    data["pieces"] = data["pieces"][1:]
    return offer(state, data, ctx)


def reroll(state: HwState, data: dict, psi: HwUnit, ctx: Context) -> bool:
    """A pip rolls the piece again (the new level is kept for the game); the side it now goes against may re-roll
    in turn. True when a roll waits."""
    piece = data["pieces"][0]
    del state.terrain_rolls[piece]
    field.roll_piece(state, piece, ctx, psi.side, again=f" (psionic re-roll by {psi.name})")
    return offer(state, data, ctx)
