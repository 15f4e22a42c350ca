"""Engine figures for `make bench`: apply, legal moves on a 60x60 map, save and load of a 1,000-action game.

Each figure is a median printed beside its bar from DESIGN.md ("Quality bars"):
apply under 1 ms, one unit's legal moves on a 60x60 map under 20 ms, save and
load of a 1,000-action game under 300 ms. Every registered rule set is measured
on its bundled scenario (the teaching one); the toy rule set of the tests is
measured too, as the engine's own baseline. Benchmarks print; they never fail.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from rules import registry
from rules.board import Board
from rules.clone import clone
from rules.core import Setup
from rules.hexgrid import Hex, from_offset, reachable
from rules.service import GameService

APPLY_BAR_MS = 1.0
LEGAL_BAR_MS = 20.0
SAVE_LOAD_BAR_MS = 300.0
PREVIEW_BAR_MS = 25.0
"""DESIGN.md: the slowest exact odds preview, first call included (raised from 50 ms)."""
BIG = 60
LONG_GAME = 1000


def _ms(seconds: float) -> float:
    return seconds * 1000


def _median_ms(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return _ms(statistics.median(times))


def _line(label: str, value_ms: float | None, bar_ms: float, note: str = "") -> None:
    if value_ms is None:
        print(f"  {label:<46} {'n/a':>10}   bar < {bar_ms:g} ms  {note}")
        return
    verdict = "ok" if value_ms < bar_ms else "OVER"
    print(f"  {label:<46} {value_ms:>8.3f} ms   bar < {bar_ms:g} ms  {verdict}  {note}".rstrip())


def _register_toy() -> None:
    if "toy" not in {e.id for e in registry.entries()}:
        registry.register("toy", "Toy rules (tests only)", "tests.toy_ruleset")


def _setups() -> list[tuple[str, Setup]]:
    """(label, scenario) per registered rule set: its default bundled scenario, and the toy."""
    from saves.scenarios import default_scenario, load_scenario
    from tests.conftest import toy_setup

    out: list[tuple[str, Setup]] = []
    for entry in registry.entries():
        if entry.id == "toy":
            continue
        try:
            info = default_scenario(entry.id)
            out.append((f"{entry.id}/{info.name}", load_scenario(info.name, entry.id)))
        except Exception as exc:  # a rule set without a usable scenario is reported, not fatal
            print(f"  ({entry.id}: no usable bundled scenario: {exc})")
    out.append(("toy/toy-skirmish", toy_setup()))
    return out


def _choose(game: GameService, rng: random.Random, avoid: tuple[str, ...] = ()) -> object | None:
    d = game.decision()
    if d.side is None:
        return None
    sides = [d.side, *d.reactors]
    side = rng.choice(sides) if d.reactors and rng.random() < 0.2 else d.side
    actions = game.legal_actions(side) or game.legal_actions(d.side)
    calm = [a for a in actions if getattr(a, "kind", "") not in avoid]
    pool = calm or actions
    return rng.choice(pool) if pool else None


def bench_apply(label: str, setup: Setup, count: int = 300) -> None:
    rng = random.Random(1)
    seed = 1
    game = GameService.new(setup, seed=seed)
    times: list[float] = []
    while len(times) < count:
        action = _choose(game, rng)
        if action is None:
            seed += 1
            game = GameService.new(setup, seed=seed)
            continue
        t0 = time.perf_counter()
        done = game.apply(action, autosave=False)
        times.append(time.perf_counter() - t0)
        if not done.ok:
            break
    _line(f"apply, {label}", _ms(statistics.median(times)), APPLY_BAR_MS, f"({len(times)} actions)")
    state = game.state
    copy_ms = _median_ms(lambda: clone(state), 50)
    print(f"    of which the state's copy (rules/clone.py, the undo snapshot): {copy_ms:.3f} ms")


def _padded(setup: Setup, size: int = BIG) -> Setup:
    """The scenario's map pasted into the corner of a size x size map of its commonest terrain."""
    b = setup.board
    fill = Counter(b.terrain).most_common(1)[0][0]
    terrain = [fill] * (size * size)
    elevation = [0] * (size * size)
    for row in range(min(b.height, size)):
        for col in range(min(b.width, size)):
            terrain[row * size + col] = b.terrain[row * b.width + col]
            if b.elevation:
                elevation[row * size + col] = b.elevation[row * b.width + col]
    board = Board(
        width=size, height=size, terrain=tuple(terrain),
        elevation=tuple(elevation) if any(elevation) else (),
        features=b.features, edges=b.edges, glyphs=b.glyphs,
    )
    return setup.model_copy(update={"board": board})


def bench_legal(label: str, setup: Setup, samples: int = 40) -> None:
    """Time `legal_actions(side, unit=...)` for units that have something to do, along a random game."""
    name = f"legal moves of one unit, {label} {BIG}x{BIG}"
    try:
        game = GameService.new(_padded(setup), seed=1)
    except Exception as exc:
        _line(name, None, LEGAL_BAR_MS, f"(cannot pad the map: {exc})")
        return
    rng = random.Random(3)
    times: list[float] = []
    for _ in range(400):
        if len(times) >= samples:
            break
        side = game.decision().side
        if side is None:
            break
        for unit in [u.id for u in game.state.units_of(side)][:3]:
            t0 = time.perf_counter()
            found = game.legal_actions(side, unit=unit)
            spent = time.perf_counter() - t0
            if found:
                times.append(spent)
        action = _choose(game, rng)
        if action is None or not game.apply(action, autosave=False).ok:
            break
    if not times:
        _line(name, None, LEGAL_BAR_MS, "(no unit had a legal action)")
        return
    _line(name, _ms(statistics.median(times)), LEGAL_BAR_MS, f"({len(times)} samples, worst {_ms(max(times)):.2f} ms)")


def bench_reachable() -> None:
    board = Board.flat(BIG, BIG)
    start = from_offset(BIG // 2, BIG // 2)

    def cost(a: Hex, b: Hex) -> float | None:
        return 1 if board.in_bounds(b) else None

    value = _median_ms(lambda: reachable(start, 12, cost), 7)
    _line(f"reachable(), 12 movement points, {BIG}x{BIG} (engine)", value, LEGAL_BAR_MS)
    value = _median_ms(lambda: reachable(start, 2 * BIG, cost), 7)
    _line(f"reachable(), the whole {BIG}x{BIG} map (engine)", value, LEGAL_BAR_MS, "(worst case, no unit moves so far)")


def _long_game(setup: Setup, length: int) -> GameService:
    """Random legal play up to `length` actions (attacks avoided where possible so the toy lasts, and agreeing to
    end the game, which random play otherwise does within a few turns)."""
    rng = random.Random(7)
    game = GameService.new(setup, seed=7)
    while len(game.log) < length:
        action = _choose(game, rng, avoid=("attack", "agree_end"))
        if action is None or not game.apply(action, autosave=False).ok:
            break
    return game


def bench_save_load(label: str, setup: Setup) -> None:
    from saves.store import AutosaveStore, load_game, render_save, save_game

    game = _long_game(setup, LONG_GAME)
    n = len(game.log)
    note = f"({n} actions{'' if n >= LONG_GAME else ', the game ended there'})"
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.toml"
        save_ms = _median_ms(lambda: save_game(game, path), 7)
        size = path.stat().st_size
        load_ms = _median_ms(lambda: load_game(path), 3)
        store = AutosaveStore(Path(tmp) / "data")
        auto_ms = _median_ms(lambda: store.autosave(game), 7)
        render_ms = _median_ms(lambda: render_save(game), 7)
    _line(f"save, {label}", save_ms, SAVE_LOAD_BAR_MS, f"{note}, {size / 1024:.0f} KB")
    _line(f"load (validate + replay + compare), {label}", load_ms, SAVE_LOAD_BAR_MS, note)
    if 0 < n < LONG_GAME:
        with tempfile.TemporaryDirectory() as tmp:
            empty = save_game(GameService.new(game.setup or setup, seed=7), Path(tmp) / "empty.toml")
            fixed_ms = _median_ms(lambda: load_game(empty), 3)
        per_action = max(load_ms - fixed_ms, 0) / n
        _line(f"load, extrapolated to {LONG_GAME:,} actions, {label}", fixed_ms + per_action * LONG_GAME,
              SAVE_LOAD_BAR_MS, f"({fixed_ms:.1f} ms + {per_action:.3f} ms per action: parsing and replaying each action)")
    _line(f"autosave after an action, {label}", auto_ms, SAVE_LOAD_BAR_MS, f"(render alone {render_ms:.2f} ms)")


ATTACKS = ("attack", "charge", "fire", "opfire", "melee", "overrun", "call", "cast", "shoot", "spray", "assault",
           "bombard")


def preview_walk(ruleset: str, name: str, states: int = 2000, enough: int = 60) -> dict:
    """Every preview of a seeded random game of one bundled scenario, in this process.

    At each decision every legal action of the side to move is previewed (moves and
    activations have previews too); the walk ends after `states` decisions, or once
    `enough` attacks were previewed over at least 100 decisions. Times are the thread's
    CPU time (what the preview costs, whatever else the machine runs) and wall time.
    Called in a fresh process, its first preview is the first of the process: it pays
    for whatever the rule set builds or imports on first use. What start-up built is
    frozen out of the collector's sight first, as the app does after its first frame
    (tui/lean_start.started): otherwise the process's first full collection, some 25 ms
    of walking 57,000 start-up objects that it does not free, lands inside whichever
    preview it falls on (dhr/field's `fire york unit=y3`, 1 ms on its own, read 17-40 ms)."""
    import gc

    from saves.scenarios import load_scenario

    setup = load_scenario(name, ruleset)
    rng = random.Random(2)
    seed = 1
    game = GameService.new(setup, seed=seed)
    gc.freeze()
    cpu: list[tuple[float, str]] = []
    wall: list[float] = []
    first: tuple[float, float, str] | None = None
    attacks = 0
    for done in range(states):
        if attacks >= enough and done >= 100:
            break
        side = game.decision().side
        if side is None:
            seed += 1
            game = GameService.new(setup, seed=seed)
            continue
        actions = game.legal_actions(side)
        for action in actions:
            w0, c0 = time.perf_counter(), time.thread_time()
            preview = game.preview(action)
            c1, w1 = time.thread_time(), time.perf_counter()
            if preview is None:
                continue
            cpu.append((_ms(c1 - c0), str(action)))
            wall.append(_ms(w1 - w0))
            attacks += action.kind in ATTACKS
            if first is None:
                first = (_ms(c1 - c0), _ms(w1 - w0), str(action))
        if not actions or not game.apply(rng.choice(actions), autosave=False).ok:
            seed += 1
            game = GameService.new(setup, seed=seed)
    worst = max(cpu, default=(0.0, ""))
    return {"count": len(cpu), "attacks": attacks, "first": first, "worst": worst,
            "median": statistics.median([c for c, _ in cpu]) if cpu else None,
            "worst_wall": max(wall, default=0.0)}


def bench_previews() -> None:
    """The odds preview of every bundled scenario, each in a fresh process (first call included)."""
    import json
    import subprocess
    import sys

    from saves.scenarios import list_scenarios

    root = Path(__file__).resolve().parents[2]
    slowest: tuple[float, str] = (0.0, "")
    for info in list_scenarios():
        if info.error:
            continue
        rid = info.ruleset
        label = f"odds preview, {rid}/{info.name}"
        run = subprocess.run([sys.executable, "-m", "tests.bench.engine", "preview", rid, info.name],
                             capture_output=True, text=True, cwd=root, timeout=900)
        if run.returncode != 0:
            _line(label, None, PREVIEW_BAR_MS, f"(failed: {run.stderr.strip().splitlines()[-1:]})")
            continue
        r = json.loads(run.stdout.strip().splitlines()[-1])
        if not r["count"]:
            _line(label, None, PREVIEW_BAR_MS, "(no preview met in random play)")
            continue
        worst_ms, worst_action = r["worst"]
        first_ms, _, first_action = r["first"]
        _line(f"{label}, slowest", worst_ms, PREVIEW_BAR_MS,
              f"({r['count']} previews, median {r['median']:.2f} ms, first call {first_ms:.2f} ms; "
              f"slowest: {worst_action}; wall {r['worst_wall']:.1f} ms)")
        slowest = max(slowest, (worst_ms, f"{rid}/{info.name}: {worst_action}"))
    _line("odds preview, slowest of every bundled scenario", slowest[0], PREVIEW_BAR_MS, f"({slowest[1]})")


def run() -> None:
    print("engine (medians; bars from DESIGN.md)")
    _register_toy()
    setups = _setups()
    for label, setup in setups:
        bench_apply(label, setup)
    bench_reachable()
    for label, setup in setups:
        bench_legal(label, setup)
    bench_previews()
    from tests.conftest import toy_setup

    toy_big = toy_setup(width=20, height=20)
    for label, setup in [*_largest(), ("toy 20x20", toy_big)]:
        bench_save_load(label, setup)


def _largest() -> list[tuple[str, Setup]]:
    """Each real rule set's largest bundled scenario (the longest games)."""
    from saves.scenarios import list_scenarios, load_scenario

    out = []
    for entry in registry.entries():
        infos = [i for i in list_scenarios(entry.id) if not i.error]
        if entry.id == "toy" or not infos:
            continue
        info = max(infos, key=lambda i: i.units)
        try:
            out.append((f"{entry.id}/{info.name}", load_scenario(info.name, entry.id)))
        except Exception as exc:
            print(f"  ({entry.id}/{info.name}: cannot load: {exc})")
    return out


if __name__ == "__main__":
    import json
    import sys

    if sys.argv[1:2] == ["preview"]:  # one scenario's previews, in this fresh process (bench_previews)
        _register_toy()
        print(json.dumps(preview_walk(sys.argv[2], sys.argv[3])))
    else:
        run()
