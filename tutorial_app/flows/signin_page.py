"""The Classroom's sign-in panels as controllers (plain Python, no Streamlit), drawn by
ui/signin_panels.py:

- `RosterController`: a class's learners and their secrets: add learners, show the
  pictures, give one a new secret, rename names that look alike;
- `LimitsController`: the wrong tries counted and the lockouts, with "Lift"
  (services/guard.py): per learner of the teacher's classes, per teacher name, per
  address and per known browser;
- `DevicesController`: the teacher's signed-in browsers, named as people name them
  ("Chrome on Android", services/agents.py), any of them signed out from here.

Each is built on every run from the services and the session's memory (the keys the
panels used before: `signin-panel.reset`, `signin-panel.added`, `signin-panel.renamed`,
`limits.lifted`); a result is kept as facts and worded when `screen()` is asked, so a
teacher who switches language reads it in the new one.
"""

from __future__ import annotations

import time
from collections.abc import Callable, MutableMapping
from dataclasses import dataclass
from typing import Any, Final

from tutorial_app.flows.class_report import ago
from tutorial_app.services import agents, guard, pictures
from tutorial_app.services.classes import ClassroomError, ClassStore, SchoolClass
from tutorial_app.services.guard import Limit
from tutorial_app.services.names import MAX_TYPED, UnusableNameError
from tutorial_app.services.teacher_signin import TeacherSignIn
from tutorial_app.words.i18n import count, t

RESET: Final = "signin-panel.reset"      # the last secret reset: (learner name, pictures)
ADDED: Final = "signin-panel.added"      # the roster's last results
RENAMED: Final = "signin-panel.renamed"  # the last rename: (done, new name or why not)
LIFTED: Final = "limits.lifted"          # who the last "Lift" unlocked
NAME_MAX: Final = MAX_TYPED              # the rename box takes this many characters

Clock = Callable[[], float]


# ----- the roster ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RosterScreen:
    class_id: int
    cards_link: str                              # the Login cards page for the class
    added: tuple[tuple[str, str | None], ...]    # the last names added: (name, why not)
    secrets: tuple[tuple[str, str], ...]         # (learner, "🐶 dog · 🍎 apple")
    names: dict[int, str]                        # learner id -> name
    reset_done: tuple[str, str, str] | None      # (name, first, second picture)
    look_alikes: tuple[tuple[tuple[int, str], ...], ...]  # groups of (id, name)
    renamed: tuple[bool, str] | None             # (done, the new name or why not)


class RosterController:
    def __init__(self, rooms: ClassStore, room: SchoolClass,
                 memory: MutableMapping[str, Any]) -> None:
        self.rooms, self.room, self.memory = rooms, room, memory

    def screen(self) -> RosterScreen:
        """What the panel draws. The last names added are said once; a rename's result
        once too, but only while names that look alike are listed (it is said there)."""
        added = tuple(self.memory.pop(ADDED, []))
        cards = self.rooms.secrets_of(self.room.id)
        names = {x.id: x.name for x, _ in cards}
        done = self.memory.get(RESET)
        groups = self.rooms.look_alikes(list(names)) if cards else []
        renamed = self.memory.pop(RENAMED, None) if groups else None
        return RosterScreen(
            self.room.id, f"cards?class={self.room.id}", added,
            tuple((x.name, f"{pictures.picture(s.first)} · {pictures.picture(s.second)}")
                  for x, s in cards),
            names,
            (done[0], pictures.picture(done[1]), pictures.picture(done[2]))
            if done is not None and done[0] in names.values() else None,
            tuple(tuple((x.id, x.name) for x in group) for group in groups),
            renamed)

    def add(self, typed: str) -> None:
        """Learners added, one a line (the first 100 lines)."""
        self.memory[ADDED] = self.rooms.add_learners(self.room.id, typed.splitlines()[:100])

    def reset(self, learner_id: int, name: str) -> None:
        """A new secret for one learner, shown until another is given."""
        secret = self.rooms.reset_secret(learner_id)
        self.memory[RESET] = (name, secret.first, secret.second)

    def rename(self, who: object, to: str) -> None:
        """A learner renamed (`who` as the select gives it); the refusal kept in words."""
        if who is None:
            return
        try:
            done = self.rooms.rename_learner(int(str(who)), to)
            self.memory[RENAMED] = (True, done.name)
        except (ClassroomError, UnusableNameError, TypeError, ValueError) as error:
            self.memory[RENAMED] = (False, str(error))


# ----- wrong tries and lockouts ----------------------------------------------------------

_KINDS: Final = {guard.TEACHER: "limits.kind.teacher", guard.JOIN: "limits.kind.join",
                 guard.SECRET: "limits.kind.pictures", guard.CARD: "limits.kind.card"}


def _who(limit: Limit, learners: dict[str, str], teachers: dict[str, str]) -> str:
    """Whose count a row is, as the teacher names them: a learner (and class), a
    teacher's name (as typed, when no teacher has it), an address, a browser."""
    if limit.scope == guard.ADDRESS:
        return t("limits.address", address=limit.subject)
    if limit.kind == guard.SECRET:
        return learners.get(limit.account, t("limits.unknown_name"))
    if limit.kind == guard.TEACHER:
        return t("limits.teacher_name", name=teachers.get(limit.account, limit.account))
    return t("limits.a_browser")


def _kind(limit: Limit) -> str:
    return t(_KINDS.get(limit.kind, "limits.kind.pictures"))


def _browsers(limit: Limit) -> str:
    if limit.scope == guard.ADDRESS:
        return t("limits.browser.address")
    return t("limits.browser.known" if limit.scope == guard.DEVICE else "limits.browser.new")


def _now(limit: Limit, now: float) -> str:
    """The row's state in words: locked (for how long), closed, spent, or open."""
    if limit.shut:
        if limit.scope == guard.DEVICE:
            return t("limits.state.spent")
        return t("limits.state.shut_secret" if limit.kind == guard.SECRET
                 else "limits.state.shut_password")
    if limit.locked(now):
        minutes = max(1, -(-int(limit.locked_until - now) // 60))
        if minutes > 120:
            return count(-(-minutes // 60), "limits_state_hours")
        return count(minutes, "limits_state_minutes")
    policy = guard.POLICIES.get((limit.kind, limit.scope))
    return t("limits.state.counted" if policy is not None and not policy.refuses
             else "limits.state.open")


@dataclass(frozen=True, slots=True)
class LimitRow:
    who: str
    kind: str
    browser: str
    wrong: int
    now: str            # locked for how long, closed, spent, counted or open
    last: str           # the last wrong try, how long ago
    address: str        # the address it came from


@dataclass(frozen=True, slots=True)
class Liftable:
    label: str          # who · what · which browsers
    limit: Limit        # handed back to `lift`


@dataclass(frozen=True, slots=True)
class LimitsScreen:
    title: str          # "Wrong tries and lockouts · 5 wrong tries · 1 lockout"
    expanded: bool      # a lockout is on
    lifted: str | None  # who the last "Lift" unlocked, said once
    rows: tuple[LimitRow, ...]   # locked and closed first
    liftable: tuple[Liftable, ...]


class LimitsController:
    def __init__(self, tsignin: TeacherSignIn, rooms: ClassStore,
                 rooms_of: list[SchoolClass], memory: MutableMapping[str, Any],
                 clock: Clock = time.time) -> None:
        self.tsignin, self.rooms, self.rooms_of = tsignin, rooms, rooms_of
        self.memory, self.clock = memory, clock

    def screen(self) -> LimitsScreen:
        now = self.clock()
        found = sorted(self.tsignin.limits(), key=lambda x: not (x.locked(now) or x.shut))
        locked = [x for x in found
                  if x.locked(now) or (x.shut and x.scope == guard.ACCOUNT)]
        title = t("limits.title")
        if found:
            title += " · " + count(sum(x.strikes for x in found), "limits_wrong_total")
        if locked:
            title += " · " + count(len(locked), "lockouts")
        lifted = self.memory.pop(LIFTED, None) or None
        if not found:
            return LimitsScreen(title, bool(locked), lifted, (), ())
        learners = self.rooms.secret_labels(self.rooms_of)  # "João (5A)" in two classes
        teachers = self.tsignin.teacher_names()
        rows = tuple(LimitRow(_who(x, learners, teachers), _kind(x), _browsers(x),
                              x.strikes, _now(x, now), ago(x.last_failure, now),
                              x.last_address)
                     for x in found)
        liftable = tuple(Liftable(" · ".join((row.who, row.kind, row.browser)), x)
                         for x, row in zip(found, rows, strict=True) if x.locked(now))
        return LimitsScreen(title, bool(locked), lifted, rows, liftable)

    def lift(self, chosen: Liftable) -> None:
        self.tsignin.lift(chosen.limit)
        self.memory[LIFTED] = chosen.label


# ----- the teacher's devices -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DeviceRow:
    session_id: int
    device: str         # "Chrome on Android", or "This device (…)"
    address: str
    signed_in: str      # how long ago
    used: str


@dataclass(frozen=True, slots=True)
class DevicesScreen:
    rows: tuple[DeviceRow, ...]
    choices: dict[int, str]   # session id -> its own words, even for twin browsers


class DevicesController:
    """Shown as plain text: a user-agent string is whatever the browser sent."""

    def __init__(self, tsignin: TeacherSignIn, clock: Clock = time.time) -> None:
        self.tsignin, self.clock = tsignin, clock

    def screen(self) -> DevicesScreen:
        sessions = self.tsignin.sessions()
        now = self.clock()
        this = self.tsignin.session_id
        rows = tuple(DeviceRow(
            s.id, t("devices.this_named", device=agents.named(s.agent)) if s.id == this
            else agents.named(s.agent), s.address, ago(s.created, now), ago(s.used, now))
            for s in sessions)
        choices: dict[int, str] = {}
        for row in rows:
            label = t("devices.choice", device=row.device, address=row.address,
                      signed_in=row.signed_in, used=row.used)
            twins = sum(1 for seen in choices.values() if seen.startswith(label))
            choices[row.session_id] = f"{label} ({twins + 1})" if twins else label
        return DevicesScreen(rows, choices)

    def end(self, session_id: int) -> None:
        """That browser signed out."""
        self.tsignin.end_session(session_id)
