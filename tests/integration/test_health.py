import pytest
from django.test import AsyncClient


@pytest.mark.django_db(transaction=True)
async def test_healthz_reports_the_database_and_the_channel_layer():
    response = await AsyncClient().get("/healthz")

    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["checks"] == {"database": "ok", "channel_layer": "ok"}
