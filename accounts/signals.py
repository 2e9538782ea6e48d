from django.dispatch import Signal

# Sent with `user` when an address becomes verified (feedback mails waiting reports then).
email_verified = Signal()
