"""Proofs about what a task's own words say, beyond its feedback entries.

The loader proves each feedback entry against every click attempt that shows it
(course/reading/playable.py). This module proves the rest of what an author, or the
generator, writes about a task:

- a hint or a prompt names only cards of the position, and says nothing of the hand
  or the table that is not so (a hint is read before any try);
- a success text is true for every move that solves the task;
- a text that says the setting decided the answer ("The setting decided it.") is
  checked by playing the task under the classic rules: the answers must differ;
- a setting the task names for itself (rules other than its lesson's) changes its
  answer under some other value of that setting, else the task does not teach it;
- a prompt that asks to capture or take cards worth points is met by what is
  captured from the table, not by the card played;
- a reply to a legal miss does not name a card of the answer the learner has not
  already seen (in the try or the prompt) while the task has fewer than
  REVEAL_MOVES legal moves, where a second guess would then be sure, nor word the
  goal as its full instruction ("The goal: add 4♠ and 6♥ to the 10-build");
- a reply to a try with the right card and the wrong action never asks which card
  (judge/lead.py), and no reply to a miss says the move's kind twice ("2♦ trails: it
  is a trail").

Each check is a function of the task (`Fault`s, with where in the task they are),
so `validate` reports them at file:line:column and `stats` counts them on a loaded
course with the same code.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any, Final

import yaml

from engine import (
    CAPTURE,
    PRESETS,
    Attempt,
    Build,
    Card,
    CassinoError,
    Move,
    NotationError,
    Position,
    Rules,
    Scoring,
    Verdict,
    check,
    legal_moves,
    parse_attempt,
)
from engine.scoring import card_points
from engine.settings import SETTING
from tutorial_app.course import goals as g
from tutorial_app.course.concepts import setting_text
from tutorial_app.course.goals import Goal
from tutorial_app.course.judge import answers, feedback, lead, whynot
from tutorial_app.course.judge.moves import REVEAL_MOVES as REVEAL_MOVES
from tutorial_app.course.judge.moves import Playable, check_answer
from tutorial_app.course.proofs import claims, clicks
from tutorial_app.course.reading.yamlsrc import Fields, Source, child
from tutorial_app.course.scene import Scene

SETTING_CLAIM: Final = re.compile(r"\bsetting (?:decided|decides|changes|changed)\b|"
                                  r"\bwhich setting\b", re.IGNORECASE)
CAPTURE_WORTH: Final = re.compile(r"\b(?:capture|take)s?\b[^.?!]*\b(?:worth|points?)\b",
                                  re.IGNORECASE)
PLAYED_COUNTS: Final = re.compile(r"\bcard you play\b|\bplayed card\b|\bgoes to your pile\b",
                                  re.IGNORECASE)


@dataclass(frozen=True)
class Fault:
    """One thing a task's words get wrong: where (a key of the task: `hints[1]`,
    `success`, `prompt`, `goal`, `position`, `feedback.<key>`), and what."""

    where: str
    message: str


def text_faults(text: str, position: Position,
                allowed: frozenset[str] = frozenset()) -> str | None:
    """Why a text read before any try (a hint, a prompt) is not true of the position;
    `allowed` are cards it may name that are not there (a mistake step's move)."""
    return claims.false_claim(text, claims.Situation(position, allowed=allowed))


def hint_faults(hints: Sequence[str], position: Position) -> Iterator[Fault]:
    for index, hint in enumerate(hints):
        why = text_faults(hint, position)
        if why is not None:
            yield Fault(f"hints[{index}]", f"not true of this position: {why}")


def success_fault(success: str, position: Position, found: Sequence[Move]) -> Fault | None:
    """A success text is read after any of the solutions: true for each."""
    if not success:
        return None
    for where in claims.situations(position, found, found):
        why = claims.false_claim(success, where)
        if why is not None:
            assert where.move is not None
            return Fault("success", f"shown for the solution {where.move.text!r}, where it is "
                         f"not true: {why}")
    return None


# ----- settings ---------------------------------------------------------------------


def alternatives(name: str, value: object) -> list[object]:
    """The other values a setting can take (its record's choices, engine/settings.py)."""
    record = SETTING[name]
    now = record.text(value)
    return [kept for text, kept in record.values if text != now]


def differing(rules: Rules, base: Rules) -> list[str]:
    """The names of the settings in which `rules` differ from `base`."""
    return [f.name for f in fields(Rules) if getattr(rules, f.name) != getattr(base, f.name)]


def with_setting(rules: Rules, name: str, value: object) -> Rules | None:
    """The rules with one setting changed; a setting another depends on takes the
    dependant with it (aces high needs royal values: classic values drop it)."""
    tries: list[dict[str, Any]] = [{name: value}, {name: value, "ace_high": False}]
    for changes in tries:
        try:
            return replace(rules, **changes)
        except (NotationError, ValueError, TypeError):
            continue
    return None


Answer = Callable[[Rules], object]


def decisive(rules: Rules, name: str, answer: Answer) -> bool:
    """Does some other value of the setting change the answer?"""
    base = answer(rules)
    for value in alternatives(name, getattr(rules, name)):
        other = with_setting(rules, name, value)
        if other is None:
            continue
        if answer(other) != base:
            return True
    return False


GAME_SETTINGS: Final = frozenset({"target", "tie_break", "deal", "draw"})  # never change a move


def named_setting_faults(rules: Rules, lesson_rules: Rules, answer: Answer,
                         where: str, moves: bool = False) -> Iterator[Fault]:
    """A setting the task names (rules other than its lesson's or set's) must change
    its answer under some other value. A position that names a preset (`spade`) names
    its game settings too (the target, the deal): those cannot change a move, so for a
    task about moves they are not held to it."""
    preset = moves and rules in PRESETS.values()
    for name in differing(rules, lesson_rules):
        if preset and name in GAME_SETTINGS:
            continue
        if not decisive(rules, name, answer):
            value = getattr(rules, name)
            yield Fault(where, f"the task names {name}={_setting_text(name, value)}, but no "
                        "other value of that setting changes its answer: choose a position "
                        "where the setting decides, or leave the setting out")


def _setting_text(name: str, value: object) -> str:
    return setting_text(name, value)


def play_answer(position: Position, goal: Goal) -> Answer:
    """The answer of a play step or puzzle under other rules: its solutions (None when
    the position cannot occur under them)."""
    def answer(rules: Rules) -> object:
        try:
            moved = Position(loose=position.loose, builds=position.builds, hand=position.hand,
                             seat=position.seat, players=position.players, rules=rules,
                             last=position.last)
        except (CassinoError, ValueError):
            return None
        if moved.problems():
            return None
        return frozenset(m.text for m in answers.solutions(moved, goal))
    return answer


def setting_claim_fault(texts: dict[str, str], position: Position, goal: Goal) -> Fault | None:
    """"The setting decided it": under the classic rules some answer of the task would
    be wrong (illegal, or no longer the best), else the setting only added or took
    away other answers and decided nothing the learner did."""
    for where, text in texts.items():
        if text and SETTING_CLAIM.search(text):
            answer = play_answer(position, goal)
            here, classic = answer(position.rules), answer(Rules())
            if isinstance(here, frozenset) and isinstance(classic, frozenset) and \
                    here <= classic:
                names = ", ".join(differing(position.rules, Rules())) or "none"
                return Fault(where, "it says the setting decides the answer, but under the "
                             "classic rules the moves that solve the task solve it too "
                             f"(settings: {names})")
    return None


# ----- points --------------------------------------------------------------------


def table_points(move: Move, position: Position) -> int:
    """Points of the cards a capture takes from the table (the played card left out)."""
    if move.kind != CAPTURE:
        return 0
    spades = position.rules.scoring is Scoring.SPADES
    return sum(card_points(c, spades) for c in move.taken_cards)


def points_wanted(goal: Goal) -> int | None:
    if isinstance(goal, g.PointsAtLeast):
        return goal.points
    if isinstance(goal, g.AllOf):
        for part in goal.goals:
            found = points_wanted(part)
            if found is not None:
                return found
    return None


def points_fault(prompt: str, goal: Goal, position: Position,
                 found: Sequence[Move]) -> Fault | None:
    """A prompt that asks to capture (take) cards worth points is met by the table cards;
    any other points prompt whose answer needs the card played says that it counts."""
    wanted = points_wanted(goal)
    if wanted is None:
        return None
    asks_cards = CAPTURE_WORTH.search(prompt) is not None
    for move in found:
        got = table_points(move, position)
        if asks_cards and got < wanted:
            return Fault("goal", f"the prompt asks to capture cards worth {wanted} point(s), "
                         f"but {move.text!r} takes table cards worth {got}: the card played "
                         "or a sweep makes up the rest; ask for points won with this play, "
                         "or choose a position where the captured cards are worth it")
        swept = Scene(position).trial(move).outcome.sweep
        sweep = position.rules.sweep_value if swept else 0
        if not asks_cards and got + sweep < wanted and not PLAYED_COUNTS.search(prompt):
            return Fault("prompt", f"{move.text!r} reaches {wanted} point(s) only with the "
                         "card it plays, and the prompt does not say that the card played "
                         "counts: say so (\"the card you play counts too\")")
    return None


# ----- a miss that gives the answer away ----------------------------------------------


def answer_cards(goal: Goal, found: Sequence[Move]) -> set[str]:
    """The cards that give the answer away: the card each solution plays, and the table
    cards a goal names (`capture`, `move`). Cards every try can see left on the table
    (a sweep's, the most cards') are not the answer: saying that a try left them is
    saying what was wrong with the try."""
    cards = {m.card.pretty for m in found}
    for part in goal_parts(goal):
        if isinstance(part, g.Capture):
            for item in part.items:
                cards |= {c.pretty for c in (item.cards if isinstance(item, Build) else (item,))}
        elif isinstance(part, g.ExactMove):
            move = part.move
            cards |= {move.card.pretty, *(c.pretty for c in move.loose)}
        elif isinstance(part, g.Play):
            cards.add(part.card.pretty)
    return cards


def goal_parts(goal: Goal) -> Iterator[Goal]:
    """The goal and every goal inside it."""
    yield goal
    if isinstance(goal, (g.AllOf, g.AnyOf)):
        for part in goal.goals:
            yield from goal_parts(part)


def reveal_fault(step: Playable, prompt: str) -> Fault | None:
    """A legal miss whose reply names a card of the answer the learner has not seen in
    the try or the prompt, while the task has fewer than REVEAL_MOVES legal moves.
    `step` is a play step, a puzzle or a `_Task` (the judge, judge/moves.py, words the
    reply)."""
    position = step.position
    moves = list(legal_moves(position))
    if step.goal.legality_only or len(moves) >= REVEAL_MOVES:
        return None
    secret = answer_cards(step.goal, step.solution_moves) - set(claims.names(prompt))
    for attempt, verdict in clicks.judged_attempts(position):
        if not verdict.legal or verdict.move is None or verdict.move in step.solution_moves:
            continue
        message = check_answer(step, attempt).message
        seen = {verdict.move.card.pretty} | {c.pretty for c in verdict.move.loose}
        seen |= {c.pretty for b in verdict.move.builds for c in b.cards}
        told = [c for c in claims.names(message) if c in secret and c not in seen]
        if told:
            entry = feedback.choose(step.feedback, attempt, verdict, solved=False)
            where = f"feedback.{entry[0]}" if entry is not None else "goal"
            return Fault(where, f"a legal miss gives the answer away: {verdict.move.text!r} "
                         f"hears {message!r}, which names {told[0]}, a card of the answer, "
                         f"and the task has only {len(moves)} legal moves; say what was "
                         "wrong with the try, naming its own cards")
    return None


# ----- replies that lead ------------------------------------------------------------

# "2♦ trails: it is a trail": a clause that says again the kind the move's words said
_TAUTOLOGY: Final = re.compile(r"\b(trails|takes|builds|raises|adds? to)\b[^.:;!?]*:\s*"
                               r"(?:it|that) is an? (trail|capture|build)\b", re.IGNORECASE)
_VERB_KIND: Final = {"trails": "trail", "takes": "capture", "builds": "build",
                     "raises": "build", "adds to": "build", "add to": "build"}


def tautology(text: str) -> str | None:
    """The clause of `text` that names the move's kind after words that already did."""
    for found in _TAUTOLOGY.finditer(text):
        if _VERB_KIND[found.group(1).lower()] == found.group(2).lower():
            return found.group(0)
    return None


def instructions(goal: Goal) -> list[str]:
    """The goal's parts worded as instructions that name the answer's cards (`move`,
    `capture`, `play`): a reply that says one of them hands the answer over."""
    return [part.describe() for part in goal_parts(goal)
            if isinstance(part, (g.ExactMove, g.Capture, g.Play))]


def lead_faults(step: Playable) -> list[Fault]:
    """Replies that lead, for every click attempt a learner can make:

    - a try with the right card and the wrong action never hears a question about
      which card to play;
    - while the task has fewer than REVEAL_MOVES legal moves, a legal miss never hears
      the goal worded as its instruction;
    - a legal miss never hears its kind said twice."""
    position, found = step.position, step.solution_moves
    if step.goal.legality_only:
        return []
    few = len(list(legal_moves(position))) < REVEAL_MOVES
    told = [i.lower() for i in instructions(step.goal)] if few else []
    faults: dict[str, Fault] = {}
    heard: set[tuple[str, str | None]] = set()
    for attempt, verdict in clicks.judged_attempts(position):
        solved = verdict.legal and verdict.move in found
        right = lead.right_card(attempt, found) is not None
        if solved or not (right or verdict.legal):
            continue
        entry = feedback.choose(step.feedback, attempt, verdict, solved=False,
                                solutions=found)
        where = f"feedback.{entry[0]}" if entry is not None else "goal"
        said = (verdict.move.text if verdict.move is not None else attempt.text,
                entry[0] if entry else None)
        if said in heard:
            continue
        heard.add(said)
        message = check_answer(step, attempt).message
        asked = lead.asks_which_card(message) if right else None
        if asked is not None and "lead" not in faults:
            faults["lead"] = Fault(where, f"{attempt.text!r} plays the card an answer plays, "
                                   f"with another action, and hears {message!r}, which asks "
                                   f"{asked!r}: say the card is right and what to do with it")
        given = next((i for i in told if i in message.lower()), None) if verdict.legal else None
        if given is not None and "giveaway" not in faults:
            faults["giveaway"] = Fault(where, f"a legal miss gives the answer away: "
                                       f"{attempt.text!r} hears {message!r}, the goal's own "
                                       f"instruction ({given!r}), and the task has fewer than "
                                       f"{REVEAL_MOVES} legal moves: say the kind of goal only")
        again = tautology(message) if verdict.legal else None
        if again is not None and "tautology" not in faults:
            faults["tautology"] = Fault(where, f"{attempt.text!r} hears {message!r}, which says "
                                        f"its kind twice ({again!r}): say what the move misses")
    return list(faults.values())


def build_name_faults(texts: dict[str, str], position: Position) -> list[Fault]:
    """Texts worded from a move or an attempt (a choice's option, a mistake step's move)
    that name a build of the position by another value than its own."""
    faults = []
    for where, text in texts.items():
        why = claims.misnamed_build(text, position)
        if why is not None:
            faults.append(Fault(where, f"a build named by a value it does not have: {why}"))
    return faults


# ----- reporting at file:line:column ----------------------------------------------------


@dataclass(frozen=True)
class _Task:
    """A play step's or puzzle's parts, as the judge reads them, while it is still being
    read (the step itself is built once its words are proved)."""

    position: Position
    goal: Goal
    feedback: dict[str, str]
    success: str
    solution_moves: tuple[Move, ...]


def playable_faults(position: Position, goal: Goal, found: tuple[Move, ...], lesson_rules: Rules,
                    prompt: str, hints: Sequence[str], success: str,
                    feedback: dict[str, str], proofs: bool = True) -> list[Fault]:
    """Every fault of a play step's or puzzle's own words (its feedback entries are
    proved by course/reading/playable.py). `prompt` is the prompt the learner reads (made from
    the goal when the author wrote none); `proofs` adds the slow check of every legal
    miss's reply."""
    faults = list(hint_faults(hints, position))
    why = text_faults(prompt, position)
    if why is not None:
        faults.append(Fault("prompt", f"not true of this position: {why}"))
    for fault in (success_fault(success, position, found),
                  setting_claim_fault({"success": success, "prompt": prompt,
                                       **{f"hints[{i}]": h for i, h in enumerate(hints)}},
                                      position, goal),
                  points_fault(prompt, goal, position, found)):
        if fault is not None:
            faults.append(fault)
    faults += named_setting_faults(position.rules, lesson_rules, play_answer(position, goal),
                                   "position", moves=True)
    if proofs and found:
        task = _Task(position, goal, feedback, success, found)
        fault = reveal_fault(task, prompt)
        if fault is not None:
            faults.append(fault)
        faults += lead_faults(task)
    return faults


def report(src: Source, fields: Fields, faults: Iterable[Fault]) -> None:
    """Each fault as an error at the node it is about."""
    for fault in faults:
        node, path = _node(fields, fault.where)
        src.error(node, path, fault.message)


def _node(fields: Fields, where: str) -> tuple[yaml.Node | None, str]:
    name, _, rest = where.partition(".")
    base, _, index = name.partition("[")
    node = fields.get(base)
    path = fields.at(base)
    if node is None:
        return fields.get("goal") or fields.get("position"), path
    if index and isinstance(node, yaml.SequenceNode):
        number = int(index.rstrip("]"))
        if number < len(node.value):
            return node.value[number], f"{path}[{number}]"
    if rest and isinstance(node, yaml.MappingNode):
        for key_node, _ in node.value:
            if str(key_node.value) == rest or _same_entry(str(key_node.value), rest):
                return key_node, child(path, str(key_node.value))
    return node, path


def _same_entry(written: str, matched: str) -> bool:
    """Is `matched` (a key the matching rules looked up) the entry written as `written`?"""
    if feedback.parse_key(written) is not None:
        return False
    try:
        attempt = parse_attempt(written)
    except NotationError:
        return False
    return matched in (attempt.text, answers.attempt_key(attempt)) or \
        matched.replace(" ", "") == written.replace(" ", "")


def read_faults(texts: dict[str, str], position: Position | None,
                allowed: frozenset[str] = frozenset()) -> list[Fault]:
    """Texts read before any try (a prompt, a success text of a choice or a mistake
    step) against the position they are shown with."""
    if position is None:
        return []
    faults: list[Fault] = []
    for where, text in texts.items():
        why = text_faults(text, position, allowed) if text else None
        if why is not None:
            faults.append(Fault(where, f"not true of this position: {why}"))
    return faults


def choose_faults(position: Position, lesson_rules: Rules, texts: dict[str, str],
                  goal: Goal | None, correct: Callable[[Position], frozenset[int]],
                  moves: Sequence[Move]) -> list[Fault]:
    """A choose step: its prompt and success text, a points prompt against the moves
    it counts correct, and a setting it names (the correct options must change)."""
    faults = read_faults(texts, position)
    if goal is not None:
        fault = points_fault(texts.get("prompt", ""), goal, position, moves)
        if fault is not None:
            faults.append(fault)
    faults += named_setting_faults(position.rules, lesson_rules,
                                   _moved_answer(position, correct), "position", moves=True)
    return faults


def _moved_answer(position: Position, answer: Callable[[Position], object]) -> Answer:
    def under(rules: Rules) -> object:
        try:
            moved = Position(loose=position.loose, builds=position.builds, hand=position.hand,
                             seat=position.seat, players=position.players, rules=rules,
                             last=position.last)
        except (CassinoError, ValueError):
            return None
        return None if moved.problems() else answer(moved)
    return under


def mistake_faults(position: Position, lesson_rules: Rules, texts: dict[str, str],
                   attempt: Attempt, verdict: Verdict, choices: Sequence[str],
                   written: bool) -> list[Fault]:
    """A mistake step: its prompt, a wrong pick that no fact of the move answers (the
    learner would hear only that the rules find another problem first), and a
    setting it names (the judge's reason must change)."""
    shown = [i for i in attempt.items if isinstance(i, Card)]
    if attempt.card is not None:
        shown.append(attempt.card)
    faults = read_faults(texts, position, frozenset(c.pretty for c in shown))
    for index, code in enumerate(choices):
        if code == verdict.code or whynot.fact(code, position, attempt, verdict) is not None:
            continue
        where = f"choices[{index}]" if written else "move"
        faults.append(Fault(where, f"a learner who picks {code!r} hears no reason of its own "
                            "why it is wrong (no fact of this move rules it out, so the reply "
                            "would only say the rules find another problem first): choose "
                            "another distractor"))
    faults += named_setting_faults(position.rules, lesson_rules, _moved_answer(
        position, lambda p: check(p, attempt).code.value), "position", moves=True)
    return faults
