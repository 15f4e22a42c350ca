"""Games resumed from a recorded position: old saves whose action log today's rules play differently.

A save is rebuilt by replaying its log from the scenario. When a rule set fixes
a rule, an old log may no longer replay (a card reshuffled at another moment,
an action refused) or may reach another position. An old save (one that went
through migration steps, FORMAT.md) is then resumed from its snapshot: the
position it recorded, migrated to today's state, with no undo before it. Its
next save says so with `[start]`, the position its action log starts from.

The dice of action i come from (seed, i); a resumed game counts its actions
from 0 again, so its seed is replaced by one derived from the old seed and
the number of actions already played, so as not to roll the game's opening
dice a second time (chosen, shown in the position, never from the clock).
"""

from __future__ import annotations

import hashlib
from typing import Any

from pydantic import ValidationError

from rules.core import GameState, Ruleset, Setup
from rules.service import GameService, Store
from saves.errors import SaveError, problems_from_validation
from saves.schema import MAX_SEED


def position_seed(seed: int, played: int) -> int:
    """The seed of a game resumed after `played` actions of a game with `seed`."""
    digest = hashlib.sha256(f"hexwar resume {seed} {played}".encode()).digest()
    return int.from_bytes(digest[:8], "big") & MAX_SEED


def position(ruleset: Ruleset, setup: Setup, table: dict[str, Any], file: str | None, where: str) -> GameState:
    """A recorded position (a snapshot's or `[start]`'s table) as the rule set's state on the scenario's board."""
    try:
        return ruleset.state_model.model_validate({**table, "board": setup.board})
    except ValidationError as exc:
        raise SaveError(file, problems_from_validation(exc, ruleset.state_model, (where,))) from None


def resumed(ruleset: Ruleset, setup: Setup, snapshot: dict[str, Any], played: int, why: str,
            file: str | None, store: Store | None) -> GameService:
    """The game at the position its snapshot records, its log starting there; `why` says why."""
    state = position(ruleset, setup, snapshot, file, "snapshot")
    state.seed = position_seed(state.seed, played)
    service = GameService(ruleset, state, store, setup)
    mark(service, why)
    return service


def mark(service: GameService, why: str = "") -> None:
    """Remember that the game's log starts at a recorded position (saves write it as `[start]`)."""
    service.from_position = True  # type: ignore[attr-defined]
    service.resumed_why = why  # type: ignore[attr-defined]


def from_position(service: GameService) -> bool:
    return bool(getattr(service, "from_position", False))


def resumed_why(service: GameService) -> str:
    """Why the game was resumed from its snapshot when it was loaded ('' when it was replayed)."""
    return getattr(service, "resumed_why", "")
