import pytest
from django.test import override_settings

from tests.integration.feedback.helpers import IMMEDIATE_TASKS, backend_role


@pytest.fixture
def immediate_tasks():
    """Run enqueued tasks at once, in the test's own thread and transaction."""
    with override_settings(TASKS=IMMEDIATE_TASKS):
        yield


@pytest.fixture(autouse=True)
def _media_in_tmp(tmp_path, settings):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def role(db):
    return backend_role()


@pytest.fixture
def rules_only(settings):
    settings.OPENAI_API_KEY = None
