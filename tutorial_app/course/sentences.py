"""A check that reads every sentence a learner can be shown, in every language.

The catalogue check (`catalogues.check`) proves every entry is translated and keeps
its fields; it cannot see what a learner reads once entries are filled and put
together. This one renders the messages themselves, as the course produces them:
the reply to every attempt the click interface can make in every play step and
puzzle (the judge's words, the goal's account of a miss, the author's entries), every
hint and success text, every choose step's explanations, every mistake step's reply
to each reason, every quiz reply, and the computer's advice for every position. Each
is read for the slips a translator or a pieced-together sentence leaves:

- `placeholder`: a `{field}` left unfilled;
- `plural-marker`: "(s)", "opção(ões)", "carta/e", "um(a)" instead of a real plural
  or gender;
- `number-agreement`: a number and a noun that disagree ("0 carta", "1 cartas");
- `negation`: "nada", "niente" with no "não", "non", "no" before it in its clause
  ("você teria nada");
- `contraction`: a preposition and an article left apart ("a a construção", "alla"
  written "a la costruzione");
- `glossary`: a game word spelled otherwise than /work/shared/GLOSSARY.md's;
- `english`: English words on a page in another language.

`python -m tutorial_app.course.catalogues all` (`make i18n`) runs it and prints the
counts per language; tests/course/test_sentences.py asserts there are none.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from engine import CassinoError
from engine.advice import advise, explain_phrase
from engine.advice_words import (
    PLURALS,
    SENTENCES,
    TEMPLATES,
    Phrase,
    Points,
    parts,
    points_phrase,
)
from engine.moves import Move
from engine.players.view import view_of_position
from engine.position import Position
from tutorial_app.course import checking, clicks, i18n, words
from tutorial_app.course.i18n import DEFAULT_LANGUAGE, using
from tutorial_app.course.model import ChooseStep, MistakeStep, PlayStep, Puzzle, QuizStep

KINDS: Final = ("placeholder", "plural-marker", "number-agreement", "negation",
                "contraction", "glossary", "english")

_PLACEHOLDER: Final = re.compile(r"\{[a-z_]+\}")
_PLURAL_MARKER: Final = re.compile(r"\w\((?:s|es|ões|i|e|a|o)\)|[a-zà-ú]/(?:i|e|s|a)\b|\(s\)")

# noun forms after a number: (singular, plural) per language
_NOUNS: Final[dict[str, tuple[tuple[str, str], ...]]] = {
    "en": (("card", "cards"), ("point", "points"), ("sweep", "sweeps"), ("move", "moves"),
           ("option", "options"), ("puzzle", "puzzles"), ("task", "tasks")),
    "pt-BR": (("carta", "cartas"), ("ponto", "pontos"), ("varrida", "varridas"),
              ("jogada", "jogadas"), ("opção", "opções"), ("desafio", "desafios"),
              ("exercício", "exercícios"), ("tarefa", "tarefas")),
    "es": (("carta", "cartas"), ("punto", "puntos"), ("barrida", "barridas"),
           ("jugada", "jugadas"), ("opción", "opciones"), ("problema", "problemas"),
           ("tarea", "tareas")),
    "it": (("carta", "carte"), ("punto", "punti"), ("scopa", "scope"), ("mossa", "mosse"),
           ("opzione", "opzioni"), ("problema", "problemi"), ("compito", "compiti")),
}
# words after which a negative word opens a new clause as its subject ("mas nenhuma
# construção pode...")
_OPENERS: Final = frozenset({"mas", "e", "ou", "que", "porque", "pois", "então", "de", "pero",
                             "y", "o", "entonces", "ma", "perché", "che", "quindi", "allora",
                             "di"})
_NEGATIVE_WORDS: Final[dict[str, tuple[str, tuple[str, ...]]]] = {
    "pt-BR": (r"nada", ("não", "sem", "nem")),
    "es": (r"nada", ("no", "sin", "ni")),
    "it": (r"niente|nulla", ("non", "senza", "né")),
}
_CONTRACTIONS: Final[dict[str, re.Pattern[str]]] = {
    "pt-BR": re.compile(r"\b(?:a a|a o|de o|de a|em o|em a|por o)\s+(?!\d)\w", re.I),
    "es": re.compile(r"\b(?:a el|de el)\s", re.I),
    "it": re.compile(r"\b(?:a la|a il|a lo|di il|di la|di lo|in il|in la|su il|su la|"
                     r"da il|da la)\s", re.I),
}
# the glossary's words, and what a translation must not say instead
_OFF_GLOSSARY: Final[dict[str, tuple[str, ...]]] = {
    "pt-BR": ("varredura", "escopa", "cartas da corte", "a máquina"),
    "es": ("escoba", "cartas de la corte", "el ordenador"),
    "it": ("spazzata", "carte di corte", "indizio"),
}
_ENGLISH: Final = frozenset({"the", "takes", "trails", "builds", "with", "your", "you", "is",
                             "are", "cannot", "card", "cards", "which", "this", "that"})
_WORD: Final = re.compile(r"[A-Za-zÀ-ÿ]+")
_NUMBER_NOUN: Final = re.compile(r"(?<![\w♠♥♦♣.,])(\d+)\s+([a-zà-úç]+)")


def slips(text: str, lang: str) -> list[str]:
    """The kinds of slip in one rendered message (empty when it reads well)."""
    found: list[str] = []
    if _PLACEHOLDER.search(text):
        found.append("placeholder")
    if _PLURAL_MARKER.search(text):
        found.append("plural-marker")
    if _disagrees(text, lang):
        found.append("number-agreement")
    if _unnegated(text, lang):
        found.append("negation")
    pattern = _CONTRACTIONS.get(lang)
    if pattern is not None and pattern.search(text):
        found.append("contraction")
    lowered = text.lower()
    if any(word in lowered for word in _OFF_GLOSSARY.get(lang, ())):
        found.append("glossary")
    if lang != DEFAULT_LANGUAGE and len(_ENGLISH & set(_WORD.findall(text.lower()))) >= 2:
        found.append("english")
    return found


def _disagrees(text: str, lang: str) -> bool:
    nouns = _NOUNS.get(lang, ())
    for match in _NUMBER_NOUN.finditer(text):
        n, word = int(match.group(1)), match.group(2)
        for one, other in nouns:
            if (word == one and n != 1) or (word == other and n == 1):
                return True
    return False


def _unnegated(text: str, lang: str) -> bool:
    """A negative word ('nada') with no negation in the words before it in its clause;
    one that opens its clause ('Nenhuma das cartas...') is a subject and fine."""
    found = _NEGATIVE_WORDS.get(lang)
    if found is None:
        return False
    pattern, negations = found
    for match in re.finditer(rf"\b(?:{pattern})\b", text, re.IGNORECASE):
        clause = re.split(r"[.:;,!?()—]", text[:match.start()])[-1].split()
        if len(clause) <= 1 or clause[-1].lower() in _OPENERS:  # "Ancora niente ..."
            continue
        if not any(word.lower() in negations for word in clause[-6:]):
            return True
    return False


@dataclass(slots=True)
class Report:
    """What the check read in one language and what it found."""

    lang: str
    messages: int = 0
    found: Counter[str] = field(default_factory=Counter)
    examples: dict[str, tuple[str, str]] = field(default_factory=dict)  # kind -> (where, text)
    advice_read: set[str] = field(default_factory=set)  # advice keys worded from positions

    @property
    def clean(self) -> bool:
        return not self.found

    def line(self) -> str:
        said = ", ".join(f"{self.found[k]} {k}" for k in KINDS if self.found[k]) or "0 slips"
        advice = advice_sentences()
        return (f"{self.lang} sentences: {self.messages} messages read, {said}; "
                f"advice: {len(self.advice_read & advice)} of {len(advice)} sentences "
                f"worded from the course's positions")


ADVICE_POSITIONS: Final = (
    # the course is played by two: these word the advice for a game of three too,
    # and builds the course's positions do not call for
    "table: 5h 3c 9d; hand: 8s 4d 10c; players: 3",
    "table: 5h 3c; hand: 8s 8d 4d; players: 3",
    "table: Kh; hand: 2c 5d; players: 3",
    "table: 5h 9c; hand: 3s 8d Jc; players: 3",
    "table: 5h 3c 6d; hand: 2s 8d 8c",
    "table: 4h 4c Qd; hand: As 8d 8c; players: 3",
)


def rendered(folder: Path, lang: str,
             read: set[str] | None = None) -> Iterator[tuple[str, str]]:
    """(where, text) for every message the course can show in `lang`; the advice's
    sentence keys it words are added to `read`."""
    from tutorial_app.course.course import load_course

    course = load_course(folder, language=lang, proofs=False)
    with using(lang):
        for lesson in course.lessons:
            for step in lesson.steps:
                yield from _step(f"{lesson.id}/{step.id}", step, read)
        for puzzle in course.puzzles:
            yield from _step(puzzle.id, puzzle, read)
        for text in ADVICE_POSITIONS:
            yield from _advice(f"advice on {text}", Position.parse(text),
                               set() if read is None else read)


def catalogue_messages(lang: str) -> Iterator[tuple[str, str]]:
    """(key, text) for every app entry that needs no facts, and every sentence with a
    number (`count.*`) for 0, 1, 2 and 5 (its other fields filled with a name)."""
    english = i18n.english()
    with using(lang):
        for key, text in sorted(english.items()):
            if key.startswith("count."):
                if key.endswith(".one"):
                    noun = key[len("count."):-len(".one")]
                    others = {name: "Ana" for name in i18n.fields(text) if name != "n"}
                    for n in (0, 1, 2, 5):
                        yield f"{key[:-4]} n={n}", i18n.count(n, noun, **others)
            elif not i18n.fields(text):
                yield key, i18n.t(key)


def _step(where: str, step: object, read: set[str] | None = None) -> Iterator[tuple[str, str]]:
    for hint in getattr(step, "hints", ()):
        yield f"{where} hint", hint
    success = getattr(step, "success", "")
    if success:
        yield f"{where} success", success
    if isinstance(step, (PlayStep, Puzzle)):
        seen: set[str] = set()
        for attempt, _ in clicks.judged_attempts(step.position):
            text = checking.check_answer(step, attempt).message
            if text not in seen:
                seen.add(text)
                yield f"{where} {attempt.text}", text
        yield from _advice(where, step.position, set() if read is None else read)
    elif isinstance(step, ChooseStep):
        for index in range(len(step.options)):
            yield f"{where} pick {index}", checking.check_choice(step, frozenset({index})).message
        yield f"{where} none", checking.check_choice(step, frozenset()).message
    elif isinstance(step, MistakeStep):
        for code, _ in step.choices:
            yield f"{where} {code}", checking.check_mistake(step, code).message
        yield f"{where} explanation", step.explanation
    elif isinstance(step, QuizStep):
        for value, _ in step.choices:
            yield f"{where} {value}", checking.check_quiz(step, value).message


def _advice(where: str, position: Position, read: set[str]) -> Iterator[tuple[str, str]]:
    """The advice on the step's position, and the reason the Play page would give had
    the computer made that move, or a move of each other kind (capture, build, trail):
    the advice's two voices, as a learner reads them in hints and reasons."""
    try:
        found = advise(position)
    except CassinoError:
        return
    yield f"{where} advice", words.move(found.move)
    if found.said is not None:
        read.update(advice_keys(found.said))
    yield f"{where} advice", words.said(found.said, found.reason)
    view = view_of_position(position)
    kinds: dict[str, Move] = {found.move.kind: found.move}
    for move in view.legal_moves():
        kinds.setdefault(move.kind, move)
    for kind, move in sorted(kinds.items()):
        said = explain_phrase(view, move)
        read.update(advice_keys(said))
        yield f"{where} reason ({kind})", words.said(said)


def advice_keys(said: Phrase) -> set[str]:
    """The catalogue keys a phrase tree is worded with (see `words.said`)."""
    found: set[str] = set()
    if said.key == SENTENCES:
        for part in parts(said):
            found |= advice_keys(part)
        return found
    found.add(f"count.advice-{said.key}" if said.n is not None else f"advice.{said.key}")
    for value in said.facts.values():
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, Phrase):
                found |= advice_keys(item)
            elif isinstance(item, Points):
                found.add(f"advice.{points_phrase(item.value).key}")
    return found


def advice_sentences() -> set[str]:
    """Every advice sentence and name in the catalogue, by key (`count.*` without the
    `.one` / `.other`)."""
    return ({f"advice.{key}" for key in TEMPLATES}
            | {f"count.advice-{key}" for key in PLURALS})


def check(folder: Path, lang: str,
          progress: Callable[[str], None] | None = None) -> Report:
    """Read every message of the course in `lang` and count its slips."""
    report = Report(lang)
    for where, text in (*catalogue_messages(lang), *rendered(folder, lang, report.advice_read)):
        report.messages += 1
        for kind in slips(text, lang):
            report.found[kind] += 1
            report.examples.setdefault(kind, (where, text))
    if progress is not None:
        progress(report.line())
    return report
