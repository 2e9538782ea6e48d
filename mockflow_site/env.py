"""Small typed readers for environment variables that fail loudly on a bad value."""

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal, overload
from urllib.parse import urlparse

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def _raw(name: str, environ: Mapping[str, str] | None = None) -> str | None:
    value = (environ if environ is not None else os.environ).get(name)
    return None if value is None else value.strip()


@overload
def env_str(name: str, default: str, *, required: bool = False, environ: Mapping[str, str] | None = None) -> str: ...
@overload
def env_str(name: str, default: None = None, *, required: Literal[True],
            environ: Mapping[str, str] | None = None) -> str: ...
@overload
def env_str(name: str, default: str | None = None, *, required: bool = False,
            environ: Mapping[str, str] | None = None) -> str | None: ...
def env_str(name: str, default: str | None = None, *, required: bool = False,
            environ: Mapping[str, str] | None = None) -> str | None:
    """The variable's value; `default` when unset or empty (ImproperlyConfigured then, if `required`)."""
    value = _raw(name, environ)
    if not value:
        if required:
            raise ImproperlyConfigured(f"{name} must be set.")
        return default
    return value


def env_bool(name: str, default: bool = False, *, environ=None) -> bool:
    value = _raw(name, environ)
    if value is None:
        return default
    lowered = value.lower()
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (true/false, 1/0, yes/no), got {value!r}.")


def env_int(name: str, default: int, *, minimum: int | None = None, environ=None) -> int:
    value = _raw(name, environ)
    if not value:
        return default
    try:
        number = int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, got {value!r}.") from None
    if minimum is not None and number < minimum:
        raise ImproperlyConfigured(f"{name} must be at least {minimum}, got {number}.")
    return number


def env_list(name: str, default: list[str] | None = None, *, required: bool = False, environ=None) -> list[str]:
    value = _raw(name, environ)
    if not value:
        if required:
            raise ImproperlyConfigured(f"{name} must be set (a comma-separated list).")
        return list(default or [])
    return [item.strip() for item in value.split(",") if item.strip()]


def env_url(name: str, default: str | None = None, *, schemes: tuple[str, ...], environ=None) -> str | None:
    value = env_str(name, default, environ=environ)
    if value is None:
        return None
    parsed = urlparse(value)
    if parsed.scheme not in schemes or not (parsed.netloc or parsed.path):
        allowed = ", ".join(f"{s}://" for s in schemes)
        raise ImproperlyConfigured(f"{name} must be a URL starting with {allowed}, got {value!r}.")
    return value


def env_choice(name: str, default: str, choices: tuple[str, ...], *, environ=None) -> str:
    value = env_str(name, default, environ=environ)
    if value not in choices:
        raise ImproperlyConfigured(f"{name} must be one of {', '.join(choices)}, got {value!r}.")
    return value


DEFAULT_POOL_SIZE = 10


def database_config(url: str | None, *, var_dir, pool_size: int = DEFAULT_POOL_SIZE, environ=None) -> dict[str, Any]:
    """Return the default database from DATABASE_URL, or SQLite in WAL mode in the var directory.

    PostgreSQL goes through psycopg's connection pool, at most `pool_size` connections per process
    (`DATABASE_POOL_SIZE`): under ASGI every request runs in a thread of its own, and persistent
    per-thread connections (`CONN_MAX_AGE`) would pile up idle, one per thread ever used. A pooled
    connection goes back to the pool when a request or a socket's database call ends, and is not
    checked with a query before each use.
    """
    if url:
        import dj_database_url

        try:
            config: dict[str, Any] = {**dj_database_url.parse(url, conn_max_age=0)}
        except Exception as error:  # dj-database-url raises ValueError and friends
            raise ImproperlyConfigured(f"DATABASE_URL is not a database URL dj-database-url understands: {error}") from None
        if not config.get("ENGINE"):
            raise ImproperlyConfigured(f"DATABASE_URL has an unknown scheme: {url!r}.")
        if config["ENGINE"] == "django.db.backends.sqlite3":
            config["OPTIONS"] = _sqlite_options()
        elif config["ENGINE"] == "django.db.backends.postgresql":
            # min 1: a process that idles holds one connection; timeout: a request waits this long for
            # a free connection before failing, instead of opening one more than the server allows.
            config["OPTIONS"] = {**config.get("OPTIONS", {}),
                                 "pool": {"min_size": 1, "max_size": pool_size, "timeout": 30}}
        return config
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": Path(var_dir) / "mockflow.sqlite3",
        "OPTIONS": _sqlite_options(),
    }


def _sqlite_options() -> dict:
    # WAL lets the web and task processes read while one writes; IMMEDIATE takes the write lock at
    # BEGIN so two writers queue on the busy timeout instead of failing with "database is locked".
    return {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;",
    }


def env_networks(name: str, *, environ=None) -> tuple | None:
    """A comma-separated list of IP addresses or networks (CIDR); `none` for an explicit empty list.

    None when the variable is unset, so a deploy check can tell "not configured" from "no proxy".
    """
    import ipaddress

    value = _raw(name, environ)
    if not value:
        return None
    if value.lower() == "none":
        return ()
    networks = []
    for item in env_list(name, environ=environ):
        try:
            networks.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            raise ImproperlyConfigured(
                f"{name} must list IP addresses or networks (e.g. 127.0.0.1, 10.0.0.0/8) or be 'none', got {item!r}."
            ) from None
    return tuple(networks)
