"""What an answer costs the database: counted over every connection, on whatever thread runs the query.

From sending an answer to receiving the next question, the web process does one transaction: the
interview row locked and read together with its last seq, the new events in one INSERT, and
`last_activity_at` at most every 30 s; the lease is renewed at most every lease/3 seconds. Nothing is
read back (the events go to the sockets from memory) and the interview, plan and user are not looked
up again. BEGIN and COMMIT are the driver's own and are not counted here.
"""

import threading

import pytest
from asgiref.sync import SyncToAsync
from django.db import connection
from django.db.backends.signals import connection_created

from tests.integration.live.helpers import (
    GOOD_ANSWERS,
    asks_question,
    connected,
    is_event,
    make_app,
    read_until,
    send,
)

pytestmark = pytest.mark.django_db(transaction=True)

MAX_STATEMENTS_PER_ANSWER = 3  # lock and read, insert, and (once in 30 s) the activity time


class StatementCounter:
    """An execute wrapper on every database connection of the process, whichever thread opens it."""

    def __init__(self) -> None:
        self.statements: list[str] = []
        self.lock = threading.Lock()

    def __call__(self, execute, sql, params, many, context):
        with self.lock:
            self.statements.append(sql)
        return execute(sql, params, many, context)

    def watch(self, sender, connection, **kwargs) -> None:
        if self not in connection.execute_wrappers:
            connection.execute_wrappers.append(self)

    def take(self) -> list[str]:
        with self.lock:
            taken, self.statements = self.statements, []
        return taken


@pytest.fixture
def counter():
    counting = StatementCounter()
    connection_created.connect(counting.watch)
    # Connections open already (the one thread-sensitive thread keeps its own) are watched as well.
    SyncToAsync.single_thread_executor.submit(lambda: counting.watch(None, connection)).result()
    yield counting
    connection_created.disconnect(counting.watch)
    SyncToAsync.single_thread_executor.submit(
        lambda: counting in connection.execute_wrappers and connection.execute_wrappers.remove(counting)).result()


async def test_an_answer_costs_at_most_three_statements(quick_interview, alice_cookie, in_memory_layer, counter,
                                                        settings):
    settings.TEXT_DRIVER_LEASE_SECONDS = 600  # no renewal within the test: it is time-driven, not per answer
    comm = await connected(make_app(), quick_interview, alice_cookie)
    await send(comm, type="start")
    await read_until(comm, asks_question)
    per_answer = []
    for answer in GOOD_ANSWERS:
        counter.take()
        await send(comm, type="answer", text=answer)
        reply = await read_until(comm, lambda m: asks_question(m) or is_event("interview.ended")(m))
        if reply["type"] == "interview.ended":
            break  # the end also stores the transcript and the status: not an answer's cost
        per_answer.append(counter.take())
    await comm.disconnect()
    assert len(per_answer) >= 2
    counts = [len(statements) for statements in per_answer]
    assert max(counts) <= MAX_STATEMENTS_PER_ANSWER, per_answer
    # Every answer writes its events; none reads them back or looks the user or the plan up again.
    for statements in per_answer:
        assert sum(s.lstrip().upper().startswith("INSERT") for s in statements) == 1, statements
        assert not any("accounts_user" in s or "interviews_stageplan" in s or "django_session" in s
                       for s in statements), statements
