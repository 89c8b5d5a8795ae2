"""Shareable links: reading and writing the app's query parameters (no Streamlit).

A link can name a lesson step (`?lesson=pairing&step=first-pair`), a puzzle
(`?puzzle=p001`), puzzle themes (`puzzles?theme=sum,sweep`) or a sandbox
position (`?position=table: 5c; hand: 3d 8s`).
Everything read from a URL is untrusted: ids must look like ids, positions
must parse, lengths are capped, and nothing read here is ever shown as HTML.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final
from urllib.parse import urlencode

from engine import Move, Position, parse_move
from tutorial_app.flows.sandbox import next_position

MAX_POSITION: Final = 600
MAX_MOVES: Final = 60
_ID: Final = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")

LESSON: Final = "lesson"
STEP: Final = "step"
PUZZLE: Final = "puzzle"
POSITION: Final = "position"
THEME: Final = "theme"  # ?theme=sum,sweep opens the puzzles filtered to those themes
MOVES: Final = "moves"
PAGE: Final = "page"


def clean_id(value: object) -> str | None:
    """An id from a URL, or None if it does not look like one."""
    text = str(value).strip() if value is not None else ""
    return text if _ID.match(text) else None


@dataclass(frozen=True, slots=True)
class PositionLink:
    position: Position | None
    moves: tuple[Move, ...] = ()
    error: str | None = None


def read_position(value: object, moves: object = None, source: str = "in the link"
                  ) -> PositionLink:
    """A position (and optionally a line of moves) from URL parameters or typed text;
    `source` says where it came from in the error messages."""
    text = str(value or "").strip()
    if not text:
        return PositionLink(None)
    if len(text) > MAX_POSITION:
        return PositionLink(None, error=f"The position {source} is too long "
                                        f"({len(text)} characters, at most {MAX_POSITION}).")
    try:
        position = Position.parse(text)
    except Exception as error:  # untrusted input: any failure is a message, never a crash
        return PositionLink(None, error=f"The position {source} cannot be read: {error}")
    problems = position.problems()
    if problems:
        return PositionLink(None, error=f"The position {source} is impossible: "
                                        + "; ".join(problems))
    line: list[Move] = []
    current = position
    for text_move in [m for m in str(moves or "").split(",") if m.strip()][:MAX_MOVES]:
        try:
            move = parse_move(text_move, current)
        except Exception as error:
            return PositionLink(position, tuple(line),
                                f"A move in the link cannot be played: {error}")
        line.append(move)
        current = next_position(current, move)
    return PositionLink(position, tuple(line))


def read_themes(value: object, known: Sequence[str]) -> list[str]:
    """The known themes named in a `theme` parameter, in the given order, once each."""
    named = {part.strip() for part in str(value or "").split(",")}
    return [theme for theme in known if theme in named]


def query_string(params: Mapping[str, str]) -> str:
    """`?a=b&c=d`, percent-encoded; empty values left out."""
    kept = {k: v for k, v in params.items() if v}
    return "?" + urlencode(kept) if kept else ""


def share_url(base: str | None, page: str, params: Mapping[str, str]) -> str:
    """The full link to a page with parameters (`base` is the app's URL, if known).
    The default page (Learn) lives at the root, so its `page` is ""."""
    root = (base or "").split("?", 1)[0].rstrip("/")
    for suffix in ("/learn", "/puzzles", "/sandbox", "/classroom", "/rules", "/play"):
        if root.endswith(suffix):
            root = root[: -len(suffix)]
            break
    return f"{root}/{page}{query_string(params)}"
