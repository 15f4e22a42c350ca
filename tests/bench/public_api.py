"""Cursor moves on Textual's public API alone, beside hexwar's patched writer (issue 28, item 7).

The map already draws through the public API: a `ScrollView` with the line API (`render_line`),
its lines cached as `Strip`s, and a cursor move that asks `refresh(region)` for the old and the
new hex's cells only. What stays private is how Textual writes a frame (`tui/widgets/hex_update.py`,
`sgr.py`, `shadow.py`). Three variants of the same game and keys, through a real pty:

* `patched`: hexwar as shipped (the narrow, terse writer);
* `public`: `HEXWAR_WIDE_UPDATES=1`, no patch at all: Textual 8.2.8's own writer, which writes
  each dirty line from the left edge of the widget under it ("TODO: crop to x extents");
* `floor`: Textual's own writer given exactly the dirty cells (each chop cropped on the left too),
  nothing else changed. No arrangement of widgets on the public API can write less than this
  (narrower widgets only move the chop's left edge towards the dirty cell): it is what one widget
  per terminal column would reach. Measuring it needs a patch itself, made here in the bench's
  own process (`python -m tests.bench.public_api floor ARGS...` runs `hexwar ARGS...` with it).

Run: `python -m tests.bench.public_api` (about a minute; `make bench` runs it after the terminal
section); figures in docs/perf.md.
"""

from __future__ import annotations

import os
import sys

VARIANTS = ("patched", "public", "floor")


def _floor_render_segments(self, console) -> str:
    """Textual's `ChopsUpdate.render_segments` (8.2.8), cropping each chop to its dirty span on
    the left as on the right: Rich's writer, Textual's moves, only the dirty cells."""
    from textual._compositor import Control

    from tui.widgets.hex_update import _whole_cell_start

    sequences: list[str] = []
    append = sequences.append
    last_y = self.spans[-1][0]
    for y, x1, x2 in self.spans:
        for end, (x, strip) in zip(self.chop_ends[y], self.chops[y].items()):
            if strip is None or x > x2 or end <= x1:
                continue
            start = _whole_cell_start(strip, x1 - x) if x < x1 else 0
            strip = strip.crop(start, min(end, x2) - x)
            append(Control.move_to(x + start, y).segment.text)
            append(strip.render(console))
        if y != last_y:
            append("\n")
    return "".join(sequences)


def run_floor(argv: list[str]) -> int:
    """hexwar `argv` with Textual's writer cropped to the dirty cells (and hexwar's patch off)."""
    os.environ["HEXWAR_WIDE_UPDATES"] = "1"
    from textual._compositor import ChopsUpdate

    ChopsUpdate.render_segments = _floor_render_segments  # type: ignore[method-assign]
    from tui.cli import main

    return main(argv)


DIALOG_KEYS = {
    "_compact": ["z"], "_on_unit": ["n"], "detail_open": ["I"], "detail_close": ["escape"], "_drop": ["escape"],
    "help_open": ["question_mark"], "help_close": ["escape"],
    "commands_open": ["ctrl+p"], "commands_close": ["escape"],
}
"""After the moves, the dialogs of `make bench` (bar 2 KB each way): what the rest of the patch
(`shadow.py`, the see-through backdrop) is for; the floor changes only partial updates."""
DIALOGS = (("detail", "unit detail"), ("help", "help"), ("commands", "ctrl+p"))


def measure() -> dict[str, dict]:
    """Each variant's session: compact moves, `z`, outlined moves (after the QUAD prelude)."""
    from tests.bench import terminal as T

    T.compile_bytecode()
    game = T._game_command("quad")
    if game is None:
        raise RuntimeError("hexwar's game screen does not start")
    argv, expect, _ = game
    keys = {"move": T.MOVES, "zoom": ["z"], "move_outlined": T.MOVES, **DIALOG_KEYS}
    floor_argv = [T._python(), "-m", "tests.bench.public_api", "floor", *argv[1:]]
    commands = {
        "patched": (argv, None),
        "public": (argv, {"HEXWAR_WIDE_UPDATES": "1"}),
        "floor": (floor_argv, None),
    }
    return {name: T._measure_session(cmd, expect, keys, env=env, prelude=T.PRELUDE["quad"])
            for name, (cmd, env) in commands.items()}


def run() -> None:
    from tests.bench import terminal as T

    try:
        import pyte  # noqa: F401

        sessions = measure()
    except (ImportError, RuntimeError) as exc:
        print(f"public API bench: not run ({exc})")
        return
    print(f"Cursor move, {T.COLS}x{T.ROWS}, hexwar new quad --seed 1: patched writer vs Textual's public path")
    print(f"  {'variant':<8} {'zoom':<9} {'median B':>8} {'max B':>6} {'median ms':>9} {'max ms':>7}  each move (B)")
    for name in VARIANTS:
        for label, zoom in (("move", "compact"), ("move_outlined", "outlined")):
            r = sessions[name][label]
            print(f"  {name:<8} {zoom:<9} {T._bytes(r):>8} {T._max(r):>6} {T._fmt_ms(T._ms(r)):>9} "
                  f"{T._fmt_ms(T._max_ms(r)):>7}  {[n for n, _ in r]}")
    for name in VARIANTS:
        opened = ", ".join(f"{what} {T._bytes(sessions[name][label + '_open'])} / "
                           f"{T._bytes(sessions[name][label + '_close'])}" for label, what in DIALOGS)
        print(f"  {name:<8} dialogs open / close (B): {opened}")
    print(f"  bars: <= 60 B and <= 10 ms a move, 2 KB a dialog; load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "floor":
        sys.exit(run_floor(sys.argv[2:]))
    run()
