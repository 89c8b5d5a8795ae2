"""Browser benchmark: from a click on a card to the page settled, in Chromium.

Run with ``python -m tutorial_app.tools.browser_bench [--clicks 50]``.

Starts the app as `make load` does (a fresh database in a temporary folder; or
drives a running one with --url), opens the lesson player on the course's first
play step in headless Chromium (Debian's /usr/bin/chromium, 1280x800), signs in,
and clicks the first card of the hand again and again (each click selects or
unselects it). Each click is timed in the page itself: from the button's click
event to the moment the card shows its new state and Streamlit says the script
is no longer running (`[data-testid=stApp][data-test-script-state=notRunning]`),
seen by a MutationObserver. So the figure is what a learner waits for, the
network and the browser's drawing included, without Playwright's own overhead.
Prints the median and the 90th percentile, with the load average.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from tutorial_app.tools.loadtest.metrics import percentile
from tutorial_app.tools.loadtest.runner import loadavg
from tutorial_app.tools.loadtest.server import LocalServer

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu"]
WAIT_MS = 30_000

# In the page: click the button, resolve with the milliseconds until it shows the
# wanted state and the script is not running (-1 after 30 s).
_CLICK_AND_SETTLE = """
async ([key, selected]) => {
  const query = `div.st-key-${key} button`;
  const app = document.querySelector('[data-testid=stApp]');
  const settled = () => {
    const button = document.querySelector(query);
    return button !== null && button.textContent.includes('(selected)') === selected
      && app.getAttribute('data-test-script-state') === 'notRunning';
  };
  const started = performance.now();
  document.querySelector(query).click();
  return await new Promise((resolve) => {
    const watcher = new MutationObserver(() => {
      if (settled()) { watcher.disconnect(); resolve(performance.now() - started); }
    });
    watcher.observe(document.body, {subtree: true, childList: true, attributes: true,
                                    characterData: true});
    setTimeout(() => { watcher.disconnect(); resolve(-1); }, 30000);
  });
}
"""


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


def measure(url: str, clicks: int, warmup: int, pause: float) -> list[float]:
    from playwright.sync_api import sync_playwright

    lesson, step, card = _first_play_step()
    key = f"cb-learn-h-{card}"
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
            page.set_default_timeout(WAIT_MS)
            page.goto(f"{url}/?{urlencode({'lesson': lesson, 'step': step})}")
            page.get_by_role("textbox", name="Your name").fill("Browser bench")
            page.get_by_role("button", name="Start learning").click()
            button = page.locator(f"div.st-key-{key} button")
            button.wait_for(state="visible")
            page.locator("[data-testid=stApp][data-test-script-state=notRunning]").wait_for(
                state="attached")
            times: list[float] = []
            selected = False
            for i in range(warmup + clicks):
                time.sleep(pause)
                selected = not selected
                took: Any = page.evaluate(_CLICK_AND_SETTLE, [key, selected])
                if float(took) < 0:
                    raise RuntimeError(f"click {i + 1} never settled")
                if i >= warmup:
                    times.append(float(took))
            return times
        finally:
            browser.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--clicks", type=int, default=50, help="clicks timed (default 50)")
    parser.add_argument("--warmup", type=int, default=5, help="clicks before timing")
    parser.add_argument("--pause", type=float, default=0.3,
                        help="seconds between clicks (default 0.3)")
    parser.add_argument("--url", help="a running app instead of starting one")
    args = parser.parse_args(argv)
    if not CHROMIUM.exists():
        print(f"needs Chromium at {CHROMIUM} (apt-get install chromium)", file=sys.stderr)
        return 2
    before = loadavg()
    if args.url:
        times = measure(args.url.rstrip("/"), args.clicks, args.warmup, args.pause)
    else:
        with LocalServer() as server:
            times = measure(server.url, args.clicks, args.warmup, args.pause)
    print(f"lesson player, a card click to the page settled, Chromium: {len(times)} clicks")
    print(f"  median {statistics.median(times):.0f} ms, p90 {percentile(times, 90):.0f} ms, "
          f"min {min(times):.0f} ms, max {max(times):.0f} ms")
    print(f"  load average {before} at the start, {loadavg()} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
