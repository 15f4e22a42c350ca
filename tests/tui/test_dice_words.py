"""Issue 24 items 7 and 8: the dice log and the odds show each modifier; a chain of rolls reads right."""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

from rules import registry
from rules.core import Outcome, Preview
from rules.dice import RollRecord
from rules.events import Changed, Rolled
from tests.tui.conftest import toy_service
from tests.tui.test_game_flow import game_app
from tui.screens import game_text, odds_text
from tui.widgets.dice_log import roll_text

MODIFIER = "attack dice: 3 Attack + 2 charge (QUAD-A21) = 5"


def test_the_dice_log_line_shows_each_modifier_with_its_rule():
    record = RollRecord(purpose="attack", sides=6, faces=(1, 4, 6, 6, 2), need=3, test=">", outcome="2 hits",
                        modifiers=(MODIFIER,))
    assert roll_text(record, {}).plain == f"attack 5d6 [1 4 6 6 2] need 4+: 2 hits\n  {MODIFIER}"


def test_the_odds_screen_shows_each_modifier_under_the_dice():
    preview = Preview(title="", dice="5d6 attack needing 4+", modifiers=(MODIFIER,),
                      outcomes=(Outcome(label="hit", chance=Fraction(1, 2)), Outcome(label="miss", chance=Fraction(1, 2))))
    screen = SimpleNamespace(pending=object(), preview=preview, describe=lambda a: "Charge", ruleset=registry.get("quad"),
                             seat=SimpleNamespace(view=lambda: SimpleNamespace(sides=[], units={})))  # a seat whose view names no unit
    text = odds_text.preview_text(screen).plain
    assert f"Rolls: 5d6 attack needing 4+\n  {MODIFIER}\n" in text


def _wound(face: int, verdict: str) -> Rolled:
    return Rolled(record=RollRecord(purpose="to wound", sides=10, faces=(face,), side="a",
                                    outcome=f"5 + {face} = {5 + face} vs TN 10: {verdict}", zero_is_ten=True))


async def test_a_chain_of_rolls_shows_every_verdict_not_only_the_last():
    """'Pepe to wound ... failed; Pepe is now downed' hid that the first wound roll downed him."""
    app = game_app(toy_service())
    async with app.run_test(size=(80, 24)):
        screen = app.screen
        unit = next(iter(screen.view.units))
        events = [_wound(9, "passed"), _wound(2, "failed"),
                  Changed(unit=unit, field="downed", before=False, after=True, why="shot")]
        text = game_text.events_message(screen, events)
        assert text.startswith("Side A to wound [9] passed, to wound [2] failed; ")
