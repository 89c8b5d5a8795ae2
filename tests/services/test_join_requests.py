"""Joining a class by its code, and names per class (services/classes.py, signin.py;
revision 0009), on SQLite and PostgreSQL, each browser session a dict as in
test_signin.py.

What issue 31 found: a classmate joined a class by its code under 42 of its 43 names,
was shown each name's secret pictures and later signed in as them; a second class
could not have a João; a teacher could make two classes of one name; the roster's
refusal spoke to a child on the teacher's screen. Now the teacher's roster decides
(a join under a listed name is refused and shows nothing) or the teacher approves
each join, and only the browser that asked is then signed in."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_signin import Clock, tab

from tutorial_app.services import classes
from tutorial_app.services.classes import (
    APPROVE,
    LISTED,
    OPEN,
    ClassroomError,
    ClassStore,
    SchoolClass,
)
from tutorial_app.services.names import MAX_NAME_LENGTH
from tutorial_app.services.signin import SignIn
from tutorial_app.services.store import LearnerNameError, ProgressStore
from tutorial_app.words.i18n import using


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def one_store(tmp_path: Path, migrated_sqlite: Path) -> Iterator[ProgressStore]:
    """A store on SQLite alone, for what does not depend on the engine (the words)."""
    path = tmp_path / "one.sqlite3"
    shutil.copyfile(migrated_sqlite, path)
    with ProgressStore(path) as opened:
        yield opened


def a_class(store: ProgressStore, name: str = "5B", teacher: str = "Ada"
            ) -> tuple[ClassStore, SchoolClass]:
    """A new class, as the teacher makes it: joined by the teacher's approval."""
    rooms = ClassStore(store)
    known = {x.name: x.id for x in map(rooms.get_teacher, range(1, 5)) if x is not None}
    made = known.get(teacher) or rooms.add_teacher(teacher, "s3cret-pass").id
    return rooms, rooms.create_class(int(made), name)


def said_nothing_of(session: SignIn, rooms: ClassStore, class_id: int) -> None:
    """The session is not signed in, was shown no secret, waits for nothing."""
    assert session.current() is None and session.new_secret() is None
    assert session.joining() is None
    assert rooms.waiting(class_id) == []


# ----- a listed name is never claimed ---------------------------------------------------


def test_a_join_under_a_listed_name_is_refused_and_shows_nothing(
        store: ProgressStore, clock: Clock) -> None:
    rooms, room = a_class(store)
    listed = [name for name, _ in rooms.add_learners(room.id, ["Bea", "Walter", "Ana-Maria"])]
    assert listed == ["Bea", "Walter", "Ana-Maria"]
    for rule in (APPROVE, OPEN):
        rooms.set_join_rule(room.id, rule)
        for typed in ("Bea", "bea", "Веа", "Bea.", "VValter", "Ana Maria", "AnaMaria"):
            squatter = tab(store, clock)
            assert squatter.join_class(room.code, typed) is None, typed
            assert squatter.error == "Your teacher has already listed this name: ask for " \
                                     "your login card.", typed
            said_nothing_of(squatter, rooms, room.id)
    with using("pt-BR"):
        squatter = tab(store, clock)
        squatter.join_class(room.code, "Bea")
        assert squatter.error == ("O seu professor já incluiu este nome na lista: peça o seu "
                                  "cartão de acesso.")
    assert len(rooms.members(room.id)) == 3


def test_a_class_of_listed_names_only_takes_no_join(one_store: ProgressStore, clock: Clock) -> None:
    rooms, room = a_class(one_store)
    rooms.set_join_rule(room.id, LISTED)
    asking = tab(one_store, clock)
    assert asking.join_class(room.code, "Cy") is None
    assert "only the names its teacher lists" in (asking.error or "")
    said_nothing_of(asking, rooms, room.id)
    assert rooms.members(room.id) == []


# ----- the teacher approves a join -----------------------------------------------------------


def test_a_join_waits_for_the_teacher_and_signs_in_that_browser_alone(
        store: ProgressStore, clock: Clock) -> None:
    rooms, room = a_class(store)
    assert room.join_rule == APPROVE  # a new class's default
    phone = tab(store, clock)
    assert phone.join_class(room.code, "Cy") is None and phone.error is None
    assert phone.joining() == ("5B", "Cy")
    assert phone.join_answer() is None and phone.joining() is not None  # still waiting
    (request,) = rooms.waiting(room.id)
    assert request.name == "Cy" and rooms.members(room.id) == []
    with store.engine.connect() as con:
        kept = con.exec_driver_sql("SELECT token_hash FROM join_requests").scalar()
    token = phone.memory[SignIn._JOINING][1]
    assert kept == classes.token_hash(token) and token not in str(kept)  # only its hash

    classmate = tab(store, clock)  # same address, same code, a name already waiting
    assert classmate.join_class(room.code, "cy") is None
    assert "already waiting to join under this name" in (classmate.error or "")
    thief = tab(store, clock)  # a session that knows the request's id, not its token
    thief.memory[SignIn._JOINING] = (request.id, "guessed-token", "5B", "Cy")
    assert thief.join_answer() is None and thief.current() is None

    cy = rooms.approve(room.id, request.id)
    assert rooms.waiting(room.id) == [] and rooms.members(room.id) == [cy]
    secret = rooms.secret_of(cy.id)
    assert secret is not None
    assert classmate.join_answer() is None and classmate.current() is None
    signed = phone.join_answer()
    assert signed == cy and phone.current() == cy
    assert phone.new_secret() == secret.pictures  # shown once, to this browser
    assert phone.joining() is None
    replay = tab(store, clock)  # the answer is read once: the same token again opens nothing
    replay.memory[SignIn._JOINING] = (request.id, token, "5B", "Cy")
    assert replay.join_answer() is None and replay.current() is None
    again = tab(store, clock)
    assert again.sign_in_to_class(room.code, "Cy", *secret.pictures) == cy


def test_a_refused_join_says_so_and_frees_the_name(one_store: ProgressStore, clock: Clock) -> None:
    rooms, room = a_class(one_store)
    squatter = tab(one_store, clock)
    squatter.join_class(room.code, "Dee")
    (request,) = rooms.waiting(room.id)
    rooms.refuse(room.id, request.id)
    assert squatter.join_answer() is None and squatter.joining() is None
    assert squatter.error == "Your teacher did not let you in under this name: ask your teacher."
    dee = tab(one_store, clock)  # the real Dee asks and is let in
    dee.join_class(room.code, "Dee")
    assert [x.name for x in rooms.waiting(room.id)] == ["Dee"]
    done = rooms.approve_all(room.id)
    assert done == [("Dee", None)] and dee.join_answer() is not None


def test_a_name_the_teacher_lists_meanwhile_answers_the_waiting_join(
        one_store: ProgressStore, clock: Clock) -> None:
    rooms, room = a_class(one_store)
    asking = tab(one_store, clock)
    asking.join_class(room.code, "Eli")
    rooms.add_learners(room.id, ["Eli"])  # the roster: the real Eli gets a card
    assert rooms.waiting(room.id) == []
    assert asking.join_answer() is None and asking.current() is None
    assert "already listed this name" in (asking.error or "")


def test_cancel_and_a_new_join_withdraw_the_browsers_request(one_store: ProgressStore,
                                                             clock: Clock) -> None:
    rooms, room = a_class(one_store)
    phone = tab(one_store, clock)
    phone.join_class(room.code, "Flo")
    phone.join_class(room.code, "Flora")  # a typo fixed: one request, the new one
    assert [x.name for x in rooms.waiting(room.id)] == ["Flora"]
    phone.cancel_join()
    assert rooms.waiting(room.id) == [] and phone.joining() is None


def test_approve_all_and_refuse_all(store: ProgressStore, clock: Clock) -> None:
    rooms, room = a_class(store)
    phones = {name: tab(store, clock) for name in ("Gil", "Hal", "Ivo")}
    for name, phone in phones.items():
        phone.join_class(room.code, name)
    rooms.add_learners(room.id, ["Hal"])  # answered already: not waiting any more
    assert rooms.approve_all(room.id) == [("Gil", None), ("Ivo", None)]
    assert {x.name for x in rooms.members(room.id)} == {"Gil", "Hal", "Ivo"}
    assert phones["Gil"].join_answer() is not None and phones["Ivo"].join_answer() is not None
    for name in ("Jo", "Kai"):
        tab(store, clock).join_class(room.code, name)
    assert rooms.refuse_all(room.id) == 2 and rooms.waiting(room.id) == []
    with pytest.raises(ClassroomError, match="no longer waiting"):
        rooms.approve(room.id, 999)


def test_waiting_joins_are_bounded_per_class_and_per_address_and_expire(
        store: ProgressStore, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    rooms, room = a_class(store)
    monkeypatch.setattr(classes, "MAX_WAITING_PER_CLASS", 3)
    monkeypatch.setattr(classes, "MAX_WAITING_PER_ADDRESS", 4)
    for n in range(3):
        assert tab(store, clock).join_class(room.code, f"Script {chr(65 + n)}") is None
    full = tab(store, clock)
    full.join_class(room.code, "Script D")
    assert "Too many learners are waiting to join this class" in (full.error or "")
    _, other = a_class(store, "6A")
    tab(store, clock).join_class(other.code, "Script E")  # the address's fourth
    flood = tab(store, clock)
    flood.join_class(other.code, "Script F")
    assert "from this network" in (flood.error or "")
    elsewhere = tab(store, clock, "198.51.100.77")
    elsewhere.join_class(other.code, "Script F")
    assert elsewhere.error is None and len(rooms.waiting(other.id)) == 2
    with store.engine.begin() as con:  # an hour and more later
        con.exec_driver_sql("UPDATE join_requests SET created = created - 3601")
    assert rooms.waiting(room.id) == []
    late = tab(store, clock)
    late.join_class(room.code, "Script D")  # the old ones are dropped when one asks
    assert late.error is None and [x.name for x in rooms.waiting(room.id)] == ["Script D"]


# ----- names unique within a class -----------------------------------------------------------


def test_two_classes_each_with_a_joao_sign_in_to_their_own_accounts(
        store: ProgressStore, clock: Clock) -> None:
    rooms, blue = a_class(store, "Azul")
    _, green = a_class(store, "Verde")
    rooms.add_learners(blue.id, ["João"])
    rooms.add_learners(green.id, ["João"])
    one, two = rooms.member_named(blue.id, "joão"), rooms.member_named(green.id, "JOÃO")
    assert one is not None and two is not None and one.id != two.id
    first, second = rooms.secret_of(one.id), rooms.secret_of(two.id)
    assert first is not None and second is not None
    assert tab(store, clock).sign_in_to_class(blue.code, "João", *first.pictures) == one
    assert tab(store, clock).sign_in_to_class(green.code, "João", *second.pictures) == two
    assert tab(store, clock).sign_in_by_card(first.card_key) == one
    assert tab(store, clock).sign_in_by_card(second.card_key) == two
    if first.pictures != second.pictures:  # one João's pictures are not the other's way in
        assert tab(store, clock).sign_in_to_class(green.code, "João", *first.pictures) is None
    store.record_step(one.id, "basics", "pair", 3)
    assert store.progress(two.id) == {}
    named = tab(store, clock)  # and the name box opens neither
    assert named.sign_in_by_name("João") is None and "class" in (named.error or "")
    assert {x.id for x in store.learners_named("Joao")} == {one.id, two.id}
    rooms.add_learners(blue.id, ["Bia"])  # the teacher's lists tell the two Joãos apart
    bia = rooms.member_named(blue.id, "Bia")
    assert bia is not None
    assert rooms.labels([blue, green]) == {one.id: "João (Azul)", two.id: "João (Verde)",
                                           bia.id: "Bia"}
    assert set(rooms.secret_labels([blue, green]).values()) == {"João (Azul)", "João (Verde)",
                                                                "Bia"}


def test_a_learner_in_no_class_keeps_her_name_beside_a_class_learner(
        one_store: ProgressStore, clock: Clock) -> None:
    rooms, room = a_class(one_store)
    home = tab(one_store, clock).sign_in_by_name("Lia")
    assert home is not None
    (added,) = rooms.add_learners(room.id, ["Lia"])  # the teacher lists a Lia too
    assert added == ("Lia", None)
    class_lia = rooms.member_named(room.id, "Lia")
    assert class_lia is not None and class_lia.id != home.id
    assert tab(one_store, clock).sign_in_by_name("lia") == home  # the name box: her own
    assert one_store.find_learner("Lia") == home


def test_the_roster_speaks_to_the_teacher(one_store: ProgressStore) -> None:
    rooms, room = a_class(one_store)
    with using("pt-BR"):
        done = rooms.add_learners(room.id, ["Ana", "ana", "Ada", "Teacher"])
    assert done[0] == ("Ana", None)
    assert done[1][1] == ("A turma 5B já tem Ana, e os dois nomes ficariam iguais na tela: "
                          "acrescente uma inicial para distinguir um do outro.")
    assert done[2][1] == "Ada parece o nome de um professor: um aluno precisa de outro nome."
    assert "Teacher" in str(done[3][1]) and "professores" in str(done[3][1])
    assert not any("você" in str(why) for _, why in done)  # nothing said to a child


def test_class_names_are_unique_per_teacher(one_store: ProgressStore) -> None:
    store = one_store
    rooms, room = a_class(store, "5B")
    for clash in ("5b", " 5 B ", "5B.", "5\u200bB"):
        with pytest.raises(ClassroomError, match="You already have a class called 5B"):
            a_class(store, clash)
    with using("pt-BR"), pytest.raises(ClassroomError) as refused:
        a_class(store, "5B")
    assert str(refused.value) == "Você já tem uma turma chamada 5B: dê outro nome a esta."
    _, theirs = a_class(store, "5B", teacher="Bia")  # another teacher's 5B
    assert theirs.id != room.id
    with pytest.raises(ClassroomError, match="at most 60"):
        a_class(store, "x" * 61)  # refused, not cut
    assert [c.name for c in rooms.classes_of(room.teacher_id)] == ["5B"]


# ----- names that could pass for another ------------------------------------------------------


REFUSED = [  # typed, and the sentence in pt-BR
    ("Bea\ufffc", "Um nome tem letras, algarismos e espaços, com ' - . entre eles: não pode "
                  "ter “\ufffc” (U+FFFC)."),
    ("Ms Rossi (teacher)", "Um nome tem letras, algarismos e espaços, com ' - . entre eles: "
                           "não pode ter “(” (U+0028)."),
    ("Teacher", "O nome de um aluno não pode ter \"Teacher\": essa palavra é para professores. "
                "Use o seu próprio nome."),
    ("Professora Ana", "O nome de um aluno não pode ter \"Professora\": essa palavra é para "
                       "professores. Use o seu próprio nome."),
    ("Maestra Lucía", "O nome de um aluno não pode ter \"Maestra\": essa palavra é para "
                      "professores. Use o seu próprio nome."),
    ("Insegnante", "O nome de um aluno não pode ter \"Insegnante\": essa palavra é para "
                   "professores. Use o seu próprio nome."),
    ("Ms Rossi.", "O nome de um aluno não pode ter \"Ms\": essa palavra é para professores. "
                  "Use o seu próprio nome."),
    ("A" * (MAX_NAME_LENGTH + 1), "Um nome tem no máximo 40 caracteres."),
]


def test_names_that_pass_for_another_are_refused_with_a_sentence(
        one_store: ProgressStore, clock: Clock) -> None:
    rooms, room = a_class(one_store)
    rooms.set_join_rule(room.id, OPEN)
    for typed, sentence in REFUSED:
        with using("pt-BR"):
            own = tab(one_store, clock)
            assert own.sign_in_by_name(typed) is None and own.error == sentence, typed
            joining = tab(one_store, clock)
            assert joining.join_class(room.code, typed) is None
            assert joining.error == sentence, typed
            ((_, why),) = rooms.add_learners(room.id, [typed])
            assert why == sentence, typed
            with pytest.raises(LearnerNameError):
                one_store.learner(typed)
    assert one_store.learners() == []


def test_vvalter_is_walter(one_store: ProgressStore, clock: Clock) -> None:
    rooms, room = a_class(one_store)
    rooms.add_learners(room.id, ["Walter"])
    with using("pt-BR"):
        ((_, why),) = rooms.add_learners(room.id, ["VValter"])
        joining = tab(one_store, clock)
        joining.join_class(room.code, "VValter")
    assert why == ("A turma 5B já tem Walter, e os dois nomes ficariam iguais na tela: "
                   "acrescente uma inicial para distinguir um do outro.")
    assert joining.error == ("O seu professor já incluiu este nome na lista: peça o seu "
                             "cartão de acesso.")
    wanda = tab(one_store, clock).sign_in_by_name("Wanda")  # in no class: one learner
    assert wanda is not None and tab(one_store, clock).sign_in_by_name("VVanda") == wanda
