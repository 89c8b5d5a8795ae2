"""Who the menu is for, decided in one place (app.py builds the menu from it).

A signed-in teacher is offered the teacher pages (Classroom, Login cards). Anyone else
is not: a signed-in learner sees only the learner's pages; a visitor (nobody signed in
on this browser, most often a learner who has not yet typed her name) sees the learner's
pages and one way in for a teacher, "For teachers", which opens the Classroom's sign-in
form. A teacher page's address typed by someone it is not offered to lands on Learn
(ui/page_address.py), and each teacher page refuses without a teacher's session whatever
the menu shows (ui/teacher.py `require_teacher`): the menu only spares a learner the
pages that are not hers.
"""

from __future__ import annotations

from enum import StrEnum

from tutorial_app.ui import session, teacher


class Audience(StrEnum):
    """Whom this run's menu is for."""

    TEACHER = "teacher"  # a teacher signed in on this browser (a learner too, perhaps)
    LEARNER = "learner"  # a learner signed in, no teacher
    VISITOR = "visitor"  # nobody signed in


def audience() -> Audience:
    """The teacher first: a teacher trying the learner's pages on her own device keeps
    her Classroom. Without a store nobody can be a teacher."""
    if session.open_store() is not None and teacher.teacher() is not None:
        return Audience.TEACHER
    return Audience.LEARNER if session.learner() is not None else Audience.VISITOR
