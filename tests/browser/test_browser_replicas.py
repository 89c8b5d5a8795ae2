"""Several app processes share one PostgreSQL store: what a learner does through one
is there through the other, directly and behind nginx with sticky sessions
(tutorial_app/tools/replicas.py, docs/deploy.md).

Skipped, with the reason, without a PostgreSQL server (CASSINO_TEST_PG, see
tests/support/storefixtures.py); the nginx test also without nginx.
"""

from __future__ import annotations

import random
import shutil
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserpage import WAIT, card, press, sign_in
from browserserver import FIXTURE_COURSE, Server
from playwright.sync_api import Page, expect
from storefixtures import PostgresServer, require_postgres

from tutorial_app.services.store import ProgressStore
from tutorial_app.tools.replicas import Replicas, port_free


@pytest.fixture(scope="module")
def shared_db() -> Iterator[str]:
    """A fresh schema on the test server, as the store URL both processes get."""
    server: PostgresServer = require_postgres()
    schema = server.new_schema()
    yield server.store_url(schema)
    server.drop_schema(schema)


@pytest.fixture(scope="module")
def two_servers(shared_db: str,
                tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Server]]:
    folder = tmp_path_factory.mktemp("replicas")
    ProgressStore(shared_db).close()  # migrated once, as `make replicas` does
    first = Server(shared_db, FIXTURE_COURSE, folder / "a.log")
    try:
        second = Server(shared_db, FIXTURE_COURSE, folder / "b.log")
    except BaseException:
        first.stop()
        raise
    yield first, second
    second.stop()
    first.stop()


def new_page(browser: Any, **options: Any) -> Page:
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, **options)
    page = context.new_page()
    page.set_default_timeout(WAIT)
    return page


def solve_the_pair_step(page: Page, url: str, name: str) -> None:
    page.goto(f"{url}/?lesson=basics&step=pair")
    sign_in(page, name)
    press(page, card(page, "seven of spades"))
    expect(card(page, "seven of spades (selected)")).to_be_visible()
    press(page, card(page, "seven of hearts"))
    expect(card(page, "seven of hearts (selected)")).to_be_visible()
    press(page, page.get_by_role("button", name="Capture"))
    expect(page.get_by_test_id("stAlertContentSuccess")).to_contain_text("★★★")


def sees_the_step_solved(page: Page, url: str, name: str) -> None:
    page.goto(f"{url}/")
    sign_in(page, name)
    expect(page.get_by_text("1 of 3 exercises solved")).to_be_visible()


def test_progress_made_through_one_process_is_read_through_the_other(
        two_servers: tuple[Server, Server], shared_db: str, browser: Any) -> None:
    first, second = two_servers
    on_first = new_page(browser)
    solve_the_pair_step(on_first, first.url, "Ana")
    on_first.context.close()
    on_second = new_page(browser)  # another browser, attached to the other process
    sees_the_step_solved(on_second, second.url, "ana")
    on_second.context.close()
    with ProgressStore(shared_db) as store:
        (ana,) = store.learners()
        assert store.progress(ana.id)["basics"].steps == {"pair": 3}


def replica_of(url: str, route: str) -> str:
    request = urllib.request.Request(f"{url}/", headers={"Cookie": f"cassino_replica={route}"})
    with urllib.request.urlopen(request, timeout=10) as reply:
        return str(reply.headers["X-Cassino-Replica"])


def consecutive_free_ports(count: int) -> int:
    for _ in range(200):
        first = random.randrange(20_000, 40_000)
        if all(port_free(first + i) for i in range(count)):
            return first
    raise RuntimeError("no free ports")


@pytest.fixture(scope="module")
def behind_nginx(shared_db: str,
                 tmp_path_factory: pytest.TempPathFactory) -> Iterator[Replicas]:
    if not (shutil.which("nginx") or Path("/usr/sbin/nginx").exists()):
        pytest.skip("the replicas test needs nginx (apt-get install nginx)")
    base = consecutive_free_ports(3)
    with Replicas(2, db=shared_db, port=base, first_port=base + 1,
                  lessons=FIXTURE_COURSE, install_nginx=False,
                  folder=tmp_path_factory.mktemp("nginx")) as running:
        yield running


def test_behind_nginx_each_browser_keeps_its_replica_and_shares_the_store(
        behind_nginx: Replicas, browser: Any) -> None:
    url = behind_nginx.url
    routes: dict[str, str] = {}
    for n in range(50):  # cookie values that the proxy sends to each of the replicas
        routes.setdefault(replica_of(url, f"route-{n}"), f"route-{n}")
        if len(routes) == 2:
            break
    assert len(routes) == 2, routes
    (one, one_route), (other, other_route) = sorted(routes.items())

    pages = []
    for route in (one_route, other_route):
        page = new_page(browser)
        page.context.add_cookies([{"name": "cassino_replica", "value": route, "url": url}])
        answered: set[str] = set()
        page.on("response", lambda r, seen=answered: seen.add(
            r.headers.get("x-cassino-replica", "")))
        pages.append((page, answered))
    solve_the_pair_step(pages[0][0], url, "Cy")
    sees_the_step_solved(pages[1][0], url, "CY")
    assert pages[0][1] == {one} and pages[1][1] == {other}  # every request, one replica

    fresh = new_page(browser)  # no cookie yet: the proxy gives one, and it holds
    answered: set[str] = set()
    fresh.on("response", lambda r: answered.add(r.headers.get("x-cassino-replica", "")))
    fresh.goto(f"{url}/")
    expect(fresh.get_by_role("textbox", name="Your name")).to_be_visible()
    assert any(c["name"] == "cassino_replica" for c in fresh.context.cookies())
    fresh.reload()
    expect(fresh.get_by_role("textbox", name="Your name")).to_be_visible()
    assert len(answered - {""}) == 1
    for page, _ in pages:
        page.context.close()
    fresh.context.close()
