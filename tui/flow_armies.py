"""The title screen's army builder and campaign entries: choose a rule set (or a campaign file), open its screen."""

from __future__ import annotations


def army_builder(app) -> None:
    """Ask for a rule set with army costing (when there are several), then open the army builder."""
    from rules import registry
    from rules.armycost import rulesets_with_costing
    from tui.dialogs.choice import ChoiceDialog
    from tui.screens.army_builder import ArmyBuilderScreen

    names = {e.id: e.name for e in registry.entries()}
    ids = rulesets_with_costing()

    def chosen(rid: str | None) -> None:
        if rid:
            app.push_screen(ArmyBuilderScreen(rid))

    if len(ids) == 1:
        chosen(ids[0])
    else:
        app.push_screen(ChoiceDialog("Build an army of", [(i, names[i]) for i in ids]), chosen)


SCENARIO = "__scenario__"
"""The army select's first choice: the units the scenario gives the side."""


def army_select(screen, entry, side_id: str, n: int) -> list:
    """A Select of army files for a side whose scenario names an army or a points limit (else nothing)."""
    from textual.widgets import Select

    from saves.army_sides import choices, scenario_armies
    from saves.errors import SaveError
    from tui.widgets.text import lit

    if n == 0:
        try:
            screen.side_armies = scenario_armies(str(entry.path) if entry.path else entry.name, entry.ruleset or None)
        except (SaveError, OSError):
            screen.side_armies = {}
    spec = screen.side_armies.get(side_id)
    if spec is None:
        return []
    limit = f", {spec.points} pts" if spec.points is not None else ""  # short: it shares the row with "who plays"
    options = [(lit(f"{spec.army or 'scenario'}{limit}"), SCENARIO)]
    options += [(lit(label), ref) for ref, label in choices(screen.ruleset_id)]
    return [Select(options, value=SCENARIO, allow_blank=False, id=f"army-{screen._generation}-{n}", classes="who")]


def chosen_armies(screen, setup):
    """The setup with each side's chosen army file (ValueError with the reason when one cannot be used)."""
    from textual.widgets import Select

    from saves.army_sides import with_army
    from saves.errors import SaveError

    for n, side in enumerate(setup.sides):
        spec = getattr(screen, "side_armies", {}).get(side.id)
        if spec is None:
            continue
        ref = screen.query_one(f"#army-{screen._generation}-{n}", Select).value
        if ref == SCENARIO:
            continue
        try:
            setup = with_army(setup, spec, ref)
        except SaveError as exc:
            raise ValueError(f"{side.name or side.id}: {exc.first.expected}") from None
    return setup


def campaign(app) -> None:
    """Choose a campaign (the user's copies, then the bundled ones) and open its screen."""
    from saves import campaign_play as play
    from saves.errors import SaveError
    from saves.store import saves_dir
    from tui.dialogs.choice import ChoiceDialog
    from tui.screens.campaign import CampaignScreen

    folder = saves_dir() / "campaigns"
    mine = sorted(folder.glob("*.toml")) if folder.is_dir() else []
    choices = [(str(p), f"{p.stem} (yours, under way)") for p in mine]
    choices += [(key, f"{key} (bundled: a fresh start)") for key, p in play.bundled_campaigns()
                if not any(m.name == p.name for m in mine)]

    def chosen(ref: str | None) -> None:
        if not ref:
            return
        try:
            app.push_screen(CampaignScreen(play.user_copy(ref)))
        except SaveError as exc:
            app.show_error("This campaign cannot be opened", str(exc))

    app.push_screen(ChoiceDialog("Play a campaign", choices), chosen)
