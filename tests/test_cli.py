"""The `hexwar` command: exit codes, one-line errors, never a traceback, and no textual for list/verify."""

from __future__ import annotations

import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

from rules.service import GameService
from saves.errors import SaveError
from saves.scenarios import load_scenario
from saves.store import AutosaveStore, save_game
from tests.conftest import TOY_SCENARIO
from tui import cli

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
REGISTER_TOY = "from rules import registry; registry.register('toy', 'Toy', 'tests.toy_ruleset'); "


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXWAR_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture
def saved(tmp_path) -> Path:
    game = GameService.new(load_scenario("toy-skirmish", "toy"), seed=9)
    for _ in range(6):
        game.apply(game.legal_actions()[-1])
    return save_game(game, tmp_path / "game.toml")


def one_error_line(err: str) -> str:
    lines = err.strip("\n").split("\n")
    assert len(lines) == 1, err
    assert lines[0].startswith("hexwar: ")
    assert "Traceback" not in err
    return lines[0]


def test_list_shows_rule_sets_and_scenarios(capsys):
    assert cli.main(["list"]) == 0
    out = capsys.readouterr().out
    assert "toy: Toy rules (tests only)" in out
    assert "toy-skirmish" in out and "Toy Skirmish" in out and "(teaching)" in out


def test_verify_accepts_a_saved_game(saved, capsys):
    assert cli.main(["verify", str(saved)]) == 0
    captured = capsys.readouterr()
    assert "ok" in captured.out and "6 actions replayed" in captured.out and captured.err == ""


def test_verify_rejects_a_tampered_game_with_one_line(saved, capsys):
    text = saved.read_text().replace("\nturn = ", "\nturn = 1", 1)
    saved.write_text(text)
    assert cli.main(["verify", str(saved)]) == 2
    line = one_error_line(capsys.readouterr().err)
    assert str(saved) in line
    assert text == saved.read_text()


@pytest.mark.parametrize(
    "argv,words",
    [
        (["new", "chess"], "unknown rule set 'chess'"),
        (["new", "toy", "--seed", "x"], "--seed: expected a whole number, got 'x'"),
        (["new", "toy", "--seed", "-1"], "expected a seed from 0"),
        (["new", "toy", "--scenario", "nope"], "unknown scenario 'nope' for toy (known: toy-skirmish)"),
        (["new", "toy", "--scenario", "missing.toml"], "missing.toml: no such file"),
        (["new", "toy", "--ai", "z"], "--ai: unknown side 'z' (sides of this scenario: a (Side A), b (Side B))"),
        (["load", "missing.toml"], "missing.toml: no such file"),
        (["verify", "missing.toml"], "missing.toml: no such file"),
        (["bogus"], "invalid choice: 'bogus'"),
        (["new"], "the following arguments are required: RULESET"),
    ],
)
def test_user_errors_print_one_line_and_exit_2(argv, words, capsys, opened):
    assert cli.main(argv) == 2
    assert words in one_error_line(capsys.readouterr().err)
    assert opened == []


def test_a_bad_save_named_by_load_is_one_line(saved, capsys, opened):
    saved.write_text(saved.read_text().replace("speed = 3", 'speed = "fast"', 1))
    assert cli.main(["load", str(saved)]) == 2
    assert "units[1].stats.speed: expected an integer, got 'fast'" in one_error_line(capsys.readouterr().err)


def test_a_scenario_named_by_load_says_how_to_start_it(capsys, opened):
    path = TOY_SCENARIO
    assert cli.main(["load", str(path)]) == 2
    assert "is a scenario, not a saved game" in one_error_line(capsys.readouterr().err)


def test_new_opens_the_game_with_the_given_seed_and_autosaves(capsys, opened, data_dir):
    assert cli.main(["new", "toy", "--seed", "5", "--ai", "b"]) == 0
    (start,) = opened
    game = start["new"]
    assert isinstance(game, GameService) and game.state.seed == 5 and start["ai"] == {"b": "normal"}
    assert game.setup.name == "toy-skirmish"
    assert isinstance(game.store, AutosaveStore) and game.store.folder == data_dir
    err = capsys.readouterr().err
    assert "seed 5" in err
    assert "no computer player" not in err  # the computer plays b (tests/tui/test_computer.py)


def test_the_computers_side_may_be_named_as_the_scenario_names_it(opened, data_dir):
    """Issue 13's `hexwar new quad --ai "The Rebels"`: a side by its name, in any case, or by its id."""
    assert cli.main(["new", "toy", "--seed", "5", "--ai", "side b", "--ai", "B"]) == 0
    assert opened[-1]["ai"] == {"b": "normal"}
    assert cli.main(["new", "quad", "--seed", "5", "--ai", "The Rebels"]) == 0
    assert opened[-1]["ai"] == {"rebels": "normal"}


def test_new_without_a_seed_chooses_a_secret_128_bit_one(capsys, opened):
    assert cli.main(["new", "toy"]) == 0
    seed = opened[0]["new"].state.seed
    err = capsys.readouterr().err
    assert seed.bit_length() > 128 and str(seed) not in err and "a secret seed" in err


def test_new_accepts_a_scenario_file(opened):
    path = TOY_SCENARIO
    assert cli.main(["new", "toy", "--scenario", str(path), "--seed", "1"]) == 0
    assert opened[0]["new"].setup.title == "Toy Skirmish"


def test_load_checks_the_file_then_opens_it(saved, opened):
    assert cli.main(["load", str(saved)]) == 0
    (start,) = opened
    assert start["load"] == str(saved)
    assert len(start["service"].log) == 6


def test_no_command_opens_the_title_screen(opened):
    assert cli.main([]) == 0
    assert opened == [None]


def test_without_the_terminal_ui_no_command_prints_help(monkeypatch, capsys):
    monkeypatch.setattr(cli, "tui_available", lambda: False)
    assert cli.main([]) == 0
    assert "usage: hexwar" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [["--help"], ["list", "--help"], ["new", "--help"], ["load", "--help"], ["verify", "--help"]])
def test_every_command_has_help(argv, capsys):
    assert cli.main(argv) == 0
    assert "usage: hexwar" in capsys.readouterr().out


def test_ctrl_c_exits_quietly(monkeypatch, capsys):
    def interrupted():
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "cmd_list", interrupted)
    assert cli.main(["list"]) == 130
    assert "Traceback" not in capsys.readouterr().err


def test_an_internal_error_is_one_line_unless_debugging(monkeypatch, capsys):
    def broken():
        raise RuntimeError("boom\nsecond line")

    monkeypatch.setattr(cli, "cmd_list", broken)
    assert cli.main(["list"]) == 1
    assert "internal error: RuntimeError: boom second line" in one_error_line(capsys.readouterr().err)
    monkeypatch.setenv("HEXWAR_DEBUG", "1")
    with pytest.raises(RuntimeError):
        cli.main(["list"])


def run(code: str, env_extra: dict | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, **(env_extra or {}))
    return subprocess.run([PY, "-c", code], cwd=ROOT, capture_output=True, text=True, env=env, timeout=120)


def test_list_and_verify_never_import_textual(saved):
    code = (
        REGISTER_TOY + "import sys; from tui.cli import main; "
        f"a = main(['list']); b = main(['verify', {str(saved)!r}]); "
        "print('TEXTUAL' if 'textual' in sys.modules else 'CLEAN', a, b)"
    )
    done = run(code)
    assert done.stdout.strip().endswith("CLEAN 0 0"), done.stdout + done.stderr


def test_the_console_script_exits_2_with_one_line_for_an_unknown_rule_set():
    done = subprocess.run([PY, "-m", "tui.cli", "new", "chess"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert "unknown rule set 'chess'" in one_error_line(done.stderr)
    assert done.stdout == ""


def test_verify_in_a_fresh_process_rejects_garbage():
    bad = ROOT / "tests" / "saves" / "fixtures" / "bad" / "binary-garbage.toml"
    done = subprocess.run([PY, "-m", "tui.cli", "verify", str(bad)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert "not a text file" in one_error_line(done.stderr)


def test_verify_of_a_real_rule_set_save_in_a_fresh_process(tmp_path):
    """End to end, without the toy: a QUAD (or DHR) game saved, then `hexwar verify` on it."""
    from rules import registry
    from saves.scenarios import default_scenario

    real = [e.id for e in registry.entries() if e.id != "toy"]
    assert "quad" in real and "dhr" in real
    ruleset = real[0]
    name = default_scenario(ruleset).name
    game = GameService.new(load_scenario(name, ruleset), seed=3)
    for _ in range(15):
        if game.result:
            break
        assert game.apply(game.legal_actions()[0]).ok
    path = save_game(game, tmp_path / "real.toml")
    done = subprocess.run([PY, "-m", "tui.cli", "verify", str(path)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "the snapshot matches" in done.stdout
    path.write_text(path.read_text().replace("\nseed = 3\n", "\nseed = 4\n", 1))
    done = subprocess.run([PY, "-m", "tui.cli", "verify", str(path)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    line = one_error_line(done.stderr)
    assert ": snapshot." in line or ": game.actions[" in line


# --- issue 9: exit status after an internal error in the UI, a closed pipe -----------------


def test_an_internal_error_in_the_terminal_ui_exits_with_status_1(monkeypatch):
    fake = types.ModuleType("tui.app")
    fake.run_app = lambda start=None: 1  # what run_app returns when the app stopped on an internal error
    monkeypatch.setitem(sys.modules, "tui.app", fake)
    monkeypatch.setattr(cli, "tui_available", lambda: True)
    assert cli.main([]) == 1
    fake.run_app = lambda start=None: 0
    assert cli.main([]) == 0


@pytest.mark.parametrize("args", [["list"], ["--help"], ["--version"], ["verify", "{saved}"]])
def test_a_closed_pipe_is_not_an_error(args, saved, tmp_path):
    read, write = os.pipe()
    os.close(read)  # `hexwar list | head -1` once head has gone: every write fails with EPIPE
    args = [a.replace("{saved}", str(saved)) for a in args]
    code = REGISTER_TOY + "import sys; from tui import cli; sys.exit(cli.main(sys.argv[1:]))"
    try:
        done = subprocess.run([PY, "-c", code, *args], stdout=write, stderr=subprocess.PIPE, text=True,
                              cwd=ROOT, env={**os.environ, "HEXWAR_DATA_DIR": str(tmp_path / "d")})
    finally:
        os.close(write)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""


def test_load_names_the_computers_sides(saved, opened):
    assert cli.main(["load", str(saved), "--ai", "b"]) == 0
    assert opened[0]["ai"] == {"b": "normal"}


def test_load_refuses_an_unknown_computer_side(saved, capsys, opened):
    assert cli.main(["load", str(saved), "--ai", "z"]) == 2
    assert "--ai: unknown side 'z'" in one_error_line(capsys.readouterr().err)
