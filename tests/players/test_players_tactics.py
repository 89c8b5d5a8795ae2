"""The estimates the heuristic players rank moves by: what a card could take,
how likely a hidden hand holds a card, and majority chances."""

from __future__ import annotations

import pytest

from engine.cards import Card, parse_cards
from engine.players.tactics import best_take, chance_holds, exposure
from engine.players.worth import Appraiser, majority_shares, sure_points
from engine.position import parse_table
from engine.rules import PRESETS, Rules


def _take(table: str, card: str, rules: Rules | None = None) -> set[Card]:
    loose, builds = parse_table(table)
    return set(best_take(loose, builds, Card.parse(card), rules or Rules()).cards)


def test_best_take_prefers_the_ace_grouping_of_w1() -> None:
    # W1: 8♠ may take {8♦, 6♣+2♦, 5♠+3♥} or {8♦, 5♠+2♦+A♣}; never all six.
    taken = _take("Ac 2d 3h 5s 6c 8d", "8s")
    assert taken == set(parse_cards("8d 5s 2d Ac"))


def test_best_take_follows_the_court_rules() -> None:
    assert _take("Qs Qh", "Qd") == {Card.parse("Qs")}  # W2 classic: one queen, the spade
    assert _take("Qs Qh", "Qd", PRESETS["royal"]) == set(parse_cards("Qs Qh"))
    assert _take("Qs Qh", "Qd", Rules.parse("classic face_capture=all")) == \
        set(parse_cards("Qs Qh"))
    assert _take("5c 7d", "Kd") == set()


def test_best_take_keeps_builds_whole() -> None:
    # W7: a 9 cannot take a 7-build with a loose 2, unless build_in_sums.
    assert _take("2d [7: 4h 3s @1]", "9s") == set()
    assert _take("2d [7: 4h 3s @1]", "9s", Rules.parse("classic build_in_sums=true")) == \
        set(parse_cards("2d 4h 3s"))
    assert _take("5d 4c [9: 6s 3h @1]", "9c") == set(parse_cards("5d 4c 6s 3h"))


def test_sweep_is_flagged() -> None:
    loose, builds = parse_table("3h 4d")
    assert best_take(loose, builds, Card.parse("7s"), Rules()).sweep
    loose, builds = parse_table("3h 4d Kc")
    assert not best_take(loose, builds, Card.parse("7s"), Rules()).sweep


def test_chance_a_hidden_hand_holds_a_card() -> None:
    assert chance_holds(0, 4, 20) == 0.0
    assert chance_holds(3, 4, 5) == 1.0
    assert chance_holds(1, 4, 20) == pytest.approx(4 / 20)
    assert chance_holds(2, 1, 10) == pytest.approx(2 / 10)


def test_majority_shares() -> None:
    assert majority_shares((27, 0), 25) == (1.0, 0.0)
    assert majority_shares((26, 26), 0) == (0.0, 0.0)
    even = majority_shares((10, 10), 20)
    assert even[0] == pytest.approx(even[1]) and 0.4 < even[0] < 0.5
    three = majority_shares((20, 5, 5), 22)
    assert three[0] > 0.9 and three[1] == pytest.approx(three[2])


def test_sure_points_by_scoring() -> None:
    classic, spade = Rules(), PRESETS["spade"]
    assert sure_points(Card.parse("10d"), classic) == 2
    assert sure_points(Card.parse("2s"), classic) == 1
    assert sure_points(Card.parse("2s"), spade) == 2
    assert sure_points(Card.parse("Js"), spade) == 2
    assert sure_points(Card.parse("As"), spade) == 2
    assert sure_points(Card.parse("7h"), classic) == 0


def test_exposure_counts_the_holding_rule() -> None:
    """An opponent who controls a build surely holds its value: leaving only
    that build is a sure sweep, however few such cards are unseen."""
    loose, builds = parse_table("[10: 4c 6s @1]")
    unseen = tuple(parse_cards("10h 2c 3c 5h 7h 8h 9h Jd Qd Kd"))
    appraiser = Appraiser([10, 10], [3, 3], Rules())
    guessed = exposure(loose, builds, unseen, 4, Rules(), appraiser, 1, 0)
    certain = exposure(loose, builds, unseen, 4, Rules(), appraiser, 1, 0, frozenset({10}))
    assert certain < guessed < 0
