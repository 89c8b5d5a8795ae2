"""One demonstration and the task it opens, as lesson-file text, shared by the watch
step's tests (course reading, the lesson controller, the Learn page): a sum shown in
three beats (a card pointed at, two cards pointed at, the capture made), then asked."""

from __future__ import annotations

from typing import Final

SUM_DEMO: Final = """  - id: see-a-sum
    kind: watch
    position: "table: 5c 3d 9h; hand: 8s 2c"
    beats:
      - say: Your 8♠ is worth 8.
        show: 8s
      - say: The 5♣ and the 3♦ add up to 8.
        show: 5c 3d
      - say: So the 8♠ takes them both, as one sum.
        move: "8s x 5c+3d"
    then: Now you take a sum.
"""

SUM_TASK: Final = """  - id: first-sum
    kind: play
    position: "table: 5c 3d 9h; hand: 8s 2c"
    prompt: Take the 5♣ and the 3♦ with your 8♠.
    goal: {capture: [5c, 3d]}
"""


def sum_lesson(lesson_id: str, title: str) -> str:
    """A lesson file: the demonstration, then the sum it shows asked."""
    return (f"id: {lesson_id}\ntitle: {title}\nteaches: [values, trail, pair, sum]\n"
            f"steps:\n{SUM_DEMO}{SUM_TASK}")
