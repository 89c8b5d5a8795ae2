"""A learner's progress kept in memory between clicks (plain Python, no Streamlit).

Every click on the Learn and Puzzles pages reads the learner, their lesson
progress, their solved puzzles and their rating history. Those change only when
the learner does something that writes them, and those writes go through this
cache: so the server reads the store once, then again only after a write.

`ProgressCache` wraps a store and offers the same methods as far as the pages use
them (`LearnerStore`). Reads of one learner's data are kept per learner; every
write for a learner made through the cache forgets what was kept for that learner,
in every session of the process (the same learner in two tabs sees their own
writes at once). A learner's sessions live in one server process (Streamlit keeps
a session on the process its websocket reached, and a proxy in front of replicas
must be sticky), so writes made elsewhere concern other learners; a change made
behind the app's back (another process writing the same learner, a database
edited by hand) is seen at the latest `ttl` seconds later. The teacher's class
report reads the store itself, never this cache.

Thread-safe: Streamlit runs each session's script in its own thread. A read that
started before a write for the same learner is not kept (each learner has a
generation number that every write bumps).
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Final, Protocol, TypeVar

from tutorial_app.services.store import Learner, LessonProgress, PuzzleResult

T = TypeVar("T")

TTL: Final = 60.0  # seconds: the longest a change made outside this process goes unseen
LEARNERS: Final = 2000  # learners kept at most (the least recently used go first)


class LearnerStore(Protocol):
    """What the pages ask of the progress store: `ProgressStore` and `ProgressCache`."""

    def learner(self, name: str) -> Learner: ...
    def get_learner(self, learner_id: int) -> Learner | None: ...
    def learners(self) -> list[Learner]: ...
    def names_on_welcome(self) -> bool: ...
    def record_step(self, learner_id: int, lesson_id: str, step_id: str, stars: int,
                    wrong: int, hints: int) -> None: ...
    def complete_lesson(self, learner_id: int, lesson_id: str, stars: int) -> None: ...
    def progress(self, learner_id: int) -> dict[str, LessonProgress]: ...
    def reset_lesson(self, learner_id: int, lesson_id: str) -> None: ...
    def reset_all(self, learner_id: int) -> None: ...
    def record_puzzle(self, learner_id: int, puzzle_id: str, difficulty: int, solved: bool,
                      hinted: bool) -> PuzzleResult: ...
    def solved_puzzles(self, learner_id: int) -> dict[str, bool]: ...
    def rating_history(self, learner_id: int) -> list[float]: ...
    def puzzle_ratings(self) -> dict[str, tuple[float, float, int]]: ...
    def best_streak(self, learner_id: int) -> int: ...
    def record_streak(self, learner_id: int, length: int) -> int: ...


class _Kept:
    """What is kept for one learner: each read by name, with the time it was read."""

    __slots__ = ("generation", "reads")

    def __init__(self) -> None:
        self.generation = 0
        self.reads: dict[str, tuple[float, Any]] = {}


class ProgressCache:
    """A `LearnerStore` that keeps each learner's reads until that learner's next write
    (see the module docstring)."""

    def __init__(self, store: LearnerStore, ttl: float = TTL, size: int = LEARNERS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.ttl = ttl
        self.size = size
        self._clock = clock
        self._lock = threading.Lock()
        self._learners: OrderedDict[int, _Kept] = OrderedDict()
        self.reads = 0  # reads that went to the store (for tests and measurements)

    # ----- the machinery -------------------------------------------------------------

    def _entry(self, learner_id: int) -> _Kept:
        """The learner's entry (made on first use), marked as recently used; under the lock."""
        kept = self._learners.get(learner_id)
        if kept is None:
            kept = self._learners[learner_id] = _Kept()
            while len(self._learners) > self.size:
                self._learners.popitem(last=False)
        else:
            self._learners.move_to_end(learner_id)
        return kept

    def _read(self, learner_id: int, name: str, read: Callable[[], T]) -> T:
        now = self._clock()
        with self._lock:
            kept = self._entry(learner_id)
            found = kept.reads.get(name)
            if found is not None and now - found[0] < self.ttl:
                return found[1]  # type: ignore[no-any-return]
            generation = kept.generation
        value = read()  # outside the lock: other learners' clicks do not wait for the store
        with self._lock:
            self.reads += 1
            kept = self._entry(learner_id)
            if kept.generation == generation:  # no write for this learner meanwhile
                kept.reads[name] = (now, value)
        return value

    def forget(self, learner_id: int) -> None:
        """Drop what is kept for a learner (every write through the cache does this)."""
        with self._lock:
            kept = self._entry(learner_id)
            kept.generation += 1
            kept.reads.clear()

    def _write(self, learner_id: int, write: Callable[[], T]) -> T:
        try:
            return write()
        finally:  # a failed write may still have changed something: read afresh
            self.forget(learner_id)

    # ----- reads kept per learner ------------------------------------------------------

    def get_learner(self, learner_id: int) -> Learner | None:
        return self._read(learner_id, "learner", lambda: self.store.get_learner(learner_id))

    def progress(self, learner_id: int) -> dict[str, LessonProgress]:
        return dict(self._read(learner_id, "progress", lambda: self.store.progress(learner_id)))

    def solved_puzzles(self, learner_id: int) -> dict[str, bool]:
        return dict(self._read(learner_id, "solved",
                               lambda: self.store.solved_puzzles(learner_id)))

    def rating_history(self, learner_id: int) -> list[float]:
        return list(self._read(learner_id, "history",
                               lambda: self.store.rating_history(learner_id)))

    # ----- writes: forget the learner's reads ------------------------------------------

    def record_step(self, learner_id: int, lesson_id: str, step_id: str, stars: int,
                    wrong: int, hints: int) -> None:
        self._write(learner_id, lambda: self.store.record_step(
            learner_id, lesson_id, step_id, stars, wrong, hints))

    def complete_lesson(self, learner_id: int, lesson_id: str, stars: int) -> None:
        self._write(learner_id, lambda: self.store.complete_lesson(learner_id, lesson_id, stars))

    def reset_lesson(self, learner_id: int, lesson_id: str) -> None:
        self._write(learner_id, lambda: self.store.reset_lesson(learner_id, lesson_id))

    def reset_all(self, learner_id: int) -> None:
        self._write(learner_id, lambda: self.store.reset_all(learner_id))

    def record_puzzle(self, learner_id: int, puzzle_id: str, difficulty: int, solved: bool,
                      hinted: bool) -> PuzzleResult:
        return self._write(learner_id, lambda: self.store.record_puzzle(
            learner_id, puzzle_id, difficulty, solved, hinted))

    def best_streak(self, learner_id: int) -> int:
        return self._read(learner_id, "best_streak", lambda: self.store.best_streak(learner_id))

    def record_streak(self, learner_id: int, length: int) -> int:
        return self._write(learner_id, lambda: self.store.record_streak(learner_id, length))

    def puzzle_ratings(self) -> dict[str, tuple[float, float, int]]:
        """Every learner's first tries move these: read through, not kept per learner."""
        return self.store.puzzle_ratings()

    # ----- signing in: straight to the store (rare, and about the whole class) -----------

    def record_attempt(self, learner_id: int, kind: str, ref: str, move: str, verdict: str,
                       code: str) -> None:
        """The attempt log: written through, nothing cached reads it."""
        record = getattr(self.store, "record_attempt", None)
        if record is not None:
            record(learner_id, kind, ref, move, verdict, code)

    def learner(self, name: str) -> Learner:
        return self.store.learner(name)

    def learners(self) -> list[Learner]:
        return self.store.learners()

    def names_on_welcome(self) -> bool:
        return self.store.names_on_welcome()
