"""Browser benchmark: each page's first view, and a lesson tap, in Chromium on a phone.

Run with ``python -m tutorial_app.tools.browser_bench [--runs 5] [--clicks 20]``, or
``make bench-browser``.

Starts the app as `make load` does (a fresh database in a temporary folder, and a
teacher for the Classroom; or drives a running one with --url), and a headless Chromium
(Debian's /usr/bin/chromium) as a 390x844 touch phone. A learner signs in, then:

- **Each page's first view**: the page opened by its address (a new session of the
  app, as a link, a reload or a phone coming back does), timed in the page itself from
  the navigation's start (`performance.now()` counts from it) to the first frame drawn
  with the page's first meaningful content (its own element: the course map's first
  lesson, the Play set-up's Start, the Sandbox's cards...; `PAGES`), and to the page
  settled (Streamlit says its script is no longer running). A stage is opened by a tap
  on its Start on the course map, to the lesson player drawn. The Puzzle streak and the
  Lines of play are modes of the Puzzles page: timed from the tap on the mode to the
  streak's Start button or the line's cards. The Classroom is opened by a signed-in
  teacher. The first load of each page is reported apart (cold: a page's modules
  imported for the first time in the server), and the median of the `--runs` after it.
- **The first page after choosing a language**: a new visitor on the welcome screen
  taps "Español": to the welcome screen drawn in Spanish; then types a name and taps
  Start: to the course map drawn.
- **A lesson tap**: on the course's first play step, a tap on a card of the hand to the
  card drawn chosen (the reply a tap gets), and the page settled.

Each time is taken in the page (a MutationObserver and the next animation frame), so
the figures are what a learner waits for, network and drawing included, without
Playwright's own overhead. Prints a table with the load average before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final
from urllib.parse import urlencode

from tutorial_app.tools.loadtest.runner import loadavg
from tutorial_app.tools.loadtest.server import LocalServer

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu"]
PHONE: Final = {"viewport": {"width": 390, "height": 844}, "has_touch": True,
                "is_mobile": True, "device_scale_factor": 1}
WAIT_MS = 60_000
LEARNER: Final = "Browser bench"
TEACHER_NAME: Final = "Bench Teacher"
SETTLED: Final = "[data-testid=stApp][data-test-script-state=notRunning]"


@dataclass(frozen=True, slots=True)
class Probe:
    """A page (its address, or a mode of a page reached by a tap) and the element that
    is its first meaningful content."""

    name: str
    path: str  # the address to open ("" the root); a mode: the page it is on
    content: str  # CSS selector of the first meaningful content
    tap: str | None = None  # a mode: the button tapped (CSS selector)
    back: str | None = None  # a tap: the button that leaves it, before the next run
    left: str = "div.st-key-puzzles-themes"  # and what shows it has been left
    teacher: bool = False


_MODE = ".st-key-puzzles-mode button"
_STAGE = 'div[class*="st-key-open-"] button'
PAGES: Final = (
    Probe("Learn", "", _STAGE),
    Probe("A stage opened (its Start tapped)", "", "div.st-key-learn-nav",
          tap=f"{_STAGE} >> nth=0", back="div.st-key-to-path button", left=_STAGE),
    Probe("Practice", "practice", "div.st-key-practice-map"),
    Probe("Puzzles", "puzzles",
          'div.st-key-puzzles-all button, div[class*="st-key-cb-puzzle"] button'),
    Probe("Puzzle streak", "puzzles", "div.st-key-streak-start button",
          tap=f"{_MODE} >> nth=1", back=f"{_MODE} >> nth=0"),
    Probe("Lines of play", "puzzles", 'div[class*="st-key-cb-line-"] button',
          tap=f"{_MODE} >> nth=2", back=f"{_MODE} >> nth=0"),
    Probe("Play", "play", "div.st-key-play-start button"),
    Probe("Sandbox", "sandbox", 'div[class*="st-key-cb-sandbox-"] button'),
    Probe("Rules", "rules", '.stMainBlockContainer [data-testid="stMarkdownContainer"] p'),
    Probe("Classroom (teacher)", "classroom", "div.st-key-class-head", teacher=True),
)

# In every document, from its start: when each wanted element is first present, the
# time of the next frame (drawn), then the first time from that frame on that the app
# says its script is not running (settled); milliseconds from the navigation's start.
_WATCH = """
(() => {
  const want = %s;
  window.__benchSeen = {}; window.__benchSettled = {};
  const look = () => {
    const app = document.querySelector('[data-testid=stApp]');
    const idle = app !== null && app.getAttribute('data-test-script-state') === 'notRunning';
    for (const [name, selector] of Object.entries(want)) {
      if (!(name in window.__benchSeen) && document.querySelector(selector)) {
        window.__benchSeen[name] = null;
        requestAnimationFrame(() => { window.__benchSeen[name] = performance.now(); look(); });
      }
      if (typeof window.__benchSeen[name] === 'number' && !(name in window.__benchSettled)
          && idle) {
        window.__benchSettled[name] = performance.now();
      }
    }
  };
  new MutationObserver(look).observe(document, {subtree: true, childList: true,
                                                attributes: true, characterData: true});
})();
"""

# Before a tap: resolve, once `selector` is present (and later the app idle), with the
# milliseconds from the tap's first touch (or click) to the next frame and to idle.
_ARM = """
([selector, absent]) => {
  const app = document.querySelector('[data-testid=stApp]');
  let started = null;
  const start = () => { if (started === null) started = performance.now(); };
  for (const kind of ['touchstart', 'pointerdown', 'mousedown', 'click']) {
    document.addEventListener(kind, start, {capture: true, once: true});
  }
  window.__benchTap = new Promise((resolve) => {
    let drawn = null;
    const look = () => {
      if (started === null) return;
      const found = document.querySelector(selector);
      if (drawn === null && found && !(absent && document.querySelector(absent))) {
        drawn = -1;
        requestAnimationFrame(() => { drawn = performance.now() - started; look(); });
      }
      if (drawn > 0 && app.getAttribute('data-test-script-state') === 'notRunning') {
        watcher.disconnect(); resolve([drawn, performance.now() - started]);
      }
    };
    const watcher = new MutationObserver(look);
    watcher.observe(document.body, {subtree: true, childList: true, attributes: true,
                                    characterData: true});
    setTimeout(() => { watcher.disconnect(); resolve([-1, -1]); }, 60000);
  });
}
"""


@dataclass
class Times:
    """One row of the table: a first view (or a tap) timed `runs` times; the cold run
    (the first, not in the median) apart."""

    name: str
    first: list[float] = field(default_factory=list)
    settled: list[float] = field(default_factory=list)
    cold: tuple[float, float] | None = None

    def add(self, first: float, settled: float, cold: bool = False) -> None:
        if first < 0:
            raise RuntimeError(f"{self.name}: its content never came")
        if cold:
            self.cold = (first, settled)
        else:
            self.first.append(first)
            self.settled.append(settled)

    def row(self) -> str:
        def ms(values: Sequence[float]) -> str:
            return f"{statistics.median(values):.0f}" if values else "n/a"

        spread = (f"{min(self.first):.0f}-{max(self.first):.0f}" if self.first else "n/a")
        cold = f"{self.cold[0]:.0f} / {self.cold[1]:.0f}" if self.cold else "-"
        return (f"| {self.name} | {ms(self.first)} | {spread} | {ms(self.settled)} | "
                f"{len(self.first)} | {cold} |")


HEADER: Final = ("| page | first content, median ms | range | settled, median ms | runs | "
                 "cold: first / settled ms |\n|---|---|---|---|---|---|")


def _first_play_step() -> tuple[str, str, str]:
    from tutorial_app.config import lessons_folder
    from tutorial_app.course import load_course

    course = load_course(lessons_folder())
    for lesson in course.lessons:
        for step in lesson.steps:
            position = getattr(step, "position", None)
            if step.kind == "play" and position is not None and position.hand:
                return lesson.id, step.id, str(position.hand[0])
    raise RuntimeError("no play step in the course")


def _words(lang: str, key: str) -> str:
    from tutorial_app.words.i18n import t, using

    with using(lang):
        return t(key)


class Bench:
    """One Chromium, and the learner's and the teacher's phones in it."""

    def __init__(self, browser: Any, url: str, teacher: tuple[str, str] | None) -> None:
        self.browser = browser
        self.url = url
        self.teacher = teacher
        watch = _WATCH % json.dumps({p.name: p.content for p in PAGES})
        self.watch = watch

    def phone(self) -> Any:
        context = self.browser.new_context(**PHONE)
        context.add_init_script(self.watch)
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        return page

    def settle(self, page: Any) -> None:
        page.locator(SETTLED).wait_for(state="attached")

    def sign_in_learner(self, page: Any) -> None:
        page.goto(f"{self.url}/")
        page.get_by_role("textbox", name=_words("en", "welcome.name")).fill(LEARNER)
        page.get_by_role("button", name=_words("en", "welcome.start")).tap()
        page.locator('div[class*="st-key-open-"] button').first.wait_for()
        self.settle(page)

    def sign_in_teacher(self, page: Any) -> None:
        assert self.teacher is not None
        page.goto(f"{self.url}/classroom")
        page.get_by_role("textbox", name=_words("en", "teacher.name")).fill(self.teacher[0])
        page.get_by_role("textbox", name=_words("en", "teacher.password")).fill(
            self.teacher[1])
        page.get_by_role("button", name=_words("en", "teacher.sign_in")).tap()
        page.locator("div.st-key-class-head").wait_for()
        self.settle(page)

    def open(self, page: Any, probe: Probe) -> tuple[float, float]:
        """The page opened by its address: to its content drawn, and settled."""
        page.goto(f"{self.url}/{probe.path}", wait_until="commit")
        page.wait_for_function("(n) => typeof window.__benchSeen[n] === 'number' && "
                               "typeof window.__benchSettled[n] === 'number'",
                               arg=probe.name, timeout=WAIT_MS)
        got: Any = page.evaluate("(n) => [window.__benchSeen[n], window.__benchSettled[n]]",
                                 probe.name)
        return float(got[0]), float(got[1])

    def tap(self, page: Any, target: str, wanted: str,
            absent: str | None = None) -> tuple[float, float]:
        """From a tap on `target` to `wanted` drawn (while `absent` is not), and settled."""
        self.settle(page)
        button = page.locator(target).first
        button.scroll_into_view_if_needed()
        page.evaluate(_ARM, [wanted, absent])
        button.tap()
        got: Any = page.evaluate("() => window.__benchTap")
        return float(got[0]), float(got[1])

    def pages(self, runs: int, teacher_page: Any | None, learner: Any) -> list[Times]:
        rows = []
        for probe in PAGES:
            if probe.teacher and teacher_page is None:
                continue
            page: Any = teacher_page if probe.teacher else learner
            times = Times(probe.name)
            for run in range(runs + 1):
                if probe.tap is None:
                    first, settled = self.open(page, probe)
                else:
                    if run == 0:
                        page.goto(f"{self.url}/{probe.path}")
                        self.settle(page)
                    first, settled = self.tap(page, probe.tap, probe.content)
                    assert probe.back is not None
                    self.tap(page, probe.back, probe.left)
                times.add(first, settled, cold=run == 0)
            rows.append(times)
            print(times.row(), flush=True)
        return rows

    def language(self, runs: int) -> list[Times]:
        """A new visitor taps "Español" on the welcome screen, then signs in."""
        chosen = Times("Welcome, after tapping Español")
        first_page = Times("Learn, the first page after it (Empezar tapped)")
        for run in range(runs + 1):
            page = self.phone()
            try:
                page.goto(f"{self.url}/")
                language_button = ".st-key-welcome-lang-es button"
                page.locator(language_button).wait_for()
                first, settled = self.tap(
                    page, language_button,
                    '.st-key-welcome-lang-es [data-testid="stBaseButton-secondary"]')
                chosen.add(first, settled, cold=run == 0)
                page.get_by_role("textbox", name=_words("es", "welcome.name")).fill(
                    f"{LEARNER} {run}")
                first, settled = self.tap(
                    page, f'button:has-text("{_words("es", "welcome.start")}")',
                    'div[class*="st-key-open-"] button')
                first_page.add(first, settled, cold=run == 0)
            finally:
                page.context.close()
        for row in (chosen, first_page):
            print(row.row(), flush=True)
        return [chosen, first_page]

    def lesson_tap(self, page: Any, clicks: int, pause: float) -> Times:
        """Taps on the first card of the course's first play step: chosen, put back."""
        lesson, step, card = _first_play_step()
        page.goto(f"{self.url}/?{urlencode({'lesson': lesson, 'step': step})}")
        key = f"div.st-key-cb-learn-h-{card} button"
        page.locator(key).wait_for()
        times = Times("Lesson: a tap on a card, to it drawn chosen")
        selected = False
        for run in range(clicks + 1):
            time.sleep(pause)
            selected = not selected
            kind = "primary" if selected else "secondary"
            first, settled = self.tap(page, key, f'{key}[data-testid="stBaseButton-{kind}"]')
            times.add(first, settled, cold=run == 0)
        print(times.row(), flush=True)
        return times


def measure(url: str, runs: int, clicks: int, pause: float,
            teacher: tuple[str, str] | None) -> list[Times]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            bench = Bench(browser, url, teacher)
            print(HEADER, flush=True)
            learner = bench.phone()
            bench.sign_in_learner(learner)
            teacher_page = None
            if teacher is not None:
                teacher_page = bench.phone()
                bench.sign_in_teacher(teacher_page)
            rows = bench.pages(runs, teacher_page, learner)
            rows.append(bench.lesson_tap(learner, clicks, pause))
            rows += bench.language(runs)
            return rows
        finally:
            browser.close()


@contextmanager
def _server_with_teacher() -> Iterator[tuple[LocalServer, tuple[str, str]]]:
    """The app on a fresh database whose first teacher is the bench's (README: a fresh
    server's first start makes CASSINO_TEACHER with CASSINO_TEACHER_PASSWORD)."""
    password = f"bench-{secrets.token_hex(8)}"
    saved = {k: os.environ.get(k) for k in ("CASSINO_TEACHER", "CASSINO_TEACHER_PASSWORD")}
    os.environ["CASSINO_TEACHER"] = TEACHER_NAME
    os.environ["CASSINO_TEACHER_PASSWORD"] = password
    try:
        with LocalServer() as server:
            yield server, (TEACHER_NAME, password)
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--runs", type=int, default=5,
                        help="timed first views of each page, after a cold one (default 5)")
    parser.add_argument("--clicks", type=int, default=20,
                        help="timed lesson taps, after a first one (default 20)")
    parser.add_argument("--pause", type=float, default=0.3,
                        help="seconds between lesson taps (default 0.3)")
    parser.add_argument("--url", help="a running app instead of starting one")
    parser.add_argument("--teacher", help="with --url: a teacher's name, for the Classroom "
                        "(the password from CASSINO_TEACHER_PASSWORD)")
    args = parser.parse_args(argv)
    if not CHROMIUM.exists():
        print(f"needs Chromium at {CHROMIUM} (apt-get install chromium)", file=sys.stderr)
        return 2
    before = loadavg()
    print(f"Chromium, a 390x844 touch phone; load average {before} at the start")
    if args.url:
        password = os.environ.get("CASSINO_TEACHER_PASSWORD")
        teacher = (args.teacher, password) if args.teacher and password else None
        if teacher is None:
            print("(no --teacher with CASSINO_TEACHER_PASSWORD: the Classroom is left out)")
        measure(args.url.rstrip("/"), args.runs, args.clicks, args.pause, teacher)
    else:
        with _server_with_teacher() as (server, teacher):
            measure(server.url, args.runs, args.clicks, args.pause, teacher)
    print(f"load average {before} at the start, {loadavg()} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
