"""App-level messages: what the command palette and dialogs post up to the screens."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.message import Message


@dataclass
class ApplyAction(Message):
    """Apply this legal action now (the command palette picked it by name)."""

    action: Any
    """A rule set's `Action`."""


@dataclass
class PickKind(Message):
    """Start choosing an action of this kind, as if its key were pressed."""

    kind: str


@dataclass
class RunCommand(Message):
    """Run a screen action by name (the command palette picked a key-table row)."""

    action: str
    screen: Any = None
    """The screen whose key table listed it (the palette itself is on top when it is posted)."""
