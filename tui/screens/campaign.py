"""A campaign: its state, the between-battle steps, and its next battle with the carried forces.

Reached from the title (m) or `hexwar campaign FILE`. When a battle of the campaign ends, its result and the
carried forces (losses, captures, repair rolls, pools: saves/campaign_play.py) are written to the campaign
file at once; the game-over screen's "title" comes back here, where the winners and losers spend their pools
and the losers may scuttle stranded units (Enter on a step; a step ending in "..." opens its choices, Esc goes
back) before the next battle (b).

The sides choose in turn at one keyboard, like the game's own pass-the-keyboard screen: each side sees its own
pool, force and choices only; its last step, "finished", passes the keyboard to the next side (a blank screen
naming it), and the next battle starts once every side has finished.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError
from textual import on
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from rules.dice import new_seed
from rules.core import Refusal
from saves import campaign_play as play
from saves.errors import SaveError
from tui.keys import Key, bindings
from tui.screens.game import GameScreen
from tui.screens.pass_keyboard import PassKeyboardScreen
from tui.widgets.text import lit

CAMPAIGN_KEYS: tuple[Key, ...] = (
    Key("enter", "take_marked", "Take the step", "take the marked between-battle step (... opens its choices)",
        display="Enter", palette=False),
    Key("b", "battle", "Next battle", "play the campaign's next battle: first choose who plays each side "
        "(a person, or the computer and its level)"),
    Key("question_mark", "help", "Help", "list the keys of this screen", display="?"),
    Key("escape", "back", "Back", "close a step's choices, or go back to the title", display="Esc", palette=False),
)


class CampaignGameScreen(GameScreen):
    """A battle of a campaign: when it ends the campaign records it; 'title' returns to the campaign screen."""

    def __init__(self, service, on_end, **kw) -> None:
        super().__init__(service, **kw)
        self.on_end = on_end
        self.recorded = False

    def show_game_over(self) -> None:
        from tui.screens.game_over import GameOverScreen

        if not self.recorded:
            self.recorded = True
            self.on_end(self.service)

        def done(choice: str | None) -> None:
            if choice == "title":
                self.app.pop_screen()  # back to the campaign screen under this one
            elif choice == "quit":
                self.app.exit()

        self.app.push_screen(GameOverScreen(self.seat, self.service), done)


class CampaignScreen(Screen[None]):
    """One campaign file: its state, the between-battle choices, its next battle."""

    HELP_TITLE = "a campaign"
    KEYS = CAMPAIGN_KEYS
    BINDINGS = bindings(CAMPAIGN_KEYS)
    DEFAULT_CSS = """
    #campaign-state { height: auto; max-height: 60%; }
    #steps { height: 1fr; }
    """

    def __init__(self, path: str | Path) -> None:
        super().__init__()
        self.path = Path(path)
        self.war = play.load(self.path)
        self.service = None
        self.message = ""
        self.opened = None
        """The step whose choices are listed (adding a point: which factor), or None for every step."""
        self.turn = 0
        """Index in the carried sides of the side making its between-battle choices."""
        self.finished = False
        """Every side has made its choices (the next battle may start)."""
        self.pass_due = self.between()
        """The keyboard is to be passed to the first side before its choices show."""
        self.finish = play.Step("", "finished")
        self.players: dict[str, str] = {}
        """Side -> level of the sides the computer played in the last battle (offered again for the next)."""

    def compose(self) -> ComposeResult:
        yield Static(lit(f" Campaign: {self.war.title or self.war.name}   ({self.path})"), classes="screen-title")
        yield Static("", id="campaign-state")
        yield OptionList(id="steps")
        yield Static("", id="message")
        yield Static("Enter: take the marked step (... opens its choices)   b: play the next battle   ?: keys   "
                     "Esc: back", classes="dialog-keys")

    def on_mount(self) -> None:
        self.show()
        self.query_one("#steps", OptionList).focus()
        self.pass_keyboard()

    def between(self) -> bool:
        """Between two battles: the sides have choices to make before the next one."""
        return bool(self.war.results) and self.war.next_battle is not None

    def sides(self) -> list[str]:
        return list(self.war.carry.get("sides", [])) if self.war.results else []

    def deciding(self) -> str | None:
        """The side whose choices show now (None: no choices to make, or every side has finished)."""
        sides = self.sides()
        if not self.between() or self.finished or self.turn >= len(sides):
            return None
        return sides[self.turn]

    def pass_keyboard(self) -> None:
        """Hide the screen until the deciding side is at the keyboard."""
        side = self.deciding()
        if not self.pass_due or side is None:
            return
        self.pass_due = False
        self.app.push_screen(PassKeyboardScreen(side, "your between-battle choices", on_ready=self.show))

    def show(self, message: str | None = None) -> None:
        if message is not None:
            self.message = message
        side = self.deciding()
        lines = play.state_lines(self.war, side if self.between() else None)
        if self.between() and side is None:
            lines.append("every side has made its choices: b plays the next battle")
        self.query_one("#campaign-state", Static).update(lit("\n".join(lines)))
        if self.opened is not None:
            self.steps = list(self.opened.more)
        elif side is not None:
            sides = self.sides()
            after = sides[self.turn + 1] if self.turn + 1 < len(sides) else None
            self.finish = play.Step(side, f"finished: pass the keyboard to {after}" if after
                                    else "finished: every side has chosen")
            self.steps = [s for s in play.steps(self.war) if s.side == side] + [self.finish]
        else:
            self.steps = [] if self.between() else play.steps(self.war)
        rows = self.query_one("#steps", OptionList)
        rows.clear_options()
        rows.add_options([Option(lit(f"{s.side}: {s.label}")) for s in self.steps])
        if self.steps:
            rows.highlighted = 0
        else:  # an empty list says what to do
            rows.add_option(Option(lit(self.nothing_to_choose()), disabled=True))
        self.query_one("#message", Static).update(lit(self.message))

    def nothing_to_choose(self) -> str:
        nxt = self.war.next_battle
        if nxt is None:
            return "Every battle of this campaign is fought: Esc goes back."
        number = len(self.war.results) + 1
        return f"No step to take now: b plays battle {number} ({nxt}); ? lists the keys."

    def action_take_marked(self) -> None:
        rows = self.query_one("#steps", OptionList)
        if self.steps and rows.highlighted is not None:
            self.take_step(rows.highlighted)

    def action_help(self) -> None:
        self.app.show_help(self)

    @on(OptionList.OptionSelected, "#steps")
    def take(self, event: OptionList.OptionSelected) -> None:
        if self.steps:
            self.take_step(event.option_index)

    def take_step(self, index: int) -> None:
        step = self.steps[index]
        if step is self.finish:
            self.next_side()
            return
        if step.more:
            self.opened = step
            self.show(f"{step.side}: choose the factor (Esc: back to every step).")
            return
        self.opened = None
        try:
            self.war = play.take_step(self.war, step)
            play.save(self.war, self.path)
        except (Refusal, SaveError) as exc:
            self.show(f"Refused: {exc}")
            return
        self.show(f"Done: {step.side} {step.label}.")

    def next_side(self) -> None:
        """The deciding side has finished: the keyboard goes to the next side, or every side has chosen."""
        self.opened = None
        self.turn += 1
        if self.turn >= len(self.sides()):
            self.finished = True
            self.show("Every side has made its choices: b plays the next battle.")
            return
        self.pass_due = True
        self.show("")
        self.pass_keyboard()

    def action_battle(self) -> None:
        from rules.service import GameService

        if self.war.next_battle is None:
            self.show("Every battle of this campaign is fought.")
            return
        side = self.deciding()
        if side is not None:
            self.show(f"First every side makes its between-battle choices: {side} chooses, then Enter on "
                      "'finished'.")
            return
        try:
            setup = play.battle_setup(self.war)
            service = GameService.new(setup, new_seed(), store=self.app.autosave_store())
        except ValidationError as exc:
            from saves.errors import problems_from_validation

            self.show("The battle cannot start: " + "; ".join(p.text() for p in problems_from_validation(exc)))
            return
        except Exception as exc:  # noqa: BLE001 - a bad scenario or carried table: said in words
            self.show(f"The battle cannot start: {exc}")
            return
        from tui.dialogs.players import PlayersDialog

        def chosen(levels) -> None:
            if levels is None:  # Esc: no battle yet
                return
            from saves import players

            self.players = dict(levels)
            self.service = service
            players.record(service, self.players)  # the battle's autosave keeps who plays it
            self.app.push_screen(CampaignGameScreen(service, self.battle_over, computers=self.players))

        names = [(s.id, s.name) for s in setup.sides]
        self.app.push_screen(PlayersDialog(names, self.players), chosen)

    def battle_over(self, service) -> None:
        """Record the ended battle in the campaign file (its between-battle rolls are seeded by the game's seed)."""
        try:
            self.war = play.finish_battle(self.war, service)
            play.save(self.war, self.path)
        except (Refusal, SaveError) as exc:
            self.show(f"The result could not be recorded: {exc}")
            return
        self.turn, self.finished, self.opened = 0, False, None
        self.pass_due = self.between()
        self.show(f"Battle {len(self.war.results)} recorded in {self.path.name}.")

    def on_screen_resume(self) -> None:
        self.show()
        self.query_one("#steps", OptionList).focus()
        self.pass_keyboard()

    def action_back(self) -> None:
        if self.opened is not None:
            self.opened = None
            self.show("")
            return
        self.app.pop_screen()
