"""The terminal bench's harness: the programs it starts never touch the user's data folder, and
they load hexwar from bytecode as an installed copy does."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytest.importorskip("pyte")

from tests.bench.terminal import Terminal, compile_bytecode


def test_each_program_gets_its_own_data_folder_removed_at_close(monkeypatch, tmp_path):
    monkeypatch.setenv("HEXWAR_DATA_DIR", str(tmp_path / "the-users-own"))
    term = Terminal(["sh", "-c", 'printf "[%s]" "$HEXWAR_DATA_DIR"; touch "$HEXWAR_DATA_DIR/autosave"; sleep 5'])
    term.burst(5.0)
    shown = term.text().strip()
    folder = Path(shown.strip("[]"))
    try:
        assert folder != tmp_path / "the-users-own"
        assert (folder / "autosave").exists()
    finally:
        term.close()
    assert not folder.exists()
    assert not (tmp_path / "the-users-own").exists()


def test_an_explicit_data_folder_is_kept(tmp_path):
    term = Terminal(["sh", "-c", 'printf "[%s]" "$HEXWAR_DATA_DIR"; sleep 5'], env={"HEXWAR_DATA_DIR": str(tmp_path)})
    term.burst(5.0)
    assert term.text().strip() == f"[{tmp_path}]"
    term.close()
    assert tmp_path.exists()


def test_the_packages_are_compiled_even_where_bytecode_is_never_written(monkeypatch, tmp_path):
    """PYTHONDONTWRITEBYTECODE=1 (as in this machine's shells) left hexwar compiling its sources at
    every start of the bench, while Textual's came from bytecode."""
    import sys

    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    (tmp_path / "pkg" / "sub").mkdir(parents=True)
    (tmp_path / "pkg" / "sub" / "mod.py").write_text("X = 1\n")
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "bad.py").write_text("def (:\n")
    assert compile_bytecode(tmp_path, ("pkg", "missing"))
    assert list((tmp_path / "pkg" / "sub" / "__pycache__").glob("mod.*.pyc"))
    assert not compile_bytecode(tmp_path, ("broken",))
