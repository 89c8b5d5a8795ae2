"""The English words around a demonstration (the watch step, course/steps/watch.py) on
the Learn page, part of the app's catalogue (words/i18n.py finds every messages_*.py
module). The beats' own sentences are the lesson's (lesson.<id>.steps.<step>.beats.N.say).
"""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    "watch.beat_of": "Watch: {n} of {total}",
    "watch.next": "Keep watching",
    "watch.again": "Watch again",
    "watch.your_turn": "Your turn",
    "watch.then": "Now you try it.",
}
