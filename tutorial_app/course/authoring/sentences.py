"""A check that reads every sentence a learner can be shown, in every language.

The catalogue check (`catalogues.check`) proves every entry is translated and keeps
its fields; it cannot see what a learner reads once entries are filled and put
together. This one renders the messages themselves, as the course produces them:
every hint and success text, and every reply each step kind's unit says its checker
can give (`StepUnit.replies`: the reply to every attempt the click interface can make
in every play step and puzzle, with the judge's words, the goal's account of a miss
and the author's entries; every choose step's explanations; every mistake step's
reply to each reason; every quiz reply; every deal and count step's reply to each
answer wrong in one part), and the computer's advice for every position, every
advice entry worded at least once. Each is read for the slips a translator or a
pieced-together sentence leaves:

- `placeholder`: a `{field}` left unfilled;
- `plural-marker`: "(s)", "opção(ões)", "carta/e", "um(a)" instead of a real plural
  or gender;
- `number-agreement`: a number and a noun that disagree ("0 carta", "1 cartas");
- `agreement`: an article before a count or an adjective after its noun of another
  gender or number than the noun ("os 2 cartas", "+0,8 ponto esperados");
- `negation`: "nada", "niente" with no "não", "non", "no" before it in its clause
  ("você teria nada"), or "nenhuma", "ninguna", "nessuna" right after a verb with none
  ("você teria nenhuma carta");
- `contraction`: a preposition and an article left apart ("a a construção", "alla"
  written "a la costruzione");
- `glossary`: a game word spelled otherwise than /work/shared/GLOSSARY.md's;
- `english`: English words on a page in another language.

The languages are read together, step by step (`check_all`), so what the replies
rest on and no language words differently (the judge's verdicts, the computer's
judgement of a position) is worked out once.

`python -m tutorial_app.course.authoring.catalogues all` (`make i18n`) runs it and prints the
counts per language; tests/course/test_sentences.py asserts there are none.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from engine import CassinoError
from engine.advice import Advice, advise, explain_phrase
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
from tutorial_app.course.steps import Step, unit_of
from tutorial_app.words import i18n, words
from tutorial_app.words.i18n import DEFAULT_LANGUAGE, using

if TYPE_CHECKING:
    from tutorial_app.course.course import Course
    from tutorial_app.course.model import Puzzle

KINDS: Final = ("placeholder", "plural-marker", "number-agreement", "agreement", "negation",
                "contraction", "glossary", "english")

_PLACEHOLDER: Final = re.compile(r"\{[a-z_]+\}")
_PLURAL_MARKER: Final = re.compile(r"\w\((?:s|es|ões|i|e|a|o)\)|[a-zà-ú]/(?:i|e|s|a)\b|\(s\)")
# the same, searched from its "(" or "/" (a pattern that starts with a literal is found
# fast), the letter before it looked at apart
_PAREN_MARKER: Final = re.compile(r"\((?:s|es|ões|i|e|a|o)\)")
_SLASH_MARKER: Final = re.compile(r"/(?:i|e|s|a)\b")
_WORD_CHAR: Final = re.compile(r"\w")
_LOWER_LETTER: Final = re.compile(r"[a-zà-ú]")

_LETTER: Final = "A-Za-zÀ-ÿ"
_CLAUSE_END: Final = re.compile(r"[.:;,!?()—]")
_ARTICLE: Final = re.compile(rf"(?<![{_LETTER}])([{_LETTER}]+)\s+[+-]?[\d.,]*$")
SOURCE_TABLES: Final = ("nouns", "telltale")
"""The tables English's grammar file has (it is the source: nothing to agree or negate)."""
TABLES: Final = ("nouns", "agreement", "negation", "contractions", "glossary")
"""The tables every other language's grammar file must have, even empty."""
_FIELDS: Final = {"negation": ("nothing", "none", "negations", "verbs", "openers"),
                  "contractions": ("apart", "fine-before-a-number"), "glossary": ("never",),
                  "telltale": ("words",)}


class GrammarMissing(ValueError):
    """A language without its grammar file, or with a table or a field of it missing:
    the sentence check would skip its slips silently, so it refuses instead."""

    def __init__(self, lang: str, path: Path, missing: Sequence[str]) -> None:
        self.lang, self.path, self.missing = lang, path, tuple(missing)
        what = "no grammar file" if not path.exists() else "its grammar file lacks"
        super().__init__(f"{lang}: {what} {path}: {', '.join(missing)} "
                         f"(docs/translating.md, \"Adding a language\")")


@dataclass(frozen=True, slots=True)
class Grammar:
    """One language's grammar, as the slip tests read it (`locales/<lang>/grammar.toml`,
    `i18n.GRAMMAR`): the words of each table, and the patterns made from them once."""

    lang: str
    nouns: tuple[tuple[str, str], ...]  # (singular, plural): the nouns after a number
    genders: dict[str, str]  # singular -> "m" / "f"
    agreeing: dict[str, tuple[str, bool]]  # article or adjective -> (gender, plural?)
    nothing: tuple[str, ...] = ()  # "nada": needs a negation before it in its clause
    none: tuple[str, ...] = ()  # "nenhuma": needs one when right after a verb of `verbs`
    negations: tuple[str, ...] = ()
    verbs: frozenset[str] = frozenset()
    openers: frozenset[str] = frozenset()  # after these a negative word opens a clause
    contraction: re.Pattern[str] | None = None  # a preposition and article left apart
    never: tuple[str, ...] = ()  # words off the glossary
    telltale: frozenset[str] = frozenset()  # English only: words of an English sentence
    number_noun: re.Pattern[str] | None = None
    singular: frozenset[str] = frozenset()
    counted: re.Pattern[str] | None = None  # an article, a count and its noun, an adjective
    nothing_word: re.Pattern[str] | None = None
    none_word: re.Pattern[str] | None = None


def grammar_path(lang: str) -> Path:
    return i18n.LOCALES / i18n.folder_name(lang) / i18n.GRAMMAR


def grammar(lang: str) -> Grammar:
    """`lang`'s grammar, read from its file once per file (GrammarMissing when the file
    or any table of it is missing)."""
    path = grammar_path(lang)
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        stamp = None
    return _grammar(lang, path, stamp)


@functools.lru_cache(maxsize=16)
def _grammar(lang: str, path: Path, stamp: int | None) -> Grammar:
    tables = SOURCE_TABLES if lang == DEFAULT_LANGUAGE else TABLES
    if stamp is None:
        raise GrammarMissing(lang, path, tables)
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    missing = [name for name in tables if not isinstance(data.get(name), dict)]
    missing += [f"{name}.{key}" for name in tables if isinstance(data.get(name), dict)
                for key in _FIELDS.get(name, ()) if key not in data[name]]
    nouns = data.get("nouns", {})
    agreement = data.get("agreement", {})
    if agreement:
        missing += [f"nouns.{one}.gender" for one, forms in nouns.items()
                    if forms.get("gender") not in agreement]
    if missing:
        raise GrammarMissing(lang, path, missing)
    return _made(lang, data)


def _made(lang: str, data: dict[str, Any]) -> Grammar:
    """The grammar's patterns, made from its words."""
    nouns = tuple((one, str(forms["plural"])) for one, forms in data["nouns"].items())
    words = "|".join(w for pair in nouns for w in pair)
    agreeing = {word: (gender, number == "other")
                for gender, numbers in data.get("agreement", {}).items()
                for number, listed in numbers.items() for word in listed}
    genders = {one: str(forms["gender"]) for one, forms in data["nouns"].items()
               if "gender" in forms} if agreeing else {}
    negation = data.get("negation", {})
    contractions = data.get("contractions", {})
    apart = "|".join(contractions.get("apart", ()))
    tail = r"\s+(?!\d)\w" if contractions.get("fine-before-a-number") else r"\s"
    nothing, none = tuple(negation.get("nothing", ())), tuple(negation.get("none", ()))
    return Grammar(
        lang, nouns, genders, agreeing, nothing, none, tuple(negation.get("negations", ())),
        frozenset(negation.get("verbs", ())), frozenset(negation.get("openers", ())),
        re.compile(rf"\b(?:{apart}){tail}", re.I) if apart else None,
        tuple(data.get("glossary", {}).get("never", ())),
        frozenset(data.get("telltale", {}).get("words", ())),
        re.compile(rf"(?<![\w♠♥♦♣.,])(\d+)\s+({words})(?![a-zà-úç])") if words else None,
        frozenset(one for one, _ in nouns),
        re.compile(rf"\d+\s+({words})(?:\s+([{_LETTER}]+))?(?![{_LETTER}])")
        if words and agreeing else None,
        re.compile(rf"\b(?:{'|'.join(nothing)})\b", re.I) if nothing else None,
        re.compile(rf"\b(?:{'|'.join(none)})\b", re.I) if none else None)


@functools.lru_cache(maxsize=1)
def _telltale(words: frozenset[str]) -> re.Pattern[str]:
    return re.compile(rf"(?<![{_LETTER}])(?:{'|'.join(sorted(words))})(?![{_LETTER}])")


def slips(text: str, lang: str) -> list[str]:
    """The kinds of slip in one rendered message (empty when it reads well), by `lang`'s
    grammar (GrammarMissing without it). Each test first looks for the character its
    pattern cannot match without, for speed: the check reads some 80,000 messages per
    language."""
    rules = grammar(lang)
    found: list[str] = []
    if "{" in text and _PLACEHOLDER.search(text):
        found.append("placeholder")
    if _plural_marker(text):
        found.append("plural-marker")
    if _disagrees(text, rules):
        found.append("number-agreement")
    if _misagrees(text, rules):
        found.append("agreement")
    lowered = text.lower()
    if _unnegated(text, rules, lowered):
        found.append("negation")
    if rules.contraction is not None and rules.contraction.search(text):
        found.append("contraction")
    if any(word in lowered for word in rules.never):
        found.append("glossary")
    if lang != DEFAULT_LANGUAGE:
        english = _telltale(grammar(DEFAULT_LANGUAGE).telltale)
        if len(set(english.findall(lowered))) >= 2:
            found.append("english")
    return found


def _plural_marker(text: str) -> bool:
    """`_PLURAL_MARKER` found: "(s)" anywhere, "(es)", "(ões)"... after a letter, "/i",
    "/e"... after a lowercase letter."""
    for match in _PAREN_MARKER.finditer(text):
        start = match.start()
        if match.group() == "(s)" or (start and _WORD_CHAR.match(text, start - 1)):
            return True
    for match in _SLASH_MARKER.finditer(text):
        start = match.start()
        if start and _LOWER_LETTER.match(text, start - 1):
            return True
    return False


def _disagrees(text: str, rules: Grammar) -> bool:
    """A number and a noun of the grammar's after it that disagree ("0 carta", "1 cartas")."""
    if rules.number_noun is None:
        return False
    for match in rules.number_noun.finditer(text):
        if (int(match.group(1)) == 1) != (match.group(2) in rules.singular):
            return True
    return False


def _misagrees(text: str, rules: Grammar) -> bool:
    """An article before a count, or an adjective after its noun, of another gender or
    number than the noun ("os 2 cartas", "as 2 pontos", "+0,8 ponto esperados")."""
    if rules.counted is None:
        return False
    genders, agreeing = rules.genders, rules.agreeing
    nouns = {w: (one, w != one) for one, other in rules.nouns for w in (one, other)}
    for match in rules.counted.finditer(text):
        one, plural = nouns[match.group(1)]
        article = _ARTICLE.search(text, max(0, match.start() - 24), match.start())
        for word in (article.group(1) if article else None, match.group(2)):
            form = agreeing.get(word.lower()) if word else None
            if form is not None and form != (genders[one], plural):
                return True
    return False


def _unnegated(text: str, rules: Grammar, lowered: str = "") -> bool:
    """A negative word ('nada') with no negation in the words before it in its clause
    (one that opens its clause, 'Nenhuma das cartas...', is a subject and fine), or a
    negative determiner right after a verb with none ('você teria nenhuma carta')."""
    negations = rules.negations
    lowered = lowered or text.lower()
    if rules.nothing_word is not None and any(w in lowered for w in rules.nothing):
        for match in rules.nothing_word.finditer(text):
            clause = _CLAUSE_END.split(text[:match.start()])[-1].split()
            if len(clause) <= 1 or clause[-1].lower() in rules.openers:  # "Ancora niente"
                continue
            if not any(word.lower() in negations for word in clause[-6:]):
                return True
    if rules.none_word is None or not any(w in lowered for w in rules.none):
        return False
    for match in rules.none_word.finditer(text):
        clause = _CLAUSE_END.split(text[:match.start()])[-1].split()
        if clause and clause[-1].lower() in rules.verbs and \
                not any(word.lower() in negations for word in clause[-6:]):
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
    judged: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False)

    @property
    def clean(self) -> bool:
        return not self.found

    def read(self, where: str, text: str) -> None:
        """Count one message and its slips (a text met before is not judged again: the
        same reply comes back for many attempts and steps)."""
        self.messages += 1
        kinds = self.judged.get(text)
        if kinds is None:
            kinds = self.judged[text] = tuple(slips(text, self.lang))
        for kind in kinds:
            self.found[kind] += 1
            self.examples.setdefault(kind, (where, text))

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
    # and advice the course's positions never call for: a trail of a king when every
    # other king is in hand (the card given up a spade), or all but one of them; a
    # capture that leaves only what no unseen card takes; a build no unseen card takes
    # in a game of three; a trail on the last play, which leaves cards on the table
    "table: 5h 3c; hand: Kh Kd Ks Kc",
    "table: 5h 3c; hand: Kh Kd Ks",
    "table: Kd Qd; hand: Kh Ks Kc Qh Qs Qc",
    "table: 5h; hand: 8s 8d 8h 8c 3d; players: 3",
    "table: 5h 9c; hand: 3d; last",
)

def rendered(folder: Path, lang: str,
             read: set[str] | None = None) -> Iterator[tuple[str, str]]:
    """(where, text) for every message the course can show in `lang`; the advice's
    sentence keys it words are added to `read`."""
    from tutorial_app.course.course import load_course

    course = load_course(folder, language=lang, proofs=False)
    with using(lang):
        for where, step in _places(course):
            yield from _step(where, step, set() if read is None else read)
        yield from _advice_positions(set() if read is None else read)


def _places(course: Course) -> Iterator[tuple[str, Step | Puzzle]]:
    """Every step of every lesson, then every puzzle, with where it is."""
    for lesson in course.lessons:
        for step in lesson.steps:
            yield f"{lesson.id}/{step.id}", step
    for puzzle in course.puzzles:
        yield puzzle.id, puzzle


def _advice_positions(read: set[str]) -> Iterator[tuple[str, str]]:
    for text in ADVICE_POSITIONS:
        yield from _advice(f"advice on {text}", Position.parse(text), read)


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


def _step(where: str, step: Step | Puzzle, read: set[str]) -> Iterator[tuple[str, str]]:
    """A step's hints, its success text and every reply its kind's unit can give
    (`StepUnit.replies`), then the advice on the board it is played on, if any."""
    kind = unit_of(step)
    for hint in kind.hints(step):
        yield f"{where} hint", hint
    success = getattr(step, "success", "")
    if success:
        yield f"{where} success", success
    for answer, text in kind.replies(step):
        yield f"{where} {answer}", text
    board = kind.board(step)
    if board is not None:
        yield from _advice(where, board, read)


@dataclass(frozen=True, slots=True)
class _Counsel:
    """The computer's advice on a position and its reason for a move of each kind, as
    phrase trees: what every language words (found once, see `_counsel`)."""

    advice: Advice
    reasons: tuple[tuple[str, Phrase], ...]  # (move kind, the reason had it been played)


@functools.lru_cache(maxsize=64)
def _counsel(position: Position) -> _Counsel | None:
    """Cached: the check reads the languages step by step (`check_all`), so the same
    position comes back three more times in a row."""
    try:
        found = advise(position)
    except CassinoError:
        return None
    view = view_of_position(position)
    kinds: dict[str, Move] = {found.move.kind: found.move}
    for move in view.legal_moves():
        kinds.setdefault(move.kind, move)
    return _Counsel(found, tuple((kind, explain_phrase(view, move))
                                 for kind, move in sorted(kinds.items())))


def _advice(where: str, position: Position, read: set[str]) -> Iterator[tuple[str, str]]:
    """The advice on the step's position, and the reason the Play page would give had
    the computer made that move, or a move of each other kind (capture, build, trail):
    the advice's two voices, as a learner reads them in hints and reasons."""
    counsel = _counsel(position)
    if counsel is None:
        return
    found = counsel.advice
    yield f"{where} advice", words.move(found.move)
    if found.said is not None:
        read.update(advice_keys(found.said))
    yield f"{where} advice", words.said(found.said, found.reason)
    for kind, reason in counsel.reasons:
        read.update(advice_keys(reason))
        yield f"{where} reason ({kind})", words.said(reason)


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
    return check_all(folder, (lang,), progress=progress)[lang]


def check_all(folder: Path, langs: Sequence[str], *, english: Course | None = None,
              progress: Callable[[str], None] | None = None) -> dict[str, Report]:
    """Read every message of the course in each language of `langs` and count its slips.

    The languages are read together, step by step: what a step's replies and advice
    rest on (the judge's verdict on every click attempt, the computer's judgement of
    the position) is the same in every language, so it is worked out once, while the
    step is at hand (`clicks.judged_attempts` and `_counsel` are cached), and worded
    in each. `english` is the course already loaded in English, if any (the tests'
    `shipped`); the other languages' are loaded, with their own texts. A language
    without its grammar file, or with a table of it missing, is refused
    (GrammarMissing) before anything is read."""
    from tutorial_app.course.course import load_course

    for lang in langs:  # GrammarMissing now, not a silent skip of its slips later
        grammar(lang)
    reports = {lang: Report(lang) for lang in langs}
    places: dict[str, dict[str, Step | Puzzle]] = {}
    for lang in langs:
        course = english if english is not None and lang == DEFAULT_LANGUAGE else \
            load_course(folder, language=lang, proofs=False)
        places[lang] = dict(_places(course))
    for lang in langs:  # the app's own entries first, as a learner meets them
        with using(lang):
            for where, text in catalogue_messages(lang):
                reports[lang].read(where, text)
    for where in dict.fromkeys(w for found in places.values() for w in found):
        for lang in langs:
            step = places[lang].get(where)
            if step is not None:
                _read(reports[lang], _step(where, step, reports[lang].advice_read))
    for lang in langs:
        _read(reports[lang], _advice_positions(reports[lang].advice_read))
        if progress is not None:
            progress(reports[lang].line())
    return reports


def _read(report: Report, messages: Iterator[tuple[str, str]]) -> None:
    with using(report.lang):
        for where, text in messages:
            report.read(where, text)
