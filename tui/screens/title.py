"""The title screen: new game, load, resume the autosave, rules reference, quit."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.keys import TITLE_KEYS, bindings

BANNER = r"""
 _                                 
| |__   _____  ____      ____ _ _ __ 
| '_ \ / _ \ \/ /\ \ /\ / / _` | '__|
| | | |  __/>  <  \ V  V / (_| | |   
|_| |_|\___/_/\_\  \_/\_/ \__,_|_|   
"""


class TitleScreen(Screen[None]):
    """The first screen of `hexwar`; every entry also has a key."""

    KEYS = TITLE_KEYS
    HELP_TITLE = "the title screen"
    BINDINGS = bindings(TITLE_KEYS)

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(BANNER.strip("\n"), id="banner")
            yield Static("tabletop wargames on a hex map", id="tagline")
            with Center():
                yield OptionList(
                    Option("n  New game", id="new_game"),
                    Option("o  Load a game or scenario", id="load"),
                    Option("c  Resume the autosaved game", id="resume"),
                    Option("r  Rules reference", id="rules"),
                    Option("q  Quit", id="quit"),
                    id="title-menu",
                )
            yield Static("up/down + Enter, or the letter keys.  ? help", id="title-keys")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()
        self.call_after_refresh(self.check_autosave)  # after the first frame: it imports `saves`

    def on_screen_resume(self) -> None:
        self.check_autosave()

    def check_autosave(self) -> None:
        """Grey out 'Resume' when there is no autosave."""
        from tui.dialogs import files

        menu = self.query_one(OptionList)
        try:
            found = files.autosave_path() is not None
        except Exception:  # noqa: BLE001 - a bad data folder: leave the entry on, resuming will say why
            found = True
        index = menu.get_option_index("resume")
        if found:
            menu.enable_option_at_index(index)
        else:
            menu.disable_option_at_index(index)

    @on(OptionList.OptionSelected, "#title-menu")
    def picked(self, event: OptionList.OptionSelected) -> None:
        self.run_action(event.option.id)

    def action_new_game(self) -> None:
        self.app.new_game()

    def action_load(self) -> None:
        self.app.load_dialog()

    def action_resume(self) -> None:
        self.app.resume()

    def action_rules(self) -> None:
        self.app.rules_reference()

    def action_help(self) -> None:
        self.app.show_help(self)

    def action_quit(self) -> None:
        self.app.exit()
