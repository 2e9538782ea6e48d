"""Running the suite in parallel (pytest-xdist, `make test`): what each worker process gets of its own.

pytest-django gives each worker its own test database (`test_<name>_gw0`, `..._gw1`). Redis is shared by
default, and the workers must not share it: every test clears the cache (a FLUSHDB) and the channel
layer's groups are named by interview and user ids, which both workers' databases hand out from 1. So
worker gwN uses the Redis database N above the one REDIS_URL names.
"""

from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

REDIS_DATABASES = 16  # Redis's default `databases`


def worker_number(worker: str) -> int:
    """`gw3` -> 3 (PYTEST_XDIST_WORKER)."""
    return int(worker.removeprefix("gw"))


def redis_url_for_worker(url: str, worker: str) -> str:
    """REDIS_URL with its database number (path `/N`, or `?db=N` as unix sockets have it) moved up by the
    worker's number."""
    parts = urlsplit(url)
    query = dict(parse_qsl(parts.query))
    in_query = parts.scheme == "unix" or "db" in query
    base = int(query.get("db", 0)) if in_query else int(parts.path.strip("/") or 0)
    database = base + worker_number(worker)
    if database >= REDIS_DATABASES:
        raise ValueError(f"worker {worker} would use Redis database {database} of {url}, and Redis has "
                         f"{REDIS_DATABASES}: name a lower database in REDIS_URL or run fewer workers")
    if in_query:
        return url.split("?", 1)[0] + "?" + urlencode({**query, "db": database})  # urlunsplit drops unix's //
    return urlunsplit(parts._replace(path=f"/{database}"))


def replace_url(value, old: str, new: str):
    """`value` (settings: dicts, lists, strings) with every string equal to `old` replaced by `new`."""
    if isinstance(value, dict):
        return {key: replace_url(item, old, new) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(replace_url(item, old, new) for item in value)
    return new if value == old else value
