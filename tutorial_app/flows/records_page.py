"""The controller of a class's records panel (plain Python, no Streamlit): the class's
and a learner's whole record as JSON, and deleting a learner's record or the class with
its learners' records. ui/records_panel.py draws `screen()` and calls the clicks.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from tutorial_app.services.classes import ClassStore, SchoolClass


def as_json(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1, default=str)


@dataclass(frozen=True, slots=True)
class RecordsScreen:
    class_id: int
    class_name: str
    class_json: str
    members: dict[int, str]          # learner id -> name


class RecordsController:
    """`forget` drops learners from this process's copy of their progress
    (services/progress_cache.py), so a deleted record is not shown from memory."""

    def __init__(self, rooms: ClassStore, room: SchoolClass,
                 forget: Callable[[list[int]], None]) -> None:
        self.rooms, self.room, self._forget = rooms, room, forget

    def screen(self) -> RecordsScreen:
        return RecordsScreen(self.room.id, self.room.name,
                             as_json(self.rooms.export_class(self.room.id)),
                             {x.id: x.name for x in self.rooms.members(self.room.id)})

    def learner_json(self, learner_id: int) -> str:
        return as_json(self.rooms.export_learner(learner_id))

    def delete_learner(self, learner_id: int) -> None:
        self.rooms.delete_learner(learner_id)
        self._forget([learner_id])

    def delete_class(self) -> None:
        gone = [x.id for x in self.rooms.members(self.room.id)]
        self.rooms.delete_class(self.room.id, with_learners=True)
        self._forget(gone)
