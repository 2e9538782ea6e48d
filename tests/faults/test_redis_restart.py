"""Redis restarted under live text interviews: none goes on without its candidate; each resumes."""

import asyncio
import datetime
import time

import pytest
from asgiref.sync import sync_to_async
from django.utils import timezone

from interviews.services.stale import interviews_abandon_stale
from tests.faults.helpers import STAGE_CAP, cookie_of, fast_plan, measured, settled, stored
from tests.faults.processes import daphne, site_env
from tests.faults.sockets import Page, asks_question, is_event, session_driving

pytestmark = pytest.mark.django_db(transaction=True)

async def test_a_redis_restart_pauses_each_interview_and_it_resumes_with_every_answer(
        shared_db, redis, procs, make_interview, alice, client):
    env = site_env(database_url=shared_db, redis_url=f"redis://127.0.0.1:{redis.port}/0",
                   TEXT_DRIVER_LEASE_SECONDS="6")
    web = procs.add(daphne("web", env, procs.log_dir))
    base = f"http://127.0.0.1:{web.port}"
    cookie = await sync_to_async(cookie_of)(client, alice)
    interviews = [await sync_to_async(make_interview)(alice, plan=fast_plan(), seed=seed) for seed in (1, 2)]
    pages = [Page(base, interview.id, cookie) for interview in interviews]
    try:
        for n, page in enumerate(pages):
            await page.connect()
            await page.send(type="start")
            await page.read_until(asks_question)
            await page.answer("Yes, I'm ready to begin.", f"p{n}-a1")
            await page.read_until(lambda m: asks_question(m) and m["stage"] == "self_intro")

        # Redis goes away for three seconds, then comes back empty.
        redis.kill()
        await asyncio.sleep(3)
        redis.start()

        # The interviews stop where they were: one interview.paused, nothing after it, still live,
        # however long the candidate is away (past the stage cap and the silence budget).
        await asyncio.sleep(STAGE_CAP + 4)
        for interview in interviews:
            row, events = await stored(interview)
            assert row.status == "live", (row.status, [e["type"] for e in events])
            assert events[-1]["type"] == "interview.paused", [e["type"] for e in events]
            assert events[-1]["data"] == {"reason": "connection_lost"}
            assert not any(e["type"] == "candidate.reprompted" for e in events)

        # The first candidate's page reconnects and resumes from the last event it saw: the same
        # question is on the screen, the interview goes on, and every answer is kept.
        page = pages[0]
        with pytest.raises(ConnectionError):
            await page.read_until(lambda m: False, timeout=5)  # the old socket was closed by the server
        back = time.monotonic()
        await page.reconnect()
        await page.read_until(session_driving)
        resumed_after = time.monotonic() - back
        resumed = await page.read_until(is_event("interview.resumed"))
        assert resumed["data"]["reason"] == "reconnected"
        current = [e for e in page.events if asks_question(e)][-1]
        assert current["stage"] == "self_intro"
        answers = ["I'm a backend engineer at Acme; I led the payments team of 5 and built our billing API.",
                   "At my last company checkout was slow; I profiled it, rewrote the queries and added caching, "
                   "which cut p95 latency from 900 ms to 200 ms.",
                   "No questions from me, thank you."]
        for n, text in enumerate(answers, start=2):
            await page.answer(text, f"p0-a{n}")
            done = await page.read_until(lambda m: asks_question(m) or is_event("interview.ended")(m), timeout=15)
            if done["type"] == "interview.ended":
                break
        if not is_event("interview.ended")(page.messages[-1]):
            await page.read_until(is_event("interview.ended"), timeout=20)
        row, events = await settled(interviews[0])
        assert row.status == "completed"
        said = [e["data"]["text"] for e in events if e["type"] == "candidate.said"]
        assert said[0] == "Yes, I'm ready to begin." and said[1] == answers[0]
        assert len(said) == len(set(said))
        kinds = [e["type"] for e in events]
        assert kinds.count("interview.paused") == 1 and kinds.count("interview.resumed") == 1

        # The second candidate never comes back: the stale rule abandons the interview; never completed.
        row, _ = await stored(interviews[1])
        assert row.status == "live" and row.lease_expires_at is None
        abandoned = await sync_to_async(interviews_abandon_stale)(
            now=timezone.now() + datetime.timedelta(hours=1), older_than=datetime.timedelta(minutes=15))
        assert abandoned == 1
        row, events = await stored(interviews[1])
        assert row.status == "abandoned" and events[-1]["data"] == {"reason": "disconnected"}
        measured("redis_restart", interviews=len(interviews), completed_without_candidate=0,
                 resumed_seconds=round(resumed_after, 2), answers_lost=0)
    finally:
        for page in pages:
            await page.close()
