"""File format migrations: one function per version step, applied one step at a time.

A file of version N is turned into version N+1 by `STEPS[N]`, and so on up to
`VERSION`; only then is it validated. A file written by a newer hexwar is
refused with both version numbers. When `VERSION` rises: write the step,
register it in `STEPS`, and freeze a sample of the old version in
`tests/saves/fixtures/vN/` with a test that migrates it (old files are kept
forever).

Version 1 is the first format, so there is no real step yet; the mechanism is
exercised by the tests with a test-only step.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from saves.errors import Problem, SaveError, shown
from saves.schema import FORMAT, VERSION

Step = Callable[[dict[str, Any]], dict[str, Any]]
"""Takes a document of version N (plain TOML data), returns it as version N+1."""

STEPS: dict[int, Step] = {}
"""from-version -> the step that makes the next version."""


def step(from_version: int) -> Callable[[Step], Step]:
    """Register a migration from `from_version` to `from_version + 1`."""

    def register(fn: Step) -> Step:
        STEPS[from_version] = fn
        return fn

    return register


def check_envelope(data: dict[str, Any], file: str | None, target: int = VERSION) -> int:
    """Check `format` and `version`; return the file's version (raise SaveError otherwise)."""
    fmt = data.get("format")
    if fmt is None:
        raise SaveError(file, Problem("format", f"is missing: not a hexwar file (expected format = \"{FORMAT}\")"))
    if fmt != FORMAT:
        raise SaveError(file, Problem("format", f"expected \"{FORMAT}\", got {shown(fmt)}: not a hexwar file"))
    version = data.get("version")
    if version is None:
        raise SaveError(file, Problem("version", "is missing (expected a file format version, an integer)"))
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(file, Problem("version", f"expected an integer, got {shown(version)}"))
    if version > target:
        raise SaveError(file, Problem(
            "version", f"written by a newer hexwar: version {version}, this one reads up to {target}"
        ))
    if version < 1:
        raise SaveError(file, Problem("version", f"expected a version from 1 to {target}, got {version}"))
    return version


def migrate(
    data: dict[str, Any],
    file: str | None = None,
    *,
    target: int = VERSION,
    steps: Mapping[int, Step] | None = None,
) -> dict[str, Any]:
    """Bring a parsed document up to `target`, one version step at a time."""
    steps = STEPS if steps is None else steps
    version = check_envelope(data, file, target)
    while version < target:
        fn = steps.get(version)
        if fn is None:
            raise SaveError(file, Problem("version", f"no migration from version {version} to {version + 1}"))
        try:
            data = fn(dict(data))
        except SaveError:
            raise
        except Exception as exc:  # a step that cannot read this old file says so, not a traceback
            raise SaveError(file, Problem("", f"cannot migrate version {version} to {version + 1}: {exc}")) from None
        if data.get("version") != version + 1:
            raise SaveError(file, Problem("version", f"the migration from {version} did not give version {version + 1}"))
        version += 1
    return data
