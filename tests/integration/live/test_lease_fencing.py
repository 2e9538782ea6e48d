"""One rule fences every write by a lease holder: once the lease is another's (or was never given), it writes nothing."""

import pytest

from interviews.models import Interview
from interviews.services import events as store


def event(seq):
    return {"id": f"00000000-0000-4000-8000-{seq:012d}", "seq": seq, "type": "agent.said", "stage": "greeting",
            "at": "2026-01-01T10:00:00Z", "data": {"text": f"Line {seq}."}}


@pytest.mark.parametrize("token", ["", None])
def test_an_empty_token_renews_and_releases_nothing_on_a_never_leased_interview(interview, token):
    assert interview.lease_token == ""
    assert store.lease_renew(interview=interview, lease_token=token, seconds=60) is False
    assert store.lease_release(interview=interview, lease_token=token) is False
    interview.refresh_from_db()
    assert interview.lease_expires_at is None
    with pytest.raises(store.LeaseLost):
        store.events_append(interview=interview, events=[event(1)], lease_token=token)


def test_a_holder_whose_lease_was_taken_over_writes_nothing_and_the_new_holder_writes(interview):
    old = store.lease_acquire(interview=interview, seconds=60)
    new = store.lease_acquire(interview=interview, seconds=60, force=True)
    assert old and new and old != new
    assert store.lease_renew(interview=interview, lease_token=old, seconds=600) is False
    assert store.lease_release(interview=interview, lease_token=old) is False
    with pytest.raises(store.LeaseLost):
        store.events_append(interview=interview, events=[event(1)], lease_token=old)
    with pytest.raises(store.LeaseLost):
        store.interview_complete(interview=interview, transcript=[], metrics={}, lease_token=old,
                                 reason="completed")
    assert Interview.objects.get(pk=interview.pk).status == "live"
    assert store.events_append(interview=interview, events=[event(1)], lease_token=new).stored == [1]
    assert store.lease_renew(interview=interview, lease_token=new, seconds=60) is True
    assert store.lease_release(interview=interview, lease_token=new) is True
