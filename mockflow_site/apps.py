from django.apps import AppConfig


class SiteConfig(AppConfig):
    name = "mockflow_site"
    verbose_name = "MockFlow site"

    def ready(self):
        from mockflow_site import checks  # noqa: F401  (registers the deploy checks)
