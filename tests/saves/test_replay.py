"""The replay's position cache (rules/replay.py): exact positions, fast steps, a seat's secrets kept."""

from __future__ import annotations

import random

import pytest

from rules import replay as replay_module
from rules.replay import Replay
from rules.service import GameService
from saves.snapshots import snapshot_of
from saves.store import load_game, save_game
from tests.conftest import toy_setup


def played(length: int = 80, seed: int = 3) -> GameService:
    """Random legal toy play (moves preferred, so the game lasts), every `before` kept by `apply`."""
    rng = random.Random(seed)
    game = GameService.new(toy_setup(), seed=seed)
    while len(game.history) < length and game.result is None:
        legal = game.legal_actions()
        calm = [a for a in legal if a.kind not in ("attack", "agree_end")] or legal
        assert game.apply(rng.choice(calm), autosave=False).ok
    return game


def test_every_position_is_the_games_own_in_any_order(tmp_path):
    live = played()
    loaded = load_game(save_game(live, tmp_path / "g.toml"))  # a load keeps only every 32nd snapshot
    replay = Replay(loaded)
    order = list(range(replay.length + 1))
    random.Random(1).shuffle(order)
    for n in order:
        expected = live.history[n].before if n < len(live.history) else live.state
        assert snapshot_of(replay.state_after(n)) == snapshot_of(expected), n


def test_goto_shows_the_position_and_the_log_up_to_it():
    live = played(40)
    replay = Replay(live)
    assert replay.position == 40
    replay.goto(12)
    assert replay.shown.state is replay.state_after(12)
    assert len(replay.shown.history) == 12
    assert replay.seat(None).action_count == 12
    assert replay.goto(-5) == 0 and replay.goto(10_000) == 40
    with pytest.raises(IndexError):
        replay.state_after(41)


def test_steps_run_few_actions(monkeypatch):
    """Cached as it goes: a step back runs fewer than KEYFRAME actions (from the keyframe before it), a step
    forward one, a jump fewer than CHECKPOINT."""
    from rules.service import CHECKPOINT

    live = played(70)
    replay = Replay(load_game_like(live))  # as a load leaves it: a snapshot every CHECKPOINT actions
    runs = []
    original = replay._run
    monkeypatch.setattr(replay, "_run", lambda state, i: (runs.append(i), original(state, i)))
    replay.goto(60)
    assert len(runs) < CHECKPOINT
    for _ in range(20):
        runs.clear()
        replay.step(-1)
        assert len(runs) < replay_module.KEYFRAME, runs
    runs.clear()
    replay.step(1)
    assert len(runs) <= 1


def load_game_like(live: GameService) -> GameService:
    return GameService.replay(live.ruleset, live.initial, live.log, setup=live.setup)


def test_turn_steps_land_on_turn_starts():
    live = played(80)
    replay = Replay(live)
    turns = replay.turns()
    assert len(turns) == replay.length + 1 and turns == sorted(turns) and turns[-1] > turns[0]
    replay.goto(0)
    n = replay.next_turn()
    assert turns[n] == turns[0] + 1 and turns[n - 1] == turns[0]
    assert replay.previous_turn() == 0
    replay.goto(n + 1)
    assert replay.previous_turn() == n


def test_a_game_in_progress_opens_as_one_side_never_the_referee():
    live = played(20)
    assert live.result is None
    replay = Replay(live)
    assert replay.default_side() in live.state.side_ids()


def test_a_branch_is_saved_from_the_position_and_records_its_source(tmp_path):
    from saves import branch
    from saves.files import parse_document, read_bytes
    from saves.store import same_game

    live = played(40)
    source = save_game(live, tmp_path / "source.toml")
    replay = Replay(load_game(source))
    replay.goto(17)
    game = branch.branch_game(replay.source, replay.state_after(17), 17, source)
    path = save_game(game, branch.branch_path(source, 17, tmp_path))
    assert path.name == "source-branch-17.toml"
    doc = parse_document(read_bytes(path), path)
    assert (doc.game.branched_from.file, doc.game.branched_from.action) == (str(source), 17)
    again = load_game(path)
    assert branch.branched_from(again) == (str(source), 17)
    expected = live.history[17].before.model_copy(deep=True)
    expected.seed = again.state.seed  # a new seed, so the branch does not roll the source's dice again
    assert again.state.seed != live.state.seed and same_game(again.state, expected)
    assert again.apply(again.legal_actions()[0]).ok  # it plays on
    assert branch.branch_path(source, 17, tmp_path).name == "source-branch-17-2.toml"
    assert "branched_from" not in read_bytes(source).decode()  # other saves stay as they were


def test_turn_keys_walk_at_most_two_spans_and_agree_with_a_whole_walk(monkeypatch):
    from rules.service import CHECKPOINT

    live = played(400, seed=5)  # 200 turns
    turns = Replay(live).turns()
    replay = Replay(load_game_like(live))
    runs = []
    original = replay._run
    monkeypatch.setattr(replay, "_run", lambda state, i: (runs.append(i), original(state, i)))
    for start in (0, 40, 97, 250, replay.length):
        replay.goto(start)
        runs.clear()
        n = replay.next_turn()
        later = [m for m in range(start + 1, replay.length + 1) if turns[m] != turns[start]]
        assert n == (later[0] if later else replay.length)
        replay.goto(start)
        n = replay.previous_turn()
        first = min(m for m in range(replay.length + 1) if turns[m] == turns[start])
        expected = first if first < start else min(
            (m for m in range(replay.length + 1) if turns[m] == turns[max(0, start - 1)]), default=0)
        assert n == expected, (start, n, expected)
        assert len(runs) <= 4 * CHECKPOINT  # spans (and the gotos' own runs), never the whole log


def test_walking_the_whole_log_leaves_few_live_states_for_the_collector():
    """Each full collection walks every object the collector tracks (a state is hundreds of them). However far
    a replay is walked, it keeps at most RECENT positions as live states: keyframes are packed bytes, which it
    does not track. The first cache kept 64 recent states and a live keyframe every 8 actions: 100-300 ms
    collections inside single steps on a long game."""
    import gc

    live = played(300)
    replay = Replay(load_game_like(live))
    kind = type(live.state)

    def states() -> int:
        gc.collect()
        return sum(1 for o in gc.get_objects() if type(o) is kind)

    before = states()
    for n in [*range(replay.length, -1, -1), *random.Random(2).sample(range(replay.length + 1), 100)]:
        replay.goto(n)  # back over the whole log, one step at a time, then jumps anywhere
    assert states() - before <= replay_module.RECENT + 1 <= 17  # and the shown one
    assert len(replay._keyframes) >= replay.length // replay_module.KEYFRAME // 2  # packed, not dropped


def test_a_packed_keyframe_shares_the_board_the_rules_cache_by_identity():
    """The rules key work per board on its identity (hundred_wars/field.py, dhr/terrain.py): a keyframe
    unpacked must not bring its own copy of the board (a copy filled those caches and missed them)."""
    live = played(70)
    replay = Replay(load_game_like(live))
    replay.goto(60)  # from the snapshot at 32: keyframes at 40, 48 and 56 on the way
    assert 48 in replay._keyframes
    state = replay.state_after(48)
    assert state.board is live.state.board
    assert snapshot_of(state) == snapshot_of(live.history[48].before)
