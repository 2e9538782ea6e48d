"""Settings come from the environment; a bad value stops start-up with a message naming the variable."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from mockflow_site.env import database_config, env_bool, env_int, env_list, env_url

ROOT = Path(__file__).resolve().parents[2]


def test_env_bool_reads_common_spellings():
    assert env_bool("X", environ={"X": "yes"}) is True
    assert env_bool("X", environ={"X": "0"}) is False
    assert env_bool("X", True, environ={}) is True


def test_env_bool_names_the_variable_on_a_bad_value():
    with pytest.raises(ImproperlyConfigured, match="DEBUG must be a boolean"):
        env_bool("DEBUG", environ={"DEBUG": "maybe"})


def test_env_int_rejects_words_and_small_numbers():
    assert env_int("SMTP_PORT", 25, environ={"SMTP_PORT": "2525"}) == 2525
    with pytest.raises(ImproperlyConfigured, match="SMTP_PORT must be a whole number"):
        env_int("SMTP_PORT", 25, environ={"SMTP_PORT": "twenty"})
    with pytest.raises(ImproperlyConfigured, match="SMTP_PORT must be at least 1"):
        env_int("SMTP_PORT", 25, minimum=1, environ={"SMTP_PORT": "0"})


def test_env_list_splits_on_commas():
    assert env_list("ALLOWED_HOSTS", environ={"ALLOWED_HOSTS": "a.com, b.com,,"}) == ["a.com", "b.com"]
    with pytest.raises(ImproperlyConfigured, match="ALLOWED_HOSTS must be set"):
        env_list("ALLOWED_HOSTS", required=True, environ={})


def test_env_url_checks_the_scheme():
    assert env_url("REDIS_URL", schemes=("redis",), environ={"REDIS_URL": "redis://h:6379/0"})
    with pytest.raises(ImproperlyConfigured, match="REDIS_URL must be a URL starting with redis://"):
        env_url("REDIS_URL", schemes=("redis",), environ={"REDIS_URL": "localhost:6379"})


def test_the_default_database_is_sqlite_in_wal_mode_with_immediate_transactions(tmp_path):
    config = database_config(None, var_dir=tmp_path)

    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert config["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in config["OPTIONS"]["init_command"]
    assert config["OPTIONS"]["timeout"] > 0


def test_database_url_selects_postgresql(tmp_path):
    config = database_config("postgres://u:p@db.example:5433/mockflow", var_dir=tmp_path)

    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert (config["HOST"], config["PORT"], config["NAME"]) == ("db.example", 5433, "mockflow")


def test_postgresql_goes_through_a_bounded_connection_pool_without_health_check_queries(tmp_path):
    config = database_config("postgres://u:p@db.example:5433/mockflow", var_dir=tmp_path, pool_size=7)

    assert config["OPTIONS"]["pool"]["max_size"] == 7  # connections per process, whatever the threads
    assert config["OPTIONS"]["pool"]["timeout"] > 0  # a busy pool makes a request wait, not open more
    assert config["CONN_MAX_AGE"] == 0  # no persistent connection per thread (the pool keeps them)
    assert not config.get("CONN_HEALTH_CHECKS")  # no SELECT 1 before each use


def test_the_pool_size_comes_from_the_environment():
    out = _run_django(["shell", "-c", "from django.conf import settings; "
                       "print(settings.DATABASES['default']['OPTIONS']['pool']['max_size'])"],
                      DATABASE_URL="postgres://u:p@db.example:5433/mockflow", DATABASE_POOL_SIZE="4")
    assert out.stdout.strip().splitlines()[-1] == "4", out.stderr


def test_a_database_url_with_an_unknown_scheme_names_the_variable(tmp_path):
    with pytest.raises(ImproperlyConfigured, match="DATABASE_URL"):
        database_config("bogus://nowhere", var_dir=tmp_path)


def _run_django(args, **env):
    clean = {k: v for k, v in os.environ.items() if k not in {
        "DATABASE_URL", "REDIS_URL", "MOCKFLOW_ENV", "SECRET_KEY", "ALLOWED_HOSTS", "DJANGO_ALLOW_ASYNC_UNSAFE",
        "SITE_URL", "TRUSTED_PROXIES"}}
    clean.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=clean, capture_output=True, text=True, timeout=120
    )


def test_start_up_stops_on_a_bad_value_with_the_variable_named():
    result = _run_django(["check"], REDIS_URL="not-a-url")

    assert result.returncode != 0
    assert "REDIS_URL must be a URL" in result.stderr


def test_production_mode_requires_a_secret_key():
    result = _run_django(["check"], MOCKFLOW_ENV="production", ALLOWED_HOSTS="example.com")

    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_check_deploy_is_clean_for_a_correct_production_configuration():
    result = _run_django(
        ["check", "--deploy", "--fail-level", "WARNING"],
        MOCKFLOW_ENV="production",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="example.com",
        SITE_URL="https://example.com",
        TRUSTED_PROXIES="127.0.0.1",
        DATABASE_URL="sqlite:///:memory:",  # not var/'s database, where `make run` made the demo accounts
    )

    assert result.returncode == 0, result.stderr + result.stdout
    assert "no issues" in result.stdout


def test_production_starts_with_four_settings_and_check_deploy_reports_the_rest():
    env = dict(MOCKFLOW_ENV="production", SECRET_KEY=secrets.token_urlsafe(50), ALLOWED_HOSTS="example.com",
               DATABASE_URL="sqlite:///:memory:")
    assert _run_django(["check"], **env).returncode == 0

    result = _run_django(["check", "--deploy", "--fail-level", "WARNING"], **env)

    assert result.returncode != 0
    assert "mockflow.W001" in result.stderr and "SITE_URL" in result.stderr
    assert "mockflow.W002" in result.stderr and "TRUSTED_PROXIES" in result.stderr


def test_trusted_proxies_must_be_addresses_or_networks():
    result = _run_django(["check"], TRUSTED_PROXIES="proxy.example")

    assert result.returncode != 0
    assert "TRUSTED_PROXIES must list IP addresses" in result.stderr


@pytest.mark.parametrize(("host", "expected"), [("127.0.0.1", "http://127.0.0.1:8123"),
                                                ("0.0.0.0", "http://127.0.0.1:8123"),
                                                ("mockflow.lan", "http://mockflow.lan:8123")])
def test_site_url_defaults_to_the_address_make_run_serves(host, expected):
    result = _run_django(["shell", "-c", "from django.conf import settings; print(settings.SITE_URL)"],
                         HOST=host, PORT="8123")

    assert result.stdout.strip().splitlines()[-1] == expected, result.stderr


@pytest.mark.parametrize(("url", "expected"), [
    ("ws://127.0.0.1:7880", ["ws://127.0.0.1:7880", "http://127.0.0.1:7880"]),  # self-hosted, one machine
    ("wss://demo.livekit.cloud", ["wss://demo.livekit.cloud", "https://demo.livekit.cloud"]),
])
def test_the_page_may_reach_the_livekit_server_it_is_given(url, expected):
    from mockflow_site.settings import content_security_policy

    connect_src = content_security_policy(url)["connect-src"]
    assert connect_src[:3] == ["'self'", *expected]
    assert content_security_policy(None)["connect-src"] == ["'self'"]
