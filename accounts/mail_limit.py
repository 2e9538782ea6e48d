"""At most MAIL_PER_ADDRESS_PER_HOUR account emails (verification, sign-up notices, password resets) to one
address an hour, so the forms cannot be used to flood someone's inbox. Callers show the same page either way."""

import hashlib

from django.conf import settings
from django.core.cache import cache

from accounts.emails import normalize_email

WINDOW_SECONDS = 3600


def take_mail_slot(email: str) -> bool:
    """Count one email to this address; False when its hourly allowance is used up (send nothing then)."""
    key = "mail-to:" + hashlib.sha256(normalize_email(email).encode()).hexdigest()[:32]
    if cache.add(key, 1, timeout=WINDOW_SECONDS):
        return True
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=WINDOW_SECONDS)
        return True
    return count <= settings.MAIL_PER_ADDRESS_PER_HOUR
