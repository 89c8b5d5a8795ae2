"""Links phones can open (flows/address.py, ui/address.py): CASSINO_PUBLIC_URL when set,
else the address the teacher's browser opened unless it is this computer's, else the
server's network address; never localhost, and the projector says which. "Link to
this" is the link exactly, in a box with a copy button (no invisible characters).
Every absolute link comes from that one address (login cards, the join link, "Link to
this"); a card prints it in words; every page of the menu is named in PAGES. (The
printed cards' QR codes decoded, typed page addresses: tests/browser/test_browser_cards.py.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from apphelpers import click, open_page, sign_in
from streamlit.testing.v1 import AppTest
from test_app_identity import a_class as cards_class
from test_app_live import make_class

from tutorial_app.flows.address import (
    PAGES,
    Where,
    app_address,
    app_root,
    is_local,
)
from tutorial_app.flows.cards_page import class_cards
from tutorial_app.services.classes import ClassStore, SchoolClass
from tutorial_app.services.pictures import Secret
from tutorial_app.services.store import Learner, ProgressStore
from tutorial_app.ui import login_cards
from tutorial_app.ui.login_cards import qr_picture
from tutorial_app.words.i18n import t, using


@pytest.mark.parametrize(("configured", "browser", "ip", "listening", "base", "where"), [
    ("https://cassino.school.example/", "http://localhost:8501/classroom", "10.0.0.5", None,
     "https://cassino.school.example", Where.CONFIGURED),
    (None, "http://localhost:8501/classroom", "192.168.1.20", None,
     "http://192.168.1.20:8501", Where.NETWORK),
    (None, "http://127.0.0.1:8765/live", "192.168.1.20", "0.0.0.0",
     "http://192.168.1.20:8765", Where.NETWORK),
    (None, "http://[::1]:8501/", "10.1.2.3", None, "http://10.1.2.3:8501", Where.NETWORK),
    (None, "http://192.168.1.20:8501/classroom", "192.168.1.20", None,
     "http://192.168.1.20:8501", Where.BROWSER),
    (None, "https://cassino.lan/app/classroom", "10.0.0.5", None,
     "https://cassino.lan/app", Where.BROWSER),
    (None, "http://localhost:8501/classroom", "127.0.0.1", None,  # no network
     "http://localhost:8501", Where.NOWHERE),
    (None, "http://localhost:9000/", "192.168.1.20", "127.0.0.1",  # phones cannot: said
     "http://localhost:9000", Where.LOCAL_ONLY),
    (None, None, "192.168.1.20", None, "http://192.168.1.20:8501", Where.NETWORK),
    ("not a url", "http://localhost:8501/", "192.168.1.20", None,
     "http://192.168.1.20:8501", Where.NETWORK),
])
def test_the_address_phones_reach(configured: str | None, browser: str | None, ip: str,
                                  listening: str | None, base: str, where: Where) -> None:
    found = app_address(configured, browser, ip, 8501, listening)
    assert (found.base, found.where) == (base, where)
    line = found.line()
    assert base in line and "{" not in line
    if where is not Where.CONFIGURED:
        assert "CASSINO_PUBLIC_URL" in line
    if where is Where.NETWORK:
        assert "firewall" in line and "port 8" in line


def test_local_hosts_and_roots() -> None:
    assert is_local("localhost") and is_local("127.0.1.1") and is_local("::1")
    assert is_local("0.0.0.0") and is_local(None) and is_local("app.localhost")
    assert not is_local("192.168.1.2") and not is_local("cassino.lan")
    assert app_root("http://h:1/puzzles?puzzle=p1#x") == "http://h:1"
    assert app_root("http://h:1/app/learn/") == "http://h:1/app"


def test_the_join_link_uses_the_public_address(app: AppTest, db: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CASSINO_PUBLIC_URL", "https://cassino.school.example")
    teacher = open_page(app, "classroom", puzzle="tp2")
    teacher.session_state["_db"] = str(db)
    code = make_class(teacher)
    captions = [str(c.value) for c in teacher.caption]
    assert any("Phones open https://cassino.school.example (set by CASSINO_PUBLIC_URL)"
               in c for c in captions), captions
    shown = teacher.get("image")  # the QR code, captioned with its link
    assert any(f"https://cassino.school.example/live?join={code}" in str(img.proto)
               for img in shown)


def test_without_it_the_join_link_is_never_localhost(app: AppTest, db: Path) -> None:
    teacher = open_page(app, "classroom", puzzle="tp2")
    teacher.session_state["_db"] = str(db)
    make_class(teacher)
    line = next(str(c.value) for c in teacher.caption if str(c.value).startswith("Phones")
                or "network" in str(c.value))
    assert "localhost" not in line or "no network address" in line


def test_link_to_this_is_the_link_exactly(app: AppTest,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CASSINO_PUBLIC_URL", "http://192.168.7.7:8501")
    open_page(app, "learn", lesson="basics", step="pair")
    sign_in(app)
    click(app, "step-next")
    shown = [str(block.value) for block in app.code]
    assert shown == ["http://192.168.7.7:8501/?lesson=basics&step=which"], shown
    assert "\u2060" not in shown[0]


# ----- issue 31: one address for every link, the cards page, typed page addresses ------

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("configured", "typed"), [
    ("http://192.168.1.20:8501/", "192.168.1.20:8501"),
    ("https://cassino.school.example", "cassino.school.example"),
    ("https://cassino.lan/app/", "cassino.lan/app"),
    ("http://[fd00::20]:8501", "[fd00::20]:8501"),
    ("http://cassino:8501", "http://cassino:8501"),  # one word alone would be searched for
])
def test_the_address_in_words(configured: str, typed: str) -> None:
    assert app_address(configured, None, None).typed == typed


def test_every_link_is_made_from_one_address() -> None:
    where = app_address("http://192.168.1.20:8501/", "http://localhost:8611/cards?class=1",
                        "10.0.0.5")
    assert where.card_link("k_-9Z") == "http://192.168.1.20:8501/?card=k_-9Z"
    assert where.join_link("ABC234") == "http://192.168.1.20:8501/live?join=ABC234"
    assert where.share("puzzles", {"puzzle": "p1"}) == (
        "http://192.168.1.20:8501/puzzles?puzzle=p1")
    assert where.reaches_phones
    assert not app_address(None, "http://localhost:8501/", "127.0.0.1").reaches_phones
    # the browser's own address, from any page, the cards page too
    for page in PAGES:
        found = app_address(None, f"http://192.168.1.9:8611/{page}?class=1", None)
        assert found.card_link("k") == "http://192.168.1.9:8611/?card=k", page


def test_every_page_of_the_menu_is_one_of_pages() -> None:
    """app.py's navigation and flows/address.PAGES name the same pages, so every page's
    address is cut back to the root and typed by hand opens (ui/page_address.py)."""
    source = (ROOT / "tutorial_app" / "app.py").read_text(encoding="utf-8")
    named = set(re.findall(r'url_path="([a-z]+)"', source))
    live = re.search(r'^LIVE_PATH = "([a-z]+)"', source, flags=re.M)
    assert live is not None and "url_path=LIVE_PATH" in source
    assert named | {live.group(1)} == set(PAGES)
    assert 'url_path="learn", default=True' in source


def test_no_other_module_makes_an_absolute_link() -> None:
    """One place makes the links phones open: the browser's address is read only in
    ui/address.py, and `?card=` / `?join=` links are written only in flows/address.py."""
    reads, writes = [], []
    for path in sorted((ROOT / "tutorial_app").rglob("*.py")):
        text, name = path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix()
        if "st.context.url" in text and name != "tutorial_app/ui/address.py":
            reads.append(name)
        if re.search(r"""f["'][^"'\n]*[?&](card|join)=""", text) and \
                name != "tutorial_app/flows/address.py":
            writes.append(name)
    assert not reads and not writes, (reads, writes)


def test_the_cards_page_prints_the_public_address(app: AppTest, db: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CASSINO_PUBLIC_URL", "http://192.168.1.20:8501")
    open_page(app, "learn")  # the first teacher
    room, secrets = cards_class(db, ["Bea", "Bo"])
    at = open_page(app, "learn")
    at.query_params["class"] = str(room.id)
    at.session_state["teacher_id"] = 1
    at.switch_page("views/cards.py").run()
    assert not at.exception, [e.value for e in at.exception]
    (cards,) = [h.proto.body for h in at.get("html") if "login-cards" in h.proto.body]
    assert cards.count("class='login-card'") == 2
    for _, _, key in secrets.values():
        link = f"http://192.168.1.20:8501/?card={key}"
        assert qr_picture(link) in cards  # the QR code is the public link exactly
        assert key not in cards  # the key is never printed in words
    assert cards.count("<span class='address'>192.168.1.20:8501</span>") == 2
    assert "localhost" not in cards and "127.0.0.1" not in cards
    bo = next(x.id for x in ClassStore(ProgressStore(db)).members(room.id) if x.name == "Bo")
    at.query_params["learner"] = str(bo)  # that one learner's card alone
    at.run()
    (cards,) = [h.proto.body for h in at.get("html") if "login-cards" in h.proto.body]
    assert cards.count("class='login-card'") == 1 and ">Bo<" in cards
    assert any("Only Bo's card is shown." in str(x.value) for x in at.info)


def test_cards_come_in_sheets_of_nine_with_the_address_in_words() -> None:
    room = SchoolClass(1, 1, "5<b>B", "ABC234")
    cards = [(Learner(i, f"<i>L{i}</i>" if i == 3 else f"L{i}"),
              Secret(i % 48, (i + 1) % 48, f"key{i:029d}")) for i in range(1, 20)]
    where = app_address("https://cassino.school.example/", None, None)
    drawn = login_cards.grid(class_cards(room, cards), where)
    assert drawn.count("<div class='login-sheet'>") == 3  # 9 + 9 + 1
    sheets = drawn.split("<div class='login-sheet'>")[1:]
    assert [s.count("class='login-card'") for s in sheets] == [9, 9, 1]
    assert login_cards.PER_SHEET == 9
    assert drawn.count("<span class='address'>cassino.school.example</span>") == 19
    assert "<i>L3</i>" not in drawn and "&lt;i&gt;L3&lt;/i&gt;" in drawn
    assert "5<b>B" not in drawn
    assert not any(secret.card_key in drawn for _, secret in cards)  # in the QR codes only
    assert qr_picture("https://cassino.school.example/?card=key" + "0" * 27 + "12") in drawn
    file = login_cards.page(class_cards(room, cards), where)
    assert file.startswith("<!doctype html>") and drawn in file


@pytest.mark.parametrize("lang", ["en", "pt-BR", "es", "it"])
def test_the_teacher_sign_in_hint_names_make(lang: str) -> None:
    """The README's way to add a teacher or replace a password (`make teacher`, `make
    teacher-password`), never the bare `python -m tutorial_app.admin` it warns about."""
    with using(lang):
        hint = t("teacher.body")
    assert 'make teacher NAME="' in hint and 'make teacher-password NAME="' in hint
    assert "python" not in hint and "tutorial_app.admin" not in hint
