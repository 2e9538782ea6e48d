"""Concurrent text interviews on one web process: at least 100 scripted candidates at once.

Every candidate connects to the site's ASGI application (in this process) with its own session,
starts a Quick practice interview and answers each question as soon as it is asked; the web
process drives every engine (scripted brain) and stores every event. Measured: the time from
sending an answer to the agent's reply arriving on the socket (p50/p95), whole interviews
completed, and errors (error messages, timeouts, interviews not completed). Writes
bench/results/text_interviews.json and prints a markdown table.

Channel layer: in-memory (one web process), or Redis when REDIS_URL is set. Database: DATABASE_URL,
or a fresh SQLite file.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.fanout_bench import RESULTS, make_interviews, setup_django, summary  # noqa: E402

CANDIDATES = int(os.environ.get("BENCH_CANDIDATES", 100))
ANSWERS = [
    "Yes, ready to go.",
    "I'm a backend engineer at Acme; I lead the billing API team of 4 engineers.",
    "At Acme our checkout was slow. My goal was to cut latency: I profiled the service and I added caching, "
    "which reduced p95 latency from 900 ms to 200 ms.",
    "I chose the cache design myself and rolled it out to 3 regions; conversion rose by 2%.",
    "Tickets about slow pages fell by half within a month.",
    "No questions from me, thank you.",
]


async def candidate(interview, cookie, latencies: list[float], errors: list[str]) -> bool:
    from channels.testing import WebsocketCommunicator

    from mockflow_site.asgi import application

    comm = WebsocketCommunicator(application, f"/ws/interviews/{interview.id}/",
                                 headers=[(b"host", b"127.0.0.1"), (b"origin", b"http://127.0.0.1"), (b"cookie", cookie)])
    connected, _ = await comm.connect(timeout=30)
    if not connected:
        errors.append("refused")
        return False
    await comm.send_json_to({"type": "start"})
    answered, sent_at, completed = 0, None, False
    try:
        while True:
            message = await comm.receive_json_from(timeout=60)
            if message.get("type") == "error":
                errors.append(message.get("code", "error"))
                continue
            if message.get("type") == "interview.ended":
                completed = message["data"]["reason"] == "completed"
                if not completed:
                    errors.append("ended:" + message["data"]["reason"])
                break
            if message.get("type") == "agent.said":
                if sent_at is not None:
                    latencies.append((time.perf_counter() - sent_at) * 1000)
                    sent_at = None
                if message["data"].get("question_id"):
                    text = ANSWERS[min(answered, len(ANSWERS) - 1)]
                    await comm.send_json_to({"type": "answer", "text": text})
                    sent_at = time.perf_counter()
                    answered += 1
    except TimeoutError:
        errors.append("timeout")
    await comm.disconnect()
    return completed


async def run(made) -> dict:
    latencies: list[float] = []
    errors: list[str] = []
    started = time.perf_counter()
    done = await asyncio.gather(*(candidate(i, c, latencies, errors) for i, c in made))
    return {"latencies": latencies, "errors": errors, "completed": sum(done),
            "seconds": time.perf_counter() - started}


def main() -> int:
    setup_django(redis=bool(os.environ.get("REDIS_URL")))
    from channels.layers import get_channel_layer
    from django.db import connection

    from agent_worker.core.plans import QUICK_PLAN

    made = make_interviews(CANDIDATES, QUICK_PLAN)
    measured = asyncio.run(run(made))
    reply = summary(measured["latencies"])
    layer = type(get_channel_layer()).__name__
    result = {
        "benchmark": "text_interviews", "candidates": CANDIDATES, "brain": "scripted", "channel_layer": layer,
        "database": connection.vendor, "answer_to_reply": reply, "completed": measured["completed"],
        "errors": len(measured["errors"]), "error_kinds": sorted(set(measured["errors"])),
        "wall_seconds": round(measured["seconds"], 2),
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "text_interviews.json").write_text(json.dumps(result, indent=2) + "\n")
    print(f"{CANDIDATES} scripted candidates at once on one web process, {layer}, {connection.vendor} database\n")
    print("| measure | value |")
    print("|---|---|")
    print(f"| answers measured | {reply['n']} |")
    print(f"| answer → agent reply p50 | {reply['p50_ms']} ms |")
    print(f"| answer → agent reply p95 | {reply['p95_ms']} ms |")
    print(f"| interviews completed | {measured['completed']} of {CANDIDATES} in {result['wall_seconds']} s |")
    print(f"| errors | {result['errors']} |")
    return 1 if result["errors"] or measured["completed"] != CANDIDATES else 0


if __name__ == "__main__":
    sys.exit(main())
