"""The database goes away under a live text interview: the answer is not lost, the candidate sees
"Saving… retrying", and the interview goes on when the database is back."""

import asyncio
import time

import pytest
from asgiref.sync import sync_to_async
from django.db import connection

from tests.faults.helpers import cookie_of, fast_plan, measured, settled
from tests.faults.processes import daphne, database_outage, site_env
from tests.faults.sockets import (
    LATER_ANSWERS,
    SELF_INTRO,
    Page,
    answer_to_the_end,
    started_to_self_intro,
)

pytestmark = pytest.mark.django_db(transaction=True)


async def test_an_answer_given_while_the_database_is_down_is_stored_once_it_is_back(
        shared_db, procs, make_interview, alice, client):
    web = procs.add(daphne("web", site_env(database_url=shared_db, redis_url=None), procs.log_dir))
    cookie = await sync_to_async(cookie_of)(client, alice)
    interview = await sync_to_async(make_interview)(alice, plan=fast_plan())
    page = Page(f"http://127.0.0.1:{web.port}", interview.id, cookie)
    try:
        await started_to_self_intro(page)
        answer = SELF_INTRO
        with database_outage(connection.settings_dict):
            await page.answer(answer, "a2")
            down = time.monotonic()
            notice = await page.read_until(lambda m: m.get("type") == "notice", timeout=10)
            assert notice["code"] == "saving_retrying" and notice["message"] == "Saving… retrying"
            await asyncio.sleep(3)
            assert "a2" not in page.acked
            back = time.monotonic()
        await page.read_until(lambda m: m.get("type") == "answer.ack" and m["client_id"] == "a2", timeout=20)
        acked = time.monotonic()
        assert any(m.get("type") == "notice" and m["code"] == "saved" for m in page.messages)
        assert not any(m.get("type") == "error" for m in page.messages)

        await answer_to_the_end(page, LATER_ANSWERS)
        row, events = await settled(interview, timeout=30)
        said = [e["data"].get("client_id") for e in events if e["type"] == "candidate.said"]
        assert said[:2] == ["a1", "a2"] and said.count("a2") == 1
        assert row.status == "completed"
        measured("database_outage_interview", outage_seconds=round(back - down, 2),
                 stored_seconds_after_back=round(acked - back, 2), answers_lost=0)
    finally:
        await page.close()
