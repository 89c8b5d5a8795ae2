"""A class period, scripted in Chromium with the real course: a teacher at a 1366 x 768
desktop projector and three learners on 390 x 844 phones, one of them in Spanish.

The teacher signs in, makes a class, adds three learners and projects a pairing
puzzle. Cy signed in before the question went up and is reading his lessons: the
banner in the page itself (no sidebar on a phone) takes him to it. Ana, whose phone
speaks Spanish, opens the QR code's link; Bo types the code on the welcome screen
while the question is live; both sign in as the class's sign-in asks (the code, the
name, the two secret pictures) and land on the question. They answer right,
legal-but-wrong and illegal. The projector reloads mid-question and comes back as it
was (projector mode, the puzzle, the count); the answers are shown, mistakes first,
each with its reason, and each phone reads its own verdict in its own language; a
bar clicked marks its cards on the table. Then the teacher assigns a lesson the class
has not reached, and is told so; each phone opens it from its homework, is told why
it is open, and plays it (Ana to the end); the homework table (a column per step),
the moves of a learner and both CSVs show each learner's moves. The teacher then reads
the report in Portuguese and downloads its CSV as a Brazilian spreadsheet gets it (`;`,
a byte-order mark, Portuguese headers, titles, dates on the school's clock: the server
runs with CASSINO_TIME_ZONE=America/Sao_Paulo). At every step the test reads what
the screen says, in the screen's language. Pictures: docs/screenshots/period-*.png
(UPDATE_SCREENSHOTS=1).
"""

from __future__ import annotations

import csv
import io
import os
import re
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from browserpage import press, teacher_sign_in
from browserserver import Server
from journeys import Screen, join_link, phone, pictures, projector
from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from engine import CAPTURE, TRAIL, Attempt, Move
from tutorial_app.config import shipped_lessons
from tutorial_app.course import Course, load_course
from tutorial_app.course.judge.checking import check_answer, solutions
from tutorial_app.course.judge.moves import answers
from tutorial_app.course.judge.outcome import stars
from tutorial_app.course.model import ChooseStep, FeedbackStatus, MistakeStep, PlayStep, Puzzle
from tutorial_app.course.steps import scored
from tutorial_app.course.steps.watch import WatchStep
from tutorial_app.flows import live
from tutorial_app.services import pictures as secret_pictures
from tutorial_app.services.classes import ClassStore
from tutorial_app.services.store import ProgressStore
from tutorial_app.words import words
from tutorial_app.words.i18n import count, using

pytestmark = pytest.mark.slow  # about a minute: sent out first (tests/conftest.py)

CLASS = "7C"
HOMEWORK = "sums"  # a stage after Pairing: none of the class has reached it
ZONE = "America/Sao_Paulo"  # the school's clock, for the CSVs' dates and times


@pytest.fixture(scope="module", autouse=True)
def school_zone() -> Iterator[None]:
    """The server of this module runs with the school's time zone set (its process
    inherits the environment; autouse: set before `real_server` starts it)."""
    before = os.environ.get("CASSINO_TIME_ZONE")
    os.environ["CASSINO_TIME_ZONE"] = ZONE
    yield
    if before is None:
        os.environ.pop("CASSINO_TIME_ZONE", None)
    else:
        os.environ["CASSINO_TIME_ZONE"] = before


@pytest.fixture(scope="module")
def courses() -> dict[str, Course]:
    """The real course as each screen reads it, loaded as the app loads it: without the
    click-by-click proofs of feedback, which take seconds and only add errors
    (tests/support/shipped.py)."""
    found = {}
    for lang in ("en", "es", "pt-BR"):
        with using(lang):
            found[lang] = load_course(shipped_lessons(), proofs=False)
    return found


def status(item: Puzzle | PlayStep, attempt: Attempt) -> FeedbackStatus:
    return check_answer(item, attempt).status


def three_answers(course: Course) -> tuple[Puzzle, Move, Move, Move]:
    """The first easy pairing puzzle with no builds in which a capture is right, a trail
    is legal but misses the goal, and a capture of one table card is not allowed."""
    for puzzle in course.puzzles:
        position = puzzle.position
        if "pairing" not in puzzle.themes or position.builds or len(position.hand) > 3:
            continue
        right = next((m for m in solutions(puzzle) if m.kind == CAPTURE and not m.builds
                      and len(m.loose) == 1), None)
        missed = next((Move(c, TRAIL) for c in position.hand if status(
            puzzle, Attempt.selection(c, TRAIL)) == FeedbackStatus.MISSED), None)
        illegal = next((Move(c, CAPTURE, loose=(x,)) for c in position.hand
                        for x in position.loose if status(puzzle, Attempt.selection(
                            c, CAPTURE, [x])) == FeedbackStatus.NOT_ALLOWED), None)
        if right and missed and illegal:
            return puzzle, right, missed, illegal
    raise AssertionError("the course has no pairing puzzle the scenario can use")


def plain(markdown: str) -> str:
    """A catalogue sentence as the screen shows it (its bold marks drawn, not read)."""
    return markdown.replace("**", "")


def secrets(server: Server, code: str) -> dict[str, tuple[int, int]]:
    """Each learner's two pictures, as the teacher reads them on their login cards."""
    with ProgressStore(server.db) as store:
        rooms = ClassStore(store)
        room = rooms.class_by_code(code)
        assert room is not None
        return {x.name: (s.first, s.second) for x, s in rooms.secrets_of(room.id)}


def class_sign_in(screen: Screen, code: str | None, name: str,
                  secret: tuple[int, int]) -> None:
    """The class sign-in, in the screen's language: the code (None: the join link
    filled it in, and the test checks it did), the name, the two pictures by their
    words."""
    page = screen.page
    press(page, page.get_by_role("tab", name=screen.words("welcome.tab_class")))
    form = page.locator(".st-key-class-signin")  # the code, the name, the pictures' form
    box = form.get_by_role("textbox", name=screen.words("join.code"))
    if code is None:
        expect(box).not_to_have_value("")
    else:
        box.fill(code)
    form.get_by_role("textbox", name=screen.words("signin.class_name"), exact=True).fill(name)
    pills = form.get_by_test_id("stButtonGroup")
    with using(screen.lang):
        words = [secret_pictures.word(i) for i in secret]
    for index, word in enumerate(words):
        press(page, pills.nth(index).get_by_role("radio", name=word, exact=True))
    press(page, form.get_by_role("button", name=screen.words("signin.class_button")))


def move_words(screen: Screen, move: Move) -> str:
    """A move as the screen words it ("2♠ takes 4♥"), in the screen's language."""
    with using(screen.lang):
        return words.attempt(move.as_attempt())


def answer(screen: Screen, move: Move) -> None:
    """Answer the live question; the phone says the answer back in words."""
    play(screen, move)
    expect(screen.page.get_by_text(plain(screen.words(
        "live.your_answer", move=move_words(screen, move))))).to_be_visible()


def test_a_class_period(real_server: Server, browser: Any, courses: dict[str, Course],
                        tmp_path: Path) -> None:
    shots = pictures(tmp_path)
    url = real_server.url
    puzzle, right, missed, illegal = three_answers(courses["en"])
    spanish_puzzle = courses["es"].puzzle(puzzle.id)
    with projector(browser) as desk, phone(browser, "es") as ana, \
            phone(browser, "en") as bo, phone(browser, "en") as cy:
        # ----- the teacher: a class, its learners, the puzzle on the projector ----------
        desk.page.goto(f"{url}/classroom?puzzle={puzzle.id}")
        teacher_sign_in(desk.page)
        desk.page.get_by_role("textbox", name=desk.words("live.class_name")).fill(CLASS)
        desk.press_key("live.create_class")
        code_box = desk.page.locator(".live-code div").nth(1)
        expect(code_box).to_have_text(re.compile(r"^\s*[A-Z0-9]{6}\s*$"))
        code = code_box.inner_text().strip()
        desk.says(puzzle.prompt)
        roster = unfold(desk, "signin_panel.title", "signin_panel.add")
        roster.get_by_role("textbox", name=desk.words("signin_panel.add_names")).fill(
            "Ana\nBo\nCy")
        press(desk.page, roster.get_by_role("button", name=desk.words("signin_panel.add"),
                                            exact=True))
        for name in ("Ana", "Bo", "Cy"):
            desk.says(desk.words("signin_panel.added", name=name))
        secret = secrets(real_server, code)

        # ----- Cy signed in before the question, and is reading his lessons --------------
        cy.page.goto(f"{url}/")
        class_sign_in(cy, code, "Cy", secret["Cy"])
        expect(cy.page.get_by_role("heading", name=cy.words("learn.title"))).to_be_visible()
        expect(cy.page.get_by_text(plain(cy.words("sidebar.learner", name="Cy")))
               ).to_be_attached()

        desk.press_key("live.ask")
        desk.says(desk.words("live.answered", n=0, total=3))
        link = join_link(desk)
        assert link.startswith("http") and "localhost" not in link, link
        desk.snap(shots, "period-1-projector-asks")

        # The banner in Cy's page, one tap from the question (no sidebar on a phone).
        banner = cy.page.get_by_role("link", name=cy.words("live_call.waiting", n=1,
                                                            name=CLASS))
        press(cy.page, banner)
        cy.says(cy.words("live.question", n=1))
        cy.says(puzzle.prompt)

        # ----- Ana, in Spanish, opens the QR code's link ---------------------------------
        ana.page.goto(link)
        ana.says(ana.words("welcome.title"))
        class_sign_in(ana, None, "Ana", secret["Ana"])
        ana.says(ana.words("live.question", n=1))  # straight to the question
        ana.says(spanish_puzzle.prompt)
        ana.says(ana.words("live.no_answer_yet"))
        ana.snap(shots, "period-2-phone-joins-es")

        # ----- Bo types the code while the question is live -----------------------------
        bo.page.goto(f"{url}/")
        class_sign_in(bo, code, "Bo", secret["Bo"])
        bo.says(bo.words("live.question", n=1))
        bo.says(puzzle.prompt)

        # ----- right, legal but wrong, not allowed -------------------------------------
        answer(ana, right)
        answer(bo, missed)
        answer(cy, illegal)
        ana.says(ana.words("live.can_change"))
        desk.says(desk.words("live.answered", n=3, total=3))  # counted without a click
        cy.snap(shots, "period-3-phone-answered")

        # ----- the projector reloads mid-question, and comes back ------------------------
        press(desk.page, desk.page.get_by_text(desk.words("classroom.projector"), exact=True))
        projector_switch = desk.page.get_by_role("switch", name=desk.words(
            "classroom.projector"))
        expect(projector_switch).to_be_checked()
        for title in ("signin_panel.title", "homework.title"):  # hidden by the run that
            expect(desk.page.locator("body")).not_to_contain_text(desk.words(title))
        desk.settle()  # keeps projector mode: that run has ended
        desk.page.reload()
        expect(desk.page.get_by_text(plain(desk.words("teacher.signed_in", name="Teacher")))
               ).to_be_attached()
        expect(projector_switch).to_be_checked()
        desk.says(puzzle.prompt)
        desk.says(desk.words("live.answered", n=3, total=3))
        expect(desk.page.get_by_text(code, exact=True)).to_be_visible()
        expect(desk.page).to_have_url(re.compile(r"puzzle=" + re.escape(puzzle.id)))
        desk.snap(shots, "period-4-projector-after-reload")
        on_the_wall = desk.page.locator("body").inner_text()  # folded parts included
        for name, pair in secret.items():  # no learner's name, nor secret, projected
            assert not re.search(rf"\b{name}\b", on_the_wall), name
            with using(desk.lang):
                said = [f"{secret_pictures.emoji(i)} {secret_pictures.word(i)}" for i in pair]
            assert not [w for w in said if w in on_the_wall], (name, said)
        for title in ("signin_panel.title", "records.title", "limits.title",
                      "devices.title", "homework.title", "classroom.progress"):
            assert desk.words(title) not in on_the_wall, title

        # ----- the answers, mistakes first, each with its reason ---------------------------
        desk.press_key("live.show_answers")
        bars = desk.page.locator('[class*="st-key-live-bar-btn"] button')
        expect(bars).to_have_count(3)
        labels = [bars.nth(i).inner_text() for i in range(3)]
        marks = {"✓": right, "~": missed, "✗": illegal}  # the projector's plain marks
        assert [label[0] for label in labels[:2]] in (["✗", "~"], ["~", "✗"]), labels
        assert labels[2].startswith("✓"), labels
        for label in labels:  # each answer in words, as everyone in the room reads it
            move = marks[label[0]]
            assert f" {move_words(desk, move)} — " in label, (label, move.text)
        label_size, reason_size = desk.page.evaluate("""() => {
            const bar = [...document.querySelectorAll('[class*="st-key-live-bar-"]')]
                .find(e => !e.className.includes('live-bar-btn'));  // a mistake's bar
            const size = q => parseFloat(getComputedStyle(bar.querySelector(q)).fontSize);
            return [size('button p'), size('[data-testid^=stCaption] p')]; }""")
        assert label_size >= reason_size, (label_size, reason_size)  # read from the back
        asked = live.question(courses["en"], live.PUZZLE, puzzle.id)
        assert asked is not None
        for move in (missed, illegal):
            with using("en"):
                reason = live.judge(asked, move.as_attempt()).reason
            desk.says(reason)  # each mistake with the judge's reason for those cards
            assert any(c.pretty in reason for c in (move.card, *move.loose))
        expect(desk.page.get_by_text("Ana", exact=True)).to_have_count(0)  # names hidden
        for screen, verdict in ((ana, "live.verdict.correct"), (bo, "live.verdict.missed"),
                                (cy, "live.verdict.illegal")):
            screen.says(screen.words(verdict))  # in the phone's own language
        ana.snap(shots, "period-5-phone-verdict-es")
        illegal_bar = next(i for i, label in enumerate(labels) if label.startswith("✗"))
        press(desk.page, bars.nth(illegal_bar))
        shown = desk.page.locator(".st-key-live-picked")
        expect(shown).to_contain_text(move_words(desk, illegal))
        marked = shown.locator("img.ct-marked")
        expect(marked).to_have_count(2)  # the hand card and the table card it named
        alts = sorted(marked.nth(i).get_attribute("alt") or "" for i in range(2))
        for which in (illegal.card, *illegal.loose):
            assert any(desk.card(which) in alt for alt in alts), (alts, which)
        desk.snap(shots, "period-6-projector-answers")
        desk.press_key("live.end")
        press(desk.page, desk.page.get_by_text(desk.words("classroom.projector"), exact=True))
        expect(projector_switch).not_to_be_checked()  # the teacher's own parts again

        # ----- homework: a stage the class has not reached ------------------------------
        lesson = courses["en"].lesson(HOMEWORK)
        panel = homework_panel(desk)
        press(desk.page, panel.get_by_text(desk.words("homework.kind.lesson"), exact=True))
        choose(desk, panel.get_by_role("combobox", name=desk.words("classroom.lesson")),
               lesson.title)
        panel.get_by_role("textbox", name=desk.words("homework.name")).fill("Sums")
        press(desk.page, panel.get_by_role("button", name=desk.words("homework.assign")))
        with using("en"):
            desk.says(count(1, "homework-assigned"))
            ahead = count(3, "homework-ahead", title=lesson.title, names="Ana, Bo, Cy")
        expect(panel.get_by_test_id("stAlertContentInfo")).to_contain_text(ahead)
        desk.snap(shots, "period-7-homework-assigned")

        for screen in (ana, bo, cy):
            title = courses[screen.lang].lesson(HOMEWORK).title
            screen.menu("nav.learn")
            screen.says(screen.words("homework.yours"))
            press(screen.page, screen.page.get_by_role("link", name=title))
            screen.says(screen.words("learn.assigned"))
            screen.says(screen.words("learn.step_of", n=1, total=len(lesson.steps)))
        demo, first = lesson.steps[:2]  # the stage opens on a sum shown, then asked
        assert isinstance(demo, WatchStep) and isinstance(first, PlayStep)
        for screen in (bo, cy):  # past the demonstration ("Your turn")
            shown = courses[screen.lang].lesson(HOMEWORK).steps[0]
            assert isinstance(shown, WatchStep)
            for beat in shown.beats[:-1]:
                screen.says(beat.say)
                press(screen.page, screen.page.locator(".st-key-watch-next button"))
            screen.says(shown.beats[-1].say)
            screen.press_key("watch.your_turn")
            screen.says(screen.words("learn.step_of", n=2, total=len(lesson.steps)))
        bo_wrong = next(Move(c, TRAIL) for c in first.position.hand
                        if c not in {m.card for m in solutions(first)})
        play(bo, bo_wrong)
        expect(bo.alert("warning")).to_contain_text(bo_wrong.card.pretty)
        step_right = next(m for m in solutions(first) if not m.builds)
        play(bo, step_right)
        bo_stars = stars(1, 0, answers=answers(first))  # a wrong try explained, no hint
        expect(bo.alert("success")).to_contain_text(
            bo.words("learn.stars_of", n=bo_stars, out_of=3))
        play(cy, step_right)
        expect(cy.alert("success")).to_contain_text(cy.words("learn.stars_of", n=3, out_of=3))
        bo.snap(shots, "period-8-homework-on-a-phone")
        ana_moves = the_whole_lesson(ana, courses["es"])
        ana.page.evaluate("document.querySelector('[data-testid=stMain]').scrollTo(0, 0)")
        ana.snap(shots, "period-9-homework-finished-es")  # the top: the lesson finished
        ana.menu("nav.learn")  # the homework box on the phone: the task ticked, done
        ana.says(ana.words("homework.task_done", title=courses["es"].lesson(HOMEWORK).title))

        # ----- the teacher reads the homework: the table, a learner's moves, the CSVs ------
        desk.page.reload()
        report = homework_panel(desk).locator('[class*="st-key-hw-"]').filter(
            has=desk.page.get_by_test_id("stDataFrame")).filter(
            has=desk.page.get_by_role("button", name=desk.words("homework.csv_moves")))
        expect(report.get_by_test_id("stDataFrame")).to_be_visible()
        choose(desk, report.get_by_role("combobox", name=desk.words("homework.learner")), "Bo")
        desk.says(desk.words("homework.moves_of", name="Bo"))
        expect(report).to_contain_text(f"{move_words(desk, bo_wrong)} — ")  # words, as
        expect(report).to_contain_text(  # the teacher reads them; the CSV keeps notation
            f"{move_words(desk, step_right)} — {desk.words('live.verdict.correct')}")
        expect(report).not_to_contain_text(f"{bo_wrong.text} — ")
        desk.snap(shots, "period-10-homework-report")
        title, steps = lesson.title, sum(1 for s in lesson.steps if scored(s.kind))
        table = download(desk.page, desk.words("homework.csv_table"))
        rows = {row["Learner"]: row for row in table}
        assert set(rows) == {"Ana", "Bo", "Cy"}, rows
        solved, tries = f"{title}: steps solved (of {steps})", f"{title}: tries"
        assert rows["Ana"][f"{title}: finished"] == "yes" and rows["Ana"][solved] == str(steps)
        assert (rows["Bo"][solved], rows["Bo"][tries]) == ("1", "2"), rows["Bo"]
        assert (rows["Cy"][solved], rows["Cy"][tries]) == ("1", "1"), rows["Cy"]
        moves = download(desk.page, desk.words("homework.csv_moves"))
        said = {name: [(row["Notation"], row["Verdict"]) for row in moves
                       if row["Learner"] == name] for name in ("Ana", "Bo", "Cy")}
        miss, right = desk.words("live.verdict.missed"), desk.words("live.verdict.correct")
        assert said["Bo"] == [(bo_wrong.text, miss), (step_right.text, right)], said
        assert said["Cy"] == [(step_right.text, right)], said
        # Ana: one right answer a step (the board's moves, the picks of the others)
        assert len(said["Ana"]) == steps, said  # a demonstration is not answered
        assert all(verdict == right for _, verdict in said["Ana"]), said
        assert [m for m, _ in said["Ana"] if m in ana_moves] == ana_moves, said

        # ----- the same report in Portuguese, and its CSV as a Brazilian spreadsheet gets it
        desk.page.goto(f"{url}/classroom?lang=pt-BR")
        pt = Screen(desk.page, "pt-BR")
        portuguese = courses["pt-BR"].lesson(HOMEWORK)
        report = homework_panel(pt).locator('[class*="st-key-hw-"]').filter(
            has=desk.page.get_by_test_id("stDataFrame")).filter(
            has=desk.page.get_by_role("button", name=pt.words("homework.csv_moves")))
        expect(report.get_by_test_id("stDataFrame")).to_be_visible()
        pt.says(pt.words("homework.legend"))
        if os.environ.get("UPDATE_SCREENSHOTS") == "1":  # 3 s: for the docs only
            for device, size in (("desktop", (1400, 1000)), ("phone", (390, 844))):
                report_pictures(pt, report, shots / f"homework-report-pt-{device}", size)
        raw = download_bytes(desk.page, pt.words("homework.csv_table"))
        assert raw.startswith(b"\xef\xbb\xbf"), raw[:10]  # the UTF-8 byte-order mark
        text = raw.decode("utf-8-sig")
        assert csv.Sniffer().sniff(text, delimiters=",;").delimiter == ";"
        read = list(csv.reader(io.StringIO(text), delimiter=";"))
        head, rows_pt = read[0], {r[0]: dict(zip(read[0], r, strict=True)) for r in read[1:]}
        assert head[0] == "Aluno" and head[-1] == f"Última tentativa ({ZONE})", head
        solved_pt = f"{portuguese.title}: etapas resolvidas (de {steps})"
        assert rows_pt["Ana"][solved_pt] == str(steps) and rows_pt["Bo"][solved_pt] == "1"
        assert len([h for h in head if re.match(r"\d+\. .*: resolvida$", h)]) == steps
        assert not [h for h in head if HOMEWORK in h or "lesson:" in h], head  # titles
        with ProgressStore(real_server.db) as store:
            last = max(r.at for r in ClassStore(store).attempts_of(
                [x.id for x in store.learners() if x.name == "Bo"]))
        assert rows_pt["Bo"][head[-1]] == datetime.fromtimestamp(
            last, ZoneInfo(ZONE)).strftime("%d/%m/%Y %H:%M")  # the school's clock


def unfold(desk: Screen, title_key: str, button_key: str) -> Locator:
    """A folded part of the Classroom (its title's catalogue key), unfolded until the
    button it holds (`button_key`) shows."""
    page = desk.page
    title = desk.words(title_key)
    panel = page.get_by_test_id("stExpander").filter(
        has=page.get_by_text(title, exact=True)).first
    inside = panel.get_by_role("button", name=desk.words(button_key), exact=True)
    for _ in range(3):  # a rerun drawing the page as it is clicked can fold it again
        desk.settle()
        if inside.is_visible():
            break
        press(page, panel.get_by_text(title, exact=True))
        try:
            inside.wait_for(state="visible", timeout=5000)
        except PlaywrightTimeout:
            continue
    expect(inside).to_be_visible()
    return panel


def choose(screen: Screen, box: Locator, option: str) -> None:
    """Pick an option of a drop-down list; the list is opened again if a rerun
    drawing the page swallowed the click that opened it."""
    wanted = screen.page.get_by_role("option", name=option, exact=True)
    for _ in range(3):
        press(screen.page, box)
        try:
            wanted.wait_for(state="visible", timeout=5000)
            break
        except PlaywrightTimeout:
            screen.page.keyboard.press("Escape")
    press(screen.page, wanted)


def homework_panel(desk: Screen) -> Locator:
    return unfold(desk, "homework.title", "homework.assign")


def play(screen: Screen, move: Move) -> None:
    """Click the move's cards, each seen chosen before the next (a click lost to a rerun
    would make another move), then its action."""
    for which in (move.card, *move.loose):
        screen.select(which)
        expect(screen.page.get_by_role("button", name=screen.words(
            "board.card_selected", card=screen.card(which))).first).to_be_visible()
    screen.action(move)


def tick(screen: Screen, label: str, role: str) -> None:
    """Tick a checkbox or a radio option by its label, and see it ticked under that
    same name, as a screen reader names it."""
    screen.pick(label)
    expect(screen.page.get_by_role(role, name=label, exact=True)).to_be_checked()


def the_whole_lesson(screen: Screen, course: Course) -> list[str]:
    """The homework lesson to its end, every step right at the first try; the moves
    played on its board, in notation (as the homework report keeps them)."""
    lesson = course.lesson(HOMEWORK)
    played = []
    for index, step in enumerate(lesson.steps):
        if index:
            screen.press_key("learn.next")
        screen.says(screen.words("learn.step_of", n=index + 1, total=len(lesson.steps)))
        if isinstance(step, WatchStep):
            screen.says(step.beats[0].say)
            continue  # a demonstration asks nothing: Next goes on
        if isinstance(step, PlayStep):
            move = next(m for m in solutions(step) if not m.builds)
            play(screen, move)
            played.append(move.text)
        elif isinstance(step, ChooseStep):
            for right in sorted(step.correct):
                tick(screen, step.options[right], "checkbox")
            screen.press_key("learn.check")
        elif isinstance(step, MistakeStep):
            tick(screen, dict(step.choices)[step.answer], "radio")
            screen.press_key("learn.check")
        expect(screen.alert("success")).to_be_visible()
    screen.press_key("learn.finish")
    screen.says(screen.words("learn.finished", title=lesson.title, stars="").strip())
    return played


def report_pictures(screen: Screen, report: Locator, path: Path, size: tuple[int, int]) -> None:
    """The homework report at a screen's size: the window with the report's top at its
    top (`path`.png), and the whole report (`path`-full.png), then the window as it was."""
    page = screen.page
    before = page.viewport_size
    page.set_viewport_size({"width": size[0], "height": size[1]})
    screen.settle()
    report.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.screenshot(path=f"{path}.png")
    height = page.evaluate("document.querySelector('[data-testid=stMain]').scrollHeight")
    page.set_viewport_size({"width": size[0], "height": min(int(height) + 60, 6000)})
    screen.settle()
    report.screenshot(path=f"{path}-full.png")
    if before is not None:
        page.set_viewport_size(before)


def download(page: Page, label: str) -> list[dict[str, str]]:
    """A CSV the report offers, downloaded as the teacher's browser does, read by rows."""
    text = download_bytes(page, label).decode("utf-8-sig")
    return list(csv.DictReader(io.StringIO(text)))


def download_bytes(page: Page, label: str) -> bytes:
    """A file the report offers, as the teacher's browser saves it."""
    with page.expect_download() as started:
        press(page, page.get_by_role("button", name=label))
    return Path(started.value.path()).read_bytes()

