"""Failed passwords lock the account everywhere a password is typed; one address cannot lock every account."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

User = get_user_model()
LOCKED = "Too many failed attempts"


def _site_login(client, email, password="wrong-password-here", ip="127.0.0.1"):
    return client.post(reverse("accounts:login"), {"email": email, "password": password}, REMOTE_ADDR=ip)


def _admin_login(client, email, password="wrong-password-here", ip="127.0.0.1"):
    return client.post(
        reverse("admin:login"), {"username": email, "password": password, "next": "/admin/"}, REMOTE_ADDR=ip
    )


def _signed_in(client) -> bool:
    return "_auth_user_id" in client.session


def test_the_admin_login_locks_after_the_same_number_of_failures(client, carol, settings):
    settings.LOGIN_FAILURE_LIMIT = 3
    for _ in range(3):
        response = _admin_login(client, carol.email)
        assert response.status_code == 200 and LOCKED not in response.content.decode()

    response = _admin_login(client, carol.email, password="correct-horse-battery")

    assert LOCKED in response.content.decode()
    assert not _signed_in(client)


def test_site_and_admin_failures_add_up_to_one_lockout(client, carol, settings):
    settings.LOGIN_FAILURE_LIMIT = 4
    _site_login(client, carol.email)
    _site_login(client, "CAROL@example.com")
    _admin_login(client, carol.email)
    _admin_login(client, " Carol@Example.COM ")

    site = _site_login(client, carol.email, password="correct-horse-battery")
    admin = _admin_login(client, carol.email, password="correct-horse-battery")

    assert LOCKED in site.content.decode() and LOCKED in admin.content.decode()
    assert not _signed_in(client)


def test_the_admin_login_still_works_for_staff_below_the_limit(client, carol):
    _admin_login(client, carol.email)

    response = _admin_login(client, carol.email, password="correct-horse-battery")

    assert response.status_code == 302 and _signed_in(client)


def test_wrong_old_passwords_in_the_password_change_form_lock_the_account(alice_client, alice, settings, client):
    settings.LOGIN_FAILURE_LIMIT = 3
    url = reverse("accounts:password_change")
    form = {"new_password1": "another-long-passphrase", "new_password2": "another-long-passphrase"}
    for _ in range(3):
        response = alice_client.post(url, {**form, "old_password": "not-my-password"})
        assert "incorrect" in response.content.decode()

    response = alice_client.post(url, {**form, "old_password": "correct-horse-battery"})

    assert LOCKED in response.content.decode()
    assert User.objects.get(pk=alice.pk).check_password("correct-horse-battery"), "password unchanged"
    alice_client.logout()
    assert LOCKED in _site_login(alice_client, alice.email, password="correct-horse-battery").content.decode()


def test_the_admin_password_change_form_counts_failures_too(client, carol, settings):
    settings.LOGIN_FAILURE_LIMIT = 2
    client.force_login(carol)
    url = reverse("admin:password_change")
    form = {"new_password1": "another-long-passphrase", "new_password2": "another-long-passphrase"}
    for _ in range(2):
        client.post(url, {**form, "old_password": "not-my-password"})

    response = client.post(url, {**form, "old_password": "correct-horse-battery"})

    assert LOCKED in response.content.decode()
    assert User.objects.get(pk=carol.pk).check_password("correct-horse-battery")


def test_one_address_cannot_lock_every_account(client, make_user, settings):
    settings.LOGIN_FAILURE_LIMIT = 3
    settings.LOGIN_FAILURE_LIMIT_PER_CLIENT = 9
    users = [make_user(f"user{i}@example.com") for i in range(6)]
    for user in users:  # the attacker's address tries each account until its own limit stops it
        for _ in range(3):
            _site_login(client, user.email, ip="203.0.113.7")

    # The attacker's address is locked for every account, even with a right password ...
    assert LOCKED in _site_login(client, users[5].email, "correct-horse-battery", ip="203.0.113.7").content.decode()
    # ... but it locked only the accounts it reached before that: the rest log in from elsewhere.
    locked = [u for u in users if LOCKED in _site_login(client, u.email, "x" * 12, ip="198.51.100.1").content.decode()]
    assert [u.email for u in locked] == [u.email for u in users[:3]]
    response = _site_login(client, users[4].email, "correct-horse-battery", ip="198.51.100.1")
    assert response.status_code == 302


def test_the_per_client_limit_defaults_to_fifty():
    from django.conf import settings

    assert settings.LOGIN_FAILURE_LIMIT_PER_CLIENT == 50


@pytest.mark.parametrize("spelling", ["ſam@example.com", "SAM@EXAMPLE.COM", " Sam@Example.COM "])
def test_unicode_and_case_spellings_share_one_lockout(client, make_user, settings, spelling):
    settings.LOGIN_FAILURE_LIMIT = 3
    make_user("sam@example.com")
    for _ in range(3):
        _site_login(client, spelling)

    response = _site_login(client, "sam@example.com", password="correct-horse-battery")

    assert LOCKED in response.content.decode()


def test_the_kelvin_sign_reaches_the_same_lockout_and_account(client, make_user, settings):
    settings.LOGIN_FAILURE_LIMIT = 2
    make_user("kate@example.com")
    _site_login(client, "\u212aate@example.com")
    _admin_login(client, "\u212aATE@example.com")

    assert LOCKED in _site_login(client, "kate@example.com", "correct-horse-battery").content.decode()


def test_wrong_passwords_in_the_delete_account_form_count_too(alice_client, alice, settings):
    settings.LOGIN_FAILURE_LIMIT = 2
    for _ in range(2):
        alice_client.post(reverse("accounts:delete"), {"password": "not-my-password"})

    response = alice_client.post(reverse("accounts:delete"), {"password": "correct-horse-battery"})

    assert LOCKED in response.content.decode()
    assert User.objects.filter(pk=alice.pk).exists()


@pytest.mark.parametrize(("url", "method"), [
    ("/accounts/signup/", "get"), ("/accounts/login/", "get"), ("/accounts/verify-resend/", "post"),
    ("/accounts/password/reset/", "get"), ("/dashboard/", "get"), ("/admin/login/", "get"),
])
def test_the_urls_users_and_operators_know_are_kept(client, db, url, method):
    response = getattr(client, method)(url, {"email": "someone@example.com"} if method == "post" else None)
    assert response.status_code in (200, 302)
    if response.status_code == 302:
        assert "/accounts/login/" in response["Location"] or "/accounts/signup/sent/" in response["Location"]
