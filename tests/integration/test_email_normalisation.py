"""One address, one account: emails are stored, looked up and throttled in one normalised spelling."""

import importlib

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

from accounts.emails import normalize_email, plan_normalisation

User = get_user_model()
migration = importlib.import_module("accounts.migrations.0003_normalise_emails")


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("ſtaff@Example.COM", "staff@example.com"),
        ("\u212aelvin@example.com", "kelvin@example.com"),
        ("user@BÜCHER.de", "user@xn--bcher-kva.de"),
        ("  Dana@Example.com ", "dana@example.com"),
        ("ｆｕｌｌ@example.com", "full@example.com"),
    ],
)
def test_normalize_email(typed, stored):
    assert normalize_email(typed) == stored


def test_signing_up_stores_the_normalised_address(client, db):
    client.post(reverse("accounts:signup"), {
        "display_name": "Kim", "email": "\u212aIM@Example.COM", "password": "a-long-unusual-passphrase"})

    assert list(User.objects.values_list("email", flat=True)) == ["kim@example.com"]


def test_a_unicode_spelling_of_an_existing_address_makes_no_second_account(client, make_user):
    make_user("staff@example.com")

    client.post(reverse("accounts:signup"), {
        "display_name": "Mallory", "email": "ſtaff@example.com", "password": "a-long-unusual-passphrase"})

    assert User.objects.count() == 1


def test_login_with_another_spelling_reaches_the_account(client, make_user):
    make_user("kim@example.com")

    response = client.post(reverse("accounts:login"), {"email": "\u212aim@EXAMPLE.com", "password": "correct-horse-battery"})

    assert response.status_code == 302


def test_password_reset_finds_the_account_by_any_spelling(client, make_user):
    make_user("sam@example.com")

    client.post(reverse("accounts:password_reset"), {"email": "ſAM@Example.com"})

    assert [m.to for m in mail.outbox] == [["sam@example.com"]]


def test_saving_through_the_admin_or_the_orm_normalises(make_user):
    user = make_user("x@example.com")
    user.email = "ÅSA@Example.com"
    user.save()

    assert User.objects.get(pk=user.pk).email == "åsa@example.com"


def test_the_migration_normalises_existing_rows(make_user):
    a, b = make_user("a@example.com"), make_user("b@example.com")
    User.objects.filter(pk=a.pk).update(email="A@Example.COM")  # as stored before normalisation
    User.objects.filter(pk=b.pk).update(email="\u212a@example.com")

    migration.normalise(apps, None)

    assert sorted(User.objects.values_list("email", flat=True)) == ["a@example.com", "k@example.com"]


def test_the_migration_stops_with_a_report_when_two_rows_collide(make_user):
    a, b = make_user("one@example.com"), make_user("two@example.com")
    User.objects.filter(pk=a.pk).update(email="Pat@example.com")
    User.objects.filter(pk=b.pk).update(email="pat@EXAMPLE.com")

    with pytest.raises(RuntimeError) as raised:
        migration.normalise(apps, None)

    report = str(raised.value)
    assert f"id {a.pk} <Pat@example.com>" in report and f"id {b.pk} <pat@EXAMPLE.com>" in report
    assert "manage.py migrate" in report
    assert User.objects.get(pk=a.pk).email == "Pat@example.com", "nothing changed"


def test_plan_leaves_normalised_rows_alone():
    changes, collisions = plan_normalisation([(1, "a@b.c"), (2, "B@b.c")])
    assert changes == [(2, "b@b.c")] and collisions == []
