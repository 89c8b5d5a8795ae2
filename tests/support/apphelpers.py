"""Helpers for the app tests: open pages as a link would, click like a learner."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from streamlit.testing.v1 import AppTest

from tutorial_app.flows.play.game import Game

APP = Path(__file__).resolve().parents[2] / "tutorial_app" / "app.py"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
PAGES = {
    "learn": "views/learn.py",
    "puzzles": "views/puzzles.py",
    "sandbox": "views/sandbox.py",
    "classroom": "views/classroom.py",
    "rules": "views/rules.py",
    "play": "views/play.py",
    "live": "views/live.py",
    "practice": "views/practice.py",
}
TEACHER_PAGES = {"classroom"}
# The first teacher of every app test's store (tests/support/appfixtures.py's `env` sets these);
# a teacher page opened by `open_page` is opened signed in as them, id 1 in a fresh store.
TEACHER = ("Teacher", "teacher-pass")


def new_app() -> AppTest:
    return AppTest.from_file(str(APP), default_timeout=60)


def open_page(at: AppTest, page: str, **params: str) -> AppTest:
    """Run the app once, then open a page (with link parameters, as a shared link would)."""
    at.run()
    at.query_params.clear()
    at.query_params.update(params)
    if page in TEACHER_PAGES and "teacher_id" not in at.session_state:
        at.session_state["teacher_id"] = 1
    at.switch_page(PAGES[page]).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def sign_in(at: AppTest, name: str = "Ana") -> AppTest:
    """Type a name into the welcome form and press Start."""
    at.text_input(key="signin_name").input(name)
    start = next(b for b in at.button if b.label == "Start learning")
    start.click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def class_sign_in(at: AppTest, code: str, name: str, first: int, second: int) -> AppTest:
    """The class sign-in form: the class code, the name and the two secret pictures
    (indexes into services/pictures.PICTURES), then Sign in."""
    at.text_input(key="signin_code").input(code)
    at.text_input(key="signin_class_name").input(name)
    at.button_group(key="signin_picture_1").set_value(first)
    at.button_group(key="signin_picture_2").set_value(second)
    next(b for b in at.button if b.label == "Sign in").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def click(at: AppTest, key: str) -> AppTest:
    at.button(key=key).click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def texts(at: AppTest) -> str:
    """Everything the page says in markdown, alerts and captions, as one string."""
    parts: list[str] = []
    for kind in (at.markdown, at.success, at.error, at.warning, at.info, at.caption,
                 at.title, at.subheader, at.header):
        parts.extend(str(el.value) for el in kind)
    return "\n".join(parts)


def play_until(game: Game, stop: Callable[[Game], bool] | None = None,
               limit: int = 2000) -> Game:
    """Play a game on without the page: the learner takes the first legal move, the
    computer its own, until `stop(game)` is true or the game is over."""
    for _ in range(limit):
        if (stop is not None and stop(game)) or game.over:
            return game
        if game.hand_over:
            game = game.next_hand()
        elif game.your_turn:
            game, verdict = game.attempt(game.state.legal_moves()[0].as_attempt())
            assert verdict.legal
        else:
            game = game.advance()
    raise AssertionError("the game did not stop")


def let_in(code: str) -> list[str]:
    """The teacher's "Approve all" for the class of that code (a new class waits for
    the teacher's approval of each join): the names let in. The store is the app
    test's own ($CASSINO_DB, set by conftest.py's `env`)."""
    import os

    from tutorial_app.services.classes import ClassStore
    from tutorial_app.services.store import ProgressStore

    with ProgressStore(os.environ["CASSINO_DB"]) as store:
        rooms = ClassStore(store)
        room = rooms.class_by_code(code)
        assert room is not None, code
        return [name for name, why in rooms.approve_all(room.id) if why is None]
