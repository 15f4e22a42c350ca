"""A decision that pauses one side's action for another side's reaction, then continues or cuts it.

QUAD's blocks (the attacker's dice are rolled, the defender chooses what to
block, then the attack resolves) and the skirmish's overwatch (a move stops at
the hex where an overwatching model may shoot; the shot may cut the move short)
share one shape: the active side's action stops part-way, another side decides,
and the rest of the action then runs or is cut. A rule set keeps the paused
actions in its state (`Pausable.paused`, a stack: a reaction may itself be
paused), asks `decision()` before its own turn logic, and resumes through
`resume()` with a handler per pause kind that holds the rest of the action.

Everything in a `Pause` is public (both sides see the interrupt as it happens);
a rule set keeps any secret out of `data`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from pydantic import BaseModel, Field

from rules.core import Context, Decision, GameState, Refusal
from rules.events import Message


class Pause(BaseModel):
    """An action stopped part-way, waiting for another side's reaction."""

    kind: str
    """The rule set's name for it ('blocks', 'overwatch'); picks the handler that resumes it."""
    actor: str
    """The side whose action waits."""
    reactor: str
    """The side that decides now."""
    prompt: str
    """What the reactor decides, in the rule text's words."""
    data: dict[str, Any] = Field(default_factory=dict)
    """What the rule set needs to continue (plain, public data: hexes as lists, unit ids...)."""


class Pausable(BaseModel):
    """Mix into a rule set's state to hold paused actions."""

    paused: list[Pause] = Field(default_factory=list)
    """Paused actions, the newest (the one deciding now) last."""


class HasPauses(Protocol):
    paused: list[Pause]


Resume = Callable[[Any, Pause, Context, bool], None]
"""Runs the rest of a paused action: (state, the pause, ctx, cut) — `cut` stops it short."""


def pause(state: HasPauses, p: Pause, ctx: Context) -> None:
    """Stop the actor's action here; `p.reactor` decides next."""
    state.paused.append(p)
    ctx.emit(Message(message=f"{p.reactor} may react: {p.prompt}"))


def waiting(state: HasPauses, kind: str | None = None) -> Pause | None:
    """The pause deciding now (of `kind`, if given), or None."""
    if not state.paused:
        return None
    top = state.paused[-1]
    return top if kind is None or top.kind == kind else None


def decision(state: HasPauses) -> Decision | None:
    """The reactor's decision while an action is paused; None when nothing waits."""
    top = waiting(state)
    return None if top is None else Decision(side=top.reactor, prompt=top.prompt)


def refuse_while_paused(state: HasPauses | GameState, side: str) -> None:
    """Refuse anything but the reaction while an action waits for it."""
    top = waiting(state)  # type: ignore[arg-type]
    if top is not None:
        raise Refusal(f"{top.reactor} must first decide: {top.prompt}")


def resume(state: HasPauses, ctx: Context, handlers: Mapping[str, Resume], *, cut: bool = False) -> Pause:
    """Take the deciding pause off the stack and run the rest of its action (or cut it)."""
    top = waiting(state)
    if top is None:
        raise Refusal("no action is waiting for a reaction")
    state.paused.pop()
    handlers[top.kind](state, top, ctx, cut)
    return top
