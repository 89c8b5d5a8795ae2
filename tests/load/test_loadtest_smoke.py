"""A small load run against the real server, to keep the harness working: three
learners at a brisk pace until they have made six clicks past signing in (at most a
minute, so a loaded machine only makes it longer). The full run (`make load`: 30
learners, 60 s) is not part of the suite."""

from __future__ import annotations

import asyncio
import math

import pytest

from tutorial_app.tools.loadtest.runner import LoadConfig, run_load
from tutorial_app.tools.loadtest.scenarios import Pace
from tutorial_app.tools.loadtest.server import LocalServer, ServerStartError

pytestmark = pytest.mark.slow  # mostly waiting: a server start, a warm-up, a short run


def test_three_learners_until_six_clicks() -> None:
    server = LocalServer()
    try:
        server.start()
    except ServerStartError as error:
        pytest.skip(f"streamlit could not start here: {error}")
    try:
        config = LoadConfig(learners=3, seconds=60, scenario="mixed", seed=7, ramp=1.0,
                            settle=1.0, pace=Pace(click=(0.3, 0.8), read=(0.5, 1.0)),
                            enough_clicks=6)
        result = asyncio.run(run_load(server.url, config, server.pid))
    finally:
        server.stop()
    assert result.errors == 0, result.error_kinds
    assert result.clicks > 0
    assert "click" in result.by_kind, f"no learner got past signing in: {result.by_kind}"
    assert result.by_kind["click"]["count"] >= 6, result.by_kind
    assert result.seconds < 60, "the run ended at its six clicks, not at its cap"
    assert not any(math.isnan(v) for v in (result.median_ms, result.p90_ms, result.p99_ms))
    assert result.median_ms <= result.p90_ms <= result.p99_ms <= result.max_ms
    assert result.reruns_per_s > 0
    assert result.server_cpu_pct is not None and result.server_cpu_pct > 0
    assert result.rss_before and result.rss_peak and result.rss_after
    assert result.rss_peak >= result.rss_before
