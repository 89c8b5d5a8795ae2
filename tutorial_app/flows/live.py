"""A live question in class (plain Python, no Streamlit).

The teacher puts up a lesson step, a puzzle or a typed position (`Question`); each
learner answers with one move from their phone, judged here exactly as the lesson
or puzzle judges it (`course.judge.checking.check_answer`): correct, legal but missing the
goal, or illegal with the judge's reason. A typed position has no goal, so a legal
move there is just "legal". The projector shows the answers grouped by move
(`bars`): the mistakes first, the most common first, then the correct moves.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Final

from engine import Attempt, Build, BuildRef, Card, CassinoError, Position, check, parse_attempt
from tutorial_app.course.course import Course
from tutorial_app.course.judge.checking import check_answer
from tutorial_app.course.model import FeedbackStatus, PlayStep, Puzzle
from tutorial_app.flows import links
from tutorial_app.flows.attempt_log import notation
from tutorial_app.flows.moveinput import Selection
from tutorial_app.services.classes import LiveAnswer
from tutorial_app.words import words
from tutorial_app.words.i18n import t

LESSON: Final = "lesson"
PUZZLE: Final = "puzzle"
POSITION: Final = "position"
CORRECT: Final = str(FeedbackStatus.CORRECT)
MISSED: Final = str(FeedbackStatus.MISSED)
ILLEGAL: Final = str(FeedbackStatus.NOT_ALLOWED)
LEGAL: Final = "legal"  # a legal move on a typed position, which has no goal


@dataclass(frozen=True, slots=True)
class Question:
    kind: str
    ref: str
    position: Position
    prompt: str
    item: PlayStep | Puzzle | None  # None for a typed position


@dataclass(frozen=True, slots=True)
class Judged:
    move: str       # notation
    verdict: str    # CORRECT, MISSED, ILLEGAL or LEGAL
    code: str       # the judge's reason code
    reason: str     # one line


@dataclass(frozen=True, slots=True)
class Bar:
    move: str
    verdict: str
    reason: str
    count: int
    names: tuple[str, ...]


def question(course: Course, kind: str, ref: str) -> Question | None:
    """The question a live session names, or None if it is gone from the course."""
    if kind == LESSON:
        lesson_id, _, step_id = ref.partition("/")
        lesson = links.find_lesson(course, lesson_id)
        step = next((s for s in lesson.steps if s.id == step_id), None) if lesson else None
        if isinstance(step, PlayStep):
            return Question(kind, ref, step.position, step.prompt, step)
        return None
    if kind == PUZZLE:
        puzzle = links.find_puzzle(course, ref)
        return Question(kind, ref, puzzle.position, puzzle.prompt, puzzle) if puzzle else None
    if kind == POSITION:
        found = links.read_position(ref)
        if found.position is None:
            return None
        return Question(kind, ref, found.position, t("live.position_prompt"), None)
    return None


def judge(asked: Question, attempt: Attempt) -> Judged:
    """One learner's answer, judged once."""
    if asked.item is not None:
        feedback = check_answer(asked.item, attempt)
        return Judged(notation(attempt, feedback), str(feedback.status), feedback.code or "",
                      _one_line(feedback.message))
    try:
        verdict = check(asked.position, attempt)
    except CassinoError as error:
        return Judged(attempt.text, ILLEGAL, "limit", _one_line(str(error)))
    move = verdict.move.text if verdict.move is not None else attempt.text
    if verdict.legal:
        return Judged(move, LEGAL, str(verdict.code), _one_line(words.verdict(verdict)))
    return Judged(move, ILLEGAL, str(verdict.code), _one_line(words.verdict(verdict)))


def _one_line(text: str) -> str:
    line = " ".join(text.split())
    return line if len(line) <= 200 else line[:199] + "…"


def reason_now(asked: Question | None, answer: LiveAnswer) -> str:
    """An answer's reason in the language of the page drawing it.

    The stored reason is worded in the answering learner's language, and a class
    mixes languages: a Spanish phone's answer must not read in Spanish on an English
    projector. The stored move is judged again, in this page's language; when the
    judge would now say something else (the course changed since), the stored words
    stay, since a true sentence in another language beats a false one in this."""
    if asked is None:
        return answer.reason
    try:
        again = judge(asked, parse_attempt(answer.move))
    except CassinoError:
        return answer.reason
    if (again.verdict, again.code) != (answer.verdict, answer.code):
        return answer.reason
    return again.reason


def bars(answers: list[LiveAnswer], asked: Question | None = None) -> list[Bar]:
    """One bar per distinct move: mistakes first, most common first; then the rest.
    With the question, each bar's reason is worded in this page's language."""
    counts = Counter(a.move for a in answers)
    first = {a.move: a for a in answers}
    grouped: dict[str, list[str]] = {}
    for a in answers:
        grouped.setdefault(a.move, []).append(a.name)
    out = [Bar(move, first[move].verdict, reason_now(asked, first[move]), counts[move],
               tuple(sorted(grouped[move]))) for move in counts]
    return sorted(out, key=lambda b: (b.verdict in (CORRECT, LEGAL), -b.count, b.move))


def marked(asked: Question, move: str) -> Selection:
    """The cards an answer chose, to mark on the question's position when its bar is
    clicked: the hand card, and the loose cards and builds of the table it named (a
    move that does not read marks nothing)."""
    try:
        attempt = parse_attempt(move)
    except CassinoError:
        return Selection()
    position = asked.position
    card = attempt.card if attempt.card in position.hand else None
    named = [*attempt.items, *attempt.targets]
    loose = frozenset(item for item in named if isinstance(item, Card)
                      and item in position.loose)
    builds = frozenset(build for build in position.builds
                       if any(_names(item, build) for item in named))
    return Selection(card, loose, builds)


def _names(item: Card | Build | BuildRef, build: Build) -> bool:
    if isinstance(item, Build):
        return item == build
    if isinstance(item, BuildRef):
        if item.cards:
            return sorted(item.cards) == sorted(build.cards)
        return item.value == build.value
    return False


def verdict_words(verdict: str) -> str:
    return {CORRECT: t("live.verdict.correct"), MISSED: t("live.verdict.missed"),
            ILLEGAL: t("live.verdict.illegal"), LEGAL: t("live.verdict.legal")}.get(
                verdict, verdict)
