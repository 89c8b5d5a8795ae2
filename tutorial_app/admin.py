"""Teacher accounts from the command line.

    python -m tutorial_app.admin add-teacher NAME      # asks for the password twice
    python -m tutorial_app.admin set-password NAME     # a forgotten password replaced
    python -m tutorial_app.admin list-teachers
    python -m tutorial_app.admin unlock NAME           # a teacher locked out by wrong passwords
    python -m tutorial_app.admin look-alikes           # learners whose names look the same

(`make teacher`, `make teacher-password` and `make teachers` run the first three with
the project's own Python.) The password comes from a prompt that does not echo it, or
from the environment variable CASSINO_TEACHER_PASSWORD (for a script); it is stored
only as a salted scrypt hash, and refused when short or among the common passwords
(services/passwords.py). A new password signs the teacher out on every device, forgets
her known browsers and starts the count of wrong passwords for her name afresh
(services/teacher_signin.change_password). `unlock` lifts a lockout but keeps the count:
the next wrong password locks again, for longer. The store is the app's (CASSINO_DB).
On a fresh server the first teacher can instead come from CASSINO_TEACHER and
CASSINO_TEACHER_PASSWORD on first start (`first_teacher_from_environment`, called when
the app opens its store).
"""

from __future__ import annotations

import argparse
import getpass
import sys
from collections.abc import Mapping, Sequence

from sqlalchemy import select

from tutorial_app import config
from tutorial_app.services import guard
from tutorial_app.services.classes import (
    PASSWORD_VARIABLE,
    TEACHER_VARIABLE,
    ClassroomError,
    ClassStore,
    first_teacher_from_environment,
)
from tutorial_app.services.faults import STORE_FAULTS
from tutorial_app.services.guard import Guard
from tutorial_app.services.store import ProgressStore
from tutorial_app.services.tables import teachers
from tutorial_app.services.teacher_signin import account_key, change_password

__all__ = ["PASSWORD_VARIABLE", "TEACHER_VARIABLE", "first_teacher_from_environment", "main"]


def _password(env: Mapping[str, str] | None) -> str:
    given = env.get(PASSWORD_VARIABLE) if env is not None else config.teacher_password()
    if given:
        return given
    first = getpass.getpass("Password: ")
    if getpass.getpass("Again: ") != first:
        raise ClassroomError("the two passwords differ")
    return first


def main(argv: Sequence[str] | None = None, env: Mapping[str, str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutorial_app.admin",
                                     description="Teacher accounts of the Cassino Tutor.")
    commands = parser.add_subparsers(dest="command", required=True)
    for name, help_text in (("add-teacher", "add a teacher (password prompted)"),
                            ("set-password", "replace a teacher's password")):
        command = commands.add_parser(name, help=help_text)
        command.add_argument("name")
    commands.add_parser("list-teachers", help="the teachers' names")
    unlock = commands.add_parser("unlock", help="lift a teacher's lockout after wrong "
                                                "passwords (the count stays: the next "
                                                "wrong one locks again)")
    unlock.add_argument("name")
    commands.add_parser("look-alikes", help="learners whose names look the same (kept "
                                            "apart; rename one in the Classroom)")
    args = parser.parse_args(argv)
    try:
        with ProgressStore() as store:
            rooms = ClassStore(store)
            if args.command == "list-teachers":
                with store.engine.connect() as con:
                    for (name,) in con.execute(select(teachers.c.name).order_by(teachers.c.id)):
                        print(name)
                return 0
            if args.command == "unlock":
                Guard(store).lift(guard.TEACHER, guard.ACCOUNT, account_key(args.name))
                print(f"sign-in of {args.name} unlocked (the count of wrong passwords "
                      "stays; a new password starts it afresh)")
                return 0
            if args.command == "look-alikes":
                everyone = [x.id for x in store.learners()]
                for group in rooms.look_alikes(everyone):
                    print(" | ".join(f"{x.name} (#{x.id})" for x in group))
                return 0
            if args.command == "add-teacher":
                teacher = rooms.add_teacher(args.name, _password(env))
                print(f"teacher {teacher.name} added")
                return 0
            found = [t for t in _all(store) if t[1].casefold() == args.name.casefold()]
            if not found:
                raise ClassroomError(f"no teacher called {args.name}")
            change_password(store, found[0][0], _password(env))
            print(f"password of {found[0][1]} replaced; signed out on every device")
            return 0
    except ClassroomError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except STORE_FAULTS as error:
        print(f"error: the store cannot be used ({type(error).__name__}); check CASSINO_DB",
              file=sys.stderr)
        return 1


def _all(store: ProgressStore) -> list[tuple[int, str]]:
    with store.engine.connect() as con:
        return [(int(i), str(n)) for i, n in con.execute(select(teachers.c.id, teachers.c.name))]


if __name__ == "__main__":
    sys.exit(main())
