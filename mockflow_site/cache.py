"""The Redis cache, degraded to this process's memory while Redis is down.

Login throttles, mail limits and upload limits live in the cache. A Redis outage must not turn every
login into a 500: while Redis does not answer, each call falls back to a local-memory cache (limits
then count per process, as in the embedded mode), and Redis is used again as soon as it answers.
Connection attempts time out quickly (CACHE_REDIS_TIMEOUT_SECONDS) so a page does not hang.
"""

from __future__ import annotations

import logging
import time

from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)

REDIS_DOWN = (RedisConnectionError, RedisTimeoutError, OSError)
WRAPPED = ("add", "get", "set", "touch", "delete", "get_many", "has_key", "incr", "set_many", "delete_many",
           "clear")
WARN_EVERY_SECONDS = 60.0


class FallbackRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._fallback = LocMemCache(f"redis-fallback-{id(self)}", {"TIMEOUT": params.get("TIMEOUT", 300)})
        self._warned_at = 0.0

    def _down(self, error: Exception) -> None:
        now = time.monotonic()
        if now - self._warned_at > WARN_EVERY_SECONDS:
            self._warned_at = now
            logger.warning("Redis cache unavailable (%s): using this process's memory until it is back", error)


def _wrap(name: str):
    redis_method = getattr(RedisCache, name)

    def method(self, *args, **kwargs):
        try:
            return redis_method(self, *args, **kwargs)
        except REDIS_DOWN as error:
            self._down(error)
            return getattr(self._fallback, name)(*args, **kwargs)

    method.__name__ = name
    method.__doc__ = redis_method.__doc__
    return method


for _name in WRAPPED:
    setattr(FallbackRedisCache, _name, _wrap(_name))
