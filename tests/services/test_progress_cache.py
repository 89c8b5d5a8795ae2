"""The progress cache: a learner's reads kept until that learner's own writes, through
the cache, in every session; other learners untouched; a bounded staleness for changes
made behind its back; nothing stale kept from a read that raced a write."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from tutorial_app.flows.lesson import LessonController
from tutorial_app.services.progress_cache import ProgressCache
from tutorial_app.services.store import ProgressStore


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    return ProgressStore(tmp_path / "p.sqlite3")


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_reads_are_kept_until_the_learners_own_write(store: ProgressStore) -> None:
    cache = ProgressCache(store)
    ana, bo = store.learner("Ana").id, store.learner("Bo").id
    assert cache.progress(ana) == {}
    assert cache.solved_puzzles(ana) == {}
    reads = cache.reads
    for _ in range(5):
        cache.progress(ana)
        cache.solved_puzzles(ana)
        cache.get_learner(ana)
    assert cache.reads == reads + 1  # only the learner was new
    cache.record_step(ana, "basics", "pair", 3, 0, 0)
    assert cache.progress(ana)["basics"].steps == {"pair": 3}
    result = cache.record_puzzle(ana, "p1", 2, True, hinted=False)
    assert result.rated
    who = cache.get_learner(ana)
    assert who is not None and who.rated_games == 1
    assert cache.rating_history(ana) == [who.rating]
    assert cache.solved_puzzles(ana) == {"p1": True}
    # Bo's kept reads were not touched by Ana's writes
    cache.progress(bo)
    reads = cache.reads
    cache.complete_lesson(ana, "basics", 3)
    cache.progress(bo)
    assert cache.reads == reads
    assert cache.progress(ana)["basics"].completed
    cache.reset_all(ana)
    assert cache.progress(ana) == {} and cache.rating_history(ana) == []


def test_what_it_returns_can_be_changed_without_changing_what_it_keeps(
        store: ProgressStore) -> None:
    cache = ProgressCache(store)
    ana = store.learner("Ana").id
    cache.record_puzzle(ana, "p1", 2, True, hinted=False)
    cache.solved_puzzles(ana).clear()
    cache.rating_history(ana).clear()
    cache.progress(ana)["x"] = cache.progress(ana).get("x")  # type: ignore[assignment]
    assert cache.solved_puzzles(ana) == {"p1": True}
    assert len(cache.rating_history(ana)) == 1
    assert "x" not in cache.progress(ana)


def test_a_change_behind_its_back_is_seen_after_the_ttl(store: ProgressStore) -> None:
    clock = Clock()
    cache = ProgressCache(store, ttl=60, clock=clock)
    ana = store.learner("Ana").id
    assert cache.progress(ana) == {}
    store.record_step(ana, "basics", "pair", 2, 0, 0)  # another process, say
    clock.now = 59
    assert cache.progress(ana) == {}
    clock.now = 61
    assert cache.progress(ana)["basics"].steps == {"pair": 2}


def test_a_read_racing_a_write_is_not_kept(store: ProgressStore) -> None:
    """A read that started before a write for the same learner returns what it read,
    but the cache does not keep it: the next read sees the write."""
    ana = store.learner("Ana").id
    started, go_on = threading.Event(), threading.Event()

    class SlowStore(ProgressStore):
        def progress(self, learner_id: int):  # type: ignore[no-untyped-def]
            found = super().progress(learner_id)
            started.set()
            go_on.wait(5)
            return found

    cache = ProgressCache(SlowStore(store.path))
    reader = threading.Thread(target=cache.progress, args=(ana,))
    reader.start()
    started.wait(5)
    cache.record_step(ana, "basics", "pair", 1, 0, 0)
    go_on.set()
    reader.join(5)
    assert cache.progress(ana)["basics"].steps == {"pair": 1}


def test_a_failed_write_forgets_too(store: ProgressStore) -> None:
    cache = ProgressCache(store)
    ana = store.learner("Ana").id
    cache.progress(ana)
    reads = cache.reads
    with pytest.raises(KeyError):
        cache.record_puzzle(ana + 99, "p1", 1, True, hinted=False)
    cache.progress(ana)
    assert cache.reads == reads  # another learner's failure: Ana's reads stay


def test_it_keeps_at_most_so_many_learners(store: ProgressStore) -> None:
    cache = ProgressCache(store, size=2)
    ids = [store.learner(name).id for name in ("A", "B", "C")]
    for learner_id in ids:
        cache.progress(learner_id)
    reads = cache.reads
    cache.progress(ids[0])  # the oldest was dropped
    assert cache.reads == reads + 1


def test_a_lesson_controller_runs_on_the_cache(store: ProgressStore, course_dir: Path) -> None:
    from tutorial_app.course import load_course

    course = load_course(course_dir)
    cache = ProgressCache(store)
    ana = store.learner("Ana")
    control = LessonController({}, course, cache, ana, {})
    first = control.screen()
    control.confirm_reset("*")
    assert type(control.screen()) is type(first)
