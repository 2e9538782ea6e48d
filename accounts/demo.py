"""The demo accounts `make run` creates. Their passwords are printed in the README, so they are public."""

DEMO_CANDIDATE = ("candidate@mockflow.local", "Alex Candidate", "practise-2026")
DEMO_STAFF = ("staff@mockflow.local", "Sam Staff", "staff-2026-mockflow")
DEMO_ACCOUNTS = (DEMO_CANDIDATE, DEMO_STAFF)


def accounts_with_published_passwords() -> list[str]:
    """Emails of the demo accounts that exist here and still have the README's password."""
    from django.contrib.auth import get_user_model

    User = get_user_model()
    found = []
    for email, _name, password in DEMO_ACCOUNTS:
        user = User.objects.filter(email=email).first()
        if user is not None and user.check_password(password):
            found.append(email)
    return found
