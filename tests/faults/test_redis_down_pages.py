"""Redis down: login, logout and every page still work (degraded: no live updates)."""

import re

import httpx
import pytest

from tests.faults.helpers import measured
from tests.faults.processes import daphne, site_env
from tests.integration.feedback.helpers import backend_role, completed_interview

pytestmark = pytest.mark.django_db(transaction=True)


def csrf_of(page: str) -> str:
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)


def test_login_and_every_page_work_while_redis_is_down(shared_db, redis, procs, alice, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.PBKDF2PasswordHasher"]  # the server's own
    alice.set_password("correct-horse-battery")
    alice.save()
    web = procs.add(daphne("web", site_env(database_url=shared_db,
                                           redis_url=f"redis://127.0.0.1:{redis.port}/0"), procs.log_dir))
    interview = completed_interview(alice, role=backend_role())
    redis.kill()

    base = f"http://127.0.0.1:{web.port}"
    with httpx.Client(base_url=base, timeout=10, headers={"Referer": base + "/"}) as browser:
        assert browser.get("/").status_code == 200
        login = browser.get("/accounts/login/")
        assert login.status_code == 200
        answer = browser.post("/accounts/login/", data={
            "csrfmiddlewaretoken": csrf_of(login.text), "email": alice.email, "password": "correct-horse-battery"})
        assert answer.status_code == 302, answer.text[:2000]
        for path in ("/dashboard/", "/interviews/new/", f"/interviews/{interview.pk}/", f"/feedback/{interview.pk}/",
                     "/accounts/profile/"):
            page = browser.get(path)
            assert page.status_code == 200, (path, page.status_code, web.log()[-3000:])
        assert browser.get("/healthz").status_code == 503  # says what is down
        dashboard = browser.get("/dashboard/")
        out = browser.post("/accounts/logout/", data={"csrfmiddlewaretoken": csrf_of(dashboard.text)})
        assert out.status_code == 302
    assert web.alive
    measured("redis_down_pages", pages_ok=7, server_errors=0)
