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


def test_the_public_api_floor_writes_only_the_dirty_cells_with_textuals_own_codes():
    """`tests.bench.public_api`'s floor: Textual's writer cropped to the dirty span on both sides
    paints those cells as Textual's does, leaves the rest, and writes less than Textual's."""
    import pyte
    from rich.console import Console
    from rich.segment import Segment
    from rich.style import Style
    from textual._compositor import ChopsUpdate
    from textual.strip import Strip

    from tests.bench.public_api import _floor_render_segments
    from tui.widgets import hex_update

    colours = ["red", "green", "blue", "yellow"] * 4
    line = Strip([Segment(ch, Style(color=c, bgcolor="black")) for ch, c in zip("ABCDEFGHIJKLMNOP", colours)])
    console = Console(color_system="256", force_terminal=True, width=16)
    update = ChopsUpdate([{0: line}], [(0, 9, 11)], [[16]])

    def paint(data: str) -> list[str]:
        screen = pyte.Screen(16, 1)
        pyte.ByteStream(screen).feed(data.encode())
        return [screen.buffer[0][x].data for x in range(16)]

    floor = _floor_render_segments(update, console)
    textual = hex_update.textual_render_segments()(update, console)
    assert paint(floor) == [" "] * 9 + ["J", "K"] + [" "] * 5
    assert paint(textual)[9:11] == ["J", "K"] and paint(textual)[0] == "A"  # Textual's: from the left edge
    assert floor.startswith("\x1b[1;10H") and "\x1b[0m" in floor  # Rich's codes and reset, Textual's move
    assert len(floor) < len(textual)
