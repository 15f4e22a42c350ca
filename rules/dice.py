"""Dice: the one injected source of randomness, and the records every roll leaves.

Rules never import `random`. A procedure is handed a `Dice` and calls `roll()`;
each call yields a `RollRecord` (who, why, the faces, the number needed, the
outcome) that reaches the dice log through the sink the game service installs.

`Dice` is the base; `SeededDice` derives one stream per (game seed, action index), so replaying an
action log, or reloading a save, rolls exactly the same faces. The stream is keyed BLAKE2b with the
seed as the key (`KEYED`): the faces a player has seen give neither the seed nor a future roll, short of
trying every key. Games saved before it keep the old derivation (`LEGACY`, `random.Random` seeded with
a string), recorded in their state's `dice`, so that they replay as played. `new_seed` makes a game's
default seed: 128 bits from the operating system's secure source. `ScriptedDice`
hands out faces given by a test and fails loudly when it runs out or a face
cannot occur on the die asked for.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from typing import Literal

from pydantic import BaseModel, ConfigDict

LEGACY = 1
"""The first derivation: `random.Random(f"hexwar:{seed}:{index}")`; anyone who has seen a few rolls can
find a small seed by trying them all. Only saves written before `KEYED` use it."""
KEYED = 2
"""Keyed BLAKE2b, the seed as key, over (stream, action index, the roll's purpose, side and unit, how many
such rolls came before in the action, block counter)."""
DERIVATIONS = (LEGACY, KEYED)

SEED_BITS = 128
MAX_SEED = 2**256 - 1
"""Seeds are whole numbers from 0 to this (a 32-byte key)."""


def new_seed() -> int:
    """A game's default seed: 128 bits from `secrets`, never a number anyone could try them all of."""
    return secrets.randbits(SEED_BITS) | (1 << SEED_BITS)  # 128 random bits under a leading 1: always 129 long


def _key(seed: int) -> bytes:
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"a seed is a whole number from 0 to 2**256-1, not {seed}")
    return seed.to_bytes(32, "big")


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

    The stream depends only on the game seed, the action's index in the log and
    `stream` (a name for dice that are not an action's: a shuffle, a hidden
    set-up), so a replay or a reload rolls the same faces, and undoing an action
    and applying it again does not give a fresh roll. `derivation` is the game's
    (`GameState.dice`): `KEYED`, or `LEGACY` for games saved before it.
    """

    def __init__(self, seed: int, action_index: int = 0, sink: RollSink | None = None, *,
                 derivation: int = KEYED, stream: str = "") -> None:
        super().__init__(sink)
        self.seed = seed
        self.action_index = action_index
        self.derivation = derivation
        if derivation == LEGACY:
            # A string seed is hashed with SHA-512 by `random`, stable across runs and platforms.
            label = f"{stream}:{seed}" if stream else f"hexwar:{seed}:{action_index}"
            self._rng: random.Random | None = random.Random(label)
        elif derivation == KEYED:
            self._rng = None
            self._key = _key(seed)
            self._prefix = f"hexwar dice|{stream}|{action_index}|"
            self._counts: dict[tuple[str, str, str], int] = {}
            self._about = ("", "", "")
            self._start_roll()  # `below` may draw before any roll
        else:
            raise ValueError(f"unknown dice derivation {derivation!r} (known: {DERIVATIONS})")

    def roll(self, n: int, sides: int, purpose: str, *, side: str | None = None, unit: str | None = None,
             **kwargs) -> tuple[int, ...]:
        # Keyed dice give each (purpose, side, unit) of the action its own stream, so a roll that only
        # its side sees (a hidden unit's) moves no other roll: the count of hidden rolls shows nowhere.
        self._about = (purpose, side or "", unit or "")
        return super().roll(n, sides, purpose, side=side, unit=unit, **kwargs)

    def _start_roll(self) -> None:
        """Point the keyed stream at this roll's own: its (purpose, side, unit) and how many came before."""
        k = self._counts.get(self._about, 0)
        self._counts[self._about] = k + 1
        self._label = (self._prefix + "|".join(self._about) + f"|{k}|").encode()
        self._block, self._pool = 0, b""

    def _word(self) -> int:
        """The next 32 bits of the keyed stream."""
        if not self._pool:
            self._pool = hashlib.blake2b(self._label + str(self._block).encode(), key=self._key).digest()
            self._block += 1
        word, self._pool = self._pool[:4], self._pool[4:]
        return int.from_bytes(word, "big")

    def below(self, n: int) -> int:
        """A whole number from 0 to n-1, every one equally likely (rejection, no modulo bias)."""
        if self._rng is not None:
            return self._rng.randrange(n)
        if not 0 < n <= 2**32:
            raise ValueError(f"cannot draw below {n}")
        limit = 2**32 - 2**32 % n
        while True:
            word = self._word()
            if word < limit:
                return word % n

    def shuffle(self, items: list) -> None:
        """Shuffle `items` in place (Fisher-Yates) from this stream; records nothing."""
        if self._rng is not None:
            self._rng.shuffle(items)
            return
        self._about = ("shuffle", "", "")
        self._start_roll()
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def _faces(self, n: int, sides: int, purpose: str) -> tuple[int, ...]:
        if self._rng is not None:
            return tuple(self._rng.randint(1, sides) for _ in range(n))
        self._start_roll()
        return tuple(self.below(sides) + 1 for _ in range(n))


class RandomDice(Dice):
    """Faces from a `random.Random` handed in, never the game's seed: the dice the computer throws in its head
    (rules/ai/simulate.py) and a rule set's hints fight on copies with (Dirtside's close assaults)."""

    def __init__(self, rng: random.Random, sink: RollSink | None = None) -> None:
        super().__init__(sink)
        self._rng = rng

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
