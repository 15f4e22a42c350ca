"""The app shell: cheap import, a short escape delay, commands in the palette."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.tui.conftest import toy_service
from tui.app import ESCAPE_DELAY_MS, HexwarApp, quick_escape


def test_importing_the_app_loads_no_screen_and_no_rule_set():
    code = (
        "import sys, tui.app; "
        "print(sorted(m for m in sys.modules if m.startswith(('tui.screens', 'tui.dialogs', 'rules.rulesets', "
        "'saves'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_escape_waits_at_most_the_short_delay():
    from textual import constants

    assert constants.ESCAPE_DELAY <= ESCAPE_DELAY_MS / 1000 <= 0.05


def test_the_input_thread_wakes_soon_after_input_while_an_escape_may_be_pending():
    quick_escape()
    from textual.drivers import linux_driver

    selector = linux_driver.selectors.SelectSelector()
    read, write = os.pipe()
    try:
        selector.register(read, linux_driver.selectors.EVENT_READ)
        os.write(write, b"\x1b")
        assert selector.select(0.1)  # the ESC arrives
        os.read(read, 1)
        assert selector.select(0.05) == []  # nothing more; how fast Escape reacts is `make bench`'s figure
    finally:
        selector.close()
        os.close(read)
        os.close(write)


async def test_the_command_palette_runs_a_screen_command():
    service = toy_service()
    app = HexwarApp({"new": service, "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "m", "6", "enter", "enter")
        assert len(service.history) == 1
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"undo")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert service.history == []


def test_every_rule_set_keeps_its_action_keys_off_the_ui_keys():
    from rules import registry
    from tui.keys import FREE_FOR_RULESETS, RESERVED

    for entry in registry.entries():
        ruleset = registry.get(entry.id)
        keys = [kind.key for kind in ruleset.action_kinds.values() if kind.key]  # '': on the palette only
        assert len(keys) == len(set(keys)), f"{entry.id}: two kinds share a key"
        for key in keys:
            assert key not in RESERVED and key in FREE_FOR_RULESETS, f"{entry.id}: {key!r} is the UI's"


def test_a_kind_with_no_key_is_left_off_the_help_screens_keys():
    """Dirtside's palette-only kinds (smoke, mines, ...) are declared with key '': no help row with no key."""
    from rules import registry
    from tui.screens.help import help_rows

    kinds = registry.get("dirtside").action_kinds
    assert any(not k.key for k in kinds.values())
    rows = [r for r in help_rows((), kinds=kinds) if isinstance(r, tuple)]
    assert rows and all(key for key, _ in rows)
    assert not any(k.label in line.plain for k in kinds.values() if not k.key for _, line in rows)
