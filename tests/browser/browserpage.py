"""What every browser test does with a page: open one, sign in, find a card."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any, Final

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, expect

from tutorial_app.services.signin import DEVICE_COOKIE

WAIT = 20_000

# `expect` waits 5 s by default, which a loaded CI machine can overrun while the
# server reruns a page; every assertion gets the same patience as every action.
expect.set_options(timeout=WAIT)


PHONE: Final = {"width": 390, "height": 844}
DESKTOP: Final = {"width": 1400, "height": 1000}


# Every CSS transition and animation off, in every page the tests open: the pictures
# are the same once drawn, and the browser does not spend the CPU drawing the frames in
# between (a fade on every rerun, a spinner while the script runs), which on a machine
# running two browser tests at once is time taken from the other test.
STILL: Final = ("*, *::before, *::after { transition: none !important; "
                "animation: none !important; }")
_STILL_SCRIPT: Final = f"""(() => {{
  const add = () => {{
    const style = document.createElement('style');
    style.textContent = {json.dumps(STILL)};
    (document.head || document.documentElement).appendChild(style);
  }};
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', add);
  else add();
}})();"""

# Pages handed back with `release`, by the options they were made with, for the next
# `new_page` with the same options (see `release`).
_SPARE: dict[tuple[Any, ...], list[Page]] = {}
_KIND: dict[Page, tuple[Any, ...]] = {}


def new_page(browser: Any, viewport: dict[str, int], **options: Any) -> Page:
    """A page in a context of its own (its own cookies, so its own learner), with the
    tests' patience; hand it back with `release(page)`. It may be a page released
    before with the same options: then its cookies and storage are cleared, so the app
    sees a new browser, while the browser keeps Streamlit's scripts compiled (a new
    context's first page costs twice the CPU of a page opened again)."""
    kind = (browser, tuple(sorted(viewport.items())), tuple(sorted(options.items())))
    spare = _SPARE.get(kind, [])
    while spare:
        opened = spare.pop()
        if not opened.is_closed():
            return opened
    context = browser.new_context(viewport=viewport, device_scale_factor=1, **options)
    context.add_init_script(_STILL_SCRIPT)
    opened = context.new_page()
    opened.set_default_timeout(WAIT)
    _KIND[opened] = kind
    return opened


def release(page: Page) -> None:
    """Done with a page from `new_page`: it leaves the app (its session on the server
    ends, and nothing on it reruns any more), its storage and its context's cookies are
    cleared, and it waits for the next `new_page` with the same options. A page that
    cannot be cleared so (closed, another page open in its context, or anything going
    wrong) is closed with its context instead. Listeners a test added (`page.on`) stay:
    remove them first."""
    kind = _KIND.pop(page, None)
    try:
        if kind is None or page.is_closed() or len(page.context.pages) != 1:
            raise PlaywrightError("not a page to keep")
        with contextlib.suppress(PlaywrightError):  # not on a page of the app
            page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
        page.goto("about:blank")
        page.set_viewport_size(dict(kind[1]))
        page.emulate_media(media="null")
        page.context.clear_cookies()
        page.context.clear_permissions()
    except PlaywrightError:
        if not page.is_closed():
            page.context.close()
        return
    _KIND[page] = kind
    _SPARE.setdefault(kind, []).append(page)


@pytest.fixture
def page(browser: Any) -> Iterator[Page]:
    opened = new_page(browser, DESKTOP)
    yield opened
    release(opened)


def idle(page: Page) -> None:
    """Wait until the server has finished running the page's script. A click that
    lands while a run is still drawing the page can be lost (Streamlit folds it
    into the run in progress), which a loaded machine makes likely; so every test
    click waits for this first."""
    page.locator("[data-testid=stApp][data-test-script-state=notRunning]").wait_for(
        state="attached")


def answered(page: Page, target: Locator) -> None:
    """Press `target` (a submit button) and wait until the server has answered it: a
    run of the page's script has started and ended since the press. `idle` alone can
    pass before that run has even started (the page still says "not running" while the
    press travels), and an answer already on the screen from the press before (the same
    error twice) would be taken for this one's."""
    page.evaluate("""() => {
      const app = document.querySelector('[data-testid=stApp]');
      window.__cassinoRuns = 0;
      let was = app.getAttribute('data-test-script-state');
      new MutationObserver(() => {
        const now = app.getAttribute('data-test-script-state');
        if (was === 'running' && now !== 'running') window.__cassinoRuns += 1;
        was = now;
      }).observe(app, {attributes: true, attributeFilter: ['data-test-script-state']});
    }""")
    press(page, target)
    page.wait_for_function("() => window.__cassinoRuns > 0", timeout=WAIT)
    idle(page)


def drawn(page: Page) -> None:
    """The page idle (see `idle`) and drawn: its web fonts loaded, its pictures decoded,
    two frames painted since; and never an exception box. What a picture of the page
    waits for, in place of fixed pauses."""
    idle(page)
    page.evaluate("""async (wait) => {
      const drawn = (async () => {
        await document.fonts.ready;
        await Promise.all([...document.images].map((image) => image.decode().catch(() => null)));
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      })();
      const late = new Promise((_, fail) => setTimeout(
        () => fail(new Error(`fonts and pictures not drawn within ${wait} ms`)), wait));
      await Promise.race([drawn, late]);
    }""", WAIT)
    idle(page)
    shown = page.get_by_test_id("stException")
    assert shown.count() == 0, shown.all_inner_texts()


def press(page: Page, target: Locator) -> None:
    """Click `target` once it is shown and the page is idle (see `idle`), in the middle
    of the screen. Waiting for the target first matters: a button that a run is drawing
    is seen before the run ends, and clicking it then is the race `idle` is there to
    avoid."""
    target.wait_for(state="visible")
    idle(page)
    # In the middle of the screen first: Playwright scrolls a target only just into
    # view, where Streamlit's sticky header can lie over its edge, and the browser's
    # own scroll as the pressed button takes focus then moves it between the pointer's
    # down and up, so the click lands on the page around it and is lost.
    target.evaluate("e => e.scrollIntoView({block: 'center', inline: 'nearest'})")
    target.click()


def sign_in(page: Page, name: str) -> None:
    """A learner in no class: the name alone, on the welcome screen's first tab. Before
    a reload or a link opened in the same tab, wait until the browser remembers them
    (`remembered`)."""
    page.get_by_role("textbox", name="Your name", exact=True).fill(name)
    press(page, page.get_by_role("button", name="Start learning"))
    expect(page.get_by_text(f"Learning as {name}")).to_be_visible()


def remembered(page: Page) -> None:
    """Wait until the browser holds the sign-in cookie. The page is drawn signed in
    before its script has posted the ticket to the cookie route (ui/session.py), so a
    reload or a link opened at once could still find the browser a stranger. The cookie
    is HttpOnly (the page's scripts cannot see it): the browser itself is asked."""
    for _ in range(WAIT // 50):
        if any(c["name"] == DEVICE_COOKIE for c in page.context.cookies()):
            return
        page.wait_for_timeout(50)
    raise AssertionError("the browser never got the sign-in cookie")


def form(page: Page, button: str) -> Locator:
    """The form whose submit button says `button` (two forms on a page share labels)."""
    return page.get_by_test_id("stForm").filter(
        has=page.get_by_role("button", name=button, exact=True))


def class_sign_in(page: Page, code: str, name: str, first: str, second: str) -> None:
    """A class learner: the "In a class" tab, the code, the name and the two secret
    pictures (by their words, e.g. "dog": the picture itself is drawn as an icon), then
    Sign in."""
    press(page, page.get_by_role("tab", name="In a class"))
    signin = page.locator(".st-key-class-signin")  # the code and name, then the pictures
    signin.get_by_role("textbox", name="Class code").fill(code)
    signin.get_by_role("textbox", name="Your name", exact=True).fill(name)
    pills = signin.get_by_test_id("stButtonGroup")
    for index, label in enumerate((first, second)):
        press(page, pills.nth(index).get_by_role("radio", name=label, exact=True))
    press(page, signin.get_by_role("button", name="Sign in"))


def card(page: Page, name: str) -> Locator:
    """A card button by its screen-reader label, e.g. "seven of spades"."""
    return page.get_by_role("button", name=name, exact=False).first


def select(page: Page, *names: str) -> None:
    """Click cards by their labels, each seen selected before the next click."""
    for name in names:
        press(page, card(page, name))
        expect(card(page, f"{name} (selected)")).to_be_visible()


def teacher_sign_in(page: Page, name: str = "Teacher", password: str = "teacher-pass") -> None:
    """On the Classroom page: the teacher's name and password (the browser server's first
    teacher, browserserver.TEACHER)."""
    page.get_by_role("textbox", name="Teacher name").fill(name)
    page.get_by_role("textbox", name="Password").fill(password)
    press(page, page.get_by_role("button", name="Sign in"))
    expect(page.get_by_text(f"Teacher: {name}")).to_be_visible()
