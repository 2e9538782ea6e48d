import asyncio
import time

from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import connection
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache

from accounts.services import user_home
from interviews.services.plans import offered_plans


def home(request):
    """Visitors meet the landing page; candidates their dashboard; staff the staff dashboard."""
    if request.user.is_authenticated:
        return redirect(user_home(request.user))
    return render(request, "landing.html", {"plans": offered_plans(), **landing_sample()})


def landing_sample() -> dict:
    """What the landing page shows of the sample report: its score and its competency chart."""
    from feedback import charts
    from feedback.analysis import InterviewAnalysis
    from feedback.sample import SAMPLE_ROLE, sample_report

    report = sample_report(spoken=settings.VOICE_ENABLED)
    analysis = InterviewAnalysis.model_validate(report.analysis)
    scores = analysis.competency_scores()
    return {
        "sample_role": SAMPLE_ROLE,
        "sample_plan_title": report.interview.plan.title,
        "sample_score": analysis.overall_score,
        "sample_chart": charts.competency_bar_chart(scores, title="Sam's scores per competency"),
        "sample_chart_narrow": charts.competency_bar_chart(scores, title="Sam's scores per competency", narrow=True),
        "research_enabled": bool(settings.TAVILY_API_KEY),
    }


async def _channel_layer_roundtrip() -> None:
    layer = get_channel_layer()
    channel = await layer.new_channel("healthz.")
    await layer.send(channel, {"type": "healthz.ping"})
    await asyncio.wait_for(layer.receive(channel), timeout=2)


def _database_ping() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


@never_cache
async def healthz(request):
    """Report whether the database and the channel layer answer; 503 when either does not."""
    checks = {}
    started = time.perf_counter()
    try:
        await sync_to_async(_database_ping)()
        checks["database"] = "ok"
    except Exception as error:  # any driver error means unhealthy
        checks["database"] = f"error: {error.__class__.__name__}"
    try:
        await _channel_layer_roundtrip()
        checks["channel_layer"] = "ok"
    except Exception as error:
        checks["channel_layer"] = f"error: {error.__class__.__name__}"
    healthy = all(value == "ok" for value in checks.values())
    body = {"status": "ok" if healthy else "error", "checks": checks,
            "ms": round((time.perf_counter() - started) * 1000, 1)}
    return JsonResponse(body, status=200 if healthy else 503)
