"""LiveKit access tokens for voice interviews. The only module that imports `livekit.api`.

A token is for one room, ten minutes, microphone-only publishing, and its room configuration
dispatches the `interviewer` agent with the interview id as job metadata. Room names and identities
are UUIDs derived from the interview (never names or emails), so a reconnecting candidate asking
for a new token lands in the same room as the same participant.
"""

from __future__ import annotations

import datetime
import json
import uuid
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.utils import timezone
from livekit import api

from agent_worker.adapters.voice_settings import AGENT_NAME
from interviews.models import Interview, Status

TOKEN_TTL = datetime.timedelta(minutes=10)
_ROOM_NAMESPACE = uuid.UUID("6d1c1f7e-5f0c-4d7b-9a55-3b0f7c1e2a10")
_IDENTITY_NAMESPACE = uuid.UUID("a3f4b2c1-8e9d-4c6b-b1a2-7d5e4f3c2b1a")


class VoiceNotConfigured(Exception):
    """LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET are not all set."""


class InterviewNotJoinable(Exception):
    """Only a ready or live interview can be joined."""


@dataclass(frozen=True)
class IssuedToken:
    token: str
    url: str
    room: str
    identity: str
    expires_at: datetime.datetime

    def as_dict(self) -> dict[str, Any]:
        return {"token": self.token, "url": self.url, "room": self.room, "identity": self.identity,
                "expires_at": self.expires_at.isoformat().replace("+00:00", "Z")}


def voice_configured() -> bool:
    return bool(settings.LIVEKIT_URL and settings.LIVEKIT_API_KEY and settings.LIVEKIT_API_SECRET)


def room_name(interview: Interview) -> str:
    return str(uuid.uuid5(_ROOM_NAMESPACE, str(interview.pk)))


def participant_identity(interview: Interview) -> str:
    return str(uuid.uuid5(_IDENTITY_NAMESPACE, f"{interview.pk}:{interview.owner_id}"))


def livekit_token_issue(*, interview: Interview) -> IssuedToken:
    """Issue a short token to join the interview's room; the interview goes to voice mode."""
    if not voice_configured():
        raise VoiceNotConfigured("Voice interviews are not configured on this server.")
    if interview.status not in (Status.READY, Status.LIVE):
        raise InterviewNotJoinable(f"This interview is {interview.status}.")
    room, identity = room_name(interview), participant_identity(interview)
    grants = api.VideoGrants(
        room_join=True, room=room, can_publish=True, can_subscribe=True, can_publish_data=False,
        can_publish_sources=["microphone"], can_update_own_metadata=False,
    )
    dispatch = api.RoomAgentDispatch(agent_name=AGENT_NAME, metadata=json.dumps({"interview_id": str(interview.pk)}))
    token = (
        api.AccessToken(settings.LIVEKIT_API_KEY, settings.LIVEKIT_API_SECRET)
        .with_identity(identity)
        .with_name("Candidate")
        .with_grants(grants)
        .with_ttl(TOKEN_TTL)
        .with_room_config(api.RoomConfiguration(agents=[dispatch]))
        .to_jwt()
    )
    changes: dict[str, Any] = {}
    if interview.mode != Interview.Mode.VOICE:
        changes["mode"] = interview.mode = Interview.Mode.VOICE
    if interview.status == Status.READY:
        # The candidate asked to join: if no worker starts the job, the stale rule fails the interview.
        changes["last_activity_at"] = interview.last_activity_at = timezone.now()
    if changes:
        Interview.objects.filter(pk=interview.pk).update(**changes)
    return IssuedToken(token=token, url=settings.LIVEKIT_URL or "", room=room, identity=identity,
                       expires_at=timezone.now() + TOKEN_TTL)
