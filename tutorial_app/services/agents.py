"""A browser named as people name it, from its user-agent string: "Chrome on Android",
"Safari on iPhone", "Firefox on Windows" (the teacher's "Your signed-in devices").

The string is read by ua-parser with the regexes of the ua-parser-builtins package
(the uap-core project's, kept up to date by its maintainers), never by patterns of our
own; this module only shortens the names it gives ("Chrome Mobile" is Chrome, "Mobile
Safari" is Safari, "Mac OS X" is macOS, an iOS device is named by its kind: iPhone,
iPad) and words them through the catalogue. Plain Python, no Streamlit.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from ua_parser import parse

from tutorial_app.words.i18n import t

MAX_AGENT: Final = 1000  # characters read of a user-agent string (the store keeps them)

# The parser's family names shortened to the name on the browser's icon.
_BROWSERS: Final = {
    "Chrome Mobile": "Chrome", "Chrome Mobile iOS": "Chrome", "Chrome Mobile WebView":
    "Chrome", "HeadlessChrome": "Chrome", "Mobile Safari": "Safari",
    "Mobile Safari UI/WKWebView": "Safari", "Firefox Mobile": "Firefox",
    "Firefox iOS": "Firefox", "Edge Mobile": "Edge", "Opera Mobile": "Opera",
}
_SYSTEMS: Final = {"Mac OS X": "macOS", "Chrome OS": "ChromeOS"}
_APPLE_DEVICES: Final = ("iPhone", "iPad", "iPod")
_UNKNOWN: Final = ("", "Other")


@dataclass(frozen=True, slots=True)
class Agent:
    """A browser and the system it runs on, as people name them (None: not known)."""

    browser: str | None
    system: str | None

    def words(self) -> str:
        """"Chrome on Android", in the run's language."""
        if self.browser and self.system:
            return t("devices.named", browser=self.browser, system=self.system)
        if self.browser:
            return t("devices.browser_only", browser=self.browser)
        if self.system:
            return t("devices.system_only", system=self.system)
        return t("devices.unknown")


@lru_cache(maxsize=512)  # a teacher's page asks on every rerun; few distinct strings
def read(agent: str) -> Agent:
    """The browser and system a user-agent string names."""
    found = parse(agent[:MAX_AGENT])
    browser = found.user_agent.family if found.user_agent is not None else ""
    system = found.os.family if found.os is not None else ""
    device = found.device.family if found.device is not None else ""
    if system == "iOS":
        system = next((kind for kind in _APPLE_DEVICES if device.startswith(kind)), system)
    return Agent(None if browser in _UNKNOWN else _BROWSERS.get(browser, browser),
                 None if system in _UNKNOWN else _SYSTEMS.get(system, system))


def named(agent: str) -> str:
    """A user-agent string worded: "Chrome on Android", or "a browser" if unreadable."""
    return read(agent).words() if agent.strip() else t("devices.unknown")
