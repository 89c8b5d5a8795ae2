"""Moves, attempts and cards in the learner's words, through the translation lookup.

The engine's own `Move.pretty` is English; the course layer words moves
itself so that every sentence a learner reads can be translated.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import BUILD, TRAIL, Attempt, Build, BuildRef, Card, Move
from tutorial_app.course.i18n import join_and, t


def card(card: Card) -> str:
    return card.pretty


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


def move(move: Move) -> str:
    """'8♠ takes 5♣+3♦', '3♦ builds 8 with 5♣', '2♠ raises the 7-build (3♣ 4♥) to 9'."""
    if move.kind == TRAIL:
        return t("move.trail", card=move.card.pretty)
    if move.kind == BUILD:
        return _build_words(move.card, move.value or 0, move.target, list(move.loose))
    groups = ", ".join(_group(g) for g in move.display_groups())
    key = "move.capture-14" if move.card.rank == 1 and move.value == 14 else "move.capture"
    return t(key, card=move.card.pretty, groups=groups)


def _build_words(played: Card, value: int, target: Build | BuildRef | None,
                 loose: list[Card]) -> str:
    using = t("move.using", cards=join_and([c.pretty for c in loose])) if loose else ""
    if target is None:
        return t("move.build", card=played.pretty, value=value, using=using)
    if isinstance(target, Build) and target.value != value:
        return t("move.raise", card=played.pretty, value=value, build=item(target), using=using)
    return t("move.add", card=played.pretty, value=value, build=item(target), using=using)


def attempt(attempt: Attempt) -> str:
    """An attempt, legal or not, worded like a move."""
    played = attempt.card.pretty if attempt.card else "?"
    if attempt.kind == TRAIL:
        return t("move.trail", card=played)
    if attempt.kind == BUILD:
        loose = [x for x in attempt.items if isinstance(x, Card)]
        target = attempt.targets[0] if attempt.targets else None
        if attempt.card is None:
            return t("move.build", card=played, value=attempt.value, using="")
        return _build_words(attempt.card, attempt.value or 0, target, loose)
    if attempt.grouped:
        groups = ", ".join(_group(g) for g in attempt.groups)
    else:
        groups = ", ".join(item(x) for x in attempt.items)
    key = "move.capture-14" if attempt.value == 14 else "move.capture"
    return t(key, card=played, groups=groups or "—")
