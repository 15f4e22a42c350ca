"""The host pushes only what changed (issue 26 item 13): after the first push, a seat is sent a
patch of its view, and the client puts together exactly the view the host holds."""

from __future__ import annotations

import json
import statistics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from saves.scenarios import list_scenarios
from tests.bench.host import PUSH_BAR_BYTES, measure

JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
                    max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(JSON, JSON)
def test_a_patch_turns_the_old_view_into_the_new_one(old, new):
    from tui.remote.protocol import diff_json, patch_json

    patch = json.loads(json.dumps(diff_json(old, new)))  # as it travels
    assert patch_json(old, patch) == new


@pytest.mark.parametrize("info", [i for i in list_scenarios() if not i.error], ids=lambda i: f"{i.ruleset}-{i.name}")
def test_a_push_per_action_per_seat_is_small_on_every_bundled_scenario(info):
    """Bar: under 4 KB per action per seat (the median; the view's part of every push). Before:
    the whole view, 5-75 KB, after every action."""
    from tui.remote import host as host_module

    view_parts: list[int] = []
    original = host_module.Host.seat_message

    def recording(self, game, conn, connected):
        message = original(self, game, conn, connected)
        view_parts.append(len(json.dumps({k: v for k, v in message.items() if k != "events"})))
        return message

    host_module.Host.seat_message = recording
    try:
        sizes, _ = measure(info.ruleset, info.name, actions=15)
    finally:
        host_module.Host.seat_message = original
    assert statistics.median(sizes) < PUSH_BAR_BYTES, statistics.median(sizes)
    after_first = view_parts[len(view_parts) - len(sizes):]  # the first, whole push on joining left out
    assert max(after_first) < PUSH_BAR_BYTES, max(after_first)
