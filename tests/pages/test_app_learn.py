"""The Learn page: the lesson path, the player for every kind of step, hints,
stars, progress saved and restored, reset, and links to a step."""

from __future__ import annotations

from pathlib import Path

from apphelpers import click, new_app, open_page, sign_in, texts
from streamlit.testing.v1 import AppTest

from tutorial_app.services.store import ProgressStore


def start_lesson(at: AppTest, lesson: str = "basics") -> AppTest:
    return click(at, f"open-{lesson}")


def test_first_visit_asks_a_name_then_shows_the_path(app: AppTest) -> None:
    open_page(app, "learn")
    assert "Who is learning?" in texts(app)
    sign_in(app, "Ana")
    page = texts(app)
    assert "Test basics" in page and "Test sums" in page
    assert "Finish Test basics first." in page
    assert app.button(key="open-after-basics").disabled
    assert not app.button(key="open-basics").disabled


def test_a_play_step_answered_wrong_then_right(app: AppTest, db: Path) -> None:
    open_page(app, "learn", lesson="basics", step="pair")
    sign_in(app)
    assert "Capture the 7♥." in texts(app)
    # wrong: the 7♠ with the 3♣ is not a pair; the judge explains, naming the cards
    click(app, "cb-learn-h-7s")
    click(app, "cb-learn-t-3c")
    click(app, "learn-capture")
    assert app.error, texts(app)
    explanation = app.error[0].value
    assert "3♣" in explanation and "7" in explanation
    # the selection stays: clear it, then the right move
    click(app, "learn-clear")
    click(app, "cb-learn-h-7s")
    click(app, "cb-learn-t-7h")
    click(app, "learn-capture")
    # one wrong try among four legal moves is exploring: it keeps the three stars
    assert app.success and "★★★" in app.success[0].value
    store = ProgressStore(db)
    (learner,) = store.learners()
    assert store.progress(learner.id)["basics"].steps == {"pair": 3}


def test_a_legal_move_that_misses_the_goal(app: AppTest) -> None:
    open_page(app, "learn", lesson="basics", step="pair")
    sign_in(app)
    click(app, "cb-learn-h-4d")
    click(app, "learn-trail")
    assert app.warning and not app.success


def test_hints_come_in_three_levels(app: AppTest) -> None:
    open_page(app, "learn", lesson="basics", step="pair")
    sign_in(app)
    click(app, "hint-1")
    assert [i.value for i in app.info] == ["Which card has the same value as the 7♥?"]
    click(app, "hint-2")
    click(app, "hint-3")
    assert len(app.info) == 3 and "7♠ takes 7♥." in app.info[2].value
    click(app, "cb-learn-h-7s")
    click(app, "cb-learn-t-7h")
    click(app, "learn-capture")
    assert "★☆☆" in app.success[0].value


def test_choose_and_mistake_steps(app: AppTest) -> None:
    open_page(app, "learn", lesson="basics", step="which")
    sign_in(app)
    app.checkbox(key="learn.opt.which.1").check().run()
    click(app, "check-choice")
    assert app.warning and not app.success
    app.checkbox(key="learn.opt.which.1").uncheck().run()
    app.checkbox(key="learn.opt.which.0").check().run()
    app.checkbox(key="learn.opt.which.2").check().run()
    click(app, "check-choice")
    assert app.success
    click(app, "step-next")
    assert "What is wrong with this move?" in texts(app)
    app.radio(key="learn.why.spot").set_value("card-used-twice").run()
    click(app, "check-mistake")
    assert app.warning
    app.radio(key="learn.why.spot").set_value("wrong-sum").run()
    click(app, "check-mistake")
    assert app.success


def solve_basics(at: AppTest) -> None:
    click(at, "cb-learn-h-7s")
    click(at, "cb-learn-t-7h")
    click(at, "learn-capture")
    click(at, "step-next")
    for i in (0, 2):
        at.checkbox(key=f"learn.opt.which.{i}").check().run()
    click(at, "check-choice")
    click(at, "step-next")
    at.radio(key="learn.why.spot").set_value("wrong-sum").run()
    click(at, "check-mistake")


def test_progress_is_saved_and_restored_and_unlocks_the_next_lesson(app: AppTest,
                                                                    db: Path) -> None:
    open_page(app, "learn")
    sign_in(app, "Bea")
    start_lesson(app)
    assert "Step 1 of 4" in texts(app) or app.get("progress")
    click(app, "step-next")
    solve_basics(app)
    click(app, "finish")
    assert "Lesson finished: Test basics ★★★" in texts(app)
    links_now = [p.proto.label for p in app.get("page_link") if "Practise it" in p.proto.label]
    assert len(links_now) == 2  # under the message, and on the lesson's card
    # a new visit (another tab, another day): the same name finds the same progress
    again = new_app()
    open_page(again, "learn")
    sign_in(again, "bea")
    assert "★★★" in "".join(str(h.proto.body) for h in again.get("html"))
    assert not again.button(key="open-after-basics").disabled
    assert again.button(key="open-basics").label == "Review: Test basics"
    assert ProgressStore(db).progress(ProgressStore(db).learners()[0].id)["basics"].completed
    # the finished lesson leads to its practice puzzles (`practice: [pairing]`)
    (link,) = [p for p in again.get("page_link") if "Practise it" in p.proto.label]
    assert link.proto.label == "Practise it: 1 puzzle (Pairs)"
    assert link.proto.query_string == "theme=pairing"


def test_a_theme_link_opens_the_puzzles_of_that_theme(app: AppTest) -> None:
    open_page(app, "puzzles", theme="pairing")
    sign_in(app)
    assert app.multiselect(key="puzzles.themes").value == ["pairing"]
    assert "1 puzzle matches your choice." in texts(app)
    assert app.session_state["puzzles.current"] == "tp2"  # the pairing puzzle


def test_reset_one_lesson_asks_for_confirmation(app: AppTest, db: Path) -> None:
    open_page(app, "learn", lesson="basics", step="pair")
    sign_in(app)
    solve_basics(app)
    click(app, "to-path")
    click(app, "reset-basics")
    assert "cannot be undone" in texts(app)
    click(app, "cancel-reset")
    store = ProgressStore(db)
    me = store.learners()[0].id
    assert store.progress(me)["basics"].steps
    click(app, "reset-basics")
    click(app, "confirm-reset")
    assert store.progress(me) == {}
    click(app, "reset-all")
    click(app, "confirm-reset")
    assert "Progress reset." in texts(app)


def test_a_shared_link_opens_the_step_and_the_link_follows_the_learner(app: AppTest) -> None:
    open_page(app, "learn", lesson="basics", step="spot")
    sign_in(app)
    assert "Step 4 of 4" in texts(app) or "What is wrong with this move?" in texts(app)
    click(app, "step-back")
    assert app.query_params["step"] == ["which"] or app.query_params["step"] == "which"


def test_a_link_to_a_missing_lesson_says_so(app: AppTest) -> None:
    open_page(app, "learn", lesson="nope")
    assert any("does not exist" in e.value for e in app.error)


def test_continue_resumes_at_the_first_unsolved_task(app: AppTest) -> None:
    open_page(app, "learn", lesson="basics", step="pair")
    sign_in(app)
    click(app, "cb-learn-h-7s")
    click(app, "cb-learn-t-7h")
    click(app, "learn-capture")
    assert app.success
    click(app, "to-path")
    assert app.button(key="open-basics").label.startswith("Continue")
    click(app, "open-basics")
    assert "Which moves are legal?" in texts(app)  # step 3 of 4, not step 1
    assert app.query_params["step"] in ("which", ["which"])


def test_a_locked_lesson_by_link_says_so(app: AppTest, db: Path) -> None:
    open_page(app, "learn", lesson="after-basics", step="sum")
    sign_in(app)
    assert any("is locked" in e.value for e in app.error), texts(app)
    assert "Take two cards at once" not in texts(app)
    store = ProgressStore(db)
    (learner,) = store.learners()
    assert store.progress(learner.id) == {}


def test_buttons_carry_the_lesson_name_and_headings_no_icon_names(app: AppTest) -> None:
    open_page(app, "learn")
    sign_in(app)
    labels = [b.label for b in app.button if b.key and b.key.startswith("open-")]
    assert labels == ["Start: Test basics", "Start: Test sums"]
    assert len(set(labels)) == len(labels)
    headings = [m.value for m in app.markdown if m.value.startswith("#### ")]
    assert headings and not any(":material/" in h for h in headings)


def test_a_quiz_step_on_the_deal(app: AppTest, course_dir: Path) -> None:
    (course_dir / "quiz.yaml").write_text(
        "id: deal-quiz\ntitle: The deal\nteaches: [deal]\nsteps:\n"
        "  - id: stock\n    kind: quiz\n    prompt: Cards left in the stock?\n"
        "    fact: {stock-after: {players: 2, deals: 1}}\n    choices: [36, 40, 44]\n"
        "    success: Forty cards wait.\n"
        "  - id: first\n    kind: quiz\n    prompt: Who plays first?\n"
        "    fact: {first-to-play: {players: 3, dealer: 0}}\n"
        "    choices: {0: The dealer, 1: The left, 2: The right}\n", encoding="utf-8")
    open_page(app, "learn", lesson="deal-quiz", step="stock")
    sign_in(app)
    assert "Cards left in the stock?" in texts(app)
    app.radio(key="learn.quiz.stock").set_value("36").run()
    click(app, "check-quiz")
    assert app.warning and not app.success  # wrong: try again
    app.radio(key="learn.quiz.stock").set_value("40").run()
    click(app, "check-quiz")
    assert app.success and "Forty cards wait." in app.success[0].value
    # one wrong pick of three choices is exploring: three stars (a second would be
    # every wrong choice tried: two)
    assert "3 of 3 stars" in app.success[0].value


def test_controls_say_what_they_will_do(app: AppTest) -> None:
    """No action looks pressed before a choice; pressed with nothing chosen, it says
    what to choose first (no sentence about builds); another hand card clears the
    table cards chosen for the first; a Check with nothing picked asks for a pick."""
    open_page(app, "learn", lesson="basics", step="pair")
    sign_in(app)
    actions = [app.button(key=f"learn-{name}") for name in ("capture", "trail")]
    assert all(button.proto.type != "primary" for button in actions)  # none looks pressed
    click(app, "learn-capture")
    assert [w.value for w in app.warning] == [
        "Choose a card from your hand first, then the table cards it captures, then press "
        "Capture."]
    assert not app.error and "made only of table cards" not in texts(app)  # not judged
    click(app, "cb-learn-h-7s")
    assert not app.warning  # said once: a card was chosen since
    click(app, "cb-learn-t-3c")
    click(app, "learn-capture")  # refused: 7♠ does not take 3♣
    assert app.error
    click(app, "cb-learn-h-4d")  # the other hand card: 3♣ was chosen for the 7♠
    assert "Your card: **4♦**. Now choose what it takes" in texts(app)
    assert "3♣" not in "\n".join(m.value for m in app.markdown if "Your card" in m.value)
    click(app, "learn-trail")  # a trail of the 4♦ alone: legal, misses the goal
    assert app.warning and "leave" not in app.warning[0].value

    click(app, "step-next")  # the choose step: Check waits for a tick
    check = app.button(key="check-choice")
    assert check.proto.type != "primary"
    check.click().run()
    app.checkbox[0].check().run()
    assert app.button(key="check-choice").proto.type == "primary"


def test_a_check_pressed_with_nothing_picked_asks_for_a_pick(app: AppTest) -> None:
    open_page(app, "learn", lesson="basics", step="spot")
    sign_in(app)
    assert app.button(key="check-mistake").proto.type != "primary"
    click(app, "check-mistake")
    assert "Pick an answer first, then press Check." in [w.value for w in app.warning]
    app.radio[0].set_value(app.radio[0].options[0]).run()
    assert app.button(key="check-mistake").proto.type == "primary"


def test_a_deal_step_tapped_wrong_then_right(app: AppTest, course_dir: Path) -> None:
    """The rows come one at a time; a wrong tap hears about itself; the right deal
    passes. Two players in twos: the other player, the table, the dealer, twice."""
    (course_dir / "deal.yaml").write_text(
        "id: deal-it\ntitle: Deal it\nteaches: [deal]\nsteps:\n"
        "  - id: two\n    kind: deal\n    players: 2\n    prompt: Deal for two.\n"
        "    then: [first-player]\n    success: Dealt right.\n", encoding="utf-8")
    open_page(app, "learn", lesson="deal-it", step="two")
    sign_in(app)
    assert "Deal for two." in texts(app)
    assert len(app.button_group) == 1  # the next row once this one is tapped
    assert app.button_group[0].label == "Cards 1 to 2 from the top of the pack go to:"
    wrong = ["1", "table", "1"]  # the third pair is the dealer's, not the other player's
    for index, value in enumerate(wrong):
        app.button_group(key=f"learn.deal.two.{index}").set_value(value).run()
    assert len(app.button_group) == 4
    click(app, "check-deal")
    assert app.warning[0].value.startswith(
        "The 2 cards 5 to 6 do not go to the other player")
    for index, value in enumerate(["1", "table", "0", "1", "table", "0", "1"]):
        app.button_group(key=f"learn.deal.two.{index}").set_value(value).run()
    click(app, "check-deal")
    assert app.success and "Dealt right." in app.success[0].value


def test_a_count_step_tapped_wrong_then_right(app: AppTest, course_dir: Path) -> None:
    (course_dir / "count.yaml").write_text(
        "id: count-it\ntitle: Count it\nteaches: [scoring, game-end]\nsteps:\n"
        "  - id: hand\n    kind: count\n    prompt: Count the hand.\n"
        "    piles: ['As 2s 3s 4h 5h', 'Ac 10d 6c']\n    before: [20, 10]\n"
        "    success: Counted.\n", encoding="utf-8")
    open_page(app, "learn", lesson="count-it", step="hand")
    sign_in(app)
    assert app.button_group[0].label == "You: 5 cards captured"
    assert app.button_group[0].options[:3] == ["A♠", "2♠", "3♠"]
    app.button_group(key="learn.count.hand.pile.0").set_value(["As", "2s", "3s"]).run()
    app.button_group(key="learn.count.hand.pile.1").set_value(["Ac", "10d"]).run()
    app.radio(key="learn.count.hand.cards").set_value("0").run()
    app.radio(key="learn.count.hand.spades").set_value("0").run()
    app.radio(key="learn.count.hand.winner").set_value("0").run()
    click(app, "check-count")
    assert app.warning[0].value.replace("\\", "") == (
        "3♠ scores nothing by itself: only aces, the 10♦ and the 2♠ do.")
    app.button_group(key="learn.count.hand.pile.0").set_value(["As", "2s"]).run()
    click(app, "check-count")
    assert app.success and "Counted." in app.success[0].value


def test_the_prompt_is_an_instruction_and_its_rule_is_folded_under_why(
        app: AppTest, course_dir: Path) -> None:
    """Issue 34: a prompt reads as an instruction in plain type, not a bold heading, and
    the rule behind it waits, folded, under "Why?", its rule number a link."""
    (course_dir / "why.yaml").write_text(
        "id: why-lesson\ntitle: Why\nteaches: [values, trail, pair]\nsteps:\n"
        "  - id: pair\n    kind: play\n    position: \"table: 7h 3c; hand: 7s 4d\"\n"
        "    prompt: Capture the 7♥.\n    goal: {capture: [7h]}\n"
        "    why: A card takes a table card of the same value (rule 4.1).\n"
        "  - id: bare\n    kind: play\n    position: \"table: 7h 3c; hand: 7s 4d\"\n"
        "    prompt: Capture the 7♥ again.\n    goal: {capture: [7h]}\n", encoding="utf-8")
    open_page(app, "learn", lesson="why-lesson", step="pair")
    sign_in(app)
    prompts = [m.value for m in app.markdown if "Capture the 7♥" in m.value]
    assert prompts == ["Capture the 7♥."]  # plain reading type: no "###" heading
    (folded,) = app.expander
    assert folded.label == "Why?"
    said = " ".join(m.value for m in folded.markdown)
    assert "same value" in said and "](" in said  # the rule reference is a link
    click(app, "step-next")
    assert "Capture the 7♥ again." in texts(app)
    assert not app.expander  # no why written, nothing folded


def test_why_is_worded_in_the_page_language(app: AppTest, course_dir: Path) -> None:
    (course_dir / "why.yaml").write_text(
        "id: why-lesson\ntitle: Why\nteaches: [values, trail, pair]\nsteps:\n"
        "  - id: pair\n    kind: play\n    position: \"table: 7h 3c; hand: 7s 4d\"\n"
        "    prompt: Capture the 7♥.\n    goal: {capture: [7h]}\n"
        "    why: A card takes a table card of the same value.\n", encoding="utf-8")
    open_page(app, "learn", lesson="why-lesson", step="pair")
    sign_in(app)
    app.selectbox(key="language-picker").set_value("pt-BR").run()
    assert [e.label for e in app.expander] == ["Por quê?"]
