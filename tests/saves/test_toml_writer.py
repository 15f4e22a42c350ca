"""The TOML writer: whatever it writes, tomllib reads back the same."""

from __future__ import annotations

import tomllib

from hypothesis import given, settings
from hypothesis import strategies as st

from saves.toml_writer import dumps

keys = st.text(min_size=1, max_size=12)
scalars = st.one_of(
    st.booleans(),
    st.integers(-(2**63), 2**63 - 1),
    st.floats(allow_nan=False),
    st.text(max_size=30),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(keys, inner, max_size=5)),
    max_leaves=25,
)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(keys, values, max_size=8))
def test_anything_written_reads_back_the_same(data):
    assert tomllib.loads(dumps(data)) == data


def test_short_arrays_stay_on_one_line_and_map_rows_get_one_line_each():
    text = dumps({"at": [3, 1], "board": {"rows": ["..", ".F"]}})
    assert 'at = [3, 1]' in text
    assert '[board]\nrows = [\n  "..",\n  ".F",\n]' in text


def test_small_tables_below_the_top_are_inline():
    text = dumps({"units": [{"id": "u1", "stats": {"speed": 3}}]})
    assert text == '[[units]]\nid = "u1"\nstats = { speed = 3 }\n'


def test_control_characters_are_escaped_and_read_back():
    s = "\x1b[31mred\x07\r\n[bold]"
    text = dumps({"name": s, "t": {"k": [s]}})
    assert "\x1b" not in text and "\x07" not in text
    assert tomllib.loads(text) == {"name": s, "t": {"k": [s]}}
