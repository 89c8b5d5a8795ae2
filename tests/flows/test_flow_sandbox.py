"""The Sandbox's controller without Streamlit: a dict for the session, a dict for the
link, each click a method call, and what the screen says after it."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Attempt, Build, Card, CassinoError, Position, legal_moves
from engine.position import build_issues
from tutorial_app.flows.line import describe_moves
from tutorial_app.flows.moveinput import Selection
from tutorial_app.flows.page import Tone
from tutorial_app.flows.position_edit import START_POSITION, Place
from tutorial_app.flows.sandbox import SandboxController, Step
from tutorial_app.words import words
from tutorial_app.words.i18n import t, using

W1 = "table: Ac 2d 3h 5s 6c 8d; hand: 8s"


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


class Page:
    """A Sandbox tab: the session's state and the address bar, and a fresh controller
    for every script run, as the app builds one."""

    def __init__(self, **params: str) -> None:
        self.memory: dict[str, Any] = {}
        self.params: dict[str, str] = dict(params)

    def run(self) -> SandboxController:
        ctl = SandboxController(self.memory, self.params)
        ctl.sync()
        return ctl

    def set(self, widget: str, value: object) -> SandboxController:
        """A widget changed by the user (its value lands in the session first)."""
        ctl = SandboxController(self.memory, self.params)
        self.memory[ctl.key(widget)] = value
        return ctl


def capture(card: str, *taken: str) -> Attempt:
    return Attempt.selection(Card.parse(card), "capture", cards(" ".join(taken)), [], None)


def test_a_fresh_sandbox_shows_the_start_position_and_puts_it_in_the_link() -> None:
    page = Page()
    screen = page.run().screen()
    assert screen.position == Position.parse(START_POSITION)
    assert page.params == {"position": screen.position.text}
    assert screen.notice is None and screen.played == () and not screen.can_back
    assert {e.text for e in screen.moves} == {m.text for m in legal_moves(screen.position)}
    assert page.memory["sandbox.text"] == screen.position.text  # the notation box follows


def test_every_legal_move_is_listed_with_what_it_does() -> None:
    screen = Page(position=W1).run().screen()
    assert {e.text for e in screen.moves} == {m.text for m in legal_moves(Position.parse(W1))}
    assert "takes 5 cards" in [e.effect for e in screen.moves]
    assert screen.moves[-1].move.kind == "trail"  # captures first, trails last


def test_a_move_is_judged_once_and_a_legal_one_is_played() -> None:
    page = Page(position=W1)
    ctl = page.run()
    ctl.try_move(capture("8s", "6c", "3h"))
    notice = page.run().screen().notice
    assert notice is not None and notice.tone == Tone.REFUSED
    assert "6♣" in notice.text and "3♥" in notice.text and notice.rule
    page.memory["sandbox.sel"] = Selection(Card.parse("8s"), frozenset(cards("8d")))
    page.run().try_move(capture("8s", "8d"))
    ctl = page.run()
    screen = ctl.screen()
    assert screen.notice is not None and screen.notice.tone == Tone.PLAYED
    assert "8♠ takes 8♦" in screen.notice.text
    assert Card.parse("8d") not in screen.position.loose
    assert page.memory["sandbox.sel"] == Selection()  # the clicked cards are let go
    assert page.params == {"position": Position.parse(W1).text, "moves": "8s x 8d"}
    assert [p.pretty for p in screen.played] == ["8♠ takes 8♦"] and screen.played[0].current
    assert [(p.seat, p.cards, p.sweeps) for p in screen.piles] == [(0, 2, 0)]


def test_back_forward_start_and_end_step_through_the_line() -> None:
    page = Page(position="table: 5c 3d 9h; hand: 8s 3h; hand 1: 9c 2d",
                moves="8s x 5c+3d,9c x 9h")
    ctl = page.run()
    assert ctl.screen().position.table_empty and ctl.screen().can_back
    ctl.step(Step.BACK)
    screen = page.run().screen()
    assert screen.position.seat == 1 and Card.parse("9h") in screen.position.loose
    assert [p.current for p in screen.played] == [True, False] and screen.can_forward
    assert page.params["moves"] == "8s x 5c+3d"  # the link follows the cursor
    page.run().step(Step.START)
    assert page.run().screen().position == Position.parse(
        "table: 5c 3d 9h; hand: 8s 3h; hand 1: 9c 2d")
    page.run().step(Step.END)
    assert page.run().screen().position.table_empty
    page.run().step(Step.BACK)
    page.run().try_move(Attempt.selection(Card.parse("9c"), "trail", [], [], None))
    screen = page.run().screen()
    assert len(screen.played) == 2 and not screen.can_forward  # a new move drops the rest


def test_a_move_from_the_list() -> None:
    page = Page(position="table: 5c; hand: 3d 8s")
    page.run()
    page.set("listed", "3d b8 5c").play_listed()
    screen = page.run().screen()
    assert [b.value for b in screen.position.builds] == [8]
    assert screen.notice is not None and screen.notice.tone == Tone.PLAYED
    assert screen.notice.text == "3♦ builds 8 with 5♣: makes a single build of 8."


def test_setting_up_card_by_card() -> None:
    page = Page()
    page.run().clear_all()
    ctl = page.run()
    assert ctl.screen().position.table_empty and len(ctl.screen().free) == 52
    ctl.place(Card.parse("7s"))
    page.set("place", Place.HAND.value).place(Card.parse("7h"))
    screen = page.run().screen()
    assert screen.position.loose == (Card.parse("7s"),)
    assert screen.position.hand == (Card.parse("7h"),)
    assert page.params == {"position": "table: 7s; hand: 7h"}
    page.set("place", Place.TABLE.value).place(Card.parse("7h"))  # moved, never doubled
    assert page.run().screen().position.loose == tuple(cards("7s 7h"))
    page.run().take_out(Card.parse("7s"))
    assert page.run().screen().placed == (Card.parse("7h"),)


def test_a_build_assembled_from_the_tray() -> None:
    page = Page(position="table: 2c; hand: 7d")
    page.run()
    page.set("place", Place.BUILD.value)
    ctl = page.run()
    for card in ("3d", "4c", "2c", "2c"):  # the 2♣ clicked twice: out of the draft again
        ctl.place(Card.parse(card))
    screen = page.run().screen()
    assert screen.drafting and screen.draft == tuple(cards("3d 4c"))
    assert screen.draft_value == 7 and Card.parse("3d") not in screen.free
    page.set("build_value", 6).add_build()
    notice = page.run().screen().notice
    assert notice is not None and notice.tone == Tone.REFUSED  # 3 + 4 is not 6
    page.set("build_value", 7).add_build()
    screen = page.run().screen()
    assert [(b.value, b.cards) for b in screen.position.builds] == [(7, tuple(cards("3d 4c")))]
    assert screen.draft == () and screen.notice is None
    page.run().take_out(Card.parse("7d"))  # seat 0 controls a 7-build with no 7 in hand
    screen = page.run().screen()
    assert screen.problems and screen.moves == () and screen.advice is None


def test_a_position_typed_in_notation() -> None:
    page = Page()
    page.run()
    page.set("text", "table: Qs Qh; hand: Qd; rules: royal").load_text()
    screen = page.run().screen()
    assert "Qd x Qs Qh" in {e.text for e in screen.moves}
    assert page.memory["sandbox.preset"] == "royal"  # the rules widgets show its rules
    page.set("text", "table: Zz").load_text()
    screen = page.run().screen()
    assert screen.notice is not None and "The position you typed cannot be read" in (
        screen.notice.text)
    assert "Qd x Qs Qh" in {e.text for e in screen.moves}  # what was shown stays


def test_rules_players_seat_and_last_play() -> None:
    page = Page(position="table: Qs Qh [8: 5h 3s @0]; hand: Qd 8c")
    page.run()
    assert "Qd x Qs Qh" not in {e.text for e in page.run().screen().moves}
    page.set("preset", "royal").set_preset()
    assert "Qd x Qs Qh" in {e.text for e in page.run().screen().moves}
    page.set("preset", "no-builds").set_preset()
    assert page.run().screen().position.builds == ()  # broken up into loose cards
    page.set("rule.face_capture", "no-such-value").set_setting("face_capture")
    notice = page.run().screen().notice
    assert notice is not None and notice.tone == Tone.REFUSED and "face_capture" in notice.text
    page.set("players", 3)
    page.set("seat", 2)
    page.set("last", True).set_table_shape()
    screen = page.run().screen()
    assert (screen.position.players, screen.position.seat, screen.position.last) == (3, 2, True)
    assert screen.seats == (0, 1, 2)


def test_the_computer_advice_only_when_asked() -> None:
    page = Page(position="table: 5d 4c [9: 6s 3h @1]; hand: 9c 2h 7d Kh")
    assert page.run().screen().advice is None
    page.set("advice", True)
    advice = page.run().screen().advice
    assert advice is not None and advice.move and advice.reason


def test_a_bad_link_is_explained() -> None:
    page = Page(position="table: Zz <b>bold</b>")
    screen = page.run().screen()
    assert screen.notice is not None and "cannot be read" in screen.notice.text
    page = Page(position="table: 5c 3d; hand: 8s", moves="8s x 5c")
    screen = page.run().screen()
    assert screen.notice is not None and "A move in the link cannot be played" in (
        screen.notice.text)
    assert screen.played == ()


def test_a_value_left_by_an_older_version_is_dropped_not_trusted() -> None:
    page = Page()
    page.memory["sandbox.line"] = "not a line"
    page.memory["sandbox.place"] = None  # the segmented control unselected
    ctl = page.run()
    assert ctl.screen().position == Position.parse(START_POSITION)
    ctl.place(Card.parse("2s"))  # a card goes to the table
    assert Card.parse("2s") in page.run().screen().position.loose


def test_the_links_to_share_and_to_the_classroom() -> None:
    page = Page(position=W1, moves="8s x 8d")
    screen = page.run().screen()
    assert screen.classroom == {"position": screen.position.text}
    url = page.run().share_url("http://h:8501/sandbox?position=x")
    assert url.startswith("http://h:8501/sandbox?position=") and "moves=8s+x+8d" in url


@pytest.mark.parametrize("where", list(Step))
def test_stepping_an_empty_line_does_nothing(where: Step) -> None:
    page = Page(position=W1)
    page.run().step(where)
    assert page.run().screen().position == Position.parse(W1)


def test_advice_refused_at_the_work_limit_is_said_not_silent() -> None:
    """A table whose moves the computer cannot weigh in time: the advice says so, in the
    catalogue's words, instead of drawing nothing."""
    from tutorial_app.flows.advice import advice_for

    small = " ".join(f"{rank}{suit}" for rank in "A2345" for suit in "shdc")
    crowded = Position.parse(f"table: {small} 6s 6h; hand: 10s 9h 8d 7c")
    refused = advice_for(crowded)
    assert refused is not None and refused.too_much_work and refused.move == ""
    plain = advice_for(Position.parse("table: 5c 3d; hand: 8s 2h"))
    assert plain is not None and not plain.too_much_work and "8♠" in plain.move


# ----- what is said is kept as keys and facts, worded when drawn ---------------------


def english_free(memory: dict[str, Any]) -> bool:
    """No sentence in the session's memory (apart from the learner's own typing): the
    notice kept says what it says as keys and facts or codes, not words."""
    notice = memory.get("sandbox.notice")
    return (notice is not None and not isinstance(notice.said, str)
            and not any(isinstance(value, str) and (" the " in value or " is " in value)
                        for key, value in memory.items() if key != "sandbox.text"))


def test_a_link_error_is_drawn_in_the_language_of_the_drawing() -> None:
    """The learner follows an impossible position's link, then switches to Portuguese:
    the problem drawn next is the Portuguese sentence, and the memory kept no English."""
    text = "table: 5c; hand: 5c"
    page = Page(position=text)
    page.run()
    assert english_free(page.memory)
    problems = Position.parse(text).issues()
    english = t("links.impossible", problems=" ".join(words.problem(p) for p in problems))
    with using("pt-BR"):
        notice = page.run().screen().notice
        portuguese = t("links.impossible",
                       problems=" ".join(words.problem(p) for p in problems))
    assert notice is not None and notice.tone == Tone.REFUSED
    assert notice.text == english  # this run is English again
    with using("pt-BR"):
        assert notice.text == portuguese != english
    assert "A posição do link é impossível" in portuguese


def test_a_bad_move_in_a_link_is_drawn_in_the_language_of_the_drawing() -> None:
    page = Page(position="table: 5c 3d; hand: 8s", moves="8s x 5c")
    page.run()
    assert english_free(page.memory)
    with using("es"):
        notice = page.run().screen().notice
        assert notice is not None
        spanish = notice.text
        assert spanish.startswith(t("links.bad_move", error="").rstrip())
    assert spanish.startswith("Una jugada del enlace no se puede hacer")
    assert notice.text.startswith("A move in the link cannot be played")


def test_a_typed_position_that_cannot_be_read_is_drawn_in_the_new_language() -> None:
    page = Page()
    page.run()
    page.set("text", "table: Zz").load_text()
    assert english_free(page.memory)
    with pytest.raises(CassinoError) as caught:
        Position.parse("table: Zz")
    with using("it"):
        notice = page.run().screen().notice
        assert notice is not None
        italian = t("links.typed.unreadable", error=words.error(caught.value))
        assert notice.text == italian
    assert italian.startswith("La posizione che hai scritto non si può leggere")
    assert notice.text == t("links.typed.unreadable", error=words.error(caught.value))


def test_a_refused_build_is_worded_when_drawn() -> None:
    """A build that cannot exist is told in the learner's language, from its codes."""
    page = Page(position="table: 2c; hand: 7d")
    page.run()
    page.set("place", Place.BUILD.value)
    ctl = page.run()
    for card in ("3d", "4c"):
        ctl.place(Card.parse(card))
    page.set("build_value", 6).add_build()
    assert english_free(page.memory)
    position = Position.parse("table: 2c; hand: 7d")
    found = build_issues(Build(6, tuple(cards("3d 4c")), 0), position.rules, position.players)
    assert found
    with using("pt-BR"):
        notice = page.run().screen().notice
        assert notice is not None and notice.tone == Tone.REFUSED
        assert notice.text == " ".join(words.problem(p) for p in found)
        portuguese = notice.text
    assert notice.text == " ".join(words.problem(p) for p in found) != portuguese


def test_what_a_build_move_does_is_one_whole_sentence_per_case() -> None:
    """"makes a multiple build" is its own entry, so the translation makes the kind
    agree with the build ("uma construção múltipla"), never "a {kind} build"."""
    position = Position.parse("table: 5h 4c; hand: 5s 9c 10c 5d")
    with using("pt-BR"):
        effects = {e.text: e.effect for e in describe_moves(position)}
    assert effects["5s b10 5h"] == "faz uma construção simples de 10"
    assert effects["5s b5 5h"] == "faz uma construção múltipla de 5"
    after = Position.parse("table: [9: 5h 4c @0]; hand: 9c 5d 9s; hand 1: 9d")
    with using("it"):
        effects = {e.text: e.effect for e in describe_moves(after)}
    assert effects["9s b9 [4c 5h]"] == "si aggiunge a una costruzione multipla di 9"
