"""Helpers of the fault tests: a plan with short timers, the stored interview, a session cookie."""

import asyncio
import json
import os

from asgiref.sync import sync_to_async

from interviews.models import Event, Interview
from tests.integration.live.conftest import tiny_plan

STAGE_CAP = 6  # seconds: a driver left running would re-prompt, cut off and end within ~20 s


def fast_plan() -> dict:
    plan = tiny_plan()
    for stage in plan["stages"]:
        stage.update(inactivity_seconds=5, min_seconds=0, max_seconds=STAGE_CAP, overrun_seconds=1,
                     thinking_seconds=1)
    return plan


@sync_to_async
def stored(interview):
    row = Interview.objects.get(pk=interview.pk)
    events = list(Event.objects.filter(interview=interview).order_by("seq").values("seq", "type", "data"))
    return row, events


async def settled(interview, timeout: float = 10.0):
    """The interview once its status is terminal (the driver completes it just after the last event)."""
    for _ in range(int(timeout / 0.1)):
        row, events = await stored(interview)
        if row.status in ("completed", "abandoned", "failed"):
            break
        await asyncio.sleep(0.1)
    return row, events


def cookie_of(client, user) -> str:
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}"


def measured(fault: str, **values) -> None:
    """Note what a fault test measured (seconds to recover, …) for bench/faults_bench.py's table."""
    path = os.environ.get("FAULTS_RESULTS")
    if path:
        with open(path, "a") as out:
            out.write(json.dumps({"fault": fault, **values}) + "\n")
