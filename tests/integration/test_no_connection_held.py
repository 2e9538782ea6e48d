"""Slow work a request does between its queries runs without a database connection (issue 16): the
password hash of a login (about a second of CPU with the real hasher) and the SMTP conversation of the
sign-up mail. A request holding its pooled connection through them would let a burst of logins or
sign-ups exhaust the pool while the connections sit idle. Real PostgreSQL, committed transactions: SQLite's
in-memory test database cannot give its connection back (closing it would lose the data), so the two tests about
holding one are marked `services` and run in make test's PostgreSQL step."""

import pytest
from django.contrib.auth.hashers import MD5PasswordHasher
from django.core import mail
from django.core.mail.backends.locmem import EmailBackend
from django.db import connection
from django.urls import reverse

from accounts.models import User

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def postgresql():
    from django.db import connection as default

    if default.vendor != "postgresql":
        pytest.fail("This test is about a PostgreSQL connection given back: run it with DATABASE_URL set to "
                    "PostgreSQL, as make test's PostgreSQL step does.")


def holding() -> bool:
    """Whether this thread holds an open database connection now."""
    return connection.connection is not None


class ConnectionAtHashing(MD5PasswordHasher):
    """The tests' fast hasher, noting whether the thread held a connection when it hashed (while watched)."""

    watching = False
    held: list[bool] = []

    def encode(self, password, salt):
        if ConnectionAtHashing.watching:
            ConnectionAtHashing.held.append(holding())
        return super().encode(password, salt)


class ConnectionAtSending(EmailBackend):
    """The test mail outbox, noting whether the thread held a connection when the mail went out."""

    held: list[bool] = []

    def send_messages(self, messages):
        ConnectionAtSending.held.append(holding())
        return super().send_messages(messages)


@pytest.mark.services
def test_login_hashes_the_password_without_holding_a_database_connection(postgresql, client, make_user, settings):
    settings.PASSWORD_HASHERS = [f"{__name__}.ConnectionAtHashing"]
    make_user("dana@example.com", password="a-long-unusual-passphrase")
    ConnectionAtHashing.held = []
    ConnectionAtHashing.watching = True
    try:
        wrong = client.post(reverse("accounts:login"), {"email": "dana@example.com", "password": "not-it-at-all"})
        unknown = client.post(reverse("accounts:login"), {"email": "nobody@example.com", "password": "whatever-1"})
        right = client.post(reverse("accounts:login"), {"email": "dana@example.com",
                                                        "password": "a-long-unusual-passphrase"})
    finally:
        ConnectionAtHashing.watching = False
    assert ConnectionAtHashing.held == [False, False, False]  # wrong password, unknown address (hashed alike), right
    assert wrong.status_code == 200 and "do not match an account" in wrong.content.decode()
    assert unknown.status_code == 200 and "do not match an account" in unknown.content.decode()
    assert right.status_code == 302 and "_auth_user_id" in client.session
    assert client.get(reverse("dashboard")).status_code == 200


def test_a_session_signed_in_before_through_django_s_model_backend_stays_signed_in(client, make_user):
    user = make_user("erin@example.com")
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    assert client.get(reverse("dashboard")).status_code == 200


@pytest.mark.services
def test_the_sign_up_mail_goes_out_without_holding_a_database_connection(postgresql, client, make_user, settings):
    settings.MAILERS = {"default": {"BACKEND": f"{__name__}.ConnectionAtSending"}}
    make_user("alice@example.com")
    ConnectionAtSending.held = []
    for email in ("dana@example.com", "alice@example.com"):  # a new address (verify) and an existing one
        response = client.post(reverse("accounts:signup"), {"display_name": "Dana", "email": email,
                                                            "password": "a-long-unusual-passphrase"})
        assert response.status_code == 302
    assert ConnectionAtSending.held == [False, False]
    assert [m.to for m in mail.outbox] == [["dana@example.com"], ["alice@example.com"]]
    assert User.objects.filter(email="dana@example.com", email_verified_at__isnull=True).exists()
