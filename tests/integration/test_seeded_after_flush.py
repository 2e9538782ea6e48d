"""A transactional test's flush keeps what the data migrations wrote (tests/seeded.py): otherwise the
tests a pytest-xdist worker runs after it find no roles, plans or Recruiters group."""

import pytest
from django.core.management import call_command

from tests import seeded


@pytest.mark.django_db(transaction=True)
def test_after_a_flush_the_seeded_rows_are_back_as_the_migrations_left_them():
    from django.contrib.auth.models import Group

    from interviews.models import Question, Role, StagePlan

    before = seeded.snapshot()
    assert Role.objects.count() >= 6 and StagePlan.objects.filter(name="quick").exists()

    call_command("flush", verbosity=0, interactive=False, reset_sequences=False)  # as a test's teardown does

    assert seeded.snapshot() == before
    assert Question.objects.filter(role__slug="sales").exclude(tags=[]).exists()  # 0005's tags, not just 0002
    assert Group.objects.get(name="Recruiters").permissions.filter(codename="change_role").exists()
