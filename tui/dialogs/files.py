"""Where saves live and what the load dialog lists (a thin layer over `saves`, which may be absent)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


def saves_dir() -> Path:
    """The user's save folder (HEXWAR_DATA_DIR overrides, for tests)."""
    try:
        from saves.store import saves_dir as from_saves

        return from_saves()
    except ImportError:
        pass
    base = os.environ.get("HEXWAR_DATA_DIR")
    if base:
        return Path(base) / "saves"
    import platformdirs

    return Path(platformdirs.user_data_dir("hexwar")) / "saves"


CONFINED = "HEXWAR_CONFINE_TO_DATA"
"""Set (by `hexwar web`) for an app whose player is not this machine's user: every file it opens
or writes by a typed path must be inside hexwar's data folder (the saves folder's parent)."""


def typed_path(text: str) -> tuple[Path, str]:
    """The file a player typed, and why it may not be opened or written ('' when it may). In an
    app confined to the data folder (a browser's player browses no other file of this machine),
    a relative path is in the saves folder and anything outside the data folder is refused."""
    path = Path(text.strip()).expanduser()
    if not os.environ.get(CONFINED):
        return path, ""
    data = saves_dir().parent.resolve()
    path = (path if path.is_absolute() else saves_dir() / path).resolve()
    if path == data or data in path.parents:
        return path, ""
    return path, f"Only files in {data} can be opened here"


@dataclass(frozen=True)
class ScenarioEntry:
    """A bundled scenario as the dialogs list it."""

    ruleset: str
    name: str
    title: str
    description: str = ""
    path: Path | None = None


def scenarios(ruleset: str | None = None) -> list[ScenarioEntry]:
    """Bundled scenarios (of one rule set), or none when `saves` is not there yet."""
    try:
        from saves.scenarios import list_scenarios
    except ImportError:
        return []
    out = []
    try:
        found = list_scenarios(ruleset) if ruleset else list_scenarios()
    except Exception:
        return []
    found = sorted(found, key=lambda i: not getattr(i, "teaching", False))
    for item in found:
        if isinstance(item, str):
            out.append(ScenarioEntry(ruleset or "", item, item))
            continue
        out.append(
            ScenarioEntry(
                ruleset=str(getattr(item, "ruleset", ruleset or "")),
                name=str(getattr(item, "name", item)),
                title=str(getattr(item, "title", "") or getattr(item, "name", item)),
                description=str(getattr(item, "description", "") or ""),
                path=getattr(item, "path", None),
            )
        )
    return out


def load_scenario(entry: ScenarioEntry):
    """The `Setup` of a bundled scenario (raises on a bad file)."""
    from saves.scenarios import load_scenario as load

    return load(str(entry.path) if entry.path else entry.name, entry.ruleset or None)


def user_saves() -> list[Path]:
    """The user's saves, newest first."""
    folder = saves_dir()
    if not folder.is_dir():
        return []
    try:
        from saves.files import remove_stale_temps

        remove_stale_temps(folder)  # what killed writers left behind
    except ImportError:
        pass
    files = [p for p in folder.glob("*.toml") if p.is_file()]
    return sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)


def load_game(path):
    """A `GameService` from a save file (raises SaveError or OSError)."""
    from saves.store import load_game as load

    return load(Path(path))


def is_autosave(path) -> bool:
    """Whether the player chose one of the autosaves (resumed in its own file, not forked)."""
    from saves.autosave import is_autosave as autosave

    return autosave(path)


def save_game(service, path) -> None:
    from saves.store import save_game as save

    Path(path).parent.mkdir(parents=True, exist_ok=True)
    save(service, Path(path))


def autosave_store():
    """A new game's autosave store (its own file, see `saves.autosave`), or None."""
    try:
        from saves.autosave import AutosaveStore
    except ImportError:
        return None
    try:
        return AutosaveStore()
    except Exception:
        return None


def _data_dir() -> Path:
    base = os.environ.get("HEXWAR_DATA_DIR")
    if not base:
        import platformdirs

        base = platformdirs.user_data_dir("hexwar", appauthor=False)
    return Path(base)


def autosave_count() -> int:
    """How many autosaves there are to resume, without importing `saves` (the title asks at start-up).

    Mirrors `saves.autosave`: `autosaves/*.toml` in the data folder, and the
    single `autosave.toml` of older versions.
    """
    base = _data_dir()
    legacy = base / "autosave.toml"
    count = 1 if legacy.is_file() and legacy.stat().st_size > 0 else 0
    folder = base / "autosaves"
    if folder.is_dir():
        count += sum(1 for p in folder.glob("*.toml") if p.is_file())
    return count


def autosave_exists() -> bool:
    return autosave_count() > 0


def unfinished_games() -> list:
    """The unfinished games (`AutosaveInfo`), newest first."""
    from saves.autosave import list_autosaves

    return list_autosaves()


def autosave_note(service) -> str:
    """What the quit dialog says about the autosave: never claims a save that did not happen."""
    store = getattr(service, "store", None)
    status = getattr(store, "status", None)
    if status is None:
        return "This game is not autosaved: save it with ctrl+s to keep it."
    return status()


def scenario_file(path) -> ScenarioEntry | None:
    """The scenario in a file the player chose to load (a scenario, not a save), or None."""
    try:
        from saves.files import read_document

        doc = read_document(path)
    except Exception:  # noqa: BLE001 - not a readable scenario: the load error says why
        return None
    if doc.kind != "scenario":
        return None
    p = Path(path)
    return ScenarioEntry(doc.ruleset, str(p), f"{doc.title or doc.name} ({p.name})", doc.description, p)
