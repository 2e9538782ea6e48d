"""The live interview: the room page and the LiveKit token."""

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_POST

from agent_worker.core.engine import ANSWER_MAX_CHARS, MAX_DURATION_SECONDS
from interviews.models import Status
from interviews.services import livekit_tokens
from interviews.views import own_interview_or_404


def _stages(interview) -> list[dict]:
    plan = interview.plan_snapshot or interview.plan.to_engine_dict()
    return [
        {"name": s.get("name"), "title": s.get("title") or str(s.get("name", "")).replace("_", " ").capitalize(),
         "max_seconds": s.get("max_seconds")}
        for s in plan.get("stages", [])
    ]


@login_required
def room(request, interview_id):
    interview = own_interview_or_404(request, interview_id)
    wants_voice = request.GET.get("mode") == "voice"
    mode = "voice" if wants_voice and settings.VOICE_ENABLED else "text"
    context = {
        "interview": interview,
        "mode": mode,
        "voice_unavailable": wants_voice and not settings.VOICE_ENABLED,
        "stages": _stages(interview),
        "ceiling_seconds": MAX_DURATION_SECONDS,
        "answer_max_chars": ANSWER_MAX_CHARS,
        "joinable": interview.status in (Status.READY, Status.LIVE),
        "urls": {
            "socket": f"/ws/interviews/{interview.pk}/",
            "token": reverse("interviews:token", args=[interview.pk]),
            "feedback": reverse("feedback:report", args=[interview.pk]),
            "counts": reverse("feedback:report_counts", args=[interview.pk]),
            "dashboard": reverse("dashboard"),
            "detail": reverse("interviews:detail", args=[interview.pk]),
        },
    }
    return render(request, "interviews/room.html", context)


@require_POST
def token(request, interview_id):
    if not request.user.is_authenticated:
        return JsonResponse({"error": "login_required", "detail": "Log in to join the interview."}, status=401)
    interview = own_interview_or_404(request, interview_id)
    try:
        issued = livekit_tokens.livekit_token_issue(interview=interview)
    except livekit_tokens.VoiceNotConfigured:
        return JsonResponse({"error": "voice_not_configured", "detail": "Voice interviews are not configured on "
                             "this server: use the text interview instead."}, status=409)
    except livekit_tokens.InterviewNotJoinable:
        return JsonResponse({"error": "not_joinable", "detail": f"This interview is {interview.get_status_display()}"
                             " and cannot be joined.", "status": interview.status}, status=409)
    response = JsonResponse(issued.as_dict())
    response["Cache-Control"] = "no-store"
    return response
