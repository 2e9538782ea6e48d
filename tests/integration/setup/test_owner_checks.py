"""Only alice sees alice's interview: bob gets the same 404 as for an interview that does not exist."""

import uuid

import pytest

from interviews.models import Interview

pytestmark = pytest.mark.django_db


@pytest.fixture
def alices_interview(alice_client, setup_form):
    alice_client.post("/interviews/new/", setup_form(company="Northwind Robotics"))
    return Interview.objects.get()


def test_alice_sees_her_interview_and_its_research_state(alice_client, alices_interview):
    assert alice_client.get(f"/interviews/{alices_interview.id}/").status_code == 200
    response = alice_client.get(f"/interviews/{alices_interview.id}/research.json")
    assert response.status_code == 200 and response["Cache-Control"] == "no-store"
    assert response.json()["status"] == "skipped"


def test_bob_gets_a_404_for_alices_interview_and_its_json(client, bob, alices_interview):
    client.force_login(bob)
    assert client.get(f"/interviews/{alices_interview.id}/").status_code == 404
    assert client.get(f"/interviews/{alices_interview.id}/research.json").status_code == 404
    assert client.get(f"/interviews/{uuid.uuid4()}/").status_code == 404


def test_anonymous_visitors_are_sent_to_log_in(client, alices_interview):
    client.logout()
    for url in (f"/interviews/{alices_interview.id}/", f"/interviews/{alices_interview.id}/research.json"):
        response = client.get(url)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_research_json_only_answers_get(alice_client, alices_interview):
    assert alice_client.post(f"/interviews/{alices_interview.id}/research.json").status_code == 405
