"""Issue 9 item 16: every rule set counts in words ("1 hit", "2 hexes"), never "hit(s)" or "hex(es)"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("ruleset", ["quad", "dhr", "skirmish", "hundred_wars", "dirtside"])
def test_no_player_text_of_a_rule_set_says_s_or_es_in_brackets(ruleset):
    found = []
    for path in sorted((ROOT / "rules" / "rulesets" / ruleset).rglob("*.py")):
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if re.search(r"(?<![\w.(])[a-z]+\((s|es)\)", line):  # "hit(s)", "six(es)"; not a call: str(s)
                found.append(f"{path.name}:{n}: {line.strip()}")
    assert not found, "\n".join(found)
