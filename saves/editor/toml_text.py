"""A scenario's TOML written the way the bundled ones are: one key a line, the map as rows of text.

tomli-w writes every list one item a line and every table as its own section; a scenario reads
better with `at = [3, 4]` and `stats = { quality = 3 }` on one line. The text is parsed back and
compared with the data before it is used: if the two ever differ, tomli-w's text is used instead.
"""

from __future__ import annotations

import json
import re
import tomllib
from typing import Any

from saves.files import dump_toml

_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def _string(text: str) -> str:
    # JSON's escapes are TOML's, except that TOML also wants DEL escaped.
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def key_text(key: str) -> str:
    return key if _BARE.match(key) else _string(key)


def value_text(value: Any) -> str:
    """A value as TOML writes it inline."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(value_text(v) for v in value) + "]"
    if isinstance(value, dict):
        items = ", ".join(f"{key_text(str(k))} = {value_text(v)}" for k, v in value.items() if v is not None)
        return "{ " + items + " }" if items else "{}"
    return _string(str(value))


def _table(lines: list[str], header: str, table: dict[str, Any]) -> None:
    lines += ["", header]
    lines += [f"{key_text(k)} = {value_text(v)}" for k, v in table.items() if v is not None]


def _rows(key: str, rows: list[Any]) -> list[str]:
    return [f"{key} = ["] + [f"  {value_text(r)}," for r in rows] + ["]"]


def scenario_text(data: dict[str, Any]) -> str:
    """The scenario file's text (data as saves/editor/draft.to_data makes it)."""
    lines = ["# A hexwar scenario (written by the scenario editor: `hexwar edit FILE`)."]
    lines += [f"{k} = {value_text(v)}" for k, v in data.items() if not isinstance(v, (dict, list))]
    board = data["board"]
    lines += ["", "[board]", f"legend = {value_text(board['legend'])}", *_rows("rows", board["rows"])]
    if "heights" in board:
        lines += _rows("heights", board["heights"])
    for key in ("features", "edges"):
        for entry in board.get(key, []):
            _table(lines, f"[[board.{key}]]", entry)
    if data.get("options"):
        _table(lines, "[options]", data["options"])
    for key in ("sides", "units", "victory"):
        for entry in data.get(key, []):
            _table(lines, f"[[{key}]]", entry)
    text = "\n".join(lines) + "\n"
    try:
        same = tomllib.loads(text) == tomllib.loads(dump_toml(data))
    except tomllib.TOMLDecodeError:
        same = False
    return text if same else dump_toml(data)
