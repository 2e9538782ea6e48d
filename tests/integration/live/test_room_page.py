"""The room page and the Start panel."""

import json

import pytest


def test_the_room_page_shows_every_stage_and_wires_the_socket(alice_client, interview):
    response = alice_client.get(f"/interviews/{interview.id}/room/")
    assert response.status_code == 200
    html = response.content.decode()
    stages = json.loads(html.split('id="room-stages" type="application/json">')[1].split("</script>")[0])
    assert [s["name"] for s in stages] == ["greeting", "self_intro", "past_experience", "closing"]
    assert f'data-socket-url="/ws/interviews/{interview.id}/"' in html
    assert 'id="answer-form"' in html and 'id="start-button"' in html
    assert "js/room.js" in html and "<script>" not in html  # no inline scripts (CSP)


def test_the_answer_box_takes_no_more_than_the_engine_keeps(alice_client, interview):
    from agent_worker.core.engine import ANSWER_MAX_CHARS

    html = alice_client.get(f"/interviews/{interview.id}/room/").content.decode()
    assert f'name="answer" rows="3" maxlength="{ANSWER_MAX_CHARS}"' in html


def test_the_room_is_the_owners_only(client, bob, interview):
    assert client.get(f"/interviews/{interview.id}/room/").status_code == 302
    client.force_login(bob)
    assert client.get(f"/interviews/{interview.id}/room/").status_code == 404


def test_voice_mode_falls_back_to_text_when_voice_is_off(alice_client, interview, settings):
    settings.VOICE_ENABLED = False
    html = alice_client.get(f"/interviews/{interview.id}/room/?mode=voice").content.decode()
    assert "not configured" in html and 'id="answer-form"' in html


def test_voice_mode_shows_the_microphone(alice_client, interview, settings):
    settings.VOICE_ENABLED = True
    html = alice_client.get(f"/interviews/{interview.id}/room/?mode=voice").content.decode()
    assert 'id="mic-state"' in html and 'id="answer-form"' not in html
    assert f'data-token-url="/interviews/{interview.id}/token"' in html


@pytest.mark.parametrize("voice, expected", [(False, 1), (True, 2)])
def test_the_start_panel_links_to_the_room(alice_client, interview, settings, voice, expected):
    from django.template.loader import render_to_string

    html = render_to_string("interviews/_start_panel.html", {"interview": interview, "voice_enabled": voice})
    assert html.count(f"/interviews/{interview.id}/room/") == expected
