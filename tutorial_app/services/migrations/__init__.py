"""Alembic's migration environment for the progress store (see services/db.py)."""
