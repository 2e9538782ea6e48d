"""`manage.py check --deploy`: what production needs beyond the settings start-up insists on."""

from urllib.parse import urlparse

from django.conf import settings
from django.core.checks import Warning, register


@register(deploy=True)
def check_production_site(app_configs=None, **kwargs):
    if not settings.PRODUCTION:
        return []
    problems = []
    site = urlparse(settings.SITE_URL)
    if settings.SITE_URL == settings.SITE_URL_DEFAULT or site.scheme != "https":
        problems.append(
            Warning(
                f"SITE_URL is {settings.SITE_URL!r}: links in emails (verification, password reset, "
                "reports) would not reach this deployment over HTTPS.",
                hint="Set SITE_URL to the public https:// address, e.g. https://mockflow.example.com.",
                id="mockflow.W001",
            )
        )
    if settings.TRUSTED_PROXIES is None:
        problems.append(
            Warning(
                "TRUSTED_PROXIES is not set: X-Forwarded-For/-Proto are ignored, so behind a reverse proxy "
                "every visitor has the proxy's address (one shared per-client login limit) and HTTPS "
                "is not recognised.",
                hint="Set TRUSTED_PROXIES to the proxy's address(es), e.g. 127.0.0.1 or 10.0.0.0/24. "
                "Serving TLS from daphne itself without a proxy? Set TRUSTED_PROXIES=none.",
                id="mockflow.W002",
            )
        )
    return problems
