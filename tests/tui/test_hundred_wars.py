"""Pilot tests of A Hundred Wars with keys: a blind placed and a dummy revealed; a whole teaching game with keys only."""

from __future__ import annotations

import random

import pytest

from rules.actions import target_hex
from rules.hexgrid import Hex, to_offset
from rules.service import GameService
from rules.unknown import UNKNOWN
from saves.scenarios import load_scenario
from tui.app import HexwarApp


async def past_pass_screen(app, pilot) -> None:
    """Press Enter on the screen that hides the map between sides, if it shows."""
    await pilot.pause()
    while type(app.screen).__name__ == "PassKeyboardScreen":
        await pilot.press("enter")
        await pilot.pause()


def to_blinds_phase(seed: int = 4) -> GameService:
    """First-blinds at Phase 2 (seed 4: the side placing has pips for two blinds)."""
    service = GameService.new(load_scenario("first-blinds", ruleset="hundred_wars"), seed)
    while service.state.phase != "blinds":
        side = service.decision().side
        assert service.apply(service.legal_actions(side)[0]).ok
    return service


async def test_a_blind_is_placed_with_keys_and_a_dummy_is_revealed_and_removed():
    service = to_blinds_phase()
    side = service.decision().side
    state = service.state
    dummy = next(u for u in state.units.values() if u.blind and u.side == side and u.dummy)
    app = HexwarApp({"new": service, "hide": True}, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await past_pass_screen(app, pilot)
        screen = app.screen
        await pilot.press("b")  # place a blind: its hexes are highlighted
        assert screen.mode == "blind" and screen.candidates
        chosen = screen.candidates[0]
        screen.map.cursor = chosen.at
        await pilot.press("enter")
        if screen.choices:  # a dummy: the Move it imitates is chosen by letter
            assert all(a.unit == chosen.unit for a in screen.choices) and len({a.move for a in screen.choices}) > 1
            await pilot.press(screen.flow.letters[0])
        if screen.pending is not None:
            await pilot.press("enter")
        await pilot.pause()
        placed = service.state.units[chosen.unit]
        assert placed.at == chosen.at and service.log[-1].kind == "blind"
        # The other side sees a blind, never what it is.
        other = next(s for s in service.state.side_ids() if s != side)
        seen = service.seat(other).view().units[placed.id]
        assert seen.contents is UNKNOWN and seen.dummy is UNKNOWN and seen.imitates is UNKNOWN
        # Put the dummy on the table too, then play on to Phase 4 and reveal it with keys.
        if service.state.units[dummy.id].at is None:
            spot = next(a for a in service.legal_actions(side) if a.kind == "blind" and a.unit == dummy.id)
            assert service.apply(spot).ok
        while not (service.state.phase == "fire" and service.decision().side == side):
            s = service.decision().side
            done = [a for a in service.legal_actions(s) if a.kind in ("done", "orders", "allocate")]
            assert service.apply(done[0]).ok
        screen.after_change()
        await past_pass_screen(app, pilot)
        screen = app.screen
        screen.select_unit(dummy.id, move_cursor=True)
        await pilot.press("v")
        if screen.pending is not None:
            await pilot.press("enter")
        await pilot.pause()
        assert service.state.units[dummy.id].eliminated
        assert any("dummy blind, removed" in e.text() for e in service.seat(other).events())


# --- a whole teaching game with keys only ----------------------------------------------------

STEP_KEYS = {"NW": "7", "NE": "9", "W": "4", "E": "6", "SW": "1", "SE": "3"}
"""The map's numpad keys for the six hexsides."""


class KeyPlayer:
    """Plays the game on screen with key presses only; reads the game through the seat (and the screen's flow)
    to decide which keys a player would press."""

    def __init__(self, app, pilot, service: GameService) -> None:
        self.app, self.pilot, self.service = app, pilot, service
        self.keys = 0
        self.done_kinds: set[str] = set()

    @property
    def screen(self):
        return self.app.screen

    @property
    def side(self) -> str:
        return self.service.decision().side

    def seat(self):
        return self.service.seat(self.side)

    async def press(self, *keys: str) -> None:
        await self.pilot.press(*keys)
        self.keys += len(keys)
        while type(self.app.screen).__name__ == "PassKeyboardScreen":  # the next side takes the keyboard
            await self.pilot.press("enter")
            self.keys += 1

    async def cursor_to(self, target) -> None:
        """Walk the map cursor to `target` with the numpad keys, one hexside at a time (all pressed at once)."""
        board, here, keys = self.service.state.board, self.screen.map.cursor, []
        while here != target and len(keys) < 40:
            step = min((d for d in STEP_KEYS if board.in_bounds(here.neighbour(d))),
                       key=lambda d: here.neighbour(d).distance(target))
            here = here.neighbour(step)
            keys.append(STEP_KEYS[step])
        await self.press(*keys)
        assert self.screen.map.cursor == target, f"the cursor did not reach {target}"

    async def clear(self) -> None:
        """Escape back to nothing chosen, nothing selected."""
        flow = self.screen.flow
        for _ in range(4):
            if not (flow.kind or flow.pending or flow.choices or flow.selected):
                return
            await self.press("escape")

    async def select(self, uid: str) -> None:
        """n cycles the units that can act until `uid` is selected."""
        for _ in range(20):
            if self.screen.flow.selected == uid:
                return
            await self.press("n")
        raise AssertionError(f"n never selected {uid}")

    async def take(self, action) -> None:
        """Do `action` with keys: select its unit (n), its kind's key, aim the cursor, Enter, a letter, Enter.

        Damage allocation and blind placement take the unit the screen offers first (a blind off the table, or
        an enemy unit to allocate to, cannot be selected with n): the kind and the hex are the player's.
        """
        before = len(self.service.log)
        kinds = self.service.ruleset.action_kinds
        await self.clear()
        unit = self.service.state.units.get(action.unit_id) if action.unit_id else None
        if unit is not None and unit.on_map and unit.side == action.side and action.kind != "allocate":
            await self.select(action.unit_id)
        await self.press(kinds[action.kind].key)
        flow = getattr(self.screen, "flow", None)  # None: the game is over, its screen shows
        aimed = target_hex(action, kinds)
        if flow is not None and flow.kind is not None and aimed is not None:
            await self.cursor_to(aimed)
            await self.press("enter")
        if flow is not None and flow.choices:
            pick = flow.choices.index(action) if action in flow.choices else 0
            await self.press(flow.letters[pick])
        if len(self.service.log) == before and flow is not None and flow.pending is not None:
            await self.press("enter")
        assert len(self.service.log) == before + 1, f"{action.text()} was not taken with keys"
        done = self.service.log[-1]
        assert done.kind == action.kind and target_hex(done, kinds) == aimed, (done.text(), action.text())
        self.done_kinds.add(action.kind)


def choose(service: GameService, rng: random.Random):
    """What a player would do now (the pilot then does it with keys): blinds, counters, fire, moves."""
    seat = service.seat(service.decision().side)
    view, legal = seat.view(), seat.legal_actions()
    by = lambda kind: [a for a in legal if a.kind == kind]  # noqa: E731
    for kind in ("allocate", "orders", "roll_off", "edge", "move"):
        if by(kind):
            return by(kind)[0]
    if by("blind"):
        first = by("blind")[0].unit  # the blind the screen offers first
        return rng.choice([a for a in by("blind") if a.unit == first])
    if by("counter") and view.phase == "counters":
        enemy_edge = 9 if view.edges[seat.side] == "north" else 0
        fresh = [a for a in by("counter") if not a.attack and a.level is None
                 and view.units[a.unit].counter is None and to_offset(Hex(*a.to))[1] == enemy_edge]
        if fresh:
            return min(fresh, key=lambda a: view.units[a.unit].at.distance(Hex(*a.to)))
    if by("fire"):
        return by("fire")[0]
    if by("reveal"):  # nothing can fire yet: lift a blind so that its units may
        return rng.choice(by("reveal"))
    return by("done")[0] if by("done") else legal[0]


@pytest.mark.slow
async def test_the_teaching_game_is_played_to_its_end_with_keys_only():
    """Shadows at the Ford, with seeded dice, every action by its keys: the roll-off and edge, pips from the
    Orders roll, blinds placed, Move counters issued with pips, fire, moves, damage allocated, and at the end
    both sides agree the game is over ('or when all sides agree the game is over')."""
    service = GameService.new(load_scenario("first-blinds", ruleset="hundred_wars"), 11)
    rng = random.Random(11)
    app = HexwarApp({"new": service, "hide": True}, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await past_pass_screen(app, pilot)
        player = KeyPlayer(app, pilot, service)
        while not {"fire", "move", "counter", "blind", "reveal"} <= player.done_kinds:
            assert service.state.turn <= 8, f"not every kind was played: {player.done_kinds}"
            await player.take(choose(service, rng))
        while service.seat("red").result is None:  # both sides agree in one turn, each on its own decision
            assert service.state.turn <= 8, "the sides never agreed"
            side = service.decision().side
            agree = [a for a in service.legal_actions(side) if a.kind == "agree_end"]
            await player.take(agree[0] if agree and service.state.phase != "move" else choose(service, rng))
        await pilot.pause()
        result = service.seat("red").result
        assert result is not None and "all sides agree" in result.reason
        assert type(app.screen).__name__ == "GameOverScreen"
    log = [a.kind for a in service.log]
    assert {"roll_off", "edge", "orders", "blind", "counter", "fire", "move"} <= set(log)
    assert service.seat("blue").view().units  # the seat still answers after the end


async def test_a_psionic_side_cancels_an_enemy_fire_with_keys_while_the_shot_waits():
    from rules.rulesets.hundred_wars import RULESET
    from tests.rules.hundred_wars.helpers import HQ, at, game, unit

    psi = {**HQ, "psionic": 1, "psionic_range": 30}
    state = game([unit("r", "red", at(3, 1)), unit("b", "blue", at(3, 4)), unit("bp", "blue", at(6, 6), **psi)])
    service = GameService(RULESET, state)
    assert service.apply(next(a for a in service.legal_actions("red") if a.kind == "fire")).ok
    assert service.decision().side == "blue"  # the shot waits for blue's psionic reaction
    app = HexwarApp({"new": service, "hide": False}, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await past_pass_screen(app, pilot)
        await pilot.press("y")  # the only pip blue may use: cancel the fire of r
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert service.log[-1].kind == "psi" and service.log[-1].cancel
        assert service.state.paused == [] and not service.state.units["b"].eliminated
        assert service.state.psi_used == {"bp": 1} and service.decision().side == "red"


async def test_a_river_is_placed_and_bent_with_keys_and_a_wrong_turn_is_refused():
    """Setting up with `place_terrain`: `i` on a hex starts a river, `i` on the hex next to its end runs it on,
    a hex that would turn it back on itself is refused with the reason, `d` finishes it."""
    service = GameService.new(load_scenario("first-blinds", ruleset="hundred_wars"), 5, options={"place_terrain": True})
    assert service.apply(service.legal_actions()[0]).ok  # the roll-off
    side = service.decision().side
    spots = {Hex(*a.at) for a in service.legal_actions(side) if a.kind == "piece" and a.terrain == "river"}
    start = next(h for h in sorted(spots) if {h.neighbour("E"), h.neighbour("E").neighbour("NE")} <= spots)
    before = {h for h in service.state.board.hexes() if service.state.board.terrain_at(h) == "river"}
    app = HexwarApp({"new": service, "hide": True}, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await past_pass_screen(app, pilot)
        player = KeyPlayer(app, pilot, service)
        river = next(a for a in service.legal_actions(side) if a.kind == "piece" and a.terrain == "river" and a.at == start)
        await player.take(river)
        course = [start]
        for d in ("E", "NE"):  # on, then a bend of one hexside
            nxt = next(a for a in service.legal_actions(side) if a.kind == "piece" and a.at == course[-1].neighbour(d))
            await player.take(nxt)
            course.append(nxt.at)
        back = course[-1].neighbour("W")  # next to the end, but beside the river's first hex: a turn back
        await player.clear()
        await player.press("i")
        await player.cursor_to(back)
        await player.press("enter")
        await pilot.pause()
        assert "not turn back on itself" in player.screen.message
        await player.take(next(a for a in service.legal_actions(side) if a.kind == "done"))
        rivers = {h for h in service.state.board.hexes() if service.state.board.terrain_at(h) == "river"}
        assert rivers - before == set(course) and service.state.shaping is None


async def test_the_owners_roster_says_what_each_blind_hides_and_the_others_does_not():
    """Issue 24 item 10: 'B Red Company blind ...' made the owner press I on each blind to know it."""
    from tui.widgets.roster import Roster

    service = to_blinds_phase()
    side = service.decision().side
    other = next(s for s in service.state.side_ids() if s != side)
    for _ in range(30):  # blinds on the table, whichever side places next, so the roster lists them with marks
        now = service.decision().side
        offered = service.legal_actions(now) if now and service.state.phase == "blinds" else []
        spot = next((a for a in offered if a.kind == "blind"), None)
        if spot is None and now == side:  # its blinds placed: the other side places next
            spot = next((a for a in offered if a.kind == "done"), None)
        if spot is None:
            break
        assert service.apply(spot).ok
    mine = [u for u in service.state.units.values() if u.blind and u.side == side and u.at is not None]
    assert mine
    seat = service.seat(side)
    for blind in mine:
        names = [service.state.units[i].name for i in blind.contents]
        assert seat.unit_note(blind.id) == ("(dummy)" if blind.dummy else f"({', '.join(names)})")
    theirs = [u for u in service.state.units.values() if u.blind and u.side == other and u.at is not None]
    assert theirs and all(seat.unit_note(u.id) == "" for u in theirs)  # another side's blind stays a blind
    app = HexwarApp({"new": service, "hide": False}, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await past_pass_screen(app, pilot)
        roster = app.screen.query_one(Roster).text.plain
        assert seat.unit_note(mine[0].id) in roster
