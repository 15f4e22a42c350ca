"""Branching: a new game that starts from a position of another (a replay's "play on from here").

The branch starts at the exact state after action n of the source (all of it,
secrets included: the new game is played from there), its log counting from
0 again. Like a game resumed from a snapshot (saves/resume.py) it is written
with `[start]`, the position its log starts from, and a new seed derived from
the source's seed and n, so it does not roll the source's opening dice again.
`[game.branched_from]` records the source file and n, for people (optional:
older saves lack it, no format change).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rules.clone import clone
from rules.service import GameService
from saves import resume


def branch_game(source: GameService, position, at: int, file: str | Path | None) -> GameService:
    """A new game from `position` (the exact state after `at` actions of `source`), recording `file`."""
    state = clone(position)
    state.seed = resume.position_seed(state.seed, at)
    service = GameService(source.ruleset, state, setup=source.setup, dice_source=source.dice_source)
    service.prefs.update(source.prefs)
    resume.mark(service)
    remember(service, str(file or ""), at)
    return service


def remember(service: GameService, file: str, action: int) -> None:
    service.branched_from = (file, action)  # type: ignore[attr-defined]


def branched_from(service: GameService) -> tuple[str, int] | None:
    """(source file, action) of a branched game; None for any other."""
    return getattr(service, "branched_from", None)


def table(service: GameService) -> dict[str, Any]:
    """`branched_from` for `[game]` when the game is a branch (nothing otherwise)."""
    origin = branched_from(service)
    if origin is None:
        return {}
    return {"branched_from": {"file": origin[0], "action": origin[1]}}


def branch_path(source_file: str | Path | None, at: int, folder: Path) -> Path:
    """A free name for the branch's file: `<source>-branch-<n>.toml` in `folder` (-2, -3... when taken)."""
    stem = Path(source_file).stem if source_file else "game"
    for k in range(1, 1000):
        name = f"{stem}-branch-{at}{'' if k == 1 else f'-{k}'}.toml"
        if not (folder / name).exists():
            return folder / name
    raise FileExistsError(f"no free branch name in {folder}")
