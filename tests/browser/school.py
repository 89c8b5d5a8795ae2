"""A school behind one address, for test_journey_school.py: the app (one replica with
its SQLite store) behind nginx exactly as `make replicas` configures it
(tutorial_app/tools/replicas.py and tools/deploy/nginx.conf), opened at a non-loopback
address of this machine, so that every phone, Chromium's and the scripts', reaches
nginx from that one address, as a school's phones reach a server from behind their
router; and the class's children as the load test's websocket client
(tutorial_app/tools/loadtest/client.py), a real client of the same server through the
same proxy, signing in as a class does.

The replica listens as `make run` does (Streamlit's default "::", both IP versions), so
nginx reaches it as ::ffff:127.0.0.1: the address that every phone counted as before
the proxy was trusted in that form."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import ipaddress
import random
import re
import shutil
import socket
import subprocess
import threading
from collections.abc import Callable, Coroutine, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, TypeVar

from browserserver import FIXTURE_COURSE
from sqlalchemy import case, update
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidStatus
from websockets.typing import Subprotocol

from tutorial_app.services import pictures
from tutorial_app.services.classes import ClassStore
from tutorial_app.services.guard import Guard, Limit
from tutorial_app.services.store import ProgressStore
from tutorial_app.services.tables import sign_in_limits
from tutorial_app.tools.loadtest.client import STREAM_PATH, Session, SessionError
from tutorial_app.tools.replicas import Replicas, port_free
from tutorial_app.words.i18n import t, using

TEACHER: Final = ("Profa. Helena", "helena-senha-2026")
CLASS: Final = "Turma Azul"
NAMES: Final = ("Ana", "Bia", "Caio", "Davi", "Duda", "Enzo", "Gabi", "Heitor", "Igor",
                "Isa", "João", "Júlia", "Kauã", "Laura", "Léo", "Lara", "Luca", "Malu",
                "Maria", "Miguel", "Nina", "Otávio", "Paulo", "Rafa", "Sofia", "Téo",
                "Valentina", "Vitor", "Yasmin", "Zeca")
LANG: Final = "pt-BR"
T = TypeVar("T")


def school_address() -> str | None:
    """An IPv4 address of this machine that is not loopback (eth0's, say), or None."""
    found: list[str] = []
    ip = shutil.which("ip") or "/usr/sbin/ip"
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        shown = subprocess.run([ip, "-4", "-o", "addr", "show", "scope", "global"],
                               capture_output=True, text=True, timeout=10, check=False)
        found = re.findall(r"\binet (\d+\.\d+\.\d+\.\d+)/", shown.stdout)
    if not found:
        with contextlib.suppress(OSError):
            found = [str(info[4][0]) for info in socket.getaddrinfo(
                socket.gethostname(), None, socket.AF_INET)]
    usable = [a for a in found if not ipaddress.ip_address(a).is_loopback]
    return usable[0] if usable else None


def free_ports(count: int) -> int:
    """The first of `count` consecutive ports free on every address."""
    for _ in range(200):
        first = random.randrange(20_000, 40_000)
        if all(port_free(first + i) and _free_everywhere(first + i) for i in range(count)):
            return first
    raise RuntimeError("no free ports")


def _free_everywhere(port: int) -> bool:
    with socket.socket(socket.AF_INET6) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("::", port))
        except OSError:
            return False
        return True


@dataclass(frozen=True)
class Child:
    """A child of the class as their login card shows them."""

    name: str
    first: int
    second: int
    card_key: str

    def labels(self, pair: tuple[int, int] | None = None) -> tuple[str, str]:
        """The two pictures as the sign-in form labels them, in the school's language."""
        first, second = pair or (self.first, self.second)
        with using(LANG):
            return pictures.picture(first), pictures.picture(second)

    def wrong_pair(self, n: int) -> tuple[int, int]:
        """The n-th pair of pictures that is not this child's secret."""
        ours = {self.first, self.second}
        others = [i for i in range(pictures.COUNT) if i not in ours]
        return others[n % len(others)], others[(n * 7 + 3) % len(others)]


@dataclass
class School:
    """The running school: nginx's address as the phones open it, the replica's own
    address (for a peer that is no proxy), the store, the class."""

    replicas: Replicas
    address: str
    url: str
    app_url: str
    db: Path
    store: ProgressStore
    code: str = ""
    children: dict[str, Child] = field(default_factory=dict)

    def limits(self) -> list[Limit]:
        return Guard(self.store).limits()

    def time_passes(self, seconds: float) -> None:
        """A test hook on the store, never a setting anyone can reach: every count of
        wrong tries is made `seconds` older (its last wrong try and its lock), as if a
        patient guesser had waited that long before pressing again."""
        c = sign_in_limits.c
        with self.store._write() as con:
            con.execute(update(sign_in_limits).values(
                last_failure=c.last_failure - seconds,
                locked_until=case((c.locked_until > 0, c.locked_until - seconds),
                                  else_=c.locked_until)))


@contextlib.contextmanager
def school(folder: Path, address: str) -> Iterator[School]:
    """The app behind nginx at `address`, with a teacher and a class of 30 made in its
    store (as the class period journey makes them, straight in the store)."""
    base = free_ports(2)
    url = f"http://{address}:{base}"
    db = folder / "progress.sqlite3"
    running = Replicas(1, db=str(db), port=base, first_port=base + 1, lessons=FIXTURE_COURSE,
                       install_nginx=False, folder=folder, host="0.0.0.0", app_address="::",
                       env={"CASSINO_PUBLIC_URL": url})
    with running, ProgressStore(db) as store:
        made = School(running, address, url, f"http://{address}:{base + 1}", db, store)
        rooms = ClassStore(store)
        teacher = rooms.add_teacher(*TEACHER)
        room = rooms.create_class(teacher.id, CLASS)
        rooms.add_learners(room.id, list(NAMES))
        made.code = room.code
        made.children = {x.name: Child(x.name, s.first, s.second, s.card_key)
                         for x, s in rooms.secrets_of(room.id)}
        yield made


def in_thread(work: Callable[[], Coroutine[Any, Any, T]]) -> concurrent.futures.Future[T]:
    """Run a coroutine in a thread of its own (the sync Playwright keeps an event loop
    running in the test's thread), while the test goes on; `.result()` waits."""
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=1)
    done = pool.submit(asyncio.run, work())
    pool.shutdown(wait=False)
    return done


def words(key: str, **values: object) -> str:
    with using(LANG):
        return t(key, **values)


def signed_in_as(session: Session, name: str) -> bool:
    said = words("sidebar.learner", name=name).replace("**", "")
    return any(said in text.replace("**", "") for text in session.page.texts())


def said(session: Session) -> str:
    """What the page's message boxes say (the sign-in form's answer), as the screen
    shows it (the Markdown escapes of a plain text dropped)."""
    return " | ".join(re.sub(r"\\(.)", r"\1", text) for text in session.page.texts("alert"))


async def class_try(session: Session, code: str, name: str, labels: tuple[str, str]) -> str:
    """One press of the class sign-in form: code, name, two pictures; what it says."""
    await session.set(code, key="signin_code")
    await session.set(name, key="signin_class_name")
    await session.set([labels[0]], key="signin_picture_1")
    await session.set([labels[1]], key="signin_picture_2")
    await session.click(label=words("signin.class_button"), kind="button")
    return said(session)


WAIT: Final = re.compile(r"(\d+)\s")
DAY: Final = 86400.0


@dataclass
class Outcome:
    name: str
    wrong: list[str] = field(default_factory=list)  # what each wrong press was answered
    right: str = ""  # what the press with the right pictures was answered
    in_after_wrong: bool = False
    inside: bool = False
    error: str = ""


async def child_signs_in(url: str, code: str, child: Child, wrong: int,
                         delay: float) -> Outcome:
    """A child on a phone: `wrong` wrong pairs of pictures first, then theirs, once."""
    await asyncio.sleep(delay)
    outcome = Outcome(child.name)
    session = Session(url, timeout=60, locale=LANG, timezone="America/Sao_Paulo")
    try:
        await session.open("")
        for n in range(wrong):
            outcome.wrong.append(await class_try(session, code, child.name,
                                                 child.labels(child.wrong_pair(n))))
            outcome.in_after_wrong |= signed_in_as(session, child.name)
        outcome.right = await class_try(session, code, child.name, child.labels())
        outcome.inside = signed_in_as(session, child.name)
    except SessionError as error:
        outcome.error = str(error)
    finally:
        await session.close()
    return outcome


@dataclass
class Guessing:
    presses: int = 0
    checked: int = 0  # presses the app checked and answered "do not match"
    said: dict[str, int] = field(default_factory=dict)  # answer -> presses
    waited: float = 0.0
    errors: list[str] = field(default_factory=list)


async def classmate_guesses(url: str, code: str, child: Child, presses: int,
                            time_passes: Callable[[float], None]) -> Guessing:
    """A classmate on the school's network presses `presses` times on `child`'s name
    with wrong pictures, one pair after another, and waits out every wait and lock the
    app answers with: the test does not sleep through them, it makes the store's counts
    a day older (`School.time_passes`) after each refused press, so the hundred presses
    are those of a guesser patient for weeks."""
    found = Guessing()
    session = Session(url, timeout=60, locale=LANG)
    try:
        await session.open("")
        for n in range(presses):
            answer = await class_try(session, code, child.name,
                                     child.labels(child.wrong_pair(100 + n)))
            found.presses += 1
            checked = words("signin.class_wrong") in answer
            found.checked += checked
            key = WAIT.sub("N ", answer) or "(nothing)"
            found.said[key] = found.said.get(key, 0) + 1
            if signed_in_as(session, child.name):
                found.errors.append(f"press {n + 1} signed in as {child.name}")
                break
            if not checked:
                found.waited += DAY
                await asyncio.to_thread(time_passes, DAY)
    except SessionError as error:
        found.errors.append(str(error))
    finally:
        await session.close()
    return found


async def forged_try(url: str, code: str, child: Child, forged: str) -> str:
    """One wrong try, by a name nobody has, on a connection claiming to come from
    `forged` (its own X-Forwarded-For)."""
    session = Session(url, timeout=60, locale=LANG, headers={"X-Forwarded-For": forged})
    try:
        await session.open("")
        return await class_try(session, code, "Ninguém Aqui",
                               child.labels(child.wrong_pair(500)))
    finally:
        await session.close()


class Holder:
    """Idle sessions held open from this machine's side, as a script would: websockets
    to the app opened one after another until the server refuses one (its HTTP status
    kept), held on an event loop of their own until `release()`."""

    def __init__(self, url: str, most: int) -> None:
        self.url = url.replace("http://", "ws://", 1) + STREAM_PATH
        self.sockets: list[ClientConnection] = []
        self.refused: int | None = None
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        asyncio.run_coroutine_threadsafe(self._open(most), self.loop).result(timeout=180)

    async def _open(self, most: int) -> None:
        for _ in range(most):
            try:
                self.sockets.append(await connect(self.url, subprotocols=[
                    Subprotocol("streamlit")], open_timeout=20, ping_interval=None))
            except InvalidStatus as refused:
                self.refused = refused.response.status_code
                return

    async def _close(self) -> None:
        await asyncio.gather(*(s.close() for s in self.sockets), return_exceptions=True)

    def release(self) -> None:
        asyncio.run_coroutine_threadsafe(self._close(), self.loop).result(timeout=60)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)
        self.loop.close()
