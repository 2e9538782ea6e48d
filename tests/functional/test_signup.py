import re

from django.contrib.auth import get_user_model
from django.core import mail
from playwright.sync_api import expect


def test_a_new_user_signs_up_follows_the_emailed_link_and_lands_on_the_empty_dashboard(page, live_server, db):
    page.goto(f"{live_server.url}/accounts/signup/")
    page.get_by_label("Your name").fill("Frank Newcomer")
    page.get_by_label("Email").fill("frank@example.com")
    page.get_by_label("Password").fill("a-very-long-passphrase")
    page.get_by_role("button", name="Create account").click()

    expect(page).to_have_url(re.compile(r"/accounts/signup/sent/$"))
    expect(page.get_by_role("heading", name="Check your email")).to_be_visible()
    assert get_user_model().objects.filter(email="frank@example.com").exists()
    link = re.search(r"https?://\S+/accounts/verify/\S+", mail.outbox[-1].body).group(0)
    page.goto(live_server.url + "/accounts/" + link.split("/accounts/", 1)[1])

    expect(page).to_have_url(re.compile(r"/dashboard/$"))
    expect(page.get_by_role("heading", name="No interviews yet")).to_be_visible()
    expect(page.get_by_text("Please verify")).to_have_count(0)


def test_a_user_logs_in_again_later(page, live_server, alice):
    page.goto(f"{live_server.url}/dashboard/")
    expect(page).to_have_url(re.compile(r"/accounts/login/"))
    page.get_by_label("Email").fill("alice@example.com")
    page.get_by_label("Password").fill("correct-horse-battery")
    page.get_by_role("button", name="Log in").click()

    expect(page).to_have_url(re.compile(r"/dashboard/$"))
    expect(page.get_by_role("heading", name="Hi, Alice")).to_be_visible()
