"""Login throttling keyed on the submitted email and on the client address.

Failures count the same whether or not the email is registered, so the lockout reveals nothing.
"""

import hashlib

from django.conf import settings
from django.core.cache import cache


def _keys(email: str, ip: str | None) -> list[str]:
    digest = hashlib.sha256(email.strip().lower().encode()).hexdigest()[:32]
    keys = [f"login-fail:email:{digest}"]
    if ip:
        keys.append(f"login-fail:ip:{ip}")
    return keys


def _ip_limit() -> int:
    # One address may try several accounts (a shared office), but not endlessly.
    return settings.LOGIN_FAILURE_LIMIT * 4


def is_locked(email: str, ip: str | None) -> bool:
    keys = _keys(email, ip)
    counts = cache.get_many(keys)
    if counts.get(keys[0], 0) >= settings.LOGIN_FAILURE_LIMIT:
        return True
    return len(keys) > 1 and counts.get(keys[1], 0) >= _ip_limit()


def record_failure(email: str, ip: str | None) -> None:
    for key in _keys(email, ip):
        if cache.add(key, 1, timeout=settings.LOGIN_LOCKOUT_SECONDS):
            continue
        try:
            cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.set(key, 1, timeout=settings.LOGIN_LOCKOUT_SECONDS)


def clear(email: str) -> None:
    cache.delete(_keys(email, None)[0])


def client_ip(request) -> str | None:
    return request.META.get("REMOTE_ADDR")
