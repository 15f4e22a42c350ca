"""`make browser-test`: the browser test alone, keeping its screenshots (tests/browser/page.py)."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from tests.browser.page import play_in_browser


def main() -> int:
    shots = Path(tempfile.mkdtemp(prefix="hexwar-web-"))
    before, after = play_in_browser(shots)
    if before == after:
        print(f"browser-test: FAILED: the cursor stayed on {before} ({shots})", file=sys.stderr)
        return 1
    print(f"browser-test: the cursor moved {before} -> {after}; screenshots in {shots}")
    print("1 passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
