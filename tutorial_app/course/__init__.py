"""The course layer: lessons and puzzles loaded from YAML, checked with the engine.

Pure Python (never imports streamlit), so the app's pages only render what
this package decides. The public API::

    from tutorial_app.course import load_course, check_answer, check_choice, check_mistake

See docs/lessons.md for the file format this package reads.
"""

from tutorial_app.course.course import Course, load_course
from tutorial_app.course.goals import Goal
from tutorial_app.course.judge.checking import (
    check_answer,
    check_choice,
    check_mistake,
    check_quiz,
    solutions,
    stars,
)
from tutorial_app.course.judge.reasons import reason_label
from tutorial_app.course.model import (
    STEP_KINDS,
    THEMES,
    ChooseStep,
    Feedback,
    FeedbackStatus,
    Lesson,
    MistakeStep,
    PlayStep,
    Puzzle,
    PuzzleSet,
    QuizStep,
    ReadStep,
    Step,
    StepKind,
)
from tutorial_app.course.reading.errors import LessonError, LessonFileError
from tutorial_app.course.reading.loader import load, loads
from tutorial_app.words.i18n import set_language, t

__all__ = [
    "STEP_KINDS",
    "THEMES",
    "ChooseStep",
    "Course",
    "Feedback",
    "FeedbackStatus",
    "Goal",
    "Lesson",
    "LessonError",
    "LessonFileError",
    "MistakeStep",
    "PlayStep",
    "Puzzle",
    "PuzzleSet",
    "QuizStep",
    "ReadStep",
    "Step",
    "StepKind",
    "check_answer",
    "check_choice",
    "check_mistake",
    "check_quiz",
    "load",
    "load_course",
    "loads",
    "reason_label",
    "set_language",
    "solutions",
    "stars",
    "t",
]
