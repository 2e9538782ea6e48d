"""Password sign-in that does not hold a database connection through the password hash.

Django's ModelBackend reads the user and then hashes the password (about a second of CPU with the default
hasher) while the request still holds its pooled connection: a burst of logins then empties the pool with
connections that sit idle. This backend reads the user, gives the connection back, then hashes.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied

from mockflow_site.connections import release_connections

BACKEND = "accounts.backends.EmailBackend"


class EmailBackend(ModelBackend):
    """Answers every password sign-in itself: a refusal stops `authenticate()` (PermissionDenied), so the
    ModelBackend listed after it (only so that sessions signed in through it keep working) never hashes the
    same password a second time."""

    def authenticate(self, request: Any, username: str | None = None, password: str | None = None,
                     **kwargs: Any) -> Any:
        model = get_user_model()
        if username is None:
            username = kwargs.get(model.USERNAME_FIELD)
        if username is None or password is None:
            return None
        try:
            user = model._default_manager.get_by_natural_key(username)
        except model.DoesNotExist:
            user = None
        release_connections()
        if user is None:
            model().set_password(password)  # the same time as a wrong password: the answer tells nothing
            raise PermissionDenied
        if user.check_password(password) and self.user_can_authenticate(user):
            return user
        raise PermissionDenied
