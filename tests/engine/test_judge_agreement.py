"""The judge and the generator agree (legality is decided in one place: the generator).

For seeded random positions under every rules variant, many random attempts
(clicked selections of table items, random kinds, values and build targets,
cards not in the hand or inside builds) and every legal move (as a Move, as
text, as JSON) are judged. The verdict is legal exactly when the attempt's
outcome is a legal move, and an illegal verdict always has a specific reason
code, never the catch-all "illegal".
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from randpos import random_position, rules_variants

from engine import (
    BUILD,
    CAPTURE,
    REASON_CODES,
    TRAIL,
    Attempt,
    Build,
    Card,
    Move,
    Position,
    Rules,
    check,
    full_deck,
    legal_moves,
)
from engine.moves import attempt_from_json

VARIANTS = rules_variants()
POSITIONS = 50
ATTEMPTS = 40


def near_miss(rng: random.Random, position: Position) -> Attempt:
    """A legal move changed a little: one item more or less, another value or kind."""
    move = rng.choice(list(legal_moves(position)))
    loose, builds = list(move.loose), list(move.builds)
    value, kind = move.value, move.kind
    change = rng.randrange(5)
    items: list[Card | Build] = [*position.loose, *position.builds]
    if change == 0 and items:
        item = rng.choice(items)
        (builds if isinstance(item, Build) else loose).append(item)
    elif change == 1 and loose:
        loose.remove(rng.choice(loose))
    elif change == 2 and builds:
        builds.remove(rng.choice(builds))
    elif change == 3:
        value = (value or 0) + rng.choice([-1, 1, 13, -13])
    else:
        kind = rng.choice([CAPTURE, BUILD, TRAIL])
    if kind == BUILD and value is None:
        value = move.card.rank
    unique_loose = list(dict.fromkeys(loose))
    unique_builds = list(dict.fromkeys(builds))
    return Attempt.selection(move.card, kind, unique_loose, unique_builds, value)


def same_rank(rng: random.Random, position: Position) -> Attempt:
    """The played card with loose cards of its own rank (4.6's one-card rule)."""
    played = rng.choice(position.hand)
    loose = [c for c in position.loose if c.rank == played.rank or rng.random() < 0.1]
    return Attempt.selection(played, CAPTURE, loose, value=rng.choice([None, played.rank]))


def random_attempt(rng: random.Random, position: Position) -> Attempt:
    """An attempt as a learner might click it: often wrong, sometimes right."""
    style = rng.random()
    if style < 0.3:
        return near_miss(rng, position)
    if style < 0.4:
        return same_rank(rng, position)
    roll = rng.random()
    if roll < 0.03:
        played: Card | None = None
    elif roll < 0.07:
        played = rng.choice(full_deck())
    else:
        played = rng.choice(position.hand)
    kind = rng.choice([CAPTURE, CAPTURE, BUILD, BUILD, TRAIL])
    share = rng.choice([0.2, 0.4, 0.6])
    loose = [c for c in position.loose if rng.random() < share]
    builds = [b for b in position.builds if rng.random() < share]
    if rng.random() < 0.05 and position.builds:  # a card from inside a build
        loose.append(rng.choice(rng.choice(position.builds).cards))
    if rng.random() < 0.03:  # a card that is not on the table at all
        loose.append(rng.choice(full_deck()))
    if kind == TRAIL and rng.random() < 0.7:
        loose, builds = [], []
    if kind == BUILD and rng.random() < 0.6:
        builds = builds[:1]
    value: int | None = None
    if kind == CAPTURE and rng.random() < 0.4:
        value = rng.randint(1, 15)
    if kind == BUILD:
        played_value = played.rank if played else 0
        options = [rng.randint(1, 15), played_value + sum(c.rank for c in loose)]
        options += [b.value for b in builds] + [b.value + played_value for b in builds]
        value = rng.choice(options)
    return Attempt.selection(played, kind, loose, builds, value)


def expected_move(attempt: Attempt, moves: list[Move]) -> Move | None:
    """The legal move that this selection names, if any (its outcome decides)."""
    items = attempt.items + tuple(attempt.targets)
    loose = sorted(i for i in items if isinstance(i, Card))
    builds = [i for i in items if isinstance(i, Build)]
    for move in moves:
        if (move.card, move.kind) != (attempt.card, attempt.kind):
            continue
        if list(move.loose) != loose or sorted(move.builds, key=str) != sorted(builds, key=str):
            continue
        if attempt.kind != TRAIL and attempt.value is not None and move.value != attempt.value:
            continue
        return move
    return None


def judge_position(rng: random.Random, position: Position, codes: Counter[str]) -> list[str]:
    moves = list(legal_moves(position))
    problems: list[str] = []
    for attempt in [random_attempt(rng, position) for _ in range(ATTEMPTS)]:
        verdict = check(position, attempt)
        codes[verdict.code] += 1
        wanted = expected_move(attempt, moves)
        where = f"{position.text!r}, attempt {attempt.text!r}"
        if verdict.legal != (wanted is not None):
            problems.append(f"{where}: judge says {verdict.code} ({verdict.message}), "
                            f"generator says {'legal' if wanted else 'illegal'}")
        elif verdict.legal and verdict.move != wanted:
            problems.append(f"{where}: judge's move {verdict.move!r} is not {wanted!r}")
        elif not verdict.legal and verdict.code == "illegal":
            problems.append(f"{where}: unexplained: {verdict.message}")
        elif verdict.code not in REASON_CODES:
            problems.append(f"{where}: unknown code {verdict.code}")
    for move in moves:
        for form in (move, move.text, attempt_from_json(json.dumps(move.to_json()))):
            verdict = check(position, form)
            if not verdict.legal or verdict.move != move:
                problems.append(f"{position.text!r}: legal move {move.text!r} given as "
                                f"{type(form).__name__} judged {verdict.code}: {verdict.message}")
    return problems


@pytest.mark.parametrize("rules", VARIANTS, ids=[r.text for r in VARIANTS])
def test_judge_agrees_with_generator(rules: Rules) -> None:
    rng = random.Random(f"judge {rules.text}")
    codes: Counter[str] = Counter()
    problems: list[str] = []
    for _ in range(POSITIONS):
        problems.extend(judge_position(rng, random_position(rng, rules), codes))
    assert not problems, f"{len(problems)} disagreements:\n" + "\n".join(problems[:15])
    assert codes["legal"] and sum(n for c, n in codes.items() if c != "legal") > POSITIONS


def test_grouped_attempts_never_unexplained_and_legal_only_if_generated() -> None:
    """Notation-style attempts with random groupings: a legal verdict names a generated
    move, an outcome the generator lacks is never legal, and no verdict is unexplained."""
    rng = random.Random("grouped attempts")
    problems: list[str] = []
    for index in range(300):
        position = random_position(rng, VARIANTS[index % len(VARIANTS)])
        moves = legal_moves(position)
        for _ in range(20):
            played = rng.choice(position.hand)
            items: list[Card | Build] = [i for i in (*position.loose, *position.builds)
                                         if rng.random() < 0.5]
            rng.shuffle(items)
            groups: list[list[Card | Build]] = []
            for item in items:
                if groups and rng.random() < 0.5:
                    groups[-1].append(item)
                else:
                    groups.append([item])
            value = rng.choice([None, None, rng.randint(1, 14)])
            attempt = Attempt(played, CAPTURE, value, tuple(tuple(g) for g in groups))
            verdict = check(position, attempt)
            outcome = expected_move(Attempt.selection(played, CAPTURE, [
                i for i in items if isinstance(i, Card)], [
                i for i in items if isinstance(i, Build)], value), list(moves))
            where = f"{position.text!r}, attempt {attempt.text!r}"
            if verdict.code == "illegal":
                problems.append(f"{where}: unexplained: {verdict.message}")
            if verdict.legal and (verdict.move not in moves or verdict.move != outcome):
                problems.append(f"{where}: judged legal but not generated")
            if outcome is None and verdict.legal:
                problems.append(f"{where}: outcome not legal, judge says legal")
    assert not problems, "\n".join(problems[:15])
