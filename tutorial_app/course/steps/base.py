"""What every step kind provides, so the code around a lesson asks the kind's unit
instead of testing which kind a step is.

A unit is one object per kind (course/steps/<kind>.py, registered in
course/steps/__init__.py). Its methods have defaults that suit a kind with nothing
of the sort (no hints, no options, no answer to reveal); a kind overrides what it has.
The units never import the course model, which imports them to list the kinds.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

import yaml

from engine import NotationError, Position, Rules
from tutorial_app.course.concepts import position_concepts, rules_concepts
from tutorial_app.course.judge.outcome import Feedback
from tutorial_app.course.reading import yamlsrc
from tutorial_app.course.reading.yamlsrc import Fields, Source
from tutorial_app.words.i18n import lesson_text


class StepData(Protocol):
    """What every step's dataclass has."""

    @property
    def id(self) -> str: ...
    @property
    def key(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def position(self) -> Position | None: ...


S = TypeVar("S", bound=StepData)


@dataclass(frozen=True, slots=True)
class AnswerLine:
    """One line of a revealed answer: words, and a move's notation shown after them."""

    words: str
    notation: str = ""


class StepUnit(Generic[S]):
    """One step kind: its YAML keys and reader, its checker, what it needs and shows."""

    kind: str = ""  # the YAML `kind:`
    required: tuple[str, ...] = ()  # YAML keys besides id and kind
    optional: tuple[str, ...] = ()
    scored: bool = True  # answered and given stars (a read step is not)
    by_doing: bool = True  # acted out with cards (a quiz only asks about the rules)

    def read(self, src: Source, fields: Fields, rules: Rules, key: str) -> S | None:
        """The step from its YAML fields (its id is set afterwards), None on errors."""
        raise NotImplementedError

    def check(self, step: S, answer: Any, *, wrong_attempts: int = 0,
              hints_used: int = 0) -> Feedback:
        """Judge the learner's answer (of the type `picked` returns)."""
        raise NotImplementedError

    def replies(self, step: S) -> Iterator[tuple[str, str]]:
        """Every reply the checker can give at this step, in the current language, each
        with the answer that brings it: the sentence check (course/authoring/sentences.py) reads
        them in every language. No default: a kind must list its own
        (tests/architecture/test_step_kinds.py), or its replies would go unread."""
        raise NotImplementedError

    def answer_keys(self, step: S) -> tuple[str, ...]:
        """The names, under the page's memory, of the widgets the answer is picked in
        (none for a step answered on the board or not answered)."""
        return ()

    def picked(self, step: S, values: Sequence[object]) -> object | None:
        """The answer the widgets hold (`values`, one per `answer_keys`); None when
        nothing is picked yet."""
        return None

    def needs(self, step: S) -> dict[str, str]:
        """Each concept the step needs, with where the need comes from."""
        return position_needs(step.position)

    def answers(self, step: S) -> int:
        """How many different answers the step offers (its legal moves, its options...):
        the bound on the wrong tries that still earn three stars (`outcome.stars`)."""
        return 1

    def revealed(self, step: S) -> tuple[AnswerLine, ...]:
        """What "Reveal the answer" shows, in words."""
        return ()

    def hints(self, step: S) -> tuple[str, ...]:
        return ()

    def text(self, step: S) -> str:
        """What the learner reads first: the prompt."""
        return str(getattr(step, "prompt", ""))

    def options(self, step: S) -> tuple[str, ...]:
        """The answers offered to pick from, as the learner reads them."""
        return ()

    def move_words(self, step: S) -> str | None:
        """The move the step is about, in words, when it shows one."""
        return None

    def board(self, step: S) -> Position | None:
        """The position the learner plays moves on (a play step's)."""
        return None

    def beats(self, step: S) -> int:
        """How many beats the step is shown in, one after the other (a demonstration's);
        0 for a step shown at once."""
        return 0

    def demonstrates(self, step: S) -> dict[str, str]:
        """Each concept the step shows being done before the learner is asked to do it
        (a demonstration's), with where; none for a step that asks or only tells."""
        return {}

    def texts(self, step: S) -> Iterable[str]:
        """The author's words the learner may read (for the course's statistics)."""
        yield str(getattr(step, "prompt", ""))
        yield str(getattr(step, "success", ""))
        yield str(getattr(step, "why", ""))

    def rules_of(self, step: S) -> Rules | None:
        """The rules the step's answer is worked out under."""
        return step.position.rules if step.position is not None else None

    def practised(self, step: S) -> set[str]:
        """Rule numbers the answer rests on beyond those of its concepts."""
        return set()

    def show(self, step: S) -> list[str]:
        """The step for an author to read (`python -m tutorial_app.course show`)."""
        return [f"{INDENT}prompt: {self.text(step)}", *why_lines(step)]


INDENT = "    "


def why_lines(step: object) -> list[str]:
    """A step's `why:` (the rule behind its prompt) for its author, if it has one."""
    why = str(getattr(step, "why", ""))
    return [f"{INDENT}why: {why}"] if why else []


def position_needs(position: Position | None) -> dict[str, str]:
    """The concepts of a step's settings and of what its position shows."""
    if position is None:
        return {}
    out = dict(rules_concepts(position.rules))
    out.update({k: v for k, v in position_concepts(position).items() if k not in out})
    return out


def text(src: Source, fields: Fields, name: str, key: str, default: str = "") -> str:
    """An author's text, in the learner's language (its catalogue key is `key.name`)."""
    node = fields.get(name)
    if node is None:
        return default
    found = yamlsrc.text(src, node, fields.at(name))
    return lesson_text(f"{key}.{name}", found) if found is not None else default


def raw(fields: Fields, name: str) -> str:
    """An author's text as written, for the proofs of what it says."""
    node = fields.get(name)
    return str(node.value) if isinstance(node, yaml.ScalarNode) else ""


def step_rules(src: Source, fields: Fields, rules: Rules, *,
               read_on: bool = False) -> Rules | None:
    """The step's own `rules:` when it writes some, else the lesson's; None (the error
    reported at the key) when they do not read.

    `read_on`: a value that is not text at all (a list, a mapping) is reported at the
    key and the lesson's rules are used instead, so the author hears of the step's other
    mistakes in the same run (the quiz reads on so); rules text that does not parse
    still stops the step, since every fact would be asked under rules never meant."""
    node = fields.get("rules")
    if node is None:
        return rules
    written = yamlsrc.text(src, node, fields.at("rules"))
    if written is None:
        return rules if read_on else None
    try:
        return Rules.parse(written)
    except NotationError as error:
        src.error(node, fields.at("rules"), str(error))
        return None
