from django.dispatch import Signal

# Sent with `interview` when an interview's status becomes completed (feedback builds its report then).
interview_completed = Signal()
