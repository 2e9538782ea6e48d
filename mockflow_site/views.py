import asyncio
import time

from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.db import connection
from django.http import JsonResponse
from django.shortcuts import redirect
from django.views.decorators.cache import never_cache


def home(request):
    return redirect("dashboard" if request.user.is_authenticated else "accounts:login")


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
