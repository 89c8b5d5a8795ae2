"""The progress store: learners, steps, lessons, puzzles and rating; safe under
concurrent use from threads and from separate processes. Every test that takes the
`store` (or `store_url`) fixture runs on SQLite and on PostgreSQL (tests/conftest.py);
races between processes are in test_store_concurrency.py, migrations in
test_store_migrations.py."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from processes import racers, run_all
from storefixtures import integrity_ok

from tutorial_app.config import sqlite_file, store_url
from tutorial_app.course.puzzles import glicko, rating
from tutorial_app.services import devices
from tutorial_app.services.devices import LEARNERS, Devices
from tutorial_app.services.store import (
    LearnerNameError,
    ProgressStore,
    StaleGameError,
    clean_name,
)


def test_path_from_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "deep" / "folder" / "p.sqlite3"
    monkeypatch.setenv("CASSINO_DB", str(target))
    assert sqlite_file(store_url()) == target
    ProgressStore().close()
    assert target.exists()
    monkeypatch.setenv("CASSINO_DB", f"sqlite:///{target}")
    assert sqlite_file(store_url()) == target
    monkeypatch.delenv("CASSINO_DB")
    default = sqlite_file(store_url())
    assert default is not None and default.name == "progress.sqlite3"
    assert default.parent.name == "data"


def test_a_postgresql_url_means_psycopg(monkeypatch: pytest.MonkeyPatch) -> None:
    for given in ("postgresql://ana@db.example/cassino", "postgres://ana@db.example/cassino",
                  "postgresql+psycopg://ana@db.example/cassino"):
        monkeypatch.setenv("CASSINO_DB", given)
        assert store_url() == "postgresql+psycopg://ana@db.example/cassino"
        assert sqlite_file(store_url()) is None
    monkeypatch.setenv("CASSINO_DB", "mysql://ana@db.example/cassino")
    with pytest.raises(ValueError, match="CASSINO_DB"):
        store_url()


def test_wal_mode(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "p.sqlite3")
    assert store.path is not None
    con = sqlite3.connect(store.path)
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    con.close()


def test_learner_names(store: ProgressStore) -> None:
    ana = store.learner("  Ana  ")
    assert store.learner("ana").id == ana.id  # any case, same learner
    assert store.learner("Ana  Maria").name == "Ana Maria"
    assert [x.name for x in store.learners()] == ["Ana", "Ana Maria"]
    emile = store.learner("Émile")  # beyond A-Z too, on both engines
    assert store.learner("ÉMILE").id == emile.id and store.learner("émile").id == emile.id
    assert store.learner("Straße").id == store.learner("STRASSE").id
    store.learner("bo")
    assert [x.name for x in store.learners()] == ["Ana", "Ana Maria", "bo", "Straße", "Émile"]
    for bad in ("", "   ", "x" * 41, "a\x00b"):
        with pytest.raises(LearnerNameError):
            clean_name(bad)


def test_steps_keep_the_best_result_and_lessons_complete(store: ProgressStore) -> None:
    me = store.learner("Ana").id
    store.record_step(me, "sums", "first", 1, wrong=3)
    store.record_step(me, "sums", "first", 3)
    store.record_step(me, "sums", "first", 2, wrong=1)
    store.record_step(me, "sums", "second", 2)
    store.complete_lesson(me, "sums", 3)
    progress = store.progress(me)
    assert progress["sums"].steps == {"first": 3, "second": 2}
    assert progress["sums"].completed and progress["sums"].stars == 3
    other = store.learner("Bo").id
    assert store.progress(other) == {}


def test_reset_one_lesson_or_everything(store: ProgressStore) -> None:
    me = store.learner("Ana").id
    store.record_step(me, "a", "s", 3)
    store.record_step(me, "b", "s", 3)
    store.complete_lesson(me, "a", 3)
    store.record_puzzle(me, "p1", 3, solved=True, hinted=False)
    store.reset_lesson(me, "a")
    assert set(store.progress(me)) == {"b"}
    store.reset_all(me)
    assert store.progress(me) == {}
    assert store.solved_puzzles(me) == {}
    fresh = store.get_learner(me)
    assert fresh is not None and fresh.rating == rating.START and fresh.rated_games == 0


def test_puzzles_are_rated_too_from_first_tries_only(store: ProgressStore) -> None:
    """A failed first try raises the puzzle's Glicko-2 rating, a solve lowers it; a
    second try or a hinted one leaves it alone."""
    ana, bo = store.learner("Ana").id, store.learner("Bo").id
    assert store.puzzle_ratings() == {}
    store.record_puzzle(ana, "hard", 5, solved=False, hinted=False)
    failed = store.puzzle_ratings()["hard"]
    assert failed[0] > rating.puzzle_rating(5) and failed[2] == 1
    store.record_puzzle(ana, "hard", 5, solved=True, hinted=False)   # not a first try
    store.record_puzzle(bo, "hard", 5, solved=True, hinted=True)     # hinted
    assert store.puzzle_ratings()["hard"] == failed
    store.record_puzzle(bo, "easy", 1, solved=True, hinted=False)
    assert store.puzzle_ratings()["easy"][0] < rating.puzzle_rating(1)


def test_puzzle_rating_rises_falls_and_hints_make_it_unrated(store: ProgressStore) -> None:
    me = store.learner("Ana").id
    up = store.record_puzzle(me, "p1", 3, solved=True, hinted=False)
    assert up.rated and up.change is not None and up.change.delta > 0
    down = store.record_puzzle(me, "p2", 3, solved=False, hinted=False)
    assert down.rated and down.change is not None and down.change.delta < 0
    hinted = store.record_puzzle(me, "p3", 3, solved=True, hinted=True)
    assert not hinted.rated and hinted.change is None
    again = store.record_puzzle(me, "p1", 3, solved=True, hinted=False)
    assert not again.rated and not again.first_try
    learner = store.get_learner(me)
    assert learner is not None and learner.rated_games == 2
    assert learner.rating == pytest.approx(down.change.after)
    assert store.solved_puzzles(me) == {"p1": True, "p2": False, "p3": True}
    assert store.rating_history(me) == [up.change.after, down.change.after]


def test_threads_never_lose_an_update(store_url: str, store: ProgressStore) -> None:
    errors: list[BaseException] = []

    def work(name: str) -> None:
        try:
            with ProgressStore(store_url) as mine:
                me = mine.learner(name).id
                for i in range(25):
                    mine.record_puzzle(me, f"p{i}", 1 + i % 5, solved=i % 2 == 0,
                                       hinted=False)
                    mine.record_step(me, "lesson", f"s{i}", 3)
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    # two "tabs" of the same learner and three other learners, all at once
    threads = [threading.Thread(target=work, args=(name,))
               for name in ("Ana", "ana", "Bo", "Cy", "Di")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert integrity_ok(store)
    by_name = {x.name.capitalize(): x for x in store.learners()}
    assert set(by_name) == {"Ana", "Bo", "Cy", "Di"}  # "Ana" and "ana" are one learner
    # Ana's two tabs try the same 25 puzzles: only the first try at each is rated.
    assert by_name["Ana"].rated_games == 25
    for name in ("Bo", "Cy", "Di"):
        assert by_name[name].rated_games == 25
        assert len(store.rating_history(by_name[name].id)) == 25


def _process_worker(url: str, name: str, count: int) -> None:
    with ProgressStore(url) as store:
        me = store.learner(name).id
        for i in range(count):
            store.record_puzzle(me, f"{name}-{i}", 3, solved=i % 3 != 0, hinted=False)
            store.record_step(me, "sums", f"step-{i}", 1 + i % 3)


def test_processes_never_corrupt_the_database(store_url: str, store: ProgressStore) -> None:
    context = racers(__name__)
    workers = [context.Process(target=_process_worker, args=(store_url, name, 20))
               for name in ("Ana", "Bo", "Ana", "Cy")]
    assert run_all(workers, timeout=120) == [0] * len(workers)
    assert integrity_ok(store)
    learners = {x.name: x for x in store.learners()}
    assert learners["Ana"].rated_games == 20  # two processes, same ids: each rated once
    assert learners["Bo"].rated_games == 20 and learners["Cy"].rated_games == 20
    assert len(store.progress(learners["Ana"].id)["sums"].steps) == 20


def test_rating_shape() -> None:
    assert rating.puzzle_rating(1) < rating.puzzle_rating(5)
    learner = glicko.Glicko(rating.START)
    easy_win = glicko.game(learner, glicko.Glicko(rating.puzzle_rating(1), 200.0), True)[0]
    hard_win = glicko.game(learner, glicko.Glicko(rating.puzzle_rating(5), 200.0), True)[0]
    assert rating.START < easy_win.rating < hard_win.rating
    assert rating.RatingChange(1200, 1218).text == "1200 → 1218 (+18)"


def test_a_game_in_progress_is_kept_per_learner(store: ProgressStore) -> None:
    ana, bo = store.learner("Ana").id, store.learner("Bo").id
    assert store.saved_game(ana) is None
    store.save_game(ana, '{"moves": []}')
    store.save_game(ana, '{"moves": ["5c t"]}')  # replaces the one kept before
    store.save_game(bo, '{"moves": ["8s t"]}')
    assert store.saved_game(ana).game == '{"moves": ["5c t"]}'
    assert store.saved_game(bo).game == '{"moves": ["8s t"]}'
    store.drop_game(ana)
    assert store.saved_game(ana) is None and store.saved_game(bo) is not None
    store.drop_game(ana)  # dropping nothing is fine
    store.reset_all(bo)  # progress reset leaves the game alone
    assert store.saved_game(bo) is not None


# The learners table as the first version of the app made it.
OLD_LEARNERS = ("CREATE TABLE learners (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE "
                "COLLATE NOCASE, created REAL NOT NULL, rating REAL NOT NULL DEFAULT 1200, "
                "rated_games INTEGER NOT NULL DEFAULT 0);")


def test_an_older_database_gets_the_games_table(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    con = sqlite3.connect(path)
    con.executescript(OLD_LEARNERS + "INSERT INTO learners (name, created) VALUES ('Ana', 0);")
    con.close()
    store = ProgressStore(path)
    (ana,) = store.learners()
    store.save_game(ana.id, "{}")
    assert store.saved_game(ana.id).game == "{}" and integrity_ok(store)


def test_a_move_is_kept_only_over_the_game_it_was_made_in(store: ProgressStore) -> None:
    """Two tabs of one learner: the second to save over the same revision is told,
    and the first tab's game is what stays."""
    ana = store.learner("Ana").id
    first = store.save_game(ana, '{"moves": []}')
    saved = store.saved_game(ana)
    assert saved is not None and saved.revision == first
    one_tab = store.save_game(ana, '{"moves": ["5c t"]}', expected=first)
    assert one_tab != first
    with pytest.raises(StaleGameError):
        store.save_game(ana, '{"moves": ["8s t"]}', expected=first)  # the other tab
    assert store.saved_game(ana).game == '{"moves": ["5c t"]}'
    again = store.save_game(ana, '{"moves": ["5c t", "8s t"]}', expected=one_tab)
    assert store.saved_game(ana).game == '{"moves": ["5c t", "8s t"]}'
    store.save_game(ana, '{"moves": []}')  # a new game replaces whatever was kept
    with pytest.raises(StaleGameError):
        store.save_game(ana, '{"moves": ["9h t"]}', expected=again)
    store.drop_game(ana)  # abandoned elsewhere: a tab still playing keeps its game
    store.save_game(ana, '{"moves": ["9h t"]}', expected=again)
    assert store.saved_game(ana).game == '{"moves": ["9h t"]}'


def test_a_browser_token_signs_its_learner_in_until_forgotten(store: ProgressStore) -> None:
    """services/devices.py: a session gets its token when a ticket is redeemed; the token
    stands for its learner until the session ends; the store keeps only its hash."""
    ana, bo = store.learner("Ana"), store.learner("Bo")
    browsers = Devices(store, LEARNERS)
    sessions = [browsers.open(who.id) for who in (ana, ana, bo)]
    laptop, phone, other = (devices.redeem(store, browsers.ticket(s)) for s in sessions)
    assert laptop and phone and other
    assert len({laptop.token, phone.token, other.token}) == 3 and len(laptop.token) >= 32
    found = [browsers.find(x.token) for x in (laptop, phone, other)]
    assert [x.owner if x else None for x in found] == [ana.id, ana.id, bo.id]
    assert browsers.find("not-a-token") is None and browsers.find("") is None
    with store.engine.connect() as con:
        kept = {str(r[0]) for r in con.exec_driver_sql("SELECT token_hash FROM devices")}
    assert laptop.token not in kept and devices.token_hash(laptop.token) in kept
    browsers.end(sessions[0])  # "Switch learner" on the laptop
    assert browsers.find(laptop.token) is None and browsers.find(phone.token) is not None
    browsers.end(sessions[0])  # forgetting twice is fine


def test_the_welcome_screen_offers_names_until_the_teacher_says_not(
        open_store: Callable[[], ProgressStore]) -> None:
    store = open_store()
    assert store.names_on_welcome()  # on for a new class
    store.show_names_on_welcome(False)
    assert not open_store().names_on_welcome()  # kept in the database, not the object
    store.show_names_on_welcome(False)  # saying it twice is fine
    store.show_names_on_welcome(True)
    assert open_store().names_on_welcome()


def test_an_older_games_table_gets_revisions(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    con = sqlite3.connect(path)
    con.executescript(OLD_LEARNERS +
                      "CREATE TABLE games (learner_id INTEGER PRIMARY KEY, game TEXT NOT NULL, "
                      "updated REAL NOT NULL);"
                      "INSERT INTO learners (name, created) VALUES ('Ana', 0);"
                      "INSERT INTO games VALUES (1, '{\"moves\": []}', 0);")
    con.close()
    store = ProgressStore(path)
    saved = store.saved_game(1)
    assert saved is not None and saved.game == '{"moves": []}'
    store.save_game(1, "{}", expected=saved.revision)
    assert store.saved_game(1).game == "{}" and integrity_ok(store)


def test_games_saved_from_many_threads_stay_whole(store_url: str, store: ProgressStore) -> None:
    ids = [store.learner(name).id for name in ("Ana", "Bo", "Cy")]
    errors: list[BaseException] = []

    def work(learner_id: int) -> None:
        try:
            with ProgressStore(store_url) as mine:
                for i in range(30):
                    mine.save_game(learner_id, f'{{"learner": {learner_id}, "n": {i}}}')
                    assert mine.saved_game(learner_id) is not None
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=work, args=(i,)) for i in ids * 2]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors and integrity_ok(store)
    for learner_id in ids:
        assert store.saved_game(learner_id).game == f'{{"learner": {learner_id}, "n": 29}}'
