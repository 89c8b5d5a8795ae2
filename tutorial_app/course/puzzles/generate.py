"""Finding puzzles in random deals: one theme at a time, seeded, verified.

A recipe says how to lay out a mid-game table for its theme (how many loose
cards and builds, how big a hand), which goal to ask, and which answers
really show the theme. A candidate is kept only when its goal is met by one
or two legal moves, so the puzzle has a clear answer. Every kept puzzle is
written out and read back through the strict loader before it is returned.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import yaml

from engine import (
    BUILD,
    CAPTURE,
    TRAIL,
    Build,
    Card,
    Move,
    Position,
    Rules,
)
from engine.cards import full_deck
from engine.scoring import card_points
from tutorial_app.course.goals import Goal, MostCards
from tutorial_app.course.judge import lead
from tutorial_app.course.judge.answers import solutions
from tutorial_app.course.model import PuzzleSet
from tutorial_app.course.proofs import truth
from tutorial_app.course.puzzles import play_difficulty
from tutorial_app.course.puzzles.difficulty import MAX_SAME_PATTERN, pattern_of
from tutorial_app.course.reading.goal_reader import GoalReader
from tutorial_app.course.reading.loader import loads
from tutorial_app.course.reading.yamlsrc import Source
from tutorial_app.course.scene import Scene
from tutorial_app.words.i18n import count, join_or, t

MIN_MOVES: Final = 4  # fewer legal moves than this makes a puzzle too easy to guess
GoalMaker = Callable[[Scene], object | None]
Accept = Callable[[Scene, tuple[Move, ...]], bool]


@dataclass(frozen=True)
class Recipe:
    """How to find puzzles for one theme."""

    title: str
    goal: GoalMaker  # the goal as written in YAML, chosen for this position (or None)
    accept: Accept  # do these solutions really show the theme?
    loose: tuple[int, int] = (3, 5)
    builds: tuple[int, int] = (0, 0)
    hand: tuple[int, int] = (2, 3)
    own_builds: bool = False  # may the player to move control a build?
    rules: str = "classic"
    courts: bool = True  # may court cards be dealt to the table and hand?
    last: bool = False  # the last play of the hand (the endgame)
    decides: bool = False  # keep only positions where the setting decides the answer: some
    #                        answer would be wrong under the classic rules
    differs: bool = False  # keep only positions whose answers differ under the classic rules
    texts: str = ""  # the message key prefix of its nudge and success, instead of its theme's
    #                  (the variant theme's says the setting decided: only for `decides`)
    attempts: int = 20000  # random deals to try (rare themes need more)
    covered: bool = True  # does a controller hold a card of its build's value (7.1)?
    theme: str = ""  # the theme written on the puzzles (default: the recipe's name)


def _groups(move: Move) -> tuple[tuple[object, ...], ...]:
    return tuple(move.display_groups())


def _all(test: Callable[[Move], bool]) -> Accept:
    return lambda scene, found: all(test(m) for m in found)


def _pairs_only(move: Move) -> bool:
    groups = _groups(move)
    return move.kind == CAPTURE and len(groups) == 1 and len(move.taken_cards) == 1 \
        and not move.builds


def _one_sum(move: Move) -> bool:
    groups = _groups(move)
    return move.kind == CAPTURE and len(groups) == 1 and len(groups[0]) >= 2 \
        and not move.builds


def _several_groups(move: Move) -> bool:
    return move.kind == CAPTURE and len(_groups(move)) >= 2


def _court_play(move: Move) -> bool:
    return move.kind == CAPTURE and move.card.is_court


def _royal_sum(move: Move) -> bool:
    return move.kind == CAPTURE and (move.card.is_court or any(c.is_court for c in move.loose)) \
        and any(len(g) >= 2 for g in _groups(move))


def _new_build(move: Move) -> bool:
    return move.kind == BUILD and not move.builds


def _raise(move: Move) -> bool:
    return move.kind == BUILD and bool(move.builds) and move.builds[0].value != move.value


def _multiple_result(move: Move) -> bool:
    if move.kind != BUILD:
        return False
    base = sum(c.rank for b in move.builds for c in b.cards)
    total = base + move.card.rank + sum(c.rank for c in move.loose)
    return total > (move.value or 0)


def _takes_own_build(scene: Scene, found: tuple[Move, ...]) -> bool:
    """The mover controls a build and every answer takes one of them (7.1, 5.8)."""
    mine = scene.position.controlled_builds()
    return bool(mine) and all(any(b in mine for b in m.builds) and m.kind == CAPTURE
                              for m in found)


def _spades_score(scene: Scene, found: tuple[Move, ...]) -> bool:
    """Every answer takes a spade that only Spade Casino scores (10.3)."""
    return all(any(card_points(c, True) > card_points(c, False) for c in m.taken_cards)
               for m in found)


def _best_points(scene: Scene) -> object | None:
    best = scene.best_points
    return {"points-at-least": best} if best >= 2 else None


def _build_goal(test: Callable[[Move], bool]) -> GoalMaker:
    """{build: V} for a value V whose build moves all pass `test` (one or two of them)."""
    def make(scene: Scene) -> object | None:
        values = sorted({m.value for m in scene.moves if m.kind == BUILD and m.value})
        for value in values:
            found = [m for m in scene.moves if m.kind == BUILD and m.value == value]
            if 1 <= len(found) <= 2 and 2 * len(found) < len(scene.moves) and \
                    all(test(m) for m in found):
                return {"build": value}
        return None
    return make


def _adds(move: Move) -> bool:
    """A new group of the build's value put on an existing build (5.7)."""
    return move.kind == BUILD and bool(move.builds) and move.builds[0].value == move.value


def _ace_as_fourteen(move: Move) -> bool:
    return move.kind == CAPTURE and move.card.rank == 1 and move.value == 14


def _build_in_a_sum(move: Move) -> bool:
    return move.kind == CAPTURE and any(
        len(g) >= 2 and any(isinstance(i, Build) for i in g) for g in _groups(move))


def _court_takes_several(move: Move) -> bool:
    return move.kind == CAPTURE and move.card.is_court and len(move.taken_cards) >= 2


def _controller_trails(scene: Scene, found: tuple[Move, ...]) -> bool:
    """The mover controls a build and the answer is a trail (6.2 relaxed)."""
    return bool(scene.position.controlled_builds()) and all(m.kind == TRAIL for m in found)


def _leaves_own_build(scene: Scene, found: tuple[Move, ...]) -> bool:
    """keep_capture_card=false: the answer builds with the only card that covered the
    mover's build, leaving that build without a card to take it (7.1 dropped)."""
    mine = scene.position.controlled_builds()
    if not mine:
        return False
    values = {b.value for b in mine}
    hand = scene.position.hand
    return all(m.kind == BUILD and m.card.rank in values and
               sum(c.rank == m.card.rank for c in hand) == 1 and
               not any(b in mine for b in m.builds) for m in found)


def _fixed(goal: object) -> GoalMaker:
    return lambda scene: goal


RECIPES: Final[dict[str, Recipe]] = {
    "pairing": Recipe("Pairs", _fixed("most-cards"), _all(_pairs_only), (3, 5), (0, 0), (2, 3)),
    "sum": Recipe("Sums", _fixed("most-cards"), _all(_one_sum), (3, 5), (0, 0), (2, 3)),
    "multiple-capture": Recipe("Several groups at once", _fixed("most-cards"),
                               _all(_several_groups), (4, 6), (0, 1), (2, 3)),
    "court-cards": Recipe("Court cards", _fixed("most-cards"), _all(_court_play), (3, 4),
                          (0, 0), (2, 3)),
    "sweep": Recipe("Sweeps", _fixed("sweep"), lambda s, f: True, (2, 4), (0, 1), (2, 3)),
    "scoring": Recipe("Points", _best_points, lambda s, f: True, (3, 5), (0, 1), (2, 3)),
    "build": Recipe("Builds", _build_goal(_new_build), lambda s, f: True, (3, 4), (0, 0),
                    (3, 3), courts=False),
    "raise": Recipe("Raising a build", _build_goal(_raise), lambda s, f: True, (2, 3), (1, 1),
                    (3, 3), courts=False),
    "multiple-build": Recipe("Multiple builds", _build_goal(_multiple_result),
                             lambda s, f: True, (3, 4), (0, 1), (3, 3), courts=False),
    "take-build": Recipe("Taking builds", _fixed({"all": ["take-build", "most-cards"]}),
                         lambda s, f: True, (2, 4), (1, 2), (2, 3)),
    "strategy": Recipe("Leave no sweep", _fixed("no-sweep-left"), lambda s, f: True, (1, 3),
                       (0, 0), (3, 3)),
    "controller": Recipe("Controlling a build", _fixed("most-cards"), _takes_own_build,
                         (2, 4), (1, 2), (2, 3), own_builds=True),
    "variant": Recipe("Points in Spade Casino", _best_points, _spades_score, (3, 5), (0, 1),
                      (2, 3), rules="spade"),
    "royal": Recipe("Royal values", _fixed("most-cards"), _all(_royal_sum), (3, 5), (0, 1),
                    (2, 3), rules="royal"),
    "add-to-build": Recipe("Adding to a build", _build_goal(_adds), lambda s, f: True, (3, 4),
                           (1, 1), (3, 3), own_builds=True, courts=False),
    "endgame": Recipe("The last play", _fixed("most-cards"), lambda s, f: True, (4, 6), (0, 0),
                      (1, 1), last=True),
    "ace-high": Recipe("Aces high", _fixed("most-cards"), _all(_ace_as_fourteen), (3, 5),
                       (0, 0), (2, 3), rules="royal-aces-high"),
    "build-in-sums": Recipe("A build inside a sum", _fixed("most-cards"), _all(_build_in_a_sum),
                            (3, 5), (1, 1), (2, 3), rules="classic build_in_sums=true",
                            theme="variant", decides=True),
    "face-capture-all": Recipe("Court cards take all their rank", _fixed("most-cards"),
                               _all(_court_takes_several), (3, 5), (0, 0), (2, 3),
                               rules="classic face_capture=all",
                               attempts=200000,
        theme="variant", decides=True),
    "aces-like-faces": Recipe("Aces take only aces", _fixed("most-cards"), lambda s, f: True,
                              (3, 5), (0, 0), (2, 3), rules="classic aces_like_faces=true",
                              attempts=200000, theme="variant", differs=True,
                              texts="recipe.aces-like-faces"),
    "controller-trail": Recipe("A controller may trail", _fixed({"kind": "trail"}),
                               _controller_trails, (2, 4), (1, 1), (3, 3), own_builds=True,
                               rules="classic controller_trail=always",
        theme="variant", decides=True),
    "keep-capture-card-off": Recipe("No duty to keep the card", _build_goal(lambda m: True),
                                    _leaves_own_build, (2, 4), (1, 1), (3, 3), own_builds=True,
                                    courts=False,
                                    rules="classic keep_capture_card=false",
        theme="variant", decides=True),
    "sweeps-off": Recipe("No points for sweeps", _best_points, lambda s, f: True, (2, 4), (0, 0),
                         (2, 3), rules="classic sweeps=off", attempts=200000,
                         theme="variant", differs=True, texts="recipe.sweeps-off"),
    "no-builds": Recipe("No building", _fixed("no-sweep-left"), lambda s, f: True, (1, 3),
                        (0, 0), (2, 3), rules="no-builds", theme="variant",
                        texts="recipe.no-builds"),
}


def _build_from(deck: list[Card], rng: random.Random, rules: Rules,
                controller: int) -> Build | None:
    """Two table cards (or two pairs, for a multiple build) that make a value."""
    numbers = [c for c in deck if rules.table_value(c) is not None]
    rng.shuffle(numbers)
    for first in numbers:
        for second in numbers:
            if second == first:
                continue
            value = first.rank + second.rank
            if value > min(rules.max_build, 10):
                continue
            cards = [first, second]
            if rng.random() < 0.25:  # a multiple build: add a card of the same value
                extra = next((c for c in numbers if c.rank == value and c not in cards), None)
                if extra is not None:
                    cards.append(extra)
            for card in cards:
                deck.remove(card)
            return Build(value, tuple(cards), controller)
    return None


def sample(recipe: Recipe, rng: random.Random) -> Position | None:
    """One random mid-game position for the recipe (None if the deal did not fit)."""
    rules = Rules.parse(recipe.rules)
    deck = list(full_deck())
    rng.shuffle(deck)
    if not recipe.courts:
        deck = [c for c in deck if not c.is_court]
    hand = [deck.pop() for _ in range(rng.randint(*recipe.hand))]
    builds: list[Build] = []
    for _ in range(rng.randint(*recipe.builds)):
        owner = 0 if recipe.own_builds and rng.random() < 0.5 else 1
        build = _build_from(deck, rng, rules, owner)
        if build is not None:
            builds.append(build)
            if owner == 0 and recipe.covered and not any(c.rank == build.value for c in hand):
                # A controller holds a card of the build's value (7.1): deal one.
                cover = next((c for c in deck if c.rank == build.value), None)
                if cover is not None:
                    deck.remove(cover)
                    hand[0] = cover
    loose = [deck.pop() for _ in range(rng.randint(*recipe.loose))]
    position = Position(loose=tuple(loose), builds=tuple(builds), hand=tuple(hand), rules=rules,
                        last=recipe.last)
    return None if position.problems() else position


def _goal_of(data: object, position: Position) -> Goal | None:
    src = Source("<generator>")
    node = yaml.compose(yaml.safe_dump(data), Loader=yaml.SafeLoader)
    return GoalReader(src, position, position.rules).read(node, "goal") if node else None


def _suitless(position: Position) -> tuple[object, ...]:
    return (tuple(sorted(c.rank for c in position.loose)),
            tuple(sorted((b.value, b.controller) for b in position.builds)),
            tuple(sorted(c.rank for c in position.hand)))


def _same_under_classic(position: Position, data: object, found: tuple[Move, ...]) -> bool:
    """Would the classic rules give the same answers? Then the setting changes nothing."""
    classic = Position(loose=position.loose, builds=position.builds, hand=position.hand,
                       rules=Rules(), last=position.last)
    if classic.problems():
        return False
    goal = _goal_of(data, classic)
    if goal is None:
        return False
    return set(solutions(classic, goal)) == set(found)


def _decided_by_setting(position: Position, data: object, found: tuple[Move, ...]) -> bool:
    """Does the setting decide the answer: would some answer be wrong under the classic
    rules (illegal there, or no longer what the goal asks)? Building off can never do it:
    it only takes moves away, so its answers stay answers under the classic rules."""
    classic = Position(loose=position.loose, builds=position.builds, hand=position.hand,
                       rules=Rules(), last=position.last)
    if classic.problems():
        return True
    goal = _goal_of(data, classic)
    if goal is None:
        return True
    return not set(found) <= set(solutions(classic, goal))


def grade(scene: Scene, found: tuple[Move, ...]) -> int:
    """Difficulty 1-5 measured from play (course/puzzles/play_difficulty.py), as `relabel`
    writes it, so a regenerated set gets the labels the shipped one has (a theme's own
    weight is not added: who fails the puzzle already measures it)."""
    return play_difficulty.label(play_difficulty.trials_of(scene.position, found))


def find(theme: str, count: int, seed: int, attempts: int = 20000) -> list[dict[str, object]]:
    """Up to `count` puzzles for the theme, each as the YAML mapping of a puzzle."""
    recipe = RECIPES[theme]
    attempts = max(attempts, recipe.attempts)
    rng = random.Random(seed)
    found_puzzles: list[dict[str, object]] = []
    seen: set[Position] = set()
    patterns: dict[tuple[object, ...], int] = {}
    positions: set[tuple[object, ...]] = set()
    for _ in range(attempts):
        if len(found_puzzles) >= count:
            break
        position = sample(recipe, rng)
        if position is None or position in seen:
            continue
        seen.add(position)
        scene = Scene(position)
        data = recipe.goal(scene)
        goal = _goal_of(data, position) if data is not None else None
        if goal is None:
            continue
        found = solutions(position, goal)
        if not 1 <= len(found) <= 2 or len(scene.moves) < MIN_MOVES \
                or 2 * len(found) >= len(scene.moves):  # a guess must pass less than half
            continue
        if not recipe.accept(scene, found):
            continue
        if recipe.decides and not _decided_by_setting(position, data, found):
            continue
        if recipe.differs and _same_under_classic(position, data, found):
            continue
        shape = pattern_of(goal, found)
        if patterns.get(shape, 0) >= MAX_SAME_PATTERN or _suitless(position) in positions:
            continue  # a near-duplicate of one already kept (course/puzzles/difficulty.py)
        patterns[shape] = patterns.get(shape, 0) + 1
        positions.add(_suitless(position))
        written = recipe.theme or theme
        found_puzzles.append({"position": position.text, "goal": data, "themes": [written],
                              "difficulty": grade(scene, found),
                              **puzzle_texts(recipe.texts or f"theme.{written}", goal, found,
                                             scene)})
    return found_puzzles


def puzzle_texts(texts: str, goal: Goal, found: tuple[Move, ...],
                 scene: Scene | None = None) -> dict[str, object]:
    """A puzzle's own prompt, two hints and success text, written from its theme (`texts`
    is the message key prefix of the nudge and success, `theme.<id>` or a recipe's own):
    the prompt says the goal, the hints are the nudge and the card to play.

    A points goal counts the card played and a sweep, so its prompt says so rather
    than "capture cards worth". With fewer than truth.REVEAL_MOVES legal moves, a miss
    of the most cards gets replies about the try itself (`missed trail`, `missed
    capture`, `missed build`), since the goal's own account names the card that does
    better, and the second guess would be sure; only for the kinds a wrong card makes,
    since a try with an answer's card is led to its action instead (judge/lead.py)."""
    cards = sorted({m.card for m in found})
    card = (t("hint.card", card=cards[0].pretty) if len(cards) == 1
            else t("hint.cards", cards=join_or([c.pretty for c in cards])))
    points = truth.points_wanted(goal)
    prompt = (t("puzzle.prompt-points", points=count(points, "point")) if points is not None
              else t("puzzle.prompt", goal=goal.describe()))
    written: dict[str, object] = {"prompt": prompt, "hints": [t(f"{texts}.nudge"), card],
                                  "success": t(f"{texts}.success")}
    if scene is not None and isinstance(goal, MostCards) and \
            len(scene.moves) < truth.REVEAL_MOVES:
        kinds = {str(m.kind) for m in scene.moves
                 if m not in found and lead.right_card(m.as_attempt(), found) is None}
        written["feedback"] = {f"missed {kind}": t(f"puzzle.missed-{kind}")
                               for kind in (CAPTURE, BUILD, TRAIL) if kind in kinds}
    return written


def _quoted(text: object) -> str:
    return json.dumps(str(text), ensure_ascii=False)


def to_yaml(set_id: str, theme: str, puzzles: list[dict[str, object]], command: str) -> str:
    recipe = RECIPES[theme]
    lines = [f"# Generated by: {command}",
             "# Each goal is met by one or two legal moves (checked by the engine).",
             f"id: {set_id}", f'title: "Practice: {recipe.title[:1].lower()}{recipe.title[1:]}"',
             f"rules: {recipe.rules}", "puzzles:"]
    for number, puzzle in enumerate(puzzles, 1):
        goal = yaml.safe_dump(puzzle["goal"], default_flow_style=True, width=1000)
        goal = goal.strip().removesuffix("...").strip()
        themes = puzzle["themes"]
        assert isinstance(themes, list)
        lines += [f"  - id: {set_id}-{number:03d}", f'    position: "{puzzle["position"]}"',
                  f"    goal: {goal}", f"    themes: [{', '.join(themes)}]",
                  f"    difficulty: {puzzle['difficulty']}"]
        if "prompt" in puzzle:
            hints = puzzle["hints"]
            assert isinstance(hints, list)
            lines += [f"    prompt: {_quoted(puzzle['prompt'])}", "    hints:",
                      *(f"      - {_quoted(h)}" for h in hints)]
            feedback = puzzle.get("feedback")
            if isinstance(feedback, dict) and feedback:
                lines.append("    feedback:")
                lines += [f"      {key}: {_quoted(text)}" for key, text in feedback.items()]
            lines.append(f"    success: {_quoted(puzzle['success'])}")
    return "\n".join(lines) + "\n"


def generate(theme: str, count: int, seed: int, set_id: str | None = None,
             command: str = "") -> tuple[str, PuzzleSet]:
    """The YAML text of a verified puzzle set, and the set as the loader reads it."""
    name = set_id or f"generated-{theme}"
    puzzles = find(theme, count, seed)
    if not puzzles:
        raise ValueError(f"no puzzles found for theme {theme!r} with seed {seed}")
    text = to_yaml(name, theme, puzzles, command or f"generate --theme {theme} --count {count} "
                   f"--seed {seed}")
    loaded = loads(text, f"{name}.yaml")
    assert isinstance(loaded, PuzzleSet)
    return text, loaded
