"""Channels' session middleware for sockets; the user is looked up by the socket itself.

Channels' own `AuthMiddleware` reads the session and the user on the one thread-sensitive thread, so
when many candidates open their sockets at once (a class starting together, a web process
restarting) every handshake queued behind the others there, and daphne dropped the ones not accepted
within its connect timeout. The interview socket reads its user and its interview together in one
call on the pooled database threads (`interviews.textmode.store.socket_user_and_interview`), which
sets `scope["user"]`.
"""

from channels.sessions import CookieMiddleware, SessionMiddleware


def SessionMiddlewareStack(inner):  # noqa: N802 (named like Channels' AuthMiddlewareStack)
    return CookieMiddleware(SessionMiddleware(inner))
