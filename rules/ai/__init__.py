"""Computer players: a searching opponent, a one-move greedy player and a uniform random player.

Every player decides from a `Seat` alone (rules/seat.py): its view, its legal
actions, their previews, the decision and the events it may see. Its own
randomness comes from the `random.Random` it is given, never from the game's
dice. See docs/ai.md for how the computer thinks.
"""

from rules.ai.computer import Computer
from rules.ai.players import GreedyPlayer, Player, RandomPlayer, make_player

__all__ = ["Computer", "GreedyPlayer", "Player", "RandomPlayer", "make_player"]
