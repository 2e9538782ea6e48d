"""Adapters between the pure engine and the outside: the Django worker API and LiveKit."""
