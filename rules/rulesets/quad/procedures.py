"""QUAD procedures: pure functions of plain inputs (and a `Dice`) that return results.

The attack follows the text's "Combat" section: attack dice against the
defender's Quality, 6s cost Quality and other hits push back, defense dice
against the attacker's Quality block hits of the defender's choice, excess
blocks turn against the attacker. `tally_faces`, `block_choices`, `losses` and
`fall_back` are shared by the real attack (turn.py) and the exact odds
preview (odds.py), so the preview is computed from the same procedure.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.dice import Dice
from rules.modifiers import Term, line
from rules.hexgrid import Hex
from rules.words import count

RULE_COMBAT = "QUAD Combat"


@dataclass(frozen=True)
class AttackInputs:
    """Everything an attack's dice depend on."""

    attack_dice: int
    """Attack (or Ranged #1) plus allies adjacent to the target, high ground, charge."""
    defense_dice: int
    """Defense plus the defender's terrain, adjacent Support units, high ground."""
    attacker_quality: int
    defender_quality: int
    elite: bool = False
    """The attacker is Elite: its hitting 5s cost Quality too (QUAD-A13)."""
    defender_green: bool = False
    """Every unblocked hit on the defender costs Quality (QUAD-A12)."""
    attacker_green: bool = False
    """Every excess block against the attacker costs Quality (QUAD-A12)."""
    attack_terms: tuple[Term, ...] = field(default=(), compare=False)
    """What `attack_dice` is made of (the stat and each modifier with its rule); not part of the odds' key."""
    defense_terms: tuple[Term, ...] = field(default=(), compare=False)
    """What `defense_dice` is made of."""

    def modifiers(self) -> tuple[str, ...]:
        """Where both numbers of dice come from, for the preview and the dice log ('' lines left out)."""
        return tuple(m for m in (line("attack dice", self.attack_terms), line("defense dice", self.defense_terms)) if m)


@dataclass(frozen=True)
class Tally:
    """The attack's hits and the defense's blocks, sorted by what each would do."""

    hits_q: int
    """Hits that cost the defender Quality if unblocked (6s; 5s for Elite; all vs Green)."""
    hits_p: int
    """Hits that push the defender back one hex if unblocked."""
    blocks_q: int
    """Blocks that, left over, cost the attacker Quality (6s; all vs a Green attacker)."""
    blocks_p: int
    """Blocks that, left over, push the attacker back."""

    @property
    def hits(self) -> int:
        return self.hits_q + self.hits_p

    @property
    def blocks(self) -> int:
        return self.blocks_q + self.blocks_p


@dataclass(frozen=True)
class Losses:
    """What one attack does before fall-backs are walked: Quality lost and hexes to fall back."""

    defender_q: int = 0
    defender_push: int = 0
    attacker_q: int = 0
    attacker_push: int = 0


def attack_category(face: int, inputs: AttackInputs) -> str | None:
    """'q' (costs Quality), 'p' (push back) or None (miss) for one attack die."""
    if face <= inputs.defender_quality:
        return None
    if inputs.defender_green or face == 6 or (inputs.elite and face == 5):
        return "q"
    return "p"


def block_category(face: int, inputs: AttackInputs) -> str | None:
    """'q' (a 6, or any block vs a Green attacker), 'p' (other block) or None for one defense die."""
    if face <= inputs.attacker_quality:
        return None
    if inputs.attacker_green or face == 6:
        return "q"
    return "p"


def tally_faces(inputs: AttackInputs, attack_faces: tuple[int, ...], defense_faces: tuple[int, ...]) -> Tally:
    cats_a = [attack_category(f, inputs) for f in attack_faces]
    cats_d = [block_category(f, inputs) for f in defense_faces]
    return Tally(cats_a.count("q"), cats_a.count("p"), cats_d.count("q"), cats_d.count("p"))


def roll_attack(inputs: AttackInputs, dice: Dice, *, side: str | None = None, unit: str | None = None,
                defender_side: str | None = None, defender: str | None = None) -> tuple[Tally, tuple[int, ...], tuple[int, ...]]:
    """Roll the attack dice, then the defense dice; returns the tally and both sets of faces."""

    def said_attack(faces: tuple[int, ...]) -> str:
        t = tally_faces(inputs, faces, ())
        return f"{count(t.hits, 'hit')}: {t.hits_q} cost Quality, {t.hits_p} push back"

    def said_defense(faces: tuple[int, ...]) -> str:
        t = tally_faces(inputs, (), faces)
        return f"{count(t.blocks, 'block')}, {sum(1 for f in faces if f == 6 and f > inputs.attacker_quality)} of them 6s"

    a = dice.roll(inputs.attack_dice, 6, "attack", side=side, unit=unit, need=inputs.defender_quality,
                  test=">", rule=RULE_COMBAT, outcome=said_attack,
                  modifiers=(line("attack dice", inputs.attack_terms),))
    d = dice.roll(inputs.defense_dice, 6, "defense", side=defender_side, unit=defender,
                  need=inputs.attacker_quality, test=">", rule=RULE_COMBAT, outcome=said_defense,
                  modifiers=(line("defense dice", inputs.defense_terms),))
    return tally_faces(inputs, a, d), a, d


def _bounds(t: Tally) -> tuple[bool, int, int]:
    """(more hits than blocks?, least, most) of the number the defender chooses."""
    if t.blocks < t.hits:
        return True, max(0, t.blocks - t.hits_p), min(t.blocks, t.hits_q)
    excess = t.blocks - t.hits
    return False, max(0, excess - t.blocks_p), min(excess, t.blocks_q)


def block_choices(t: Tally) -> list[tuple[int, int]]:
    """The defender's real options as (quality, sixes), the sensible default first.

    More hits than blocks: `quality` = Quality hits blocked (default: as many as
    possible). More blocks than hits: `sixes` = Quality-costing blocks left over
    against the attacker (default: as many as possible). Equal: one option.
    """
    short, lo, hi = _bounds(t)
    if short:
        return [(x, 0) for x in range(hi, lo - 1, -1)]
    return [(0, y) for y in range(hi, lo - 1, -1)]


def default_choice(t: Tally) -> tuple[int, int]:
    """The first of `block_choices`: block Quality hits first, or keep 6s as the excess."""
    short, _, hi = _bounds(t)
    return (hi, 0) if short else (0, hi)


def losses(t: Tally, quality: int, sixes: int) -> Losses:
    """Apply the defender's block choice (text: "Combat"; Example 1)."""
    short, lo, hi = _bounds(t)
    chosen, other = (quality, sixes) if short else (sixes, quality)
    if other != 0 or not lo <= chosen <= hi:
        raise ValueError(f"({quality}, {sixes}) is not a block choice for {t}")
    if short:
        return Losses(defender_q=t.hits_q - quality, defender_push=t.hits_p - (t.blocks - quality))
    excess = t.blocks - t.hits
    return Losses(attacker_q=sixes, attacker_push=excess - sixes)


def retreat_hexes(push: int, steady: bool) -> int:
    """Hexes to fall back: one per push hit, one less for Steady (QUAD-A11), never below 0."""
    return max(0, push - 1) if steady else push


def fall_back(q_hits: int, push: int, quality: int, steady: bool, capacity: int) -> tuple[int, int]:
    """(Quality lost, hexes fallen back) for a unit of `quality` that can take `capacity` hexes.

    Quality hits first; a unit they eliminate does not fall back. Then Steady
    reduces the hexes (QUAD-A11) and every hex that cannot be taken costs 1
    Quality (text: "cannot do so ... lose 1 quality per hit"; QUAD-A10).
    """
    if q_hits >= quality:
        return quality, 0
    need = retreat_hexes(push, steady)
    moved = min(need, capacity)
    return min(quality, q_hits + need - moved), moved


def retreat_options(here: Hex, away_from: Hex, blocked) -> list[Hex]:
    """Hexes a falling-back unit may step into next: farther from `away_from`, not blocked (QUAD-A18).

    `blocked(h)` is true for hexes off the map, impassable, or occupied by any unit.
    """
    d = here.distance(away_from)
    return [h for h in here.neighbours() if h.distance(away_from) > d and not blocked(h)]


def retreat_capacity(start: Hex, away_from: Hex, blocked, limit: int) -> int:
    """The most hexes (up to `limit`) a unit can fall back from `start`, choosing its path well."""
    best = 0
    frontier = {start}
    for depth in range(1, limit + 1):
        frontier = {n for h in frontier for n in retreat_options(h, away_from, blocked)}
        if not frontier:
            break
        best = depth
    return best


def terrain_attack(quality: int, dice: Dice, *, side: str | None, unit: str, why: str) -> bool:
    """Difficult terrain "attacks" a unit entering it: 1d6, a roll above Quality stops it (QUAD-A02)."""
    (face,) = dice.roll(1, 6, f"terrain attack ({why})", side=side, unit=unit, need=quality, test=">",
                        rule="QUAD-A02", outcome=lambda f: "hit: the unit stops" if f[0] > quality else "no hit: it enters")
    return face > quality
