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
