from django.conf import settings


def site(request):
    """Expose the few settings templates need: which optional integrations are on."""
    return {
        "voice_enabled": settings.VOICE_ENABLED,
        "site_url": settings.SITE_URL,
    }
