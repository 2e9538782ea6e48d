"""Personas and shared fixtures. alice and bob are candidates, carol is a recruiter."""

import os

import pytest

from tests.timeouts import fail_after
from tests.workers import redis_url_for_worker, replace_url

pytest_plugins = ["tests.fakes.fixtures"]


def pytest_configure(config):
    """A pytest-xdist worker uses a Redis database of its own (tests/workers.py says why), and so do the
    processes its tests start."""
    from django.conf import settings
    from django.test import override_settings

    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not worker or not settings.REDIS_URL:
        return
    url = redis_url_for_worker(settings.REDIS_URL, worker)
    os.environ["REDIS_URL"] = url
    override_settings(REDIS_URL=url, CACHES=replace_url(settings.CACHES, settings.REDIS_URL, url),
                      CHANNEL_LAYERS=replace_url(settings.CHANNEL_LAYERS, settings.REDIS_URL, url)).enable()


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The test database, migrated; after each flush its seeded rows are put back (tests/seeded.py)."""
    from django.db.models.signals import post_migrate

    from tests import seeded

    with django_db_blocker.unblock():
        rows = seeded.snapshot()

    def put_back(using, **kwargs):
        seeded.restore(rows, using)

    post_migrate.connect(put_back, sender=seeded.last_app_with_models(), weak=False,
                         dispatch_uid="tests.seeded.put_back")
    yield
    post_migrate.disconnect(dispatch_uid="tests.seeded.put_back")


@pytest.fixture
def make_user(db, django_user_model):
    def make(email, *, display_name=None, password="correct-horse-battery", verified=True, **extra):
        from django.utils import timezone

        user = django_user_model.objects.create_user(
            email=email,
            password=password,
            display_name=display_name or email.split("@")[0].title(),
            email_verified_at=timezone.now() if verified else None,
            **extra,
        )
        return user

    return make


@pytest.fixture
def alice(make_user):
    return make_user("alice@example.com", display_name="Alice Example")


@pytest.fixture
def bob(make_user):
    return make_user("bob@example.com", display_name="Bob Example")


@pytest.fixture
def carol(make_user):
    from django.contrib.auth.models import Group

    user = make_user("carol@example.com", display_name="Carol Recruiter", is_staff=True)
    user.groups.add(Group.objects.get(name="Recruiters"))
    return user


@pytest.fixture
def alice_client(client, alice):
    client.force_login(alice)
    return client


@pytest.fixture(autouse=True)
def _fast_password_hasher(settings):
    """The default hasher costs ~0.3 s per password on purpose; tests do not need that."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Login throttles live in the cache: start every test with none."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _close_connections_of_sync_to_async_thread():
    """Async tests reach the ORM from asgiref's shared worker thread; close its connection afterwards
    so the test database can be dropped at the end of the run (PostgreSQL refuses while it is open)."""
    yield
    from asgiref.sync import SyncToAsync
    from django.db import connections

    from interviews.textmode.store import close_database_threads

    close_database_threads()  # calls a finished test left running end before the database is flushed
    SyncToAsync.single_thread_executor.submit(connections.close_all).result(timeout=10)


HARD_TIMEOUT_SECONDS = 120


@pytest.fixture
def hard_timeout():
    """Fail a test that hangs instead of hanging the suite (its setup, call and teardown)."""
    with fail_after(HARD_TIMEOUT_SECONDS):
        yield
