"""The quick resolver screen: from the title, a procedure, its odds as inputs change, a roll, the log."""

from __future__ import annotations

import pytest
from textual.widgets import Input, RichLog, Static

from rules import registry
from rules.resolver import preview_lines, run
from tui.app import HexwarApp
from tui.resolver_find import find
from tui.screens.resolver import ResolverScreen, catalogue


async def test_a_dhr_morale_check_in_a_few_keys(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXWAR_DATA_DIR", str(tmp_path))
    app = HexwarApp(None, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("g")
        assert isinstance(app.screen, ResolverScreen)
        screen = app.screen
        ids = [f"{rid}:{p.id}" for rid, p in screen.entries]
        for _ in range(ids.index("dhr:morale")):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        odds = str(screen.query_one("#odds", Static).render())
        assert "Morale" in odds and "holds" in odds
        field = screen.query_one("#in-casualties", Input)
        field.value = "2"
        await pilot.pause()
        assert "66.67%" not in str(screen.query_one("#odds", Static).render())
        field.value = "x"
        await pilot.pause()
        assert "expected a whole number" in str(screen.query_one("#odds", Static).render())
        field.value = "1"
        await pilot.pause()
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert screen.lines and "morale 1d6" in " ".join(screen.lines)
        assert screen.query_one("#resolver-log", RichLog).lines
        await pilot.press("ctrl+s")
        await pilot.pause()
        saved = list((tmp_path / "saves").glob("resolver-*.txt"))
        assert saved and "Morale" in saved[0].read_text()


# Issue 15, "Done when": a DHR fire, a QUAD attack and a test of each other rule set, from the title screen, in
# under ten keystrokes each, with the odds on screen before the roll.
FEWEST_KEYS = [("dhr", "fire", "dh fi"), ("quad", "attack", "q"), ("skirmish", "check", "sk ch"),
               ("hundred_wars", "fire", "hu fi"), ("dirtside", "test", "di te")]


@pytest.mark.parametrize("ruleset, name, query", FEWEST_KEYS)
async def test_a_procedure_of_each_rule_set_rolls_from_the_title_in_under_ten_keys(tmp_path, monkeypatch, ruleset,
                                                                                   name, query):
    monkeypatch.setenv("HEXWAR_DATA_DIR", str(tmp_path))
    app = HexwarApp(None, autosave=False)
    pressed: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        async def press(*keys: str) -> None:
            pressed.extend(keys)
            await pilot.press(*keys)
            await pilot.pause()

        await press("g", *["space" if c == " " else c for c in query], "enter")
        screen = app.screen
        assert isinstance(screen, ResolverScreen) and screen.current is not None
        assert (screen.current[0], screen.current[1].id) == (ruleset, name)
        proc, values = run(ruleset, name)
        shown = str(screen.query_one("#odds", Static).render())
        assert "\n".join(preview_lines(proc.odds(values), ruleset)) in shown and "%" in shown  # the odds, before any roll
        on_screen = "\n".join(strip.text for strip in screen._compositor.render_strips())
        first = next(line for line in preview_lines(proc.odds(values), ruleset) if "%" in line).strip()
        assert first[:30] in on_screen  # the first outcome is on the 80x24 screen itself, not only in the widget
        assert not screen.lines
        await press("enter")  # Enter in the first field rolls
        assert screen.lines and screen.lines[0].startswith(f"{ruleset} {proc.title}")
        assert any(line.startswith("  => ") for line in screen.lines)
    assert len(pressed) < 10, pressed


def test_every_procedure_is_found_first_by_at_most_six_letters():
    """g, up to six letters, Enter to pick, Enter to roll: under ten keys for any procedure of any rule set."""
    names = {e.id: e.name for e in registry.entries()}
    entries = [(rid, names[rid], p) for rid, p in catalogue()]
    for at, (rid, _, proc) in enumerate(entries):
        queries = [q for a in (rid[:1], rid[:2], rid[:3]) for b in (proc.id[:1], proc.id[:2], proc.id[:3])
                   if len(q := f"{a} {b}") <= 6]
        assert any(find(entries, q)[0] == at for q in queries), (rid, proc.id)


def test_the_find_box_narrows_the_list_and_a_miss_is_told():
    names = {e.id: e.name for e in registry.entries()}
    entries = [(rid, names[rid], p) for rid, p in catalogue()]
    assert [entries[i][2].id for i in find(entries, "dh")] == ["fire", "melee", "morale", "area", "vehicle"]
    assert [entries[i][2].id for i in find(entries, "dh ve")] == ["vehicle"]
    assert find(entries, "zzz") == []
    assert find(entries, "") == list(range(len(entries)))


async def test_escape_goes_back_to_the_find_box_then_to_the_title(tmp_path, monkeypatch):
    """Two procedures in a row: roll one, Escape, type the next, Enter, Enter."""
    monkeypatch.setenv("HEXWAR_DATA_DIR", str(tmp_path))
    app = HexwarApp(None, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g", "q", "enter", "enter")
        screen = app.screen
        await pilot.press("escape")
        assert app.screen is screen and screen.focused is screen.query_one("#find", Input)
        await pilot.press("d", "h", "space", "m", "o", "enter", "enter")  # the find box's text was selected: replaced
        await pilot.pause()
        assert screen.current[1].id == "morale" and sum(line.startswith("dhr Morale") for line in screen.lines) == 1
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert not isinstance(app.screen, ResolverScreen)


def test_a_saved_log_never_replaces_an_earlier_one(tmp_path):
    from datetime import datetime

    from tui.screens.resolver import log_path

    now = datetime(2026, 11, 25, 20, 45, 1)
    first = log_path(tmp_path, now)
    first.write_text("earlier session\n")
    second = log_path(tmp_path, now)
    assert second != first and not second.exists() and second.name == "resolver-2026-11-25-204501-2.txt"


async def test_the_empty_log_says_what_comes_there_and_a_failed_save_loses_nothing(tmp_path, monkeypatch):
    blocker = tmp_path / "data"
    blocker.write_text("a file where the data folder should be")
    monkeypatch.setenv("HEXWAR_DATA_DIR", str(blocker))
    app = HexwarApp(None, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        screen = app.screen
        log = screen.query_one("#resolver-log", RichLog)
        assert "ctrl+s" in " ".join(strip.text for strip in log.lines)
        await pilot.press(*"q a", "enter", "ctrl+r")
        await pilot.pause()
        shown = " ".join(strip.text for strip in log.lines)
        assert "ctrl+s saves" not in shown and "quad" in shown
        rolled = list(screen.lines)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert any("not saved" in n.message for n in app._notifications)
        assert screen.lines == rolled


async def test_from_anywhere_in_the_resolver_at_most_two_escapes_leave_and_the_keys_fit_80_columns(tmp_path,
                                                                                                    monkeypatch):
    """Issue 24 item 12: three Escapes to leave; the hint line cut at 80 columns."""
    from tests.tui.test_hex_map import screen_text
    from tui.screens.resolver import HINT

    monkeypatch.setenv("HEXWAR_DATA_DIR", str(tmp_path))
    for keys, most in (([], 1), (["q", "enter"], 2), (["q", "enter", "enter"], 2), (["tab"], 2),
                       (["q", "enter", "tab", "tab"], 2)):
        app = HexwarApp(None, autosave=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("g", *keys)
            await pilot.pause()
            if not keys:
                shown = screen_text(app).splitlines()
                assert all(any(line.strip() in row for row in shown) for line in HINT.splitlines())
            for _ in range(most):
                await pilot.press("escape")
                await pilot.pause()
            assert not isinstance(app.screen, ResolverScreen), (keys, most)
