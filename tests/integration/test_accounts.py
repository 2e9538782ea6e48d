import json
import re

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import MD5PasswordHasher
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

User = get_user_model()


def _signup(client, email="dana@example.com", name="Dana Candidate", password="a-long-unusual-passphrase"):
    return client.post(
        reverse("accounts:signup"), {"display_name": name, "email": email, "password": password}
    )


def _link_in(message) -> str:
    return re.search(r"https?://\S+", message.body).group(0)


def _path(link: str) -> str:
    return "/" + link.split("://", 1)[1].split("/", 1)[1]


def _signed_in(client) -> bool:
    return "_auth_user_id" in client.session


def test_signing_up_mails_a_link_that_verifies_the_address_and_signs_in(client, db):
    response = _signup(client)

    assert response.status_code == 302
    assert response["Location"] == reverse("accounts:signup_sent")
    assert not _signed_in(client), "nothing on the page may differ from an existing address's sign-up"
    user = User.objects.get(email="dana@example.com")
    assert user.display_name == "Dana Candidate"
    assert not user.email_verified
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["dana@example.com"]
    assert "/accounts/verify/" in mail.outbox[0].body
    assert mail.outbox[0].alternatives, "the mail has an HTML part"

    response = client.get(_path(_link_in(mail.outbox[0])))

    assert response.status_code == 302 and response["Location"] == reverse("dashboard")
    assert _signed_in(client)
    assert User.objects.get(email="dana@example.com").email_verified
    assert client.get(reverse("dashboard")).status_code == 200


def test_the_link_signs_in_only_once(client, db):
    from django.test import Client

    _signup(client)
    path = _path(_link_in(mail.outbox[0]))
    client.get(path)

    other = Client()
    response = other.get(path)

    assert response.status_code == 302 and not _signed_in(other)


def test_a_tampered_verification_link_is_refused(client, db):
    _signup(client)
    link = _link_in(mail.outbox[0]).rstrip("/")
    client.get(_path(link)[:-3] + "xyz/")

    assert not User.objects.get(email="dana@example.com").email_verified
    assert not _signed_in(client)


def test_signing_up_with_an_existing_email_looks_the_same_and_tells_the_owner(client, alice):
    new = _signup(client, email="dana@example.com")
    new_page = client.get(new["Location"]).content.decode()
    mail.outbox.clear()

    existing = _signup(client, email="ALICE@example.com", password="an-attackers-passphrase")
    existing_page = client.get(existing["Location"]).content.decode()

    assert (existing.status_code, existing["Location"]) == (new.status_code, new["Location"])
    strip = lambda page: re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", page)  # noqa: E731
    assert strip(existing_page) == strip(new_page)
    assert not _signed_in(client)
    assert User.objects.filter(email="alice@example.com").count() == 1
    assert User.objects.get(email="alice@example.com").check_password("correct-horse-battery")
    assert [m.to for m in mail.outbox] == [["alice@example.com"]]
    assert "tried to create a MockFlow account" in mail.outbox[0].body
    assert "/accounts/password/reset/" in mail.outbox[0].body


class QueriesAtHashing(MD5PasswordHasher):
    """The tests' fast hasher, noting how many queries the request had made when it hashed."""

    seen: list[int] = []
    capture: CaptureQueriesContext | None = None

    def encode(self, password, salt):
        if self.capture is not None:
            QueriesAtHashing.seen.append(len(self.capture.captured_queries))
        return super().encode(password, salt)


def test_sign_up_hashes_the_password_before_its_first_query_so_no_connection_is_held_through_it(
        client, alice, settings):
    # A request holds its pooled connection from its first query to its end: a hash (about a second of
    # CPU) taken after a query would keep a connection busy, and a burst of sign-ups would exhaust the pool.
    settings.PASSWORD_HASHERS = [f"{__name__}.QueriesAtHashing"]
    QueriesAtHashing.seen = []
    for email in ("dana@example.com", "alice@example.com"):  # a new address and an existing one
        with CaptureQueriesContext(connection) as capture:
            QueriesAtHashing.capture = capture
            try:
                response = _signup(client, email=email)
            finally:
                QueriesAtHashing.capture = None
        assert response.status_code == 302
        assert capture.captured_queries, "the sign-up did query the database"
    assert QueriesAtHashing.seen == [0, 0]
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    assert User.objects.get(email="dana@example.com").check_password("a-long-unusual-passphrase")


def test_verification_can_be_asked_for_again_without_signing_in_and_the_page_says_nothing(client, db, make_user):
    make_user("erin@example.com", verified=False)
    make_user("finn@example.com")  # verified already

    pages = [client.post(reverse("accounts:verify_resend"), {"email": email}, follow=True)
             for email in ("erin@example.com", "finn@example.com", "nobody@example.com")]

    assert [m.to for m in mail.outbox] == [["erin@example.com"]]
    assert all("If an account at" in page.content.decode() for page in pages)
    assert all(page.redirect_chain[-1][0] == reverse("accounts:signup_sent") for page in pages)


def test_at_most_three_emails_an_hour_go_to_one_address(client, make_user, settings):
    assert settings.MAIL_PER_ADDRESS_PER_HOUR == 3
    make_user("erin@example.com", verified=False)
    pages = set()
    for _ in range(5):
        response = client.post(reverse("accounts:verify_resend"), {"email": "erin@example.com"}, follow=True)
        pages.add(response.redirect_chain[-1][0])
    for _ in range(2):
        client.post(reverse("accounts:password_reset"), {"email": "erin@example.com"})

    assert len(mail.outbox) == 3
    assert pages == {reverse("accounts:signup_sent")}


def test_password_resets_are_limited_per_address_too(client, alice):
    responses = [client.post(reverse("accounts:password_reset"), {"email": "alice@example.com"}) for _ in range(5)]

    assert len(mail.outbox) == 3
    assert {r["Location"] for r in responses} == {reverse("accounts:password_reset_done")}


def test_a_signed_in_user_resends_from_the_profile(client, make_user):
    client.force_login(make_user("erin@example.com", verified=False))

    response = client.post(reverse("accounts:verify_resend"), follow=True)

    assert response.redirect_chain[-1][0] == reverse("accounts:profile")
    assert [m.to for m in mail.outbox] == [["erin@example.com"]]


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
