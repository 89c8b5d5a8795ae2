"""Checking a learner's answer: a move for play steps and puzzles, a pick for
choose steps, a reason for mistake steps.

Legality is the engine judge's; this module only decides whether a legal
move meets the goal and which words the learner reads: the step's own
feedback when the author wrote some for this move or reason, else the
judge's explanation (illegal) or the goal's account of the miss (legal).
"""

from __future__ import annotations

from engine import Attempt, Move, NotationError, Verdict, check, parse_attempt
from tutorial_app.course import feedback, whynot, words
from tutorial_app.course.i18n import count, t
from tutorial_app.course.model import (
    ChooseStep,
    Feedback,
    FeedbackStatus,
    MistakeStep,
    PlayStep,
    Puzzle,
    QuizStep,
)
from tutorial_app.course.scene import Scene

Playable = PlayStep | Puzzle


def solutions(step: Playable) -> list[Move]:
    """Every legal move that meets the goal (computed when the lesson was loaded)."""
    return list(step.solution_moves)


def stars(wrong_attempts: int, hints_used: int) -> int:
    """3 for a first try with no hint; 2 with one or two slips (wrong tries plus hint
    levels used); 1 otherwise, which includes being shown the move (hint level 3)."""
    slips = max(wrong_attempts, 0) + max(hints_used, 0)
    if slips == 0:
        return 3
    return 2 if slips <= 2 else 1


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
    verdict = check(step.position, attempt)
    as_attempt = attempt.as_attempt() if isinstance(attempt, Move) else attempt
    move = verdict.move
    solved = bool(verdict.legal and move is not None and move in step.solution_moves)
    if solved and move is not None:
        message = step.success or t("feedback.correct", move=words.move(move))
        return Feedback(FeedbackStatus.CORRECT, message, verdict,
                        stars(wrong_attempts, hints_used))
    if not verdict.legal or move is None:
        base = words.verdict(verdict)
        status = FeedbackStatus.NOT_ALLOWED
    else:
        trial = Scene(step.position).trial(move)
        base = t("feedback.missed", move=words.move(move), why=step.goal.miss(trial),
                 goal=step.goal.describe())
        status = FeedbackStatus.MISSED
    message = shown_message(step, as_attempt, verdict, base)
    return Feedback(status, message, verdict)


def shown_message(step: Playable, attempt: Attempt, verdict: Verdict, base: str) -> str:
    """The one explanation a wrong try gets: the author's entry chosen by what was
    tried (fields filled in) replaces the judge's words (or the account of the miss)
    when it names a card of the attempt or the position; an entry that names none
    is advice read after the judge's sentence, as one message."""
    chosen = feedback.choose(step.feedback, attempt, verdict, solved=False)
    if chosen is None:
        return base
    text = feedback.render(chosen[1], feedback.facts(step.position, attempt))
    if feedback.names_a_card(text, step.position, attempt):
        return text
    advice = feedback.once(base, text)  # said once: never the judge's sentence again
    return t("feedback.joined", judge=base, advice=advice) if advice else base


def check_choice(step: ChooseStep, selected: frozenset[int], *, wrong_attempts: int = 0,
                 hints_used: int = 0) -> Feedback:
    """Right when exactly the correct options are picked; else say what is off.
    `stars`, as for a move, counts the slips before this try."""
    chosen = frozenset(selected)
    if chosen == step.correct:
        return Feedback(FeedbackStatus.CORRECT, step.success or t("choose.correct"),
                        stars=stars(wrong_attempts, hints_used))
    wrong = sorted(chosen - step.correct)
    missed = sorted(step.correct - chosen)
    if wrong:  # one short reply: why the first wrong pick is wrong, in the step's words
        return Feedback(FeedbackStatus.MISSED, step.explanations[wrong[0]])
    return Feedback(FeedbackStatus.MISSED, count(len(missed), "choose-missed"))


def check_mistake(step: MistakeStep, code: str, *, wrong_attempts: int = 0,
                  hints_used: int = 0) -> Feedback:
    """Right when the learner names the judge's reason; the judge's words explain it.
    The Feedback's verdict is the judge's on the move shown (computed when the lesson
    was loaded: `step.answer` is its code), whichever reason the learner named."""
    verdict = step.verdict
    if code == step.answer:
        # the judge's explanation is shown under the answer: the reply does not repeat it
        message = step.success or t("choose.correct")
        return Feedback(FeedbackStatus.CORRECT, message, verdict,
                        stars(wrong_attempts, hints_used))
    why = whynot.why_not(code, step.position, parse_attempt(step.move), verdict)
    return Feedback(FeedbackStatus.MISSED, t("mistake.wrong-because", why=why), verdict)


def check_quiz(step: QuizStep, value: str, *, wrong_attempts: int = 0,
               hints_used: int = 0) -> Feedback:
    """Right when the learner picks the value the engine computed for the fact; a wrong
    pick hears the author's reason why that value is wrong."""
    if value == step.answer:
        return Feedback(FeedbackStatus.CORRECT, step.success or t("choose.correct"),
                        stars=stars(wrong_attempts, hints_used))
    return Feedback(FeedbackStatus.MISSED, dict(step.wrong).get(value) or t("quiz.wrong"))
