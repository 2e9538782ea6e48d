"""Concurrent text interviews over real sockets against real daphne processes, beside a bare echo consumer.

The stack (bench/stack.py): PostgreSQL (a bench database of its own), channels-redis on a Redis of its
own, and daphne processes serving the site plus a bare Channels echo consumer (bench/asgi.py). This
process is only the candidates' browsers: aiohttp WebSockets, spread round-robin over the processes.

Scenarios, each at several concurrencies (`BENCH_CONCURRENCIES`, default 20,100,200) on 1 and on 2 web
processes:
- echo: each client opens a socket, sends 7 frames one after the other (what an interview sends:
  start and six answers), each echoed through the socket's channel-layer group; then the next socket.
- interviews: each client runs Quick practice interviews one after the other (scripted brain, real
  time), answering each question the moment it arrives (no think time). Measured: answers/s while
  every client is busy, and the time from sending an answer to the next question (or the end).
- think time: `BENCH_THINK_CONCURRENCY` (200) interviews at once on 2 processes, each answer sent
  `BENCH_THINK_SECONDS` (3) after its question: the latency a candidate feels at that load. Run twice:
  in lockstep (every interview starts in the same second and every answer comes exactly 3 s after its
  question, so all 200 answers arrive in the same instant, turn after turn: the worst case), and spread
  (starts spread over the first 3 s, each think time drawn between 1.5 and 4.5 s, seeded: candidates
  who do not type in step).
- watchers across processes: each interview also open in a second tab on the other process; the
  lag between the driving tab and the watching tab receiving each event, and events a watcher missed.

Errors: error messages on a socket, refused sockets, timeouts and interviews that did not complete.
Writes bench/results/text_interviews.json and prints the tables.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import statistics
import sys
import threading
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.stack import start_stack  # noqa: E402

RESULTS = ROOT / "bench" / "results"
CONCURRENCIES = [int(c) for c in os.environ.get("BENCH_CONCURRENCIES", "20,100,200").split(",")]
PROCESSES = [int(p) for p in os.environ.get("BENCH_PROCESS_COUNTS", "1,2").split(",")]
ANSWERS_PER_RUN = int(os.environ.get("BENCH_ANSWERS", 1200))  # per scenario, spread over the clients
THINK_SECONDS = float(os.environ.get("BENCH_THINK_SECONDS", 3))
THINK_CONCURRENCY = int(os.environ.get("BENCH_THINK_CONCURRENCY", 200))
WATCHED = int(os.environ.get("BENCH_WATCHED", 20))
TIMEOUT = 60.0
# channels-redis at times loses an echo frame under socket churn (seen at 1 web process with its CPU idle,
# and now and then at 2); a lost frame is counted and its socket given up after this, so that it does not
# hold its client for a minute and drag the ceiling down. Only MockFlow's own errors fail the bench.
ECHO_TIMEOUT = 5.0
ANSWERS = [
    "Yes, ready to go.",
    "I'm a backend engineer at Acme; I lead the billing API team of 4 engineers.",
    "At Acme our checkout was slow. My goal was to cut latency: I profiled the service and I added caching, "
    "which reduced p95 latency from 900 ms to 200 ms.",
    "I chose the cache design myself and rolled it out to 3 regions; conversion rose by 2%.",
    "Tickets about slow pages fell by half within a month.",
    "No questions from me, thank you.",
]
FRAMES_PER_SOCKET = 1 + len(ANSWERS)


def varied(text: str, interview_id: str) -> str:
    """The answer with its numbers changed for this interview, so no two interviews send the same story
    and nothing the server keeps from reading one answer can flatter the next interview's."""
    shift = int(str(interview_id).replace("-", "")[:6], 16) % 997
    return re.sub(r"\d+", lambda m: str(int(m.group()) + shift), text)


# -- set-up in this process (Django against the bench database) --------------------------------------


def make_candidates(count: int) -> list[tuple[object, str]]:
    """`count` candidates with a logged-in session each: (user, cookie header)."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
    from django.contrib.auth.hashers import make_password
    from django.contrib.sessions.backends.db import SessionStore

    users = get_user_model().objects.bulk_create([
        get_user_model()(email=f"load-{uuid.uuid4().hex[:10]}@example.com", display_name=f"Casey {n}",
                         password=make_password(None))  # sessions are made here, not by login
        for n in range(count)
    ])
    made = []
    for user in users:
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = "accounts.backends.EmailBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
        made.append((user, f"sessionid={session.session_key}"))
    return made


def make_interviews(owners: list, per_owner: int) -> list[list[str]]:
    """`per_owner` ready Quick practice interviews for each owner: their ids, owner by owner."""
    import copy

    from agent_worker.core.plans import QUICK_PLAN
    from interviews.models import Interview, PlanStage, Role, StagePlan

    tag = uuid.uuid4().hex[:8]
    plan = StagePlan.objects.create(name=f"load-{tag}", title="Quick practice (load)")
    PlanStage.objects.bulk_create([
        PlanStage(plan=plan, order=order, competency=stage["competency"] or "",
                  **{k: stage[k] for k in PlanStage.ENGINE_FIELDS if k != "competency"})
        for order, stage in enumerate(QUICK_PLAN["stages"])
    ])
    role = Role.objects.create(title=f"Backend Engineer {tag}", slug=f"load-{tag}", competencies=["system_design"],
                               levels=["mid"], plan=plan)
    rows = [[Interview(owner=owner, role=role, level="mid", plan=plan, plan_snapshot=copy.deepcopy(QUICK_PLAN),
                       status="ready", seed=n) for n in range(per_owner)] for owner in owners]
    Interview.objects.bulk_create([row for owner_rows in rows for row in owner_rows], batch_size=500)
    return [[str(row.id) for row in owner_rows] for owner_rows in rows]


# -- the clients --------------------------------------------------------------------------------------


class Tally:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.reply_times: list[float] = []
        self.errors: list[str] = []
        self.completed = 0
        self.busy_until: float | None = None  # when the first client ran out of work

    def reply(self, sent_at: float) -> None:
        now = time.perf_counter()
        self.latencies.append((now - sent_at) * 1000)
        self.reply_times.append(now)

    def client_done(self) -> None:
        if self.busy_until is None:
            self.busy_until = time.perf_counter()


async def connect(session, base: str, path: str, cookie: str | None, tally: Tally):
    import aiohttp

    headers = {"Origin": base.replace("ws://", "http://", 1)}  # the page's own address
    if cookie:
        headers["Cookie"] = cookie
    try:
        return await session.ws_connect(base + path, headers=headers, timeout=aiohttp.ClientWSTimeout(ws_close=5),
                                        autoping=True, heartbeat=None)
    except Exception as error:  # refused handshake, reset
        why = getattr(error, "strerror", None) or getattr(error, "status", None) or ""
        tally.errors.append(f"connect:{type(error).__name__}" + (f" ({why})" if why else ""))
        return None


async def receive(ws, timeout: float = TIMEOUT) -> dict | None:
    import aiohttp

    message = await asyncio.wait_for(ws.receive(), timeout)
    if message.type != aiohttp.WSMsgType.TEXT:
        return None
    return json.loads(message.data)


async def one_interview(session, base: str, cookie: str, interview_id: str, think: float, tally: Tally,
                        seen: dict | None = None, spread: random.Random | None = None) -> None:
    """Start the interview, answer every question (after `think` seconds, or between half and one and a
    half times that with `spread`), until it ends."""
    ws = await connect(session, base, f"/ws/interviews/{interview_id}/", cookie, tally)
    if ws is None:
        return
    answered, sent_at = 0, None
    try:
        await ws.send_json({"type": "start"})
        while True:
            message = await receive(ws)
            if message is None:
                tally.errors.append("closed")
                return
            if seen is not None and "seq" in message:
                seen.setdefault(message["seq"], time.perf_counter())
            kind = message.get("type")
            if kind == "error":
                tally.errors.append(message.get("code", "error"))
                continue
            if kind == "interview.ended":
                if sent_at is not None:
                    tally.reply(sent_at)
                if message["data"]["reason"] == "completed":
                    tally.completed += 1
                else:
                    tally.errors.append("ended:" + message["data"]["reason"])
                return
            if kind == "agent.said" and message["data"].get("question_id"):
                if sent_at is not None:
                    tally.reply(sent_at)
                    sent_at = None
                if think:
                    await asyncio.sleep(think * (0.5 + spread.random()) if spread else think)
                await ws.send_json({"type": "answer",
                                    "text": varied(ANSWERS[min(answered, len(ANSWERS) - 1)], interview_id)})
                sent_at = time.perf_counter()
                answered += 1
    except TimeoutError:
        tally.errors.append("timeout")
    finally:
        await ws.close()


async def watch(session, base: str, cookie: str, interview_id: str, seen: dict, ready: asyncio.Event,
                tally: Tally) -> None:
    """A second tab on another process: resume from 0 and note when each event arrives, until the end."""
    ws = await connect(session, base, f"/ws/interviews/{interview_id}/", cookie, tally)
    if ws is None:
        ready.set()
        return
    try:
        await ws.send_json({"type": "resume", "last_seq": 0})
        while True:
            message = await receive(ws)
            if message is None:
                return
            if message.get("type") == "session":
                ready.set()
            if "seq" in message:
                seen.setdefault(message["seq"], time.perf_counter())
                if message.get("type") == "interview.ended":
                    return
    except TimeoutError:
        tally.errors.append("watcher-timeout")
    finally:
        ready.set()
        await ws.close()


async def interviews_client(session, bases: list[str], offset: int, cookie: str, ids: list[str], think: float,
                            tally: Tally, spread: random.Random | None = None) -> None:
    if spread:
        await asyncio.sleep(spread.uniform(0, think))
    for number, interview_id in enumerate(ids):
        await one_interview(session, bases[(offset + number) % len(bases)], cookie, interview_id, think, tally,
                            spread=spread)
    tally.client_done()


async def echo_client(session, bases: list[str], offset: int, sockets: int, tally: Tally) -> None:
    for number in range(sockets):
        ws = await connect(session, bases[(offset + number) % len(bases)], "/ws/bench/echo/", None, tally)
        if ws is None:
            continue
        try:
            for frame in range(FRAMES_PER_SOCKET):
                sent_at = time.perf_counter()
                await ws.send_str(json.dumps({"type": "answer", "text": ANSWERS[frame % len(ANSWERS)]}))
                if await receive(ws, ECHO_TIMEOUT) is None:
                    tally.errors.append("closed")
                    break
                tally.reply(sent_at)
        except TimeoutError:
            tally.errors.append("lost")  # the frame never came back: the next socket, not a minute's wait
        finally:
            await ws.close()
    tally.client_done()


async def run_clients(clients) -> float:
    import aiohttp

    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
        started = time.perf_counter()
        await asyncio.gather(*(client(session) for client in clients))
    return started


# -- measuring ----------------------------------------------------------------------------------------


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))] if ordered else 0.0


class Sampler:
    """CPU of each web process and the database's open connections, around one scenario."""

    def __init__(self, stack) -> None:
        self.stack = stack
        self.peak_connections = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self) -> None:
        while not self._stop.is_set():
            try:
                self.peak_connections = max(self.peak_connections, self.stack.connections())
            except Exception:
                pass
            self._stop.wait(0.5)

    def __enter__(self):
        self.cpu_before = self.stack.cpu()
        self.wall_before = time.perf_counter()
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()
        wall = time.perf_counter() - self.wall_before
        self.cpu_percent = [round(100 * (after - before) / wall) for before, after
                            in zip(self.cpu_before, self.stack.cpu(), strict=True)]


def scenario_result(name: str, processes: int, concurrency: int, think: float, tally: Tally, started: float,
                    sampler: Sampler) -> dict:
    end = tally.busy_until or time.perf_counter()
    in_window = [t for t in tally.reply_times if started <= t <= end]
    rate = len(in_window) / (end - started) if end > started else 0.0
    result = {
        "scenario": name, "processes": processes, "concurrency": concurrency, "think_seconds": think,
        "answers": len(tally.latencies), "answers_per_second": round(rate, 1),
        "p50_ms": round(percentile(tally.latencies, 50), 1), "p95_ms": round(percentile(tally.latencies, 95), 1),
        "p99_ms": round(percentile(tally.latencies, 99), 1),
        "mean_ms": round(statistics.mean(tally.latencies), 1) if tally.latencies else 0.0,
        "errors": len(tally.errors), "error_kinds": sorted(set(tally.errors)),
        "completed": tally.completed, "web_cpu_percent": sampler.cpu_percent,
        "peak_db_connections": sampler.peak_connections,
    }
    if rate and not think:
        # Every client waits for its reply before the next answer: the mean latency throughput implies.
        result["implied_mean_ms"] = round(1000 * concurrency / rate, 1)
    return result


def run_interviews(stack, candidates, processes: int, concurrency: int, think: float, per_client: int,
                   spread: bool = False) -> dict:
    bases = [f"ws://127.0.0.1:{port}" for port in stack.ports[:processes]]
    owners = candidates[:concurrency]
    ids = make_interviews([user for user, _ in owners], per_client)
    tally = Tally()
    clients = [
        (lambda session, n=n: interviews_client(session, bases, n, owners[n][1], ids[n], think, tally,
                                                random.Random(n) if spread else None))
        for n in range(concurrency)
    ]
    with Sampler(stack) as sampler:
        started = asyncio.run(run_clients(clients))
    expected = concurrency * per_client
    if tally.completed != expected:
        tally.errors += ["not completed"] * (expected - tally.completed - sum(e.startswith("ended:")
                                                                           for e in tally.errors))
    name = "interviews" if not think else "think, spread" if spread else "think, lockstep"
    return scenario_result(name, processes, concurrency, think, tally, started, sampler)


def run_echo(stack, processes: int, concurrency: int, sockets_per_client: int) -> dict:
    bases = [f"ws://127.0.0.1:{port}" for port in stack.ports[:processes]]
    tally = Tally()
    clients = [(lambda session, n=n: echo_client(session, bases, n, sockets_per_client, tally))
               for n in range(concurrency)]
    with Sampler(stack) as sampler:
        started = asyncio.run(run_clients(clients))
    return scenario_result("echo", processes, concurrency, 0.0, tally, started, sampler)


def run_watched(stack, candidates, count: int) -> dict:
    """`count` interviews on 2 processes, each watched from the other process (1 s think time)."""
    bases = [f"ws://127.0.0.1:{port}" for port in stack.ports[:2]]
    owners = candidates[:count]
    ids = make_interviews([user for user, _ in owners], 1)
    tally, lags, missed = Tally(), [], 0

    async def pair(session, n: int) -> None:
        nonlocal missed
        driver_seen, watcher_seen, ready = {}, {}, asyncio.Event()
        watcher = asyncio.create_task(watch(session, bases[(n + 1) % 2], owners[n][1], ids[n][0], watcher_seen,
                                            ready, tally))
        await ready.wait()
        await one_interview(session, bases[n % 2], owners[n][1], ids[n][0], 1.0, tally, seen=driver_seen)
        await asyncio.wait_for(watcher, TIMEOUT)
        missed += len(set(driver_seen) - set(watcher_seen))
        lags.extend((watcher_seen[seq] - at) * 1000 for seq, at in driver_seen.items() if seq in watcher_seen)

    with Sampler(stack) as sampler:
        asyncio.run(run_clients([(lambda session, n=n: pair(session, n)) for n in range(count)]))
    return {"scenario": "watchers", "processes": 2, "interviews": count, "events": len(lags), "missed": missed,
            "lag_p50_ms": round(percentile(lags, 50), 1), "lag_p95_ms": round(percentile(lags, 95), 1),
            "lag_max_ms": round(max(lags), 1) if lags else 0.0, "errors": len(tally.errors),
            "error_kinds": sorted(set(tally.errors)), "web_cpu_percent": sampler.cpu_percent}


# -- report -------------------------------------------------------------------------------------------


def main() -> int:
    stack = start_stack(max(PROCESSES))
    try:
        from django.db import connection

        candidates = make_candidates(max([*CONCURRENCIES, THINK_CONCURRENCY, WATCHED]))
        connection.close()
        runs = []
        for processes in PROCESSES:
            for concurrency in CONCURRENCIES:
                per_client = max(1, round(ANSWERS_PER_RUN / concurrency / len(ANSWERS)))
                echo = run_echo(stack, processes, concurrency, per_client)
                ours = run_interviews(stack, candidates, processes, concurrency, 0.0, per_client)
                ours["ratio_to_echo"] = round(ours["answers_per_second"] / echo["answers_per_second"], 3) \
                    if echo["answers_per_second"] else None
                runs += [echo, ours]
                print(f"  {processes} proc, {concurrency} at once: echo {echo['answers_per_second']}/s, "
                      f"ours {ours['answers_per_second']}/s p95 {ours['p95_ms']} ms, errors {ours['errors']} {ours['error_kinds']}",
                      file=sys.stderr, flush=True)
        think = run_interviews(stack, candidates, max(PROCESSES), THINK_CONCURRENCY, THINK_SECONDS, 1)
        think_spread = run_interviews(stack, candidates, max(PROCESSES), THINK_CONCURRENCY, THINK_SECONDS, 1,
                                      spread=True)
        watched = run_watched(stack, candidates, WATCHED) if max(PROCESSES) >= 2 else None
    finally:
        stack.stop()
    result = {"benchmark": "text_interviews", "stack": "daphne processes, channels-redis (own Redis), PostgreSQL",
              "runs": runs, "think": think, "think_spread": think_spread, "watchers": watched}
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "text_interviews.json").write_text(json.dumps(result, indent=2) + "\n")
    print_tables(result)
    errors = sum(r["errors"] for r in runs if r["scenario"] != "echo") + think["errors"] + think_spread["errors"]
    errors += watched["errors"] + watched["missed"] if watched else 0
    return 1 if errors else 0


def print_tables(result: dict) -> None:
    print(f"Real daphne processes (1 and 2), channels-redis on a Redis of its own, PostgreSQL (a bench database); "
          f"Quick practice interviews, scripted brain, real time; clients are aiohttp sockets in one process on the "
          f"same {os.cpu_count()}-core machine. Ratios are within this one run.\n")
    print("| web processes | at once | echo answers/s | ours answers/s | ours / echo | p50 ms | p95 ms | p99 ms "
          "| p95 / implied mean | web CPU % | peak DB connections | errors | echo frames lost |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    runs = result["runs"]
    for echo, ours in zip(runs[::2], runs[1::2], strict=True):
        implied = ours.get("implied_mean_ms")
        tail = f"{ours['p95_ms'] / implied:.2f}" if implied else "-"
        print(f"| {ours['processes']} | {ours['concurrency']} | {echo['answers_per_second']} | "
              f"{ours['answers_per_second']} | {ours['ratio_to_echo']} | {ours['p50_ms']} | {ours['p95_ms']} | "
              f"{ours['p99_ms']} | {tail} | {'+'.join(map(str, ours['web_cpu_percent']))} | "
              f"{ours['peak_db_connections']} | {ours['errors']} | {echo['errors']} |")
    print()
    for think, how in ((result["think"], "in lockstep (all answers in the same instant)"),
                       (result["think_spread"], "spread (starts over the first 3 s, think times 0.5-1.5×)")):
        print(f"With {think['think_seconds']:g} s think time {how}, {think['concurrency']} interviews at once "
              f"on {think['processes']} processes: {think['answers']} answers, answer → next question "
              f"p50 {think['p50_ms']} ms, p95 {think['p95_ms']} ms, p99 {think['p99_ms']} ms, "
              f"{think['completed']} completed, {think['errors']} errors.\n")
    watched = result["watchers"]
    if watched:
        print(f"Watchers across processes: {watched['interviews']} interviews driven on one process and watched in "
              f"a second tab on the other; {watched['events']} events, lag driver → watcher p50 "
              f"{watched['lag_p50_ms']} ms, p95 {watched['lag_p95_ms']} ms, max {watched['lag_max_ms']} ms; "
              f"{watched['missed']} missed, {watched['errors']} errors.")


if __name__ == "__main__":
    sys.exit(main())
