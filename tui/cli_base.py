"""What every part of the `hexwar` command shares: exit statuses, the user's error, argument types, output.

Split from tui/cli.py (the entry point), so that the parser (tui/cli_parser.py) and the
commands (tui/cli_play.py, tui/cli_host.py, tui/cli_tools.py) can use them without importing it.
"""

from __future__ import annotations

import argparse
from typing import NoReturn

EXIT_OK = 0
EXIT_INTERNAL = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
MAX_SEED = 2**63 - 1


class UserError(Exception):
    """Something the person can fix; printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line naming where to find help."""

    def error(self, message: str) -> NoReturn:
        raise UserError(f"{message} (see `{self.prog} --help`)")


def _seed(text: str) -> int:
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"expected a seed from 0 to {MAX_SEED}, got {value}")
    return value


def _count(text: str) -> int:
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not 1 <= value <= 1_000_000:
        raise argparse.ArgumentTypeError(f"expected a number from 1 to 1000000, got {value}")
    return value


def _out(line: str = "") -> None:
    print(line, flush=False)


def _one_line(text: str) -> str:
    from saves.errors import literal

    return literal(" ".join(str(text).split()), 400)
