"""The judge: why an attempted move is legal or not, in plain words.

Legality itself is decided in one place, the generator: an attempt is legal
exactly when its outcome is in `legal_moves(position)`. The judge's job is the
explanation: it walks the attempt in the order a teacher would (is the card
yours, are the cards there, do the groups add up, may you build that) and
names the first thing that is wrong, with its rule number in docs/rules.md.
The test suite checks that the two never disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import combinations
from typing import Final, NoReturn

from engine.cards import Card
from engine.errors import AmbiguousMoveError, IllegalMoveError
from engine.judge_words import Either, Facts, Groups, Hand, Plus, Rank, Value, Word, english
from engine.movegen import controlled_after, controller_may_trail, legal_moves
from engine.moves import BUILD, CAPTURE, TRAIL, Attempt, BuildRef, Move, parse_attempt
from engine.position import Build, Position
from engine.rules import Rules
from engine.values import split_into_groups, uncovered_values


class ReasonCode(StrEnum):
    """Why the judge calls a move legal or not: one stable code per explanation.

    Lessons key their feedback on these texts, and the app stores them, so a
    code is never renamed (add a new one instead). `REASON_CODES` lists them in
    this order, `LEGAL` first.

    `UNEXPLAINED` (text "illegal") is the judge's catch-all: the generator
    refuses the move but no more specific reason applies. It is not the app's
    feedback status "illegal", which covers every refused move whatever its
    code; `Verdict.explained` tells the two apart without comparing texts.
    The test suite checks that random attempts under every rules variant are
    never answered with the catch-all.
    """

    LEGAL = "legal"
    NO_CARD = "no-card"
    CARD_NOT_IN_HAND = "card-not-in-hand"
    NOT_ON_TABLE = "not-on-table"
    AMBIGUOUS = "ambiguous"
    PART_OF_BUILD = "part-of-build"
    CARD_USED_TWICE = "card-used-twice"
    CAPTURE_NOTHING = "capture-nothing"
    WRONG_SUM = "wrong-sum"
    BAD_CAPTURE_VALUE = "bad-capture-value"
    NUMBER_TAKES_COURT = "number-takes-court"
    COURT_BY_SUM = "court-by-sum"
    COURT_TAKES_MORE = "court-takes-more-than-one"
    BUILD_WRONG_VALUE = "build-wrong-value"
    BUILD_IN_SUM = "build-in-sum"
    BUILDS_OFF = "builds-off"
    COURT_CANNOT_BUILD = "court-cannot-build"
    BUILD_NO_TABLE_CARDS = "build-no-table-cards"
    BUILD_WITHOUT_PLAYED_CARD = "build-without-played-card"
    BUILD_TOO_HIGH = "build-too-high"
    BUILD_NOT_HELD = "build-not-held"
    RAISE_MULTIPLE = "raise-multiple"
    LOOSE_CHANGES_BUILD = "loose-changes-build"
    TWO_BUILDS = "two-builds"
    TRAIL_WITH_TABLE_CARDS = "trail-with-table-cards"
    TRAIL_WHILE_CONTROLLING = "trail-while-controlling"
    LEAVES_BUILD_UNCOVERED = "leaves-build-uncovered"
    UNEXPLAINED = "illegal"  # the catch-all; see above


REASON_CODES: Final[tuple[str, ...]] = tuple(code.value for code in ReasonCode)
"""Every reason code's text, `LEGAL` first: plain strings, as lessons write them."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judge's answer. `move` is the canonical move when the attempt named
    real cards and a definite outcome (legal or not), else None.

    `template` and `facts` are the explanation as data (engine/judge_words.py):
    the app words it in the learner's language; `message` is the English."""

    legal: bool
    code: ReasonCode
    message: str
    rule: str | None = None
    move: Move | None = None
    template: str = ""
    facts: Facts = field(default_factory=dict)

    @property
    def explained(self) -> bool:
        """Legal, or illegal for a named reason (not the catch-all `UNEXPLAINED`)."""
        return self.code != ReasonCode.UNEXPLAINED

    def to_json(self) -> dict[str, object]:
        return {
            "legal": self.legal,
            "code": self.code.value,
            "message": self.message,
            "rule": self.rule,
            "move": self.move.text if self.move else None,
        }


class _Illegal(Exception):
    """Carries a verdict out of the nested checks."""

    def __init__(self, code: ReasonCode, template: str, rule: str | None = None,
                 outcome: Move | None = None, **facts: object) -> None:
        message = english(template, facts)
        super().__init__(message)
        self.verdict = Verdict(False, code, message, rule, outcome, template, facts)


def check(position: Position, attempt: Attempt | Move | str) -> Verdict:
    """Judge an attempt. Never raises for an illegal move; raises only on bad notation."""
    if isinstance(attempt, str):
        attempt = parse_attempt(attempt)
    if isinstance(attempt, Move):
        attempt = attempt.as_attempt()
    try:
        move = _judge(position, attempt)
    except _Illegal as illegal:
        return illegal.verdict
    facts = {"move": move}
    return Verdict(True, ReasonCode.LEGAL, english("legal", facts), None, move, "legal", facts)


def parse_move(text: str, position: Position) -> Move:
    """Read move notation and return the legal Move it names.

    Raises InvalidMoveError for bad notation, AmbiguousMoveError, or
    IllegalMoveError quoting the judge's explanation and the position.
    """
    verdict = check(position, parse_attempt(text))
    if verdict.code == ReasonCode.AMBIGUOUS:
        raise AmbiguousMoveError(f"{text!r} in {position.text!r}: {verdict.message}")
    if not verdict.legal or verdict.move is None:
        raise IllegalMoveError(f"{text!r} in {position.text!r}: {verdict.message}")
    return verdict.move


# ----- the walk ------------------------------------------------------------------


def _judge(position: Position, attempt: Attempt) -> Move:
    card = attempt.card
    if card is None:
        raise _Illegal(ReasonCode.NO_CARD, "no-card", "3.1", held=Either(tuple(position.hand)))
    if card not in position.hand:
        if not position.hand:  # "you hold nothing" reads as a broken negation in Romance
            raise _Illegal(ReasonCode.CARD_NOT_IN_HAND, "card-not-in-hand.empty", "3.1",
                           card=card)
        raise _Illegal(ReasonCode.CARD_NOT_IN_HAND, "card-not-in-hand", "3.1",
                       card=card, held=Hand(tuple(position.hand)))
    groups = _resolve(position, attempt)
    if attempt.kind == TRAIL:
        return _judge_trail(position, card, groups)
    if attempt.kind == CAPTURE:
        return _judge_capture(position, attempt, card, groups)
    return _judge_build(position, attempt, card, groups)


Resolved = tuple[tuple[Card | Build, ...], ...]


def _resolve(position: Position, attempt: Attempt) -> Resolved:
    """Replace names with the table's real cards and builds; catch cards used twice."""
    seen: set[Card | Build] = set()
    out: list[tuple[Card | Build, ...]] = []
    groups: Sequence[Sequence[object]] = attempt.groups
    if attempt.kind == BUILD:
        groups = [*attempt.groups, *((t,) for t in attempt.targets)]
    for group in groups:
        resolved: list[Card | Build] = []
        for item in group:
            real = _resolve_item(position, item)
            if real in seen:
                if isinstance(real, Card):
                    raise _Illegal(ReasonCode.CARD_USED_TWICE, "card-used-twice", "4.2",
                                   card=real)
                raise _Illegal(ReasonCode.CARD_USED_TWICE, "card-used-twice.build", "4.2",
                               value=real.value)
            seen.add(real)
            resolved.append(real)
        out.append(tuple(resolved))
    return tuple(out)


def _resolve_item(position: Position, item: object) -> Card | Build:
    if isinstance(item, Card):
        if item in position.loose:
            return item
        for build in position.builds:
            if item in build.cards:
                raise _Illegal(ReasonCode.PART_OF_BUILD, "part-of-build", "5.3",
                               card=item, build=build.pretty)
        raise _Illegal(ReasonCode.NOT_ON_TABLE, "not-on-table", "3.2", card=item)
    if isinstance(item, Build):
        if item in position.builds:
            return item
        raise _Illegal(ReasonCode.NOT_ON_TABLE, "not-on-table.build", "3.2", build=item.pretty)
    assert isinstance(item, BuildRef)
    if item.value is not None:
        matches = [b for b in position.builds if b.value == item.value]
        if len(matches) == 1:
            return matches[0]
        if not matches:
            raise _Illegal(ReasonCode.NOT_ON_TABLE, "not-on-table.value", "3.2",
                           value=item.value)
        raise _Illegal(ReasonCode.AMBIGUOUS, "ambiguous", "5.8",
                       n=len(matches), value=item.value, example=matches[0].ref)
    for build in position.builds:
        if build.cards == item.cards:
            return build
    for build in position.builds:
        if set(item.cards) < set(build.cards):
            raise _Illegal(ReasonCode.PART_OF_BUILD, "part-of-build.cards", "4.4",
                           cards=Hand(tuple(item.cards)), build=build.pretty)
    raise _Illegal(ReasonCode.NOT_ON_TABLE, "not-on-table.build", "3.2", build=item.ref)


def _finish(position: Position, move: Move) -> Move:
    """Structure is fine: the generator decides, and the duty (7.1) explains a refusal."""
    if move in legal_moves(position):
        return move
    rules = position.rules
    if rules.keep_capture_card:
        rest = list(position.hand)
        rest.remove(move.card)
        missing = uncovered_values(controlled_after(position, move), rest, rules)
        if missing:
            raise _Illegal(ReasonCode.LEAVES_BUILD_UNCOVERED, "leaves-build-uncovered", "7.1",
                           move, move=move, values=tuple(missing),
                           keep=tuple(Value(v) for v in missing))
    raise _Illegal(ReasonCode.UNEXPLAINED, "illegal", None, move, move=move)


# ----- trails ------------------------------------------------------------------------


def _judge_trail(position: Position, card: Card, groups: Resolved) -> Move:
    items = [i for g in groups for i in g]
    if items:
        raise _Illegal(ReasonCode.TRAIL_WITH_TABLE_CARDS, "trail-with-table-cards", "6.1",
                       card=card, items=tuple(items))
    move = Move(card, TRAIL)
    mine = position.controlled_builds()
    if mine and move not in legal_moves(position):
        others = [m for m in legal_moves(position) if m.kind != TRAIL]
        if not controller_may_trail(position.rules, bool(others)):
            build = mine[0]
            raise _Illegal(ReasonCode.TRAIL_WHILE_CONTROLLING, "trail-while-controlling", "6.2",
                           move, build=build.pretty)
    return _finish(position, move)


# ----- captures ----------------------------------------------------------------------


def _judge_capture(position: Position, attempt: Attempt, card: Card, groups: Resolved) -> Move:
    rules = position.rules
    items = [i for g in groups for i in g]
    if not items:
        raise _Illegal(ReasonCode.CAPTURE_NOTHING, "capture-nothing", "4.1", card=card)
    values = rules.capture_values(card)
    by_rank = rules.one_card_rank(card) or not values
    allowed = tuple(dict.fromkeys((card.rank, *values))) if by_rank else values
    if attempt.value is not None and attempt.value not in allowed:
        _bad_value(card, attempt.value, rules)
    if by_rank:
        # An ace under ace_high with aces_like_faces: the one-card rule (4.6) governs it
        # as 1; counting 14 (1.5) it takes groups of 14 like any other card.
        as_14 = 14 in values and (attempt.value == 14 or (
            attempt.value is None and not all(_value(i, rules) == 1 for i in items)))
        if not as_14:
            return _judge_rank_capture(position, card, items)
    courts = [i for i in items if isinstance(i, Card) and rules.table_value(i) is None]
    if courts:
        raise _Illegal(ReasonCode.NUMBER_TAKES_COURT, "number-takes-court", "4.5",
                       card=card, items=tuple(courts))
    candidates = [attempt.value] if attempt.value is not None else list(values)
    if len(candidates) > 1:  # an ace under ace_high: 1 if it takes only aces, else 14
        only_ones = all(_value(i, rules) == 1 for i in items)
        candidates = [1] if only_ones else [14]
    value = candidates[0]
    if attempt.grouped and len(groups) > 0:
        _check_groups(position, card, value, groups)
    else:
        _check_selection(position, card, value, items)
    loose = tuple(i for i in items if isinstance(i, Card))
    builds = tuple(i for i in items if isinstance(i, Build))
    return _finish(position, Move(card, CAPTURE, value, loose, builds, groups=None))


def _bad_value(card: Card, value: int, rules: Rules) -> NoReturn:
    if card.rank == 1 and value == 14:
        raise _Illegal(ReasonCode.BAD_CAPTURE_VALUE, "bad-capture-value.ace", "1.5", card=card)
    shown = "/".join(str(v) for v in rules.capture_values(card))
    raise _Illegal(ReasonCode.BAD_CAPTURE_VALUE, "bad-capture-value", "1.5", card=card,
                   values=shown or Word("nothing"), value=value)


def _value(item: Card | Build, rules: Rules) -> int:
    if isinstance(item, Build):
        return item.value
    value = rules.table_value(item)
    return 0 if value is None else value


def _judge_rank_capture(position: Position, card: Card, items: list[Card | Build]) -> Move:
    """Court cards in classic (and aces with aces_like_faces): rank against rank (4.6)."""
    rules = position.rules
    what = Word("an-ace" if card.rank == 1 else "a-court-card")
    for item in items:
        if isinstance(item, Build) and item.value != card.rank:
            raise _Illegal(ReasonCode.BUILD_WRONG_VALUE, "build-wrong-value.rank", "4.6",
                           card=card, item=item, what=what)
        if isinstance(item, Card) and item.rank != card.rank:
            if card.is_court:
                raise _Illegal(ReasonCode.COURT_BY_SUM, "court-by-sum", "4.6",
                               card=card, item=item, what=what, rank=Rank(card.rank))
            raise _Illegal(ReasonCode.WRONG_SUM, "wrong-sum.aces", "4.6", card=card, item=item)
    same = [i for i in items if isinstance(i, Card)]
    if len(same) > 1 and rules.one_card_rank(card):
        raise _Illegal(ReasonCode.COURT_TAKES_MORE, "court-takes-more-than-one", "4.6",
                       card=card, items=tuple(same))
    loose = tuple(i for i in items if isinstance(i, Card))
    builds = tuple(i for i in items if isinstance(i, Build))
    return _finish(position, Move(card, CAPTURE, card.rank, loose, builds))


def _check_groups(position: Position, card: Card, value: int, groups: Resolved) -> None:
    rules = position.rules
    for group in groups:
        builds = [i for i in group if isinstance(i, Build)]
        if len(group) == 1 and builds:
            _check_whole_build(card, value, builds[0])
            continue
        for build in builds:
            if not (rules.build_in_sums and not build.is_multiple):
                _build_in_sum(build, group, card)
        total = sum(_value(i, rules) for i in group)
        if total != value:
            _wrong_sum(position, group, total, card, value)


def _check_whole_build(card: Card, value: int, build: Build) -> None:
    if build.value != value:
        raise _Illegal(ReasonCode.BUILD_WRONG_VALUE, "build-wrong-value", "5.1",
                       item=build, total=build.value, card=card, value=value,
                       a_value=Value(build.value))


def _check_selection(position: Position, card: Card, value: int,
                     items: list[Card | Build]) -> None:
    rules = position.rules
    pool: list[Card | Build] = []
    for item in items:
        if isinstance(item, Build) and item.value != value:
            if rules.build_in_sums and not item.is_multiple:
                pool.append(item)
                continue
            others = [i for i in items if i is not item]
            if item.value < value and others:
                _build_in_sum(item, others, card)
            _check_whole_build(card, value, item)
        elif isinstance(item, Card):
            pool.append(item)
    if not pool:
        return
    values = [_value(i, rules) for i in pool]
    if split_into_groups(values, value) is not None:
        return
    total = sum(values)
    too_big = [i for i, v in zip(pool, values, strict=True) if v > value]
    if len(pool) > 1 and not too_big:
        _counted_twice(pool, values, value)
        if total > value:
            _left_over(pool, values, card, value)
    _wrong_sum(position, pool, total, card, value)


def _plus(items: Sequence[Card | Build]) -> Plus:
    return Plus(tuple(items))


def _counted_twice(pool: Sequence[Card | Build], values: Sequence[int], value: int) -> None:
    """The card-used-twice mistake made by clicking: the selection splits into groups of
    `value` only if one of its cards were counted in two groups (5♣+3♦ and 3♦+5♥)."""
    if len(pool) > 10:
        return
    for index, item in enumerate(pool):
        groups = split_into_groups([*values, values[index]], value)
        if groups is None:
            continue
        extra = len(values)
        first = next(g for g in groups if index in g)
        second = next(g for g in groups if extra in g)
        if first is second:  # 4♥+4♥: one card twice in one group is a wrong sum
            continue
        one = _plus([pool[i] for i in first])
        two = _plus([pool[i if i != extra else index] for i in second])
        raise _Illegal(ReasonCode.CARD_USED_TWICE, "card-used-twice.clicked", "4.2",
                       one=one, two=two, value=value, item=item)


def _left_over(pool: Sequence[Card | Build], values: Sequence[int], card: Card,
               value: int) -> None:
    """Cards that add up to enough but cannot all be put into groups of `value`."""
    kept: list[int] = []
    if len(pool) <= 12:
        for size in range(len(pool) - 1, 1, -1):
            for combo in combinations(range(len(pool)), size):
                if split_into_groups([values[i] for i in combo], value) is not None:
                    kept = list(combo)
                    break
            if kept:
                break
    if not kept:
        return
    rest = tuple(pool[i] for i in range(len(pool)) if i not in kept)
    groups = split_into_groups([values[i] for i in kept], value) or []
    made = Groups(tuple(_plus([pool[kept[i]] for i in g]) for g in groups))
    key = "wrong-sum.left-over" + (".groups" if len(groups) > 1 else "") + (
        ".cards" if len(rest) > 1 else "")
    raise _Illegal(ReasonCode.WRONG_SUM, key, "4.2", items=tuple(pool), total=sum(values),
                   card=card, value=value, made=made, left=rest)


def _wrong_sum(position: Position, group: Sequence[Card | Build], total: int, card: Card,
               value: int) -> NoReturn:
    """What the cards make, what the card takes, and what would work: the largest legal
    capture by this card (as `5♣+3♦`), or that nothing here adds up to its value."""
    takes = [m for m in legal_moves(position)
             if m.card == card and m.kind == CAPTURE and m.value == value]
    key = "wrong-sum.one" if len(group) == 1 else "wrong-sum.group"
    facts: dict[str, object] = {"total": total, "card": card, "value": value}
    if len(group) == 1:
        facts["item"] = group[0]
    else:
        facts["items"] = tuple(group)
    if takes:
        best = max(takes, key=lambda m: len(m.loose) + sum(len(b.cards) for b in m.builds))
        facts["example"] = Groups(tuple(_plus(g) for g in best.display_groups()))
    else:
        key += ".none"
    raise _Illegal(ReasonCode.WRONG_SUM, key, "4.1", None, **facts)


def _build_in_sum(build: Build, others: Sequence[Card | Build], card: Card) -> NoReturn:
    rest = tuple(i for i in others if i is not build)
    raise _Illegal(ReasonCode.BUILD_IN_SUM, "build-in-sum", "4.4", item=build, items=rest,
                   card=card)


# ----- builds -------------------------------------------------------------------------


def _judge_build(position: Position, attempt: Attempt, card: Card, groups: Resolved) -> Move:
    rules = position.rules
    if not rules.builds:
        raise _Illegal(ReasonCode.BUILDS_OFF, "builds-off", "11.1")
    played = rules.table_value(card)
    if played is None:
        raise _Illegal(ReasonCode.COURT_CANNOT_BUILD, "court-cannot-build", "1.3", card=card)
    loose = [i for g in groups for i in g if isinstance(i, Card)]
    targets = [i for g in groups for i in g if isinstance(i, Build)]
    courts = [c for c in loose if rules.table_value(c) is None]
    if courts:
        key = "court-cannot-build.loose" + (".many" if len(courts) > 1 else "")
        raise _Illegal(ReasonCode.COURT_CANNOT_BUILD, key, "1.3", items=tuple(courts))
    if len(targets) > 1:
        raise _Illegal(ReasonCode.TWO_BUILDS, "two-builds", "5.8", items=tuple(targets))
    value = attempt.value
    if value is None or value < 1:
        raise _Illegal(ReasonCode.WRONG_SUM, "wrong-sum.no-value", "5.1")
    target = targets[0] if targets else None
    if value > rules.max_build:
        chosen: tuple[Card | Build, ...] = (card, *loose, *targets)
        if len(chosen) > 1:
            raise _Illegal(ReasonCode.BUILD_TOO_HIGH, "build-too-high.cards", "5.2",
                           items=chosen, value=value, highest=rules.max_build)
        raise _Illegal(ReasonCode.BUILD_TOO_HIGH, "build-too-high", "5.2",
                       value=value, highest=rules.max_build)
    if target is None:
        _check_new_build(card, played, value, loose)
    else:
        _check_onto_build(card, played, value, target, loose, rules)
    rest = list(position.hand)
    rest.remove(card)
    if not rest:  # one sentence of its own: "you would hold no card", not "... nothing"
        raise _Illegal(ReasonCode.BUILD_NOT_HELD, "build-not-held.empty", "5.2",
                       value=value, keep=Value(value), card=card)
    if not any(value in rules.capture_values(c) for c in rest):
        raise _Illegal(ReasonCode.BUILD_NOT_HELD, "build-not-held", "5.2",
                       value=value, keep=Value(value), card=card, held=Hand(tuple(rest)))
    return _finish(position, Move(card, BUILD, value, tuple(loose), tuple(targets)))


def _check_new_build(card: Card, played: int, value: int, loose: list[Card]) -> None:
    if not loose:
        raise _Illegal(ReasonCode.BUILD_NO_TABLE_CARDS, "build-no-table-cards", "5.3", card=card)
    _check_build_cards(card, played, value, loose, None)


def _check_build_cards(card: Card, played: int, value: int, loose: list[Card],
                       base: Build | None) -> None:
    """Can the played card (with some loose cards) and the rest form groups of `value`?"""
    values = [c.rank for c in loose]
    if played > value:
        raise _Illegal(ReasonCode.WRONG_SUM, "wrong-sum.too-big", "5.4",
                       card=card, played=played, value=value)
    if split_into_groups([played, *values], value) is not None:
        return
    if loose and split_into_groups(values, value) is not None:
        raise _Illegal(ReasonCode.BUILD_WITHOUT_PLAYED_CARD, "build-without-played-card", "5.3",
                       items=tuple(loose), value=value, card=card)
    total = played + sum(values)
    cards = (card, *loose)
    key = "wrong-sum.build" + ("-onto" if base is not None else "") + (
        ".groups" if total % value == 0 else "")
    if base is not None:
        raise _Illegal(ReasonCode.WRONG_SUM, key, "5.4",
                       items=cards, total=total, value=value, build=base.pretty)
    raise _Illegal(ReasonCode.WRONG_SUM, key, "5.4", items=cards, total=total, value=value)


def _check_onto_build(card: Card, played: int, value: int, target: Build, loose: list[Card],
                      rules: Rules) -> None:
    if target.value == value:  # adding to it (5.7)
        if played > value:
            raise _Illegal(ReasonCode.WRONG_SUM, "wrong-sum.join", "5.7",
                           card=card, value=value, build=Hand(tuple(target.cards)))
        _check_build_cards(card, played, value, loose, target)
        return
    if target.is_multiple:
        raise _Illegal(ReasonCode.RAISE_MULTIPLE, "raise-multiple", "5.6", item=target)
    raised = target.value + played
    if raised != value:
        if loose and target.value + played + sum(c.rank for c in loose) == value:
            raise _Illegal(ReasonCode.LOOSE_CHANGES_BUILD, "loose-changes-build", "5.5",
                           item=target, card=card, raised=raised, items=tuple(loose))
        raise _Illegal(ReasonCode.WRONG_SUM, "wrong-sum.raise", "5.5",
                       item=target, card=card, raised=raised, value=value)
    values = [c.rank for c in loose]
    if loose and split_into_groups(values, value) is None:
        raise _Illegal(ReasonCode.LOOSE_CHANGES_BUILD, "loose-changes-build.groups", "5.5",
                       item=target, card=card, value=value, items=tuple(loose))
