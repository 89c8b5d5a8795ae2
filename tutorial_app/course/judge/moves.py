"""The judge of a move at a play step or a puzzle: is it the answer, and which words the
learner reads (the judge's, the account of the miss, or the author's entry).

It lives below the step kinds (course/steps/play.py checks with it) so that the proofs
of an author's words (course/proofs/truth.py), which the step kinds run when a lesson is
read, can ask it what a learner would hear: a task is anything with the fields of
`Playable`, a play step, a puzzle, or a task a proof builds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Protocol

from engine import (
    Attempt,
    Move,
    NotationError,
    Position,
    Verdict,
    check,
    legal_moves,
    parse_attempt,
)
from tutorial_app.course.goals import Goal
from tutorial_app.course.judge import feedback, lead
from tutorial_app.course.judge.outcome import Feedback, FeedbackStatus, stars
from tutorial_app.course.scene import Scene
from tutorial_app.words import rulerefs, words
from tutorial_app.words.i18n import t

REVEAL_MOVES: Final = 6  # fewer legal moves than this: a miss must not name the answer


class Playable(Protocol):
    """What the judge reads of a play step or puzzle."""

    @property
    def position(self) -> Position: ...
    @property
    def goal(self) -> Goal: ...
    @property
    def feedback(self) -> Mapping[str, str]: ...
    @property
    def success(self) -> str: ...
    @property
    def solution_moves(self) -> tuple[Move, ...]: ...


def solutions(step: Playable) -> list[Move]:
    """Every legal move that meets the goal (computed when the lesson was loaded)."""
    return list(step.solution_moves)


def answers(step: Playable) -> int:
    """How many different answers the task offers: its legal moves (the bound on the
    wrong tries that still earn three stars, `outcome.stars`)."""
    return len(legal_moves(step.position))


def check_answer(step: Playable, attempt: Attempt | Move | str, *, wrong_attempts: int = 0,
                 hints_used: int = 0) -> Feedback:
    """Judge a try at a play step or puzzle: the engine's judge is asked once, and
    its verdict travels in the Feedback (`feedback.verdict`), so nothing on the page
    needs to ask again. The verdict is None only when the text is not move notation
    at all (UNREADABLE). `stars` (from the keyword arguments: the learner's slips
    before this try) is set only for a correct answer.
    """
    if isinstance(attempt, str):
        try:
            attempt = parse_attempt(attempt)
        except NotationError as error:
            return Feedback(FeedbackStatus.UNREADABLE,
                            t("feedback.bad-notation", error=words.notation_error(error)))
    return judged_answer(step, attempt, check(step.position, attempt),
                         wrong_attempts=wrong_attempts, hints_used=hints_used)


def judged_answer(step: Playable, attempt: Attempt | Move, verdict: Verdict, *,
                  wrong_attempts: int = 0, hints_used: int = 0) -> Feedback:
    """`check_answer` once the judge has given its verdict on `attempt`: the words the
    learner reads (so the sentence check words a verdict it already has)."""
    as_attempt = attempt.as_attempt() if isinstance(attempt, Move) else attempt
    move = verdict.move
    solved = bool(verdict.legal and move is not None and move in step.solution_moves)
    if solved and move is not None:
        message = step.success or t("feedback.correct", move=words.move(move))
        return Feedback(FeedbackStatus.CORRECT, message, verdict,
                        stars(wrong_attempts, hints_used, answers=answers(step)))
    answer = lead.right_card(as_attempt, step.solution_moves)
    if not verdict.legal or move is None:
        base = words.verdict(verdict)
        if answer is not None:
            base = t("feedback.joined", judge=base, advice=lead.lead(answer))
        status = FeedbackStatus.NOT_ALLOWED
    else:
        base = missed(step, move, answer)
        status = FeedbackStatus.MISSED
    message = shown_message(step, as_attempt, verdict, base)
    return Feedback(status, message, verdict)


def missed(step: Playable, move: Move, answer: Move | None = None) -> str:
    """The account of a legal miss: the move, why it misses, then what to do: the
    right card's action when the move plays an answer's card (`answer`), else the
    goal, in words that name none of the answer's cards while the position has fewer
    than REVEAL_MOVES legal moves (a second guess would be sure). A goal whose miss
    only says the move's kind (`{kind: build}`) gets no "why": the move's own words
    say it ("2♦ trails. The goal: build.")."""
    scene = Scene(step.position)
    why = step.goal.miss(scene.trial(move))
    if answer is not None:
        key = "feedback.missed-lead" if why else "feedback.missed-plain-lead"
        return t(key, move=words.move(move), why=why, lead=lead.lead(answer))
    few = len(scene.moves) < REVEAL_MOVES
    goal = step.goal.brief() if few else step.goal.describe()
    key = "feedback.missed" if why else "feedback.missed-plain"
    return t(key, move=words.move(move), why=why, goal=goal)


def shown_message(step: Playable, attempt: Attempt, verdict: Verdict, base: str) -> str:
    """The one explanation a wrong try gets: the author's entry chosen by what was
    tried (fields filled in) replaces the judge's words (or the account of the miss)
    when it names a card of the attempt or the position; an entry that names none
    is advice read after the judge's sentence, as one message, saying no rule the
    judge's sentence has cited (a rule is said once)."""
    if not step.feedback:
        return base  # most steps have no entries: nothing to choose from
    chosen = feedback.choose(step.feedback, attempt, verdict, solved=False,
                             solutions=step.solution_moves)
    if chosen is None:
        return base
    text = feedback.render(chosen[1], feedback.facts(step.position, attempt))
    if feedback.names_a_card(text, step.position, attempt):
        return text
    advice = feedback.once(base, text)  # said once: never the judge's sentence again
    advice = rulerefs.without_cited(advice, rulerefs.cited(base))
    return t("feedback.joined", judge=base, advice=advice) if advice else base
