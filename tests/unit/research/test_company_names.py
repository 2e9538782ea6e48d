"""Company names are normalised for the cache, and junk is never researched."""

from __future__ import annotations

import pytest

from interviews.research import is_junk_company_name, normalise_company_name


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("Acme", "acme"),
        ("  ACME,   Inc. ", "acme"),
        ("Acme Inc", "acme"),
        ("Acme Ltd.", "acme"),
        ("Acme Holdings Co., Ltd.", "acme holdings"),
        ("Acme LLC", "acme"),
        ("Müller GmbH", "muller"),
        ("Globex Corp.", "globex"),
        ("Nestlé S.A.", "nestle"),
        ("Procter & Gamble Co.", "procter and gamble"),
        ("McDonald's Corporation", "mcdonalds"),
        ("Booking.com", "booking com"),
        ("Coca-Cola", "coca cola"),
        ("Co", "co"),
    ],
)
def test_it_normalises_a_company_name(raw, expected):
    assert normalise_company_name(raw) == expected


def test_spellings_of_one_company_share_a_key():
    assert len({normalise_company_name(n) for n in ("Stripe", "stripe, inc.", "STRIPE INC", " Stripe  Inc ")}) == 1


@pytest.mark.parametrize(
    "name",
    [
        "", "   ", "a", "-", "?!", "12345", "...", "N/A", "n/a", "NA", "none", "None.", "null", "test",
        "Test Company", "test123", "asdf", "asdfgh", "qwerty", "zxcvbn", "lkjhgf", "sdfghjkl",
        "company", "My company", "Confidential", "stealth", "Stealth Startup", "Unknown", "TBD",
        "xxxx", "aaaa", "hjkl", "bcdfgh", "lololol", "foo bar", "x" * 200, None,
    ],
)  # fmt: skip
def test_it_recognises_a_junk_name(name):
    assert is_junk_company_name(name)


@pytest.mark.parametrize(
    "name",
    [
        "Acme", "Stripe", "IBM", "HP", "3M", "KPMG", "DHL", "Ångström Labs", "Liberty Mutual",
        "Nestlé S.A.", "Procter & Gamble", "Booking.com", "Deutsche Bahn AG", "Schwab", "Glassdoor",
        "Shopify Inc.", "Trafigura", "Zalando SE", "Yandex", "Rohde & Schwarz",
    ],
)  # fmt: skip
def test_it_accepts_a_real_company_name(name):
    assert not is_junk_company_name(name)
