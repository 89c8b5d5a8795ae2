"""`python -m tutorial_app.course stats lessons/`: what the course asks of a learner.

A report for the course author, not the learner (so plain English, no catalogue):
stages (lessons) and tasks per stage, the share of doing tasks, every numbered rule
of docs/rules.md and every setting value with the tasks that practise it, the
chance that a random legal move passes (median and max), puzzles by theme and
difficulty with the agreement of labels and computed difficulty, and the
near-duplicate puzzles.

A task *practises* a rule when the rule decides its answer: the rules behind the
concepts the task needs (course/concepts.py), the rule of the judge's verdict on a
mistake step's move or a choose step's illegal options, what its position shows
(three or four players, an empty table), and rules the task's own words cite ("rule
5.2"). A rule is practised *by doing* when a play, choose or mistake step or a
puzzle rests on it, cited words left out; a quiz only asks about it. A task practises
a setting value when the value is in force in its position and a concept it needs
depends on that setting.

The report also counts again what `validate` proves of the authors' words (course/
truth.py, course/proofs/claims.py): feedback entries and success texts true for every try
that shows them, hints true of their position, misses that give the answer away,
and the share of the course that is reading.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import Final

from engine import legal_moves
from engine.settings import SETTINGS
from tutorial_app.config import rules_page
from tutorial_app.course.course import Course
from tutorial_app.course.judge import feedback
from tutorial_app.course.model import THEMES, PlayStep, Puzzle, Step
from tutorial_app.course.proofs import clicks, truth
from tutorial_app.course.puzzles import play_difficulty
from tutorial_app.course.puzzles.difficulty import computed_difficulty, duplicates, spearman
from tutorial_app.course.reading import stages
from tutorial_app.course.steps import scored, step_needs, unit_of

NOT_PLAYABLE: Final = frozenset({"11.3"})  # games the tutor does not cover

CONCEPT_RULES: Final[dict[str, tuple[str, ...]]] = {
    "values": ("1.2", "1.3"), "trail": ("3.1", "6.1"), "pair": ("4.1",), "sum": ("4.2",),
    "several-groups": ("4.3",), "court-capture": ("4.6", "4.5"),
    "build": ("5.1", "5.2", "5.3", "5.4"), "take-build": ("5.8", "4.4"), "raise": ("5.5",),
    "multiple-build": ("5.6",), "add-to-build": ("5.7",), "controller": ("6.2", "7.1", "7.2"),
    "sweep": ("4.7", "8.1"), "last-cards": ("8.2", "9.1"), "scoring": ("10.1",),
    "deal": ("2.1", "2.2", "2.3", "2.4"), "game-end": ("10.2", "10.4"),
    "face_values=royal": ("1.4",), "ace_high=true": ("1.5",), "builds=off": ("11.1",),
    "draw=true": ("11.2",), "scoring=spades": ("10.3",),
}

# which concept a setting's value decides (for the classic values, which are in force
# in every classic task, only the tasks that need that concept practise them): each
# setting's record says (engine/settings.py)
SETTING_CONCEPTS: Final[dict[str, str]] = {s.name: s.concept for s in SETTINGS}

_CITED = re.compile(r"\b(?:rule|rules)\s+(\d{1,2}\.\d)\b|\((\d{1,2}\.\d)\)")

Task = Step | Puzzle


def numbered_rules(text: str) -> list[str]:
    """Every rule number cited in the rules page's sections 1-11, in order."""
    found: list[str] = []
    for number in re.findall(r"\((\d{1,2}\.\d)(?:[,)]| see)", text):
        if number not in found:
            found.append(number)
    return sorted(found, key=lambda n: tuple(int(p) for p in n.split(".")))


def task_name(owner: str, task: Task) -> str:
    return task.id if isinstance(task, Puzzle) else f"{owner}/{task.id}"


def _texts(task: Task) -> Iterable[str]:
    return unit_of(task).texts(task)


def task_rules(task: Task, cited: bool = True) -> set[str]:
    """The rule numbers a task practises (see the module's docstring); `cited=False`
    leaves out the rules only its words cite, keeping what its answer rests on."""
    out: set[str] = set()
    for concept in step_needs(task):
        out.update(CONCEPT_RULES.get(concept, ()))
    out.update(unit_of(task).practised(task))
    position = task.position
    if position is not None and position.players > 2:
        out.add("2.1")  # the same rules with three or four players
    if position is not None and position.table_empty and scored(task.kind):
        out.add("8.3")  # an empty table, as after a sweep: nothing to do but trail
    if cited:
        for text in _texts(task):
            for a, b in _CITED.findall(text):
                out.add(a or b)
    return out


def task_settings(task: Task) -> set[str]:
    """`name=value` for each setting that decides this task's answer."""
    rules = unit_of(task).rules_of(task)
    if rules is None:
        return set()
    needs = step_needs(task)
    out: set[str] = set()
    for record in SETTINGS:
        text = f"{record.name}={record.text(getattr(rules, record.name))}"
        if text in needs or record.concept in needs:
            out.add(text)
    return out


def random_pass(task: PlayStep | Puzzle) -> float | None:
    """The chance a uniformly random legal move passes; None for a legality-only goal."""
    if task.goal.legality_only:
        return None
    moves = len(list(legal_moves(task.position)))
    return len(task.solution_moves) / moves if moves else None


def report(course: Course, rules_text: str | None = None) -> str:
    if rules_text is None:
        rules_text = rules_page().read_text(encoding="utf-8")
    lines: list[str] = []
    tasks: list[tuple[str, Task]] = []
    doing_total = 0
    all_steps = 0
    sizes: list[int] = []
    lines.append(f"Stages: {len(course.lessons)}")
    for number, lesson in enumerate(course.lessons, 1):
        doing = [s for s in lesson.steps if scored(s.kind)]
        # a demonstration opens the task after it and is counted with it (stages.py)
        size, done = stages.task_count(lesson.steps), stages.doing(lesson.steps)
        doing_total += done
        all_steps += size
        sizes.append(size)
        shape = "" if 3 <= size <= 8 and 3 * done >= 2 * size else (
            "  <- not 3-8 tasks with two thirds doing")
        chapter = (f" [{lesson.chapter} {lesson.stage}/{lesson.stages}]" if lesson.stages > 1
                   else f" [{lesson.chapter}]" if lesson.chapter else "")
        lines.append(f"  {number:2}. {lesson.id}{chapter}: {size} task(s), "
                     f"{done} doing{shape}")
        tasks += [(lesson.id, s) for s in doing]
    if sizes:
        lines.append(f"Tasks per stage: min {min(sizes)}, median {statistics.median(sizes):g}, "
                     f"max {max(sizes)}")
    share = doing_total / all_steps if all_steps else 0.0
    lines.append(f"Doing share: {share:.0%} ({doing_total} of {all_steps} tasks)")
    tasks += [(p.set_id, p) for p in course.puzzles]

    by_rule: dict[str, list[str]] = defaultdict(list)
    by_setting: dict[str, list[str]] = defaultdict(list)
    for owner, task in tasks:
        name = task_name(owner, task)
        for rule in task_rules(task):
            by_rule[rule].append(name)
        for setting in task_settings(task):
            by_setting[setting].append(name)
    lines.append("Rules and the tasks that practise them:")
    missing_rules = []
    for rule in numbered_rules(rules_text):
        names = by_rule.get(rule, [])
        if not names and rule not in NOT_PLAYABLE:
            missing_rules.append(rule)
        note = " (not played by this tutor)" if rule in NOT_PLAYABLE else ""
        lines.append(f"  {rule}: {_names(names)}{note}")
    lines.append("Setting values and the tasks that practise them:")
    missing_settings = []
    for record in SETTINGS:
        for value in record.choices:
            text = f"{record.name}={value}"
            names = by_setting.get(text, [])
            if not names:
                missing_settings.append(text)
            lines.append(f"  {text}: {_names(names)}")
    lines.append("Not practised: " + (", ".join(missing_rules + missing_settings) or "none"))

    lines += proof_lines(course, tasks)
    lines += doing_lines(numbered_rules(rules_text), tasks)
    lines.append(reading_line(course))

    chances = [c for _, t in tasks if isinstance(t, (PlayStep, Puzzle))
               for c in [random_pass(t)] if c is not None]
    if chances:
        lines.append(f"Random-pass rate: median {statistics.median(chances):.0%}, "
                     f"max {max(chances):.0%} (over {len(chances)} play steps and puzzles)")

    puzzles = course.puzzles
    lines.append(f"Puzzles: {len(puzzles)}")
    table: dict[str, Counter[int]] = defaultdict(Counter)
    for puzzle in puzzles:
        for theme in puzzle.themes:
            table[theme][puzzle.difficulty] += 1
    lines.append("  theme              1   2   3   4   5  all")
    for theme in THEMES:
        if theme in table:
            row = table[theme]
            lines.append(f"  {theme:17}" + "".join(f"{row[d]:4}" for d in range(1, 6))
                         + f"{sum(row.values()):5}")
    labels = [float(p.difficulty) for p in puzzles]
    computed = [float(computed_difficulty(p)) for p in puzzles]
    # The position's look, kept for comparison: labels now come from play, and a puzzle
    # that looks hard but falls to a habit is labelled by the habit.
    lines.append(f"Difficulty: labels against the position-based score, Spearman "
                 f"{spearman(labels, computed):.2f} (n={len(puzzles)})")
    lines.extend(play_difficulty.report(puzzles))
    groups = duplicates(puzzles)
    lines.append(f"Duplicates: {len(groups)} group(s)" + ("" if groups else " (none)"))
    for group in groups:
        lines.append("  " + ", ".join(p.id for p in group))
    return "\n".join(lines)


def text_proofs(step: PlayStep | Puzzle) -> tuple[int, int, int, int]:
    """(entries shown, entries true for every attempt that shows them, displays,
    false displays) of a play step's or puzzle's feedback, over every click attempt."""
    shown: dict[str, bool] = {}
    displays = false = 0
    for attempt, verdict in clicks.judged_attempts(step.position):
        solved = verdict.legal and verdict.move in step.solution_moves
        chosen = feedback.choose(step.feedback, attempt, verdict, solved, step.solution_moves)
        if chosen is None:
            continue
        displays += 1
        values = feedback.facts(step.position, attempt)
        wrong = any(not values.get(n) for n in feedback.fields_in(chosen[1])) or \
            feedback.contradiction(feedback.render(chosen[1], values), step.position, attempt,
                                   verdict, step.solution_moves) is not None
        false += wrong
        shown[chosen[1]] = shown.get(chosen[1], True) and not wrong
    return len(shown), sum(shown.values()), displays, false


def proof_lines(course: Course, tasks: list[tuple[str, Task]]) -> list[str]:
    """What the validator proves of the authors' words, counted again on the course."""
    playables = [t for _, t in tasks if isinstance(t, (PlayStep, Puzzle))]
    entries = proved = displays = false = 0
    successes = true_successes = 0
    hints = false_hints = 0
    few = revealing = 0
    for step in playables:
        e, p, d, f = text_proofs(step)
        entries, proved, displays, false = entries + e, proved + p, displays + d, false + f
        if step.success:
            successes += 1
            true_successes += truth.success_fault(step.success, step.position,
                                                  step.solution_moves) is None
        hints += len([h for h in step.hints if h])
        false_hints += len(list(truth.hint_faults(step.hints, step.position)))
        if not step.goal.legality_only and len(list(legal_moves(step.position))) < \
                truth.REVEAL_MOVES:
            few += 1
            revealing += truth.reveal_fault(step, step.prompt) is not None
    return [
        f"Author texts proved true for every attempt that shows them: {proved} of {entries} "
        f"feedback entries ({displays - false} of {displays} displays), {true_successes} of "
        f"{successes} success texts under every solution",
        f"Hints checked: {hints - false_hints} of {hints} name only cards of their position "
        "and say nothing false of it",
        f"Tasks whose misses reveal the answer: {revealing} of {few} tasks with fewer than "
        f"{truth.REVEAL_MOVES} legal moves",
    ]


def doing_lines(rules: list[str], tasks: list[tuple[str, Task]]) -> list[str]:
    """Which rules a learner acts out with cards (play, choose and mistake steps and
    puzzles, by what their answers rest on, not by the rules their words cite), and
    which only a quiz asks about."""
    doing: set[str] = set()
    quizzed: set[str] = set()
    for _, task in tasks:
        found = task_rules(task, cited=False)
        (doing if unit_of(task).by_doing else quizzed).update(found)
    playable = [r for r in rules if r not in NOT_PLAYABLE]
    done = [r for r in playable if r in doing]
    quiz_only = [r for r in playable if r not in doing and r in quizzed]
    none = [r for r in playable if r not in doing and r not in quizzed]
    return [f"Rules practised by doing (not by quiz): {len(done)} of {len(playable)}; "
            f"by quiz only: {', '.join(quiz_only) or 'none'}; by neither: "
            f"{', '.join(none) or 'none'}"]


def reading_line(course: Course) -> str:
    """The share of the course that is reading: read tasks among all tasks, and their
    words among all the words of the tasks' texts."""
    tasks = [s for lesson in course.lessons for s in lesson.steps]
    reads = [s for s in tasks if not scored(s.kind)]
    read_words = sum(len(unit_of(s).text(s).split()) for s in reads)
    all_words = read_words + sum(len(text.split()) for s in tasks if scored(s.kind)
                                 for text in _texts(s))
    share = len(reads) / len(tasks) if tasks else 0.0
    words = read_words / all_words if all_words else 0.0
    return (f"Reading share: {share:.0%} ({len(reads)} of {len(tasks)} tasks are reading; "
            f"{words:.0%} of the words)")





def _names(names: list[str]) -> str:
    if not names:
        return "NONE"
    shown = ", ".join(names[:3])
    return f"{len(names)} task(s): {shown}" + (", ..." if len(names) > 3 else "")
