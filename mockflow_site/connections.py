"""Giving a thread's database connections back while it does slow work that needs none.

A request holds its pooled PostgreSQL connection from its first query to its end. Work of a second or more
between queries (a password hash, a sandboxed parse, an SMTP conversation) would hold it all that time, and
a burst of such requests would empty the pool while the connections sit idle. `release_connections()`
closes this thread's connections (a pooled one goes back to the pool); the next query takes one again.
"""

from django.db import connections


def release_connections() -> None:
    """Give this thread's open database connections back, unless one is inside a transaction (then the
    slow work runs inside it, as the caller asked)."""
    for connection in connections.all(initialized_only=True):
        if connection.connection is not None and not connection.in_atomic_block:
            connection.close()
