"""The controller of the Classroom's practice panel (plain Python, no Streamlit): the
class's skill map, why its tries went wrong this week with an example each, and the
weakest skills, each assigned as homework in one click (flows/practice.py computes
them; ui/practice_panels.py draws `screen()`).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import Position
from tutorial_app.course.course import Course
from tutorial_app.flows import practice
from tutorial_app.services.classes import ClassroomError, ClassStore, SchoolClass


@dataclass(frozen=True, slots=True)
class Reason:
    """One common reason: how often, an example try and its position."""

    code: str
    times: int
    words: str                       # the reason in words
    learner: str
    move: str
    task: str                        # the example's task, by its title
    position: Position | None


@dataclass(frozen=True, slots=True)
class WeakSkill:
    skill: str
    name: str
    needing: tuple[int, ...]         # the learners still learning it
    some: bool                       # fewer than the whole class: "assign to them" too


@dataclass(frozen=True, slots=True)
class ClassPracticeScreen:
    table: dict[str, list[str]]      # learners x skills
    common: tuple[Reason, ...]
    weak: tuple[WeakSkill, ...]


@dataclass(frozen=True, slots=True)
class SkillAssigned:
    error: str | None = None
    title: str = ""


class ClassPracticeController:
    """The class's practice, for its own teacher."""

    def __init__(self, rooms: ClassStore, course: Course, teacher_id: int,
                 room: SchoolClass) -> None:
        self.rooms, self.course, self.teacher_id, self.room = rooms, course, teacher_id, room

    def screen(self) -> ClassPracticeScreen:
        found = practice.class_map(self.course, self.rooms, self.teacher_id, self.room.id)
        common = tuple(Reason(x.code, x.times, practice.reason_words(x.code), x.learner,
                              x.move, practice.task_title(self.course, x.task),
                              practice.task_position(self.course, x.task))
                       for x in found.common)
        weak = tuple(WeakSkill(skill, practice.skill_name(skill), needing,
                               len(needing) < len(found.learners))
                     for skill in found.weak
                     for needing in (found.needing.get(skill, ()),))
        return ClassPracticeScreen(practice.map_table(found), common, weak)

    def assign(self, skill: str, learners: tuple[int, ...] = ()) -> SkillAssigned:
        """Homework on the skill, for the class or for `learners` only."""
        try:
            made = practice.assign_skill(self.course, self.rooms, self.teacher_id,
                                         self.room.id, skill, learners)
        except ClassroomError as error:
            return SkillAssigned(error=str(error))
        return SkillAssigned(title=made.title)
