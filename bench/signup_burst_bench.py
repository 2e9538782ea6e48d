"""100 candidates signing up, and 100 uploading their resume and job description, all at once.

Against the same real stack as the text-interview bench (bench/stack.py: 2 daphne processes,
PostgreSQL, a Redis of its own), over plain HTTP with aiohttp: each client fetches the form (its CSRF
token) and posts it. Measured: how many succeeded, how long the burst took, and the peak of open
PostgreSQL connections to the bench database, against the bound the pools set (processes ×
DATABASE_POOL_SIZE, plus this process). Writes bench/results/signup_burst.json and prints a table.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import sys
import threading
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.stack import start_stack  # noqa: E402
from bench.text_interviews_bench import RESULTS, Sampler, make_candidates, percentile  # noqa: E402

CLIENTS = int(os.environ.get("BENCH_BURST", 100))
RESUME = ROOT / "tests" / "fixtures" / "resumes" / "resume_docx_word_accountant.docx"
JOB = (ROOT / "tests" / "fixtures" / "job_descriptions" / "jd_staff_accountant.txt").read_text()
BUSY = "Many candidates are uploading documents right now"
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def first_value(page: str, name: str) -> str:
    """The first non-empty option or radio value of the form field `name`."""
    select = re.search(rf'<select[^>]*name="{name}"[^>]*>(.*?)</select>', page, re.S)
    if select:
        return next(v for v in re.findall(r'<option value="([^"]*)"', select.group(1)) if v)
    return re.search(rf'<input[^>]*name="{name}"[^>]*value="([^"]+)"', page).group(1)


async def signup(session, base: str, n: int) -> tuple[bool, float]:
    started = time.perf_counter()
    async with session.get(base + "/accounts/signup/") as response:
        token = TOKEN.search(await response.text()).group(1)
    form = {"csrfmiddlewaretoken": token, "display_name": f"Burst {n}", "password": "a-long-bench-password-42",
            "email": f"burst-{uuid.uuid4().hex[:10]}@example.com"}
    async with session.post(base + "/accounts/signup/", data=form, headers={"Origin": base},
                            allow_redirects=False) as response:
        ok = response.status in (302, 303)
    return ok, time.perf_counter() - started


async def upload(session, base: str) -> tuple[bool, float]:
    import aiohttp

    started = time.perf_counter()
    async with session.get(base + "/interviews/new/") as response:
        page = await response.text()
    form = aiohttp.FormData()
    form.add_field("csrfmiddlewaretoken", TOKEN.search(page).group(1))
    for name in ("role", "level", "plan"):
        form.add_field(name, first_value(page, name))
    form.add_field("resume", RESUME.read_bytes(), filename=RESUME.name,
                   content_type="application/vnd.openxmlformats-officedocument.wordprocessingml.document")
    form.add_field("job_description", JOB)
    form.add_field("consent", "on")
    async with session.post(base + "/interviews/new/", data=form, headers={"Origin": base},
                            allow_redirects=False) as response:
        ok: bool | str = response.status in (302, 303)
        if not ok and BUSY in await response.text():
            ok = "busy"  # refused with the plain message: the parser queue was full or its wait too long
    return ok, time.perf_counter() - started


class ChildCounter:
    """The most parser children (`interviews.parsing.child`) of the web processes alive at once."""

    def __init__(self, stack) -> None:
        self.parents = {str(p.pid) for p in stack.web}
        self.peak = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _count(self) -> int:
        count = 0
        for pid in os.listdir("/proc"):
            if not pid.isdigit():
                continue
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as handle:
                    if b"interviews.parsing.child" not in handle.read():
                        continue
                with open(f"/proc/{pid}/stat") as handle:
                    parent = handle.read().rsplit(")", 1)[1].split()[1]
            except OSError:
                continue
            count += parent in self.parents
        return count

    def _sample(self) -> None:
        while not self._stop.is_set():
            self.peak = max(self.peak, self._count())
            self._stop.wait(0.1)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()


async def burst(calls) -> tuple[list, float]:
    started = time.perf_counter()
    results = await asyncio.gather(*calls, return_exceptions=True)
    return [r if isinstance(r, tuple) else (False, 0.0) for r in results], time.perf_counter() - started


async def run(stack, cookies: list[str]) -> dict:
    import aiohttp

    bases = [f"http://127.0.0.1:{port}" for port in stack.ports]
    timeout = aiohttp.ClientTimeout(total=300)
    out = {}
    sessions = [aiohttp.ClientSession(timeout=timeout, cookie_jar=aiohttp.CookieJar(unsafe=True))
                for _ in range(CLIENTS)]
    try:
        with Sampler(stack) as sampler:
            done, took = await burst([signup(s, bases[n % len(bases)], n) for n, s in enumerate(sessions)])
        out["signup"] = summary(done, took, sampler)
    finally:
        for session in sessions:
            await session.close()
    sessions = [aiohttp.ClientSession(timeout=timeout, cookie_jar=aiohttp.CookieJar(unsafe=True),
                                      headers={"Cookie": cookie}) for cookie in cookies]
    try:
        with Sampler(stack) as sampler, ChildCounter(stack) as children:
            done, took = await burst([upload(s, bases[n % len(bases)]) for n, s in enumerate(sessions)])
        out["upload"] = {**summary(done, took, sampler), "refused_busy": sum(ok == "busy" for ok, _ in done),
                         "peak_parser_children": children.peak}
    finally:
        for session in sessions:
            await session.close()
    return out


def summary(done: list, took: float, sampler) -> dict:
    seconds = [t * 1000 for ok, t in done if ok is True]
    return {"clients": len(done), "succeeded": sum(ok is True for ok, _ in done), "wall_seconds": round(took, 1),
            "p50_ms": round(percentile(seconds, 50)), "p95_ms": round(percentile(seconds, 95)),
            "peak_db_connections": sampler.peak_connections, "web_cpu_percent": sampler.cpu_percent}


def main() -> int:
    stack = start_stack(2)
    try:
        from django.conf import settings
        from django.db import connection
        from django.utils import timezone

        candidates = make_candidates(CLIENTS)
        type(candidates[0][0]).objects.filter(pk__in=[u.pk for u, _ in candidates]).update(
            email_verified_at=timezone.now())
        connection.close()
        measured = asyncio.run(run(stack, [cookie for _, cookie in candidates]))
        bound = len(stack.ports) * settings.DATABASE_POOL_SIZE
    finally:
        stack.stop()
    result = {"benchmark": "signup_burst", "web_processes": 2, "pool_bound": bound, **measured}
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "signup_burst.json").write_text(json.dumps(result, indent=2) + "\n")
    print(f"{CLIENTS} clients at once on 2 web processes (PostgreSQL, DATABASE_POOL_SIZE "
          f"{bound // 2} per process: at most {bound} connections from the web processes, plus the sampler's and "
          f"this process's); uploads: a 1-page DOCX resume and a pasted job description, parsed in the "
          f"request.\n")
    print("| burst | succeeded | wall s | p50 ms | p95 ms | peak DB connections | web CPU % |")
    print("|---|---|---|---|---|---|---|")
    for name in ("signup", "upload"):
        row = result[name]
        print(f"| {name} | {row['succeeded']} of {row['clients']} | {row['wall_seconds']} | {row['p50_ms']} | "
              f"{row['p95_ms']} | {row['peak_db_connections']} | {'+'.join(map(str, row['web_cpu_percent']))} |")
    upload = result["upload"]
    print(f"\nUploads refused with the 'many candidates are uploading, send the form again' message: "
          f"{upload['refused_busy']}; the most parser children alive at once: {upload['peak_parser_children']} "
          f"(PARSE_CHILDREN_PER_PROCESS {settings.PARSE_CHILDREN_PER_PROCESS} working per process, plus one spare "
          f"started ahead per process).")
    failed = any(result[n]["succeeded"] != result[n]["clients"] for n in ("signup", "upload"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
