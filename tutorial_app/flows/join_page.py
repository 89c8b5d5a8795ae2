"""Joining a class by its code, as controllers (plain Python, no Streamlit), drawn by
ui/join_panels.py:

- `LearnerJoin`: the learner's join form (the class code and a name) and, when the
  class's teacher approves each join, the waiting phone: is it waiting, has the teacher
  answered, cancel (services/signin.py decides each);
- `JoinRequests`: the teacher's "Joining the class" panel on the Classroom: how
  learners join (the join rule), the learners waiting with Approve and Refuse, Approve
  all and Refuse all, and in projector mode only how many wait (services/classes.py).

The teacher's last clicks are kept in the session's memory as facts (`join-panel.done`:
each name with why not, None when let in, "" when refused) and said once; a click that
let learners in marks the page changed (`join-panel.changed`), so the other panels are
drawn again with them.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from dataclasses import dataclass
from typing import Any, Final

from tutorial_app.flows.class_report import ago
from tutorial_app.services import names
from tutorial_app.services.classes import JOIN_RULES, ClassroomError, ClassStore
from tutorial_app.services.signin import SignIn
from tutorial_app.words.i18n import count, t

DONE: Final = "join-panel.done"        # the teacher's last clicks: [(name, why or None)]
CHANGED: Final = "join-panel.changed"  # a click changed the class: the whole page again
NAME_MAX: Final = names.MAX_TYPED      # the name box takes more than a name may have
RULES: Final = JOIN_RULES


# ----- the learner -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Waiting:
    room: str           # the class's name
    name: str           # the name asked for


class LearnerJoin:
    """The learner's side; `session` is the browser's sign-in (None: the store is down,
    and the form is drawn without a click)."""

    def __init__(self, session: SignIn | None) -> None:
        self.session = session

    @property
    def can_join(self) -> bool:
        return self.session is not None

    def join(self, code: object, name: object) -> None:
        if self.session is not None:
            self.session.join_class(code, name)

    def waiting(self) -> Waiting | None:
        """The class and name this browser asked to join, while the teacher has not
        answered."""
        found = self.session.joining() if self.session is not None else None
        return Waiting(*found) if found is not None else None

    def look(self) -> bool:
        """Has the teacher answered? True when the waiting is over (signed in, or told
        why not)."""
        if self.session is None:
            return True
        self.session.join_answer()
        return self.session.joining() is None

    def cancel(self) -> None:
        if self.session is not None:
            self.session.cancel_join()


# ----- the teacher -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Request:
    id: int
    name: str
    asked: str          # "asked 2 min ago"


@dataclass(frozen=True, slots=True)
class RequestsScreen:
    class_id: int
    title: str                                  # counts the learners waiting
    expanded: bool
    rule: str                                   # the class's join rule, one of RULES
    done: tuple[tuple[str, str | None], ...]    # the last clicks, said once
    waiting: tuple[Request, ...]


class JoinRequests:
    def __init__(self, rooms: ClassStore, class_id: int,
                 memory: MutableMapping[str, Any]) -> None:
        self.rooms, self.class_id, self.memory = rooms, class_id, memory

    def changed(self) -> bool:
        """A click let learners in since the last look (asked once)."""
        return bool(self.memory.pop(CHANGED, False))

    def screen(self) -> RequestsScreen | None:
        """The panel; None when the class is gone."""
        room = self.rooms.get_class(self.class_id)
        if room is None:
            return None
        waiting = self.rooms.waiting(room.id)
        done = tuple(self.memory.pop(DONE, []))
        title = count(len(waiting), "join-waiting") if waiting else t("join_panel.title")
        return RequestsScreen(
            room.id, title, bool(waiting or done), room.join_rule, done,
            tuple(Request(x.id, x.name, t("join_panel.asked", ago=ago(x.created)))
                  for x in waiting))

    def waiting_count(self) -> int:
        """In projector mode: how many wait, never their names."""
        return len(self.rooms.waiting(self.class_id))

    def set_rule(self, rule: object) -> None:
        if rule in RULES:
            self.rooms.set_join_rule(self.class_id, str(rule))

    def approve(self, request_id: int, name: str) -> None:
        try:
            done: list[tuple[str, str | None]] = [
                (self.rooms.approve(self.class_id, request_id).name, None)]
        except ClassroomError as error:
            done = [(name, str(error))]
        self.memory[DONE] = done
        self.memory[CHANGED] = True

    def approve_all(self) -> None:
        self.memory[DONE] = self.rooms.approve_all(self.class_id)
        self.memory[CHANGED] = True

    def refuse(self, request_id: int, name: str) -> None:
        self.rooms.refuse(self.class_id, request_id)
        self.memory[DONE] = [(name, "")]

    def refuse_all(self) -> None:
        waiting = self.rooms.waiting(self.class_id)
        self.rooms.refuse_all(self.class_id)
        self.memory[DONE] = [(x.name, "") for x in waiting]
