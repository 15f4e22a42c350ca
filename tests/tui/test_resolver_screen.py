"""The quick resolver screen: from the title, a procedure, its odds as inputs change, a roll, the log."""

from __future__ import annotations

from textual.widgets import Input, RichLog, Static

from tui.app import HexwarApp
from tui.screens.resolver import ResolverScreen


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
