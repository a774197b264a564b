"""Fixtures shared by every test folder: a real PostgreSQL (tests/postgres_server.py)."""

pytest_plugins = ["postgres_server"]
