"""`browserpage.patiently`: Playwright's waits asked in short slices, so that they look
again every 100 ms, with the whole patience kept and the last failure reported.
No browser: a wait here is a stand-in that fails until a given call."""

from __future__ import annotations

import pytest
from browserpage import SLICE, patiently
from playwright.sync_api import TimeoutError as PlaywrightTimeout


class Wait:
    """A wait that times out (as Playwright's do, at once here) until call `succeeds_at`."""

    def __init__(self, succeeds_at: int, error: type[Exception] = PlaywrightTimeout) -> None:
        self.succeeds_at = succeeds_at
        self.error = error
        self.slices: list[float] = []

    def __call__(self, slice_ms: float) -> str:
        self.slices.append(slice_ms)
        if len(self.slices) >= self.succeeds_at:
            return "seen"
        raise self.error(f"not yet after {slice_ms} ms")


@pytest.mark.parametrize("error", [PlaywrightTimeout, AssertionError])
def test_a_wait_that_fails_is_asked_again_until_it_succeeds(error: type[Exception]) -> None:
    wait = Wait(succeeds_at=4, error=error)
    assert patiently(wait, timeout=10_000) == "seen"
    assert len(wait.slices) == 4
    assert all(0 < ms <= SLICE for ms in wait.slices)


def test_each_slice_is_short_enough_for_playwright_to_look_every_100_ms() -> None:
    # Playwright drops its 500 ms step when a wait's timeout is under 2,500 ms.
    assert SLICE < 2_500
    wait = Wait(succeeds_at=1)
    patiently(wait, timeout=60_000)
    assert wait.slices == [SLICE]


def test_the_last_slice_ends_at_the_deadline_and_its_failure_is_raised() -> None:
    wait = Wait(succeeds_at=10**9)
    with pytest.raises(PlaywrightTimeout, match="not yet"):
        patiently(wait, timeout=30)
    assert wait.slices, "asked at least once"
    assert all(ms <= 30 for ms in wait.slices)


def test_other_errors_are_not_waited_out() -> None:
    wait = Wait(succeeds_at=3, error=ValueError)
    with pytest.raises(ValueError):
        patiently(wait, timeout=10_000)
    assert len(wait.slices) == 1
