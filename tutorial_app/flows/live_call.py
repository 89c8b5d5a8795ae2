"""Is a live question waiting for this learner? (plain Python, no Streamlit)

A class question only counts if the class finds it. A learner who signs in or joins
their class while a question is up goes straight to it (`lands`, once per sign-in of
a browser session, so they can leave it again); on every other page a signed-in class
member sees a one-tap way to it for as long as it is up (`waiting`), in the page
itself, so a phone needs no sidebar for it.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from dataclasses import dataclass
from typing import Any, Final

from tutorial_app.flows.state import Memory
from tutorial_app.services.classes import ClassStore, SchoolClass

SCOPE: Final = "live_call"
_SEEN: Final = "seen"  # the learner this session has already sent to a live question


@dataclass(frozen=True, slots=True)
class Call:
    """The live question of the learner's class."""

    class_id: int
    class_name: str
    question: int   # its number, as the projector shows it
    open: bool      # answers are still taken
    answered: bool  # this learner has answered it


def waiting(rooms: ClassStore, learner_id: int, room: SchoolClass | None = None
            ) -> Call | None:
    """The live question of the learner's class (`room`, when the caller has it), while
    one is up; None otherwise (no class, or the teacher has not asked or has ended the
    live session)."""
    room = room or rooms.class_of(learner_id)
    if room is None:
        return None
    state = rooms.live_state(room.id)
    if state is None or not state.active:
        return None
    answered = rooms.my_answer(room.id, state.question, learner_id) is not None
    return Call(room.id, room.name, state.question, state.open, answered)


def lands(memory: MutableMapping[str, Any], learner_id: int, call: Call | None) -> bool:
    """Should this run go to the Class question page? Yes the first time this session
    sees this learner signed in (a sign-in, a join, a reload) while their class has an
    open question they have not answered; never again for the same learner."""
    seen = Memory(memory, SCOPE)
    if seen.get(_SEEN) == learner_id:
        return False
    seen[_SEEN] = learner_id
    return call is not None and call.open and not call.answered
