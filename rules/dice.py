"""Dice: the one injected source of randomness, and the records every roll leaves.

Rules never import `random`. A procedure is handed a `Dice` and calls `roll()`;
each call yields a `RollRecord` (who, why, the faces, the number needed, the
outcome) that reaches the dice log through the sink the game service installs.

`Dice` is the base; `SeededDice` derives one stream per (game seed, action index), so replaying an
action log, or reloading a save, rolls exactly the same faces. `ScriptedDice`
hands out faces given by a test and fails loudly when it runs out or a face
cannot occur on the die asked for.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from typing import Literal

from pydantic import BaseModel, ConfigDict

Test = Literal["<=", ">=", ">", "<"]
"""How a face is compared with the number needed: DHR rolls equal or under (<=),
QUAD rolls over (>), the skirmish game reaches a total (>=)."""


def passes(face: int, need: int, test: Test) -> bool:
    """True when one face succeeds against `need` under `test`."""
    if test == "<=":
        return face <= need
    if test == ">=":
        return face >= need
    if test == ">":
        return face > need
    return face < need


class RollRecord(BaseModel):
    """One roll of one or more dice of the same size, as the dice log shows it."""

    model_config = ConfigDict(frozen=True)

    purpose: str
    """Why the dice were rolled, in the rule text's words ("attack", "terrain save")."""
    sides: int
    """The die: 6 for a d6, 10 for a d10, 100 for a d100."""
    faces: tuple[int, ...]
    """What came up, in the order rolled."""
    side: str | None = None
    """The side that rolled (or for which the terrain rolled)."""
    unit: str | None = None
    """The unit the roll is about."""
    need: int | None = None
    """The number needed, when the roll is a test."""
    test: Test | None = None
    """How a face is compared with `need`."""
    outcome: str = ""
    """What the roll did, in words ("2 hits", "passed", "retreats 1 hex")."""
    rule: str | None = None
    """The rule text's section (or a NOTES decision id) the roll implements."""
    zero_is_ten: bool = False
    """Show a rolled 10 on a d10 as 0, where the rule set calls it that."""
    modifiers: tuple[str, ...] = ()
    """Where the number of dice or the number needed came from, each modifier with its rule
    ("attack dice: 3 Attack + 2 charge (Combat) = 5"; `rules.modifiers.line`)."""

    @property
    def successes(self) -> int:
        """How many faces pass the test (0 when the roll is no test)."""
        if self.need is None or self.test is None:
            return 0
        return sum(passes(f, self.need, self.test) for f in self.faces)

    def shown_faces(self) -> list[str]:
        """The faces as the table would read them (a d10's 10 as 0 where so ruled)."""
        return [
            "0" if (self.zero_is_ten and self.sides == 10 and f == 10) else str(f)
            for f in self.faces
        ]

    def text(self) -> str:
        """A one-line rendering for logs and tests: 'attack 3d6 [1 3 6] >5: 1 hit'."""
        parts = [self.purpose, f"{len(self.faces)}d{self.sides}", "[" + " ".join(self.shown_faces()) + "]"]
        if self.need is not None and self.test is not None:
            parts.append(f"{self.test}{self.need}")
        line = " ".join(parts)
        return f"{line}: {self.outcome}" if self.outcome else line


RollSink = Callable[[RollRecord], None]


class Dice(ABC):
    """The one source of dice: roll, record, and hand each record to the sink.

    Subclasses only say where faces come from (`_faces`).
    """

    keeps_records = True
    """False for dice that only walk a procedure's outcomes (exact odds): no record, no log text."""

    def __init__(self, sink: RollSink | None = None) -> None:
        self._records: list[RollRecord] = []
        self.sink = sink

    @property
    def records(self) -> list[RollRecord]:
        """Every roll made through this source, oldest first."""
        return self._records

    @abstractmethod
    def _faces(self, n: int, sides: int, purpose: str) -> tuple[int, ...]:
        """The next `n` faces of a `sides`-sided die."""

    def roll(
        self,
        n: int,
        sides: int,
        purpose: str,
        *,
        side: str | None = None,
        unit: str | None = None,
        need: int | None = None,
        test: Test | None = None,
        rule: str | None = None,
        outcome: str | Callable[[tuple[int, ...]], str] = "",
        zero_is_ten: bool = False,
        modifiers: tuple[str, ...] = (),
    ) -> tuple[int, ...]:
        """Roll `n` dice of `sides` sides and record it; returns the faces.

        With `need` and `test` the record counts successes; `outcome` (text, or a
        function of the faces) says what the roll did, for the dice log.
        """
        if n < 0:
            raise ValueError(f"cannot roll {n} dice for {purpose!r}")
        if sides < 2:
            raise ValueError(f"a die has at least 2 sides, not {sides} ({purpose!r})")
        faces = self._faces(n, sides, purpose) if n else ()
        if not self.keeps_records:
            return faces
        if callable(outcome):
            outcome = outcome(faces)
        elif not outcome and need is not None and test is not None:
            hits = sum(passes(f, need, test) for f in faces)
            outcome = f"{hits} success{'es' if hits != 1 else ''}"
        record = RollRecord(
            purpose=purpose, sides=sides, faces=faces, side=side, unit=unit,
            need=need, test=test, outcome=outcome, rule=rule, zero_is_ten=zero_is_ten,
            modifiers=tuple(m for m in modifiers if m),
        )
        self._records.append(record)
        if self.sink is not None:
            self.sink(record)
        return faces


class SeededDice(Dice):
    """Deterministic dice for one action of one game.

    The stream depends only on the game seed and the action's index in the log,
    so a replay or a reload rolls the same faces, and undoing an action and
    applying it again does not give a fresh roll.
    """

    def __init__(self, seed: int, action_index: int = 0, sink: RollSink | None = None) -> None:
        super().__init__(sink)
        self.seed = seed
        self.action_index = action_index
        # A string seed is hashed with SHA-512 by `random`, stable across runs and platforms.
        self._rng = random.Random(f"hexwar:{seed}:{action_index}")

    def _faces(self, n: int, sides: int, purpose: str) -> tuple[int, ...]:
        return tuple(self._rng.randint(1, sides) for _ in range(n))


class DiceExhausted(AssertionError):
    """A scripted test asked for more dice than it supplied."""


class ImpossibleFace(AssertionError):
    """A scripted face cannot come up on the die that was rolled."""


class ScriptedDice(Dice):
    """Dice for tests: hands out the given faces in order, and fails loudly.

    `ScriptedDice([1, 3, 5, 6], [4, 6])` gives 1, 3, 5, 6 and then 4, 6; groups
    are only for readability, faces are consumed one by one across rolls.
    """

    def __init__(self, *faces: int | Iterable[int], sink: RollSink | None = None) -> None:
        super().__init__(sink)
        flat: list[int] = []
        for group in faces:
            flat.extend([group] if isinstance(group, int) else list(group))
        self._queue = flat
        self._used = 0

    @property
    def remaining(self) -> list[int]:
        """Faces not yet handed out (a test may assert this is empty)."""
        return self._queue[self._used:]

    def _faces(self, n: int, sides: int, purpose: str) -> tuple[int, ...]:
        if self._used + n > len(self._queue):
            raise DiceExhausted(
                f"{purpose!r} asked for {n}d{sides} but only {len(self._queue) - self._used} "
                f"scripted faces remain ({self._used} used)"
            )
        faces = tuple(self._queue[self._used:self._used + n])
        for face in faces:
            if not 1 <= face <= sides:
                raise ImpossibleFace(f"{purpose!r}: a d{sides} cannot show {face}")
        self._used += n
        return faces
