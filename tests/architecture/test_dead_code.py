"""No dead code in engine/ and tutorial_app/: vulture finds every function, class,
method, attribute, variable and argument nothing uses, and the suite fails on one.

What vulture cannot see (Python calls it, a protobuf field is set, `asdict` reports a
field) or what only the tests ask on purpose is listed, each with why, in
tests/architecture/vulture_whitelist.py. A function called only by tests is dead code
unless it is how a test observes the app: a test is not a caller. Unused imports are
ruff's (F401). Alembic's revision files are left out: Alembic reads their module names.
"""

from __future__ import annotations

import re
from pathlib import Path

from vulture import Vulture

ROOT = Path(__file__).resolve().parents[2]
WHITELIST = Path(__file__).with_name("vulture_whitelist.py")
CODE = [ROOT / "engine", ROOT / "tutorial_app"]
EXCLUDE = ["*/migrations/versions/*"]
CONFIDENCE = 60  # vulture's lowest sure of: a name defined and never read anywhere
MOST = 40        # "a short whitelist": more entries than this is a smell to look at


def _unused(*extra: Path) -> list[str]:
    finder = Vulture(verbose=False)
    finder.scavenge([str(p) for p in (*CODE, *extra)], exclude=EXCLUDE)
    return [f"{Path(item.filename).relative_to(ROOT)}:{item.first_lineno}: {item.message}"
            for item in finder.get_unused_code(min_confidence=CONFIDENCE)]


def _entries() -> list[str]:
    return re.findall(r"^_\.(\w+)", WHITELIST.read_text(encoding="utf-8"), flags=re.M)


def test_nothing_in_the_app_is_unused() -> None:
    found = _unused(WHITELIST)
    assert found == [], ("Dead code (delete it, or list it in vulture_whitelist.py with "
                         "why):\n" + "\n".join(found))


def test_every_whitelisted_name_is_still_unused_and_the_list_is_short() -> None:
    """An entry whose name the app now uses, or that is gone, leaves the list."""
    reported = {re.search(r"'(\w+)'", line).group(1)  # type: ignore[union-attr]
                for line in _unused()}
    entries = _entries()
    assert len(entries) == len(set(entries)), "a name listed twice"
    stale = [name for name in entries if name not in reported]
    assert stale == [], f"no longer unused, remove from vulture_whitelist.py: {stale}"
    assert len(entries) <= MOST
