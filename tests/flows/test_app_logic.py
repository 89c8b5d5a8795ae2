"""The app's plain-Python logic: safe text, links, move selection, the sandbox's
editing and line of moves, the lesson path and puzzle choice."""

from __future__ import annotations

import logging
from dataclasses import dataclass

import pytest

from engine import BUILD, CAPTURE, TRAIL, Card, Position, Rules, check
from tutorial_app.flows import lesson as lesson_flow
from tutorial_app.flows import line as ln
from tutorial_app.flows import links
from tutorial_app.flows import position_edit as edit
from tutorial_app.flows import puzzles as puzzle_flow
from tutorial_app.flows.moveinput import Selection, chosen_words, first_choose
from tutorial_app.services.store import LessonProgress
from tutorial_app.ui import safe_text

# ----- safe text --------------------------------------------------------------------------


def test_plain_text_escapes_html_and_markdown() -> None:
    out = safe_text.plain("<script>x</script> **b** [l](javascript:1) $m$ :red[x]")
    assert "<" not in out and ">" not in out
    for raw in ("**", "](", "$m$", ":red["):
        assert raw not in out


def test_a_widget_label_is_safe_with_no_escape_a_screen_reader_would_read() -> None:
    """A checkbox's or radio's accessible name is its label as given, escapes and all."""
    assert safe_text.label("9♥ takes 6♠+3♥ (rule 4.1) - twice!") == \
        "9♥ takes 6♠+3♥ (rule 4.1) - twice!"
    out = safe_text.label("<b>x</b> **b** [l](javascript:1) $m$ :red[x] https://e.x")
    for raw in ("<b>", "**", "[l](", "$m$", ":red[", "https://"):
        assert raw not in out
    assert safe_text.label("- a list") == "\\- a list"  # what starts a block, escaped
    assert safe_text.label("1. first") == "1\\. first"
    assert safe_text.label("# heading\nnext line") == "\\# heading next line"


def test_a_code_span_shows_a_move_as_typed_and_cannot_be_broken_out_of() -> None:
    assert safe_text.code("8s x 5c+3d") == "`8s x 5c+3d`"  # no backslash to show
    out = safe_text.code("4d t` <b>x</b>\n:smile: https://e.x")
    assert out.count("`") == 2 and out.startswith("`") and out.endswith("`")
    assert "\n" not in out and ":smile:" not in out and "https:/" not in out


def test_lesson_text_keeps_emphasis_but_no_links_images_html_or_math() -> None:
    out = safe_text.lesson("A **sum** is *easy*: `8s x 5c` <img src=x onerror=y> "
                           "[a](javascript:alert(1)) ![i](http://x/y.png) $x$ www.x.org")
    assert "**sum**" in out and "*easy*" in out and "`8s x 5c`" in out
    assert "<img" not in out and "](" not in out and "javascript:" not in out
    assert "$x$" not in out and "www.x" not in out and "http:" not in out


def test_document_keeps_tables_but_not_html() -> None:
    out = safe_text.document("| a | b |\n|---|---|\n| <b>1</b> | $2 |")
    assert "| a | b |" in out and "<b>" not in out and "\\$2" in out


# ----- links ------------------------------------------------------------------------------


def test_ids_from_links() -> None:
    assert links.clean_id("first-pair") == "first-pair"
    for bad in ("", " ", "<script>", "a b", "x" * 80, None, "../etc"):
        assert links.clean_id(bad) is None


def test_positions_from_links() -> None:
    found = links.read_position("table: 5c; hand: 3d 8s", "3d b8 5c")
    assert found.position == Position.parse("table: 5c; hand: 3d 8s")
    assert [m.text for m in found.moves] == ["3d b8 5c"] and found.error is None
    assert links.read_position("").position is None
    assert "cannot be read" in (links.read_position("table: Zz").error or "")
    assert "impossible" in (links.read_position("table: 5c; hand: 5c").error or "")
    assert "too long" in (links.read_position("table: " + "5c " * 400).error or "")
    bad_move = links.read_position("table: 5c; hand: 3d 8s", "8s x 5c")
    assert bad_move.position is not None and bad_move.moves == () and bad_move.error


def test_a_fault_reading_a_link_is_logged_and_the_learner_gets_a_short_message(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    def broken(text: str) -> Position:
        raise RuntimeError("a bug in the reader")

    monkeypatch.setattr(Position, "parse", staticmethod(broken))
    with caplog.at_level(logging.ERROR, logger="tutorial_app"):
        found = links.read_position("table: 5c; hand: 3d 8s")
    assert found.position is None
    assert found.error == "The position in the link could not be opened."
    (record,) = caplog.records
    assert record.exc_info is not None and "a bug in the reader" in str(record.exc_info[1])


def test_share_urls() -> None:
    assert links.share_url("http://h:8501/sandbox?x=1", "puzzles", {"puzzle": "p1"}) == (
        "http://h:8501/puzzles?puzzle=p1")
    assert links.share_url(None, "", {"lesson": "a", "step": ""}) == "/?lesson=a"
    assert links.query_string({"position": "table: 5c; hand: 3d"}) == (
        "?position=table%3A+5c%3B+hand%3A+3d")


# ----- selection --------------------------------------------------------------------------


def test_clicks_make_an_attempt_for_the_judge() -> None:
    position = Position.parse("table: 5c 3d 9h; hand: 8s 2c")
    sel = Selection().toggle_hand(Card.parse("8s"))
    sel = sel.toggle_loose(Card.parse("5c")).toggle_loose(Card.parse("3d"))
    assert chosen_words(sel) == "Your card: **8♠**, to take from the table: **3♦ and 5♣**."
    assert check(position, sel.capture()).legal
    assert not check(position, sel.toggle_loose(Card.parse("9h")).capture()).legal
    assert sel.toggle_hand(Card.parse("8s")).card is None
    assert sel.toggle_hand(Card.parse("8s")).loose == sel.loose  # put back: choices kept
    assert sel.capture().kind == CAPTURE


def test_another_hand_card_starts_its_table_choice_afresh() -> None:
    """A refused capture left A♠ → 9♠ chosen; picking 2♣ instead must not keep 9♠ (a
    Trail would then be refused for it)."""
    position = Position.parse("table: 9s 5c; hand: As 2c")
    tried = Selection().toggle_hand(Card.parse("As")).toggle_loose(Card.parse("9s"))
    other = tried.toggle_hand(Card.parse("2c"))
    assert other == Selection(Card.parse("2c"))
    assert chosen_words(other).startswith("Your card: **2♣**. Now choose what it takes")
    assert check(position, other.trail()).legal
    table_first = Selection().toggle_loose(Card.parse("5c"))  # table first, then the card
    assert chosen_words(table_first).startswith("From the table: **5♣**.")
    assert table_first.toggle_hand(Card.parse("As")).loose == {Card.parse("5c")}


def test_an_action_with_nothing_chosen_says_what_to_choose_first() -> None:
    empty = Selection()
    assert first_choose(empty, CAPTURE) == (
        "Choose a card from your hand first, then the table cards it captures, then press "
        "Capture.")
    assert "then press Trail" in (first_choose(empty, TRAIL) or "")
    assert "then press Build" in (first_choose(empty, BUILD) or "")
    assert first_choose(empty.toggle_hand(Card.parse("2c")), CAPTURE) is None
    assert first_choose(empty.toggle_loose(Card.parse("2c")), TRAIL) is None  # judged
    assert chosen_words(empty) == ""


def test_a_selected_build_raised_by_a_hand_card() -> None:
    position = Position.parse("table: 5c [6: 3s 3d @1]; hand: 3h 8s 9c")
    (build,) = position.builds
    raise_it = Selection().toggle_hand(Card.parse("3h")).toggle_build(build)
    assert 9 in raise_it.build_values(position.rules)
    assert check(position, raise_it.build(9)).legal


def test_fit_forgets_what_is_gone() -> None:
    position = Position.parse("table: 5c; hand: 8s")
    sel = Selection(Card.parse("3d"), frozenset({Card.parse("5c"), Card.parse("9h")}))
    assert sel.fit(position) == Selection(None, frozenset({Card.parse("5c")}))


# ----- sandbox ------------------------------------------------------------------------------


def test_placing_cards_moves_them_never_duplicates() -> None:
    position = Position.parse("table: 5c; hand: 8s")
    moved = edit.place_card(position, Card.parse("5c"), edit.Place.HAND)
    assert moved.loose == () and Card.parse("5c") in moved.hand
    assert edit.remove_card(moved, Card.parse("8s")).hand == (Card.parse("5c"),)
    assert len(edit.free_cards(moved)) == 50


def test_adding_builds_checks_them() -> None:
    position = Position.parse("table: 3s 5h; hand: 8c")
    made = edit.add_build(position, [Card.parse("3s"), Card.parse("5h")], 8, 0)
    assert not made.problems and made.position.loose == ()
    bad = edit.add_build(position, [Card.parse("3s"), Card.parse("5h")], 7, 0)
    assert bad.problems and bad.position == position


def test_rules_changes_break_up_impossible_builds() -> None:
    position = Position.parse("table: [8: 3s 5h @0]; hand: 8c")
    changed = edit.with_rules(position, Rules.parse("no-builds"))
    assert changed.builds == () and len(changed.loose) == 2
    assert edit.with_players(position, 4, 3).seat == 3


def test_a_line_of_moves_steps_back_and_forward() -> None:
    start = Position.parse("table: 5c 3d; hand: 8s 2c")
    move = check(start, "8s x 5c+3d").move
    assert move is not None
    line = ln.Line(start).play(move)
    assert line.position.table_empty and line.steps[0].sweep
    assert line.piles() == {0: (3, 1)}
    assert line.back().position == start and line.back().forward() == line
    assert line.moves_text == "8s x 5c+3d"
    again = ln.Line.from_moves(start, [move])
    assert again.position == line.position


def test_the_turn_passes_only_to_a_known_hand() -> None:
    start = Position.parse("table: 5c; hand: 5s 9d; hand 1: 7h")
    move = check(start, "5s x 5c").move
    assert move is not None
    after = ln.next_position(start, move)
    assert after.seat == 1 and after.hand == (Card.parse("7h"),)
    alone = Position.parse("table: 5c; hand: 5s 9d")
    assert ln.next_position(alone, move).seat == 0


def test_describe_moves_says_what_each_does() -> None:
    effects = ln.describe_moves(Position.parse("table: 5h; hand: 5s 10c 5d"))
    words = {e.text: e.effect for e in effects}
    assert words["5s x 5h"] == "takes 1 card — a sweep!"
    assert words["5s b10 5h"] == "makes a single build of 10"
    assert words["5s b5 5h"] == "makes a multiple build of 5"
    assert effects[-1].move.kind == "trail"


# ----- lesson path and puzzles ---------------------------------------------------------


@dataclass(frozen=True)
class FakeStep:
    id: str
    kind: str


@dataclass(frozen=True)
class FakeLesson:
    id: str
    title: str
    requires: tuple[str, ...]
    steps: tuple[FakeStep, ...]
    summary: str = ""


def test_lesson_path_states_and_stars() -> None:
    one = FakeLesson("one", "One", (), (FakeStep("r", "read"), FakeStep("a", "play"),
                                        FakeStep("b", "choose")))
    two = FakeLesson("two", "Two", ("one",), (FakeStep("c", "play"),))
    fresh = lesson_flow.lesson_path([one, two], {})
    assert [e.state for e in fresh] == ["open", "locked"]
    assert fresh[1].missing == ("One",)
    progress = {"one": LessonProgress({"a": 3, "b": 2}, 3, True)}
    done = lesson_flow.lesson_path([one, two], progress)
    assert [e.state for e in done] == ["done", "open"] and done[0].solved == 2
    assert lesson_flow.lesson_stars(one, {"a": 3, "b": 2}) == 3
    assert lesson_flow.lesson_stars(one, {"a": 1, "b": 2}) == 2
    assert lesson_flow.unsolved(one, {"a": 3}) == ["b"]
    assert lesson_flow.star_text(2) == "★★☆"


@dataclass(frozen=True)
class FakePuzzle:
    id: str
    themes: tuple[str, ...]
    difficulty: int


def test_a_theme_link_names_known_themes_only() -> None:
    known = ["pairing", "sum", "sweep"]
    assert links.read_themes("sweep, sum,sum", known) == ["sum", "sweep"]  # known order, once
    assert links.read_themes("<script>,sums", known) == []
    assert links.read_themes(None, known) == []


def test_puzzle_filters_and_next() -> None:
    puzzles = [FakePuzzle("a", ("sum",), 3), FakePuzzle("b", ("build",), 1),
               FakePuzzle("c", ("sum", "sweep"), 5)]
    chosen = puzzle_flow.matching(puzzles, puzzle_flow.Filter(frozenset({"sum"})), {})
    assert [p.id for p in chosen] == ["a", "c"]
    easy = puzzle_flow.matching(puzzles, puzzle_flow.Filter(lowest=1, highest=3), {"b": True})
    assert [p.id for p in easy] == ["b", "a"]
    hidden = puzzle_flow.Filter(hide_solved=True)
    assert [p.id for p in puzzle_flow.matching(puzzles, hidden, {"b": True})] == ["a", "c"]
    review = puzzle_flow.Filter(missed_only=True)  # tried and missed; untried ones wait
    assert [p.id for p in puzzle_flow.matching(puzzles, review, {"b": True, "c": False})] == ["c"]
    assert puzzle_flow.matching(puzzles, review, {}) == []
    assert puzzle_flow.next_puzzle(puzzles, "a", {"b": True}).id == "c"  # type: ignore[union-attr]
    assert puzzle_flow.next_puzzle(puzzles, "c", {}).id == "a"  # type: ignore[union-attr]
    assert puzzle_flow.next_puzzle([], None) is None
