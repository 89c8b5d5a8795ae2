"""Teachers, classes, live questions, homework and the attempt log (plain Python).

Kept in the progress store's database (tables of services/tables.py, revision 0003),
through the store's own transactions, so it works on SQLite and PostgreSQL alike and
between several server processes:

- a teacher signs in with a password, kept only as a salted scrypt hash
  (services/passwords.py);
- a class has a name unique among its teacher's classes (case and look-alikes
  folded, services/names.skeleton) and a short join code (no look-alike letters),
  renewable;
- a class learner's name is unique in their class (`learners.scope` is the class id),
  so two classes can each have a João. The teacher lists learners (the roster), and
  each gets a secret made by the app (two pictures and a login card's key,
  services/pictures.py) that the teacher sees, prints and can reset;
- a learner joins by the code under the class's join rule (`join_rule`): "approve"
  (the default: the request waits, tied to the asking browser by a random token of
  which only the hash is kept, until the teacher approves or refuses it), "listed"
  (only the names the teacher lists; joining by the code is refused) or "open"
  (anyone with the code joins at once). A name the class already has (or one looking
  like it), a teacher's, or a name a request already waits under is refused without
  showing anything: joining never hands over a learner's record or secret. Waiting
  requests are bounded per class and per client address, and expire. Signing in
  again takes the code, the name and the secret (services/signin.py, which also
  applies the limits on wrong tries);
- a class's live question is one row (`live_sessions`); every question put up gets
  the next number, and a learner's answer to it is one row, replaced by a changed
  answer (INSERT ... ON CONFLICT DO UPDATE) and refused once the question is closed;
- every attempt (lesson step, puzzle, live question, homework) is one row of
  `attempts`: the move in notation, the verdict and the judge's reason code, the time.

A learner's record (and a class's) can be exported as JSON-ready data and deleted.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import time
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy import Connection, delete, func, select, update
from sqlalchemy.exc import IntegrityError

from tutorial_app import config
from tutorial_app.services import faults, names, passwords, pictures, practice_store
from tutorial_app.services.faults import STORE_FAULTS
from tutorial_app.services.pictures import Secret
from tutorial_app.services.store import (
    Learner,
    LearnerNameError,
    ProgressStore,
    clean_name,
    name_key,
    new_learner_name,
)
from tutorial_app.services.tables import (
    attempts,
    classes,
    devices,
    games,
    homework,
    join_requests,
    learner_secrets,
    learners,
    lessons,
    live,
    live_answers,
    members,
    puzzle_log,
    puzzles,
    steps,
    teachers,
)
from tutorial_app.words.i18n import t

PASSWORD_VARIABLE: Final = config.PASSWORD_VARIABLE
TEACHER_VARIABLE: Final = config.TEACHER_VARIABLE
log = logging.getLogger(__name__)
CODE_LETTERS: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L
CODE_LENGTH: Final = 6
MAX_CLASS_NAME: Final = 60

# How learners join a class by its code (classes.join_rule).
APPROVE: Final = "approve"   # the teacher approves each join (the default)
LISTED: Final = "listed"     # only the names the teacher lists; no joining by the code
OPEN: Final = "open"         # anyone with the code joins at once
JOIN_RULES: Final = (APPROVE, LISTED, OPEN)
# A join request's states (join_requests.state).
WAITING: Final = "waiting"
APPROVED: Final = "approved"
REFUSED: Final = "refused"
TAKEN: Final = "taken"       # the teacher listed the name while the request waited
MAX_WAITING_PER_CLASS: Final = 40
"""Join requests waiting in one class at once: a class, and more than a script needs
to make the teacher's list useless, which the teacher then empties with "Refuse all"."""
MAX_WAITING_PER_ADDRESS: Final = 60
"""Join requests waiting from one client address, over every class: a school behind
one router joins from one address, two classes at once."""
JOIN_WAIT_SECONDS: Final = 3600
"""How long a join request waits for the teacher (a lesson); then it is dropped."""


class ClassroomError(ValueError):
    """A teacher's or learner's request that cannot be done; the text says why."""


@dataclass(frozen=True, slots=True)
class Teacher:
    id: int
    name: str


@dataclass(frozen=True, slots=True)
class SchoolClass:
    id: int
    teacher_id: int
    name: str
    code: str
    join_rule: str = APPROVE


@dataclass(frozen=True, slots=True)
class JoinRequest:
    """A learner waiting to be let into a class, as the teacher sees it."""

    id: int
    class_id: int
    name: str
    created: float


@dataclass(frozen=True, slots=True)
class JoinAnswer:
    """A join request as the browser that made it reads it: still WAITING, or the
    teacher's answer (APPROVED with the learner made for it, REFUSED, TAKEN)."""

    state: str
    name: str
    learner_id: int | None = None


@dataclass(frozen=True, slots=True)
class LiveState:
    """A class's live question as the store has it."""

    class_id: int
    active: bool
    question: int
    kind: str
    ref: str
    open: bool
    shown: bool
    names: bool


@dataclass(frozen=True, slots=True)
class LiveAnswer:
    learner_id: int
    name: str
    move: str
    verdict: str
    code: str
    reason: str
    at: float


@dataclass(frozen=True, slots=True)
class Homework:
    id: int
    class_id: int
    title: str
    tasks: tuple[str, ...]   # "lesson:ID" or "puzzle:ID"
    due: float | None
    created: float
    learners: tuple[int, ...] = ()  # set for these learners of the class only; () all

    def for_learner(self, learner_id: int) -> bool:
        return not self.learners or learner_id in self.learners


@dataclass(frozen=True, slots=True)
class AttemptRow:
    learner_id: int
    kind: str
    ref: str
    move: str
    verdict: str
    code: str
    at: float


def normalise_code(code: object) -> str:
    """A join code as typed: spaces and dashes dropped, upper case."""
    return "".join(ch for ch in str(code or "").upper() if ch.isalnum())[:20]


def new_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


class ClassStore:
    """The classroom's side of one progress store (see the module docstring)."""

    def __init__(self, store: ProgressStore) -> None:
        self.store = store

    # ----- teachers -------------------------------------------------------------------

    def add_teacher(self, name: str, password: str) -> Teacher:
        """A new teacher; ClassroomError if the name is taken (or looks like a teacher's
        or a learner's name: a teacher's name is reserved) or the password weak."""
        cleaned = _clean(name)
        shape = names.skeleton(cleaned)
        with self.store._read() as con:
            learner_named = con.execute(select(learners.c.id).where(
                learners.c.name_skeleton == shape)).first()
        if shape in self.store.teacher_skeletons() or learner_named is not None:
            raise ClassroomError(t("classes.teacher_exists", name=cleaned))
        try:
            stored = passwords.hash_password(password)
        except passwords.WeakPasswordError as error:
            raise ClassroomError(str(error)) from None
        with self.store._write() as con:
            added = con.execute(self.store._upsert(
                teachers, {"name": cleaned, "name_key": name_key(cleaned),
                           "password": stored, "created": time.time()}, ["name_key"]),
                execution_options={"preserve_rowcount": True})
            if added.rowcount != 1:
                raise ClassroomError(t("classes.teacher_exists", name=cleaned))
            row = con.execute(select(teachers.c.id, teachers.c.name)
                              .where(teachers.c.name_key == name_key(cleaned))).one()
        return Teacher(int(row[0]), str(row[1]))

    def set_password(self, teacher_id: int, password: str) -> None:
        try:
            stored = passwords.hash_password(password)
        except passwords.WeakPasswordError as error:
            raise ClassroomError(str(error)) from None
        with self.store._write() as con:
            con.execute(update(teachers).where(teachers.c.id == teacher_id)
                        .values(password=stored))

    def teacher_count(self) -> int:
        with self.store._read() as con:
            return int(con.execute(select(func.count()).select_from(teachers)).scalar() or 0)

    def teacher_password_ok(self, name: str, password: str) -> Teacher | None:
        """The teacher, if the password is theirs; None otherwise (the same answer, and
        the same work, for an unknown name, so the form does not tell which names
        exist). The app asks only through services/teacher_signin.py, which counts
        and limits wrong tries first; passwords.BusyError when it cannot check now."""
        try:
            key = name_key(clean_name(name))
        except names.UnusableNameError:
            key = ""
        with self.store._read() as con:
            row = con.execute(select(teachers.c.id, teachers.c.name, teachers.c.password)
                              .where(teachers.c.name_key == key)).first() if key else None
        if row is None:
            passwords.check_password(password, _DUMMY)  # the same work either way
            return None
        return Teacher(int(row[0]), str(row[1])) if passwords.check_password(
            password, str(row[2])) else None

    def get_teacher(self, teacher_id: int) -> Teacher | None:
        with self.store._read() as con:
            row = con.execute(select(teachers.c.id, teachers.c.name)
                              .where(teachers.c.id == teacher_id)).first()
        return Teacher(int(row[0]), str(row[1])) if row else None

    # ----- classes ----------------------------------------------------------------------

    def create_class(self, teacher_id: int, name: str) -> SchoolClass:
        """A new class of the teacher's, joined by approval (APPROVE). ClassroomError,
        in the teacher's words, when the name is empty, too long, holds invisible
        characters, or is (or looks like) the name of another of their classes."""
        cleaned = class_name(name)
        shape = names.skeleton(cleaned)
        for _ in range(20):  # a clash of random codes is rare; try another
            code = new_code()
            try:
                with self.store._write() as con:
                    same = con.execute(select(classes.c.name).where(
                        classes.c.teacher_id == teacher_id,
                        classes.c.name_skeleton == shape)).first()
                    if same is not None:
                        raise ClassroomError(t("classes.class_exists", name=str(same[0])))
                    if con.execute(select(classes.c.id).where(classes.c.code == code)).first():
                        continue
                    new_id = con.execute(classes.insert().values(
                        teacher_id=teacher_id, name=cleaned, code=code, created=time.time(),
                        join_rule=APPROVE, name_skeleton=shape)).inserted_primary_key
            except IntegrityError:  # another tab made a class of this name a moment before
                raise ClassroomError(t("classes.class_exists", name=cleaned)) from None
            assert new_id is not None
            return SchoolClass(int(new_id[0]), teacher_id, cleaned, code, APPROVE)
        raise ClassroomError(t("classes.no_free_code"))

    def set_join_rule(self, class_id: int, rule: str) -> None:
        """How learners join the class by its code (APPROVE, LISTED or OPEN)."""
        if rule not in JOIN_RULES:
            raise ValueError(f"a join rule is one of {JOIN_RULES}")
        with self.store._write() as con:
            con.execute(update(classes).where(classes.c.id == class_id)
                        .values(join_rule=rule))

    def renew_code(self, class_id: int) -> str:
        """A new join code for the class; the old one stops working."""
        for _ in range(20):
            code = new_code()
            with self.store._write() as con:
                if con.execute(select(classes.c.id).where(classes.c.code == code)).first():
                    continue
                con.execute(update(classes).where(classes.c.id == class_id).values(code=code))
                return code
        raise ClassroomError(t("classes.no_free_code"))

    def classes_of(self, teacher_id: int) -> list[SchoolClass]:
        with self.store._read() as con:
            rows = con.execute(select(*_CLASS).where(classes.c.teacher_id == teacher_id)
                               .order_by(classes.c.id)).all()
        return [_class(r) for r in rows]

    def get_class(self, class_id: int) -> SchoolClass | None:
        with self.store._read() as con:
            row = con.execute(select(*_CLASS).where(classes.c.id == class_id)).first()
        return _class(row) if row else None

    def class_by_code(self, code: object) -> SchoolClass | None:
        wanted = normalise_code(code)
        if not wanted:
            return None
        with self.store._read() as con:
            row = con.execute(select(*_CLASS).where(classes.c.code == wanted)).first()
        return _class(row) if row else None

    def join(self, code: object, name: str) -> tuple[Learner, SchoolClass]:
        """A new learner of that name in the class of that code, as the teacher's roster
        adds one (`add_learner`): for tests and tools. A browser joins through
        `ask_to_join`, which follows the class's join rule. ClassroomError when the code
        is unknown or the name is taken in the class; LearnerNameError when the name
        cannot be used."""
        found = self.class_by_code(code)
        if found is None:
            raise ClassroomError(t("classes.unknown_code"))
        return self.add_learner(found.id, name), found

    def add_learner(self, class_id: int, name: str) -> Learner:
        """A new learner in the class, with a new secret: the teacher's roster.
        ClassroomError, in the teacher's words, when the class has the name already (or
        one looking like it) or it is a teacher's; LearnerNameError when it cannot be a
        learner's name (names.learner_name). A join request waiting under the name is
        answered: the learner asking is told the teacher has listed it."""
        cleaned = new_learner_name(name)
        shape = names.skeleton(cleaned)
        if shape in self.store.teacher_skeletons():
            raise ClassroomError(t("classes.roster_teacher", name=cleaned))
        with self.store._write() as con:
            learner = self._add(con, class_id, cleaned)
            if learner is not None:
                con.execute(update(join_requests).where(
                    join_requests.c.class_id == class_id, join_requests.c.state == WAITING,
                    join_requests.c.name_skeleton == shape).values(state=TAKEN))
        if learner is None:
            raise ClassroomError(self._taken(class_id, cleaned))
        return learner

    def _add(self, con: Connection, class_id: int, cleaned: str) -> Learner | None:
        """The learner made in the class, with their membership and secret, in the
        caller's transaction; None when the class has the name (or its look) already."""
        added = con.execute(self.store.new_learner(cleaned, class_id),
                            execution_options={"preserve_rowcount": True})
        if added.rowcount != 1:
            return None
        row = con.execute(select(*_LEARNER_ROW).where(
            learners.c.scope == class_id, learners.c.name_key == name_key(cleaned))).one()
        learner = _learner_row(row)
        secret = pictures.new_secret()
        now = time.time()
        con.execute(members.insert().values(class_id=class_id, learner_id=learner.id,
                                            joined=now))
        con.execute(learner_secrets.insert().values(
            learner_id=learner.id, pictures=secret.text(), card_key=secret.card_key,
            created=now))
        return learner

    def _taken(self, class_id: int, cleaned: str) -> str:
        """Why the teacher cannot add this name to the class: who has it there."""
        other = self.member_named(class_id, cleaned)
        room = self.get_class(class_id)
        return t("classes.roster_taken", name=cleaned,
                 other=other.name if other is not None else cleaned,
                 room=room.name if room is not None else "")

    def add_learners(self, class_id: int, typed: Sequence[str]) -> list[tuple[str, str | None]]:
        """The teacher's roster: each name added (None) or why not, in order."""
        done: list[tuple[str, str | None]] = []
        for line in typed:
            if not line.strip():
                continue
            try:
                done.append((self.add_learner(class_id, line).name, None))
            except (ClassroomError, names.UnusableNameError) as error:
                done.append((" ".join(line.split())[:names.MAX_TYPED], str(error)))
        return done

    def rename_learner(self, learner_id: int, name: str) -> Learner:
        """A learner's new name (the teacher's fix for two names that look alike), unique
        where the learner is (their class, or among the learners in no class);
        ClassroomError, in the teacher's words, when it is taken there or a teacher's,
        LearnerNameError when it cannot be a learner's name."""
        cleaned = new_learner_name(name)
        shape = names.skeleton(cleaned)
        with self.store._read() as con:
            scope = con.execute(select(learners.c.scope)
                                .where(learners.c.id == learner_id)).scalar()
        if scope is None:
            raise ClassroomError(t("classes.rename_taken", name=cleaned))
        taken = self.store.find_learner(cleaned, int(scope))
        if (taken is not None and taken.id != learner_id) or \
                shape in self.store.teacher_skeletons():
            raise ClassroomError(t("classes.rename_taken", name=cleaned))
        try:
            with self.store._write() as con:
                con.execute(update(learners).where(learners.c.id == learner_id).values(
                    name=cleaned, name_key=name_key(cleaned), name_skeleton=shape, clash=0))
        except IntegrityError:  # taken by another tab a moment before
            raise ClassroomError(t("classes.rename_taken", name=cleaned)) from None
        found = self.store.get_learner(learner_id)
        if found is None:
            raise ClassroomError(t("classes.rename_taken", name=cleaned))
        return found

    def look_alikes(self, learner_ids: Iterable[int]) -> list[list[Learner]]:
        """Groups of learners of one class (or of none) whose names look the same, any
        of whom is among these (found before such names were refused; kept apart, for
        the teacher to rename)."""
        wanted = set(learner_ids)
        with self.store._read() as con:
            shapes = {str(r[0]) for r in con.execute(
                select(learners.c.name_skeleton).where(learners.c.clash != 0))}
            if not shapes:
                return []
            rows = con.execute(select(*_LEARNER_ROW, learners.c.name_skeleton,
                                      learners.c.scope)
                               .where(learners.c.name_skeleton.in_(shapes))
                               .order_by(learners.c.id)).all()
        groups: dict[tuple[int, str], list[Learner]] = {}
        for row in rows:
            groups.setdefault((int(row[5]), str(row[4])), []).append(_learner_row(row))
        return [group for group in groups.values()
                if len(group) > 1 and any(x.id in wanted for x in group)]

    # ----- learners' secrets ------------------------------------------------------------

    def secret_of(self, learner_id: int) -> Secret | None:
        with self.store._read() as con:
            row = con.execute(select(learner_secrets.c.pictures, learner_secrets.c.card_key)
                              .where(learner_secrets.c.learner_id == learner_id)).first()
        return pictures.from_store(str(row[0]), str(row[1])) if row else None

    def secrets_of(self, class_id: int) -> list[tuple[Learner, Secret]]:
        """The class's learners with their secrets, for the login cards (a learner who
        joined before secrets existed gets one now)."""
        return [(learner, self.secret_of(learner.id) or self._new_secret(learner.id))
                for learner in self.members(class_id)]

    def reset_secret(self, learner_id: int) -> Secret:
        """A new secret for the learner: new pictures, a new card (the old card stops
        working), and every browser they were signed in on signed out."""
        secret = self._new_secret(learner_id)
        with self.store._write() as con:
            con.execute(delete(devices).where(devices.c.learner_id == learner_id))
        return secret

    def _new_secret(self, learner_id: int) -> Secret:
        secret = pictures.new_secret()
        with self.store._write() as con:
            con.execute(self.store._upsert(
                learner_secrets, {"learner_id": learner_id, "pictures": secret.text(),
                                  "card_key": secret.card_key, "created": time.time()},
                ["learner_id"], lambda new: {"pictures": new.pictures,
                                             "card_key": new.card_key,
                                             "created": new.created}))
        return secret

    def member_named(self, class_id: int, name: str) -> Learner | None:
        """The learner of the class whose name is (or looks like) the one typed: found
        in that class only (a João of another class is another learner)."""
        return self.store.find_learner(name, class_id)

    def labels(self, rooms: Sequence[SchoolClass]) -> dict[int, str]:
        """Learner id -> how a teacher's list spanning these classes names them: the
        name, with the class after it ("João (5A)") where two of the classes have that
        name (or look-alikes of it)."""
        found = [(room, learner, shape) for room in rooms
                 for learner, shape in self.members_with_shape(room.id)]
        rooms_of: dict[str, set[int]] = {}
        for room, _, shape in found:
            rooms_of.setdefault(shape, set()).add(room.id)
        return {learner.id: (t("classes.name_in", name=learner.name, room=room.name)
                             if len(rooms_of[shape]) > 1 else learner.name)
                for room, learner, shape in found}

    def secret_labels(self, rooms: Sequence[SchoolClass]) -> dict[str, str]:
        """What the wrong tries at a class learner's pictures are counted under
        (services/guard.py's account, "class id:skeleton") -> the learner as `labels`
        names them: for the teacher's table of wrong tries and lockouts."""
        labels = self.labels(rooms)
        return {f"{room.id}:{shape}": labels[learner.id] for room in rooms
                for learner, shape in self.members_with_shape(room.id)}

    def members_with_shape(self, class_id: int) -> list[tuple[Learner, str]]:
        with self.store._read() as con:
            rows = con.execute(select(*_LEARNER_ROW, learners.c.name_skeleton)
                               .join(members, members.c.learner_id == learners.c.id)
                               .where(members.c.class_id == class_id)
                               .order_by(learners.c.clash, learners.c.id)).all()
        return [(_learner_row(r), str(r[4])) for r in rows]

    def check_secret(self, class_id: int, name: str, chosen: tuple[int | None, int | None]
                     ) -> Learner | None:
        """The class's learner of that name, if `chosen` are their two pictures."""
        learner = self.member_named(class_id, name)
        if learner is None or None in chosen:
            return None
        secret = self.secret_of(learner.id)
        if secret is None:
            return None
        given = f"{chosen[0]} {chosen[1]}"
        return learner if hmac.compare_digest(given, secret.text()) else None

    def learner_by_card(self, card_key: object) -> tuple[Learner, SchoolClass] | None:
        """The learner a login card's key stands for, and their class."""
        key = pictures.valid_card_key(card_key)
        if key is None:
            return None
        with self.store._read() as con:
            row = con.execute(select(learner_secrets.c.learner_id)
                              .where(learner_secrets.c.card_key == key)).first()
        if row is None:
            return None
        learner = self.store.get_learner(int(row[0]))
        room = self.class_of(int(row[0])) if learner is not None else None
        return (learner, room) if learner is not None and room is not None else None

    # ----- joining by the code ----------------------------------------------------------

    def ask_to_join(self, class_id: int, name: str, token: str, address: str
                    ) -> Learner | int:
        """A learner asking to join the class under that name, by its code, from a
        browser holding `token` (random, made by services/signin.py; only its hash is
        kept). Under the class's join rule: OPEN makes the learner now and returns
        them; APPROVE returns the id of the request now waiting for the teacher. Else
        ClassroomError in the learner's words: the class takes only the names its
        teacher lists (LISTED); the class has the name already, or one looking like it
        (nothing about that learner is shown); a request waits under it already; too
        many requests wait in the class or from this address. LearnerNameError when the
        name cannot be a learner's (names.learner_name) or is a teacher's."""
        cleaned = new_learner_name(name)
        shape = names.skeleton(cleaned)
        if shape in self.store.teacher_skeletons():
            raise LearnerNameError(t("signin.name_teacher"))
        room = self.get_class(class_id)
        if room is None:
            raise ClassroomError(t("classes.unknown_code"))
        if room.join_rule == LISTED:
            raise ClassroomError(t("join.listed_only"))
        if self.member_named(class_id, cleaned) is not None:
            raise ClassroomError(t("join.name_listed"))
        with self.store._write() as con:
            if room.join_rule != OPEN:
                return self._request(con, room, cleaned, shape, token, address, time.time())
            joined = self._add(con, class_id, cleaned)
        if joined is None:  # listed by the teacher (or joined in another tab) just now
            raise ClassroomError(t("join.name_listed"))
        return joined

    @staticmethod
    def _request(con: Connection, room: SchoolClass, cleaned: str, shape: str, token: str,
                 address: str, now: float) -> int:
        """A waiting request, checked and counted with the class's row locked (one
        request at a time per class, between processes too)."""
        con.execute(select(classes.c.id).where(classes.c.id == room.id).with_for_update())
        con.execute(delete(join_requests).where(
            join_requests.c.created < now - JOIN_WAIT_SECONDS))
        waiting = (join_requests.c.state == WAITING)
        if con.execute(select(join_requests.c.id).where(
                waiting, join_requests.c.class_id == room.id,
                join_requests.c.name_skeleton == shape)).first() is not None:
            raise ClassroomError(t("join.name_waiting"))
        in_class = con.execute(select(func.count()).select_from(join_requests).where(
            waiting, join_requests.c.class_id == room.id)).scalar() or 0
        if in_class >= MAX_WAITING_PER_CLASS:
            raise ClassroomError(t("join.class_full"))
        from_address = con.execute(select(func.count()).select_from(join_requests).where(
            waiting, join_requests.c.address == address)).scalar() or 0
        if from_address >= MAX_WAITING_PER_ADDRESS:
            raise ClassroomError(t("join.address_full"))
        made = con.execute(join_requests.insert().values(
            class_id=room.id, name=cleaned, name_skeleton=shape, token_hash=token_hash(token),
            address=address, created=now, state=WAITING)).inserted_primary_key
        assert made is not None
        return int(made[0])

    def join_answer(self, request_id: int, token: str) -> JoinAnswer | None:
        """The request as the browser holding `token` reads it: WAITING, or the
        teacher's answer, which is read once (the request is then gone, so a learner
        approved is signed in on this one browser, once). None when there is no such
        request for this token any more (expired, cancelled, the class deleted)."""
        now = time.time()
        with self.store._read() as con:
            row = con.execute(select(join_requests.c.token_hash, join_requests.c.state,
                                     join_requests.c.name, join_requests.c.learner_id,
                                     join_requests.c.created)
                              .where(join_requests.c.id == request_id)).first()
        if row is None or not hmac.compare_digest(str(row[0]), token_hash(str(token))):
            return None
        state = str(row[1])
        if state == WAITING:
            return JoinAnswer(WAITING, str(row[2])) if float(row[4]) >= now - \
                JOIN_WAIT_SECONDS else None
        with self.store._write() as con:
            taken = con.execute(delete(join_requests).where(
                join_requests.c.id == request_id, join_requests.c.state == state),
                execution_options={"preserve_rowcount": True})
        if taken.rowcount != 1:  # read by another tab of this browser a moment before
            return None
        return JoinAnswer(state, str(row[2]), int(row[3]) if row[3] is not None else None)

    def cancel_join(self, request_id: int, token: str) -> None:
        """The browser that asked withdraws its request (or forgets an answer)."""
        with self.store._write() as con:
            con.execute(delete(join_requests).where(
                join_requests.c.id == request_id,
                join_requests.c.token_hash == token_hash(str(token))))

    def waiting(self, class_id: int) -> list[JoinRequest]:
        """The class's join requests waiting for the teacher, oldest first."""
        since = time.time() - JOIN_WAIT_SECONDS
        with self.store._read() as con:
            rows = con.execute(select(join_requests.c.id, join_requests.c.class_id,
                                      join_requests.c.name, join_requests.c.created)
                               .where(join_requests.c.class_id == class_id,
                                      join_requests.c.state == WAITING,
                                      join_requests.c.created >= since)
                               .order_by(join_requests.c.created, join_requests.c.id)).all()
        return [JoinRequest(int(r[0]), int(r[1]), str(r[2]), float(r[3])) for r in rows]

    def approve(self, class_id: int, request_id: int) -> Learner:
        """The teacher lets a waiting learner in: the learner is made in the class with a
        secret, and the browser that asked is signed in at its next look. ClassroomError,
        in the teacher's words, when the request is no longer waiting or the class has
        the name by now (the browser is then told the teacher listed it)."""
        with self.store._write() as con:
            row = con.execute(select(join_requests.c.name).where(
                join_requests.c.id == request_id, join_requests.c.class_id == class_id,
                join_requests.c.state == WAITING).with_for_update()).first()
            if row is None:
                learner = None
            else:
                learner = self._add(con, class_id, str(row[0]))
                con.execute(update(join_requests).where(join_requests.c.id == request_id)
                            .values(state=APPROVED if learner is not None else TAKEN,
                                    learner_id=learner.id if learner is not None else None))
        if row is None:
            raise ClassroomError(t("join_panel.gone"))
        if learner is None:
            raise ClassroomError(self._taken(class_id, str(row[0])))
        return learner

    def refuse(self, class_id: int, request_id: int) -> None:
        """The teacher does not let a waiting learner in (the browser is told so)."""
        with self.store._write() as con:
            con.execute(update(join_requests).where(
                join_requests.c.id == request_id, join_requests.c.class_id == class_id,
                join_requests.c.state == WAITING).values(state=REFUSED))

    def approve_all(self, class_id: int) -> list[tuple[str, str | None]]:
        """Every waiting request approved, in order: each name with None, or why not."""
        done: list[tuple[str, str | None]] = []
        for request in self.waiting(class_id):
            try:
                done.append((self.approve(class_id, request.id).name, None))
            except ClassroomError as error:
                done.append((request.name, str(error)))
        return done

    def refuse_all(self, class_id: int) -> int:
        """Every waiting request refused; how many."""
        with self.store._write() as con:
            done = con.execute(update(join_requests).where(
                join_requests.c.class_id == class_id, join_requests.c.state == WAITING)
                .values(state=REFUSED), execution_options={"preserve_rowcount": True})
        return int(done.rowcount)

    def members(self, class_id: int) -> list[Learner]:
        with self.store._read() as con:
            rows = con.execute(select(*_LEARNER_ROW, learners.c.name_key)
                               .join(members, members.c.learner_id == learners.c.id)
                               .where(members.c.class_id == class_id)).all()
        return [_learner_row(r) for r in sorted(rows, key=lambda r: (str(r[4]), int(r[0])))]

    def class_of(self, learner_id: int) -> SchoolClass | None:
        """The class the learner joined last, if any."""
        with self.store._read() as con:
            row = con.execute(select(*_CLASS).join(members, members.c.class_id == classes.c.id)
                              .where(members.c.learner_id == learner_id)
                              .order_by(members.c.joined.desc())).first()
        return _class(row) if row else None

    # ----- the live question ------------------------------------------------------------

    def live_state(self, class_id: int) -> LiveState | None:
        with self.store._read() as con:
            row = con.execute(select(*_LIVE).where(live.c.class_id == class_id)).first()
        return _live(row) if row else None

    def put_question(self, class_id: int, kind: str, ref: str) -> LiveState:
        """Go live (or stay live) with a new question: the next number, open, answers
        hidden; the names setting is kept."""
        now = time.time()
        with self.store._write() as con:
            con.execute(self.store._upsert(
                live, {"class_id": class_id, "active": 1, "question": 1, "kind": kind,
                       "ref": ref, "open": 1, "shown": 0, "names": 0, "updated": now},
                ["class_id"],
                lambda new: {"active": 1, "question": live.c.question + 1, "kind": new.kind,
                             "ref": new.ref, "open": 1, "shown": 0, "updated": new.updated}))
            row = con.execute(select(*_LIVE).where(live.c.class_id == class_id)).one()
        return _live(row)

    def set_live(self, class_id: int, **flags: bool) -> None:
        """Change `open`, `shown`, `names` or `active` of the class's live session."""
        allowed = {"open", "shown", "names", "active"}
        if not flags or set(flags) - allowed:
            raise ValueError(f"flags are {sorted(allowed)}")
        with self.store._write() as con:
            con.execute(update(live).where(live.c.class_id == class_id).values(
                updated=time.time(), **{k: int(v) for k, v in flags.items()}))

    def answer(self, class_id: int, question: int, learner_id: int, move: str,
               verdict: str, code: str, reason: str) -> bool:
        """Keep (or change) the learner's answer to the question; False when the question
        is no longer the open one (the teacher closed it or moved on)."""
        now = time.time()
        with self.store._write() as con:
            current = con.execute(select(live.c.question).where(
                live.c.class_id == class_id, live.c.active == 1, live.c.open == 1)).first()
            if current is None or int(current[0]) != question:
                return False
            before = con.execute(select(live_answers.c.at).where(
                live_answers.c.class_id == class_id, live_answers.c.question == question,
                live_answers.c.learner_id == learner_id)).first()
            values = {"class_id": class_id, "question": question, "learner_id": learner_id,
                      "move": move, "verdict": verdict, "code": code, "reason": reason,
                      "at": now}
            con.execute(self.store._upsert(
                live_answers, values, ["class_id", "question", "learner_id"],
                lambda new: {"move": new.move, "verdict": new.verdict, "code": new.code,
                             "reason": new.reason, "at": new.at}))
            ref = f"{class_id}/{question}"
            task = practice_store.task_of(con, "live", ref)
            con.execute(attempts.insert().values(
                learner_id=learner_id, kind="live", ref=ref, move=move, verdict=verdict,
                code=code, at=now, task=task))
            if before is None:  # a changed answer is logged, but reviewed once
                practice_store.feed(self.store, con, learner_id, "live", task, verdict, now)
        return True

    def answers(self, class_id: int, question: int) -> list[LiveAnswer]:
        with self.store._read() as con:
            rows = con.execute(select(live_answers.c.learner_id, learners.c.name,
                                      live_answers.c.move, live_answers.c.verdict,
                                      live_answers.c.code, live_answers.c.reason,
                                      live_answers.c.at)
                               .join(learners, learners.c.id == live_answers.c.learner_id)
                               .where(live_answers.c.class_id == class_id,
                                      live_answers.c.question == question)
                               .order_by(live_answers.c.at)).all()
        return [LiveAnswer(int(r[0]), str(r[1]), str(r[2]), str(r[3]), str(r[4]), str(r[5]),
                           float(r[6])) for r in rows]

    def my_answer(self, class_id: int, question: int, learner_id: int) -> LiveAnswer | None:
        return next((a for a in self.answers(class_id, question)
                     if a.learner_id == learner_id), None)

    # ----- homework ---------------------------------------------------------------------

    def assign(self, class_id: int, title: str, tasks: Sequence[str],
               due: float | None = None, learners: Sequence[int] = ()) -> Homework:
        """Homework for the class, or for some of its learners only (`learners`)."""
        chosen = tuple(dict.fromkeys(t for t in tasks if t))
        if not chosen:
            raise ClassroomError(t("classes.homework_empty"))
        if any("\n" in t for t in chosen):
            raise ClassroomError("a task is one line")
        only = tuple(dict.fromkeys(int(x) for x in learners))
        if only and not set(only) <= {x.id for x in self.members(class_id)}:
            raise ClassroomError("homework goes to learners of the class only")
        now = time.time()
        title = " ".join(str(title).split())[:80] or "Homework"
        with self.store._write() as con:
            new_id = con.execute(homework.insert().values(
                class_id=class_id, title=title, tasks="\n".join(chosen), due=due,
                created=now, learners=" ".join(map(str, only)) or None)).inserted_primary_key
        assert new_id is not None
        return Homework(int(new_id[0]), class_id, title, chosen, due, now, only)

    def homework_of(self, class_id: int, learner_id: int | None = None) -> list[Homework]:
        """The class's homework, newest first; with `learner_id`, only what that learner
        was set (the whole class's and their own)."""
        with self.store._read() as con:
            rows = con.execute(select(*_HOMEWORK).where(homework.c.class_id == class_id)
                               .order_by(homework.c.id.desc())).all()
        found = [_homework(r) for r in rows]
        return found if learner_id is None else [h for h in found if h.for_learner(learner_id)]

    # ----- the attempt log --------------------------------------------------------------

    def record_attempt(self, learner_id: int, kind: str, ref: str, move: str, verdict: str,
                       code: str) -> None:
        self.store.record_attempt(learner_id, kind, ref, move, verdict, code)

    def attempts_of(self, learner_ids: Iterable[int], since: float = 0.0) -> list[AttemptRow]:
        """The attempts of these learners since a time, oldest first."""
        wanted = list(learner_ids)
        if not wanted:
            return []
        with self.store._read() as con:
            rows = con.execute(select(*_ATTEMPT).where(attempts.c.learner_id.in_(wanted),
                                                       attempts.c.at >= since)
                               .order_by(attempts.c.id)).all()
        return [_attempt(r) for r in rows]

    # ----- export and delete ------------------------------------------------------------

    def export_learner(self, learner_id: int) -> dict[str, Any]:
        """Everything the store keeps about one learner, as JSON-ready data."""
        out: dict[str, Any] = {}
        with self.store._read() as con:
            row = con.execute(select(learners).where(learners.c.id == learner_id)).first()
            if row is None:
                raise ClassroomError(f"no learner {learner_id}")
            out["learner"] = {k: v for k, v in row._mapping.items()
                              if k not in ("name_key", "name_skeleton", "clash", "scope")}
            for table in (steps, lessons, puzzles, puzzle_log, games, members, live_answers,
                          attempts):
                out[table.name] = [dict(r._mapping) for r in con.execute(
                    select(table).where(table.c.learner_id == learner_id))]
        return out

    def delete_learner(self, learner_id: int) -> None:
        """The learner and everything kept about them (the foreign keys cascade)."""
        with self.store._write() as con:
            for table in (steps, lessons, puzzles, puzzle_log, games, devices, members,
                          live_answers, attempts, learner_secrets, join_requests):
                con.execute(delete(table).where(table.c.learner_id == learner_id))
            con.execute(delete(learners).where(learners.c.id == learner_id))

    def export_class(self, class_id: int) -> dict[str, Any]:
        found = self.get_class(class_id)
        if found is None:
            raise ClassroomError(f"no class {class_id}")
        return {"class": {"id": found.id, "name": found.name, "code": found.code},
                "homework": [{"id": h.id, "title": h.title, "tasks": list(h.tasks),
                              "due": h.due, "learners": list(h.learners)}
                             for h in self.homework_of(class_id)],
                "learners": [self.export_learner(x.id) for x in self.members(class_id)]}

    def delete_class(self, class_id: int, with_learners: bool = True) -> None:
        """The class, its live questions, answers, homework and join requests;
        with_learners: its learners' whole records too (without, they keep their
        records and their scope, a class id no class has any more)."""
        if with_learners:
            for learner in self.members(class_id):
                self.delete_learner(learner.id)
        with self.store._write() as con:
            for table in (live_answers, live, homework, members, join_requests):
                con.execute(delete(table).where(table.c.class_id == class_id))
            con.execute(delete(classes).where(classes.c.id == class_id))


def first_teacher_from_environment(store: ProgressStore,
                                   env: Mapping[str, str] | None = None) -> bool:
    """Make the teacher CASSINO_TEACHER (password CASSINO_TEACHER_PASSWORD) when the store
    has no teacher yet; True if one was made. Anything wrong is logged, never raised:
    the app starts regardless (the admin command can do it later)."""
    wanted = config.first_teacher(env)
    if wanted is None:
        return False
    rooms = ClassStore(store)
    try:
        if rooms.teacher_count():
            return False
        rooms.add_teacher(*wanted)
    except ClassroomError as error:
        log.warning("the first teacher from %s was not made: %s", TEACHER_VARIABLE, error)
        return False
    except STORE_FAULTS as error:  # a read-only store: the app still serves learners
        faults.report(error, "making the first teacher from the environment")
        return False
    log.info("made the first teacher, %s, from the environment", wanted[0])
    return True


def class_name(name: object) -> str:
    """A class's name as kept: what draws nothing taken out (names.visible_text),
    spaces collapsed; ClassroomError, in the teacher's words, when it is empty (or has
    no letter or digit), longer than MAX_CLASS_NAME (refused, never cut) or holds
    control characters."""
    text = names.visible_text(name)
    if not names.skeleton(text):
        raise ClassroomError(t("classes.needs_name"))
    if len(text) > MAX_CLASS_NAME:
        raise ClassroomError(t("classes.name_too_long", n=MAX_CLASS_NAME))
    if any(unicodedata.category(char)[0] == "C" for char in text):
        raise ClassroomError(t("signin.name_control"))
    return text


def token_hash(token: str) -> str:
    """What the store keeps of a join request's token (SHA-256, hex)."""
    return hashlib.sha256(token.encode()).hexdigest()


def _clean(name: str) -> str:
    try:
        return clean_name(name)
    except names.UnusableNameError as error:
        raise ClassroomError(str(error)) from None


_DUMMY: Final = passwords.hash_password("not-a-password-of-anyone")
_LEARNER_ROW: Final = (learners.c.id, learners.c.name, learners.c.rating,
                       learners.c.rated_games)
_CLASS: Final = (classes.c.id, classes.c.teacher_id, classes.c.name, classes.c.code,
                 classes.c.join_rule)
_LIVE: Final = (live.c.class_id, live.c.active, live.c.question, live.c.kind, live.c.ref,
                live.c.open, live.c.shown, live.c.names)
_HOMEWORK: Final = (homework.c.id, homework.c.class_id, homework.c.title, homework.c.tasks,
                    homework.c.due, homework.c.created, homework.c.learners)
_ATTEMPT: Final = (attempts.c.learner_id, attempts.c.kind, attempts.c.ref, attempts.c.move,
                   attempts.c.verdict, attempts.c.code, attempts.c.at)


def _learner_row(row: Any) -> Learner:
    return Learner(int(row[0]), str(row[1]), float(row[2]), int(row[3]))


def _class(row: Any) -> SchoolClass:
    return SchoolClass(int(row[0]), int(row[1]), str(row[2]), str(row[3]), str(row[4]))


def _live(row: Any) -> LiveState:
    return LiveState(int(row[0]), bool(row[1]), int(row[2]), str(row[3]), str(row[4]),
                     bool(row[5]), bool(row[6]), bool(row[7]))


def _homework(row: Any) -> Homework:
    return Homework(int(row[0]), int(row[1]), str(row[2]), tuple(str(row[3]).split("\n")),
                    float(row[4]) if row[4] is not None else None, float(row[5]),
                    tuple(int(x) for x in str(row[6] or "").split()))


def _attempt(row: Any) -> AttemptRow:
    return AttemptRow(int(row[0]), str(row[1]), str(row[2]), str(row[3]), str(row[4]),
                      str(row[5]), float(row[6]))
