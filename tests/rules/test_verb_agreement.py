"""A verb after a unit's name agrees with it: "Grenadiers activate", "1st Squad activates" (rules/words.py
`plural_name`, `agree`): DHR, QUAD and A Hundred Wars name their units as groups, often plural."""

from __future__ import annotations

import pytest

from rules.words import agree, plural_name, with_verb

PLURAL = ["Grenadiers", "Men-at-Arms", "Men-at-arms of York", "Marines", "Lancers", "Crossbowmen", "Longbowmen",
          "Captain Ash & staff", "Horse and foot", "Lancastrian archers (2)", "Steam Moles 3", "Household knights",
          "Retinue men-at-arms", "Tribal Sith Riders 1", "League Crossbows"]
SINGULAR = ["1st Squad", "MG-42 team", "M5 Stuart", "Light Horse", "Lord Clifford", "Lt. Baker", "Cave troll",
            "Panther", "Medic", "House of Lancaster", "Orc warband (2)", "Infantry Co. 1", "Great Dragon Battery 10",
            "Shaman", "Pike Block", "Peasant Levy", "The Western Host", "Sir Aldric, champion", "Mage Elspeth",
            "Town Militia", "Free Company", "Gatling Battery 2", "Mecha", "", "Prefect Vos",
            "Tilas of Lars - Prime Sword", "Captain Hollis"]


@pytest.mark.parametrize("name", PLURAL)
def test_a_plural_name_takes_a_plural_verb(name):
    assert plural_name(name)
    assert agree(name, "has", "have") == "have"


@pytest.mark.parametrize("name", SINGULAR)
def test_a_singular_name_takes_a_singular_verb(name):
    assert not plural_name(name)
    assert agree(name, "activates", "activate") == "activates"


def test_the_head_is_the_part_before_of_without_a_copy_number():
    assert plural_name("Men-at-arms of York") and not plural_name("House of Lancaster")
    assert not plural_name("Orc warband (2)") and plural_name("Yorkist archers (2)")
    assert not plural_name("Infantry Co. 1") and plural_name("Maldian Guard Blades 2")


def test_ss_us_and_is_are_not_plural_endings():
    assert not any(plural_name(n) for n in ("Fortress", "Hippopotamus", "Mantis"))


def _dhr_game(first: str, second: str):
    from tests.rules.dhr.helpers import RIFLE, activate, game, unit

    g = game([unit("r1", "red", (1, 1), name=first, figures=6, weapons=[RIFLE]),
              unit("b1", "blue", (8, 6), name=second, figures=6, weapons=[RIFLE])])
    activate(g, "r1")
    return g


@pytest.mark.parametrize(("name", "said"), [
    ("Grenadiers", ["Grenadiers activate (3 MP)", "Grenadiers move 1,1 -> 2,1", "Grenadiers have gone"]),
    ("1st Squad", ["1st Squad activates (3 MP)", "1st Squad moves 1,1 -> 2,1", "1st Squad has gone"]),
])
def test_a_dhr_event_line_agrees_with_the_unit_name(name, said):
    from rules.rulesets.dhr.actions import End, Move
    from tests.rules.dhr.helpers import H, scripted
    from tui.widgets.text import event_line

    g = _dhr_game(name, "Household knights" if name == "1st Squad" else "Lord Clifford")
    events = scripted(g, Move(side="red", unit="r1", path=[H(2, 1)]))[0] + scripted(g, End(side="red"))[0]
    assert [event_line(e, g.state) for e in events][:3] == said


def test_a_shared_event_says_a_plural_unit_in_the_plural_when_its_rule_set_says_so():
    from rules.events import Changed, Moved, Retreated
    from rules.hexgrid import Hex

    path = (Hex(0, 0), Hex(1, 0))
    assert Retreated(unit="m", path=path, plural=True).text() == "m fall back 1 hex"
    assert Retreated(unit="m", path=path).text() == "m falls back 1 hex"
    assert Moved(unit="m", path=path, plural=True).text() == "m move 0,0 -> 1,0"
    assert Moved(unit="m", path=(), plural=True).text() == "m stay"
    assert Changed(unit="m", field="mobile", before=True, after=False, plural=True).text() == "m are no longer mobile"


VERBS = ("has|is|was|does|activates|moves|stays|falls|belongs|takes|fires|rolls|stands|fails|spends|casts|boards|"
         "leaves|teleports|uses|repairs|jams|attacks|hijacks|disrupts|tries|loses|blocks|works|fights|hides|crosses")


@pytest.mark.parametrize("scenario", ["dhr/farm", "dhr/tower", "quad/river-battle", "quad/teaching",
                                      "hundred_wars/first-blinds", "hundred_wars/mars-expedition", "dirtside/valley"])
def test_random_play_never_puts_a_singular_verb_after_a_plural_unit_name(scenario):
    """The bundled scenarios' units in play: every event line, action and refusal reason the screen shows."""
    import random
    import re

    from rules.service import GameService
    from saves.scenarios import load_scenario
    from tests.rules.test_conformance import actors
    from tui.widgets.text import event_line

    game = GameService.new(load_scenario(scenario), seed=7)
    plural = sorted({u.name for u in game.state.units.values() if plural_name(u.name) and not u.is_marker},
                    key=len, reverse=True)
    assert plural, "the scenario has no plural unit names to check"
    wrong = re.compile(r"(?:^|[^\w])(" + "|".join(map(re.escape, plural)) + rf") (?:already |no longer )?({VERBS})\b")
    rng, said = random.Random(scenario), []
    ruleset = game.ruleset
    for _ in range(300):
        if game.result is not None:
            break
        side = rng.choice(actors(game))
        legal = [a for a in game.legal_actions(side) if a.kind != "agree_end"]  # play on: A Hundred Wars' end
        if not legal:
            continue
        action = rng.choice(legal)
        said += [ruleset.describe(game.state, a) for a in legal[:30]]
        said += [ruleset.why_not(game.state, side, kind, u.id) for kind in ("move", "fire")
                 for u in game.state.units.values() if u.side == side][:6]
        said += [event_line(e, game.state) for e in game.apply(action).events]
    found = [line for line in said if wrong.search(line)]
    assert not found, "\n".join(found[:10])


def test_a_hundred_wars_blind_is_one_counter_whatever_its_tag_reads():
    """A blind's tag is three dealt letters: "Blue Legion blind yas" is one blind, not several."""
    from rules.rulesets.hundred_wars.actions import MoveUnit
    from rules.service import GameService
    from saves.scenarios import load_scenario

    game = GameService.new(load_scenario("hundred_wars/first-blinds"), seed=7)
    units = game.state.units.values()
    blind = next(u for u in units if u.name == "Blue Legion blind yas")
    riders = next(u for u in units if u.name == "Sith Riders")
    assert plural_name(blind.name) and blind.agrees_as == "blind"
    said = [game.ruleset.describe(game.state, MoveUnit(side=u.side, unit=u.id)) for u in (blind, riders)]
    assert said == ["Blue Legion blind yas rolls 1d100 and moves toward its counter",
                    "Sith Riders roll 1d100 and move toward its counter"]


def test_a_side_name_takes_its_verb_in_its_number_too():
    """QUAD's and A Hundred Wars' side lines: "The Rebels draw 2 cards", "The Kingdom draws 2 cards"."""
    assert with_verb("The Rebels", "draws", "draw") == "The Rebels draw"
    assert with_verb("The Kingdom", "draws", "draw") == "The Kingdom draws"
    assert with_verb("Colonial forces", "has", "have") == "Colonial forces have"


@pytest.mark.parametrize(("name", "moves", "has"), [("Shade Commandos", "move", "have"),
                                                     ("Hammer Section", "moves", "has")])
def test_a_dirtside_event_and_refusal_agree_with_the_unit_name(name, moves, has):
    """Dirtside's valley has "Shade Commandos": they move and have moved; "Hammer Section" moves and has."""
    from rules.core import Refusal
    from tests.rules.dirtside.helpers import at, play, setup, start, team, unit
    from tui.widgets.text import event_line

    state = start(setup([unit("c", "blue", at(1, 8), [team("Shade 1", kind="commando")], name=name),
                         unit("x", "red", at(18, 1), [team("X")])]), first="blue")
    events = list(play(state, "move blue unit=c path=[2,8]").events)
    while state.paused:
        events += play(state, "hold red").events
    assert f"{name} {moves} {at(1, 8)} -> {at(2, 8)}" in [event_line(e, state) for e in events]
    with pytest.raises(Refusal, match=f"^{name} {has} already moved this activation$"):
        play(state, "move blue unit=c path=[3,8]")
