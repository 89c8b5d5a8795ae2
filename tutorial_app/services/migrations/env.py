"""Alembic's environment: migrate the connection services/db.py hands over.

The connection arrives inside its transaction and holding the migration lock (see
`db.migrating`), so nothing here opens a database or reads a URL; running Alembic
any other way (its own command with an alembic.ini) is refused with the command to
use instead.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from tutorial_app.services import tables

connection = context.config.attributes.get("connection")
if context.is_offline_mode() or not isinstance(connection, Connection):
    raise RuntimeError("migrate the progress store with "
                       "`python -m tutorial_app.services.db upgrade` (see services/db.py)")
context.configure(connection=connection, target_metadata=tables.metadata)
with context.begin_transaction():
    context.run_migrations()
