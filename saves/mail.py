"""Play by mail: turn files that carry a side's actions, on a hash-chained log.

A game's identity is the hash of its opening state (scenario, seed, options).
Each action extends a chain: `h[0]` is the identity, `h[i+1]` hashes `h[i]` with
the text of action i. A turn file says where it starts (`first`), the chain
there (`before`), the actions, and the chain after them (`after`). The receiver
recomputes the chain from its own log, so an earlier action that was changed,
dropped or re-ordered, a file for another game, a missing turn, a file from
the receiver's own side, an action made for another side than the sender's, or
a turn that does not hand the game to its receiver is refused with the reason;
then each new action is applied through the rules (legal, with the game's own
dice) and the local save is written atomically. docs/remote.md says what this
cannot stop.

The first turn file of a game also carries the game's start (a save at action
0), so the other player needs nothing else to begin; a start that differs from
the scenario it names (saves/mail_start.py) is refused, field by field, unless
the receiver accepts it.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rules.service import GameService
from rules.words import count
from saves.errors import Problem, SaveError, literal, shown
from saves.files import dump_toml, parse_document, parse_toml, read_bytes, write_atomic
from saves.store import game_from_document, load_game, render_save, save_game, saves_dir

TURN_FORMAT = "hexwar-turn"
TURN_VERSION = 1
MAX_TURN_BYTES = 4 * 1024 * 1024
MAX_TURN_ACTIONS = 10_000
HEX64 = r"^[0-9a-f]{64}$"


class TurnFile(BaseModel):
    """A turn file as written (unknown keys are errors)."""

    model_config = ConfigDict(extra="forbid")
    format: Literal["hexwar-turn"]
    version: int = Field(ge=1)
    ruleset: str = Field(max_length=40)
    game: str = Field(pattern=HEX64)
    """The game's identity: the hash of its opening state."""
    sender: str = Field(max_length=40)
    receiver: str = Field(max_length=40)
    first: int = Field(ge=0)
    """The index in the log of the file's first action (0: the game's first action)."""
    before: str = Field(pattern=HEX64)
    """The chain up to (not including) action `first`."""
    actions: list[str] = Field(max_length=MAX_TURN_ACTIONS)
    after: str = Field(pattern=HEX64)
    """The chain after the file's last action."""
    start: str = Field(default="", max_length=MAX_TURN_BYTES)
    """With `first == 0`: the game at action 0, as a save file's text."""


def game_id(service: GameService) -> str:
    """The hash of the game's opening state: scenario, seed and options."""
    data = json.dumps(service.initial.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(data.encode("utf-8")).hexdigest()


def chain(service: GameService) -> list[str]:
    """`h[0..n]` of the game's log: `h[i]` covers the first i actions."""
    out = [game_id(service)]
    for step in service.history:
        out.append(link(out[-1], step.action.text()))
    return out


def link(previous: str, action_text: str) -> str:
    return hashlib.sha256(f"{previous}\n{action_text}".encode("utf-8")).hexdigest()


def possessive(name: str) -> str:
    """"The Kingdom's", "The Rebels'"."""
    return name + ("'" if name.endswith("s") else "'s")


def mail_path(gid: str) -> Path:
    """Where an imported game is kept when no file is named: one file per game in the saves folder."""
    return saves_dir() / f"mail-{gid[:16]}.toml"


# --- export -------------------------------------------------------------------------------


def export_turn(service: GameService, since: int | None = None) -> tuple[TurnFile, str]:
    """The turn file for the side that decides now: the actions since its own last one.

    Returns the file and a sentence saying what it holds.
    """
    receiver = service.decision().side
    if receiver is None:
        receiver = next((s for s in service.state.side_ids() if service.history and s != service.history[-1].action.side), "")
    log = service.history
    if since is None:
        since = 0
        for i in range(len(log) - 1, -1, -1):
            if log[i].action.side == receiver:
                since = i + 1
                break
    if not 0 <= since <= len(log):
        raise SaveError(None, f"--since must be from 0 to {len(log)} (the game has {len(log)} actions)")
    sender = log[-1].action.side if log else (service.decision().side or "")
    if log and sender == receiver and service.result is None:
        name = service.side_name(sender)
        raise SaveError(None, f"{possessive(name)} turn is not over yet: {name} still decides. Finish the turn, "
                        "save, then export it")
    hashes = chain(service)
    start = ""
    if since == 0:
        fresh = GameService(service.ruleset, service.initial, setup=service.setup)
        start = render_save(fresh).decode("utf-8")
    turn = TurnFile(
        format=TURN_FORMAT, version=TURN_VERSION, ruleset=service.ruleset.id, game=hashes[0],
        sender=sender, receiver=receiver, first=since, before=hashes[since],
        actions=[step.action.text() for step in log[since:]], after=hashes[-1], start=start,
    )
    span = f"action {len(log)}" if since + 1 == len(log) else f"actions {since + 1}-{len(log)}"
    what = (f"{count(len(turn.actions), 'action')} of {service.side_name(sender) if sender else 'nobody'} ({span}) "
            f"for {service.side_name(receiver) if receiver else 'nobody'}")
    return turn, what


def write_turn(turn: TurnFile, path: str | Path) -> Path:
    return write_atomic(path, dump_toml(turn.model_dump(exclude_defaults=False)).encode("utf-8"), backup=False)


# --- import ---------------------------------------------------------------------------------


def read_turn(path: str | Path) -> TurnFile:
    data = parse_toml(read_bytes(path, MAX_TURN_BYTES), path)
    if data.get("format") != TURN_FORMAT:
        raise SaveError(path, Problem("format", f"expected {TURN_FORMAT!r} (a hexwar turn file), got {shown(data.get('format'))}"))
    if isinstance(data.get("version"), int) and data["version"] > TURN_VERSION:
        raise SaveError(path, Problem("version", f"this turn file is version {data['version']}; this hexwar reads up to {TURN_VERSION}: update hexwar"))
    try:
        return TurnFile.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        raise SaveError(path, Problem(where, literal(err["msg"], 120))) from None


def _game_for(turn: TurnFile, path: str | Path, game: str | Path | None, scenario: str | Path | None = None,
              accept_start: bool = False) -> tuple[GameService, Path]:
    """The receiver's copy of the game: the named save, the mail save of this game, or the file's start
    (refused when it differs from the scenario it names, or from the scenario file `scenario`,
    unless `accept_start`)."""
    target = Path(game) if game is not None else mail_path(turn.game)
    if target.exists():
        return load_game(target), target
    if game is not None:
        raise SaveError(target, "no such file (name the save of this game, or leave --game out)")
    if turn.first != 0 or not turn.start:
        raise SaveError(path, Problem("first", f"you have no copy of this game ({turn.game[:16]}...): "
                                      "import its first turn file, or name your save with --game"))
    doc = parse_document(turn.start.encode("utf-8"), f"{path} (start)")
    service = game_from_document(doc, f"{path} (start)")
    if not accept_start:
        from saves.mail_start import describe, start_differences

        what, found = start_differences(service, scenario)
        if found:
            raise SaveError(path, Problem("start", describe(what, found) + ". Nothing was imported; if you agreed "
                                          "to this start, import again with --accept-start"))
    return service, target


def import_turn(path: str | Path, game: str | Path | None = None, scenario: str | Path | None = None,
                accept_start: bool = False) -> tuple[GameService, Path, str]:
    """Check a turn file against the receiver's game and apply its new actions; save atomically.
    A first turn file's start is checked against the scenario it names (or the file `scenario`).

    Returns the game, where it was saved, and a sentence saying what was done. Raises
    SaveError with the reason when the file is refused; the local game is then untouched.
    """
    turn = read_turn(path)
    if turn.sender == turn.receiver:
        raise SaveError(path, Problem("sender", f"the file is from {shown(turn.sender)} to {shown(turn.receiver)}: a "
                                      "turn file comes from the other side, never from the receiver's own"))
    service, target = _game_for(turn, path, game, scenario, accept_start)
    trial, overlap = apply_turn(turn, path, service)
    if len(turn.actions) > overlap and trial.result is None and trial.decision().side == turn.sender:
        name = trial.side_name(turn.sender)
        raise SaveError(path, Problem("actions", f"after the file's actions {name} still decides: "
                                      f"{possessive(name)} turn is not over, so it is not yours to play"))
    target.parent.mkdir(parents=True, exist_ok=True)
    save_game(trial, target)
    new = len(turn.actions) - overlap
    what = (f"{count(new, 'new action')} of {trial.side_name(turn.sender)} applied ({overlap} already known); "
            f"the game is saved to {target}")
    return trial, target, what


def apply_turn(turn: TurnFile, path: str | Path, service: GameService) -> tuple[GameService, int]:
    """`service` with the turn's new actions, checked against its chain (a new game; `service` is untouched),
    and how many of the turn's actions it already had. Raises SaveError with the reason."""
    hashes = chain(service)
    if turn.game != hashes[0]:
        raise SaveError(path, Problem("game", "this turn file is for another game (its opening state differs from yours)"))
    if turn.ruleset != service.ruleset.id:
        raise SaveError(path, Problem("ruleset", f"the file says {shown(turn.ruleset)}, your game is {service.ruleset.id}"))
    have = len(service.history)
    if turn.first > have:
        raise SaveError(path, Problem("first", f"this turn starts at action {turn.first + 1}, but your game has only "
                                      f"{have}: a turn file in between is missing"))
    if turn.before != hashes[turn.first]:
        raise SaveError(path, Problem("before", f"the history before action {turn.first + 1} differs from yours: an "
                                      "earlier action was changed, dropped or re-ordered"))
    overlap = min(have - turn.first, len(turn.actions))
    for k in range(overlap):
        mine = service.history[turn.first + k].action.text()
        if turn.actions[k] != mine:
            raise SaveError(path, Problem(f"actions[{k}]", f"action {turn.first + k + 1} is {shown(turn.actions[k], 60)} "
                                          f"in the file but {shown(mine, 60)} in your game"))
    trial = GameService.replay(service.ruleset, service.initial, service.log, setup=service.setup)
    h = hashes[turn.first + overlap]
    for k in range(overlap, len(turn.actions)):
        text = turn.actions[k]
        try:
            action = trial.parse(text)
        except ValueError as exc:
            raise SaveError(path, Problem(f"actions[{k}]", f"not an action of {trial.ruleset.id}: {literal(exc, 120)}")) from None
        if action.side != turn.sender:
            raise SaveError(path, Problem(f"actions[{k}]", f"{shown(text, 60)} is an action of "
                                          f"{trial.side_name(action.side)}, but the file is the turn of "
                                          f"{trial.side_name(turn.sender)}: a turn file carries only its sender's actions"))
        done = trial.apply(action, autosave=False)
        if not done.ok:
            raise SaveError(path, Problem(f"actions[{k}]", f"{shown(text, 60)} is refused: {literal(done.reason, 120)}"))
        h = link(h, text)
    if h != turn.after:
        raise SaveError(path, Problem("after", "the file's closing hash does not match its actions (the file was edited)"))
    return trial, overlap


def game_from_turns(paths: list[str | Path]) -> GameService:
    """A game rebuilt from a chain of turn files alone, the first carrying the game's start (for a replay):
    each file is checked against the chain so far, as importing it would check it; nothing is saved."""
    first = read_turn(paths[0])
    if first.first != 0 or not first.start:
        raise SaveError(paths[0], Problem("first", "a chain of turn files starts with the game's first turn file "
                                          "(the one that carries its start)"))
    doc = parse_document(first.start.encode("utf-8"), f"{paths[0]} (start)")
    service = game_from_document(doc, f"{paths[0]} (start)")
    for path in paths:
        service, _ = apply_turn(read_turn(path), path, service)
    return service
