"""docs/architecture.md's walkthrough, "A click, from the browser to the engine and
back", ends with its clicks as Python: this test runs that block as written, so the
names it uses (the controller's `answer`, the store, the Feedback's status) cannot
drift from the code while the prose around them is checked by test_docs_names.py."""

from __future__ import annotations

import re
from pathlib import Path

ARCHITECTURE = Path(__file__).resolve().parents[2] / "docs" / "architecture.md"
SECTION = "## A click, from the browser to the engine and back"


def walkthrough_code() -> str:
    text = ARCHITECTURE.read_text(encoding="utf-8")
    start = text.index(SECTION)
    end = text.find("\n## ", start + len(SECTION))
    blocks = re.findall(r"^```python\n(.*?)^```", text[start:end], flags=re.M | re.S)
    assert len(blocks) == 1, "the walkthrough has one Python block"
    return str(blocks[0])


def test_the_walkthrough_runs_as_written() -> None:
    code = walkthrough_code()
    assert "run().answer(" in code and "assert" in code  # it clicks and it checks
    namespace: dict[str, object] = {"__name__": "walkthrough"}
    exec(compile(code, str(ARCHITECTURE), "exec"), namespace)
    assert "solved" in namespace
