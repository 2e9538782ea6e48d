"""Event fan-out: worker API POST to the message on a connected WebSocket, on Redis, 50 interviews at once.

One web process (the site's ASGI application, in this process). 50 candidates are connected to
their interviews' sockets; in each round the worker posts one event to every interview at once
(`POST /api/worker/interviews/<id>/events` through the ASGI handler) and we time each POST until
the event arrives on its socket: the view stores it, announces it on the Redis channel layer, and
the consumer reads it back from the database and sends it. Beside it, in the same run, the bare
Redis `group_send` round trip (send to a one-member group, receive). Writes
bench/results/fanout.json and prints a markdown table.

Needs Redis (REDIS_URL, default redis://127.0.0.1:6379/0). Uses DATABASE_URL if set, otherwise a
fresh SQLite file.
"""

from __future__ import annotations

import asyncio
import datetime
import json
import os
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
RESULTS = ROOT / "bench" / "results"
INTERVIEWS = int(os.environ.get("BENCH_INTERVIEWS", 50))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", 20))
TOKEN = "bench-worker-token"


def setup_django(*, redis: bool) -> None:
    """A throwaway database (unless DATABASE_URL is given) and the chosen channel layer."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mockflow_site.settings")
    if not os.environ.get("DATABASE_URL"):
        folder = tempfile.mkdtemp(prefix="mockflow-bench-")
        os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
        os.environ.setdefault("MOCKFLOW_VAR_DIR", folder)
    os.environ["WORKER_API_TOKEN"] = TOKEN
    os.environ.pop("OPENAI_API_KEY", None)
    if redis:
        os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/0")
    else:
        os.environ.pop("REDIS_URL", None)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def make_interviews(count: int, plan_dict: dict) -> list[tuple[object, bytes]]:
    """`count` ready interviews, each with its own candidate, and each candidate's session cookie."""
    import copy

    from django.contrib.auth import get_user_model
    from django.test import Client

    from interviews.models import Interview, PlanStage, Role, StagePlan

    tag = uuid.uuid4().hex[:8]
    plan = StagePlan.objects.create(name=f"bench-{tag}", title="Quick practice (bench)")
    for order, stage in enumerate(plan_dict["stages"]):
        PlanStage.objects.create(plan=plan, order=order, **{k: stage[k] for k in PlanStage.ENGINE_FIELDS
                                                            if k != "competency"}, competency=stage["competency"] or "")
    role = Role.objects.create(title=f"Backend Engineer {tag}", slug=f"backend-{tag}", competencies=["system_design"],
                               levels=["mid"], plan=plan)
    made = []
    for number in range(count):
        user = get_user_model().objects.create_user(
            email=f"bench-{tag}-{number}@example.com", password="bench-password-123", display_name=f"Casey {number}")
        interview = Interview.objects.create(owner=user, role=role, level="mid", plan=plan,
                                             plan_snapshot=copy.deepcopy(plan_dict), status="ready", seed=number)
        client = Client()
        client.force_login(user)
        made.append((interview, f"sessionid={client.cookies['sessionid'].value}".encode()))
    return made


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))]


def summary(values_ms: list[float]) -> dict:
    return {"n": len(values_ms), "p50_ms": round(percentile(values_ms, 50), 2),
            "p95_ms": round(percentile(values_ms, 95), 2), "mean_ms": round(statistics.mean(values_ms), 2),
            "max_ms": round(max(values_ms), 2)}


def event(seq: int) -> dict:
    at = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%S.000Z")
    return {"id": str(uuid.uuid4()), "seq": seq, "type": "agent.said", "stage": "greeting", "at": at,
            "data": {"text": f"Line {seq}", "started_at": at, "ended_at": at}}


async def run(made) -> dict:
    from channels.layers import get_channel_layer
    from channels.testing import WebsocketCommunicator
    from django.test import AsyncClient

    from mockflow_site.asgi import application

    sockets = []
    for interview, cookie in made:
        comm = WebsocketCommunicator(application, f"/ws/interviews/{interview.id}/",
                                     headers=[(b"host", b"127.0.0.1"), (b"origin", b"http://127.0.0.1"), (b"cookie", cookie)])
        connected, _ = await comm.connect(timeout=10)
        assert connected, "socket refused"
        await comm.send_json_to({"type": "resume", "last_seq": 0})
        assert (await comm.receive_json_from(timeout=10))["type"] == "session"
        sockets.append(comm)

    client = AsyncClient()
    auth = {"authorization": f"Bearer {TOKEN}"}
    leases = []
    for interview, _ in made:
        response = await client.get(f"/api/worker/interviews/{interview.id}/context?take_lease=1", headers=auth)
        leases.append(response.json()["lease_token"])

    errors = 0

    async def one(index: int, seq: int) -> float:
        nonlocal errors
        interview = made[index][0]
        started = time.perf_counter()
        response = await client.post(f"/api/worker/interviews/{interview.id}/events",
                                     json.dumps({"lease_token": leases[index], "events": [event(seq)]}),
                                     content_type="application/json", headers=auth)
        if response.status_code != 200:
            errors += 1
        while True:
            message = await sockets[index].receive_json_from(timeout=30)
            if message.get("seq") == seq:
                return (time.perf_counter() - started) * 1000

    fanout: list[float] = []
    for seq in range(1, ROUNDS + 1):
        fanout += await asyncio.gather(*(one(i, seq) for i in range(len(made))))
    # The same path with one interview at a time: the latency without the burst's queueing.
    alone = [await one(i, ROUNDS + 1) for i in range(len(made))]

    layer = get_channel_layer()
    bare: list[float] = []
    channels = [f"bench-{uuid.uuid4().hex}" for _ in range(INTERVIEWS)]  # one consumer channel each
    groups = [f"bench.{uuid.uuid4().hex}" for _ in channels]
    for channel, group in zip(channels, groups, strict=True):
        await layer.group_add(group, channel)

    async def bare_one(index: int) -> float:
        started = time.perf_counter()
        await layer.group_send(groups[index], {"type": "bench.ping"})
        await layer.receive(channels[index])
        return (time.perf_counter() - started) * 1000

    for _ in range(ROUNDS):
        bare += await asyncio.gather(*(bare_one(i) for i in range(INTERVIEWS)))
    for comm in sockets:
        await comm.disconnect()
    return {"fanout": fanout, "alone": alone, "bare": bare, "errors": errors, "layer": type(layer).__name__}


def main() -> int:
    setup_django(redis=True)
    from agent_worker.core.plans import QUICK_PLAN

    made = make_interviews(INTERVIEWS, QUICK_PLAN)
    measured = asyncio.run(run(made))
    fanout, bare, alone = summary(measured["fanout"]), summary(measured["bare"]), summary(measured["alone"])
    from django.db import connection

    result = {
        "benchmark": "fanout", "interviews": INTERVIEWS, "rounds": ROUNDS, "channel_layer": measured["layer"],
        "database": connection.vendor, "worker_post_to_socket": fanout, "worker_post_to_socket_one_at_a_time": alone, "bare_group_send_roundtrip": bare,
        "errors": measured["errors"],
        "ratio_p50": round(fanout["p50_ms"] / bare["p50_ms"], 1) if bare["p50_ms"] else None,
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "fanout.json").write_text(json.dumps(result, indent=2) + "\n")
    print(f"{INTERVIEWS} interviews at once, {ROUNDS} rounds, {measured['layer']}, {connection.vendor} database\n")
    print("| measure | n | p50 ms | p95 ms | max ms |")
    print("|---|---|---|---|---|")
    print(f"| worker API POST → event on the socket | {fanout['n']} | {fanout['p50_ms']} | {fanout['p95_ms']} | "
          f"{fanout['max_ms']} |")
    print(f"| the same, one interview at a time | {alone['n']} | {alone['p50_ms']} | {alone['p95_ms']} | "
          f"{alone['max_ms']} |")
    print(f"| bare group_send round trip | {bare['n']} | {bare['p50_ms']} | {bare['p95_ms']} | {bare['max_ms']} |")
    print(f"| errors | {measured['errors']} | | | |")
    return 1 if measured["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
