"""Unknown is unknown (issue 28 item 3): a view marks what its side cannot see as UNKNOWN, never a plausible value.

Over random play of the bundled Hundred Wars and Dirtside scenarios (and QUAD's
hidden hands): in each side's view every field declared secret from it is
UNKNOWN and every field of its own is not; what a seat answers from its view
(words, unit cards, previews, checks, roster lines) never raises on it; the
computer's guesses fill exactly the UNKNOWN fields; and the game's own state,
what saves store, never holds UNKNOWN.
"""

from __future__ import annotations

import random

import pytest

from rules import registry
from rules.ai.hints import hints_for
from rules.service import GameService
from rules.unknown import MARK, UNKNOWN, VIEW, known, unknown_paths
from tests.rules.test_secrecy import answers, hidden_and_own, is_unknown

STEPS = 30


def _scenarios(*rulesets: str) -> list[tuple[str, str]]:
    from saves.scenarios import list_scenarios

    return [(i.ruleset, i.name) for i in list_scenarios() if not i.error and i.ruleset in rulesets]


def _game(ruleset_id: str, scenario: str, seed: int) -> GameService:
    from saves.scenarios import load_scenario

    return GameService.new(load_scenario(scenario, ruleset_id), seed=seed)


def _played(game: GameService, rng: random.Random):
    """The game after each of up to STEPS random legal actions (the start first)."""
    yield game
    for _ in range(STEPS):
        if game.result is not None:
            return
        side = game.decision().side
        legal = game.legal_actions(side) if side is not None else []
        if not legal:
            return
        assert game.apply(rng.choice(legal), autosave=False).ok
        yield game


@pytest.mark.parametrize("ruleset_id, scenario", _scenarios("hundred_wars", "dirtside", "quad"), ids=str)
def test_every_hidden_field_of_a_view_is_unknown_and_code_on_it_never_raises(ruleset_id, scenario):
    rng = random.Random(f"unknown:{scenario}")
    game = _game(ruleset_id, scenario, seed=rng.randrange(2**31))
    hidden_seen = 0
    for game in _played(game, rng):
        assert unknown_paths(game.state) == [], "the game's own state holds UNKNOWN"
        for viewer in game.state.side_ids():
            seat = game.seat(viewer)
            view = seat.view()
            assert view.seed is UNKNOWN
            hidden, own = hidden_and_own(ruleset_id, view, viewer)
            for name, value, each in hidden:
                assert is_unknown(value, each), f"{scenario}: {viewer} reads {name} = {value!r}, not UNKNOWN"
            for name, value, each in own:
                assert unknown_paths(value) == [], f"{scenario}: {viewer}'s own {name} is UNKNOWN in its view"
            hidden_seen += sum(len(value) if each else 1 for name, value, each in hidden if not name.endswith(".seed"))
            answers(seat, random.Random(len(game.history)))  # words, cards, previews, checks: none raises
    assert hidden_seen > 0, f"{scenario}: no hidden field but the seed met (the test saw nothing to check)"


@pytest.mark.parametrize("ruleset_id, scenario", _scenarios("hundred_wars", "dirtside", "quad"), ids=str)
def test_the_computer_guesses_exactly_the_unknown_fields(ruleset_id, scenario):
    """`determinize` leaves nothing UNKNOWN and keeps every field its side sees (the seed aside)."""
    rng = random.Random(f"guess:{scenario}")
    guess = hints_for(registry.get(ruleset_id)).determinize
    for game in _played(_game(ruleset_id, scenario, seed=rng.randrange(2**31)), rng):
        for viewer in game.state.side_ids():
            view = game.seat(viewer).view()
            world = known(guess(view, viewer, rng))
            guessed = world.model_dump(mode="json", exclude={"seed"})
            # Hundred Wars adds one stand-in, still to come, for a side whose real units all hide: the game
            # goes on, so it has one (rules/rulesets/hundred_wars/ai_hints.py). Nothing else is invented.
            for uid in [u for u in world.units if u.startswith("unseen-")]:
                assert world.units[uid].at is None and uid not in view.units
                del guessed["units"][uid]
            changed = _changed_outside_unknown(view.model_dump(mode="json", exclude={"seed"}), guessed)
            assert changed == [], f"{scenario}: {viewer}'s guess changed what it sees: {changed[:5]}"


def _changed_outside_unknown(seen, guessed, path: str = "") -> list[str]:
    """Where `guessed` differs from `seen` other than in its UNKNOWN markers."""
    if seen == MARK:
        return []
    if isinstance(seen, dict) and isinstance(guessed, dict) and seen.keys() == guessed.keys():
        return [p for k in seen for p in _changed_outside_unknown(seen[k], guessed[k], f"{path}.{k}")]
    if isinstance(seen, list) and isinstance(guessed, list) and len(seen) == len(guessed):
        return [p for i, (a, b) in enumerate(zip(seen, guessed)) for p in _changed_outside_unknown(a, b, f"{path}[{i}]")]
    return [] if seen == guessed else [path]


@pytest.mark.parametrize("ruleset_id, scenario", _scenarios("hundred_wars", "dirtside", "quad"), ids=str)
def test_a_view_goes_to_a_remote_seat_and_back_with_its_unknowns(ruleset_id, scenario):
    """A remote client rebuilds the view from JSON (tui/remote): UNKNOWN survives, no field reads a value."""
    game = _game(ruleset_id, scenario, seed=4)
    model = registry.get(ruleset_id).state_model
    for viewer in game.state.side_ids():
        view = game.seat(viewer).view()
        back = model.model_validate_json(view.model_dump_json(), context={VIEW: True})
        assert back == view
        assert unknown_paths(back) == unknown_paths(view) != []


@pytest.mark.parametrize("ruleset_id, scenario", _scenarios("hundred_wars", "dirtside"), ids=str)
def test_a_save_never_stores_unknown(ruleset_id, scenario):
    from saves.store import render_save

    rng = random.Random(f"save:{scenario}")
    game = _game(ruleset_id, scenario, seed=rng.randrange(2**31))
    for game in _played(game, rng):
        pass
    assert unknown_paths(game.initial) == [] and unknown_paths(game.state) == []
    text = render_save(game).decode()
    assert "unknown = true" not in text and "UNKNOWN" not in text


def test_unknown_cannot_be_read_as_a_value():
    with pytest.raises(TypeError, match="no truth value"):
        bool(UNKNOWN)
    with pytest.raises(TypeError):
        len(UNKNOWN)
    with pytest.raises(TypeError):
        list(UNKNOWN)
    assert UNKNOWN != 0 and UNKNOWN != [] and UNKNOWN != "?" and UNKNOWN is UNKNOWN
    with pytest.raises(ValueError, match="still unknown after guessing: units.b.contents"):
        game = _game("hundred_wars", "first-blinds", seed=1)
        state = game.state.model_copy(deep=True)
        state.units = {"b": state.units[next(iter(state.units))]}
        state.units["b"].contents = UNKNOWN
        known(state)


def test_the_unit_card_of_another_sides_blind_says_what_it_hides_is_unknown():
    """Its owner reads what a blind hides; another side reads 'unknown', never 'nothing (a dummy)' or a guess."""
    rng = random.Random("card")
    for game in _played(_game("hundred_wars", "first-blinds", seed=6), rng):
        placed = [u for u in game.state.units.values() if u.blind and u.at is not None and not u.eliminated]
        if placed:
            break
    blind = placed[0]
    other = next(s for s in game.state.side_ids() if s != blind.side)
    theirs = dict(game.seat(other).unit_card(blind.id))
    mine = dict(game.seat(blind.side).unit_card(blind.id))
    assert theirs["Hides"] == "unknown"
    assert mine["Hides"] != "unknown" and mine["Hides"]
    assert game.seat(other).view().units[blind.id].contents is UNKNOWN


def test_a_hand_written_file_cannot_put_unknown_in_a_game(tmp_path):
    """`{ unknown = true }` in a scenario is refused with the field's path: only a view read by a remote seat may
    hold UNKNOWN; a game's own state never does."""
    from saves.errors import SaveError
    from saves.scenarios import bundled_path, load_scenario

    text = bundled_path("dirtside", "teaching").read_text(encoding="utf-8")
    hostile = tmp_path / "hostile.toml"
    hostile.write_text(text.replace("leadership = 2\n", "leadership = 2\nleader = { unknown = true }\n", 1), encoding="utf-8")
    with pytest.raises(SaveError) as caught:
        load_scenario(str(hostile), "dirtside")
    assert "stats.leader" in str(caught.value)
