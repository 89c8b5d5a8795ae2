"""Nothing cut off or drawn over: every open page in every language, on a phone and
on a laptop, with no text wider than its box and no two texts on top of each other.

A label that is cut ("s cartas captura", "imples · Adversári") or drawn over another
text is a sentence the learner cannot read. The page is asked, element by element,
for text whose content is wider than its box (`scrollWidth > clientWidth`) where the
box does not scroll, and for two texts whose line boxes intersect where neither
element holds the other; each one found is named with its text, so the failure says
what to fix.

The pages: a learner's (Play with a game in progress, its piles and a build on the
table, and Play's set-up; the course map, Puzzles, the Sandbox, the Rules) and the
Classroom in projector mode with a live question, its answers shown and one opened.
Each page is checked at one size, then resized to the other and checked again once
laid out anew (`settle`), and pages are opened from the app's own menu: one browser
page serves a learner in every language, and another the teacher, instead of loading
the app afresh for every page and size. Phone screenshots of the course map, Play
(set-up and a game), the Sandbox and the projector are saved per language to
docs/screenshots/ with UPDATE_SCREENSHOTS=1.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserpage import idle, new_page, press, teacher_sign_in
from browserserver import ROOT, TEACHER, Server, lessons_of
from playwright.sync_api import Page, expect

from engine import BUILD, CAPTURE, PRESETS, TRAIL, Attempt, Card, legal_moves
from engine.players.levels import choose_move
from engine.players.view import view_of
from tutorial_app.config import shipped_lessons
from tutorial_app.course import Course, load_course
from tutorial_app.course.authoring import sentences
from tutorial_app.course.judge.checking import check_answer
from tutorial_app.course.model import FeedbackStatus
from tutorial_app.flows import live
from tutorial_app.flows.play.game import Game, Setup, computer_rng
from tutorial_app.services.classes import ClassStore
from tutorial_app.services.store import ProgressStore
from tutorial_app.words import words
from tutorial_app.words.i18n import t, using

pytestmark = pytest.mark.slow  # about a minute in all: sent out first (tests/conftest.py)

LANGUAGES = ("en", "pt-BR", "es", "it")
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}}
PAGES = ("", "play", "puzzles", "sandbox", "rules")  # "": the course map, the default page

# Text elements whose own text is wider than their box, which does not scroll: the
# element, its text and the two widths. Icons (Material symbols) and Streamlit's
# scrolling containers are not text a learner reads.
_CUT_TEXT = """
() => {
  const found = [];
  const clips = (el) => ['hidden', 'clip'].includes(getComputedStyle(el).overflowX);
  for (const el of document.querySelectorAll('[data-testid=stMain] *')) {
    const own = [...el.childNodes].filter(n => n.nodeType === 3 && n.textContent.trim());
    if (!own.length || !el.offsetParent) continue;
    if (el.closest('[data-testid=stIconMaterial], .stDataFrame, pre, code, svg, '
                   + '[class*="st-key-cb-"], [class*="st-key-cbbig-"]')) continue;
    if (['auto', 'scroll'].includes(getComputedStyle(el).overflowX)) continue;
    const text = `${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 60)}"`;
    if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
      found.push(`${text} ${el.scrollWidth}>${el.clientWidth}`);
      continue;
    }
    // a box wide enough for its text, inside a parent that clips it
    const box = el.getBoundingClientRect();
    let up = el.parentElement;
    for (let i = 0; up && i < 6; i++, up = up.parentElement) {
      if (!clips(up)) continue;
      const outer = up.getBoundingClientRect();
      if (box.right > outer.right + 1 || box.left < outer.left - 1) {
        found.push(`${text} cut by its box (${Math.round(box.right - outer.right)} px)`);
      }
      break;
    }
  }
  return [...new Set(found)];
}
"""


def cut_text(page: Page) -> list[str]:
    found: list[str] = page.evaluate(_CUT_TEXT)
    return found


# Two visible texts drawn over each other: the boxes of their lines of text (not of
# their elements, which a block stretches to the full width) intersect by more than a
# sliver, and neither element holds the other. A chapter divider through its heading,
# a label under a tile: both are still "not cut", yet unreadable.
_OVERLAPS = """
() => {
  const texts = [];
  for (const el of document.querySelectorAll('[data-testid=stMain] *')) {
    if (!el.offsetParent || el.closest('[data-testid=stIconMaterial], svg')) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
    if (style.fontFamily.includes('Material')) continue;  // an icon's ligature
    if (el.checkVisibility && !el.checkVisibility({opacityProperty: true,
                                                    visibilityProperty: true})) continue;
    for (const node of el.childNodes) {
      if (node.nodeType !== 3 || !node.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const line of range.getClientRects()) {
        // what shows of it: boxes that clip (a collapsed expander, a label kept for
        // screen readers in a 1 px box) cut the line down, maybe to nothing
        let r = {left: line.left, right: line.right, top: line.top, bottom: line.bottom};
        for (let up = el; up && up !== document.body; up = up.parentElement) {
          if (getComputedStyle(up).overflow === 'visible') continue;
          const box = up.getBoundingClientRect();
          r = {left: Math.max(r.left, box.left), right: Math.min(r.right, box.right),
               top: Math.max(r.top, box.top), bottom: Math.min(r.bottom, box.bottom)};
        }
        if (r.right - r.left > 1 && r.bottom - r.top > 1) {
          texts.push({el, r, text: node.textContent.trim()});
        }
      }
    }
  }
  const found = [];
  for (let i = 0; i < texts.length; i++) {
    for (let j = i + 1; j < texts.length; j++) {
      const a = texts[i], b = texts[j];
      if (a.el === b.el || a.el.contains(b.el) || b.el.contains(a.el)) continue;
      const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (w > 2 && h > 3) {
        found.push(`"${a.text.slice(0, 40)}" over "${b.text.slice(0, 40)}"`);
      }
    }
  }
  return [...new Set(found)];
}
"""


def overlapping_text(page: Page) -> list[str]:
    found: list[str] = page.evaluate(_OVERLAPS)
    return found


# The page has drawn what it will: fonts loaded, pictures decoded, and the layout the
# same for several frames in a row (the sidebar slides in or out after a resize, and
# Streamlit re-lays some elements out on the next frames); the width is the window's.
_SETTLED = """
async () => {
  await document.fonts.ready;
  await Promise.all([...document.images].filter(i => !i.complete)
    .map(i => new Promise(done => { i.onload = i.onerror = done; })));
  const box = (el) => {
    if (!el) return '';
    const r = el.getBoundingClientRect();
    return [r.x, r.y, r.width, r.height].map(Math.round).join(',');
  };
  const shape = () => {
    const main = document.querySelector('[data-testid=stMain]');
    return [innerWidth, box(main), box(document.querySelector('[data-testid=stSidebar]')),
            main ? main.scrollHeight : 0,
            document.querySelectorAll('[data-testid=stMain] *').length].join('|');
  };
  let last = '', same = 0;
  for (let frame = 0; frame < 600 && same < 5; frame++) {
    await new Promise(requestAnimationFrame);
    const now = shape();
    same = now === last ? same + 1 : 0;
    last = now;
  }
  return innerWidth;
}
"""

# The page the sidebar's menu opens at `path`, as a click on it does (no new page load:
# the app stays, its session too); the menu is clicked by script, so that a phone's
# folded sidebar need not be opened first.
_OPEN = """
(path) => {
  const link = [...document.querySelectorAll('[data-testid=stSidebarNav] a')]
    .find(a => new URL(a.href).pathname === path);
  if (!link) return false;
  link.click();
  return true;
}
"""

# The page at `path` has been run and drawn: its address, no run going on, and nothing
# left over (stale) from the page before.
_ARRIVED = """
(path) => location.pathname === path
  && document.querySelector('[data-testid=stApp]')?.dataset.testScriptState === 'notRunning'
  && !document.querySelector('[data-stale=true]')
"""


def settle(page: Page) -> None:
    """Wait until the server is idle and the browser has laid the page out for good."""
    idle(page)
    size = page.viewport_size
    width = page.evaluate(_SETTLED)
    assert size is None or width == size["width"], (width, size)  # the layout of this size
    idle(page)


def resize(page: Page, size: str) -> None:
    """The same page, at another size, laid out again (a learner turning a tablet, or
    the test checking a second size without loading the page again)."""
    page.set_viewport_size(SIZES[size])
    settle(page)


def open_page(page: Page, name: str) -> None:
    """Go to a page through the app's own menu (see `_OPEN`)."""
    path = f"/{name}"
    assert page.evaluate(_OPEN, path), f"no menu link to {path}"
    page.wait_for_function(_ARRIVED, arg=path, polling=100)
    settle(page)


def size_of(page: Page) -> str:
    return next(name for name, box in SIZES.items() if box == page.viewport_size)


def problems(page: Page, where: str) -> list[str]:
    """What is cut or drawn over on the page at its present size, named by page and size."""
    size = size_of(page)
    return ([f"{size} {where}: {found}" for found in cut_text(page)]
            + [f"{size} {where}: overlap {found}" for found in overlapping_text(page)])


def at_both_sizes(page: Page, where: str, shot: Path | None = None) -> list[str]:
    """Check the page as it is, then at the other size (resized, not loaded again), and
    take the phone's picture to `shot` (see `picture`). The page is left at the second
    size, so the next page is checked at it first and no size change is wasted."""
    found = problems(page, where)
    if shot is not None and size_of(page) == "phone":
        page.screenshot(path=str(shot))
    resize(page, "laptop" if size_of(page) == "phone" else "phone")
    found += problems(page, where)
    if shot is not None and size_of(page) == "phone":
        page.screenshot(path=str(shot))
    return found


def picture(name: str) -> Path | None:
    """Where the docs' picture `name` goes with UPDATE_SCREENSHOTS=1; else None, and no
    picture is taken (a screenshot checks nothing, and encoding one costs the browser)."""
    if os.environ.get("UPDATE_SCREENSHOTS") != "1":
        return None
    return ROOT / "docs" / "screenshots" / name


# ----- a game in progress ---------------------------------------------------------------

@functools.cache
def game_in_progress() -> Game:
    """A three-player game on the learner's turn, some deals in: every seat has captured
    cards (three piles and the stock, with their labels), a build is on the table, and
    cards are loose beside it. The learner builds whenever a build is legal, else plays
    as the computer's level 3 would; found once, the same game for the same engine."""
    for seed in range(1, 100):
        game = Game.start(Setup(3, (2, 2), PRESETS["classic"], seed))
        while game.in_play:
            state = game.state
            if game.your_turn and state.builds and all(state.piles) and state.loose:
                return game
            if not game.your_turn:
                game = game.advance()
                continue
            builds = [m for m in legal_moves(game.position()) if m.kind == BUILD]
            move = builds[0] if builds else choose_move(3, view_of(state, 0),
                                                        computer_rng(seed, game.ply))
            game, _ = game.attempt(move)
    raise AssertionError("no seed gives a game with piles and a build on the table")


class Learner:
    """One learner in one browser page for every language (a new page costs a load of
    the app's scripts; a page of the app opened from its menu does not); signed in by
    the first test to open a page, in its language."""

    def __init__(self, page: Page, name: str, learner_id: int) -> None:
        self.page, self.name, self.id, self.signed_in = page, name, learner_id, False

    def sign_in(self, lang: str) -> None:
        """The welcome screen's first tab, in the page's language."""
        if self.signed_in:
            return
        with using(lang):
            name, start = t("welcome.name"), t("welcome.start")
        self.page.get_by_role("textbox", name=name, exact=True).fill(self.name)
        press(self.page, self.page.get_by_role("button", name=start))
        self.signed_in = True


def a_learner(server: Server, browser: Any, name: str, size: str) -> Learner:
    with ProgressStore(server.db) as store:
        learner_id = store.learner(name).id
    return Learner(new_page(browser, SIZES[size]), name, learner_id)


@pytest.fixture(scope="module")
def learner(real_server: Server, browser: Any) -> Iterator[Learner]:
    """A new learner, as the pages first greet one."""
    opened = a_learner(real_server, browser, "Ana", "laptop")
    yield opened
    opened.page.context.close()


@pytest.fixture(scope="module")
def pairing(real_server: Server, browser: Any) -> Iterator[Learner]:
    """A learner who opens the first pair capture by its link (in the first stage, open
    to all; a locked lesson would not open): marked in the store before the app first
    reads their progress, which it then keeps (services/progress_cache.py)."""
    real_server.unlock("Bo", "cards", "first-pair")
    opened = a_learner(real_server, browser, "Bo", "phone")
    yield opened
    opened.page.context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_text_is_cut_off_on_any_page(real_server: Server, learner: Learner,
                                         lang: str) -> None:
    """Every page a signed-in learner opens, at both sizes: Play with a game in progress
    (kept in the store, so the page takes it up as a reload does) and Play's set-up
    after "New game", the course map, Puzzles, the Sandbox and the Rules."""
    page = learner.page
    with ProgressStore(real_server.db) as store:
        store.save_game(learner.id, game_in_progress().to_json())
    page.goto(f"{real_server.url}/play?lang={lang}")  # the language, for the session
    learner.sign_in(lang)
    page.wait_for_function(_ARRIVED, arg="/play", polling=100)
    expect(page.locator(".ct-seats")).to_be_visible()  # the game, not the set-up form
    settle(page)
    cut = at_both_sizes(page, "play (a game)", picture(f"phone-play-game.{lang}.png"))
    with using(lang):
        new_game, abandon = t("play.new_game"), t("play.abandon_yes")
    press(page, page.get_by_role("button", name=new_game))
    press(page, page.get_by_role("button", name=abandon))
    expect(page.locator(".st-key-play-setup")).to_be_visible()
    settle(page)
    cut += at_both_sizes(page, "play", picture(f"phone-play.{lang}.png"))
    for name in ("", "puzzles", "sandbox", "rules"):
        open_page(page, name)
        shot = picture(f"phone-{name or 'learn'}.{lang}.png") if name in ("", "sandbox") \
            else None
        cut += at_both_sizes(page, name or "learn", shot)
    assert not cut, "\n".join(cut)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_wrong_try_on_a_phone_reads_whole(real_server: Server, pairing: Learner,
                                            lang: str) -> None:
    """The lesson player on a phone after a wrong capture: the judge's sentence, in the
    language, whole and not cut (saved as phone-wrong-try.<lang>.png)."""
    page = pairing.page
    page.goto(f"{real_server.url}/?lang={lang}&lesson=cards&step=first-pair")
    pairing.sign_in(lang)
    with using(lang):
        seven, three = (words.card_name(Card.parse(c)) for c in ("7s", "3c"))
        if lang == "en":  # the board's English labels spell the rank out
            seven, three = "seven of spades", "three of clubs"
    page.wait_for_function(_ARRIVED, arg="/", polling=100)
    for label in (seven, three):
        press(page, page.get_by_role("button", name=label, exact=False).first)
    with using(lang):  # the button by its label: its help tooltip is a button too
        capture = t("board.capture")
    press(page, page.locator(".st-key-learn-capture").get_by_role("button", name=capture))
    error = page.get_by_test_id("stAlertContentError")
    error.wait_for()
    said = error.inner_text()
    assert "7♠" in said and "3♣" in said
    assert sentences.slips(said, lang) == [], said
    settle(page)
    assert not cut_text(page)
    shot = picture(f"phone-wrong-try.{lang}.png")
    if shot is not None:
        page.screenshot(path=str(shot))


def test_the_checks_find_text_drawn_over_text(real_server: Server, learner: Learner) -> None:
    """The overlap check can fail: two labels placed on top of each other are found,
    and a label apart, or two texts of one element, are not."""
    page = learner.page
    page.set_viewport_size(SIZES["phone"])
    page.goto(f"{real_server.url}/rules?lang=en")  # open to all: no sign-in needed
    page.wait_for_function(_ARRIVED, arg="/rules", polling=100)
    settle(page)
    page.evaluate("""() => {
      const main = document.querySelector('[data-testid=stMain]');
      const add = (text, left, top) => {
        const el = document.createElement('div');
        el.textContent = text;
        el.style.cssText = `position:absolute;left:${left}px;top:${top}px;z-index:9`;
        main.appendChild(el);
        return el;
      };
      add('first label', 10, 300);
      add('second label', 30, 305);
      add('apart', 250, 2000);
      add('outer', 10, 500).appendChild(document.createTextNode(' inner'));
    }""")
    found = overlapping_text(page)
    assert '"first label" over "second label"' in found, found
    assert not [pair for pair in found if "apart" in pair], found
    assert '"outer" over "inner"' not in found and '"inner" over "outer"' not in found

    # A line cut only on a narrow screen: found on the phone, and no longer once the
    # same page is resized to the laptop (the check sees the page laid out anew).
    page.evaluate("""() => {
      const el = document.createElement('div');
      el.textContent = 'a line of words that half a phone cannot hold whole';
      el.style.cssText = 'width:50vw;white-space:nowrap;overflow:hidden';
      document.querySelector('[data-testid=stMainBlockContainer]').prepend(el);
    }""")
    assert [c for c in cut_text(page) if "a line of words" in c], cut_text(page)
    resize(page, "laptop")
    assert not [c for c in cut_text(page) if "a line of words" in c], cut_text(page)


# ----- the Classroom on a projector --------------------------------------------------------

def three_answers(course: Course) -> tuple[str, tuple[Attempt, ...]]:
    """A puzzle, and three answers to it: one right, one legal that misses the goal, one
    not allowed (a bar each on the projector, the mistakes with their reasons)."""
    for puzzle in course.puzzles:
        position = puzzle.position
        tries = [Attempt.selection(c, TRAIL) for c in position.hand] + [
            Attempt.selection(c, CAPTURE, [x]) for c in position.hand for x in position.loose]
        found: dict[FeedbackStatus, Attempt] = {}
        for attempt in tries:
            found.setdefault(check_answer(puzzle, attempt).status, attempt)
        wanted = (FeedbackStatus.CORRECT, FeedbackStatus.MISSED, FeedbackStatus.NOT_ALLOWED)
        if all(status in found for status in wanted):
            return puzzle.id, tuple(found[status] for status in wanted)
    raise AssertionError("no puzzle has a right, a missed and a refused answer")


@pytest.fixture(scope="module")
def projector(real_server: Server, browser: Any) -> Iterator[tuple[Page, int, str]]:
    """The teacher signed in on the Classroom page, with a class made there, a puzzle
    asked live, and projector mode on; one page for every language, with the class's
    id and the puzzle's."""
    puzzle_id, _ = three_answers(lessons_of(None))
    page = new_page(browser, SIZES["laptop"])
    try:
        page.goto(f"{real_server.url}/classroom?lang=en&puzzle={puzzle_id}")
        teacher_sign_in(page, *TEACHER)
        with using("en"):
            class_name, create, ask, mode = (t(key) for key in (
                "live.class_name", "live.create_class", "live.ask", "classroom.projector"))
        page.get_by_role("textbox", name=class_name).fill("7C")
        press(page, page.get_by_role("button", name=create))
        press(page, page.get_by_role("button", name=ask))
        expect(page.locator(".st-key-live-panel")).to_be_visible()
        press(page, page.get_by_text(mode, exact=True))
        expect(page.get_by_role("switch", name=mode)).to_be_checked()
        idle(page)
        with ProgressStore(real_server.db) as store:
            rooms = ClassStore(store)
            teacher = rooms.teacher_password_ok(*TEACHER)
            assert teacher is not None
            class_id = rooms.classes_of(teacher.id)[-1].id
            rooms.add_learners(class_id, ["Dani", "Eli", "Flo"])
        yield page, class_id, puzzle_id
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_nothing_is_cut_off_on_the_projector(real_server: Server,
                                             projector: tuple[Page, int, str],
                                             lang: str) -> None:
    """The Classroom in projector mode with a live question up and its answers shown
    (three bars: right, missed and refused, each mistake with its reason, worded in the
    language of the class that answered), one bar clicked to show its cards on the
    table; at both sizes (saved as phone-projector.<lang>.png)."""
    page, class_id, puzzle_id = projector
    with using(lang):
        course = load_course(shipped_lessons(), language=lang, proofs=False)
        asked = live.question(course, live.PUZZLE, puzzle_id)
        assert asked is not None
        _, answers = three_answers(course)
        judged = [live.judge(asked, attempt) for attempt in answers]
    with ProgressStore(real_server.db) as store:
        rooms = ClassStore(store)
        question = rooms.put_question(class_id, live.PUZZLE, puzzle_id).question
        for member, said in zip(rooms.members(class_id), judged, strict=True):
            assert rooms.answer(class_id, question, member.id, said.move, said.verdict,
                                said.code, said.reason)
        rooms.set_live(class_id, shown=True)
    page.goto(f"{real_server.url}/classroom?lang={lang}&puzzle={puzzle_id}")
    page.wait_for_function(_ARRIVED, arg="/classroom", polling=100)
    with using(lang):
        expect(page.get_by_role("switch", name=t("classroom.projector"))).to_be_checked()
        expect(page.get_by_text(t("live.answered", n=3, total=3))).to_be_visible()
    bars = page.locator('[class*="st-key-live-bar-btn"] button')
    expect(bars).to_have_count(3)
    refused = next(i for i in range(3) if bars.nth(i).inner_text().startswith("✗"))
    press(page, bars.nth(refused))
    expect(page.locator(".st-key-live-picked img.ct-marked").first).to_be_visible()
    settle(page)
    cut = at_both_sizes(page, "classroom (projector)")
    shot = picture(f"phone-projector.{lang}.png")
    if shot is not None:
        if size_of(page) != "phone":
            resize(page, "phone")
        tall_screenshot(page, shot)
    assert not cut, "\n".join(cut)


def tall_screenshot(page: Page, path: Path) -> None:
    """The page at its width and as tall as its content (Streamlit scrolls inside its
    main block, so a screenshot shows only the window), then the window as it was."""
    size = page.viewport_size
    assert size is not None
    page.evaluate("for (const el of document.querySelectorAll('*')) el.scrollTop = 0")
    height = page.evaluate("document.querySelector('[data-testid=stMain]').scrollHeight")
    page.set_viewport_size({"width": size["width"], "height": min(int(height) + 40, 4000)})
    settle(page)
    page.screenshot(path=str(path))
    page.set_viewport_size(size)
    settle(page)
