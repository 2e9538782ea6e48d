"""Candidate pages of interview setup: the form, the interview page, and the research poll."""

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponseBadRequest, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from interviews.forms import NewInterviewForm
from interviews.models import Interview
from interviews.selectors import interview_for_owner
from interviews.services.confirm import Correction, FactsLocked, facts_correct
from interviews.services.recordings import recordings_stop
from interviews.services.research_store import research_enabled, research_view
from interviews.services.setup import InterviewLimitReached, interview_create, interview_understanding


def own_interview_or_404(request, interview_id) -> Interview:
    """The signed-in user's interview, or 404: the same answer for someone else's and a missing one."""
    interview = interview_for_owner(user=request.user, interview_id=interview_id)
    if interview is None:
        raise Http404("No such interview.")
    return interview


def _source_interview(request):
    """The interview to practise again (`?from=` or the form's hidden field): the user's own, else 404."""
    source_id = request.POST.get("from_interview") if request.method == "POST" else request.GET.get("from")
    if not source_id:
        return None
    try:
        source_id = uuid.UUID(str(source_id))
    except ValueError:
        raise Http404("No such interview.") from None
    return own_interview_or_404(request, source_id)


QUEUE_NOTICE_SECONDS = 2.0


def queued_notice(seconds: float) -> str:
    return (f"Your documents waited {seconds:.0f} seconds in line before they were read: many candidates were "
            "uploading at the same moment. They were read in full.")


@login_required
def new_interview(request):
    source = _source_interview(request)
    if request.method == "POST":
        form = NewInterviewForm(request.POST, request.FILES, user=request.user, source=source)
        if form.is_valid():
            try:
                interview = interview_create(
                    owner=request.user,
                    role=form.cleaned_data["role"],
                    level=form.cleaned_data["level"],
                    plan=form.cleaned_data["plan"],
                    resume=form.resume_upload(),
                    job_description=form.job_description_upload(),
                    company=form.cleaned_data["company"],
                    keep_recording=form.cleaned_data["keep_recording"],
                )
            except InterviewLimitReached as limit:
                form.add_error(None, str(limit))
            else:
                if form.queued_seconds >= QUEUE_NOTICE_SECONDS:
                    messages.info(request, queued_notice(form.queued_seconds))
                return redirect("interviews:detail", interview_id=interview.id)
    else:
        form = NewInterviewForm(user=request.user, source=source)
    context = {"form": form, "source": source, "research_enabled": research_enabled()}
    return render(request, "interviews/new.html", context)


@login_required
def interview_detail(request, interview_id):
    interview = own_interview_or_404(request, interview_id)
    context = {
        "interview": interview,
        "understood": interview_understanding(interview),
        "research": research_view(interview.research, company=interview.company),
        "research_enabled": research_enabled(),
    }
    return render(request, "interviews/detail.html", context)


@login_required
@require_GET
def interview_research(request, interview_id):
    """The company brief's state, polled by the interview page until it is final."""
    interview = own_interview_or_404(request, interview_id)
    response = JsonResponse(research_view(interview.research, company=interview.company))
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_POST
def interview_facts(request, interview_id):
    """The candidate confirms, corrects or removes a fact setup read with little confidence."""
    interview = own_interview_or_404(request, interview_id)
    try:
        index = int(request.POST["index"]) if request.POST.get("index", "") != "" else None
        correction = Correction(
            fact=request.POST.get("fact", ""), action=request.POST.get("action", ""), index=index,
            title=request.POST.get("title", ""), employer=request.POST.get("employer", ""),
            value=request.POST.get("value", ""),
        )
        facts_correct(interview=interview, correction=correction)
    except FactsLocked as locked:
        messages.error(request, str(locked))
    except (ValueError, KeyError):
        return HttpResponseBadRequest("That correction does not fit this interview's facts.")
    else:
        messages.success(request, "Thanks: the interview will use what you confirmed.")
    return redirect(reverse("interviews:detail", kwargs={"interview_id": interview.id}) + "#understood")


@login_required
@require_POST
def interview_recordings_stop(request, interview_id):
    """The candidate stops keeping recordings of this interview's answers; those kept so far are deleted."""
    interview = own_interview_or_404(request, interview_id)
    deleted = recordings_stop(interview=interview)
    kept = "the recording kept so far is" if deleted == 1 else f"the {deleted} recordings kept so far are"
    messages.success(request, f"Your answers are no longer recorded in this interview; {kept} deleted."
                     if deleted else "Your answers are no longer recorded in this interview.")
    return redirect("interviews:detail", interview_id=interview.id)
