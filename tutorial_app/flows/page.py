"""What the page controllers do alike: a notice said once, an error about the link
just followed, following and writing the link, finding a lesson or puzzle by id,
and saving to the store with the learner told when that fails.

Sentences are kept in the session's memory as a catalogue key and its facts
(`Message`), or as the judge's verdict, and worded only when the page takes them to
draw them: a learner who switches language between a click and the next drawing
reads them in the new one, and the memory holds no English.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, MutableMapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Final, TypeVar

from tutorial_app.course.judge.outcome import Feedback
from tutorial_app.flows import links
from tutorial_app.flows.said import Message, Said, worded
from tutorial_app.flows.state import Memory
from tutorial_app.services.faults import STORE_FAULTS
from tutorial_app.words.i18n import language

log = logging.getLogger(__name__)

NOTICE: Final = "notice"  # the memory key of a problem to tell the learner, said once
LINK: Final = "link"  # the link as last followed or written
LINK_ERROR: Final = "link_error"  # what was wrong with the link just followed

T = TypeVar("T")

__all__ = ["LINK", "LINK_ERROR", "NOTICE", "Message", "Notice", "Said", "Tone", "find",
           "in_language", "link_error", "new_link", "save", "take_link_error", "take_notice",
           "tell", "worded", "write_link"]


class Tone(StrEnum):
    """How a notice is shown: a move played (green) or refused, or a problem (red)."""

    PLAYED = "played"
    REFUSED = "refused"


@dataclass(frozen=True, slots=True)
class Notice:
    """The answer to the last click, under the board: what is said (see `Said`) and
    the rule behind a refused move."""

    tone: Tone
    said: Said
    rule: str | None = None

    @staticmethod
    def of(tone: Tone, key: str, **facts: object) -> Notice:
        return Notice(tone, Message.of(key, **facts))

    @property
    def text(self) -> str:
        return worded(self.said)


def tell(memory: Memory, key: str, **facts: object) -> None:
    """Keep a problem to tell the learner on the next drawing."""
    memory[NOTICE] = Message.of(key, **facts)


def take_notice(memory: Memory) -> str | None:
    """The problem to tell the learner, worded (said once)."""
    found = memory.pop(NOTICE)
    return found.text if isinstance(found, Message) else None


def link_error(memory: Memory, key: str, **facts: object) -> None:
    memory[LINK_ERROR] = Message.of(key, **facts)


def take_link_error(memory: Memory) -> str | None:
    """What was wrong with the link just followed, worded (said once)."""
    found = memory.pop(LINK_ERROR)
    return found.text if isinstance(found, Message) else None


def new_link(memory: Memory, params: Mapping[str, str], *names: str) -> tuple[str, ...] | None:
    """The link's parameters `names` when they changed since last followed or written
    (and now remembered), else None: a link is followed once."""
    link = tuple(params.get(name, "") for name in names)
    if memory.get(LINK) == link:
        return None
    memory[LINK] = link
    return link


def write_link(memory: Memory, params: MutableMapping[str, str],
               values: Mapping[str, str]) -> None:
    """Make the address bar name what is on screen (empty values left out, the
    language kept), remembered so it is not followed as a new link."""
    link = tuple(values.values())
    if memory.get(LINK) == link:
        return
    memory[LINK] = link
    links.replace_params(params, values)


def in_language(feedback: Feedback | None, lang: str, again: Callable[[], Feedback]
                ) -> Feedback | None:
    """A try's judgement kept from the click, its words in the language of this drawing.

    `Feedback.message` is worded when the try is judged, in the language `lang` of that
    run; a learner who switched language since gets the words made again from the same
    try (`again` judges it once more: the same answer, in the new words). The status,
    the stars and the judge's verdict are the ones kept, so nothing is decided twice."""
    if feedback is None or not lang or lang == language():
        return feedback
    return replace(feedback, message=again().message)


def find(lookup: Callable[[str], T], item_id: str | None) -> T | None:
    """A lesson or puzzle by id (`lookup` raises KeyError), None when there is none."""
    if not item_id:
        return None
    try:
        return lookup(item_id)
    except KeyError:
        return None


def save(memory: Memory, write: Callable[[], object], key: str, what: str,
         logger: logging.Logger = log) -> bool:
    """Write to the store; if that fails, log why (`what` was being saved, in the
    page's own log) and tell the learner in a word (the catalogue's `key`): what is on
    screen stays as it is, so nothing the learner did is lost."""
    try:
        write()
    except STORE_FAULTS:
        logger.exception("could not save %s", what)
        tell(memory, key)
        return False
    return True
