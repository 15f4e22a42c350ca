"""The plain-text mode: a whole QUAD turn played as lines of text, through seats, with undo."""

from __future__ import annotations

from rules.service import GameService
from saves.scenarios import load_scenario
from tui.plain import MAX_LINE, PlainSession, run_plain
from rules.outcomes import reader


def quad_game(seed: int = 3) -> GameService:
    return GameService.new(load_scenario("teaching", "quad"), seed=seed)


def test_a_whole_quad_turn_is_played_in_plain_text():
    game = quad_game()
    session = PlainSession(game)
    answers = []
    for _ in range(300):
        if game.state.turn > 1 or game.result is not None:
            break
        answers += session.handle("do 1")
    assert game.state.turn == 2, "turn 1 did not end"
    assert not [a for a in answers if a.startswith(("Refused", "That failed", "There is no"))]
    assert any(a.startswith("Done: Play") for a in answers), "no activation card was played"


def test_a_fixed_side_never_hears_the_other_sides_draw():
    game = quad_game()
    kingdom, rebels = PlainSession(game, side="kingdom"), PlainSession(game, side="rebels")
    said = kingdom.handle("do 1")
    assert any(a.startswith("The Kingdom draws card ") for a in said)
    assert rebels.handle("do 1")[0].startswith("Done")
    heard = " ".join(kingdom.handle("log 20"))
    assert heard.count("draws card ") == 1, "the Kingdom heard the Rebels' card"


def test_a_seat_may_not_act_for_the_other_side():
    game = quad_game()
    rebels = PlainSession(game, side="rebels")
    answer = rebels.handle("do draw kingdom")
    assert answer[0].startswith("Refused") and not game.history


def test_undo_takes_back_and_bad_input_is_explained():
    game = quad_game()
    session = PlainSession(game)
    session.handle("do 1")
    assert session.handle("undo")[0] == "Taken back." and not game.history
    assert "Unknown command" in session.handle("launch missiles")[0]
    assert "no action 99" in session.handle("do 99")[0]
    assert "cannot read" in session.handle("do fly kingdom")[0]
    assert "col,row" in session.handle("look here")[0]
    assert "too long" in session.handle("x" * (MAX_LINE + 1))[0]
    assert "No unit" in session.handle("unit \x1b[31mred")[0] and "\x1b" not in session.handle("unit \x1b[31m")[0]


def test_odds_are_the_seats_exact_preview():
    import random

    game, rng = quad_game(5), random.Random(7)  # seed 5: an attack comes up before the game ends
    for _ in range(400):
        attacks = [a for a in game.legal_actions(game.decision().side) if a.kind in ("attack", "charge")]
        if attacks:
            break
        game.apply(rng.choice(game.legal_actions(game.decision().side)))
    assert attacks, "no attack came up in 400 random actions"
    session = PlainSession(game)
    preview = game.seat(attacks[0].side).preview(attacks[0])
    said = session.handle(f"odds {attacks[0].text()}")
    assert said[1:1 + len(preview.modifiers)] == [f"{m}." for m in preview.modifiers]  # where the dice come from
    start = 1 + len(preview.modifiers)
    words = reader(game.ruleset, game.seat(attacks[0].side).view())  # the rule set's words of each outcome's effects
    assert said[start:start + len(preview.outcomes)] == [f"{o.percent:.1f}% {words(o)}." for o in preview.shown()]


def test_run_plain_reads_lines_until_quit():
    out: list[str] = []
    run_plain(quad_game(), lines=["status", "quit", "status"], write=out.append)
    assert out[-1] == "Goodbye." and sum(line.startswith("Turn 1") for line in out) == 2


def test_plain_mode_never_imports_textual():
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-c", "import sys, tui.plain; print(any(m.split('.')[0] == 'textual' for m in sys.modules))"],
        capture_output=True, text=True, check=True,
    )
    assert out.stdout.strip() == "False"


def test_the_command_line_plays_plain_from_piped_lines(tmp_path, monkeypatch):
    import subprocess
    import sys

    env = {"HEXWAR_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"}
    out = subprocess.run(
        [sys.executable, "-m", "tui.cli", "--plain", "new", "quad", "--seed", "3", "--side", "kingdom"],
        input="actions\ndo 1\nquit\n", capture_output=True, text=True, env=env, timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert "1. Draw one card" in out.stdout and "Done: Draw one card." in out.stdout


def test_the_computer_answers_after_each_of_the_persons_actions():
    game = quad_game()
    out: list[str] = []
    run_plain(game, lines=["do 1", "do 1"], write=out.append, computers=["rebels"])
    said = [line for line in out if line.startswith("The computer (The Rebels): ")]
    assert said, "the computer never played the Rebels"
    assert all(a.action.side == "rebels" for a in game.history if a.action.side != "kingdom")
    assert any(a.action.side == "rebels" for a in game.history)
    assert game.decision().side in ("kingdom", None), "the person was left waiting on the computer's side"
    # What the person hears is its own seat's: never the Rebels' cards.
    assert not [line for line in out if "The Rebels draw card" in line]
    kingdom_draws = sum(line.startswith("The Kingdom draws card ") for line in out)
    assert kingdom_draws == sum(1 for r in game.history if r.action.side == "kingdom" and r.action.kind == "draw")


def test_undo_against_the_computer_goes_back_to_the_persons_own_decision():
    game = quad_game()
    session = PlainSession(game, computers=["rebels"])
    session.handle("do 1")
    session.computers_play()
    assert any(r.action.side == "rebels" for r in game.history)
    answer = session.handle("undo")
    assert answer[0].startswith("Taken back") and not game.history, answer
    assert session.handle("undo")[0].startswith("Cannot undo")


def test_the_computer_plays_a_whole_watched_game_in_plain_text():
    game = quad_game(seed=5)
    out: list[str] = []
    run_plain(game, lines=[], write=out.append, computers=["kingdom", "rebels"])
    assert game.result is not None, out[-5:]
    assert any(line.startswith("The game is over.") for line in out)
    assert not [line for line in out if line.startswith("The computer") and ("was refused" in line or "found nothing to do" in line)]


def test_the_command_line_names_the_computers_side_by_id_or_name(tmp_path):
    import subprocess
    import sys

    env = {"HEXWAR_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"}
    run = lambda *args: subprocess.run(  # noqa: E731
        [sys.executable, "-m", "tui.cli", "--plain", "new", "quad", "--seed", "3", *args],
        input="do 1\nquit\n", capture_output=True, text=True, env=env, timeout=120)
    out = run("--ai", "The Rebels")
    assert out.returncode == 0, out.stderr
    assert "The computer (The Rebels):" in out.stdout
    out = run("--ai", "Orcs")
    assert out.returncode != 0 and "unknown side 'Orcs'" in out.stderr and "rebels (The Rebels)" in out.stderr
    out = run("--ai", "rebels", "--side", "REBELS")
    assert out.returncode != 0 and "is the computer's" in out.stderr


def test_rolls_name_their_side_and_unit_as_the_scenario_names_them():
    game = GameService.new(load_scenario("first-blinds", "hundred_wars"), seed=4)
    out: list[str] = []
    run_plain(game, lines=["do 1", "do 1", "do 1"], write=out.append)
    rolls = [line for line in out if " 1d10 [" in line]
    assert any(line.startswith("Blue Legion: set-up") for line in rolls), rolls
    assert not [line for line in rolls if line.split(":")[0] in ("red", "blue", "r1", "b1")], rolls


def test_a_long_list_of_actions_is_read_out_a_page_at_a_time_and_by_kind():
    from tui.plain import PAGE

    game = GameService.new(load_scenario("farm", "dhr"), seed=5)
    session = PlainSession(game)
    session.handle("do 1")  # the chip draw: the M5 Stuart acts
    legal = game.seat(game.decision().side).legal_actions()
    assert len(legal) > PAGE + 5
    said = session.handle("actions")
    assert len(said) == PAGE + 1 and said[-1].startswith(f"... and {len(legal) - PAGE} more")
    assert "move " in said[-1] and "fire " in said[-1]
    fires = session.handle("actions fire")
    assert fires and all("[fire " in line for line in fires), fires
    assert "No action of kind or unit" in session.handle("actions nonsense")[0]
    session.handle("actions")
    beyond = legal[PAGE + 2]  # not read out, still done by its number
    said = session.handle(f"do {PAGE + 3}")
    assert said[0].startswith("Done:") and game.history[-1].action == beyond, said


def test_the_objective_is_read_in_plain_text_with_how_far_each_side_is():
    """Issue 24 item 2 in plain mode: `objective` (or `goal`) lists every condition and how far it is;
    `status` names the player's own objective in a few words."""
    game = quad_game()
    session = PlainSession(game, side="kingdom")
    said = session.handle("objective")
    assert said[0].startswith("Objective (teaching, turn 1 of 8)"), said
    assert any(line.startswith("Victory for ") for line in said) and any("turns left" in line for line in said), said
    assert session.handle("goal") == said
    status = session.handle("status")
    assert any(line.startswith("Objective: hold ") and "turns left" in line for line in status), status


def test_a_game_with_a_given_seed_replays_the_computers_choices_too(tmp_path, monkeypatch, capsys):
    """`hexwar new --seed N` says the seed "to replay the game": the computer's own choices (where Red places its
    blinds) replay with it. Before, its randomness came from system entropy and two runs parted at the blinds."""
    import io
    import sys

    from tui import cli

    def run(n: int) -> str:
        monkeypatch.setenv("HEXWAR_DATA_DIR", str(tmp_path / str(n)))
        monkeypatch.setattr(sys, "stdin", io.StringIO("do 1\n" * 6 + "quit\n"))
        assert cli.main(["--plain", "new", "hundred_wars", "--scenario", "first-blinds", "--ai", "red",
                         "--seed", "7"]) == 0
        return capsys.readouterr().out

    first = run(1)
    assert "The computer (Red Company): Place a blind" in first, first[-800:]
    assert run(2) == first


def test_a_side_nobody_plays_is_named_with_the_way_out():
    """Valley has three sides: `--side federal --ai rebels` left the Free Company to nobody, and plain mode said only
    'Nothing for you to do now: The Free Company decides' at every command from then on."""
    game = GameService.new(load_scenario("valley", ruleset="dirtside"), seed=11)
    out: list[str] = []
    run_plain(game, side="federal", lines=["quit"], write=out.append, computers=["rebels"])
    said = [line for line in out if line.startswith("Nobody plays")]
    assert said and "The Free Company" in said[0] and "--ai free" in said[0], out
    session = PlainSession(game, side="federal", computers=["rebels", "free"])
    assert session.unplayed() == []  # every side has a player: nothing to say
