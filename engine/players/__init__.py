"""Computer players for Cassino, from random to searching.

Every player is a plain function `choose(view, rng) -> Move` that sees only
a `PlayerView` (one seat's knowledge) and draws randomness only from the
seeded `random.Random` it is given::

    from engine.players import choose_move, view_of
    move = choose_move(3, view_of(state), random.Random(7))
"""

from engine.players.levels import COUNTING, LEVEL_NAMES, LEVELS, STRONGEST, Chooser, choose_move
from engine.players.view import PlayerView, view_of, view_of_position

__all__ = ["COUNTING", "LEVELS", "LEVEL_NAMES", "STRONGEST", "Chooser", "PlayerView", "choose_move",
           "view_of", "view_of_position"]
