"""Goals as predicates on legal moves, with their plain-word descriptions and
their explanations of a miss."""

from __future__ import annotations

import pytest

from engine import Position, legal_moves, parse_move
from tutorial_app.course import goals
from tutorial_app.course.judge.answers import solutions
from tutorial_app.course.reading.goal_reader import GoalReader
from tutorial_app.course.reading.yamlsrc import Source, compose
from tutorial_app.course.scene import Scene


def goal_of(text: str, position: Position) -> goals.Goal:
    src = Source("goal.yaml")
    node = compose(text, src)
    assert node is not None
    goal = GoalReader(src, position, position.rules).read(node, "goal")
    assert src.errors == [] and goal is not None
    return goal


def answers(goal_text: str, position_text: str) -> list[str]:
    position = Position.parse(position_text)
    return [m.text for m in solutions(position, goal_of(goal_text, position))]


def miss(goal_text: str, position_text: str, move_text: str) -> str:
    position = Position.parse(position_text)
    goal = goal_of(goal_text, position)
    trial = Scene(position).trial(parse_move(move_text, position))
    assert not goal.met(trial)
    return goal.miss(trial)


W1 = "table: Ac 2d 3h 5s 6c 8d; hand: 8s"


def test_any() -> None:
    position = Position.parse("table: 5c; hand: 5s 9d")
    assert len(answers("any", position.text)) == len(legal_moves(position))
    assert goals.AnyMove.legality_only


def test_capture_exact_and_at_least() -> None:
    assert answers("{capture: [8d]}", W1) == ["8s x 8d"]
    assert sorted(answers("{capture-at-least: [8d, 6c, 2d]}", W1)) == [
        "8s x 8d 6c+2d", "8s x 8d 6c+2d 5s+3h"]
    assert goal_of("{capture: [5c, 3d]}", Position.parse("table: 5c 3d; hand: 8s")).describe() \
        == "take 5♣ and 3♦"


def test_capture_names_builds_by_cards_or_value() -> None:
    position = "table: 2d [9: 6s 3h @1]; hand: 9c 4s"
    assert answers('{capture: ["[3h 6s]"]}', position) == ["9c x [3h 6s]"]
    assert answers("{capture: [[6s, 3h]]}", position) == ["9c x [3h 6s]"]
    assert answers('{capture: ["[9]"]}', position) == ["9c x [3h 6s]"]
    goal = goal_of('{capture: ["[9]"]}', Position.parse(position))
    assert goal.describe() == "take the 9-build (3♥ 6♠)"


def test_capture_miss_says_what_is_left_and_what_is_extra() -> None:
    table = "table: 5c 3d 9h 8h; hand: 8s"
    assert miss("{capture: [5c, 3d]}", table, "8s x 8h") == \
        "it leaves 5♣ and 3♦ on the table; it also takes 8♥"
    assert miss("{capture: [5c, 3d]}", table, "8s t") == "it takes nothing"


def test_most_cards() -> None:
    assert answers("most-cards", W1) == ["8s x 8d 6c+2d 5s+3h"]  # W1: never all six
    assert miss("most-cards", "table: 2c 3d 5h 6s; hand: 8s 4d", "8s x 5h+3d") == \
        "it takes 2 cards, but 8♠ could take 4 cards"
    assert miss("most-cards", "table: 2c 3d 5h 6s; hand: 8s 4d", "4d t") == \
        "it takes no table card, but 8♠ could take 4 cards"


def test_sweep() -> None:
    assert answers("sweep", "table: 4c 6h 10s; hand: 10d 3s") == ["10d x 10s 6h+4c"]
    assert miss("sweep", "table: 4c 6h 10s; hand: 10d 3s", "10d x 10s") == \
        "it leaves 4♣ and 6♥ on the table"
    assert miss("sweep", "table: 4c 6h 10s; hand: 10d 3s", "3s t") == \
        "only a capture can sweep the table"


def test_sweep_on_the_last_play_depends_on_the_rules() -> None:
    last = "table: 3h 4d; hand: 7s; last"
    assert answers("{all: [sweep, {play: 7s}]}", last + "; rules: classic") == ["7s x 4d+3h"]
    position = Position.parse(last + "; rules: classic last_play_sweep=false")
    assert solutions(position, goals.Sweep()) == ()


def test_build_value() -> None:
    w4 = "table: Ac 2d; hand: 3h 3s 6d"
    assert sorted(answers("{build: 6}", w4)) == ["3h b6 Ac 2d", "3s b6 Ac 2d"]
    assert sorted(answers("{build: 3}", w4)) == ["3h b3 Ac 2d", "3s b3 Ac 2d"]
    assert miss("{build: 6}", w4, "3h b3 Ac 2d") == "it builds 3, not 6"
    assert miss("{build: 6}", w4, "6d t") == "it is not a build"
    assert goal_of("{build: 8}", Position.parse(w4)).nudge() == \
        "A build of 8 needs an 8 left in your hand to take it later."


def test_build_value_covers_raises_and_additions() -> None:
    w11 = "table: 9d [7: 3c 4h @1]; hand: 2s 9c"
    assert sorted(answers("{build: 9}", w11)) == ["2s b9 [3c 4h]", "2s b9 [3c 4h] 9d"]


def test_take_build() -> None:
    table = "table: 2d [9: 6s 3h @1] [5: 4c Ah @1]; hand: 9c 5s"
    assert sorted(answers("take-build", table)) == ["5s x [Ah 4c]", "9c x [3h 6s]"]
    assert answers("{take-build: 5}", table) == ["5s x [Ah 4c]"]
    assert miss("{take-build: 5}", table, "9c x [3h 6s]") == "it takes no build of 5"
    assert miss("take-build", table, "9c t") == "it takes no build"


def test_no_sweep_left() -> None:
    table = "table: 7h 9c; hand: 2d 2c 4s"
    assert answers("no-sweep-left", table) == ["4s t"]
    assert miss("no-sweep-left", table, "2d t") == "afterwards a 9 could take the whole table"


def test_points_at_least() -> None:
    table = "table: Ac 7h 2s 9d; hand: 3h 9c"
    assert answers("{points-at-least: 2}", table) == ["3h x 2s+Ac"]
    assert miss("{points-at-least: 2}", table, "9c x 7h+2s") == \
        "it wins 1 point (2♠: 1 point); the goal asks for 2 points"
    assert miss("{points-at-least: 2}", table, "9c t") == \
        "it wins no points; the goal asks for 2 points"


def test_points_count_big_casino_and_a_sweep() -> None:
    assert answers("{points-at-least: 3}", "table: 10d; hand: 10s 4c") == ["10s x 10d"]


def test_kind_play_move() -> None:
    table = "table: 5c 3d; hand: 8s 2c"
    assert sorted(answers("{kind: trail}", table)) == ["2c t", "8s t"]
    assert answers("{play: 8s}", "table: 9h; hand: 8s 2c") == ["8s t"]
    assert answers('{move: "8s x 3d+5c"}', table) == ["8s x 5c+3d"]
    assert miss("{kind: capture}", table, "8s t") == ""  # "8♠ trails" said it already
    assert miss("{play: 2c}", table, "8s t") == "it plays 8♠"
    assert goal_of('{move: "8s x 3d+5c"}', Position.parse(table)).describe() == \
        "take 5♣+3♦ with 8♠"


def test_combinators() -> None:
    table = "table: 5c 3d 9h; hand: 8s 2c 9s"
    assert sorted(answers("{any-of: [{play: 2c}, {capture: [9h]}]}", table)) == ["2c t",
                                                                                "9s x 9h"]
    assert answers("{all: [{kind: trail}, {not: {play: 2c}}]}", table) == ["8s t", "9s t"]
    goal = goal_of("{all: [{kind: trail}, {not: {play: 2c}}]}", Position.parse(table))
    assert goal.describe() == "trail a card and do not play 2♣"
    assert miss("{not: {play: 2c}}", table, "2c t") == \
        "it does what the step asks you not to do (play 2♣)"
    assert miss("{any-of: [{play: 2c}, sweep]}", table, "8s t") == "it does none of these"


@pytest.mark.parametrize("text", [
    "any", "most-cards", "sweep", "take-build", "no-sweep-left", "{build: 8}",
    "{take-build: 9}", "{points-at-least: 2}", "{kind: build}", "{play: 8s}",
    '{move: "8s t"}', "{capture: [5c]}", "{capture-at-least: [5c]}",
    "{all: [sweep, {play: 8s}]}", "{any-of: [sweep, most-cards]}", "{not: sweep}",
])
def test_goal_data_round_trips(text: str) -> None:
    import yaml

    position = Position.parse("table: 5c 3d [9: 6s 3h @1]; hand: 8s 9c")
    goal = goal_of(text, position)
    again = goal_of(yaml.safe_dump(goal.data(), default_flow_style=True), position)
    assert again == goal
    assert goal.describe() and goal.nudge()


def test_every_goal_name_is_readable() -> None:
    assert set(goals.GOAL_NAMES) == {
        "any", "capture", "capture-at-least", "most-cards", "sweep", "build", "take-build",
        "no-sweep-left", "points-at-least", "kind", "play", "move", "all", "any-of", "not"}
