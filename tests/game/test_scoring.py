"""Scoring (rules 10) and deciding the game (10.4), worked by hand."""

from __future__ import annotations

from engine.cards import full_deck, parse_cards
from engine.rules import Rules, preset
from engine.scoring import decide_game, score_hand

CLASSIC = Rules()


def _split(first: str) -> tuple[list, list]:
    mine = list(parse_cards(first))
    rest = [c for c in full_deck() if c not in mine]
    return mine, rest


def test_rule_10_1_items_and_10_2_eleven_points_without_sweeps() -> None:
    mine, rest = _split("10d 2s As Ah 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks 2h 3h 4h 5h 6h 7h 8h 9h "
                        "10h Jh Qh Kh")
    assert len(mine) == 27  # 27 of 52 is most cards with two players
    a, b = score_hand([mine, rest], [0, 0], CLASSIC)
    assert dict(a.points) == {"cards": 3, "spades": 1, "big_casino": 2, "little_casino": 1,
                              "aces": 2, "sweeps": 0}
    assert a.total + b.total == 11
    assert b.total == 2  # the other two aces


def test_rule_10_2_tie_on_cards_scores_nothing_and_hand_is_worth_8() -> None:
    mine, rest = _split("As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks Ah 2h 3h 4h 5h 6h 7h 8h 9h "
                        "10h Jh Qh Kh")
    assert len(mine) == 26
    a, b = score_hand([mine, rest], [0, 0], CLASSIC)
    assert a.item("cards") == b.item("cards") == 0
    assert a.total + b.total == 8


def test_rule_10_2_tie_on_spades_scores_nothing() -> None:
    mine, rest = _split("As 2s 3s 4s 5s 6s 7h 8h")
    rest_spades = sum(1 for c in rest if c.suit == "s")
    assert rest_spades == 7
    more, _ = _split("As 2s 3s 4s 5s 6s")
    a, b = score_hand([more, [c for c in full_deck() if c not in more]], [0, 0], CLASSIC)
    assert a.item("spades") == 0 and b.item("spades") == 1
    tie_mine = [*more, parse_cards("7s")[0]]
    tie_rest = [c for c in full_deck() if c not in tie_mine]
    tie_rest_spades = sum(1 for c in tie_rest if c.suit == "s")
    a, b = score_hand([tie_mine, tie_rest], [0, 0], CLASSIC)
    assert tie_rest_spades == 6 and a.item("spades") == 1  # 7 v 6 is strict
    _ = (mine, rest)


def test_rule_8_1_sweeps_score_one_each_and_do_not_cancel() -> None:
    mine, rest = _split("As")
    a, b = score_hand([mine, rest], [2, 1], CLASSIC)
    assert a.item("sweeps") == 2 and b.item("sweeps") == 1
    off = CLASSIC.with_settings({"sweeps": "off"})
    a, b = score_hand([mine, rest], [2, 1], off)
    assert a.item("sweeps") == b.item("sweeps") == 0


def test_rule_10_3_spade_casino_scores_every_spade_and_the_jack_again() -> None:
    spade = preset("spade")
    assert spade.target == 61
    mine, rest = _split("2s Js 10d Ah 3s")
    a, b = score_hand([mine, rest], [0, 0], spade)
    assert a.item("spades") == 3 + 1  # 2s Js 3s, and the jack once more
    assert a.item("little_casino") == 1 and a.item("big_casino") == 2 and a.item("aces") == 1
    assert b.item("spades") == 10 and b.item("cards") == 3
    assert a.total + b.total == 13 + 1 + 3 + 2 + 1 + 4


def test_three_sides_most_cards_is_strict() -> None:
    deck = list(full_deck())
    piles = [deck[:20], deck[20:40], deck[40:]]
    scores = score_hand(piles, [0, 0, 0], CLASSIC)
    assert [s.item("cards") for s in scores] == [0, 0, 0]


def _hand(totals: list[int]) -> tuple:
    """A hand whose per-side totals are given, all in the aces item."""
    from engine.scoring import SideScore

    return tuple(SideScore(i, 0, 0, (("aces", t),)) for i, t in enumerate(totals))


def test_rule_10_4_target_and_higher_total_wins() -> None:
    assert decide_game([16, 10], _hand([5, 3]), CLASSIC) == 0  # exactly 21 wins
    assert decide_game([15, 10], _hand([4, 3]), CLASSIC) is None
    assert decide_game([18, 20], _hand([5, 4]), CLASSIC) == 1  # 23 v 24: both reach, higher wins
    assert decide_game([18, 20], _hand([5, 3]), CLASSIC) is None  # 23 v 23: play another hand


def test_rule_10_4_single_hand_target() -> None:
    single = CLASSIC.with_settings({"target": "hand"})
    assert decide_game([0, 0], _hand([7, 4]), single) == 0
    assert decide_game([0, 0], _hand([5, 5]), single) is None


def test_rule_10_4_count_out_order() -> None:
    from engine.scoring import SideScore

    rules = CLASSIC.with_settings({"tie_break": "count_out"})
    # Side 1 reaches 21 on cards (counted first) although side 0 ends higher.
    hand = (SideScore(0, 20, 9, (("cards", 0), ("spades", 1), ("big_casino", 2),
                                 ("aces", 4))),
            SideScore(1, 32, 4, (("cards", 3), ("spades", 0), ("aces", 0))))
    assert decide_game([19, 18], hand, rules) == 1
    assert decide_game([19, 18], hand, CLASSIC) == 0  # higher total: 26 v 21
