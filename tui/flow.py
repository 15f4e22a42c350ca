"""The action flow of the game screen, without a screen: select -> target -> preview -> confirm.

Textual-free, so its tests run without a terminal. It keeps the stage of the
flow (a selected unit, an action kind being aimed with its candidate actions,
one action pending with its preview, or a choice by letter) and reads the game
only through seats: the one on screen, and for a reaction of another side at
the same keyboard (a QUAD steal), that side's own seat. How an action kind is
aimed comes from its `ActionKind.target` and `field`, never from field names.

Each step answers a `Step`: what the screen should say, send, or point at.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.core import AIMED
from rules.hexgrid import Hex
from tui import aim, choice_pages
from tui.aim import Highlights
from tui.flow_seats import FlowSeats

LETTERS = "abcdefghijkmopstvwxy"
"""Letters of a choice (tui.keys.FREE_FOR_RULESETS: the letters no screen key takes)."""


@dataclass(frozen=True)
class Step:
    """What a flow step asks of the screen."""

    say: str | None = None
    """A message for the status line (None: leave it)."""
    apply: object | None = None
    """An action to send now."""
    cursor: Hex | None = None
    """Where the map cursor should go."""
    card: str | None = None
    """A unit whose card to show (other than the selected one)."""
    picked: bool = False
    """An action was picked: a refusal or an aiming hint on the status line is over."""
    look: bool = False
    """Nothing to do here: say what is under the cursor."""


class Flow(FlowSeats):
    """The flow state of one game screen, over the seat it shows."""

    def __init__(self, seat, others: Callable[[str], object] | None = None, letters: str = LETTERS,
                 not_here: set[str] | frozenset[str] = frozenset()) -> None:
        self.seat = seat
        """The seat on screen."""
        self.others = others
        """The seat of another side at this keyboard (hot seat, solo play), for its reactions."""
        self.not_here = not_here
        """Sides nobody at this keyboard plays (the computer's): no key acts for them, referee or not."""
        self.letters = letters
        self.selected: str | None = None
        self.kind: str | None = None
        """The action kind being aimed, while the player picks its target."""
        self.candidates: list = []
        self.pending = None
        """The action waiting for Enter or space, with its preview."""
        self.preview = None
        self.choices: list | None = None
        """Actions offered by letter: all of them (`letters` name a set of up to len(letters) at a time)."""
        self.choice_base = 0
        """The first choice of the letter set shown: its letter is `letters[0]`."""
        self.choice_first = 0
        """The first choice in sight: the palette shows a window of the set, scrolled by PgDn / PgUp."""
        self.choice_rows = 6
        """How many choices the palette has room for (the screen sets it as it draws them)."""

    # --- reading through the seats (which seat acts, what it may do: tui/flow_seats.py) ---------

    def aim(self, action) -> Hex | None:
        """The hex `action` aims at, from its kind's declared target field."""
        spec = self.kinds.get(action.kind)
        place = spec.place(action) if spec is not None else None
        if isinstance(place, str):
            unit = self.seat.view().units.get(place)
            return unit.at if unit is not None and unit.on_map else None
        return place

    def unit_actions(self) -> list:
        return [a for a in self.all_legal() if a.unit_id == self.selected] if self.selected else []

    def own_units(self) -> list:
        side = self.deciding() or self.seat.side
        return [u for u in self.seat.view().units.values() if u.side == side and u.on_map]

    def hexes(self) -> set[Hex]:
        """The hexes the kind being aimed may go to."""
        return {h for a in self.candidates if (h := self.aim(a)) is not None}

    # --- the stages -------------------------------------------------------------------

    def clear(self) -> None:
        self.kind = None
        self.candidates = []
        self.pending = None
        self.preview = None
        self.choices = None
        self.choice_base = self.choice_first = 0

    def offer(self, actions: list) -> None:
        """Offer `actions` by letter, from the first."""
        self.choices = list(actions)
        self.choice_base = self.choice_first = 0

    def visible_choices(self, rows: int) -> list[tuple[str, object]]:
        """(letter, action) of the choices in sight, `rows` at most (the palette's room)."""
        return choice_pages.visible(self, rows)

    def page(self, step: int, rows: int | None = None) -> Step:
        """PgDn / PgUp while choosing (tui/choice_pages.py)."""
        say = choice_pages.page(self, step, rows or self.choice_rows)
        return Step(say=say)

    def select(self, unit_id: str | None) -> None:
        self.clear()
        self.selected = unit_id

    def forget_gone(self) -> None:
        """Drop the selection of a unit no longer on the map (or no longer seen)."""
        unit = self.seat.view().units.get(self.selected) if self.selected else None
        if unit is None or not unit.on_map:
            self.selected = None

    def choose_kind(self, kind: str, cursor: Hex | None = None) -> Step:
        """The player pressed an action kind's key."""
        label = self.label(kind)
        actions = [a for a in self.all_legal() if a.kind == kind]
        if not actions:
            return Step(say=f"{label} is not possible now: {self.why_not(kind)}")
        moved = None
        if self.selected:
            for_unit = [a for a in actions if a.unit_id == self.selected]
            if for_unit:
                actions = for_unit
            elif any(a.unit_id is None for a in actions):
                actions = [a for a in actions if a.unit_id is None]
            else:
                unit = self.seat.view().units.get(self.selected)
                return Step(say=f"{unit.name if unit else self.selected} cannot {label.lower()} now")
        elif any(a.unit_id is None for a in actions):
            actions = [a for a in actions if a.unit_id is None]
        else:
            # Only units can: the one under the cursor if it can, else the first, selected.
            view = self.seat.view()
            here = view.unit_at(cursor) if cursor is not None else None
            uid = here.id if here is not None and any(a.unit_id == here.id for a in actions) else actions[0].unit_id
            self.select(uid)
            unit = view.units.get(uid)
            moved = unit.at if unit is not None else None
            actions = [a for a in actions if a.unit_id == uid]
        self.clear()
        aimed = [a for a in actions if self.aim(a) is not None]
        if self.target_of(kind) in AIMED and aimed and (len(aimed) > 1 or len(actions) > 1):
            self.kind = kind
            self.candidates = aimed
            if self.target_of(kind) == "unit":
                # On the nearest target, Enter shows its odds at once; left on the shooter it was refused
                # ("your own unit") and a first-time player did not know to press n.
                moved = self.next_target(1, None) or moved
            return Step(say=f"{label}: {self.aim_hint()}", cursor=moved)
        if len(actions) == 1:
            step = self.make_pending(actions[0])
            return Step(say=step.say, apply=step.apply, cursor=step.cursor or moved, picked=True)
        self.offer(actions)
        return Step(cursor=moved, picked=True)

    def aim_hint(self) -> str:
        what = {"unit": "pick a highlighted unit", "path": "pick a hex to go to"}  # short: the status line
        return what.get(self.target_of(self.kind or ""), "pick a highlighted hex")

    def make_pending(self, action) -> Step:
        """Show what `action` will do (and the odds), waiting for Enter or space."""
        self.choices = None
        self.pending = action
        seat = self.seat_of(action.side) or self.seat
        try:
            self.preview = seat.preview(action)
        except Exception:  # noqa: BLE001 - a preview is a courtesy
            self.preview = None
        reaction = action.side != self.deciding()  # an interruption (a steal): confirm it
        if self.preview is None and self.target_of(action.kind) not in AIMED and not reaction:
            self.pending = None
            return Step(apply=action, picked=True)
        target = self.aim(action)
        return Step(cursor=target if self.kind is None else None, picked=True)

    def pick(self, actions: list) -> Step:
        """Actions the player pointed at: one is pending, several are offered by letter."""
        if len(actions) == 1:
            return self.make_pending(actions[0])
        self.kind = None
        self.candidates = []
        self.offer(actions)
        return Step(picked=True)

    def letter(self, key: str) -> Step | None:
        """A letter while a choice is offered (None: not a choice letter now)."""
        if self.choices is None or len(key) != 1 or key not in self.letters:
            return None
        index = self.choice_base + self.letters.index(key)
        if index < min(len(self.choices), self.choice_base + len(self.letters)):
            return self.make_pending(self.choices[index])
        return Step()

    def enter(self, h: Hex) -> Step:
        """Enter (or a click) on hex `h`."""
        if self.pending is not None:
            target = self.aim(self.pending)
            if target is None or target == h:
                return Step(apply=self.pending)
            others = [a for a in (self.candidates or self.unit_actions()) if self.aim(a) == h]
            if others and self.pending not in others:
                return self.pick(others)
            return Step(apply=self.pending)  # the palette says Enter confirms: anywhere but on another target
        if self.kind is not None:
            here = [a for a in self.candidates if self.aim(a) == h]
            if here:
                return self.pick(here)
            return Step(say=f"Refused: {self.refusal(h)}")
        view = self.seat.view()
        unit = view.unit_at(h)
        if unit is not None and unit.side in self.acting_sides():
            if unit.id == self.selected:
                self.select(None)
                return Step(say="")
            self.select(unit.id)
            return Step(say=f"{unit.name} selected")
        if self.selected:
            here = [a for a in self.unit_actions() if self.aim(a) == h]
            if here:
                return self.pick(here)
        if unit is not None:
            side = next((s.name or s.id for s in view.sides if s.id == unit.side), unit.side)
            return Step(say=f"{unit.name} ({side}): I for details", card=unit.id)
        if self.selected:
            self.select(None)
        return Step(look=True)

    def confirm(self, cursor: Hex | None) -> Step:
        """Enter or space with nothing under it: the pending action, the aimed hex, or the one 'end' action."""
        if self.pending is not None:
            return Step(apply=self.pending)
        if self.kind is not None:
            return self.enter(cursor) if cursor is not None else Step()
        # The "end" half of the key: the deciding side's one action without a unit or a
        # target (pass, release, end activation) waits for a second space or Enter.
        ending = [a for a in self.legal() if a.unit_id is None and self.target_of(a.kind) not in AIMED
                  and self.aim(a) is None]
        if len(ending) != 1:
            return Step(say="Nothing to confirm: choose an action first")
        self.pending = ending[0]
        try:
            self.preview = self.seat_of(ending[0].side).preview(ending[0])
        except Exception:  # noqa: BLE001 - a preview is a courtesy
            self.preview = None
        return Step()

    def cancel(self) -> str:
        """Escape: one stage back. Answers 'cancelled', or '' when only the selection went."""
        if self.pending is not None and self.kind is not None:
            self.pending = None
            self.preview = None
        elif self.pending is not None or self.kind is not None or self.choices is not None:
            self.clear()
        elif self.selected:
            self.select(None)
            return ""
        else:
            return ""
        return "cancelled"

    def cycle(self, step: int, cursor: Hex | None) -> Step:
        """n / N: the next unit that can act, or while aiming the next target hex."""
        if self.kind is not None:
            return Step(cursor=self.next_target(step, cursor))
        units = self.own_units()
        with_actions = {a.unit_id for a in self.legal() if a.unit_id}
        able = [u for u in units if u.id in with_actions] or units
        if not able:
            return Step(say="No unit to select")
        ids = [u.id for u in able]
        if self.selected in ids:
            nxt = ids[(ids.index(self.selected) + step) % len(ids)]
        else:
            nxt = ids[0] if step > 0 else ids[-1]
        self.select(nxt)
        unit = next(u for u in able if u.id == nxt)
        return Step(say=f"{unit.name} selected", cursor=unit.at)

    def next_target(self, step: int, cursor: Hex | None) -> Hex | None:
        """While aiming, the next valid hex from the cursor, nearest to the unit first."""
        hexes = sorted(self.hexes())
        if not hexes:
            return None
        unit = self.seat.view().units.get(self.selected) if self.selected else None
        if unit is not None and unit.at is not None:
            origin = unit.at
            hexes.sort(key=lambda h: (origin.distance(h), h.r, h.q))
        index = hexes.index(cursor) + step if cursor in hexes else (0 if step > 0 else -1)
        return hexes[index % len(hexes)]

    def actor_hex(self, cursor: Hex | None) -> Hex | None:
        """Where a unit that can act stands, unless the cursor is on one already (a new turn)."""
        acting = [a.unit_id for a in self.all_legal() if a.unit_id]
        if not acting:
            return None
        view = self.seat.view()
        here = view.unit_at(cursor) if cursor is not None else None
        if here is not None and here.id in acting:
            return None
        for uid in acting:
            unit = view.units.get(uid)
            if unit is not None and unit.on_map:
                return unit.at
        return None

    # --- what the map shows, and why not (tui/aim.py) ----------------------------------------

    def highlights(self, cursor: Hex | None) -> Highlights:
        return aim.highlights(self, cursor)

    def refusal(self, h: Hex) -> str:
        """Why the kind being aimed cannot go to `h`: the rules' own reason, asked of the seat."""
        return aim.refusal(self, h)
