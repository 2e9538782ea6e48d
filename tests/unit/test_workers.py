"""Each pytest-xdist worker its own Redis database (tests/workers.py)."""

import pytest

from tests.workers import redis_url_for_worker, replace_url


@pytest.mark.parametrize(("url", "worker", "expected"), [
    ("redis://127.0.0.1:6379/0", "gw0", "redis://127.0.0.1:6379/0"),
    ("redis://127.0.0.1:6379/0", "gw1", "redis://127.0.0.1:6379/1"),
    ("redis://127.0.0.1:6379/14", "gw1", "redis://127.0.0.1:6379/15"),
    ("redis://127.0.0.1:6379", "gw1", "redis://127.0.0.1:6379/1"),
    ("rediss://user:secret@cache.example:6380/2?ssl_cert_reqs=none", "gw3",
     "rediss://user:secret@cache.example:6380/5?ssl_cert_reqs=none"),
    ("unix:///run/redis.sock?db=4", "gw2", "unix:///run/redis.sock?db=6"),
    ("unix:///run/redis.sock", "gw1", "unix:///run/redis.sock?db=1"),
])
def test_worker_n_uses_the_database_n_above_the_named_one(url, worker, expected):
    assert redis_url_for_worker(url, worker) == expected


def test_a_worker_past_the_last_database_is_refused_with_what_to_do():
    with pytest.raises(ValueError, match="Redis database 16 .* name a lower database in REDIS_URL"):
        redis_url_for_worker("redis://127.0.0.1:6379/15", "gw1")


def test_the_url_is_replaced_wherever_the_settings_hold_it():
    old, new = "redis://h:6379/0", "redis://h:6379/1"
    caches = {"default": {"BACKEND": "x.RedisCache", "LOCATION": old, "OPTIONS": {"socket_timeout": 1.0}}}
    layers = {"default": {"BACKEND": "y", "CONFIG": {"hosts": [old], "capacity": 1500}}}
    assert replace_url(caches, old, new)["default"] == {"BACKEND": "x.RedisCache", "LOCATION": new,
                                                        "OPTIONS": {"socket_timeout": 1.0}}
    assert replace_url(layers, old, new)["default"]["CONFIG"] == {"hosts": [new], "capacity": 1500}
    assert caches["default"]["LOCATION"] == old  # a copy: the settings given are not changed
