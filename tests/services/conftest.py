"""The app tests' fixtures, shared with the other folders of app tests
(tests/support/appfixtures.py): a fresh database and a small fixed course per test,
the store on SQLite and on PostgreSQL, one compiled copy of each page script."""

from appfixtures import (  # noqa: F401
    app,
    course_dir,
    db,
    env,
    migrated_sqlite,
    new_database,
    one_script_cache,
    open_store,
    store,
    store_url,
)
