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


def toy_service(seed: int = 7, **extra):
    from rules.service import GameService

    return GameService.new(toy_setup(**extra), seed)


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
