"""Names unique within a class, class names unique per teacher, how a class is joined,
and join requests waiting for the teacher.

Revision ID: 0009
Revises: 0008

- learners get `scope`: the class id of a class learner (the class they joined last,
  from class_members), 0 for a learner in no class. The unique indexes on the name
  key and on the skeleton become unique per scope, so two classes can each have a
  João, while among the learners in no class a name is still one learner. Every
  skeleton is computed again (services/names.skeleton now leaves punctuation, spaces
  and symbols out and reads "vv" as "w"); learners whose names now look alike in one
  scope are all kept: the oldest keeps clash 0, every other gets its own id as
  `clash`, and the Classroom lists them for the teacher to rename one.
- classes get `join_rule` ("approve" for every class: the teacher lets each new
  learner in) and `name_skeleton`, unique per teacher. A teacher's classes that
  already had one name (or look-alike names) are all kept; the second and later get
  " (2)", " (3)", ... after their name, so that the teacher's list tells them apart.
- a new table, join_requests (see services/tables.py).

Nothing is deleted. Downgrading drops join_requests and the new columns (a renamed
class keeps its new name); learners of two classes that share a name are kept apart
in the old global indexes as revision 0002 kept its look-alikes: the younger gets its
id after its name key and as its clash.

The skeletons are computed by the app's own function, as it is when this revision
runs; a later change to that function needs a revision that recomputes them.
"""

from __future__ import annotations

import logging

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.sqlite import REAL

from tutorial_app.services import names

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

log = logging.getLogger("tutorial_app.services.migrations")
_TIME: sa.types.TypeEngine[float] = sa.Double[float]().with_variant(REAL(), "sqlite")

_learners = sa.table("learners", sa.column("id", sa.Integer), sa.column("name", sa.Text),
                     sa.column("name_key", sa.Text), sa.column("name_skeleton", sa.Text),
                     sa.column("clash", sa.Integer), sa.column("scope", sa.Integer))
_members = sa.table("class_members", sa.column("class_id", sa.Integer),
                    sa.column("learner_id", sa.Integer), sa.column("joined", sa.Double))
_classes = sa.table("classes", sa.column("id", sa.Integer), sa.column("teacher_id", sa.Integer),
                    sa.column("name", sa.Text), sa.column("name_skeleton", sa.Text))


def _scopes(connection: sa.Connection) -> dict[int, int]:
    """Learner id -> the class they joined last (the app's ClassStore.class_of)."""
    found: dict[int, int] = {}
    for learner_id, class_id in connection.execute(
            sa.select(_members.c.learner_id, _members.c.class_id)
            .order_by(_members.c.joined, _members.c.class_id)):
        found[int(learner_id)] = int(class_id)  # the last one read wins
    return found


def _learners_by_scope(connection: sa.Connection) -> None:
    scopes = _scopes(connection)
    seen: set[tuple[int, str]] = set()
    rows = connection.execute(sa.select(_learners.c.id, _learners.c.name)
                              .order_by(_learners.c.id)).all()
    for learner_id, name in rows:
        scope = scopes.get(int(learner_id), 0)
        shape = names.skeleton(str(name))
        clash = int(learner_id) if (scope, shape) in seen else 0
        if clash:
            log.warning("learner %s %r looks like an older learner of the same %s; kept "
                        "apart for the teacher to rename", learner_id, name,
                        f"class ({scope})" if scope else "scope (no class)")
        seen.add((scope, shape))
        connection.execute(sa.update(_learners).where(_learners.c.id == learner_id)
                           .values(scope=scope, name_skeleton=shape, clash=clash))


def _class_names(connection: sa.Connection) -> None:
    taken: set[tuple[int, str]] = set()
    rows = connection.execute(sa.select(_classes.c.id, _classes.c.teacher_id, _classes.c.name)
                              .order_by(_classes.c.id)).all()
    for class_id, teacher_id, name in rows:
        kept, number = str(name), 1
        while (int(teacher_id), names.skeleton(kept)) in taken or not names.skeleton(kept):
            number += 1
            kept = f"{name} ({number})"
        if kept != name:
            log.warning("class %s %r has the name of another class of its teacher; "
                        "renamed %r", class_id, name, kept)
        taken.add((int(teacher_id), names.skeleton(kept)))
        connection.execute(sa.update(_classes).where(_classes.c.id == class_id)
                           .values(name=kept, name_skeleton=names.skeleton(kept)))


def upgrade() -> None:
    connection = op.get_bind()
    op.drop_index("ix_learners_name_key", "learners")
    op.drop_index("ix_learners_skeleton", "learners")
    op.add_column("learners", sa.Column("scope", sa.Integer, nullable=False,
                                        server_default="0"))
    _learners_by_scope(connection)
    op.create_index("ix_learners_scope_name_key", "learners", ["scope", "name_key"],
                    unique=True)
    op.create_index("ix_learners_scope_skeleton", "learners",
                    ["scope", "name_skeleton", "clash"], unique=True)

    op.add_column("classes", sa.Column("join_rule", sa.Text, nullable=False,
                                       server_default="approve"))
    op.add_column("classes", sa.Column("name_skeleton", sa.Text, nullable=False,
                                       server_default=""))
    _class_names(connection)
    op.create_index("ix_classes_teacher_name", "classes", ["teacher_id", "name_skeleton"],
                    unique=True)

    op.create_table(
        "join_requests",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("name_skeleton", sa.Text, nullable=False),
        sa.Column("token_hash", sa.Text, nullable=False),
        sa.Column("address", sa.Text, nullable=False),
        sa.Column("created", _TIME, nullable=False),
        sa.Column("state", sa.Text, nullable=False),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id", ondelete="CASCADE"),
                  nullable=True))
    op.create_index("ix_join_requests_token", "join_requests", ["token_hash"], unique=True)
    op.create_index("ix_join_requests_class", "join_requests", ["class_id", "state"])
    op.create_index("ix_join_requests_address", "join_requests", ["address", "state"])


def _one_scope(connection: sa.Connection) -> None:
    """Every learner in the one scope of revision 0008: a name key or a look that two
    classes shared is kept apart by the younger learner's id."""
    keys: set[str] = set()
    shapes: set[tuple[str, int]] = set()
    rows = connection.execute(sa.select(_learners.c.id, _learners.c.name_key,
                                        _learners.c.name_skeleton, _learners.c.clash)
                              .order_by(_learners.c.id)).all()
    for learner_id, key, shape, clash in rows:
        new_key = str(key) if key not in keys else f"{key}\n{learner_id}"
        new_clash = int(clash) if (shape, int(clash)) not in shapes else int(learner_id)
        keys.add(new_key)
        shapes.add((str(shape), new_clash))
        if (new_key, new_clash) != (key, clash):
            connection.execute(sa.update(_learners).where(_learners.c.id == learner_id)
                               .values(name_key=new_key, clash=new_clash))


def downgrade() -> None:
    connection = op.get_bind()
    op.drop_table("join_requests")
    op.drop_index("ix_classes_teacher_name", "classes")
    with op.batch_alter_table("classes") as batch:  # SQLite drops a column by a rebuild
        batch.drop_column("name_skeleton")
        batch.drop_column("join_rule")
    op.drop_index("ix_learners_scope_name_key", "learners")
    op.drop_index("ix_learners_scope_skeleton", "learners")
    _one_scope(connection)
    with op.batch_alter_table("learners") as batch:
        batch.drop_column("scope")
    op.create_index("ix_learners_name_key", "learners", ["name_key"], unique=True)
    op.create_index("ix_learners_skeleton", "learners", ["name_skeleton", "clash"],
                    unique=True)
