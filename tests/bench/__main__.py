"""`make bench`: prints each figure beside its bar (and beside bare Textual where that applies).

Benchmarks, not timed tests: they print medians and never fail the build.
"""

from __future__ import annotations

import importlib
import sys

SECTIONS = (
    "tests.bench.engine", "tests.bench.terminal", "tests.bench.public_api", "tests.bench.ai", "tests.bench.host",
    "tests.bench.replay",
)


def main() -> int:
    for name in SECTIONS:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            print(f"({name}: not written yet)")
            continue
        module.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
