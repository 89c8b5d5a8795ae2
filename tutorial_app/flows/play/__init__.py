"""The Play page's controller, a package because a game against the computer has
several parts: the game itself (`game`), its words (`words`), the set-up form
(`setup`), the replay and the coach's review of a finished hand (`replay`), the
screens the page draws (`screens`) and the controller of the clicks (`controller`).
"""

from tutorial_app.flows.play.controller import PACE_SECONDS, SCOPE, PlayController

__all__ = ["PACE_SECONDS", "SCOPE", "PlayController"]
