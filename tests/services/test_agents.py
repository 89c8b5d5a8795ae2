"""Browsers named as people name them (services/agents.py, issue 31): a user-agent
string read by ua-parser with its maintained regexes, worded "Chrome on Android" in
the learner's language; nothing of the raw string (no "Mozilla/5.0", no backslash)."""

from __future__ import annotations

import pytest

from tutorial_app.services import agents
from tutorial_app.words.i18n import using

ANDROID = ("Mozilla/5.0 (Linux; Android 13; SM-A135M) AppleWebKit/537.36 (KHTML, like "
           "Gecko) Chrome/120.0.0.0 Mobile Safari/537.36")
IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 "
          "(KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1")
IPAD_CHROME = ("Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, "
               "like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1")
WINDOWS_FIREFOX = ("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 "
                   "Firefox/121.0")
WINDOWS_EDGE = ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like "
                "Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0")
MAC_SAFARI = ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, "
              "like Gecko) Version/17.1 Safari/605.1.15")
CHROMEBOOK = ("Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like "
              "Gecko) Chrome/120.0.0.0 Safari/537.36")
HEADLESS = ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
            "HeadlessChrome/130.0.0.0 Safari/537.36")


@pytest.mark.parametrize(("agent", "named"), [
    (ANDROID, "Chrome on Android"),
    (IPHONE, "Safari on iPhone"),
    (IPAD_CHROME, "Chrome on iPad"),
    (WINDOWS_FIREFOX, "Firefox on Windows"),
    (WINDOWS_EDGE, "Edge on Windows"),
    (MAC_SAFARI, "Safari on macOS"),
    (CHROMEBOOK, "Chrome on ChromeOS"),
    (HEADLESS, "Chrome on Linux"),
    ("curl/8.5.0", "curl on an unknown system"),
    ("", "a browser"),
    ("   ", "a browser"),
    ("Mozilla/5\\.0 \\(nothing known\\)", "a browser"),
])
def test_a_browser_is_named_as_people_name_it(agent: str, named: str) -> None:
    with using("en"):
        assert agents.named(agent) == named


@pytest.mark.parametrize(("lang", "android", "iphone", "windows"), [
    ("pt-BR", "Chrome no Android", "Safari no iPhone", "Firefox no Windows"),
    ("es", "Chrome en Android", "Safari en iPhone", "Firefox en Windows"),
    ("it", "Chrome su Android", "Safari su iPhone", "Firefox su Windows"),
])
def test_in_every_language(lang: str, android: str, iphone: str, windows: str) -> None:
    with using(lang):
        assert [agents.named(a) for a in (ANDROID, IPHONE, WINDOWS_FIREFOX)] == [
            android, iphone, windows]
        assert agents.named("") not in ("", "a browser")


def test_a_long_or_hostile_string_is_read_safely() -> None:
    hostile = "<script>alert(1)</script> " * 200
    with using("en"):
        assert agents.named(hostile) == "a browser"
    assert agents.read(ANDROID) == agents.Agent("Chrome", "Android")
