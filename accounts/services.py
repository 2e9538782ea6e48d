"""Account writes: sign-up, email verification, export and deletion."""

import logging
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.core.mail import EmailMultiAlternatives
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from accounts.emails import normalize_email
from accounts.mail_limit import take_mail_slot
from accounts.models import User
from accounts.registry import providers
from accounts.tokens import make_verification_token, read_verification_token
from mockflow_site.connections import release_connections

log = logging.getLogger(__name__)


def user_home(user: User) -> str:
    """The URL name a signed-in user starts from: staff their dashboard, candidates theirs."""
    return "staff:overview" if user.is_staff else "dashboard"


def send_templated_email(
    *,
    to: str,
    template: str,
    context: dict[str, Any],
    attachments: Iterable[tuple[str, bytes, str]] = (),
    headers: dict[str, str] | None = None,
) -> None:
    """Send `<template>_subject.txt`, `_body.txt` and `_body.html` from templates/ as one message."""
    subject = render_to_string(f"{template}_subject.txt", context).strip()
    text = render_to_string(f"{template}_body.txt", context)
    html = render_to_string(f"{template}_body.html", context)
    message = EmailMultiAlternatives(subject=subject, body=text, to=[to], headers=headers)
    message.attach_alternative(html, "text/html")
    for name, content, mimetype in attachments:
        message.attach(name, content, mimetype)
    message.send()


def user_signup(*, email: str, display_name: str, password: str) -> User | None:
    """Sign-up that answers the same whether or not the address has an account (nobody is signed in here).

    A new address gets an unverified account and a link that verifies it and signs its owner in; an address
    that already has an account gets a "someone tried to sign up with your address" email instead. Returns
    the new user, or None.
    """
    email = normalize_email(email)
    # Hashed before the first query, for a new address and an existing one alike (so the time taken tells
    # nothing): a request holds its pooled database connection from its first query to its end, and the
    # hashing is about a second of CPU. A burst of sign-ups queues on the CPU, not on the connections.
    hashed = make_password(password)
    existing = User.objects.filter(email=email).first()
    if existing is None:
        try:
            with transaction.atomic():
                user = User.objects.create(email=email, password=hashed, display_name=display_name)
        except IntegrityError:  # the same address signed up a moment ago
            existing = User.objects.get(email=email)
        else:
            verification_send(user=user)
            return user
    if take_mail_slot(existing.email):
        _send_quietly(existing, template="accounts/email/signup_exists", context={
            "user": existing,
            "login_link": _site_link(reverse("accounts:login")),
            "reset_link": _site_link(reverse("accounts:password_reset")),
        })
    return None


def verification_send(*, user: User) -> bool:
    """Mail a verification link, unless this address has had its hourly allowance; True if one was sent."""
    if not take_mail_slot(user.email):
        return False
    link = _site_link(reverse("accounts:verify", args=[make_verification_token(user)]))
    return _send_quietly(user, template="accounts/email/verify", context={"user": user, "link": link})


def _site_link(path: str) -> str:
    return (settings.SITE_URL or "").rstrip("/") + path


def _send_quietly(user: User, *, template: str, context: dict[str, Any]) -> bool:
    # The SMTP conversation takes a while (and longer when the mail server is slow): not on a pooled
    # database connection (the sign-up's row is committed before this).
    release_connections()
    try:
        send_templated_email(to=user.email, template=template, context=context)
    except OSError:
        # A mail outage must not lose the sign-up: the "check your email" and profile pages offer to resend.
        log.exception("Could not send %s to user %s", template, user.pk)
        return False
    return True


def verification_confirm(*, token: str) -> tuple[User | None, bool]:
    """Mark the address in the token verified. Returns (user, verified_now), or (None, False) for a bad
    or stale token. Only the click that verifies the address may sign its owner in (the link is one-time)."""
    data = read_verification_token(token)
    if not data:
        return None, False
    user = User.objects.filter(pk=data["u"], email=data["e"]).first()
    if user is None:
        return None, False
    with transaction.atomic():
        verified_now = User.objects.filter(pk=user.pk, email_verified_at__isnull=True).update(
            email_verified_at=timezone.now()) == 1
    if verified_now:
        user.refresh_from_db(fields=["email_verified_at"])
        from accounts.signals import email_verified

        email_verified.send(sender=User, user=user)
    return user, verified_now


def user_export_data(*, user: User) -> dict[str, Any]:
    data: dict[str, Any] = {
        "account": {
            "email": user.email,
            "display_name": user.display_name,
            "date_joined": user.date_joined.isoformat(),
            "last_login": user.last_login.isoformat() if user.last_login else None,
            "email_verified_at": user.email_verified_at.isoformat() if user.email_verified_at else None,
        }
    }
    for provider in providers():
        data[provider.key] = provider.export(user)
    return data


def user_delete(*, user: User) -> None:
    """Delete the account and everything of the user's, files included."""
    with transaction.atomic():
        for provider in providers():
            if provider.delete:
                provider.delete(user)
        user.delete()
