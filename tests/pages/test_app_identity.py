"""Who is who on the pages (AppTest): the welcome screen offers nobody's name and a
class learner's name typed there opens nothing; the class form with the secret
pictures; a login card's link; the Classroom's learners and secrets, lockouts and
devices; the login cards page for a class of 30; a broken lesson file named without
the server's paths. (The cookies and a real phone: tests/browser/test_browser_identity.py.)"""

from __future__ import annotations

from pathlib import Path

from apphelpers import class_sign_in, click, new_app, open_page, sign_in, texts
from streamlit.testing.v1 import AppTest

from tutorial_app.services.classes import ClassStore, SchoolClass
from tutorial_app.services.store import ProgressStore


def a_class(db: Path, names: list[str]) -> tuple[SchoolClass, dict[str, tuple[int, int, str]]]:
    """A class of the first teacher (id 1, made by the app on its first run) with these
    learners; their secrets by name."""
    with ProgressStore(db) as store:
        rooms = ClassStore(store)
        room = rooms.create_class(1, "5B")
        rooms.add_learners(room.id, names)
        secrets = {x.name: (s.first, s.second, s.card_key) for x, s in rooms.secrets_of(room.id)}
    return room, secrets


def test_the_welcome_screen_offers_no_names_and_a_class_name_opens_nothing(
        app: AppTest, db: Path) -> None:
    open_page(app, "learn")  # the app's first run makes the first teacher
    a_class(db, ["Bea", "Bo"])
    stranger = open_page(new_app(), "learn")
    shown = texts(stranger) + " ".join(b.label for b in stranger.button)
    assert "Bea" not in shown and "Bo" not in shown
    sign_in(stranger, "bea")
    assert "Learning as" not in texts(stranger)
    assert "belongs to a learner in a class" in texts(stranger)


def test_a_class_learner_signs_in_with_the_class_form(app: AppTest, db: Path) -> None:
    open_page(app, "learn")
    room, secrets = a_class(db, ["Bea"])
    first, second, _ = secrets["Bea"]
    at = open_page(new_app(), "learn")
    class_sign_in(at, room.code, "Bea", (first + 1) % 48, second)
    assert "do not match" in texts(at) and "Learning as" not in texts(at)
    class_sign_in(at, room.code.lower(), "bea", first, second)
    assert "Learning as **Bea**" in texts(at)


def test_the_next_child_on_a_class_phone_finds_the_class_tab_and_code(app: AppTest,
                                                                       db: Path) -> None:
    """After "Switch learner" on a phone where a class learner signed in, the welcome
    opens on "In a class" with the code typed (it opened on "On my own", and every
    child typed the code again)."""
    open_page(app, "learn")
    room, secrets = a_class(db, ["Bea", "Bo"])
    first, second, _ = secrets["Bea"]
    at = open_page(new_app(), "learn")
    class_sign_in(at, room.code, "Bea", first, second)
    assert "Learning as **Bea**" in texts(at)
    next(b for b in at.sidebar.button if b.label == "Switch learner").click().run()
    assert at.text_input(key="signin_code").value == room.code
    assert at.text_input(key="signin_class_name").value == ""
    assert at.button_group(key="signin_picture_1").value is None


def test_a_login_cards_link_signs_its_learner_in(app: AppTest, db: Path) -> None:
    open_page(app, "learn")
    _, secrets = a_class(db, ["Bea"])
    at = open_page(new_app(), "learn", card=secrets["Bea"][2])
    # the first run only has the page replace its history entry, then press a hidden
    # button (a script AppTest does not run); the run it starts signs her in and drops
    # the key from the query
    assert any("replaceState" in h.proto.body for h in at.get("html"))
    assert "Learning as" not in texts(at)
    click(at, "card-handshake")
    assert "card" not in at.query_params and "Learning as **Bea**" in texts(at)
    wrong = open_page(new_app(), "learn", card="x" * 32)
    click(wrong, "card-handshake")
    assert "does not work any more" in texts(wrong) and "Learning as" not in texts(wrong)


def test_joining_waits_for_the_teacher_then_shows_the_new_secret_once(app: AppTest,
                                                                      db: Path) -> None:
    open_page(app, "learn")
    room, _ = a_class(db, ["Bea"])
    squatter = open_page(new_app(), "live", join=room.code)
    squatter.text_input(key="join_name").input("Bea")  # a listed name: refused, nothing shown
    next(b for b in squatter.button if b.label == "Join").click().run()
    assert "already listed this name" in texts(squatter)
    assert "secret pictures are" not in texts(squatter) and "Learning as" not in texts(squatter)
    at = open_page(new_app(), "live", join=room.code)
    at.text_input(key="join_name").input("Cy")
    next(b for b in at.button if b.label == "Join").click().run()
    assert "Waiting for your teacher to let you in" in texts(at)
    assert "You asked to join 5B as **Cy**" in texts(at)
    teacher = open_page(new_app(), "classroom")
    assert "Joining the class: 1 learner waiting" in [e.proto.label for e in teacher.expander]
    (approve,) = [b for b in teacher.button if (b.key or "").startswith("join-approve-")]
    approve.click().run()
    assert "In the class: Cy." in texts(teacher)
    assert "Joining the class" in [e.proto.label for e in teacher.expander]
    at.run()  # the waiting screen's next look
    assert "Your secret pictures are" in texts(at) and "Learning as **Cy**" in texts(at)
    with ProgressStore(db) as store:
        rooms = ClassStore(store)
        cy = next(x for x in rooms.members(room.id) if x.name == "Cy")
        secret = rooms.secret_of(cy.id)
    assert secret is not None
    click(at, "secret-seen")
    assert "Your secret pictures are" not in texts(at)


def test_the_teacher_manages_learners_secrets_and_lockouts(app: AppTest, db: Path) -> None:
    open_page(app, "learn")
    room, secrets = a_class(db, ["Bea"])
    guesser = open_page(new_app(), "learn")
    for _ in range(3):
        class_sign_in(guesser, room.code, "Bea", (secrets["Bea"][0] + 1) % 48, 0)
    teacher = open_page(new_app(), "classroom")
    (limits,) = [f for f in teacher.dataframe if "Wrong tries" in f.value.columns]
    counted = dict(zip(limits.value["Who"], limits.value["Wrong tries"], strict=True))
    assert counted == {"Bea": 3, "address local": 3}  # per learner and per address
    assert "Wrong tries and lockouts · 6 wrong tries" in [e.label for e in teacher.expander]
    teacher.toggle(key="signin-show-secrets").set_value(True).run()
    assert "Secret pictures" in [c for frame in teacher.dataframe for c in frame.value.columns]
    click(teacher, "signin-reset")
    assert "new secret pictures" in texts(teacher)
    with ProgressStore(db) as store:
        (bea,) = ClassStore(store).members(room.id)
        renewed = ClassStore(store).secret_of(bea.id)
    assert renewed is not None and renewed.card_key != secrets["Bea"][2]
    (limits,) = [f for f in teacher.dataframe if "Wrong tries" in f.value.columns]
    counted = dict(zip(limits.value["Who"], limits.value["Wrong tries"], strict=True))
    assert counted == {"address local": 3}  # a new secret: her count starts afresh
    teacher.text_area(key="roster-names").input("Dee\nBea\n\u3164")
    next(b for b in teacher.button if b.label == "Add").click().run()
    said = texts(teacher)
    assert "In the class: Dee." in said and "blank" in said
    assert "Could not add Bea: 5B already has Bea, and the two names would look the same" \
        in said and "you" not in said.split("Could not add Bea")[1].split(".")[0]


def test_the_login_cards_page_prints_a_class_of_30(app: AppTest, db: Path) -> None:
    open_page(app, "learn")
    names = [f"Learner {i:02}" for i in range(1, 31)]
    room, _ = a_class(db, names)
    at = open_page(app, "learn")
    at.query_params["class"] = str(room.id)
    at.session_state["teacher_id"] = 1
    at.switch_page("views/cards.py").run()
    assert not at.exception, [e.value for e in at.exception]
    (cards,) = [h.proto.body for h in at.get("html") if "login-cards" in h.proto.body]
    assert cards.count("class='login-card'") == 30 and cards.count("<img class='qr'") == 30
    assert all(name in cards for name in names) and room.code in cards
    (download,) = at.get("download_button")
    assert "Download the cards" in download.proto.label


def test_a_learner_cannot_open_the_login_cards(app: AppTest, db: Path) -> None:
    open_page(app, "learn")
    sign_in(app, "Ana")
    page = AppTest.from_file(str(Path(__file__).resolve().parents[2] / "tutorial_app" /
                                 "views" / "cards.py"), default_timeout=60)
    page.session_state["learner_id"] = 1
    page.session_state["signin.cookie_read"] = True
    page.run()
    assert "This page is for teachers" in texts(page) and not page.get("html")


def test_a_broken_lesson_file_is_named_from_the_lessons_folder(app: AppTest,
                                                              course_dir: Path) -> None:
    (course_dir / "sub").mkdir()
    (course_dir / "sub" / "broken.yaml").write_text("id: broken\ntitle: [unclosed\n",
                                                    encoding="utf-8")
    open_page(app, "learn")
    problems = "\n".join(e.value for e in app.error).replace("\\", "")
    assert "sub/broken.yaml:" in problems
    assert str(course_dir) not in problems and str(course_dir.parent) not in problems
