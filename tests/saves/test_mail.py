"""Play by mail: two players finish a game by trading turn files; a tampered file is refused."""

from __future__ import annotations

import random
import tomllib

import pytest
import tomli_w

from rules.service import GameService
from saves.errors import SaveError
from saves.mail import chain, export_turn, import_turn, mail_path, write_turn
from saves.scenarios import load_scenario
from saves.store import load_game, save_game


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXWAR_DATA_DIR", str(tmp_path / "data"))


def play_my_turn(game: GameService, rng: random.Random) -> None:
    """Random legal actions of the deciding side until another side decides (or the game ends)."""
    me = game.decision().side
    while game.result is None and game.decision().side == me:
        assert game.apply(rng.choice(game.legal_actions(me)), autosave=False).ok


def test_two_players_finish_a_game_by_trading_turn_files(tmp_path):
    rng = random.Random(11)
    alice = GameService.new(load_scenario("teaching", "quad"), seed=21)
    alice_file = tmp_path / "alice.toml"
    bob_file = None
    holder, exchanges = "alice", 0
    while alice.result is None and exchanges < 2000:
        game = alice if holder == "alice" else load_game(bob_file)
        play_my_turn(game, rng)
        mine = alice_file if holder == "alice" else bob_file
        save_game(game, mine)
        turn, _ = export_turn(load_game(mine))
        write_turn(turn, tmp_path / "turn.toml")
        if holder == "alice":
            bob, bob_file, _ = import_turn(tmp_path / "turn.toml", bob_file)
            holder = "bob"
        else:
            alice, _, _ = import_turn(tmp_path / "turn.toml", alice_file)
            holder = "alice"
        exchanges += 1
    assert alice.result is not None, "the game did not end"
    bob = load_game(bob_file)
    assert bob.state == alice.state and chain(bob) == chain(alice)
    assert bob_file == mail_path(chain(alice)[0]), "Bob's copy is the mail save made from the first turn file"


def two_turns(tmp_path):
    """Alice's first turn imported by Bob, Bob's reply written, and Alice's save: (alice file, Bob's reply)."""
    rng = random.Random(5)
    alice = GameService.new(load_scenario("teaching", "quad"), seed=8)
    play_my_turn(alice, rng)
    save_game(alice, tmp_path / "alice.toml")
    write_turn(export_turn(alice)[0], tmp_path / "t1.toml")
    bob, bob_file, _ = import_turn(tmp_path / "t1.toml")
    play_my_turn(bob, rng)
    save_game(bob, bob_file)
    reply = tmp_path / "t2.toml"
    write_turn(export_turn(bob, since=0)[0], reply)
    return tmp_path / "alice.toml", reply


def flip(text: str) -> str:
    """Another opening choice than the one made."""
    return text.replace("draw", "decline") if text.startswith("draw") else text.replace("decline", "draw")


def tamper(path, change):
    data = tomllib.loads(path.read_text())
    change(data)
    path.write_text(tomli_w.dumps(data))


@pytest.mark.parametrize("change, reason", [
    (lambda d: d["actions"].__setitem__(0, flip(d["actions"][0])), "in the file but"),
    (lambda d: d["actions"].pop(0), "in the file but"),
    (lambda d: d["actions"].reverse(), "in the file but"),
    (lambda d: d.update(game="0" * 64), "another game"),
    (lambda d: d.update(after="f" * 64), "closing hash"),
    (lambda d: d.update(first=40), "missing"),
    (lambda d: d.update(sender="kingdom"), "comes from the other side"),
    (lambda d: d.update(sender="kingdom", receiver="rebels"), "carries only its sender's actions"),
    (lambda d: d.update(version=99), "update hexwar"),
    (lambda d: d.update(extra="x"), "extra"),
])
def test_a_tampered_turn_file_is_refused_and_changes_nothing(tmp_path, change, reason):
    alice_file, reply = two_turns(tmp_path)
    before = alice_file.read_bytes()
    tamper(reply, change)
    with pytest.raises(SaveError, match=reason):
        import_turn(reply, alice_file)
    assert alice_file.read_bytes() == before


def test_an_edited_earlier_action_in_the_senders_save_is_caught(tmp_path):
    """Bob rewrites history in his save (a different first draw) and sends a turn from after it."""
    alice_file, reply = two_turns(tmp_path)
    alice = load_game(alice_file)
    assert import_turn(reply, alice_file)[0].log[: len(alice.log)] == alice.log
    data = tomllib.loads(reply.read_text())
    n = len(alice.log)
    data.update(first=n, before="a" * 64, actions=data["actions"][n:], start="")
    reply.write_text(tomli_w.dumps(data))
    with pytest.raises(SaveError, match="changed, dropped or re-ordered"):
        import_turn(reply, alice_file)


def test_garbage_is_not_a_turn_file(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b"\x00\x01 not toml")
    with pytest.raises(SaveError, match="not a text file"):
        import_turn(bad)
    bad.write_text('format = "hexwar"\n')
    with pytest.raises(SaveError, match="hexwar-turn"):
        import_turn(bad)


def test_the_command_line_exports_and_imports(tmp_path, capsys):
    from tui.cli import main

    alice = GameService.new(load_scenario("teaching", "quad"), seed=3)
    play_my_turn(alice, random.Random(1))
    save_game(alice, tmp_path / "a.toml")
    assert main(["turn", "export", str(tmp_path / "a.toml"), str(tmp_path / "t.toml")]) == 0
    assert main(["turn", "import", str(tmp_path / "t.toml")]) == 0
    assert "new action of The Kingdom applied" in capsys.readouterr().out  # not "1 new action(s) from kingdom"
    assert main(["turn", "import", str(tmp_path / "nope.toml")]) == 2
    assert "no such file" in capsys.readouterr().err
