"""Checking a learner's answer: a move for play steps and puzzles, a pick for
choose steps, a reason for mistake steps, a value for quiz steps.

Each kind's checker lives with its kind (course/steps/<kind>.py), a play step's and a
puzzle's with the judge (course/judge/moves.py); they are named
here together for the pages and tools that check answers of several kinds.
Legality is the engine judge's; a checker only decides whether the answer is the
one asked for and which words the learner reads.
"""

from __future__ import annotations

from tutorial_app.course.judge.moves import check_answer, shown_message, solutions
from tutorial_app.course.judge.outcome import stars
from tutorial_app.course.steps.choose import check_choice
from tutorial_app.course.steps.mistake import check_mistake
from tutorial_app.course.steps.quiz import check_quiz

__all__ = ["check_answer", "check_choice", "check_mistake", "check_quiz", "shown_message",
           "solutions", "stars"]
