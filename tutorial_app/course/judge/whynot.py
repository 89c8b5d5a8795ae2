"""Why a reason the learner picked does not apply to the move of a mistake step.

A wrong pick in "what is wrong here?" deserves more than "not that": the
learner learns what the reason means by hearing why this move does not break
it ("The move is a capture, not a trail."; "After playing 4♠ you would still
hold 10♦, a card of 10."). Each sentence is checked against the move's own
facts before it is said; when no fact settles it (the judge stopped at an
earlier problem, so the later checks never ran), the learner hears that
the rules find another problem first, without the answer being given away.
"""

from __future__ import annotations

from collections.abc import Callable

from engine import BUILD, CAPTURE, TRAIL, Attempt, Build, BuildRef, Card, Position, Verdict
from engine.values import split_into_groups
from tutorial_app.words import words
from tutorial_app.words.i18n import join_and, t

# The judge resolves names (these codes) before it looks at sums, values and builds.
_RESOLVING = ("no-card", "card-not-in-hand", "not-on-table", "ambiguous", "part-of-build",
              "card-used-twice")


class _Move:
    """The facts of the move shown, as the sentences need them."""

    def __init__(self, position: Position, attempt: Attempt, verdict: Verdict) -> None:
        self.position = position
        self.attempt = attempt
        self.answer = verdict.code.value
        self.card = attempt.card
        self.kind = str(attempt.kind)
        self.items = [i for i in attempt.items if isinstance(i, (Card, Build))]
        self.builds = [i for i in (*attempt.items, *attempt.targets)
                       if isinstance(i, (Build, BuildRef))]
        self.resolved = self.answer not in _RESOLVING

    @property
    def played(self) -> str:
        return self.card.pretty if self.card else "?"

    def not_kind(self, kind: str) -> str | None:
        if self.kind == kind:
            return None
        return t(f"mistake.not.kind.{self.kind}.{kind}")


def fact(code: str, position: Position, attempt: Attempt, verdict: Verdict) -> str | None:
    """A fact of the move that shows `code` does not apply, or None if none settles it."""
    check = _CHECKS.get(code)
    return check(_Move(position, attempt, verdict)) if check is not None else None


def why_not(code: str, position: Position, attempt: Attempt, verdict: Verdict) -> str:
    """One sentence: why `code` is not what is wrong with this move."""
    said = fact(code, position, attempt, verdict)
    return said if said is not None else t("mistake.not.first",
                                            move=words.attempt(attempt, position=position))


def _no_card(m: _Move) -> str | None:
    return t("mistake.not.no-card", card=m.played) if m.card else None


def _not_in_hand(m: _Move) -> str | None:
    if m.card is None or m.card not in m.position.hand:
        return None
    return t("mistake.not.card-not-in-hand", card=m.played,
             hand=" ".join(c.pretty for c in m.position.hand))


def _resolved(key: str) -> Callable[[_Move], str | None]:
    def say(m: _Move) -> str | None:
        return t(key) if m.resolved else None
    return say


def _capture_nothing(m: _Move) -> str | None:
    if m.kind != CAPTURE:
        return m.not_kind(CAPTURE)
    if not m.items:
        return None
    return t("mistake.not.capture-nothing", items=join_and([_item(i) for i in m.items]))


def _wrong_sum(m: _Move) -> str | None:
    """The sums are right whatever else is wrong: the values of the cards the move
    names are the same whether or not the judge got as far as adding them."""
    if m.kind == TRAIL:
        return t("mistake.not.wrong-sum-trail")
    if m.card is None or m.kind != CAPTURE or not m.items:
        return None
    rules = m.position.rules
    values = rules.capture_values(m.card)
    if not values:
        return None
    value = m.attempt.value or values[0]
    groups: list[list[int]] = []
    for group in m.attempt.groups:
        found: list[int] = []
        for item in group:
            if isinstance(item, Build):
                found.append(item.value)
            elif isinstance(item, Card) and rules.table_value(item) is not None:
                found.append(rules.table_value(item) or 0)
            else:
                return None
        groups.append(found)
    if not m.attempt.grouped:
        flat = [v for group in groups for v in group]
        if split_into_groups(flat, value) is None:
            return None
    elif any(sum(group) != value for group in groups):
        return None
    return t("mistake.not.wrong-sum", value=value, card=m.played)


def _not_on_table(m: _Move) -> str | None:
    """Every card the move takes or builds on lies loose on the table."""
    if m.resolved:
        return t("mistake.not.not-on-table")
    items = m.attempt.items
    if all(isinstance(i, Card) and i in m.position.loose for i in items) and not any(
            isinstance(i, BuildRef) for i in m.attempt.targets):
        return t("mistake.not.not-on-table")
    return None


def _court(m: _Move) -> bool:
    return m.card is not None and m.position.rules.table_value(m.card) is None


def _number_takes_court(m: _Move) -> str | None:
    if m.kind != CAPTURE:
        return m.not_kind(CAPTURE)
    if _court(m):
        return t("mistake.not.played-court", card=m.played)
    rules = m.position.rules
    if m.resolved and all(not isinstance(i, Card) or rules.table_value(i) is not None
                          for i in m.items):
        return t("mistake.not.number-takes-court")
    return None


def _court_by_sum(m: _Move) -> str | None:
    if m.kind != CAPTURE:
        return m.not_kind(CAPTURE)
    if m.card is not None and not _court(m):
        return t("mistake.not.played-number", card=m.played)
    return None


def _build_kind(key: str, test: Callable[[_Move], bool]) -> Callable[[_Move], str | None]:
    """A build reason: not a build move, or a fact about the build that rules it out."""
    def say(m: _Move) -> str | None:
        if m.kind != BUILD:
            return m.not_kind(BUILD)
        return t(key) if m.resolved and test(m) else None
    return say


def _build_not_held(m: _Move) -> str | None:
    if m.kind != BUILD:
        return m.not_kind(BUILD)
    value = m.attempt.value
    if m.card is None or value is None:
        return None
    rest = [c for c in m.position.hand if c != m.card]
    held = [c for c in rest if value in m.position.rules.capture_values(c)]
    if not held:
        return None
    return t("mistake.not.build-not-held", card=m.played, held=held[0].pretty, value=value)


def _build_too_high(m: _Move) -> str | None:
    if m.kind != BUILD:
        return m.not_kind(BUILD)
    value, top = m.attempt.value, m.position.rules.max_build
    if value is None or value > top:
        return None
    return t("mistake.not.build-too-high", value=value, top=top)


def _trail_kind(key: str, test: Callable[[_Move], bool]) -> Callable[[_Move], str | None]:
    def say(m: _Move) -> str | None:
        if m.kind != TRAIL:
            return m.not_kind(TRAIL)
        return t(key) if test(m) else None
    return say


def _table_card(m: _Move) -> bool:
    """The card played lies on the table (loose or in a build), not in the hand."""
    position = m.position
    return m.card is not None and m.card not in position.hand and (
        m.card in position.loose or any(m.card in b.cards for b in position.builds))


def _trail_with_table_cards(m: _Move) -> str | None:
    """A trail that chooses no other table card, unless the card it trails is itself
    a table card: then it does use one, and the learner hears where the card lies."""
    if m.kind != TRAIL:
        return m.not_kind(TRAIL)
    if _table_card(m):
        return t("mistake.not.trail-table-card", card=m.played)
    return t("mistake.not.trail-with-table-cards") if not m.items else None


def _takes_no_build(m: _Move) -> str | None:
    if m.kind != CAPTURE:
        return m.not_kind(CAPTURE)
    return t("mistake.not.no-build-taken") if not m.builds else None


def _covered(m: _Move) -> str | None:
    """After the move the player still holds a card for every build they control."""
    if m.card is None or m.card not in m.position.hand:
        return None
    mine = m.position.controlled_builds()
    rest = [c for c in m.position.hand if c != m.card]
    rules = m.position.rules
    if not mine or m.kind != TRAIL:
        return None
    for build in mine:
        if not any(build.value in rules.capture_values(c) for c in rest):
            return None
    build = mine[0]
    held = next(c for c in rest if build.value in rules.capture_values(c))
    return t("mistake.not.build-not-held", card=m.played, held=held.pretty, value=build.value)


def _played_card_counts(m: _Move) -> bool:
    """The played card is needed for the value: the table cards alone do not make it."""
    rules = m.position.rules
    value = m.attempt.value
    if m.card is None or value is None or rules.table_value(m.card) is None:
        return False
    values: list[int] = []
    for item in m.items:
        found = item.value if isinstance(item, Build) else rules.table_value(item)
        if found is None:
            return False
        values.append(found)
    return not values or split_into_groups(values, value) is None


def _builds_off(m: _Move) -> str | None:
    return t("mistake.not.builds-off") if m.position.rules.builds else None


def _bad_value(m: _Move) -> str | None:
    if m.kind != CAPTURE:
        return m.not_kind(CAPTURE)
    return t("mistake.not.bad-capture-value") if m.attempt.value is None else None


def _one_build(m: _Move) -> bool:
    return len(m.builds) <= 1


def _no_multiple(m: _Move) -> bool:
    return not any(isinstance(b, Build) and b.is_multiple for b in m.builds)


def _no_target(m: _Move) -> bool:
    return not m.attempt.targets


def _item(item: Card | Build) -> str:
    return item.pretty if isinstance(item, Card) else words.build(item)


_CHECKS: dict[str, Callable[[_Move], str | None]] = {
    "no-card": _no_card,
    "card-not-in-hand": _not_in_hand,
    "not-on-table": _not_on_table,
    "ambiguous": _resolved("mistake.not.ambiguous"),
    "part-of-build": _resolved("mistake.not.part-of-build"),
    "card-used-twice": _resolved("mistake.not.card-used-twice"),
    "capture-nothing": _capture_nothing,
    "wrong-sum": _wrong_sum,
    "bad-capture-value": _bad_value,
    "number-takes-court": _number_takes_court,
    "court-by-sum": _court_by_sum,
    "court-takes-more-than-one": _court_by_sum,
    "build-wrong-value": _takes_no_build,
    "build-in-sum": _takes_no_build,
    "builds-off": _builds_off,
    "court-cannot-build": _build_kind("mistake.not.court-cannot-build",
                                      lambda m: not _court(m) and all(
                                          not isinstance(i, Card) or
                                          m.position.rules.table_value(i) is not None
                                          for i in m.items)),
    "build-no-table-cards": _build_kind("mistake.not.build-no-table-cards",
                                        lambda m: bool(m.items or m.attempt.targets)),
    "build-without-played-card": _build_kind("mistake.not.build-without-played-card",
                                             _played_card_counts),
    "build-too-high": _build_too_high,
    "build-not-held": _build_not_held,
    "raise-multiple": _build_kind("mistake.not.raise-multiple", _no_multiple),
    "loose-changes-build": _build_kind("mistake.not.loose-changes-build", _no_target),
    "two-builds": _build_kind("mistake.not.two-builds", _one_build),
    "trail-with-table-cards": _trail_with_table_cards,
    "trail-while-controlling": _trail_kind("mistake.not.trail-while-controlling",
                                           lambda m: not m.position.controlled_builds()),
    "leaves-build-uncovered": _covered,
    "illegal": lambda m: None,
    "legal": lambda m: t("mistake.not.legal"),
}
