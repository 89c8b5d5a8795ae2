"""The read step: text to read, with an optional picture of a position or a figure
(the pack, the layout of a game, the seats round the table); not scored."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final, Literal

from engine import CLASSIC, Position, Rules
from tutorial_app.course.judge.outcome import Feedback, FeedbackStatus
from tutorial_app.course.reading import yamlsrc
from tutorial_app.course.reading.positions import read_position
from tutorial_app.course.reading.yamlsrc import Fields, Source
from tutorial_app.course.steps.base import INDENT, StepUnit
from tutorial_app.course.steps.base import text as _text

FIGURES: Final = ("pack", "layout", "seats")
"""The figures a read step may show (drawn by tutorial_app/ui/figures.py): the pack
(the four suits named, the values, the court cards), the layout of a game (table,
hand, pile, the other player's hand, whose turn) and the seats round the table."""


@dataclass(frozen=True, slots=True)
class Figure:
    """A figure to draw under a read step's text, in the page's language.

    `players` is the seats' count (2, 3 or 4) for "seats", 2 for the others; `rules`
    are the lesson's, so the pack can say when court cards have a value (royal)."""

    name: str
    players: int = 2
    rules: Rules = CLASSIC


@dataclass(frozen=True)
class ReadStep:
    """Text to read, with an optional picture of a position and an optional figure."""

    id: str
    text: str
    position: Position | None = None
    key: str = ""  # translation key prefix, e.g. "lesson.sums.steps.idea"
    figure: Figure | None = None
    kind: Literal["read"] = "read"


def read_figure(src: Source, fields: Fields, rules: Rules) -> Figure | None:
    """The step's `figure:` (and `players:` for the seats); None without one or on an
    error, which is reported at the key (file, line, key)."""
    node = fields.get("figure")
    players_node = fields.get("players")
    if node is None:
        if players_node is not None:
            src.error(players_node, fields.at("players"),
                      "players: goes with figure: seats (the seats round the table)")
        return None
    name = yamlsrc.text(src, node, fields.at("figure"))
    if name is None:
        return None
    if name not in FIGURES:
        src.error(node, fields.at("figure"), f"unknown figure {name!r}"
                  f"{yamlsrc.suggest(name, FIGURES)}; figures: {', '.join(FIGURES)}")
        return None
    if name != "seats":
        if players_node is not None:
            src.error(players_node, fields.at("players"),
                      f"players: goes with figure: seats, not with figure: {name}")
            return None
        return Figure(name, rules=rules)
    if players_node is None:
        src.error(node, fields.at("players"),
                  "figure: seats needs players: 2, 3 or 4 (how many sit round the table)")
        return None
    players = yamlsrc.integer(src, players_node, fields.at("players"), 2, 4)
    return None if players is None else Figure(name, players, rules)


class ReadUnit(StepUnit[ReadStep]):
    kind = "read"
    required = ("text",)
    optional = ("position", "figure", "players")
    scored = False

    def read(self, src: Source, fields: Fields, rules: Rules, key: str) -> ReadStep | None:
        text = _text(src, fields, "text", key)
        node = fields.get("position")
        position = None
        if node is not None:
            position = read_position(src, node, fields.at("position"), rules)
        figure = read_figure(src, fields, rules)
        return ReadStep(id="", text=text, position=position, figure=figure)

    def check(self, step: ReadStep, answer: object, *, wrong_attempts: int = 0,
              hints_used: int = 0) -> Feedback:
        """Nothing to get wrong: reading it is all it asks (and it earns no stars)."""
        return Feedback(FeedbackStatus.CORRECT, "")

    def replies(self, step: ReadStep) -> Iterator[tuple[str, str]]:
        """None: a read step is not answered, so it replies nothing."""
        return iter(())

    def needs(self, step: ReadStep) -> dict[str, str]:
        return {}  # a picture to look at asks nothing of the learner

    def text(self, step: ReadStep) -> str:
        return step.text

    def texts(self, step: ReadStep) -> Iterable[str]:
        return ()  # the reading itself is counted apart (course statistics)

    def show(self, step: ReadStep) -> list[str]:
        body = textwrap.indent(step.text.strip(), INDENT + "  ")
        lines = [f"{INDENT}text:", body]
        if step.position is not None:
            lines.append(f"{INDENT}position: {step.position.text}")
        if step.figure is not None:
            seats = (f" ({step.figure.players} players)" if step.figure.name == "seats"
                     else "")
            lines.append(f"{INDENT}figure: {step.figure.name}{seats}")
        return lines


UNIT = ReadUnit()
