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


@pytest.fixture
def alices_interview(alice, role, immediate_tasks, rules_only):
    """Alice's completed interview with its report built (test_retake.py, test_spoken_retake.py)."""
    from interviews.models import Interview
    from interviews.signals import interview_completed
    from tests.integration.feedback.helpers import completed_interview

    interview = completed_interview(alice, role=role)
    interview_completed.send(sender=type(interview), interview=interview)
    return Interview.objects.get(pk=interview.pk)  # as a request loads it, with its report built
