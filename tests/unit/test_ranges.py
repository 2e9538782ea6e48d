"""Which bytes a `Range` header asks for (RFC 9110 §14.1.2)."""

import pytest

from mockflow_site.ranges import RangeNotSatisfiable, byte_range


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("bytes=0-99", (0, 99)),
        ("bytes=100-", (100, 999)),
        ("bytes=-100", (900, 999)),
        ("bytes=-5000", (0, 999)),
        ("bytes=900-5000", (900, 999)),
        (" bytes = 1 - 2 ", (1, 2)),
    ],
)
def test_it_reads_one_range(header, expected):
    assert byte_range(header, 1000) == expected


@pytest.mark.parametrize(
    "header", [None, "", "items=0-1", "bytes=0-1,5-9", "bytes=9-1", "bytes=-", "nonsense"]
)
def test_what_is_not_one_valid_range_sends_the_whole_file(header):
    assert byte_range(header, 1000) is None


@pytest.mark.parametrize("header", ["bytes=1000-", "bytes=5000-6000", "bytes=-0"])
def test_a_range_outside_the_file_is_not_satisfiable(header):
    with pytest.raises(RangeNotSatisfiable):
        byte_range(header, 1000)
