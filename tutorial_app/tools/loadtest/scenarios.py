"""What a simulated learner does: a scenario is a coroutine that drives one learner.

`async def scenario(learner: Learner) -> None` runs until the learner's time is
up (`Learner.pause` raises TimeUp then). It clicks through `learner.session`, a
`client.Session`, and finds widgets by key prefix or label, never by position, so
a reshuffled page still works. When the widget it wants is not there (a renamed
key, a step of an unexpected kind) it does the next sensible thing, usually
Next, and counts a *miss*: misses are printed apart from errors, so a harness
that has drifted from the app shows up without failing the run. Only what the
server does wrong is an error (exceptions on the page, a dead socket, a run that
never finishes).

The pace is a class at work: 1.5-4 s between a learner's clicks, and a few
seconds to read each new task. Every random choice comes from the learner's own
`random.Random`, seeded from the run's seed, so a run can be repeated.

To add a scenario: write the coroutine and add it to SCENARIOS.
"""

from __future__ import annotations

import asyncio
import itertools
import random
import re
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Final

from tutorial_app.tools.loadtest.client import Interaction, Page, Session, Widget


class TimeUp(Exception):
    """The run's time is over: the learner stops at their next pause."""


@dataclass(frozen=True, slots=True)
class Pace:
    click: tuple[float, float] = (1.5, 4.0)  # seconds between a learner's clicks
    read: tuple[float, float] = (2.0, 6.0)  # seconds to read a new task before the first click


@dataclass
class Learner:
    """One simulated learner: a session, a pace, a deadline and their own dice."""

    session: Session
    name: str
    rng: random.Random
    deadline: float  # time.monotonic()
    pace: Pace = field(default_factory=Pace)
    misses: Counter[str] = field(default_factory=Counter)
    _just_read: bool = False

    async def pause(self, low: float, high: float) -> None:
        """Think for a while; TimeUp when the run is over (before or after the pause)."""
        now = time.monotonic()
        if now >= self.deadline:
            raise TimeUp
        await asyncio.sleep(min(self.rng.uniform(low, high), self.deadline - now))
        if time.monotonic() >= self.deadline:
            raise TimeUp

    async def read(self) -> None:
        """A new task is on screen: read it (the first click after it needs no more pause)."""
        await self.pause(*self.pace.read)
        self._just_read = True

    async def click(self, target: Widget | None = None,
                    **criteria: Any) -> Interaction:
        """Think, then click (WidgetNotFound, before any pause, if it is not on the page)."""
        widget = self.session.widget(target, **criteria)
        if not self._just_read:
            await self.pause(*self.pace.click)
        self._just_read = False
        return await self.session.click(widget)

    async def set(self, value: str | bool, target: Widget | None = None,
                  **criteria: Any) -> Interaction | None:
        widget = self.session.widget(target, **criteria)
        if not self._just_read:
            await self.pause(*self.pace.click)
        self._just_read = False
        return await self.session.set(value, widget)

    def miss(self, what: str) -> None:
        self.misses[what] += 1

    @property
    def page(self) -> Page:
        return self.session.page


Scenario = Callable[[Learner], Awaitable[None]]

# ----- reading the card table -----------------------------------------------------------

_RANKS: Final = {"ace": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                 "eight": 8, "nine": 9, "ten": 10, "jack": 11, "queen": 12, "king": 13}
_KEY_RANKS: Final = {"A": 1, "J": 11, "Q": 12, "K": 13}
_CARD_KEY = re.compile(r"^cb\w*-(?P<scope>[\w.]+)-(?P<zone>h|t|b\d+)-(?P<card>\w+)$")
_BUILD_LABEL = re.compile(r"^build of (\d+)")


def card_value(widget: Widget) -> int | None:
    """1-13 for a card button (ace 1, king 13), the value of a build; from the label
    a screen reader hears ("six of hearts", "build of 9 ...") or else from the key."""
    label = widget.plain_label.lower()
    build = _BUILD_LABEL.match(label)
    if build:
        return int(build.group(1))
    word = label.split(" of ", 1)[0]
    if word in _RANKS and " of " in label:
        return _RANKS[word]
    match = _CARD_KEY.match(widget.key or "")
    if match and match.group("zone").startswith("b"):
        return int(match.group("zone")[1:])
    if match:
        rank = match.group("card")[:-1]
        return _KEY_RANKS.get(rank) or (int(rank) if rank.isdigit() else None)
    return None


def _zone(widget: Widget) -> str | None:
    match = _CARD_KEY.match(widget.key or "")
    if not match:
        return None
    return "hand" if match.group("zone") == "h" else "table"


def cards(page: Page, zone: str) -> list[Widget]:
    """The clickable cards of the hand or the table (builds count as table)."""
    return [w for w in page.find(kind="button", prefix="cb", main_only=True)
            if _zone(w) == zone]


def _action(page: Page, name: str) -> Widget | None:
    """Capture / Build / Trail: by key suffix first (`<scope>-capture`), else by label."""
    return (page.first(pattern=rf"-{name.lower()}$", kind="button", main_only=True)
            or page.first(label=name.capitalize(), kind="button", main_only=True))


@dataclass(frozen=True, slots=True)
class Plan:
    hand: Widget
    table: tuple[Widget, ...]
    action: str  # capture, build, trail


def plan_move(page: Page, rng: random.Random, careless: float = 0.25) -> Plan | None:
    """A move a beginner might make: pair a card, take a sum, build, or trail. Careless
    some of the time (a random card and action), as a class is."""
    hand = cards(page, "hand")
    if not hand:
        return None
    table = cards(page, "table")
    values = {w.id: card_value(w) for w in (*hand, *table)}
    if rng.random() < careless:
        chosen = rng.choice(hand)
        picked = tuple(rng.sample(table, k=min(len(table), rng.randint(0, 2))))
        return Plan(chosen, picked, rng.choice(["capture", "trail", "build"]))
    for card in rng.sample(hand, len(hand)):
        value = values[card.id]
        pairs = tuple(t for t in table if values[t.id] == value)
        if pairs:
            return Plan(card, pairs, "capture")
        numbers = [t for t in table if (values[t.id] or 99) <= 10]
        for size in (2, 3):
            for combo in itertools.combinations(numbers, size):
                if sum(values[t.id] or 0 for t in combo) == value:
                    return Plan(card, combo, "capture")
    for card, loose in itertools.product(hand, table):
        total = (values[card.id] or 99) + (values[loose.id] or 99)
        if total <= 10 and any(values[other.id] == total for other in hand if other is not card):
            return Plan(card, (loose,), "build")
    return Plan(rng.choice(hand), (), "trail")


async def play_move(learner: Learner, tries: int = 2) -> bool:
    """Answer a table position (lesson play step or puzzle); True once it is solved.
    No cards on the page: nothing to do here (returns False, no miss)."""
    for _ in range(tries):
        plan = plan_move(learner.page, learner.rng)
        if plan is None:
            return False
        await learner.click(plan.hand)
        for card in plan.table:
            fresh = learner.page.first(key=card.key) if card.key else None
            if fresh is not None:
                await learner.click(fresh)
        action = _action(learner.page, plan.action) or _action(learner.page, "trail")
        if action is None:
            learner.miss("action button")
            return False
        await learner.click(action)
        if learner.page.alerts("success"):
            return True
        clear = learner.page.first(pattern=r"-clear$", kind="button")
        if clear is not None:
            await learner.click(clear)
    return False


async def answer_choice(learner: Learner) -> bool:
    """A choose step (tick options, Check) or a mistake step (pick a reason, Check)."""
    page = learner.page
    boxes = [w for w in page.find(kind="checkbox", main_only=True)
             if (w.key or "").startswith("learn.opt") or w.key is None]
    radio = page.first(kind="radio", main_only=True)
    if not boxes and radio is None:
        return False
    if boxes:
        for box in learner.rng.sample(boxes, k=min(len(boxes), learner.rng.randint(1, 2))):
            await learner.set(True, box)
    elif radio is not None and radio.options:
        await learner.set(learner.rng.choice(radio.options), radio)
    check = page.first(key="check-choice") or learner.page.first(
        pattern=r"^check", kind="button") or learner.page.first(label="Check")
    if check is None:
        learner.miss("check button")
        return False
    await learner.click(check)
    return bool(learner.page.alerts("success"))


async def do_task(learner: Learner) -> None:
    """Whatever the page asks: a move on the table, options to tick, or just reading."""
    if cards(learner.page, "hand"):
        await play_move(learner)
    else:
        await answer_choice(learner)


# ----- signing in and the scenarios -------------------------------------------------------


async def sign_in(learner: Learner) -> None:
    """Type the learner's name into the welcome form and submit it."""
    page = learner.page
    box = page.first(key="signin_name") or page.first(kind="text_input", main_only=True)
    if box is None:
        return  # already signed in
    await learner.read()
    await learner.set(learner.name, box)
    submit = (learner.page.first(kind="button", form_id=box.form_id, submit=True)
              if box.form_id else None) or learner.page.first(label="Start", kind="button")
    if submit is None:
        learner.miss("sign-in button")
        return
    await learner.click(submit)


def _open_buttons(page: Page) -> list[Widget]:
    return page.find(prefix="open-", kind="button", main_only=True)


async def open_lesson(learner: Learner) -> bool:
    """On the lesson path, open a lesson: usually the next open one, sometimes another."""
    choices = _open_buttons(learner.page)
    if not choices:
        await learner.session.goto("")
        choices = _open_buttons(learner.page)
    if not choices:
        learner.miss("lesson button")
        return False
    primary = [w for w in choices if w.button_type == "primary"]
    wanted = primary[0] if primary and learner.rng.random() < 0.8 else learner.rng.choice(choices)
    await learner.click(wanted)
    return True


async def play_lesson(learner: Learner, max_steps: int = 80) -> None:
    """Step through the open lesson: do each task, Next; Finish at the end if allowed,
    else back to all lessons."""
    for _ in range(max_steps):
        await learner.read()
        await do_task(learner)
        page = learner.page
        finish = page.first(key="finish") or page.first(label="Finish", kind="button")
        if finish is not None:
            await learner.click(finish)
            return
        following = page.first(key="step-next") or page.first(label="Next", kind="button")
        if following is not None:
            await learner.click(following)
            continue
        back = page.first(key="to-path") or page.first(label="All lessons")
        if back is None:
            learner.miss("step navigation")
            await learner.session.goto("")
        else:
            await learner.click(back)
        return


async def lessons(learner: Learner) -> None:
    """Sign in on Learn, then work through lessons step by step."""
    await learner.session.open("")
    await sign_in(learner)
    while True:
        if await open_lesson(learner):
            await play_lesson(learner)
        else:
            await learner.pause(*learner.pace.read)


async def puzzles(learner: Learner) -> None:
    """Sign in on Puzzles, then solve puzzle after puzzle (sometimes peeking at the
    solution)."""
    await learner.session.open("puzzles")
    await sign_in(learner)
    while True:
        await learner.read()
        solved = await play_move(learner)
        page = learner.page
        peek = page.first(key="show-solution")
        if not solved and peek is not None and learner.rng.random() < 0.3:
            await learner.click(peek)
        following = learner.page.first(key="next-puzzle") or learner.page.first(
            label="Next puzzle")
        if following is None:
            learner.miss("next puzzle")
            await learner.pause(*learner.pace.click)
            await learner.session.goto("puzzles")
            continue
        await learner.click(following)


async def mixed(learner: Learner) -> None:
    """A class on a normal day: most learners on lessons, some on puzzles."""
    chosen = lessons if learner.rng.random() < 0.6 else puzzles
    await chosen(learner)


SCENARIOS: Final[dict[str, Scenario]] = {
    "lessons": lessons,
    "puzzles": puzzles,
    "mixed": mixed,
}
