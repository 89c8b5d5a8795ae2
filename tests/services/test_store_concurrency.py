"""Writes made at once by several processes never lose each other, on SQLite and on
PostgreSQL: what two tabs, or two app replicas, do to one learner's record.

Four processes (separate ones, as app replicas are: tests/support/processes.py) open
the same database and run the same races, each started together at a barrier:
creating learners by name in different cases and in look-alike letters, recording
stars for the same steps, rating puzzles (some tried by all four), playing on the
same kept game, remembering browsers, and guessing one teacher's password (the limit
on wrong tries holds across them). The races run once per engine (a module fixture);
each test then checks one of them.
"""

from __future__ import annotations

import itertools
import json
import secrets
import traceback
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from processes import racers, run_all
from sqlalchemy import func, select
from storefixtures import ENGINES, integrity_ok, require_postgres

from tutorial_app.services import db, devices, guard
from tutorial_app.services.devices import LEARNERS, Devices
from tutorial_app.services.guard import Attempt, Guard
from tutorial_app.services.store import ProgressStore, StaleGameError
from tutorial_app.services.tables import puzzle_log, puzzles, steps

PROCESSES = 4
NAMES = 12  # learners created by name, each in four spellings at once
STEPS = 20  # steps each process records for the same learner
OWN_PUZZLES = 10  # puzzles only one process tries
SHARED_PUZZLES = 10  # puzzles every process tries
MOVES = 12  # saves each process lands on the shared game
TOKENS = 25  # browsers each process remembers
GUESSES = 20  # wrong passwords each process tries for one teacher at one instant
GUESSED_AT = 1_000_000.0

Result = dict[str, Any]


def spellings(i: int) -> list[str]:
    """Four ways of writing one name: cases, spaces, and all in Cyrillic letters that
    look the same ("Ехо")."""
    base = f"Exo {i}"
    return [base, base.upper(), f"\u0415\u0445\u043e {i}", f"  {base.lower()}  "]


def racer(url: str, k: int, ana: int, bo: int, barrier: Any, out: str) -> None:
    """One process's part in every race; what it saw goes to `out` as JSON."""
    seen: Result = {}
    with ProgressStore(url) as store:
        barrier.wait()
        seen["names"] = {i: store.learner(spellings(i)[(i + k) % 4]).id for i in range(NAMES)}

        barrier.wait()
        for i in range(STEPS):
            stars = (i + k) % 4  # every process a different result for the same step
            store.record_step(ana, "sums", f"s{i}", stars, wrong=3 - stars, hints=k)
        store.complete_lesson(ana, "sums", k)

        barrier.wait()
        rated = 0
        for i in range(max(OWN_PUZZLES, SHARED_PUZZLES)):
            if i < OWN_PUZZLES:
                rated += store.record_puzzle(bo, f"own-{k}-{i}", 1 + i % 5, i % 2 == 0,
                                             hinted=False).rated
            if i < SHARED_PUZZLES:
                rated += store.record_puzzle(bo, f"shared-{i}", 3, solved=True,
                                             hinted=False).rated
        seen["rated"] = rated

        barrier.wait()
        landed = stale = 0
        while landed < MOVES:
            kept = store.saved_game(ana)
            assert kept is not None
            moves = [*json.loads(kept.game)["moves"], f"{k}-{landed}"]
            try:
                store.save_game(ana, json.dumps({"moves": moves}), expected=kept.revision)
                landed += 1
            except StaleGameError:
                stale += 1
        seen["stale"] = stale

        barrier.wait()
        browsers = Devices(store, LEARNERS)
        issued = [devices.redeem(store, browsers.ticket(browsers.open(ana if i % 2 else bo)))
                  for i in range(TOKENS)]
        seen["tokens"] = [x.token for x in issued if x is not None]

        barrier.wait()  # four replicas guessing one password at the same moment
        limits = Guard(store)
        seen["grants"] = sum(isinstance(limits.begin(guard.TEACHER, "ada", f"10.0.0.{k}",
                                                     now=GUESSED_AT), Attempt)
                             for _ in range(GUESSES))
    Path(out).write_text(json.dumps(seen))


class Race:
    def __init__(self, store: ProgressStore, ana: int, bo: int, seen: list[Result]) -> None:
        self.store, self.ana, self.bo, self.seen = store, ana, bo, seen


@pytest.fixture(scope="module", params=ENGINES)
def race(request: pytest.FixtureRequest,
         tmp_path_factory: pytest.TempPathFactory) -> Iterator[Race]:
    folder = tmp_path_factory.mktemp("race")
    server = require_postgres() if request.param == "postgresql" else None
    schema = server.new_schema() if server else ""
    url = server.store_url(schema) if server else str(folder / "p.sqlite3")
    try:
        with ProgressStore(url) as store:
            ana, bo = store.learner("Ana").id, store.learner("Bo").id
            store.save_game(ana, json.dumps({"moves": []}))
            context = racers(__name__)
            barrier = context.Barrier(PROCESSES)
            outs = [str(folder / f"seen-{k}.json") for k in range(PROCESSES)]
            workers = [context.Process(target=racer, args=(url, k, ana, bo, barrier, outs[k]))
                       for k in range(PROCESSES)]
            assert run_all(workers) == [0] * PROCESSES
            yield Race(store, ana, bo, [json.loads(Path(o).read_text()) for o in outs])
    finally:
        if server:
            server.drop_schema(schema)


def test_one_learner_per_name_whatever_the_case(race: Race) -> None:
    ids = [seen["names"] for seen in race.seen]
    assert all(found == ids[0] for found in ids)  # every process got the same learner
    assert len(set(ids[0].values())) == NAMES
    assert len(race.store.learners()) == NAMES + 2


def test_the_best_stars_and_fewest_mistakes_win(race: Race) -> None:
    lesson = race.store.progress(race.ana)["sums"]
    assert lesson.steps == {f"s{i}": 3 for i in range(STEPS)}
    assert lesson.completed and lesson.stars == PROCESSES - 1
    with race.store.engine.connect() as con:
        worst = con.execute(select(func.max(steps.c.wrong), func.max(steps.c.hints))).one()
    assert tuple(worst) == (0, 0)


def test_every_rated_puzzle_moves_the_rating_from_where_the_last_left_it(race: Race) -> None:
    store, bo = race.store, race.bo
    expected = PROCESSES * OWN_PUZZLES + SHARED_PUZZLES  # a shared puzzle rated once
    assert sum(seen["rated"] for seen in race.seen) == expected
    learner = store.get_learner(bo)
    assert learner is not None and learner.rated_games == expected
    with store.engine.connect() as con:
        log = con.execute(select(puzzle_log.c.rating_before, puzzle_log.c.rating_after)
                          .where(puzzle_log.c.learner_id == bo, puzzle_log.c.rated == 1)
                          .order_by(puzzle_log.c.id)).all()
        attempts = con.execute(select(puzzles.c.puzzle_id, puzzles.c.attempts)
                               .where(puzzles.c.learner_id == bo,
                                      puzzles.c.puzzle_id.startswith("shared-"))).all()
    assert len(log) == expected
    for earlier, later in itertools.pairwise(log):
        assert later[0] == earlier[1]  # no rating computed from a stale copy
    assert learner.rating == log[-1][1]
    assert {a for _, a in attempts} == {PROCESSES}


def test_no_move_on_the_kept_game_is_lost(race: Race) -> None:
    kept = race.store.saved_game(race.ana)
    assert kept is not None
    moves = json.loads(kept.game)["moves"]
    assert sorted(moves) == sorted(f"{k}-{i}" for k in range(PROCESSES) for i in range(MOVES))
    for k in range(PROCESSES):  # each process's moves in its own order
        assert [m for m in moves if m.startswith(f"{k}-")] == [f"{k}-{i}" for i in range(MOVES)]
    assert sum(seen["stale"] for seen in race.seen) > 0  # they did collide


def test_every_remembered_browser_has_its_own_token(race: Race) -> None:
    tokens = [token for seen in race.seen for token in seen["tokens"]]
    assert len(set(tokens)) == PROCESSES * TOKENS
    sample = secrets.SystemRandom().sample(tokens, 10)
    assert all(Devices(race.store, LEARNERS).find(t) is not None for t in sample)
    assert integrity_ok(race.store)


def test_the_limit_on_wrong_tries_holds_across_processes(race: Race) -> None:
    """Each process guessed GUESSES times at one instant: between them all, exactly the
    account's free tries were let through to be checked."""
    free = guard.POLICIES[(guard.TEACHER, guard.ACCOUNT)].free
    assert sum(seen["grants"] for seen in race.seen) == free
    (limit,) = [x for x in Guard(race.store).limits(guard.TEACHER) if x.subject == "ada"]
    assert limit.failures == free


def opener(url: str, barrier: Any, out: str) -> None:
    """A replica starting: open the store (migrating it if needed) and sign someone in.
    A failure is written where the test reads, so that it says what went wrong."""
    barrier.wait()
    try:
        with ProgressStore(url) as store:
            Path(out).write_text(str(store.learner("Ana").id))
    except Exception:
        Path(out).write_text(traceback.format_exc())
        raise


def test_replicas_starting_together_migrate_the_database_once(
        store_url: str, tmp_path: Path) -> None:
    """Four processes open one empty database at the same moment: the migration lock
    lets one of them make the tables, and the others find them made."""
    context = racers(__name__)
    barrier = context.Barrier(PROCESSES)
    outs = [tmp_path / f"opened-{k}" for k in range(PROCESSES)]
    workers = [context.Process(target=opener, args=(store_url, barrier, str(out)))
               for out in outs]
    codes = run_all(workers)
    said = [out.read_text() if out.exists() else "(nothing written)" for out in outs]
    assert codes == [0] * PROCESSES, said
    assert len(set(said)) == 1  # one Ana
    with ProgressStore(store_url) as store:
        assert db.current(store.engine) == db.head() and integrity_ok(store)
