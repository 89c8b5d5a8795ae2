"""A learner's first hour, scripted in Chromium: a Brazilian learner on a 390 x 844
phone, in Portuguese, with the real course.

She signs in; reads the game's goal under a picture of the layout, then the pack
under its picture; watches a trail made for her, beat by beat, before she makes one,
and a capture before her first (by the course's eighth task); plays the first three
stages with right and wrong tries (no Build button on any board of them, a recap of
what she can now do after each), every explanation read and checked for the cards
she tried; presses an action with nothing chosen; takes a hint, leaves the lesson and
reloads the phone, and finds the step with its hint and tries as she left them (so
the stars are not earned twice); finishes the stages; goes to the Puzzles by the
phone's menu and is told none of her lessons has puzzles yet, asks for them all the
same, solves one and fails the next; then a hand of Play against the computer with a
hint and the coach, whose note stays with her move once the computer has played. At
every step the test reads what the screen says. Pictures:
docs/screenshots/journey-*.png (UPDATE_SCREENSHOTS=1).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from browserpage import press
from browserserver import Server
from journeys import Screen, phone, pictures
from playwright.sync_api import expect

from engine import CAPTURE, TRAIL, Attempt, Card, Move
from engine.advice import hint, review
from tutorial_app.config import shipped_lessons
from tutorial_app.course import Course, load_course
from tutorial_app.course.judge.checking import (
    check_answer,
    check_choice,
    check_mistake,
    check_quiz,
    solutions,
)
from tutorial_app.course.model import (
    ChooseStep,
    Lesson,
    MistakeStep,
    PlayStep,
    QuizStep,
    ReadStep,
    Step,
)
from tutorial_app.course.reading import stages
from tutorial_app.course.steps import UNITS, StepKind
from tutorial_app.course.steps.deal import DealStep, place_label, places
from tutorial_app.course.steps.watch import WatchStep
from tutorial_app.flows.play.game import DEFAULT_LEVEL, YOU, Game, Setup, make_rules
from tutorial_app.ui import figures
from tutorial_app.words import words
from tutorial_app.words.i18n import using

pytestmark = pytest.mark.slow  # about a minute: sent out first (tests/conftest.py)

LANG = "pt-BR"
SEED = 2024  # a deal whose first trail of the 4♥ the coach corrects


@pytest.fixture(scope="module")
def course() -> Course:
    """The real course in Portuguese, loaded as the app loads it (no feedback proofs:
    seconds of judging that only add errors; tests/support/shipped.py)."""
    with using(LANG):
        return load_course(shipped_lessons(), proofs=False)


def said(screen: Screen, kind: str, *needed: str) -> str:
    """The newest message box of `kind` says all of `needed`; its text."""
    box = screen.alert(kind)
    for text in needed:
        expect(box).to_contain_text(text)
    return box.inner_text()


def wrong_card(step: PlayStep) -> Card:
    """A hand card that no solution plays: trailing it is a wrong try."""
    right = {move.card for move in solutions(step)}
    return next(c for c in step.position.hand if c not in right)


def right_move(step: PlayStep) -> Move:
    return next(m for m in solutions(step) if not m.builds)


def choose_wrong_then_right(bia: Screen, step: ChooseStep) -> None:
    """Tick a wrong option: one reply, why it is wrong, naming its cards; then the
    right ones."""
    bia.says(step.prompt)
    wrong = next(i for i in range(len(step.options)) if i not in step.correct)
    bia.pick(step.options[wrong])
    bia.button("Verificar")
    named = re.findall(r"(?:10|[2-9AJQK])[♠♥♦♣]", step.options[wrong])
    with using(LANG):
        why = check_choice(step, frozenset({wrong})).message
    said(bia, "warning", why, *named)  # the cards it tried
    bia.pick(step.options[wrong])
    for right in sorted(step.correct):
        bia.pick(step.options[right])
    bia.button("Verificar")
    said(bia, "success", "Certo")


def tap(bia: Screen, step: DealStep, row: int, label: str) -> None:
    """Tap a place in one row of a deal step (each row offers the same places; the rows
    are the step's only button groups, in order)."""
    found = bia.page.get_by_test_id("stMain").get_by_test_id("stButtonGroup").nth(row)
    press(bia.page, found.get_by_text(label, exact=True).first)


def deal_wrong_then_right(bia: Screen, step: DealStep) -> None:
    """Deal with the first packet tapped to a wrong place: the reply names its cards and
    that place; then the first packet moved to its place, and the deal passes."""
    bia.says(step.prompt)
    with using(LANG):
        labels = {value: place_label(step, value) for question in step.questions
                  for value in places(step, question)}
        first = step.questions[0]
        wrong = next(v for v in places(step, first) if v != first.answer)
        why = UNITS[StepKind.DEAL].check(step, (wrong, *step.answer[1:])).message
    tap(bia, step, 0, labels[wrong])
    for row, question in enumerate(step.questions[1:], 1):
        tap(bia, step, row, labels[question.answer])
    bia.button("Verificar")
    said(bia, "warning", why)
    tap(bia, step, 0, labels[first.answer])
    bia.button("Verificar")
    said(bia, "success", "estrelas")


def stars_after(step: PlayStep, wrong: int, hints: int = 0) -> str:
    """The stars the right move earns after these wrong tries and hints, in her words,
    as the judge grades them."""
    earned = check_answer(step, right_move(step), wrong_attempts=wrong,
                          hints_used=hints).stars
    return f"{earned} de 3 estrelas"


def next_step(bia: Screen) -> None:
    """The lesson's Next (under a demonstration, its own Next button is labelled the same)."""
    press(bia.page, bia.page.locator(".st-key-step-next button"))


def reads(bia: Screen, step: ReadStep) -> None:
    """A read step's opening words (its first line, as the page draws it, bold marks
    gone), and its figure, named in her language."""
    bia.says(step.text.splitlines()[0].replace("**", "").strip())
    if step.figure is not None:
        with using(LANG):
            label = figures.figure_label(step.figure)
        expect(bia.page.get_by_role("img", name=label)).to_be_visible()


def watches(bia: Screen, step: WatchStep) -> None:
    """A demonstration watched to its end: each beat's sentence, Next, and at the last
    the hand-over line and "Your turn", which opens the task it shows."""
    for index, beat in enumerate(step.beats):
        bia.says(bia.words("watch.beat_of", n=index + 1, total=len(step.beats)))
        bia.says(beat.say)
        if index < len(step.beats) - 1:  # the demonstration's own Next, by its key: the
            press(bia.page, bia.page.locator(".st-key-watch-next button"))  # step's is
    bia.says(step.then or bia.words("watch.then"))  # labelled the same
    bia.press_key("watch.your_turn")


def wrong_then_right(bia: Screen, step: Step) -> None:
    """Any step of the first stages, answered wrong first where it is answered (the
    reply read and checked for what she tried), then right."""
    if isinstance(step, ReadStep):
        reads(bia, step)
    elif isinstance(step, WatchStep):
        watches(bia, step)
    elif isinstance(step, PlayStep):
        bia.says(step.prompt)
        # the first stages teach no build: the board offers no Build button yet
        expect(bia.page.get_by_role("button", name=re.compile("Construir"))).to_have_count(0)
        tried = wrong_card(step)
        bia.play(Move(tried, TRAIL))
        said(bia, "warning", tried.pretty)
        bia.play(right_move(step))
        said(bia, "success", "estrelas")
    elif isinstance(step, MistakeStep):
        bia.says(step.prompt)
        bia.button("Verificar")  # nothing picked: it asks for a pick
        said(bia, "warning", "Escolha uma resposta primeiro")
        labels = dict(step.choices)
        wrong = next(code for code, _ in step.choices if code != step.answer)
        bia.pick(labels[wrong])
        bia.button("Verificar")
        with using(LANG):  # why the picked reason does not fit this move
            why = check_mistake(step, wrong).message
        said(bia, "warning", why)
        bia.pick(labels[step.answer])
        bia.button("Verificar")
        said(bia, "success", "estrelas")
    elif isinstance(step, ChooseStep):
        choose_wrong_then_right(bia, step)
    elif isinstance(step, DealStep):
        deal_wrong_then_right(bia, step)
    elif isinstance(step, QuizStep):
        labels = dict(step.choices)
        wrong = next(v for v, _ in step.choices if v != step.answer)
        bia.pick(labels[wrong])
        bia.button("Verificar")
        with using(LANG):  # the author's reason why that value is wrong
            why = check_quiz(step, wrong).message
        said(bia, "warning", why)
        bia.pick(labels[step.answer])
        bia.button("Verificar")
        said(bia, "success", "estrelas")
    else:
        raise AssertionError(f"no way to answer a {type(step).__name__}")


def play_stage(bia: Screen, lesson: Lesson) -> None:
    """Every step of a stage from its first, wrong first where it is answered, the step
    counter read at each (a demonstration's "Your turn" has opened the step after it),
    then the stage finished."""
    steps = list(lesson.steps)
    for index, step in enumerate(steps):
        if index and not isinstance(steps[index - 1], WatchStep):
            next_step(bia)
        bia.says(f"Etapa {index + 1} de {len(steps)}")
        wrong_then_right(bia, step)
    bia.button("Concluir a lição")
    said(bia, "success", f"Lição concluída: {lesson.title}")


def test_a_learners_first_hour(real_server: Server, browser: Any, course: Course,
                               tmp_path: Path) -> None:
    shots = pictures(tmp_path)
    first, second = course.lesson("cards"), course.lesson("cards-2")
    with phone(browser, LANG) as bia:
        page = bia.page
        page.goto(f"{real_server.url}/?lang={LANG}")
        bia.says(bia.words("welcome.title"))
        page.get_by_role("textbox", name="Seu nome").fill("Bia")
        bia.button("Começar a aprender")
        bia.says("Suas lições")
        bia.says(f"Conclua primeiro {first.title}.")  # the second stage waits
        bia.snap(shots, "journey-1-path")
        bia.button(f"Começar: {first.title}")

        # ----- stage 1 ------------------------------------------------------------
        # The goal first, under a picture of the layout; then the pack, under its own.
        steps = list(first.steps)
        goal, pack, shown, opening = steps[:4]
        assert isinstance(goal, ReadStep) and isinstance(pack, ReadStep)
        reads(bia, goal)
        bia.snap(shots, "journey-1b-the-goal")
        next_step(bia)
        bia.says(f"Etapa 2 de {len(steps)}")
        reads(bia, pack)
        next_step(bia)
        # A trail made for her, beat by beat, before she makes one.
        assert isinstance(shown, WatchStep) and isinstance(opening, PlayStep)
        bia.says(shown.beats[0].say)
        bia.snap(shots, "journey-1c-watch-a-trail")
        watches(bia, shown)
        bia.says(opening.prompt)
        bia.press_key("board.trail")  # nothing chosen yet: the bar says what to choose
        said(bia, "warning", "Escolha primeiro a carta da sua mão que vai para a mesa")
        tried = wrong_card(opening)
        bia.select(tried)
        bia.says(f"Sua carta: {tried.pretty}.")
        bia.press_key("board.trail")
        said(bia, "warning", tried.pretty)  # the explanation names the card tried
        bia.snap(shots, "journey-2-wrong-try")
        bia.play(right_move(opening))
        said(bia, "success", stars_after(opening, wrong=1))  # as the judge grades it

        worth_seven = next(s for s in steps if s.id == "play-seven")
        assert isinstance(worth_seven, PlayStep)
        assert steps.index(worth_seven) == steps.index(opening) + 1
        next_step(bia)
        bia.says(worth_seven.prompt)
        bia.button("Dica 1 de 3")
        said(bia, "info", worth_seven.hints[0])
        tried = wrong_card(worth_seven)
        bia.play(Move(tried, TRAIL))
        said(bia, "warning", tried.pretty)
        bia.snap(shots, "journey-3-hint-and-wrong-try")

        # Leaving and coming back: all lessons, then the phone reloads the page. The
        # step comes back with its hint and its wrong try: the stars are not earned anew.
        bia.button("Todas as lições")
        bia.says("Suas lições")
        page.reload()
        bia.says("Suas lições")  # still signed in: the browser remembers her
        bia.button(f"Continuar: {first.title}")
        bia.says(worth_seven.prompt)
        said(bia, "info", worth_seven.hints[0])  # the hint she asked for, still there
        expect(page.get_by_role("button", name="Dica 2 de 3")).to_be_visible()
        bia.snap(shots, "journey-4-back-after-reload")
        bia.play(right_move(worth_seven))
        said(bia, "success", stars_after(worth_seven, wrong=1, hints=1))  # not earned anew

        # Her first capture, shown first, by the course's eighth task.
        capture = next(s for s in steps if isinstance(s, PlayStep)
                       and all(m.kind == CAPTURE for m in solutions(s)))
        assert stages.task_count(steps[:steps.index(capture) + 1]) <= 8
        assert isinstance(steps[steps.index(capture) - 1], WatchStep)
        for step in steps[steps.index(worth_seven) + 1:]:
            if not isinstance(steps[steps.index(step) - 1], WatchStep):  # "Your turn"
                next_step(bia)  # has opened the task a demonstration shows
            bia.says(f"Etapa {steps.index(step) + 1} de {len(steps)}")
            wrong_then_right(bia, step)
            if step is capture:
                bia.snap(shots, "journey-4b-first-capture")
        bia.button("Concluir a lição")
        said(bia, "success", f"Lição concluída: {first.title}")
        bia.button(f"Próxima lição: {second.title}")

        # ----- stage 2: the rules of a turn, the pack and the deal, once she captured ----
        play_stage(bia, second)
        recap_words = bia.words("learn.recap", sentences="").replace("**", "").strip()
        bia.says(recap_words)  # what she can do now, under the stars
        bia.snap(shots, "journey-5-two-stages-done")

        # ----- stage 3: trailing, still no Build button -----------------------------------
        third = course.lessons[2]
        assert third.id == "trailing" and "build" not in third.teaches
        bia.button(f"Próxima lição: {third.title}")
        play_stage(bia, third)
        bia.says(recap_words)
        bia.snap(shots, "journey-5b-third-stage-done")

        # ----- puzzles: only what she has been taught, and she is told so --------------
        bia.menu("nav.puzzles")
        opens = next(lesson for lesson in course.lessons if lesson.practice)
        said(bia, "info", "Nenhuma das lições que você concluiu tem desafios ainda",
             f"quando você concluir “{opens.title}”")
        bia.snap(shots, "journey-6-puzzles-not-yet")
        bia.button("Mostrar todos os desafios mesmo assim")
        expect(page).to_have_url(re.compile(r"puzzle="))
        puzzle = course.puzzle(_puzzle_in(page.url))
        while all(m.builds for m in solutions(puzzle)):  # she passes on builds not yet taught
            bia.says(puzzle.prompt)
            bia.button("Próximo desafio")
            expect(page).to_have_url(re.compile(r"puzzle=(?!" + re.escape(puzzle.id) + r"(&|$))"))
            puzzle = course.puzzle(_puzzle_in(page.url))
        bia.says(puzzle.prompt)
        bia.play(next(m for m in solutions(puzzle) if not m.builds))
        said(bia, "success")
        rating = page.get_by_text(re.compile(r"^Pontuação \d+ → \d+ \(\+\d+\)$"))
        expect(rating).to_be_visible()  # solved at the first try: the rating went up
        bia.button("Próximo desafio")
        expect(page).to_have_url(re.compile(r"puzzle=(?!" + re.escape(puzzle.id) + r"(&|$))"))
        failed = course.puzzle(_puzzle_in(page.url))
        bia.says(failed.prompt)
        tried_move = next(Move(c, TRAIL) for c in failed.position.hand
                          if not check_answer(failed, Attempt.selection(c, TRAIL)).correct)
        bia.play(tried_move)
        box = bia.page.get_by_test_id("stAlert").filter(has_text=tried_move.card.pretty)
        expect(box.first).to_be_visible()  # the miss, explained with the card she tried
        expect(box.first).to_contain_text("Tente de novo, ou veja a solução.")
        rating = page.get_by_text(re.compile(r"^Pontuação \d+ → \d+ \(−\d+\)$"))
        expect(rating).to_be_visible()  # the first try failed: the rating went down
        bia.snap(shots, "journey-7-puzzle-failed")

        # ----- a hand of Play: a hint, then the coach -------------------------------
        bia.menu("nav.play")
        press(page, page.get_by_text("Avançado").first)
        seed_box = page.get_by_role("spinbutton", name="Semente")
        seed_box.fill(str(SEED))
        seed_box.press("Enter")
        bia.button("Começar a partida")
        expect(page.get_by_text(bia.words("play.seed_shown", seed=SEED))  # that seed's game
               ).to_be_attached()  # (in the folded "Avançado" of the game's header)
        game = Game.start(Setup(2, (DEFAULT_LEVEL,), make_rules("classic"), SEED))
        bia.says("Sua vez.")
        bia.button("Dica")
        advice = hint(game.state, YOU)
        with using(LANG):
            bia.says(f"Dica: {words.move(advice.move)}")
        poor = next(m for m in game.state.legal_moves() if m.text == "4h t")
        note = review(game.state, poor)
        assert note is not None, "the scenario needs a move the coach corrects"
        bia.play(poor)
        game, _ = game.attempt(poor.as_attempt())
        coach = page.locator(".st-key-play-coach")
        expect(coach).to_contain_text("Treinador:")
        with using(LANG):
            expect(coach).to_contain_text(words.move(note.better, "noun"))
        bia.snap(shots, "journey-8-coach")
        bia.button("Continuar")  # the computer's move: the table is not the coach's any more
        game = game.advance()
        expect(coach).to_have_count(0)
        expect(page.locator(".st-key-play-coach-before")).to_contain_text("Treinador:")
        bia.snap(shots, "journey-9-after-the-computer")
        moves = _play_the_hand(bia, game)
        assert moves >= 20
        bia.says("A mão 1 terminou")
        bia.snap(shots, "journey-10-hand-over")


def _puzzle_in(url: str) -> str:
    found = re.search(r"[?&]puzzle=([^&#]+)", url)
    assert found is not None, url
    return found.group(1)


def _play_the_hand(bia: Screen, game: Game) -> int:
    """The rest of the first hand: on each turn the hint, its cards selected for her,
    its action pressed; the computer's moves one Continue at a time. The moves said on
    the screen are checked against the same game played here."""
    played = 1
    while not game.hand_over:
        if game.computer_turn:
            bia.button("Continuar")
            game = game.advance()
            continue
        bia.button("Dica")
        move = hint(game.state, YOU).move
        with using(LANG):
            expected = words.move(move)
        bia.says(f"Dica: {expected}")
        bia.button("Selecionar estas cartas para mim")
        bia.sees_selected(move.card)
        bia.action(move)
        bia.says(f"Você jogou: {expected}")
        game, verdict = game.attempt(move.as_attempt())
        assert verdict.legal
        played += 1
    return played
