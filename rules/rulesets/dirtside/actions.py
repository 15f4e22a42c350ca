"""Dirtside actions: activations (move, fire, assault, artillery, missiles, air), passes and reactions."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field, TypeAdapter

from rules.actions import Action
from rules.hexgrid import Hex


class Move(Action):
    """Move the unit along `path` (destination last), paying the going of each hex (§4)."""

    kind: Literal["move"] = "move"
    unit: str
    path: list[Hex]
    run: bool = False
    """Combat walkers running: normal going counts as easy; no fire this activation (§4.4)."""
    evasive: bool = False
    """Evasive movement (fast GEV and grav): at least 3/4 of the move over easy or normal going; until its next
    activation attackers face a d8 secondary die and the unit may not fire (§4.4)."""


class Fire(Action):
    """The unit's combat action: direct fire (vehicles) or a firefight (infantry) at the unit at `at` (§5, §8.3)."""

    kind: Literal["fire"] = "fire"
    unit: str
    at: Hex


class Assault(Action):
    """Announce a close assault on the unit at `at`, advancing along `path` (up to twice BMF) (§8.5)."""

    kind: Literal["assault"] = "assault"
    unit: str
    at: Hex
    path: list[Hex] = Field(default_factory=list)
    with_units: list[str] = Field(default_factory=list, max_length=4)
    """A combined assault: other unactivated units of the side, within 2 hexes of the target where they stand."""


class Call(Action):
    """The unit leader (or an observer) calls a fire mission from `battery` on `at` (§9.3)."""

    kind: Literal["call"] = "call"
    unit: str
    battery: str
    at: Hex
    munition: Literal["HEF", "MAK", "smoke", "DMR", "harass", "nuke", "biochem"] = "HEF"
    sheaf: Literal["converged", "open", "open_across"] = "converged"
    """Open sheaf: two impact hexes 4 per gun beyond the first apart, along (or across) the line of fire."""


class Bombard(Action):
    """A battery resolves its called mission, or fires at a hex it can see itself (house rule: artillery and
    mortar teams spot for themselves)."""

    kind: Literal["bombard"] = "bombard"
    unit: str
    at: Hex
    munition: Literal["HEF", "MAK", "smoke", "DMR", "harass", "nuke", "biochem"] = "HEF"
    sheaf: Literal["converged", "open", "open_across"] = "converged"


class CounterBattery(Action):
    """A battery with a counter-battery radar fires at an enemy battery that fired this turn (§9.7)."""

    kind: Literal["counter"] = "counter"
    unit: str
    target: str


class Launch(Action):
    """Launch one cruise missile at the target chit `at`, with up to two dummy chits (house rule)."""

    kind: Literal["launch"] = "launch"
    unit: str
    at: Hex
    warhead: str = "HE"
    dummies: list[Hex] = Field(default_factory=list)


class Fly(Action):
    """Fly a cruise missile launched last turn to `at`, within 6 hexes of its target chit (house rule)."""

    kind: Literal["fly"] = "fly"
    missile: str
    at: Hex


class Sensors(Action):
    """Switch the unit's ADS or SAM radar on or off (§11.1)."""

    kind: Literal["sensors"] = "sensors"
    unit: str


class Sam(Action):
    """Fire a surface-to-air missile at an aircraft over the battle area (house rule)."""

    kind: Literal["sam"] = "sam"
    unit: str
    target: str


class Sortie(Action):
    """An aerospace craft enters the battle area, or leaves it (house rule 'Aerospace vehicles')."""

    kind: Literal["sortie"] = "sortie"
    unit: str


class AttackRun(Action):
    """An aerospace craft over the battle area makes an attack run on the unit at `at` (§11.4)."""

    kind: Literal["run"] = "run"
    unit: str
    at: Hex
    ordnance: Literal["none", "HEF", "MAK"] = "none"
    """Drop one dead-fall ordnance load (HEF or MAK) on the target's hex instead of a gun attack (§11.4)."""


class Dogfight(Action):
    """An aerospace craft attacks another craft over the battle area with guns (RFAC/1, HEL) or an AAM."""

    kind: Literal["airfight"] = "airfight"
    unit: str
    target: str
    weapon: Literal["guns", "aam"] = "guns"


class Drop(Action):
    """An aerospace craft over the battle area flies in through zone air defence and drops the drop troops it
    carries (`troops`) on the free hex `at`: its activation (house 'Aerospace vehicles'; §12.7)."""

    kind: Literal["drop"] = "drop"
    unit: str
    troops: str
    at: Hex


class Intercept(Action):
    """An aerospace craft over the battle area shoots its RFAC/1s or HELs at an enemy cruise missile on the turn
    it is due to land (house rule 'Aerospace air to air combat'; never AAMs)."""

    kind: Literal["intercept"] = "intercept"
    unit: str
    missile: str


class Discharge(Action):
    """Fire the unit's smoke dischargers: its combat action; its vehicles are obscured (§5.6)."""

    kind: Literal["discharge"] = "discharge"
    unit: str


class LayMines(Action):
    """A minelayer drops a minefield behind itself: its combat action (§10.1)."""

    kind: Literal["lay"] = "lay"
    unit: str


class ClearMines(Action):
    """Engineer teams within 2 hexes of the mine marker at `at` try to clear it: d6 (one type up per extra
    engineer), 6 or more (§10.1)."""

    kind: Literal["clear"] = "clear"
    unit: str
    at: Hex


class Mode(Action):
    """A VTOL unit changes mode (grounded, low, high): half its move to the next mode, the whole move from high
    straight to grounded (§4.4)."""

    kind: Literal["mode"] = "mode"
    unit: str
    mode: Literal["grounded", "low", "high"]


class PopUp(Action):
    """A low-mode VTOL behind cover rises, fires at the unit at `at`, and drops back; only opportunity fire may
    answer it, and it has a d6 secondary die against that fire (§4.4)."""

    kind: Literal["popup"] = "popup"
    unit: str
    at: Hex


class Rally(Action):
    """The unit's activation: rally with the command unit's help (§3.3)."""

    kind: Literal["rally"] = "rally"
    unit: str


class Regroup(Action):
    """Two depleted units merge (the unit and `other`, next to it); both activations are used (§3.3)."""

    kind: Literal["regroup"] = "regroup"
    unit: str
    other: str


class Load(Action):
    """The carrier unit takes the infantry unit `troops` (next to it) aboard: half the carrier's move (§4.4)."""

    kind: Literal["load"] = "load"
    unit: str
    troops: str


class Unload(Action):
    """The carrier unit puts `troops` down in the free hex `at` next to it: half the carrier's move (§4.4)."""

    kind: Literal["unload"] = "unload"
    unit: str
    troops: str
    at: Hex


class Demolish(Action):
    """Engineer (or commando) teams demolish the building or enemy vehicle at `at`, in contact (§13)."""

    kind: Literal["demolish"] = "demolish"
    unit: str
    at: Hex


class Repair(Action):
    """An AEV repairs a hurt vehicle of the friendly unit `target` in contact: its whole activation (§6.4)."""

    kind: Literal["repair"] = "repair"
    unit: str
    target: str


class Resupply(Action):
    """The unit's ammunition carriers hand bombardment chits to the battery `target` next to it (or to its own
    guns): the carrier's combat action and the battery's whole activation (house 'Artillery and ammo supply')."""

    kind: Literal["resupply"] = "resupply"
    unit: str
    target: str


class Limber(Action):
    """Limber the unit's towed guns to their tractors, or unlimber them to fire: its whole activation (§9.1)."""

    kind: Literal["limber"] = "limber"
    unit: str


class Dig(Action):
    """Engineers with AEVs dig hasty defences: a dug-in position in their hex, their whole activation (§13)."""

    kind: Literal["dig"] = "dig"
    unit: str


class Bridge(Action):
    """A bridgelayer lays its bridge across the river hexside to `at` next to it, or (`recover`) takes it up from
    either end: its whole activation (§13)."""

    kind: Literal["bridge"] = "bridge"
    unit: str
    at: Hex | None = None
    recover: bool = False


class Shell(Action):
    """The unit's guns fire at the isolated building at `at`: close range, the building rolls a d4 (§5.6)."""

    kind: Literal["shell"] = "shell"
    unit: str
    at: Hex


class Extinguish(Action):
    """Engineers (or an AEV) in or next to a burning hex put the fire out: their whole activation (§13)."""

    kind: Literal["extinguish"] = "extinguish"
    unit: str
    at: Hex


class Cancel(Action):
    """Instead of firing its called mission the battery tries to cancel it: its caller rolls the call again;
    success cancels it, failure fires it now; either way the battery has activated (§9.3 step 5)."""

    kind: Literal["cancel"] = "cancel"
    unit: str


class Done(Action):
    """End the activation now; with `unit` at the start of a go, activate that unit to do nothing (§2.3)."""

    kind: Literal["done"] = "done"
    unit: str = ""


class Pass(Action):
    """Pass the go (allowed with fewer unactivated units than an opponent, §2.2)."""

    kind: Literal["pass"] = "pass"


class OpFire(Action):
    """Opportunity fire: an unactivated unit fires at the unit that just moved; it counts as its activation."""

    kind: Literal["opfire"] = "opfire"
    unit: str
    at: Hex


class Hold(Action):
    """Let the moving unit go without opportunity fire."""

    kind: Literal["hold"] = "hold"


class React(Action):
    """The target side's answer to a SAM or an air attack: evade, drop decoys, both, dog-fight, or none."""

    kind: Literal["react"] = "react"
    choice: Literal["none", "evade", "decoys", "both", "dogfight"] = "none"


DSAction = Annotated[
    Union[Move, Fire, Assault, Call, Bombard, CounterBattery, Launch, Fly, Sensors, Sam, Sortie, AttackRun,
          Dogfight, Drop, Intercept, Discharge, LayMines, ClearMines, Mode, PopUp, Rally, Regroup, Load, Unload, Demolish, Repair, Resupply, Limber, Dig, Bridge, Shell, Extinguish, Cancel, Done, Pass, OpFire, Hold, React],
    Field(discriminator="kind"),
]
ADAPTER = TypeAdapter(DSAction)
