"""Failed-password throttling, shared by the site login, the admin login and the password-change forms.

Failures are counted per account (the normalised email, LOGIN_FAILURE_LIMIT) and, more loosely, per client
address (LOGIN_FAILURE_LIMIT_PER_CLIENT), each for LOGIN_LOCKOUT_SECONDS. One address can therefore lock
only a few accounts before it is itself locked out. Unknown emails count like known ones, so a lockout
reveals nothing. The client address is REMOTE_ADDR, which daphne sets from the TCP peer, or, for a peer in
TRUSTED_PROXIES, from X-Forwarded-For (mockflow_site/server.py); a header alone is never believed.
"""

import hashlib

from django.conf import settings
from django.contrib.auth import authenticate
from django.core.cache import cache
from django.core.exceptions import ValidationError

from accounts.emails import normalize_email


def locked_message() -> str:
    minutes = max(1, -(-settings.LOGIN_LOCKOUT_SECONDS // 60))
    return f"Too many failed attempts. Please wait {minutes} minutes, or reset your password."


def _account_key(email: str) -> str:
    return "login-fail:account:" + hashlib.sha256(normalize_email(email).encode()).hexdigest()[:32]


def _client_key(ip: str) -> str:
    return f"login-fail:client:{ip}"


def client_ip(request) -> str | None:
    return request.META.get("REMOTE_ADDR") if request is not None else None


def is_locked(email: str, ip: str | None) -> bool:
    keys = [_account_key(email)] + ([_client_key(ip)] if ip else [])
    counts = cache.get_many(keys)
    if counts.get(keys[0], 0) >= settings.LOGIN_FAILURE_LIMIT:
        return True
    return bool(ip) and counts.get(keys[1], 0) >= settings.LOGIN_FAILURE_LIMIT_PER_CLIENT


def record_failure(email: str, ip: str | None) -> None:
    for key in [_account_key(email)] + ([_client_key(ip)] if ip else []):
        if cache.add(key, 1, timeout=settings.LOGIN_LOCKOUT_SECONDS):
            continue
        try:
            cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.set(key, 1, timeout=settings.LOGIN_LOCKOUT_SECONDS)


def clear(email: str) -> None:
    cache.delete(_account_key(email))


def refuse_if_locked(email: str, request) -> None:
    if is_locked(email, client_ip(request)):
        raise ValidationError(locked_message(), code="locked")


def guarded_authenticate(request, email: str, password: str):
    """authenticate() behind the lockout: the user, or None after counting the failure.

    Raises ValidationError(locked_message()) while the account or the client is locked, even for the right password.
    """
    refuse_if_locked(email, request)
    user = authenticate(request, email=normalize_email(email), password=password)
    if user is None:
        record_failure(email, client_ip(request))
    else:
        clear(email)
    return user


def guarded_check_password(request, user, password: str) -> bool:
    """A signed-in user's password re-entry (password change), counted like a login."""
    refuse_if_locked(user.email, request)
    if user.check_password(password):
        clear(user.email)
        return True
    record_failure(user.email, client_ip(request))
    return False
