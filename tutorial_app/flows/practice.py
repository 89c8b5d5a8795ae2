"""The Practice page and the teacher's class skill map (plain Python, no Streamlit).

A learner's page: today's set (course/practice/plan.py) with one sentence each saying why it
was chosen, and their skill map (mastered, learning, due for review, not seen). The
teacher's panel: the class's map (learners x skills), the reason codes of the class's
wrong tries this week, most common first, each with an example, and the weakest
skills, each assignable as homework in one click.

Everything is read through services/practice_store.py as the signed-in person (a
`Viewer`), which refuses anything that is not theirs to see.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from engine import Position
from tutorial_app import config
from tutorial_app.course.course import Course
from tutorial_app.course.model import Lesson
from tutorial_app.course.practice import ready
from tutorial_app.course.practice.mastery import Mastery, trace, tries_from_log
from tutorial_app.course.practice.plan import SET_SIZE, Pick, Reason, Situation, daily_set
from tutorial_app.course.practice.skills import (
    SETTING_PREFIX,
    Task,
    course_tasks,
    missed_skills,
    skill_order,
)
from tutorial_app.flows import links
from tutorial_app.services import fitted_params
from tutorial_app.services import practice_store as ps
from tutorial_app.services.classes import ClassStore, Homework
from tutorial_app.services.practice_store import LoggedTry, Viewer
from tutorial_app.services.store import LessonProgress, ProgressStore
from tutorial_app.words import words
from tutorial_app.words.i18n import count, t

WEEK: Final = 7 * 86400.0
HOMEWORK_TASKS: Final = 5    # puzzles in one click's homework on a skill
COMMON_SHOWN: Final = 5      # reason codes listed for the class
WEAK_SHOWN: Final = 3        # weak skills offered as homework

_tasks: dict[int, tuple[Course, list[Task]]] = {}


def tasks_of(course: Course) -> list[Task]:
    """The course's tasks with their skills, worked out once per loaded course."""
    kept = _tasks.get(id(course))
    if kept is not None and kept[0] is course:
        return kept[1]
    found = course_tasks(course.lessons, course.puzzles)
    if len(_tasks) > 8:
        _tasks.clear()
    _tasks[id(course)] = (course, found)
    return found


def open_tasks(course: Course, progress: Mapping[str, LessonProgress]) -> list[Task]:
    """The tasks a learner may be set: puzzles, and the steps of lessons whose required
    lessons she has finished (the Learn page refuses the others, saying what to finish
    first: a set must not send her there); and of those, only the ones under rules
    she has been taught: a house rule (a `setting:` skill) once a lesson practising it
    is finished, not in her first week's set before any lesson named it. A puzzle
    is open once she is ready for it: a finished lesson practises one of its themes
    and the stages she has finished teach every concept it needs
    (course/practice/ready.py)."""
    done = {lesson_id for lesson_id, made in progress.items() if made.completed}
    closed = {lesson.id for lesson in course.lessons if not set(lesson.requires) <= done}
    tasks = tasks_of(course)
    taught = {s for task in tasks if task.lesson in done for s in _settings(task)}
    # A puzzle is open once a finished lesson practises one of its themes, as on the
    # Puzzles page's first visit: a new learner's set was five building puzzles before
    # she had met a card.
    themes = {theme for lesson in course.lessons if lesson.id in done
              for theme in lesson.practice}
    # ...and only those whose every concept is taught: a multiple-capture puzzle that
    # takes a build waits for the builds, a variant puzzle scoring spades for spades.
    concepts = ready.taught_by(course.lessons, done)
    taught_puzzles = {p.id for p in course.puzzles
                      if themes & set(p.themes) and ready.ready(p, concepts)}
    return [task for task in tasks
            if (task.lesson not in closed if task.kind == "step"
                else task.ref in taught_puzzles)
            and _settings(task) <= taught]


def next_lesson(course: Course, progress: Mapping[str, LessonProgress]) -> Lesson | None:
    """The first lesson she may open and has not finished (the Learn page's next)."""
    done = {lesson_id for lesson_id, made in progress.items() if made.completed}
    return next((lesson for lesson in course.lessons
                 if lesson.id not in done and set(lesson.requires) <= done), None)


def _settings(task: Task) -> set[str]:
    return {skill for skill in task.skills if skill.startswith(SETTING_PREFIX)}


def skill_name(skill: str) -> str:
    """A skill as the learner reads it ("Sums", "Setting: court cards' values")."""
    if skill.startswith(SETTING_PREFIX):
        return t(f"practice.skill.setting.{skill[len(SETTING_PREFIX):]}")
    return t(f"practice.skill.{skill}")


def why(reason: Reason) -> str:
    """One sentence saying why a task is in the set."""
    name = skill_name(reason.skill)
    if reason.kind == "review":
        return count(max(1, reason.n), "practice-review", skill=name)
    if reason.kind == "missed":
        return count(reason.n, "practice-missed", skill=name)
    if reason.kind == "new" and reason.n:  # said "something new" once, then more of it
        return t("practice.why.new_more", skill=name)
    return t(f"practice.why.{reason.kind}", skill=name)


def task_link(task: Task, from_practice: bool = False) -> dict[str, str]:
    """The link parameters that open a task on the Learn or the Puzzles page; from the
    day's set, saying so (`via=practice`), so the page leads back to the set rather than
    on through the lesson or to unrelated puzzles."""
    via = {links.VIA: links.FROM_PRACTICE} if from_practice else {}
    if task.kind == "puzzle":
        return {links.PUZZLE: task.ref, **via}
    lesson, _, step = task.ref.partition("/")
    return {links.LESSON: lesson, links.STEP: step, **via}


def next_task(picks: Sequence[Pick], done: Collection[str]) -> Task | None:
    """The day's next task for a learner back from one of its tasks: the first pick of
    today's set not among `done` (the task keys she has just done)."""
    return next((pick.task for pick in picks if pick.task.key not in done), None)


def task_title(course: Course, task: Task) -> str:
    """The task as the set lists it: the puzzle's title, or the lesson's and which step."""
    if task.kind == "puzzle":
        puzzle = links.find_puzzle(course, task.ref)
        title = (puzzle.title or puzzle.prompt) if puzzle else task.ref
        return t("practice.task_puzzle", title=title)
    lesson = links.find_lesson(course, task.lesson)
    if lesson is None:
        return task.ref
    step = next((i for i, s in enumerate(lesson.steps, 1) if f"{lesson.id}/{s.id}" == task.ref),
                0)
    return t("practice.task_step", title=lesson.title, n=step)


def task_position(course: Course, task: Task) -> Position | None:
    """The position a task is asked on (None for a quiz step, which has none)."""
    if task.kind == "puzzle":
        puzzle = links.find_puzzle(course, task.ref)
        return puzzle.position if puzzle else None
    lesson = links.find_lesson(course, task.lesson)
    if lesson is None:
        return None
    step_id = task.ref.partition("/")[2]
    step = next((s for s in lesson.steps if s.id == step_id), None)
    return step.position if step is not None else None


@dataclass(frozen=True, slots=True)
class SkillRow:
    skill: str
    name: str
    state: str        # mastered / learning / unseen
    due: bool         # a task on it is due for review
    known: float      # the model's chance the learner knows it


@dataclass(frozen=True, slots=True)
class PracticeView:
    picks: tuple[Pick, ...]
    skills: tuple[SkillRow, ...]
    solved_today: int = 0  # practice tasks solved since the start of the school's day
    next_lesson: Lesson | None = None  # her next lesson, named when the set is empty
    solved_keys: frozenset[str] = frozenset()  # the tasks she solved today

    @property
    def done_for_today(self) -> bool:
        """As many tasks solved today as a set holds: the day's practice is done (the
        page says so before offering more)."""
        return self.solved_today >= SET_SIZE


def next_lesson_words(view: PracticeView) -> str:
    """The empty set's sentence: practice starts with the first scored exercises, and
    the lesson to go on with (a new learner's first visit)."""
    if view.next_lesson is None:
        return t("practice.empty")
    return t("practice.next_lesson", title=view.next_lesson.title)


def done_words(view: PracticeView) -> str:
    """The sentence that ends the day's practice."""
    return count(view.solved_today, "practice-done")


def _day_start(at: float) -> float:
    """Midnight of the day `at` falls in, on the school's clock (CASSINO_TIME_ZONE)."""
    local = config.local_time(at)
    return local.replace(hour=0, minute=0, second=0, microsecond=0).timestamp()


def _model(tasks: Sequence[Task], log: Sequence[LoggedTry], store: ProgressStore) -> Mastery:
    """The learner's skill model, with the parameters the store holds (fitted, or the
    textbook's)."""
    by_key = {task.key: task for task in tasks}
    return trace(tries_from_log(((x.task, x.verdict, x.code, x.at) for x in log), by_key),
                 fitted_params.current(store).bkt)


def missed_by_skill(tasks: Sequence[Task], log: Sequence[LoggedTry], since: float
                    ) -> Counter[str]:
    """Wrong tries since a time, counted against the skill each shows missing."""
    by_key = {task.key: task for task in tasks}
    found: Counter[str] = Counter()
    for x in log:
        task = by_key.get(x.task)
        if task is None or x.at < since or x.verdict in ("correct", "unreadable"):
            continue
        found.update(missed_skills(task, x.code))
    return found


def learner_view(course: Course, store: ProgressStore, learner_id: int,
                 now: float | None = None) -> PracticeView:
    """The signed-in learner's set and map (their own: the store checks)."""
    at = time.time() if now is None else now
    me = Viewer("learner", learner_id)
    tasks = tasks_of(course)
    log = ps.tries(store, me, [learner_id])
    reviews = ps.reviews(store, me, learner_id)
    model = _model(tasks, log, store).at(at)
    due = {k: r.due for k, r in reviews.items() if r.due is not None and r.due <= at}
    # "You last did this n days ago": since its last review (she finished it), not her
    # last try (a wrong try ten minutes ago made it "1 day ago").
    reviewed = {k: r.updated if r.reviewed is None else r.reviewed for k, r in reviews.items()}
    solved = {x.task for x in log if x.verdict == "correct"}
    situation = Situation(model, due, reviewed, solved,
                          missed_by_skill(tasks, log, at - WEEK), at)
    progress = store.progress(learner_id)
    # The first set comes with the first scored exercises: before any try or lesson, the
    # page names her next lesson, which shows each new kind of task before asking it,
    # rather than sending her into the middle of it (its first stage holds a capture).
    begun = bool(log or progress)
    picks = tuple(daily_set(open_tasks(course, progress), situation)) if begun else ()
    due_skills = {s for task in tasks if task.key in due for s in task.skills}
    skills = sorted({s for task in tasks for s in task.skills}, key=skill_order)
    # A house rule is a row of her map once she has met it, not "Not seen" from day one
    # (as the class map shows it).
    rows = tuple(SkillRow(s, skill_name(s), model.state(s), s in due_skills, model.p_known(s))
                 for s in skills
                 if not s.startswith(SETTING_PREFIX) or model.state(s) != "unseen")
    since = _day_start(at)
    keys = {task.key for task in tasks}  # practice tasks only, as the set holds them
    today = {x.task for x in log
             if x.verdict == "correct" and since <= x.at <= at and x.task in keys}
    return PracticeView(picks, rows, len(today), next_lesson(course, progress),
                        frozenset(today))


# ----- the teacher's class ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CommonReason:
    code: str
    times: int
    learner: str      # an example: whose try
    move: str         # the move tried, in words (the log keeps its notation)
    task: Task


@dataclass(frozen=True, slots=True)
class ClassMap:
    learners: tuple[tuple[int, str], ...]
    skills: tuple[str, ...]                    # the columns: skills any task exercises
    states: dict[tuple[int, str], str]         # (learner, skill) -> mastered/learning/unseen
    common: tuple[CommonReason, ...]
    weak: tuple[str, ...]                      # weakest skills of the class, weakest first
    needing: dict[str, tuple[int, ...]]        # weak skill -> the learners still learning it


def class_map(course: Course, rooms: ClassStore, teacher_id: int, class_id: int,
              now: float | None = None) -> ClassMap:
    """The class's skill map, for its own teacher only (PracticeAccessError)."""
    at = time.time() if now is None else now
    teacher = Viewer("teacher", teacher_id)
    ids = ps.class_learners(rooms.store, teacher_id, class_id)
    names = {x.id: x.name for x in rooms.members(class_id)}
    tasks = tasks_of(course)
    by_key = {task.key: task for task in tasks}
    log = ps.tries(rooms.store, teacher, ids)
    game = sorted({s for x in tasks for s in x.skills}, key=skill_order)
    states: dict[tuple[int, str], str] = {}
    known: dict[str, list[float]] = {}
    needing: dict[str, list[int]] = {}
    for who in ids:
        model = _model(tasks, [x for x in log if x.learner_id == who], rooms.store).at(at)
        for skill in game:
            states[(who, skill)] = model.state(skill)
            if model.state(skill) != "unseen":
                known.setdefault(skill, []).append(model.p_known(skill))
            if model.state(skill) == "learning":
                needing.setdefault(skill, []).append(who)
    shown = tuple(s for s in game if not s.startswith(SETTING_PREFIX)
                  or any(states[(w, s)] != "unseen" for w in ids))
    # Weakest by what the learners who tried it know (their mean P(known), mastered
    # ones included), not by how many are still learning it: five learners nearly
    # there on one skill are not a bigger gap than one learner lost on another.
    weak = sorted(needing, key=lambda s: (sum(known[s]) / len(known[s]), -len(needing[s]),
                                          skill_order(s)))
    return ClassMap(tuple((w, names.get(w, str(w))) for w in ids), shown, states,
                    common_reasons(log, by_key, names, at - WEEK), tuple(weak[:WEAK_SHOWN]),
                    {s: tuple(needing[s]) for s in weak[:WEAK_SHOWN]})


def common_reasons(log: Sequence[LoggedTry], tasks: dict[str, Task], names: dict[int, str],
                   since: float) -> tuple[CommonReason, ...]:
    """The reason codes of wrong tries since a time, most common first, each with its
    latest try as the example."""
    wrong = [x for x in log if x.at >= since and x.task in tasks
             and x.verdict not in ("correct", "unreadable")]
    times = Counter(x.code for x in wrong)
    out = []
    for code, n in times.most_common(COMMON_SHOWN):
        example = [x for x in wrong if x.code == code][-1]
        out.append(CommonReason(code, n, names.get(example.learner_id, ""),
                                words.written(example.move), tasks[example.task]))
    return tuple(out)


def reason_words(code: str) -> str:
    """A reason code as the teacher reads it; a legal move that missed the goal, and a
    wrong pick on a question (choose, mistake, quiz: no move, no code), have their own."""
    if not code:
        return t("practice.reason_wrong_pick")
    return t("practice.reason_missed") if code == "legal" else t(f"reason.{code}")


def state_mark(state: str) -> str:
    return t(f"practice.state.{state}")


def map_table(found: ClassMap) -> dict[str, list[str]]:
    """The class map as columns: learners' names, then one column per skill."""
    out: dict[str, list[str]] = {t("practice.col.learner"): [n for _, n in found.learners]}
    for skill in found.skills:
        out[skill_name(skill)] = [state_mark(found.states[(w, skill)])
                                  for w, _ in found.learners]
    return out


def homework_tasks(course: Course, skill: str) -> list[str]:
    """Homework on one skill: the puzzles most focused on it, easiest first; a lesson
    that exercises it when no puzzle does."""
    tasks = [x for x in tasks_of(course) if skill in x.skills]
    puzzles = sorted((x for x in tasks if x.kind == "puzzle"),
                     key=lambda x: (len(x.skills), x.difficulty, x.order))
    if puzzles:
        return [x.key for x in puzzles[:HOMEWORK_TASKS]]
    return [f"lesson:{x.lesson}" for x in tasks[:1]]


def assign_skill(course: Course, rooms: ClassStore, teacher_id: int, class_id: int,
                 skill: str, learners: Sequence[int] = ()) -> Homework:
    """One click: homework on a weak skill for the class, or for the learners who need
    it (`learners`), by the class's own teacher only."""
    members = ps.class_learners(rooms.store, teacher_id, class_id)
    if not set(learners) <= set(members):
        raise ps.PracticeAccessError("homework goes to learners of the teacher's class")
    return rooms.assign(class_id, t("practice.homework_title", skill=skill_name(skill)),
                        homework_tasks(course, skill), learners=learners)
