"""The rating chart in a real browser, on a 390x844 phone: after a puzzle solved and
one missed, the chart under "Your rating, puzzle by puzzle" is drawn (a picture with a
size on the screen, decoded by the browser), and its points, read from the picture
itself, are the store's rating history, the start first.

It was drawn inline as <svg>, which `st.html` strips (DOMPurify's HTML profile): the
expander opened on an empty box while an AppTest found the polyline."""

from __future__ import annotations

import base64
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest
from browserpage import PHONE, new_page, press, release, select, sign_in
from browserserver import Server
from playwright.sync_api import Page, expect

from tutorial_app.course.puzzles import rating as scale
from tutorial_app.services.store import ProgressStore
from tutorial_app.words.i18n import t

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def phone(browser: Any) -> Iterator[Page]:
    opened = new_page(browser, PHONE, has_touch=True)
    yield opened
    release(opened)


def history(server: Server, name: str) -> list[float]:
    store = ProgressStore(server.db)
    try:
        (learner,) = store.learners_named(name)
        return store.rating_history(learner.id)
    finally:
        store.close()


def test_the_chart_is_drawn_and_its_points_are_the_rating_history(server: Server,
                                                                  phone: Page) -> None:
    page = phone
    page.goto(f"{server.url}/puzzles?puzzle=tp2")
    sign_in(page, "Rhea")
    select(page, "five of spades", "five of diamonds")  # solved
    press(page, page.get_by_role("button", name="Capture", exact=True))
    expect(page.get_by_test_id("stAlertContentSuccess")).to_be_visible()
    press(page, page.get_by_role("button", name="Next puzzle"))
    select(page, "four of diamonds")  # tp1: a trail misses it
    press(page, page.get_by_role("button", name="Trail", exact=True))
    expect(page.get_by_test_id("stAlertContentWarning")).to_be_visible()
    rated = history(server, "Rhea")
    assert len(rated) == 2 and rated[0] > scale.START > rated[1]
    wanted = [f"{v:.0f}" for v in (scale.START, *rated)]

    press(page, page.get_by_text("Your rating, puzzle by puzzle"))
    said = f"{t('puzzles.rating')}: {', '.join(wanted)}"  # its alt text: every point
    chart = page.get_by_test_id("stExpander").filter(
        has_text="Your rating").get_by_role("img", name=said, exact=True)
    expect(chart).to_be_visible()
    box = chart.bounding_box()
    assert box is not None and box["width"] > 200 and box["height"] > 60, box
    assert chart.evaluate("img => img.complete && img.naturalWidth > 0")  # decoded

    source = chart.get_attribute("src") or ""
    head, _, body = source.partition(",")
    assert head == "data:image/svg+xml;base64"
    root = ET.fromstring(base64.b64decode(body))
    dots = list(root.iter(f"{SVG}circle"))
    assert [dot.findtext(f"{SVG}title") for dot in dots] == wanted
    (line,) = root.iter(f"{SVG}polyline")
    xy = [tuple(map(float, pair.split(","))) for pair in (line.get("points") or "").split()]
    assert xy == [(float(d.get("cx", "")), float(d.get("cy", ""))) for d in dots]
    ys = [y for _, y in xy]  # up for a solve, down for a miss: a higher rating is higher
    assert ys[1] < ys[0] < ys[2]
    assert page.get_by_test_id("stException").count() == 0
