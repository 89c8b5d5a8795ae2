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
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations
from typing import Final

from engine.cards import Card, pretty_cards
from engine.errors import AmbiguousMoveError, IllegalMoveError
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
    real cards and a definite outcome (legal or not), else None."""

    legal: bool
    code: ReasonCode
    message: str
    rule: str | None = None
    move: Move | None = None

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

    def __init__(self, code: ReasonCode, message: str, rule: str | None = None,
                 move: Move | None = None) -> None:
        message = message[:1].upper() + message[1:]  # "The 8-build ..." opens a sentence
        super().__init__(message)
        self.verdict = Verdict(False, code, message, rule, move)


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
    return Verdict(True, ReasonCode.LEGAL, f"{move.pretty}: a legal move.", None, move)


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
        cards = [c.pretty for c in position.hand]
        held = (", ".join(cards[:-1]) + " or " + cards[-1]) if len(cards) > 1 else \
            "".join(cards) or "no card"
        raise _Illegal(ReasonCode.NO_CARD,
                       f"Every move plays one card from your hand ({held}): choose it first. "
                       "A build made only of table cards is not allowed (3.1, 5.3).", "3.1")
    if card not in position.hand:
        held = pretty_cards(position.hand) or "nothing"
        raise _Illegal(ReasonCode.CARD_NOT_IN_HAND,
                       f"{card.pretty} is not in your hand (you hold {held}).",
                       "3.1")
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
                name = real.pretty if isinstance(real, Card) else f"the {real.value}-build"
                raise _Illegal(ReasonCode.CARD_USED_TWICE,
                               f"{name} is counted twice. Each table card counts in one group "
                               "only (4.2).", "4.2")
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
                raise _Illegal(ReasonCode.PART_OF_BUILD,
                               f"{item.pretty} is part of the build {build.pretty}. A build is "
                               "never broken up: it is only taken whole (4.4, 5.3).", "5.3")
        raise _Illegal(ReasonCode.NOT_ON_TABLE, f"{item.pretty} is not on the table.", "3.2")
    if isinstance(item, Build):
        if item in position.builds:
            return item
        raise _Illegal(ReasonCode.NOT_ON_TABLE,
                       f"There is no build {item.pretty} on the table.", "3.2")
    assert isinstance(item, BuildRef)
    if item.value is not None:
        matches = [b for b in position.builds if b.value == item.value]
        if len(matches) == 1:
            return matches[0]
        if not matches:
            raise _Illegal(ReasonCode.NOT_ON_TABLE,
                           f"There is no build of {item.value} on the table.", "3.2")
        raise _Illegal(ReasonCode.AMBIGUOUS,
                       f"There are {len(matches)} builds of {item.value}; name one by "
                       "its cards, e.g. " + matches[0].ref + ".", "5.8")
    for build in position.builds:
        if build.cards == item.cards:
            return build
    for build in position.builds:
        if set(item.cards) < set(build.cards):
            raise _Illegal(ReasonCode.PART_OF_BUILD,
                           f"{pretty_cards(item.cards)} is only part of the build "
                           f"{build.pretty}; a build is taken whole (4.4).", "4.4")
    raise _Illegal(ReasonCode.NOT_ON_TABLE, f"There is no build {item.ref} on the table.", "3.2")


_VALUE_WORDS: Final = {"1": "an ace", "11": "a jack (11)", "12": "a queen (12)",
                       "13": "a king (13)", "14": "an ace (as 14)"}


def _a(value: str) -> str:
    """'an 8', 'a 9', 'a king (13)': how a learner says a card of that value."""
    if value in _VALUE_WORDS:
        return _VALUE_WORDS[value]
    return f"an {value}" if value.startswith("8") else f"a {value}"


def _name(item: Card | Build) -> str:
    return item.pretty if isinstance(item, Card) else f"the {item.value}-build {item.pretty}"


def _names(items: Sequence[Card | Build]) -> str:
    names = [_name(i) for i in items]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


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
            values = " and ".join(str(v) for v in missing)
            raise _Illegal(ReasonCode.LEAVES_BUILD_UNCOVERED,
                           f"After {move.pretty} you would control a build of {values} with no "
                           f"card left to take it. Keep {_a(values)} for each build you control "
                           "(7.1).", "7.1", move)
    raise _Illegal(ReasonCode.UNEXPLAINED, f"{move.pretty} is not allowed here.", None, move)


# ----- trails ------------------------------------------------------------------------


def _judge_trail(position: Position, card: Card, groups: Resolved) -> Move:
    items = [i for g in groups for i in g]
    if items:
        raise _Illegal(ReasonCode.TRAIL_WITH_TABLE_CARDS,
                       f"Trailing lays {card.pretty} on the table alone; "
                       f"it does not use {_names(items)} (6.1).", "6.1")
    move = Move(card, TRAIL)
    mine = position.controlled_builds()
    if mine and move not in legal_moves(position):
        others = [m for m in legal_moves(position) if m.kind != TRAIL]
        if not controller_may_trail(position.rules, bool(others)):
            build = mine[0]
            raise _Illegal(ReasonCode.TRAIL_WHILE_CONTROLLING,
                           f"You control the build {build.pretty}, so you may not trail: take "
                           f"it, build, or capture instead (6.2).", "6.2", move)
    return _finish(position, move)


# ----- captures ----------------------------------------------------------------------


def _judge_capture(position: Position, attempt: Attempt, card: Card, groups: Resolved) -> Move:
    rules = position.rules
    items = [i for g in groups for i in g]
    if not items:
        raise _Illegal(ReasonCode.CAPTURE_NOTHING,
                       f"Choose what {card.pretty} should take: table cards or a "
                       "build of its value (4.1).", "4.1")
    values = rules.capture_values(card)
    by_rank = rules.one_card_rank(card) or not values
    allowed = tuple(dict.fromkeys((card.rank, *values))) if by_rank else values
    if attempt.value is not None and attempt.value not in allowed:
        raise _Illegal(ReasonCode.BAD_CAPTURE_VALUE,
                       _bad_value_message(card, attempt.value, rules), "1.5")
    if by_rank:
        # An ace under ace_high with aces_like_faces: the one-card rule (4.6) governs it
        # as 1; counting 14 (1.5) it takes groups of 14 like any other card.
        as_14 = 14 in values and (attempt.value == 14 or (
            attempt.value is None and not all(_value(i, rules) == 1 for i in items)))
        if not as_14:
            return _judge_rank_capture(position, card, items)
    courts = [i for i in items if isinstance(i, Card) and rules.table_value(i) is None]
    if courts:
        raise _Illegal(ReasonCode.NUMBER_TAKES_COURT,
                       f"{card.pretty} cannot take {_names(courts)}: in "
                       "classic a court card has no value, and only a card of the same rank "
                       "takes it (1.3, 4.5).", "4.5")
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


def _bad_value_message(card: Card, value: int, rules: Rules) -> str:
    if card.rank == 1 and value == 14:
        return ("An ace counts 14 only with the royal aces-high rules; here "
                f"{card.pretty} counts 1 (1.5).")
    shown = "/".join(str(v) for v in rules.capture_values(card)) or "nothing"
    return f"{card.pretty} captures as {shown}, not {value} (1.2-1.5)."


def _value(item: Card | Build, rules: Rules) -> int:
    if isinstance(item, Build):
        return item.value
    value = rules.table_value(item)
    return 0 if value is None else value


def _judge_rank_capture(position: Position, card: Card, items: list[Card | Build]) -> Move:
    """Court cards in classic (and aces with aces_like_faces): rank against rank (4.6)."""
    rules = position.rules
    what = "an ace" if card.rank == 1 else "a court card"
    for item in items:
        if isinstance(item, Build) and item.value != card.rank:
            raise _Illegal(ReasonCode.BUILD_WRONG_VALUE,
                           f"{card.pretty} cannot take {_name(item)}: "
                           f"{what} takes only cards of its own rank (4.6).", "4.6")
        if isinstance(item, Card) and item.rank != card.rank:
            if card.is_court:
                raise _Illegal(ReasonCode.COURT_BY_SUM,
                               f"{card.pretty} cannot take {item.pretty}: in classic "
                               f"{what} has no value, so it never takes by sum; it takes only a "
                               f"{card.rank_text} (1.3, 4.6).", "4.6")
            raise _Illegal(ReasonCode.WRONG_SUM, f"{card.pretty} cannot take {item.pretty}: with "
                           "aces_like_faces an ace takes a single ace (4.6).", "4.6")
    same = [i for i in items if isinstance(i, Card)]
    if len(same) > 1 and rules.one_card_rank(card):
        raise _Illegal(ReasonCode.COURT_TAKES_MORE,
                       f"{card.pretty} takes exactly one of {_names(same)}, "
                       "even when more lie on the table (4.6).", "4.6")
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
                raise _Illegal(ReasonCode.BUILD_IN_SUM,
                               _build_in_sum_message(build, group, card), "4.4")
        total = sum(_value(i, rules) for i in group)
        if total != value:
            raise _Illegal(ReasonCode.WRONG_SUM,
                           _sum_message(position, group, total, card, value), "4.1")


def _check_whole_build(card: Card, value: int, build: Build) -> None:
    if build.value != value:
        raise _Illegal(ReasonCode.BUILD_WRONG_VALUE,
                       f"{_name(build)} is worth {build.value}, and {card.pretty} takes only "
                       f"what adds up to {value}: a build is taken by a card of its own value, "
                       f"{_a(str(build.value))} (5.1).", "5.1")


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
                raise _Illegal(ReasonCode.BUILD_IN_SUM,
                               _build_in_sum_message(item, others, card), "4.4")
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
        twice = _counted_twice(pool, values, value)
        if twice is not None:
            raise _Illegal(ReasonCode.CARD_USED_TWICE, twice, "4.2")
        split = _split_message(pool, values, card, value) if total > value else None
        if split is not None:
            raise _Illegal(ReasonCode.WRONG_SUM, split, "4.2")
    raise _Illegal(ReasonCode.WRONG_SUM, _sum_message(position, pool, total, card, value), "4.1")


def _plus(items: Sequence[Card | Build]) -> str:
    return "+".join(i.pretty if isinstance(i, Card) else f"the {i.value}-build" for i in items)


def _counted_twice(pool: Sequence[Card | Build], values: Sequence[int], value: int) -> str | None:
    """The card-used-twice mistake made by clicking: the selection splits into groups of
    `value` only if one of its cards were counted in two groups (5♣+3♦ and 3♦+5♥)."""
    if len(pool) > 10:
        return None
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
        return (f"{one} makes {value}, and {two} would make {value} too, but only by counting "
                f"{_name(item)} twice: each table card counts in one group only (4.2).")
    return None


def _split_message(pool: Sequence[Card | Build], values: Sequence[int], card: Card,
                   value: int) -> str | None:
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
        return None
    rest = [pool[i] for i in range(len(pool)) if i not in kept]
    head = (f"{_names(pool)} add up to {sum(values)}, and {card.pretty} takes cards in groups "
            f"that each add up to {value}")
    groups = split_into_groups([values[i] for i in kept], value) or []
    made = ", ".join(_plus([pool[kept[i]] for i in g]) for g in groups)
    left = _names(rest)
    verb = "is" if len(rest) == 1 else "are"
    each = "makes" if len(groups) == 1 else "each make"
    return f"{head}: {made} {each} {value}, but {left} {verb} left over (4.2)."


def _example(position: Position, card: Card, value: int) -> str:
    """What would work: the largest legal capture by this card, as `5♣+3♦`."""
    takes = [m for m in legal_moves(position)
             if m.card == card and m.kind == CAPTURE and m.value == value]
    if not takes:
        return (f"; nothing on this table adds up to {value}, so {card.pretty} cannot "
                "capture here")
    best = max(takes, key=lambda m: len(m.loose) + sum(len(b.cards) for b in m.builds))
    groups = ", ".join(_plus(g) for g in best.display_groups())
    return f", such as {groups}"


def _sum_message(position: Position, group: Sequence[Card | Build], total: int, card: Card,
                 value: int) -> str:
    if len(group) == 1:
        item = group[0]
        alone = f"{_name(item)} alone makes {total}"
    else:
        alone = f"{_names(group)} add up to {total}"
    return (f"{alone}; {card.pretty} takes cards that add up to {value}"
            f"{_example(position, card, value)} (4.1).")


def _build_in_sum_message(build: Build, others: Sequence[Card | Build], card: Card) -> str:
    rest = [i for i in others if i is not build]
    return (f"{_name(build)} cannot be added to {_names(rest)} to make {card.pretty}'s value: a "
            "build is taken whole and only as its own group (4.4).")


# ----- builds -------------------------------------------------------------------------


def _judge_build(position: Position, attempt: Attempt, card: Card, groups: Resolved) -> Move:
    rules = position.rules
    if not rules.builds:
        raise _Illegal(ReasonCode.BUILDS_OFF,
                       "These rules have no building: capture or trail (11.1).",
                       "11.1")
    played = rules.table_value(card)
    if played is None:
        raise _Illegal(ReasonCode.COURT_CANNOT_BUILD,
                       f"{card.pretty} has no value in classic, so it never "
                       "builds (1.3).", "1.3")
    loose = [i for g in groups for i in g if isinstance(i, Card)]
    targets = [i for g in groups for i in g if isinstance(i, Build)]
    courts = [c for c in loose if rules.table_value(c) is None]
    if courts:
        has, joins = ("has", "joins") if len(courts) == 1 else ("have", "join")
        raise _Illegal(ReasonCode.COURT_CANNOT_BUILD,
                       f"{_names(courts)} {has} no value in classic and never "
                       f"{joins} a build (1.3).", "1.3")
    if len(targets) > 1:
        raise _Illegal(ReasonCode.TWO_BUILDS,
                       f"A build move touches one build at most; {_names(targets)} "
                       "cannot be merged (5.8).", "5.8")
    value = attempt.value
    if value is None or value < 1:
        raise _Illegal(ReasonCode.WRONG_SUM, "Say what value you are building.", "5.1")
    target = targets[0] if targets else None
    if value > rules.max_build:
        chosen: list[Card | Build] = [card, *loose, *targets]
        made = f"{_names(chosen)} make {value}" if len(chosen) > 1 else f"A build of {value}"
        raise _Illegal(ReasonCode.BUILD_TOO_HIGH,
                       f"{made}, but no build can be worth more than {rules.max_build}: a build "
                       f"is taken by a card of its value, and no card is worth {value} (5.2).",
                       "5.2")
    if target is None:
        _check_new_build(card, played, value, loose)
    else:
        _check_onto_build(card, played, value, target, loose, rules)
    rest = list(position.hand)
    rest.remove(card)
    if not any(value in rules.capture_values(c) for c in rest):
        raise _Illegal(ReasonCode.BUILD_NOT_HELD,
                       f"To build {value} you must keep {_a(str(value))} in your "
                       f"hand to take it later; after playing {card.pretty} you would hold "
                       f"{pretty_cards(rest) or 'nothing'} (5.2).", "5.2")
    return _finish(position, Move(card, BUILD, value, tuple(loose), tuple(targets)))


def _check_new_build(card: Card, played: int, value: int, loose: list[Card]) -> None:
    if not loose:
        raise _Illegal(ReasonCode.BUILD_NO_TABLE_CARDS,
                       f"A build puts {card.pretty} together with table "
                       "cards; on its own it is a trail (5.3, 6.1).", "5.3")
    _check_build_cards(card, played, value, loose, None)


def _check_build_cards(card: Card, played: int, value: int, loose: list[Card],
                       base: Build | None) -> None:
    """Can the played card (with some loose cards) and the rest form groups of `value`?"""
    values = [c.rank for c in loose]
    if played > value:
        raise _Illegal(ReasonCode.WRONG_SUM,
                       f"{card.pretty} alone is worth {played}, more than {value}: it cannot "
                       f"be part of a build of {value} (5.4).", "5.4")
    if split_into_groups([played, *values], value) is not None:
        return
    if loose and split_into_groups(values, value) is not None:
        raise _Illegal(ReasonCode.BUILD_WITHOUT_PLAYED_CARD,
                       f"{_names(loose)} make {value} on their own, and "
                       f"{card.pretty} does not fit: every build move must include the card you "
                       "play (5.3).", "5.3")
    total = played + sum(values)
    cards: list[Card | Build] = [card, *loose]
    onto = f" (for the build {base.pretty})" if base else ""
    if total % value == 0:
        raise _Illegal(ReasonCode.WRONG_SUM,
                       f"{_names(cards)} add up to {total}{onto}, but they cannot be put into "
                       f"groups that each make {value}, so they do not build {value} (5.4).",
                       "5.4")
    raise _Illegal(ReasonCode.WRONG_SUM,
                   f"{_names(cards)} add up to {total}, not {value}{onto}: the cards of a "
                   f"build must make {value}, or several groups of {value} (5.4).", "5.4")


def _check_onto_build(card: Card, played: int, value: int, target: Build, loose: list[Card],
                      rules: Rules) -> None:
    if target.value == value:  # adding to it (5.7)
        if played > value:
            raise _Illegal(ReasonCode.WRONG_SUM,
                           f"{card.pretty} is worth more than {value}; it cannot join "
                           f"{_name(target)} (5.7).", "5.7")
        _check_build_cards(card, played, value, loose, target)
        return
    if target.is_multiple:
        raise _Illegal(ReasonCode.RAISE_MULTIPLE,
                       f"{_name(target)} is a multiple build; a multiple build "
                       "can never be raised (5.6).", "5.6")
    raised = target.value + played
    if raised != value:
        if loose and target.value + played + sum(c.rank for c in loose) == value:
            raise _Illegal(ReasonCode.LOOSE_CHANGES_BUILD,
                           f"{_name(target)} and {card.pretty} make {raised}. "
                           f"Loose cards ({_names(loose)}) can never change a single build's "
                           "value; only the card from your hand raises it (5.5).", "5.5")
        raise _Illegal(ReasonCode.WRONG_SUM,
                       f"{_name(target)} and {card.pretty} make {raised}, not {value} "
                       "(5.5).", "5.5")
    values = [c.rank for c in loose]
    if loose and split_into_groups(values, value) is None:
        raise _Illegal(ReasonCode.LOOSE_CHANGES_BUILD,
                       f"{_name(target)} raised by {card.pretty} makes "
                       f"{value}; the loose cards {_names(loose)} do not form groups of {value}, "
                       "and loose cards never change a build's value (5.5).", "5.5")
