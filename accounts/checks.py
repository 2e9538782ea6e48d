"""`manage.py check --deploy`: a production database must hold no account with a published password."""

from django.conf import settings
from django.core.checks import Error, Tags, register
from django.db import DatabaseError


@register(Tags.security, deploy=True)
def check_demo_passwords(app_configs=None, **kwargs):
    from accounts.demo import accounts_with_published_passwords

    if not settings.PRODUCTION:
        return []
    try:
        emails = accounts_with_published_passwords()
    except DatabaseError:  # not migrated yet (or not reachable): nothing to report about accounts
        return []
    return [
        Error(
            f"The demo account {email} exists with the password printed in the README.",
            hint=f"Change it now (`manage.py changepassword {email}`) or delete the account.",
            id="mockflow.E001",
        )
        for email in emails
    ]
