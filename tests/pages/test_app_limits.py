"""The app's doors over their limits, as a websocket client could send them
(the web server refuses an address over 64 KB; the session's query parameters have
no such bound): the page answers at once with a message naming the limit."""

from __future__ import annotations

from apphelpers import open_page, texts
from streamlit.testing.v1 import AppTest

from engine import Position
from tutorial_app.flows import links
from tutorial_app.flows.line import MOVES_LISTED, describe_moves
from tutorial_app.flows.sandbox import SandboxController

SMALL = " ".join(f"{rank}{suit}" for rank in "A2345" for suit in "shdc") + " 6s 6h"
TWENTY_TWO = f"table: {SMALL}; hand: 10s 9h 8d 7c"


def shown(at: AppTest) -> str:
    return texts(at).replace("\\", "")


def test_ninety_thousand_brackets_in_a_link_answer_at_once(app: AppTest) -> None:
    open_page(app, "sandbox", position="table: 5c; hand: 8s", moves="[" * 90_000)
    assert f"at most {links.MAX_MOVES_TEXT}" in shown(app)
    found = links.read_position("table: 5c; hand: 8s", "[" * 90_000)
    assert found.position is None and found.error is not None
    assert "too long" in found.error
    long_move = links.read_position("table: 5c; hand: 8s", "8s x " + "[" * 2000)
    assert long_move.position is not None and long_move.moves == ()
    assert long_move.error is not None and "too long" in long_move.error


def test_a_link_to_twenty_two_small_cards_is_refused_with_the_limit(app: AppTest) -> None:
    found = links.read_position(TWENTY_TWO)
    assert found.position is None and found.error is not None
    assert "MAX_GENERATION_WORK" in found.error
    open_page(app, "sandbox", position=TWENTY_TWO)
    assert "too many ways to play" in shown(app)
    open_page(app, "classroom", position=TWENTY_TWO)
    assert "too many ways to play" in shown(app)


def test_a_table_set_up_by_clicks_over_the_limit_is_a_problem_not_an_error() -> None:
    memory: dict[str, object] = {}
    sandbox = SandboxController(memory, {})
    sandbox.sync()
    sandbox._edit(Position.parse(TWENTY_TWO))  # as twenty-two clicks on the tray would
    screen = sandbox.screen()
    assert screen.moves == () and "too many ways to play" in " ".join(screen.problems)


def test_the_moves_described_are_bounded() -> None:
    extreme = Position.parse("table: Ac Ad Ah 2c 2d 2h 3c 3d 3h 4c 4d 4h 5c 5d; "
                             "hand: 10c 9c 8c 7c")
    effects = describe_moves(extreme)
    assert len(effects) == MOVES_LISTED
    assert effects[0].move.kind == "capture" and len(effects[0].move.taken_cards) >= 10
