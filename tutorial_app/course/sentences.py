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

`python -m tutorial_app.course.catalogues all` (`make i18n`) runs it and prints the
counts per language; tests/course/test_sentences.py asserts there are none.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Final

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
from tutorial_app.course import i18n, words
from tutorial_app.course.i18n import DEFAULT_LANGUAGE, using
from tutorial_app.course.steps import Step, unit_of

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
# the gender (m/f) of the nouns above, and the articles before a count and the adjectives
# after its noun that must agree with it: word -> (gender, plural?); a word of either
# gender ("restante", "possibile") is not listed
_GENDERS: Final[dict[str, dict[str, str]]] = {
    "pt-BR": {"carta": "f", "ponto": "m", "varrida": "f", "jogada": "f", "opção": "f",
              "desafio": "m", "exercício": "m", "tarefa": "f"},
    "es": {"carta": "f", "punto": "m", "barrida": "f", "jugada": "f", "opción": "f",
           "problema": "m", "tarea": "f"},
    "it": {"carta": "f", "punto": "m", "scopa": "f", "mossa": "f", "opzione": "f",
           "problema": "m", "compito": "m"},
}
_AGREEING: Final[dict[str, dict[str, tuple[str, bool]]]] = {
    "pt-BR": {"os": ("m", True), "as": ("f", True), "esses": ("m", True),
              "essas": ("f", True), "estes": ("m", True), "estas": ("f", True),
              "esperado": ("m", False), "esperados": ("m", True), "esperada": ("f", False),
              "esperadas": ("f", True), "correto": ("m", False), "corretos": ("m", True),
              "correta": ("f", False), "corretas": ("f", True), "marcado": ("m", False),
              "marcados": ("m", True), "marcada": ("f", False), "marcadas": ("f", True),
              "capturado": ("m", False), "capturados": ("m", True),
              "capturada": ("f", False), "capturadas": ("f", True)},
    "es": {"los": ("m", True), "las": ("f", True), "esos": ("m", True), "esas": ("f", True),
           "estos": ("m", True), "estas": ("f", True),
           "esperado": ("m", False), "esperados": ("m", True), "esperada": ("f", False),
           "esperadas": ("f", True), "correcto": ("m", False), "correctos": ("m", True),
           "correcta": ("f", False), "correctas": ("f", True), "capturado": ("m", False),
           "capturados": ("m", True), "capturada": ("f", False), "capturadas": ("f", True)},
    "it": {"i": ("m", True), "gli": ("m", True), "le": ("f", True),
           "atteso": ("m", False), "attesi": ("m", True), "attesa": ("f", False),
           "attese": ("f", True), "corretto": ("m", False), "corretti": ("m", True),
           "corretta": ("f", False), "corrette": ("f", True), "preso": ("m", False),
           "presi": ("m", True), "presa": ("f", False), "prese": ("f", True),
           "catturato": ("m", False), "catturati": ("m", True), "catturata": ("f", False),
           "catturate": ("f", True)},
}
# words after which a negative word opens a new clause as its subject ("mas nenhuma
# construção pode...")
_OPENERS: Final = frozenset({"mas", "e", "ou", "que", "porque", "pois", "então", "de", "pero",
                             "y", "o", "entonces", "ma", "perché", "che", "quindi", "allora",
                             "di"})
_NEGATIVE_HINTS: Final = {"pt-BR": (("nada",), ("nenhum", "ningu")),
                          "es": (("nada",), ("ningu", "nadie")),
                          "it": (("niente", "nulla"), ("nessun",))}
"""Text a message must hold (lowercased) for each negation test to find anything."""
_NEGATIVE_WORDS: Final[dict[str, tuple[str, tuple[str, ...]]]] = {
    "pt-BR": (r"nada", ("não", "sem", "nem")),
    "es": (r"nada", ("no", "sin", "ni")),
    "it": (r"niente|nulla", ("non", "senza", "né")),
}
# "nenhuma", "ninguna", "nessuna" as a verb's object need the negation before the verb
# ("você não teria nenhuma carta"); as a clause's subject they need none ("Depois da
# primeira distribuição nenhuma carta vai..."), so only those right after a verb the
# messages use are read
_NEGATIVE_OBJECTS: Final[dict[str, tuple[str, frozenset[str]]]] = {
    "pt-BR": (r"nenhum|nenhuma|ninguém", frozenset({
        "captura", "capturaria", "sobra", "sobraria", "teria", "tem", "tira", "faz", "muda",
        "mudaria", "haver", "há", "controla", "vale", "fica", "deixa", "deixaria"})),
    "es": (r"ningún|ninguno|ninguna|nadie", frozenset({
        "tendrías", "tendría", "tiene", "captura", "capturaría", "saca", "da", "queda",
        "quedaría", "cambia", "cambiaría", "hay", "hace", "va", "controla", "vale", "deja",
        "dejaría"})),
    "it": (r"nessun|nessuno|nessuna", frozenset({
        "avresti", "avrebbe", "ha", "cattura", "catturerebbe", "prende", "fa", "controlla",
        "toglie", "resta", "resterebbe", "cambia", "cambierebbe", "vale", "lascia",
        "lascerebbe", "c'è"})),
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
_LETTER: Final = "A-Za-zÀ-ÿ"
_ENGLISH_WORD: Final = re.compile(
    rf"(?<![{_LETTER}])(?:{'|'.join(sorted(_ENGLISH))})(?![{_LETTER}])")
# a number and the noun after it (lowercase letters only, as a sentence writes them)
_NUMBER_NOUN: Final = {lang: re.compile(
    rf"(?<![\w♠♥♦♣.,])(\d+)\s+({'|'.join(w for pair in nouns for w in pair)})(?![a-zà-úç])")
    for lang, nouns in _NOUNS.items()}
_SINGULAR: Final = {lang: frozenset(one for one, _ in nouns) for lang, nouns in _NOUNS.items()}
# an article, a count and its noun ("as 2 cartas"); a count, its noun and an adjective
# ("+0,8 ponto esperado")
_COUNTED: Final = {lang: re.compile(
    rf"\d+\s+({'|'.join(w for pair in nouns for w in pair)})(?:\s+([{_LETTER}]+))?"
    rf"(?![{_LETTER}])")
    for lang, nouns in _NOUNS.items() if lang in _GENDERS}
_ARTICLE: Final = re.compile(rf"(?<![{_LETTER}])([{_LETTER}]+)\s+[+-]?[\d.,]*$")
_NEGATIVE: Final = {lang: re.compile(rf"\b(?:{pattern})\b", re.IGNORECASE)
                    for lang, (pattern, _) in _NEGATIVE_WORDS.items()}
_CLAUSE_END: Final = re.compile(r"[.:;,!?()—]")
_NEGATIVE_OBJECT: Final = {lang: re.compile(rf"\b(?:{pattern})\b", re.IGNORECASE)
                           for lang, (pattern, _) in _NEGATIVE_OBJECTS.items()}


def slips(text: str, lang: str) -> list[str]:
    """The kinds of slip in one rendered message (empty when it reads well). Each test
    first looks for the character its pattern cannot match without, for speed: the
    check reads some 80,000 messages per language."""
    found: list[str] = []
    if "{" in text and _PLACEHOLDER.search(text):
        found.append("placeholder")
    if _plural_marker(text):
        found.append("plural-marker")
    if _disagrees(text, lang):
        found.append("number-agreement")
    if _misagrees(text, lang):
        found.append("agreement")
    lowered = text.lower()
    if _unnegated(text, lang, lowered):
        found.append("negation")
    pattern = _CONTRACTIONS.get(lang)
    if pattern is not None and pattern.search(text):
        found.append("contraction")
    if any(word in lowered for word in _OFF_GLOSSARY.get(lang, ())):
        found.append("glossary")
    if lang != DEFAULT_LANGUAGE and len(set(_ENGLISH_WORD.findall(lowered))) >= 2:
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


def _disagrees(text: str, lang: str) -> bool:
    """A number and a noun of `_NOUNS` after it that disagree ("0 carta", "1 cartas")."""
    pattern = _NUMBER_NOUN.get(lang)
    if pattern is None:
        return False
    singular = _SINGULAR[lang]
    for match in pattern.finditer(text):
        if (int(match.group(1)) == 1) != (match.group(2) in singular):
            return True
    return False


def _misagrees(text: str, lang: str) -> bool:
    """An article before a count, or an adjective after its noun, of another gender or
    number than the noun ("os 2 cartas", "as 2 pontos", "+0,8 ponto esperados")."""
    pattern = _COUNTED.get(lang)
    if pattern is None:
        return False
    genders, agreeing = _GENDERS[lang], _AGREEING[lang]
    nouns = {w: (one, w != one) for one, other in _NOUNS[lang] for w in (one, other)}
    for match in pattern.finditer(text):
        one, plural = nouns[match.group(1)]
        article = _ARTICLE.search(text, max(0, match.start() - 24), match.start())
        for word in (article.group(1) if article else None, match.group(2)):
            form = agreeing.get(word.lower()) if word else None
            if form is not None and form != (genders[one], plural):
                return True
    return False


def _unnegated(text: str, lang: str, lowered: str = "") -> bool:
    """A negative word ('nada') with no negation in the words before it in its clause
    (one that opens its clause, 'Nenhuma das cartas...', is a subject and fine), or a
    negative determiner right after a verb with none ('você teria nenhuma carta')."""
    found = _NEGATIVE_WORDS.get(lang)
    if found is None:
        return False
    negations = found[1]
    lowered = lowered or text.lower()
    words, objects = _NEGATIVE_HINTS[lang]
    for match in _NEGATIVE[lang].finditer(text) if any(w in lowered for w in words) else ():
        clause = _CLAUSE_END.split(text[:match.start()])[-1].split()
        if len(clause) <= 1 or clause[-1].lower() in _OPENERS:  # "Ancora niente ..."
            continue
        if not any(word.lower() in negations for word in clause[-6:]):
            return True
    verbs = _NEGATIVE_OBJECTS[lang][1]
    if not any(w in lowered for w in objects):
        return False
    for match in _NEGATIVE_OBJECT[lang].finditer(text):
        clause = _CLAUSE_END.split(text[:match.start()])[-1].split()
        if clause and clause[-1].lower() in verbs and \
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
    `shipped`); the other languages' are loaded, with their own texts."""
    from tutorial_app.course.course import load_course

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
