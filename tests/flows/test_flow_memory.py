"""A controller's memory: its own prefixed corner of a shared mapping."""

from __future__ import annotations

from typing import Any

from tutorial_app.flows.state import Memory


def test_keys_are_prefixed_and_pages_do_not_mix() -> None:
    shared: dict[str, Any] = {}
    learn, puzzles = Memory(shared, "learn"), Memory(shared, "puzzles")
    learn["step"] = 3
    assert shared == {"learn.step": 3}
    assert "step" in learn and "step" not in puzzles
    assert puzzles.get("step", 0) == 0 and learn.key("step") == "learn.step"
    assert learn.pop("step") == 3 and not shared


def test_typed_drops_a_value_of_another_type() -> None:
    memory = Memory({"p.try": "left by an older version"}, "p")
    assert memory.typed("try", int) is None
    memory["try"] = 4
    assert memory.typed("try", int) == 4
    memory.clear("try", "absent")
    assert "try" not in memory
