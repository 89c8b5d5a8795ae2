"""The live-classroom load scenario's arithmetic (tools/loadtest/live.py): the k-th
first answer to a question counts as seen when the projector first shows k or more
after it was sent, and before the next question."""

from __future__ import annotations

from tutorial_app.tools.loadtest.live import Figures, Timeline, latencies


def test_submission_to_projector_latency() -> None:
    timeline = Timeline(question_started={1: 0.0, 2: 10.0})
    timeline.sent = {1: [(1.0, 1.1), (2.0, 2.1), (9.0, 9.1)], 2: [(11.0, 11.2)]}
    timeline.shown = [(0.5, 1, 0), (1.6, 1, 1), (3.2, 1, 2), (10.5, 2, 0), (12.0, 2, 1)]
    figures = Figures(3, 20)
    latencies(timeline, figures)
    assert [round(x, 2) for x in figures.latencies] == [0.6, 1.2, 1.0]
    assert figures.unseen == 1  # the third answer to question 1: never counted in time
    assert round(figures.to_dict()["latency_max_s"], 2) == 1.2
