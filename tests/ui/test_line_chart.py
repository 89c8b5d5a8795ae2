"""The rating chart drawn as SVG: every point on the line, labelled axes, escaped text."""

from __future__ import annotations

import base64
import re
import xml.etree.ElementTree as ET

from tutorial_app.ui.line_chart import line_chart_image, line_chart_svg


def test_every_point_is_on_the_line_left_to_right() -> None:
    points = (1200.0, 1216.0, 1203.5, 1230.0)
    svg = line_chart_svg(points, "Rated puzzles", "Rating")
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    (line,) = root.iter(f"{ns}polyline")
    xy = [tuple(map(float, pair.split(","))) for pair in line.get("points", "").split()]
    assert len(xy) == len(points)
    assert [x for x, _ in xy] == sorted(x for x, _ in xy)
    ys = [y for _, y in xy]  # higher rating, higher on the chart (smaller y)
    assert ys.index(min(ys)) == points.index(max(points))
    assert ys.index(max(ys)) == points.index(min(points))
    texts = [t.text for t in root.iter(f"{ns}text")]
    assert "Rated puzzles" in texts and "Rating" in texts
    assert "0" in texts and "3" in texts  # the x axis counts the rated puzzles


def test_labels_are_escaped_and_a_long_series_is_kept_light() -> None:
    svg = line_chart_svg(tuple(1200.0 + i % 7 for i in range(300)), "<b>x</b>", "y & z")
    assert "<b>" not in svg and "&lt;b&gt;" in svg and "y &amp; z" in svg
    assert not re.search(r"<circle", svg)  # no dots past 60 points
    ET.fromstring(svg)


def test_no_points_no_chart() -> None:
    assert line_chart_svg((), "x", "y") == ""


def test_the_rating_axis_fits_the_data() -> None:
    """A rating of about 1200 is charted between its own lows and highs, not from 0."""
    svg = line_chart_svg((1200.0, 1174.4, 1190.2, 1231.0), "Rated puzzles", "Rating")
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    ticks = [float(t.text) for t in root.iter(f"{ns}text")
             if t.text and t.text.isdigit() and t.get("text-anchor") == "end"]
    assert ticks and min(ticks) >= 1100 and max(ticks) <= 1300


def test_the_page_gets_a_picture_whose_dots_say_their_ratings() -> None:
    """An <img> of the SVG (st.html keeps no inline <svg>), said in words by its alt
    text; each dot of the SVG titled with its rating."""
    points = (1200.0, 1287.6, 1190.2)
    image = line_chart_image(points, "Rated puzzles", "Rating")
    assert image.startswith("<img ") and 'alt="Rating: 1200, 1288, 1190"' in image
    source = re.search(r'src="data:image/svg\+xml;base64,([^"]+)"', image)
    assert source is not None
    root = ET.fromstring(base64.b64decode(source.group(1)))
    ns = "{http://www.w3.org/2000/svg}"
    assert [c.findtext(f"{ns}title") for c in root.iter(f"{ns}circle")] == [
        "1200", "1288", "1190"]
    assert root.get("width") and root.get("height")  # a size of its own as a picture
    assert line_chart_image((), "x", "y") == ""
