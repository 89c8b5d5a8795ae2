"""The protocol client's page model, fed ForwardMsgs as the server sends them (no
server needed), and the scenarios' reading of the card table."""

from __future__ import annotations

import asyncio
import random

from streamlit.proto.ClientState_pb2 import ClientState
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from tutorial_app.tools.loadtest.client import Page, Session, Widget, user_key
from tutorial_app.tools.loadtest.scenarios import card_value, cards, plan_move


def _run(session: Session, *deltas: ForwardMsg, status: int = ForwardMsg.FINISHED_SUCCESSFULLY,
         fragment: str = "") -> None:
    started = ForwardMsg()
    started.new_session.page_script_hash = "hash-learn"
    if fragment:
        started.metadata.run.fragment_ids.append(fragment)
    session._handle(started, 0.0)
    for delta in deltas:
        session._handle(delta, 0.0)
    finished = ForwardMsg()
    finished.script_finished = status  # type: ignore[assignment]
    session._handle(finished, 0.0)


def _button(path: list[int], key: str, label: str, **extra: object) -> ForwardMsg:
    msg = ForwardMsg()
    msg.metadata.delta_path.extend(path)
    button = msg.delta.new_element.button
    button.id = f"$$ID-0123abcd-{key}"
    button.label = label
    for name, value in extra.items():
        setattr(button, name, value)
    return msg


def _checkbox(path: list[int], key: str, value: bool) -> ForwardMsg:
    msg = ForwardMsg()
    msg.metadata.delta_path.extend(path)
    box = msg.delta.new_element.checkbox
    box.id = f"$$ID-0123abcd-{key}"
    box.label = key
    box.default = value
    return msg


def _alert(path: list[int], body: str, level: int, fragment: str = "") -> ForwardMsg:
    msg = ForwardMsg()
    msg.metadata.delta_path.extend(path)
    msg.delta.fragment_id = fragment
    msg.delta.new_element.alert.body = body
    msg.delta.new_element.alert.format = level  # type: ignore[assignment]
    return msg


def test_user_key_comes_from_the_widget_id() -> None:
    assert user_key("$$ID-5f3a-open-pairing") == "open-pairing"
    assert user_key("$$ID-5f3a-FormSubmitter:signin-Start learning") == \
        "FormSubmitter:signin-Start learning"
    assert user_key("$$ID-5f3a-None") is None
    assert user_key("plain") is None


def test_a_finished_run_replaces_the_page_and_an_interrupted_one_does_not() -> None:
    session = Session("http://127.0.0.1:1")
    _run(session, _button([0, 0], "step-next", "Next"), _alert([0, 1], "Right!", 4))
    assert session.page.first(key="step-next") is not None
    assert session.page.alerts("success") == ["Right!"]
    assert session.page_hash == "hash-learn"
    _run(session, _button([0, 0], "to-path", "All lessons"),
         status=ForwardMsg.FINISHED_EARLY_FOR_RERUN)
    assert session.page.first(key="step-next") is not None  # still the old page
    _run(session, _button([0, 0], "finish", "Finish lesson"))
    assert [w.key for w in session.page.find()] == ["finish"]


def test_a_fragment_run_replaces_the_fragments_part_of_the_page_only() -> None:
    """What a fragment drew before and not in its new run is gone (the browser drops
    it too); the rest of the page stays as the last full run drew it."""
    session = Session("http://127.0.0.1:1")

    def in_fragment(msg: ForwardMsg) -> ForwardMsg:
        msg.delta.fragment_id = "frag-1"
        return msg

    _run(session, _button([0, 0], "sign-out", "Switch learner"),
         in_fragment(_button([0, 1, 0], "learn-capture", "Capture")),
         _alert([0, 1, 1], "Not allowed", 2, fragment="frag-1"),
         in_fragment(_button([0, 1, 2], "step-next", "Next")))
    assert session.page.first(key="learn-capture") is not None
    capture = session.page.first(key="learn-capture")
    assert capture is not None and capture.fragment_id == "frag-1"
    _run(session, _alert([0, 1, 0], "Right!", 4, fragment="frag-1"),
         in_fragment(_button([0, 1, 1], "step-next", "Next", type="primary")),
         status=ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY, fragment="frag-1")
    assert session.page.first(key="learn-capture") is None  # solved: no move buttons
    assert session.page.alerts("error") == []
    assert session.page.alerts("success") == ["Right!"]
    assert [w.key for w in session.page.find()] == ["sign-out", "step-next"]


def test_exceptions_on_the_page_are_kept_for_the_click() -> None:
    session = Session("http://127.0.0.1:1")
    boom = ForwardMsg()
    boom.metadata.delta_path.extend([0, 3])
    boom.delta.new_element.exception.type = "KeyError"
    boom.delta.new_element.exception.message = "'learn.step'"
    _run(session, boom)
    assert session.page.exceptions == ["KeyError: 'learn.step'"]
    assert session._run_exceptions == ["KeyError: 'learn.step'"]


def test_widget_states_carry_every_value_and_the_clicked_trigger() -> None:
    session = Session("http://127.0.0.1:1")
    _run(session, _checkbox([1, 0], "four_colour", False), _checkbox([0, 0], "learn.opt.x.0", True),
         _button([0, 1], "check-choice", "Check"))
    trigger = ClientState().widget_states.widgets.add(id="$$ID-0123abcd-check-choice",
                                                      trigger_value=True)
    state = session._client_state(trigger=trigger)
    sent = {w.id.rsplit("-", 1)[-1] if "opt" not in w.id else "opt": w
            for w in state.widget_states.widgets}
    assert sent["four_colour"].bool_value is False
    assert sent["opt"].bool_value is True
    assert sent["choice"].trigger_value is True
    assert state.page_script_hash == "hash-learn"
    assert state.context_info.url.startswith("http://127.0.0.1:1/")


def test_find_by_label_prefers_the_exact_label_and_skips_disabled() -> None:
    page = Page()
    page.widgets[(0, 0)] = Widget("$$ID-a-next-puzzle", "button", "Next puzzle", (0, 0))
    page.widgets[(0, 1)] = Widget("$$ID-a-step-next", "button", "Next", (0, 1))
    page.widgets[(0, 2)] = Widget("$$ID-a-finish", "button", "Finish", (0, 2), disabled=True)
    assert [w.key for w in page.find(label="Next")] == ["step-next", "next-puzzle"]
    assert page.first(key="finish") is None
    assert page.first(key="finish", enabled=False) is not None


def _card(key: str, label: str) -> Widget:
    return Widget(f"$$ID-a-{key}", "button", label, (0, len(key)))


def test_card_values_from_labels_or_keys() -> None:
    assert card_value(_card("cb-learn-h-9d", "nine of diamonds (selected)")) == 9
    assert card_value(_card("cb-learn-h-Ks", "king of spades")) == 13
    assert card_value(_card("cb-learn-b9-63", "build of 9 (single): 6♥, 3♣; controlled by you")) \
        == 9
    assert card_value(_card("cb-learn-t-10h", "??")) == 10  # the key, when the words change
    assert card_value(_card("something", "??")) is None


def test_plan_pairs_a_matching_card_else_builds_else_trails() -> None:
    page = Page()
    for i, (key, label) in enumerate([("cb-p-t-6h", "six of hearts"),
                                      ("cb-p-h-3c", "three of clubs"),
                                      ("cb-p-h-9d", "nine of diamonds")]):
        page.widgets[(0, i)] = Widget(f"$$ID-a-{key}", "button", label, (0, i))
    assert len(cards(page, "hand")) == 2 and len(cards(page, "table")) == 1
    plan = plan_move(page, random.Random(3), careless=0.0)
    assert plan is not None
    assert (plan.hand.key, [t.key for t in plan.table], plan.action) == \
        ("cb-p-h-3c", ["cb-p-t-6h"], "build")
    page.widgets[(0, 9)] = Widget("$$ID-a-cb-p-t-9s", "button", "nine of spades", (0, 9))
    plan = plan_move(page, random.Random(3), careless=0.0)
    assert plan is not None and plan.action == "capture" and plan.hand.key == "cb-p-h-9d"
    assert plan_move(Page(), random.Random(3)) is None


def test_wait_for_sees_a_run_the_server_pushed() -> None:
    """What a projector scenario needs: no click, just watch until the page shows it."""
    async def scenario() -> float:
        session = Session("http://127.0.0.1:1")
        watcher = asyncio.create_task(
            session.wait_for(lambda page: bool(page.alerts("info")), timeout=5))
        await asyncio.sleep(0.05)
        _run(session, _alert([0, 0], "12 answers", 3))
        return await watcher

    assert 0 < asyncio.run(scenario()) < 5
