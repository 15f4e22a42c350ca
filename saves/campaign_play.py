"""Playing a campaign file: its next battle with the carried forces, the result recorded, the between-battle steps.

A rule set with campaigns states it (rules/contract.py): its `RULESET.campaign` has `start(state)`,
`end_battle(c, state, dice)` and `next_units(c)`; its `campaign_spending`, if any, is offered as `steps` (A Hundred
Wars: "Repair Bonus" and "Captures": repairs, replacements, new units from the army lists, claims and salvage).
Bundled campaigns are in saves/campaigns/<ruleset>/; playing one works on a copy in the user's data folder.
"""

from __future__ import annotations

import shutil
import zlib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Callable

from rules import registry
from rules.contract import CampaignRules, CampaignSpending
from rules.core import Refusal, Setup
from rules.dice import SeededDice
from rules.words import count
from saves.campaign import Campaign, carried, load_campaign, record_battle, save_campaign
from saves.errors import SaveError


def _root() -> Path:
    return Path(str(resources.files("saves") / "campaigns"))


def bundled_campaigns() -> list[tuple[str, Path]]:
    """(ruleset/name, path) of every bundled campaign."""
    root = _root()
    return [(f"{p.parent.name}/{p.stem}", p) for p in sorted(root.glob("*/*.toml"))] if root.is_dir() else []


def _bundled(name_or_path: str | Path) -> tuple[Path, Path]:
    """(the bundled campaign of that name, where the user's copy of it goes); SaveError naming the bundled ones."""
    found = [p for key, p in bundled_campaigns() if key == str(name_or_path) or p.stem == str(name_or_path)]
    if not found:
        known = ", ".join(k for k, _ in bundled_campaigns()) or "none"
        raise SaveError(str(name_or_path), f"no campaign file there and no bundled campaign of that name (bundled: {known})")
    from saves.store import saves_dir

    return found[0], saves_dir() / "campaigns" / found[0].name


def find(name_or_path: str | Path) -> Path:
    """The campaign file a name means, writing nothing (`hexwar campaign --show`): a path as given, the
    user's copy of a bundled campaign when there is one, else the bundled file itself."""
    path = Path(name_or_path)
    if path.exists():
        return path
    bundled, mine = _bundled(name_or_path)
    return mine if mine.exists() else bundled


def user_copy(name_or_path: str | Path) -> Path:
    """The campaign file to play: a path as given, or the user's copy of a bundled campaign (made on first use)."""
    path = Path(name_or_path)
    if path.exists():
        return path
    bundled, mine = _bundled(name_or_path)
    if not mine.exists():
        mine.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(bundled, mine)
    return mine


def rules_of(campaign: Campaign) -> CampaignRules:
    """The rule set's campaign rules (start, end_battle, next_units); SaveError when it has no campaigns."""
    found = registry.get(campaign.ruleset).campaign
    if found is None:
        raise SaveError(None, f"the {campaign.ruleset} rules have no campaigns")
    return found


def battle_setup(campaign: Campaign) -> Setup:
    """The next battle's scenario; after the first battle, with the carried forces instead of its units."""
    from saves.scenarios import load_scenario

    battle = campaign.next_battle
    if battle is None:
        raise SaveError(None, "every battle of this campaign is fought")
    setup = load_scenario(battle, campaign.ruleset)
    if not campaign.results:
        return setup
    return setup.model_copy(update={"units": rules_of(campaign).next_units(carried(campaign))})






def finish_battle(campaign: Campaign, service) -> Campaign:
    """The campaign after the battle played by `service` ended: losses, captures, repair rolls, pools, the result.

    The between-battle dice are seeded from the game's seed and the battle's number (never the clock).
    """
    if service.result is None:
        raise Refusal("the battle is not over")
    mod = rules_of(campaign)
    state = service.state
    before = carried(campaign) if campaign.results else mod.start(service.initial)
    dice = SeededDice(state.seed * 1000 + len(campaign.results), 0)
    after = mod.end_battle(before, state, dice)
    return record_battle(campaign, service.result, after)


@dataclass(frozen=True)
class Step:
    """One between-battle choice: what it says and what it does to the carried table (raises Refusal)."""

    side: str
    label: str
    run: Callable[[Any], Any] | None = None
    more: tuple["Step", ...] = ()
    """A step that opens a choice among these (the factor to add a point to) instead of running."""


def steps(campaign: Campaign) -> list[Step]:
    """Every choice the text allows now, per side: repairs, replacements, new units, claims and salvage."""
    mod = registry.get(campaign.ruleset).campaign_spending
    if not campaign.results or mod is None:
        return []
    from saves.armies import catalogue, own_catalogue

    c = carried(campaign)
    out: list[Step] = []
    for side in c.sides:
        pool = c.pools.get(side, 0)
        for u in c.forces.get(side, []):
            if u.damage:
                n = min(u.damage, pool)
                if n:
                    out.append(Step(side, f"repair {count(n, 'damage point')} of {u.name} ({count(n, 'pool point')})",
                                    lambda c, s=side, i=u.id, n=n: mod.repair(c, s, i, n)))
            if pool >= mod.UPGRADE_COST:  # 'each roll of 100 allows 1 point to be added to any one unit' (AHW-A24)
                out.append(Step(side, f"add 1 point to a factor of {u.name} ({mod.UPGRADE_COST} pool points) ...",
                                more=upgrades(mod, side, u)))
        for u in c.destroyed.get(side, []):
            cost = mod.unit_cost(u.bought)
            if cost <= pool:
                out.append(Step(side, f"replace {u.name} ({cost} pool points)", lambda c, s=side, i=u.id: mod.replace(c, s, i)))
        for st in c.stranded:  # 'The losing team may attempt to destroy any stranded units'
            if st.side == side:
                pct = f"{float(mod.scuttle_chance(st.fire, st.armour)) * 100:.0f}%"
                out.append(Step(side, f"scuttle stranded {st.name}: 1d100 under its Fire {st.fire} and over its "
                                      f"Armour {st.armour} ({pct} to destroy it; one attempt)",
                                lambda c, s=side, i=st.id: mod.scuttle_unit(c, s, i, scuttle_dice(c, i))))
        if side == c.winner:
            for u in c.captured:
                out.append(Step(side, f"claim captured {u.name}", lambda c, s=side, i=u.id: mod.claim(c, s, i)))
                out.append(Step(side, f"salvage captured {u.name} (10% of its value to the pool)",
                                lambda c, s=side, i=u.id: mod.salvage(c, s, i)))
        offers = [("", e) for e in catalogue(campaign.ruleset)] + own_catalogue(campaign.ruleset)
        for file, e in offers:
            if e.each <= pool:
                where = f" from your army {file}" if file else ""
                out.append(Step(side, f"buy a new {e.entry.name}{where} ({e.each} pool points)",
                                lambda c, s=side, e=e: mod.buy(c, s, _new_id(c, s), e.entry.name,
                                                                mod.unit_stats.model_validate(e.entry.stats), e.entry.kind)))
    return out


def upgrades(mod: CampaignSpending, side: str, u) -> tuple[Step, ...]:
    """One step per factor of the unit a point may be added to (AHW-A24)."""
    out = []
    for k in mod.upgrade_keys(u):
        label, now = mod.factor_words(u, k)
        out.append(Step(side, f"add 1 to {label} of {u.name}: {now} -> {now + 1} ({mod.UPGRADE_COST} pool points)",
                        lambda c, s=side, i=u.id, k=k: mod.upgrade(c, s, i, k)))
    return tuple(out)


def scuttle_dice(c, uid: str) -> SeededDice:
    """The scuttle roll of one unit: seeded by the battle's game seed, the battle's number and the unit."""
    return SeededDice(c.seed * 1000 + c.battles, zlib.crc32(uid.encode()))


def _new_id(c, side: str) -> str:
    taken = {u.id for f in c.forces.values() for u in f} | {u.id for f in c.destroyed.values() for u in f}
    return next(f"{side}-new{n}" for n in range(1, 10_000) if f"{side}-new{n}" not in taken)


def take_step(campaign: Campaign, step: Step) -> Campaign:
    """The campaign after one choice (Refusal: nothing changes)."""
    if step.run is None:
        raise Refusal(f"{step.label}: choose one of its choices")
    c = carried(campaign).model_copy(deep=True)
    step.run(c)
    return campaign.model_copy(update={"carry": c.model_dump(mode="json")})


def state_lines(campaign: Campaign, side: str | None = None) -> list[str]:
    """The campaign as the screen and `hexwar campaign` show it; with `side`, as that side sees it while it makes
    its between-battle choices: its own force, pool and stranded units, and of the other sides only the result
    of the battle and what was captured (their pools and choices are their own until the next battle)."""
    lines = [f"{campaign.title or campaign.name}: {len(campaign.results)} of {len(campaign.battles)} battles fought"]
    for i, r in enumerate(campaign.results):
        lines.append(f"  battle {i + 1} ({r.battle}): {'won by ' + r.winner if r.winner else 'a draw'}"
                     + (f" ({r.reason})" if r.reason else ""))
    nxt = campaign.next_battle
    lines.append(f"next battle: {nxt}" if nxt else "every battle is fought")
    if campaign.results:
        c = carried(campaign)
        for s in c.sides:
            if side is not None and s != side:
                lines.append(f"{s}: its choices are its own (pass the keyboard)")
                continue
            force = c.forces.get(s, [])
            lines.append(f"{s}: pool {c.pools.get(s, 0)}, {count(len(force), 'unit')}, "
                         f"{len(c.destroyed.get(s, []))} destroyed")
            lines += [f"    {u.name}" + (f" ({u.damage} damage)" if u.damage else "") for u in force]
        if c.captured:
            lines.append(f"captured by {c.winner}: " + ", ".join(u.name for u in c.captured))
        shown = [u for u in c.stranded if side is None or u.side == side]
        if shown:
            lines.append("stranded (may be scuttled): " + ", ".join(f"{u.name} ({u.side})" for u in shown))
        lines += c.scuttled  # scuttle rolls are made in the open, like the battle's dice
    return lines


def save(campaign: Campaign, path: str | Path) -> Path:
    return save_campaign(campaign, path)


def load(path: str | Path) -> Campaign:
    return load_campaign(path)
