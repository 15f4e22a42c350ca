"""The terminal writer patches private Textual code: any other Textual version fails here, clearly.

Why the patch is kept (Textual's public path writes 8 times the bytes of a cursor move and 8-24
times those of a dialog) is measured in docs/perf.md, `python -m tests.bench.public_api`.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import textual

from tui.widgets import hex_update

ROOT = Path(__file__).resolve().parents[2]


def test_textual_is_the_version_the_terminal_writer_patches():
    assert hex_update.TEXTUAL_VERSION_PROBLEM is None, hex_update.TEXTUAL_VERSION_PROBLEM
    assert textual.__version__ == hex_update.PINNED


def test_another_textual_version_gets_a_message_naming_the_pinned_one():
    message = hex_update.version_problem("9.0.1")
    assert message is not None
    assert f"Textual {hex_update.PINNED}'s compositor" in message
    assert "Textual 9.0.1 is installed" in message
    assert f"textual=={hex_update.PINNED}" in message
    assert "hex_update.py" in message and "docs/perf.md" in message
    assert hex_update.version_problem(None) is not None  # a Textual without a version says so too
    assert hex_update.version_problem(hex_update.PINNED) is None


def test_the_patch_stays_off_on_another_version(monkeypatch):
    """On a Textual it does not know, `install` changes nothing (Textual's own writer remains)."""
    from textual._compositor import ChopsUpdate

    monkeypatch.setattr(hex_update, "_installed", False)
    monkeypatch.setattr(hex_update, "_installed_textual_version", lambda: "9.0.1")
    before = ChopsUpdate.render_segments
    assert hex_update.install() is False
    assert ChopsUpdate.render_segments is before


def test_pyproject_pins_exactly_the_version_the_patch_knows():
    """A compatible range would let pip install a Textual the patch does not know."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    pins = [d.replace(" ", "") for d in project["dependencies"] if d.split("=")[0].split(">")[0].strip() == "textual"]
    assert pins == [f"textual=={hex_update.PINNED}"], pins


def test_the_version_is_read_without_importing_importlib_metadata():
    """`textual.__version__` imports `importlib.metadata` (about 50 ms of the game screen's first
    frame): the patch reads the version from Textual's dist-info folder, and it is the same."""
    from importlib.metadata import version

    assert hex_update._installed_textual_version() == version("textual")
    probe = ("import sys; from tui.widgets import hex_update; assert hex_update.install(); "
             "print('importlib.metadata' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"
