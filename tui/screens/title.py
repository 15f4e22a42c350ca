"""The title screen: new game, load, resume an unfinished game (one autosave each), rules reference, quit.

The menu is one Static of clickable lines rather than an OptionList: the first
frame is a start-up bar, and an OptionList costs a second paint. Every entry
has its letter key; the mouse works too.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from tui.keys import TITLE_KEYS, bindings

BANNER = r"""
 _                                    
| |__   _____  ____      ____ _ _ __  
| '_ \ / _ \ \/ /\ \ /\ / / _` | '__| 
| | | |  __/>  <  \ V  V / (_| | |    
|_| |_|\___/_/\_\  \_/\_/ \__,_|_|    
"""

MENU = (
    ("n", "new_game", "New game"),
    ("o", "load", "Load a game or scenario"),
    ("c", "resume", "Resume an unfinished game"),
    ("r", "rules", "Rules reference"),
    ("g", "resolver", "Quick resolver (game master)"),
    ("e", "editor", "Scenario editor"),
    ("a", "army", "Army builder"),
    ("m", "campaign", "Campaign: play its next battle"),
    ("w", "replay", "Watch a game again (replay)"),
    ("q", "quit", "Quit"),
)


def menu_content(can_resume: int, marked: int = 0) -> Content:
    """The menu lines, each a click target for its action (our own text: markup is safe here).

    The `marked` entry (moved with up/down, opened with Enter) has a '>' and reverse video.
    """
    lines = []
    for n, (key, action, label) in enumerate(MENU):
        mark = ">" if n == marked else " "
        if action == "resume" and not can_resume:
            line = f"[dim]{mark}{key}  Resume (no unfinished game)[/dim]"
        elif action == "resume" and can_resume > 1:
            line = f"[@click=screen.{action}]{mark}[b]{key}[/b]  Resume a game ({can_resume} unfinished)[/]"
        else:
            line = f"[@click=screen.{action}]{mark}[b]{key}[/b]  {label}[/]"
        lines.append(f"[reverse]{line}[/reverse]" if n == marked else line)
    return Content.from_markup("\n".join(lines))


class TitleScreen(Screen[None]):
    """The first screen of `hexwar`; every entry has a key."""

    KEYS = TITLE_KEYS
    HELP_TITLE = "the title screen"
    BINDINGS = bindings(TITLE_KEYS)

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(BANNER.strip("\n"), id="banner")
            yield Static("tabletop wargames on a hex map", id="tagline")
            yield Static(menu_content(self.can_resume(), self.marked), id="title-menu")
            yield Static("a letter, or up/down + Enter.  ? help", id="title-keys")

    marked = 0
    """The menu entry Enter opens."""

    def on_screen_resume(self) -> None:
        self.query_one("#title-menu", Static).update(menu_content(self.can_resume(), self.marked))

    def action_menu(self, step: int) -> None:
        self.marked = (self.marked + step) % len(MENU)
        self.query_one("#title-menu", Static).update(menu_content(self.can_resume(), self.marked))

    def action_menu_run(self) -> None:
        getattr(self, f"action_{MENU[self.marked][1]}")()

    @staticmethod
    def can_resume() -> int:
        """How many unfinished games have an autosave (cheap: no `saves` import before the first frame)."""
        from tui.dialogs import files

        try:
            return files.autosave_count()
        except Exception:  # noqa: BLE001 - a bad data folder: offer it; resuming will say why
            return 1

    def action_new_game(self) -> None:
        self.app.new_game()

    def action_load(self) -> None:
        self.app.load_dialog()

    def action_resume(self) -> None:
        self.app.resume()

    def action_rules(self) -> None:
        self.app.rules_reference()

    def action_resolver(self) -> None:
        from tui.screens.resolver import ResolverScreen

        self.app.push_screen(ResolverScreen())

    def action_editor(self) -> None:
        from tui.screens.editor import open_editor

        open_editor(self.app)

    def action_army(self) -> None:
        self.app.army_builder()

    def action_campaign(self) -> None:
        self.app.campaign()

    def action_replay(self) -> None:
        from tui.dialogs.replay_pick import open_replay

        open_replay(self.app)

    def action_help(self) -> None:
        self.app.show_help(self)

    def action_quit(self) -> None:
        self.app.exit()
