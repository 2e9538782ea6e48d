"""A candidate's page, as far as the socket goes: aiohttp WebSocket clients against a real daphne."""

from __future__ import annotations

import asyncio
import json

import aiohttp


class Page:
    """One tab: connects, resumes from the last seq it saw, answers with client ids, reconnects."""

    def __init__(self, base_url: str, interview_id, cookie: str) -> None:
        self.base_url, self.interview_id, self.cookie = base_url, interview_id, cookie
        self.session: aiohttp.ClientSession | None = None
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.events: list[dict] = []
        self.messages: list[dict] = []
        self.acked: set[str] = set()
        self.close_code: int | None = None

    @property
    def last_seq(self) -> int:
        return self.events[-1]["seq"] if self.events else 0

    async def connect(self, *, resume: bool = True) -> None:
        self.session = self.session or aiohttp.ClientSession()
        url = self.base_url.replace("http", "ws", 1) + f"/ws/interviews/{self.interview_id}/"
        self.ws = await self.session.ws_connect(url, headers={"Origin": self.base_url, "Cookie": self.cookie},
                                                timeout=aiohttp.ClientWSTimeout(ws_close=2))
        self.close_code = None
        if resume:
            await self.send(type="resume", last_seq=self.last_seq)

    async def reconnect(self, *, timeout: float = 20.0) -> None:
        """Like the page: try again with backoff until the server takes the socket."""
        deadline = asyncio.get_running_loop().time() + timeout
        delay = 0.2
        while True:
            try:
                await self.connect()
                return
            except (aiohttp.ClientError, OSError):
                if asyncio.get_running_loop().time() > deadline:
                    raise
                await asyncio.sleep(delay)
                delay = min(delay * 2, 2.0)

    async def send(self, **message) -> None:
        await self.ws.send_str(json.dumps(message))

    async def answer(self, text: str, client_id: str) -> None:
        await self.send(type="answer", text=text, client_id=client_id)

    async def read_until(self, predicate, timeout: float = 10.0) -> dict:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            left = deadline - loop.time()
            if left <= 0:
                raise AssertionError(f"no matching message in {timeout}s; last: {self.messages[-5:]}")
            message = await self.ws.receive(timeout=left)
            if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING):
                self.close_code = self.ws.close_code
                raise ConnectionError(f"socket closed ({self.ws.close_code})")
            if message.type != aiohttp.WSMsgType.TEXT:
                continue
            data = json.loads(message.data)
            self.messages.append(data)
            if "seq" in data and data["seq"] == self.last_seq + 1:
                self.events.append(data)
            if data.get("type") == "answer.ack":
                self.acked.add(data["client_id"])
            if predicate(data):
                return data

    async def wait_closed(self, timeout: float = 15.0) -> int | None:
        """Read until the server closes the socket; its close code."""
        try:
            while True:
                await self.read_until(lambda m: False, timeout=timeout)
        except ConnectionError:
            return self.close_code

    async def close(self) -> None:
        if self.ws is not None and not self.ws.closed:
            await self.ws.close()
        if self.session is not None:
            await self.session.close()


def is_event(kind):
    return lambda m: m.get("type") == kind and "seq" in m


def asks_question(m) -> bool:
    return m.get("type") == "agent.said" and bool((m.get("data") or {}).get("question_id"))


def session_driving(m) -> bool:
    return m.get("type") == "session" and m.get("driving") is True


async def answer_to_the_end(page: Page, answers: list[str], prefix: str = "end") -> dict:
    """Answer whatever question is on the screen (or the next one) until the interview ends."""
    answers = list(answers)
    n = 0
    while True:
        ended = [e for e in page.events if e["type"] == "interview.ended"]
        if ended:
            return ended[0]
        questions = [e["seq"] for e in page.events if asks_question(e)]
        answered = [e["seq"] for e in page.events if e["type"] == "candidate.said"]
        if questions and (not answered or questions[-1] > answered[-1]) and answers:
            await page.answer(answers.pop(0) if len(answers) > 1 else answers[0], f"{prefix}-{n}")
            n += 1
        await page.read_until(lambda m: asks_question(m) or is_event("interview.ended")(m), timeout=20)


SELF_INTRO = "I'm a backend engineer at Acme; I led the payments team of 5 and built our billing API."
LATER_ANSWERS = ["At my last company checkout was slow; I profiled it and added caching, which cut p95 "
                 "latency from 900 ms to 200 ms.", "No questions, thank you."]


async def started_to_self_intro(page: Page) -> None:
    """Open the page, start the interview and answer the greeting (`a1`): the self-intro question is asked."""
    await page.connect()
    await page.send(type="start")
    await page.read_until(asks_question)
    await page.answer("Yes, I'm ready to begin.", "a1")
    await page.read_until(lambda m: asks_question(m) and m["stage"] == "self_intro")
