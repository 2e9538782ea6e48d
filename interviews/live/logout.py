"""Logging out closes the user's open interview sockets, as if their tabs closed (text mode pauses)."""

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.contrib.auth.signals import user_logged_out
from django.dispatch import receiver


def user_group(user_id) -> str:
    """The channel-layer group every interview socket of one user joins."""
    return f"user-{user_id}"


@receiver(user_logged_out, dispatch_uid="interviews.close_sockets_on_logout")
def close_sockets_on_logout(sender, request, user, **kwargs):
    if user is None:
        return
    async_to_sync(get_channel_layer().group_send)(user_group(user.pk), {"type": "user.logged_out"})
