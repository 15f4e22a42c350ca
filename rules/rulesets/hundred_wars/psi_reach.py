"""Which psionic units may use a pip now, and on what (text: "Psionic": 'one use only, once per phase ... up to the
maximum range paid for'). Kept apart so that every stage that may pause for a pip can ask without importing psionics.py."""

from __future__ import annotations

from rules.hexgrid import Hex
from rules.rulesets.hundred_wars import field
from rules.rulesets.hundred_wars.state import HwState
from rules.rulesets.hundred_wars.units import HwUnit


def ready(state: HwState, u: HwUnit) -> bool:
    """A revealed psionic unit with a pip left that has not used one this phase."""
    return (u.on_map and not u.blind and u.stats.psionic > 0 and state.psi_used.get(u.id, 0) < u.stats.psionic
            and u.id not in state.psi_phase)


def ready_in_range(state: HwState, side: str, at: Hex) -> list[HwUnit]:
    """The side's psionic units that may use a pip now on something at `at`."""
    # `ready` asks what `live` does (on the table), of the side's psionic units only (most have none): asked of
    # every roll that a pip might re-roll, so no list of the side's units is built
    return [u for u in state.units.values() if u.stats.psionic and u.side == side and ready(state, u)
            and field.cm(state, u.at, at) <= u.stats.psionic_range]
