"""A preview's words are made from its outcomes' effects where they are shown (issue 28, item 2).

Over positions reached by random play in every bundled scenario of every rule set (and the parity test's set-ups),
every text that shows odds (the pending action's lines and the I dialog's two texts, a choice's short odds, the
hint's odds) says each outcome in the words its rule set's `outcome_words` makes from the outcome's effects with the
reader's names; and an outcome with effects says the same whatever its `label` holds: the screens never read it.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from rules.ai.hint import _odds as hint_odds
from rules.outcomes import EFFECTS, names_in
from tests.rules.ai.test_outcome_data import _games, _valued_positions
from tests.rules.test_preview_parity import GAMES
from tui.screens import game_text, odds_text

ACTIONS = 10
"""Actions of a position whose previews are shown (those whose outcomes have effects first)."""


class Relabelled:
    """A seat whose previews' outcomes with effects carry a label: words no screen may show."""

    def __init__(self, seat) -> None:
        self._seat = seat

    def __getattr__(self, name):
        return getattr(self._seat, name)

    def preview(self, action):
        p = self._seat.preview(action)
        if p is None:
            return None
        outcomes = tuple(o.model_copy(update={"label": f"#{i} a label no screen may show"}) if o.units or o.sides
                         else o for i, o in enumerate(p.outcomes))
        return p.model_copy(update={"outcomes": outcomes})


def _has_effects(preview) -> bool:
    return preview is not None and any(o.units or o.sides for o in preview.outcomes)


def _screen(seat, actions, pending):
    """What the odds texts read of the game screen: its seat, rule set, choices, the pending action and preview."""
    screen = SimpleNamespace(seat=seat, ruleset=seat.ruleset, choices=actions, pending=pending,
                             preview=seat.preview(pending), describe=seat.describe,
                             flow=SimpleNamespace(letters="abcdefghij", seat_of=lambda side: seat))
    return screen


def _shown(seat, actions) -> list[str]:
    """Every text that shows odds, for each action: the lines the screen, the I dialog and the hint show."""
    out = [odds_text.choices_odds_text(_screen(seat, actions, actions[0])).plain]
    for a in actions:
        screen = _screen(seat, actions, a)
        out += [odds_text.preview_text(screen).plain, game_text._pending_text(screen)[0].plain,
                game_text.choice_odds(screen, a), "\n".join(hint_odds(seat, a))]
    return out


@pytest.mark.parametrize("ruleset", sorted({name.split("/")[0] for name, _ in GAMES}))
def test_the_screens_say_each_outcome_in_the_words_made_from_its_effects(ruleset):
    lines = 0
    for name, make in _games(ruleset):
        for seat, actions in _valued_positions(make, 1):
            actions = sorted(actions, key=lambda a: not _has_effects(seat.preview(a)))[:ACTIONS]
            names = names_in(seat.view())
            shown = _shown(seat, actions)
            dialog = odds_text.choices_odds_text(_screen(seat, actions, actions[0])).plain.splitlines()
            for a in actions:
                p = seat.preview(a)
                for o in p.outcomes if p is not None else ():
                    if o.units or o.sides:
                        assert o.label == "" and (o.event == "" or EFFECTS in o.event), (name, o)
                    said = seat.ruleset.outcome_words(o, names)
                    assert said and any(line.endswith(f"%  {said}") or line.endswith(f"never  {said}")
                                        for line in dialog), f"{name}: {a.text()}: {said!r} is not shown"
                    lines += 1
            assert _shown(Relabelled(seat), actions) == shown, f"{name}: a screen read an outcome's label"
    assert lines, f"{ruleset}: no outcome shown"
