"""Goals: small composable predicates on a legal move (the lichess-learn idea).

A step states what the learner should achieve; which moves achieve it is
worked out by asking the goal about each legal move. Each goal can also say
what it asks in plain words (`describe`), give a first hint (`nudge`), and
explain why a legal move falls short (`miss`), naming the actual cards.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import ClassVar

from engine import BUILD, CAPTURE, Build, Card, Move
from tutorial_app.course.scene import Trial
from tutorial_app.words import words
from tutorial_app.words.i18n import count, join_and, join_or, t


class Goal(ABC):
    """What a play step or puzzle asks for."""

    name: ClassVar[str]
    #: True for `any`: only legality is tested, so the step may have no wrong legal move.
    legality_only: ClassVar[bool] = False

    @abstractmethod
    def met(self, trial: Trial) -> bool:
        """Does this legal move achieve the goal?"""

    @abstractmethod
    def describe(self) -> str:
        """The goal as an instruction: 'take 5♣ and 3♦'."""

    @abstractmethod
    def miss(self, trial: Trial) -> str:
        """Why this legal move does not achieve the goal: 'it leaves 3♦ on the table'."""

    def brief(self) -> str:
        """The goal as an instruction that names none of the answer's cards ('take the
        cards the task names'), for a miss in a position with so few legal moves that
        the instruction itself would give the answer away (judge/moves.py)."""
        return self.describe()

    def nudge(self) -> str:
        """The first, gentlest hint."""
        return t("hint.nudge", goal=self.describe())

    @abstractmethod
    def data(self) -> object:
        """The goal as it is written in a lesson file."""


@dataclass(frozen=True)
class AnyMove(Goal):
    name: ClassVar[str] = "any"
    legality_only: ClassVar[bool] = True

    def met(self, trial: Trial) -> bool:
        return True

    def describe(self) -> str:
        return t("goal.any")

    def miss(self, trial: Trial) -> str:
        return t("miss.any")

    def data(self) -> object:
        return self.name


@dataclass(frozen=True)
class Capture(Goal):
    """`capture`: takes exactly these table cards and builds."""

    items: tuple[Card | Build, ...]
    name: ClassVar[str] = "capture"
    exact: ClassVar[bool] = True

    def _taken(self, move: Move) -> set[Card | Build]:
        return {*move.loose, *move.builds} if move.kind == CAPTURE else set()

    def met(self, trial: Trial) -> bool:
        taken, wanted = self._taken(trial.move), set(self.items)
        return taken == wanted if self.exact else wanted <= taken

    def describe(self) -> str:
        return t(f"goal.{self.name}", items=words.items(self.items))

    def brief(self) -> str:
        return t("goal.brief.capture")

    def nudge(self) -> str:
        return t("hint.capture")

    def miss(self, trial: Trial) -> str:
        if trial.move.kind != CAPTURE:
            return t("miss.takes-nothing")
        taken = self._taken(trial.move)
        missing = [i for i in self.items if i not in taken]
        extra = [i for i in _ordered(taken) if i not in self.items]
        parts = []
        if missing:
            parts.append(t("miss.leaves", items=words.items(missing)))
        if extra and self.exact:
            parts.append(t("miss.also-takes", items=words.items(extra)))
        return "; ".join(parts)

    def data(self) -> object:
        return {self.name: [b.ref if isinstance(b, Build) else str(b) for b in self.items]}


@dataclass(frozen=True)
class CaptureAtLeast(Capture):
    """`capture-at-least`: takes all of these, and maybe more."""

    name: ClassVar[str] = "capture-at-least"
    exact: ClassVar[bool] = False


def _ordered(items: set[Card | Build]) -> list[Card | Build]:
    cards = sorted(i for i in items if isinstance(i, Card))
    builds = sorted((i for i in items if isinstance(i, Build)), key=lambda b: (b.value, b.cards))
    return [*cards, *builds]


@dataclass(frozen=True)
class MostCards(Goal):
    name: ClassVar[str] = "most-cards"

    def met(self, trial: Trial) -> bool:
        return len(trial.taken) == trial.scene.most_taken

    def describe(self) -> str:
        return t("goal.most-cards")

    def nudge(self) -> str:
        return t("hint.most-cards")

    def miss(self, trial: Trial) -> str:
        best = trial.scene.most_taken
        moves = [m for m in trial.scene.moves if len(m.taken_cards) == best]
        same = [m for m in moves if m.card == trial.move.card]
        card = (same or moves)[0].card
        if not trial.taken:
            return t("miss.most-cards-none", card=card.pretty, best=count(best, "card"))
        return t("miss.most-cards", taken=count(len(trial.taken), "card"), card=card.pretty,
                 best=count(best, "card"))

    def data(self) -> object:
        return self.name


@dataclass(frozen=True)
class Sweep(Goal):
    name: ClassVar[str] = "sweep"

    def met(self, trial: Trial) -> bool:
        return trial.move.kind == CAPTURE and trial.outcome.sweep

    def describe(self) -> str:
        return t("goal.sweep")

    def nudge(self) -> str:
        return t("hint.sweep")

    def miss(self, trial: Trial) -> str:
        if trial.move.kind != CAPTURE:
            return t("miss.sweep-needs-capture")
        left = trial.outcome.position
        if left.table_empty:
            return t("miss.sweep-last-play")
        return t("miss.leaves", items=words.items([*left.loose, *left.builds]))

    def data(self) -> object:
        return self.name


@dataclass(frozen=True)
class BuildValue(Goal):
    """`{build: V}`: make, raise or add to a build that then has value V."""

    value: int
    name: ClassVar[str] = "build"

    def met(self, trial: Trial) -> bool:
        return trial.move.kind == BUILD and trial.move.value == self.value

    def describe(self) -> str:
        return t("goal.build", value=self.value)

    def nudge(self) -> str:
        return t("hint.build", value=self.value, card=t(f"rank.{self.value}"))

    def miss(self, trial: Trial) -> str:
        if trial.move.kind != BUILD:
            return t("miss.not-a-build")
        return t("miss.build-value", value=trial.move.value, wanted=self.value)

    def data(self) -> object:
        return {self.name: self.value}


@dataclass(frozen=True)
class TakeBuild(Goal):
    """`take-build` or `{take-build: V}`."""

    value: int | None = None
    name: ClassVar[str] = "take-build"

    def met(self, trial: Trial) -> bool:
        move = trial.move
        return move.kind == CAPTURE and any(
            self.value is None or b.value == self.value for b in move.builds)

    def describe(self) -> str:
        if self.value is None:
            return t("goal.take-build")
        return t("goal.take-build-value", value=self.value)

    def nudge(self) -> str:
        return t("hint.take-build")

    def miss(self, trial: Trial) -> str:
        if self.value is None:
            return t("miss.no-build-taken")
        return t("miss.no-build-taken-value", value=self.value)

    def data(self) -> object:
        return self.name if self.value is None else {self.name: self.value}


@dataclass(frozen=True)
class NoSweepLeft(Goal):
    name: ClassVar[str] = "no-sweep-left"

    def met(self, trial: Trial) -> bool:
        return trial.sweep_threat is None

    def describe(self) -> str:
        return t("goal.no-sweep-left")

    def nudge(self) -> str:
        return t("hint.no-sweep-left")

    def miss(self, trial: Trial) -> str:
        rank = trial.sweep_threat
        return t("miss.sweep-threat", rank=t(f"rank.{rank}"))

    def data(self) -> object:
        return self.name


@dataclass(frozen=True)
class PointsAtLeast(Goal):
    points: int
    name: ClassVar[str] = "points-at-least"

    def met(self, trial: Trial) -> bool:
        return trial.points >= self.points

    def describe(self) -> str:
        return t("goal.points-at-least", points=count(self.points, "point"))

    def nudge(self) -> str:
        return t("hint.points")

    def miss(self, trial: Trial) -> str:
        if not trial.scored:
            return t("miss.no-points", wanted=count(self.points, "point"))
        what = join_and([t("miss.points-item", what=_point_name(w), points=count(p, "point"))
                         for w, p in trial.scored])
        return t("miss.points", points=count(trial.points, "point"), what=what,
                 wanted=count(self.points, "point"))

    def data(self) -> object:
        return {self.name: self.points}


def _point_name(what: str) -> str:
    return t("words.sweep") if what == "sweep" else what


@dataclass(frozen=True)
class Kind(Goal):
    kind: str
    name: ClassVar[str] = "kind"

    def met(self, trial: Trial) -> bool:
        return trial.move.kind == self.kind

    def describe(self) -> str:
        return t(f"goal.kind.{self.kind}")

    def miss(self, trial: Trial) -> str:
        """Nothing: the move's words already say its kind ("2♦ trails"), and "it is a
        trail" after them would say it again."""
        return ""

    def data(self) -> object:
        return {self.name: self.kind}


@dataclass(frozen=True)
class Play(Goal):
    card: Card
    name: ClassVar[str] = "play"

    def met(self, trial: Trial) -> bool:
        return trial.move.card == self.card

    def describe(self) -> str:
        return t("goal.play", card=self.card.pretty)

    def brief(self) -> str:
        return t("goal.brief.play")

    def miss(self, trial: Trial) -> str:
        return t("miss.play", card=trial.move.card.pretty)

    def data(self) -> object:
        return {self.name: str(self.card)}


@dataclass(frozen=True)
class ExactMove(Goal):
    move: Move
    name: ClassVar[str] = "move"

    def met(self, trial: Trial) -> bool:
        return trial.move == self.move

    def describe(self) -> str:
        return words.move(self.move, "do")

    def brief(self) -> str:
        return t(f"goal.brief.move.{self.move.kind}")

    def miss(self, trial: Trial) -> str:
        return t("miss.move")

    def data(self) -> object:
        return {self.name: self.move.text}


@dataclass(frozen=True)
class AllOf(Goal):
    goals: tuple[Goal, ...]
    name: ClassVar[str] = "all"

    def met(self, trial: Trial) -> bool:
        return all(g.met(trial) for g in self.goals)

    def describe(self) -> str:
        return join_and([g.describe() for g in self.goals])

    def brief(self) -> str:
        return join_and([g.brief() for g in self.goals])

    def miss(self, trial: Trial) -> str:
        return next((g.miss(trial) for g in self.goals if not g.met(trial)), t("miss.move"))

    def data(self) -> object:
        return {self.name: [g.data() for g in self.goals]}


@dataclass(frozen=True)
class AnyOf(Goal):
    goals: tuple[Goal, ...]
    name: ClassVar[str] = "any-of"

    def met(self, trial: Trial) -> bool:
        return any(g.met(trial) for g in self.goals)

    def describe(self) -> str:
        return join_or([g.describe() for g in self.goals])

    def brief(self) -> str:
        return join_or([g.brief() for g in self.goals])

    def miss(self, trial: Trial) -> str:
        return t("miss.any-of")

    def data(self) -> object:
        return {self.name: [g.data() for g in self.goals]}


@dataclass(frozen=True)
class Not(Goal):
    goal: Goal
    name: ClassVar[str] = "not"

    def met(self, trial: Trial) -> bool:
        return not self.goal.met(trial)

    def describe(self) -> str:
        return t("goal.not", goal=self.goal.describe())

    def miss(self, trial: Trial) -> str:
        return t("miss.not", goal=self.goal.describe())

    def data(self) -> object:
        return {self.name: self.goal.data()}


GOAL_NAMES: tuple[str, ...] = (
    "any", "capture", "capture-at-least", "most-cards", "sweep", "build", "take-build",
    "no-sweep-left", "points-at-least", "kind", "play", "move", "all", "any-of", "not",
)

