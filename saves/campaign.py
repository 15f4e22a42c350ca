"""Campaign files (`kind = "campaign"`): a list of battles and what a rule set carries between them.

A campaign names its rule set, the battles to fight in order (bundled scenario
names of that rule set), the results of those already fought, and `[carry]`:
the rule set's own table of what goes from one battle into the next
(survivors, repairs, captured units, points...), validated by the rule set's
`campaign_model`. A rule set without one has no campaigns.

Campaigns share the envelope, the versions and the migrations of scenarios
and saves (saves/migrations.py), are written atomically like saves (the
previous file kept as `.bak`), and their errors name the file, the dotted
field path (`carry.points.west`) and what was expected.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rules import registry
from rules.core import MAX_TEXT, GameResult, UnitSetup
from saves.errors import Problem, SaveError, literal, problems_from_validation, shown
from saves.files import dump_toml, parse_toml, read_bytes, write_atomic
from saves.migrations import migrate
from saves.schema import FORMAT, MAX_DESCRIPTION, VERSION, Id, Text, ruleset_version
from saves.snapshots import plain

MAX_BATTLES = 100


class BattleResult(BaseModel):
    """How one battle of the campaign ended."""

    model_config = ConfigDict(extra="forbid", strict=True)
    battle: Id
    """The scenario fought (the campaign's battle at this place)."""
    winner: Id | None = None
    """The winning side's id; absent for a draw."""
    reason: Text = ""
    turn: Annotated[int, Field(ge=0, le=10_000)] = 0


class Campaign(BaseModel):
    """A campaign: its rule set, its battles in order, the results so far, and what is carried."""

    model_config = ConfigDict(extra="forbid", strict=True)
    ruleset: Id
    name: Text
    title: Text = ""
    description: Annotated[str, Field(max_length=MAX_DESCRIPTION)] = ""
    battles: Annotated[list[Id], Field(min_length=1, max_length=MAX_BATTLES)]
    """Scenario names of the rule set, in the order they are fought."""
    results: Annotated[list[BattleResult], Field(max_length=MAX_BATTLES)] = []
    """The battles fought so far, in order."""
    carry: dict[str, Any] = {}
    """The rule set's table carried into the next battle (checked by its `campaign_model`)."""

    @property
    def next_battle(self) -> str | None:
        """The scenario to fight next; None once every battle is fought."""
        return self.battles[len(self.results)] if len(self.results) < len(self.battles) else None


class CampaignDocument(Campaign):
    """A campaign file: the campaign in the envelope every hexwar file has."""

    format: Literal["hexwar"]
    version: int
    kind: Literal["campaign"]
    ruleset_version: Annotated[int, Field(ge=1)] = 1


def _campaign_model(ruleset: Any, file: str | None) -> type[BaseModel]:
    model = ruleset.campaign_model
    if model is None:
        raise SaveError(file, Problem("ruleset", f"the {ruleset.id} rules have no campaigns (they carry nothing between battles)"))
    return model


def _problems(campaign: Campaign, file: str | None) -> list[Problem]:
    """What the format cannot check alone: the rule set, its scenarios, the results, the carried table."""
    from saves.scenarios import list_scenarios

    try:
        ruleset = registry.get(campaign.ruleset)
    except registry.UnknownRuleset:
        known = ", ".join(e.id for e in registry.entries()) or "none"
        return [Problem("ruleset", f"unknown rule set {shown(campaign.ruleset)} (known: {known})")]
    model = _campaign_model(ruleset, file)
    problems: list[Problem] = []
    known = [s.name for s in list_scenarios(ruleset.id)]
    for i, battle in enumerate(campaign.battles):
        if battle not in known:
            problems.append(Problem(f"battles[{i}]", f"no {ruleset.id} scenario {shown(battle)} (known: {', '.join(known) or 'none'})"))
    if len(campaign.results) > len(campaign.battles):
        problems.append(Problem("results", f"{len(campaign.results)} results for {len(campaign.battles)} battles"))
    for i, (result, battle) in enumerate(zip(campaign.results, campaign.battles)):
        if result.battle != battle:
            problems.append(Problem(f"results[{i}].battle", f"expected {shown(battle)} (battle {i + 1}), got {shown(result.battle)}"))
    try:
        carry = model.model_validate(campaign.carry)
    except ValidationError as exc:
        problems.extend(problems_from_validation(exc, model, ("carry",)))
    else:
        problems.extend(_carried_unit_problems(carry))
    return problems


_UNIT_LISTS = ("forces", "destroyed", "captured")
"""The carried tables whose units may go into a battle (replacements and claimed captures join the forces)."""


def _carried_unit_problems(carry: BaseModel) -> list[Problem]:
    """Carried units that a scenario's unit would refuse (an id with spaces, a name over 200 characters):
    found at load, with their path, rather than as raw pydantic text when the next battle starts."""
    out: list[Problem] = []
    for table in _UNIT_LISTS:
        value = getattr(carry, table, None)
        groups = value.items() if isinstance(value, dict) else [(None, value)] if isinstance(value, list) else []
        for side, units in groups:
            for i, unit in enumerate(units or []):
                where = ("carry", table, side, i) if side is not None else ("carry", table, i)
                fields = {"id": getattr(unit, "id", ""), "name": getattr(unit, "name", ""),
                          "kind": getattr(unit, "kind", "") or "", "side": side or ""}
                try:
                    UnitSetup.model_validate(fields)
                except ValidationError as exc:
                    out.extend(problems_from_validation(exc, UnitSetup, where))
    return out


def campaign_from_data(data: dict[str, Any], file: str | None = None) -> Campaign:
    """Parsed TOML -> a checked `Campaign` (migrated first), or SaveError with field paths."""
    data = migrate(data, file)
    try:
        doc = CampaignDocument.model_validate(data)
    except ValidationError as exc:
        raise SaveError(file, problems_from_validation(exc, CampaignDocument)) from None
    campaign = Campaign.model_validate(doc.model_dump(include=set(Campaign.model_fields)))
    problems = _problems(campaign, file)
    if problems:
        raise SaveError(file, problems)
    return campaign


def load_campaign(path: str | Path) -> Campaign:
    """Read, migrate and check a campaign file; raises SaveError."""
    return campaign_from_data(parse_toml(read_bytes(path), path), str(path))


def campaign_document(campaign: Campaign) -> dict[str, Any]:
    """The campaign as a file holds it (plain TOML data, no None)."""
    body = plain(campaign.model_dump(exclude_defaults=False))
    return {"format": FORMAT, "version": VERSION, "kind": "campaign",
            "ruleset_version": ruleset_version(campaign.ruleset), **body}


def save_campaign(campaign: Campaign, path: str | Path) -> Path:
    """Check the campaign and write it atomically (the previous file kept as `.bak`); raises SaveError."""
    problems = _problems(campaign, str(path))
    if problems:
        raise SaveError(path, problems)
    return write_atomic(path, dump_toml(campaign_document(campaign)).encode("utf-8"))


def record_battle(campaign: Campaign, result: GameResult, carry: BaseModel | dict[str, Any]) -> Campaign:
    """The campaign after its next battle ended with `result`, carrying `carry` into the one after."""
    battle = campaign.next_battle
    if battle is None:
        raise ValueError("every battle of the campaign is already fought")
    done = BattleResult(battle=battle, winner=result.winner, reason=literal(result.reason, MAX_TEXT), turn=result.turn)
    table = carry.model_dump(mode="json") if isinstance(carry, BaseModel) else dict(carry)
    return campaign.model_copy(update={"results": [*campaign.results, done], "carry": plain(table)})


def carried(campaign: Campaign) -> BaseModel:
    """`[carry]` as the rule set's campaign model."""
    ruleset = registry.get(campaign.ruleset)
    return _campaign_model(ruleset, None).model_validate(campaign.carry)


def is_campaign(path: str | Path) -> bool:
    """True when the file reads as a campaign (a broken file is left to the caller to report)."""
    try:
        return parse_toml(read_bytes(path), path).get("kind") == "campaign"
    except SaveError:
        return False


def verify_campaign(path: str | Path):
    """Check a campaign file (for `hexwar verify`); never raises for a bad file."""
    from saves.store import Report

    try:
        campaign = load_campaign(path)
    except SaveError as exc:
        return Report(False, str(path), str(exc), error=exc)
    fought = len(campaign.results)
    nxt = campaign.next_battle
    message = (
        f"{literal(path, 200)}: ok: {campaign.ruleset} campaign {shown(campaign.name)}, "
        f"{len(campaign.battles)} battle{'s' if len(campaign.battles) != 1 else ''}, {fought} fought, "
        + (f"next {shown(nxt)}" if nxt else "all fought") + ", the carried table matches the rule set"
    )
    return Report(True, str(path), message, campaign.ruleset, nxt or "", 0, 0, "")
