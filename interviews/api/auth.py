"""Bearer-token access for the agent worker: one shared secret, compared in constant time."""

import hmac

from django.conf import settings
from rest_framework import status
from rest_framework.exceptions import APIException, AuthenticationFailed
from rest_framework.permissions import BasePermission


class WorkerAPIDisabled(APIException):
    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_detail = "The worker API is off: set WORKER_API_TOKEN on the web and agent processes to turn it on."
    default_code = "worker_api_disabled"


class HasWorkerToken(BasePermission):
    def has_permission(self, request, view) -> bool:
        expected = settings.WORKER_API_TOKEN
        if not expected:
            raise WorkerAPIDisabled()
        header = request.META.get("HTTP_AUTHORIZATION", "")
        scheme, _, given = header.partition(" ")
        if scheme.lower() != "bearer" or not hmac.compare_digest(given.strip().encode(), expected.encode()):
            raise AuthenticationFailed("A valid worker bearer token is required.")
        return True


class WorkerTokenAuthentication:
    """No user behind the worker: it only makes 401 answers carry `WWW-Authenticate: Bearer`."""

    def authenticate(self, request):
        return None

    def authenticate_header(self, request) -> str:
        return 'Bearer realm="worker"'
