"""Fixtures for the UI tests: a toy game, the app around it, frozen cursor blink."""

from __future__ import annotations

import pytest

from tests.conftest import toy_setup


@pytest.fixture(autouse=True)
def _quiet(monkeypatch, tmp_path):
    """No cursor blink (snapshots stay still) and a private data folder for saves."""
    from textual.widgets import Input

    monkeypatch.setattr(Input, "cursor_blink", False)
    monkeypatch.setenv("HEXWAR_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("TERM", "xterm-256color")  # colour unless a test asks for none (tui.app.monochrome)
    monkeypatch.delenv("NO_COLOR", raising=False)


def toy_service(seed: int = 7, **extra):
    from rules.service import GameService

    return GameService.new(toy_setup(**extra), seed)


def finished_toy_service():
    """A toy game played to its end: side a moves in and attacks until side b is gone."""
    from rules.hexgrid import from_offset

    service = toy_service()
    service.state.units["b1"].eliminated = True
    service.state.units["b2"].stats.strength = 1
    service.initial = service.state.model_copy(deep=True)
    service.state = service.initial.model_copy(deep=True)
    to = from_offset(4, 3)
    (move,) = [a for a in service.legal_actions("a", unit="a2", target=to) if a.kind == "move"]
    assert service.apply(move).ok
    while service.result is None:
        text = "attack a unit=a2 target=b2" if service.decision().side == "a" else "pass b"
        assert service.apply(text).ok
    return service


@pytest.fixture
def toy_game():
    return toy_service()


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem):
    """Run `async def` tests in a fresh event loop (no async plugin is a dependency)."""
    import asyncio
    import inspect

    if inspect.iscoroutinefunction(pyfuncitem.obj):
        names = pyfuncitem._fixtureinfo.argnames
        kwargs = {name: pyfuncitem.funcargs[name] for name in names}
        asyncio.run(pyfuncitem.obj(**kwargs))
        return True
    return None
