"""The dice log lays out a rebuild in one write (a replay step back's speed): the same lines as a write a roll."""

from __future__ import annotations

from textual.app import App, ComposeResult

from rules.dice import RollRecord
from rules.events import Rolled
from tui.widgets.dice_log import DiceLog


class LogHost(App):
    def compose(self) -> ComposeResult:
        yield DiceLog()


def _rolls() -> list[Rolled]:
    out = []
    for i in range(12):
        out.append(Rolled(record=RollRecord(
            purpose="to hit" if i % 2 else "a long purpose that wraps past the narrow log", sides=6,
            faces=(i % 6 + 1,) * (1 + i % 4), unit="u1" if i % 3 else None, side="red", need=4, test=">=",
            outcome="passed" if i % 2 else "failed: the unit falls back 1 hex", modifiers=("dice: 3 + 1 = 4",) * (i % 3),
        )))
    return out


async def test_a_rebuild_shows_the_lines_a_write_per_roll_showed():
    app = LogHost()
    async with app.run_test(size=(28, 40)) as pilot:
        log = app.query_one(DiceLog)
        await pilot.pause()
        assert log._laid_out_at
        log.rebuild(_rolls(), {"u1": "Kim", "red": "Reds"})
        together = [list(strip) for strip in log.lines]
        log.clear()
        for text in log.texts:  # as each roll was written before
            log.write(text, width=log._laid_out_at)
        assert [list(strip) for strip in log.lines] == together
        assert len(together) > 12 and log.count == 12  # wrapped and multi-line rolls among them
        log.add_events(_rolls()[:2], {})
        assert log.count == 14 and len(log.texts) == 14
