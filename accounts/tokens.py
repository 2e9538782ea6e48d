"""Signed, expiring email-verification tokens bound to the address they were sent to."""

from django.core import signing

SALT = "accounts.verify-email"
MAX_AGE_SECONDS = 7 * 24 * 3600


def make_verification_token(user) -> str:
    return signing.dumps({"u": user.pk, "e": user.email}, salt=SALT, compress=True)


def read_verification_token(token: str) -> dict | None:
    try:
        return signing.loads(token, salt=SALT, max_age=MAX_AGE_SECONDS)
    except signing.BadSignature:  # includes SignatureExpired
        return None
