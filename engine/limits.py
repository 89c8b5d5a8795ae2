"""The engine's limits: how much text, how many cards and how much work one
request may bring (docs/limits.md lists them all, with the app's).

Every door of the engine checks its input against these before doing any
work that grows with it, and a request over a limit gets a project error
(`NotationError`, `TooMuchWorkError`) naming the limit, never a crash or a
stall: a link, a lesson file and a command line are all untrusted text.

The values are far above anything a real game, lesson or learner needs (the
longest position in the shipped lessons is under 100 characters), and low
enough that the work one request can cause is bounded: each limit says why
it is the size it is.
"""

from __future__ import annotations

from typing import Final

from engine.errors import NotationError, TooMuchWorkError

MAX_NOTATION_LENGTH: Final = 1000
"""Characters in one piece of notation: a card list, a table, a position, a move,
a rules text or a JSON move. A position with all 52 cards written out, four
hands and every rules setting named is about 450 characters."""

MAX_NUMBER_DIGITS: Final = 4
"""Digits in any number in notation (a build's value, a seat, a player count). Every
real number is one or two digits; four leave room for a clear "no build can have
value 9999" instead of refusing the text, and keep far below Python's 4,300-digit
limit on reading whole numbers."""

MAX_POSITION_CARDS: Final = 52
"""Cards in one position: the table (loose and in builds), the hand and the other
hands together. No deal has more than one pack; a card twice is refused later
as an impossible position."""

MAX_JSON_DEPTH: Final = 4
"""Nesting of brackets in a JSON move: the move object, its `builds` list, one build
and a card is 3 deep. Checked on the text before it is decoded, so no input can
make the decoder recurse."""

MAX_GENERATION_WORK: Final = 2_000_000
"""Units of work one call of the legal-move generator may do. A unit is about a
quarter of a microsecond on the 2-core machine the figures in README.md come
from: one subset of the table tried, one union of groups tried; turning a union
into cards costs WORK_PER_PICK units and making a move WORK_PER_MOVE. The
benchmark's extreme tables (12-14 small cards, 6,000-17,000 moves) need about
450,000 and 940,000; a table of 15 small loose cards or more would need far
more (22 of them, thousands of millions) and is refused after about half a
second's work and under 20 MB (measured). The first 64 moves of each hand card
are not charged: the usual case pays nothing."""

WORK_PER_PICK: Final = 24
"""Units charged for turning one union of groups into the cards it takes."""

WORK_PER_MOVE: Final = 12
"""Units charged for each move made."""

MAX_SPLIT_STEPS: Final = 200_000
"""Steps of the search that splits cards into groups of a value (checking a build,
showing a capture's groups). A real build splits in a few dozen."""

MAX_ADVICE_MOVES: Final = 1000
"""Legal moves the computer weighs when asked for advice on a bare position (the
Sandbox's, the Classroom's): it judges each move with a look at the replies, about
a millisecond a move, so the benchmark's adversarial tables (75-983 moves) take
under a second, and a table of 6,000 moves, which took 20 s, is refused."""

MOVE_CACHE_ENTRIES: Final = 4096
"""Positions whose legal moves are kept (least recently used are forgotten first)."""

MOVE_CACHE_MOVES: Final = 200_000
"""Moves kept in the move cache, all positions together (about 40 MB at most); a
position with more moves than this is answered but not kept."""

ANALYSIS_CACHE_WORK: Final = 10_000_000
"""Work kept in one rule set's table analyses before they are forgotten and learnt
again: about 10 bytes a unit, so 100 MB at most (300 random games leave about 3
million, in 6,400 analyses; about 85% of the tables in play are found there)."""

RULE_SETS_KEPT: Final = 256
"""Distinct rule sets whose per-card facts are kept at once."""

QUOTE_LENGTH: Final = 60
"""Characters of the input quoted in an error message; longer input is cut with "…"."""


def quoted(text: object, length: int = QUOTE_LENGTH) -> str:
    """`repr` of the input for an error message, cut to `length` characters."""
    value = str(text)
    if len(value) > length:
        return repr(value[:length]) + f"… ({len(value)} characters)"
    return repr(value)


def shown(text: object, length: int = QUOTE_LENGTH) -> str:
    """The input as an error's fact (no quotes: a translated sentence adds its own),
    cut to `length` characters."""
    value = str(text)
    return value if len(value) <= length else value[:length] + "…"


def check_length(text: str, what: str, limit: int = MAX_NOTATION_LENGTH) -> None:
    """Refuse notation text over `limit` characters, before reading any of it."""
    if len(text) > limit:
        raise NotationError(f"{what} {quoted(text)} is too long: notation is at most "
                            f"{limit} characters", "too-long", limit=limit)


def is_number(text: str) -> bool:
    """ASCII digits only, at most MAX_NUMBER_DIGITS of them (`str.isdigit` also
    accepts `²` and `٣`, which `int` then refuses or reads)."""
    return 0 < len(text) <= MAX_NUMBER_DIGITS and text.isascii() and text.isdigit()


def read_number(text: str, what: str) -> int:
    """A whole number written in notation, or a NotationError naming the limit."""
    value = text.strip()
    if not is_number(value):
        if value.isascii() and value.isdigit():
            raise NotationError(f"{what} {quoted(value)} has too many digits: numbers in "
                                f"notation have at most {MAX_NUMBER_DIGITS}", "digits",
                                limit=MAX_NUMBER_DIGITS)
        raise NotationError(f"{what} must be a whole number, not {quoted(value)}", "number",
                            text=shown(value))
    return int(value)


class Work:
    """The work one call of the generator has done, against its limit.

    Charged only where work grows with the table (a new table analysis, a new
    union of groups, the moves of one hand card), so the common cases, which
    find their analyses kept, pay one small object per call."""

    __slots__ = ("limit", "on_moves", "spent")

    def __init__(self, limit: int = MAX_GENERATION_WORK) -> None:
        self.spent = 0
        self.on_moves = 0  # the part spent making moves, which no cache keeps
        self.limit = limit

    @property
    def on_analyses(self) -> int:
        """The part spent on table analyses, which the generator's caches keep."""
        return self.spent - self.on_moves

    def charge_moves(self, units: int) -> None:
        """`charge` for making moves."""
        self.on_moves += units
        self.charge(units)

    def not_kept(self, since: int) -> None:
        """Count the work done since `spent` was `since` as made for this call only
        (groups found for one hand card, which no cache keeps)."""
        self.on_moves += self.spent - since

    def charge(self, units: int) -> None:
        """Count `units` of work about to be done (charged before, so that nothing
        over the limit is ever started)."""
        self.spent += units
        if self.spent > self.limit:
            raise TooMuchWorkError(
                f"this position has too many ways to play: finding its moves would take "
                f"more than the {self.limit:,} steps one request may use (engine/limits.py "
                f"MAX_GENERATION_WORK); take some cards off the table", self.spent, self.limit)
