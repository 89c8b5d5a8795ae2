"""The live-classroom load scenario: one teacher's projector and a class of
simulated learners answering live questions over the websocket protocol.

    python -m tutorial_app.tools.loadtest --live --learners 30 --seconds 120

What happens: a fresh server (or --url) with a teacher, a class of learners (added
by the teacher, each with the secret pictures and login card the app made) and a
first live question (a puzzle of the course) made straight in its store; the
projector is a session signed in as the teacher on the Classroom page, whose count
redraws itself every second (`st.fragment(run_every=1)`); the learners sign in over
a few seconds as a class does: half scan their login card (/live?card=KEY), half
open the projector's link (/live?join=CODE) and type their name and tap their two
secret pictures; then they answer by clicking a hand card, maybe a table card, and
Capture or Trail, and change their answer now and then until time is up. Every
--question-seconds the next puzzle is put up (as the teacher's "Next question"
does), so the class answers again.

Measured: for every first answer to a question, the time from sending the click that
submitted it to the projector showing a count that includes it ("submission to
projector count"; the k-th answer to arrive is in the count once the projector shows
k or more); its median, p95 and max; the server's resident memory (start, peak, end);
the learners' click times. The target is p95 < 2 s.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from tutorial_app import config
from tutorial_app.course.course import load_course
from tutorial_app.services import pictures
from tutorial_app.services.classes import ClassStore
from tutorial_app.services.store import ProgressStore
from tutorial_app.tools.loadtest import metrics
from tutorial_app.tools.loadtest.client import Page, Session, SessionError
from tutorial_app.tools.loadtest.server import LocalServer
from tutorial_app.words.i18n import using

TEACHER: Final = ("Load teacher", "load-test-password")
COUNT: Final = re.compile(r"(\d+) of (\d+) answered")
QUESTION: Final = re.compile(r"Question (\d+)")
TARGET_P95: Final = 2.0


@dataclass
class Figures:
    learners: int
    seconds: float
    joined: int = 0
    questions: int = 0
    first_answers: int = 0
    changes: int = 0
    latencies: list[float] = field(default_factory=list)
    unseen: int = 0  # first answers the projector never counted before the next question
    clicks: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    rss: list[int] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        lat = self.latencies
        return {"learners": self.learners, "seconds": self.seconds, "joined": self.joined,
                "questions": self.questions, "first_answers": self.first_answers,
                "changes": self.changes, "unseen": self.unseen,
                "latency_median_s": statistics.median(lat) if lat else None,
                "latency_p95_s": metrics.percentile(lat, 95) if lat else None,
                "latency_max_s": max(lat) if lat else None,
                "click_median_ms": 1000 * statistics.median(self.clicks) if self.clicks
                else None,
                "click_p95_ms": 1000 * metrics.percentile(self.clicks, 95) if self.clicks
                else None,
                "rss_start": self.rss[0] if self.rss else None,
                "rss_peak": max(self.rss) if self.rss else None,
                "rss_end": self.rss[-1] if self.rss else None,
                "errors": len(self.errors)}


@dataclass
class Timeline:
    """The projector's counts as it showed them, and the answers as they were sent."""

    question_started: dict[int, float] = field(default_factory=dict)
    shown: list[tuple[float, int, int]] = field(default_factory=list)  # (time, q, count)
    sent: dict[int, list[tuple[float, float]]] = field(default_factory=dict)  # q -> (sent, done)
    current: int = 1


def _count(page: Page) -> int | None:
    for text in page.texts():
        found = COUNT.search(text)
        if found:
            return int(found.group(1))
    return None


def _question(page: Page) -> int | None:
    for text in page.texts():
        found = QUESTION.search(text)
        if found:
            return int(found.group(1))
    return None


@dataclass(frozen=True)
class Card:
    """What a learner of the simulated class knows: their name, their two secret
    pictures as the form labels them (in English, the client's language) and the key of
    their login card's QR link."""

    name: str
    first: str
    second: str
    key: str


def name_of(n: int) -> str:
    return f"Learner {n:02d}"


def setup(db: Path, lessons: Path | None, learners: int
          ) -> tuple[str, int, list[str], dict[str, Card]]:
    """A teacher, a class of learners with their secrets, and its first live question,
    made in the server's store."""
    course = load_course(lessons or config.lessons_folder())
    puzzles = [p.id for p in course.puzzles]
    if not puzzles:
        raise SystemExit("the course has no puzzles to ask")
    with ProgressStore(db) as store, using("en"):
        rooms = ClassStore(store)
        teacher = rooms.add_teacher(*TEACHER)
        room = rooms.create_class(teacher.id, "Load class")
        rooms.add_learners(room.id, [name_of(n) for n in range(1, learners + 1)])
        cards = {x.name: Card(x.name, pictures.picture(s.first), pictures.picture(s.second),
                              s.card_key) for x, s in rooms.secrets_of(room.id)}
        rooms.put_question(room.id, "puzzle", puzzles[0])
    return room.code, room.id, puzzles, cards


async def projector(url: str, timeline: Timeline, stop: asyncio.Event) -> None:
    session = Session(url, timeout=60)
    try:
        await session.open("classroom")
        await session.set(TEACHER[0], key="teacher_name")
        await session.set(TEACHER[1], key="teacher_password")
        await session.click(label="Sign in", kind="button")
        last: tuple[int, int] | None = None
        while not stop.is_set():
            try:
                seen = last

                def changed(page: Page, seen: tuple[int, int] | None = seen) -> bool:
                    return (timeline.current, _count(page)) != seen

                await session.wait_for(changed, timeout=1.0)
            except SessionError:
                if session.broken:
                    raise
                continue
            count = _count(session.page)
            if count is not None and (timeline.current, count) != last:
                last = (timeline.current, count)
                timeline.shown.append((time.monotonic(), timeline.current, count))
    finally:
        await session.close()


async def sign_in(session: Session, code: str, card: Card, by_card: bool) -> None:
    """The learner's way in: their login card's link, or the class form (the code comes
    in the projector's link; the name typed, the two pictures tapped)."""
    if by_card:
        await session.open("live", query=f"card={card.key}")
        # the page's script takes the key out of the history, then presses this button
        # (ui/session.py); the run it starts signs the learner in
        await session.click(key="card-handshake")
        return
    await session.open("live", query=f"join={code}")
    await session.set(card.name, key="signin_class_name")
    await session.set([card.first], key="signin_picture_1")
    await session.set([card.second], key="signin_picture_2")
    await session.click(label="Sign in", kind="button")


async def learner(url: str, code: str, card: Card, by_card: bool, rng: random.Random,
                  timeline: Timeline, stop: asyncio.Event, figures: Figures,
                  delay: float) -> None:
    await asyncio.sleep(delay)
    name = card.name
    session = Session(url, timeout=60, observer=lambda done: figures.clicks.append(
        done.seconds) if done.kind in ("click", "submit") else None)
    try:
        await sign_in(session, code, card, by_card)
        if not any("Learning as" in text and name in text for text in session.page.texts()):
            raise SessionError(f"not signed in: {session.page.alerts('error')}")
        figures.joined += 1
        answered: set[int] = set()
        while not stop.is_set():
            question = _question(session.page)
            if question is None or not session.page.find(prefix="cb-live-h-"):
                await _pause(stop, 1.0)
                continue
            first = question not in answered
            if first or rng.random() < 0.35:
                sent = time.monotonic()
                if await _answer(session, rng):
                    if first:
                        answered.add(question)
                        timeline.sent.setdefault(question, []).append(
                            (sent, time.monotonic()))
                        figures.first_answers += 1
                    else:
                        figures.changes += 1
            await _pause(stop, rng.uniform(3.0, 10.0) if not first else rng.uniform(0.5, 2))
    except SessionError as error:
        figures.errors.append(f"{name}: {error}")
    finally:
        await session.close()


async def _pause(stop: asyncio.Event, seconds: float) -> None:
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(stop.wait(), seconds)


async def _answer(session: Session, rng: random.Random) -> bool:
    hand = session.page.find(prefix="cb-live-h-")
    if not hand:
        return False
    await session.click(rng.choice(hand))
    table = session.page.find(prefix="cb-live-t-")
    action = "live-trail"
    if table and rng.random() < 0.6:
        await session.click(rng.choice(table))
        action = "live-capture"
    button = session.page.first(key=action)
    if button is None:
        return False
    await session.click(button)
    return True


def latencies(timeline: Timeline, figures: Figures) -> None:
    """Submission-to-count times (see the module docstring)."""
    for question, answers in timeline.sent.items():
        until = min((t for q, t in timeline.question_started.items() if q > question),
                    default=float("inf"))
        shown = [(t, c) for t, q, c in timeline.shown if q == question and t < until]
        for rank, (sent, _) in enumerate(sorted(answers, key=lambda a: a[1]), 1):
            seen = next((t for t, c in shown if c >= rank and t >= sent), None)
            if seen is None:
                figures.unseen += 1
            else:
                figures.latencies.append(seen - sent)


async def run(url: str, pid: int | None, code: str, class_id: int, puzzles: list[str],
              cards: dict[str, Card], db: Path, learners: int, seconds: float,
              question_seconds: float, seed: int) -> Figures:
    figures = Figures(learners, seconds)
    timeline = Timeline(question_started={1: time.monotonic()})
    stop = asyncio.Event()
    tree = metrics.ProcessTree(pid) if pid else None
    if tree:
        figures.rss.append(tree.sample().rss_bytes)
    watch = asyncio.create_task(projector(url, timeline, stop))
    await asyncio.sleep(3)
    rng = random.Random(seed)
    tasks = [asyncio.create_task(learner(url, code, cards[name_of(n)], n % 2 == 0,
                                         random.Random(rng.random()), timeline, stop,
                                         figures, delay=rng.uniform(0, 8)))
             for n in range(1, learners + 1)]
    started = time.monotonic()
    next_question = started + question_seconds
    with ProgressStore(db) as store:
        rooms = ClassStore(store)
        index = 0
        figures.questions = 1
        while time.monotonic() - started < seconds:
            await asyncio.sleep(1.0)
            if tree:
                figures.rss.append(tree.sample().rss_bytes)
            if time.monotonic() >= next_question:
                index = (index + 1) % len(puzzles)
                state = await asyncio.to_thread(rooms.put_question, class_id, "puzzle",
                                                puzzles[index])
                timeline.current = state.question
                timeline.question_started[state.question] = time.monotonic()
                figures.questions += 1
                next_question += question_seconds
    await asyncio.sleep(3)  # the last answers reach the projector
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    await asyncio.gather(watch, return_exceptions=True)
    if tree:
        figures.rss.append(tree.sample().rss_bytes)
    latencies(timeline, figures)
    return figures


def report(figures: Figures, out: Any = sys.stdout) -> None:
    data = figures.to_dict()

    def line(name: str, text: str) -> None:
        print(f"  {name:<30}{text}", file=out)

    print(f"\nlive classroom: {figures.learners} learners for {figures.seconds:.0f} s, "
          f"{figures.questions} questions", file=out)
    line("signed in (card or pictures)", str(figures.joined))
    line("first answers / changes", f"{figures.first_answers} / {figures.changes}")
    if figures.latencies:
        p95 = data["latency_p95_s"]
        line("submission -> projector count", f"median {data['latency_median_s']:.2f} s, "
                                              f"p95 {p95:.2f} s, max {data['latency_max_s']:.2f} s"
                                              f" ({'meets' if p95 < TARGET_P95 else 'MISSES'} "
                                              f"the {TARGET_P95:.0f} s target)")
    line("answers never counted", f"{figures.unseen} (before the next question)")
    if figures.clicks:
        line("learner click time", f"median {data['click_median_ms']:.0f} ms, "
                                   f"p95 {data['click_p95_ms']:.0f} ms")
    if figures.rss:
        line("server memory (RSS)", f"start {metrics.mib(data['rss_start'])}, peak "
                                    f"{metrics.mib(data['rss_peak'])}, end "
                                    f"{metrics.mib(data['rss_end'])}")
    line("errors", str(len(figures.errors)))
    for error in figures.errors[:5]:
        line("", error)


def main(learners: int, seconds: float, question_seconds: float, seed: int,
         lessons: Path | None, options: list[str]) -> Figures:
    with LocalServer(lessons=lessons, options=options) as server:
        code, class_id, puzzles, cards = setup(server.db, lessons, learners)
        figures = asyncio.run(run(server.url, server.pid, code, class_id, puzzles, cards,
                                  server.db, learners, seconds, question_seconds, seed))
    report(figures)
    return figures
