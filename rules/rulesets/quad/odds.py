"""Exact odds of a QUAD attack, computed (never sampled) from the procedures the attack uses.

Each attack die falls into miss / Quality hit / push hit, each defense die
into miss / 6-block / other block, with chances read off `attack_category`
and `block_category` face by face. The counts are multinomial; every
combination goes through `block_choices` (the defender's default choice),
`losses` and `fall_back`, exactly as in play. Fall-back room is the most hexes
each unit could take from where it stands (its owner choosing well).
"""

from __future__ import annotations

from fractions import Fraction

from rules import odds
from rules.core import Outcome, Preview
from rules.hexgrid import Hex
from rules.rulesets.quad import procedures as proc

Key = tuple[int, int, int, int]
"""(defender Quality lost, defender hexes fallen back, attacker Quality lost, attacker hexes fallen back)."""


def _die_weights(classify) -> dict[str | None, Fraction]:
    w: dict[str | None, Fraction] = {None: Fraction(0), "q": Fraction(0), "p": Fraction(0)}
    for face in range(1, 7):
        w[classify(face)] += Fraction(1, 6)
    return w


def outcome_of(t: proc.Tally, inputs: proc.AttackInputs, *, defender_steady: bool = False,
               attacker_steady: bool = False, defender_room: int = 99, attacker_room: int = 99, choice: tuple[int, int] | None = None) -> Key:
    """The final result of one tally under the defender's choice (default: the first offered)."""
    quality, sixes = choice if choice is not None else proc.default_choice(t)
    loss = proc.losses(t, quality, sixes)
    dq, dback = proc.fall_back(loss.defender_q, loss.defender_push, inputs.defender_quality, defender_steady,
                               defender_room)
    aq, aback = proc.fall_back(loss.attacker_q, loss.attacker_push, inputs.attacker_quality, attacker_steady,
                               attacker_room)
    return dq, dback, aq, aback


def attack_distribution(inputs: proc.AttackInputs, *, defender_steady: bool = False, attacker_steady: bool = False,
                        defender_room: int = 99, attacker_room: int = 99) -> dict[Key, Fraction]:
    """The exact distribution of an attack's outcome."""
    wa = _die_weights(lambda f: proc.attack_category(f, inputs))
    wd = _die_weights(lambda f: proc.block_category(f, inputs))
    da = odds.categories(inputs.attack_dice, {"q": wa["q"], "p": wa["p"], "-": wa[None]})
    dd = odds.categories(inputs.defense_dice, {"q": wd["q"], "p": wd["p"], "-": wd[None]})
    out: dict[Key, Fraction] = {}
    cache: dict[tuple[int, int, int, int], Key] = {}
    for (hq, hp, _), pa in da.items():
        for (bq, bp, _), pd in dd.items():
            k = (hq, hp, bq, bp)
            key = cache.get(k)
            if key is None:
                key = cache[k] = outcome_of(proc.Tally(*k), inputs, defender_steady=defender_steady,
                                            attacker_steady=attacker_steady, defender_room=defender_room,
                                            attacker_room=attacker_room)
            out[key] = out.get(key, Fraction(0)) + pa * pd
    return out


def _side_text(name: str, q: int, back: int, quality: int) -> str:
    if q >= quality:
        return f"{name} eliminated"
    parts = []
    if q:
        parts.append(f"-{q} Q")
    if back:
        parts.append(f"back {back}")
    return f"{name} " + (", ".join(parts) if parts else "unharmed")


def attack_preview(title: str, inputs: proc.AttackInputs, dist: dict[Key, Fraction], attacker: str, defender: str,
                   notes: tuple[str, ...] = (), scale: Fraction = Fraction(1),
                   extra: tuple[Outcome, ...] = ()) -> Preview:
    rows = [
        Outcome(label=f"{_side_text(defender, dq, db, inputs.defender_quality)}; "
                      f"{_side_text(attacker, aq, ab, inputs.attacker_quality)}", chance=p * scale)
        for (dq, db, aq, ab), p in sorted(dist.items(), key=lambda kv: (-kv[1], kv[0]))
    ]
    dice = (f"{inputs.attack_dice}d6 attack needing {inputs.defender_quality + 1}+, "
            f"{inputs.defense_dice}d6 defense needing {inputs.attacker_quality + 1}+")
    return Preview(title=title, dice=dice, outcomes=tuple(rows) + extra, notes=notes)


def move_preview(title: str, stops: list[tuple[Hex, str]], quality: int) -> Preview:
    """Chance that the terrain stops a move before each difficult hex (QUAD-A02)."""
    p_pass = Fraction(min(quality, 6), 6)
    reach = Fraction(1)
    rows = []
    for h, why in stops:
        rows.append(Outcome(label=f"stopped before {h} ({why})", chance=reach * (1 - p_pass)))
        reach *= p_pass
    rows.insert(0, Outcome(label="arrives", chance=reach))
    dice = f"{len(stops)} terrain attack(s), 1d6 each, stopped on {quality + 1}+" if stops else "no dice"
    return Preview(title=title, dice=dice, outcomes=tuple(rows))
