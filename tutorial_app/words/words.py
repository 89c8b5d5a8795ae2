"""Moves, attempts and cards in the learner's words, through the translation lookup.

The engine's own `Move.pretty` is English; the course layer words moves
itself so that every sentence a learner reads can be translated.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine import (
    BUILD,
    TRAIL,
    Attempt,
    Build,
    BuildRef,
    Card,
    CassinoError,
    Move,
    NotationError,
    Position,
    Verdict,
    parse_attempt,
)
from engine.advice_words import (
    SENTENCES,
    BuildName,
    Group,
    Percent,
    Phrase,
    Points,
    RankName,
    parts,
)
from engine.errors import TooMuchWorkError
from engine.judge_words import Either, Groups, Hand, Plus, Rank, Value, Word
from engine.position import Problem
from tutorial_app.words.i18n import DEFAULT_LANGUAGE, count, join_and, join_or, language, number, t


def card(card: Card) -> str:
    return card.pretty


def card_name(card: Card) -> str:
    """'the 7 of hearts', 'o 7 de copas', 'el 7 de corazones', 'il 7 di cuori'."""
    return t("card.name", rank=t(f"card.rank.{card.rank}"), suit=t(f"suit.{card.suit}"))


def verdict(verdict: Verdict) -> str:
    """The judge's explanation in the learner's language, from its template and facts
    (engine/judge_words.py); the engine's English when the template is unknown."""
    if not verdict.template or language() == DEFAULT_LANGUAGE:
        return verdict.message  # the engine's English, word for word (its moves included)
    key = f"judge.{verdict.template}"
    text = t(key, **facts(verdict.facts))
    return verdict.message if text == key else text[:1].upper() + text[1:]


def facts(found: Mapping[str, object]) -> dict[str, str]:
    """The judge's facts as words of the current language."""
    return {name: fact(value) for name, value in found.items()}


def said(found: Phrase | None, english: str = "") -> str:
    """The advice's phrase tree (engine/advice_words.py) in the learner's language;
    `english` when there is none."""
    if found is None:
        return english
    text = _said(found)
    return text.strip() if text is not None else english


def _said(found: Phrase) -> str | None:
    """Each sentence is one catalogue entry (a plural one, `count.advice-<key>`, when it
    agrees with a number); a reason is its sentences in a row."""
    if found.key == SENTENCES:
        said = [_said(p) for p in parts(found)]
        return None if any(s is None for s in said) else " ".join(s for s in said if s)
    if found.n is not None:
        key = f"count.advice-{found.key}"
        text = count(found.n, f"advice-{found.key}", **facts(found.facts))
        return None if text.startswith(key) else text
    key = f"advice.{found.key}"
    text = t(key, **facts(found.facts))
    return None if text == key else text


def fact(value: object) -> str:
    if isinstance(value, Phrase):
        return _said(value) or ""
    if isinstance(value, BuildName):
        return t("advice.build-name", value=value.build.value,
                 cards=" ".join(c.pretty for c in value.build.cards))
    if isinstance(value, Group):
        return "+".join(fact(BuildName(i) if isinstance(i, Build) else i) for i in value.items)
    if isinstance(value, Points):
        if abs(value.value) < 0.05:
            return t("advice.points.zero")
        key = "advice.points.one" if abs(value.value) < 1.05 else "advice.points.other"
        return t(key, value=number(value.value, 1, signed=True))
    if isinstance(value, Percent):
        return t("advice.percent", p=round(value.p * 100))
    if isinstance(value, RankName):
        return t(f"card.noun.{value.rank}")
    if isinstance(value, tuple):
        return join_and([fact(v) for v in value])
    if isinstance(value, Card):
        return value.pretty
    if isinstance(value, Build):
        return t("judge.build-name", value=value.value, build=value.pretty)
    if isinstance(value, Value):
        if value.n in (1, 11, 12, 13, 14):
            return t(f"judge.value.{value.n}")
        return t(f"rank.{value.n}") if 1 <= value.n <= 14 else str(value.n)
    if isinstance(value, Rank):
        return t(f"rank.{value.rank}")
    if isinstance(value, Hand):
        return " ".join(c.pretty for c in value.cards) or t("judge.word.nothing")
    if isinstance(value, Word):
        return t(f"judge.word.{value.key}")
    if isinstance(value, Either):
        return join_or([c.pretty for c in value.cards]) or t("judge.word.no-card")
    if isinstance(value, Plus):
        return "+".join(i.pretty if isinstance(i, Card) else t("judge.build-short", value=i.value)
                        for i in value.items)
    if isinstance(value, Groups):
        return t("list.comma").join(fact(g) for g in value.groups)
    if isinstance(value, Move):
        return move(value)
    return str(value)


def build(build: Build) -> str:
    """'the 8-build (5♥ 3♠)'."""
    return t("words.build", value=build.value, cards=" ".join(c.pretty for c in build.cards))


def item(thing: Card | Build | BuildRef) -> str:
    if isinstance(thing, Card):
        return thing.pretty
    if isinstance(thing, Build):
        return build(thing)
    if thing.cards:
        return t("words.build-cards", cards=" ".join(c.pretty for c in thing.cards))
    return t("words.build-value", value=thing.value)


def items(things: Sequence[Card | Build | BuildRef]) -> str:
    """'5♣, 3♦ and the 8-build (5♥ 3♠)'."""
    return join_and([item(x) for x in things])


def _group(group: Sequence[Card | Build | BuildRef]) -> str:
    return "+".join(x.pretty if isinstance(x, Card) else item(x) for x in group)


def move(move: Move, form: str = "") -> str:
    """'8♠ takes 5♣+3♦', '3♦ builds 8 with 5♣', '2♠ raises the 7-build (3♣ 4♥) to 9'.

    `form` picks the grammar the sentence around it needs, each a whole entry per kind
    of move so no language has to glue a clause into a phrase: "" the move as a clause
    ("8♠ takes 5♣+3♦"), "do" as an instruction ("take 5♣+3♦ with 8♠"), "noun" as the
    name of the play ("taking 5♣+3♦ with 8♠", for "instead of ...")."""
    if move.kind == TRAIL:
        return t(_key(form, "trail"), card=move.card.pretty)
    if move.kind == BUILD:
        return _build_words(move.card, move.value or 0, move.target, list(move.loose), form)
    groups = ", ".join(_group(g) for g in move.display_groups())
    kind = "capture-14" if move.card.rank == 1 and move.value == 14 else "capture"
    return t(_key(form, kind), card=move.card.pretty, groups=groups)


def _key(form: str, kind: str) -> str:
    return f"move.{form}.{kind}" if form else f"move.{kind}"


def _build_words(played: Card, value: int, target: Build | BuildRef | None,
                 loose: list[Card], form: str = "") -> str:
    """One entry per case (a new build, a raise, an addition; with or without loose
    cards), the build named by its value and cards inside the sentence."""
    with_ = "-with" if loose else ""
    cards = join_and([c.pretty for c in loose])
    if target is None:
        return t(_key(form, f"build{with_}"), card=played.pretty, value=value, cards=cards)
    shown = " ".join(c.pretty for c in target.cards) or str(target.value or "?")
    old = target.value if target.value is not None else value
    if isinstance(target, Build) and target.value != value:
        return t(_key(form, f"raise{with_}"), card=played.pretty, value=value, old=old,
                 build=shown, cards=cards)
    return t(_key(form, f"add{with_}"), card=played.pretty, value=value, build=shown,
             cards=cards)


def attempt(attempt: Attempt, form: str = "", position: Position | None = None) -> str:
    """An attempt, legal or not, worded like a move (`form` as for `move`). With the
    `position` it is tried in, a build it names by its cards or value is named by its
    real value ("3♥ raises the 5-build (A♠ 4♦) to 10"), not by the value the try
    announces: an illegal raise is still a raise."""
    played = attempt.card.pretty if attempt.card else "?"
    if attempt.kind == TRAIL:
        return t(_key(form, "trail"), card=played)
    if attempt.kind == BUILD:
        loose = [x for x in attempt.items if isinstance(x, Card)]
        target = attempt.targets[0] if attempt.targets else None
        if target is not None and position is not None:
            target = resolved(target, position)
        if attempt.card is None:
            return t(_key(form, "build"), card=played, value=attempt.value, cards="")
        return _build_words(attempt.card, attempt.value or 0, target, loose, form)
    if attempt.grouped:
        groups = ", ".join(_group(g) for g in attempt.groups)
    else:
        groups = ", ".join(item(x) for x in attempt.items)
    kind = "capture-14" if attempt.value == 14 else "capture"
    return t(_key(form, kind), card=played, groups=groups or "—")


def resolved(target: Build | BuildRef, position: Position) -> Build | BuildRef:
    """The position's build a reference names (by the same cards, or by a value only
    one build has); the reference itself when none is found."""
    if isinstance(target, Build):
        return target
    if target.cards:
        found = [b for b in position.builds if sorted(b.cards) == sorted(target.cards)]
    else:
        found = [b for b in position.builds if b.value == target.value]
    return found[0] if len(found) == 1 else target


def written(text: str) -> str:
    """A move kept in notation (a class's answers, the attempt log) in words ("8s x 5c+3d"
    -> "8♠ takes 5♣+3♦"): pages read words, the CSV exports keep the notation. A text
    that is no move is shown as it is."""
    try:
        return attempt(parse_attempt(text))
    except NotationError:
        return text


def problem(found: Problem) -> str:
    """Why a position cannot occur, in the learner's language (the engine's English only
    for a code without words of its own)."""
    key = f"position.{found.code}"
    text = t(key, **found.facts)
    return found.message if text == key else text


def error(error: CassinoError) -> str:
    """Any of the engine's refusals in the learner's language: notation by its code, a
    request over the engine's work limit, an illegal or ambiguous move (in English the
    engine's own detail; in another language a sentence of the catalogue)."""
    if isinstance(error, NotationError):
        return notation_error(error)
    if language() == DEFAULT_LANGUAGE:
        return str(error)
    if isinstance(error, TooMuchWorkError):
        return t("error.too-much-work")
    return t("error.refused")


def notation_error(error: NotationError) -> str:
    """Why a text is not notation, in the learner's language: the error's code and facts
    worded here; a code without words gets a general sentence in a translated page and
    the engine's own English detail in English."""
    key = f"notation.{error.code}"
    if error.code and t(key) != key:
        return t(key, **error.facts)
    return str(error) if language() == DEFAULT_LANGUAGE else t("notation.unknown")


def preset_name(name: str) -> str:
    """A rules preset as a learner reads it ("Spade Casino" for `spade`)."""
    return _or(f"rules.preset-name.{name}", name)


def setting_name(name: str) -> str:
    """A rules setting as a learner reads it ("Court card values" for `face_values`)."""
    return _or(f"rules.setting-name.{name}", name)


def setting_value(name: str, value: str) -> str:
    """A setting's value in words: its own entry, else the yes/no and on/off words, else
    the value itself (a number: the target's points)."""
    key = f"rules.value.{name}.{value}"
    if t(key) != key:
        return t(key)
    return _or(f"rules.value.{value}", value)


def rules_words(text: str, skip: tuple[str, ...] = ()) -> str:
    """Rules written `royal ace_high=true` in words: the preset's name, then each
    setting that differs from it ("Royal Cassino; Aces high: yes")."""
    parts = text.split()
    head = parts[0] if parts and "=" not in parts[0] else "classic"
    changes = [t("rules.change", setting=setting_name(k), value=setting_value(k, v))
               for k, _, v in (p.partition("=") for p in parts if "=" in p) if k not in skip]
    if not changes:
        return preset_name(head)
    return t("rules.words", preset=preset_name(head), changes=t("list.comma").join(changes))


def _or(key: str, fallback: str) -> str:
    text = t(key)
    return fallback if text == key else text
