"""What the `hexwar` command leaves out of its start-up (tui/lean_start.py)."""

from __future__ import annotations

import gc
import os
import subprocess
import sys

from tui import lean_start

PROBE = """
import sys
from tui.lean_start import skip_pydantic_plugins
print(skip_pydantic_plugins(), 'pydantic' in sys.modules)
from pydantic import BaseModel
class M(BaseModel):
    x: int
print(M(x=1).x, 'importlib.metadata' in sys.modules)
"""


def _probe(**env: str) -> list[str]:
    child = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"} | env
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=child, check=True)
    return out.stdout.split()


def test_models_are_built_without_looking_for_pydantic_plugins():
    """...and pydantic is not imported before a model is built (the title screen builds none)."""
    assert _probe() == ["True", "False", "1", "False"]


def test_a_user_who_sets_pydantic_disable_plugins_gets_pydantics_own_loader():
    assert _probe(PYDANTIC_DISABLE_PLUGINS="") == ["False", "False", "1", "True"]


def test_the_collector_runs_less_while_starting_and_as_usual_after(monkeypatch):
    usual = gc.get_threshold()
    frozen = []
    monkeypatch.setattr(gc, "freeze", lambda: frozen.append(True))
    lean_start.started()  # no start-up under way (an app in a test): nothing changes
    assert gc.get_threshold() == usual and not frozen
    lean_start.collect_less_while_starting()
    try:
        assert gc.get_threshold() == lean_start.STARTUP_GC_THRESHOLD
    finally:
        lean_start.started()
    assert gc.get_threshold() == usual and frozen == [True]


def test_a_command_that_ends_before_its_first_frame_leaves_the_collector_as_usual(tmp_path, capsys):
    from tui import cli

    usual = gc.get_threshold()
    assert cli.main(["load", str(tmp_path / "missing.toml")]) == 2
    assert gc.get_threshold() == usual
