"""The ladder's small (CI) mode runs and prints its table; its statistics are right."""

from __future__ import annotations

import math

import pytest

from engine.rules import Rules
from engine.tools.ladder import Match, main, play_deal, seatings


def test_small_ladder_prints_a_markdown_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--small", "--levels", "1,2,3,4", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "level 2 vs level 1:" in out and "level 4 vs level 3:" in out
    rows = [line for line in out.splitlines() if line.startswith("| ")]
    assert rows[0].startswith("| higher | lower |")
    assert [r.split("|")[1].strip() for r in rows[1:]] == ["2", "3", "4"]


def test_small_ladder_with_partnerships(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--small", "--levels", "1,2", "--players", "4", "--games", "2"]) == 0
    assert "| 2 | 1 | 2 |" in capsys.readouterr().out


def test_bad_levels_are_refused() -> None:
    with pytest.raises(SystemExit):
        main(["--levels", "3"])


def test_seatings_swap_sides() -> None:
    assert seatings(2) == [(True, False), (False, True)]
    assert seatings(4) == [(True, False, True, False), (False, True, False, True)]
    assert seatings(3) == [(True, False, False), (False, True, False), (False, False, True)]


def test_a_level_against_itself_on_mirrored_deals_is_even() -> None:
    """Seat-swapped deals cancel the cards' luck: random against random by the same
    seeds in both seats scores exactly zero."""
    assert play_deal(2, 2, seed=5, rules=Rules(), players=2, small=True) == 0.0


def test_match_interval() -> None:
    match = Match(2, 1, (1.0, 2.0, 3.0, 4.0))
    assert match.mean == 2.5
    assert match.half_width == pytest.approx(1.959964 * math.sqrt((5 / 3) / 4))
    assert match.clear
    assert not Match(2, 1, (1.0, -1.0, 2.0, -2.0)).clear
    assert not Match(2, 1, (5.0,)).clear


def test_the_search_plays_a_whole_deal_out_whatever_the_number_of_players() -> None:
    """Level 4's horizon and budget are set for two players (a deal of 8 plies) and
    grow with the seats, so with four it still sees a whole deal of 16 plies."""
    from engine.players.search import DEFAULT

    assert DEFAULT.for_players(2) == DEFAULT
    three, four = DEFAULT.for_players(3), DEFAULT.for_players(4)
    assert (three.horizon, four.horizon) == (DEFAULT.horizon * 3 // 2, DEFAULT.horizon * 2)
    assert four.horizon == 4 * 4  # four cards each, four players
    assert four.ply_budget == 2 * DEFAULT.ply_budget
    assert four.max_candidates == DEFAULT.max_candidates  # nothing else changes
    assert DEFAULT.for_players(4, draw=True) == DEFAULT  # Draw Casino: one long deal
