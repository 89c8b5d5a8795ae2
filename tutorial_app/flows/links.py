"""Shareable links: reading and writing the app's query parameters (no Streamlit).

A link can name a lesson step (`?lesson=pairing&step=first-pair`), a puzzle
(`?puzzle=p001`), puzzle themes (`puzzles?theme=sum,sweep`) or a sandbox
position (`?position=table: 5c; hand: 3d 8s`).
Everything read from a URL is untrusted: ids must look like ids, positions
must parse, lengths are capped (the limits below, listed in docs/limits.md),
and nothing read here is ever shown as HTML or Markdown: the pages pass it
through `ui.safe_text.plain`.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping, MutableMapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final
from urllib.parse import urlencode

from engine import CassinoError, Move, Position, legal_moves, parse_move
from tutorial_app.flows.line import next_position
from tutorial_app.flows.said import Message
from tutorial_app.words.i18n import DEFAULT_LANGUAGE, language

if TYPE_CHECKING:
    from tutorial_app.course import Course, Lesson, Puzzle

log = logging.getLogger(__name__)

MAX_POSITION: Final = 600
"""Characters in a `position` parameter (a full position is under 500)."""
MAX_MOVES: Final = 60
"""Moves in a `moves` parameter (more are not played)."""
MAX_MOVES_TEXT: Final = 3000
"""Characters in a `moves` parameter: 60 moves of 50 characters."""
MAX_THEMES_TEXT: Final = 400
"""Characters in a `theme` parameter (every theme named once is about 170)."""
MAX_ID: Final = 64
"""Characters in an id in a link (`lesson`, `step`, `puzzle`), as in lesson files."""
_ID: Final = re.compile(rf"[A-Za-z0-9][A-Za-z0-9_.-]{{0,{MAX_ID - 1}}}")

LESSON: Final = "lesson"
STEP: Final = "step"
PUZZLE: Final = "puzzle"
POSITION: Final = "position"
THEME: Final = "theme"  # ?theme=sum,sweep opens the puzzles filtered to those themes
MOVES: Final = "moves"
PAGE: Final = "page"
LANG: Final = "lang"  # ?lang=pt-BR: the language, kept in every link
VIA: Final = "via"  # ?puzzle=ID&via=practice: a task opened from the day's practice set
FROM_PRACTICE: Final = "practice"


def clean_id(value: object) -> str | None:
    """An id from a URL, or None if it does not look like one."""
    text = str(value).strip() if value is not None and len(str(value)) <= 2 * MAX_ID else ""
    return text if _ID.fullmatch(text) else None


@dataclass(frozen=True, slots=True)
class PositionLink:
    """A position read from a link or typed text, the moves after it, and what was
    wrong, as a catalogue key and facts (worded when drawn, so a page that keeps it
    in the session's memory keeps no sentence)."""

    position: Position | None
    moves: tuple[Move, ...] = ()
    problem: Message | None = None

    @property
    def error(self) -> str | None:
        """What was wrong, in the language of this run."""
        return self.problem.text if self.problem is not None else None


def read_position(value: object, moves: object = None, *, typed: bool = False
                  ) -> PositionLink:
    """A position (and optionally a line of moves) from URL parameters or, `typed`,
    from the learner's typing: the problem names which, each case its own whole
    sentence (`links.too_long`, "The position in the link ...", and
    `links.typed.too_long`, "The position you typed ...").

    Untrusted input never crashes a page: what the engine cannot read is explained
    in its own words; anything else is a fault, logged with its cause, and the
    learner is told the position could not be opened."""
    where = "links.typed." if typed else "links."
    text = str(value or "").strip()
    if not text:
        return PositionLink(None)
    if len(text) > MAX_POSITION:
        return PositionLink(None, problem=Message.of(f"{where}too_long", n=len(text),
                                                     limit=MAX_POSITION))
    moves_text = str(moves or "")
    if len(moves_text) > MAX_MOVES_TEXT:
        return PositionLink(None, problem=Message.of("links.moves_too_long", n=len(moves_text),
                                                     limit=MAX_MOVES_TEXT))
    try:
        position = Position.parse(text)
        problems = tuple(position.issues())
        if not problems:
            legal_moves(position)  # within the engine's work limit (engine/limits.py)
    except CassinoError as error:
        return PositionLink(None, problem=Message.of(f"{where}unreadable", error=error))
    except Exception:
        log.exception("reading the position %r failed", text)
        return PositionLink(None, problem=Message.of(f"{where}failed"))
    if problems:
        return PositionLink(None, problem=Message.of(f"{where}impossible", problems=problems))
    line: list[Move] = []
    current = position
    for text_move in [m for m in moves_text.split(",") if m.strip()][:MAX_MOVES]:
        try:
            move = parse_move(text_move, current)
            after = next_position(current, move)
        except CassinoError as error:
            return PositionLink(position, tuple(line), Message.of("links.bad_move", error=error))
        except Exception:
            log.exception("playing the move %r in %r failed", text_move, current.text)
            return PositionLink(position, tuple(line), Message.of("links.bad_move_failed"))
        line.append(move)
        current = after
    return PositionLink(position, tuple(line))


def find_lesson(course: Course, value: object) -> Lesson | None:
    """The lesson a link (or a remembered id) names, or None: unknown, or not an id."""
    lesson_id = clean_id(value)
    if lesson_id is None:
        return None
    try:
        return course.lesson(lesson_id)
    except KeyError:  # a link to a lesson this course does not have: nothing to open
        return None


def find_puzzle(course: Course, value: object) -> Puzzle | None:
    """The puzzle a link (or a remembered id) names, or None."""
    puzzle_id = clean_id(value)
    if puzzle_id is None:
        return None
    try:
        return course.puzzle(puzzle_id)
    except KeyError:
        return None


def replace_params(params: MutableMapping[str, str], values: Mapping[str, str]) -> None:
    """Make the query parameters exactly these (empty values left out), keeping the
    language."""
    kept = {k: v for k, v in values.items() if v}
    if LANG in params and LANG not in kept:
        kept[LANG] = params[LANG]
    if dict(params.items()) != kept:
        params.clear()
        params.update(kept)


def read_themes(value: object, known: Sequence[str]) -> list[str]:
    """The known themes named in a `theme` parameter, in the given order, once each."""
    named = {part.strip() for part in str(value or "")[:MAX_THEMES_TEXT].split(",")}
    return [theme for theme in known if theme in named]


def query_string(params: Mapping[str, str]) -> str:
    """`?a=b&c=d`, percent-encoded; empty values left out."""
    kept = {k: v for k, v in params.items() if v}
    return "?" + urlencode(kept) if kept else ""


def share_url(base: str | None, page: str, params: Mapping[str, str]) -> str:
    """The full link to a page with parameters (`base` is the app's URL, if known).
    The default page (Learn) lives at the root, so its `page` is "". The link names
    the run's language unless it is English."""
    if language() != DEFAULT_LANGUAGE and LANG not in params:
        params = {**params, LANG: language()}
    root = (base or "").split("?", 1)[0].rstrip("/")
    for suffix in ("/learn", "/puzzles", "/sandbox", "/classroom", "/rules", "/play"):
        if root.endswith(suffix):
            root = root[: -len(suffix)]
            break
    return f"{root}/{page}{query_string(params)}"
