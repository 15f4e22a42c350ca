"""Play by mail against a cheating sender (issue 26 items 6-8): a file from the receiver's own side,
an edited start with hashes made to fit, a turn exported before it is over."""

from __future__ import annotations

import random

import pytest

from rules.service import GameService
from saves.errors import SaveError
from saves.mail import TurnFile, chain, export_turn, import_turn, link, mail_path, write_turn
from saves.scenarios import load_scenario
from saves.store import load_game, save_game, verify
from tests.saves.test_mail import play_my_turn, two_turns


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXWAR_DATA_DIR", str(tmp_path / "data"))


def forged(game: GameService, sender: str, receiver: str, actions: list[str], start: str = "") -> TurnFile:
    """A turn file with every hash made to fit `actions` played after `game`'s log."""
    hashes = chain(game)
    h = hashes[-1]
    for text in actions:
        h = link(h, text)
    return TurnFile(format="hexwar-turn", version=1, ruleset=game.ruleset.id, game=hashes[0], sender=sender,
                    receiver=receiver, first=len(game.history), before=hashes[-1], actions=actions, after=h,
                    start=start)


def test_a_turn_file_from_the_receivers_own_side_is_refused(tmp_path):
    """Alice (the Kingdom) imported Bob's reply and is to play; a file "from the Kingdom to the
    Kingdom" with a Kingdom action and matching hashes would play her move for her."""
    alice_file, reply = two_turns(tmp_path)
    import_turn(reply, alice_file)
    alice = load_game(alice_file)
    me = alice.decision().side
    move = alice.legal_actions(me)[0].text()
    write_turn(forged(alice, me, me, [move]), tmp_path / "mine.toml")
    before = alice_file.read_bytes()
    with pytest.raises(SaveError, match="comes from the other side, never from the receiver's own"):
        import_turn(tmp_path / "mine.toml", alice_file)
    assert alice_file.read_bytes() == before


def mid_turn() -> tuple[GameService, str]:
    """A QUAD game and a move after which the side that made it still decides (into its turn)."""
    rng = random.Random(1)
    game = GameService.new(load_scenario("teaching", "quad"), seed=3)
    for _ in range(400):
        side = game.decision().side
        action = rng.choice(game.legal_actions(side))
        trial = GameService.replay(game.ruleset, game.initial, game.log, setup=game.setup)
        trial.apply(action, autosave=False)
        if trial.result is None and trial.decision().side == side:
            return game, action.text()
        game.apply(action, autosave=False)
    raise AssertionError("no move in 400 keeps its side deciding")


def test_a_turn_that_leaves_its_sender_to_play_is_refused(tmp_path):
    """A file claiming to be for the other side, carrying a move after which its sender still
    decides: not a finished turn (the receiver would have nothing to play)."""
    game, move = mid_turn()
    me = game.decision().side
    other = next(s for s in game.state.side_ids() if s != me)
    save_game(game, tmp_path / "mine.toml")
    write_turn(forged(game, me, other, [move]), tmp_path / "t.toml")
    with pytest.raises(SaveError, match="still decides"):
        import_turn(tmp_path / "t.toml", tmp_path / "mine.toml")


def cheaters_first_turn(tmp_path) -> tuple:
    """The sender starts "teaching" from an edited copy (Lancers' attack 3 -> 6, quality 4 -> 1),
    plays a turn and sends its first turn file: every hash fits the edited start."""
    honest = load_scenario("teaching", "quad")
    units = [u.model_copy(update={"stats": {**u.stats, "attack": 6, "quality": 1}}) if u.id == "k1" else u
             for u in honest.units]
    edited = honest.model_copy(update={"units": units})
    cheat = GameService.new(edited, seed=4)
    play_my_turn(cheat, random.Random(2))
    save_game(cheat, tmp_path / "cheat.toml")
    turn, _ = export_turn(load_game(tmp_path / "cheat.toml"))
    write_turn(turn, tmp_path / "t1.toml")
    return tmp_path / "t1.toml", turn


def test_an_edited_start_is_refused_field_by_field_before_anything_is_applied(tmp_path):
    path, turn = cheaters_first_turn(tmp_path)
    with pytest.raises(SaveError) as refused:
        import_turn(path)
    text = str(refused.value)
    assert "differs from the bundled scenario 'teaching'" in text, text
    assert "k1" in text and "attack: 6 (the scenario: 3)" in text and "quality: 1 (the scenario: 4)" in text, text
    assert not mail_path(turn.game).exists(), "something was written before the receiver was told"


def test_an_accepted_edited_start_is_imported_and_verify_reports_it(tmp_path, capsys):
    from tui.cli import main

    path, turn = cheaters_first_turn(tmp_path)
    assert main(["turn", "import", str(path)]) == 2
    assert "attack: 6 (the scenario: 3)" in capsys.readouterr().err
    assert main(["turn", "import", str(path), "--accept-start"]) == 0
    capsys.readouterr()
    report = verify(mail_path(turn.game))
    assert report.ok and "start differs from the bundled scenario 'teaching'" in report.message, report.message
    assert "attack: 6 (the scenario: 3)" in report.message


def test_an_honest_start_is_imported_and_verify_says_nothing_more(tmp_path):
    alice = GameService.new(load_scenario("teaching", "quad"), seed=4)
    play_my_turn(alice, random.Random(2))
    save_game(alice, tmp_path / "alice.toml")
    write_turn(export_turn(alice)[0], tmp_path / "t1.toml")
    _, bob_file, _ = import_turn(tmp_path / "t1.toml")
    assert "differs" not in verify(bob_file).message


def test_a_start_checked_against_a_scenario_file_the_receiver_names(tmp_path):
    path, turn = cheaters_first_turn(tmp_path)
    scenario = tmp_path / "teaching.toml"
    from saves.scenarios import _bundled_bytes

    scenario.write_bytes(_bundled_bytes("teaching", "quad")[0])
    with pytest.raises(SaveError, match="differs from the scenario file"):
        import_turn(path, scenario=scenario)


def test_exporting_in_the_middle_of_ones_own_turn_says_the_turn_is_not_over(tmp_path, capsys):
    from tui.cli import main

    game, move = mid_turn()
    name = game.side_name(game.decision().side)
    assert game.apply(game.parse(move), autosave=False).ok
    save_game(game, tmp_path / "g.toml")
    with pytest.raises(SaveError, match="turn is not over yet"):
        export_turn(load_game(tmp_path / "g.toml"))
    assert main(["turn", "export", str(tmp_path / "g.toml"), str(tmp_path / "t.toml")]) == 2
    err = capsys.readouterr().err
    possessive = name + ("'" if name.endswith("s") else "'s")
    assert f"{possessive} turn is not over yet" in err and "for " + game.decision().side not in err, err
    assert not (tmp_path / "t.toml").exists()
