"""What every browser test does with a page: open one, sign in, find a card."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

WAIT = 20_000

# `expect` waits 5 s by default, which a loaded CI machine can overrun while the
# server reruns a page; every assertion gets the same patience as every action.
expect.set_options(timeout=WAIT)


@pytest.fixture
def page(browser: Any) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000},
                                  device_scale_factor=1)
    opened = context.new_page()
    opened.set_default_timeout(WAIT)
    yield opened
    context.close()


def sign_in(page: Page, name: str) -> None:
    page.get_by_role("textbox", name="Your name").fill(name)
    page.get_by_role("button", name="Start learning").click()
    expect(page.get_by_text(f"Learning as {name}")).to_be_visible()


def card(page: Page, name: str) -> Any:
    """A card button by its screen-reader label, e.g. "seven of spades"."""
    return page.get_by_role("button", name=name, exact=False).first
