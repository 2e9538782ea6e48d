"""Logging out closes the user's open interview sockets, as if their tabs closed (text mode pauses)."""

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.contrib.auth.signals import user_logged_out
from django.dispatch import receiver

logger = logging.getLogger(__name__)


def user_group(user_id) -> str:
    """The channel-layer group every interview socket of one user joins."""
    return f"user-{user_id}"


@receiver(user_logged_out, dispatch_uid="interviews.close_sockets_on_logout")
def close_sockets_on_logout(sender, request, user, **kwargs):
    if user is None:
        return
    try:
        async_to_sync(get_channel_layer().group_send)(user_group(user.pk), {"type": "user.logged_out"})
    except Exception:  # the channel layer is down (Redis): logging out still works; no socket can push meanwhile
        logger.warning("Could not tell user %s's sockets about the logout", user.pk, exc_info=True)
