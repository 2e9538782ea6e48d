"""Channels' session authentication for sockets, with the user looked up on the interview database threads.

Channels' own `AuthMiddleware` reads the session and the user on the one thread-sensitive thread, so
when many candidates open their sockets at once (a class starting together, a web process
restarting) every handshake queues behind the others there, and daphne drops the ones not accepted
within its connect timeout. Here the lookup runs on the pool of threads the sockets' other database
calls use (`interviews.textmode.store`), each with a pooled connection.
"""

from channels.auth import AuthMiddleware, get_user
from channels.sessions import CookieMiddleware, SessionMiddleware

from interviews.textmode.store import database_sync_to_async

_get_user = database_sync_to_async(get_user.func)


class PooledAuthMiddleware(AuthMiddleware):
    async def resolve_scope(self, scope):
        scope["user"]._wrapped = await _get_user(scope)


def PooledAuthMiddlewareStack(inner):  # noqa: N802 (named like Channels' AuthMiddlewareStack)
    return CookieMiddleware(SessionMiddleware(PooledAuthMiddleware(inner)))
