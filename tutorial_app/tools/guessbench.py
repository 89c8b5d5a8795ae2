"""Guessing a teacher's password against the real server, and what a bystander feels.

    python -m tutorial_app.tools.guessbench [--tries 200] [--guessers 8] [--clicks 40]

Starts the app (tutorial_app/serve.py, a fresh database, one teacher), then:

1. a bystander, a learner on the Learn page, clicks (the sidebar's four-colour toggle,
   which reruns the whole page) `--clicks` times: the baseline;
2. `--guessers` guessers share `--tries` wrong passwords for the teacher's name, each
   try from a fresh websocket connection (a new browser session: nothing a session
   keeps can stop it), waiting out every delay the server asks for (the most a
   guesser can get checked), while the bystander keeps clicking;
3. the server's answers are counted: checked (the password was hashed and found
   wrong), refused while waiting, refused as locked out, refused as busy.

Prints the figures: how many tries were checked before the lockout (the limit of
services/guard.py, expected `lock_at`), and the bystander's click time during the
guessing against the baseline (median and p95, and their ratio). Nothing here
asserts a time: it measures and prints (docs/limits.md keeps the figures).
"""

from __future__ import annotations

import argparse
import asyncio
import re
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Final

from tutorial_app.services import guard
from tutorial_app.services.classes import ClassStore
from tutorial_app.services.store import ProgressStore
from tutorial_app.tools.loadtest import metrics
from tutorial_app.tools.loadtest.client import Session, SessionError
from tutorial_app.tools.loadtest.server import LocalServer

TEACHER: Final = ("Guessed Teacher", "the-right-password")
WAIT: Final = re.compile(r"wait (\d+) seconds?")


@dataclass
class Tally:
    answers: Counter[str] = field(default_factory=Counter)
    tries: int = 0
    errors: list[str] = field(default_factory=list)


def answer_of(texts: list[str]) -> tuple[str, int]:
    """What the sign-in form said: (kind, seconds to wait)."""
    said = " ".join(texts).replace("\\", "")
    if "do not match" in said:
        return "checked", 0
    found = WAIT.search(said)
    if found:
        return "wait", int(found.group(1))
    if "locked" in said:
        return "locked", 0
    if "many passwords" in said:
        return "busy", 1
    return "other", 0


async def guesser(url: str, tally: Tally, total: int, stop: asyncio.Event) -> None:
    while tally.tries < total and not stop.is_set():
        tally.tries += 1
        session = Session(url, timeout=60)
        try:
            await session.open("classroom")
            await session.set(TEACHER[0], key="teacher_name")
            await session.set(f"guess-{tally.tries}", key="teacher_password")
            await session.click(label="Sign in", kind="button")
            kind, seconds = answer_of(session.page.alerts("error"))
        except SessionError as error:
            tally.errors.append(str(error))
            continue
        finally:
            await session.close()
        tally.answers[kind] += 1
        if seconds:
            await asyncio.sleep(seconds)


async def bystander_clicks(session: Session, times: list[float], stop: asyncio.Event,
                           clicks: int | None) -> None:
    value = False
    while not stop.is_set() and (clicks is None or len(times) < clicks):
        value = not value
        done = await session.set(value, key="four_colour")
        if done is not None:
            times.append(done.seconds)
        await asyncio.sleep(0.3)


async def run(url: str, tries: int, guessers: int, clicks: int) -> dict[str, object]:
    bystander = Session(url, timeout=60)
    await bystander.open("learn")
    await bystander.set("Bystander", key="signin_name")
    await bystander.click(label="Start learning", kind="button")
    baseline: list[float] = []
    await bystander_clicks(bystander, baseline, asyncio.Event(), clicks)
    during: list[float] = []
    tally = Tally()
    stop = asyncio.Event()
    started = time.monotonic()
    clicking = asyncio.create_task(bystander_clicks(bystander, during, stop, None))
    await asyncio.gather(*(guesser(url, tally, tries, stop) for _ in range(guessers)))
    stop.set()
    await clicking
    await bystander.close()
    return {"baseline": baseline, "during": during, "tally": tally,
            "seconds": time.monotonic() - started}


def report(found: dict[str, object], tries: int, guessers: int) -> None:
    tally = found["tally"]
    assert isinstance(tally, Tally)
    baseline, during = found["baseline"], found["during"]
    assert isinstance(baseline, list) and isinstance(during, list)
    policy = guard.POLICIES[(guard.TEACHER, guard.ACCOUNT)]

    def ms(values: list[float], q: float) -> float:
        return 1000 * (statistics.median(values) if q == 50 else metrics.percentile(values, q))

    print(f"\n{tries} wrong passwords for one teacher from {guessers} guessers, each try a "
          f"fresh connection, every delay waited out ({found['seconds']:.0f} s):")
    for kind in ("checked", "wait", "locked", "busy", "other"):
        print(f"  {kind:<28}{tally.answers.get(kind, 0)}")
    print(f"  {'errors':<28}{len(tally.errors)}")
    print(f"  {'lockout after (policy)':<28}{policy.lock_at} wrong passwords "
          f"({policy.free} without a wait, then 1 s, 2 s, 4 s, ...)")
    print("bystander's click (the Learn page rerun):")
    print(f"  {'baseline':<28}median {ms(baseline, 50):.0f} ms, p95 {ms(baseline, 95):.0f} ms"
          f" ({len(baseline)} clicks)")
    print(f"  {'during the guessing':<28}median {ms(during, 50):.0f} ms, p95 "
          f"{ms(during, 95):.0f} ms ({len(during)} clicks)")
    print(f"  {'ratio':<28}median {ms(during, 50) / ms(baseline, 50):.2f}x, p95 "
          f"{ms(during, 95) / ms(baseline, 95):.2f}x")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutorial_app.tools.guessbench",
                                     description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("--tries", type=int, default=200)
    parser.add_argument("--guessers", type=int, default=8)
    parser.add_argument("--clicks", type=int, default=40, help="baseline clicks")
    args = parser.parse_args(argv)
    with LocalServer() as server:
        with ProgressStore(server.db) as store:
            ClassStore(store).add_teacher(*TEACHER)
        found = asyncio.run(run(server.url, args.tries, args.guessers, args.clicks))
    report(found, args.tries, args.guessers)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
