"""The worker API: context, events, completion and answer recordings for the agent worker (DESIGN.md, Contracts)."""

import json

from django.http import Http404
from pydantic import BaseModel
from rest_framework import status
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser, MultiPartParser
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from interviews.api.auth import HasWorkerToken, WorkerTokenAuthentication
from interviews.live.context import engine_context, load_interview
from interviews.models import TERMINAL_STATUSES, Interview, Status, iso_utc
from interviews.services import events as store
from interviews.services import recordings, wire
from mockflow_site.jsontext import invalid_text_message, invalid_text_path


class TextCheckingJSONParser(JSONParser):
    """JSON whose strings can be stored and sent back: a lone surrogate or NUL is a 400, not a 500 later."""

    def parse(self, stream, media_type=None, parser_context=None):
        data = super().parse(stream, media_type, parser_context)
        path = invalid_text_path(data)
        if path:
            raise ParseError(invalid_text_message(path))
        return data


class WorkerView(APIView):
    authentication_classes = [WorkerTokenAuthentication]
    permission_classes = [HasWorkerToken]
    renderer_classes = [JSONRenderer]
    parser_classes = [TextCheckingJSONParser]

    def get_interview(self, interview_id) -> Interview:
        try:
            return load_interview(interview_id)
        except Interview.DoesNotExist:
            raise Http404("No such interview.") from None

    def handle_exception(self, exc):
        if isinstance(exc, store.EventStoreError):
            return Response(exc.as_dict(), status=exc.status)
        return super().handle_exception(exc)

    def body[M: BaseModel](self, data, model: type[M]) -> M:
        try:
            return wire.parse(model, data)
        except wire.InvalidBody as error:
            raise store.InvalidEvents(error.message) from None


class ContextView(WorkerView):
    """The context. `?take_lease=1` (a worker starting a job) also takes the lease, from whoever holds it,
    so a re-dispatched job takes over; a plain read leaves the lease where it is and returns no token."""

    def get(self, request, interview_id):
        interview = self.get_interview(interview_id)
        token = None
        if request.query_params.get("take_lease") in ("1", "true", "yes"):
            token = store.lease_acquire(interview=interview, seconds=store.WORKER_LEASE_SECONDS, force=True)
        elif interview.status in TERMINAL_STATUSES:
            raise store.InterviewTerminal(f"The interview is {interview.status}.", status=interview.status)
        elif interview.status == Status.DRAFT:
            raise store.InterviewNotReady("The interview is not ready yet.", status=interview.status)
        interview.refresh_from_db(fields=["status", "lease_expires_at"])
        data = engine_context(interview)
        data["interview"]["status"] = interview.status
        data["events"] = store.events_after(interview_id=interview.pk, after_seq=0, limit=100_000)
        data["lease_token"] = token
        data["lease_expires_at"] = iso_utc(interview.lease_expires_at) if interview.lease_expires_at else None
        return Response(data)


class EventsView(WorkerView):
    def post(self, request, interview_id):
        interview = self.get_interview(interview_id)
        body = self.body(request.data, wire.EventsBody)
        result = store.events_append(interview=interview, events=body.events, lease_token=body.token)
        if result.stored:
            store.lease_renew(interview=interview, lease_token=body.token,
                              seconds=store.WORKER_LEASE_SECONDS)
        return Response(result.as_dict(), status=status.HTTP_200_OK)


class CompleteView(WorkerView):
    def post(self, request, interview_id):
        interview = self.get_interview(interview_id)
        body = self.body(request.data, wire.CompleteBody)
        result = store.interview_complete(interview=interview, transcript=body.transcript, metrics=body.metrics,
                                          reason=body.reason, lease_token=body.token)
        return Response({"status": result.status, "replay": result.replay})


class RecordingView(WorkerView):
    """`PUT …/recordings/<question_id>/<seq>`: the candidate's audio of one answer, as multipart form data: an
    `audio` file (audio/ogg with Opus, or audio/wav), `lease_token`, and `words` (JSON word timings)."""

    parser_classes = [MultiPartParser]

    def put(self, request, interview_id, question_id, seq):
        interview = self.get_interview(interview_id)
        audio = request.data.get("audio")
        if audio is None or isinstance(audio, str):
            raise store.InvalidEvents("The recording's audio must be sent as the file part `audio`.")
        if audio.size > recordings.RECORDING_MAX_BYTES:
            raise recordings.TooLarge(f"A recording may be at most {recordings.RECORDING_MAX_BYTES} bytes; this one "
                                      f"is {audio.size}.", limit=recordings.RECORDING_MAX_BYTES)
        try:
            words = json.loads(request.data.get("words") or "[]")
        except ValueError:
            raise store.InvalidEvents("`words` must be JSON: a list of {word, start, end}.") from None
        body = self.body({"lease_token": request.data.get("lease_token"), "words": words}, wire.RecordingBody)
        recording, created = recordings.recording_store(
            interview=interview, question_id=question_id, seq=seq, audio=audio.read(),
            content_type=audio.content_type or "", words=body.words, lease_token=body.token)
        return Response({"seq": recording.seq, "duration_seconds": recording.duration_seconds, "stored": created},
                        status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)
