"""Benchmark: server-side time of one interaction on the lesson player, the sandbox
and the Play page.

Run with ``python -m tutorial_app.tools.bench [--runs N]``. Each measurement is one
click on a card button (which selects or unselects it and reruns the page),
driven through Streamlit's `AppTest`, so the script runs exactly as on the
server, without a browser or network. Two times are taken per click:

- *script*: the rerun itself (the callback, the entry script and the page),
  measured around Streamlit's own script execution; this is the server-side
  time of the interaction. A real server compiles each script once and keeps
  the bytecode; `AppTest` compiles it again on every run, so the benchmark
  shares one bytecode cache across runs, as the server does;
- *round trip*: the whole `AppTest` click-and-run, which adds the test
  harness's polling and parsing of the page.

On the Play page the interaction timed is the learner's move button (the
move, the coach's review of it, which runs the hint's search, and saving the
game); selecting its cards and the computer's replies are not timed.

Reports the median and the 90th percentile over many runs after warm-up
runs; the target is a median script time under 100 ms.

AppTest has no fragment runs: a click reruns the whole page here, where the
real server reruns only the fragment the card is in (the lesson player, the
Sandbox's board). So these are whole-page costs; a click's cost on the real
server is measured by `tools.clickcost`, the time a learner waits by
`tools.browser_bench` and `make load`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

APP = Path(__file__).resolve().parent.parent / "app.py"
TARGET_MS = 100.0


_script_ms: list[float] = []


def _time_script_runs() -> None:
    """Wrap Streamlit's script execution so each rerun's duration is recorded."""
    from streamlit.runtime.scriptrunner import exec_code, script_runner

    original = exec_code.exec_func_with_error_handling
    if getattr(original, "_bench", False):
        return

    def timed(func: Any, ctx: Any) -> Any:
        started = time.perf_counter()
        try:
            return original(func, ctx)
        finally:
            _script_ms.append((time.perf_counter() - started) * 1000)

    timed._bench = True  # type: ignore[attr-defined]
    vars(script_runner)["exec_func_with_error_handling"] = timed


def _cache_bytecode_like_the_server() -> None:
    from streamlit.runtime.scriptrunner.script_cache import ScriptCache

    original = ScriptCache.get_bytecode
    if getattr(original, "_bench", False):
        return
    compiled: dict[tuple[str, float], Any] = {}

    def get_bytecode(self: ScriptCache, script_path: str) -> Any:
        key = (os.path.abspath(script_path), os.path.getmtime(script_path))
        if key not in compiled:
            compiled[key] = original(self, script_path)
        return compiled[key]

    get_bytecode._bench = True  # type: ignore[attr-defined]
    ScriptCache.get_bytecode = get_bytecode  # type: ignore[method-assign]


def _stats(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {"median": statistics.median(ordered),
            "p90": ordered[max(0, int(len(ordered) * 0.9) - 1)],
            "min": ordered[0], "max": ordered[-1]}


def _measure(label: str, click: Callable[[], None], runs: int, warmup: int) -> dict[str, float]:
    for _ in range(warmup):
        click()
    round_trips: list[float] = []
    _script_ms.clear()
    for _ in range(runs):
        started = time.perf_counter()
        click()
        round_trips.append((time.perf_counter() - started) * 1000)
    script, trip = _stats(list(_script_ms)), _stats(round_trips)
    verdict = "ok" if script["median"] < TARGET_MS else "SLOW"
    print(f"{label}: {runs} clicks")
    print(f"  script     median {script['median']:6.1f} ms   p90 {script['p90']:6.1f} ms   "
          f"min {script['min']:6.1f} ms   max {script['max']:6.1f} ms   "
          f"[{verdict}: target median < {TARGET_MS:.0f} ms]")
    print(f"  round trip median {trip['median']:6.1f} ms   p90 {trip['p90']:6.1f} ms   "
          f"min {trip['min']:6.1f} ms   max {trip['max']:6.1f} ms")
    return script


def bench_lesson_player(runs: int, warmup: int) -> dict[str, float]:
    from streamlit.testing.v1 import AppTest

    from tutorial_app.config import lessons_folder
    from tutorial_app.course import load_course
    from tutorial_app.services.store import ProgressStore

    course = load_course(lessons_folder())
    lesson, index = next((lesson, i) for lesson in course.lessons
                         for i, step in enumerate(lesson.steps) if step.kind == "play")
    step = lesson.steps[index]
    learner = ProgressStore().learner("bench")
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.run()
    at.session_state["learner_id"] = learner.id
    at.query_params.update({"lesson": lesson.id, "step": step.id})
    at.switch_page("views/learn.py").run()
    key = f"cb-learn-h-{step.position.hand[0]}"  # type: ignore[union-attr]

    def click() -> None:
        at.button(key=key).click().run()
        assert not at.exception, [e.value for e in at.exception]

    return _measure(f"lesson player ({lesson.id})", click, runs, warmup)


def bench_sandbox(runs: int, warmup: int) -> dict[str, float]:
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(APP), default_timeout=60)
    at.run()
    at.query_params.update({"position": "table: Ac 2d 3h 5s 6c 8d [7: 3c 4h @1]; "
                                        "hand: 8s 2s 7d 9c; hand 1: Kd"})
    at.switch_page("views/sandbox.py").run()

    def click() -> None:
        at.button(key="cb-sandbox-h-8s").click().run()
        assert not at.exception, [e.value for e in at.exception]

    return _measure("sandbox (W1 + a build)", click, runs, warmup)


def bench_play_move(runs: int, warmup: int) -> dict[str, float]:
    from streamlit.testing.v1 import AppTest

    from engine import CAPTURE, TRAIL
    from tutorial_app.services.store import ProgressStore

    learner = ProgressStore().learner("bench-play")
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.run()
    at.session_state["learner_id"] = learner.id
    at.switch_page("views/play.py").run()
    at.button(key="play-start").click().run()
    times: list[float] = []

    def press(key: str) -> None:
        at.button(key=key).click().run()
        assert not at.exception, [e.value for e in at.exception]

    while len(times) < runs + warmup:
        game = at.session_state["play.game"]
        if game.over:
            press("play-new-after")
            press("play-start")
        elif game.hand_over:
            press("play-next-hand")
        elif game.computer_turn:
            press("play-continue")
        else:  # the learner's turn: a plain capture, else a trail
            moves = list(game.state.legal_moves())
            move = next((m for m in moves if m.kind == CAPTURE and not m.builds),
                        next((m for m in moves if m.kind == TRAIL), None))
            if move is None:
                move = moves[0]
                press(f"cb-play-h-{move.card}")
                at.number_input(key="play.value").set_value(move.value).run()
                button = "play-build"
            else:
                press(f"cb-play-h-{move.card}")
                for card in move.loose:
                    press(f"cb-play-t-{card}")
                button = "play-capture" if move.kind == CAPTURE else "play-trail"
            for build in move.builds:
                press(f"cb-play-b{build.value}-{''.join(str(c) for c in build.cards)}")
            _script_ms.clear()
            press(button)
            times.append(_script_ms[-1])
    script = _stats(times[warmup:])
    verdict = "ok" if script["median"] < TARGET_MS else "SLOW"
    print(f"play (a learner's move, coach on): {runs} moves")
    print(f"  script     median {script['median']:6.1f} ms   p90 {script['p90']:6.1f} ms   "
          f"min {script['min']:6.1f} ms   max {script['max']:6.1f} ms   "
          f"[{verdict}: target median < {TARGET_MS:.0f} ms]")
    return script


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=60)
    parser.add_argument("--warmup", type=int, default=5)
    args = parser.parse_args(argv)
    _time_script_runs()
    _cache_bytecode_like_the_server()
    with tempfile.TemporaryDirectory() as folder:
        os.environ["CASSINO_DB"] = str(Path(folder) / "bench.sqlite3")
        results = [bench_lesson_player(args.runs, args.warmup),
                   bench_sandbox(args.runs, args.warmup),
                   bench_play_move(args.runs, args.warmup)]
    return 0 if all(r["median"] < TARGET_MS for r in results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
