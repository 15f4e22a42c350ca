"""Infantry: teams, fire effectiveness, ranged firefights and close-assault draws (dsii-core §8; house rules
'Infantry commandos', 'Close assaults', 'Rapid fire auto canons')."""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

from rules.dice import Dice
from rules.rulesets.dirtside import chits as ch
from rules.rulesets.dirtside import weapons as w
from rules.rulesets.dirtside.ladder import shift

RIFLE_COST = {"militia": 15, "line": 20, "powered": 40}
TEAM_EXTRA = {"rifle": 0, "apsw": 10, "assault": 0, "observer": 50, "lad": 75, "engineer": 50,
              "mortar": 30, "commando": 70, "anti_armour": 0}
"""Extra cost per team (§8.2); mortar team +30 for the RAM mortar, commando +70 (house rules)."""
GMS_L_COST = {"basic": 20, "enhanced": 30, "superior": 40}
FIREFIGHT_RANGE = {"militia": 4, "line": 6, "powered": 8}
BMF = {"militia": 2, "line": 2, "powered": 6}


def team_cost(troop: str, team: str, *, gms: str = "basic", cavalry: bool = False) -> int:
    """A team's points: rifle-team cost of its type + the team's extra (DS2-A21 for mortar teams);
    cavalry adds 50%."""
    cost = RIFLE_COST[troop] + TEAM_EXTRA[team] + (GMS_L_COST[gms] if team == "anti_armour" else 0)
    return cost + ceil(cost / 2) if cavalry else cost


def can_firefight(team: str) -> bool:
    """Rifle and APSW teams fire in firefights; commandos are rifle teams (§8.3, house rule)."""
    return team in ("rifle", "apsw", "commando")


def firefight_chits(troop: str, team: str) -> int:
    """Powered rifle teams and APSW teams draw 3; other rifle teams 2 (§8.3)."""
    return 3 if team == "apsw" or troop == "powered" else 2


def assault_chits(troop: str, team: str) -> int:
    """Close assault: militia/line 2; powered, APSW and assault teams 3 (§8.5); commandos one more
    (militia 3, line 3, powered 4: house rule, DS2-A02, A03)."""
    base = 3 if troop == "powered" or team in ("apsw", "assault") else 2
    return base + (1 if team == "commando" else 0)


def assault_kill(troop: str, team: str, terrain: str) -> int:
    """Kill number in close assault; commandos need 2 more in urban or wooded areas (5/6/7), else the
    normal value (house rule; DS2-A02, A22)."""
    k = ch.KILL[troop]
    return k + 2 if team == "commando" and terrain in ("urban", "woods") else k


@dataclass(frozen=True)
class Effectiveness:
    roll: int | None
    level: str  # "ineffective", "partial", "full"

    def shooters(self, eligible: int) -> int:
        return {"ineffective": 0, "partial": ceil(eligible / 2), "full": eligible}[self.level]


def fire_effectiveness(quality_die: int, leadership: int, dice: Dice, *, under_fire: bool = False,
                       commandos: bool = False, **who) -> Effectiveness:
    """Roll the quality die (one type down under fire) against L: < L ineffective, < 2L partial, else full;
    L = 1 is never ineffective (§8.3). Commandos do not roll: all are able to shoot (house rule)."""
    if commandos:
        return Effectiveness(None, "full")
    die = shift(quality_die, -1 if under_fire else 0) or 4
    why = (f"quality die d{quality_die}, one type down Under Fire (§8.3) = d{die}",) if under_fire else ()
    roll = dice.roll(1, die, "fire effectiveness", rule="§8.3", outcome=lambda f: _level(f[0], leadership),
                     modifiers=why, **who)[0]
    return Effectiveness(roll, _level(roll, leadership))


def _level(roll: int, lead: int) -> str:
    if roll < lead:
        return "ineffective"
    return "partial" if roll < 2 * lead else "full"


def all_commandos(eligible: list[tuple[str, str]]) -> bool:
    """Commandos do not roll for effectiveness: all are able to shoot (house rule)."""
    return bool(eligible) and all(t == "commando" for _, t in eligible)


def firing_teams(eligible: list[tuple[str, str]], eff: Effectiveness) -> list[tuple[str, str]]:
    """The teams that fire at this effectiveness; APSW teams may always be put in the firing half (§8.3): first."""
    ordered = sorted(eligible, key=lambda s: s[1] != "apsw")
    return ordered[: eff.shooters(len(ordered))]


@dataclass(frozen=True)
class FirefightResult:
    effectiveness: Effectiveness
    draws: tuple[tuple[str, ...], ...]
    kills: tuple[bool, ...]


def firefight(shooters: list[tuple[str, str]], targets_kill: list[int], position: str, quality_die: int,
              leadership: int, dice: Dice, *, under_fire: bool = False, pool: ch.ChitPool | None = None,
              **who) -> FirefightResult:
    """A ranged firefight: effectiveness, then each firing element (troop, team) draws at one target element
    (targets taken in turn) with the validity of the target's position; draws are never pooled (§8.3, §6.5)."""
    eligible = [s for s in shooters if can_firefight(s[1])]
    eff = fire_effectiveness(quality_die, leadership, dice, under_fire=under_fire,
                             commandos=all_commandos(eligible), **who)
    firing = firing_teams(eligible, eff)
    valid = w.firefight_validity(position)
    pool = pool or ch.ChitPool()
    draws, kills = [], []
    for i, (troop, team) in enumerate(firing):
        if not targets_kill:
            break
        drawn = pool.draw(firefight_chits(troop, team), dice, **who)
        draws.append(drawn)
        kills.append(ch.read_infantry(drawn, valid, targets_kill[i % len(targets_kill)]))
    return FirefightResult(eff, tuple(draws), tuple(kills))


def assault_position(defender: bool, terrain_cover: str, first_round: bool, advancing_through_soft: bool = False) -> str:
    """House rule 'Close assaults' (DS2-A06): only defenders claim dug-in, in round 1 only; soft cover in
    round 1 for defenders in it and attackers advancing through it; from round 2 everyone is in the open."""
    if not first_round:
        return "open"
    if defender:
        return terrain_cover if terrain_cover in ("dug_in", "soft") else "open"
    return "soft" if advancing_through_soft else "open"


def assault_draw(troop: str, team: str, kill: int, position: str, dice: Dice, *,
                 pool: ch.ChitPool | None = None, **who) -> tuple[tuple[str, ...], bool]:
    """One element's close-assault draw at one enemy infantry element."""
    pool = pool or ch.ChitPool()
    drawn = pool.draw(assault_chits(troop, team), dice, **who)
    return drawn, ch.read_infantry(drawn, w.assault_validity(position), kill)


def vehicle_assault_systems(fcs: int, apsws: int, rfacs: int) -> int:
    """House rule 'Multiple fire control systems': in close assault each APSW or RFAC firing as an APSW
    uses a fire control, so a vehicle fires at most `fcs` of them each round (APFCs need none)."""
    return min(fcs, apsws + rfacs)
