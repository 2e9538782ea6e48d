"""Apps register what a user's data export includes and what deleting an account must clean up.

Each app calls `register_user_data(...)` from its AppConfig.ready(); accounts never imports them.
"""

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class UserDataProvider:
    key: str
    export: Callable  # (user) -> JSON-serialisable data
    delete: Callable | None = None  # (user) -> None; removes files and rows CASCADE does not


_providers: dict[str, UserDataProvider] = {}


def register_user_data(key: str, *, export: Callable, delete: Callable | None = None) -> None:
    _providers[key] = UserDataProvider(key=key, export=export, delete=delete)


def providers() -> list[UserDataProvider]:
    return [_providers[key] for key in sorted(_providers)]
