"""A web process killed mid-answer: the page reconnects to another process, which takes the
interview over at once (no 30-second "open in another tab"), and the answer is stored once."""

import asyncio
import time

import pytest
from asgiref.sync import sync_to_async

from tests.faults.helpers import cookie_of, fast_plan, measured, settled
from tests.faults.processes import daphne, site_env
from tests.faults.sockets import (
    LATER_ANSWERS,
    SELF_INTRO,
    Page,
    answer_to_the_end,
    session_driving,
    started_to_self_intro,
)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("kill_after", [0.0, 0.05, 0.5], ids=["in-flight", "being-stored", "stored"])
async def test_a_web_process_killed_mid_answer(shared_db, redis, procs, make_interview, alice, client, kill_after):
    env = site_env(database_url=shared_db, redis_url=f"redis://127.0.0.1:{redis.port}/0")
    first = procs.add(daphne("web1", env, procs.log_dir))
    second = procs.add(daphne("web2", env, procs.log_dir))
    cookie = await sync_to_async(cookie_of)(client, alice)
    interview = await sync_to_async(make_interview)(alice, plan=fast_plan())
    page = Page(f"http://127.0.0.1:{first.port}", interview.id, cookie)
    try:
        await started_to_self_intro(page)
        answer = SELF_INTRO
        await page.answer(answer, "a2")
        await asyncio.sleep(kill_after)
        first.kill()
        crashed = time.monotonic()

        # The page comes back through the other process and gives its unacknowledged answer again.
        page.base_url = f"http://127.0.0.1:{second.port}"
        await page.reconnect()
        if "a2" not in page.acked:
            await page.answer(answer, "a2")
        await page.read_until(session_driving, timeout=10)
        took_over = time.monotonic() - crashed
        assert took_over < 15, f"took {took_over:.1f}s to drive again"  # the lease alone would be 30 s
        assert not any(m.get("type") == "error" for m in page.messages)
        await page.read_until(lambda m: m.get("type") == "answer.ack" and m["client_id"] == "a2", timeout=10)

        # The interview goes on to its end; the answer is stored once.
        await answer_to_the_end(page, LATER_ANSWERS)
        row, events = await settled(interview, timeout=30)
        said = [e["data"].get("client_id") for e in events if e["type"] == "candidate.said"]
        assert said.count("a2") == 1 and said[:2] == ["a1", "a2"], said
        assert row.status == "completed"
        measured(f"web_crash_{kill_after}", takeover_seconds=round(took_over, 2), answers_lost=0,
                 answers_doubled=said.count("a2") - 1)
    finally:
        await page.close()
