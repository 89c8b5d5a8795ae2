"""The board's controls explained in the words the lessons use (issue 34: a control's
label says what it does in the prompts' words).

The buttons' labels are `board.capture`, `board.build` and `board.trail` (messages_app.py):
the verbs the lessons' prompts use for those moves in every language ("press Trail",
"Descarte o 4♣" under Descartar, "Tira el 4♣" under Tirar, "Cala il 4♣" under Cala).
Here are what a learner reads beside them: each button's help (its tooltip) and the
line under the board before a stage has taught builds, which names only the buttons
shown (the Learn page hides Build until then: course/taught.py).
"""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    "board.capture_help": "Take the table cards you chose with the card from your hand",
    "board.trail_help": "Lay the card from your hand face up on the table: it takes nothing",
    "board.how_to_no_build": "Choose a card in your hand, then the table cards it should "
                             "take, then Capture; or choose Trail to lay the card down.",
}
