"""The Textual application: start-up, screen switching, errors in dialogs.

`import tui.app` stays cheap (start-up time is a bar): screens, dialogs and the
rule sets are imported when first shown. Escape must react within 50 ms, so
Textual's escape delay (100 ms by default, read from ESCDELAY) is lowered
before Textual is imported, and again on its constants should Textual already
be loaded.
"""

from __future__ import annotations

import os

MONO_TERMS = frozenset({"vt100", "vt102", "vt220", "xterm-mono", "linux-m", "linux"})
"""Terminals drawn without colour, as with NO_COLOR (Textual reads only NO_COLOR): the map then
shows its highlights by attributes alone. The Linux console has colours but few and dim ones,
so it is taken as monochrome too; TEXTUAL_COLOR_SYSTEM set by the user keeps colour."""


def monochrome(environ=os.environ) -> bool:
    """Whether to draw without colour: NO_COLOR set (any value), or a monochrome TERM."""
    if "NO_COLOR" in environ:
        return True
    return environ.get("TERM", "") in MONO_TERMS and "TEXTUAL_COLOR_SYSTEM" not in environ


def remove_leftovers() -> None:
    """The temporary files of saves a killed hexwar left (issue 24 item 16), in a worker at start."""
    from saves.autosave import remove_leftovers as remove

    remove()


def without_colour_on_mono_terms(app) -> None:
    """Without colour (NO_COLOR, a monochrome TERM): no colour code at all is written (pinned textual 8.2.8).

    Textual's own NO_COLOR handling turns every colour into a grey of the 256-colour palette
    (its `Monochrome` filter: `38;5;241`...) unless the terminal's own ANSI colours are in use;
    NO_COLOR asks for none (issue 24, item 17). So the filter is `NoColor` (default colours,
    attributes kept), last, after any filter that could add a colour back (dim as a blend)."""
    if not monochrome():
        return
    from textual.filter import Monochrome, NoColor

    app.no_color = True
    app._filters = [f for f in app._filters if not isinstance(f, (Monochrome, NoColor))] + [NoColor()]


ESCAPE_DELAY_MS = 5
"""How long a lone ESC waits for the rest of an escape sequence (Textual's default is 100 ms).
A key's sequence comes in one write from the terminal (and in one packet over ssh: the client
reads it whole from its own terminal), so the wait only covers a read that splits it, which a
pty does not do; it was 20 (Escape's reply about 37 ms), then 10 (about 22 ms on a quiet machine,
of which the wait is the half: the 20 ms bar needs 5)."""

os.environ.setdefault("ESCDELAY", str(ESCAPE_DELAY_MS))
FRAMES_PER_SECOND = 120
"""Textual writes a change at the next tick of its screen timer (60 a second by default: up to
17 ms after the key was handled, half of the Escape bar). Idle, the timer is paused: no cost."""
os.environ.setdefault("TEXTUAL_FPS", str(FRAMES_PER_SECOND))

from textual import constants  # noqa: E402
from textual.app import App  # noqa: E402

from tui.app_games import SavedGames  # noqa: E402
from tui.hangup import heard, hung_up, leave_app_on_hangup  # noqa: E402

constants.ESCAPE_DELAY = min(constants.ESCAPE_DELAY, ESCAPE_DELAY_MS / 1000)  # type: ignore[misc]

import tui.screen_dismiss  # noqa: E402,F401 - Screen.dismiss once, and only after mount (type-ahead)


def _screen_commands():
    from tui.commands import ScreenCommands

    return ScreenCommands


def _legal_actions():
    from tui.commands import LegalActions

    return LegalActions


class HexwarApp(SavedGames, App[None]):
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
        without_colour_on_mono_terms(self)
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
        from tui import lean_start

        self.call_after_refresh(lean_start.started)
        if self.autosave:  # after the first frame, off the event loop (saves is imported there)
            self.call_after_refresh(lambda: self.run_worker(remove_leftovers, thread=True, group="leftovers"))
        if "new" in self.start:
            self.start_game(self.start["new"], hide=self.start.get("hide", self.hide_between),
                            referee=self.start.get("referee", False), computers=self.start.get("ai", ()))
        elif "service" in self.start:  # `hexwar load`: the game the command line opened (and checked)
            self.start_game(self.start["service"], hide=self.hide_between, referee=self.start.get("referee", False),
                            computers=self.start.get("ai"))
        elif "load" in self.start:
            self.load_save(self.start["load"], referee=self.start.get("referee", False),
                           computers=self.start.get("ai"))
        elif "edit" in self.start:
            from tui.screens.editor import EditorScreen

            self.push_screen(EditorScreen(self.start["edit"]))
        elif "screen" in self.start:
            self.push_screen(self.start["screen"]())  # a factory: the army builder, a campaign (tui/cli.py)

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
        line += f"Details: {where}. {self._autosave_line()}"
        self._exit_renderables.append(Text(line))
        self._close_messages_no_wait()

    def _autosave_line(self) -> str:
        """What the crash message says of the game in play: its autosave's real state, never a promise."""
        for screen in reversed(self.screen_stack):
            service = getattr(screen, "service", None)
            if service is not None:
                from tui.dialogs import files

                try:
                    return files.autosave_note(service)
                except Exception:  # noqa: BLE001 - the crash line must still go out
                    return "Whether the game was autosaved is unknown."
        return ""

    def action_command_palette(self) -> None:
        """Open the palette (ours: safe against keys typed before it is ready, see `SafePalette`)."""
        from textual.command import CommandPalette

        from tui.commands import SafePalette

        # Not one per screen: a key typed while the palette opened may have pushed a screen over it
        # (a pass-the-keyboard screen, say). No fixed id (Textual gives it one): a palette just
        # closed is still being removed when type-ahead opens the next, and the ids would clash.
        if self.use_command_palette and not any(isinstance(s, CommandPalette) for s in self.screen_stack):
            self.push_screen(SafePalette())

    def _on_key(self, event) -> None:
        # Textual runs App._on_key after this one (handlers run down the class tree) unless stopped here.
        if not self.screen_stack:  # a key still queued when the app closes (an open palette hands them on then)
            event.prevent_default()

    async def on_run_command(self, event) -> None:
        """A key-table command picked in the command palette: run it on the screen that listed it."""
        event.stop()
        screen = event.screen or self.screen
        if screen in self.screen_stack and screen.is_mounted:  # keys typed ahead may have closed it meanwhile
            await screen.run_action(event.action)

    # --- services for the screens ---------------------------------------------------

    def autosave_store(self):
        if not self.autosave:
            return None
        from tui.dialogs import files

        return files.autosave_store()

    def start_game(self, service, *, hide: bool = True, replace: bool = False, referee: bool = False,
                   computers=None) -> None:
        """Show the game screen for `service` (replacing the new-game screen when asked; `referee`:
        the referee seat, which sees everything, as `hexwar ... --referee` asks). `computers`: the
        sides the computer plays (side ids, or side -> level), kept in the game's saves; None: the
        ones its save recorded."""
        from saves import players
        from tui.screens.game import GameScreen

        computers = players.computers(service) if computers is None else players.record(service, computers)
        if service.store is None and self.autosave:
            service.store = self.autosave_store()
        if hasattr(service.store, "listener"):
            service.store.listener = self.autosave_heard
            self.autosave_heard(service.store)  # a resume that fell back to the previous autosave says so
        if "solo" in getattr(service, "prefs", {}):  # a saved game's F4 choice wins over the default
            hide = not service.prefs["solo"]
        screen = GameScreen(service, hide_between=hide, referee=referee, computers=computers)
        if replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def autosave_heard(self, store) -> None:
        """After each autosave: a failure is shown at once (and again when it changes), then its recovery."""
        error = str(store.last_error) if store.last_error is not None else ""
        shown = getattr(store, "_shown_error", "")
        if error and error != shown:
            self.notify(f"{error}. hexwar tries again after each action; ctrl+s saves to a file.",
                        title="Autosave failed", severity="error", timeout=12, markup=False)
        elif not error and shown:
            self.notify(f"Autosaved again as {store.path.name}.", title="Autosave works again", markup=False)
        store._shown_error = error
        for screen in self.screen_stack:  # the status line's warning comes and goes with the error
            if getattr(screen, "service", None) is not None and screen.service.store is store \
                    and hasattr(screen, "status_message") and screen.is_mounted:
                screen.status.set_fields(message=screen.status_message())

    def _release_games(self) -> None:
        """Let other processes open the games being closed (their autosave locks)."""
        for screen in self.screen_stack:
            release = getattr(getattr(getattr(screen, "service", None), "store", None), "release", None)
            if release is not None:
                release()

    def to_title(self) -> None:
        """Back to the title screen, closing everything above it."""
        from tui.screens.title import TitleScreen

        self._release_games()
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

        rules = getattr(screen, "ruleset", None)  # a screen of a game has one; the title screen none
        kinds = rules.action_kinds if rules is not None else None
        title = getattr(screen, "HELP_TITLE", type(screen).__name__.removesuffix("Screen").lower())
        args = (title, getattr(screen, "KEYS", ()))
        words = rules.glossary if rules is not None else None
        options = {"map_keys": kinds is not None, "kinds": kinds, "words": words}
        self.push_screen(HelpScreen(help_text(*args, **options), help_table(*args, **options)))

    def new_game(self, ruleset: str | None = None, scenario: str | None = None) -> None:
        from tui.screens.new_game import NewGameScreen

        self.push_screen(NewGameScreen(ruleset=ruleset, scenario=scenario))

    def new_game_from_file(self, entry) -> None:
        """The new-game form with a scenario file chosen (beside the rule set's bundled ones)."""
        from tui.dialogs import files
        from tui.screens.new_game import NewGameScreen

        def source(ruleset: str):
            bundled = files.scenarios(ruleset)
            return ([entry] + bundled) if ruleset == entry.ruleset else bundled

        self.push_screen(NewGameScreen(ruleset=entry.ruleset, scenario=entry.name, scenario_source=source))

    def army_builder(self) -> None:
        from tui.flow_armies import army_builder

        army_builder(self)

    def campaign(self) -> None:
        from tui.flow_armies import campaign

        campaign(self)

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
    before (no extra wake-ups, nothing written). Once the terminal has hung up
    it reports nothing more and asks the app to end (tui/hangup.py).
    """
    import selectors
    import time
    import types

    try:
        from textual.drivers import linux_driver
    except ImportError:  # not on a POSIX terminal: nothing to do
        return
    if getattr(linux_driver.selectors, "QUICK", False):
        return
    short = ESCAPE_DELAY_MS / 1000 + 0.001

    class QuickSelector(selectors.SelectSelector):
        rounds = 0

        def select(self, timeout=None):
            idle = 0.1 if timeout is None else timeout
            if self.rounds and timeout is not None:
                timeout = min(timeout, short)
                self.rounds -= 1
            ready = super().select(timeout)
            if ready and any(hung_up(key.fd) for key, _ in ready):
                heard()  # the terminal is gone: read nothing more, wait as when idle (tui/hangup.py)
                self.rounds = 0
                time.sleep(idle)
                return []
            if ready:
                self.rounds = 3
            return ready

    shim = types.ModuleType("selectors")
    shim.__dict__.update(selectors.__dict__)
    shim.SelectSelector = QuickSelector
    shim.QUICK = True
    linux_driver.selectors = shim


def exit_status(app: App) -> int:
    """0 when the app ended normally, 1 after an internal error (Textual sets its return code then)."""
    return 1 if app.return_code else 0


def run_app(start: dict | None = None) -> int:
    """Run hexwar: None opens the title screen; {"new": GameService} the game; {"load": path} a save.

    Returns the exit status: 1 after an internal error, as the command line documents.
    """
    quick_escape()
    app = HexwarApp(start, catch_errors=True)
    leave_app_on_hangup(app)
    app.run()
    return exit_status(app)
