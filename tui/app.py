"""The Textual application: start-up, screen switching, errors in dialogs.

`import tui.app` stays cheap (start-up time is a bar): screens, dialogs and the
rule sets are imported when first shown. Escape must react within 50 ms, so
Textual's escape delay (100 ms by default, read from ESCDELAY) is lowered
before Textual is imported, and again on its constants should Textual already
be loaded.
"""

from __future__ import annotations

import os

ESCAPE_DELAY_MS = 20
"""How long a lone ESC waits for the rest of an escape sequence (Textual's default is 100 ms)."""

os.environ.setdefault("ESCDELAY", str(ESCAPE_DELAY_MS))

from textual import constants  # noqa: E402
from textual.app import App  # noqa: E402

constants.ESCAPE_DELAY = min(constants.ESCAPE_DELAY, ESCAPE_DELAY_MS / 1000)  # type: ignore[misc]


def _screen_commands():
    from tui.commands import ScreenCommands

    return ScreenCommands


def _legal_actions():
    from tui.commands import LegalActions

    return LegalActions


class HexwarApp(App[None]):
    """hexwar: the title screen, or straight into a game (see `run_app`)."""

    CSS_PATH = "app.tcss"
    TITLE = "hexwar"
    ENABLE_COMMAND_PALETTE = True
    COMMANDS = {_screen_commands, _legal_actions}

    def __init__(
        self, start: dict | None = None, *, autosave: bool = True, hide_between: bool = True,
        catch_errors: bool = False,
    ) -> None:
        super().__init__()
        self.start = start or {}
        self.catch_errors = catch_errors
        """On an internal error, end with one line (details in crash.log) instead of a traceback."""
        self.autosave = autosave
        """Attach the autosave store to new and loaded games (tests turn it off)."""
        self.hide_between = hide_between
        """Default for the pass-the-keyboard screen of games started without the new-game form."""

    def get_default_screen(self):
        """The title screen is the bottom of the stack (no blank default screen painted first)."""
        from tui.screens.title import TitleScreen

        return TitleScreen()

    def on_mount(self) -> None:
        if "new" in self.start:
            self.start_game(self.start["new"], hide=self.start.get("hide", self.hide_between),
                            referee=self.start.get("referee", False), computers=self.start.get("ai", ()))
        elif "load" in self.start:
            self.load_save(self.start["load"], referee=self.start.get("referee", False))

    def _fatal_error(self) -> None:
        """An unhandled error ends the app: one plain line for the player, the traceback to crash.log."""
        if not self.catch_errors:
            super()._fatal_error()
            return
        import traceback

        from rich.text import Text

        error = self._exception
        where = "crash.log"
        try:
            from tui.dialogs import files

            log = files.saves_dir().parent / "crash.log"
            log.parent.mkdir(parents=True, exist_ok=True)
            log.write_text("".join(traceback.format_exception(error)) if error else "unknown error\n")
            where = str(log)
        except Exception:  # noqa: BLE001 - the line below still goes out
            pass
        line = f"hexwar stopped on an internal error ({type(error).__name__}: {error}). "
        line += f"Details: {where}. The autosave keeps your game."
        self._exit_renderables.append(Text(line))
        self._close_messages_no_wait()

    async def on_run_command(self, event) -> None:
        """A key-table command picked in the command palette: run it on the screen that listed it."""
        event.stop()
        await (event.screen or self.screen).run_action(event.action)

    # --- services for the screens ---------------------------------------------------

    def autosave_store(self):
        if not self.autosave:
            return None
        from tui.dialogs import files

        return files.autosave_store()

    def start_game(self, service, *, hide: bool = True, replace: bool = False, referee: bool = False,
                   computers=()) -> None:
        """Show the game screen for `service` (replacing the new-game screen when asked; `referee`:
        the referee seat, which sees everything, as `hexwar ... --referee` asks)."""
        from tui.screens.game import GameScreen

        if service.store is None and self.autosave:
            service.store = self.autosave_store()
        screen = GameScreen(service, hide_between=hide, referee=referee, computers=computers)
        if replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def to_title(self) -> None:
        """Back to the title screen, closing everything above it."""
        from tui.screens.title import TitleScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, TitleScreen):
            self.pop_screen()
        if not isinstance(self.screen, TitleScreen):
            self.switch_screen(TitleScreen())

    def show_error(self, title: str, message: str, then=None) -> None:
        """An error dialog; `then()` runs once it is closed (for example: offer the choice again)."""
        from tui.dialogs.error import ErrorDialog

        self.push_screen(ErrorDialog(title, message), (lambda _: then()) if then is not None else None)

    def show_help(self, screen) -> None:
        from tui.screens.help import HelpScreen, help_table, help_text

        kinds = getattr(getattr(screen, "ruleset", None), "action_kinds", None)
        title = getattr(screen, "HELP_TITLE", type(screen).__name__.removesuffix("Screen").lower())
        args = (title, getattr(screen, "KEYS", ()))
        words = getattr(getattr(screen, "ruleset", None), "glossary", None)
        options = {"map_keys": kinds is not None, "kinds": kinds, "words": words}
        self.push_screen(HelpScreen(help_text(*args, **options), help_table(*args, **options)))

    def new_game(self, ruleset: str | None = None, scenario: str | None = None) -> None:
        from tui.screens.new_game import NewGameScreen

        self.push_screen(NewGameScreen(ruleset=ruleset, scenario=scenario))

    def load_dialog(self) -> None:
        from tui.dialogs.load import LoadDialog

        def chosen(choice) -> None:
            if choice is None:
                return
            what, value = choice
            if what == "save":
                self.load_save(value, retry=self.load_dialog)  # a bad file: back to the list
            else:
                self.new_game(value.ruleset, value.name)

        self.push_screen(LoadDialog(), chosen)

    def load_save(self, path, retry=None, referee: bool = False) -> None:
        """Open a saved game; a bad file is reported in a dialog (then `retry()` runs, if given)."""
        from tui.dialogs import files

        try:
            service = files.load_game(path)
        except Exception as exc:  # noqa: BLE001 - SaveError, OSError, anything: the player sees it
            self.show_error("This game cannot be loaded", str(exc), then=retry)
            return
        self.start_game(service, hide=self.hide_between, referee=referee)

    def resume(self) -> None:
        from tui.dialogs import files

        if files.autosave_path() is None:
            self.show_error("Nothing to resume", "There is no autosaved game yet.")
            return
        try:
            service = files.resume_game()
        except Exception as exc:  # noqa: BLE001
            self.show_error("The autosave cannot be resumed", str(exc))
            return
        self.start_game(service, hide=self.hide_between)

    def rules_reference(self) -> None:
        from rules import registry
        from tui.dialogs.choice import ChoiceDialog
        from tui.screens.rules_reference import RulesReferenceScreen

        entries = registry.entries()

        def chosen(rid: str | None) -> None:
            if rid is None:
                return
            try:
                ruleset = registry.get(rid)
            except Exception as exc:  # noqa: BLE001
                self.show_error("The rule set cannot be loaded", str(exc))
                return
            self.push_screen(RulesReferenceScreen(ruleset))

        if not entries:
            self.show_error("No rule sets", "No rule set is installed.")
        elif len(entries) == 1:
            chosen(entries[0].id)
        else:
            self.push_screen(ChoiceDialog("Rules reference of", [(e.id, e.name) for e in entries]), chosen)


def quick_escape() -> None:
    """Let a lone Escape through within about ESCAPE_DELAY_MS.

    Lowering Textual's escape delay is not enough on its own: the Linux driver's
    input thread checks the parser's timeout only when its `select()` returns,
    which it does after 100 ms of silence. This gives that thread a selector
    that, for a few rounds after input arrived, waits just past the escape delay
    instead, so a pending ESC is resolved on time; while idle it waits 100 ms as
    before (no extra wake-ups, nothing written).
    """
    import selectors
    import types

    try:
        from textual.drivers import linux_driver
    except ImportError:  # not on a POSIX terminal: nothing to do
        return
    if getattr(linux_driver.selectors, "QUICK", False):
        return
    short = ESCAPE_DELAY_MS / 1000 + 0.005

    class QuickSelector(selectors.SelectSelector):
        rounds = 0

        def select(self, timeout=None):
            if self.rounds and timeout is not None:
                timeout = min(timeout, short)
                self.rounds -= 1
            ready = super().select(timeout)
            if ready:
                self.rounds = 3
            return ready

    shim = types.ModuleType("selectors")
    shim.__dict__.update(selectors.__dict__)
    shim.SelectSelector = QuickSelector
    shim.QUICK = True
    linux_driver.selectors = shim


def run_app(start: dict | None = None) -> None:
    """Run hexwar: None opens the title screen; {"new": GameService} the game; {"load": path} a save."""
    quick_escape()
    HexwarApp(start, catch_errors=True).run()
