"""Signals the interviews app sends. Other apps subscribe; interviews never imports them."""

from django.dispatch import Signal

# Sent once, when an interview reaches `completed` (worker API or text mode). Argument: interview.
interview_completed = Signal()
