"""`hexwar replay --plain` (tui/plain_replay.py) and `hexwar report` / `hexwar replay` from the command line."""

from __future__ import annotations

from rules.replay import Replay
from saves.store import save_game
from tests.tui.test_replay_screen import watched_game
from tui.cli import main
from tui.plain_replay import run_plain_replay


def plain(service, lines, **kwargs) -> list[str]:
    out: list[str] = []
    run_plain_replay(service, lines=lines, write=out.append, **kwargs)
    return out


def test_next_back_turn_and_goto_move_the_position_read_only():
    service = watched_game(40)
    out = plain(service, ["start", "next", "next 3", "back", "goto 12", "turn", "turn back", "do 1", "undo",
                          "goto x", "dice 2", "quit"], referee=True)
    positions = [line.split(":")[0] for line in out if line.startswith("Action ")]
    turns = Replay(service).turns()
    next_start = next(n for n in range(13, 41) if turns[n] != turns[12])
    previous_start = min(n for n in range(41) if turns[n] == turns[next_start - 1])  # already at a turn's start
    assert positions == ["Action 40 of 40", "Action 0 of 40", "Action 1 of 40", "Action 4 of 40", "Action 3 of 40",
                         "Action 12 of 40", f"Action {next_start} of 40", f"Action {previous_start} of 40"]
    assert out.count("This is a replay: nothing can be done in it (hexwar load FILE plays the game on).") == 2
    assert "Write goto and an action number from 0 to 40." in out
    assert len(service.history) == 40


def test_report_in_plain_mode_has_the_luck_table():
    out = plain(watched_game(40), ["report", "quit"], referee=True)
    assert "Luck: tested rolls against the exact odds" in out
    assert any(line.startswith("Strength by turn") for line in out)
    assert any(line.startswith("Who was ahead") for line in out)  # plain mode passes the computer's evaluator in


def test_hexwar_report_writes_markdown(tmp_path, capsys):
    path = save_game(watched_game(40), tmp_path / "g.toml")
    out = tmp_path / "report.md"
    assert main(["report", str(path), "--out", str(out), "--referee"]) == 0
    text = out.read_text()
    assert text.startswith("# After-action report: toy-skirmish") and "## Luck" in text and "| turn |" in text
    assert "## Who was ahead" in text
    assert main(["report", str(path)]) == 0
    shown = capsys.readouterr().out
    assert "Seen as: Side" in shown  # a game in progress: one side's view by default, never the referee's


def test_hexwar_replay_opens_the_replay_screen_and_refuses_two_views(tmp_path, capsys, opened):
    path = save_game(watched_game(10), tmp_path / "g.toml")
    assert main(["replay", str(path), "--side", "b"]) == 0
    screen = opened[0]["screen"]()
    assert screen.side == "b" and screen.replay.length == 10
    assert main(["replay", str(path), "--side", "b", "--referee"]) == 2
    assert "choose one" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.toml")]) == 2
