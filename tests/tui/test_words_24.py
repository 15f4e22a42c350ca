"""Issue 24 item 11: the words a new user met, each fixed."""

from __future__ import annotations

from types import SimpleNamespace

from rules import registry
from rules.events import GameOver, Message
from tests.tui.conftest import toy_service
from tui.widgets.text import event_line


def test_the_computers_draws_are_named_for_its_side_not_you():
    """'you draw 2: Woodsmen' read as the person's own card when the computer drew it."""
    from rules.rulesets.quad.actions import Draw
    from saves.scenarios import load_scenario
    from rules.service import GameService

    game = GameService.new(load_scenario("teaching", ruleset="quad"), seed=1)
    side = game.decision().side
    done = game.apply(Draw(side=side))
    assert done.ok
    secret = [e for e in done.events if isinstance(e, Message) and e.seen_by == (side,)]
    name = game.state.side(side).name
    from rules.words import with_verb

    assert secret and all(e.message.startswith(f"{with_verb(name, 'draws', 'draw')} card ") for e in secret)
    assert not any(e.message.startswith("you ") for e in done.events if isinstance(e, Message))


def test_game_over_keeps_the_scenarios_words_and_says_won():
    """'The Rebels wins (The The Rebels still hold out...)': the side id inside the reason was replaced."""
    state = SimpleNamespace(units={}, sides=[SimpleNamespace(id="rebels", name="The Rebels")],
                            side=lambda sid: SimpleNamespace(name="The Rebels"))
    line = event_line(GameOver(winner="rebels", reason="The rebels still hold out after turn 8"), state)
    assert line == "game over: The Rebels won (The rebels still hold out after turn 8)"
    assert GameOver(winner=None, reason="turn limit").text() == "game over: a draw (turn limit)"


def test_the_summary_counts_losses_in_words():
    """'lost 0 of 1 units'."""
    from tui.screens.game_over import summary_text

    service = toy_service()
    for uid in ("b1", "b2"):
        service.state.units[uid].eliminated = True
    from rules.core import GameResult

    service.state.result = GameResult(winner="a", reason="all gone", turn=3)
    text = summary_text(service.seat(None)).plain
    assert "lost none of its 2 units" in text and "lost 2 of 2 units" in text
    assert "lost 0 of" not in text


def test_no_action_label_waits_for_a_word_after_it():
    """'Fall back to with Archers': a label ending in a preposition reads wrong beside a unit's name."""
    for entry in registry.entries():
        ruleset = registry.get(entry.id)
        for kind, info in ruleset.action_kinds.items():
            assert info.label.split()[-1] not in ("to", "into", "at", "on", "with", "from"), (entry.id, kind)


def test_the_turns_played_of_a_hundred_wars_game_that_ran_out_of_turns_is_its_last_turn():
    """'Turns played: 9' after a game that ended after turn 8."""
    from rules.rulesets.hundred_wars import victory
    from tests.rules.hundred_wars.helpers import at, game, unit

    state = game([unit("r", "red", at(2, 2)), unit("b", "blue", at(5, 5))])
    state.max_turns, state.turn = 8, 9
    result = victory.check(state)
    assert result is not None and result.turn == 8


async def test_the_scenario_list_offers_no_blank_entry_beside_real_scenarios():
    """The new-game form offered a selectable '(no scenarios)' above the scenarios."""
    from tests.conftest import toy_setup
    from tests.tui.test_snapshots import toy_scenarios
    from tui.app import HexwarApp
    from tui.screens.new_game import NewGameScreen
    from tui.widgets.lists import SafeSelect, SafeSelectOverlay

    app = HexwarApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(NewGameScreen("toy", seed=1, scenario_source=toy_scenarios, loader=lambda e: toy_setup()))
        await pilot.pause()
        select = app.screen.query_one("#scenario", SafeSelect)
        overlay = select.query_one(SafeSelectOverlay)
        prompts = [str(overlay.get_option_at_index(i).prompt) for i in range(overlay.option_count)]
        assert prompts == ["Toy skirmish"]
