"""Writing TOML: whatever a save holds, tomllib reads back the same, hostile text included."""

from __future__ import annotations

import tomllib

from hypothesis import given, settings
from hypothesis import strategies as st

from saves.files import dump_toml

keys = st.text(min_size=1, max_size=12)
scalars = st.one_of(
    st.booleans(),
    st.integers(-(2**63), 2**63 - 1),
    st.text(max_size=30),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(keys, inner, max_size=5)),
    max_leaves=25,
)


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(keys, values, max_size=8))
def test_anything_written_reads_back_the_same(data):
    assert tomllib.loads(dump_toml(data)) == data


def test_control_characters_are_escaped_and_read_back():
    s = "\x1b[31mred\x07\r\n[bold]"
    text = dump_toml({"name": s, "t": {"k": [s]}})
    assert "\x1b" not in text and "\x07" not in text
    assert tomllib.loads(text) == {"name": s, "t": {"k": [s]}}


def test_map_rows_get_one_line_each():
    text = dump_toml({"board": {"rows": ["..", ".F"]}})
    assert '"..",\n' in text and '".F",\n' in text


def test_a_hex_and_other_short_lists_of_numbers_take_one_line():
    """tomli-w gives every item of an array a line: a unit's hex took four lines of a save or a scenario."""
    data = {"units": [{"at": [7, 2], "rof": [1, 1], "flags": [True, False]}], "log": ["move a", "fire b"]}
    text = dump_toml(data)
    assert "at = [7, 2]\n" in text and "rof = [1, 1]\n" in text and "flags = [true, false]\n" in text
    assert '"move a",\n' in text  # strings keep a line each, as a map's rows do
    assert tomllib.loads(text) == data
    long = {"xs": list(range(40))}
    assert "xs = [\n" in dump_toml(long) and tomllib.loads(dump_toml(long)) == long  # past 100 characters: a line each
