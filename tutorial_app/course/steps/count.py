"""The count step: the learner counts a hand from the two captured piles, shown as
cards: taps the cards that score by themselves (aces, the 10♦, the 2♠), says who
scores most cards and most spades (a tie scores nothing, 10.2), and, when the step
gives the totals before the hand, who wins the game (10.4).

Nothing of the answer is written by the author: the engine's scoring
(engine/scoring.py `card_points`, `score_hand`, `decide_game`) decides it from the
piles, the sweeps and the rules, so a step stays true when the rules change.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from engine import NotationError, Rules
from engine.cards import Card, parse_cards
from engine.rules import Scoring, TieBreak
from engine.scoring import ScoreItem, card_points, decide_game, score_hand
from tutorial_app.course.concepts import rules_concepts
from tutorial_app.course.judge.outcome import Feedback, FeedbackStatus, stars
from tutorial_app.course.reading import yamlsrc
from tutorial_app.course.reading.yamlsrc import Fields, Source, item
from tutorial_app.course.steps.base import INDENT, AnswerLine, StepUnit, step_rules, text, why_lines
from tutorial_app.words.i18n import count, join_and, t

SIDES: Final = 2
NONE: Final = "none"  # nobody: a tie on cards or spades, or no winner yet
MAX_PILE: Final = 40  # a pile to count by eye on a phone, not a whole pack
MAX_TOTAL: Final = 200
CountAnswer = tuple[frozenset[str], str, str, str]  # point cards, cards, spades, winner


@dataclass(frozen=True)
class CountStep:
    """Count a hand's points from its captured piles, then say who wins the game."""

    id: str
    prompt: str
    rules: Rules
    piles: tuple[tuple[Card, ...], ...]  # yours, then your opponent's
    sweeps: tuple[int, ...]
    before: tuple[int, ...] | None  # the totals before the hand: then "who wins?" is asked
    points: frozenset[str]  # the cards (as text) that score by themselves, the engine's
    cards: str  # who scores most cards: "0", "1" or "none"
    spades: str
    winner: str  # "0", "1", "none", or "" when not asked
    totals: tuple[int, ...] = ()  # after the hand, for the replies
    success: str = ""
    why: str = ""  # the rule behind the prompt, shown folded under it
    key: str = ""
    position: None = None
    kind: Literal["count"] = "count"


def _pair(src: Source, fields: Fields, name: str, low: int, high: int
          ) -> tuple[int, ...] | None:
    node = fields.get(name)
    if node is None:
        return None
    items = yamlsrc.sequence(src, node, fields.at(name), "[0, 1]")
    if items is None:
        return None
    if len(items) != SIDES:
        src.error(node, fields.at(name), f"two numbers: yours, then your opponent's, "
                  f"not {len(items)}")
        return None
    found = [yamlsrc.integer(src, n, item(fields.at(name), i), low, high)
             for i, n in enumerate(items)]
    return tuple(v for v in found if v is not None) if None not in found else None


def _piles(src: Source, fields: Fields) -> tuple[tuple[Card, ...], ...] | None:
    node = fields.get("piles")
    if node is None:
        return None
    entries = yamlsrc.text_list(src, node, fields.at("piles"), "['As 10d 5c', 'Ks 2s']")
    if entries is None:
        return None
    if len(entries) != SIDES:
        src.error(node, fields.at("piles"), f"two piles of cards: yours, then your "
                  f"opponent's, not {len(entries)}")
        return None
    piles: list[tuple[Card, ...]] = []
    seen: set[Card] = set()
    for value, entry, path in entries:
        try:
            pile = parse_cards(value)
        except NotationError as error:
            src.error(entry, path, str(error))
            return None
        if len(pile) > MAX_PILE:
            src.error(entry, path, f"at most {MAX_PILE} cards, so a learner can count them "
                      f"on a phone, not {len(pile)}")
            return None
        twice = [c for c in pile if c in seen or pile.count(c) > 1]
        if twice:
            src.error(entry, path, f"{twice[0].pretty} is in the piles twice; a pack holds "
                      "each card once")
            return None
        seen.update(pile)
        piles.append(pile)
    return tuple(piles)


def _rules(src: Source, fields: Fields, rules: Rules) -> Rules | None:
    node = fields.get("rules")
    read = step_rules(src, fields, rules)
    if read is None:
        return None
    rules = read
    if rules.scoring == Scoring.SPADES:
        src.error(node or fields.node, fields.at("rules"), "a count step uses the classic "
                  "count (scoring: classic); Spade Casino scores every spade")
        return None
    return rules


def _most(score_points: Sequence[int]) -> str:
    winners = [str(side) for side, points in enumerate(score_points) if points]
    return winners[0] if winners else NONE


def read_count(src: Source, fields: Fields, rules: Rules, key: str) -> CountStep | None:
    prompt = text(src, fields, "prompt", key)
    success = text(src, fields, "success", key)
    found_rules = _rules(src, fields, rules)
    piles = _piles(src, fields)
    if found_rules is None or piles is None:
        return None
    sweeps_node = fields.get("sweeps")
    sweeps = _pair(src, fields, "sweeps", 0, 20) if sweeps_node is not None else (0, 0)
    before = _pair(src, fields, "before", 0, MAX_TOTAL)
    if sweeps is None or (fields.get("before") is not None and before is None):
        return None
    if sum(sweeps) and not found_rules.sweeps:
        assert sweeps_node is not None
        src.error(sweeps_node, fields.at("sweeps"), "these rules score no sweeps "
                  "(sweeps: off): leave sweeps out")
        return None
    scores = score_hand(piles, sweeps, found_rules)
    points = frozenset(str(c) for pile in piles for c in pile if card_points(c))
    winner = ""
    totals: tuple[int, ...] = ()
    if before is not None:
        decided = decide_game(before, scores, found_rules)
        winner = NONE if decided is None else str(decided)
        totals = tuple(b + s.total for b, s in zip(before, scores, strict=True))
    return CountStep(id="", prompt=prompt, rules=found_rules, piles=piles, sweeps=sweeps,
                     before=before, points=points,
                     cards=_most([s.item(ScoreItem.CARDS) for s in scores]),
                     spades=_most([s.item(ScoreItem.SPADES) for s in scores]),
                     winner=winner, totals=totals, success=success,
                     why=text(src, fields, "why", key))


SUIT_ORDER: Final = "shdc"


def by_suit(pile: Sequence[Card]) -> tuple[Card, ...]:
    """A pile as the learner sees it: spades first, each suit from the ace up, so the
    spades can be counted at a glance."""
    return tuple(sorted(pile, key=lambda c: (SUIT_ORDER.index(c.suit), c.rank)))


def side_label(value: str) -> str:
    return t(f"tally.side.{value}")


def _points_words(step: CountStep, picked: frozenset[str]) -> str | None:
    """What is wrong with the cards tapped as scoring by themselves, if anything."""
    extra = [c for pile in step.piles for c in pile if str(c) in picked - step.points]
    if extra:
        return count(len(extra), "tally-extra", cards=join_and([c.pretty for c in extra]))
    for side, pile in enumerate(step.piles):
        missed = [c for c in pile if str(c) in step.points - picked]
        if missed:
            return count(len(missed), "tally-missed-points", pile=t(f"tally.pile-in.{side}"))
    return None


def _most_words(item: str, given: str) -> str:
    if given == NONE:
        return t(f"tally.wrong.{item}-tie")
    return t(f"tally.wrong.not-most-{item}", pile=t(f"tally.pile-of.{given}"))


def _winner_words(step: CountStep, given: str) -> str:
    """Why the side picked does not win the game, or why someone does."""
    target = step.rules.target
    totals = step.totals
    if given == NONE:
        return t("tally.wrong.play-on")
    side = int(given)
    total = t(f"tally.total-of.{given}")
    if target is None:
        if totals[0] == totals[1]:
            return t("tally.wrong.equal")
        return t("tally.wrong.single-hand", total=total)
    if totals[side] < target:
        return count(totals[side], "tally-short", total=total, target=target)
    if step.rules.tie_break == TieBreak.COUNT_OUT:
        return t("tally.wrong.count-out", total=total)
    if totals[0] == totals[1]:
        return t("tally.wrong.equal")
    return t("tally.wrong.not-higher", total=total)


def answers(step: CountStep) -> int:
    """How many different answers the count offers, told one wrong part at a time: the
    right one, each card picked or not, and the two other sides for each "who" question
    (the stars' bound)."""
    asked = 3 if step.winner else 2
    return 1 + sum(len(pile) for pile in step.piles) + 2 * asked


def check_count(step: CountStep, answer: CountAnswer, *, wrong_attempts: int = 0,
                hints_used: int = 0) -> Feedback:
    """Right when every part is the engine's; else one sentence about the first part
    that is wrong, said about what the learner picked."""
    picked, cards, spades, winner = answer
    wrong = _points_words(step, picked)
    if wrong is None and cards != step.cards:
        wrong = _most_words("cards", cards)
    if wrong is None and spades != step.spades:
        wrong = _most_words("spades", spades)
    if wrong is None and step.winner and winner != step.winner:
        wrong = _winner_words(step, winner)
    if wrong is not None:
        return Feedback(FeedbackStatus.MISSED, wrong)
    return Feedback(FeedbackStatus.CORRECT, step.success or t("choose.correct"),
                    stars=stars(wrong_attempts, hints_used, answers=answers(step)))


class CountUnit(StepUnit[CountStep]):
    kind = "count"
    required = ("prompt", "piles")
    optional = ("sweeps", "before", "rules", "success", "why")

    def read(self, src: Source, fields: Fields, rules: Rules, key: str) -> CountStep | None:
        return read_count(src, fields, rules, key)

    def check(self, step: CountStep, answer: object, *, wrong_attempts: int = 0,
              hints_used: int = 0) -> Feedback:
        if not (isinstance(answer, tuple) and len(answer) == 4):
            return Feedback(FeedbackStatus.MISSED, t("learn.choose_first"))
        picked, cards, spades, winner = answer
        return check_count(step, (frozenset(str(c) for c in picked), str(cards), str(spades),
                                  str(winner)),
                           wrong_attempts=wrong_attempts, hints_used=hints_used)

    def replies(self, step: CountStep) -> Iterator[tuple[str, str]]:
        """The reply to each answer wrong in one part: a card tapped that scores
        nothing (and all of them), a scoring card of each pile left untapped (and all of
        them), nothing tapped, each wrong side for most cards, most spades and the
        winner; and to the right answer."""
        right: CountAnswer = (step.points, step.cards, step.spades, step.winner)
        blank = frozenset[str]()
        others = [str(c) for pile in step.piles for c in pile if str(c) not in step.points]
        picks = [(f"+{c}", step.points | {c}) for c in others]
        if len(others) > 1:
            picks.append(("+all", step.points | set(others)))
        for side, pile in enumerate(step.piles):
            scoring = [str(c) for c in pile if str(c) in step.points]
            picks += [(f"-{c}", step.points - {c}) for c in scoring[:1]]
            if len(scoring) > 1:
                picks.append((f"-pile {side}", step.points - set(scoring)))
        picks.append(("nothing", blank))
        for label, picked in picks:
            yield f"points {label}", check_count(step, (picked, *right[1:])).message
        sides = ("0", "1", NONE)
        for value in sides:
            if value != step.cards:
                yield f"cards {value}", check_count(step, (step.points, value, *right[2:])).message
            if value != step.spades:
                yield f"spades {value}", check_count(
                    step, (step.points, step.cards, value, step.winner)).message
            if step.winner and value != step.winner:
                yield f"winner {value}", check_count(step, (*right[:3], value)).message
        yield "right", check_count(step, right).message

    def answer_keys(self, step: CountStep) -> tuple[str, ...]:
        keys = [f"count.{step.id}.pile.{side}" for side in range(SIDES)]
        keys += [f"count.{step.id}.cards", f"count.{step.id}.spades"]
        return (*keys, f"count.{step.id}.winner") if step.winner else tuple(keys)

    def picked(self, step: CountStep, values: Sequence[object]) -> CountAnswer | None:
        """The tapped cards and the sides picked; None until every question has a pick."""
        piles, asked = values[:SIDES], values[SIDES:]
        if any(value is None for value in asked):
            return None
        tapped = frozenset(str(c) for pile in piles if isinstance(pile, list | tuple)
                           for c in pile)
        winner = str(asked[2]) if len(asked) > 2 else ""
        return tapped, str(asked[0]), str(asked[1]), winner

    def needs(self, step: CountStep) -> dict[str, str]:
        out = dict(rules_concepts(step.rules))
        out.setdefault("scoring", "it counts a hand")
        out.setdefault("game-end", "most cards and spades, and the game's end")
        return out

    def answers(self, step: CountStep) -> int:
        return answers(step)

    def revealed(self, step: CountStep) -> tuple[AnswerLine, ...]:
        cards = [c.pretty for pile in step.piles for c in pile if str(c) in step.points]
        lines = [AnswerLine(t("tally.revealed.points", cards=join_and(cards)) if cards
                            else t("tally.revealed.no-points")),
                 AnswerLine(t("tally.revealed.cards", side=side_label(step.cards))),
                 AnswerLine(t("tally.revealed.spades", side=side_label(step.spades)))]
        if step.winner:
            winner = t("tally.winner.none") if step.winner == NONE else side_label(step.winner)
            lines.append(AnswerLine(t("tally.revealed.winner", side=winner)))
        return tuple(lines)

    def rules_of(self, step: CountStep) -> Rules:
        return step.rules

    def practised(self, step: CountStep) -> set[str]:
        return {"10.1", "10.2", "10.4"} if step.winner else {"10.1", "10.2"}

    def show(self, step: CountStep) -> list[str]:
        return [f"{INDENT}prompt: {step.prompt}", *why_lines(step),
                *(f"{INDENT}pile {side}: {' '.join(c.pretty for c in pile)}"
                  for side, pile in enumerate(step.piles)),
                f"{INDENT}  points: {' '.join(sorted(step.points))}; cards: {step.cards}; "
                f"spades: {step.spades}; winner: {step.winner or '(not asked)'}"]


UNIT = CountUnit()
