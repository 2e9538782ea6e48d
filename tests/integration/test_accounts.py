import json
import re

from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

User = get_user_model()


def _signup(client, email="dana@example.com", name="Dana Candidate", password="a-long-unusual-passphrase"):
    return client.post(
        reverse("accounts:signup"), {"display_name": name, "email": email, "password": password}
    )


def _link_in(message) -> str:
    return re.search(r"https?://\S+", message.body).group(0)


def test_signing_up_logs_the_user_in_and_mails_a_verification_link(client, db):
    response = _signup(client)

    assert response.status_code == 302
    assert response["Location"] == reverse("dashboard")
    user = User.objects.get(email="dana@example.com")
    assert user.display_name == "Dana Candidate"
    assert not user.email_verified
    assert client.get(reverse("dashboard")).status_code == 200
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["dana@example.com"]
    assert "/accounts/verify/" in mail.outbox[0].body
    assert mail.outbox[0].alternatives, "the mail has an HTML part"


def test_the_verification_link_verifies_the_address(client, db):
    _signup(client)
    link = _link_in(mail.outbox[0])
    path = link.split("://", 1)[1].split("/", 1)[1]

    response = client.get("/" + path)

    assert response.status_code == 302
    assert User.objects.get(email="dana@example.com").email_verified


def test_a_tampered_verification_link_is_refused(client, db):
    _signup(client)
    link = _link_in(mail.outbox[0]).rstrip("/")
    client.get(link.split("8000", 1)[1][:-3] + "xyz/")

    assert not User.objects.get(email="dana@example.com").email_verified


def test_signing_up_twice_with_one_email_is_refused_with_a_clear_message(client, alice):
    response = _signup(client, email="ALICE@example.com")

    assert response.status_code == 200
    assert "already exists" in response.content.decode()
    assert User.objects.filter(email__iexact="alice@example.com").count() == 1


def test_a_weak_password_is_refused_and_nothing_is_saved(client, db):
    response = _signup(client, password="password")

    assert response.status_code == 200
    assert not User.objects.filter(email="dana@example.com").exists()
    assert len(mail.outbox) == 0


def test_the_dashboard_sends_anonymous_visitors_to_log_in(client, db):
    response = client.get(reverse("dashboard"))

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("accounts:login"))


def test_the_dashboard_shows_an_honest_empty_state(alice_client):
    page = alice_client.get(reverse("dashboard")).content.decode()

    assert "No interviews yet" in page
    assert reverse("interviews:new") in page


def test_the_dashboard_nudges_an_unverified_user(client, make_user):
    client.force_login(make_user("erin@example.com", verified=False))

    assert "Please verify" in client.get(reverse("dashboard")).content.decode()


def test_logging_in_and_out(client, alice):
    response = client.post(
        reverse("accounts:login"), {"email": "Alice@Example.com", "password": "correct-horse-battery"}
    )
    assert response.status_code == 302
    assert client.get(reverse("dashboard")).status_code == 200

    client.post(reverse("accounts:logout"))
    assert client.get(reverse("dashboard")).status_code == 302


def test_login_follows_a_safe_next_url_only(client, alice):
    response = client.post(
        reverse("accounts:login"),
        {"email": "alice@example.com", "password": "correct-horse-battery", "next": "https://evil.example/"},
    )
    assert response["Location"] == reverse("dashboard")


def test_a_wrong_password_and_an_unknown_email_get_the_same_message(client, alice):
    wrong = client.post(reverse("accounts:login"), {"email": "alice@example.com", "password": "nope-nope"})
    unknown = client.post(reverse("accounts:login"), {"email": "nobody@example.com", "password": "nope-nope"})

    assert wrong.context["form"].non_field_errors() == unknown.context["form"].non_field_errors()


def test_repeated_failures_lock_the_login_without_revealing_the_account(client, alice, settings):
    for email in ("alice@example.com", "nobody@example.com"):
        for _ in range(settings.LOGIN_FAILURE_LIMIT):
            client.post(reverse("accounts:login"), {"email": email, "password": "wrong-guess"})

    locked_real = client.post(
        reverse("accounts:login"), {"email": "alice@example.com", "password": "correct-horse-battery"}
    )
    locked_unknown = client.post(reverse("accounts:login"), {"email": "nobody@example.com", "password": "x"})

    assert locked_real.status_code == 200, "even the right password is refused while locked"
    assert "Too many failed attempts" in locked_real.content.decode()
    assert locked_real.context["form"].non_field_errors() == locked_unknown.context["form"].non_field_errors()


def test_password_reset_by_email(client, alice):
    client.post(reverse("accounts:password_reset"), {"email": "alice@example.com"})
    assert len(mail.outbox) == 1
    link = _link_in(mail.outbox[0])
    path = "/" + link.split("://", 1)[1].split("/", 1)[1]

    form_page = client.get(path, follow=True)
    assert form_page.context["validlink"]
    client.post(
        form_page.redirect_chain[-1][0],
        {"new_password1": "brand-new-passphrase-42", "new_password2": "brand-new-passphrase-42"},
    )

    alice.refresh_from_db()
    assert alice.check_password("brand-new-passphrase-42")


def test_password_reset_for_an_unknown_email_looks_the_same_and_sends_nothing(client, db):
    response = client.post(reverse("accounts:password_reset"), {"email": "nobody@example.com"})

    assert response.status_code == 302
    assert response["Location"] == reverse("accounts:password_reset_done")
    assert mail.outbox == []


def test_changing_the_password(alice_client, alice):
    alice_client.post(
        reverse("accounts:password_change"),
        {
            "old_password": "correct-horse-battery",
            "new_password1": "another-long-passphrase",
            "new_password2": "another-long-passphrase",
        },
    )
    alice.refresh_from_db()
    assert alice.check_password("another-long-passphrase")


def test_the_profile_updates_the_display_name(alice_client, alice):
    alice_client.post(reverse("accounts:profile"), {"display_name": "Alice A."})
    alice.refresh_from_db()
    assert alice.display_name == "Alice A."


def test_data_export_is_the_owners_json(alice_client, alice, bob):
    response = alice_client.get(reverse("accounts:export"))

    assert response["Content-Type"] == "application/json"
    data = json.loads(response.content)
    assert data["account"]["email"] == "alice@example.com"
    assert "bob@example.com" not in response.content.decode()


def test_data_export_needs_a_login(client, db):
    assert client.get(reverse("accounts:export")).status_code == 302


def test_deleting_the_account_needs_the_password(alice_client, alice):
    response = alice_client.post(reverse("accounts:delete"), {"password": "wrong"})

    assert response.status_code == 200
    assert User.objects.filter(pk=alice.pk).exists()


def test_deleting_the_account_removes_it_and_logs_out(alice_client, alice, bob):
    response = alice_client.post(reverse("accounts:delete"), {"password": "correct-horse-battery"})

    assert response.status_code == 302
    assert not User.objects.filter(pk=alice.pk).exists()
    assert User.objects.filter(pk=bob.pk).exists()
    assert alice_client.get(reverse("dashboard")).status_code == 302


def test_the_recruiters_group_exists(db):
    from django.contrib.auth.models import Group

    assert Group.objects.filter(name="Recruiters").exists()


def test_staff_see_the_admin_link_and_candidates_do_not(client, alice, carol):
    client.force_login(alice)
    assert reverse("admin:index") not in client.get(reverse("dashboard")).content.decode()
    client.force_login(carol)
    assert reverse("admin:index") in client.get(reverse("dashboard")).content.decode()
