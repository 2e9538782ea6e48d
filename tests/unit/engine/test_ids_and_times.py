"""Event ids and times as the engine writes them: formatted by hand for speed, the same text as the standard
library's (`uuid.UUID(bytes=…, version=4)`, `strftime`), so stored interviews and rebuilt ones agree."""

import random
import uuid
from datetime import UTC, datetime

from agent_worker.core.clock import iso, parse_iso
from agent_worker.core.seeding import _digest, derive_uuid


def test_a_derived_id_is_the_version_4_uuid_of_its_digest():
    for n in range(500):
        key = ("event", n, "x" * (n % 7))
        expected = str(uuid.UUID(bytes=_digest("seed", *key), version=4))
        assert derive_uuid("seed", *key) == expected
        assert uuid.UUID(derive_uuid("seed", *key)).version == 4


def test_a_time_is_written_as_strftime_writes_it_to_the_millisecond():
    rng = random.Random(7)
    moments = [0.0, 1736154000.0, 1736154000.9995, 1736154059.9999, 253402300799.0,
               *(rng.uniform(0, 4e9) for _ in range(500))]
    for when in moments:
        stamp = datetime.fromtimestamp(round(when, 3), tz=UTC)
        expected = stamp.strftime("%Y-%m-%dT%H:%M:%S.") + f"{stamp.microsecond // 1000:03d}Z"
        assert iso(when) == expected
        assert abs(parse_iso(iso(when)) - round(when, 3)) < 0.002
