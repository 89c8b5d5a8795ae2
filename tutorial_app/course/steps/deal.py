"""The deal step: the learner deals a round by clicking where each packet of cards goes
(a player's hand or the table), in order, and may then say who plays first, who deals
the next hand, whether the dealer says "last", or, in Draw Casino, who draws after
each play.

The right places are never written by the author: the engine's deal (engine/flow.py,
`deal_first` for a hand's first deal, `deal_round` for the later ones,
`first_to_play`, `deal_order`, `deals_per_hand`) decides them, so a step stays true
when the rules change. The dealer is always the learner's reference point: seats are
named from the dealer ("the player on the dealer's left"), never by number.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from engine import Rules
from engine.cards import full_deck
from engine.flow import (
    CARDS_PER_DEAL,
    deal_first,
    deal_order,
    deal_round,
    deals_per_hand,
    first_to_play,
)
from engine.rules import Deal
from tutorial_app.course.concepts import rules_concepts
from tutorial_app.course.judge.outcome import Feedback, FeedbackStatus, stars
from tutorial_app.course.reading import yamlsrc
from tutorial_app.course.reading.yamlsrc import Fields, Source
from tutorial_app.course.steps.base import INDENT, AnswerLine, StepUnit, step_rules, text, why_lines
from tutorial_app.words.i18n import count, t

TABLE: Final = "table"
LAST: Final = "last"  # the dealer says "last" with this deal (2.3)
MORE: Final = "more"  # more deals follow
THEN: Final = ("first-player", "next-dealer", "last")
MAX_DRAWS: Final = 8


@dataclass(frozen=True, slots=True)
class Question:
    """One click the learner makes: where a packet goes, or who does something."""

    what: str  # "packet", "first-player", "next-dealer", "last" or "draw"
    answer: str  # the engine's: a seat's number as text, "table", "last" or "more"
    first: int = 0  # a packet's first and last card, counted from the top of the pack
    last: int = 0  # (for "draw": the play's number)


@dataclass(frozen=True)
class DealStep:
    """Deal a round by clicking: the engine's deal decides where each packet goes."""

    id: str
    prompt: str
    rules: Rules
    players: int
    round: int  # which deal of the hand: 1 the first (with the table's four), 2...
    questions: tuple[Question, ...]
    success: str = ""
    why: str = ""  # the rule behind the prompt, shown folded under it
    key: str = ""
    position: None = None
    kind: Literal["deal"] = "deal"

    @property
    def answer(self) -> tuple[str, ...]:
        return tuple(q.answer for q in self.questions)


DEALER: Final = 0  # seats are named from the dealer's: 0 is the dealer


def seat_names(players: int) -> tuple[str, ...]:
    """The seats, clockwise from the dealer, as the message keys that name them."""
    return {2: ("dealer", "other"), 3: ("dealer", "left", "right"),
            4: ("dealer", "left", "across", "right")}[players]


def places(step: DealStep, question: Question) -> tuple[str, ...]:
    """What the learner may click for a question: the seats (and, for a packet, the
    table, offered in later deals too, where it is wrong), or "last"/"more"."""
    if question.what == "last":
        return (LAST, MORE)
    seats = tuple(str(s) for s in deal_order(DEALER, step.players))
    return (*seats, TABLE) if question.what == "packet" else seats


def place_label(step: DealStep, value: str) -> str:
    """A place or seat as a button reads it."""
    if value in (TABLE, LAST, MORE):
        return t(f"deal.option.{value}")
    return t(f"deal.seat.{seat_names(step.players)[int(value)]}")


def place_words(step: DealStep, value: str) -> str:
    """A place or seat inside a sentence ("to the table", "the dealer")."""
    if value == TABLE:
        return t("deal.in.table")
    return t(f"deal.in.{seat_names(step.players)[int(value)]}")


def question_label(question: Question) -> str:
    """The question as the learner reads it above its buttons."""
    if question.what == "packet" and question.first == question.last:
        return t("deal.card", first=question.first)
    if question.what == "packet":  # two or four cards: always "cards", never a count
        return t("deal.cards", first=question.first, last=question.last)
    if question.what == "draw":
        return t("deal.ask.draw", play=question.first)
    return t(f"deal.ask.{question.what}")


def _packets(rules: Rules, players: int, round_number: int) -> list[Question]:
    """Where the engine deals each packet, top of the pack first."""
    deck = full_deck()
    place: dict[object, str] = {}
    if round_number == 1:
        ones = rules.deal == Deal.ONES
        hands, table, _ = deal_first(deck, DEALER, players, ones)
        size, dealt = (1 if ones else 2), 4 + CARDS_PER_DEAL * players
        place.update({card: TABLE for card in table})
    else:
        empty = tuple(() for _ in range(players))
        dealt_hands, _ = deal_round(empty, tuple(deck), DEALER, players)
        hands = [list(h) for h in dealt_hands]
        size, dealt = CARDS_PER_DEAL, CARDS_PER_DEAL * players
    for seat, hand in enumerate(hands):
        place.update({card: str(seat) for card in hand})
    return [Question("packet", place[deck[start]], start + 1, start + size)
            for start in range(0, dealt, size)]


def read_deal(src: Source, fields: Fields, rules: Rules, key: str) -> DealStep | None:
    prompt = text(src, fields, "prompt", key)
    success = text(src, fields, "success", key)
    read = step_rules(src, fields, rules)
    if read is None:
        return None
    rules = read
    players_node = fields.get("players")
    if players_node is None:
        return None
    players = yamlsrc.integer(src, players_node, fields.at("players"), 2, 4)
    if players is None:
        return None
    most = deals_per_hand(rules, players)
    round_number = 1
    round_node = fields.get("round")
    if round_node is not None:
        found = yamlsrc.integer(src, round_node, fields.at("round"), 1, 6)
        if found is None:
            return None
        if found > most:
            src.error(round_node, fields.at("round"), f"a hand with {players} players under "
                      f"these rules has {most} deal(s), so round must be from 1 to {most}")
            return None
        round_number = found
    questions = _packets(rules, players, round_number)
    draws_node = fields.get("draws")
    if draws_node is not None:
        draws = yamlsrc.integer(src, draws_node, fields.at("draws"), 1, MAX_DRAWS)
        if draws is None:
            return None
        if not rules.draw:
            src.error(draws_node, fields.at("draws"), "players draw after each play only in "
                      "Draw Casino: add rules: 'classic draw=true'")
            return None
        first = first_to_play(DEALER, players)
        # the player who has just played draws (engine/flow.py play_move), and the turn
        # passes to the left
        questions += [Question("draw", str((first + k) % players), k + 1)
                      for k in range(draws)]
    then_node = fields.get("then")
    if then_node is not None:
        items = yamlsrc.text_list(src, then_node, fields.at("then"),
                                  "[first-player, next-dealer]")
        if items is None:
            return None
        for value, node, path in items:
            if value not in THEN:
                src.error(node, path, f"unknown question {value!r}{yamlsrc.suggest(value, THEN)}"
                          f"; questions: {', '.join(THEN)}")
                return None
            if value == "first-player":
                questions.append(Question(value, str(first_to_play(DEALER, players))))
            elif value == "next-dealer":  # the deal passes to the left (2.4)
                questions.append(Question(value, str(deal_order(DEALER, players)[0])))
            else:
                questions.append(Question(value, LAST if round_number == most else MORE))
    return DealStep(id="", prompt=prompt, rules=rules, players=players, round=round_number,
                    questions=tuple(questions), success=success,
                    why=text(src, fields, "why", key))


def wrong_words(step: DealStep, question: Question, given: str) -> str:
    """One sentence saying what is wrong with the learner's click for this question."""
    if question.what == "packet":
        where = place_words(step, given)
        if given == TABLE and step.round > 1:
            return t("deal.wrong.later-table")
        if question.first == question.last:
            return t("deal.wrong.card", first=question.first, place=where)
        return count(question.last - question.first + 1, "deal-wrong-packet",
                     first=question.first, last=question.last, place=where)
    if question.what == "draw":
        return t("deal.wrong.draw", seat=place_words(step, given), play=question.first)
    if question.what == "last":
        return t(f"deal.wrong.{given}")
    return t(f"deal.wrong.{question.what}", seat=place_words(step, given))


def answers(step: DealStep) -> int:
    """How many different answers the deal offers, told one wrong click at a time:
    the right one and every other place at each question (the stars' bound)."""
    return 1 + sum(len(places(step, q)) - 1 for q in step.questions)


def check_deal(step: DealStep, given: Sequence[str], *, wrong_attempts: int = 0,
               hints_used: int = 0) -> Feedback:
    """Right when every click is the engine's; else one sentence about the first wrong
    one (what the learner clicked there, not where it should go)."""
    for question, value in zip(step.questions, given, strict=False):
        if value != question.answer:
            return Feedback(FeedbackStatus.MISSED, wrong_words(step, question, value))
    if len(given) < len(step.questions):
        return Feedback(FeedbackStatus.MISSED, t("deal.unfinished"))
    return Feedback(FeedbackStatus.CORRECT, step.success or t("choose.correct"),
                    stars=stars(wrong_attempts, hints_used, answers=answers(step)))


class DealUnit(StepUnit[DealStep]):
    kind = "deal"
    required = ("prompt", "players")
    optional = ("round", "then", "draws", "rules", "success", "why")

    def read(self, src: Source, fields: Fields, rules: Rules, key: str) -> DealStep | None:
        return read_deal(src, fields, rules, key)

    def check(self, step: DealStep, answer: object, *, wrong_attempts: int = 0,
              hints_used: int = 0) -> Feedback:
        given = tuple(str(a) for a in answer) if isinstance(answer, tuple | list) else ()
        return check_deal(step, given, wrong_attempts=wrong_attempts, hints_used=hints_used)

    def replies(self, step: DealStep) -> Iterator[tuple[str, str]]:
        """The reply to each wrong click at each question (every click before it
        right), to a deal left unfinished, and to the whole deal right."""
        right = step.answer
        for index, question in enumerate(step.questions):
            for value in places(step, question):
                if value != question.answer:
                    yield (f"{question.what} {question.first}: {value}",
                           check_deal(step, (*right[:index], value)).message)
        yield "unfinished", check_deal(step, right[:-1]).message
        yield "right", check_deal(step, right).message

    def answer_keys(self, step: DealStep) -> tuple[str, ...]:
        return tuple(f"deal.{step.id}.{i}" for i in range(len(step.questions)))

    def picked(self, step: DealStep, values: Sequence[object]) -> tuple[str, ...] | None:
        """The clicks so far, up to the first question not answered; None before any."""
        out: list[str] = []
        for value in values:
            if value is None:
                break
            out.append(str(value))
        return tuple(out) or None

    def needs(self, step: DealStep) -> dict[str, str]:
        out = dict(rules_concepts(step.rules))
        out.setdefault("deal", "it deals a round")
        return out

    def answers(self, step: DealStep) -> int:
        return answers(step)

    def revealed(self, step: DealStep) -> tuple[AnswerLine, ...]:
        return tuple(AnswerLine(t("deal.revealed", question=question_label(q),
                                  answer=place_label(step, q.answer)))
                     for q in step.questions)

    def options(self, step: DealStep) -> tuple[str, ...]:
        return tuple(place_label(step, v) for v in places(step, step.questions[0]))

    def rules_of(self, step: DealStep) -> Rules:
        return step.rules

    def practised(self, step: DealStep) -> set[str]:
        out = {"2.2"} if step.round == 1 else {"2.3"}
        whats = {q.what for q in step.questions}
        if "first-player" in whats or "next-dealer" in whats:
            out.add("2.4")
        if "last" in whats:
            out.add("2.3")
        if "draw" in whats:
            out.add("11.2")
        return out

    def show(self, step: DealStep) -> list[str]:
        return [f"{INDENT}prompt: {step.prompt}", *why_lines(step),
                f"{INDENT}deal {step.round} with {step.players} players under {step.rules.text}",
                *(f"{INDENT}  {q.what} {q.first}-{q.last}: {q.answer}" for q in step.questions)]


UNIT = DealUnit()
