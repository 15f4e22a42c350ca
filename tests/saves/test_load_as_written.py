"""A save as `render_save` wrote it is loaded without parsing its `[snapshot]` (saves/store.py `_as_written`):
the replay's snapshot, written the same way, is compared with the file's text. Any other file goes the whole
way and is accepted or refused exactly as before."""

from __future__ import annotations

import pytest

from rules.service import GameService
from saves import store
from saves.errors import SaveError
from saves.store import load_game, save_game
from tests.conftest import toy_setup


@pytest.fixture
def saved(tmp_path):
    game = GameService.new(toy_setup(), seed=1)
    for _ in range(5):
        assert game.apply(game.legal_actions()[0], autosave=False).ok
    return game, save_game(game, tmp_path / "game.toml")


def _no_full_check(*args, **kwargs):
    raise AssertionError("the snapshot was parsed and compared field by field")


def test_a_save_as_written_is_checked_by_its_text_alone(saved, monkeypatch):
    game, path = saved
    monkeypatch.setattr(store, "first_difference", _no_full_check)
    loaded = load_game(path)
    assert loaded.state == game.state and loaded.log == game.log


def test_a_changed_snapshot_is_still_refused_with_its_field(saved):
    _, path = saved
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('active_side = "b"', 'active_side = "a"'), encoding="utf-8")
    with pytest.raises(SaveError, match=r"snapshot\.active_side: the replay of the action log gives 'b'"):
        load_game(path)


def test_the_same_snapshot_written_otherwise_still_loads(saved):
    game, path = saved
    text = path.read_text(encoding="utf-8")
    assert "\nturn = 3\n" in text
    path.write_text(text.replace("\nturn = 3\n", "\nturn = 0x3  # by hand\n"), encoding="utf-8")
    assert load_game(path).state == game.state


def test_a_snapshot_named_before_the_last_one_is_refused_as_before(saved):
    _, path = saved
    text = path.read_text(encoding="utf-8")
    path.write_text("snapshot.turn = 3\n" + text, encoding="utf-8")
    with pytest.raises(SaveError, match="snapshot"):
        load_game(path)


def test_a_snapshots_plain_values_keep_their_edges():
    """`plain` passes the commonest values through by their exact type: subclasses and big numbers still convert."""
    import enum
    from fractions import Fraction

    from saves.snapshots import plain

    class Colour(str, enum.Enum):
        RED = "red"

    values = {"s": "x", "t": True, "f": 1.5, "i": -2**63, "big": 2**63, "e": Colour.RED, "q": Fraction(1, 3),
              "n": None, "l": [None, 2, (3, 4)]}
    assert plain(values) == {"s": "x", "t": True, "f": 1.5, "i": -2**63, "big": str(2**63), "e": "red",
                             "q": "1/3", "l": ["null", 2, [3, 4]]}
    assert type(plain(Colour.RED)) is str
