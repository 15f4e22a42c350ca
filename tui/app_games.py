"""The app's saved games: the load dialog, loading a save, resuming or abandoning an autosave.

Split from tui/app.py: `HexwarApp` takes these methods from `SavedGames`. No textual
import at the top (`import tui.app` stays cheap); dialogs are imported when shown.
"""

from __future__ import annotations


class SavedGames:
    """`HexwarApp`'s opening of saved games (uses its `start_game`, `new_game`, `show_error`, `push_screen`)."""

    def load_dialog(self) -> None:
        from tui.dialogs.load import LoadDialog

        def chosen(choice) -> None:
            if choice is None:
                return
            what, value = choice
            if what == "save":
                self.load_save(value, retry=self.load_dialog, ask=True)  # a bad file: back to the list
            else:
                self.new_game(value.ruleset, value.name)

        self.push_screen(LoadDialog(), chosen)

    def load_save(self, path, retry=None, referee: bool = False, computers=None, ask: bool = False) -> None:
        """Open a saved game; a bad file is reported in a dialog (then `retry()` runs, if given).
        `computers`: the sides the computer plays (None: as the save says); `ask`: first ask who plays
        each side (from the title). An autosave is resumed in its own file, not forked."""
        from tui.dialogs import files

        if self.autosave and files.is_autosave(path):
            self.resume_path(path, retry=retry, referee=referee, computers=computers, ask=ask)
            return
        try:
            service = files.load_game(path)
        except Exception as exc:  # noqa: BLE001 - SaveError, OSError, anything: the player sees it
            scenario = files.scenario_file(path) if getattr(exc, "path", None) == "kind" else None
            if scenario is not None:  # a scenario, not a save: offer to start it
                self.new_game_from_file(scenario)
                return
            self.show_error("This game cannot be loaded", str(exc), then=retry)
            return
        self.open_loaded(service, referee=referee, computers=computers, ask=ask)

    def open_loaded(self, service, *, referee: bool = False, computers=None, ask: bool = False) -> None:
        """Show a loaded game, its computer sides as its save recorded unless `computers` says; `ask`:
        first ask who plays each side (the save's choice marked, the computer's levels kept)."""
        from saves import players

        levels = players.computers(service) if computers is None else players.as_levels(computers)
        if not ask:
            self.start_game(service, hide=self.hide_between, referee=referee, computers=levels)
            return
        from tui.dialogs.players import PlayersDialog

        def chosen(sides) -> None:
            if sides is None:  # Esc: back to the title, nothing opened
                getattr(service.store, "release", lambda: None)()  # a resumed autosave's lock
                return
            self.start_game(service, hide=self.hide_between and not sides, referee=referee, computers=dict(sides))

        from tui.seating import Seating

        names = [(side, service.side_name(side)) for side in Seating(service).sides()]
        self.push_screen(PlayersDialog(names, levels), chosen)

    def resume(self, choose: bool = False) -> None:
        """Resume an unfinished game: the only one at once (unless `choose`), else the list to choose from."""
        from tui.dialogs import files
        from tui.dialogs.resume import ResumeDialog

        try:
            games = files.unfinished_games()
        except Exception as exc:  # noqa: BLE001 - a bad data folder: say so
            self.show_error("The autosaves cannot be listed", str(exc))
            return
        if not games:
            self.show_error("Nothing to resume", "There is no unfinished game.")
            return
        if len(games) == 1 and not choose and not games[0].error and games[0].holder is None:
            self.resume_path(games[0].path)
            return

        def chosen(choice) -> None:
            if choice is None:
                return
            what, path = choice
            if what == "resume":
                self.resume_path(path, retry=self.resume)
            else:
                self.abandon(path)

        self.push_screen(ResumeDialog(games), chosen)

    def abandon(self, path) -> None:
        """Delete an unfinished game's autosave, after asking."""
        from tui.dialogs.confirm import ConfirmDialog

        def back_to_the_list() -> None:
            if self._has_unfinished():
                self.resume(choose=True)

        def answer(yes: bool | None) -> None:
            if yes:
                from saves.autosave import abandon

                try:
                    abandon(path)
                except Exception as exc:  # noqa: BLE001 - Locked, OSError: the player sees why
                    self.show_error("The game cannot be abandoned", str(exc), then=back_to_the_list)
                    return
                self._refresh_title()
            back_to_the_list()

        self.push_screen(ConfirmDialog("Abandon this game?", f"Its autosave {path.name} is deleted for good."), answer)

    def _has_unfinished(self) -> bool:
        from tui.dialogs import files

        try:
            return bool(files.unfinished_games())
        except Exception:  # noqa: BLE001
            return False

    def _refresh_title(self) -> None:
        refresh = getattr(self.screen, "on_screen_resume", None)
        if refresh is not None:
            refresh()

    def resume_path(self, path, retry=None, *, referee: bool = False, computers=None, ask: bool = False) -> None:
        """Resume one autosave (its computer sides as it recorded them); when another process has it
        open, say who and offer a copy."""
        from saves.autosave import AutosaveStore
        from saves.locks import Locked
        from tui.dialogs.confirm import ConfirmDialog

        store = AutosaveStore()
        try:
            service = store.load(path)
        except Locked as exc:
            holder, said = exc.holder, str(exc)

            def answer(yes: bool | None) -> None:
                if yes:
                    try:
                        copy = AutosaveStore().open_read_only(path, holder)
                    except Exception as err:  # noqa: BLE001
                        self.show_error("The autosave cannot be resumed", str(err), then=retry)
                        return
                    self.open_loaded(copy, referee=referee, computers=computers, ask=ask)

            detail = f"{said}. Open a copy here? Nothing you do in the copy is autosaved (ctrl+s saves it)."
            self.push_screen(ConfirmDialog("This game is open in another hexwar", detail), answer)
            return
        except Exception as exc:  # noqa: BLE001
            self.show_error("The autosave cannot be resumed", str(exc), then=retry)
            return
        self.open_loaded(service, referee=referee, computers=computers, ask=ask)
