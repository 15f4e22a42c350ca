"""A small TOML writer for hexwar's files: short arrays on one line, tables as sections.

tomli_w writes every array one item per line, which turns a save's coordinates
(`at = [3, 1]`) into four lines each; people read these files, so this writer
keeps short arrays inline and otherwise follows TOML 1.0. It handles exactly
the data `plain()` produces (str, int, float, bool, lists, dicts with string
keys); tests check that `tomllib` reads back what it wrote.
"""

from __future__ import annotations

import math
import re
from typing import Any

_BARE = re.compile(r"^[A-Za-z0-9_-]+$")
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}
_NEEDS_ESCAPE = re.compile(r'["\\\x00-\x1f\x7f]')
INLINE_WIDTH = 100


_NEEDS_ESCAPE_MULTI = re.compile(r'["\\\x00-\x09\x0b-\x1f\x7f]')


def _string(s: str, multiline: bool = False) -> str:
    if multiline and "\n" in s:
        body = _NEEDS_ESCAPE_MULTI.sub(lambda m: _ESCAPES.get(m.group(), f"\\u{ord(m.group()):04x}"), s)
        return '"""\n' + body + '"""'
    if not _NEEDS_ESCAPE.search(s):
        return f'"{s}"'
    return '"' + _NEEDS_ESCAPE.sub(lambda m: _ESCAPES.get(m.group(), f"\\u{ord(m.group()):04x}"), s) + '"'


def _key(k: str) -> str:
    return k if _BARE.fullmatch(k) else _string(k)


def _value(v: Any) -> str:
    """A value on one line (inline arrays and inline tables)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, str):
        return _string(v)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        if not v:
            return "{}"
        return "{ " + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"TOML cannot hold {type(v).__name__}")


def _array(v: list[Any], drawn: bool = False) -> str:
    """An array as a value: inline when short, else one item per line (`drawn`: always, for map rows)."""
    one = _value(v)
    if (len(one) <= INLINE_WIDTH and not drawn) or not v:
        return one
    items = [_value(x) for x in v]
    if any(isinstance(x, (list, dict, str)) for x in v):
        return "[\n" + "".join(f"  {item},\n" for item in items) + "]"
    lines, line = [], ""
    for item in items:
        if line and len(line) + len(item) + 2 > INLINE_WIDTH:
            lines.append(line)
            line = ""
        line += f"{item}, "
    lines.append(line)
    return "[\n" + "".join(f"  {text.rstrip()}\n" for text in lines) + "]"


def _is_table_array(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, dict) for x in v)


def _is_section(v: Any) -> bool:
    return (isinstance(v, dict) and bool(v)) or _is_table_array(v)


def _inline_table(v: Any, prefix: str) -> bool:
    """A small flat table below the top level reads better inline: `stats = { speed = 3 }`."""
    return (
        bool(prefix) and isinstance(v, dict)
        and not any(isinstance(x, dict) or _is_table_array(x) for x in v.values())
        and len(_value(v)) <= INLINE_WIDTH
    )


def _table(out: list[str], data: dict[str, Any], prefix: str) -> None:
    for k, v in data.items():
        if _is_section(v) and not _inline_table(v, prefix):
            continue
        if v is None:
            continue
        if isinstance(v, list):
            text = _array(v, drawn=prefix == "board" and k in ("rows", "heights"))
        elif isinstance(v, str):
            text = _string(v, multiline=True)
        else:
            text = _value(v)
        out.append(f"{_key(k)} = {text}\n")
    for k, v in data.items():
        if not _is_section(v) or _inline_table(v, prefix):
            continue
        name = f"{prefix}.{_key(k)}" if prefix else _key(k)
        if isinstance(v, dict):
            scalars = any(not _is_section(x) or _inline_table(x, name) for x in v.values())
            if scalars or not v:
                out.append(f"\n[{name}]\n")
            _table(out, v, name)
        else:
            for item in v:
                out.append(f"\n[[{name}]]\n")
                _table(out, item, name)


def dumps(data: dict[str, Any]) -> str:
    """`data` as TOML text."""
    out: list[str] = []
    _table(out, data, "")
    text = "".join(out)
    return text.lstrip("\n")
