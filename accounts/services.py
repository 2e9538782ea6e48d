"""Account writes: sign-up, email verification, export and deletion."""

import logging

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from accounts.registry import providers
from accounts.tokens import make_verification_token, read_verification_token

log = logging.getLogger(__name__)
User = get_user_model()


def user_home(user) -> str:
    """The URL name a signed-in user starts from: staff their dashboard, candidates theirs."""
    return "staff:overview" if user.is_staff else "dashboard"


def send_templated_email(*, to: str, template: str, context: dict, attachments=()) -> None:
    """Send `<template>_subject.txt`, `_body.txt` and `_body.html` from templates/ as one message."""
    subject = render_to_string(f"{template}_subject.txt", context).strip()
    text = render_to_string(f"{template}_body.txt", context)
    html = render_to_string(f"{template}_body.html", context)
    message = EmailMultiAlternatives(subject=subject, body=text, to=[to])
    message.attach_alternative(html, "text/html")
    for name, content, mimetype in attachments:
        message.attach(name, content, mimetype)
    message.send()


def user_signup(*, email: str, display_name: str, password: str):
    with transaction.atomic():
        user = User.objects.create_user(email=email, password=password, display_name=display_name)
    verification_send(user=user)
    return user


def verification_send(*, user) -> None:
    link = settings.SITE_URL.rstrip("/") + reverse("accounts:verify", args=[make_verification_token(user)])
    try:
        send_templated_email(
            to=user.email,
            template="accounts/email/verify",
            context={"user": user, "link": link},
        )
    except OSError:
        # A mail outage must not lose the sign-up: the profile page offers to resend.
        log.exception("Could not send the verification email to user %s", user.pk)


def verification_confirm(*, token: str):
    """Mark the address in the token verified; return the user, or None for a bad or stale token."""
    data = read_verification_token(token)
    if not data:
        return None
    user = User.objects.filter(pk=data["u"], email=data["e"]).first()
    if user is None:
        return None
    if not user.email_verified_at:
        user.email_verified_at = timezone.now()
        user.save(update_fields=["email_verified_at"])
        from accounts.signals import email_verified

        email_verified.send(sender=User, user=user)
    return user


def user_export_data(*, user) -> dict:
    data = {
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


def user_delete(*, user) -> None:
    """Delete the account and everything of the user's, files included."""
    with transaction.atomic():
        for provider in providers():
            if provider.delete:
                provider.delete(user)
        user.delete()
