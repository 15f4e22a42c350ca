"""Exact odds of a QUAD attack, computed (never sampled) from the procedures the attack uses.

Each attack die falls into miss / Quality hit / push hit, each defense die
into miss / 6-block / other block, with chances read off `attack_category`
and `block_category` face by face. The counts are multinomial; every
combination goes through `block_choices` (the defender's default choice),
`losses` and `fall_back`, exactly as in play. Fall-back room is the most hexes
each unit could take from where it stands (its owner choosing well).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache

from rules import outcomes
from rules.core import Outcome, Preview
from rules.hexgrid import Hex
from rules.outcomes import EFFECTS, STOPPED, SideEffect, UnitEffect
from rules.rulesets.quad import procedures as proc
from rules.words import count

Key = tuple[int, int, int, int]
"""(defender Quality lost, defender hexes fallen back, attacker Quality lost, attacker hexes fallen back)."""


def _face_counts(classify) -> tuple[int, int, int]:
    """How many of a d6's six faces fall into (Quality, push, miss) under `classify`."""
    cats = [classify(face) for face in range(1, 7)]
    return cats.count("q"), cats.count("p"), cats.count(None)


def _ways(n: int, counts: tuple[int, int, int]) -> dict[tuple[int, int], int]:
    """Multinomial in whole numbers: (Quality dice, push dice) -> how many of the 6**n face rows give it.

    Integers instead of Fractions keep a preview of a dozen dice each way well under 50 ms.
    """
    wq, wp, wm = counts
    dist = {(0, 0): 1}
    for _ in range(n):
        nxt: dict[tuple[int, int], int] = {}
        for (q, p), w in dist.items():
            for key, f in (((q + 1, p), wq), ((q, p + 1), wp), ((q, p), wm)):
                if f:
                    nxt[key] = nxt.get(key, 0) + w * f
        dist = nxt
    return dist


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
    """The exact distribution of an attack's outcome (remembered: the preview asks again and again)."""
    return dict(_distribution(inputs, defender_steady, attacker_steady, defender_room, attacker_room))


@lru_cache(maxsize=512)
def _distribution(inputs: proc.AttackInputs, defender_steady: bool, attacker_steady: bool,
                  defender_room: int, attacker_room: int) -> tuple[tuple[Key, Fraction], ...]:
    """Counts of hits and blocks, weighted by multinomial coefficients, never single faces.

    Under the default block choice a tally's result depends on less than all four counts:
    with fewer blocks than hits, only on the attack's (Quality hits, push hits) and the total
    of blocks (which blocks they are does not matter: all are spent on hits); with at least as
    many blocks as hits, only on the total of hits and the defense's (6-blocks, other blocks).
    So each half is a sum over one joint and one marginal distribution: O(n^2 m + n m^2)
    tallies instead of O(n^2 m^2). Each representative tally still goes through
    `outcome_of` (the procedure play uses); the test against full enumeration keeps this honest.
    """
    da = _ways(inputs.attack_dice, _face_counts(lambda f: proc.attack_category(f, inputs)))
    dd = _ways(inputs.defense_dice, _face_counts(lambda f: proc.block_category(f, inputs)))
    hits_total: dict[int, int] = {}
    for (hq, hp), w in da.items():
        hits_total[hq + hp] = hits_total.get(hq + hp, 0) + w
    blocks_total: dict[int, int] = {}
    for (bq, bp), w in dd.items():
        blocks_total[bq + bp] = blocks_total.get(bq + bp, 0) + w
    kw = dict(defender_steady=defender_steady, attacker_steady=attacker_steady,
              defender_room=defender_room, attacker_room=attacker_room)
    ways: dict[Key, int] = {}
    for (hq, hp), wa in da.items():  # fewer blocks than hits
        for blocks, wd in blocks_total.items():
            if blocks < hq + hp:
                key = outcome_of(proc.Tally(hq, hp, 0, blocks), inputs, **kw)
                ways[key] = ways.get(key, 0) + wa * wd
    for hits, wa in hits_total.items():  # at least as many blocks as hits
        for (bq, bp), wd in dd.items():
            if bq + bp >= hits:
                key = outcome_of(proc.Tally(hits, 0, bq, bp), inputs, **kw)
                ways[key] = ways.get(key, 0) + wa * wd
    rows = 6 ** (inputs.attack_dice + inputs.defense_dice)
    return tuple((key, Fraction(w, rows)) for key, w in ways.items())


def unit_effect(unit: str, q: int, back: int, quality: int) -> UnitEffect:
    """What an attack does to one side's unit (id `unit`): `q` Quality lost, `back` hexes fallen back."""
    return UnitEffect(unit=unit, losses=q, loss="quality" if q else "", retreat=back, eliminated=q >= quality)


def unit_words(name: str, e: UnitEffect) -> str:
    """One side's part of an attack's outcome in words ('Marines -1 Q, back 1', 'Horse unharmed'), made from its
    effect: QUAD's `outcome_words` makes every preview line about a unit with it."""
    if STOPPED in e.status:
        return "stopped"
    if e.eliminated:
        return f"{name} eliminated"
    parts = []
    if e.losses:
        parts.append(f"-{e.losses} Q")
    if e.retreat:
        parts.append(f"back {e.retreat}")
    return f"{name} " + (", ".join(parts) if parts else "unharmed")


def outcome_words(outcome: Outcome, names: Mapping[str, str]) -> str:
    """QUAD's words of an outcome (the contract's `outcome_words`), made from its effects."""
    return outcomes.outcome_words(outcome, names, unit_words, outcomes.objective_words)


def _side_text(name: str, q: int, back: int, quality: int) -> str:
    return unit_words(name, unit_effect(name, q, back, quality))


def attack_preview(title: str, inputs: proc.AttackInputs, dist: dict[Key, Fraction], attacker: str, defender: str,
                   notes: tuple[str, ...] = (), scale: Fraction = Fraction(1),
                   extra: tuple[Outcome, ...] = (), ids: tuple[str, str] | None = None) -> Preview:
    """The preview of an attack from its exact distribution; `ids` are the (attacker, defender) ids the effects
    name (`attacker`, `defender` when not given: the resolver's roles). Its words: `outcome_words`."""
    a_id, d_id = ids or (attacker, defender)
    rows = []
    for (dq, db, aq, ab), p in sorted(dist.items(), key=lambda kv: (-kv[1], kv[0])):
        d = unit_effect(d_id, dq, db, inputs.defender_quality)
        a = unit_effect(a_id, aq, ab, inputs.attacker_quality)
        rows.append(Outcome(chance=p * scale, units=(d, a)))
    dice = (f"{inputs.attack_dice}d6 attack needing {inputs.defender_quality + 1}+, "
            f"{inputs.defense_dice}d6 defense needing {inputs.attacker_quality + 1}+")
    return Preview(title=title, dice=dice, modifiers=inputs.modifiers(), outcomes=tuple(rows) + extra, notes=notes)


def move_preview(title: str, stops: list[tuple[Hex, str]], quality: int, unit: str = "",
                 reached: tuple[SideEffect, ...] = ()) -> Preview:
    """Chance that the terrain stops a move before each difficult hex (QUAD-A02); `unit` is the mover's id,
    `reached` the objectives its side reaches where it arrives."""
    stopped = (UnitEffect(unit=unit, status=(STOPPED,)),) if unit else ()
    p_pass = Fraction(min(quality, 6), 6)
    reach = Fraction(1)
    rows = []
    for h, why in stops:
        rows.append(Outcome(chance=reach * (1 - p_pass), units=stopped, event=f"{EFFECTS} before {h} ({why})"))
        reach *= p_pass
    rows.insert(0, Outcome(chance=reach, sides=reached, event=f"arrives ({EFFECTS})") if reached
                else Outcome(label="arrives", chance=reach))
    dice = f"{count(len(stops), 'terrain attack')}, 1d6 each, stopped on {quality + 1}+" if stops else "no dice"
    return Preview(title=title, dice=dice, outcomes=tuple(rows))
