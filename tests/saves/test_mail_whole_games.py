"""The issue's "done when", by mail: two players finish a game of every rule set with turn files only.

Each player has only their own copy: Alice starts the game and keeps her save;
Bob gets his copy from her first turn file (`hexwar turn import` with no save
named makes the mail save, which he loads). Whoever's side decides plays
through their own seat (a seeded random choice among its legal actions) until
the other side decides, saves, and exports a turn file (the functions behind
`hexwar turn export` / `import`); the other imports it into their copy. At
the end both copies, and the same actions applied directly to a new game of
the same scenario and seed, are one game: the same log, chain and state.
Reactions the other side could make in the middle of a turn are not on offer
by mail (the other player is not there); a decision that passes to the other
side is a turn of its own.
"""

from __future__ import annotations

import random

import pytest

from rules import registry
from rules.service import GameService
from saves.mail import chain, export_turn, import_turn, mail_path, read_turn, write_turn
from saves.scenarios import default_scenario, load_scenario
from saves.store import load_game, save_game

RULESETS = [e.id for e in registry.entries() if e.id != "toy"]
MAX_ACTIONS = 300
"""A game still going then stops there (every teaching game ends sooner with these seeds)."""
SEED = 7


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXWAR_DATA_DIR", str(tmp_path / "data"))


def run(capsys, *args: str) -> str:
    """`hexwar ARGS`, which must succeed; what it printed."""
    from tui.cli import main

    code = main(list(args))
    out = capsys.readouterr()
    assert code == 0, out.err
    return out.out


@pytest.mark.parametrize("ruleset", RULESETS)
def test_two_players_finish_a_game_by_exchanging_turn_files_only(tmp_path, ruleset, capsys):
    setup = load_scenario(default_scenario(ruleset).name, ruleset)
    first = GameService.new(setup, seed=SEED)
    sides = first.state.side_ids()
    assert len(sides) == 2, "a turn file goes from one side to the other"
    rng = random.Random(f"mail:{ruleset}")
    saves = {sides[0]: tmp_path / "alice.toml", sides[1]: None}  # Bob's copy: made by his first import
    save_game(first, saves[sides[0]])
    sent: list[str] = []
    holder, game, files, sizes = sides[0], first, 0, []
    while True:
        seat = game.seat(holder)
        while game.result is None and seat.decision().side == holder and len(sent) < MAX_ACTIONS:
            action = rng.choice(seat.legal_actions())
            assert seat.apply(action).ok
            sent.append(action.text())
        save_game(game, saves[holder])
        over = game.result is not None or len(sent) >= MAX_ACTIONS
        other = next(s for s in sides if s != holder)
        if over and saves[other] is None:
            break
        assert over or game.decision().side == other
        files += 1
        turn = tmp_path / f"turn-{files}.toml"
        write_turn(export_turn(game)[0], turn)
        sizes.append(turn.stat().st_size)
        assert read_turn(turn).sender in (holder, other) and read_turn(turn).receiver in (other, "")
        if saves[other] is None:  # Bob's first turn file, with `hexwar turn import` as he types it
            said = run(capsys, "turn", "import", str(turn))
            saves[other] = mail_path(read_turn(turn).game)
            assert str(saves[other]) in said
            game = load_game(saves[other])  # `hexwar load` of the path import printed
        else:
            game, where, _ = import_turn(turn, saves[other])
            assert where == saves[other]
        assert [a.text() for a in game.log] == sent, f"{other}'s copy lost or changed an action"
        holder = other
        if over:  # the last mover sent their last turn too: both copies hold the end
            break
    alice, bob = load_game(saves[sides[0]]), load_game(saves[sides[1]])  # each player's copy, as saved
    direct = GameService.new(setup, seed=SEED)
    for text in sent:
        assert direct.apply(direct.parse(text), autosave=False).ok
    print(f"\n{ruleset}: {len(sent)} actions in {files} turn files, over={direct.result is not None}, "
          f"largest after the first {max(sizes[1:], default=0)} bytes")
    assert files >= 4, "hardly an exchange"
    assert [a.text() for a in alice.log] == [a.text() for a in bob.log] == sent
    assert alice.state == bob.state == direct.state
    assert chain(alice) == chain(bob) == chain(direct)
