"""The key tables: one per screen, the single source for bindings, `?` help and the command palette.

Each screen derives its `BINDINGS` from its table with `bindings()`, the help
screen lists the same rows, and the command palette offers them by label. Rule
sets pick their action-kind keys among the lowercase letters the UI leaves
free (`FREE_FOR_RULESETS`); the map widget handles the cursor keys itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding


@dataclass(frozen=True)
class Key:
    """One command of a screen: its key, the action it runs, and how help names it."""

    key: str
    """Textual key name(s), comma separated ("u", "ctrl+s", "question_mark")."""
    action: str
    """The screen action it runs (`action_<name>`)."""
    label: str
    """Short name for help and the command palette."""
    help: str = ""
    """One line on what it does."""
    display: str | None = None
    """How the key is written in help ("?" for question_mark)."""
    palette: bool = True
    """Offer it in the ctrl+p command palette too."""

    @property
    def shown(self) -> str:
        return self.display or self.key


def bindings(table: tuple[Key, ...]) -> list[Binding]:
    """Textual bindings for a key table (not shown in a footer: `?` lists them)."""
    return [Binding(k.key, k.action, k.label, show=False, key_display=k.display) for k in table]


MAP_KEYS: tuple[tuple[str, str], ...] = (
    ("arrows", "move the cursor (left/right: W/E; up/down: to the row above/below)"),
    ("7 9 4 6 1 3", "move the cursor NW NE W E SW SE (numpad layout)"),
    ("enter / click", "select the hex; pick the target; confirm"),
)
"""Keys the hex map handles itself (shown in help, not bound by screens)."""

RESERVED = frozenset(
    "up down left right 7 9 4 6 1 3 enter escape tab shift+tab question_mark u U ctrl+s q z l n N r "
    "ctrl+p space 0 2 5 8 O P".split()
)
"""Keys the UI keeps for itself; a rule set's action kinds must use other keys."""

FREE_FOR_RULESETS = "abcdefghijkmopstvwxy"
"""Lowercase letters a rule set may give its action kinds."""

GLOBAL_KEYS: tuple[Key, ...] = (
    Key("ctrl+p", "command_palette", "Command palette", "search every command and the legal actions by name",
        palette=False),
)

TITLE_KEYS: tuple[Key, ...] = (
    Key("n", "new_game", "New game", "choose a rule set, scenario, sides and seed"),
    Key("o", "load", "Load", "open a saved game or a bundled scenario"),
    Key("c", "resume", "Resume", "resume the autosaved game"),
    Key("r", "rules", "Rules reference", "read a rule set's quick reference"),
    Key("g", "resolver", "Quick resolver", "the game master's resolver: any procedure's odds and a roll, no map"),
    Key("e", "editor", "Scenario editor", "draw a map, place forces and save a scenario"),
    Key("a", "army", "Army builder", "build an army within a points limit (rule sets with points)"),
    Key("m", "campaign", "Campaign", "a campaign's state, its between-battle steps and its next battle"),
    Key("w", "replay", "Watch a game again", "step through a saved game, branch from it, read its report"),
    Key("question_mark", "help", "Help", "list the keys of this screen", display="?"),
    Key("q", "quit", "Quit", "leave hexwar"),
    Key("up", "menu(-1)", "Up", "the menu entry above", display="up", palette=False),
    Key("down", "menu(1)", "Down", "the menu entry below", display="down", palette=False),
    Key("enter", "menu_run", "Open", "open the marked menu entry", palette=False),
)

NEW_GAME_KEYS: tuple[Key, ...] = (
    Key("ctrl+g", "start", "Start the game", "start with these settings", display="ctrl+g"),
    Key("escape", "back", "Back", "return to the title screen"),
    Key("question_mark", "help", "Help", "list the keys of this screen", display="?"),
)

GAME_KEYS: tuple[Key, ...] = (
    Key("escape", "cancel", "Cancel", "drop the pending action, then the selection"),
    Key("space", "confirm", "Confirm / end", "confirm the pending action; with none, offer the side's pass / release / end"),
    Key("pagedown", "choices_page(1)", "More choices", "while choosing by letter: the next choices in sight",
        display="PgDn", palette=False),
    Key("pageup", "choices_page(-1)", "Earlier choices", "while choosing by letter: the previous choices",
        display="PgUp", palette=False),
    Key("n", "next_unit", "Next unit", "select the next unit that can act (while aiming: the next valid hex)"),
    Key("N", "previous_unit", "Previous unit", "select the previous unit (while aiming: the previous valid hex)"),
    Key("u", "undo", "Undo", "take back the last action (pass screen on: only your own, and never a roll)"),
    Key("plus", "computer_speed", "Computer speed", "the computer's pace: normal, slow, fast", display="+"),
    Key("P", "hold_computer", "Hold the computer",
        "while you may react to the computer's move: stop its count-down; again: let it play on"),
    Key("H", "hint", "Hint", "what the computer would do for your side now: its exact odds and why"),
    Key("U", "redo", "Redo", "apply again the action taken back"),
    Key("I", "unit_detail", "Unit detail / odds",
        "everything about the unit under the cursor; with an action pending, all its odds; while choosing, "
        "every choice's odds"),
    Key("z", "zoom", "Zoom", "switch the map between compact and outlined hexes"),
    Key("l", "legend", "Legend", "show or hide the terrain legend"),
    Key("tab", "focus_next", "Next panel", "move the focus to the next panel", palette=False),
    Key("shift+tab", "focus_previous", "Previous panel", "move the focus to the previous panel", palette=False),
    Key("f2", "toggle_side", "Toggle side panel", "show or hide the roster, card and dice log"),
    Key("f3", "toggle_dice", "Longer dice log", "give the dice log the unit card's rows too, or give them back"),
    Key("f4", "toggle_hide", "Pass-the-keyboard screen", "hide each side's secrets between decisions, or not"),
    Key("r", "rules", "Rules reference", "the rule set's quick reference, after this scenario's objective"),
    Key("O", "objective", "Objective: victory conditions",
        "what each side must do to win, the turn limit, and how far each side is from each"),
    Key("G", "summary", "Game log", "every action so far and what it did (once over: the summary too)"),
    Key("ctrl+s", "save", "Save", "save the game to a file"),
    Key("question_mark", "help", "Help", "list every key of this screen", display="?"),
    Key("q", "quit", "Quit", "leave the game (asks first; the autosave keeps it)"),
)

GAME_OVER_KEYS: tuple[Key, ...] = (
    Key("escape", "back", "Back to the map", "look at the final position"),
    Key("t", "title", "Title screen", "return to the title screen"),
    Key("r", "report", "After-action report", "losses, strength, luck and who was ahead, by turn"),
    Key("w", "replay", "Watch it again", "step through the game from its opening (replay)"),
    Key("question_mark", "help", "Help", "list the keys of this screen", display="?"),
    Key("q", "quit", "Quit", "leave hexwar"),
)

READER_KEYS: tuple[Key, ...] = (
    Key("escape", "close", "Close", "return to the previous screen"),
    Key("q", "close", "Close", "return to the previous screen", palette=False),
)

PASS_KEYS: tuple[Key, ...] = (
    Key("enter,space", "ready", "Ready", "show the screen to the side now deciding", display="enter"),
)
