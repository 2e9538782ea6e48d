"""Every random choice and every id derives from the interview's seed.

Choices are not drawn from a stream (whose position a rebuilt engine would have to replay) but hashed
from the seed and a key naming the decision ("bridge", stage index, question count ...). A rebuilt
engine folds the same events, so it computes the same keys and makes the same choices.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

__all__ = ["derive_uuid", "pick", "shuffled", "unit"]



def _digest(seed: str | int, *key: object) -> bytes:
    text = "\x1f".join([str(seed), *(str(k) for k in key)])
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).digest()


def derive_uuid(seed: str | int, *key: object) -> str:
    """Return a version-4 UUID string determined by the seed and the key (as `str(uuid.UUID(bytes=…, version=4))`
    writes it: the version and the RFC 4122 variant set in the digest's bytes)."""
    raw = bytearray(_digest(seed, *key))
    raw[6] = (raw[6] & 0x0F) | 0x40
    raw[8] = (raw[8] & 0x3F) | 0x80
    h = raw.hex()
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def unit(seed: str | int, *key: object) -> float:
    """Return a number in [0, 1) determined by the seed and the key."""
    return int.from_bytes(_digest(seed, *key)[:8], "big") / 2**64


def pick[T](options: Sequence[T], seed: str | int, *key: object) -> T:
    """Pick one of `options`, the same one every time for the same seed and key."""
    if not options:
        raise ValueError("nothing to pick from")
    return options[int(unit(seed, *key) * len(options))]


def shuffled[T](options: Sequence[T], seed: str | int, *key: object) -> list[T]:
    """Return `options` in an order determined by the seed and the key."""
    return sorted(options, key=lambda item: unit(seed, *key, repr(item)))
