"""The candidate's report, PDF and dashboard; the staff dashboard (aggregates only)."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from feedback import presenters, selectors
from feedback.forms import PracticeForm, RetakeForm
from feedback.practice import practice_result
from feedback.replay import replays_by_question
from feedback.services.delivery import report_pdf_filename
from feedback.services.interviews import interview_delete
from feedback.services.reports import report_retry
from feedback.services.retakes import attempt_create
from interviews.llm import SpeechToTextError, speech_to_text
from interviews.models import Status
from interviews.services.recordings import recording_audio
from mockflow_site.ranges import ranged_response


def _own_interview(request, interview_id):
    """The signed-in user's interview, or 404: the same answer for someone else's and a missing one."""
    interview = selectors.interview_with_report_for_owner(user=request.user, interview_id=interview_id)
    if interview is None:
        raise Http404("No such interview.")
    return interview


@login_required
@require_GET
def report(request, interview_id):
    interview = _own_interview(request, interview_id)
    the_report = selectors.report_of(interview)
    if the_report is None:
        return render(request, "feedback/no_report.html", {"interview": interview}, status=200)
    return render(request, "feedback/report.html",
                  presenters.report_context(the_report, retakes=selectors.attempt_totals(interview),
                                            replays=replays_by_question(selectors.recordings_of(interview))))


@require_GET
def sample_report(request):
    """The sample report, open to visitors: a simulated interview through the real pipeline."""
    from feedback.sample import sample_report as build_sample

    context = presenters.report_context(build_sample(spoken=settings.VOICE_ENABLED))
    return render(request, "feedback/report.html", {**context, "sample": True})


@login_required
@require_GET
def report_status(request, interview_id):
    interview = _own_interview(request, interview_id)
    the_report = selectors.report_of(interview)
    if the_report is None:
        return JsonResponse({"status": "none", "has_content": False, "steps": {}})
    return JsonResponse({
        "status": the_report.status,
        "has_content": the_report.has_content,
        "steps": {step: the_report.step_status(step) for step in ("analysis", "narrative", "pdf", "email")},
    })


@login_required
@require_GET
def report_counts(request, interview_id):
    """The report's counts (questions asked and answered, duration): the room's end panel shows these."""
    return JsonResponse(selectors.report_counts(_own_interview(request, interview_id)))


@login_required
@require_GET
def report_pdf(request, interview_id):
    interview = _own_interview(request, interview_id)
    the_report = selectors.report_of(interview)
    if the_report is None or not the_report.has_content:
        return render(request, "feedback/no_report.html", {"interview": interview, "pdf": True}, status=404)
    filename = report_pdf_filename(the_report)
    if the_report.pdf.name and the_report.pdf.storage.exists(the_report.pdf.name):
        return FileResponse(the_report.pdf.open("rb"), content_type="application/pdf", filename=filename)
    # The PDF step has not run (or failed): draw it now from the same template.
    from feedback.pdf import render_report_pdf

    response = HttpResponse(render_report_pdf(the_report), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


@login_required
@require_GET
def recording(request, interview_id, seq):
    """The audio of one answer, to its owner only, in the byte ranges a browser's player asks for (seeking)."""
    interview = _own_interview(request, interview_id)
    kept = selectors.recording_at(interview, seq)
    audio = recording_audio(kept) if kept is not None else None
    if kept is None or audio is None:
        raise Http404("No recording of that answer.")
    response = ranged_response(request, audio, kept.content_type)
    response["Cache-Control"] = "private, max-age=3600"
    return response


@login_required
@require_POST
def retry(request, interview_id):
    interview = _own_interview(request, interview_id)
    the_report = selectors.report_of(interview)
    if the_report is not None and report_retry(report=the_report):
        messages.success(request, "We are building your feedback again.")
    return redirect("feedback:report", interview_id=interview.pk)


@login_required
@require_http_methods(["GET", "POST"])
def delete(request, interview_id):
    interview = _own_interview(request, interview_id)
    if request.method == "POST" and request.POST.get("confirm") == "yes":
        interview_delete(interview=interview)
        messages.success(request, "The interview, its transcript and its report were deleted.")
        return redirect("dashboard")
    return render(request, "feedback/delete.html", {"interview": interview})


@login_required
@require_GET
def dashboard(request):
    role = request.GET.get("role") or None
    status = request.GET.get("status") or None
    if status not in {s.value for s in Status}:
        status = None
    page = selectors.dashboard_page(user=request.user, role=role, status=status, page=request.GET.get("page"))
    has_any = bool(page.object_list) or selectors.dashboard_interviews(user=request.user).exists()
    return render(request, "feedback/dashboard.html", {
        "interviews": page.object_list,
        "page": page,
        "has_any": has_any,
        "filtered": bool(role or status),
        "roles": selectors.dashboard_roles(user=request.user),
        "statuses": [s for s in Status if s != Status.DRAFT],
        "role_filter": role or "",
        "status_filter": status or "",
        "trends": presenters.trend_charts(selectors.competency_trends(user=request.user, role=role)) if has_any else [],
    })


@login_required
@require_GET
def staff_dashboard(request):
    if not request.user.is_staff:
        raise PermissionDenied("Staff only.")
    days = selectors.staff_window(request.GET.get("days"))
    overview = presenters.staff_overview_view(selectors.staff_overview(days=days))
    return render(request, "feedback/staff_dashboard.html", {
        "o": overview, "days_chart": overview["days_chart"], "days_chart_narrow": overview["days_chart_narrow"],
    })


@login_required
@require_http_methods(["GET", "POST"])
def practice(request):
    """One answer at a time: pick or write a question, type an answer, get the report's feedback on it."""
    form = PracticeForm(request.POST or None, postings=selectors.job_postings_of(request.user))
    result = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        job = selectors.job_context_of_document(data["posting"])
        result = practice_result(data["question_text"], data["answer"], stage=data["question_stage"], job=job)
    return render(request, "feedback/practice.html", {"form": form, "result": result})


@login_required
@require_http_methods(["GET", "POST"])
def retake(request, interview_id, question_id):
    """One question of the interview tried again: the interview's answer and every retake side by side."""
    interview = _own_interview(request, interview_id)
    original = selectors.interview_answer(interview, question_id)
    if original is None:
        raise Http404("No such question in this interview's report.")
    form = RetakeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        attempt_create(interview=interview, original=original, answer=form.cleaned_data["answer"])
        url = reverse("feedback:retake", kwargs={"interview_id": interview.pk, "question_id": question_id})
        return redirect(f"{url}#latest")
    attempts = selectors.attempts_at(interview, question_id)
    return render(request, "feedback/retake.html", {
        "form": form, "spoken": settings.SPOKEN_RETAKE_ENABLED,
        "transcribe_url": reverse("feedback:retake_transcribe", args=[interview.pk, question_id]),
        **presenters.retake_context(interview, original, attempts),
    })


# A spoken retake, recorded in the page: a few minutes of Opus, under the request body cap (REQUEST_MAX_BYTES).
SPOKEN_RETAKE_MAX_BYTES = 900 * 1024
SPOKEN_RETAKE_MAGIC = {b"\x1a\x45\xdf\xa3": "audio/webm", b"OggS": "audio/ogg"}


@login_required
@require_POST
def retake_transcribe(request, interview_id, question_id):
    """A retake spoken in the page: its words from the configured speech-to-text, for the candidate to read over
    and send (scored like a typed one). JSON: {"text"} or {"error"}."""
    interview = _own_interview(request, interview_id)
    if selectors.interview_answer(interview, question_id) is None:
        raise Http404("No such question in this interview's report.")
    if not settings.SPOKEN_RETAKE_ENABLED:
        return JsonResponse({"error": "Speech-to-text is off on this server: type your answer."}, status=409)
    audio = request.FILES.get("audio")
    if audio is None or audio.size > SPOKEN_RETAKE_MAX_BYTES:
        return JsonResponse({"error": "The recording is missing or too long: keep a spoken answer to a few minutes."},
                            status=413 if audio is not None else 400)
    data = audio.read()
    kind = SPOKEN_RETAKE_MAGIC.get(data[:4])
    if kind is None:
        return JsonResponse({"error": "That recording is not audio this page can send."}, status=415)
    try:
        return JsonResponse({"text": speech_to_text(data, content_type=kind)})
    except SpeechToTextError:
        return JsonResponse({"error": "Your answer could not be turned into text just now: type it instead, or try "
                                      "again."}, status=502)
