"""No account with a published password in production; production needs only four settings to start."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.checks import run_checks
from django.core.management import call_command
from django.core.management.base import CommandError

from accounts.demo import DEMO_CANDIDATE, DEMO_STAFF

ROOT = Path(__file__).resolve().parents[2]
User = get_user_model()


def _production_env(tmp_path, **extra):
    env = {k: v for k, v in os.environ.items() if k not in {
        "DATABASE_URL", "REDIS_URL", "SITE_URL", "TRUSTED_PROXIES", "DJANGO_ALLOW_ASYNC_UNSAFE"}}
    env.update(
        MOCKFLOW_ENV="production",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="mockflow.example.com",
        MOCKFLOW_VAR_DIR=str(tmp_path),
        **extra,
    )
    return env


def _deploy_errors(ids=("mockflow.E001",)):
    return [m for m in run_checks(include_deployment_checks=True, databases=["default"]) if m.id in ids]


def test_seed_demo_refuses_in_production_with_a_clear_message(tmp_path):
    result = subprocess.run(
        [sys.executable, "manage.py", "seed_demo"], cwd=ROOT, env=_production_env(tmp_path),
        capture_output=True, text=True, timeout=120,
    )

    assert result.returncode != 0
    assert "does not run with MOCKFLOW_ENV=production" in result.stderr
    assert "--production-staff" in result.stderr
    assert DEMO_STAFF[2] not in result.stdout + result.stderr


def test_seed_demo_in_production_when_asked_creates_staff_with_a_random_password_printed_once(db, settings, capsys):
    settings.PRODUCTION = True
    with pytest.raises(CommandError, match="does not run with MOCKFLOW_ENV=production"):
        call_command("seed_demo")
    assert not User.objects.exists()

    call_command("seed_demo", production_staff=True)
    printed = capsys.readouterr().out
    staff = User.objects.get(email=DEMO_STAFF[0])
    password = printed.split("printed this once:")[1].split()[0]

    assert staff.is_superuser and staff.check_password(password)
    assert not staff.check_password(DEMO_STAFF[2])
    assert DEMO_STAFF[2] not in printed
    assert not User.objects.filter(email=DEMO_CANDIDATE[0]).exists(), "no demo candidate in production"

    call_command("seed_demo", production_staff=True)
    again = capsys.readouterr().out
    assert "password is unchanged" in again and password not in again
    assert User.objects.get(pk=staff.pk).check_password(password)


def test_check_deploy_reports_a_demo_account_with_the_published_password(db, settings):
    call_command("seed_demo")  # development: the README's accounts
    settings.PRODUCTION = True

    errors = _deploy_errors()
    assert sorted(e.msg.split()[3] for e in errors) == sorted([DEMO_CANDIDATE[0], DEMO_STAFF[0]])

    for email, _, _ in (DEMO_CANDIDATE, DEMO_STAFF):
        user = User.objects.get(email=email)
        user.set_password(secrets.token_urlsafe(16))
        user.save()
    assert _deploy_errors() == []


def test_seed_demo_in_production_replaces_a_published_staff_password(db, settings, capsys):
    call_command("seed_demo")
    settings.PRODUCTION = True
    capsys.readouterr()

    call_command("seed_demo", production_staff=True)

    assert "printed this once" in capsys.readouterr().out
    assert not User.objects.get(email=DEMO_STAFF[0]).check_password(DEMO_STAFF[2])


def test_make_run_in_production_stops_at_the_seed_step(tmp_path):
    result = subprocess.run(
        ["make", "run"], cwd=ROOT, env=_production_env(tmp_path, PORT="8911"),
        capture_output=True, text=True, timeout=300,
    )

    assert result.returncode != 0
    assert "does not run with MOCKFLOW_ENV=production" in result.stderr
    assert "[5/6] Demo accounts" in result.stdout, "it stopped at the seed step, not before"
    assert "[6/6]" not in result.stdout and "MockFlow is ready" not in result.stdout
