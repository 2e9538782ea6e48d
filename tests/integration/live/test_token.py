"""The LiveKit token: who gets one, and what it allows (decoded with livekit's TokenVerifier)."""

import json
import time

import pytest
from livekit.api import TokenVerifier

from interviews.models import Interview

KEY, SECRET = "APIdevkey", "a-long-enough-dev-secret-for-hs256-signing-0123456789"


@pytest.fixture
def voice(settings):
    settings.LIVEKIT_URL = "wss://livekit.example.test"
    settings.LIVEKIT_API_KEY = KEY
    settings.LIVEKIT_API_SECRET = SECRET
    settings.VOICE_ENABLED = True


def token_url(interview):
    return f"/interviews/{interview.id}/token"


def test_the_token_allows_one_room_for_ten_minutes_with_the_microphone_only(alice_client, interview, voice):
    before = int(time.time())
    response = alice_client.post(token_url(interview))
    assert response.status_code == 200
    body = response.json()
    claims = TokenVerifier(KEY, SECRET).verify(body["token"])
    grants = claims.video
    assert grants.room_join is True and grants.room == body["room"]
    assert grants.can_publish_sources == ["microphone"]
    assert grants.can_subscribe is True and not grants.can_publish_data
    assert claims.identity == body["identity"]
    dispatch = claims.room_config.agents
    assert len(dispatch) == 1 and dispatch[0].agent_name == "interviewer"
    assert json.loads(dispatch[0].metadata) == {"interview_id": str(interview.id)}
    jwt_ttl = _exp(body["token"]) - before
    assert 590 <= jwt_ttl <= 610
    assert body["url"] == "wss://livekit.example.test"
    assert Interview.objects.get(pk=interview.pk).mode == "voice"


def _exp(token):
    import base64

    payload = token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))["exp"]


def test_room_and_identity_are_opaque_and_stable(alice_client, interview, voice, alice):
    first = alice_client.post(token_url(interview)).json()
    second = alice_client.post(token_url(interview)).json()
    assert (first["room"], first["identity"]) == (second["room"], second["identity"])
    for value in (first["room"], first["identity"]):
        assert "alice" not in value.lower() and str(interview.id) not in value
        assert len(value) == 36


def test_voice_off_is_a_clear_409(alice_client, interview, settings):
    settings.LIVEKIT_URL = None
    response = alice_client.post(token_url(interview))
    assert response.status_code == 409
    assert response.json()["error"] == "voice_not_configured"


def test_only_the_owner_gets_a_token(client, bob, interview, voice):
    assert client.post(token_url(interview)).status_code == 401
    client.force_login(bob)
    assert client.post(token_url(interview)).status_code == 404


def test_a_finished_interview_gets_no_token(alice_client, make_interview, alice, voice):
    done = make_interview(alice, status="completed")
    response = alice_client.post(token_url(done))
    assert response.status_code == 409 and response.json()["error"] == "not_joinable"


def test_the_token_needs_a_post(alice_client, interview, voice):
    assert alice_client.get(token_url(interview)).status_code == 405


def test_asking_to_join_a_ready_interview_starts_the_clock_of_the_stale_rule(alice_client, interview, voice):
    assert interview.last_activity_at is None
    assert alice_client.post(token_url(interview)).status_code == 200
    interview.refresh_from_db()
    assert interview.mode == Interview.Mode.VOICE and interview.last_activity_at is not None
