"""The game master's quick resolver: every listed procedure resolves, its odds are the game's own."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from rules import registry
from rules.dice import ScriptedDice, SeededDice
from rules.resolver import procedures, run

LISTED = [(e.id, p) for e in registry.entries() for p in procedures(e.id)]


def test_the_first_rule_sets_list_their_procedures():
    assert set(procedures("quad")) >= {"attack"}
    assert set(procedures("dhr")) >= {"fire", "melee", "morale"}


@pytest.mark.parametrize("ruleset, name", LISTED)
def test_every_procedure_gives_whole_odds_and_rolls_with_its_defaults(ruleset, name):
    proc, values = run(ruleset, name)
    preview = proc.odds(values)
    assert preview.outcomes or preview.notes
    for seed in range(5):
        dice = SeededDice(seed, 0)
        lines = proc.roll(values, dice)
        assert lines and all(isinstance(line, str) and line for line in lines)


@pytest.mark.parametrize("ruleset, name", LISTED)
def test_bad_inputs_are_refused_with_the_reason(ruleset, name):
    proc, _ = run(ruleset, name)
    first = proc.inputs[0]
    with pytest.raises(ValueError, match=first.name):
        proc.values({first.name: "nonsense"})
    with pytest.raises(ValueError, match="has no input"):
        proc.values({"no_such_input": "1"})
    if first.high is not None:
        with pytest.raises(ValueError, match=f"expected {first.low} to {first.high}"):
            proc.values({first.name: str(first.high + 1)})


# The resolver's odds against the game's own preview, for every procedure: tests/rules/test_resolver_parity.py.


def test_a_dhr_morale_check_resolves_as_the_text_says():
    """Morale: Rating 3 in DV 2 cover after 1 casualty needs 4 or less; a 6 fails by 2."""
    proc, values = run("dhr", "morale", {"rating": "3", "terrain_dv": "2", "casualties": "1"})
    odds = {o.label: o.chance for o in proc.odds(values).outcomes}
    assert odds == {"holds": Fraction(4, 6), "retreats 1 hex": Fraction(1, 6), "retreats 2 hexes": Fraction(1, 6)}
    assert proc.roll(values, ScriptedDice([6])) == ["fails: retreats 2 hexes"]  # issue 9 item 16: not "hex(es)"
    assert proc.roll(values, ScriptedDice([4])) == ["holds"]


def test_the_dhr_resolver_counts_in_words_never_hex_es_or_figure_s():
    """Issue 9 item 16: "hex(es)", "figure(s)" were still in DHR's resolver lines."""
    rng = random.Random(5)
    for proc in procedures("dhr").values():
        for _ in range(30):
            values = {i.name: (rng.randint(i.low, i.high) if type(i.default) is int and i.low is not None
                               else i.default) for i in proc.inputs}
            try:
                lines = proc.roll(values, SeededDice(rng.randrange(10**6)))
            except ValueError:
                continue
            for line in lines + [o.label for o in proc.odds(values).outcomes]:
                assert "(es)" not in line and "(s)" not in line, (proc.id, line)


def test_the_command_line_resolves_and_refuses_clearly(capsys):
    from tui.cli import main

    assert main(["resolve", "dhr", "morale", "rating=3", "terrain_dv=2", "casualties=1", "--roll", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "66.67%  holds" in out and "Roll (seed 1):" in out and "morale 1d6" in out
    assert main(["resolve", "dhr", "morale", "rating=9"]) == 2
    assert "rating: expected 1 to 5, got 9" in capsys.readouterr().err
    assert main(["resolve", "quad", "attack", "--inputs"]) == 0
    assert "attack=4" in capsys.readouterr().out


def test_the_resolver_shows_the_likeliest_outcome_first_as_a_game_does():
    """At 80x24 the odds panel shows a few lines: a Hundred Wars fire listed 'destroyed 12%' first and its
    likeliest outcome below the fold."""
    from rules.resolver import preview_lines, run

    proc, values = run("hundred_wars", "fire")
    preview = proc.odds(values)
    shown = [line for line in preview_lines(preview) if line.strip().endswith(tuple(o.label for o in preview.outcomes))
             and "%" in line]
    chances = [float(line.split("%")[0]) for line in shown]
    assert len(chances) == len(preview.outcomes) > 2 and chances == sorted(chances, reverse=True)
