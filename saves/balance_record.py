"""The measured balance of the bundled scenarios: docs/balance.md's table and the data file the new-game screen reads.

`hexwar balance SCENARIO --out FILE` writes a report's summary (rules/ai/balance.py,
`Report.summary`) into FILE by its suffix: `.md` updates that scenario's row of a
Markdown table, `.toml` its entry in a data file like the one shipped in the package
(saves/scenarios/balance.toml, read by the new-game screen); other rows and entries
are kept. Reading never fails: a missing or broken data file shows no balance.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path

from saves.errors import literal
from saves.files import dump_toml

TITLE = "# Scenario balance"
INTRO = """Computer against computer at the default level, every side played by the computer, written by
`hexwar balance SCENARIO --games N --seed S --out docs/balance.md` (one row per scenario; a new
run replaces its scenario's row). A side's score is its wins plus half the draws, with its Wilson
95% interval; turns is the average game length, actions per turn the actions of all sides over
all turns."""
HEADER = ["scenario", "games", "seeds", "score (95% interval)", "draws", "turns", "actions per turn"]
DATA_HEADER = """# The bundled scenarios' measured balance, computer against computer, shown on the new-game screen.
# Written by `hexwar balance SCENARIO --games N --out saves/scenarios/balance.toml`; do not edit by hand.
"""


def data_file():
    """The data file shipped in the package (a Traversable; a plain path in a source checkout)."""
    return resources.files("saves") / "scenarios" / "balance.toml"


def _key(summary: dict) -> str:
    return f"{summary['ruleset']}/{summary['scenario']}"


def _scores(summary: dict) -> str:
    return ", ".join(f"{s['name']} {s['score']:.0%} ({s['low']:.0%}-{s['high']:.0%})" for s in summary["sides"])


def markdown_row(summary: dict) -> str:
    n, seed = summary["games"], summary["seed"]
    seeds = f"{seed}-{seed + n - 1}" if n else "-"
    cells = [_key(summary), str(n), seeds, _scores(summary), str(summary["draws"]),
             f"{summary['turns']:.1f}", f"{summary['actions_per_turn']:.1f}"]
    return "| " + " | ".join(cells) + " |"


def update_markdown(path: str | Path, summary: dict) -> None:
    """Put `summary`'s row into the table of `path` (made with its heading if missing), rows sorted by scenario."""
    path = Path(path)
    lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    head = "| " + " | ".join(HEADER) + " |"
    if head not in lines:
        lines = (lines or [TITLE, "", INTRO]) + ["", head, "|" + "---|" * len(HEADER)]
    start = lines.index(head) + 2
    end = start
    while end < len(lines) and lines[end].startswith("|"):
        end += 1
    key = f"| {_key(summary)} |"
    rows = [r for r in lines[start:end] if not r.startswith(key)] + [markdown_row(summary)]
    rows.sort(key=lambda r: r.split("|")[1].strip())
    path.write_text("\n".join(lines[:start] + rows + lines[end:]) + "\n", encoding="utf-8")


def update_data_file(path: str | Path, summary: dict) -> None:
    """Put `summary` into the TOML data file `path` under [RULESET.SCENARIO], keeping the other entries."""
    path = Path(path)
    data = tomllib.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    entry = {k: summary[k] for k in ("games", "seed", "draws")}
    entry["turns"] = round(summary["turns"], 2)
    entry["actions_per_turn"] = round(summary["actions_per_turn"], 2)
    entry["sides"] = [{"id": s["id"], "name": s["name"], "wins": s["wins"], "score": round(s["score"], 4),
                       "low": round(s["low"], 4), "high": round(s["high"], 4)} for s in summary["sides"]]
    data.setdefault(summary["ruleset"], {})[summary["scenario"]] = entry
    path.write_text(DATA_HEADER + dump_toml(data), encoding="utf-8")  # the one TOML writer of saves/


def read_balance(source=None) -> dict:
    """The data file's entries ({ruleset: {scenario: entry}}); {} when it is missing or unreadable."""
    source = data_file() if source is None else source
    try:
        data = tomllib.loads(source.read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return {}
    return data if isinstance(data, dict) else {}


def balance_line(ruleset: str, scenario: str, source=None) -> str:
    """"computer vs computer, 60 games: US Army 52%, Wehrmacht 48%", or "" when it was never measured."""
    try:
        entry = read_balance(source)[ruleset][scenario]
        sides = ", ".join(f"{literal(s['name'], 40)} {float(s['score']):.0%}" for s in entry["sides"])
        return f"computer vs computer, {int(entry['games'])} games: {sides}"
    except (TypeError, KeyError, ValueError, AttributeError):
        return ""  # never measured, or an entry the screen cannot read: no line rather than an error
