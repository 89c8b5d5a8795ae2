"""The house rule `sweep_points: 2` (docs/rules.md 8.1): one setting, and every part
that values a sweep (scoring, the players, the advice, the course) asks the rules
(`Rules.sweep_value`) rather than knowing that a sweep is worth 1."""

from __future__ import annotations

import random

from engine import Position, Rules
from engine.advice import explain, hint
from engine.apply import apply_move
from engine.cards import full_deck, parse_cards
from engine.judge import parse_move
from engine.players import greedy
from engine.players.view import view_of_position
from engine.players.worth import Appraiser
from engine.scoring import score_hand
from tutorial_app.course.scene import Scene

CLASSIC = Rules()
TWO = Rules.parse("classic sweep_points=2")

# Hand 7♣ A♠, table A♥ 6♥: 7♣ sweeps A♥+6♥ (1 ace, 3 cards, a sweep); A♠ takes A♥ (2 aces,
# a spade, 2 cards) and leaves the 6♥. The greedy player weighs the points and cards
# taken: 1 + 3 x 0.15 + sweep against 2 + 2 x 0.15 + 0.25.
POSITION = "table: Ah 6h; hand: 7c As"


def _at(rules: Rules) -> Position:
    return Position.parse(f"{POSITION}; rules: {rules.text}")


def test_the_setting_reads_and_writes_and_is_asked_as_the_sweep_value() -> None:
    assert CLASSIC.sweep_points == 1 and CLASSIC.sweep_value == 1
    assert TWO.sweep_points == 2 and TWO.sweep_value == 2
    assert TWO.text == "classic sweep_points=2" and Rules.parse(TWO.text) == TWO
    assert Rules.parse("classic sweep_points=2 sweeps=off").sweep_value == 0


def test_rule_8_1_a_hand_scored_under_sweep_points_2_gives_2_per_sweep() -> None:
    # worked by hand: the first side holds A♠ and made 2 sweeps, the other side the
    # 51 other cards and 1 sweep. Classic: sweeps 2 and 1; two points a sweep: 4 and 2.
    mine = list(parse_cards("As"))
    rest = [c for c in full_deck() if c not in mine]
    a, b = score_hand([mine, rest], [2, 1], CLASSIC)
    assert (a.item("sweeps"), b.item("sweeps")) == (2, 1)
    a2, b2 = score_hand([mine, rest], [2, 1], TWO)
    assert (a2.item("sweeps"), b2.item("sweeps")) == (4, 2)
    assert (a2.total - a.total, b2.total - b.total) == (2, 1)
    off = TWO.with_settings({"sweeps": "off"})
    assert [s.item("sweeps") for s in score_hand([mine, rest], [2, 1], off)] == [0, 0]


def test_a_sweep_in_play_scores_its_value_in_the_course_scene() -> None:
    for rules, worth in ((CLASSIC, 1), (TWO, 2)):
        position = _at(rules)
        move = parse_move("7c x Ah+6h", position)
        assert apply_move(position, move).sweep
        assert ("sweep", worth) in Scene(position).trial(move).scored


def test_the_greedy_player_sweeps_only_when_a_sweep_is_worth_2() -> None:
    choices = {}
    for rules in (CLASSIC, TWO):
        view = view_of_position(_at(rules))
        choices[rules.sweep_points] = greedy.choose(view, random.Random(0)).text
    assert choices == {1: parse_move("As x Ah", _at(CLASSIC)).text,
                       2: parse_move("7c x Ah+6h", _at(TWO)).text}


def test_the_appraiser_values_a_sweep_at_its_points() -> None:
    cards = tuple(parse_cards("7c Ah 6h"))
    for rules in (CLASSIC, TWO):
        worth = Appraiser([0, 0], [0, 0], rules)
        gain = worth.gain(cards, 0, sweep=True) - worth.gain(cards, 0, sweep=False)
        assert gain == rules.sweep_value  # the sweep's point is the taker's advantage


def test_the_advice_names_the_sweep_at_its_points() -> None:
    for rules, words in ((CLASSIC, "a sweep, 1 point."), (TWO, "a sweep, 2 points.")):
        view = view_of_position(_at(rules))
        said = explain(view, parse_move("7c x Ah+6h", _at(rules)))
        assert words in said, said
    assert hint(view_of_position(_at(TWO))).move == parse_move("7c x Ah+6h", _at(TWO))
