"""The computer's levels: a level is what the search considers; the same seed gives the same choice at a level."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules.ai.autoplay import Autopilot
from rules.ai.candidates import glance
from rules.ai.computer import Computer
from rules.ai.levels import BUDGETS, LEVELS, computer_for
from rules.ai.players import make_player
from rules.contract import AiHints
from tests.rules.ai.test_quad_cards import _activation


def test_the_levels_differ_in_what_they_consider_and_normal_is_the_computer_as_it_was():
    easy, normal, hard = (computer_for(level, random.Random(1)) for level in LEVELS)
    default = Computer(random.Random(1))
    assert BUDGETS["normal"] == {}  # the balance tables are measured at normal: its search is the default one
    assert vars(normal).keys() == vars(default).keys()
    assert all(getattr(normal, k) == getattr(default, k) for k in ("budget", "extra_tries", "worlds", "replies",
                                                                   "finalists", "answers", "width", "every_guess",
                                                                   "per_unit", "exact_odds"))
    assert easy.width < normal.width and easy.worlds < normal.worlds < hard.worlds
    assert easy.replies == 0 and easy.finalists == 1  # no answer and no look-ahead after its actions
    assert not easy.exact_odds and normal.exact_odds and hard.exact_odds  # easy judges an attack by its one throw
    assert easy.extra_tries < normal.extra_tries < hard.extra_tries
    assert easy.glance == 3 and normal.glance == hard.glance == 0  # easy sees a third of its options
    assert hard.every_guess and not normal.every_guess
    assert easy.width < normal.width < hard.width and normal.per_unit < hard.per_unit
    assert easy.threat == normal.threat == 0 < hard.threat  # hard weighs the enemy's next attacks (stop 50)
    assert computer_for(None, random.Random(1)).level == "normal"


_REAL_TRY = Computer._try


def _tries(level: str, monkeypatch) -> tuple[Counter, str]:
    """How often the computer at `level` tried each action of its side on the first decision of river-battle's
    activation (rules/ai/computer.py `_try`), and that side."""
    game, me, _ = _activation()
    game.state.passes = 1  # the other side just released without playing: a search, not the opening's release
    tried: Counter = Counter()
    now = {a.model_dump_json() for a in game.legal_actions(me)}

    def spy(self, ruleset, state, action, rng):
        text = action.model_dump_json()
        if action.side != me:
            text = "(the other side's)"
        elif text not in now:  # an own action of a later step of a line or rollout, not of the decision
            text = "(later)"
        tried[text] += 1
        return _REAL_TRY(self, ruleset, state, action, rng)

    monkeypatch.setattr(Computer, "_try", spy)
    computer_for(level, random.Random(7)).choose(game.seat(me))
    return tried, me


def test_easy_tries_a_few_actions_once_and_looks_at_no_answer(monkeypatch):
    easy, _ = _tries("easy", monkeypatch)
    normal, _ = _tries("normal", monkeypatch)
    own = {a: n for a, n in easy.items() if not a.startswith("(")}
    assert len(own) <= 6 < len([a for a in normal if not a.startswith("(")])  # easy: width 6
    assert easy["(the other side's)"] == 0 < normal["(the other side's)"]


def test_easy_sees_one_in_three_of_each_kind_of_its_options_drawn_at_random(monkeypatch):
    """River-battle's activation offers 54 moves, 3 holds and a release: easy considers 18 moves, 2 holds and the
    release, a different third with other dice; normal and hard consider them all (but the release that would end
    the turn, a rule of thumb easy does not heed)."""
    game, me, _ = _activation()
    actions = game.seat(me).legal_actions()
    kinds = lambda acts: Counter(a.kind for a in acts)  # noqa: E731
    assert kinds(actions) == {"move": 54, "hold": 3, "release": 1}
    seen = glance(actions, 3, random.Random(1))
    assert kinds(seen) == {"move": 18, "hold": 2, "release": 1}
    assert [a for a in actions if a in seen] == seen  # in their original order
    assert set(map(repr, glance(actions, 3, random.Random(2)))) != set(map(repr, seen))
    considered: list = []
    real = Computer._search

    def spy(self, seat, acts, progress):
        considered.append(kinds(acts))
        return real(self, seat, acts, progress)

    monkeypatch.setattr(Computer, "_search", spy)
    game.state.passes = 1  # the other side just released without playing: a search, not the opening's release
    for level in LEVELS:
        computer_for(level, random.Random(7)).choose(game.seat(me))
    # normal and hard heed the rules of thumb: the west, with gates to take, does not end the turn (keeps_the_turn)
    assert considered == [{"move": 18, "hold": 2, "release": 1}] + [{"move": 54, "hold": 3}] * 2


def test_easy_plays_quads_opening_as_normal_and_hard_do(monkeypatch):
    """At a fresh activation of river-battle QUAD's `opening` hint releases without playing, for two cards: every
    level releases at once, unsearched. Easy without it (stop 40's first easy) drew half the cards and, as the
    West, never beat even the random player (0 of 10)."""
    game, me, _ = _activation()
    assert game.state.passes == 0 and not game.state.played  # the opening's case
    searched: list = []
    real = Computer._search

    def spy(self, seat, acts, progress):
        searched.append(self.level)
        return real(self, seat, acts, progress)

    monkeypatch.setattr(Computer, "_search", spy)
    chosen = {level: computer_for(level, random.Random(7)).choose(game.seat(me)) for level in LEVELS}
    assert {a.kind for a in chosen.values()} == {"release"} and searched == []


def test_easy_reads_the_position_as_any_rule_sets_but_with_what_the_rules_say():
    """Easy reads a unit by its numbers and a side by its units (rules/ai/evaluate.py's generic reading), not by
    QUAD's worth of a unit's Quality and of the cards in hand; it still guesses the hidden cards as normal does,
    and never plays what is never worth playing (a steal with no card to play), though it weighs what QUAD's rules
    of thumb leave out (all but the two best charges of a unit at an enemy)."""
    game, me, _ = _activation()
    hints = {level: computer_for(level, random.Random(1))._hints(game.ruleset) for level in LEVELS}
    quad = game.ruleset.ai_hints
    assert hints["normal"] is hints["hard"] is quad
    easy = hints["easy"]
    assert quad.unit_value and quad.side_value and quad.opening and quad.prune is not AiHints.prune
    assert (easy.unit_value, easy.side_value, easy.contact) == (None, None, AiHints.contact)
    assert easy.opening is quad.opening  # a rule of the game's tempo, kept (stop 40)
    assert easy.prune is quad.never is not quad.prune  # no steal paid for nothing, but every charge of a unit
    assert easy.determinize is quad.determinize and easy.step_cost is quad.step_cost


def test_hard_tries_more_destinations_and_every_one_on_every_guess_where_normal_tries_most_once(monkeypatch):
    """Normal keeps three destinations a unit by the cheap reading and tries most once, on one guess of the hidden
    cards; hard keeps six and tries each on each of its four guesses."""
    hard, _ = _tries("hard", monkeypatch)
    normal, _ = _tries("normal", monkeypatch)
    own = [n for a, n in hard.items() if not a.startswith("(")]
    assert min(own) >= BUDGETS["hard"]["worlds"], sorted(own)
    moves = {level: {a for a in tried if '"kind":"move"' in a} for level, tried in (("hard", hard),
                                                                                   ("normal", normal))}
    assert len(moves["hard"]) > len(moves["normal"]), {k: len(v) for k, v in moves.items()}
    assert min(n for a, n in normal.items() if not a.startswith("(")) == 1


def test_a_level_spends_its_budget_on_a_real_decision():
    game, me, _ = _activation()
    game.state.passes = 1  # the other side just released without playing: a search, not the opening's release
    spent = {}
    for level in LEVELS:
        player = computer_for(level, random.Random(7))
        player.choose(game.seat(me))
        spent[level] = player._spent
    assert spent["easy"] < spent["normal"] and spent["easy"] < spent["hard"], spent
    assert spent["hard"] <= BUDGETS["hard"]["budget"] * 1.2


def test_a_rollout_begins_no_try_past_its_share_of_the_budget():
    """Hard's rollouts share what is left of the budget (rollout.judge); a greedy step begun just under a rollout's
    share made every try of its width, and mars-expedition's hard spent up to 2.3 times its budget (stop 56)."""
    from rules.ai.evaluate import Evaluator
    from rules.ai.hints import hints_for
    from rules.ai.rollout import roll_out

    game, me, _ = _activation()
    player = computer_for("hard", random.Random(7))
    listed = len(player.options(game.ruleset, game.state, me))
    listing = player._spent  # what a listing of the options costs
    assert listed > 3
    player._spent = 0
    roll_out(player, game.ruleset, Evaluator(hints_for(game.ruleset)), game.state, me, random.Random(1),
             width=6, stop=listing + 1)
    assert player._spent <= listing + 2, (player._spent, listing)  # one try begun under the share, one throw again


def test_hard_keeps_near_its_budget_where_a_try_is_dear(monkeypatch):
    """Hard tries each action of its first round on every guess: counted once, a state as dear to copy as
    mars-expedition's had hard spend twice its budget and more (stop 56). A state 20 times as dear as river-battle's
    (a try costs 20): hard spent 5,131 of 2,400 before, 3,584 now (the finalists' own tries in the rollouts come on top)."""
    import rules.ai.computer as computer_module

    game, me, _ = _activation()
    game.state.passes = 1  # the other side just released without playing: a search, not the opening's release
    real = computer_module.size
    monkeypatch.setattr(computer_module, "size", lambda state: 20 * real(state))
    player = computer_for("hard", random.Random(7))
    player.choose(game.seat(me))
    assert player._cost > 20
    assert player._spent <= 1.6 * BUDGETS["hard"]["budget"], player._spent


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seed_gives_the_same_choice_at_a_level(level):
    game, me, _ = _activation()
    game.state.passes = 1  # the other side just released without playing: a search, not the opening's release
    first = computer_for(level, random.Random(3)).choose(game.seat(me))
    again = computer_for(level, random.Random(3)).choose(game.seat(me))
    assert first == again


def test_a_level_by_name_and_a_wrong_name():
    assert make_player("computer:hard", random.Random(1)).level == "hard"
    assert make_player("computer", random.Random(1)).level == "normal"
    with pytest.raises(ValueError, match="easy, normal, hard"):
        computer_for("brutal", random.Random(1))
    with pytest.raises(ValueError, match="easy, normal, hard"):
        make_player("computer:brutal", random.Random(1))


def test_the_autopilot_makes_each_side_at_its_level():
    game, me, other = _activation()
    pilot = Autopilot.computers(game, [me, other], {me: "Hard"}, rng=random.Random(1))
    assert pilot.players[me].level == "hard" and pilot.players[other].level == "normal"


def _normal_trace(ruleset_id: str, seed: int, most: int = 60) -> tuple[str, int]:
    """The first `most` actions of a game of normal against normal (reactions included), hashed."""
    import hashlib

    from rules.service import GameService
    from tests.rules.test_conformance import setup_for

    game = GameService.new(setup_for(ruleset_id), seed=seed)
    players = {s: computer_for("normal", random.Random(f"n:{s}:{seed}")) for s in game.state.side_ids()}
    played: list[str] = []
    while game.state.result is None and len(played) < most:
        decision = game.decision()
        action = next((a for a in (players[s].react(game.seat(s)) for s in decision.reactors) if a), None)
        if action is None:
            action = players[decision.side].choose(game.seat(decision.side))
        played.append(action.model_dump_json())
        assert game.seat(action.side).apply(action).ok
    return hashlib.sha256("\n".join(played).encode()).hexdigest()[:16], len(played)


@pytest.mark.parametrize(("ruleset_id", "seed", "expected"), [
    ("toy", 1, ("bfa633078c483768", 12)),
    ("toy", 2, ("1f53d54584dc39f2", 12)),
    ("toy", 3, ("4f324fb533da5a9e", 34)),
    ("quad", 5, ("cbbe369f4022ef47", 60)),  # stop 44: the look-ahead steps by an attack's exact odds (rollout.best_step)
    ("dhr", 5, ("bc7dc2da89ba6c11", 29)),  # stop 44: as QUAD's (stop 43: the Americans move to cover)
    ("skirmish", 5, ("e336a9a4ad295ad0", 50)),  # stop 48: an end of an activation is not a put-off (rules/ai/idle.py)
])
def test_normal_plays_action_for_action_as_before_hard_had_rollouts(ruleset_id, seed, expected):
    """Normal's games (the balance and strength tables are measured at it) as recorded on main at 578e16a, before
    hard's rollouts (DHR's re-recorded on stop 39's DHR hints alone, without the rollouts). The toy games move
    only with the generic computer; the QUAD, DHR and Skirmish ones also move with a change to that rule set or
    its hints: re-record those only after checking rules/ai did not change normal's search."""
    assert _normal_trace(ruleset_id, seed) == expected


def test_hard_tells_its_finalists_apart_by_rollouts_on_the_same_dice_and_normal_by_its_look_ahead(monkeypatch):
    """Hard plays each of its finalists on to where its side decides again after the other side's answer, six
    times, the k-th rollout of every finalist on the same guess and dice (rules/ai/rollout.py); normal keeps its
    look-ahead and never rolls out."""
    import rules.ai.computer as computer_module

    judged: dict[str, list] = {}
    real = computer_module.judge

    def spy(computer, ruleset, ev, worlds, actions, finalists, side, rollouts, width, tick, known):
        # the same action twice among the finalists: on common dice the two must come out exactly alike
        twice = list(actions) + [actions[finalists[0]]]
        values = real(computer, ruleset, ev, worlds, twice, finalists + [len(actions)], side, rollouts, width,
                      tick, known)
        judged.setdefault(computer.level, []).append((values[finalists[0]], values[len(actions)], len(values)))
        return {i: v for i, v in values.items() if i < len(actions)}

    monkeypatch.setattr(computer_module, "judge", spy)
    game, me, _ = _activation()
    game.state.passes = 1
    for level in ("normal", "hard"):
        computer_for(level, random.Random(7)).choose(game.seat(me))
    assert "normal" not in judged
    (first, twin, judged_count), = judged["hard"]
    assert judged_count == BUDGETS["hard"]["finalists"] + 1
    assert first == twin


def test_easy_never_agrees_to_end_while_not_ahead_but_may_end_its_fire_with_a_shot_to_take():
    """Hundred Wars: agreeing to end at 0 to 0 can only draw or lose (`never`: left out at every level; read as the
    position itself, an easy computer that weighed it agreed in most turns of mars-expedition and the normal side,
    ahead, agreed back). Ending the fire with a shot worth taking is a rule of thumb: left out for normal only."""
    from rules.ai.simulate import legal
    from rules.rulesets.hundred_wars import RULESET
    from tests.rules.hundred_wars.test_agreement import two_rifles

    state = two_rifles()
    state.step = 1  # blue acts, neither side ahead
    actions = legal(RULESET, state, "blue")
    assert Counter(a.kind for a in actions) == {"fire": 1, "done": 1, "agree_end": 1}
    kept = {level: Counter(a.kind for a in computer_for(level, random.Random(1))._hints(RULESET).prune(
        state, "blue", actions)) for level in LEVELS}
    assert kept == {"easy": {"fire": 1, "done": 1}, "normal": {"fire": 1}, "hard": {"fire": 1}}


def test_hards_rollouts_count_a_game_lost_later_beside_an_attacks_exact_chance_of_winning_it_at_once(monkeypatch):
    """A finalist that wins the game at once one time in four (its exact chance, rules/ai/decisive.py) and whose
    rollouts all end in a loss later (the other side's answer): a quarter won, three quarters lost. Before, every
    rollout the game ended in was dropped from its mean, as if the attack were safe from the answer."""
    import rules.ai.rollout as rollout_module
    from rules.ai.decisive import Decisive

    game, me, _ = _activation()
    monkeypatch.setattr(rollout_module, "roll_out", lambda *args: -1000.0)  # every rollout lost, later
    hard = computer_for("hard", random.Random(7))
    seat = game.seat(me)
    ev, worlds = hard._setup(seat)
    actions = seat.legal_actions()[:2]  # moves: neither ends the game at once
    values = rollout_module.judge(hard, seat.ruleset, ev, worlds, actions, [0, 1], me, 6, 6, lambda: None,
                                  {0: Decisive(0.25, 1000.0)})
    assert values[0] == pytest.approx(0.25 * 1000 + 0.75 * -1000)
    assert values[1] == pytest.approx(-1000)


def test_hards_rollouts_weigh_an_attack_by_its_exact_odds_not_by_its_one_throw(monkeypatch):
    """QUAD teaching, the Kingdom's Lancers may charge the Fort Guard, whose loss wins the game (31% by the
    preview's odds), or walk on. The charge's one throw shows no win (that waits for the rebels' block), so read by
    its throw, as the rollouts' greedy policy read every option before, the walk looked as good or better and the
    rollout often walked on; read by its exact odds, as the greedy yardstick reads it, it charges on any dice."""
    from rules.ai import rollout as rollout_module
    from rules.hexgrid import Hex
    from rules.rulesets.quad.actions import Charge
    from tests.rules.ai.test_quad_attacks import _teaching

    game, fort = _teaching(Hex(6, 3), 1)
    seat = game.seat("kingdom")
    hard = computer_for("hard", random.Random(1))
    ev, (world, *_) = hard._setup(seat)
    charge = next(a for a in seat.legal_actions() if isinstance(a, Charge) and a.at == fort)
    walks = [a for a in seat.legal_actions() if a.kind == "move" and a.unit_id == "k1"]
    walk = max(walks, key=lambda a: ev.score(hard.tried(seat.ruleset, world, a, random.Random(0)).state, "kingdom"))
    thrown = [ev.score(hard.tried(seat.ruleset, world, charge, random.Random(s)).state, "kingdom") for s in range(8)]
    assert min(thrown) < ev.score(hard.tried(seat.ruleset, world, walk, random.Random(0)).state, "kingdom")
    monkeypatch.setattr(hard, "options", lambda *args: [charge, walk])
    for seed in range(8):
        played = []
        real = hard.tried
        monkeypatch.setattr(hard, "tried", lambda rs, st, a, rng: played.append(a) or real(rs, st, a, rng))
        rollout_module._greedy(hard, seat.ruleset, ev, world, "kingdom", random.Random(seed), 6)
        monkeypatch.setattr(hard, "tried", real)
        assert played == [charge, walk, charge], seed  # each tried once, the charge thrown again to go on
