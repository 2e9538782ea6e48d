"""The agent worker's start-up checks: fail fast, with a message that says what to fix.

Every required setting is checked before LiveKit's CLI starts (it would otherwise print a traceback,
or retry an unreachable server forever without saying so), and LiveKit and the worker API are
probed once over HTTP. No livekit import here.
"""

from __future__ import annotations

import os
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Mapping

__all__ = ["REQUIRED_SETTINGS", "http_url_of", "missing_settings", "probe", "startup_problems"]

EXIT_CONFIG = 2
EXIT_UNREACHABLE = 3

REQUIRED_SETTINGS = (
    ("LIVEKIT_URL", "the LiveKit server the worker registers with (wss://… for LiveKit Cloud, "
                    "ws://host:7880 for a self-hosted server)"),
    ("LIVEKIT_API_KEY", "the LiveKit API key (LiveKit Cloud: Settings → Keys; self-hosted: the `keys:` "
                        "of livekit.yaml)"),
    ("LIVEKIT_API_SECRET", "the secret of that API key"),
    ("WORKER_API_TOKEN", "the bearer token of the web process's worker API (the same value the web "
                         "process has)"),
    ("OPENAI_API_KEY", "speech synthesis and the interviewer's model (any value for a local "
                       "OpenAI-compatible server, with OPENAI_BASE_URL)"),
)

Fetch = Callable[[str, float], int]


def missing_settings(env: Mapping[str, str]) -> list[str]:
    """One line for each required setting that is unset or blank."""
    return [f"{name}: {why}" for name, why in REQUIRED_SETTINGS if not (env.get(name) or "").strip()]


def http_url_of(url: str) -> str:
    """LiveKit's ws(s):// URL as the http(s):// URL the server also answers on."""
    parts = urllib.parse.urlsplit(url.strip())
    scheme = {"ws": "http", "wss": "https"}.get(parts.scheme, parts.scheme)
    if scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"{url!r} is not a ws://, wss://, http:// or https:// URL")
    return urllib.parse.urlunsplit((scheme, parts.netloc, parts.path or "/", "", ""))


def _fetch(url: str, timeout: float) -> int:
    request = urllib.request.Request(url, headers={"User-Agent": "mockflow-agent-worker"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:  # noqa: S310 (http(s) only)
            return int(response.status)
    except urllib.error.HTTPError as error:  # the server answered: it is reachable
        return int(error.code)


def probe(url: str, *, timeout: float = 5.0, fetch: Fetch = _fetch) -> str | None:
    """None if a server answers at `url` (any HTTP status), else why not."""
    try:
        fetch(url, timeout)
    except urllib.error.URLError as error:
        return str(error.reason)
    except (OSError, ValueError) as error:
        return str(error) or error.__class__.__name__
    return None


def startup_problems(env: Mapping[str, str] | None = None, *, fetch: Fetch = _fetch,
                     timeout: float = 5.0) -> tuple[int, list[str]]:
    """(exit code, messages) for what stops the worker from starting; (0, []) when it can start."""
    env = os.environ if env is None else env
    missing = missing_settings(env)
    if missing:
        return EXIT_CONFIG, ["agent worker: these settings are required:", *(f"  {line}" for line in missing)]
    try:
        livekit = http_url_of(env["LIVEKIT_URL"])
    except ValueError as error:
        return EXIT_CONFIG, [f"agent worker: LIVEKIT_URL: {error}"]
    problems = []
    why = probe(livekit, timeout=timeout, fetch=fetch)
    if why is not None:
        problems.append(f"agent worker: cannot reach LiveKit at {env['LIVEKIT_URL']} ({livekit}): {why}")
    api = (env.get("WORKER_API_URL") or "http://127.0.0.1:8000").rstrip("/") + "/healthz"
    why = probe(api, timeout=timeout, fetch=fetch)
    if why is not None:
        problems.append(f"agent worker: cannot reach the worker API at {api}: {why} "
                        "(set WORKER_API_URL to the web process's address)")
    return (EXIT_UNREACHABLE, problems) if problems else (0, [])
