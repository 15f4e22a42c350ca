"""The action flow without a terminal: select -> target -> preview -> confirm, read from a seat (tui/flow.py)."""

from __future__ import annotations

from rules.hexgrid import from_offset
from rules.service import GameService
from tests.conftest import toy_setup
from tui.flow import Flow
from tui.seating import Seating


def toy_flow(seed: int = 7, solo: bool = False) -> tuple[GameService, Flow]:
    service = GameService.new(toy_setup(), seed)
    seating = Seating(service, solo=solo)
    return service, Flow(seating.for_screen(), others=seating.seat)


def test_a_path_kind_is_aimed_on_the_map_and_waits_for_confirmation():
    service, flow = toy_flow()
    flow.select("a1")
    step = flow.choose_kind("move")
    assert flow.kind == "move" and flow.candidates
    assert step.say == "Move: pick a hex to go to"
    to = from_offset(2, 1)
    assert to in flow.hexes()
    lit = flow.highlights(to)
    assert to in lit.reach and not lit.targets  # a path kind: where the unit can go
    assert lit.path and lit.path[-1] == to and lit.selected == from_offset(1, 1)
    step = flow.enter(to)
    assert flow.pending is not None and flow.pending.kind == "move" and step.apply is None
    step = flow.confirm(to)
    assert step.apply == flow.pending
    assert flow.seat.apply(step.apply).ok
    assert service.state.units["a1"].at == to


def test_a_unit_kind_is_aimed_by_the_field_the_kind_names():
    """The toy's attack names its target by unit id in `target`: its hex comes from the seat's view."""
    service, flow = toy_flow()
    service.state.units["a1"].at = from_offset(4, 1)  # next to Xray at 5,1
    flow.select("a1")
    step = flow.choose_kind("attack")
    # One target: straight to the preview, the cursor sent to the enemy.
    assert flow.pending is not None and flow.pending.target == "b1"
    assert step.cursor == from_offset(5, 1)
    assert flow.preview is not None and flow.preview.dice == "1d6"
    assert flow.aim(flow.pending) == from_offset(5, 1)
    assert flow.highlights(None).targets == {from_offset(5, 1)}


def test_a_hex_not_highlighted_is_refused_with_the_seats_reason():
    service, flow = toy_flow()
    flow.select("a1")
    flow.choose_kind("move")
    step = flow.enter(from_offset(7, 5))  # far beyond a speed of 2
    assert step.say == "Refused: that path is blocked or too long"
    assert flow.kind == "move" and flow.pending is None


def test_escape_steps_back_one_stage_at_a_time():
    service, flow = toy_flow()
    flow.select("a1")
    flow.choose_kind("move")
    flow.enter(from_offset(2, 1))
    assert flow.cancel() == "cancelled" and flow.kind == "move" and flow.pending is None
    assert flow.cancel() == "cancelled" and flow.kind is None and flow.selected == "a1"
    assert flow.cancel() == "" and flow.selected is None


def test_the_one_action_without_a_unit_waits_for_a_second_confirm():
    service, flow = toy_flow()
    assert flow.confirm(None).apply is None
    assert flow.pending is not None and flow.pending.kind == "pass"
    assert flow.confirm(None).apply.kind == "pass"


def test_n_cycles_the_units_that_can_act_and_moves_the_cursor():
    service, flow = toy_flow()
    step = flow.cycle(1, None)
    assert flow.selected == "a1" and step.cursor == from_offset(1, 1) and step.say == "Alpha selected"
    step = flow.cycle(1, step.cursor)
    assert flow.selected == "a2"


def test_a_kind_nobody_can_take_says_so():
    service, flow = toy_flow()
    assert flow.choose_kind("brace").say == "Brace is not possible now: Side A is asked to move or attack"


def test_another_sides_actions_come_from_its_own_seat_or_not_at_all():
    """The seat on screen is a side's: its view never holds the other side's secret, and the
    other side's actions come only from that side's own seat at this keyboard."""
    service, flow = toy_flow()
    assert flow.seat.side == "a"
    assert set(flow.seat.view().secret) == {"a"}
    assert flow.seat.apply(flow.legal()[0]).ok  # pass: b decides
    assert flow.deciding() == "b"
    assert {a.side for a in flow.legal()} == {"b"}  # through b's seat (hot seat: b is here too)
    alone = Flow(flow.seat)  # nobody else at this keyboard
    assert alone.legal() == [] and alone.all_legal() == []


def test_a_key_with_nothing_to_do_says_the_rules_reason():
    """Issue 24 item 9: Hundred Wars Phase 5, 'Done (next) is not possible now' gave no reason."""
    from rules.rulesets.hundred_wars import RULESET
    from tests.rules.hundred_wars.helpers import at, game, unit

    state = game([unit("r", "red", at(2, 2), name="Red Company"), unit("b", "blue", at(5, 5))], phase="move")
    state.units["r"].counter = at(2, 4)
    service = GameService(RULESET, state)
    seating = Seating(service, solo=False)
    flow = Flow(seating.for_screen(), others=seating.seat)
    step = flow.choose_kind("done")
    assert step.say.startswith(f"{flow.label('done')} is not possible now: every unit with a Move counter must roll "
                               "and move first: Red Company")


def test_a_kind_whose_field_has_no_usual_name_is_aimed_by_its_declaration():
    """Skirmish's nominate names the enemy model in `target`: no guess from 'to', 'at', 'hex' found it, so
    the screen offered it by letter though the rule set asked for it to be aimed on the map."""
    from rules.rulesets.skirmish import RULESET
    from tests.rules.skirmish.helpers import model, o, setup, start

    s = setup([model("r1", "red", o(2, 8), leader=True), model("r2", "red", o(4, 8)),
               model("b1", "blue", o(2, 1)), model("b2", "blue", o(4, 1))])
    options = {x.id: x.default for x in RULESET.options} | {"flow_of_battle": True}
    service = GameService(RULESET, start(s, **options), None, s)
    seating = Seating(service, solo=False)
    flow = Flow(seating.for_screen(), others=seating.seat)
    flow.select("r1")
    flow.choose_kind("nominate")
    assert flow.kind == "nominate" and flow.hexes() == {o(2, 1), o(4, 1)}
    step = flow.enter(o(4, 1))
    assert flow.pending is not None and flow.pending.target == "b2" and step.apply is None


async def test_aiming_at_a_unit_starts_on_the_nearest_target_so_enter_picks_it():
    """Stop 46, played at 80x24: after f the cursor stayed on the shooter and Enter was refused ("your own unit")."""
    from saves.scenarios import load_scenario
    from tui.app import HexwarApp

    game = GameService.new(load_scenario("farm", "dhr"), 17)  # the first chip: the Stuart, with two targets
    app = HexwarApp({"new": game, "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("d", "n", "f")
        await pilot.pause()
        flow = app.screen.flow
        shooter = game.state.units[flow.selected].at
        assert len(flow.hexes()) > 1 and app.screen.map.cursor != shooter
        assert app.screen.map.cursor == flow.next_target(1, None)  # the nearest of the targets
        await pilot.press("enter")
        await pilot.pause()
        picked = [flow.pending] if flow.pending is not None else flow.choices  # one shot, or its weapons by letter
        assert picked and all(a.kind == "fire" and flow.aim(a) == app.screen.map.cursor for a in picked)
        assert "Refused" not in app.screen.palette.text.plain


def test_picking_the_movers_own_hex_says_it_is_already_there():
    """QUAD teaching's Marines aimed at their own hex: the rules' "already at", not "the way is blocked" (a path
    made up through a highlighted neighbour and back)."""
    from saves.scenarios import load_scenario

    service = GameService.new(load_scenario("teaching", ruleset="quad"), 7)
    table = service.seat(None)
    for _ in range(2):  # each side draws its activation cards
        table.apply(table.legal_actions(table.decision().side)[0])
    flow = Flow(Seating(service, solo=True).for_screen(), others=service.seat)
    marines = service.state.units["k4"]
    flow.select("k4")
    flow.choose_kind("move")
    assert flow.candidates
    assert flow.enter(marines.at).say == f"Refused: Marines are already at {marines.at}: choose another hex"
